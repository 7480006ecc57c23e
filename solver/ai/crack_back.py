"""The crack-back of the AI's combat game (issue 9, lookahead 1): the next player's best
attack against what this combat leaves untapped (302.6, 502.3: creatures that attacked
without vigilance stay tapped through the next turn), keyed by position and searched in an
alpha-beta window with proved bounds memoised (:class:`redzone.solver.ai.memo.Shared`).

Owns :class:`CrackBack`; the next turn's game is made by the game factory it is given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models.attack_rules import attack_problem
from redzone.models.outcome import GameState, out_of_game
from redzone.solver.ai.clock import Timeout
from redzone.solver.ai.position import next_player, next_turn_board
from redzone.solver.ai.tree import INF, Leaf

if TYPE_CHECKING:
    from redzone.models.evaluation import Evaluator
    from redzone.solver.ai.clock import Clock
    from redzone.solver.ai.facts import Facts, Spawn, Status
    from redzone.solver.ai.memo import Principal, Shared
    from redzone.solver.ai.units import UnitGames


class CrackBack:
    """The next player's attack back (:meth:`crack_back`), keyed by position
    (:meth:`position_key`, :meth:`leaves_key`) and memoised in :class:`Shared`."""

    def __init__(self, facts: Facts, status: Status, shared: Shared, ev: Evaluator, clock: Clock,
                 units: UnitGames, spawn: Spawn) -> None:
        self.facts = facts
        self.status = status
        self.shared = shared
        self.ev = ev
        self.clock = clock
        self.units = units
        self.spawn = spawn
        # Facts read here, bound once (several are read in inner loops).
        self._base_life = facts.base_life
        self._base_poison = facts.base_poison
        self._two = facts.two
        self._commander = facts.commander
        self._vigilant = facts.vigilant
        self.base = facts.base
        self.board = facts.board
        self._seen_tapped: tuple[Any, tuple[str, ...]] | None = None

    def position_key(self, attack: Mapping[str, str], state: GameState) -> tuple[str | None, Any]:
        """(the next player, the crack-back position): what :func:`next_turn_board` reads
        from this combat — who attacked without vigilance (they stay tapped, 302.6) and
        the state's changes except life gained."""
        lost = out_of_game(self.board, state)  # (lost stays lost, 800.4; 704.5a, 704.5c, 704.6c)
        player = next_player(self.board, lost)
        d = self.units.delta(state)
        return player, (player, self._tapped(attack), d[:2] + d[3:])

    def _tapped(self, attack: Mapping[str, str]) -> tuple[str, ...]:
        """The attacking creatures without vigilance (they stay tapped through the next
        turn, 302.6, 502.3), sorted; kept for the last declaration object asked about."""
        seen = self._seen_tapped
        if seen is not None and seen[0] is attack:
            return seen[1]
        tapped = tuple(sorted(a for a in attack if a not in self._vigilant))
        self._seen_tapped = (attack, tapped)
        return tapped

    def leaves_key(self, attack: Mapping[str, str], leaves: list[Leaf]
                    ) -> tuple[str | None, Any] | None:
        """:meth:`CrackBack.position_key` of :meth:`combine` ``(leaves)``, the same key, worked out
        from the units' changes without building the state (a swarm's block combined 78
        permanents' counters only to key a position seen before); ``None`` when that does
        not apply (more than two players, or a first-strike step that may end the combat:
        :meth:`combine` then decides which state stands)."""
        if not self._two or self._commander:  # (commander damage: keyed from the state)
            return None
        life: dict[str, int] = {}
        poison: dict[str, int] = {}
        destroyed: set[str] = set()
        minus: dict[str, int] = {}
        counters: dict[str, Any] = {}
        loyalty: dict[str, int] = {}
        defense: dict[str, int] = {}
        for leaf in leaves:
            if leaf.first is not None:
                return None
            d_life, d_poison, _, d_destroyed, d_minus, d_counters, d_loyalty, d_defense = leaf.delta
            for p, d in d_life:
                life[p] = life.get(p, 0) + d
            for p, d in d_poison:
                poison[p] = poison.get(p, 0) + d
            destroyed.update(d_destroyed)
            for k, v in d_minus:
                minus[k] = minus.get(k, 0) + v
            for k, v in d_counters:
                counters[k] = v
            for k, v in d_loyalty:
                loyalty[k] = v
            for k, v in d_defense:
                defense[k] = v
        base_life, base_poison = self._base_life, self._base_poison
        lost = {p for p in base_life
                if base_life[p] + life.get(p, 0) <= 0 or base_poison[p] + poison.get(p, 0) >= 10}
        player = next_player(self.board, lost)
        base = self.base
        delta = (tuple(sorted((p, d) for p, d in life.items() if d)),
                 tuple(sorted((p, d) for p, d in poison.items() if d)),
                 tuple(sorted(destroyed)),
                 tuple(sorted((k, v) for k, v in minus.items() if v)),
                 tuple(sorted((k, v) for k, v in counters.items() if dict(v) != base.counters.get(k))),
                 tuple(sorted((k, v) for k, v in loyalty.items() if v != base.loyalty.get(k))),
                 tuple(sorted((k, v) for k, v in defense.items() if v != base.defense.get(k))))
        return player, (player, self._tapped(attack), delta)

    def crack_back(self, attack: Mapping[str, str], state: GameState | None, lo: int = -INF,
                   hi: int = INF, leaves: list[Leaf] | None = None) -> int:
        """The perspective value after the next player's best attack (lookahead 0) against
        what is left untapped, searched with the window (``lo``, ``hi``) (alpha-beta, fail
        soft): exact inside it; at or below ``lo`` an upper bound of the value (the next
        player has an attack at least that good for them), at or above ``hi`` a lower
        bound. Proved bounds are memoised by position (:attr:`Shared.memo`). The position
        is ``state``, or when it is ``None`` :meth:`combine` ``(leaves)`` (built only when
        the position must be searched)."""
        got = self.leaves_key(attack, leaves) if state is None and leaves is not None else None
        if got is None:
            if state is None:
                state = self.units.combine(leaves or [])
            got = self.position_key(attack, state)
        player, key = got
        if player is None:
            return self.ev.score(state if state is not None else self.units.combine(leaves or []))
        shared = self.shared
        lower, upper = shared.memo.get(key, (-INF, INF))
        if lower == upper or upper <= lo:
            return upper
        if lower >= hi:
            return lower
        if state is None:
            state = self.units.combine(leaves or [])
        board2 = next_turn_board(self.board, state, attack, player)
        game = self.spawn(board2, 0, shared)
        cuts = Timeout.raised
        try:
            value, line = game.solve_attack(max(lo, lower - 1), min(hi, upper + 1))
        finally:
            self.clock.nodes += game.clock.nodes
            if not game.status.exact:
                self.status.exact = False
        if Timeout.since(cuts):
            # The time limit stopped a search inside the next player's game that answered
            # with its best so far (ai_blocks' local search): the value proves nothing, so it
            # is neither memoised nor used — the caller is cut short too.
            raise Timeout
        if value <= lo:
            upper = min(upper, value)
        elif value >= hi:
            lower = max(lower, value)
        else:
            lower = upper = value
            shared.lines[key] = line
        shared.memo[key] = (lower, upper)
        return value

    def crack_back_line(self, attack: Mapping[str, str], state: GameState) -> Principal | None:
        """The next player's best attack and the answer to it after this combat, when the
        search valued this position exactly (it does for the line it answers with, unless a
        time limit cut it); ``None`` otherwise or when no player takes a next turn. Nothing
        is searched here: an answer's explanation never outlasts its time limit."""
        player, key = self.position_key(attack, state)
        if player is None:
            return None
        return self.shared.lines.get(key)
