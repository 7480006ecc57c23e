"""Abilities that change how much damage is dealt, to whom, and what the permanents are:
the static abilities that :mod:`redzone.models.outcome` (with
:mod:`redzone.models.damage_effects`) and :mod:`redzone.models.layers` apply, as the
Oracle-text parser produces them.

- damage modification once assigned (CR 120.4b): doubling, halving and other replacement
  effects (614.1a), prevention (615) and "can't be prevented" (615.12), with the sources
  and recipients they watch;
- characteristic-changing effects applied in layer order (613.1): type, colour, lost
  abilities, base and modified power and toughness, and effects reported as unapplied;
- damage redirected (Pariah), life floors (Worship) and damage turned into counters
  (Phytohydra), all 614.1a;
- combat damage assigned by toughness (510.1a as modified, Doran).

Everything here is importable from :mod:`redzone.models.abilities` as before. Pure Python.
"""

from __future__ import annotations

from typing import Literal

from redzone.models.ability_base import ATTACHED, SELF, Ability, Affected, ControllerScope
from redzone.models.lazy_dataclass import lazy_dataclass

__all__ = [
    "ANY_SOURCE",
    "AssignAsUnblocked",
    "AssignsToughness",
    "CantLoseGame",
    "ColorChange",
    "CombatCondition",
    "DamageAsCounters",
    "DamageCantBePrevented",
    "DamageKind",
    "DamageModifier",
    "DamageRecipients",
    "LethalByPower",
    "LifeFloor",
    "LifeGain",
    "LandwalkIgnored",
    "LoseAbilities",
    "ModifyPT",
    "Permanents",
    "PreventDamage",
    "PreventDamageToPlayer",
    "RedirectDamage",
    "SetBasePT",
    "SourceFilter",
    "CantGetCounters",
    "CantHaveCounters",
    "TriggersAdditionalTime",
    "TypeChange",
    "UnappliedEffect",
]

# ---------------------------------------- damage replacement and prevention (issue 4, outcome)
#
# Added additively by the damage-outcome work: statics that change how much damage is dealt
# once it has been assigned (CR 120.4b). :mod:`redzone.models.outcome` applies them.

DamageKind = Literal["any", "combat", "noncombat"]
"""Which damage an effect watches: all damage, combat damage only (CR 510.2) or only
noncombat damage."""


@lazy_dataclass(frozen=True, kw_only=True)
class SourceFilter:
    """Which damage sources an effect watches, relative to the permanent with the ability.

    ``self_only``: only that permanent ("If this creature would deal ..."). ``other``: any
    source except it ("another source you control"). ``controller``: ``"you"`` (sources the
    ability's controller controls), ``"opponents"`` or ``"any"``. ``creature``: the source
    must be a creature; ``noncreature``: it must not be. ``colors``: it has at least one of
    these colour letters (``"R"``); ``types``: at least one of these card types; ``subtypes``:
    at least one of these subtypes. ``colors`` and ``types`` together mean "a red or artifact
    source" (either qualifies).
    """

    self_only: bool = False
    other: bool = False
    controller: ControllerScope = "any"
    creature: bool = False
    noncreature: bool = False
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    """h4: it has at least one of these keywords, own or granted ("creatures with first
    strike")."""
    supertypes: tuple[str, ...] = ()
    """h4: it has at least one of these supertypes ("snow creatures")."""
    enchanted: bool = False
    """h4: an Aura is attached to it ("enchanted creatures", 303.4)."""
    counters: bool = False
    """h4: it has a counter on it ("creatures you control with counters on them", 122.1)."""


ANY_SOURCE = SourceFilter()

DamageRecipients = Literal["any", "opponents", "opponent players", "you", "players", "self",
                           "creatures", "your creatures", "you or your creatures",
                           "you or your permanents", "your planeswalkers", "attached"]


