"""Game terms of a position (issue 22): what a whole game needs that the combat evaluation
(:mod:`redzone.models.evaluation`) does not see — material as a ratio, the race and a
position no one can win. The ``pressure`` style of the AI (:mod:`redzone.solver.ai.pressure`)
adds them to a line's value when it chooses among declarations whose proved worst case is
close to the best; the exact game and its proved values never use them (docs/ai.md,
"Styles").

Owns :class:`PressureWeights` (the style's margin, defender model and term weights),
:func:`game_terms` and :class:`GameTerms`. Plain Python (no ortools, no solver); an estimate
by design, stated below, never a proved statement about the game.

- Material: each side's creatures valued by the evaluation (:meth:`Evaluator.creature_value`
  through :meth:`Evaluator.permanent_score`), ``ratio = (mine - theirs) / (mine + theirs)``
  (0 when neither has any): an even trade raises it for the side that is ahead.
- The race: a creature *gets through* when it can attack (power above 0, no defender) and
  no group of the opponent's creatures that may block it (CR 509.1b: flying, reach, shadow,
  horsemanship, fear, intimidate, skulk, protection, "can't be blocked", as the block rules
  say) deals it lethal damage — their power (twice with double strike) at least its
  toughness, or one of them with deathtouch and power above 0; menace with fewer than two
  such blockers and indestructible get through. A side's *clock* is the opponent's life
  divided by the power (twice with double strike) of its creatures that get through,
  rounded up (infinite when that is 0); ``race = 1 / my clock - 1 / theirs``.
- No one can win: neither side has a creature that gets through (both clocks infinite),
  and nobody has lost: the position is valued as a draw.
Two players only (:func:`game_terms` returns ``None`` otherwise).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from redzone.models.battlefield import Board, Permanent
from redzone.models.errors import ScenarioError
from redzone.models.styles import DEFAULT_STYLE, STYLES

__all__ = ["DEFAULT_STYLE", "GameTerms", "PressureWeights", "STYLES", "game_terms"]


@dataclass(frozen=True)
class PressureWeights:
    """The ``pressure`` style's parameters (points are the evaluation's points).

    - ``margin``: a declaration is a candidate when its proved worst case (its minimax
      value) is at least the best worst case less ``margin`` points (default 2.5).
    - ``temperature``: the defender model — the defending player picks each legal block
      (one per multiset of identical creatures' choices) with probability proportional to
      ``exp(-(v - v_best) / temperature)``, ``v`` the block's value after this combat for
      the attacking player (lookahead 0; ``v_best`` the defending player's best); default
      1 point. Near 0: the perfect defender; large: blocks chosen at random.
    - ``risk``: points of expected score one point of worst case is worth — the objective
      of a candidate is its expected score less ``risk`` times (best worst case - its worst
      case); default 1.
    - ``ratio``: points per unit of the material ratio (default 4).
    - ``race``: points per unit of the race term (default 4).
    - ``max_blocks``: most blocks a declaration may have to be scored (default 64); a
      declaration with more is not a candidate (and when the exact choice has more, the
      exact choice stands).
    """

    margin: float = 2.5
    temperature: float = 1.0
    risk: float = 1.0
    ratio: float = 4.0
    race: float = 4.0
    max_blocks: int = 64

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ScenarioError(f"pressure.{f.name}", f"must be a number 0 or more (got {value!r})")
        if self.temperature <= 0:
            raise ScenarioError("pressure.temperature", f"must be greater than 0 (got {self.temperature!r})")


@dataclass(frozen=True)
class GameTerms:
    """:func:`game_terms`' answer for ``player``: ``ratio`` in [-1, 1], ``race`` in [-1, 1],
    ``clocks`` (player -> turns to kill the opponent, ``math.inf`` when none of their
    creatures gets through) and ``stalled`` (no one can win: both clocks infinite)."""

    ratio: float
    race: float
    clocks: dict[str, float]
    stalled: bool

    def points(self, weights: PressureWeights) -> float:
        """The terms in points: ``weights.ratio * ratio + weights.race * race``."""
        return weights.ratio * self.ratio + weights.race * self.race


def _gets_through(board: Board, state: Any, a: Permanent, defender: str, blockers: list[Permanent]) -> bool:
    """Whether ``a`` gets through ``blockers`` (see the module docstring)."""
    from redzone.models.block_rules import _attacker_facts, _blocker_facts, _pair_reason

    kw = board.has_keyword
    if kw(a, "indestructible"):
        return True
    facts = _attacker_facts(board, a, defender)
    able = [b for b in blockers if _pair_reason(board, _blocker_facts(board, b), facts) is None]
    if not able or (kw(a, "menace") and len(able) < 2):
        return True
    dealt = 0
    for b in able:
        p = max(state.power(board, b.id), 0)
        if p and kw(b, "deathtouch"):
            return False
        dealt += 2 * p if kw(b, "double strike") else p
    return dealt < max(state.toughness(board, a.id), 0)


def game_terms(board: Board, state: Any, player: str, ev: Any) -> GameTerms | None:
    """The game terms of the position ``state`` (a :class:`redzone.models.game_state.GameState`
    of ``board``) for ``player``, material valued by ``ev`` (an
    :class:`redzone.models.evaluation.Evaluator` of ``board`` from ``player``'s side).
    ``None`` unless the board has exactly two players, neither of whom has lost."""
    names = [p.name for p in board.players]
    if len(names) != 2 or player not in names or any(n in state.lost for n in names):
        return None
    opponent = names[0] if names[1] == player else names[1]
    creatures: dict[str, list[Permanent]] = {player: [], opponent: []}
    material = {player: 0.0, opponent: 0.0}
    for pid, perm in board.permanents.items():
        if not perm.is_creature or not state.on_battlefield(pid) or perm.controller not in creatures:
            continue
        if state.toughness(board, pid) <= 0:
            continue
        creatures[perm.controller].append(perm)
        material[perm.controller] += abs(ev.permanent_score(pid, state)) / 1000
    total = material[player] + material[opponent]
    ratio = (material[player] - material[opponent]) / total if total > 0 else 0.0
    clocks: dict[str, float] = {}
    for side, other in ((player, opponent), (opponent, player)):
        damage = 0
        for a in creatures[side]:
            power = state.power(board, a.id)
            if power <= 0 or board.has_keyword(a, "defender"):
                continue
            if _gets_through(board, state, a, other, creatures[other]):
                damage += 2 * power if board.has_keyword(a, "double strike") else power
        life = max(state.life.get(other, 1), 1)
        clocks[side] = math.ceil(life / damage) if damage > 0 else math.inf
    race = 1 / clocks[player] - 1 / clocks[opponent]
    return GameTerms(ratio, race, clocks, stalled=math.isinf(clocks[player]) and math.isinf(clocks[opponent]))
