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


class BlockOrder:
    """The order of the blocks :meth:`redzone.solver.ai_game.Game.block_value` examines (a
    mixin)."""

    def _block_order(self, attack: Mapping[str, str], attack_cost: int, alpha: int
                     ) -> Iterator[tuple[dict[str, list[str]], int]]:
        """The legal blocks against ``attack`` (:meth:`block_candidates`) in the order
        :meth:`block_value` examines them. At lookahead 1, when the next player may always
        not attack, each block's value right after combat (:meth:`static_value`) is an
        upper bound of its value after the crack-back: a block at or below ``alpha`` now
        refutes the attack at once (it alone is returned: no crack-back is searched);
        otherwise the blocks best for the defending players now come first, so that the
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
        heap: list[tuple[int, int, bool, dict[str, list[str]], int]] = []
        for i, (blocks, cost) in enumerate(candidates):
            mana = self.mana_term(attack_cost, cost)
            low = self.static_floor(attack, blocks, mana)
            if low is not None and low > alpha:
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
