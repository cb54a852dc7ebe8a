"""The course's experiments: code that measures the searches rather than being one.

* :mod:`~gamelib.experiments.minireversi` — the 4×4 reversi evaluation-count table and its
  attribution;
* :mod:`~gamelib.experiments.compare` — searches measured side by side on game positions;
* :mod:`~gamelib.experiments.tree_orders` — best-first, shuffled and worst-first trees against
  the Knuth–Moore minimal tree;
* :mod:`~gamelib.experiments.table_bugs` — a gallery of wrong transposition tables, each caught
  by code;
* :mod:`~gamelib.experiments.positions` — tree nodes against distinct positions;
* :mod:`~gamelib.experiments.ghi` — graph-history interaction cases, found by code.
"""
