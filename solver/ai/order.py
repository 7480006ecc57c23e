"""The order in which the AI's combat game examines the blocks against an attack (issue 9):
at lookahead 1, the blocks best for the defending players right after combat first, and a
block that refutes the attack at once alone; at lookahead 0, the listing with runs of
blocks sharing their first choices skipped on one bound (:mod:`redzone.solver.ai.bounds.prefix`).

Owns :class:`BlockOrder` and the thresholds that decide when each technique is used.
"""

from __future__ import annotations

import heapq
import math
import weakref
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from redzone.solver.ai.position import _block_options
from redzone.solver.ai.declarations import BLOCK_BOUND
from redzone.solver.ai.tree import INF

if TYPE_CHECKING:
    from redzone.solver.ai.bounds.prefix import PrefixFloor
    from redzone.solver.ai.bounds.static import Bounds, Combatants
    from redzone.solver.ai.clock import Clock
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.evaluate import Values
    from redzone.solver.ai.facts import Facts, Status
    from redzone.solver.ai.search import Game

PROBE_AFTER = 1_000
"""At lookahead 1 where runs of blocks are not bounded at once, an attack not refuted right
after combat by one of its first this many blocks is asked whether some block refutes it (:meth:`BlockOrder._refutation`, a branch and
bound) instead of listing the rest of its blocks to find one: on the trial's dense 8 v 8
board (most creatures can block most attackers) every attack but one was refuted, by a
block listed after up to 81,000 others."""

PROBE_VALUES = 20
"""Where runs of blocks are bounded at once (:meth:`BlockOrder._tree_order`), the same question
is asked once this many blocks of the listing had to be valued (their bound did not show
them above the best attack so far) without refuting the attack: on the trial's 8 v 8 board
up to 2,400 were, on the second trial's 9 v 9 boards at most three."""

PROBE_NODES = 300
"""Most nodes of that branch and bound (each may play a blocked attacker's damage game): on
the 9 v 9 boards of the second trial it took up to 4,000 nodes (0.6 s) where listing on
found a refuting block sooner."""

PRUNE_FROM = 2_000
"""At lookahead 0, the blocks against an attack with at least this many of them (before
legality) are listed with runs of them skipped on one bound (:meth:`BlockOrder.pruned_blocks`);
fewer are listed one by one (the bounds would cost more than they save)."""

TREE_FROM = 20_000
"""At lookahead 1, the blocks against an attack with at least this many of them (before
legality) are ordered with runs of them bounded at once (:meth:`BlockOrder._tree_order`)."""

PLAN_AFTER = 64
"""Blocks :meth:`BlockOrder.pruned_blocks` and :meth:`BlockOrder._tree_order` list one by one
before they work out their bounds (most attacks are refuted by one of their first blocks;
on the benchmark's 8 v 8 boards working them out sooner cost more than it saved)."""


class _Spent(Exception):
    """:meth:`BlockOrder._refutation`'s search used its nodes."""