@lazy_dataclass(frozen=True, kw_only=True)
class DamageModifier(Ability):
    """A replacement effect on damage (CR 614.1a, 120.4b): "If a source would deal damage to
    a permanent or player, it deals double that damage ... instead" (Furnace of Rath),
    "triple that damage" (Fiery Emancipation), "that much damage plus 2" (Torbran).

    The damage becomes ``amount * factor + plus``. ``sources``: which sources. ``recipients``:
    ``"any"`` (any permanent or player), ``"opponents"`` (an opponent of the ability's
    controller or a permanent an opponent controls), ``"opponent players"`` (an opponent
    only), ``"you"`` (the ability's controller only), ``"players"`` (any player), ``"self"``
    (the permanent with the ability), ``"creatures"`` (any creature), ``"your creatures"``
    (a creature the ability's controller controls). ``damage``: all, combat only or
    noncombat only.

    Issue 10 forms: ``divide=2`` halves the damage, rounded down ("deals half that damage,
    rounded down", Ghosts of the Innocent; ``round_up`` for "rounded up"); ``minus``
    subtracts ("that much damage minus 1", Lashknife Barrier; never below 0); ``cap`` with
    ``cap_from``: damage of ``cap_from`` or more becomes ``cap`` ("If a source would deal 4
    or more damage ..., that source deals 3 damage ... instead", Divine Presence). In one
    modifier: ``amount * factor``, then ``divide``, then ``+ plus - minus``, then the cap.
    """

    factor: int = 1
    plus: int = 0
    divide: int = 1
    round_up: bool = False
    minus: int = 0
    cap: int | None = None
    cap_from: int = 0
    sources: SourceFilter = ANY_SOURCE
    recipients: DamageRecipients = "any"
    damage: DamageKind = "any"
    prevention: bool = False
    """h4: a prevention effect written as an amount ("prevent 1 of that damage", "prevent
    all but 1 of that damage": Guardian Seraph, Temple Altisaur; 615.1) — ``minus`` or
    ``cap`` — that "damage can't be prevented" switches off (615.12)."""
    recipient_subtypes: tuple[str, ...] = ()
    """h4: a creature recipient must have one of these subtypes ("a Cleric creature you
    control", "you or a Hero you control"); a player recipient is not filtered."""
    recipient_other: bool = False
    """h4: not the permanent with the ability ("another Dinosaur you control")."""
    up_to: int | None = None
    """h17: only damage of at most this amount is modified ("If a source would deal 3 or
    less damage to this creature, prevent that damage": Callous Giant, with ``factor=0``);
    more damage is left as it is."""


@lazy_dataclass(frozen=True, kw_only=True)
class PreventDamage(Ability):
    """A prevention effect (CR 615): "Prevent all [combat] damage that would be dealt to
    [and dealt by] this creature" (Dawn Elemental, Fog Bank), "... dealt by enchanted
    creature" (Defang), "... dealt to creatures" (Bubble Matrix).

    ``to``: damage dealt to the affected creatures is prevented; ``by``: damage they deal
    is prevented. ``damage``: all or combat only. ``from_creatures``: only damage from
    creature sources ("... to this creature by creatures").
    """

    affected: Affected = SELF
    to: bool = True
    by: bool = False
    damage: DamageKind = "any"
    from_creatures: bool = False
    remove_counters: Literal["none", "one", "amount"] = "none"
    """Rules round 2 (Phantom Centaur, Protean Hydra, Oathsworn Knight): +1/+1 counters
    removed from the creature each time damage to it is prevented — ``"one"``: one counter
    per damage event, however many sources deal damage at once; ``"amount"``: as many as the
    damage prevented (never more than it has). Removed even when the damage can't be
    prevented (Phantom rulings; CR 615.12 stops only the prevention)."""
    while_counter: bool = False
    """Applies only while the creature has a +1/+1 counter on it ("If damage would be dealt
    to this creature while it has a +1/+1 counter on it, ...")."""
    from_blockers: bool = False
    """Only damage from creatures blocking the affected creature ("Prevent all combat damage
    that would be dealt to this creature by creatures blocking it": Armored Transport), as
    the board's combat says (:attr:`redzone.models.battlefield.CombatState.blocks`)."""
    from_blocked: bool = False
    """h4: only damage from the creatures the affected creature is blocking ("Prevent all
    damage that would be dealt to this creature by creatures it's blocking": Wall of
    Shadows)."""
    sources: SourceFilter = ANY_SOURCE
    """h4: with ``to``, only damage from these sources ("... by artifact creatures", "...
    by Walls", "... by creatures with first strike")."""
    recipients: SourceFilter = ANY_SOURCE
    """h4: with ``by``, only damage to permanents like these ("Prevent all damage that this
    creature would deal to red creatures": Indentured Oaf); players never match a filter
    that is set."""
    when: str | None = None
    """h4: only while the affected creature is in this combat state (``"attacking"``:
    "Prevent all damage that would be dealt to attacking creatures you control", Iroas;
    CR 506.4, 611.3a), as the board's combat says."""


