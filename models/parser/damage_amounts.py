"""h38: combat damage amounts and damage modifiers read by amount or mana value.

| sentence (in our words) | reading |
|---|---|
| "Each creature assigns combat damage equal to its mana value rather than its power" (Narod, the Beige Flower) | ``AssignsToughness(by="mana value")`` (510.1a as modified, 202.3) |
| "If a source you control would deal exactly 2 damage to a permanent or player, it deals 3 damage instead" (Mijo, the Bull) | ``DamageModifier(exactly=2, plus=1)`` (614.1a) |
| "If a noncreature source you control would deal damage to a creature, battle, or opponent, it deals that much damage plus 2 instead" (Disciples of the Inferno) | ``DamageModifier(plus=2, recipients="creatures, battles or opponents")`` |
| "Prevent all combat damage that would be dealt by blocking creatures that are tapped" (New Master of Arms) | ``PreventDamage(by=True, when="blocking")`` of tapped creatures |
| "If a source you control with an odd mana value would deal damage to a permanent or player, it deals double that damage to that permanent or player instead" (Obosh, the Preypiercer) | ``DamageModifier(factor=2, sources=SourceFilter(mana_value_parity="odd"))`` |

Applied by :mod:`redzone.models.damage_rules` (the amount assigned) and
:mod:`redzone.models.damage_effects` (the modifiers, 616.1 order).

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from dataclasses import replace

from redzone.models.abilities import (Ability, Affected, AssignsToughness, DamageModifier,
                                      PreventDamage, Quality)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.damage import _damage_source
from redzone.models.parser.subjects import _parse_subject

__all__ = ["damage_amount_static"]

_BY_MANA_VALUE = lazy_compile(
    r"(?P<subj>.+?) assigns? combat damage equal to (?:its|their) mana value rather than "
    r"(?:its|their) power")
_RECIPIENT = r"to (?:a permanent or player|a player or permanent)"
_EXACTLY = lazy_compile(
    r"If (?P<src>.+?) would deal exactly (?P<n>\d+) damage " + _RECIPIENT
    + r", it deals (?P<m>\d+) damage instead")
_PARITY = lazy_compile(
    r"If (?P<src>.+?) with an (?P<parity>odd|even) mana value would deal damage " + _RECIPIENT
    + r", it deals double that damage(?: to that permanent or player)? instead")


_PLUS_TO_CREATURES = lazy_compile(
    r"If (?P<src>.+?) would deal damage to a creature, battle, or opponent, it deals that much "
    r"damage plus (?P<n>\d+) instead")


_BY_TAPPED_BLOCKERS = lazy_compile(
    r"Prevent all combat damage that would be dealt by blocking creatures that are tapped")


def damage_amount_static(s: str, text: str) -> list[Ability] | None:
    """The reading of a sentence above (``s`` normalised, no final period), else ``None``."""
    if _BY_TAPPED_BLOCKERS.fullmatch(s):  # New Master of Arms (615, 506.4)
        tapped = Affected(kind="creatures", qualities=(Quality(tapped=True),))
        return [PreventDamage(affected=tapped, to=False, by=True, damage="combat",
                              when="blocking", text=text)]
    m = _BY_MANA_VALUE.fullmatch(s)
    if m:
        affected = _parse_subject(m["subj"])
        if affected is None:
            return None
        return [AssignsToughness(affected=affected, by="mana value", text=text)]
    m = _EXACTLY.fullmatch(s)
    if m:
        sources = _damage_source(m["src"])
        n, to = int(m["n"]), int(m["m"])
        if sources is None or to < n:
            return None
        return [DamageModifier(exactly=n, plus=to - n, sources=sources, text=text)]
    m = _PLUS_TO_CREATURES.fullmatch(s)
    if m:  # Disciples of the Inferno: a creature, a battle or an opponent
        sources = _damage_source(m["src"])
        if sources is None:
            return None
        return [DamageModifier(plus=int(m["n"]), sources=sources,
                               recipients="creatures, battles or opponents", text=text)]
    m = _PARITY.fullmatch(s)
    if m:
        sources = _damage_source(m["src"])
        if sources is None:
            return None
        parity = "odd" if m["parity"] == "odd" else "even"
        return [DamageModifier(factor=2, sources=replace(sources, mana_value_parity=parity),
                               text=text)]
    return None
