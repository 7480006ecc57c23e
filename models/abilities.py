"""Typed combat abilities: what the Oracle-text parser produces and the rules layer reads.

Every ability is a frozen dataclass (made on first use, :mod:`redzone.models.lazy_dataclass`:
most commands build few of the ~60 kinds) carrying ``text``, the sentence (or keyword) it was read
from, so that a rules explanation can quote its source. Abilities are *static* descriptions;
which creatures an ability applies to is described by :class:`Affected` and resolved against
a board by :mod:`redzone.models.board`.

Rule references are to the Comprehensive Rules (CR); see ``docs/rules.md``.
"""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from redzone.models.lazy_dataclass import lazy_dataclass

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
    ``"legendary"``, ``"snow"``, ``"artifact"``, ...
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
    """Can't attack unless at least ``count`` other creatures attack (508.1c)."""

    affected: Affected = SELF
    count: int = 1


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
    """

    what: Literal["permanents", "counters"]
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


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
    (509.1a: "card text may allow more"); ``count=None`` means any number of creatures."""

    affected: Affected = SELF
    count: int | None = 1


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


ANY_SOURCE = SourceFilter()

DamageRecipients = Literal["any", "opponents", "opponent players", "you", "players", "self",
                           "creatures", "your creatures"]


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


@lazy_dataclass(frozen=True, kw_only=True)
class PreventDamageToPlayer(Ability):
    """"Prevent all [combat] damage that would be dealt to you" (Glacial Chasm; CR 615): a
    player-level prevention shield for the controller of the permanent with the ability."""

    damage: DamageKind = "any"


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
                          "attacking alone"]
"""When a combat-dependent effect applies to a creature (506.4, 611.3a): while it is an
attacking creature, a blocking creature, either, attacking the effect's controller (or a
planeswalker or battle of theirs), or the only attacking creature (506.5)."""


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
class DamageAsCounters(Ability):
    """"If damage would be dealt to this creature, put that many +1/+1 counters on it
    instead" (Phytohydra; CR 614.1a): no damage is dealt — nothing is marked, lifelink and
    deathtouch see no damage — and the affected creature gets ``counter`` counters equal to
    the amount."""

    affected: Affected = SELF
    counter: str = "+1/+1"
    damage: DamageKind = "any"


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


# ------------------------------------------------ combat damage by toughness (rules round 2)


@lazy_dataclass(frozen=True, kw_only=True)
class AssignsToughness(Ability):
    """"Each creature you control assigns combat damage equal to its toughness rather than
    its power" (Doran, the Siege Tower; Belligerent Brontodon; CR 510.1a as modified by the
    effect): an affected creature's combat damage amount is its toughness."""

    affected: Affected = SELF


# ------------------------------------------------ statics under a condition (issue 10, 611.3a)

ConditionKind = Literal["your turn", "not your turn", "you control", "opponent controls",
                        "attached", "counters", "life at most", "life at least", "untapped",
                        "tapped", "stated"]


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
      the scenario states it in the permanent's ``conditions``, else it is reported.
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
class CanAttackDespiteDefender(Ability):
    """"Can attack as though it didn't have defender" (Chaos Lord, Colossus of Akros;
    CR 702.3b): defender does not stop the affected creature from attacking."""

    affected: Affected = SELF
