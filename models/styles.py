"""The AI's styles (issue 22; docs/ai.md, "Styles"): the names every front end accepts and
the default. Imports nothing (the command line reads it before ``--help``)."""

from __future__ import annotations

__all__ = ["DEFAULT_STYLE", "STYLES"]

STYLES = ("exact", "pressure")
"""``exact``: the minimax choice of the combat game; ``pressure``: among declarations whose
proved worst case is within a margin of the best, the best against an imperfect defender
(:mod:`redzone.solver.ai.pressure`)."""

DEFAULT_STYLE = "exact"
"""The style of ``choose-attack`` when none is given: the one that won the arena
(benchmarks/README.md, docs/ai.md "Styles")."""
