"""Prevention statics with a rider about cards, and player-level prevention written as a
replacement (h17, issue 21) — CR 615.1:

- "If damage would be dealt to you, prevent that damage" ->
  :class:`redzone.models.abilities.PreventDamageToPlayer` (the "Prevent all damage that
  would be dealt to you" of Glacial Chasm, written as an "if ... would" sentence);
- "If a source you control would deal damage to an opponent, prevent that damage" (The
  Mindskinner) -> a :class:`redzone.models.abilities.DamageModifier` that makes the damage
  0, marked as prevention (switched off by "can't be prevented", 615.12);
- "*prevention*, prevent that damage and *rider*" where the rider only moves cards between
  library, graveyard and exile ("mill twice that many cards": Angel of Suffering; "exile that
  many cards from the top of your library": Gloom Surgeon; "each opponent mills that many
  cards": The Mindskinner): the prevention alone is read. Cards in a library or graveyard
  are no combat fact (no creature, life total, counter or damage changes), so the rider is
  a value the combat does not play, like a trigger's mill.

Also prevention written as an amount (h17): "If a source would deal damage to you or a
permanent you control, prevent half that damage, rounded up" (Gisela, Blade of Goldnight:
half the damage, rounded down, is left) and "If a source would deal 3 or less damage to this
creature, prevent that damage" (Callous Giant: ``DamageModifier.up_to``).

A rider that changes the board ("put that many +1/+1 counters on it", "sacrifice that many
permanents", "an opponent gains control of it") is never dropped: the sentence stays
unparsed.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (Ability, DamageModifier, PreventDamageToPlayer,
                                     SourceFilter)

# A rider that only moves cards of a library (mill, exile from the top): no combat fact.
_CARD_RIDER = re.compile(
    r"(?:(?:you |each opponent |that player )?mills? (?:twice )?that many cards|"
    r"exile that many cards from the top of your library)")
_HEAD = re.compile(r"(?P<head>If .+?, prevent that damage) and (?P<rider>.+)")
_TO_YOU = re.compile(r"If (?P<kind>combat |noncombat )?damage would be dealt to you, "
                     r"prevent that damage")
_TO_OPPONENT = re.compile(r"If a source you control would deal (?P<kind>combat )?damage to an "
                          r"opponent, prevent that damage")
_KIND = {"combat ": "combat", "noncombat ": "noncombat", None: "any"}
# "If a source would deal damage to you or a permanent you control, prevent half that
# damage, rounded up" (Gisela): half prevented rounded up leaves half rounded down.
_HALF = re.compile(r"If a source would deal (?P<kind>combat )?damage to (?P<rcp>you or a permanent "
                   r"you control|you|~), prevent half that damage, rounded (?P<r>up|down)")
_HALF_RCP = {"you or a permanent you control": "you or your permanents", "you": "you", "~": "self"}
# "If a source would deal 3 or less damage to this creature, prevent that damage" (Callous Giant)
_UP_TO = re.compile(r"If a source would deal (?P<n>\d+) or less (?P<kind>combat )?damage to ~, "
                    r"prevent that damage")


def _plain(s: str, text: str) -> list[Ability] | None:
    m = _HALF.fullmatch(s)
    if m:
        return [DamageModifier(divide=2, round_up=m["r"] == "down", prevention=True,
                               recipients=_HALF_RCP[m["rcp"]], damage=_KIND[m["kind"]],  # type: ignore[arg-type]
                               text=text)]
    m = _UP_TO.fullmatch(s)
    if m:
        return [DamageModifier(factor=0, up_to=int(m["n"]), prevention=True, recipients="self",
                               damage=_KIND[m["kind"]], text=text)]  # type: ignore[arg-type]
    m = _TO_YOU.fullmatch(s)
    if m:
        return [PreventDamageToPlayer(damage=_KIND[m["kind"]], text=text)]  # type: ignore[arg-type]
    m = _TO_OPPONENT.fullmatch(s)
    if m:
        # 615.1: all the damage is prevented; a factor of 0 as a prevention amount (h4's
        # ``prevention`` flag: "damage can't be prevented" switches it off, 615.12).
        return [DamageModifier(factor=0, prevention=True, sources=SourceFilter(controller="you"),
                               recipients="opponent players", damage=_KIND[m["kind"]],  # type: ignore[arg-type]
                               text=text)]
    return None


def prevention_rider_static(s: str, text: str) -> list[Ability] | None:
    """The templates above on the normalised sentence ``s`` (``text``: the original), else
    ``None``. A rider is dropped only when the prevention before it is understood."""
    got = _plain(s, text)
    if got is not None:
        return got
    m = _HEAD.fullmatch(s)
    if m is None or not _CARD_RIDER.fullmatch(m["rider"]):
        return None
    got = _plain(m["head"], text)
    if got is not None:
        return got
    from redzone.models.parser.damage import _damage_static  # the self prevention forms

    head = _damage_static(m["head"], text)
    if isinstance(head, list) and head:
        return head
    return None
