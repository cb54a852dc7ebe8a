// Made by benchmarks/mastery_simulation.py (do not edit): the starting difficulty's coefficients,
// fitted on simulated students (see that script).
var MASTERY_DIFFICULTY = {"seed": 1, "features": ["constant", "leaves_per_10", "cutoffs", "deep_cutoffs", "strict", "reversed", "soft", "log2_parts"], "coefficients": [-3.2704, -0.0941, 0.0171, -0.0654, 0.0363, 0.0126, -0.036, -0.0224], "observations": 13230, "students": 100, "exercises_each": 30, "part_ease": 3.5};
