"""Cards and permanents moved between zones by triggered abilities of combat, h13
(docs/triggers.md, "Zone moves (h13)").

Reading (:func:`move_clause`, called by :mod:`redzone.models.triggers.parse` after the other
readers, for what they don't read):

- value only (no permanent on the battlefield changes): a card of a creature that died moved
  on from its owner's graveyard (700.4) — "return this card / it to your hand", "put it into
  your library third from the top", "shuffle ~ into your library", "exile this card [from
  your graveyard]", "exile it with three time counters on it and it gains suspend"; "return
  this card from your graveyard to your hand" (113.6k: that ability works only in the
  graveyard); cards returned from graveyards to hands, searched for and put into a hand,
  put from a graveyard on top of a library;
- "manifest the top card of your library": a face-down 2/2 creature (701.40a, 708.2), as
  manifest dread's (:class:`ManifestDread`);
- "return another creature / an artifact / a land you control to its owner's hand": the
  controller chooses one (:class:`Sacrifice` with ``to_hand``: it leaves without dying);
- the source leaving on its own ability when it didn't die: "return ~ to its owner's hand",
  "exile ~", "exile it face down";
- "destroy all creatures blocking or blocked by it", "destroy both creatures" / "destroy
  that creature and ~";
- "convert ~ / it" (701.28a: convert is transform);
- "exile ~, then return it to the battlefield transformed under its owner's control", "exile
  [up to one] [other] target creature you control / own, then return it (that card) to the
  battlefield [tapped] under its owner's / your control": the permanent leaves (a new object
  returns, 400.7, not in combat, 506.4) — :class:`Destroy` then :class:`EntersFromCard`
  ``"blink"``.

Pure Python.
"""

from __future__ import annotations

import re
from typing import Any

from redzone.models.triggers.types import (Amount, Destroy, Effect, EntersFromCard, ManifestDread,
                                           Sacrifice, Transform, ValueOnly, Who)

__all__ = ["move_clause"]

_SELF = Who("source")
_TRIGGER = Who("trigger")

_DIED_CARD = [  # the card of a creature that died, in its owner's graveyard (700.4)
    r"return (?:this card|it|~|him|her) to (?:your|its owner's|his owner's|her owner's) hand",
    r"put (?:it|~|this card) into (?:its owner's|your) library (?:second|third|fourth|fifth|"
    r"sixth|seventh) from the top",
    r"shuffle (?:~|it|this card) into (?:your|its owner's) library",
    r"exile (?:this card|this card from your graveyard)",
    r"exile it with (?:a|one|two|three|four|five|\d+) (?:time|fetch|suspend) counters? on it"
    r"(?: and it gains suspend)?",
]
_VALUE = [
    r"return this card from your graveyard to your hand",
    # cards from graveyards to hands (never a permanent: "card")
    r"return (?:up to (?:one|two|three|X) |all |another )?(?:target )?(?:[\w,'-]+ )*?cards? "
    r"(?:with [\w ]+ )?from (?:your|all|a|an opponent's) graveyards? to (?:your|their owners'|"
    r"its owner's) hands?(?:, where X is [^,]+)?",
    r"return to your hand target (?:[\w,'-]+ )*?card in your graveyard(?: that (?:was|wasn't) "
    r"put there (?:from the battlefield )?this (?:combat|turn))?",
    r"search your library for (?:a|an|up to \w+) [^,]+, (?:reveal (?:it|them|that card), )?put "
    r"(?:it|them|that card) into your hand, then shuffle",
    r"put (?:up to one )?target (?:[\w,'-]+ )*?card from your graveyard on top of your library",
]


def _died_card(s: str, refs: Any, dies_self: bool) -> bool:
    """Whether "it" / "this card" in ``s`` is the card of a creature that died (700.4)."""
    if dies_self:
        return True
    r = refs.r
    return r.event == "dies" and r.it == _TRIGGER and re.search(r"\bit\b", s) is not None \
        and "this card" not in s and "~" not in s


def move_clause(s: str, refs: Any, dies_self: bool) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``."""
    r = refs.r
    for pattern in _DIED_CARD:
        if re.fullmatch(pattern, s) and _died_card(s, refs, dies_self):
            return (ValueOnly("card of a creature that died"),)
    for pattern in _VALUE:
        if re.fullmatch(pattern, s) and "battlefield" not in s:
            return (ValueOnly("cards between hidden zones"),)
    if s == "manifest the top card of your library":
        return (ManifestDread(),)
    m = re.fullmatch(r"return (a|an|another) (creature|artifact|land|nonland permanent|permanent)"
                     r" you control to its owner's hand", s)
    if m:
        from redzone.models.triggers.zones import _sacrificed

        got = _sacrificed(("another " if m[1] == "another" else "") + m[2])
        if got is None:
            return None
        kinds, exclude, other = got
        return (Sacrifice(Who("you"), Amount(1), other=other, kinds=kinds,
                          exclude_types=exclude, to_hand=True),)
    # the source itself has left the battlefield (it died / left): it can't be moved again
    leaves = dies_self or r.event in ("dies", "leaves") and r.watch.kind == "self"
    m = re.fullmatch(r"(?:return (?:~|him|her|it) to (?:its|his|her) owner's hand|exile (~|it face "
                     r"down|it))", s)
    if m and not leaves and (s.endswith("~") or r.it == _SELF) and s != "exile it" \
            and (m[1] != "it" or r.it == _SELF):
        return (Destroy(_SELF, exile=True, to_hand=s.startswith("return")),)
    if s == "destroy all creatures blocking or blocked by it" and r.it == _SELF:
        return (Destroy(Who("blockers")), Destroy(Who("blocked")))
    if s in ("destroy both creatures", "destroy that creature and ~") \
            and r.event in ("blocks", "blocked_by") and r.watch.kind == "self" \
            and r.that_creature is not None and r.that_creature.kind in ("trigger", "blocked"):
        # "when ~ blocks a creature, destroy both creatures": the creature it blocks and itself
        return (Destroy(r.that_creature), Destroy(_SELF))
    if s == "sacrifice all creatures you control":
        return (Destroy(Who("each_creature", "you"), sacrifice=True),)
    if s == "it becomes foretold" and r.it == _SELF:
        return (ValueOnly("foretold: a card in exile"),)  # after "exile it face down"
    m = re.fullmatch(r"convert (~|it)", s)
    if m and (m[1] == "~" or r.it == _SELF):
        return (Transform(_SELF),)
    m = re.fullmatch(r"exile (~|it), then return (?:him|her|it) to the battlefield transformed "
                     r"under (?:his|her|its) owner's control", s)
    if m and not leaves and (m[1] == "~" or r.it == _SELF):
        return (Destroy(_SELF, exile=True), EntersFromCard("blink", transformed=True))
    m = re.fullmatch(r"exile (up to one )?(other )?target (?:creature|nontoken creature) you "
                     r"control, then return (?:it|that card) to the battlefield( tapped)? "
                     r"under (its owner's|your) control( tapped)?", s)
    if m:  # (a creature "you own" may be another player's: not read)
        who = Who("target_creature", "you", other=bool(m[2]), up_to=bool(m[1]))
        return (Destroy(who, exile=True),
                EntersFromCard("blink", of="target", tapped=bool(m[3] or m[5]),
                               under="you" if m[4] == "your" else "owner"))
    return None
