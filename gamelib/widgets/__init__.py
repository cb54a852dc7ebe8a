"""The course's interactive applications, built on the drawings of :mod:`gamelib.render`.

* :mod:`~gamelib.widgets.pruning` — the "which leaves are pruned?" exercise widget;
* :mod:`~gamelib.widgets.tictactoe` — a tic-tac-toe board to play against the CPU levels,
  with the CPU's search drawn.

Importing a module here imports ipywidgets only when a widget is made.
"""