@lazy_dataclass(frozen=True, kw_only=True)
class PreventDamageToPlayer(Ability):
    """"Prevent all [combat] damage that would be dealt to you" (Glacial Chasm; CR 615): a
    player-level prevention shield for the controller of the permanent with the ability.
    h38: ``sources`` narrows whose damage ("You have protection from each of your opponents",
    Absolute Virtue: damage from sources the opponents control, 702.16b, 702.16e)."""

    damage: DamageKind = "any"
    sources: SourceFilter = ANY_SOURCE


@lazy_dataclass(frozen=True, kw_only=True)
class DamageCantBePrevented(Ability):
    """"Damage can't be prevented" (Everlasting Torment), "Combat damage that would be dealt
    by creatures you control can't be prevented" (Questing Beast): prevention effects,
    protection included, do nothing to that damage (CR 615.12)."""

    sources: SourceFilter = ANY_SOURCE
    damage: DamageKind = "any"


# ------------------------------------- characteristic-changing effects (issue 10 §1, CR 613)
#
# Added by the layer work: static abilities that change other permanents' characteristics.
# :mod:`redzone.models.layers` applies them in layer order (613.1) with timestamps in scenario
# order (613.7); :mod:`redzone.models.board` exposes the result as each permanent's
# characteristics.

CombatCondition = Literal["attacking", "blocking", "attacking or blocking", "attacking you",
                          "attacking alone", "attacking an opponent", "unblocked",
                          "blocking or blocked by it"]
"""When a combat-dependent effect applies to a creature (506.4, 611.3a): while it is an
attacking creature, a blocking creature, either, attacking the effect's controller (or a
planeswalker or battle of theirs), the only attacking creature (506.5), or attacking a
player other than the effect's controller (h4: "creatures attacking your opponents"), or
attacking and blocked by no creature (h4: "unblocked attacking Ninjas", 509.1h), or
blocking the effect's permanent or blocked by it (h4: Alms Beast)."""


@lazy_dataclass(frozen=True, kw_only=True)
class Permanents:
    """Which permanents a type or colour effect reaches when it is not about creatures
    ("Each land", "Nonbasic lands", "All permanents", "Enchanted land").

    ``types``: the permanent must have one of these card types (empty: any permanent).
    ``nonbasic``: it must not be basic. ``controller``: relative to the source's controller.
    """

    types: tuple[str, ...] = ()
    nonbasic: bool = False
    controller: ControllerScope = "any"


