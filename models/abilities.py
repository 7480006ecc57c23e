"""Typed combat abilities: what the Oracle-text parser produces and the rules layer reads.

Every ability is a frozen dataclass (made on first use, :mod:`redzone.models.lazy_dataclass`:
most commands build few of the ~60 kinds) carrying ``text``, the sentence (or keyword) it was read
from, so that a rules explanation can quote its source. Abilities are *static* descriptions;
which creatures an ability applies to is described by :class:`Affected` and resolved against
a board by :mod:`redzone.models.board`.

This module holds the abilities that bear on declaring attacks and blocks — keywords (CR 702),
attack restrictions and requirements (508.1c-d), block restrictions and requirements
(509.1b-c), costs to attack or block (508.1d-h, 509.1d-f), granted abilities (613 layer 6)
and statics under a condition (611.3a) — and the parser's result, :class:`ParsedText`. The
base class and the shared descriptions (:class:`Ability`, :class:`Affected`,
:class:`Quality`) are in :mod:`redzone.models.ability_base`; the abilities that change
damage or characteristics (120.4b, 613, 614, 615) in :mod:`redzone.models.effect_abilities`.
Every one of them is importable from here.

Rule references are to the Comprehensive Rules (CR); see ``docs/rules.md``.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from redzone.models.ability_base import (
    ATTACHED,
    PAIRED,
    SELF,
    Ability,
    Affected,
    ControllerScope,
    Quality,
)
from redzone.models.effect_abilities import (
    ANY_SOURCE,
    AssignAsUnblocked,
    AssignsToughness,
    CantGetCounters,
    CantHaveCounters,
    CantLoseGame,
    ColorChange,
    CombatCondition,
    DamageAsCounters,
    DamageCantBePrevented,
    DamageKind,
    DamageModifier,
    DamageRecipients,
    LethalByPower,
    LifeFloor,
    LifeGain,
    LandwalkIgnored,
    LoseAbilities,
    ModifyPT,
    Permanents,
    PreventDamage,
    PreventDamageToPlayer,
    RedirectDamage,
    SetBasePT,
    SourceFilter,
    TriggersAdditionalTime,
    TypeChange,
    UnappliedEffect,
)
from redzone.models.lazy_dataclass import lazy_dataclass

__all__ = [
    "ANY_SOURCE",
    "ATTACHED",
    "Ability",
    "Affected",
    "AllMustBlock",
    "AssignAsUnblocked",
    "AssignsToughness",
    "CantGetCounters",
    "CantHaveCounters",
    "CantLoseGame",
    "LethalByPower",
    "AttackCap",
    "AttackOnlyNearestOpponent",
    "AttackTax",
    "AttacksEachCombat",
    "BlockCap",
    "BlockTax",
    "BlocksEachCombat",
    "CanAttackDespiteDefender",
    "TappedCanBlock",
    "CanBlockAdditional",
    "CanBlockOnlyFliers",
    "CanBlockAsThoughReach",
    "CanBlockShadow",
    "CanOnlyAttackAlone",
    "CantAttack",
    "CantAttackAlone",
    "CantAttackOwner",
    "CantAttackUnlessDefenderControls",
    "CantAttackUnlessGreaterPowerAttacks",
    "CantAttackUnlessOthersAttack",
    "CantAttackYou",
    "CantBeBlocked",
    "CantBeBlockedBy",
    "CantBeBlockedByMoreThan",
    "CantBeBlockedExceptBy",
    "CantBeBlockedExceptByAtLeast",
    "CantBeBlockedUnlessAllBlock",
    "CantBlock",
    "CantBlockAlone",
    "CantBlockCreatures",
    "CantBlockUnlessGreaterPowerBlocks",
    "CantBlockUnlessOthersBlock",
    "ColorChange",
    "CombatCondition",
    "Condition",
    "ConditionKind",
    "Conditional",
    "ControllerScope",
    "DamageAsCounters",
    "DamageCantBePrevented",
    "DamageKind",
    "DamageModifier",
    "DamageRecipients",
    "DefenderControls",
    "Grant",
    "KEYWORDS",
    "Keyword",
    "Landwalk",
    "LifeFloor",
    "LifeGain",
    "LandwalkIgnored",
    "LoseAbilities",
    "ModifyPT",
    "MustBeAttacked",
    "MustBeBlocked",
    "PAIRED",
    "ParsedText",
    "Permanents",
    "PreventDamage",
    "PreventDamageToPlayer",
    "Protection",
    "Quality",
    "RedirectDamage",
    "SELF",
    "SetBasePT",
    "SourceFilter",
    "Toxic",
    "TriggersAdditionalTime",
    "TypeChange",
    "UnappliedEffect",
    "XCount",
]


# --------------------------------------------------------------------------- keywords


KEYWORDS: tuple[str, ...] = (
    "flying",
    "reach",
    "menace",
    "trample",
    "trample over planeswalkers",
    "deathtouch",
    "first strike",
    "double strike",
    "lifelink",
    "indestructible",
    "infect",
    "wither",
    "shadow",
    "fear",
    "intimidate",
    "skulk",
    "banding",
    "horsemanship",
    "haste",
    "vigilance",
    "defender",
)
"""Keyword abilities recognised as :class:`Keyword` (lower case, CR 702 names)."""


@lazy_dataclass(frozen=True, kw_only=True)
class Keyword(Ability):
    """A parameterless keyword ability, e.g. ``Keyword(name="flying")`` (CR 702).

    ``name`` is one of :data:`KEYWORDS`. Defender (702.3b) and haste (702.10) matter to
    attacks; the others are evasion or damage keywords used by blocks and damage.
    """

    name: str


@lazy_dataclass(frozen=True, kw_only=True)
class Protection(Ability):
    """Protection from a quality (CR 702.16).

    ``quality`` is normalised lower-case text after "protection from": a colour
    (``"red"``), ``"everything"``, ``"creatures"``, ``"multicolored"``, a card type, a
    subtype, ``"each color"`` ("protection from all colors" is stored as ``"each color"``).
    """

    quality: str


@lazy_dataclass(frozen=True, kw_only=True)
class Landwalk(Ability):
    """Landwalk (CR 702.14): unblockable while the defending player controls such a land.

    ``land`` is the land type or quality: ``"Island"``, ``"Forest"``, ``"nonbasic"``,
    ``"legendary"``, ``"snow"``, ``"artifact"``, ``"snow Swamp"`` (h4: snow swampwalk), ...
    """

    land: str


# ------------------------------------------------------------ attack restrictions (508.1c)


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttack(Ability):
    """The affected creatures can't attack (CR 508.1c). Defender is :class:`Keyword`."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackAlone(Ability):
    """The affected creature can't attack unless another creature also attacks (508.1c)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CanOnlyAttackAlone(Ability):
    """The affected creature can attack only if no other creature attacks (508.1c)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackUnlessOthersAttack(Ability):
    """Can't attack unless at least ``count`` other creatures attack (508.1c).

    h17: with ``qualities``, one other attacking creature matching any of them ("can't
    attack unless a black or green creature also attacks": Scarred Puma); ``count`` is then
    1."""

    affected: Affected = SELF
    count: int = 1
    qualities: tuple[Quality, ...] = ()


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackUnlessGreaterPowerAttacks(Ability):
    """Can't attack unless a creature with greater power also attacks (508.1c).

    Power is compared as the creatures' current power at declaration.
    """

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackUnlessDefenderControls(Ability):
    """Can't attack unless defending player controls a land of type ``land`` (508.1c).

    Judged per attack target: the defending player of a target is the player, the
    planeswalker's controller, or the battle's protector (508.5).
    """

    affected: Affected = SELF
    land: str = "Island"


