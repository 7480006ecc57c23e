"""The base of every typed ability (:class:`Ability`) and the descriptions abilities share:
which creatures a static ability applies to (:class:`Affected`, with :data:`SELF`,
:data:`ATTACHED` and :data:`PAIRED`; soulbond pairs, CR 702.95) and creatures described by
their characteristics (:class:`Quality`: colour 105.2, card types and subtypes 205, power
and toughness 208, tapped 110.5, tokens 111.1, modified 700.9).

Everything here is importable from :mod:`redzone.models.abilities` as before; the ability
kinds themselves are there and in :mod:`redzone.models.effect_abilities`. Pure Python.
"""

from __future__ import annotations

from typing import Literal

from redzone.models.lazy_dataclass import lazy_dataclass

__all__ = ["ATTACHED", "PAIRED", "SELF", "Ability", "Affected", "ControllerScope", "Quality"]

ControllerScope = Literal["you", "opponents", "any"]


@lazy_dataclass(frozen=True, kw_only=True)
class Affected:
    """Which creatures a static ability applies to.

    - ``kind="self"``: the permanent that has the ability ("This creature ...", "CARDNAME ...").
    - ``kind="attached"``: the creature the source is attached to ("Enchanted creature",
      "Equipped creature").
    - ``kind="creatures"``: every creature on the battlefield matching the filter
      ("Creatures your opponents control", "Other Goblins you control", "All creatures").
    - ``kind="paired"``: the permanent with the ability and the creature it is paired with,
      while they are paired (soulbond, CR 702.95: "both creatures have ...").

    Filter fields apply only to ``kind="creatures"``. ``controller`` is relative to the
    source's controller. ``subtypes``: the creature must have at least one of them (empty:
    no constraint). ``exclude_subtypes``: it must have none of them ("Non-Eye creatures").
    ``other``: the source itself is excluded. ``qualities``: the creature must match at least
    one of these :class:`Quality` descriptions (empty: no constraint) — "creatures with power
    4 or greater", "nonblack creatures", "creatures without flying", "creatures with power or
    toughness 1 or less" (two alternatives).
    """

    kind: Literal["self", "attached", "creatures", "paired"] = "self"
    controller: ControllerScope = "any"
    subtypes: tuple[str, ...] = ()
    exclude_subtypes: tuple[str, ...] = ()
    other: bool = False
    qualities: tuple[Quality, ...] = ()


SELF = Affected(kind="self")
ATTACHED = Affected(kind="attached")
PAIRED = Affected(kind="paired")


@lazy_dataclass(frozen=True, kw_only=True)
class Ability:
    """Base class: one parsed ability. ``text`` is the sentence it came from."""

    text: str = ""


@lazy_dataclass(frozen=True, kw_only=True)
class Quality:
    """Creatures described by their characteristics, for block abilities: "creatures with
    power 2 or less", "artifact creatures", "black creatures", "Walls", "creatures with
    flying or reach", "creatures with greater power".

    A creature matches when every field that is set holds; a tuple field holds when the
    creature has at least one of its values.

    - ``subtypes`` / ``exclude_subtypes``: creature types it has / must not have;
    - ``colors`` / ``exclude_colors``: colour letters (``"W" "U" "B" "R" "G"``);
    - ``types``: card types (``"Artifact"``, ``"Enchantment"``);
    - ``keywords`` / ``without_keywords``: keyword names of :data:`KEYWORDS` it has (its own
      or granted) / must not have;
    - ``power_at_most``, ``power_at_least``, ``toughness_at_most``, ``toughness_at_least``:
      bounds on its current power / toughness;
    - ``power_vs``: ``"greater"``: its power is greater than the *other* creature's (for a
      blocker filter, the attacking creature's: skulk-like "creatures with greater power");
      ``"less"``: less than it ("creatures with power less than this creature's power");
    - ``counter``: it has at least one counter of this kind ("creatures you control with
      +1/+1 counters on them");
    - ``color_count``: ``"multicolored"`` (two or more colours), ``"monocolored"`` (one) or
      ``"colorless"`` (none; CR 105.2);
    - ``tapped``: ``True`` for tapped creatures, ``False`` for untapped ones;
    - ``toughness_over_power``: its toughness is greater than its power ("creatures you
      control with toughness greater than their power");
    - ``supertypes``: supertypes it has ("legendary creatures": ``("Legendary",)``);
    - ``token``: ``True`` for tokens ("creature tokens you control"), ``False`` for nontoken
      creatures (CR 111.1; the scenario's ``token`` flag);
    - ``equipped``: ``True``: an Equipment is attached to it ("equipped creatures you
      control", 301.5); ``enchanted_or_equipped``: an Aura or an Equipment is;
    - ``modified``: ``True``: it has a counter on it, is equipped, or is enchanted by an Aura
      its controller controls (CR 700.9).
    - ``commander``: ``True``: it is a commander (the scenario's ``commander`` flag; CR 903.3).
    - ``enchanted``: ``True``: an Aura is attached to it ("enchanted creatures", 303.4).

    ``counter="any"``: a counter of any kind ("creatures you control with counters on them");
    ``counter_at_least``: how many of them at least ("with three or more +1/+1 counters on
    them", h4); 0, the default, means one (so a quality without ``counter`` shows no count).
    """

    subtypes: tuple[str, ...] = ()
    exclude_subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    exclude_colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    without_keywords: tuple[str, ...] = ()
    power_at_most: int | None = None
    power_at_least: int | None = None
    toughness_at_most: int | None = None
    toughness_at_least: int | None = None
    power_vs: Literal["greater", "less"] | None = None
    counter: str | None = None
    color_count: Literal["multicolored", "monocolored", "colorless"] | None = None
    tapped: bool | None = None
    supertypes: tuple[str, ...] = ()
    toughness_over_power: bool = False
    token: bool | None = None
    equipped: bool | None = None
    enchanted_or_equipped: bool | None = None
    modified: bool | None = None
    commander: bool | None = None
    enchanted: bool | None = None
    counter_at_least: int = 0
    names: tuple[str, ...] = ()
    """h17: its name is one of these ("creatures named Rock Lobster", CR 201.2; a card's
    face name or full name)."""
    exclude_names: tuple[str, ...] = ()
    """h17: its name is none of these ("Except for creatures named Akron Legionnaire")."""
    exclude_types: tuple[str, ...] = ()
    """h17: it has none of these card types ("... and artifact creatures")."""
    without_landwalk: tuple[str, ...] = ()
    """h17: it has none of these landwalks, own or granted ("creatures without flying or
    islandwalk": Stormtide Leviathan; ``"Island"``)."""
    goaded: bool | None = None
    """h17: ``True``: it is goaded (the scenario's ``effects`` goad it; CR 701.15)."""
    mana_value_parity: Literal["even", "odd"] | None = None
    """h17: its mana value is even / odd ("creatures with even mana values": Void Winnower;
    CR 202.3, a token's is 0 unless it copies something)."""
