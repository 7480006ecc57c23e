"""Statics that apply only while a creature is in combat (rules round 2; CR 506.4, 611.3a):
"This creature has first strike as long as it's attacking", "As long as ~ is blocking, it
has deathtouch", "~ can't be blocked as long as it's attacking alone", "Attacking creatures
you control have double strike".

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline). The sentence
without its combat condition is read by the other templates; what it gives becomes a
:class:`redzone.models.abilities.Grant` (or a :class:`~redzone.models.abilities.ModifyPT`)
with ``when`` set, which the board applies only while the condition holds for the creature.
Only abilities that mean the same granted to the creature itself are wrapped; anything else
leaves the sentence unparsed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from redzone.models.abilities import (
    SELF,
    Ability,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedExceptByAtLeast,
    Condition,
    Conditional,
    Grant,
    Keyword,
    Landwalk,
    ModifyPT,
    Protection,
)
from redzone.models.lazy_re import lazy_compile

_WHEN = r"(?P<w>attacking alone|attacking or blocking|attacking|blocking)"
_BACK = lazy_compile(r"(?P<rest>.+?) as long as (?:it's|it is|~ is|he's|she's|they're) " + _WHEN)
_FRONT = lazy_compile(r"As long as (?P<who>~|enchanted creature|equipped creature) is " + _WHEN
                    + r", (?P<rest>.+)")
_GROUP = lazy_compile(r"(?P<W>Attacking|Blocking) (?P<rest>.+)")
# Keywords that only matter as combat damage is dealt (h4: "unblocked attacking ... have").
_DAMAGE_ONLY = ("lifelink", "deathtouch", "infect", "wither")

# Abilities a creature may be granted with the same meaning as having them itself.
_SELF_ABILITIES = (Keyword, Protection, Landwalk)
_AFFECTED_ABILITIES = (CantBeBlocked, CantBeBlockedBy, CantBeBlockedByMoreThan,
                       CantBeBlockedExceptBy, CantBeBlockedExceptByAtLeast)


def _wrap(abilities: list[Ability] | tuple[Ability, ...], when: str) -> list[Ability] | None:
    """Each ability applying only while ``when`` holds; ``None`` if one can't be wrapped."""
    out: list[Ability] = []
    for a in abilities:
        if isinstance(a, Grant) and a.when is None:
            out.append(replace(a, when=when))  # type: ignore[arg-type]
        elif isinstance(a, ModifyPT) and a.when is None and not a.source_untapped:
            out.append(replace(a, when=when))  # type: ignore[arg-type]
        elif isinstance(a, _SELF_ABILITIES):
            out.append(Grant(affected=SELF, abilities=(a,), when=when, text=a.text))  # type: ignore[arg-type]
        elif isinstance(a, _AFFECTED_ABILITIES) and a.affected.kind in ("self", "attached"):  # type: ignore[attr-defined]
            out.append(Grant(affected=a.affected, abilities=(replace(a, affected=SELF),),  # type: ignore[attr-defined, arg-type]
                             when=when, text=a.text))  # type: ignore[arg-type]
        else:
            return None
    return out


def split_combat_condition(s: str) -> tuple[str, str] | None:
    """(combat condition, the sentence without it) for a normalised sentence ``s``, or
    ``None``. "Attacking Vampires you control have deathtouch" gives ("attacking",
    "Vampires you control have deathtouch")."""
    m = _BACK.fullmatch(s)
    if m and " as long as " not in m["rest"]:
        return m["w"], m["rest"]
    # h17: "~ has indestructible as long as it attacked this turn" (Agent Frank Horrigan): in
    # the turn's first combat phase a creature attacked this turn exactly when it is attacking
    # (h25: the scenario's combat_number says which combat it is; combat_conditioned puts the
    # grant under the condition "attacked this turn": in a later combat it holds while the
    # creature is attacking and is undecided, so reported, when it is not).
    m = re.fullmatch(r"(?P<rest>~ has .+?) as long as (?:it|~|he|she) attacked this turn", s)
    if m and " as long as " not in m["rest"]:
        return "attacked this turn", m["rest"]
    m = _FRONT.fullmatch(s)
    if m and " as long as " not in m["rest"]:
        who = m["who"]
        rest = re.sub(r"^(?:it|It|he|she) ", (who[:1].upper() + who[1:]) + " ", m["rest"])
        return m["w"], rest
    # h4: "Creatures attacking your opponents have double strike" (Blast-Furnace Hellkite),
    # "Each creature that's attacking one of your opponents has trample" (Oviya).
    m = re.fullmatch(r"(?:Creatures attacking your opponents (?P<v1>have|get)|Each creature "
                     r"that's attacking one of your opponents (?P<v2>has|gets)) (?P<rest>.+)", s)
    if m:
        verb = "have" if m["v1"] == "have" or m["v2"] == "has" else "get"
        return "attacking an opponent", f"All creatures {verb} {m['rest']}"
    # h4: "Creatures blocking or blocked by this creature have lifelink" (Alms Beast).
    m = re.fullmatch(r"Creatures blocking or blocked by ~ (?P<verb>have|get) (?P<rest>.+)", s)
    if m:
        return "blocking or blocked by it", f"All creatures {m['verb']} {m['rest']}"
    # h4: "Unblocked attacking Ninjas you control have lifelink" (Throatseeker; 509.1h):
    # read only for abilities that matter when damage is dealt (see combat_conditioned).
    m = re.fullmatch(r"Unblocked attacking (?P<rest>.+)", s)
    if m:
        rest = m["rest"]
        return "unblocked", rest[:1].upper() + rest[1:]
    m = _GROUP.fullmatch(s)
    if m and re.match(r"(?:[A-Z][\w'-]* )*(?:creatures?|tokens?|[A-Z][\w'-]*s)\b", m["rest"]) \
            and not re.search(r"\b(?:attack|block)", m["rest"]):
        rest = m["rest"]
        if rest.startswith("creatures") or rest.startswith("tokens"):
            rest = rest[:1].upper() + rest[1:]
        if re.match(r"Creatures (?:have|get)\b", rest):
            rest = "All " + rest[:1].lower() + rest[1:]
        return m["W"].lower(), rest
    return None


def combat_conditioned(s: str, parse: Callable[[str], tuple[Ability, ...] | None]) -> list[Ability] | None:
    """The abilities of ``s`` under its combat condition, with ``parse`` reading the rest
    (returns its abilities when understood as a whole, else ``None``); ``None`` when ``s``
    has no such condition or its rest is not understood."""
    got = split_combat_condition(s)
    if got is None:
        return None
    when, rest = got
    inner = parse(rest)
    if not inner:
        return None
    if when == "unblocked" and not all(
            isinstance(a, Grant) and all(isinstance(k, Keyword) and k.name in _DAMAGE_ONLY
                                         for k in a.abilities)
            for a in inner):
        return None  # before blocks are declared "unblocked" can't be told (CombatState)
    if when == "attacking alone" and not all(
            getattr(a, "affected", SELF).kind in ("self", "attached")
            or isinstance(a, _SELF_ABILITIES)
            for a in inner):
        return None
    if when == "attacked this turn":  # h25: attacking, in the turn's first combat only
        wrapped = _wrap(inner, "attacking")
        return None if wrapped is None else [Conditional(
            condition=Condition(kind="attacked this turn"), abilities=tuple(wrapped), text=s)]
    return _wrap(inner, when)


__all__ = ["combat_conditioned", "split_combat_condition"]
