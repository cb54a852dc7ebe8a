// Made by benchmarks/mastery_simulation.py (do not edit): the starting difficulty's coefficients,
// fitted on simulated students (see that script).
var MASTERY_DIFFICULTY = {"seed": 1, "features": ["constant", "leaves_per_10", "cutoffs", "deep_cutoffs", "strict", "reversed", "soft", "log2_parts"], "coefficients": [-4.0962, -0.0944, 0.0077, -0.1043, 0.0367, -0.0009, -0.0635, 0.9775], "observations": 13230, "students": 100, "exercises_each": 30, "part_ease": 3.5};
