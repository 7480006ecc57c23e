"""Fights in triggered abilities of combat (CR 701.14; h28; docs/triggers.md "Fights").

Read: "~ / it fights [up to one / another] target creature [you don't control / an opponent
controls / defending player controls]" (:class:`~redzone.models.triggers.types.Fight`),
where "it" is the source or the creature whose event it was. Not read when the trigger event
is damage dealt to or by the source or that creature ("whenever ~ is dealt damage, it
fights ..."): the fight's damage would trigger the ability again, and a triggered ability's
damage makes no damage events in the play (docs/triggers.md, the limit of "is dealt
damage"), so it would be played once instead of again and again.

Played (:func:`resolve`): as the ability resolves, each creature deals damage equal to its
power then (608.2h) to the other, at once (701.14a, one :func:`~redzone.models.outcome.deal_damage`
of both events: deathtouch, lifelink, infect and protection count, 702.2b, 702.15b, 702.16e);
no damage when either has left the battlefield or the target is gone (701.14b); fighting
itself, twice its power to itself (701.14c). Fight damage is not combat damage (701.14d).
State-based actions wait until the ability has resolved (704.3). Pure Python.
"""

from __future__ import annotations

import re
from typing import Any

from redzone.models.outcome import DamageEvent, deal_damage
from redzone.models.triggers.types import Effect, Fight, Who

__all__ = ["EFFECTS", "read_clause", "resolve"]

EFFECTS = (Fight,)
"""The effect classes :func:`resolve` plays."""

_SELF = Who("source")
_TRIGGER = Who("trigger")
_DAMAGE_EVENTS = ("dealt_damage", "dealt_damage_by", "deals_damage", "deals_damage_to",
                  "combat_damage", "combat_damage_creature")
_FIGHTS = re.compile(r"(?P<who>~|it|he|she) fights (?P<what>(?:up to one |another )?target .+)")


def read_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"<fighter> fights <one target creature>" (module docstring) as ``(Fight,)``, or
    ``None``. ``refs``: the parser's references of the trigger condition."""
    m = _FIGHTS.fullmatch(s.strip())
    if not m or refs.r.event in _DAMAGE_EVENTS or refs.r.event in ("dies", "leaves"):
        return None
    fighter = _SELF if m["who"] == "~" else refs.r.it
    if fighter not in (_SELF, _TRIGGER):
        return None
    who = refs.obj(m["what"])
    if who is None or who.kind != "target_creature" or who.also_types:
        return None
    return (Fight(who, "source" if fighter == _SELF else "trigger"),)


def resolve(play: Any, f: Any, e: Fight, chosen: dict[str, Any]) -> str:
    """Play ``e`` for the ability ``f`` (``play``: the resolver's ``_Play``): a line of what
    it did."""
    from redzone.models.triggers.watches import record_damage

    fighter = f.source if e.by == "source" else f.trigger
    targets = play.objects(f, e.who, chosen)
    state = play.state
    if fighter is None or not state.on_battlefield(fighter) or not targets:
        return "no fight: a creature is gone or no target (701.14b)"
    (target,) = targets[:1]
    a, b = play.edit.perm(fighter), play.edit.perm(target)
    if not a.is_creature or not b.is_creature:
        return "no fight: not a creature (701.14b)"
    pa, pb = max(0, a.power or 0), max(0, b.power or 0)
    if target == fighter:  # 701.14c
        events = [DamageEvent(fighter, fighter, 2 * pa)]
    else:
        events = [DamageEvent(fighter, target, pa), DamageEvent(target, fighter, pb)]
    dealt = deal_damage(play.board, state, [x for x in events if x.amount > 0], combat=False)
    record_damage(state, dealt)
    parts = ", ".join(f"{d.amount} damage to {d.recipient}" for d in dealt) or "no damage"
    return f"{fighter} fights {target} (701.14a): {parts}"
