"""Prevention statics filtered by the damage's source or recipient (h4, issue 21): "Prevent
all [combat] damage that would be dealt to ~ by *sources*" (Argothian Pixies, Marble Priest,
Wall of Shadows' "creatures it's blocking", Tresserhorn Skyknight) and "Prevent all damage
that ~ would deal to *creatures*" (Indentured Oaf, Goblin Furrier) — CR 615.1. Read as
:class:`redzone.models.abilities.PreventDamage` with ``sources`` / ``recipients`` /
``from_blocked``; applied by :mod:`redzone.models.damage_effects`.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (ATTACHED, KEYWORDS, SELF, Ability, DamageModifier,
                                     LandwalkIgnored, PreventDamage, SourceFilter)
from redzone.models.parser.subjects import _parse_subject
from redzone.models.parser.vocabulary import _CARD_TYPE_PLURALS, _COLORS, _plural_subtype

_TO = re.compile(r"Prevent all (?P<kind>combat )?damage that would be dealt to (?P<who>~|enchanted "
                 r"creature) by (?P<src>.+)")
_ATTACKING = re.compile(r"Prevent all (?P<kind>combat )?damage that would be dealt to "
                        r"(?P<other>other )?attacking (?P<group>.+)")
_BY = re.compile(r"Prevent all (?P<kind>combat )?damage that ~ would deal to (?P<rcp>.+)")
_KIND = {"combat ": "combat", None: "any"}


def _group(phrase: str) -> SourceFilter | None:
    """"artifact creatures", "artifact sources", "enchanted creatures", "Walls", "creatures
    with first strike", "red creatures", "snow creatures", "Deserts" -> a filter."""
    m = re.fullmatch(r"creatures with (?P<kw>[a-z ]+)", phrase)
    if m:
        return SourceFilter(creature=True, keywords=(m["kw"],)) if m["kw"] in KEYWORDS else None
    m = re.fullmatch(r"(?P<adj>[a-z]+) (?P<noun>creatures|sources)", phrase)
    if m:
        creature = m["noun"] == "creatures"
        adj = m["adj"]
        if adj in _COLORS:
            return SourceFilter(creature=creature, colors=("WUBRG"[_COLORS.index(adj)],))
        if adj + "s" in _CARD_TYPE_PLURALS:
            return SourceFilter(creature=creature, types=(_CARD_TYPE_PLURALS[adj + "s"],))
        if adj == "snow":
            return SourceFilter(creature=creature, supertypes=("Snow",))
        if adj == "enchanted" and creature:
            return SourceFilter(creature=True, enchanted=True)
        return None
    one = _plural_subtype(phrase)
    if one is not None:
        return SourceFilter(subtypes=(one,))
    if phrase in ("Deserts", "Forests", "Islands", "Mountains", "Plains", "Swamps"):
        return SourceFilter(subtypes=(phrase[:-1] if phrase != "Plains" else phrase,))
    return None


def _prevention_static(s: str, text: str) -> list[Ability] | None:
    """A filtered prevention on ``~`` (the block above), or ``None``."""
    got = _amount_prevention(s, text) or _double_all(s, text) or _walk_ignored(s, text)
    if got is not None:
        return got
    m = _ATTACKING.fullmatch(s)
    if m:
        group = m["group"]
        subject = ("Other " + group) if m["other"] else group[:1].upper() + group[1:]
        affected = _parse_subject(subject)
        if affected is None or affected.kind != "creatures":
            return None
        return [PreventDamage(affected=affected, to=True, damage=_KIND[m["kind"]],  # type: ignore[arg-type]
                              when="attacking", text=text)]
    m = _TO.fullmatch(s)
    if m:
        kind = _KIND[m["kind"]]
        who = SELF if m["who"] == "~" else ATTACHED
        if m["src"] == "creatures it's blocking" and who is SELF:
            return [PreventDamage(affected=SELF, to=True, damage=kind,  # type: ignore[arg-type]
                                  from_creatures=True, from_blocked=True, text=text)]
        f = _group(m["src"])
        if f is None:
            return None
        return [PreventDamage(affected=who, to=True, damage=kind, sources=f,  # type: ignore[arg-type]
                              text=text)]
    m = _BY.fullmatch(s)
    if m:
        f = _group(m["rcp"])
        if f is None or not f.creature:
            return None
        return [PreventDamage(affected=SELF, to=False, by=True, damage=_KIND[m["kind"]],  # type: ignore[arg-type]
                              recipients=f, text=text)]
    return None