@lazy_dataclass(frozen=True, kw_only=True)
class AttackCap(Ability):
    """"No more than N creatures can attack [you] each combat/turn" (508.1c).

    ``you_only``: counts only creatures attacking the source's controller (Crawlspace);
    otherwise counts every attacking creature (Silent Arbiter). ``per``: ``"combat"`` or
    ``"turn"`` (a per-turn cap also counts creatures that attacked in earlier combats).
    ``include_planeswalkers``: with ``you_only``, planeswalkers the source's controller
    controls are counted too ("... attack you or planeswalkers you control ...").
    """

    maximum: int
    you_only: bool = False
    include_planeswalkers: bool = False
    per: Literal["combat", "turn"] = "combat"


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackYou(Ability):
    """Creatures matching ``affected`` can't attack the source's controller (508.1c).

    ``include_planeswalkers``: nor planeswalkers that player controls.
    """

    affected: Affected = field(default_factory=lambda: Affected(kind="creatures"))
    include_planeswalkers: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class XCount:
    """How X is counted in an X-form cost.

    - ``what="permanents"``: the number of permanents the source's controller controls
      with any of ``types`` (card types, e.g. ``("Enchantment",)``) or ``subtypes``.
    - ``what="counters"``: the number of counters on the attacking creature itself.
    - ``what="basic land types"``: the number of basic land types (Plains, Island, Swamp,
      Mountain, Forest; CR 305.6) among lands the source's controller controls (domain:
      Collective Restraint).
    - ``what="cards in hand"``: the number of cards in the source's controller's hand, as
      the scenario states it (``players[].hand``; Cowed by Wisdom). Unstated, the cost is
      not decided: :func:`redzone.models.board.build_board` reports the ability instead.
    """

    what: Literal["permanents", "counters", "basic land types", "cards in hand"]
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    counter: str | None = None
    """h17: with ``what="counters"``, only counters of this kind ("for each +1/+1 counter on
    it": Phyrexian Marauder, Myr Prototype); ``None``: counters of any kind."""


