"""redzone.models: what the game is.

Scenario schema and loading, players and permanents, abilities, the bundled card data and
the Oracle-text parser, and pure rule semantics. This package never imports ortools. Its
modules import one way, lowest first: foundations (errors, limits), card data, the scenario,
abilities, the parser, the battlefield, conditions and layers, the rules in normal form,
the outcome of damage, then evaluation, fight, clash, Duel Masters and building the board
(the contracts in pyproject.toml, ``lint-imports``; docs/architecture.md).
"""

from redzone.models._moved import install as _install_moved

_install_moved()
