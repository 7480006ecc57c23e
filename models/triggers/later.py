"""Effects of triggered abilities of combat whose result comes after this combat, and
value-only objects of players (h28; docs/triggers.md "Later turns, Attractions, tickets").

Every clause read here is a :class:`~redzone.models.triggers.types.ValueOnly`: nothing it
does changes a creature on the battlefield, its power, toughness, counters, abilities,
tapped state or combat status, a life total, a poison count or who controls what *in this
combat*:

- the structure of later turns: "that player skips their next untap step" (502.1 is skipped,
  614.10), "... their next combat phase", "take an extra turn after this one" (500.7),
  "you get that many additional upkeep steps after this phase" (500.8: after combat);
- delayed triggered abilities (603.7) that act at the next upkeep or end step, after this
  combat (513.1): "transform ~ at the beginning of the next upkeep", and a card that died
  returned "to the battlefield ... at the beginning of the next end step" / "... their next
  upkeep" (the card is in its owner's graveyard now; 700.4);
- a card exiled or put into a graveyard before ("that card") returned at the next end step;
- a delayed "when that creature dies this turn, <value>" (603.7c: whenever it triggers,
  only a value) ("can't be regenerated" is read once, by :mod:`.control`);
- things of players: "open an Attraction" (701.51: a noncreature artifact card onto the
  battlefield, visited only in a main phase, 701.52), "you get {A}" (a ticket counter on the
  player, 122.1), "it stops being day or night" (730: checked as a turn begins), the cost of
  a spell cast later ("that spell has undaunted", 702.125).

The AI's crack-back (lookahead 1, docs/ai.md) does not see these later effects, as it does
not see a goad (board_effects.Goad): the next turn's board is the one this combat leaves.
Pure Python.
"""

from __future__ import annotations

import re
from typing import Any

from redzone.models.triggers.types import Effect, ValueOnly, Who
from redzone.models.triggers.value import value_effect

__all__ = ["read_clause"]

_PLAYER = (r"(?:you|that player|defending player|the defending player|each opponent|"
           r"target player|target opponent|that opponent)")
_SKIPS = re.compile(_PLAYER + r" skips? (?:their|your) next (?:untap step|combat phase|"
                    r"draw step|upkeep step|turn)")
_EXTRA_TURN = re.compile(r"(?:you )?take an extra turn after this one")
_UPKEEPS = re.compile(r"you get (?:that many|an|one|two|\d+) additional upkeep steps? after "
                      r"this phase")
_TRANSFORM_LATER = re.compile(r"transform (?:~|it) at the beginning of the next upkeep")
_RETURN_LATER = re.compile(
    r"return (?:~|it|that card|this card|her|him) to the battlefield(?: transformed| tapped)?"
    r"(?: under (?:your|its owner's|their owner's) control| attached to you)?(?: tapped)?"
    r" at the beginning of (?:the next end step|(?:its owner's|their|your) next upkeep)")
_DELAYED_DIES = re.compile(r"when (?:that creature|it) dies this turn, (.+)")
_THINGS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"open (?:an|one|two) Attractions?"), "attraction"),
    (re.compile(r"(?:you )?get (?:\{A\})+"), "ticket"),
    (re.compile(r"(?:~|it) stops being day or night"), "day or night"),
    (re.compile(r"that spell has undaunted"), "cost"),
    (re.compile(r"you get \d+% cooler"), "nothing"),  # Rainbow Dash: no rule reads it
]

_GONE = ("dies", "leaves")
_SELF = Who("source")
_TRIGGER = Who("trigger")


def read_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """One clause (no final period) of this module (module docstring) as ``(ValueOnly,)``,
    or ``None``. ``refs``: the parser's references of the trigger condition (a card
    returned later must be one that died with the event: the source's or the creature's
    whose event it was)."""
    s = s.strip()
    if _SKIPS.fullmatch(s):
        return (ValueOnly("skip"),)
    if _EXTRA_TURN.fullmatch(s):
        return (ValueOnly("extra turn"),)
    if _UPKEEPS.fullmatch(s):
        return (ValueOnly("extra upkeep"),)
    if _TRANSFORM_LATER.fullmatch(s):
        # a delayed triggered ability (603.7) that transforms it at the next upkeep; on the
        # battlefield then or not, nothing changes in this combat
        return (ValueOnly("transform later"),)
    if _RETURN_LATER.fullmatch(s) and re.match(r"return that card\b", s):
        # "that card" is a card in a zone other than the battlefield (exiled or put into a
        # graveyard before; 109.2): it returns after this combat, whatever the event
        return (ValueOnly("returns later"),)
    m = _DELAYED_DIES.fullmatch(s)
    if m:
        # a delayed triggered ability (603.7c) whose only effect is a value: whenever it
        # triggers, nothing changes in combat
        got = value_effect(m[1])
        if got is not None and all(isinstance(e, ValueOnly) for e in got):
            return (ValueOnly("delayed " + "/".join(e.what for e in got if isinstance(e, ValueOnly))),)
        return None
    # "that creature can't be regenerated this turn": one reading, control.py's (h26)
    if _RETURN_LATER.fullmatch(s) and refs.r.event in _GONE:
        who = refs.r.it if re.search(r"\b(?:it|her|him)\b", s) else (
            _SELF if re.search(r"~|this card", s) else refs.r.that_creature or refs.r.it)
        if who is None and refs.r.watch.kind == "creatures" and not refs.r.once:
            who = _TRIGGER  # "whenever a Curse is put into your graveyard ..., return it"
        if who in (_SELF, _TRIGGER):
            return (ValueOnly("returns later"),)
        return None
    for rx, tag in _THINGS:
        if rx.fullmatch(s):
            return (ValueOnly(tag),)
    return None
