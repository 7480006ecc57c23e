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
    scored (several defending players)."""
    return _expected(now, attack, cost, weights, table)[0]


def _blocks(now: Game, attack: Mapping[str, str], cost: int, weights: PressureWeights
            ) -> list[tuple[dict[str, list[str]], int]] | None:
    """The legal blocks against ``attack`` (one per multiset of identical creatures'
    choices), listed before any is valued; ``None`` when there are more than
    ``max_blocks`` (the declaration is not scored, and costs no line of the budget)."""
    listed = list(itertools.islice(now.order.block_order(attack, cost, -INF), weights.max_blocks + 1))
    return None if len(listed) > weights.max_blocks else listed


def _expected(now: Game, attack: Mapping[str, str], cost: int, weights: PressureWeights,
              table: TermsTable | None = None, above: float | None = None) -> tuple[float | None, int]:
    """:func:`expected_score` and how many block lines it counts for the style's
    ``max_lines`` budget (each listed block of a declaration scored, valued or not).

    ``above``: a threshold. When the lines valued so far, with a proved lower bound of each
    other line's value (:meth:`Bounds.static_floor`), prove the expected score at most
    ``above`` (:func:`_excess_bound`), the lines left are not valued and the answer is
    ``(None, n)``, ``n`` every listed block: the scan then treats the declaration as one
    that can't beat ``above``, as it would with its exact score (at most ``above``)."""
    ev = now.ev
    me = now.facts.ap
    board = now.facts.board
    table = table if table is not None else TermsTable(board, me, ev)
    blocks_of = _blocks(now, attack, cost, weights)
    if blocks_of is None:
        return None, 0
    mana = [now.values.mana_term(cost, bcost) for _, bcost in blocks_of]
    floors: list[int | None] = [None] * len(blocks_of)
    if above is not None:
        static_floor = now.bounds.static_floor
        floors = [static_floor(attack, blocks, m) for (blocks, _), m in zip(blocks_of, mana)]
    # Lines with no floor first, then by floor (the lines likeliest to weigh most first);
    # ties in listing order.
    order = sorted(range(len(blocks_of)), key=lambda i: (floors[i] is not None, floors[i] or 0, i))
    bound = _Bound(floors, order, weights, above) if above is not None else None
    values: list[float] = []
    scores: list[float] = []
    for k, i in enumerate(order):
        if bound is not None and bound.proves(k):
            return None, len(blocks_of)
        blocks = blocks_of[i][0]
        v, leaves = now.values.damage_value(attack, blocks, mana[i], -INF, INF)
        if leaves is None:
            return None, len(values) + 1
        points = v / 1000
        values.append(points)
        if abs(v) >= ev.win // 2:  # a decided game: its value
            scores.append(points)
        else:
            if now.values.departed(attack, blocks) is not None:
                return None, len(values)
            state = now.units.combine(leaves)
            terms = table.terms(state)
            if terms is None:
                return None, len(values)
            scores.append(0.0 if terms.stalled and _quiet(board, state) else points + terms.points(weights))
        if bound is not None:
            bound.add(points, scores[-1])
    if not values:
        return None, 0
    # (the listing order: the same sums, to the last bit, whatever order the lines were valued in)
    rank = {i: k for k, i in enumerate(order)}
    values = [values[rank[i]] for i in range(len(order))]
    scores = [scores[rank[i]] for i in range(len(order))]
    best = min(values)
    t = weights.temperature
    w = [math.exp(-(v - best) / t) for v in values]
    return sum(p * s for p, s in zip(w, scores)) / sum(w), len(values)


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
        known = [floors[i] for i in order if floors[i] is not None]
        self.ok = bool(known)
        self.ref = min(known) / 1000 if known else 0.0  # type: ignore[type-var]
        self.sum = 0.0  # sum of the terms of the lines valued
        # rest[k]: the bound of the terms of the lines order[k:], +inf while one has no floor
        self.rest = [math.inf] * (len(order) + 1)
        self.rest[len(order)] = 0.0
        for k in range(len(order) - 1, -1, -1):
            low = floors[order[k]]
            self.rest[k] = math.inf if low is None else self.rest[k + 1] + _sup_term(
                low / 1000, self.ref, self.t, self.g, above)

    def add(self, v: float, s: float) -> None:
        """Count a line valued: its value ``v`` and score ``s`` in points."""
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
    mine, _ = _expected(now, principal.attack, 0 if not candidates else _cost(game, principal.attack, candidates),
                        weights, table)
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
    # The expected scores first (lookahead 0, cheap), best first: a declaration's objective
    # is at most its expected score, so the scan stops at the first that can't beat the best
    # so far; the worst case (lookahead included, the costly part) is searched only for the
    # others, in a window whose floor is what the objective needs — the margin's floor, or
    # higher: the worst case v must give e - risk * (principal - v) > best objective.
    scored: list[tuple[float, int, dict[str, str], int]] = []
    lines = 0
    for i, (attack, cost) in enumerate(candidates):
        if lines >= weights.max_lines:  # the budget: declarations in the search's order
            break
        if _key(game, attack) == key:
            continue
        e, n = _expected(now, attack, cost, weights, table, above=mine)
        lines += n
        if e is not None and e > mine + 1e-9:
            scored.append((e, i, attack, cost))
    scored.sort(key=lambda t: (-t[0], t[1]))
    for e, _, attack, cost in scored:
        if e <= best_objective + 1e-9:
            break
        need = floor
        if weights.risk > 0:
            need = max(need, principal.value - int(math.floor((e - best_objective) / weights.risk * 1000)))
        ok, _ = _worst_case(game, attack, cost, need - 1, need)
        if ok is None or ok < need:
            continue
        v, line = _worst_case(game, attack, cost, need - 1, INF)
        if v is None or line is None or v < floor:
            continue
        objective = e - weights.risk * (principal.value - v) / 1000
        if objective > best_objective + 1e-9:
            best, best_objective = Chosen(Principal(dict(attack), line[0], line[1], v), e), objective
    return best