@lazy_dataclass(frozen=True, kw_only=True)
class AttackTax(Ability):
    """An attack cost imposed by the source's controller (CR 508.1d, 508.1h).

    "Creatures can't attack you [or planeswalkers you control] unless their controller
    pays {generic} [{X}] for each creature ...". The cost per attacking creature is
    ``generic`` plus X (counted per :class:`XCount`; ``x`` is ``None`` for no X).
    ``affected`` narrows which attacking creatures are taxed.

    ``against``: ``"you"`` — only attacks on the source's controller (and, with
    ``include_planeswalkers``, their planeswalkers) are taxed, and only when that player is an
    opponent of the attacking player; ``"any"`` — every attack by an affected creature is
    taxed, whoever controls the source ("Enchanted creature can't attack or block unless its
    controller pays {3}", Oppressive Rays).

    ``phyrexian``: Phyrexian mana symbols per creature, as colour letters (``("W",)`` for
    {W/P}, Norn's Annex); each is paid with one mana of that colour or with 2 life (CR
    107.4f, 119.4).
    """

    generic: int = 0
    x: XCount | None = None
    include_planeswalkers: bool = False
    affected: Affected = field(default_factory=lambda: Affected(kind="creatures"))
    against: Literal["you", "any"] = "you"
    phyrexian: tuple[str, ...] = ()
    planeswalkers_only: bool = False
    """h38: only attacks on the source's controller's planeswalkers are taxed ("Creatures
    can't attack planeswalkers you control unless ...", Onakke Oathkeeper)."""


# ------------------------------------------------------------ attack requirements (508.1d)


@lazy_dataclass(frozen=True, kw_only=True)
class AttacksEachCombat(Ability):
    """The affected creatures attack each combat if able (508.1d).

    ``per="turn"`` for "attacks each turn if able" / "this turn": by 508.1d it binds every
    declare-attackers step of the turn, so it is one requirement per combat as well.
    """

    affected: Affected = SELF
    per: Literal["combat", "turn"] = "combat"


@lazy_dataclass(frozen=True, kw_only=True)
class MustBeAttacked(Ability):
    """"Each opponent must attack you [or a planeswalker you control] with at least one
    creature each combat if able" (Trove of Temptation; 508.1d).

    A player-level requirement on each opponent of the source's controller: obeyed when at
    least one creature attacks the source's controller (or, with
    ``include_planeswalkers``, a planeswalker they control).
    """

    include_planeswalkers: bool = True
    anywhere: bool = False
    """h17: "Each opponent must attack with at least one creature each combat if able"
    (Seeker of Slaanesh): obeyed when at least one creature attacks, whatever it attacks."""


# ------------------------------------------- added with the Oracle-text parser (issue 2, §4)
#
# Everything below this line up to "parser result" was added additively by the parser work:
# an attack restriction the parser needed, the block halves of attack templates ("can't attack
# or block", "attacks or blocks each combat if able") and the most frequent block templates,
# for the block rules (issue 3) to consume, plus toxic and granted abilities.


