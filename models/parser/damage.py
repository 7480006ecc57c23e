"""Damage statics (CR 120.4b, 614.1a, 615): damage prevented, replaced or made
unpreventable once it is assigned.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (
    ATTACHED,
    DamageAsCounters,
    RedirectDamage,
    SELF,
    Ability,
    ANY_SOURCE,
    DamageCantBePrevented,
    DamageModifier,
    PreventDamage,
    PreventDamageToPlayer,
    SourceFilter,
    LifeFloor,
    LethalByPower,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    CREATURE_TYPES,
    _CARD_TYPE_PLURALS,
    _COLORS,
)
from redzone.models.parser.subjects import (
    _parse_subject,
    _subtype_list,
)

# ==================================================== damage statics (issue 4, outcome)
#
# Added additively by the damage-outcome work: static abilities that prevent or replace
# damage once it is assigned (CR 120.4b, 614.1a, 615). Called from :func:`parse_sentence`
# after the whole-sentence templates; ``s`` is already normalised (self references are "~",
# no final period). Returns ``None`` when the sentence is not one of these templates.

_D_MODIFY = lazy_compile(
    r"If (?P<src>.+?) would deal (?:(?P<atleast>\d+) or more )?(?P<kind>combat |noncombat )?"
    r"damage to (?P<rcp>.+?), "
    r"(?:it|that source|~) deals (?:(?P<mult>double|triple) that damage|that much damage plus "
    r"(?P<plus>\d+)|half that damage, rounded (?P<round>down|up)|that much damage minus "
    r"(?P<minus>\d+)|(?P<cap>\d+) damage),?(?: to (?:that permanent or player|that player or "
    r"permanent|that player|that permanent|that creature|you|~|it))? instead"
)
# Issue 10 §3: damage redirected to a creature, or turned into counters (CR 614.1a).
_D_REDIRECT = lazy_compile(
    r"All (?P<kind>combat )?damage that would be dealt to (?P<rcp>you|you and other permanents "
    r"you control) is dealt to (?P<to>enchanted creature|~) instead"
)
# Rules round 2: a life floor (Ali from Cairo, Worship, Elderscale Wurm under a condition).
_D_LIFE_FLOOR = lazy_compile(
    r"(?P<creature>If you control a creature, )?[Dd]amage that would reduce your life total "
    r"to less than (?P<n>\d+) reduces it to (?P=n) instead")
_D_COUNTERS = lazy_compile(
    r"If (?P<kind>combat )?damage would be dealt to (?P<who>~|enchanted creature), put that many "
    r"(?P<c>\+1/\+1|-1/-1) counters on (?:it|that creature|~) instead"
)
_D_SOURCE = lazy_compile(
    r"(?:(?P<art>a|an|another) )?(?P<quals>(?:[\w'-]+(?:, | or |, or ))*?[\w'-]+ )??"
    r"(?P<noun>source|creature)(?P<ctl> you control| an opponent controls)?"
)
_D_PREVENT = lazy_compile(
    r"Prevent all (?P<kind>combat |noncombat )?damage that would be dealt (?P<rest>.+)"
)
# Rules round 2: prevention on the permanent itself, with +1/+1 counters removed (Phantom
# Centaur: "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from
# ~" — the two sentences are read together; Protean Hydra, Oathsworn Knight, Unbreathing
# Horde; Swans of Bryn Argoll's "If a source would deal damage to ~, ...").
_D_PREVENT_SELF = lazy_compile(
    r"If (?:(?P<kind>combat |noncombat )?damage would be dealt to ~(?P<while> while it has a "
    r"\+1/\+1 counter on it)?|a source would deal (?P<kind2>combat |noncombat )?damage to ~|"
    r"~ would be dealt damage), prevent that damage"
    r"(?:(?P<one>\. Remove a \+1/\+1 counter from ~| and remove a \+1/\+1 counter from "
    r"(?:it|~))|(?P<many>,? and remove that many \+1/\+1 counters from (?:it|~)|, remove that "
    r"many \+1/\+1 counters from (?:it|~)(?P<rad>, then give each player a rad counter for each "
    r"\+1/\+1 counter removed this way)?))?"
)
# Zilortha: lethal damage measured by power (CR 120.6, 704.5g, 702.19b as modified).
_D_LETHAL_BY_POWER = lazy_compile(
    r"Lethal damage dealt to (?P<subj>.+?) is determined by (?:their|its) power rather than "
    r"(?:their|its) toughness")
_D_UNPREVENTABLE = lazy_compile(
    r"(?P<kind>Combat damage|Damage)(?: that would be dealt by (?P<src>.+?))? can't be prevented"
)
_D_RECIPIENTS = {
    "a permanent or player": "any", "a player or permanent": "any",
    "an opponent or a permanent an opponent controls": "opponents",
    "an opponent": "opponent players", "you": "you", "a player": "players", "~": "self",
    "a creature": "creatures", "a creature you control": "your creatures",
}
_D_KIND = {"combat ": "combat", "noncombat ": "noncombat", None: "any", "": "any"}


def _damage_source(phrase: str) -> SourceFilter | None:
    """"a red source you control" -> :class:`SourceFilter`; ``None`` if not understood."""
    p = phrase.strip()
    if p == "~":
        return SourceFilter(self_only=True)
    if p == "creatures you control":
        return SourceFilter(creature=True, controller="you")
    if p == "creatures":
        return SourceFilter(creature=True)
    m = _D_SOURCE.fullmatch(p)
    if m is None:
        # "a Lizard, Mouse, Otter, or Raccoon you control"
        m2 = re.fullmatch(r"an? (?P<types>[A-Z][\w'-]*(?:(?:, | or |, or )[A-Z][\w'-]*)*)"
                          r"(?P<ctl> you control| an opponent controls)?", p)
        if m2 is None:
            return None
        st = _subtype_list(m2["types"])
        if st is None:
            return None
        ctl = (m2["ctl"] or "").strip()
        return SourceFilter(subtypes=st, controller="you" if ctl == "you control"
                            else ("opponents" if ctl else "any"))
    colors: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    noncreature = False
    for q in re.split(r", or |, | or ", (m["quals"] or "").strip()) if m["quals"] else []:
        low = q.lower()
        if low in _COLORS:
            colors.append("WUBRG"[_COLORS.index(low)])
        elif low + "s" in _CARD_TYPE_PLURALS:
            types.append(_CARD_TYPE_PLURALS[low + "s"])
        elif low == "noncreature":
            noncreature = True
        elif q in CREATURE_TYPES:
            subtypes.append(q)
        else:
            return None
    if m["art"] is None:
        return None
    ctl = (m["ctl"] or "").strip()
    return SourceFilter(
        other=m["art"] == "another",
        controller="you" if ctl == "you control" else ("opponents" if ctl else "any"),
        creature=m["noun"] == "creature", noncreature=noncreature,
        colors=tuple(colors), types=tuple(types), subtypes=tuple(subtypes),
    )


def _damage_static(s: str, text: str) -> list[Ability] | None:
    """Damage replacement and prevention statics (see the section comment above)."""
    m = _D_MODIFY.fullmatch(s)
    if m:
        sources = _damage_source(m["src"])
        recipients = _D_RECIPIENTS.get(m["rcp"])
        if sources is None or recipients is None:
            return None
        if bool(m["cap"]) != bool(m["atleast"]):
            return None  # "4 or more damage" only with a capped amount, and the reverse
        factor = {"double": 2, "triple": 3}.get(m["mult"] or "", 1)
        plus = int(m["plus"]) if m["plus"] else 0
        return [DamageModifier(
            factor=factor, plus=plus, divide=2 if m["round"] else 1,
            round_up=m["round"] == "up", minus=int(m["minus"]) if m["minus"] else 0,
            cap=int(m["cap"]) if m["cap"] else None,
            cap_from=int(m["atleast"]) if m["atleast"] else 0, sources=sources,
            recipients=recipients,  # type: ignore[arg-type]
            damage=_D_KIND[m["kind"]], text=text)]  # type: ignore[arg-type]
    m = _D_REDIRECT.fullmatch(s)
    if m:
        if m["rcp"] != "you" and m["to"] != "~":
            return None
        return [RedirectDamage(recipients="you", to=SELF if m["to"] == "~" else ATTACHED,
                               and_permanents=m["rcp"] != "you",
                               damage=_D_KIND[m["kind"]], text=text)]  # type: ignore[arg-type]
    m = _D_LIFE_FLOOR.fullmatch(s)
    if m:
        return [LifeFloor(floor=int(m["n"]), needs_creature=bool(m["creature"]), text=text)]
    m = _D_COUNTERS.fullmatch(s)
    if m:
        return [DamageAsCounters(affected=SELF if m["who"] == "~" else ATTACHED,
                                 counter=m["c"], damage=_D_KIND[m["kind"]],  # type: ignore[arg-type]
                                 text=text)]
    m = _D_PREVENT_SELF.fullmatch(s)
    if m:
        kind = _D_KIND[m["kind"] or m["kind2"]]
        remove = "one" if m["one"] else ("amount" if m["many"] else "none")
        return [PreventDamage(affected=SELF, to=True, damage=kind,  # type: ignore[arg-type]
                              remove_counters=remove, while_counter=bool(m["while"]),  # type: ignore[arg-type]
                              text=text)]
    m = _D_PREVENT.fullmatch(s)
    if m:
        kind = _D_KIND[m["kind"]]
        rest = m["rest"]
        if rest == "to you":
            return [PreventDamageToPlayer(damage=kind, text=text)]  # type: ignore[arg-type]
        to = by = False
        from_creatures = False
        subject: str
        m2 = re.fullmatch(r"to (?:(?P<a>.+?) )?and dealt by (?P<b>.+)", rest)
        if m2:
            if m2["a"] is not None and m2["a"] != m2["b"]:
                return None
            to = by = True
            subject = m2["b"]
        elif rest.startswith("to "):
            to = True
            subject = rest[3:]
            if subject.endswith(" by creatures"):
                from_creatures = True
                subject = subject[: -len(" by creatures")]
            elif subject == "~ by creatures blocking it":
                # Armored Transport (615.1): only its blockers' damage.
                return [PreventDamage(affected=SELF, to=True, damage=kind,  # type: ignore[arg-type]
                                      from_creatures=True, from_blockers=True, text=text)]
        elif rest.startswith("by "):
            by = True
            subject = rest[3:]
        else:
            return None
        affected = _parse_subject(subject)
        if affected is None:
            return None
        return [PreventDamage(affected=affected, to=to, by=by, damage=kind,  # type: ignore[arg-type]
                              from_creatures=from_creatures, text=text)]
    m = _D_LETHAL_BY_POWER.fullmatch(s)
    if m:
        affected = _parse_subject(m["subj"])
        if affected is None:
            return None
        return [LethalByPower(affected=affected, text=text)]
    m = _D_UNPREVENTABLE.fullmatch(s)
    if m:
        kind = "combat" if m["kind"] == "Combat damage" else "any"
        sources = ANY_SOURCE if m["src"] is None else _damage_source(m["src"])
        if sources is None:
            return None
        return [DamageCantBePrevented(sources=sources, damage=kind, text=text)]  # type: ignore[arg-type]
    return None
