// Made by benchmarks/mastery_simulation.py (do not edit): the starting difficulty's coefficients,
// fitted on simulated students (see that script).
var MASTERY_DIFFICULTY = {"seed": 1, "features": ["constant", "leaves_per_10", "cutoffs", "deep_cutoffs", "strict", "reversed", "soft", "log2_parts"], "coefficients": [-3.2691, -0.0937, 0.017, -0.0652, 0.0363, 0.0131, -0.0361, -0.0229], "observations": 13230, "students": 100, "exercises_each": 30, "part_ease": 3.5};
