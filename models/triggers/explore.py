"""Explore in triggered abilities of combat (CR 701.44; h28; docs/triggers.md "Explore").

Read: "~ / it / target creature you control explores"
(:class:`~redzone.models.triggers.types.Explore`; one creature: the source, the creature whose
event it was, or one target).

Played (:func:`resolve`): the top card of the controller's library is hidden, so whether it
is a land is no player's choice: a ``Choice`` ``"chosen"`` (``"nonland"`` or ``"land"``)
made by the adversary of the ability's controller, like a coin flip (``random``:
:mod:`redzone.models.triggers.chance`), which a scenario states as
``combat.trigger_choices[].chosen``; unstated, ``damage`` and the AI take the result worst
for the controller and say so in a warning (:func:`redzone.models.triggers.chance.assumed`).
A land goes to the hand (a value); otherwise the creature gets a +1/+1 counter (613.4c) if
it is still on the battlefield (701.44b), and the card may go to the graveyard (a value).
Abilities that trigger "whenever a creature you control explores" are not played; the
answer lists them (:func:`redzone.models.triggers.value.caused_by_values`). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.triggers.types import Amount, Counters, Effect, Explore, Who

__all__ = ["EFFECTS", "read_clause", "resolve"]

EFFECTS = (Explore,)
"""The effect classes :func:`resolve` plays."""

_EXPLORES = re.compile(r"(?P<who>.+?) explores")


def read_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"<creature> explores" (module docstring) as ``(Explore,)``, or ``None``."""
    m = _EXPLORES.fullmatch(s.strip())
    if not m:
        return None
    words = m["who"].strip()
    who = refs.obj("it" if words in ("he", "she") else words)
    if who is None or who.kind not in ("source", "trigger", "target_creature") or who.also_types:
        return None
    return (Explore(who),)


def resolve(play: Any, f: Any, e: Explore, chosen: dict[str, Any]) -> str:
    """Play ``e`` for the ability ``f`` (``play``: the resolver's ``_Play``): a line of what
    it did."""
    from redzone.models.triggers.chance import adversary
    from redzone.models.triggers.resolve import Choice

    ids = play.objects(f, e.who, chosen)
    pick = play.choose(Choice(adversary(play, f.controller), "chosen", f.source, f.ability.text,
                              ("nonland", "land"), f.trigger, random=True))
    chosen["chosen"] = pick
    if pick == "land":
        return "explores: a land revealed, put into the hand (701.44a)"
    line = "explores: a nonland card revealed (701.44a)"
    if not ids:
        return line + "; the creature has left the battlefield: no counter (701.44b)"
    got = play.effect(dataclasses.replace(f, trigger=ids[0]), Counters(Who("trigger"), "+1/+1", Amount(1)),
                      chosen)
    return f"{line}; {got}"
