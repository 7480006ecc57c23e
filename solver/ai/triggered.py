"""The combat game on boards with triggered abilities of combat (CR 603, 508.2, 509.2, 510.3;
issue 21): an exact alpha-beta search, used by :func:`redzone.solver.ai.decisions.choose_attack`
and :func:`~redzone.solver.ai.decisions.choose_blocks` when
:func:`redzone.models.triggers.resolve.has_combat_triggers` holds.

The game (docs/ai.md "Triggered abilities"): a declaration of attackers (508.1), the attack
window's outcomes (508.2: each choice of a triggered ability — target, "may", sacrifice — is a
move of the player who makes it), every legal block on the board that window left (509.1:
a creature that "can't block this turn" or was tapped can't, a pumped creature blocks as
pumped, a token put onto the battlefield attacking can be blocked), the block window's
outcomes (509.2), then each combat damage step (every legal assignment, 510.1) followed by
its damage window (510.3). The attacking player maximises the value, the other players
minimise it (the AI's paranoid game, as the search without triggers).

What it shares with :mod:`redzone.solver.ai.search`: the rules (block problems, damage
problems, the windows of :mod:`redzone.models.triggers.resolve`), the evaluation and the
:class:`~redzone.solver.ai.clock.Clock`; after the attack window, a combat whose remaining
triggered abilities are all local is played in units (:mod:`redzone.solver.ai.trigger_units`,
its own, with these abilities played in each unit). What it does not use: the bounds and the
transposition table of the search without triggers — they assume a combat without
triggers. It cuts with alpha-beta and
lists one block per multiset of identical blocking creatures (swapping two identical
creatures maps the game onto itself, their triggered abilities included: the classes are
worked out on the board the attack window left, with marked damage and counters of the
state). Exact when it finishes; a :class:`~redzone.solver.ai.clock.Timeout` ends it, and
the answer is then the best line searched to the end, the greedy block played once, or a
legal fallback (:func:`answer_blocks`, :func:`answer_attack`; docs/ai.md "Cut short").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from redzone.models.abilities import AllMustBlock, TappedCanBlock
from redzone.models import block_problem as bp_mod
from redzone.models.attack_problem import cost_of as attack_cost_of
from redzone.models.attack_problem import life_cost_of as attack_life_of
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.board import Board
from redzone.models.damage_rules import damage_problem, remaining_steps
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.leaving import losers_leave
from redzone.models.outcome import (DamageEvent, GameState, deal_damage, out_of_game,
                                    relayered_after_departures, state_based_actions)
from redzone.models.triggers.creatures import blocks_in_combat
from redzone.models.triggers.resolve import (LazyNode, Node, Outcome, attack_window, block_window, damage_window, end_of_combat,
                                             lazy_outcomes, outcomes)
from redzone.solver.ai.clock import Clock, Timeout
from redzone.solver.ai.trigger_units import UnitPlay, splits, units_of
from redzone.solver.ai.position import (_block_options, _canonical_product, next_player, next_turn_board,
                                        symmetry_classes, with_combat)
from redzone.solver.reference import reference_legal_damage

__all__ = ["INF", "Line", "TooManyBlocks", "TriggerGame"]

INF = 1 << 62
BLOCK_BOUND = 200_000
"""Most blocks listed for one defending player (past it, :class:`TooManyBlocks`)."""


RECENT = 32
"""How many of the last distinct refuting blocks a block list tries first."""

GREEDY_TRIAL = 16
"""The greedy block of the units (:meth:`TriggerGame.unit_greedy_block`) is tried in a
question's first ``GREEDY_TRIAL`` block lists where the refuting blocks did not cut off,
and after them only while it cut off at least one in ``GREEDY_RATE`` of these lists (move
ordering only: its reading of the units costs more than the blocks it spares when it
rarely refutes)."""
GREEDY_RATE = 4


class TooManyBlocks(Timeout):
    """A defending player's blocks passed :data:`BLOCK_BOUND` (8 v 8 at lookahead 1: the
    next player's attack with most of their creatures). The search is cut short there as
    by its clock — every handler of :class:`~redzone.solver.ai.clock.Timeout` takes it: the
    answer is ``feasible`` (the best line searched to the end, the greedy block, or the
    legal fallback), never a value claimed over a part of the blocks."""

Line = tuple[tuple[Any, ...], ...]
"""A line of play, in order: ``("attack", resolved)``, ``("blocks", blocks, mana, life paid)``,
``("block", resolved)``, ``("step", step, assignment)``, ``("damage", resolved)``,
``("end", board, state)`` (the last); a block played in units has ``("units", board,
attackers, state, blocks, results)`` after its ``"blocks"`` instead (replayed whole for the
answer, :func:`line_parts`; what follows it, if anything, is not read)."""

_Value = tuple[int, Line]


def _alpha_beta(children: Any, maximise: bool, alpha: int, beta: int,
                value: Callable[[Any, int, int], _Value]) -> _Value:
    """The best of ``children`` for the player to move (the attacking player's view:
    ``maximise`` for them, minimise for the others), each valued by ``value(child, alpha,
    beta)``, cut off once ``alpha >= beta`` (alpha-beta pruning); with its line."""
    best: _Value | None = None
    for child in children:
        v, line = value(child, alpha, beta)
        if best is None or (v > best[0] if maximise else v < best[0]):
            best = (v, line)
        if maximise:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    assert best is not None
    return best


def _pay(board: Board, state: GameState, paid: Mapping[str, int]) -> None:
    """Life paid for combat costs (119.4), then state-based actions when a player reached 0
    (704.5a)."""
    for p, n in paid.items():
        state.life[p] -= n
    if any(state.life[p] <= 0 for p in paid):
        state_based_actions(board, state)


def battlefield_view(board: Board, state: GameState, attackers: Mapping[str, str]
                     ) -> tuple[Board, dict[str, str]]:
    """``board`` without the permanents ``state`` says left the battlefield, and the
    attacking creatures still on it (506.4): what blocks are declared on (509.1)."""
    live = {a: t for a, t in attackers.items() if state.on_battlefield(a)}
    if all(state.on_battlefield(pid) for pid in board.permanents):
        return board, live
    import dataclasses

    out = dataclasses.replace(board, permanents={pid: p for pid, p in board.permanents.items()
                                                 if state.on_battlefield(pid)})
    out.combat = board.combat
    return out, live


def window_board(board: Board, before: Mapping[str, str], out: Outcome,
                 blocks: Mapping[str, list[str]]) -> Board:
    """The board a window left, its combat's attackers replaced when the window put
    creatures onto the battlefield attacking (508.4)."""
    if dict(out.attackers) == dict(before):
        return out.board
    return with_combat(out.board, out.attackers, blocks)


@dataclass
class _BranchBound:
    """:meth:`TriggerGame.block_list`'s marker: search the rest of the blocks of
    ``problem`` (the one defending player's) by :func:`redzone.solver.ai.trigger_bb.branch_and_bound`
    with ``classes`` (the listing's classes of identical blocking creatures)."""

    problem: bp_mod.BlockProblem
    classes: Mapping[str, int]


@dataclass
class Decision:
    """What :meth:`TriggerGame.choose_attack` / :meth:`TriggerGame.choose_blocks` found:
    the choice, its attacker-view value and the line (``None`` when cut short)."""

    attack: dict[str, str]
    blocks: dict[str, list[str]]
    value: int
    line: Line | None


class TriggerGame:
    """One question's combat game with triggered abilities: ``board`` (its active player
    attacks), values in ``perspective``'s milli-points (attacker view inside: the attacking
    player maximises), ``lookahead`` 0 or 1 (after the next player's best attack back,
    searched by a game of this kind at lookahead 0), ``clock`` (ticks raise
    :class:`~redzone.solver.ai.clock.Timeout`)."""

    def __init__(self, board: Board, perspective: str, weights: Weights, lookahead: int,
                 clock: Clock, crack: dict[Any, tuple[int, int]] | None = None,
                 unit_results: dict[Any, Any] | None = None, killers: dict[str, Any] | None = None,
                 against: str | None = None) -> None:
        self.board = board
        self.perspective = perspective
        self.against = perspective if against is None else against
        """The player whose value the question proves (the attacking player for
        ``choose_attack``, a defending player for ``choose_blocks``): random results (705,
        706) are taken worst for them (:meth:`maximises`)."""
        self.weights = weights
        self.lookahead = lookahead
        self.clock = clock
        self.ap = board.active_player
        self.opponents = board.opponents(self.ap)
        self.sign = 1 if self.ap == perspective else -1
        self.ev = Evaluator(board, perspective, weights)
        self._evaluators: dict[int, tuple[Board, Evaluator]] = {}
        self.exact = True
        """False when a part searched by the search without triggers was not exact."""
        self.windows = _windows(board)
        """The windows some triggered ability of the board may trigger in (the others are
        skipped: nothing would resolve in them)."""
        self.found: Decision | None = None
        self.killer: tuple[tuple[str, str], ...] = ()
        """(blocker, attacker) pairs of the block that last refuted a declaration."""
        self._plays: dict[tuple[int, int], tuple[Board, GameState, UnitPlay | None]] = {}
        self._fast: dict[tuple[int, int], tuple[Any, Any, Any]] = {}
        self._inert: dict[tuple[str, str], bool] = {}
        self._untaps: bool | None = None
        """Whether some triggered ability of the board untaps a creature (``None``: not yet read)."""
        """:meth:`inert_merged`: whether an ability (source, text) only makes its target unable
        to block."""
        """:meth:`fast_units`' sums, by (position's unit play or unit result, evaluator), and
        each unit result's life and poison changes, by (unit result, 0)."""
        self.unit_results: dict[Any, Any] = {} if unit_results is None else unit_results
        """Units' results kept across the question's positions (:class:`UnitPlay`)."""
        self.crack: dict[Any, tuple[int, int]] = {} if crack is None else crack
        """Proved (lower, upper) bounds of the next player's combat (lookahead 1) by position
        (:func:`_position_key`)."""
        self.killers: dict[str, Any] = {} if killers is None else killers
        """Shared by a question's games: ``"attack"``, the best declaration of the last
        next-player game searched ((creature, target) pairs; tried first in the next one,
        where most positions differ little: good moves early make the cut-offs bite);
        ``"block"``, the block that last refuted a declaration at lookahead 0; ``"by attack"``,
        the block that last refuted each declaration (by :func:`_attack_key`); ``"recent"``,
        the last :data:`RECENT` distinct refuting blocks (:meth:`block_list`)."""
        """The best block searched to the end so far (:meth:`choose_blocks`)."""
        self.greedy_valued: dict[str, list[str]] | None = None
        """The greedy block (:meth:`greedy_block`) :meth:`choose_blocks` valued to the end
        (``None``: none; a climb cut by the clock may stop short of the whole one)."""

    # ------------------------------------------------------------------ pieces

    def mana(self, attack_cost: int, block_cost: int) -> int:
        """The mana term of the value (attacker view), as the search without triggers."""
        return int(round(self.weights.mana * 1000)) * (block_cost - attack_cost)

    def over(self, state: GameState) -> bool:
        """The combat is over: the attacking player or every opponent lost (104.2a)."""
        lost = out_of_game(self.board, state)  # 704.5a, 704.5c, 704.6c
        return self.ap in lost or all(o in lost for o in self.opponents)

    def evaluator(self, board: Board) -> Evaluator:
        if board is self.board:
            return self.ev
        got = self._evaluators.get(id(board))
        if got is None and board.permanents is self.board.permanents and board.players is self.board.players \
                and board.departed == self.board.departed and not self.ev.layer_sources \
                and not self.ev.condition_sources:
            # The same permanents and players (a combat view of this board, with_combat): the
            # evaluation reads nothing else when no layer effect or condition is in play.
            return self.ev
        if got is None:
            # The keyword parts of the creatures of this question's board hold on the boards
            # its windows leave: what they change ends at end of turn (pumps, abilities
            # gained, 514.2; the evaluation reads creatures as they will be then) or is a
            # +1/+1 or -1/-1 counter (power, not a keyword); a token, and a creature whose
            # keyword counters changed (122.1b: a first strike counter stays), are read afresh.
            parts = {pid: v for pid, v in self.ev._parts.items() if pid in self.board.permanents
                     and _keyword_counters(board, pid) == _keyword_counters(self.board, pid)}
            got = (board, Evaluator(board, self.perspective, self.weights, parts=parts))
            self._evaluators[id(board)] = got
        return got[1]

    def leaf(self, board: Board, attackers: Mapping[str, str], state: GameState, mana: int,
             alpha: int = -INF, beta: int = INF) -> _Value:
        """Attacker-view value of the end of combat on ``board`` (the board the windows
        left: pumps end in cleanup, 514.2; tokens are scored); at lookahead 1, after the
        next player's combat, searched within the window (``alpha``, ``beta``: fail-soft,
        a value outside it is a bound)."""
        self.clock.tick()
        state = end_of_combat(board, state)  # 511.2: "at end of combat" (603.7)
        ev = self.evaluator(board)
        v = ev.score(state)
        end: Line = (("end", board, state),)
        if abs(v) == ev.win or self.lookahead == 0:
            return self.sign * v + mana, end
        lost = out_of_game(board, state)  # 704.5a, 704.5c, 704.6c
        player = next_player(board, lost)
        if player is None:
            return self.sign * v + mana, end
        board2 = next_turn_board(board, state, attackers, player)
        # The window in the perspective's terms: attacker view = sign * value + mana.
        lo, hi = (alpha - mana, beta - mana) if self.sign > 0 else (mana - beta, mana - alpha)
        lower, upper = self.crack.get(_position_key(board2), (-INF, INF))
        if lower == upper or lower >= hi:  # (as game_value and plain read it, before building either)
            return self.sign * lower + mana, end
        if upper <= lo:
            return self.sign * upper + mana, end
        if plays_triggers(board2):
            nested = TriggerGame(board2, self.perspective, self.weights, 0, self.clock, self.crack,
                                 self.unit_results, self.killers, self.against)
            value = nested.game_value(lo, hi)
            self.exact = self.exact and nested.exact
        else:
            value = self.plain(board2, lo, hi)
        return self.sign * value + mana, end

    def plain(self, board: Board, lo: int, hi: int) -> int:
        """The value of the next player's combat on ``board``, where no triggered ability
        may trigger, by the search without triggers (:class:`redzone.solver.ai.search.Game`,
        lookahead 0, in the window; proved bounds kept by position as :meth:`game_value`)."""
        from redzone.solver.ai.search import Game

        key = _position_key(board)
        lower, upper = self.crack.get(key, (-INF, INF))
        if lower == upper or lower >= hi:
            return lower
        if upper <= lo:
            return upper

        game = Game(board, self.perspective, self.weights, 0, self.clock.child())
        cuts = Timeout.raised
        try:
            value, _ = game.solve_attack(max(lo, lower - 1), min(hi, upper + 1))
        finally:
            self.clock.nodes += game.clock.nodes
        if Timeout.since(cuts):
            raise Timeout  # a value answered by a search the clock stopped proves nothing
        if not game.status.exact:
            self.exact = False
        if value <= lo:
            upper = min(upper, value)
        elif value >= hi:
            lower = max(lower, value)
        else:
            lower = upper = value
        self.crack[key] = (lower, upper)
        return value

    def game_value(self, lo: int = -INF, hi: int = INF) -> int:
        """The value of the whole game (``perspective``'s milli-points), fail-soft within
        (``lo``, ``hi``): at most ``lo`` proves it is at most that, at least ``hi`` that it
        is at least that. Bounds are kept by position (:func:`_position_key`)."""
        key = _position_key(self.board)
        lower, upper = self.crack.get(key, (-INF, INF))
        if lower == upper or lower >= hi:
            return lower
        if upper <= lo:
            return upper
        lo, hi = max(lo, lower), min(hi, upper)
        alpha, beta = (lo, hi) if self.sign > 0 else (-hi, -lo)
        best = -INF
        best_attack: dict[str, str] | None = None
        for attack, cost, life in self.lazy_attacks(self.killers.get("attack")):
            v, _ = self.attack_value(attack, cost, life, max(alpha, best), beta)
            if v > best:
                best, best_attack = v, attack
            if best >= beta:
                break
        if best_attack is not None and best > alpha:
            # (a refutation, or the exact best: a declaration that failed low everywhere
            # says nothing of which is best)
            self.killers["attack"] = tuple(best_attack.items())
        value = self.sign * best
        if value <= lo:
            upper = min(upper, value)
        elif value >= hi:
            lower = max(lower, value)
        else:
            lower = upper = value
        self.crack[key] = (lower, upper)
        return value

    def maximises(self, choice: Any) -> bool:
        """Whether ``choice`` maximises the attacker-view value: a choice of the attacking
        player's; a random result (705, 706) is taken worst for ``perspective`` (so ``value``
        stays a proved lower bound whatever the coins and dice do): it maximises the
        attacker-view value when the player the question proves a value for (``against``)
        is not this game's attacking player."""
        if choice.random:
            return self.against != self.ap
        return choice.player == self.ap

    def tree(self, node: Node | LazyNode, value: Callable[[Outcome, int, int], _Value], alpha: int, beta: int
             ) -> _Value:
        """Alpha-beta over a window's choices (the attacking player's maximise)."""
        if node.outcome is not None:
            return value(node.outcome, alpha, beta)
        assert node.choice is not None
        return _alpha_beta(node.children, self.maximises(node.choice), alpha, beta,
                           lambda child, a, b: self.tree(child, value, a, b))

    # ------------------------------------------------------------------ declarations

    def lazy_attacks(self, first: Any = None) -> Iterator[tuple[dict[str, str], int, int]]:
        """:meth:`attacks` in the same order, no attack first without listing the others when
        nothing requires an attack (508.1d: no attack is then legal, at no cost): a next
        player's game is often settled by it (a fail low), the others never listed."""
        if not attack_problem(self.board).requirements:
            yield {}, 0, 0
            yield from (x for x in self.attacks(first) if x[0])
            return
        yield from self.attacks(first)

    def attacks(self, first: Any = None) -> list[tuple[dict[str, str], int, int]]:
        """Every legal declaration of attackers (508.1), one per multiset of identical
        creatures, with its mana and life costs; ``first`` ((creature, target) pairs), when
        one of them is that declaration (what of it may attack now), comes first."""
        from redzone.solver.reference import reference_legal_declarations

        problem = attack_problem(self.board)
        classes = symmetry_classes(self.board)
        seen: set[Any] = set()
        out = []
        for d in reference_legal_declarations(problem):
            key = tuple(sorted((classes.get(c, -1), t) for c, t in d.items()))
            if key in seen:
                continue
            seen.add(key)
            out.append((d, attack_cost_of(problem, d), attack_life_of(problem, d)))
        # Move ordering only (every declaration is searched): the fewest attacking creatures
        # first — cheap to search, and they set the bar the larger ones must pass (a stable
        # sort: ties as listed).
        out.sort(key=lambda x: len(x[0]))
        if first:
            allowed = problem.allowed
            want = tuple(sorted((classes.get(c, -1), t) for c, t in first if t in allowed.get(c, ())))
            for i, (d, _, _) in enumerate(out):
                if tuple(sorted((classes.get(c, -1), t) for c, t in d.items())) == want:
                    out.insert(1 if i and not out[0][0] else 0, out.pop(i))
                    break
        return out

    def block_list(self, board: Board, attackers: Mapping[str, str], state: GameState, bb: bool = False
                   ) -> Iterator[tuple[Any, int, dict[str, int]]]:
        """Every legal block (509.1b-f, each defending player's own, 802.4) on ``board``
        against ``attackers``, one per multiset of identical blocking creatures (classes on
        this board with the state's marked damage and counters), with its mana and the life
        each player pays for it; listed lazily. Move ordering only: when nothing requires or
        taxes blocks, first the blocks that refuted a declaration before, each restricted to
        what may block now and kept when it breaks no restriction (it is then legal) — the
        one that last refuted this same declaration (:attr:`killers` ``"by attack"``, shared
        by the question's games: the next player's games meet the same declarations in
        positions that differ little), the one that refuted the last declaration
        (:attr:`killer`), then the last :data:`RECENT` distinct refuting blocks, most recent
        first; any of them may come again later. ``bb``: when the branch and bound over
        blocks applies (:func:`redzone.solver.ai.trigger_bb.applies`), a
        :class:`_BranchBound` comes next (the caller searches the blocks with it), then the
        listing (read only when the caller could not use it)."""
        view, live = battlefield_view(board, state, attackers)
        problems = block_problems(view, live)
        refuted = self.killer or (self.killers.get("block") if self.lookahead == 0 else ())
        mine = self.killers.get("by attack", {}).get(_attack_key(attackers))
        tried: list[dict[str, list[str]]] = []
        if (len(problems) == 1 and (refuted or mine or self.killers.get("recent"))
                and (_free(problems[0]) or _restricted_only(problems[0]))):
            p = problems[0]
            for pairs in (mine, refuted, *self.killers.get("recent", ())):
                killer = {b: [a] for b, a in pairs or () if a in p.allowed.get(b, ())}
                if killer and killer not in tried and (_free(p) or not bp_mod.restriction_violations(p, killer)):
                    tried.append(killer)
                    yield killer, 0, {}
        tally = self.killers.setdefault("greedy", [0, 0])
        if (self.lookahead == 0 and len(problems) == 1 and (_free(problems[0]) or _restricted_only(problems[0]))
                and (tally[0] < GREEDY_TRIAL or tally[1] * GREEDY_RATE >= tally[0])):
            # Then a greedy block read from the units' own results (:meth:`unit_greedy_block`),
            # while it cuts off often enough in the question's games (``tally``: tried, cut off).
            p = problems[0]
            tally[0] += 1
            greedy = self.unit_greedy_block(board, attackers, state, p)
            if greedy and greedy not in tried and (_free(p) or not bp_mod.restriction_violations(p, greedy)):
                self.killers["greedy block"] = greedy
                yield greedy, 0, {}
        # (the classes only once the first block did not cut off: most blocks lists stop there)
        classes = symmetry_classes(view)
        refined: dict[Any, int] = {}
        cls = {pid: refined.setdefault((c, state.damage.get(pid, 0),
                                        tuple(sorted(state.counters.get(pid, {}).items()))), len(refined))
               for pid, c in classes.items()}
        from redzone.solver.ai import trigger_bb

        if bb and len(problems) == 1 and trigger_bb.applies(self, board, attackers, state, problems[0], cls):
            if problems[0].restrictions:
                # (menace's kind, h40: the listing judges blocks as it lists them and often
                # cuts off soon; the branch and bound only once it has not, after
                # ``LISTED_FIRST`` of them — it searches every block, these included)
                listing = self._combine(problems, cls, 0, {}, 0, {})
                yield from itertools.islice(listing, trigger_bb.LISTED_FIRST)
                yield _BranchBound(problems[0], cls), 0, {}
                yield from listing
                return
            yield _BranchBound(problems[0], cls), 0, {}
        yield from self._combine(problems, cls, 0, {}, 0, {})

    def unit_greedy_block(self, board: Board, attackers: Mapping[str, str], state: GameState,
                          problem: bp_mod.BlockProblem) -> dict[str, list[str]] | None:
        """Move ordering only, at lookahead 0 when the combat splits into units: a block
        likely to be among the defending player's best, built greedily from the units' own
        results (:meth:`UnitPlay.result`, kept across the question's positions). From no
        block, each step adds the creature (two creatures to an attacker not blocked yet,
        when the problem has restrictions: menace, 702.111b) that most lowers an estimate of
        the block's value — each unit's change of its own permanents' part of the evaluation
        plus the players' part at the position's totals moved by every unit's life and poison
        changes, a player at 0 or less life or 10 or more poison counters having lost
        (704.5a, 704.5c) —, while it lowers it. An estimate only: the search values the
        block exactly, and every block is still searched unless a cut-off spares it.
        ``None``: no such block (a unit's block window needs a choice, or no block is
        better than none)."""
        play = self.unit_play(board, attackers, state)
        if play is None:
            return None
        ev = self.evaluator(board)
        names = [p.name for p in board.players]
        ap = self.ap
        memo: dict[tuple[str, tuple[str, ...]], tuple[int, tuple[tuple[int, int], ...]] | None] = {}

        def unit(a: str, blockers: tuple[str, ...]) -> tuple[int, tuple[tuple[int, int], ...]] | None:
            key = (a, blockers)
            if key not in memo:
                # (a unit not played yet is played only when unblocked: the others are read
                # when some position of the question played them, a play costing more than
                # the blocks it may spare)
                u = (((a, attackers[a]),), tuple((b, (a,)) for b in sorted(blockers)))
                r = play.known(u) if blockers else play.result(u)
                if r is None:
                    memo[key] = None
                else:
                    end, start = r.end, r.start
                    own = sum(ev.permanent_score(pid, end) - ev.permanent_score(pid, state) for pid in r.perms)
                    memo[key] = (own, tuple((end.life.get(n, 0) - start.life.get(n, 0),
                                              end.poison.get(n, 0) - start.poison.get(n, 0)) for n in names))
            return memo[key]

        win = int(ev.win)
        chosen: dict[str, tuple[str, ...]] = {}
        # The estimate's parts for the block chosen so far: the units' permanents' changes and
        # the players' totals (a trial changes one attacker's unit: read as a difference).
        perm = 0
        life = [state.life.get(n, 0) for n in names]
        poison = [state.poison.get(n, 0) for n in names]
        for a in attackers:
            got = unit(a, ())
            if got is None:
                return None
            perm += got[0]
            for k, (dl, dp) in enumerate(got[1]):
                life[k] += dl
                poison[k] += dp

        def estimate(a: str, old: tuple[str, ...], new: tuple[str, ...]) -> int | None:
            was, now = unit(a, old), unit(a, new)
            if was is None or now is None:
                return None
            total = perm - was[0] + now[0]
            lives = [x - w[0] + n[0] for x, w, n in zip(life, was[1], now[1])]
            poisons = [x - w[1] + n[1] for x, w, n in zip(poison, was[1], now[1])]
            for k, n in enumerate(names):
                if lives[k] <= 0 or poisons[k] >= 10:
                    return -win if n == ap else win  # (attacker view: the sign is below)
            for k, n in enumerate(names):
                total += ev.player_score(n, lives[k], poisons[k])
            return self.sign * total

        best = estimate(next(iter(attackers)), (), ()) if attackers else None
        if best is None:
            return None
        free = [b for b, allowed in problem.allowed.items() if allowed]
        restricted = bool(problem.restrictions)
        while True:
            used = {b for lst in chosen.values() for b in lst}
            left = [b for b in free if b not in used]
            step: tuple[int, str, tuple[str, ...]] | None = None
            for a in attackers:
                moves = [(b,) for b in left if a in problem.allowed[b]]
                if restricted and a not in chosen:
                    # (two creatures to an attacker no one may block alone: menace, 702.111b)
                    alone = [m for m in moves if not bp_mod.restriction_violations(problem, {m[0]: [a]})]
                    if not alone:
                        moves = [(b, c) for i, (b,) in enumerate(moves) for (c,) in moves[i + 1:]]
                old = chosen.get(a, ())
                for add in moves:
                    new = tuple(sorted(old + add))
                    got = estimate(a, old, new)
                    if got is not None and got < best and (step is None or got < step[0]):
                        step = (got, a, new)
            if step is None:
                break
            best, a, lst = step
            was, now = unit(a, chosen.get(a, ())), unit(a, lst)
            assert was is not None and now is not None
            perm += now[0] - was[0]
            for k in range(len(names)):
                life[k] += now[1][k][0] - was[1][k][0]
                poison[k] += now[1][k][1] - was[1][k][1]
            chosen[a] = lst
        out = {b: [a] for a, lst in chosen.items() for b in lst}
        return out or None

    def _combine(self, problems: list[bp_mod.BlockProblem], cls: Mapping[str, int], i: int,
                 d0: dict[str, list[str]], c0: int, p0: dict[str, int]
                 ) -> Iterator[tuple[dict[str, list[str]], int, dict[str, int]]]:
        if i == len(problems):
            yield d0, c0, p0
            return
        problem = problems[i]
        free = _free(problem)
        for d in _player_blocks(problem, cls):
            cost = 0 if free else bp_mod.cost_of(problem, d)
            life = 0 if free else bp_mod.life_cost_of(problem, d)
            paid = dict(p0)
            if life:
                paid[problem.defending_player] = paid.get(problem.defending_player, 0) + life
            yield from self._combine(problems, cls, i + 1, {**d0, **d}, c0 + cost, paid)

    # ------------------------------------------------------------------ the game

    def attack_value(self, attack: Mapping[str, str], attack_cost: int, attack_life: int,
                     alpha: int, beta: int) -> _Value:
        """Attacker-view value of a declaration (alpha-beta window ``alpha``, ``beta``)."""
        attack = dict(attack)
        board = with_combat(self.board, attack, {})
        state = GameState.from_board(board)
        if attack_life:
            _pay(board, state, {self.ap: attack_life})
        if self.over(state) or not attack or "attack" not in self.windows:
            return self.blocks(board, attack, state, attack_cost, alpha, beta)
        if self.lookahead == 0:
            tree = lazy_outcomes(lambda ch: attack_window(board, state.copy(), attack,
                                                          lambda c: ch(self.inert_merged(board, c))))
        else:
            tree = lazy_outcomes(lambda ch: attack_window(board, state.copy(), attack, ch))

        def after(o: Outcome, a: int, b: int) -> _Value:
            v, line = self.blocks(window_board(board, attack, o, {}), dict(o.attackers), o.state,
                                  attack_cost, a, b)
            return v, (("attack", tuple(o.resolved)),) + line

        if self.lookahead == 0:
            return self.window_tree(board, attack, tree, after, alpha, beta)
        return self.tree(tree, after, alpha, beta)

    def window_tree(self, board: Board, attack: Mapping[str, str], node: Node | LazyNode,
                    value: Callable[[Outcome, int, int], _Value], alpha: int, beta: int) -> _Value:
        """:meth:`tree` over the attack window at lookahead 0, where the attacking player's
        choice of the target of a "target creature can't block this turn" ability (509.1b;
        Goblin Heelcutter's, :meth:`inert_merged`) reuses a sibling's refutation: when an
        option's outcome was refuted by a block ``B`` (its value at most ``alpha``, no cost)
        and another option's outcome is a leaf where ``B`` is legal (no blocker of ``B`` is
        its target), that option is at most the same value — ``B`` there is the same combat
        (the two outcomes differ only in which creature that blocks in neither can't block:
        the effect ends with the turn, 514.2, and nothing but the legality of blocks reads
        it), and the defending player's best is at most ``B``'s value — so it fails low
        without its blocks being searched (:meth:`refutes`)."""
        if node.outcome is not None:
            return value(node.outcome, alpha, beta)
        assert node.choice is not None
        choice = node.choice
        maximise = self.maximises(choice)
        if not (maximise and choice.what == "target" and self._inert.get((choice.source, choice.text))):
            return _alpha_beta(node.children, maximise, alpha, beta,
                               lambda child, a, b: self.window_tree(board, attack, child, value, a, b))
        best: _Value | None = None
        refuted: list[tuple[int, dict[str, list[str]], Line]] = []
        for opt, child in zip(choice.options, node.children):
            got = self.shared_refutation(board, attack, opt, child.outcome, refuted) \
                if child.outcome is not None and refuted else None
            if got is None:
                got = self.window_tree(board, attack, child, value, alpha, beta)
                v, line = got
                if (v <= alpha and child.outcome is not None and len(line) > 1 and line[1][0] == "blocks"
                        and not line[1][2] and not line[1][3] and dict(child.outcome.attackers) == attack):
                    refuted.append((v, line[1][1], line))
            if best is None or got[0] > best[0]:
                best = got
            alpha = max(alpha, got[0])
            if alpha >= beta:
                break
        assert best is not None
        return best

    def shared_refutation(self, board: Board, attack: Mapping[str, str], target: Any, out: Outcome,
                          refuted: list[tuple[int, dict[str, list[str]], Line]]) -> _Value | None:
        """The value (an upper bound, at most the window's ``alpha``) and line of a sibling
        option's refutation that holds in the outcome ``out`` of the option ``target``
        (:meth:`window_tree`), or ``None``: the first refuting block of ``refuted`` ((value,
        block, line), each value at most ``alpha``) in which ``target`` does not block and
        that is legal at no cost in ``out`` (:meth:`refutes`)."""
        if dict(out.attackers) != dict(attack) or self.over(out.state):
            return None
        for v, blocks, line in refuted:
            if target not in blocks and self.refutes(board, attack, out, blocks):
                return v, line
        return None

    def refutes(self, board: Board, attack: Mapping[str, str], out: Outcome, blocks: Mapping[str, list[str]]
                ) -> bool:
        """Whether ``blocks`` is a legal block (509.1a-c) at no cost in the window's outcome
        ``out`` (:meth:`window_tree`).

        The problem judges only ``blocks``' own pairs (``only_pairs`` of
        :func:`~redzone.models.block_rules.block_problems`, issue 21 §4, h33): the pairs it reads
        are judged as in the whole problem, restrictions and costs are built from every
        creature and attacker (so :func:`~redzone.models.block_problem.restriction_violations`
        of ``blocks`` is exact), and so are the requirements but one kind — "all creatures
        able to block it do so" (``AllMustBlock``), listed only for creatures whose pairs are
        judged: when an attacker has it, the whole problem is built (the answer is the
        same as from the whole problem in every case)."""
        view, live = battlefield_view(window_board(board, attack, out, {}), out.state, out.attackers)
        pairs = {b: list(lst) for b, lst in blocks.items()}
        problems = block_problems(view, live, only_pairs=pairs)
        if len(problems) == 1 and any(view.abilities_affecting(view.permanents[a], AllMustBlock)
                                      for a in problems[0].attackers):
            problems = block_problems(view, live)
        if len(problems) != 1:
            return False
        p = problems[0]
        if not (_free(p) or _restricted_only(p)):
            return False
        if any(a not in p.allowed.get(b, ()) for b, lst in blocks.items() for a in lst):
            return False
        return _free(p) or not bp_mod.restriction_violations(p, blocks)

    def inert_merged(self, board: Board, choice: Any) -> Any:
        """``choice`` with its inert options merged into the first of them, at lookahead 0:
        the target of an ability whose only effect is "target creature can't block this turn"
        (509.1b; Goblin Heelcutter's), among creatures the attacking player controls — only
        the defending players' creatures block (509.1a) — or tapped creatures, when no
        ability of the board untaps one (only untapped creatures block, 509.1a; nothing
        else untaps a creature in combat) —, and the effect ends with the turn
        (514.2), before anything else could read it; the evaluation reads such a creature's
        keywords from the question's board. These options lead to the same game, so one of
        them stands for all (a choice among equal values)."""
        if choice.what != "target":
            return choice
        key = (choice.source, choice.text)
        inert = self._inert.get(key)
        if inert is None:
            from redzone.models.triggers.resolve import triggers
            from redzone.models.triggers.types import CantBlockEffect

            perm = board.permanents.get(choice.source)
            found = [t for t in triggers(perm, board) if t.text == choice.text] if perm is not None else []
            inert = self._inert[key] = bool(found) and all(
                t.effects and all(isinstance(e, CantBlockEffect) and e.who.kind == "target_creature"
                                  for e in t.effects) for t in found)
        if not inert:
            return choice
        untaps = self._untaps
        if untaps is None:
            from redzone.models.triggers.resolve import triggers
            from redzone.models.triggers.types import TapEffect

            untaps = self._untaps = any(isinstance(e, TapEffect) and e.untap for p in self.board.permanents.values()
                                        for t in triggers(p, self.board) for e in t.effects)
        kept: list[Any] = []
        merged = False
        for opt in choice.options:
            perm = board.permanents.get(opt) if isinstance(opt, str) else None
            if perm is not None and (perm.controller == self.ap or (
                    perm.tapped and not untaps and not board.abilities_affecting(perm, TappedCanBlock))):
                if merged:
                    continue
                merged = True
            kept.append(opt)
        if len(kept) == len(choice.options):
            return choice
        import dataclasses

        return dataclasses.replace(choice, options=tuple(kept))

    def blocks(self, board: Board, attackers: dict[str, str], state: GameState, attack_cost: int,
               alpha: int, beta: int) -> _Value:
        """Min over every legal block on ``board`` (after the attack window)."""
        if self.over(state):
            return self.leaf(board, attackers, state, self.mana(attack_cost, 0), alpha, beta)
        best: _Value | None = None
        for blocks, cost, paid in self.block_list(board, attackers, state, bb=True):
            if isinstance(blocks, _BranchBound):
                # The refuting blocks did not cut off: the rest by branch and bound (the
                # listing goes on when it can't be used).
                from redzone.solver.ai import trigger_bb

                got = trigger_bb.branch_and_bound(self, board, attackers, state, blocks.problem, blocks.classes,
                                                  self.mana(attack_cost, 0), alpha, beta, best)
                if got is not None:
                    best = got
                    break
                continue
            v, line = self.one_block(board, attackers, state, blocks, self.mana(attack_cost, cost), paid,
                                     alpha, beta)
            if best is None or v < best[0]:
                best = (v, (("blocks", blocks, cost, dict(paid)),) + line)
            beta = min(beta, v)
            if alpha >= beta:
                if blocks is self.killers.get("greedy block"):
                    self.killers["greedy"][1] += 1
                self.killer = tuple((b, a) for b, lst in blocks.items() for a in lst[:1])
                self.killers.setdefault("by attack", {})[_attack_key(attackers)] = self.killer
                recent = self.killers.setdefault("recent", [])
                if self.killer in recent:
                    recent.remove(self.killer)
                recent.insert(0, self.killer)
                del recent[RECENT:]
                if self.lookahead == 0:
                    self.killers["block"] = self.killer
                break
        assert best is not None, "no block is always legal when nothing requires one (509.1c)"
        return best

    def one_block(self, board: Board, attackers: dict[str, str], state: GameState,
                  blocks: dict[str, list[str]], mana: int, paid: Mapping[str, int],
                  alpha: int, beta: int) -> _Value:
        """Attacker-view value of the combat after ``blocks``: the block window, then the
        damage steps."""
        if not paid and attackers:
            got = self.by_units(board, attackers, state, blocks, mana, alpha, beta)
            if got is not None:
                return got
        b2 = with_combat(board, attackers, blocks)
        st = state.copy()
        _pay(b2, st, paid)
        if self.over(st) or not attackers or not self.windows & {"block", "dies"}:
            return self.damage(b2, b2, attackers, blocks, None, 0, st, [], mana, alpha, beta)
        tree = lazy_outcomes(lambda ch: block_window(b2, st.copy(), attackers, blocks, ch))

        def after(o: Outcome, a: int, b: int) -> _Value:
            kept = blocks_in_combat(blocks, o.attackers)  # h15: one removed from combat (506.4)
            cur = window_board(b2, attackers, o, kept)
            v, line = self.damage(cur, cur, dict(o.attackers), kept, None, 0, o.state, [], mana, a, b)
            return v, (("block", tuple(o.resolved)),) + line

        return self.tree(tree, after, alpha, beta)

    def unit_play(self, board: Board, attackers: Mapping[str, str], state: GameState) -> UnitPlay | None:
        """The units of the combat on ``board`` after the attack window (``state``), kept for
        the blocks of one position (:mod:`redzone.solver.ai.trigger_units`); ``None`` when
        the combat does not split (:func:`~redzone.solver.ai.trigger_units.splits`)."""
        key = (id(board), id(state))
        got = self._plays.get(key)
        if got is not None and got[0] is board and got[1] is state:
            return got[2]
        play: UnitPlay | None = None
        # (units are played and scored with this board's keywords: not when a triggered
        # ability may put or take a keyword counter, 122.1b — the combat is played whole)
        if splits(board, state, attackers) and not _keyword_counters_may_change(board):
            score = None
            if self.lookahead == 0:
                ev = self.evaluator(board)
                sign = self.sign
                score = lambda pid, st: sign * ev.permanent_score(pid, st)  # noqa: E731
            play = UnitPlay(board, state, attackers, score, self.unit_results, (self.sign, self.lookahead))
        if len(self._plays) > 64:
            self._plays.clear()
        self._plays[key] = (board, state, play)
        return play

    def by_units(self, board: Board, attackers: dict[str, str], state: GameState, blocks: dict[str, list[str]],
                 mana: int, alpha: int, beta: int) -> _Value | None:
        """Attacker-view value of the combat after ``blocks`` played in units (``None``:
        it can't be, the block is played whole): the units' states after the block window,
        after the first-strike step and at the end combined, the game ending at the first
        of these where a player lost (104.2a, 704.5a), as :meth:`one_block` plays it."""
        play = self.unit_play(board, attackers, state)
        if play is None:
            return None
        results = []
        for unit in units_of(attackers, blocks):
            r = play.result(unit)
            if r is None:
                return None
            results.append(r)
        left = [k for k, r in enumerate(results) if r.tree is not None]
        if len(left) > 1:
            return None  # choices in two units: their joint game is played whole
        self.clock.tick()
        if not left:
            return self.units_value(play, board, attackers, state, blocks, results, mana, alpha, beta)
        # One unit with choices left, the others settled: the joint game is that unit's damage
        # game (the attacking player's part of each step, then the defending player's), its
        # leaves valued with the others' results.
        k = left[0]
        import dataclasses

        def value(node: Any, a: int, b: int) -> _Value:
            if not isinstance(node[0], str):
                end, first, done = node
                rk = dataclasses.replace(results[k], first=first, end=end, assignments=done, tree=None)
                return self.units_value(play, board, attackers, state, blocks,
                                        results[:k] + [rk] + results[k + 1:], mana, a, b)
            return _alpha_beta(node[1], node[0] == "max", a, b, value)

        return value(results[k].tree, alpha, beta)

    def units_value(self, play: UnitPlay, board: Board, attackers: dict[str, str], state: GameState,
                    blocks: dict[str, list[str]], results: list[Any], mana: int, alpha: int, beta: int) -> _Value:
        """Attacker-view value of the units' settled ``results`` combined: the game ends at
        the first of the block window, the first-strike step and the last step where a
        player lost (104.2a, 704.5a)."""
        head = (("units", board, dict(attackers), state, dict(blocks), results),)
        if self.lookahead == 0:
            fast = self.fast_units(play, board, state, results)
            if fast is not None:
                self.clock.tick()  # (a leaf, as :meth:`leaf` counts it)
                # (the line's end is replayed from the head, trigger_units.replay)
                return self.sign * fast + mana, head
        # (Whether a player lost reads only the totals: a state is built for the moment
        # the game ends, or for the end.)
        stage = [r.end for r in results]
        if play.ends([r.window for r in results], results):
            stage = [r.window for r in results]
        elif any(len(r.steps) == 2 for r in results) and play.ends([r.first for r in results], results):
            stage = [r.first for r in results]
        st = play.combine(stage, results)
        v, line = self.leaf(board, attackers, st, mana, alpha, beta)
        return v, head + line

    def fast_units(self, play: UnitPlay, board: Board, state: GameState, results: list[Any]) -> int | None:
        """At lookahead 0, :meth:`Evaluator.score` of the units' settled ``results``
        combined at the end of combat, without building the state (``None``: not this way —
        a player lost in the combat, or the board has what the plain sum does not cover).
        The score is the players' part, read from the summed life and poison totals, plus
        each permanent's part, which reads only that permanent (its power and toughness,
        its -1/-1 and +1/+1 counters put in combat, whether it left: what
        :meth:`UnitPlay.combine` takes from its unit's state): the position's sum, plus each
        unit's change over its own permanents, kept by unit result and evaluator. Nothing
        here changes the value: no layer effect, condition or loss shield, two players, no
        commander damage (:func:`~redzone.solver.ai.trigger_units.splits` rules out the
        rest, and the end of combat has nothing to do)."""
        ev = self.evaluator(board)
        if (ev.layer_sources or ev.condition_sources or ev.lost_before or state.lost or state.commander_damage
                or any(p.commander_damage for p in board.players)):
            return None
        cache = self._fast
        # Each result's life and poison changes after the block window, the first-strike step
        # and at the end (kept by result): a player at 0 or less life or 10 or more poison
        # counters at any of them lost (704.5a, 704.5c; as UnitPlay.ends reads the totals).
        # (only the players a result changes are kept and added: a total no result changes
        # is the position's, read as such below)
        changes = []
        two = False
        for r in results:
            got = cache.get((id(r), 0))
            if got is None or got[0] is not r:
                start = r.start
                got = cache[(id(r), 0)] = (r, None, tuple(
                    tuple((p, st.life[p] - start.life[p], st.poison[p] - start.poison[p]) for p in start.life
                          if st.life[p] != start.life[p] or st.poison[p] != start.poison[p])
                    for st in (r.window, r.first, r.end)))
            if got[2] != ((), (), ()):
                changes.append(got[2])
            two = two or len(r.steps) == 2
        life0, poison0 = state.life, state.poison
        if any(v <= 0 for v in life0.values()) or any(v >= 10 for v in poison0.values()):
            return None  # (as below, with no change: a player at 0 or less life lost)
        life, poison = life0, poison0
        for moment in ((0, 1, 2) if two else (0, 2)):
            if not changes:
                break
            life = dict(life0)
            poison = dict(poison0)
            for ch in changes:
                for p, dl, dp in ch[moment]:
                    life[p] += dl
                    poison[p] += dp
            if any(life[p] <= 0 or poison[p] >= 10 for ch in changes for p, _, _ in ch[moment]):
                return None  # (a player lost in the combat: the whole state decides)
        key = (id(play), id(ev))
        got = cache.get(key)
        if got is None or got[0] is not play or got[1] is not ev:
            base = ev.departed_part + sum(ev.permanent_score(pid, state) for pid, _, _, _ in ev._kinds)
            if len(cache) > 10_000:
                cache.clear()
            got = cache[key] = (play, ev, base)
        total = got[2]
        for p in board.players:  # (``life``, ``poison``: the totals at the end, above)
            total += ev.player_score(p.name, life.get(p.name, p.life), poison.get(p.name, p.poison))
        for r in results:
            k = (id(r), id(ev))
            d = cache.get(k)
            if d is None or d[0] is not r or d[1] is not ev:
                change = sum(ev.permanent_score(pid, r.end) - ev.permanent_score(pid, state) for pid in r.perms)
                d = cache[k] = (r, ev, change)
            total += d[2]
        return ev.clamp(total)

    def damage(self, base: Board, cur: Board, attackers: dict[str, str], blocks: dict[str, list[str]],
               steps: list[Any] | None, i: int, state: GameState, dealt: list[str], mana: int,
               alpha: int, beta: int) -> _Value:
        """Attacker-view value of the rest of combat from damage step ``i`` (510.1-4): the
        attacking player's assignments maximise, the others' complete them minimising."""
        if self.over(state):
            return self.leaf(cur, attackers, state, mana, alpha, beta)
        if steps is None:
            steps = remaining_steps(cur, state)
        if i == len(steps):
            return self.leaf(cur, attackers, state, mana, alpha, beta)
        self.clock.tick()
        problem = damage_problem(cur, steps[i], state=state, first_strike_dealt=dealt)
        mine = {s.id for s in problem.sources if s.decider == self.ap}
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        for a in _legal_damage(problem):
            key = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(key, []).append(a)
        nxt = list(dealt)
        if steps[i] == "first-strike":
            nxt.extend(s.id for s in problem.sources if s.id not in nxt)
        best: _Value | None = None
        for completions in groups.values():
            worst: _Value | None = None
            b = beta
            for a in completions:
                s2 = state.copy()
                got = deal_damage(cur, s2, [DamageEvent(s, r, n) for s, row in a.items() for r, n in row.items()],
                                  combat=True)
                before = len(s2.destroyed)
                state_based_actions(cur, s2)
                died = list(s2.destroyed[before:])
                losers_leave(cur, s2)
                after, _ = relayered_after_departures(base, s2)
                v, line = self.after_step(base, after, attackers, blocks, steps, i, s2, nxt, mana, got, died,
                                          max(alpha, best[0]) if best is not None else alpha, b)
                if worst is None or v < worst[0]:
                    worst = (v, (("step", steps[i], a),) + line)
                b = min(b, v)
                if (best[0] if best is not None else alpha) >= b:
                    break
            assert worst is not None
            if best is None or worst[0] > best[0]:
                best = worst
            if best[0] >= beta:
                break
        assert best is not None, "a damage step always has a legal assignment"
        return best

    def after_step(self, base: Board, cur: Board, attackers: dict[str, str], blocks: dict[str, list[str]],
                   steps: list[Any], i: int, state: GameState, dealt: list[str], mana: int,
                   got: Any, died: list[str], alpha: int, beta: int) -> _Value:
        """The damage window of step ``i`` (510.3), then the next step."""
        if self.over(state):
            return self.leaf(cur, attackers, state, mana, alpha, beta)
        if not self.windows & {"damage", "dies"}:
            return self.damage(base, cur, attackers, blocks, steps, i + 1, state, dealt, mana, alpha, beta)

        def go(o: Outcome, a: int, b: int) -> _Value:
            nxt_cur = window_board(cur, attackers, o, blocks)
            nxt_base = nxt_cur if nxt_cur is not cur else base
            v, line = self.damage(nxt_base, nxt_cur, dict(o.attackers), blocks, steps, i + 1, o.state, dealt,
                                  mana, a, b)
            return v, (("damage", tuple(o.resolved)),) + line

        last = steps[i] != "first-strike"  # h31: the regular step is the last (510.4)
        tree = lazy_outcomes(lambda ch: damage_window(cur, state.copy(), attackers, blocks, got, died, ch,
                                                      last_step=last))
        return self.tree(tree, go, alpha, beta)

    # ------------------------------------------------------------------ questions

    def choose_attack(self) -> Decision:
        """The best declaration (attacker view), searched to the end (raises
        :class:`~redzone.solver.ai.clock.Timeout` when the clock runs out)."""
        best: Decision | None = None
        for attack, cost, life in self.attacks():
            alpha = best.value if best is not None else -INF
            v, line = self.attack_value(attack, cost, life, alpha, INF)
            if best is None or v > best.value:
                blocks = next((x[1] for x in line if x[0] == "blocks"), {})
                best = Decision(dict(attack), dict(blocks), v, line)
        assert best is not None, "no attack is always legal when nothing requires one"
        return best

    def declared(self, pending_attack_window: bool) -> tuple[dict[str, str], Board, GameState, Node | None]:
        """The board's ``combat.attackers``, the board with them attacking, its state, and —
        when ``pending_attack_window`` and some creature attacks — the tree of the attack
        window's outcomes (508.2; the scenario's ``combat.trigger_choices`` taken, the other
        choices moves, issue 21); ``None`` when no window is to resolve."""
        scenario: Any = self.board.scenario
        attack = dict(scenario.combat.attackers)
        b0 = with_combat(self.board, attack, {})
        state = GameState.from_board(b0)
        if not (attack and pending_attack_window):
            return attack, b0, state, None
        from redzone.models.triggers.scenario import ScenarioChoices

        given = ScenarioChoices(self.board)
        return attack, b0, state, outcomes(given.wrap("attack", lambda ch: attack_window(b0, state.copy(), attack, ch)))

    def choose_blocks(self, pending_attack_window: bool) -> Decision:
        """The defending players' best block against the board's ``combat.attackers``
        (attacker-view value: the least). With ``pending_attack_window``, the attack
        window resolves first, each chooser playing best; the block answers the line it
        reaches. The greedy block of :meth:`greedy_block`, when proved legal, is searched
        first (move ordering only: every block is searched)."""
        attack, b0, state, tree = self.declared(pending_attack_window)
        head: Line = ()
        board, attackers = b0, attack
        if tree is not None:
            node = tree
            while node.outcome is None:
                assert node.choice is not None
                vals = [self.tree(c, lambda o, a, b: self.blocks(window_board(b0, attack, o, {}),
                                                                 dict(o.attackers), o.state, 0, a, b),
                                  -INF, INF)[0] for c in node.children]
                pick = max(vals) if self.maximises(node.choice) else min(vals)
                node = node.children[vals.index(pick)]
            o = node.outcome
            board, attackers, state = window_board(b0, attack, o, {}), dict(o.attackers), o.state
            head = (("attack", tuple(o.resolved)),)
        best: Decision | None = None
        listed = self.block_list(board, attackers, state)
        first = None
        if not self.over(state):
            first = self.greedy_block([(board, attackers, state)])
            if first is not None:
                listed = itertools.chain([first], listed)
        for blocks, cost, paid in listed:
            beta = best.value if best is not None else INF
            v, line = self.one_block(board, attackers, state, blocks, self.mana(0, cost), paid, -INF, beta)
            if best is None or v < best.value:
                best = Decision(attack, dict(blocks), v, head + (("blocks", blocks, cost, dict(paid)),) + line)
                self.found = best
            if first is not None and blocks is first[0]:
                self.greedy_valued = blocks
        assert best is not None
        return best

    # ------------------------------------------------------------------ cut short

    def positions(self, pending_attack_window: bool) -> list[tuple[Board, dict[str, str], GameState]]:
        """Every position blocks may be declared in (509.1): each outcome of the attack
        window when it is still to resolve (:meth:`declared`), else the declared position.
        Raises ``RuntimeError`` past :func:`~redzone.models.triggers.resolve.outcomes`'
        limit."""
        attack, b0, state, tree = self.declared(pending_attack_window)
        if tree is None:
            return [(b0, attack, state)]
        out: list[tuple[Board, dict[str, str], GameState]] = []
        stack = [tree]
        while stack:
            node = stack.pop()
            if node.outcome is not None:
                o = node.outcome
                out.append((window_board(b0, attack, o, {}), dict(o.attackers), o.state))
            else:
                stack.extend(reversed(node.children))
        return out

    def problems_of(self, positions: list[tuple[Board, dict[str, str], GameState]]
                    ) -> list[list[bp_mod.BlockProblem] | None]:
        """The defending players' block problems (509.1) of each of ``positions``, on the
        battlefield its state left (:func:`battlefield_view`); ``None`` for a position where
        a player already lost (104.2a: no block is declared there)."""
        out: list[list[bp_mod.BlockProblem] | None] = []
        for board, attackers, state in positions:
            if self.over(state):
                out.append(None)
            else:
                view, live = battlefield_view(board, state, attackers)
                out.append(block_problems(view, live))
        return out

    @staticmethod
    def legal_everywhere(blocks: Mapping[str, list[str]], problems: list[list[bp_mod.BlockProblem] | None]
                         ) -> tuple[int, dict[str, int]] | None:
        """(mana, life paid by each defending player) of ``blocks`` in the first position
        of ``problems`` (:meth:`problems_of`) when ``blocks`` is proved legal in every one
        of them (:func:`proved_legal`; a position where a player lost counts as legal);
        else ``None``."""
        got: tuple[int, dict[str, int]] | None = None
        for probs in problems:
            here = (0, {}) if probs is None else proved_legal(probs, blocks)
            if here is None:
                return None
            if got is None:
                got = here
        return got

    def greedy_block(self, positions: list[tuple[Board, dict[str, str], GameState]],
                     problems: list[list[bp_mod.BlockProblem] | None] | None = None
                     ) -> tuple[dict[str, list[str]], int, dict[str, int]] | None:
        """A cheap block that may survive (:func:`redzone.solver.ai.block_search._static_climb`:
        from no block, the one- or two-creature changes that lower the damage and poison the
        attacking creatures alone can push through, while that is still lethal — no damage
        game played), on the first of ``positions``, with its mana and life paid; ``None``
        when it is no block, there are several defending players, or it is not proved legal
        in every position (:meth:`legal_everywhere`; ``problems``: :meth:`problems_of` of
        ``positions``, worked out when ``None``). A candidate only: its value is the
        game's."""
        from types import SimpleNamespace

        from redzone.solver.ai.block_search import _static_climb

        if problems is None:
            problems = self.problems_of(positions)
        board, attackers, state = positions[0]
        own = problems[0]
        if own is None or len(own) != 1 or own[0].bands:
            return None
        view, live = battlefield_view(board, state, attackers)
        players = {p.name for p in view.players}
        # What the climb reads of a game (block_search._through): the creatures, the players
        # and their totals in this position, and a clock for the time checks.
        shim: Any = SimpleNamespace(
            facts=SimpleNamespace(board=view, players=players, base_life=dict(state.life),
                                  base_poison=dict(state.poison)),
            combatants=SimpleNamespace(through_of={}), clock=self.clock)
        found = _static_climb(shim, live, own[0],
                              lambda d: 0 if self.legal_everywhere(d, problems) is not None else None, {})
        found = {b: list(a) for b, a in found.items() if a}
        if not found:
            return None
        got = self.legal_everywhere(found, problems)
        return None if got is None else (found, got[0], got[1])

    def block_line(self, blocks: Mapping[str, list[str]], pending_attack_window: bool,
                   cost: int, paid: Mapping[str, int]) -> Decision:
        """The defending players' committing to ``blocks`` (proved legal in every position
        of :meth:`positions` by the caller), played once: the attack window's outcomes as in
        the search (each chooser playing best against this block), then the block window
        and the damage steps. Its mana and life paid are worked out in each outcome
        (:func:`proved_legal`; ``cost`` and ``paid``, the caller's, where that can't prove
        it: a single position whose block solver's plan is legal). The value is exactly
        this block's (attacker view); raises :class:`~redzone.solver.ai.clock.Timeout` when
        the clock runs out."""
        attack, b0, state, tree = self.declared(pending_attack_window)
        blocks = {b: list(a) for b, a in blocks.items() if a}

        def play(board: Board, attackers: dict[str, str], st: GameState, a: int, b: int) -> _Value:
            if self.over(st):
                return self.leaf(board, attackers, st, self.mana(0, 0), a, b)
            view, live = battlefield_view(board, st, attackers)
            here = proved_legal(block_problems(view, live), blocks)
            c, p = here if here is not None else (cost, dict(paid))
            v, line = self.one_block(board, attackers, st, blocks, self.mana(0, c), p, a, b)
            return v, (("blocks", blocks, c, dict(p)),) + line

        if tree is None:
            v, line = play(b0, attack, state, -INF, INF)
        else:
            def after(o: Outcome, a: int, b: int) -> _Value:
                v, line = play(window_board(b0, attack, o, {}), dict(o.attackers), o.state, a, b)
                return v, (("attack", tuple(o.resolved)),) + line

            v, line = self.tree(tree, after, -INF, INF)
        return Decision(attack, blocks, v, line)


def proved_legal(problems: list[bp_mod.BlockProblem], blocks: Mapping[str, list[str]]
                 ) -> tuple[int, dict[str, int]] | None:
    """(mana, life paid by each defending player) of ``blocks`` against the defending
    players' ``problems`` when it is proved legal without a solver (509.1, 802.4): each
    blocking creature one of a problem's blockers, nothing unavailable or restricted
    (509.1a-b, :func:`~redzone.models.block_problem.restriction_violations`), the cost within
    the mana and life (509.1d, 119.4), and every requirement obeyed (509.1c: the most any
    block obeys is at most all of them). ``None`` otherwise — also when it may be legal
    but that would need the maximum of the requirements, or a band's rules (702.22h)."""
    owner = {b: i for i, p in enumerate(problems) for b in p.blockers}
    parts: list[dict[str, list[str]]] = [{} for _ in problems]
    for b, lst in blocks.items():
        if not lst:
            continue
        i = owner.get(b)
        if i is None:
            return None  # not a creature a defending player may block with (509.1a)
        parts[i][b] = list(lst)
    cost = 0
    paid: dict[str, int] = {}
    for p, d in zip(problems, parts):
        if p.bands and d:
            return None
        if bp_mod.restriction_violations(p, d):
            return None
        c = bp_mod.cost_of(p, d)
        life = bp_mod.life_cost_of(p, d)
        if c > p.mana or not bp_mod.can_pay_life(p, life):
            return None
        if p.requirements and bp_mod.obeyed_count(p, d) < len(p.requirements):
            return None
        cost += c
        if life:
            paid[p.defending_player] = paid.get(p.defending_player, 0) + life
    return cost, paid


_LEGAL_DAMAGE: dict[Any, list[dict[str, dict[str, int]]]] = {}
"""Legal assignments of one independent part of a damage step, by everything its legality
reads (the rules, the step, its sources and their recipients)."""


def _legal_damage(problem: Any) -> list[dict[str, dict[str, int]]]:
    """Every legal assignment of a combat damage step (510.1), as the product of the legal
    assignments of its independent parts (sources sharing no recipient: every condition
    on a source reads only totals of its own recipients, so an assignment is legal exactly
    when each part is; :func:`redzone.solver.reference._damage_components`)."""
    import dataclasses
    import itertools

    from redzone.solver.reference import _damage_components

    parts = []
    for comp in _damage_components(problem):
        ids = set(comp)
        sources = tuple(s for s in problem.sources if s.id in ids)
        try:
            used = sorted({r for s in sources for r in s.recipients if r in problem.recipients})
            key: Any = (problem.rules, problem.step, sources, problem.later,
                        tuple((r, problem.recipients[r]) for r in used))
            got = _LEGAL_DAMAGE.get(key)
        except TypeError:  # an unhashable part: not kept
            key, got = None, None
        if got is None:
            got = reference_legal_damage(dataclasses.replace(problem, sources=sources))
            if key is not None:
                if len(_LEGAL_DAMAGE) > 20_000:
                    _LEGAL_DAMAGE.clear()
                _LEGAL_DAMAGE[key] = got
        parts.append(got)
    out = []
    for combo in itertools.product(*parts):
        merged: dict[str, dict[str, int]] = {}
        for part in combo:
            merged.update(part)
        out.append(merged)
    return out


_ATTACKING_EVENTS = frozenset({"attacks", "you_attack", "attacks_alone", "becomes_blocked", "blocked_by",
                               "unblocked", "combat_damage_player", "exerted", "enlisted"})
"""Events only an attacking creature (or the attacking player) has: a creature that can
block can't deal combat damage to a player (510.1c-d)."""


def _keyword_counters(board: Board, pid: str) -> dict[str, int]:
    """The keyword counters (122.1b) on permanent ``pid`` of ``board`` (``{}`` when it is
    not there)."""
    from redzone.models.triggers.counters import KEYWORD_COUNTERS

    perm = board.permanents.get(pid)
    return {} if perm is None else {k: n for k, n in perm.counters.items() if k in KEYWORD_COUNTERS}


def _keyword_counters_may_change(board: Board) -> bool:
    """Whether a triggered ability of ``board`` may put, move, double or remove counters
    other than +1/+1 and -1/-1 (a keyword counter gives or takes a keyword, 122.1b), or
    proliferate: then a creature's keywords at the end of combat are not those of
    ``board``."""
    from redzone.models.triggers.resolve import _grantors  # pyright: ignore[reportPrivateUsage]

    if not _grantors(board):
        # (no grantor: each permanent's triggered abilities are its own, read once per
        # permanent, :func:`_own_keyword_counters`)
        return any(_own_keyword_counters(perm) for perm in board.permanents.values())
    return any(_changes_keyword_counters(perm, board) for perm in board.permanents.values())


def _changes_keyword_counters(perm: Any, board: Board | None) -> bool:
    """Whether a triggered ability ``perm`` has (with ``board``'s grants; ``None``: its own
    only) may put, move, double or remove counters other than +1/+1 and -1/-1, or
    proliferate."""
    from redzone.models.triggers.resolve import triggers
    from redzone.models.triggers.types import (CounterChange, Counters, MoveCounters, Proliferate,
                                               flat_effects)

    for t in triggers(perm, board):
        for e in flat_effects(t.effects):
            if isinstance(e, Proliferate) or isinstance(e, (Counters, CounterChange, MoveCounters)) \
                    and e.kind not in ("+1/+1", "-1/-1"):
                return True
    return False


def _own_keyword_counters(perm: Any) -> bool:
    """:func:`_changes_keyword_counters` of ``perm``'s own triggered abilities (613.1f: no
    grantor on its board), kept by the permanent's id with the permanent
    (:data:`_OWN_KC`): it reads only the permanent's own fields (parsed text, names,
    counters, lost abilities and keywords), and the search never changes a permanent in
    place (a changed permanent is a new object; ``trigger_units._PRINTS`` relies on the
    same)."""
    got = _OWN_KC.get(id(perm))
    if got is None or got[0] is not perm:
        if len(_OWN_KC) > 20_000:
            _OWN_KC.clear()
        got = _OWN_KC[id(perm)] = (perm, _changes_keyword_counters(perm, None))
    return got[1]


_OWN_KC: dict[int, tuple[Any, bool]] = {}
"""id of a permanent -> (the permanent, :func:`_own_keyword_counters`' answer)."""


def plays_triggers(board: Board, lookahead: int = 0) -> bool:
    """Whether a triggered ability of combat of ``board`` may trigger in its active player's
    combat — or, at ``lookahead`` 1, in the next player's (the crack-back):
    :func:`~redzone.models.triggers.resolve.has_combat_triggers`, without those that watch
    only their controller's own attacking creatures (or their controller attacking) when
    that controller isn't the player attacking — exalted, battle cry, rampage, afflict,
    "whenever ~ attacks" of a defending player's creature never trigger in that combat
    (508.1a: only the active player's creatures attack). A board where nothing may trigger
    is searched as a board without triggers (exactly the same game)."""
    if _live(board, board.active_player):
        return True
    if lookahead >= 1:
        player = next_player(board)
        return player is not None and _live(board, player)
    return False


def _live(board: Board, attacking: str) -> bool:
    """Whether a triggered ability of ``board`` may trigger in ``attacking``'s combat."""
    from redzone.models.triggers.resolve import triggers

    for perm in board.permanents.values():
        for t in triggers(perm, board):
            if perm.controller != attacking and t.event in _ATTACKING_EVENTS and (
                    t.watch.kind in ("self", "player")
                    or (t.watch.kind == "creatures" and t.watch.controller == "you")):
                continue
            return True
    return False


def _windows(board: Board) -> set[str]:
    """The windows (:data:`redzone.models.triggers.types.Window`) the triggered abilities of
    ``board``'s permanents trigger in; every window when one of them gives abilities or
    makes creature tokens with abilities (they might bring triggered abilities of their
    own)."""
    from redzone.models.triggers.resolve import triggers
    from redzone.models.triggers.types import CreateTokens, GainKeywords, Transform, flat_effects

    out: set[str] = set()
    for perm in board.permanents.values():
        for t in triggers(perm, board):
            out.add(t.window)
            for e in flat_effects(t.effects):  # a mode's and a condition's effects too
                if isinstance(e, (GainKeywords, Transform)) or (  # h9: a back face's abilities
                        isinstance(e, CreateTokens) and (e.keywords or e.copy_of_source)):
                    return {"attack", "block", "damage", "dies"}
    return out


def _free(problem: bp_mod.BlockProblem) -> bool:
    """No restriction, requirement or cost (509.1b-d): every listed block is legal."""
    return not (problem.restrictions or problem.requirements or problem.blocker_costs or problem.pair_costs
                or problem.blocker_life_costs or problem.pair_life_costs)


def _attack_key(attackers: Mapping[str, str]) -> Any:
    """The key of :attr:`TriggerGame.killers`' ``"by attack"`` table: the attacking
    creatures and what each attacks."""
    return tuple(sorted(attackers.items()))


def _position_key(board: Board) -> Any:
    """A key of a board at the start of a turn (:func:`~redzone.solver.ai.position.next_turn_board`):
    the active player, life and poison totals, and each permanent's id, name, power,
    toughness, tapped and summoning-sick status, counters and conditions (renowned ...). Two boards made from one
    question's board with equal keys are the same position (a permanent's abilities are its
    card's: what combat changed of them ended, 514.2; tokens are named by their id)."""
    return (board.active_player, board.departed,
            tuple((p.name, p.life, p.poison, p.commander_damage) for p in board.players),
            tuple((p.id, p.name, p.power, p.toughness, p.tapped, p.summoning_sick, p.loyalty, p.defense,
                   tuple(sorted(p.counters.items())), repr(sorted(p.conditions.items())))
                  for p in board.permanents.values()))


_BLOCKS: dict[Any, list[dict[str, list[str]]]] = {}
"""Legal blocks of a judged (not free) block problem, by everything the listing reads (the
problem's fields and the blockers' classes): the same problem comes back in every position
of a search whose creatures did not change (a crack-back position, another declaration's
outcome)."""


def _problem_key(problem: bp_mod.BlockProblem, classes: Mapping[str, int]) -> Any:
    """A key of everything :func:`_player_blocks` reads (``None``: something unhashable)."""
    try:
        key = (problem.defending_player, problem.attackers, problem.blockers,
               tuple(sorted(problem.allowed.items())), tuple(sorted(problem.capacity.items())),
               tuple(sorted(problem.power.items())), problem.restrictions, problem.requirements,
               tuple(sorted(problem.blocker_costs.items())), tuple(sorted(problem.pair_costs.items())),
               problem.mana, tuple(sorted(problem.blocker_life_costs.items())),
               tuple(sorted(problem.pair_life_costs.items())), problem.life, problem.bands,
               _class_pattern(problem.blockers, classes))
        hash(key)
    except TypeError:
        return None
    return key


def _class_pattern(items: tuple[str, ...], classes: Mapping[str, int]) -> tuple[int, ...]:
    """Which of ``items`` share a class (what the listing reads of the classes): each
    item's first fellow member's place (an item without a class is alone)."""
    first: dict[int, int] = {}
    return tuple(first.setdefault(classes[x], i) if x in classes else i for i, x in enumerate(items))


def _player_blocks(problem: bp_mod.BlockProblem, classes: Mapping[str, int]) -> Iterator[dict[str, list[str]]]:
    """One defending player's legal blocks (509.1a-d), one per multiset of identical
    blocking creatures: each blocker's attacker sets within its capacity (509.1a), no
    restriction broken (509.1b), cost within the mana and life (509.1d), at least the most
    requirements any legal block obeys (509.1c; the rules are symmetric in identical
    creatures, so the most over one block per multiset is the most). A judged listing is
    kept by :func:`_problem_key` (:data:`_BLOCKS`; the blocks it yields are read only)."""
    if _restricted_only(problem):
        # Only restrictions (509.1b): a block is legal when it breaks none — judged as it is
        # listed, so that a cut-off spares the rest.
        for d in _judged_blocks(problem, classes, lazy=True):
            if not bp_mod.restriction_violations(problem, d):
                yield d
        return
    if not _free(problem):
        key = _problem_key(problem, classes)
        got = _BLOCKS.get(key) if key is not None else None
        if got is None:
            got = list(_judged_blocks(problem, classes))
            if key is not None:
                if len(_BLOCKS) > 2_000:
                    _BLOCKS.clear()
                _BLOCKS[key] = got
        yield from got
        return
    yield from _judged_blocks(problem, classes)


def _restricted_only(problem: bp_mod.BlockProblem) -> bool:
    """Restrictions (509.1b), but no requirement or cost (509.1c-d)."""
    return bool(problem.restrictions) and not (
        problem.requirements or problem.blocker_costs or problem.pair_costs or problem.blocker_life_costs
        or problem.pair_life_costs)


def _judged_blocks(problem: bp_mod.BlockProblem, classes: Mapping[str, int], lazy: bool = False
                   ) -> Iterator[dict[str, list[str]]]:
    """:func:`_player_blocks`, listed afresh (``lazy``: every listed block, unjudged)."""
    blockers, options = _block_options(problem)
    listed = ({b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}
              for idx in _canonical_product(blockers, options, classes, BLOCK_BOUND))
    try:
        if lazy or _free(problem):
            yield from listed  # every listed block is legal: listed lazily
            return
        rows = list(listed)
    except OverflowError:
        raise TooManyBlocks from None  # (past BLOCK_BOUND: cut short, never a partial minimum)
    judged = []
    maximum = 0
    # (Each part is worked out only when the problem has it: no cost, no requirement.)
    costs = bool(problem.blocker_costs or problem.pair_costs)
    lives = bool(problem.blocker_life_costs or problem.pair_life_costs)
    required = bool(problem.requirements)
    restricted = bool(problem.restrictions)
    for d in rows:
        legal = not restricted or not bp_mod.restriction_violations(problem, d)
        cost = bp_mod.cost_of(problem, d) if costs else 0
        obeyed = bp_mod.obeyed_count(problem, d) if required else 0
        judged.append((d, legal, cost, obeyed))
        if legal and cost == 0 and not (lives and bp_mod.life_cost_of(problem, d)):  # 509.1d: costs are never forced
            maximum = max(maximum, obeyed)
    yield from (d for d, legal, cost, obeyed in judged if legal and cost <= problem.mana and obeyed >= maximum
                and (not lives or bp_mod.can_pay_life(problem, bp_mod.life_cost_of(problem, d))))


# ============================================================================ answers


def line_parts(line: Line) -> tuple[dict[str, list[str]], list[dict[str, Any]], list[dict[str, object]],
                                    Board | None, GameState | None]:
    """(blocks, damage steps as ``{"step", "assignment"}``, the triggered abilities that
    resolved in order as JSON, the final board, the final state) of a line."""
    blocks: dict[str, list[str]] = {}
    damage: list[dict[str, Any]] = []
    resolved: list[dict[str, object]] = []
    board: Board | None = None
    state: GameState | None = None
    parts: list[tuple[Any, ...]] = []
    for part in line:
        if part[0] == "units":  # a block played in units: replayed whole for the answer
            from redzone.solver.ai.trigger_units import replay

            parts.extend(replay(*part[1:]))
            break
        parts.append(part)
    step = "regular"
    for part in parts:
        kind = part[0]
        if kind == "blocks":
            blocks = {b: list(a) for b, a in part[1].items() if a}
        elif kind in ("attack", "block"):
            resolved.extend(r.to_json() for r in part[1])
        elif kind == "damage":
            # named by its step, as combat.trigger_choices names it (issue 21 §2)
            resolved.extend({**r.to_json(), "window": step} for r in part[1])
        elif kind == "step":
            step = part[1]
            damage.append({"step": part[1], "assignment": {s: {r: n for r, n in row.items() if n}
                                                           for s, row in part[2].items()
                                                           if any(row.values())}})
        elif kind == "end":
            board, state = part[1], part[2]
    return blocks, damage, resolved, board, state


def answer_attack(board: Board, weights: Weights, lookahead: int, clock: Clock) -> dict[str, Any]:
    """The fields of ``choose_attack``'s answer on a board with triggered abilities of
    combat: the exact search's best declaration (``status`` optimal) or, cut short by the
    clock, the best declaration searched to the end so far (``feasible``, ``bound`` a won
    game). When none was: the legal fallback (``decisions._fallback_attack``: no attack
    when nothing requires one, 508.1d; else the attack solver's plan when proved legal —
    triggered abilities trigger only once attackers are declared, 508.1, 603.2, so they
    don't change which declarations are legal), played once in what is left of the
    command's time (``replay``; skipped: ``value`` a lost game, no line, no reasons).
    Raises :class:`redzone.models.limits.TimeLimitReached` when no legal declaration is
    proved in time."""
    from redzone.models.limits import TimeLimitReached
    from redzone.solver.ai.reserve import Skips

    game = TriggerGame(board, board.active_player, weights, lookahead, clock)
    problem = attack_problem(board)
    best: Decision | None = None
    finished = False
    try:
        for attack, cost, life in game.attacks():
            alpha = best.value if best is not None else -INF
            v, line = game.attack_value(attack, cost, life, alpha, INF)
            if best is None or v > best.value:
                best = Decision(dict(attack), {}, v, line)
        finished = True
    except (Timeout, TimeLimitReached):
        pass
    finished = finished and game.exact
    win = game.ev.win
    skips = Skips()
    attack: dict[str, str] = {}
    if best is None:
        from redzone.solver.ai.decisions import _fallback_attack

        attack = _fallback_attack(problem)  # TimeLimitReached when not proved legal
        fallback = attack

        def play() -> Decision:
            v, got = game.attack_value(fallback, attack_cost_of(problem, fallback),
                                       attack_life_of(problem, fallback), -INF, INF)
            return Decision(dict(fallback), {}, v, got)

        best = skips.run("replay", play, None, game, share=0.6)
        if best is None:
            skips.add("value")  # its value is the play's
    if best is None:
        value, bound, line = -win, win, None
    else:
        attack, value, line = best.attack, best.value, best.line
        bound = value if finished else win
    cost = attack_cost_of(problem, attack)
    lethal = finished and value >= win + game.mana(cost, 0)
    if lethal:
        value = bound = win
    blocks, damage, resolved, end_board, state = line_parts(line) if line is not None else ({}, [], [], None, None)
    outcome: Any = state.to_outcome(board, end_board) if state is not None and end_board is not None else {}
    life = attack_life_of(problem, attack)
    response_mana, paid = next(((x[2], x[3]) for x in line if x[0] == "blocks"), (0, {})) \
        if line is not None else (0, {})
    paid = dict(paid)
    if life:
        paid[board.active_player] = paid.get(board.active_player, 0) + life
    reasons = {c: (f"attacks {attack[c]}" if c in attack else "stays home")
               + (" (exact search with triggered abilities, CR 603)" if finished else "")
               for c in dict.fromkeys(problem.creatures)} if line is not None else {}
    if line is None:
        skips.add("reasons")  # they describe the line played out
    return {"attackers": attack, "status": "optimal" if finished else "feasible", "value": value,
            "bound": bound, "lethal": lethal, "response": blocks, "damage": damage, "outcome": outcome,
            "reasons": reasons, "mana_paid": cost, "life_paid": paid, "response_mana_paid": response_mana,
            "response_proved": finished, "triggers": tuple(resolved),
            "skipped": tuple(skips.names)}


def answer_blocks(board: Board, weights: Weights, lookahead: int, clock: Clock) -> dict[str, Any]:
    """The fields of ``choose_blocks``' answer on a board with triggered abilities of
    combat (the attack window first unless the scenario says it resolved,
    ``combat.triggers_resolved``): the exact search's best block (``optimal``). Cut short by
    the clock (docs/ai.md "Triggered abilities of combat", "Cut short"; ``feasible``,
    ``bound`` a won game for the defending players): the better of the best block searched
    to the end so far and the greedy block (:meth:`TriggerGame.greedy_block`) played once
    (``rescue``, in what is left of the command's time); when neither was played, a block
    proved legal in every outcome of a pending attack window (:func:`_fallback_block`),
    played once if there is time (``replay``; else nothing of it is played: ``value`` a
    lost game, ``outcome`` empty, ``survives`` ``None``). Raises
    :class:`redzone.models.limits.TimeLimitReached` when no block can be proved legal."""
    from redzone.models.limits import TimeLimitReached
    from redzone.solver.ai.reserve import Skips
    from redzone.solver.damage.solve import pending_windows

    # the defending players' value is what this answer proves: a random result is taken
    # worst for them (TriggerGame.maximises)
    defender = next(iter(board.opponents(board.active_player)), board.active_player)
    game = TriggerGame(board, board.active_player, weights, lookahead, clock, against=defender)
    scenario: Any = board.scenario
    attack = dict(scenario.combat.attackers) if getattr(scenario, "combat", None) is not None else {}
    pending = "attack" in pending_windows(board)
    finished = False
    try:
        got: Decision | None = game.choose_blocks(pending)
        finished = True
    except (Timeout, TimeLimitReached):
        got = game.found  # the best block searched to the end so far
    skips = Skips()
    fallback: tuple[dict[str, list[str]], int, dict[str, int]] | None = None
    if not finished:
        got, fallback = _cut_short_blocks(game, board, pending, got, skips)
    finished = finished and game.exact
    win = game.ev.win
    if got is not None and got.line is not None:
        blocks, damage, resolved, end_board, state = line_parts(got.line)
        mana, paid = next(((x[2], x[3]) for x in got.line if x[0] == "blocks"), (0, {}))
        value = -got.value
        if not finished and game.exact and value >= win:
            # A won game for the defending players, valued exactly on a line played to the end
            # (no block costs anything then: nothing is worth more): proved best.
            finished = True
    else:
        assert fallback is not None
        blocks, mana, paid = fallback[0], fallback[1], fallback[2]
        damage, resolved, end_board, state = [], [], None, None
        value = -win  # nothing played, nothing proved of this block's value
    outcome: Any = state.to_outcome(board, end_board) if state is not None and end_board is not None else {}
    from redzone.models.block_rules import attacked_players

    defenders = set(board.opponents(board.active_player))
    # 508.5: the defending players are those attacked (or whose planeswalkers or battles are)
    survives = None if state is None else not any(p in state.lost for p in attacked_players(board, attack))
    reasons: dict[str, str] = {}
    if state is None:
        skips.add("reasons")  # they describe the line played out
    else:
        how = " (exact search with triggered abilities, CR 603)" if finished else \
            " (search with triggered abilities cut short: a legal block, not proved best)"
        for p in board.permanents.values():
            if p.is_creature and p.controller in defenders:
                reasons[p.id] = (f"blocks {', '.join(blocks[p.id])}" if p.id in blocks else "doesn't block") + how
    return {"blockers": blocks, "status": "optimal" if finished else "feasible", "value": value,
            "bound": value if finished else win, "survives": survives, "damage": damage, "outcome": outcome,
            "reasons": reasons, "triggers": tuple(resolved), "mana_paid": mana, "life_paid": dict(paid),
            "skipped": tuple(skips.names)}


def _cut_short_blocks(game: TriggerGame, board: Board, pending: bool, got: Decision | None, skips: Any
                      ) -> tuple[Decision | None, tuple[dict[str, list[str]], int, dict[str, int]] | None]:
    """``answer_blocks``' answer when the search was cut short with ``got`` (the best block
    searched to the end, or ``None``): the greedy block played once when it does better
    (``rescue``); with still no line, the legal fallback (:func:`_fallback_block`) played
    once (``replay``; ``value`` skipped with it). Returns (the line played, or ``None``;
    the fallback block with its mana and life paid, or ``None`` when a line was played).
    Each play runs in what is left of the command's time (``skips``,
    :class:`redzone.solver.ai.reserve.Skips`); the fallback itself is worked out whatever
    the time on a small board (:func:`redzone.solver.ai.reserve.grace`) and raises
    :class:`redzone.models.limits.TimeLimitReached` when no block is proved legal."""
    from redzone.models.limits import TimeLimitReached
    from redzone.solver.ai.reserve import grace

    positions: list[tuple[Board, dict[str, str], GameState]] | None = None
    problems: list[list[bp_mod.BlockProblem] | None] | None = None
    try:
        with grace(len(board.permanents)):  # what a legal block needs (a small board: always)
            positions = game.positions(pending)
            problems = game.problems_of(positions)
    except (RuntimeError, TimeLimitReached):
        pass  # more outcomes of the attack window than are listed, or no time: nothing proved legal
    if positions is None or problems is None:
        if got is not None and got.line is not None:
            return got, None
        raise TimeLimitReached("choosing a legal block with triggered abilities")
    ready_positions, ready_problems = positions, problems

    def rescue() -> Decision | None:
        first = game.greedy_block(ready_positions, ready_problems)
        if first is None or first[0] == game.greedy_valued or (got is not None and got.blocks == first[0]):
            return got  # (valued already: the best so far is at least as good)
        line = game.block_line(first[0], pending, first[1], first[2])
        return line if got is None or line.value < got.value else got

    got = skips.run("rescue", rescue, got, game, share=0.5)
    if got is not None and got.line is not None:
        return got, None
    with grace(len(board.permanents)):
        fallback = _fallback_block(game, ready_positions, ready_problems)
    if fallback is None:
        raise TimeLimitReached("choosing a legal block with triggered abilities")
    blocks, cost, paid = fallback
    played = skips.run("replay", lambda: game.block_line(blocks, pending, cost, paid), None, game, share=0.6)
    if played is None:
        skips.add("value")  # its value is the play's
        return None, fallback
    return played, None


def _fallback_block(game: TriggerGame, positions: list[tuple[Board, dict[str, str], GameState]],
                    problems: list[list[bp_mod.BlockProblem] | None]
                    ) -> tuple[dict[str, list[str]], int, dict[str, int]] | None:
    """A block proved legal in every position blocks may be declared in (each outcome of a
    pending attack window: a creature that "can't block this turn", 509.1b, or a
    requirement such as provoke's, 509.1c, 702.39a, may arise in one of them), with its
    mana and life paid: no block when that is proved legal everywhere
    (:meth:`TriggerGame.legal_everywhere`: nothing requires a block, 509.1c); else the
    block solver's plan (:func:`redzone.solver.block.solve.plan_blocks`) of one position
    — in a single position when it is proved legal there, among several when it obeys
    every requirement of each (the first of at most :data:`FALLBACK_PLANS` positions'
    plans that does); else ``None``."""
    got = game.legal_everywhere({}, problems)
    if got is not None:
        return {}, got[0], got[1]
    from redzone.solver.block.solve import plan_blocks

    tried: list[dict[str, list[str]]] = []
    for probs in problems:
        if probs is None or len(tried) >= FALLBACK_PLANS:
            continue
        plan = plan_blocks(probs)
        if plan.legal is not True:
            continue
        blocks = {b: list(a) for b, a in plan.blockers.items() if a}
        if blocks in tried:
            continue
        tried.append(blocks)
        if len(positions) == 1:
            return blocks, _cost(probs, blocks), _life_paid(probs, blocks)
        got = game.legal_everywhere(blocks, problems)
        if got is not None:
            return blocks, got[0], got[1]
    return None


FALLBACK_PLANS = 8
"""Most positions (outcomes of a pending attack window) whose block solver's plan
:func:`_fallback_block` tries."""


def _cost(problems: list[bp_mod.BlockProblem], blocks: Mapping[str, list[str]]) -> int:
    """The mana ``blocks`` costs (509.1d), summed over the defending players' problems."""
    return sum(bp_mod.cost_of(p, {b: a for b, a in blocks.items() if b in p.blockers}) for p in problems)


def _life_paid(problems: list[bp_mod.BlockProblem], blocks: Mapping[str, list[str]]) -> dict[str, int]:
    """The life each defending player pays for ``blocks`` (509.1d, 119.4)."""
    paid: dict[str, int] = {}
    for p in problems:
        life = bp_mod.life_cost_of(p, {b: a for b, a in blocks.items() if b in p.blockers})
        if life:
            paid[p.defending_player] = paid.get(p.defending_player, 0) + life
    return paid
