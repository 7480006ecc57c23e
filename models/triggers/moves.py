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

from redzone.models.triggers import token_copies  # h23: "that token", "those creatures"
from redzone.models.triggers.types import (Amount, Destroy, Effect, EntersFromCard, ManifestDread,
                                           Sacrifice, Transform, ValueOnly, Who)

__all__ = ["gated", "hand_ok", "move_clause", "reflexive", "stops"]

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
    r"if this card is in your graveyard, (?:you may )?return (?:this card|it) to your hand",
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
    m = re.fullmatch(r"destroy all (nonland permanents|permanents|(?:artifacts|creatures|"
                     r"enchantments|lands|planeswalkers)(?:(?:, and |, | and )(?:artifacts|creatures|"
                     r"enchantments|lands|planeswalkers))*)", s)
    if m and m[1] != "creatures":  # every permanent of those card types, at once (701.8)
        words = re.split(r", and |, | and ", m[1])
        if m[1] in ("nonland permanents", "permanents"):
            return (Destroy(Who("each_permanent", exclude_types=("Land",) if m[1][0] == "n"
                                else ())),)
        types = tuple(w[:-1].capitalize() for w in words)
        return (Destroy(Who("each_permanent", also_types=types)),)
    m = re.fullmatch(r"exile (.+?) until ~ leaves the battlefield", s)
    if m and not leaves:
        from redzone.models.triggers.zones import _target_permanent

        who = refs.obj(m[1]) or _target_permanent(m[1], refs)
        if who is None or who.kind not in ("target_creature", "target_permanent", "trigger",
                                           "blocked", "damaged") and not who.kind.startswith("each"):
            return None
        return (Destroy(who, exile=True, until_leaves=True),)
    m = re.fullmatch(r"(exile|sacrifice) (.+?) at end of combat", s)
    if m and (m[2] == "them" or token_copies.created_ref(m[2])):  # h23: "that token"
        # the tokens this ability just created (603.7c: fixed as it resolves)
        return (Destroy(Who("created"), exile=m[1] == "exile", sacrifice=m[1] == "sacrifice",
                        at_end_of_combat=True),)
    m = re.fullmatch(r"destroy that ([A-Z][\w'-]*) at end of combat", s)
    if m and r.that_creature == _TRIGGER and r.event == "blocked_by":
        from redzone.models.parser.vocabulary import CREATURE_TYPES

        if m[1] in CREATURE_TYPES:  # "becomes blocked by a Wall, destroy that Wall ..."
            return (Destroy(_TRIGGER, at_end_of_combat=True),)
    m = re.fullmatch(r"destroy all (Auras|Equipment) attached to that creature( at end of combat)?", s)
    if m and r.that_creature is not None and r.that_creature.kind in ("trigger", "blocked"):
        from redzone.models.ability_base import Quality

        kind = "attached_to_trigger" if r.that_creature.kind == "trigger" else "attached_to_blocked"
        q = Quality(subtypes=("Aura" if m[1] == "Auras" else "Equipment",))
        return (Destroy(Who(kind, qualities=(q,)), at_end_of_combat=bool(m[2])),)  # type: ignore[arg-type]
    m = re.fullmatch(r"return (.+) to (?:its owner's|their owners') hands?", s)
    if m and m[1].startswith(("target ", "up to one target ")):
        from redzone.models.triggers.zones import _target_permanent

        who = _target_permanent(m[1], refs)  # (a target creature: the parser's own reading)
        if who is not None:
            return (Destroy(who, exile=True, to_hand=True),)
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
    got = _hand_card(s, refs)
    if got is not None:
        return got
    m = re.fullmatch(r"exile (up to one )?(other )?target (?:creature|nontoken creature) you "
                     r"control, then return (?:it|that card) to the battlefield( tapped)? "
                     r"under (its owner's|your) control( tapped)?", s)
    if m:  # (a creature "you own" may be another player's: not read)
        who = Who("target_creature", "you", other=bool(m[2]), up_to=bool(m[1]))
        return (Destroy(who, exile=True),
                EntersFromCard("blink", of="target", tapped=bool(m[3] or m[5]),
                               under="you" if m[4] == "your" else "owner"))
    return None


_HAND = re.compile(
    r"put (?:a|an) (?P<kinds>.+?) card(?: with (?P<stat>mana value|power) (?P<n>\d+|X) or less"
    r"| with mana value less than or equal to (?P<eq>that damage|that creature's power|~'s power)"
    r"| with (?P<lesser>lesser power))? from your hand onto the battlefield"
    r"(?P<tap> tapped and attacking| tapped)?(?:, where X is (?P<x>.+))?")


