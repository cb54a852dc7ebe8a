"""The course's experiments: code that measures the searches rather than being one.

* :mod:`~gamelib.experiments.minireversi` — the 4×4 reversi evaluation-count table and its
  attribution;
* :mod:`~gamelib.experiments.compare` — searches measured side by side on game positions;
* :mod:`~gamelib.experiments.tree_orders` — best-first, shuffled and worst-first trees against
  the Knuth–Moore minimal tree;
* :mod:`~gamelib.experiments.table_bugs` — a gallery of wrong transposition tables, each caught
  by code;
* :mod:`~gamelib.experiments.positions` — tree nodes against distinct positions;
* :mod:`~gamelib.experiments.ghi` — graph-history interaction cases, found by code;
* :mod:`~gamelib.experiments.lookahead` — notebooks 01–02: random positions, move values,
  the horizon effect, the fixed-side evaluation study;
* :mod:`~gamelib.experiments.fixed_side` — notebook 02: where the move chosen with every leaf
  negated ranks among the right values;
* :mod:`~gamelib.experiments.pruning` — notebooks 03–04: deep cutoffs, guarantees on random
  trees, the tables of returned values and windows;
* :mod:`~gamelib.experiments.real_games` — notebook 05: solving tic-tac-toe with every search,
  perft, the CPU levels, score curves;
* :mod:`~gamelib.experiments.hashing` — notebook 06: birthday bounds, signature tables that
  err, depth-limited values a table changes;
* :mod:`~gamelib.experiments.position_plots` — notebook 06: tree nodes against positions,
  plotted;
* :mod:`~gamelib.experiments.repetitions` — notebook 07: repetition policies compared, the
  even sennichite game, the memory of the "visited" sets;
* :mod:`~gamelib.experiments.windows` — notebook 08: costs in nodes, evaluations and seconds,
  growth per ply, the tables and plots;
* :mod:`~gamelib.experiments.report` — small tables and generated sentences for the notebooks.
"""