class BlockOrder:
    """The order of the blocks :meth:`Game.block_value` examines:
    :meth:`block_order` (lookahead 1), :meth:`pruned_blocks` (lookahead 0)."""

    def __init__(self, facts: Facts, status: Status, clock: Clock, declarations: Declarations,
                 combatants: Combatants, bounds: Bounds, prefix: PrefixFloor, values: Values,
                 game: Game) -> None:
        self.facts = facts
        self.status = status
        self.clock = clock
        self.declarations = declarations
        self.combatants = combatants
        self.bounds = bounds
        self.prefix = prefix
        self.values = values
        # The game, for the branch and bound the probe asks (block_search); weakly, so that
        # no game is kept alive by a cycle (see Game.__init__).
        self._game = weakref.ref(game)
        # Facts read here, bound once (several are read in inner loops).
        self._crack_back_bounded = facts.crack_back_bounded
        self._strikes_first = facts.strikes_first
        self.classes = facts.classes
        self.sign = facts.sign
        self._per_attack: dict[Any, Any] = {}

    def block_order(self, attack: Mapping[str, str], attack_cost: int, alpha: int
                     ) -> Iterator[tuple[dict[str, list[str]], int]]:
        """The legal blocks against ``attack`` (:meth:`block_candidates`) in the order
        :meth:`block_value` examines them. At lookahead 1, when the next player may always
        not attack, each block's value right after combat (:meth:`static_value`) is an
        upper bound of its value after the crack-back: a block at or below ``alpha`` now
        refutes the attack at once (it alone is returned: no crack-back is searched; past
        :data:`PROBE_AFTER` blocks it is looked for by :meth:`BlockOrder.refutation`, and may then be
        another such block than the first listed); otherwise the blocks best for the
        defending players now come first, so that the crack-backs searched bring the
        defending players' best answer down early. Where runs of blocks can be bounded at
        once, :meth:`_tree_order` gives the same order without a bound per block."""
        if not (self.status.lookahead == 1 and self._crack_back_bounded and self.sign == 1):
            yield from self.declarations.block_candidates(attack)
            return
        problems = self.declarations.block_problems(attack)
        if len(problems) == 1:
            yield from self._tree_order(attack, attack_cost, alpha, problems[0])
            return
        candidates = self.declarations.block_candidates(attack)
        # Each block's static value is needed only where it decides the order: a proved
        # lower bound of it (:meth:`static_floor`, no unit built) above ``alpha`` shows the
        # block can't refute the attack at once, and the blocks are then taken lazily in
        # the order of their static values (a heap of bounds and values: a block's value
        # is worked out when its bound comes first, so every block whose value is taken
        # comes out in exactly the sorted order, ties by listing order).
        # An attack not refuted by one of its first PROBE_AFTER blocks is asked at once
        # whether some block refutes it (:meth:`BlockOrder.refutation`) instead of listing the rest to
        # find one; when none does, every block's static value is above alpha, and each
        # block keeps its bound in the heap until it comes first (the same order).
        above = False
        heap: list[tuple[int, int, bool, dict[str, list[str]], int]] = []
        for i, (blocks, cost) in enumerate(candidates):
            if i == PROBE_AFTER:
                probe = self.refutation(attack, attack_cost, alpha)
                if probe is not None:
                    if probe[0] is not None:
                        yield probe[0], probe[1]
                        return
                    above = True
            mana = self.values.mana_term(attack_cost, cost)
            low = self.bounds.static_floor(attack, blocks, mana)
            if low is not None and (above or low > alpha):
                heap.append((low, i, False, blocks, cost))
                continue
            v0 = self.values.static_value(attack, blocks, mana)
            if v0 <= alpha:
                yield blocks, cost
                return
            heap.append((v0, i, True, blocks, cost))
        heapq.heapify(heap)
        while heap:
            v, i, known, blocks, cost = heapq.heappop(heap)
            if known:
                yield blocks, cost
                continue
            v0 = self.values.static_value(attack, blocks, self.values.mana_term(attack_cost, cost))
            heapq.heappush(heap, (v0, i, True, blocks, cost))

    def _tree(self, attack: Mapping[str, str], problem: Any) -> Any:
        """(blockers, options) of ``problem`` (:func:`_block_options`) when runs of blocks
        may be bounded at once (every creature blocking one attacker at most, at least
        :data:`TREE_FROM` blocks listed); else ``None``. Once per attack."""
        key = ("tree", self.declarations.attack_facts(attack)[0])
        got = self._per_attack.get(key, False)
        if got is False:
            got = None
            blockers, options = _block_options(problem)
            if (blockers and _listed_count(self.classes, blockers, options) >= TREE_FROM
                    and all(len(o) <= 1 for lst in options for o in lst)):
                got = (blockers, options)
            self._per_attack[key] = got
        return got

    def _tree_order(self, attack: Mapping[str, str], attack_cost: int, alpha: int, problem: Any
                    ) -> Iterator[tuple[dict[str, list[str]], int]]:
        """:meth:`BlockOrder.block_order` at lookahead 1 with runs of blocks bounded at once: the
        blocks as :meth:`block_candidates` lists them (the best block against the last
        attack, then the product order, at most :data:`BLOCK_BOUND` of the latter: past it
        the search is inexact, as there), each block or run keyed by (its static value or a
        proved lower bound of it, its choices' indices — listing order). The listing
        walks the blocks in order and yields the first whose static value is at or below
        ``alpha``, as :meth:`BlockOrder.block_order` does; a run whose bound (:meth:`prefix_floor`) is
        above ``alpha`` holds no such block and is passed whole. Otherwise entries come off
        a heap, a run replaced by its parts when it comes first: every key is at most the
        keys of what it holds (a bound at most their values; a prefix sorts before its
        extensions), so the blocks come out in exactly the order of their static values,
        ties by listing order — the order of :meth:`BlockOrder.block_order`."""
        check = self.declarations.block_filter(problem)
        heap: list[tuple[int, tuple[int, ...], int, Any]] = []
        killer = self.declarations.killer_block(problem)
        if killer:
            cost = check(killer)
            if cost is not None:
                mana = self.values.mana_term(attack_cost, cost)
                low = self.bounds.static_floor(attack, killer, mana)
                if low is not None and low > alpha:
                    heap.append((low, (), 1, (killer, cost)))
                else:
                    v0 = self.values.static_value(attack, killer, mana)
                    if v0 <= alpha:
                        yield killer, cost
                        return
                    heap.append((v0, (), 0, (killer, cost)))
        # (looked at only now: most attacks are refuted by their first block)
        tree = self._tree(attack, problem)
        if tree is None:
            # Block by block, as block_candidates lists them (keys (i,): listing order).
            rest = self.declarations.block_candidates(attack)
            if heap:
                next(rest, None)  # the same first block
            above = False
            for i, (blocks, cost) in enumerate(rest, 1 if heap else 0):
                if i == PROBE_AFTER:
                    probe = self.refutation(attack, attack_cost, alpha)
                    if probe is not None:
                        if probe[0] is not None:
                            yield probe[0], probe[1]
                            return
                        above = True
                mana = self.values.mana_term(attack_cost, cost)
                low = self.bounds.static_floor(attack, blocks, mana)
                if low is not None and (above or low > alpha):
                    heap.append((low, (i,), 1, (blocks, cost)))
                    continue
                v0 = self.values.static_value(attack, blocks, mana)
                if v0 <= alpha:
                    yield blocks, cost
                    return
                heap.append((v0, (i,), 0, (blocks, cost)))
            heapq.heapify(heap)
            while heap:
                v, key, kind, item = heapq.heappop(heap)
                if kind == 0:
                    yield item
                else:
                    d, cost = item
                    heapq.heappush(heap, (self.values.static_value(attack, d, self.values.mana_term(attack_cost, cost)),
                                          key, 0, item))
            return
        blockers, options = tree
        plan: Any = None  # worked out after PLAN_AFTER blocks, as in _pruned
        wait = PLAN_AFTER
        listed = self.declarations.listed_filter(problem, check)
        counts = self.declarations.count_filter(problem, listed, check, options)
        n = len(blockers)
        classes = self.classes
        last_of: list[int | None] = []
        seen: dict[int, int] = {}
        by_class: dict[int, list[int]] = {}
        for i, b in enumerate(blockers):
            c = classes.get(b, -1 - i)
            last_of.append(seen.get(c))
            seen[c] = i
            by_class.setdefault(c, []).append(i)
        sizes = [len(o) for o in options]
        opts = [[o[0] if o else None for o in lst] for lst in options]
        fs = [b in self._strikes_first for b in blockers]
        gain_of = [self.combatants.gain(b) for b in blockers]
        mana0 = self.values.mana_term(attack_cost, 0)
        floor = self.prefix.prefix_floor
        poll = self.clock.poll
        classes_of = list(by_class.values())

        def run_size(choice: list[int], k: int) -> int:
            # Blocks listed with these first k choices: per symmetry class, its undecided
            # members take non-decreasing options from the last decided member's on.
            total = 1
            for members in classes_of:
                left = sum(1 for i in members if i >= k)
                if left:
                    done = [choice[i] for i in members if i < k]
                    start = done[-1] if done else 0
                    total *= math.comb(left + sizes[members[0]] - start - 1, left)
            return total

        def leaf(choice: list[int], groups: Any, gain: int, first: int) -> Any:
            if counts is not None:
                if not counts(tuple(choice)):
                    return None
                cost = 0
                d = {b: list(options[j][c]) for j, (b, c) in enumerate(zip(blockers, choice)) if c}
            else:
                d = {b: list(options[j][c]) for j, (b, c) in enumerate(zip(blockers, choice)) if c}
                cost = listed(d)
                if cost is None:
                    return None
            mana = self.values.mana_term(attack_cost, cost)
            if plan:
                return d, cost, floor(plan, n, groups, gain, first, mana)
            return d, cost, self.bounds.static_floor(attack, d, mana)

        def state(prefix: tuple[int, ...]) -> tuple[dict[str, list[str]], int, int]:
            groups: dict[str, list[str]] = {a: [] for a in attack}
            gain = first = 0
            for i, c in enumerate(prefix):
                x = opts[i][c]
                if x is not None:
                    groups[x].append(blockers[i])
                    gain += gain_of[i]
                    first += fs[i]
            return groups, gain, first

        # The listing, in order, up to the first block at or below alpha.
        groups, gain, first = state(())
        choice = [0] * n
        position = 0  # product tuples listed so far (BLOCK_BOUND, as _canonical_product)
        valued = 0  # static values worked out in the listing
        asked = False  # whether _refutation was asked
        above = False  # proved: every block's static value is above alpha (_refutation)
        steps = 0
        i = 0
        while i >= 0:
            k = choice[i]
            if k >= sizes[i]:
                i -= 1
                if i >= 0:
                    x = opts[i][choice[i]]
                    if x is not None:
                        groups[x].pop()
                        gain -= gain_of[i]
                        first -= fs[i]
                    choice[i] += 1
                continue
            x = opts[i][k]
            if x is not None:
                groups[x].append(blockers[i])
                gain += gain_of[i]
                first += fs[i]
            if i == n - 1:
                position += 1
                if position > BLOCK_BOUND:
                    # The listing would stop here, unproved: first ask for a refuting block
                    # (without a limit on the nodes: the alternative is an unproved answer).
                    if not asked:
                        probe = self.refutation(attack, attack_cost, alpha, None)
                        if probe is not None and probe[0] is not None:
                            yield probe[0], probe[1]
                            return
                    self.status.exact = False  # as the listing cut at BLOCK_BOUND
                    break
                got = leaf(choice, groups, gain, first)
                if plan is None:
                    wait -= 1
                    if wait == 0:
                        plan = self.prefix.prefix_plan(attack, problem, blockers, options) or False
                if got is not None:
                    d, cost, low = got
                    if low is not None and (above or low > alpha):
                        heap.append((low, tuple(choice), 1, (d, cost)))
                    else:
                        valued += 1
                        if valued == PROBE_VALUES:
                            asked = True
                            probe = self.refutation(attack, attack_cost, alpha)
                            if probe is not None:
                                if probe[0] is not None:
                                    yield probe[0], probe[1]
                                    return
                                above = True
                        v0 = self.values.static_value(attack, d, self.values.mana_term(attack_cost, cost))
                        if v0 <= alpha:
                            yield d, cost
                            return
                        heap.append((v0, tuple(choice), 0, (d, cost)))
            else:
                steps += 1
                if (steps & 255) == 0:
                    poll()
                low = floor(plan, i + 1, groups, gain, first, mana0) if plan and (above or i >= n - 4) else None
                size = run_size(choice, i + 1) if low is not None and (above or low > alpha) else 0
                if not size or position + size > BLOCK_BOUND:
                    i += 1
                    prev = last_of[i]
                    choice[i] = choice[prev] if prev is not None else 0
                    continue
                position += size
                heap.append((low, tuple(choice[:i + 1]), 2, None))  # type: ignore[arg-type]
            if x is not None:
                groups[x].pop()
                gain -= gain_of[i]
                first -= fs[i]
            choice[i] += 1
        # Best first.
        heapq.heapify(heap)
        while heap:
            v, key, kind, item = heapq.heappop(heap)
            if kind == 0:
                yield item
                continue
            if kind == 1:
                d, cost = item
                v0 = self.values.static_value(attack, d, self.values.mana_term(attack_cost, cost))
                heapq.heappush(heap, (v0, key, 0, item))
                continue
            # A run: its parts, one choice further.
            k = len(key)
            groups, gain, first = state(key)
            prev = last_of[k]
            for c in range(key[prev] if prev is not None else 0, sizes[k]):
                x = opts[k][c]
                if x is not None:
                    groups[x].append(blockers[k])
                    gain += gain_of[k]
                    first += fs[k]
                part = (*key, c)
                if k + 1 == n:
                    got = leaf(list(part), groups, gain, first)
                    if got is not None:
                        d, cost, low = got
                        heapq.heappush(heap, (low if low is not None else -INF, part, 1, (d, cost)))
                else:
                    low = floor(plan, k + 1, groups, gain, first, mana0)
                    heapq.heappush(heap, (low if low is not None else -INF, part, 2, None))
                if x is not None:
                    groups[x].pop()
                    gain -= gain_of[k]
                    first -= fs[k]

    def refutation(self, attack: Mapping[str, str], attack_cost: int, alpha: int,
                    nodes: int | None = -1) -> tuple[dict[str, list[str]] | None, int] | None:
        """For :meth:`BlockOrder.block_order` at lookahead 1: whether some legal block against
        ``attack`` has a static value (:meth:`static_value`, attacker view, the position
        right after combat) at or below ``alpha``. Decided by
        :func:`redzone.solver.ai.block_search.branch_and_bound` run at lookahead 0 with the floor
        ``alpha`` and the bound ``alpha + 1``: where
        :func:`~redzone.solver.ai.block_search.bb_applies` holds it is an exact search of the
        static values over the legal blocks (509.1a-d, the search's own filter) that drops
        only partial blocks whose proved lower bound is above ``alpha`` (its docstring has
        the proof) and stops at the first block at or below ``alpha``.

        Returns (such a block, its cost): it refutes the attack at once, since its value
        after the crack-back is at most its static value (the next player may always not
        attack; :meth:`BlockOrder.block_order` is used only then). ``(None, 0)``: the search ran to
        its end and every legal block's static value is above ``alpha`` (values are
        integers: a proved lower bound of ``alpha + 1`` or more), so no block refutes the
        attack before its crack-back. ``None``: not decided (one defending player only;
        the search does not apply, or was cut short by the time limit or after ``nodes``
        of its nodes: ``-1`` for :data:`PROBE_NODES`, ``None`` for no limit)."""
        if alpha <= -INF or alpha >= INF:
            return None
        from redzone.solver.ai import block_search as ai_blocks

        problems = self.declarations.block_problems(attack)
        if len(problems) != 1:
            return None
        problem = problems[0]
        game = self._game()
        assert game is not None  # (its game holds this part)
        # The search is given PROBE_NODES of its nodes (its only calls to tick, each at a
        # node's start: stopping there leaves nothing half done); past them it is dropped,
        # and the rest is listed as before.
        # (_Spent, not Timeout: no time limit was reached, Timeout.raised)
        budget = PROBE_NODES if nodes == -1 else nodes
        self.status.lookahead = 0
        try:
            with self.clock.limited(budget, _Spent):
                got = ai_blocks.branch_and_bound(game, attack, attack_cost, problem, alpha, alpha + 1, None)
        except _Spent:
            got = None
        finally:
            self.status.lookahead = 1
        if got is None:
            return None
        value, blocks, exact = got
        if blocks is not None and value <= alpha:
            cost = self.declarations.block_filter(problem)(blocks)
            if cost is not None:
                return blocks, cost
        return (None, 0) if exact else None

    def pruned_blocks(self, attack: Mapping[str, str], attack_cost: int, cut: list[int]
                      ) -> Iterator[tuple[dict[str, list[str]], int | None, int | None]] | None:
        """The blocks :meth:`block_candidates` lists against ``attack``, in its order, each
        with its cost and :meth:`static_floor` — except that a run of blocks sharing their
        first choices whose proved lower bound (:meth:`prefix_floor`) is at or above
        ``cut[0]`` (read each time: the caller lowers it as it goes) is given as one item
        (a block of the run, ``None``, the bound) instead. ``None`` with more than one
        defending player. Every block is given when there are fewer than
        :data:`PRUNE_FROM` or more than :data:`BLOCK_BOUND` of them, when a creature may
        block several attackers, or when :meth:`prefix_plan` does not apply."""
        problems = self.declarations.block_problems(attack)
        if len(problems) != 1:
            return None
        return self._pruned(attack, attack_cost, cut, problems[0])

    def _pruned(self, attack: Mapping[str, str], attack_cost: int, cut: list[int], problem: Any
                ) -> Iterator[tuple[dict[str, list[str]], int | None, int | None]]:
        check = self.declarations.block_filter(problem)
        killer: dict[str, list[str]] = {}
        for b, a in sorted(self.status.killer):
            if a in problem.allowed.get(b, ()) and b not in killer:
                killer[b] = [a]
        first = False
        if killer:
            cost = check(killer)
            if cost is not None:
                first = True
                yield killer, cost, self.bounds.static_floor(attack, killer, self.values.mana_term(attack_cost, cost))
        # (looked at only now: most attacks are refuted by their first block)
        key = ("pruned", self.declarations.attack_facts(attack)[0])
        got = self._per_attack.get(key, False)
        if got is False:
            got = None
            blockers, options = _block_options(problem)
            count = _listed_count(self.classes, blockers, options) if blockers else 0
            if blockers and PRUNE_FROM <= count <= BLOCK_BOUND and all(len(o) <= 1 for lst in options for o in lst):
                got = (blockers, options)
            self._per_attack[key] = got
        if got is None:
            rest = self.declarations.block_candidates(attack)
            if first:
                next(rest, None)  # the same first block
            for blocks, cost in rest:
                yield blocks, cost, self.bounds.static_floor(attack, blocks, self.values.mana_term(attack_cost, cost))
            return
        blockers, options = got
        listed = self.declarations.listed_filter(problem, check)
        counts = self.declarations.count_filter(problem, listed, check, options)
        n = len(blockers)
        classes = self.classes
        last_of: list[int | None] = []
        seen: dict[int, int] = {}
        for i, b in enumerate(blockers):
            c = classes.get(b, -1 - i)
            last_of.append(seen.get(c))
            seen[c] = i
        sizes = [len(o) for o in options]
        opts = [[o[0] if o else None for o in lst] for lst in options]
        fs = [b in self._strikes_first for b in blockers]
        gain_of = [self.combatants.gain(b) for b in blockers]
        groups: dict[str, list[str]] = {a: [] for a in attack}
        mana0 = self.values.mana_term(attack_cost, 0)
        floor = self.prefix.prefix_floor
        static_floor = self.bounds.static_floor
        poll = self.clock.poll
        # The bounds' plan is worked out after PLAN_AFTER blocks: most attacks are refuted
        # by one of their first blocks.
        plan: Any = None
        wait = PLAN_AFTER
        choice = [0] * n
        gain = fs_blocking = 0
        steps = 0
        i = 0
        while i >= 0:
            k = choice[i]
            if k >= sizes[i]:
                i -= 1
                if i >= 0:
                    x = opts[i][choice[i]]
                    if x is not None:
                        groups[x].pop()
                        gain -= gain_of[i]
                        fs_blocking -= fs[i]
                    choice[i] += 1
                continue
            x = opts[i][k]
            if x is not None:
                groups[x].append(blockers[i])
                gain += gain_of[i]
                fs_blocking += fs[i]
            if i == n - 1:
                if counts is not None:
                    cost = 0 if counts(tuple(choice)) else None
                    d = None
                else:
                    d = {b: list(options[j][c]) for j, (b, c) in enumerate(zip(blockers, choice)) if c}
                    cost = listed(d)
                if cost is not None:
                    if d is None:
                        d = {b: list(options[j][c]) for j, (b, c) in enumerate(zip(blockers, choice)) if c}
                    mana = self.values.mana_term(attack_cost, cost)
                    if plan:
                        yield d, cost, floor(plan, n, groups, gain, fs_blocking, mana)
                    else:
                        yield d, cost, static_floor(attack, d, mana)
                        wait -= 1
                        if wait == 0:
                            plan = self.prefix.prefix_plan(attack, problem, blockers, options)
            elif plan and i >= n - 4:
                # (bounds with more undecided blockers hardly ever prune: most attacking
                # creatures may still be blocked by one of them)
                steps += 1
                if (steps & 255) == 0:
                    poll()
                low = floor(plan, i + 1, groups, gain, fs_blocking, mana0)
                if low is None or low < cut[0]:
                    i += 1
                    prev = last_of[i]
                    choice[i] = choice[prev] if prev is not None else 0
                    continue
                yield ({b: list(options[j][c]) for j, (b, c) in enumerate(zip(blockers[:i + 1], choice)) if c},
                       None, low)
            else:
                i += 1
                prev = last_of[i]
                choice[i] = choice[prev] if prev is not None else 0
                continue
            if x is not None:
                groups[x].pop()
                gain -= gain_of[i]
                fs_blocking -= fs[i]
            choice[i] += 1


def _listed_count(classes: Mapping[str, int], blockers: list[str],
                  options: list[list[tuple[str, ...]]]) -> int:
    """How many blocks :func:`redzone.solver.ai.position._canonical_product` lists (one per
    multiset of choices of identical creatures): C(m + k - 1, m) per symmetry class of m
    creatures with k options each."""
    by: dict[Any, list[int]] = {}
    for i, b in enumerate(blockers):
        by.setdefault(classes.get(b, ("unique", b)), []).append(len(options[i]))
    total = 1
    for sizes in by.values():
        total *= math.comb(len(sizes) + sizes[0] - 1, len(sizes))
    return total
