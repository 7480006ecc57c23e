"""The cleanup step's end of "until end of turn" effects (CR 514.2), for what looks past this
turn: the AI's evaluation after combat and its next-turn board (docs/ai.md).

A scenario's power, toughness and abilities are current values; ``until_end_of_turn`` names
the part of them that ends at cleanup (a Giant Growth's +3/+3, Craterhoof Behemoth's +X/+X
and trample). In the cleanup step, marked damage is removed and those effects end at the
same time (514.2), then state-based actions are checked (514.3a): a creature whose
toughness is then 0 or less is put into its owner's graveyard (704.5f) — a 1/1 with two
-1/-1 counters that had +4/+4 until end of turn — while one that was dealt damage up to its
pumped toughness survives (the damage is gone as the pump ends).

Pure Python; never imports ortools.
"""

from __future__ import annotations

import dataclasses
from copy import copy
from typing import Any

from redzone.models.abilities import Conditional, ParsedText
from redzone.models.battlefield import Board, EndOfTurn, Permanent
from redzone.models.conditions import hand_costs
from redzone.models.layers import _NO_LATER_GRANT, relayered  # pyright: ignore[reportPrivateUsage]

__all__ = ["EndOfTurn", "end_turn", "ended", "has_end_of_turn"]


def ended(perm: Permanent) -> Permanent:
    """``perm`` as it is once its "until end of turn" effects have ended (514.2): power and
    toughness less what they added, its parsed abilities without theirs; ``perm`` itself
    when it has none. A copy; ``perm`` is unchanged. (Other permanents' effects on it are
    the caller's: the layers of the board it is on.)"""
    eot = perm.until_end_of_turn
    if eot is None:
        return perm
    out = copy(perm)
    if out.power is not None:
        out.power -= eot.power
    if out.toughness is not None:
        out.toughness -= eot.toughness
    b = out.base
    if b is not None and (eot.power or eot.toughness):
        out.base = dataclasses.replace(
            b, power=None if b.power is None else b.power - eot.power,
            toughness=None if b.toughness is None else b.toughness - eot.toughness)
    out.parsed = eot.after
    if perm.conditional is not None and any(isinstance(a, Conditional) for a in eot.after.abilities):
        # Abilities under a condition (611.3a) stay as they were decided (the caller decides
        # them again on the board after cleanup: end_turn); undecided ones stay reported.
        in_force = list(perm.parsed.abilities)
        kept: list[Any] = []
        for a in eot.after.abilities:
            if not isinstance(a, Conditional):
                kept.append(a)
            elif a.abilities and all(x in in_force for x in a.abilities):
                kept.extend(a.abilities)
        notes = tuple(u for u in perm.parsed.unparsed if u.startswith("condition not decided")
                      and u not in eot.after.unparsed)
        out.conditional = eot.after
        out.parsed = ParsedText(tuple(kept), eot.after.unparsed + notes, eot.after.ignored)
    if perm.lost_abilities_at == _NO_LATER_GRANT:
        # h26: a triggered ability's "loses all abilities until end of turn" (the only one with
        # that timestamp: models/triggers/control.py) ends with the rest (613.1f)
        out.lost_abilities_at = None
    out.until_end_of_turn = None
    return out


def has_end_of_turn(board: Board) -> bool:
    """Whether some permanent of ``board`` has an "until end of turn" part."""
    return any(p.until_end_of_turn is not None for p in board.permanents.values())


def end_turn(board: Board) -> Board:
    """``board`` after the cleanup step (CR 514): every "until end of turn" effect ends and
    marked damage is removed (514.2, simultaneously), then state-based actions (514.3a): a
    creature with toughness 0 or less is put into its owner's graveyard (704.5f) and an Aura
    attached to it with it (704.5m); if one of those had static abilities that change
    others' characteristics, the layers are applied again to what remains (611.3a, 613),
    and abilities under a condition are decided again (611.3a).
    ``board`` itself when nothing ends; otherwise a new board (``board``'s permanents are
    not changed)."""
    if not has_end_of_turn(board):
        return board
    perms = {pid: dataclasses.replace(ended(p), damage=0) for pid, p in board.permanents.items()}
    gone = {pid for pid, p in perms.items() if p.is_creature and (p.toughness or 0) <= 0}
    changed = bool(gone)
    while changed:  # 704.5m: Auras attached to what left
        changed = False
        for pid, p in perms.items():
            if pid not in gone and p.attached_to in gone and "Aura" in p.subtypes:
                gone.add(pid)
                changed = True
    out = Board(scenario=board.scenario, players=board.players, permanents=perms,
                 active_player=board.active_player, rules=board.rules, game=board.game,
                 departed=board.departed)
    hand_costs(out)  # abilities given back by an ended effect: a cost by an unstated hand
    out.combat = board.combat
    out.gaps = list(board.gaps)
    if not gone:
        # Conditions of static abilities decided again (611.3a): power, toughness and
        # abilities that ended may change them.
        snap = copy(out)
        snap.permanents = {pid: copy(p) for pid, p in perms.items()}
        again = relayered(snap, out)
        if again is None:
            return out
        snap.gaps = again
        return snap
    kept = {pid: dataclasses.replace(p, counters=dict(p.counters),
                                     attached_to=None if p.attached_to in gone else p.attached_to)
            for pid, p in perms.items() if pid not in gone}
    final = Board(scenario=board.scenario, players=board.players, permanents=kept,
                   active_player=board.active_player, rules=board.rules, game=board.game,
                   departed=board.departed)
    final.combat = board.combat
    final.gaps = list(board.gaps)
    gaps = relayered(final, out)  # 611.3a, 613: their effects end; conditions decided again
    if gaps is not None:
        final.gaps = gaps
    return final
