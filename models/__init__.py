"""redzone.models: what the game is.

Scenario schema and loading, players and permanents, abilities, the bundled card data and
the Oracle-text parser, and pure rule semantics. This package never imports ortools.
"""
