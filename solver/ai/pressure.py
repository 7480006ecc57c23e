"""The ``pressure`` style of ``choose_attack`` (issue 22): among the declarations whose
proved worst case is close to the best, the one that does best against a defender who is
not perfect, valued with game terms (:mod:`redzone.models.game_terms`). docs/ai.md,
"Styles".

Owns :func:`choose`. The exact search (:func:`redzone.solver.ai.decisions.choose_attack`)
runs first, unchanged; this module only moves the choice to another declaration ``a`` when

1. ``a``'s worst case — its value in the exact game, the minimax over the defending
   players' blocks (CR 509.1) of the attacking player's best damage (510.1), valued as the
   search values it (lookahead included) — is proved at least the best worst case less
   ``margin`` points (:class:`redzone.models.game_terms.PressureWeights`);
2. ``a``'s *objective* is the highest of those: its *expected score* less ``risk`` times
   what its worst case gives up against the best (points). The expected score: over the defending player's legal
   blocks (one per multiset of identical creatures' choices), weighted by the defender
   model (a softmax of each block's value after this combat, ``temperature`` points), the
   score of the line — its value after this combat (lookahead 0, the attacking player's
   best damage against that block) plus the game terms in points; 0 (a draw) when no one
   can win the position left and nothing happened on the line (every life total and
   creature as before: the position repeats); the value itself when the game is decided.

The lines are valued lazily (issue 22 §2, speed; :class:`_Lines`): a declaration's lines
in the order of their proved lower bounds (:meth:`Bounds.static_floor`), only until the
lines valued and the bounds of the others prove its expected score at most the best
objective so far (:class:`_Bound`), when it is dropped; lines whose weight can't move the
score by more than :data:`NEGLIGIBLE` are not valued. The choice is the one of valuing every
line (the same declaration, worst case and expected score), but for objectives within
:data:`EPSILON` of each other, which go, as before, to the declaration first in order of
expected scores.

Nothing proved changes: the answer's ``value`` is the chosen declaration's proved worst
case and ``bound`` the game's proved value; ``status`` is ``optimal`` only when that worst
case equals the game's value. Two players only, and only after an exact search that
finished (else the exact choice stands).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from redzone.models.board import Board
from redzone.models.game_state import GameState
from redzone.models.game_terms import PressureWeights, TermsTable
from redzone.solver.ai.memo import Principal
from redzone.solver.ai.order import _listed_count
from redzone.solver.ai.position import _block_options, _free
from redzone.solver.ai.search import INF, Game, Leaf

__all__ = ["Chosen", "choose", "expected_score"]


@dataclass(frozen=True)
class Chosen:
    """:func:`choose`'s answer: the ``principal`` line of the chosen declaration (its value
    the proved worst case, attacker view, milli-points) and its expected score in points."""

    principal: Principal
    expected: float


def _key(game: Game, attack: Mapping[str, str]) -> object:
    return game.declarations.attack_key(dict(attack))


def _quiet(board: Board, state: GameState) -> bool:
    """Whether nothing happened on the line: every life total as on the board and every
    creature still on the battlefield (the position repeats)."""
    return (all(state.life.get(p.name, p.life) == p.life for p in board.players)
            and all(state.on_battlefield(pid) for pid, perm in board.permanents.items() if perm.is_creature))


def expected_score(now: Game, attack: Mapping[str, str], cost: int, weights: PressureWeights,
                   table: TermsTable | None = None) -> float | None:
    """The expected score of ``attack`` (see the module docstring) in ``now``, a game at
    lookahead 0 of the question's board (``table``: its :class:`TermsTable`, made here when
    ``None``); ``None`` when it has more than ``max_blocks`` blocks or its lines can't be
    scored (several defending players). Lines whose weight can't move it by more than
    :data:`NEGLIGIBLE` are not valued (:meth:`_Lines.exact`)."""
    table = table if table is not None else TermsTable(now.facts.board, now.facts.ap, now.ev)
    return _Lines(now, attack, cost, weights, table).exact()


def _blocks(now: Game, attack: Mapping[str, str], cost: int, weights: PressureWeights
            ) -> list[tuple[dict[str, list[str]], int]] | None:
    """The legal blocks against ``attack`` (one per multiset of identical creatures'
    choices), listed before any is valued; ``None`` when there are more than
    ``max_blocks`` (the declaration is not scored, and costs no line of the budget). When
    every choice is legal (one defending player, nothing restricting, requiring or taxing
    blocks), that is known from the count of the choices, before any is listed."""
    problems = now.declarations.block_problems(attack)
    if len(problems) == 1 and _free(problems[0]):
        blockers, options = _block_options(problems[0])
        if _listed_count(now.facts.classes, blockers, options) > weights.max_blocks:
            return None
    listed = list(itertools.islice(now.order.block_order(attack, cost, -INF), weights.max_blocks + 1))
    return None if len(listed) > weights.max_blocks else listed


#: What the lines not valued may change a declaration's expected score by, at most (points):
#: far below what the scan's comparisons (1e-9) or the answer (0.001) tell apart.
NEGLIGIBLE = 1e-12

#: How much above a threshold an expected score must be for the scan to count it above
#: (points): the comparisons of the scan, as before the lines were valued lazily.
EPSILON = 1e-9


class _Lines:
    """A declaration's block lines for its expected score, valued lazily: listed (and each
    block's proved lower bound, :meth:`Bounds.static_floor`, worked out) when made, each
    line's value and score only when a question needs it (:meth:`at_most`,
    :meth:`exact`), in the order of their floors (no floor first, then the lowest: the
    lines likeliest to weigh most), ties in listing order.

    ``n``: the lines it counts for the style's ``max_lines`` budget — every block listed,
    valued or not (0 when it has more than ``max_blocks``: not scored). (When a line
    can't be scored, the scan that valued every line counted only the lines up to it; with
    two players, the only boards the style scores, every line can be: a player who lost
    makes the line a decided game, valued as such.)"""

    def __init__(self, now: Game, attack: Mapping[str, str], cost: int, weights: PressureWeights,
                 table: TermsTable) -> None:
        self.now, self.attack, self.weights, self.table = now, attack, weights, table
        listed = _blocks(now, attack, cost, weights)
        self.blocks = listed or []
        self.n = len(self.blocks)
        self.failed = listed is None or not listed  # (not scored: None as its expected score)
        self.mana = [now.values.mana_term(cost, bcost) for _, bcost in self.blocks]
        static_floor = now.bounds.static_floor
        self.floors = [static_floor(attack, blocks, m) for (blocks, _), m in zip(self.blocks, self.mana)]
        self.order = sorted(range(self.n), key=lambda i: (self.floors[i] is not None, self.floors[i] or 0, i))
        self.values: list[float] = []  # points, in self.order's order
        self.scores: list[float] = []
        self.rest = False  # the lines not valued were found negligible (exact() is then final)
        self.least = INF  # the least value of a line valued (attacker view, milli-points)
        self._exact: float | None = None

    def done(self) -> bool:
        """Whether every line that matters is valued (or one could not be scored)."""
        return self.failed or self.rest or len(self.values) == self.n

    def _value_next(self) -> None:
        """Value the next line in order (sets ``failed`` when it can't be scored, ``rest``
        when the lines left are negligible)."""
        now = self.now
        ev = now.ev
        k = len(self.values)
        i = self.order[k]
        if self.values and _negligible(self.floors[i], self.n - k, min(self.values),
                                       max(abs(x) for x in self.scores), self.weights):
            self.rest = True
            return
        blocks = self.blocks[i][0]
        v, leaves = now.values.damage_value(self.attack, blocks, self.mana[i], -INF, INF)
        if leaves is None:
            self.failed = True
            return
        self.least = min(self.least, v)
        points = v / 1000
        if abs(v) >= ev.win // 2:  # a decided game: its value
            score = points
        else:
            if now.values.departed(self.attack, blocks) is not None:
                self.failed = True
                return
            state = now.units.combine(leaves)
            terms = self.table.terms(state)
            if terms is None:
                self.failed = True
                return
            score = 0.0 if terms.stalled and _quiet(now.facts.board, state) else points + terms.points(self.weights)
        self.values.append(points)
        self.scores.append(score)

    def exact(self) -> float | None:
        """The expected score (every line valued but negligible ones), ``None`` when the
        declaration is not scored."""
        while not self.done():
            self._value_next()
        if self.failed:
            return None
        if self._exact is None:
            # (in listing order: the sums of the scan before the lines were valued lazily)
            listed = sorted(range(len(self.values)), key=lambda k: self.order[k])
            self._exact = _score([self.values[k] for k in listed], [self.scores[k] for k in listed],
                                 self.weights)
        return self._exact

    def at_most(self, above: float) -> bool:
        """Whether the expected score is at most ``above`` + :data:`EPSILON` (``True`` also
        when it is not scored): valuing lines until the bound of :class:`_Bound` proves it
        at most ``above`` + EPSILON / 2, or every line is valued (then the exact score
        decides)."""
        if self.failed:
            return True
        if not self.done():
            bound = _Bound(self.floors, self.order, self.weights, above + EPSILON / 2)
            for v, s in zip(self.values, self.scores):
                bound.add(v, s)
            while not self.done():
                if bound.proves(len(self.values)):
                    return True
                self._value_next()
                if self.values and len(self.values) > len(bound.counted):
                    bound.add(self.values[-1], self.scores[-1])
        e = self.exact()
        return e is None or e <= above + EPSILON

    def estimate(self) -> float:
        """A guess of the expected score for the order in which declarations are examined
        (the lines' floors as their values and scores; lines valued as they are)."""
        vals = list(self.values)
        scores = list(self.scores)
        for i in self.order[len(self.values):]:
            low = self.floors[i]
            if low is not None:
                vals.append(low / 1000)
                scores.append(low / 1000)
        return _score(vals, scores, self.weights) if vals else -math.inf


def _score(values: list[float], scores: list[float], weights: PressureWeights) -> float:
    """The defender model's average of the lines' ``scores`` weighted by their ``values``
    (points)."""
    best = min(values)
    t = weights.temperature
    w = [math.exp(-(v - best) / t) for v in values]
    return sum(p * s for p, s in zip(w, scores)) / sum(w)


def _negligible(low: int | None, n: int, best: float, scale: float, weights: PressureWeights) -> bool:
    """Whether ``n`` lines whose values are all at least ``low`` (milli-points; ``None``:
    unknown) change the expected score by at most :data:`NEGLIGIBLE`, ``best`` being the
    least value of a line valued (points) and ``scale`` the largest absolute score of one.
    Relative to that line's weight (1), such a line weighs ``exp(-d / T)`` at most, ``d =
    v - best >= D = low / 1000 - best``, and moves the average by at most its weight times
    ``|s - E| <= |v| + G + scale + 1 <= |best| + d + G + scale + 1`` (``G``: the most the
    game terms add, ``ratio + race``); ``exp(-d / T) (c + d)`` falls for ``d >= T``, so
    with ``D >= 30 T`` the bound is at ``d = D``."""
    if low is None:
        return False
    t = weights.temperature
    d = low / 1000 - best
    if d < 30 * t:
        return False
    return n * math.exp(-d / t) * (abs(best) + d + weights.ratio + weights.race + scale + 1) <= NEGLIGIBLE


class _Bound:
    """A proved upper bound of a declaration's expected score while its lines are valued,
    to stop as soon as it is at most ``above``.

    The expected score is ``E = sum(w_i s_i) / sum(w_i)`` with ``w_i = exp(-(v_i - r) /
    T)`` for any reference ``r`` (the ratio does not depend on it), so ``E <= above``
    exactly when ``sum(w_i (s_i - above)) <= 0``. For a line valued, its term is known;
    for one not yet valued, with ``v_i`` at least its floor ``L_i`` (a proved lower
    bound of the block's value at lookahead 0) and its score at most ``max(v_i + G, 0)``
    (``G = ratio + race`` weights: the game terms' ratio and race each lie in [-1, 1]; a
    quiet stalled line scores 0 and a decided one its value), its term is at most
    ``h(v) = exp(-(v - r) / T) (max(v + G, 0) - above)`` at the worst ``v >= L_i``
    (:func:`_sup_term`, and 0, the limit as ``v`` grows). The lines are valued in order
    of their floors, so the lines left are a suffix of that order and their bounds are
    summed once."""

    def __init__(self, floors: list[int | None], order: list[int], weights: PressureWeights,
                 above: float) -> None:
        self.above = above
        self.t = weights.temperature
        self.g = weights.ratio + weights.race
        known = [low for low in floors if low is not None]
        self.ok = bool(known)
        self.ref = min(known) / 1000 if known else 0.0
        self.sum = 0.0  # sum of the terms of the lines valued
        self.counted: list[float] = []
        # rest[k]: the bound of the terms of the lines order[k:], +inf while one has no floor
        self.rest = [math.inf] * (len(order) + 1)
        self.rest[len(order)] = 0.0
        for k in range(len(order) - 1, -1, -1):
            low = floors[order[k]]
            self.rest[k] = math.inf if low is None else self.rest[k + 1] + _sup_term(
                low / 1000, self.ref, self.t, self.g, above)

    def add(self, v: float, s: float) -> None:
        """Count a line valued: its value ``v`` and score ``s`` in points."""
        self.counted.append(v)
        if v - self.ref < -600 * self.t:  # (below every floor: the weights would overflow)
            self.ok = False
            return
        self.sum += math.exp(-(v - self.ref) / self.t) * (s - self.above)

    def proves(self, k: int) -> bool:
        """Whether the lines valued (``order[:k]``) and the floors of the rest prove the
        expected score at most ``above``: at least one line valued, and the bound below 0
        by more than rounding (a bound that underflowed to 0 proves nothing)."""
        return self.ok and k > 0 and self.sum + self.rest[k] < -1e-12


def _sup_term(low: float, ref: float, t: float, g: float, above: float) -> float:
    """The most ``exp(-(v - ref) / t) * (max(v + g, 0) - above)`` can be for ``v >= low``,
    or 0 when that is less (points; see :class:`_Bound`)."""
    def h(v: float) -> float:
        x = -(v - ref) / t
        return 0.0 if x < -700 else math.exp(x) * (max(v + g, 0.0) - above)

    best = 0.0
    if low < -g:  # where the score is 0: largest at the floor
        best = max(best, h(low))
    # where the score is v + g: rising up to v = t + above - g, falling after
    best = max(best, h(max(low, -g, t + above - g)))
    return best


def _worst_case(game: Game, attack: Mapping[str, str], cost: int, alpha: int, beta: int
                ) -> tuple[int | None, tuple[dict[str, list[str]], list[Leaf]] | None]:
    """:meth:`Game.block_value` of ``attack`` in the window (``alpha``, ``beta``), or
    ``(None, None)`` when some value on the way was not proved (the window's claim fails)."""
    exact_before, game.status.exact = game.status.exact, True
    try:
        v, line = game.block_value(attack, cost, alpha, beta)
    finally:
        clean, game.status.exact = game.status.exact, exact_before
    return (v, line) if clean else (None, None)


def _cost(game: Game, attack: Mapping[str, str], candidates: list[tuple[dict[str, str], int]]) -> int:
    """The attack mana of ``attack`` as listed among ``candidates`` (0 when not listed)."""
    key = _key(game, attack)
    return next((c for a, c in candidates if _key(game, a) == key), 0)


def choose(game: Game, principal: Principal, candidates: list[tuple[dict[str, str], int]],
           weights: PressureWeights) -> Chosen | None:
    """The ``pressure`` choice of ``game`` (the question's game at its lookahead, searched
    exactly: ``principal`` is its proved optimum, value attacker view) among ``candidates``
    (declaration, attack mana); ``None`` when the style does not apply (several defending
    players, a won game, the exact choice not scorable). Raises the search's
    :class:`redzone.solver.ai.clock.Timeout` (or ``TimeLimitReached``) when the time limit
    is spent: the caller keeps the exact choice."""
    if len(game.facts.board.players) != 2 or principal.value >= game.ev.win // 2:
        return None
    now = Game(game.facts.board, game.facts.ap, game.ev.weights, 0, game.clock.child(), game.shared)
    table = TermsTable(now.facts.board, now.facts.ap, now.ev)
    mine = _Lines(now, principal.attack, 0 if not candidates else _cost(game, principal.attack, candidates),
                  weights, table).exact()
    if mine is None:
        return None
    key = _key(game, principal.attack)
    # On a stalled board (both clocks infinite: nothing gets through, or lifelink gains it
    # back every turn; staying home draws) the style may give up more of the worst case:
    # ``stall_margin``.
    base = table.terms(now.units.base)
    margin = max(weights.margin, weights.stall_margin) if base is not None and base.stalled else weights.margin
    floor = principal.value - int(round(margin * 1000))
    best = Chosen(principal, mine)
    best_objective = mine
    # The declarations within the budget, listed (their lines counted, none valued yet).
    pool: list[tuple[int, _Lines, dict[str, str], int]] = []
    lines = 0
    for i, (attack, cost) in enumerate(candidates):
        if lines >= weights.max_lines:  # the budget: declarations in the search's order
            break
        if _key(game, attack) == key:
            continue
        got = _Lines(now, attack, cost, weights, table)
        lines += got.n
        if not got.failed:
            pool.append((i, got, attack, cost))
    # Then each declaration, the likeliest best first: its objective is at most its
    # expected score, so one whose expected score is proved at most the best objective so
    # far is dropped (its lines valued only until that is proved, _Lines.at_most); the
    # worst case (lookahead included, the costly part) is searched only for the others, in
    # a window whose floor is what the objective needs — the margin's floor, or higher: the
    # worst case v must give e - risk * (principal - v) > best objective. The order does
    # not change the choice (the one with the best objective, which a declaration dropped
    # can't beat) but for objectives within EPSILON of each other, where the one first in
    # the order of expected scores (ties: the search's order) is kept, as when the scan
    # took them in that order (a declaration whose expected score is within EPSILON of the
    # best objective is valued exactly for that).
    pool.sort(key=lambda t: (-t[1].estimate(), t[0]))
    # A block's value after this combat (lookahead 0) bounds its value after the crack-back
    # from above when the next player may always not attack (docs/ai.md, "How it is
    # searched"): a declaration's worst case is then at most its lines' least value.
    bounded = game.status.lookahead == 0 or game.facts.crack_back_bounded
    rank: tuple[float, int] | None = None  # (-e, i) of the best so far (None: the exact choice)
    for i, lines_of, attack, cost in pool:
        if lines_of.at_most(best_objective - 2 * EPSILON):
            continue
        e = lines_of.exact()
        assert e is not None
        if e <= best_objective + EPSILON and (rank is None or (-e, i) > rank):
            continue  # (can't beat the best so far, nor come before it in a tie)
        need = floor
        if weights.risk > 0:
            need = max(need, principal.value - int(math.floor((e - best_objective + EPSILON) / weights.risk * 1000)))
        if bounded and lines_of.least < need:
            continue  # (its worst case is at most the least value of a line: below the need)
        v, line = _worst_case(game, attack, cost, need - 1, INF)
        if v is None or line is None or v < need:
            continue
        objective = e - weights.risk * (principal.value - v) / 1000
        if objective > best_objective + EPSILON or (
                rank is not None and objective >= best_objective - EPSILON and (-e, i) < rank):
            best, best_objective, rank = Chosen(Principal(dict(attack), line[0], line[1], v), e), objective, (-e, i)
    return best