def _hand_card(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """h13: "put a <kinds> card [with <bound>] from your hand onto the battlefield [tapped
    [and attacking]]" (the scenario's ``players[].hand``), or ``None``."""
    from redzone.models.triggers.entries import _kind_parts

    m = _HAND.fullmatch(s)
    if not m:
        return None
    alts = tuple(a for a in re.split(r", or |, | or ", m["kinds"]) if a)
    if not alts or " and/or " in m["kinds"] or any(_kind_parts(a) is None for a in alts):
        return None
    r = refs.r
    bound = ""
    n = int(m["n"]) if m["n"] and m["n"] != "X" else None
    if (m["n"] == "X") != bool(m["x"]) or m["x"] and m["stat"] != "mana value":
        return None
    x = None
    if m["x"] == "the number of attacking creatures you control":
        bound = "attackers"
    elif m["x"]:
        from redzone.models.triggers.entries import x_amount

        x = x_amount(m["x"], refs)
        if x is None:
            return None
        bound = "x"
    elif m["eq"] == "~'s power":
        bound = "source_power"
    elif m["eq"] == "that damage":
        if r.event != "combat_damage_player" or r.watch.kind != "self":
            return None  # the damage of the source's own event (120.3)
        bound = "damage"
    elif m["eq"] == "that creature's power":
        if r.event != "dies" or r.that_creature != _TRIGGER:
            return None
        bound = "trigger_power"  # as it last existed (608.2h)
    elif m["lesser"]:
        bound = "source_power_less"
    tap = m["tap"] or ""
    return (EntersFromCard("hand_card", under="you", tapped=bool(tap), attacking="attacking" in tap,
                           kinds=alts, mana_value_at_most=n if m["stat"] == "mana value" else None,
                           power_at_most=n if m["stat"] == "power" else None,
                           bound=bound, x=x),)  # type: ignore[arg-type]


def hand_ok(effects: tuple[Effect, ...]) -> bool:
    """Whether a card put from a hand is one the scenario can state: not after the same
    ability drew a card (a card drawn is hidden: which one it is decides the play)."""
    from redzone.models.triggers.types import flat_effects

    seen_value = False
    for e in flat_effects(effects):
        if isinstance(e, ValueOnly) and e.what not in ("cards between hidden zones",
                                                       "card of a creature that died"):
            seen_value = True
        if isinstance(e, EntersFromCard) and e.what == "hand_card" and seen_value:
            return False
    return True


def gated(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is "If you do, ..." after the source's own leaving ("return him to
    his owner's hand. If you do, ...", "exile ~, then return her transformed. If you do,
    ..."): done only if it left (608.2c); marks that :class:`Destroy` as the gate
    (``effects`` changed in place)."""
    import dataclasses

    if not sent.startswith("if you do, ") or not effects:
        return False
    i = 0 if len(effects) == 2 and isinstance(effects[1], EntersFromCard) \
        and effects[1].what == "blink" else len(effects) - 1
    e = effects[i]
    if len(effects) > 2 or not isinstance(e, Destroy) or e.who != _SELF or not e.exile:
        return False
    effects[i] = dataclasses.replace(e, gate=True)
    return True


def stops(e: Effect, line: str) -> bool:
    """Whether the effects after ``e`` (its result ``line``) are not done: a gate
    (:func:`gated`) that moved nothing."""
    return isinstance(e, Destroy) and e.gate and line == "nothing"


UNTIL_LEAVES = "exiled until it leaves"
"""The ``conditions`` key of a permanent whose ``exiled`` cards return when it leaves the
battlefield (610.3c: "exile ... until ~ leaves the battlefield")."""

_UNTIL_TEXT = re.compile(r"\bexile\b.*\buntil (?:~|this creature|this permanent|this artifact|"
                         r"this enchantment) leaves the battlefield", re.IGNORECASE)


def exiles_until(perm: Any) -> bool:
    """Whether the cards exiled with ``perm`` (its ``exiled``) return when it leaves the
    battlefield: an exile of its own ability said "until ~ leaves the battlefield" (the
    scenario's ``exiled`` of Banisher Priest too: its text says so)."""
    from redzone.models.triggers.classify import normalise

    if perm.conditions.get(UNTIL_LEAVES):
        return True
    names = tuple(dict.fromkeys(n for n in (perm.name, perm.card) if n))
    return any(_UNTIL_TEXT.search(normalise(s, names)) for s in perm.parsed.ignored)


def exiled_until(play: Any, f: Any, ids: list[str]) -> None:
    """Record the nontoken permanents ``ids`` just exiled "until ~ leaves the battlefield"
    as exiled with the source (card name -> owner, its ``exiled``; a token exiled ceases to
    exist, 111.8)."""
    import dataclasses

    src = play.edit.perm(f.source)
    add = {}
    for pid in ids:
        p = play.edit.perm(pid)
        if not p.token and (p.card or p.name):
            add[p.card or p.name] = p.owner
    play.edit.put(dataclasses.replace(src, exiled={**src.exiled, **add},
                                      conditions={**src.conditions, UNTIL_LEAVES: True}))


def return_until(play: Any, left: Any) -> list[str]:
    """610.3c: the cards exiled "until ~ leaves the battlefield" by each permanent of
    ``left`` (ids that just left) return to the battlefield under their owners' control, new
    objects not in combat (ids ``<source>~exiled<i>``); the ids that entered."""
    from redzone.models.triggers.entries import return_exiled

    out: list[str] = []
    for pid in left:
        if pid not in play.edit.base.permanents and not (play.edit.perms and pid in play.edit.perms):
            continue
        perm = play.edit.perm(pid)
        if perm.exiled and exiles_until(perm):
            out.extend(return_exiled(play, pid))
    return out


def reflexive(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is the reflexive "When you do, ..." (603.12) of "you may sacrifice
    it / ~": done only if the source was sacrificed, as "If you do" (the resolver stops
    after a sacrifice that took nothing). Its target is chosen with the ability here,
    before the sacrifice: not read when that target could be the source itself (a target
    creature)."""
    if not sent.startswith("when you do, ") or len(effects) != 1:
        return False
    e = effects[0]
    if not (isinstance(e, Destroy) and e.sacrifice and e.who == _SELF and not e.at_end_of_combat):
        return False
    rest = sent[len("when you do, "):]
    return "creature" not in rest and "permanent" not in rest and "any target" not in rest
