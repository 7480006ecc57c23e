"""h20: conditions on the cards in a graveyard, checked as a triggered ability of combat
resolves (608.2c) or as an intervening "if" (603.4) — docs/triggers.md, "Conditions of
effects".

"Whenever this creature attacks, if there are seven or more cards in your graveyard, ...",
"... if there are four or more card types among cards in your graveyard, ...", "... if there
are four or more permanent cards in your graveyard, ...", "... if there is a Desert card in
your graveyard, ...", and pack tactics ("if you attacked with creatures with total power 6 or
greater this combat"). The graveyard is the scenario's ``players[].graveyard`` (what the
scenario states is there as combat begins; unstated, it is empty: the scenario format says
so) less the cards taken out of it in this combat (returned to the battlefield), plus the
nontoken permanents the player owns that were put there in this combat (died: not exiled,
not returned). Nothing hidden is guessed.

Pure Python; the board is looked at only through the play (:func:`holds`).
"""

from __future__ import annotations

import re
from typing import Any

from redzone.models.triggers.types import IfTest

__all__ = ["graveyard_test", "holds"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "fifteen": 15, "twenty": 20}

_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
               "Planeswalker", "Sorcery", "Tribal")
"""The card types (300.1; Tribal is Kindred's older name, counted as the same type)."""

_PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
"""The permanent types (110.4a): a card of one of them is a permanent card (110.4b)."""


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS.get(word, 0)


def graveyard_test(cond: str) -> IfTest | None:
    """The :class:`IfTest` ``"graveyard_at_least"`` of a condition on the cards in your
    graveyard, or ``None``: ``measure`` ``"cards"`` ("there are seven or more cards in your
    graveyard"), ``"card_types"`` ("there are four or more card types among cards in your
    graveyard", 300.1), ``"permanent_cards"`` (110.4b) or ``"subtype:<Subtype>"`` ("there is
    a Desert card in your graveyard"); ``count`` the least number."""
    c = cond.strip()
    m = re.fullmatch(r"there are (\w+) or more (cards|card types among cards|permanent cards) "
                     r"in your graveyard", c)
    if m and _number(m[1]):
        measure = {"cards": "cards", "card types among cards": "card_types",
                   "permanent cards": "permanent_cards"}[m[2]]
        return IfTest("graveyard_at_least", _number(m[1]), measure=measure)
    m = re.fullmatch(r"there(?: is|'s) an? ([A-Z][\w'-]*) card in your graveyard", c)
    if m:
        return IfTest("graveyard_at_least", 1, measure="subtype:" + m[1])
    m = re.fullmatch(r"you attacked with creatures with total power (\d+) or greater this combat", c)
    if m:  # pack tactics
        return IfTest("attacked_power_at_least", int(m[1]))
    return None


def _card_types(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(card types, subtypes) of the card ``name``'s front face in the card data; empty
    when the card data doesn't know it (the scenario loader rejects unknown names)."""
    from redzone.models.cards import lookup
    from redzone.models.errors import UnknownCardError

    try:
        card = lookup(name)
    except UnknownCardError:
        return (), ()
    if not card.faces:
        return (), ()
    return tuple(card.faces[0].types), tuple(card.faces[0].subtypes)


def graveyard(play: Any, player: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The cards in ``player``'s graveyard now, each as (card types, subtypes): the
    scenario's ``graveyard`` less those returned in this combat, and the nontoken permanents
    ``player`` owns that were put into a graveyard in this combat and stayed there (700.4;
    a token is no card, 111.7)."""
    from redzone.models.triggers.resolve import _NOT_DIED

    base = play.edit.base
    here = play.edit.perms or base.permanents
    given = next((p.graveyard for p in base.players if p.name == player), ())
    out = [_card_types(name) for i, name in enumerate(given)
           if f"{player}~graveyard{i}" not in here]
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if (perm is None or perm.token or perm.owner != player
                or play.state.reasons.get(pid, "").startswith(_NOT_DIED)
                or f"{pid}~returned" in here):
            continue
        out.append((tuple(perm.types), tuple(perm.subtypes)))
    return out


def holds(play: Any, f: Any, t: IfTest) -> bool:
    """Whether the condition ``t`` (:func:`graveyard_test`) holds now for the controller of
    the ability ``f``. ``"attacked_power_at_least"``: the creatures it declared as attackers
    in this combat had a total power of at least ``count`` as they were declared (508.1;
    what happens to them later doesn't change what it attacked with): the powers of the
    play's board, the board the attack was declared on (tokens put onto the battlefield
    attacking were not declared, 508.4)."""
    if t.kind == "attacked_power_at_least":
        base = play.edit.base
        return sum((base.permanents[a].power or 0) for a in play.attackers
                   if a in base.permanents
                   and base.permanents[a].controller == f.controller) >= t.count
    cards = graveyard(play, f.controller)
    if t.measure == "cards":
        return len(cards) >= t.count
    if t.measure == "permanent_cards":
        return sum(1 for types, _ in cards if any(x in _PERMANENT_TYPES for x in types)) >= t.count
    if t.measure == "card_types":
        kinds = {"Kindred" if x == "Tribal" else x for types, _ in cards for x in types
                 if x in _CARD_TYPES}
        return len(kinds) >= t.count
    if t.measure.startswith("subtype:"):
        sub = t.measure.split(":", 1)[1]
        return sum(1 for _, subs in cards if sub in subs) >= t.count
    return False
