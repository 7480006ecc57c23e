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
  such blockers and indestructible get through. A side's damage a turn ``d`` is the power
  (twice with double strike, 702.4b) of its creatures that get through; the opponent's
  gain a turn ``g`` is the damage of *their* creatures with lifelink that get through
  (702.15b: that damage gains their controller as much life). The side's *clock* is the
  fewest turns ``n`` with ``life - n * d + (n - 1) * g <= 0`` (the opponent gains between
  two of the side's hits, not after the last): ``max(1, ceil((life - g) / (d - g)))`` when
  ``d > g``, 1 when ``d >= life``, otherwise infinite (the race does not move: each turn
  they gain back at least what they lose); ``race = 1 / my clock - 1 / theirs``.
  Lifelink gained while blocking is not counted (an estimate).
- No one can win: both clocks infinite — no creature of either side gets through, or what
  gets through is gained back by the other side's lifelink every turn — and nobody has
  lost: the position is valued as a draw.
Two players only (:func:`game_terms` returns ``None`` otherwise).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from redzone.models.battlefield import Board, Permanent
from redzone.models.errors import ScenarioError
from redzone.models.styles import DEFAULT_STYLE, STYLES

__all__ = ["DEFAULT_STYLE", "GameTerms", "PressureWeights", "STYLES", "TermsTable", "game_terms"]


@dataclass(frozen=True)
class PressureWeights:
    """The ``pressure`` style's parameters (points are the evaluation's points).

    - ``margin``: a declaration is a candidate when its proved worst case (its minimax
      value) is at least the best worst case less ``margin`` points (default 2.5).
    - ``stall_margin``: the margin instead when the board is stalled — no creature of either
      side gets through, or what does is gained back by lifelink every turn
      (:class:`GameTerms` ``stalled``), so staying home draws — if larger
      (default 5).
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
    - ``race_lead``: points for the side the clocks say wins the race (default 0: off). In
      a line's position after the attacking player's combat the opponent attacks next, so
      the attacking player wins the race when their clock is shorter than the opponent's
      (``+race_lead``) and loses it when the opponent's clock is finite and at most theirs
      (``-race_lead``); 0 when neither clock is finite. An estimate like the race term
      (blocks, new creatures and tricks are not seen).
    - ``max_blocks``: most blocks a declaration may have to be scored (default 64); a
      declaration with more is not a candidate (and when the exact choice has more, the
      exact choice stands).
    - ``max_lines``: the work budget — the most block lines (a block and the best damage
      against it, at lookahead 0) listed for the expected scores of the other declarations,
      taken in the exact search's order (default 256), whether or not each is then valued
      (a declaration's lines are valued only until its score is proved unable to beat the
      best so far); the scan stops there with the best so far. A count, not a clock: the
      same board gets the same answer on any machine.
    """

    margin: float = 2.5
    stall_margin: float = 5.0
    temperature: float = 1.0
    risk: float = 1.0
    ratio: float = 4.0
    race: float = 4.0
    race_lead: float = 0.0
    max_blocks: int = 64
    max_lines: int = 256

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
    creatures gets through or the opponent's lifelink gains back at least as much each
    turn, CR 702.15b), ``stalled`` (no one can win: both clocks infinite), and ``mine`` /
    ``theirs``: ``player``'s clock and the opponent's."""

    ratio: float
    race: float
    clocks: dict[str, float]
    stalled: bool
    mine: float = math.inf
    theirs: float = math.inf

    def points(self, weights: PressureWeights) -> float:
        """The terms in points: ``weights.ratio * ratio + weights.race * race``, plus
        ``weights.race_lead`` times the race's winner as :meth:`lead` says."""
        points = weights.ratio * self.ratio + weights.race * self.race
        return points + weights.race_lead * self.lead() if weights.race_lead else points

    def lead(self) -> int:
        """Who wins the race the clocks describe, for ``player``, the opponent attacking
        next: 1 when ``player``'s clock is shorter than the opponent's, -1 when the
        opponent's is finite and at most ``player``'s, 0 when neither is finite."""
        mine, theirs = self.mine, self.theirs
        if mine < theirs:
            return 1
        return -1 if not math.isinf(theirs) else 0


@dataclass(frozen=True)
class _Creature:
    """What the race reads of one creature, read once per board: its keywords and the
    opposing creatures that may block it (CR 509.1b)."""

    id: str
    controller: str
    indestructible: bool
    menace: bool
    deathtouch: bool
    double_strike: bool
    lifelink: bool
    defender: bool
    blockers: frozenset[str]