@lazy_dataclass(frozen=True, kw_only=True)
class CantAttackOwner(Ability):
    """The affected creatures can't attack their owner (508.1c; Alexios, Xantcha).

    ``include_planeswalkers``: nor planeswalkers their owner controls. Needs the
    permanent's owner, which the scenario gives as ``owner`` (default: its controller).
    """

    affected: Affected = SELF
    include_planeswalkers: bool = False


@lazy_dataclass(frozen=True, kw_only=True)
class Toxic(Ability):
    """Toxic N (CR 702.164): a player dealt combat damage by this creature also gets
    ``amount`` poison counters (120.3g). Several instances add up (702.164b)."""

    amount: int


@lazy_dataclass(frozen=True, kw_only=True)
class Grant(Ability):
    """The affected creatures have ``abilities`` ("Enchanted creature has flying",
    "Other creatures you control have haste", CR 613 layer 6).

    ``abilities`` are self-referential abilities of the creatures that gain them (a
    :class:`Keyword`, :class:`Protection`, :class:`Landwalk`, :class:`Toxic`, or what a quoted
    ability parsed to). A creature granting a keyword to itself is parsed as the bare keyword.
    """

    affected: Affected = SELF
    abilities: tuple[Ability, ...] = ()
    when: CombatCondition | None = None
    """Rules round 2: the grant applies to a creature only while this combat condition
    holds for it (506.4, 611.3a): "This creature has first strike as long as it's
    attacking", "Attacking creatures you control have double strike", "can't be blocked as
    long as it's attacking alone". Out of combat it does not apply."""


# ------------------------------------------------------------ block restrictions (509.1b)


@lazy_dataclass(frozen=True, kw_only=True)
class CantBlock(Ability):
    """The affected creatures can't block (CR 509.1b). Also produced by the block half of
    "can't attack or block" and by decayed (702.147a)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantBlockAlone(Ability):
    """The affected creature can't block unless another creature also blocks (509.1b)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantBlockUnlessOthersBlock(Ability):
    """Can't block unless at least ``count`` other creatures block (509.1b; Orcish
    Conscripts)."""

    affected: Affected = SELF
    count: int = 1