# "If a source [an opponent controls] would deal damage to *recipients*, prevent N of that
# damage" / "prevent all but N of that damage" (Guardian Seraph, Hedron-Field Purists,
# Temple Altisaur; 615.1): an amount prevented per event, read as a DamageModifier with
# ``prevention`` (off when the damage can't be prevented, 615.12).
_AMOUNT = re.compile(r"If (?P<src>.+?) would deal (?P<kind>combat )?damage to (?P<rcp>.+?), prevent "
                     r"(?P<allbut>all but )?(?P<n>\d+) of that damage")
_RCP = {
    "you": ("you", (), False), "you or a creature you control": ("you or your creatures", (), False),
    "you or a permanent you control": ("you or your permanents", (), False),
    "a planeswalker you control": ("your planeswalkers", (), False),
    "equipped creature": ("attached", (), False), "enchanted creature": ("attached", (), False),
    "a creature you control": ("your creatures", (), False),
}


def _recipients(phrase: str) -> tuple[str, tuple[str, ...], bool] | None:
    got = _RCP.get(phrase)
    if got is not None:
        return got
    m = re.fullmatch(r"(?P<you>you or )?(?:an? |(?P<other>another) )(?P<t>[A-Z][\w'-]*)"
                     r"(?: creature)? you control", phrase)
    if m:
        kind = "you or your creatures" if m["you"] else "your creatures"
        return kind, (m["t"],), bool(m["other"])
    return None


def _amount_prevention(s: str, text: str) -> list[Ability] | None:
    """The block above, or ``None``."""
    from redzone.models.parser.damage import _damage_source

    m = _AMOUNT.fullmatch(s)
    if m is None:
        return None
    src = _damage_source(m["src"])
    rcp = _recipients(m["rcp"])
    if src is None or rcp is None:
        return None
    n = int(m["n"])
    kind = "combat" if m["kind"] else "any"
    shape: dict[str, object] = {"cap": n, "cap_from": n} if m["allbut"] else {"minus": n}
    return [DamageModifier(sources=src, recipients=rcp[0], recipient_subtypes=rcp[1],  # type: ignore[arg-type]
                           recipient_other=rcp[2], damage=kind, prevention=True, text=text,  # type: ignore[arg-type]
                           **shape)]  # type: ignore[arg-type]


# "Double all damage [that] *sources* would deal" (Wolverine, Best There Is; Absorbing Man
# and Titania; Raphael, the Muscle): a doubling replacement (614.1a), like "If a source would
# deal damage, it deals double that damage instead".
_DOUBLE = re.compile(r"Double all damage (?:that )?(?P<src>.+?) would deal")
_DOUBLE_SOURCES = {
    "~": SourceFilter(self_only=True),
    "creature sources you control": SourceFilter(creature=True, controller="you"),
    "sources you control": SourceFilter(controller="you"),
    "creatures you control": SourceFilter(creature=True, controller="you"),
    "creatures you control with counters on them": SourceFilter(creature=True, controller="you",
                                                                counters=True),
}


def _double_all(s: str, text: str) -> list[Ability] | None:
    m = _DOUBLE.fullmatch(s)
    if m is None or m["src"] not in _DOUBLE_SOURCES:
        return None
    return [DamageModifier(factor=2, sources=_DOUBLE_SOURCES[m["src"]], text=text)]


# "Creatures with islandwalk can be blocked as though they didn't have islandwalk" (Gosta
# Dirk, Lord Magnus, Ur-Drago; 702.14c switched off) — with the prevention family for want of
# a better home: a static the block rules read.
_WALK = re.compile(r"Creatures with (?P<w>island|swamp|forest|mountain|plains)walk can be blocked "
                   r"as though they didn't have (?P=w)walk")


def _walk_ignored(s: str, text: str) -> list[Ability] | None:
    m = _WALK.fullmatch(s)
    if m is None:
        return None
    return [LandwalkIgnored(land=m["w"].capitalize(), text=text)]