@lazy_dataclass(frozen=True, kw_only=True)
class TypeChange(Ability):
    """A type-changing effect (CR 613.1d, layer 4).

    Reaches ``permanents`` when set, otherwise the creatures ``affected`` describes.
    ``types`` / ``subtypes`` are added ("... in addition to its other types", "is a
    Forest in addition ..."); ``every_creature_type`` gives every creature type (changeling
    702.73a, "is every creature type"). ``set_land_type``: the subtypes are land types that
    *replace* the land's old land types, and the land loses the abilities of its rules
    text (305.7: "Enchanted land is an Island", "Nonbasic lands are Mountains").
    ``replace``: the new card types and subtypes replace the old ones ("is a blue Frog
    creature": it loses its other card types and creature types, 205.1b).
    """

    affected: Affected = SELF
    permanents: Permanents | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    every_creature_type: bool = False
    set_land_type: bool = False
    replace: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class ColorChange(Ability):
    """A colour-changing effect (CR 613.1e, layer 5): the permanent *is* ``colors`` (letters
    in WUBRG order; empty: colourless), or with ``add`` gains them in addition."""

    affected: Affected = SELF
    permanents: Permanents | None = None
    colors: tuple[str, ...] = ()
    add: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class LoseAbilities(Ability):
    """An ability-removing effect (CR 613.1f, layer 6): "loses all abilities" (``keywords``
    empty) or "loses flying" (``keywords`` names them). Abilities the permanent gains from
    effects with a later timestamp are kept (613.7)."""

    affected: Affected = SELF
    keywords: tuple[str, ...] = ()
    cant_have: bool = False
    """"... lose flying and can't have or gain flying" (Archetype of Imagination): the
    keywords are removed whatever the timestamp of the effect granting them (613.7 doesn't
    bring them back)."""


@lazy_dataclass(frozen=True, kw_only=True)
class SetBasePT(Ability):
    """"Has base power and toughness N/M" (CR 613.4b, layer 7b)."""

    affected: Affected = SELF
    power: int = 0
    toughness: int = 0


@lazy_dataclass(frozen=True, kw_only=True)
class ModifyPT(Ability):
    """"Gets +N/+M" (CR 613.4c, layer 7c).

    ``when``: the effect applies to a creature only while the combat condition holds
    (:data:`CombatCondition`; from the declaration on, 506.4, 611.3a): "Attacking creatures
    you control get +1/+0" (War Horn), "creatures attacking you get -1/-0" (Watchdog),
    "as long as it's attacking, it gets +2/+0". ``source_untapped``: only while the
    permanent with the ability is untapped (Watchdog).
    """

    affected: Affected = SELF
    power: int = 0
    toughness: int = 0
    when: CombatCondition | None = None
    source_untapped: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class UnappliedEffect(Ability):
    """A continuous effect the parser recognised but the layer system can't compute
    (a variable amount, a condition it doesn't model, a chosen value). ``layer`` is its
    layer (``"4"``, ``"5"``, ``"6"``, ``"7b"``, ``"7c"``); ``reason`` says why. The board
    reports it wherever it reaches a permanent whose characteristics redzone computes,
    never applies it silently."""

    affected: Affected = SELF
    permanents: Permanents | None = None
    layer: str = "7c"
    reason: str = ""


# ------------------------------------------ damage redirected or turned into counters (issue 10)


@lazy_dataclass(frozen=True, kw_only=True)
class RedirectDamage(Ability):
    """A replacement effect that makes damage be dealt to another object (CR 614.1a):
    "All damage that would be dealt to you is dealt to enchanted creature instead" (Pariah).

    ``recipients``: whose damage is redirected (as for :class:`DamageModifier`; ``"you"``: the
    ability's controller). ``to``: the creature that is dealt the damage instead —
    :data:`ATTACHED` (the enchanted creature) or :data:`SELF` (the permanent with the
    ability). The source stays the same, so protection, prevention and other replacement
    effects are then checked for the new recipient.
    """

    recipients: DamageRecipients = "you"
    to: Affected = ATTACHED
    damage: DamageKind = "any"
    and_permanents: bool = False
    """Rules round 2 (Palisade Giant, Ancient Adamantoise): damage that would be dealt to
    the other permanents the ability's controller controls is dealt to ``to`` as well."""
    sources: SourceFilter = ANY_SOURCE
    """h27: only damage from these sources ("... dealt to you by artifacts": Martyrs of
    Korlis)."""
    unblocked_only: bool = False
    """h27: only damage from unblocked attacking creatures ("... by unblocked creatures":
    Veteran Bodyguard, 509.1h — a creature blocked stays blocked when its blockers leave)."""


