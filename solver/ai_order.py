"""The order in which the AI's combat game examines the blocks against an attack (issue 9):
at lookahead 1, the blocks best for the defending players right after combat first, and a
block that refutes the attack at once alone.

:class:`BlockOrder` is a part of :class:`redzone.solver.ai_game.Game` (a mixin: it reads the
game's board and caches set up by ``Game.__init__``). Split from
:mod:`redzone.solver.ai_game`; plain Python (no ortools).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping

from redzone.solver.ai_units import INF

PROBE_AFTER = 1_000
"""At lookahead 1, an attack not refuted right after combat by one of its first this many
blocks is asked whether some block refutes it (:meth:`BlockOrder._refutation`, a branch and
bound) instead of listing the rest of its blocks to find one: on the trial's dense 8 v 8
board (most creatures can block most attackers) every attack but one was refuted, by a
block listed after up to 81,000 others."""


class BlockOrder:
    """The order of the blocks :meth:`redzone.solver.ai_game.Game.block_value` examines (a
    mixin)."""

    def _block_order(self, attack: Mapping[str, str], attack_cost: int, alpha: int
                     ) -> Iterator[tuple[dict[str, list[str]], int]]:
        """The legal blocks against ``attack`` (:meth:`block_candidates`) in the order
        :meth:`block_value` examines them. At lookahead 1, when the next player may always
        not attack, each block's value right after combat (:meth:`static_value`) is an
        upper bound of its value after the crack-back: a block at or below ``alpha`` now
        refutes the attack at once (it alone is returned: no crack-back is searched; past
        :data:`PROBE_AFTER` blocks it is looked for by :meth:`_refutation`, and may then be
        another such block than the first listed); otherwise the blocks best for the defending players now come first, so that the
        crack-backs searched bring the defending players' best answer down early."""
        candidates = self.block_candidates(attack)
        if not (self.lookahead == 1 and self._crack_back_bounded and self.sign == 1):
            yield from candidates
            return
        # Each block's static value is needed only where it decides the order: a proved
        # lower bound of it (:meth:`static_floor`, no unit built) above ``alpha`` shows the
        # block can't refute the attack at once, and the blocks are then taken lazily in
        # the order of their static values (a heap of bounds and values: a block's value
        # is worked out when its bound comes first, so every block whose value is taken
        # comes out in exactly the sorted order, ties by listing order).
        # An attack not refuted by one of its first PROBE_AFTER blocks is asked at once
        # whether some block refutes it (:meth:`_refutation`) instead of listing the rest to
        # find one; when none does, every block's static value is above alpha, and each
        # block keeps its bound in the heap until it comes first (the same order).
        above = False
        heap: list[tuple[int, int, bool, dict[str, list[str]], int]] = []
        for i, (blocks, cost) in enumerate(candidates):
            if i == PROBE_AFTER:
                probe = self._refutation(attack, attack_cost, alpha)
                if probe is not None:
                    if probe[0] is not None:
                        yield probe[0], probe[1]
                        return
                    above = True
            mana = self.mana_term(attack_cost, cost)
            low = self.static_floor(attack, blocks, mana)
            if low is not None and (above or low > alpha):
                heap.append((low, i, False, blocks, cost))
                continue
            v0 = self.static_value(attack, blocks, mana)
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
            v0 = self.static_value(attack, blocks, self.mana_term(attack_cost, cost))
            heapq.heappush(heap, (v0, i, True, blocks, cost))

    def _refutation(self, attack: Mapping[str, str], attack_cost: int, alpha: int
                    ) -> tuple[dict[str, list[str]] | None, int] | None:
        """For :meth:`_block_order` at lookahead 1: whether some legal block against
        ``attack`` has a static value (:meth:`static_value`, attacker view, the position
        right after combat) at or below ``alpha``. Decided by
        :func:`redzone.solver.ai_blocks.branch_and_bound` run at lookahead 0 with the floor
        ``alpha`` and the bound ``alpha + 1``: where
        :func:`~redzone.solver.ai_blocks.bb_applies` holds it is an exact search of the
        static values over the legal blocks (509.1a-d, the search's own filter) that drops
        only partial blocks whose proved lower bound is above ``alpha`` (its docstring has
        the proof) and stops at the first block at or below ``alpha``.

        Returns (such a block, its cost): it refutes the attack at once, since its value
        after the crack-back is at most its static value (the next player may always not
        attack; :meth:`_block_order` is used only then). ``(None, 0)``: the search ran to
        its end and every legal block's static value is above ``alpha`` (values are
        integers: a proved lower bound of ``alpha + 1`` or more), so no block refutes the
        attack before its crack-back. ``None``: not decided (one defending player only;
        the search does not apply, or was cut short by the time limit)."""
        if alpha <= -INF or alpha >= INF:
            return None
        from redzone.solver import ai_blocks

        problems = self.block_problems(attack)
        if len(problems) != 1:
            return None
        problem = problems[0]
        self.lookahead = 0
        try:
            got = ai_blocks.branch_and_bound(self, attack, attack_cost, problem, alpha, alpha + 1, None)
        finally:
            self.lookahead = 1
        if got is None:
            return None
        value, blocks, exact = got
        if blocks is not None and value <= alpha:
            cost = self._block_filter(problem)(blocks)
            if cost is not None:
                return blocks, cost
        return (None, 0) if exact else None
