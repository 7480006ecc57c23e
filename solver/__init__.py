"""redzone.solver: how decisions are found (CP-SAT models, verification, enumeration,
the exhaustive reference and the command-line interface).

ortools is imported lazily, inside the functions that build models.
"""