@lazy_dataclass(frozen=True, kw_only=True)
class LifeFloor(Ability):
    """"Damage that would reduce your life total to less than 1 reduces it to 1 instead"
    (Ali from Cairo; Worship with ``needs_creature``: "If you control a creature, ...";
    Elderscale Wurm's 7 under its condition). A replacement effect on the *result* of damage
    to the ability's controller (CR 614.1a, 120.3a): the damage is still dealt in full
    (lifelink, "dealt damage" triggers), only the life lost stops at ``floor``; poison from
    infect is not life and is unaffected; a life total already below ``floor`` is left as
    damage makes it."""

    floor: int = 1
    needs_creature: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class LifeGain(Ability):
    """A static rule on life gained (h4): "Your opponents can't gain life", "Players can't
    gain life" (``mode="cant"``, CR 119.7); "If you would gain life, you gain that much life
    plus 1 instead" (``"plus"``, ``amount`` 1), "... twice that much life instead"
    (``"times"``, ``amount`` 2), "If an opponent would gain life, that player loses that
    much life instead" (``"lose"``); the last three are replacement effects (614.1a).

    ``who``: whose life gains it watches, relative to the holder's controller (``"you"``,
    ``"opponents"``, ``"players"``). Applied to every life gain event —
    lifelink's, one per source and damage step (120.3f), and a resolving ability's — by
    :func:`redzone.models.damage_effects.life_gained`."""

    who: Literal["you", "opponents", "players"] = "you"
    mode: Literal["cant", "plus", "times", "lose"] = "cant"
    amount: int = 1


@lazy_dataclass(frozen=True, kw_only=True)
class DamageAsCounters(Ability):
    """"If damage would be dealt to this creature, put that many +1/+1 counters on it
    instead" (Phytohydra; CR 614.1a): no damage is dealt — nothing is marked, lifelink and
    deathtouch see no damage — and the affected creature gets ``counter`` counters equal to
    the amount.

    h38, the prevention form (``prevention``): "If damage would be dealt to ~, prevent that
    damage and put that many +1/+1 counters on it" (Anti-Venom), "... prevent that damage.
    Put a -1/-1 counter on ~ for each 1 damage prevented this way" (Phyrexian Hydra, Vigor,
    Stormwild Capridor), "If a creature would deal combat damage to ~, prevent that damage
    and put a +1/+1 counter on ~" (Ironscale Hydra: ``per_event``, one counter for each
    damage event; ``sources``, whose damage). A prevention effect (615): damage that can't
    be prevented (615.12) is dealt and gives no counter; with another prevention that applies
    too, the creature's controller picks the order (616.1): the one best for them (+1/+1
    counters: this one; -1/-1 counters: the other, and no counter). Applied by
    :func:`redzone.models.damage_effects.prevented_as_counters`."""

    affected: Affected = SELF
    counter: str = "+1/+1"
    damage: DamageKind = "any"
    prevention: bool = False
    per_event: bool = False
    sources: SourceFilter = ANY_SOURCE


# ------------------------------------------------ combat damage by toughness (rules round 2)


