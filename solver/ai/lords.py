"""The AI's combat damage games when a lord may leave during combat damage (issue 9): a
permanent whose static ability changes others' characteristics (CR 613) takes its effect with
it when it leaves the battlefield (611.3a), so the layers are applied again to what remains
and state-based actions checked again (704.3), between the first-strike and the regular
step (510.1a) and after the last one, as :func:`redzone.solver.damage.solve.play_out` does.

:class:`Lords` is a part of :class:`redzone.solver.ai.search.Game` (a mixin, with
:class:`redzone.solver.ai.units.UnitGames`): which units such a lord joins, and the damage
game of a unit whose layers are applied again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from redzone.models.grouping import connected_groups
from redzone.models.layers import layer_reach
from redzone.solver.ai.position import with_combat
from redzone.solver.ai.units import BOOST, _facing
from redzone.solver.ai.tree import INF


class Lords:
    """Lords leaving during combat damage, for :class:`redzone.solver.ai.search.Game` (a
    mixin: it reads the game's board and caches, and plays units with
    :meth:`redzone.solver.ai.units.UnitGames._step`)."""

    def _relayer_facts(self) -> tuple[dict[str, dict[str, tuple[int, int] | None]], frozenset[str]]:
        """(what each permanent's leaving would change in the others' characteristics,
        :func:`redzone.models.layers.layer_reach`; the creatures that leaving may leave with
        0 toughness or less, 704.5f: their toughness less all that every permanent reaching
        them gives is 0 or less, or something else may change). Both empty on a board with
        no such effect (then nothing below costs anything)."""
        if not self._layer_sources:
            return {}, frozenset()
        reach = layer_reach(self.board)
        drop: dict[str, int | None] = {}
        for changes in reach.values():
            for pid, d in changes.items():
                old = drop.get(pid, 0)
                drop[pid] = None if d is None or old is None else old + max(d[1], 0)
        perms = self.board.permanents
        frail = frozenset(pid for pid, d in drop.items() if perms[pid].is_creature and (
            d is None or (perms[pid].toughness or 0) - d <= 0))
        return reach, frail

    def _relayer_links(self, attack: Mapping[str, str], facing: Mapping[str, list[str]],
                       first: bool) -> tuple[list[tuple[str, str]], bool]:
        """What a combat needs because a permanent whose static ability changes others'
        characteristics (a lord, :meth:`_relayer_facts`) may leave in it and its effects end
        (611.3a, 613): (pairs of permanents whose units must be played together, whether a
        unit must apply the layers again after a step). ``facing``: creature id -> the
        creatures that may deal it combat damage (its blockers, or the attackers it blocks;
        510.1); ``first``: a first-strike step comes before the regular one.

        A holder may leave when it may be dealt lethal damage (an attacked planeswalker or
        battle always counts). It matters to another combatant when a step follows (that
        one's damage is then dealt with the power it has then, 510.1a) or, in the last step,
        when that combatant may be dealt as much damage as its toughness less what the
        lords reaching it give (704.3, 704.5g); to any creature it may leave with 0
        toughness (704.5f; holders reaching the same such creature are played together).
        "May be dealt" is bounded by the facing creatures' power (twice with double strike,
        702.4c) on boards where nothing prevents, multiplies or redirects damage and no
        power depends on combat; elsewhere every facing creature may deal anything."""
        reach = self._reach
        if not reach:
            return [], False
        targets = {t for t in attack.values() if t not in self._players}
        combatants = set(attack) | set(facing) | targets
        frail = self._frail
        bounded = not self._coupling and not self.board.has_combat_effects
        perms = self.board.permanents
        need = self._relayer_need

        def may_take(x: str, amount: int, below: int | None = None) -> bool:
            """Whether ``x`` may be dealt at least ``amount`` combat damage here (and, with
            ``below``, less than ``below``: what doesn't destroy it anyway)."""
            foes = facing.get(x)
            if not foes:
                return x in targets
            if not bounded:
                return True
            total = 0
            for f in foes:
                q = self._blocker_harm(f) if f in perms else 0
                if q >= INF:
                    return True  # deathtouch, infect or wither
                total += q
            if below is not None and len(foes) == 1 and facing.get(foes[0]) == [x]:
                # One creature facing only it deals it all its damage (510.1c-d), or with
                # trample at least lethal damage (702.19b): exactly its power, or at least
                # ``below`` when its power reaches that.
                return amount <= total < below
            return total >= amount

        pairs: list[tuple[str, str]] = []
        relayer = False
        by_frail: dict[str, str] = {}
        for h, changes in reach.items():
            if h not in combatants or not may_take(h, need(h, False)):
                continue
            for x, d in changes.items():
                if x in combatants and x != h and (
                        first or (d is None or d[1] > 0)
                        and may_take(x, need(x, True), need(x, False))):
                    pairs.append((h, x))
                    relayer = True
                if x in frail:
                    relayer = True
                    other = by_frail.setdefault(x, h)
                    if other != h:
                        pairs.append((other, h))
        return pairs, relayer

    def _relayer_need(self, pid: str, without: bool) -> int:
        """The damage that destroys ``pid`` (its toughness less damage already marked,
        704.5g; 1 for a planeswalker or battle: it is always taken as leaving), with
        ``without``: once every lord reaching it has left (its toughness less what they
        give, :meth:`_relayer_facts`)."""
        perm = self.board.permanents.get(pid)
        if perm is None or not perm.is_creature:
            return 1
        left = (perm.toughness or 0) - perm.damage
        if without:
            for changes in self._reach.values():
                d = changes.get(pid, (0, 0))
                if d is None:
                    return 1
                left -= max(d[1], 0)
        return max(left, 1)

    def _join_relayer(self, out: list[Any], attack: Mapping[str, str],
                      blocks: Mapping[str, list[str]]) -> list[Any]:
        """``out`` (units) with those joined that :meth:`_relayer_links` says must be played
        together (a lord that may leave and a creature whose damage or survival its effect
        changes)."""
        if not self._reach or len(out) < 2:
            return out
        facing = _facing(blocks)
        first = self._first_strike(set(attack)) or self._first_strike(set(facing) - set(attack))
        pairs, _ = self._relayer_links(attack, facing, first)
        if not pairs:
            return out
        where: dict[str, int] = {}
        for i, (atk, blk) in enumerate(out):
            for a, t in atk:
                where[a] = where[t] = i
            for b, _ in blk:
                where[b] = i
        groups = connected_groups(range(len(out)), [(where[h], where[x]) for h, x in pairs
                                                    if h in where and x in where])
        if len(groups) == len(out):
            return out
        return [out[g[0]] if len(g) == 1 else (tuple(sorted(x for i in g for x in out[i][0])),
                                               tuple(sorted(x for i in g for x in out[i][1])))
                for g in groups]

    def _relayer_possible(self, attack: Mapping[str, str]) -> bool:
        """Whether some block against ``attack`` may make :meth:`_relayer_links` join units:
        every creature that may block is taken as blocking each attacker it may block, and
        a first-strike step as coming when one of them has first or double strike."""
        if not self._reach:
            return False
        blocks: dict[str, list[str]] = {}
        for p in self.block_problems(attack):
            for b in p.blockers:
                blocks.setdefault(b, []).extend(p.allowed.get(b, ()))
        facing = _facing(blocks)
        first = self._first_strike(set(attack)) or self._first_strike(set(blocks))
        return bool(self._relayer_links(attack, facing, first)[0])

    def _relayer_tree(self, key: Any, unit: Any, attack: Mapping[str, str],
                      blocks: Mapping[str, list[str]], steps: tuple[str, ...]) -> Any:
        """The damage game of a unit in which a lord may leave with effects that matter
        (:meth:`_relayer_links`): the layers are applied again after each step that removed
        one (611.3a, 613) and state-based actions checked again (704.3), as
        :func:`redzone.solver.damage.solve.play_out` does. Played on the unit's board
        (:meth:`_unit_board`) with every permanent that has an effect of the layers and
        every creature a lord's leaving may leave with 0 toughness, when every such effect
        is "gets +N/+M" (what it reaches then depends on no other permanent, so the layers
        applied again on that board give its permanents what they would get on the whole
        board); otherwise on the whole board. Shared between the games of a question by
        what that board holds (:meth:`_unit_key`)."""
        view = with_combat(self.board, attack, blocks)
        board = view
        extra: set[str] | None = None  # None: the whole board
        if (self._restrict and not self.board.has_combat_effects and not self._non_additive
                and all(d is not None for ch in self._reach.values() for d in ch.values())):
            keep = self._unit_keep(attack, blocks) | self._layer_sources | self._frail
            keep |= {p.id for p in self.board.permanents.values() if p.attached_to in keep}
            board = dataclasses.replace(view, permanents={
                pid: p for pid, p in self.board.permanents.items() if pid in keep},
                _grants=None, _index=None)
            extra = keep
        shared_key = self._unit_key(unit, steps, attack, blocks, extra=extra)
        got = self._shared_unit(key, shared_key)
        if got is not None:
            return got
        start = self.base.copy()
        self._boost = 0
        if (self._two or len(steps) == 1 or self._first_strike_harmless()) and not self._non_additive:
            self._boost = BOOST  # as in unit_tree: judged when the units are combined
            for p in start.life:
                start.life[p] += BOOST
                start.poison[p] -= BOOST
            for totals in start.commander_damage.values():  # 704.6c likewise
                for c in totals:
                    totals[c] -= BOOST
        got = self._play_relayered(key, board, steps, start)
        if shared_key is not None:
            self.shared.units[shared_key] = (got, self._flat[id(got)])
        return got
