"""The combat game the AI searches (issue 9): :class:`Game`, one per question (and per
crack-back position), put together from its parts, and the alpha-beta over attacks
(CR 508.1) and blocks (509.1) that uses them.

Owns the search itself (:meth:`Game.block_value`, :meth:`Game.search_blocks`,
:meth:`Game.solve_attack`); the parts own the declarations, units, bounds, order,
crack-back and values. Values are perspective milli-points. The game, the speed-ups and
why each keeps the answer exact: docs/ai.md ("The search's parts", "How it is searched").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

from redzone.models.abilities import Grant
from redzone.models.board import Board
from redzone.models.conditions import condition_sources
from redzone.models.evaluation import Evaluator, Weights
from redzone.solver.ai.bounds.prefix import PrefixFloor
from redzone.solver.ai.bounds.static import Bounds, Combatants
from redzone.solver.ai.clock import Clock, Timeout
from redzone.solver.ai.crack_back import CrackBack
from redzone.solver.ai.declarations import ATTACK_BOUND, BLOCK_BOUND, Declarations
from redzone.solver.ai.evaluate import Values
from redzone.solver.ai.facts import Facts, Status, conditions_in_combat
from redzone.solver.ai.lords import Lords
from redzone.solver.ai.memo import Principal, Shared
from redzone.solver.ai.order import BlockOrder
from redzone.solver.ai.position import _block_options, _free
from redzone.solver.ai.tree import INF, Leaf
from redzone.solver.ai.units import BOOST, DAMAGE_BOUND, UnitGames

# (The checker reads solver/ai in place as ``solver.ai.search`` while the other modules
# import ``redzone.solver.ai.search``: the same class under two names, so passing ``self``
# or a factory of ``Game`` to a part typed with :class:`Game` is ignored by name below.)

__all__ = ["ATTACK_BOUND", "BLOCK_BOUND", "BOOST", "DAMAGE_BOUND", "INF", "Clock", "Game", "Leaf",
           "Principal", "Shared", "Timeout", "conditions_in_combat"]


class _Spawner:
    """Makes another game of a question on ``board`` (a crack-back position, the board left
    after a departure): the same perspective, weights and deadline, its own node count
    (:meth:`Clock.child`); the other arguments as for :class:`Game`."""

    def __init__(self, cls: type[Game], perspective: str, weights: Weights, clock: Clock) -> None:
        self.cls = cls
        self.perspective = perspective
        self.weights = weights
        self.clock = clock

    def __call__(self, board: Board, lookahead: int, shared: Shared | None = None, *,
                 attack_paid: bool = True, block_life: bool | None = None,
                 departed: Sequence[str] = ()) -> Game:
        return self.cls(board, self.perspective, self.weights, lookahead, self.clock.child(), shared,
                        attack_paid=attack_paid, block_life=block_life, departed=departed)


class Game:
    """The combat game of ``board`` (see the module docstring), put together from its parts.

    ``perspective``: the player whose evaluation the values are; ``weights``; ``lookahead``
    0 or 1; ``clock``: the time budget (:class:`Clock`; none when ``None``); ``shared``: what
    the games of one question share (:class:`Shared`; a new one when ``None``);
    ``attack_paid``: whether the declaration's life costs are paid in this game (``False``
    for ``choose_blocks``: the attackers were declared and paid for before the question);
    ``block_life``: whether a block can cost life (``None``: read from the board's block
    taxes); ``departed``: players who left the game before this board's combat (800.4a),
    recorded as lost in its starting state.

    The parts, each with its own state: :attr:`declarations`, :attr:`combatants`,
    :attr:`lords`, :attr:`units`, :attr:`bounds`, :attr:`prefix`, :attr:`crack_back`,
    :attr:`values`, :attr:`order`; what they share: :attr:`facts` (the board's, worked out
    once), :attr:`status` (the search's), :attr:`ev`, :attr:`clock`, :attr:`shared`."""

    def __init__(self, board: Board, perspective: str, weights: Weights, lookahead: int,
                 clock: Clock | None = None, shared: Shared | None = None, *,
                 attack_paid: bool = True, block_life: bool | None = None,
                 departed: Sequence[str] = ()) -> None:
        self.clock = clock if clock is not None else Clock()
        self.shared = shared if shared is not None else Shared()
        # Abilities under a condition are decided again on the next turn's board (611.3a:
        # whose turn it is, what left, life totals): the same creature may then have other
        # keywords, so neither the keyword parts nor the units' games are shared.
        conditional = bool(condition_sources(board, changing=False))
        if (self.shared.parts is None and lookahead == 1 and not board.abilities_of_kind(Grant)
                and not conditional):
            self.shared.parts = {}
        self.ev = Evaluator(board, perspective, weights, parts=self.shared.parts)
        self.facts = facts = Facts.of(board, perspective, weights, lookahead, self.ev, conditional=conditional,
                                      attack_paid=attack_paid, block_life=block_life)
        facts.base.lost.extend(departed)
        self.status = status = Status(lookahead)
        ev = self.ev
        self.declarations = Declarations(facts, status, self.clock)
        self.combatants = Combatants(facts, ev)
        self.lords = Lords(facts, self.declarations, self.combatants)
        self.units = UnitGames(facts, status, self.shared, ev, self.declarations, self.lords)
        self.bounds = Bounds(facts, status, ev, self.declarations, self.units, self.combatants)
        self.prefix = PrefixFloor(facts, self.declarations, self.bounds, self.combatants)
        # (A factory holding no reference to this game, nor any part to it: a game is freed
        # as soon as it is dropped, never left to the cycle collector; a crack-back search
        # makes thousands.)
        self.spawn = spawn = _Spawner(type(self), perspective, weights, self.clock)
        self.crack_back = CrackBack(facts, status, self.shared, ev, self.clock, self.units,
                                    spawn)  # pyright: ignore[reportArgumentType]
        self.values = Values(facts, status, ev, self.clock, self.declarations, self.units, self.bounds,
                             self.crack_back, spawn)  # pyright: ignore[reportArgumentType]
        self.order = BlockOrder(facts, status, self.clock, self.declarations, self.combatants, self.bounds,
                                self.prefix, self.values, self)  # pyright: ignore[reportArgumentType]
        self.separates: bool | None = None
        """Whether the board lets the defending players be searched one at a time
        (:mod:`redzone.solver.ai.separable`; ``None``: not yet worked out)."""
        self.partial = INF
        """The best value so far (an upper bound of the attack's value) while
        :meth:`block_value` runs."""
        self.found: tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None] = (INF, None)
        """(value, (blocks, leaves)) of the best block so far of :meth:`search_blocks`."""
        self.local_fixed: bool | None = None
        """Whether an unproved block answer is a fixed point of the local search
        (:mod:`redzone.solver.ai.block_search`); ``None``: no local search ran."""


    def block_value(self, attack: Mapping[str, str], attack_cost: int, alpha: int, beta: int
                    ) -> tuple[int, tuple[dict[str, list[str]], list[Leaf]] | None]:
        """Attacker-view value of ``attack``: min over legal blocks (alpha-beta), with the
        best block's line. The value is exact when it lies inside (alpha, beta); then every
        block was examined and the line is the defending players' best answer with the
        attacking player's best damage. :attr:`partial` holds the best value so far (an
        upper bound of the attack's value) while the loop runs.

        At lookahead 0 on a :meth:`Bounds.plain_board`, a block whose proved lower bound
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
        if self.facts.attack_paid and self.facts.problem.life_costs:
            pay = self.units.payment(attack, {})
            if pay is not None and self.units.pay_ends(pay):
                # 119.4, 704.5a: the attacking player paid down to 0 life and loses before
                # any block; the position after paying is the leaf.
                v = self.facts.sign * self.values.leaf_value(attack, [pay], self.values.mana_term(attack_cost, 0),
                                                             *self.values.window(alpha, beta))
                self.partial = v
                return v, ({}, [pay])
        from redzone.solver.ai.separable import by_defending_player

        split = by_defending_player(self, attack, attack_cost)  # pyright: ignore[reportArgumentType]  (several defending players)
        if split is not None:
            return split
        floor = max(alpha, self.bounds.forced_floor(attack, attack_cost), self.bounds.least_value(attack_cost))
        from redzone.solver.ai import block_search as ai_blocks

        # More blocks than BLOCK_BOUND where the branch and bound applies: the loop below
        # runs for its first PRE_BLOCKS blocks (most attacks are refuted by then), then the
        # branch and bound takes over from its best block (solver/ai/block_search.py).
        exact_before, self.status.exact = self.status.exact, True
        try:
            count = 0
            bounded = self.status.lookahead == 0 and self.bounds.plain_board()
            # Fail high so far (every block examined at or above beta): the least proved
            # lower bound of the blocks skipped on their bound, and one of them.
            above, above_line = INF, None
            # Blocks whose bound is at or above cut[0] are skipped below; the listing can
            # skip a whole run of blocks sharing their first choices on one bound of theirs
            # (pruned_blocks: such a run comes as one item with no cost).
            cut = [INF if best <= beta else beta]
            source: Iterator[tuple[dict[str, list[str]], int | None, int | None | Literal[False]]] | None
            source = self.order.pruned_blocks(attack, attack_cost, cut) if bounded else None
            tick = self.clock.tick
            mana_term = self.values.mana_term
            static_floor = self.bounds.static_floor
            damage_value = self.values.damage_value
            if source is None:
                source = ((b, c, False) for b, c in self.order.block_order(attack, attack_cost, alpha))
            # Where the static floors stand aside (several players, commander damage): a
            # block whose restricted damage game is worth at least the best so far is
            # skipped (separable.floor_skips).
            from redzone.solver.ai.separable import floor_skips, floors_apply

            floors = not bounded and floors_apply(self)  # pyright: ignore[reportArgumentType]
            for blocks, cost, low in source:
                if cost is None:
                    # Every block of the run would be skipped on its bound (at or above
                    # cut[0]); when that is beta (no block below it yet), the run's bound
                    # stands for theirs: a lower bound of each.
                    if best > beta and low is not None and low is not False and low < above:
                        above, above_line = low, (blocks, [])
                    continue
                tick()
                count += 1
                if count == ai_blocks.PRE_BLOCKS + 1 and self.status.lookahead == 0:
                    # (looked at only now: cheap)
                    large = ai_blocks.large_exact(self, attack)  # pyright: ignore[reportArgumentType]
                    if large is not None:
                        best, line = ai_blocks.finish_large(
                            self, attack, attack_cost, large, floor, beta,  # pyright: ignore[reportArgumentType]
                            best, line)
                        self.partial = best
                        break
                if bounded:
                    if low is False:
                        low = static_floor(attack, blocks, mana_term(attack_cost, cost))
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
                elif floors and best <= beta and best < INF and floor_skips(
                        self, attack, blocks, mana_term(attack_cost, cost), best):  # pyright: ignore[reportArgumentType]
                    continue  # (its value is at least its floor, at or above the best so far)
                v, leaves = damage_value(attack, blocks, mana_term(attack_cost, cost), alpha, min(beta, best))
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
            if not self.status.exact and line is not None and floor < best < beta:
                # Not proved (the enumeration reached BLOCK_BOUND, or a damage step too large to
                # list): the safety net, local search from the best block found.
                best, line = ai_blocks.polish_answer(
                    self, attack, attack_cost, best, line)  # pyright: ignore[reportArgumentType]
                self.partial = best
        finally:
            self.status.exact = exact_before and self.status.exact
        if line is not None:
            self.status.killer = {(b, a) for b, lst in line[0].items() for a in lst}
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
        board = self.facts.board
        if not self.facts.two or self.facts.coupling or board.has_combat_effects or self.facts.conditions:
            return False
        if self.lords.possible(attack):  # a lord's units may be joined (units)
            return False
        if getattr(getattr(board.scenario, "combat", None), "bands", None):
            return False
        problems = self.declarations.block_problems(attack)
        if len(problems) != 1 or not _free(problems[0]):
            return False
        others = [t for t in attack.values() if t not in self.facts.players]
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
            c = self.facts.classes.get(b, -1 - i)
            last_of.append(seen.get(c))
            seen[c] = i
        fs = self.facts.strikes_first
        first = [b in fs for b in blockers]
        two_steps = ("first-strike", "regular")
        attack_first = self.declarations.steps_for(attack, {}) == two_steps
        trees_of: dict[Any, Any] = {}
        choice = [0] * n
        count = 0
        best = INF
        tick = self.clock.tick
        fixed_part = self.units.fixed_part
        unit_tree = self.units.unit_tree
        damage_value = self.values.damage_value

        def value() -> bool:
            nonlocal best, count
            count += 1
            if count > BLOCK_BOUND:
                self.status.exact = False
                return True
            tick()
            by: dict[str, list[str]] = {}
            strike = attack_first
            for i in range(n):
                k = choice[i]
                if k:
                    by.setdefault(attacked[i][k], []).append(blockers[i])  # type: ignore[arg-type]
                    strike = strike or first[i]
            steps = two_steps if strike else ("regular",)
            fixed = fixed_part(attack, steps)
            merged, rest = fixed if fixed is not None else (None, attack)
            trees = []
            for a, t in rest.items():
                bl = by.get(a)
                key = (a, tuple(bl) if bl else (), steps)
                tree = trees_of.get(key)
                if tree is None:
                    unit = (((a, t),), tuple((b, (a,)) for b in sorted(bl)) if bl else ())
                    tree = trees_of[key] = unit_tree(unit, steps)
                trees.append(tree)
            if merged is not None:
                trees.append(merged)
            v, leaves = damage_value(attack, by, 0, -INF, best, trees)
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
        alpha, beta = self.values.window(lo, hi)
        best = -INF
        principal = None
        for attack, cost in self.ordered_attacks():
            v, line = self.block_value(attack, cost, max(best, alpha), beta)
            if v > best:
                best = v
                assert line is not None
                principal = Principal(attack, line[0], line[1], self.facts.sign * v)
                if best >= beta:
                    break
        if principal is not None and self.facts.sign == -1:
            self.shared.killer = principal.attack
        return self.facts.sign * best, principal

    def ordered_attacks(self) -> list[tuple[dict[str, str], int]]:
        """Candidates, no attack first (a cheap, often strong lower bound), then the most
        attackers first (good moves early make the cut-offs bite); in a crack-back game,
        the best attack of the last crack-back position searched (what is left of it)
        comes first of all."""
        cands = sorted(self.declarations.attack_candidates(), key=lambda dc: (len(dc[0]) > 0, -len(dc[0])))
        killer = self.shared.killer
        if killer and self.facts.sign == -1:
            allowed = self.facts.problem.allowed
            key = self.declarations.attack_key({c: t for c, t in killer.items() if t in allowed.get(c, ())})
            for i, (d, _) in enumerate(cands):
                if self.declarations.attack_key(d) == key:
                    cands.insert(0, cands.pop(i))
                    break
        return cands