@lazy_dataclass(frozen=True, kw_only=True)
class AssignsToughness(Ability):
    """"Each creature you control assigns combat damage equal to its toughness rather than
    its power" (Doran, the Siege Tower; Belligerent Brontodon; CR 510.1a as modified by the
    effect): an affected creature's combat damage amount is its toughness."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class AssignAsUnblocked(Ability):
    """"You may have this creature assign its combat damage as though it weren't blocked"
    (Thorn Elemental, Deathcoil Wurm; h4): a blocked affected attacking creature's
    controller may have it assign all its combat damage to the player, planeswalker or
    battle it attacks instead of to its blockers (CR 510.1c as modified by the effect; the
    cards' rulings: all or nothing, never split between the two; with no blocker left it
    may still assign its damage there). :func:`redzone.models.damage_rules.damage_problem`
    offers it (``DamageSource.unblocked_to``)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class LethalByPower(Ability):
    """"Lethal damage dealt to creatures you control is determined by their power rather than
    their toughness" (Zilortha, Strength Incarnate): wherever the rules ask whether damage
    is lethal to an affected creature — 704.5g after damage, trample and the assignment of
    lethal damage (702.19b, 510.1c-d) — its power takes the place of its toughness, and a
    creature with 0 or less power needs at least 1 damage (the card's rulings). Toughness 0
    or less still puts it into the graveyard (704.5f). :func:`redzone.models.lethal.lethal_damage`
    applies it."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantLoseGame(Ability):
    """A player who can't lose the game: "You don't lose the game for having 0 or less
    life" (Phyrexian Unlife, Lich; ``life_only``: 704.5a doesn't apply to that player, 10
    poison counters still do, 704.5c), "You can't lose the game [and your opponents can't
    win the game]" (Platinum Angel, Lich's Mastery), "... your opponents can't lose the
    game" (Abyssal Persecutor: ``who="opponents"``), "Players can't lose the game or win the
    game" (Platinum Persecutor: ``who="players"``). A player-level effect of the
    controller of the permanent with it, while that permanent is on the battlefield (CR
    104.3b, 704.5a, 704.5c; "can't" beats the state-based action, 101.2)."""

    who: Literal["you", "opponents", "players"] = "you"
    life_only: bool = False


# ------------------------------------------------ statics under a condition (issue 10, 611.3a)


@lazy_dataclass(frozen=True, kw_only=True)
class LandwalkIgnored(Ability):
    """"Creatures with islandwalk can be blocked as though they didn't have islandwalk"
    (Gosta Dirk, Lord Magnus, Ur-Drago; h4): while its permanent is on the battlefield, no
    creature's ``land``walk makes it unblockable (702.14c does not apply to it)."""

    land: str = "Island"


# ------------------------------------------ h38: triggered abilities triggering again (603.2d)


@lazy_dataclass(frozen=True, kw_only=True)
class TriggersAdditionalTime(Ability):
    """"If a creature [you control] attacking causes a triggered ability of a permanent you
    control to trigger, that ability triggers an additional time" (Isshin, Two Heavens as
    One; Wulfgar of Icewind Dale: ``cause="attacking"``); "If a creature you control dealing
    combat damage to a player causes ..." (Felix Five-Boots: ``"combat_damage_player"``).
    CR 603.2d: each such ability of a permanent the holder's controller controls triggers
    once more for each of these statics (two Isshins: three times), each instance with its
    own choices. ``yours``: only events of creatures the holder's controller controls.
    Applied by :func:`redzone.models.triggers.additional_times.additional_times`."""

    cause: Literal["attacking", "combat_damage_player"] = "attacking"
    yours: bool = False


# --------------------------------------------- h38: counters that can't be put (122.1, 122.6)


@lazy_dataclass(frozen=True, kw_only=True)
class CantHaveCounters(Ability):
    """"~ can't have counters put on it" (Melira's Keepers, Tatterkite), "Creatures your
    opponents control can't have +1/+1 counters put on them" (Blightbeetle), "Creatures you
    control can't have -1/-1 counters put on them" (Melira, Sylvok Outcast). ``counter``:
    the kind (``""``: any kind). No such counter is put on an affected permanent — wither's
    and infect's damage (the damage is still dealt: deathtouch and lifelink see it, 120.3d),
    counters instead of damage, a triggered ability's counters, proliferate, a creature
    returned with a counter (persist, undying). Read by :mod:`redzone.models.counter_limits`."""

    affected: Affected = SELF
    counter: str = ""


@lazy_dataclass(frozen=True, kw_only=True)
class CantGetCounters(Ability):
    """"You can't get poison counters" (Melira, Sylvok Outcast; ``who="you"``, ``counter=
    "poison"``), "Players can't get counters" (Solemnity; ``"players"``, any kind): infect's
    and toxic's damage and poisonous give the player no poison counter (the damage is still
    dealt), nor does proliferate. Read by :mod:`redzone.models.counter_limits`."""

    who: Literal["you", "players"] = "you"
    counter: str = ""