class TermsTable:
    """The board's part of :func:`game_terms`, read once: each creature's keywords and the
    opposing creatures that may block it (:func:`redzone.models.block_rules` pair rules:
    flying, reach, shadow, horsemanship, fear, intimidate, skulk, protection, "can't be
    blocked"); :meth:`terms` then reads a position, remembered by what it depends on."""

    def __init__(self, board: Board, player: str, ev: Any) -> None:
        from redzone.models.block_rules import _attacker_facts, _blocker_facts, _pair_reason

        self.board, self.player, self.ev = board, player, ev
        names = [p.name for p in board.players]
        self.two = len(names) == 2 and player in names
        self.opponent = (names[0] if names[1] == player else names[1]) if self.two else ""
        kw = board.has_keyword
        perms = [p for p in board.permanents.values() if p.is_creature and p.controller in names]
        blocker_facts = {p.id: _blocker_facts(board, p) for p in perms}
        self.creatures: list[_Creature] = []
        for a in perms:
            defender = next((n for n in names if n != a.controller), a.controller)
            facts = _attacker_facts(board, a, defender)
            able = frozenset(b.id for b in perms if b.controller != a.controller
                             and _pair_reason(board, blocker_facts[b.id], facts) is None)
            self.creatures.append(_Creature(a.id, a.controller, kw(a, "indestructible"), kw(a, "menace"),
                                            kw(a, "deathtouch"), kw(a, "double strike"), kw(a, "lifelink"),
                                            kw(a, "defender"),
                                            able))
        self._memo: dict[Any, GameTerms | None] = {}

    def terms(self, state: Any) -> GameTerms | None:
        """:func:`game_terms` of ``state``."""
        if not self.two or self.player in state.lost or self.opponent in state.lost:
            return None
        key = (tuple(sorted(state.life.items())), tuple(sorted(state.reasons)),
               tuple(sorted(state.minus_added.items())), tuple(sorted(state.plus_added.items())))
        if key in self._memo:
            return self._memo[key]
        got = self._memo[key] = self._terms(state)
        return got

    def _terms(self, state: Any) -> GameTerms:
        board, player, opponent = self.board, self.player, self.opponent
        alive = [c for c in self.creatures if state.on_battlefield(c.id) and state.toughness(board, c.id) > 0]
        power = {c.id: max(state.power(board, c.id), 0) for c in alive}
        material = {player: 0.0, opponent: 0.0}
        for c in alive:
            material[c.controller] += abs(self.ev.permanent_score(c.id, state)) / 1000
        total = material[player] + material[opponent]
        ratio = (material[player] - material[opponent]) / total if total > 0 else 0.0
        by_id = {c.id: c for c in alive}
        damage = {player: 0, opponent: 0}
        gain = {player: 0, opponent: 0}  # lifelink of the creatures that get through (702.15b)
        for a in alive:
            if power[a.id] <= 0 or a.defender:
                continue
            if self._gets_through(state, a, [by_id[b] for b in a.blockers if b in by_id], power):
                dealt = 2 * power[a.id] if a.double_strike else power[a.id]
                damage[a.controller] += dealt
                if a.lifelink:
                    gain[a.controller] += dealt
        clocks: dict[str, float] = {}
        for side, other in ((player, opponent), (opponent, player)):
            clocks[side] = _clock(max(state.life.get(other, 1), 1), damage[side], gain[other])
        race = 1 / clocks[player] - 1 / clocks[opponent]
        return GameTerms(ratio, race, clocks, stalled=math.isinf(clocks[player]) and math.isinf(clocks[opponent]),
                         mine=clocks[player], theirs=clocks[opponent])

    def _gets_through(self, state: Any, a: _Creature, able: list[_Creature], power: dict[str, int]) -> bool:
        """Whether ``a`` gets through the creatures ``able`` to block it (module docstring)."""
        if a.indestructible or not able or (a.menace and len(able) < 2):
            return True
        dealt = 0
        for b in able:
            p = power[b.id]
            if p and b.deathtouch:
                return False
            dealt += 2 * p if b.double_strike else p
        return dealt < max(state.toughness(self.board, a.id), 0)


def _clock(life: int, damage: int, gain: int) -> float:
    """Turns to take ``life`` to 0 dealing ``damage`` a turn while the opponent gains
    ``gain`` between two hits (CR 702.15b lifelink): the fewest ``n`` with
    ``life - n * damage + (n - 1) * gain <= 0``; ``math.inf`` when there is none."""
    if damage >= life:
        return 1
    if damage <= gain:
        return math.inf
    return max(1, math.ceil((life - gain) / (damage - gain)))


def game_terms(board: Board, state: Any, player: str, ev: Any) -> GameTerms | None:
    """The game terms of the position ``state`` (a :class:`redzone.models.game_state.GameState`
    of ``board``) for ``player``, material valued by ``ev`` (an
    :class:`redzone.models.evaluation.Evaluator` of ``board`` from ``player``'s side).
    ``None`` unless the board has exactly two players, neither of whom has lost. For many
    positions of one board, :class:`TermsTable` reads the board once."""
    return TermsTable(board, player, ev).terms(state)