@lazy_dataclass(frozen=True, kw_only=True)
class CantBlockUnlessGreaterPowerBlocks(Ability):
    """Can't block unless a creature with greater power also blocks (509.1b; Okk)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class BlockCap(Ability):
    """"No more than N creatures can block each combat/turn" (509.1b; Silent Arbiter).

    Counts every blocking creature of every defending player.
    """

    maximum: int
    per: Literal["combat", "turn"] = "combat"


@lazy_dataclass(frozen=True, kw_only=True)
class CanBlockOnlyFliers(Ability):
    """The affected creatures can block only creatures with flying (509.1b)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CanBlockAdditional(Ability):
    """The affected creatures can block ``count`` additional creatures each combat
    (509.1a: "card text may allow more"); ``count=None`` means any number of creatures.
    h17: with ``per_attached`` (``"Equipment"``), ``count`` for each permanent of that
    subtype attached to the blocking creature ("... for each Equipment attached to this
    creature": Kemba's Legion)."""

    affected: Affected = SELF
    count: int | None = 1
    per_attached: str | None = None


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlocked(Ability):
    """The affected creatures can't be blocked (509.1b restriction on every blocker)."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlockedBy(Ability):
    """The affected creatures can't be blocked by creatures matching ``blockers``
    (509.1b; "can't be blocked by Walls"). ``blockers.kind`` is ``"creatures"`` and its
    ``controller`` is ``"any"``."""

    affected: Affected = SELF
    blockers: Affected = field(default_factory=lambda: Affected(kind="creatures"))
    quality: Quality | None = None
    """Added for block declarations (issue 3): when set, only blockers that match
    ``blockers`` *and* this :class:`Quality` are excluded ("can't be blocked by creatures
    with power 2 or less", "... by artifact creatures", "... by black creatures")."""
    versus_source: bool = False
    """``quality.power_vs`` compares the blocker's power with the power of the permanent
    that has the ability, not the attacking creature's (Champion of Lambholt: "Creatures
    with power less than this creature's power can't block creatures you control")."""


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlockedByMoreThan(Ability):
    """The affected creature can't be blocked by more than ``maximum`` creatures (509.1b;
    Stalking Tiger)."""

    affected: Affected = SELF
    maximum: int = 1


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlockedExceptByAtLeast(Ability):
    """The affected creature can't be blocked except by ``minimum`` or more creatures
    (509.1b; menace is the case 2, 702.111b; Pathrazer of Ulamog is 3)."""

    affected: Affected = SELF
    minimum: int = 2


# ------------------------------------------------------------ block requirements (509.1c)


@lazy_dataclass(frozen=True, kw_only=True)
class BlocksEachCombat(Ability):
    """The affected creatures block each combat if able (509.1c): obeyed by blocking any
    attacker. ``per="turn"`` for "... this turn if able"."""

    affected: Affected = SELF
    per: Literal["combat", "turn"] = "combat"


@lazy_dataclass(frozen=True, kw_only=True)
class MustBeBlocked(Ability):
    """The affected attacking creature must be blocked if able (509.1c): one requirement,
    obeyed when it has at least one blocker.

    Added for block declarations (issue 3): the requirement is obeyed when the number of its
    blockers that match ``by`` (every blocker when ``None``) lies between ``minimum`` and
    ``maximum`` (``None``: no upper bound). "must be blocked by exactly one creature if able"
    is ``minimum=maximum=1`` (Nacatl War-Pride); "... by two or more creatures" is
    ``minimum=2`` (Gorm the Great); "... by an Eldrazi" is ``by=Quality(subtypes=("Eldrazi",))``
    (Slayer's Cleaver)."""

    affected: Affected = SELF
    minimum: int = 1
    maximum: int | None = None
    by: Quality | None = None


@lazy_dataclass(frozen=True, kw_only=True)
class AllMustBlock(Ability):
    """"All creatures able to block [it] do so" (Lure; 509.1c): one requirement per
    potential blocker, obeyed only by blocking the affected attacking creature.

    ``blockers`` (added for issue 3): only potential blockers matching this :class:`Quality`
    are bound ("All Walls able to block this creature do so", Marble Priest; "All creatures
    with flying able to ...", Talruum Piper); ``None``: every creature."""

    affected: Affected = SELF
    blockers: Quality | None = None


# ------------------------------------------ added for block declarations (issue 3, 509.1)
#
# Everything in this section was added additively by the block-declaration work: a creature
# description for blocker and attacker filters, and the block templates the first parser
# pass left unparsed (quality filters, "except by" qualities, Tromokratis, block taxes).


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlockedExceptBy(Ability):
    """The affected creature can't be blocked except by creatures matching at least one of
    ``qualities`` (509.1b): "... except by black creatures" (Dread Warlock), "... except by
    creatures with flying" (Silhana Ledgewalker), "... except by Walls" (Invisibility),
    "... except by artifact creatures and/or white creatures" (Amrou Seekers)."""

    affected: Affected = SELF
    qualities: tuple[Quality, ...] = ()


@lazy_dataclass(frozen=True, kw_only=True)
class CantBlockCreatures(Ability):
    """The affected creature can't block attacking creatures matching any of ``qualities``
    (509.1b): "can't block creatures with power 2 or greater" (Brassclaw Orcs), "can't
    block black creatures", "Cowards can't block Warriors". ``power_vs`` compares the
    attacking creature's power with the blocker's."""

    affected: Affected = SELF
    qualities: tuple[Quality, ...] = ()


@lazy_dataclass(frozen=True, kw_only=True)
class CantBeBlockedUnlessAllBlock(Ability):
    """"Can't be blocked unless all creatures defending player controls block it"
    (Tromokratis; 509.1b): if the affected attacking creature is blocked, every creature
    the defending player controls — tapped ones included — blocks it."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class CanBlockAsThoughReach(Ability):
    """h27: "This creature can block Dragons as though it had reach" (Dragon Hunter; 702.9b,
    702.17b): the flying restriction doesn't stop the affected creature from blocking an
    attacker matching ``attackers``."""

    affected: Affected = SELF
    attackers: Quality = field(default_factory=lambda: Quality())


@lazy_dataclass(frozen=True, kw_only=True)
class CanBlockShadow(Ability):
    """"Can block creatures with shadow as though it had shadow / as though they didn't
    have shadow" (Heartwood Dryad, Aetherflame Wall; 702.28b): the shadow restriction
    doesn't stop the affected creature from blocking shadow creatures."""

    affected: Affected = SELF


@lazy_dataclass(frozen=True, kw_only=True)
class BlockTax(Ability):
    """A block cost (CR 509.1d, 509.1f), paid by the blocking creature's controller.

    - ``attackers`` is ``None``: each creature matching ``affected`` that blocks costs
      ``generic`` + X ("This turn, creatures can't block unless their controller pays {2}
      for each blocking creature they control", War Cadence with X chosen as 2; Archangel of
      Tithes, with ``while_attacking``);
    - ``attackers`` set: each creature that blocks an attacking creature matching it costs
      ``generic`` + X for that block ("Enchanted creature can't be blocked unless defending
      player pays {3} for each creature they control that's blocking it", Awesome Presence).

    ``x`` counts X as for attack taxes (:class:`XCount`; ``None``: no X). ``while_attacking``:
    the cost applies only while the permanent with the ability is an attacking creature.
    """

    generic: int = 0
    x: XCount | None = None
    affected: Affected = field(default_factory=lambda: Affected(kind="creatures"))
    attackers: Affected | None = None
    while_attacking: bool = False
    phyrexian: tuple[str, ...] = ()
    """Rules round 2: Phyrexian mana symbols per block, as colour letters (``("W",)`` for
    {W/P}); each is paid with one mana of its colour or 2 life (CR 107.4f) — the scenario's
    mana is generic, so redzone pays them with life, at most the defending player's life
    total in all (CR 119.4)."""


# ---------------------------------------------------------------- parser result


@lazy_dataclass(frozen=True)
class ParsedText:
    """What the parser made of a card's text.

    ``abilities``: understood abilities, in text order. ``unparsed``: combat-relevant
    sentences that were not understood (reported, never dropped). ``ignored``: sentences
    judged not combat-relevant (see ``docs/parser.md`` for how that is decided).
    """

    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()

    def has_keyword(self, name: str) -> bool:
        """True when a :class:`Keyword` named ``name`` (lower case) was parsed."""
        return any(isinstance(a, Keyword) and a.name == name for a in self.abilities)


# ------------------------------------------ what the defending player controls (rules round 2)


@lazy_dataclass(frozen=True, kw_only=True)
class DefenderControls(Ability):
    """A restriction that depends on what the defending player controls (508.1c, 509.1b;
    508.5: the player attacked, a planeswalker's controller or a battle's protector):

    - ``effect="can't attack"``, ``unless=True``: "can't attack unless defending player
      controls a creature with flying" (Lurking Green Dragon); ``unless=False``: "can't
      attack if defending player controls an untapped land" (Branded Brawlers);
    - ``effect="can't be blocked"`` (``unless=False``): "can't be blocked as long as
      defending player controls an artifact" (Bouncing Beebles).

    The condition holds when the defending player controls at least ``count`` permanents
    matching ``quality`` (``None``: any permanent).
    """

    affected: Affected = SELF
    effect: Literal["can't attack", "can't be blocked"] = "can't attack"
    quality: Quality | None = None
    count: int = 1
    unless: bool = False
    versus_you: bool = False
    """h4: the condition is "you control more permanents matching ``quality`` than the
    defending player" ("can't attack unless you control more creatures than defending
    player": Goblin Goon), you being the ability's controller; ``count`` is then unused."""
    state: Literal["", "poisoned", "graveyard", "most creatures", "shared type"] = ""
    """h17: a fact about the defending player instead of a count of ``quality``:
    ``"poisoned"`` — one or more poison counters (Chained Throatseeker); ``"graveyard"`` —
    ``count`` or more cards in their graveyard (Vantress Gargoyle); ``"most creatures"`` —
    no player controls more creatures (ties count: Hooded Horror); ``"shared type"`` —
    ``count`` or more of their creatures share a creature type (Graxiplon)."""
    alternatives: tuple[Quality, ...] = ()
    """h17: with ``state`` empty, a permanent matching any of these counts too ("an
    enchantment or an enchanted permanent": Godhunter Octopus)."""



ConditionKind = Literal["your turn", "not your turn", "you control", "opponent controls",
                        "attached", "counters", "life at most", "life at least", "untapped",
                        "tapped", "stated", "more than attacking player",
                        "attacked this turn"]  # h25: the scenario's combat_number


@lazy_dataclass(frozen=True, kw_only=True)
class Condition:
    """A condition of a static ability that the scenario decides (CR 611.3a), relative to
    the permanent with the ability and its controller ("you").

    - ``"your turn"`` / ``"not your turn"``: whose turn it is ("During your turn, ...");
    - ``"you control"`` / ``"opponent controls"``: at least ``count`` permanents matching
      ``quality`` (``None``: any permanent) are controlled by you / by an opponent; ``other``:
      not counting the permanent itself ("another"); ``none``: there is no such permanent
      ("as long as you control no Islands");
    - ``"attached"``: an Aura (``attached="Aura"``), an Equipment (``"Equipment"``) or either
      (``"any"``) is attached to the permanent ("as long as it's equipped");
    - ``"counters"``: at least ``count`` (and, with ``at_most``, at most that many)
      counters of kind ``counter`` (``None``: of any kind) are on the permanent (a leveler's
      "LEVEL 2-6" is ``counter="level", count=2, at_most=6``);
    - ``"life at most"`` / ``"life at least"``: your life total is at most / at least
      ``count``;
    - ``"untapped"`` / ``"tapped"``: the permanent's status;
    - ``negate``: the condition is "unless ...": the abilities apply while it does *not*
      hold ("can't attack unless you control an artifact");
    - ``"stated"``: a condition the scenario has no field for ("as long as there are seven
      or more cards in your graveyard"): ``phrase`` is its text (self references as "~");
      the scenario states it in the permanent's ``conditions``, else it is reported;
    - ``"attacked this turn"`` (h25): the source attacked this turn, as far as the scenario
      tells: holds in the turn's first combat phase (``combat_number`` 1, 505.1, where the
      grant it guards is further limited to the source while attacking) and, in a later
      one, when the source is an attacking creature now (it was declared this turn); a
      source not attacking in a later combat is not decided (an earlier combat is not in
      the scenario: reported).
    """

    kind: ConditionKind
    count: int = 1
    quality: Quality | None = None
    other: bool = False
    none: bool = False
    attached: str = "any"
    counter: str | None = None
    at_most: int | None = None
    phrase: str = ""
    negate: bool = False
    also: Condition | None = None
    """h17: a second condition that must hold too ("During your turn, as long as ~ is
    equipped, ...": Cloud, Planet's Champion)."""


@lazy_dataclass(frozen=True, kw_only=True)
class Conditional(Ability):
    """Static abilities that apply only while ``condition`` holds (CR 611.3a): "During
    your turn, this creature has first strike", "As long as you control an artifact, this
    creature has flying". :mod:`redzone.models.conditions` decides the condition from the
    scenario and puts ``abilities`` in force or not; a condition it can't decide is
    reported, never guessed."""

    condition: Condition
    abilities: tuple[Ability, ...] = ()


# ------------------------------------------- multiplayer attack restriction (issue 10 §2)


@lazy_dataclass(frozen=True, kw_only=True)
class AttackOnlyNearestOpponent(Ability):
    """"Each player may attack only the nearest opponent in the chosen direction and
    planeswalkers controlled by that opponent" (Pramikon, Sky Rampart; CR 508.1c, 802.2):
    every player's creatures may attack only that opponent and their planeswalkers. The
    direction ("left" or "right") is chosen as the permanent enters: the scenario gives it in
    the permanent's ``choices`` (``{"direction": "left"}``)."""



@lazy_dataclass(frozen=True, kw_only=True)
class TappedCanBlock(Ability):
    """"Tapped creatures can block" (Siege Elemental), "Tapped creatures you control can block
    as though they were untapped" (Masako the Humorless; h17): an affected tapped creature
    may be declared as a blocker (the "untapped" of CR 509.1a does not stop it); it blocks
    and deals combat damage like any blocker (510.1)."""

    affected: Affected = field(default_factory=lambda: Affected(kind="creatures"))


@lazy_dataclass(frozen=True, kw_only=True)
class CanAttackDespiteDefender(Ability):
    """"Can attack as though it didn't have defender" (Chaos Lord, Colossus of Akros;
    CR 702.3b): defender does not stop the affected creature from attacking."""

    affected: Affected = SELF
