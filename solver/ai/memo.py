"""What the games of one AI question share (the top game and its crack-back games): the
memo of proved bounds by position, the best lines, the units' damage games, the next
player's best attack and the creatures' keyword parts of the evaluation (:class:`Shared`),
and the line a search found (:class:`Principal`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from redzone.solver.ai.tree import Leaf

__all__ = ["Principal", "Shared"]


@dataclass
class Principal:
    """The line the search found: attack, blocks, per-unit damage leaves, final state and
    value (perspective milli-points)."""

    attack: dict[str, str]
    blocks: dict[str, list[str]]
    leaves: list[Leaf]
    value: int


@dataclass
class Shared:
    """What the games of one question (the top game and its crack-back games) share.

    - ``memo``: crack-back position -> (lower, upper) bounds of its perspective value
      (equal when proved exact); a search with a window proves only a bound.
    - ``lines``: crack-back position -> the next player's best line (exact values only).
    - ``units``: a unit's damage game by what it reads (see
      :meth:`redzone.solver.ai.units.UnitGames._unit_key`) -> (tree, flat leaves); the same
      combatants with the same characteristics play the same damage in every crack-back
      position.
    - ``killer``: the next player's best attack in the last crack-back position searched
      (tried first in the next one: good moves early make the cut-offs bite).
    """

    memo: dict[Any, tuple[int, int]] = dataclasses.field(default_factory=dict)
    lines: dict[Any, Principal | None] = dataclasses.field(default_factory=dict)
    units: dict[Any, tuple[Any, list[Leaf] | None]] = dataclasses.field(default_factory=dict)
    killer: dict[str, str] | None = None
    parts: dict[str, tuple[float, float]] | None = None
    """Creatures' keyword parts of the evaluation (:class:`Evaluator`), the same on every
    board of the question when nothing grants abilities (``None``: not shared)."""
