"""The combat game the AI plays (issue 9), as a searchable object: legal declarations from
the rules code, combat damage resolved by the outcome code, the evaluation, the crack-back.

One :class:`Game` is built per question (``choose_attack`` / ``choose_blocks`` and each
crack-back position). Values are integers in milli-points from the point of view of one
player P (the *perspective*, :class:`redzone.models.evaluation.Evaluator`); the attacking
player of the board maximises ``sign * value`` with ``sign = +1`` when P attacks, ``-1``
otherwise, and the defending players minimise it (two-player zero-sum, perfect information,
no spells or abilities during combat).

How a combat is valued (the game of ``docs/ai.md``):

1. the attacking player picks a legal declaration of attackers (CR 508.1; every
   declaration comes from :func:`redzone.models.attack_rules.attack_problem` and is legal
   by :mod:`redzone.solver.attack.solve` or the definitions of :mod:`redzone.models.attack_problem`);
2. the defending players pick a legal block (CR 509.1, per player 802.4; from
   :func:`redzone.models.block_rules.block_problems` and :mod:`redzone.models.block_problem`);
3. each combat damage step (510.4): the attacking player picks its assignment, then the
   defending players theirs (510.1, banding 702.22j-k), among the legal assignments of
   :mod:`redzone.models.damage_problem`; the damage is dealt and state-based actions
   performed by :mod:`redzone.models.outcome` (510.2-3, 704);
4. lookahead 1: the next player then attacks (lookahead 0) with what is untapped: the
   attacking player's creatures that attacked stay tapped unless they have vigilance
   (302.6, 502.3, 702.20b); the next player's permanents untap (502.3), marked damage is gone
   (514.2) and this turn's scenario effects end.

Speed without changing the answer: *units* — attackers and the creatures blocking them fall
into independent groups (no shared blocker, planeswalker or battle) whose damage is resolved
once and cached, then combined; identical creatures (same characteristics, no effect naming
them) are interchangeable, so only one declaration per multiset of choices is searched;
alpha-beta cut-offs over declarations and blocks. At lookahead 1 a block's value right
after combat bounds its value after the crack-back from above (the next player may always
not attack), so blocks are valued without the crack-back first: one at or below the bound
to beat refutes the attack at once, and the rest are searched best-first; the crack-back is
searched with the window that matters (fail-soft alpha-beta), its proved bounds memoised by
position, and the games of one question share their units' damage games (the same
combatants with the same characteristics play the same damage), the creatures' evaluation
parts and the next player's best attack (tried first in the next position). On
boards of keywords only, a block's value right after combat is bounded from below without
playing its blocked attackers' damage (:meth:`Game.static_floor`): at lookahead 1 only the
blocks whose bound doesn't settle the order get their value, at lookahead 0 a block whose
bound can't come below the best so far (nor below beta, while no block is) is skipped, and
so is a whole run of blocks sharing their first choices on one bound of theirs
(:meth:`Game.prefix_floor`); at lookahead 1 an attack not refuted by one of its first
blocks is asked by the lookahead-0 branch and bound whether some block refutes it; a
unit that differs from one already played only by swapping identical creatures is that
one renamed. Block problems
are cut down from the problem of every attacking creature when nothing in them depends on
the whole attack (:func:`redzone.models.block_rules.sub_block_problem`).
Whatever cannot be proved exact (a time limit, a damage step too large to list) makes the
search *inexact* and the answer ``feasible``. An attack with more than ``BLOCK_BOUND``
blocks is answered by :mod:`redzone.solver.ai.block_search` (branch and bound where it is exact),
and a block answer that is not proved is improved there by local search.

:class:`Game` is put together from parts: the legal declarations
(:mod:`redzone.solver.ai.declarations`), the units and their damage games
(:mod:`redzone.solver.ai.units`), the units a lord leaving during combat damage joins
(:mod:`redzone.solver.ai.lords`) and the proved bounds the search cuts with
(:mod:`redzone.solver.ai.bounds.static`, and for runs of blocks :mod:`redzone.solver.ai.bounds.prefix`),
the order blocks are examined in
(:mod:`redzone.solver.ai.order`) and the next player's attack back
(:mod:`redzone.solver.ai.crack_back`); this module holds the values and the search. Board views, the next turn's board and symmetry live in
:mod:`redzone.solver.ai.position`; a unit's outcome tree (leaves, choice nodes, merging) in
:mod:`redzone.solver.ai.tree`. The constants ``BOOST``, ``DAMAGE_BOUND``,
``ATTACK_BOUND`` and ``BLOCK_BOUND`` are importable from here as before.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redzone.models import block_problem as bp_mod
from redzone.models.abilities import (
    BlockTax,
    Conditional,
    Grant,
    LifeFloor,
    ModifyPT,
    RedirectDamage,
)
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems, uniform_block_rules
from redzone.models.board import Board
from redzone.models.conditions import condition_sources
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.layers import reaches_others
from redzone.models.outcome import GameState, state_based_actions
from redzone.solver.ai.position import (
    Departure,
    _block_options,
    _free,
    symmetry_classes,
)
from redzone.solver.ai.bounds.static import Bounds
from redzone.solver.ai.crack_back import CrackBack
from redzone.solver.ai.units import BOOST, DAMAGE_BOUND, _COUPLING_ABILITIES, UnitGames
from redzone.solver.ai.declarations import ATTACK_BOUND, BLOCK_BOUND, Declarations
from redzone.solver.ai.lords import Lords
from redzone.solver.ai.order import BlockOrder
from redzone.solver.ai.bounds.prefix import PrefixFloor
from redzone.solver.ai.evaluate import Values
from redzone.solver.ai.tree import _EMPTY, INF, Leaf

__all__ = ["ATTACK_BOUND", "BLOCK_BOUND", "BOOST", "DAMAGE_BOUND", "INF", "Game", "Leaf",
           "Principal", "Shared", "Timeout"]


class Timeout(Exception):
    """The time limit expired.

    ``Timeout.raised`` counts the instances ever made: a value worked out while it changed
    may rest on a search that a caller stopped early and answered with its best so far (the
    local search of :mod:`redzone.solver.ai.block_search` does), so it proves nothing (see
    :meth:`redzone.solver.ai.crack_back.CrackBack.crack_back` and ``choose_attack``)."""

    raised = 0

    def __init__(self, *args: object) -> None:
        Timeout.raised += 1
        super().__init__(*args)

    @classmethod
    def since(cls, count: int) -> bool:
        """Whether a :class:`Timeout` was raised since ``Timeout.raised`` was ``count``."""
        return Timeout.raised != count


# ============================================================================ the game


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
    - ``units``: a unit's damage game by what it reads (see :meth:`Game._unit_key`) ->
      (tree, flat leaves); the same combatants with the same characteristics play the same
      damage in every crack-back position.
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


def conditions_in_combat(board: Board, holders: frozenset[str]) -> frozenset[str]:
    """The permanents among ``holders`` (with an ability under a condition combat can change,
    611.3a) whose change may matter within this combat: one that may attack or block (an
    untapped creature, or one ``combat.attackers`` declares), one whose abilities under a
    condition reach other permanents (613.1, grants), one that is no creature, and one the
    end of a "gets +N/+M" under a condition may leave with lethal damage or 0 toughness
    (704.5f-g). A tapped creature outside combat with none of these changes only the value
    of the position after combat (read whole by the evaluation, 613) and the next turn."""
    if not holders:
        return holders
    combat = getattr(board.scenario, "combat", None)
    declared = set(getattr(combat, "attackers", None) or ())
    out = set()
    for h in holders:
        p = board.permanents[h]
        inner = [x for a in (p.conditional.abilities if p.conditional is not None else ())
                 if isinstance(a, Conditional) for x in a.abilities]
        bonus = sum(max(x.toughness, 0) for x in inner if isinstance(x, ModifyPT))
        if (not p.is_creature or not p.tapped or h in declared or any(reaches_others(x) for x in inner)
                or (p.toughness or 0) - bonus <= p.damage):
            out.add(h)
    return frozenset(out)


class Game(Declarations, UnitGames, Lords, Bounds, PrefixFloor, CrackBack, BlockOrder, Values):
    """The combat game of ``board`` (see the module docstring).

    ``perspective``: the player whose evaluation the values are; ``weights``; ``lookahead``
    0 or 1; ``deadline``: a ``time.perf_counter()`` value or ``None``; ``shared``: what the
    games of one question share (:class:`Shared`; a new one when ``None``)."""

    def __init__(self, board: Board, perspective: str, weights: Weights, lookahead: int,
                 deadline: float | None, shared: Shared | None = None) -> None:
        self.board = board
        self.perspective = perspective
        self.weights = weights
        self.lookahead = lookahead
        self.deadline = deadline
        self.shared = shared if shared is not None else Shared()
        self.ap = board.active_player
        self.sign = 1 if self.ap == perspective else -1
        # Abilities under a condition are decided again on the next turn's board (611.3a:
        # whose turn it is, what left, life totals): the same creature may then have other
        # keywords, so neither the keyword parts nor the units' games are shared.
        self._conditional = bool(condition_sources(board, changing=False))
        if (self.shared.parts is None and lookahead == 1 and not board.abilities_of_kind(Grant)
                and not self._conditional):
            self.shared.parts = {}
        self.ev = Evaluator(board, perspective, weights, parts=self.shared.parts)
        self.base = GameState.from_board(board)
        self.classes = symmetry_classes(board)
        self.exact = True
        self._boost = 0
        self.nodes = 0
        self.partial = INF
        self.problem = attack_problem(board)
        self._units: dict[Any, Any] = {}
        self._flat: dict[int, list[Leaf] | None] = {}
        self._fixed: dict[Any, Any] = {}
        self._blocks: dict[Any, list[tuple[dict[str, list[str]], int]]] = {}
        self._problems: dict[Any, list[bp_mod.BlockProblem]] = {}
        self._floor_facts: tuple[bool, bool] | None = None
        self.found: tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None] = (INF, None)
        self.attack_paid = True
        """Whether the declaration's life costs are paid in this game (``False`` for
        ``choose_blocks``: the attackers were declared and paid for before the question)."""
        self._pay_leaves: dict[Any, Leaf] = {}
        self._departures: dict[Any, tuple[Departure, Game] | None] = {}
        # Whether a block can cost life here (a block tax with Phyrexian mana, 509.1d);
        # without one, :meth:`life_paid` does not look at the block problems.
        self._block_life = any(getattr(a, "phyrexian", None) for a, _ in board.abilities_of_kind(BlockTax))
        self._seen_attack: tuple[Any, tuple[Any, bool]] | None = None
        self._seen_tapped: tuple[Any, tuple[str, ...]] | None = None
        self._seen_blockless: tuple[Any, bool] | None = None
        self._floor_cache: Any = False
        self._harm: dict[str, int] = {}
        self._gain: dict[str, int] = {}
        self._kills: dict[Any, tuple[int, bool]] = {}
        self._hurt: dict[str, tuple[int, int]] = {}
        self._weak_parts: dict[tuple[str, int], int] = {}
        self._player_parts: dict[tuple[int, int, int, int], Any] = {}
        self._floor_ok: bool | None = None
        self._group_parts: dict[tuple[str, tuple[str, ...]], int] = {}
        self._least_parts: dict[Any, int] = {}
        self._floor_row: dict[tuple[str, str, tuple[str, ...]], Any] = {}
        self._iso: dict[Any, tuple[tuple[str, ...], Any]] = {}
        self._pos = {pid: i for i, pid in enumerate(board.permanents)}
        self._plain: bool | None = None
        self._no_blockers = not any(p.is_creature and not p.tapped and p.controller != self.ap
                                    for p in board.permanents.values())
        self._coupling = self._coupling_sources()
        self._layer_sources = self.ev.layer_sources
        # Abilities under a condition combat can change (611.3a: "as long as you control
        # another Dinosaur", "as long as you have 30 or more life"): when the holder may
        # fight, reaches others or may die of the change, a unit's result may change
        # another's creatures and life decides them, so the combat is one unit played with
        # the players' life as it is, the conditions decided again after each step
        # (:meth:`_departures_matter`, :func:`relayered_after_departures`). Otherwise they
        # change only the value of the position, which the evaluation reads whole.
        self._conditions = conditions_in_combat(board, self.ev.condition_sources)
        self._reach, self._frail = self._relayer_facts()
        self._relayer_board: Board | None = None  # the whole board while a lord's unit is played
        self._leaver_statics: bool | None = None  # see _departures_matter
        self._fs_harmless: bool | None = None  # see _first_strike_harmless
        # Effects that make the units' results not add up: a life floor (Worship: two units
        # of 4 against 6 life leave 1, not -2) and redirection (Pariah, Palisade Giant: damage
        # from several units lands on one creature). With one, the combat is one unit.
        self._non_additive = bool(board.abilities_of_kind((LifeFloor, RedirectDamage)))
        self._static_sources = {pid for pid in self._coupling if pid in board.permanents
                                and any(isinstance(a, _COUPLING_ABILITIES)
                                        for a in board.permanents[pid].abilities)}
        pending = self.base.copy()
        state_based_actions(board, pending)
        self._restrict = self._delta(pending) == _EMPTY and not pending.lost
        self._mana_w = weights.mana
        kw = board.has_keyword
        creatures = [p for p in board.permanents.values() if p.is_creature]
        self._strikes_first = {p.id for p in creatures if kw(p, "first strike") or kw(p, "double strike")}
        self._vigilant = {p.id for p in creatures if kw(p, "vigilance")}
        self._players = {p.name for p in board.players}
        self._two = len(board.players) == 2
        # A Commander game with commander damage to count (903.10a, 704.6c): the units'
        # deltas carry it and the bounds that know only life and poison stand aside.
        self._commander = bool(self.base.commander_damage)
        self._opponents = [p.name for p in board.players if p.name != self.ap]
        self._base_life = {p.name: p.life for p in board.players}
        self._base_poison = {p.name: p.poison for p in board.players}
        # The permanents' part of the evaluation, and the opponents who left the game before
        # this board (a crack-back board after a player lost: 104.5, 800.4a), which count the
        # same in every position: what :meth:`_totals` starts from.
        self._base_perm = (sum(self.ev.permanent_score(pid) for pid in board.permanents)
                           + self.ev.departed_part)
        self._killer: set[tuple[str, str]] = set()
        self._crack_back_bounded = lookahead == 1 and self._next_may_pass()
        self._uniform: bp_mod.BlockProblem | None = None
        if uniform_block_rules(board):
            every = {c: self._opponents[0] for c in self.problem.creatures if self.problem.allowed.get(c)}
            if every:
                self._uniform = block_problems(board, every)[0]
        self._uniform_attackers = set(self._uniform.attackers) if self._uniform is not None else set()
        scenario = board.scenario
        combat = getattr(scenario, "combat", None)
        self._share_ctx: Any = None
        if (self._two and self._restrict and not self._non_additive and not board.has_combat_effects
                and not self._conditional
                and not getattr(scenario, "effects", None) and not getattr(combat, "bands", None)):
            order = getattr(combat, "damage_order", None) or {}
            self._share_ctx = (perspective, self.ap, bool(self._coupling), board.rules,
                               tuple(sorted((k, tuple(v)) for k, v in order.items())))

    # ------------------------------------------------------------------ time

    def tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and (self.nodes & 15) == 0 and time.perf_counter() > self.deadline:
            raise Timeout

    # ------------------------------------------------------------------ search

    def block_value(self, attack: Mapping[str, str], attack_cost: int, alpha: int, beta: int
                    ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None]:
        """Attacker-view value of ``attack``: min over legal blocks (alpha-beta), with the
        best block's line. The value is exact when it lies inside (alpha, beta); then every
        block was examined and the line is the defending players' best answer with the
        attacking player's best damage. :attr:`partial` holds the best value so far (an
        upper bound of the attack's value) while the loop runs.

        At lookahead 0 on a :meth:`_plain_board`, a block whose proved lower bound
        (:meth:`static_floor`) is at or above the best value so far is skipped (it can't
        come below it); so is one whose bound is at or above ``beta`` while no block so far
        has come below ``beta``: should none come below it, the attack fails high and the
        value returned is the least of the blocks' lower bounds, the skipped ones'
        included (a proved lower bound, which is all a fail-high value says; the line is
        then one of those blocks, and only its attack is read by the caller, which cuts
        off); should one come below it, the skipped block was no candidate for the best.
        Values inside the window, and so every answer, are those of the full loop; only a
        fail-high value (a bound) may differ. The listing skips a whole run of blocks
        sharing their first choices when a proved lower bound of all their bounds
        (:meth:`prefix_floor`, :meth:`pruned_blocks`) would skip each of them: at or above
        the best so far, or at or above ``beta`` while no block is below it (the run's
        bound then stands for theirs in the fail-high value: a lower bound of each)."""
        best = INF
        line = None
        self.partial = best
        if self.attack_paid and self.problem.life_costs:
            pay = self.payment(attack, {})
            if pay is not None and self._pay_ends(pay):
                # 119.4, 704.5a: the attacking player paid down to 0 life and loses before
                # any block; the position after paying is the leaf.
                v = self.sign * self.leaf_value(attack, [pay], self.mana_term(attack_cost, 0),
                                                *self._window(alpha, beta))
                self.partial = v
                return v, ({}, [pay])
        from redzone.solver.ai.separable import by_defending_player

        split = by_defending_player(self, attack, attack_cost)  # several defending players
        if split is not None:
            return split
        floor = max(alpha, self.forced_floor(attack, attack_cost), self.least_value(attack_cost))
        from redzone.solver.ai import block_search as ai_blocks

        # More blocks than BLOCK_BOUND where the branch and bound applies: the loop below
        # runs for its first PRE_BLOCKS blocks (most attacks are refuted by then), then the
        # branch and bound takes over from its best block (solver/ai/block_search.py).
        exact_before, self.exact = self.exact, True
        try:
            count = 0
            bounded = self.lookahead == 0 and self._plain_board()
            # Fail high so far (every block examined at or above beta): the least proved
            # lower bound of the blocks skipped on their bound, and one of them.
            above, above_line = INF, None
            # Blocks whose bound is at or above cut[0] are skipped below; the listing can
            # skip a whole run of blocks sharing their first choices on one bound of theirs
            # (pruned_blocks: such a run comes as one item with no cost).
            cut = [INF if best <= beta else beta]
            source = self.pruned_blocks(attack, attack_cost, cut) if bounded else None
            if source is None:
                source = ((b, c, False) for b, c in self._block_order(attack, attack_cost, alpha))
            for blocks, cost, low in source:
                if cost is None:
                    # Every block of the run would be skipped on its bound (at or above
                    # cut[0]); when that is beta (no block below it yet), the run's bound
                    # stands for theirs: a lower bound of each.
                    if best > beta and low < above:
                        above, above_line = low, (blocks, [])
                    continue
                self.tick()
                count += 1
                if count == ai_blocks.PRE_BLOCKS + 1 and self.lookahead == 0:
                    large = ai_blocks.large_exact(self, attack)  # looked at only now: cheap
                    if large is not None:
                        best, line = ai_blocks.finish_large(self, attack, attack_cost, large, floor, beta,
                                                            best, line)
                        self.partial = best
                        break
                if bounded:
                    if low is False:
                        low = self.static_floor(attack, blocks, self.mana_term(attack_cost, cost))
                    if low is not None:
                        if best <= beta:
                            if low >= best:
                                # A proved lower bound at or above the best block so far:
                                # this block's value (at least the bound) can't come below
                                # it, nor change the answer.
                                continue
                        elif low >= beta:
                            # No block so far is below beta, and this one can't be either:
                            # if none is, the attack fails high (the caller cuts off, keeping
                            # only the value, a lower bound: the least of the blocks' lower
                            # bounds, this one's included); if one is, this one can't be the
                            # best.
                            if low < above:
                                above, above_line = low, (blocks, [])
                            continue
                v, leaves = self.damage_value(attack, blocks, self.mana_term(attack_cost, cost),
                                              alpha, min(beta, best))
                if v < best:
                    best, line = v, (blocks, leaves or [])
                    self.partial = best
                    cut[0] = best if best <= beta else beta
                if best <= floor:
                    break
            if above < best:
                best = above
                if line is None:
                    line = above_line
            if not self.exact and line is not None and floor < best < beta:
                # Not proved (the enumeration reached BLOCK_BOUND, or a damage step too large to
                # list): the safety net, local search from the best block found.
                best, line = ai_blocks.polish_answer(self, attack, attack_cost, best, line)
                self.partial = best
        finally:
            self.exact = exact_before and self.exact
        if line is not None:
            self._killer = {(b, a) for b, lst in line[0].items() for a in lst}
        return best, line

    def search_blocks(self, attack: Mapping[str, str], floor: int) -> bool:
        """The defending player's best block against ``attack`` (no mana spent by the
        attack), searched like :meth:`block_value` with no window, but without building a
        declaration per block: blockers are assigned one after the other (one multiset of
        choices of identical creatures, in :func:`_canonical_product`'s order, so ties go
        to the same block) and each attacker's unit is looked up from its blockers. Only
        when every block is legal and every unit is one attacker with its blockers: two
        players, one block problem without restriction, requirement or cost (509.1b-d), no
        creature able to block two attackers, no two attackers on one planeswalker or
        battle, nothing coupling units (:meth:`units`). Returns ``False`` when that does not
        hold (nothing searched); else ``True``, the search having run to the end or to
        ``floor`` (a proved lower bound). :attr:`found` holds (value, (blocks, leaves)) of
        the best block so far, also when the time limit interrupts the search."""
        self.found = (INF, None)
        board = self.board
        if not self._two or self._coupling or board.has_combat_effects or self._conditions:
            return False
        if self._relayer_possible(attack):  # a lord's units may be joined (units)
            return False
        if getattr(getattr(board.scenario, "combat", None), "bands", None):
            return False
        problems = self.block_problems(attack)
        if len(problems) != 1 or not _free(problems[0]):
            return False
        others = [t for t in attack.values() if t not in self._players]
        if len(set(others)) != len(others):
            return False
        blockers, options = _block_options(problems[0])
        if any(len(o) > 1 for opts in options for o in opts):
            return False
        attacked = [[o[0] if o else None for o in opts] for opts in options]
        n = len(blockers)
        last_of: list[int | None] = []
        seen: dict[int, int] = {}
        for i, b in enumerate(blockers):
            c = self.classes.get(b, -1 - i)
            last_of.append(seen.get(c))
            seen[c] = i
        fs = self._strikes_first
        first = [b in fs for b in blockers]
        two_steps = ("first-strike", "regular")
        attack_first = self.steps_for(attack, {}) == two_steps
        trees_of: dict[Any, Any] = {}
        choice = [0] * n
        count = 0
        best = INF

        def value() -> bool:
            nonlocal best, count
            count += 1
            if count > BLOCK_BOUND:
                self.exact = False
                return True
            self.tick()
            by: dict[str, list[str]] = {}
            strike = attack_first
            for i in range(n):
                k = choice[i]
                if k:
                    by.setdefault(attacked[i][k], []).append(blockers[i])  # type: ignore[arg-type]
                    strike = strike or first[i]
            steps = two_steps if strike else ("regular",)
            fixed = self._fixed_part(attack, steps)
            merged, rest = fixed if fixed is not None else (None, attack)
            trees = []
            for a, t in rest.items():
                bl = by.get(a)
                key = (a, tuple(bl) if bl else (), steps)
                tree = trees_of.get(key)
                if tree is None:
                    unit = (((a, t),), tuple((b, (a,)) for b in sorted(bl)) if bl else ())
                    tree = trees_of[key] = self.unit_tree(unit, steps)
                trees.append(tree)
            if merged is not None:
                trees.append(merged)
            v, leaves = self.damage_value(attack, by, 0, -INF, best, trees)
            if v < best:
                best = v
                blocks = {blockers[i]: [attacked[i][choice[i]]] for i in range(n) if choice[i]}
                self.found = (v, (blocks, leaves or []))  # type: ignore[assignment]
            return best <= floor

        def rec(i: int) -> bool:
            if i == n:
                return value()
            j = last_of[i]
            for k in range(choice[j] if j is not None else 0, len(options[i])):
                choice[i] = k
                if rec(i + 1):
                    return True
            choice[i] = 0
            return False

        rec(0)
        return True

    def solve_attack(self, lo: int = -INF, hi: int = INF) -> tuple[int, Principal | None]:
        """(perspective value of the game, the principal line), searched with the window
        (``lo``, ``hi``) in perspective terms (alpha-beta, fail soft: exact inside it, an
        upper bound at or below ``lo``, a lower bound at or above ``hi``)."""
        alpha, beta = self._window(lo, hi)
        best = -INF
        principal = None
        for attack, cost in self.ordered_attacks():
            v, line = self.block_value(attack, cost, max(best, alpha), beta)
            if v > best:
                best = v
                assert line is not None
                principal = Principal(attack, line[0], line[1], self.sign * v)
                if best >= beta:
                    break
        if principal is not None and self.sign == -1:
            self.shared.killer = principal.attack
        return self.sign * best, principal

    def ordered_attacks(self) -> list[tuple[dict[str, str], int]]:
        """Candidates, no attack first (a cheap, often strong lower bound), then the most
        attackers first (good moves early make the cut-offs bite); in a crack-back game,
        the best attack of the last crack-back position searched (what is left of it)
        comes first of all."""
        cands = sorted(self.attack_candidates(), key=lambda dc: (len(dc[0]) > 0, -len(dc[0])))
        killer = self.shared.killer
        if killer and self.sign == -1:
            allowed = self.problem.allowed
            key = self._attack_key({c: t for c, t in killer.items() if t in allowed.get(c, ())})
            for i, (d, _) in enumerate(cands):
                if self._attack_key(d) == key:
                    cands.insert(0, cands.pop(i))
                    break
        return cands
