"""Lords leaving during combat damage (issue 9): a permanent whose static ability changes
others' characteristics (CR 613) takes its effect with it when it leaves (611.3a), so the
units it may change are played together, with the layers applied again (704.3).

Owns :class:`Lords`: which units such a lord joins (:meth:`Lords.links`,
:meth:`Lords.join`); the joined unit's damage game is played by
:class:`redzone.solver.ai.units.UnitGames`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models.grouping import connected_groups
from redzone.solver.ai.units import _facing
from redzone.solver.ai.tree import INF

if TYPE_CHECKING:
    from redzone.solver.ai.bounds.static import Combatants
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.facts import Facts


class Lords:
    """Lords leaving during combat damage: which units must be played together
    (:meth:`links`, :meth:`join`, :meth:`possible`), read from :attr:`Facts.reach` and the
    creatures' damage (:class:`Combatants`)."""

    def __init__(self, facts: Facts, declarations: Declarations, combatants: Combatants) -> None:
        self.facts = facts
        self.declarations = declarations
        self.combatants = combatants
        # Facts read here, bound once (several are read in inner loops).
        self._coupling = facts.coupling
        self._frail = facts.frail
        self._players = facts.players
        self._reach = facts.reach
        self._strikes_first = facts.strikes_first
        self.board = facts.board

    def _first_strike_in(self, combatants: set[str]) -> bool:
        return not self._strikes_first.isdisjoint(combatants)

    def links(self, attack: Mapping[str, str], facing: Mapping[str, list[str]],
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
        need = self.need

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
                q = self.combatants.harm(f) if f in perms else 0
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

    def need(self, pid: str, without: bool) -> int:
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

    def join(self, out: list[Any], attack: Mapping[str, str],
                      blocks: Mapping[str, list[str]]) -> list[Any]:
        """``out`` (units) with those joined that :meth:`Lords.links` says must be played
        together (a lord that may leave and a creature whose damage or survival its effect
        changes)."""
        if not self._reach or len(out) < 2:
            return out
        facing = _facing(blocks)
        first = self._first_strike_in(set(attack)) or self._first_strike_in(set(facing) - set(attack))
        pairs, _ = self.links(attack, facing, first)
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

    def possible(self, attack: Mapping[str, str]) -> bool:
        """Whether some block against ``attack`` may make :meth:`Lords.links` join units:
        every creature that may block is taken as blocking each attacker it may block, and
        a first-strike step as coming when one of them has first or double strike."""
        if not self._reach:
            return False
        blocks: dict[str, list[str]] = {}
        for p in self.declarations.block_problems(attack):
            for b in p.blockers:
                blocks.setdefault(b, []).extend(p.allowed.get(b, ()))
        facing = _facing(blocks)
        first = self._first_strike_in(set(attack)) or self._first_strike_in(set(blocks))
        return bool(self.links(attack, facing, first)[0])

