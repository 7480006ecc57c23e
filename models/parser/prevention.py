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

from redzone.models.abilities import (ATTACHED, KEYWORDS, SELF, Ability, PreventDamage,
                                     SourceFilter)
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
