"""What a triggered ability of combat is, once read: its trigger event, its effects, and a
record of its resolution (CR 603; rules digest §8; docs/triggers.md).

A :class:`TriggeredAbility` is read from one sentence of a permanent's text (or one keyword:
exalted, bushido, flanking, rampage ...) by :mod:`redzone.models.triggers.parse`. It says

- **when** it triggers: an :data:`Event` and who it watches (:class:`Watch`: the permanent
  itself, or creatures its controller controls, or any creature), with an optional
  intervening "if" (:class:`Intervening`, 603.4) and a count condition ("attacks alone",
  "and at least two other creatures attack");
- **what** it does: a tuple of :class:`Effect` objects resolved in order (608.2c), each on
  a :class:`Who` (the source, the creature that triggered it, a target chosen as the
  ability is put on the stack (603.3d), each attacking creature ...), with an amount
  (:class:`Amount`: a number, or one counted on resolution, "for each creature blocking it
  beyond the first");
- ``optional``: "you may" (decided on resolution, by the controller).

Effects whose only result is outside combat (draw, scry, a Treasure ...) are
:class:`ValueOnly`: they resolve as no-ops that the AI's evaluation may count. Nothing
here looks at a board; :mod:`redzone.models.triggers.resolve` does. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from redzone.models.ability_base import Quality

__all__ = [
    "Amount", "CantBeBlockedEffect", "CantBlockEffect", "Conditional", "Count", "CounterChange",
    "Counters", "CreateTokens", "IfTest", "flat_effects",
    "DamageEffect", "Destroy", "Effect", "Event", "GainKeywords", "Intervening", "LifeEffect",
    "MustBlockSource", "PoisonEffect", "Pump", "Resolved", "ReturnToBattlefield", "Sacrifice",
    "TapEffect", "TriggeredAbility", "ValueOnly", "Watch", "Who", "EVENT_WINDOW",
    "Window",
    # effects that change the battlefield (h3 block, below)
    "AtEndOfCombat", "Bolster", "DoesntUntap", "Double", "Goad", "Modes", "MoveCounters",
    "NoCombatDamage", "Pay", "Proliferate", "Unless",
    # keyword actions (h9)
    "Amass", "AtNextEndStep", "Blight", "Connive", "Endure", "ManifestDread", "TapAny", "Transform",
    # prevention on chosen creatures (h15)
    "CantBeBlockedByEffect", "PreventCombatDamage", "RemoveFromCombat", "SetBase", "TheyMay",
    # permanents put onto the battlefield from card data (h8 block, below)
    "EntersFromCard",
    # a coin flip, a die roll (h12)
    "Chance",
    # h14 (more_effects.py)
    "AddLandType", "DividedDamage", "TapCost", "TapOrUntap",
    # token copies of permanents (h23, token_copies.py)
    "CopyToken",
    # h26 (control.py)
    "Becomes", "GainControl", "LoseKeywords", "RemoveExactly",
    # h28 (fights.py, explore.py, clashes.py)
    "Clash", "Explore", "Fight",
]

Event = Literal[
    "attacks",             # 508.1, 508.3a: declared as an attacking creature (not 508.4)
    "you_attack",          # "whenever you attack": once per combat, when you declare any
    "attacks_alone",       # exalted, "attacks alone" (506.5: the only creature declared)
    "blocks",              # 509.1, 509.3c: declared as a blocking creature
    "blocks_creature",     # 509.3d: once for each creature it blocks (with a filter on it)
    "becomes_blocked",     # 509.3c: once, when it becomes blocked
    "blocked_by",          # 509.3d: once for each creature blocking it
    "blocks_or_blocked",   # "blocks or becomes blocked": once
    "unblocked",           # 509.3e: "attacks and isn't blocked"
    "combat_damage_player",    # 510.3a: deals combat damage to a player
    "combat_damage_creature",  # deals combat damage to a creature
    "combat_damage",           # deals combat damage (to anything)
    "deals_damage",            # deals damage (any: combat damage, or a fight's, 701.14)
    "dealt_damage",        # is dealt damage (any damage, in combat: combat damage)
    "dies",                # 700.4: put into a graveyard from the battlefield (603.10a)
    "leaves",              # 603.6c: leaves the battlefield (dies, exiled, returned to hand)
    "exerted",             # 701.43a: exerted as it attacks ("When you do", 603.12; "whenever
                           # you exert a creature")
    "enlisted",            # 702.154a: it enlisted a creature as it attacked ("When you do")
    "enters",              # 603.6a: a creature returned to the battlefield in combat
                           # (persist, undying) enters: its own "when ~ enters"
    "you_gain_life",       # 119.9: "whenever you gain life" (lifelink, 120.3f: once per source;
                           # a triggered ability's gain)
    "becomes_tapped",      # 508.1f: an attacking creature without vigilance is tapped as it
                           # is declared; or an effect taps it (701.26a)
    "counters_removed",    # 603.12: "when one or more counters are removed from ~ this way"
                           # (a prevention that removes +1/+1 counters, 615: Magma Pummeler)
    # -- h2 (models/triggers/watches.py): events with what they are dealt to
    "combat_damage_to",    # 510.2: combat damage to a player, planeswalker or battle, once per
                           # recipient (603.2c); which recipients count: ``Watch.extra``
    "dealt_damage_by",     # "a source deals damage to ~": once per source (603.2c), the
                           # source as the event's other object (combat damage, a fight's)
    # -- h12 (watches.py): the same damage seen from its source
    "deals_damage_to",     # "~ deals damage to a Dinosaur": once per creature dealt damage,
                           # that creature as the event's other object (combat damage, a fight's)
]

Window = Literal["attack", "block", "damage", "dies"]
"""When the triggers of an event are put on the stack: after attackers are declared
(508.2, resolved before blockers), after blockers are declared (509.2), after a combat
damage step's damage and state-based actions (510.3), or as a creature dies (in any of
them; put on the stack with the others of that moment)."""

EVENT_WINDOW: dict[str, Window] = {
    "attacks": "attack", "you_attack": "attack", "attacks_alone": "attack",
    "blocks": "block", "blocks_creature": "block", "becomes_blocked": "block", "blocked_by": "block",
    "blocks_or_blocked": "block", "unblocked": "block",
    "combat_damage_player": "damage", "combat_damage_creature": "damage",
    "combat_damage": "damage", "dealt_damage": "damage", "dies": "dies", "leaves": "dies",
    "deals_damage": "damage",
    "exerted": "attack", "enlisted": "attack", "enters": "dies", "you_gain_life": "damage",
    "counters_removed": "damage", "becomes_tapped": "attack",
    "combat_damage_to": "damage",
    "dealt_damage_by": "damage",
    "deals_damage_to": "damage",
}


@dataclass(frozen=True)
class Watch:
    """Whose event triggers the ability.

    ``kind="self"``: the permanent with the ability ("whenever this creature attacks");
    ``"creatures"``: any creature matching the filter ("whenever a creature you control
    attacks", "whenever another creature you control dies"; ``controller`` relative to
    the ability's controller; ``other``: not the source itself; ``qualities``: as
    :class:`redzone.models.ability_base.Quality`, at least one must match);
    ``"player"``: the event is the controller's own ("whenever you attack");
    ``"attached"``: the creature the source (an Aura or Equipment) is attached to.
    """

    kind: Literal["self", "creatures", "player", "attached"] = "self"
    controller: Literal["you", "opponents", "any"] = "you"
    other: bool = False
    qualities: tuple[Quality, ...] = ()
    nontoken: bool = False
    attacking: bool = False
    """Only an attacking creature's event ("whenever an attacking creature dies": Kardur;
    one that died attacking, looking back, 603.10a)."""
    blocking: bool = False
    """Only a blocking creature's event."""
    extra: tuple[str, ...] = ()
    """More conditions on the event, read and checked by
    :mod:`redzone.models.triggers.watches` (``"permanent"``: a noncreature permanent's
    event counts too; ``"to:player"``, ``"at:you"``, ``"control:..."`` ...: see there)."""


@dataclass(frozen=True)
class Intervening:
    """An intervening "if" clause (603.4), checked when the event happens and again on
    resolution. ``kind``: ``"defender_most_life"`` (dethrone, 702.105: the defending
    player has the most life or is tied for it); ``"attackers_at_least"`` (``n`` or more
    creatures attack, counting the source: "and at least two other creatures attack");
    ``"saddled"`` ("attacks while saddled": the scenario's ``conditions``); ``"greater_power_attacks"``
    (training, 702.149: another attacking creature has greater power)."""

    kind: Literal["defender_most_life", "attackers_at_least", "saddled", "greater_power_attacks",
                  "had_no_counter", "test", "you_control", "attackers_matching",
                  "other_attackers_matching"]
    n: int = 0
    counter: str = ""
    """``"had_no_counter"``: the kind of counter it had none of as it died (persist
    ``"-1/-1"``, undying ``"+1/+1"``; 702.79a, 702.93a, looking back, 603.10a)."""
    test: IfTest | None = None
    """``"test"``: a condition the board decides (:class:`IfTest`), checked as the event
    happens: "Whenever ..., if <condition>, ..." (the ability's one effect is then a
    :class:`Conditional` on the same test, which checks it again on resolution, 603.4), or
    "Whenever ~ attacks while <condition>" (part of the trigger event: checked then only)."""
    quality: Quality | None = None
    """``"you_control"`` ("attacks while you control a creature with power 4 or greater",
    "... two or more artifacts"): the ability's controller controls at least ``n``
    permanents matching it; ``"attackers_matching"`` ("whenever you attack with two or
    more Spiders"): at least ``n`` attacking creatures match it;
    ``"other_attackers_matching"`` ("whenever ~ and at least two Zombies attack"): at
    least ``n`` attacking creatures other than the source do
    (:mod:`redzone.models.triggers.watches`)."""


# ---------------------------------------------------------------- counted amounts (h7)


@dataclass(frozen=True)
class Count:
    """A number counted on the board as the ability resolves (608.2h), for
    ``Amount(per="count")`` ("where X is the number of artifacts you control", "for each
    legendary creature you control", "the greatest power among creatures you control").

    ``kind``: ``"permanents"`` (permanents on the battlefield matching one of
    ``qualities``, controlled per ``controller``; ``other``: not the source; ``attacking``:
    attacking creatures only; ``attached``: attached to the source; with ``of="trigger"``,
    ``other`` is "not the creature whose event it was"), ``"counters"`` (the
    ``counter`` counters, every kind when ``""``, on the source or, ``of="trigger"``, the
    creature whose event it was; as it last existed once it left), ``"greatest"`` (the
    greatest ``stat`` — ``"power"``, ``"toughness"``, ``"mana_value"`` — among the
    permanents ``"permanents"`` would count; 0 when none), ``"opponents"`` (the opponents
    still in the game), ``"blocked"`` (the creatures the source blocks), ``"blockers"`` (the
    creatures blocking the creature whose event it was). ``controller``:
    relative to the ability's controller; ``"defending"`` / ``"damaged_player"`` /
    ``"trigger_controller"``: that one player's (the defending player of the source, 506.2;
    the player dealt the damage; the controller of the creature whose event it was)."""

    kind: Literal["permanents", "counters", "greatest", "opponents", "blocked", "blockers",
                  # h14: the colours (105.2) / basic land types (305.6) among the permanents
                  # "permanents" counts; the card types (``also``: only these) among the cards
                  # in the controller's graveyard
                  "colors", "land_types", "graveyard_types",
                  # h36 (more_amounts.py): the greatest of each one's power and toughness; the
                  # difference of one's power and toughness; kinds of counters; the party size
                  "greatest_either", "difference", "counter_kinds", "party", "greatest_those",
                  "blocked_stat",
                  "zone_cards"]  # h37: cards of kinds in a graveyard (zone_moves.py)
    qualities: tuple[Quality, ...] = ()
    controller: Literal["you", "opponents", "any", "defending", "damaged_player",
                        "trigger_controller"] = "any"
    other: bool = False
    attacking: bool = False
    attached: bool = False
    counter: str = ""
    of: Literal["source", "trigger"] = "source"
    stat: Literal["power", "toughness", "mana_value", ""] = ""
    also: tuple[str, ...] = ()
    """Card types every permanent counted has as well ("artifact creatures")."""
    blocking: bool = False
    """h15: blocking creatures only ("for each blocking creature other than ~")."""


@dataclass(frozen=True)
class Amount:
    """A number of an effect: ``n`` times the count ``per`` (``None``: just ``n``), fixed on
    resolution (608.2h).

    ``per``: ``"blocker_beyond_first"`` (rampage, 702.23), ``"other_attacker"`` (attacking
    creatures other than the source), ``"attacker"`` (attacking creatures),
    ``"opponent_attacked"`` (melee, 702.121: opponents attacked with a creature this combat),
    ``"blocker"`` (creatures blocking the source), ``"damage_dealt"`` ("that much damage"),
    ``"power"`` (the source's power: "equal to its power"; its last known power once it
    left, 608.2h), ``"trigger_power"`` (the power of the creature whose event it was, last
    known if it left), ``"toughness"`` / ``"trigger_toughness"`` likewise,
    ``"plus_counters"`` (the +1/+1 counters on the source, last known: modular 702.43a),
    ``"half_life"`` (half the player's life total, rounded up, 107.1a: each player's own),
    ``"enlisted_power"`` (the power of the creature enlisted, 702.154a),
    ``"graveyard_creatures"`` (creature cards in the controller's graveyard: the scenario's
    ``players[].graveyard`` and the nontoken creatures they own that died in this combat),
    ``"count"`` (``count``, a :class:`Count`, counted on the board); h16 (players.py):
    ``"those"`` (the creatures of a "one or more" event), ``"half_life_down"`` (half the
    player's life, rounded down), ``"lost_this_way"`` (the life the ability's effects before
    it took), ``"x_paid"`` (the X of the ability's :class:`Pay`), ``"defending_graveyard"``
    (the cards in the defending player's graveyard).
    """

    n: int = 1
    per: Literal["blocker_beyond_first", "other_attacker", "attacker", "opponent_attacked",
                 "blocker", "damage_dealt", "enlisted_power", "graveyard_creatures", "power",
                 "trigger_power", "toughness", "trigger_toughness", "plus_counters",
                 "half_life", "count", "those", "half_life_down", "lost_this_way",
                 "x_paid", "defending_graveyard"] | None = None
    subtypes: tuple[str, ...] = ()
    """For ``"attacker"`` / ``"other_attacker"``: only attacking creatures with one of these
    creature types count ("for each other attacking Goblin")."""
    count: Count | None = None
    """For ``per="count"``: what is counted on the board (:class:`Count`)."""


@dataclass(frozen=True)
class Who:
    """The objects or players an effect acts on.

    Objects: ``"source"`` (the permanent with the ability), ``"trigger"`` (the creature whose
    event triggered it: the creature that attacked alone for exalted, the creature that
    died), ``"target_creature"`` (one creature, chosen as the ability is put on the stack,
    603.3d, matching ``controller`` and ``qualities``; ``up_to``: it may choose none),
    ``"each_creature"`` (every creature matching the filter), ``"attacking"`` (each
    attacking creature matching the filter; ``other``: except the source: battle cry),
    ``"blockers"`` (each creature blocking the source; flanking: ``qualities`` without
    flanking), ``"blocked"`` (each creature the source blocks), ``"damaged"`` (the creature
    it dealt combat damage to).
    Players: ``"you"``, ``"defending_player"`` (508.5 / 506.2), ``"each_opponent"``,
    ``"damaged_player"`` (the player dealt the damage), ``"other_opponents"`` (each opponent
    but the player dealt the damage), ``"trigger_controller"`` (the controller of the
    creature whose event it was, as it last existed: "that creature's controller"),
    ``"damaged_controller"`` (the controller of the creature dealt the damage),
    ``"any_target"`` (a creature, planeswalker, battle or player, chosen, 115.4),
    ``"attacked"`` (the player or planeswalker the creature that attacked is attacking —
    the creature whose event it was if it attacks, else the source; a battle is neither).
    ``controller``: relative to the ability's controller (``"any"``: no constraint;
    ``"defending"``: controlled by the defending player of the source, or of the creature
    whose event it was when the source isn't attacking, 506.2; ``"damaged_player"``:
    controlled by the player dealt the combat damage).
    """

    kind: Literal["source", "trigger", "target_creature", "each_creature", "attacking",
                  "blockers", "blocked", "damaged", "you", "defending_player",
                  "each_opponent", "damaged_player", "any_target", "target_player",
                  "target_opponent", "other_opponents", "trigger_controller",
                  "damaged_controller",
                  # h7 (zones.py): a target permanent of ``also_types`` (any permanent when
                  # empty) but not ``exclude_types``; the player or planeswalker the source /
                  # the creature whose event it was is attacking (506.2). "Target player
                  # (opponent) or planeswalker" is ``target_player`` (``target_opponent``)
                  # with ``also_types=("Planeswalker",)`` (115.1)
                  "target_permanent", "attacked", "trigger_attacked",
                  # h13 (moves.py): every permanent of ``also_types`` (any when empty) but not
                  # ``exclude_types`` ("destroy all nonland permanents"); the tokens the same
                  # ability created as it resolved ("exile that token at end of combat", also
                  # h16's "that token", "those tokens")
                  "each_permanent", "created",
                  # h14 (more_effects.py): every permanent ``count`` counts (a group read by
                  # the counted-amounts grammar: "each tapped creature you control", "all
                  # artifacts", "each snow permanent you control")
                  "group",
                  # h14: the creatures of a "one or more" event ("put a +1/+1 counter on each
                  # of them"), those still on the battlefield
                  "those",
                  # h16 (players.py): the owner of the source / of the creature whose event it
                  # was; the attacking (active) player; each opponent who controls no permanent
                  # of ``qualities``
                  "source_owner", "trigger_owner", "attacking_player", "opponents_without",
                  # h13: the Auras / Equipment (``qualities``) attached to the creature whose
                  # event it was / to each creature the source blocks
                  "attached_to_trigger", "attached_to_blocked",
                  # h14: "each of up to two target creatures": a set of up to ``n`` target
                  # creatures matching the filter, chosen as the ability is put on the stack
                  "target_set",
                  # h16: each player who controls the most lands (ties: each of them); a
                  # creature of ``qualities`` the defending player chooses as it resolves
                  "most_lands", "defender_chooses",
                  # h36 (more_amounts.py): the player chosen as the source entered (its
                  # ``choices["player"]``: "the chosen player")
                  "chosen_player"]
    controller: Literal["you", "opponents", "any", "defending", "damaged_player"] = "any"
    other: bool = False
    qualities: tuple[Quality, ...] = ()
    up_to: bool = False
    attacking: bool = False
    """Only attacking creatures ("target attacking creature": mentor)."""
    blocking: bool = False
    """Only blocking creatures ("each blocking creature": Hezrou)."""
    defending: bool = False
    """Only creatures the defending player of the source controls (506.2: provoke's "target
    creature defending player controls")."""
    also_types: tuple[str, ...] = ()
    """``"target_creature"``: permanents of these card types may be targeted too ("target
    creature or enchantment you control": Heliod, Sun-Crowned); ``"target_permanent"``: the
    card types it may have (one of; any permanent when empty)."""
    exclude_types: tuple[str, ...] = ()
    """``"target_permanent"``: card types it must not have ("nonland permanent")."""
    count: Count | None = None
    """``"group"``: the permanents on the battlefield this :class:`Count` (``"permanents"``)
    would count as the effect resolves (608.2h)."""
    random: bool = False
    """h12: the target is "chosen at random" (608.2d is no player's choice): the
    controller's adversary chooses it (models/triggers/chance.py)."""
    n: int = 0
    """``"target_set"``: how many targets at most (``up_to``: or fewer, none too)."""
    attacks: Literal["", "you", "same", "source"] = ""
    """h26 (control.py): only creatures attacking the ability's controller (``"you"``:
    "target creature attacking you"), what the source attacks (``"same"``: "another target
    creature attacking the same player or planeswalker"), or blocking the source
    (``"source"``: "target creature blocking it")."""


SOURCE = Who("source")


@dataclass(frozen=True)
class Pump:
    """"Gets +N/+M until end of turn" (613.4c, 514.2): each of ``who`` gets ``power`` and
    ``toughness`` times ``amount``."""

    who: Who
    power: int
    toughness: int
    amount: Amount = Amount()


@dataclass(frozen=True)
class Counters:
    """Put ``amount`` ``kind`` counters on each of ``who`` (122.1; ``"+1/+1"`` raises power
    and toughness, 613.4c)."""

    who: Who
    kind: str
    amount: Amount = Amount()


@dataclass(frozen=True)
class GainKeywords:
    """Each of ``who`` gains these keyword abilities until end of turn (613.1f)."""

    who: Who
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class CantBlockEffect:
    """Each of ``who`` can't block this turn (509.1b; resolved before blockers are declared
    when it triggers on attack)."""

    who: Who


@dataclass(frozen=True)
class CantBeBlockedEffect:
    """Each of ``who`` can't be blocked this turn (509.1b; it matters when it resolves before
    blockers are declared: an attack trigger)."""

    who: Who


@dataclass(frozen=True)
class TapEffect:
    """Tap (``untap=False``) or untap each of ``who`` (701.26)."""

    who: Who
    untap: bool = False


@dataclass(frozen=True)
class DamageEffect:
    """The source deals ``amount`` damage to each of ``who`` (120.3; not combat damage)."""

    who: Who
    amount: Amount
    by: Literal["source", "trigger"] = "source"
    """h14: who deals it — the source, or the creature whose event it was ("whenever a Dragon
    you control attacks, it deals 2 damage to any target"; as it last existed once it left,
    608.2h): its deathtouch, lifelink, infect and protection count (702.2b, 702.15b, 702.16e)."""


@dataclass(frozen=True)
class LifeEffect:
    """Each of ``who`` gains (``gain``) or loses life (119.3, 119.4)."""

    who: Who
    amount: Amount
    gain: bool


@dataclass(frozen=True)
class PoisonEffect:
    """Each of ``who`` (players) gets ``amount`` poison counters (122.1f; poisonous 702.70)."""

    who: Who
    amount: Amount


@dataclass(frozen=True)
class Destroy:
    """Destroy (``exile=False``) or exile / return to hand (``exile=True``: it leaves the
    battlefield, 701.8, 701.13) each of ``who``; ``sacrifice``: its controller sacrifices it
    ("sacrifice it": 701.21, indestructible doesn't stop it; it dies, 700.4)."""

    who: Who
    exile: bool = False
    sacrifice: bool = False
    at_end_of_combat: bool = False
    """A delayed triggered ability (603.7): done at the end of combat step (511.2), after
    the last combat damage step, to what is still on the battlefield then."""
    to_hand: bool = False
    """With ``exile``: returned to its owner's hand rather than exiled (it leaves without
    dying either way; "dies or is put into exile" tells them apart)."""
    until_leaves: bool = False
    """h13, with ``exile``: "exile X until ~ leaves the battlefield" (610.3c): the card
    returns under its owner's control as soon as the source leaves; nothing is exiled if
    the source has already left."""
    gate: bool = False
    """h13: "If you do, ..." follows: the effects after it are done only if it moved
    something (608.2c; :func:`redzone.models.triggers.moves.stops`)."""
    to_library: Literal["", "top", "bottom"] = ""
    """h14, with ``exile``: put on the top / at the bottom of its owner's library rather than
    exiled (it leaves without dying, neither exiled nor returned to a hand)."""


@dataclass(frozen=True)
class MustBlockSource:
    """Each of ``who`` blocks the source this combat if able (provoke, 702.39a; a block
    requirement, 509.1c, like the scenario's ``effects.must_block``)."""

    who: Who


@dataclass(frozen=True)
class ReturnToBattlefield:
    """Return the creature that died (the source) to the battlefield under its owner's
    control with one ``counter`` counter on it (persist 702.79a, undying 702.93a). It is a
    new object (400.7): a new permanent id (``<id>~returned``), not in combat (506.4), no
    damage, untapped; the card that died stays in ``destroyed``. A token that died can't
    return (111.7, 704.5d)."""

    counter: str


@dataclass(frozen=True)
class Sacrifice:
    """Each of ``who`` (players) sacrifices ``amount`` permanents (``creature``: creatures
    only; ``or_artifact``: creatures or artifacts; ``other``: not the source, "sacrifice
    another creature") of their choice (701.21; annihilator 702.86)."""

    who: Who
    amount: Amount
    creature: bool = False
    other: bool = False
    or_artifact: bool = False
    kinds: tuple[Quality, ...] = ()
    """What may be sacrificed when set, one of these (card types, subtypes, token:
    "a land", "a Food", "an artifact or creature", "a nontoken creature"); ``creature`` and
    ``or_artifact`` are then unused."""
    exclude_types: tuple[str, ...] = ()
    """Card types it must not have ("a nonland permanent")."""
    to_hand: bool = False
    """h13: returned to its owner's hand rather than sacrificed ("return a land you control
    to its owner's hand"): it leaves the battlefield without dying (400.7)."""



@dataclass(frozen=True)
class CreateTokens:
    """Create ``amount`` creature tokens ``power``/``toughness`` with ``subtypes``,
    ``colors`` and ``keywords`` under the controller; ``attacking``: tapped and attacking
    (508.4: never declared, so "whenever ~ attacks" does not trigger for them), attacking
    the player or planeswalker the source attacks; ``copy_of_source``: token copies of the
    source (myriad). Value tokens (Treasure, Clue, Food) are :class:`ValueOnly`."""

    amount: Amount
    power: int = 1
    toughness: int = 1
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    attacking: bool = False
    tapped: bool = False
    copy_of_source: bool = False
    artifact: bool = False
    """Artifact creature tokens ("a 1/1 colorless Thopter artifact creature token")."""
    size: Amount | None = None
    """h7 (tokens.py): an X/X token: its power and toughness, counted as it is created
    (608.2h); ``power`` and ``toughness`` are then unused."""
    text: str = ""
    """h7 (tokens.py): the token's other rules text, one ability a line ("Toxic 1", "This
    creature can't block."), read by the static parser as the token is created."""
    name: str = ""
    """h16: the token's name when the effect names it ("named Koma's Coil", "Ragavan, a
    legendary ..."; "~" the source's first name word); else its subtypes."""
    legendary: bool = False
    """h16: a legendary token (the legend rule, 704.5j, is applied as it is created)."""
    attacks: Literal["", "each_opponent", "each_opponent_or_walker"] = ""
    """h16 (players.py): with ``attacking``, ``amount`` tokens for each opponent, attacking
    that player (``"each_opponent_or_walker"``: or a planeswalker they control, the
    controller's choice) rather than what the source attacks."""


@dataclass(frozen=True)
class ValueOnly:
    """An effect that changes nothing in combat (draw, scry, surveil, a Treasure, a card
    exiled from a graveyard ...): resolved as a no-op. ``what``: a short tag the AI's
    evaluation may count (docs/ai.md)."""

    what: str


# -- resolution-time conditions of effects (h1; docs/triggers.md "Conditions of effects")


@dataclass(frozen=True)
class IfTest:
    """The condition of a :class:`Conditional`, decided from the board as the ability
    resolves (608.2c), relative to the ability's controller ("you") and its source.

    ``kind``: ``"you_control"`` / ``"opponent_controls"`` / ``"defending_controls"``: at least
    ``count`` permanents on the battlefield matching ``quality`` (``None``: any permanent)
    are controlled by you / by an opponent / by the defending player (506.2; ``other``: not
    counting the source; ``none``: there is no such permanent); ``"life_at_least"`` /
    ``"life_at_most"``: your life total now is at least / at most ``count`` (119);
    ``"source_attached"``: an Aura (``attached="Aura"``) or Equipment (``"Equipment"``) is
    attached to the source; ``"source_counters"``: the source has at least ``count``
    counters of kind ``counter`` (``None``: any kind) on it now (122; with ``none``: fewer
    than ``count``); ``"source_attacking"``:
    the source is an attacking creature now (506.4); ``"source_renowned"``: the source is
    renowned (702.112b); ``"attacking_exists"``: an attacking creature matching ``quality``
    exists ("if a Rat is attacking"); ``"opponent_poison_at_least"``: an opponent has at
    least ``count`` poison counters; ``"defending_poisoned"``: the defending player has a
    poison counter (122.1f: "poisoned"); ``"total_power_at_least"``: the creatures you control
    have a total power of at least ``count``; looking back at the creature as it last
    existed (608.2h; the source, or with ``of_trigger`` the creature whose event it was):
    ``"had_counters"`` (``count`` or more ``counter`` counters, ``none``: no such counter),
    ``"had_power_at_least"``, ``"was_type"`` (it matches ``quality``: "if that creature was
    an Elemental"); ``"source_blocked"``: the source was blocked in this combat (509.1h);
    ``"attacked_power_at_least"`` (h12, pack tactics): the creatures you declared as attackers
    this combat had a total power of at least ``count`` as they were declared (508.1; a
    creature put onto the battlefield attacking was not declared, 508.4);
    ``"graveyard_at_least"``: at least ``count`` of ``measure`` among the cards in your
    graveyard (h20); ``"source_keyword"``: the source has the
    keyword ``measure`` now (``none``: it hasn't); ``"trigger_power_greater"``: the creature of
    the event had greater power than the source has; ``"either"`` / ``"both"``: one / both of
    ``parts`` hold; ``"different_powers"``: your creatures have at least ``count`` different
    powers; ``"greatest_power"``: one of your creatures has the greatest power on the
    battlefield (all :mod:`redzone.models.triggers.reflexive`)."""

    kind: Literal["target_is",  # h25 (if_tests.py): the ability's target matches ``quality``
                  "you_control", "opponent_controls", "defending_controls", "life_at_least",
                  "life_at_most", "source_attached", "source_counters", "source_attacking",
                  "source_renowned", "attacking_exists", "opponent_poison_at_least",
                  "defending_poisoned", "total_power_at_least", "had_counters",
                  "had_power_at_least", "was_type", "source_blocked",
                  "attacked_power_at_least",  # h12
                  # h16 (players.py): at least ``count`` cards in your graveyard (of
                  # ``quality``'s card types / subtypes when set)
                  "graveyard_cards",
                  # h20: reflexive.py; delirium (h14, h16, h25: its one reading) is
                  # ``measure="card_types"``
                  "graveyard_at_least",
                  "source_keyword", "trigger_power_greater", "either", "both",
                  "different_powers", "greatest_power",
                  # h25 (if_tests.py): the turn's first combat, hand sizes, monstrous, the
                  # city's blessing, "you're the defending player", the most life
                  "first_combat", "hand_at_least", "hand_at_most", "source_monstrous",
                  "city_blessing", "you_defending", "player_most_life", "trigger_not_died",
                  "trigger_had_keyword", "not_declared_tapped", "source_untapped",
                  "first_time",  # h35 (if_more.py): "attacks for the first time each turn"
                  "was_attacking"]  # h39 (more_control.py): it was attacking as it left
    count: int = 1
    quality: Quality | None = None
    other: bool = False
    none: bool = False
    attached: str = "any"
    counter: str | None = None
    of_trigger: bool = False
    parts: tuple["IfTest", ...] = ()
    """h20 (reflexive.py): the two conditions of ``"either"`` ("A or B") / ``"both"``."""
    measure: str = ""
    """h20 (reflexive.py): the keyword of ``"source_keyword"`` (``none``: it doesn't have it);
    what ``"graveyard_at_least"`` counts among the cards in your
    graveyard: ``"cards"``, ``"card_types"``, ``"permanent_cards"``, ``"subtype:<Subtype>"``."""


@dataclass(frozen=True)
class Conditional:
    """"If <condition>, <effects>" inside an effect (608.2c: checked as the ability
    resolves, not as it triggers — not an intervening "if", 603.4): when ``test`` holds,
    ``effects`` resolve in order; otherwise they do nothing. Read only with effects that
    have no target (a target is chosen as the ability is put on the stack whatever the
    condition, 603.3d) and no choice of their own."""

    test: IfTest
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()
    """h25 (if_tests.instead): what is done when ``test`` doesn't hold — "E1. If C, E2
    instead": ``effects`` E2, ``otherwise`` E1 (the replaced effect, 608.2c: one of the two
    is done, decided as the ability resolves)."""


# ----------------------------------------------------------------- effects that change the
# battlefield later or elsewhere (h3: delayed "at end of combat", untap steps, damage
# assignment; read by redzone.models.triggers.board_effects)


@dataclass(frozen=True)
class AtEndOfCombat:
    """A delayed triggered ability (603.7): ``effects`` are done at the end of combat step
    (511.2), after the last combat damage step — "sacrifice it at end of combat", "return
    that creature to its owner's hand at end of combat", "remove a +1/+1 counter from it at
    end of combat". The objects it acts on are fixed when it is created (603.7c: one that
    left the battlefield by then is not affected)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class DoesntUntap:
    """Each of ``who`` doesn't untap during its controller's next untap step (502.3; a
    tapped creature stays tapped through that turn)."""

    who: Who


@dataclass(frozen=True)
class NoCombatDamage:
    """Each of ``who`` assigns no combat damage this turn (510.1: it is still in combat and
    can be dealt damage)."""

    who: Who


# h15 (creatures.py): a prevention effect on chosen creatures
@dataclass(frozen=True)
class PreventCombatDamage:
    """All combat damage each of ``who`` would deal this turn is prevented (615.1a), and with
    ``to`` the combat damage that would be dealt to it too: it stays in combat and assigns
    its damage (510.1), none of which is dealt (no lifelink, deathtouch or "deals combat
    damage" event, 615.5, 120.3)."""

    who: Who | None
    """``None``: all combat damage this turn, whatever deals it and to whatever (a fog: also
    creatures that enter later, 615.1a)."""
    to: bool = False


# h15 (creatures.py): an attacking creature removed from combat
@dataclass(frozen=True)
class RemoveFromCombat:
    """Each of ``who`` (an attacking creature) is removed from combat (506.4): it stops being
    an attacking, blocked or unblocked creature, so it deals and is dealt no combat damage
    (510.1); the creatures blocking it stay blocking creatures and assign it no damage."""

    who: Who


# h15 (creatures.py): a block restriction read by the static parser, granted this turn
@dataclass(frozen=True)
class CantBeBlockedByEffect:
    """Each of ``who`` can't be blocked by the creatures ``ability`` (a
    :class:`redzone.models.abilities.CantBeBlockedBy` of "this creature") describes this turn
    (509.1b): the ability is granted until end of turn, checked as blockers are declared."""

    who: Who
    ability: Any


# h15 (creatures.py): base power and toughness set until end of turn
@dataclass(frozen=True)
class SetBase:
    """Each of ``who`` has base power and toughness ``power``/``toughness`` until end of turn
    (613.4b, layer 7b): the changes of layer 7c (counters, pumps, anthems) still apply on top.
    ``amount``: X/X, X counted as the ability resolves (608.2h; then ``power`` and
    ``toughness`` are ignored)."""

    who: Who
    power: int
    toughness: int
    amount: Amount | None = None
    toughness_amount: Amount | None = None
    """With ``amount``: the toughness counted apart ("... to ~'s power and toughness")."""


# h15 (creatures.py): another player's "may ... If they do, ..."
@dataclass(frozen=True)
class TheyMay:
    """``who`` (one player, not the controller) may have the ``effects`` happen ("defending
    player may have you draw a card. If they do, ..."): their choice on resolution (a
    ``Choice`` ``"may"`` of theirs, 608.2d), the effects only if they do (608.2c)."""

    who: Who
    effects: tuple[Any, ...]


# h26 (control.py): keywords lost, an exact counter removal as a gate, control changes
@dataclass(frozen=True)
class LoseKeywords:
    """``who`` loses ``keywords`` (613.1f, layer 6) until end of turn (``until_eot``; ended
    in the cleanup step, 514.2) or for good ("it loses defender"), and gains ``gains`` for
    as long ("it loses defender and gains trample")."""

    who: Who
    keywords: tuple[str, ...]
    until_eot: bool = True
    gains: tuple[str, ...] = ()
    all_abilities: bool = False
    """"Loses all abilities" (``keywords`` empty; until end of turn only)."""


@dataclass(frozen=True)
class RemoveExactly:
    """"You may remove N <kind> counters from it. When you do, ..." (603.12): ``n`` counters
    of ``kind`` are removed from ``who`` only if it has that many; with fewer, none is and
    the effects after it are not done (608.2c)."""

    who: Who
    kind: str
    n: int


@dataclass(frozen=True)
class GainControl:
    """``who`` (permanents) comes under the control of ``to`` (one player: ``Who("you")``,
    the ability's controller; ``"target_opponent"``, "that player" ...) for good (613.1b,
    layer 2). A creature that changes controller is removed from combat (506.4)."""

    who: Who
    to: Who


@dataclass(frozen=True)
class Becomes:
    """``who`` (creatures) becomes ``subtypes`` (creature types: its other creature types
    replaced, 205.1b, or with ``add`` kept) and/or ``colors`` (WUBRG letters, replacing its
    colors, 105.3), for good (613.1d-e, layers 4 and 5)."""

    who: Who
    subtypes: tuple[str, ...] = ()
    add: bool = False
    colors: tuple[str, ...] | None = None
    land: bool = False
    """``who`` are lands and ``subtypes`` one basic land type replacing their land types
    (305.7: "target land becomes a Swamp")."""


@dataclass(frozen=True)
class Modes:
    """A modal ability ("choose one —", 700.2): its controller chooses ``least`` to ``most``
    of ``modes`` (each the effects of one mode, in printed order) as the ability is put on
    the stack (603.3c), before its targets; a mode whose targets can't be chosen can't be
    chosen (603.3c), and with no mode left the ability is removed from the stack. The only
    effect of its ability."""

    modes: tuple[tuple[Effect, ...], ...]
    least: int = 1
    most: int = 1
    random: bool = False
    """h12: "choose one at random —": the controller's adversary chooses (chance.py)."""
    fresh: bool = False
    """h36: "choose one that hasn't been chosen this turn —": not a mode this ability of
    this source already chose this turn (more_amounts.fresh_modes)."""


@dataclass(frozen=True)
class Goad:
    """Each of ``who`` is goaded by the ability's controller (701.15a): until that player's
    next turn it attacks each combat if able and attacks a player other than them if able.
    Nothing changes in this combat; the AI's crack-back does not see it."""

    who: Who


@dataclass(frozen=True)
class Unless:
    """``effects`` unless ``payer`` (one player) pays ``cost`` (118.12: "unless [a player]
    pays"): on resolution that player chooses whether to pay, only with the resources to pay
    it fully (118.3); paid, ``effects`` are not done."""

    payer: Who
    cost: Pay
    effects: tuple[Effect, ...]
    sacrifice: Sacrifice | None = None
    """h25 (if_tests.unless_sacrifice): the cost is this sacrifice by the payer ("unless
    defending player sacrifices a creature of their choice"; ``cost`` is then nothing): the
    payer chooses whether to, only with a permanent to sacrifice (118.3, 701.21a)."""


@dataclass(frozen=True)
class Proliferate:
    """Proliferate (701.34a), ``times`` times: the controller chooses any number of
    permanents and players with counters and gives each one more counter of each kind it
    has (a +1/+1 or -1/-1 counter changes power and toughness; poison and energy counters
    of players; loyalty and defense)."""

    times: int = 1


@dataclass(frozen=True)
class Bolster:
    """Bolster ``n`` (701.39a): the controller chooses a creature with the least toughness
    among creatures they control (as the ability resolves, not a target) and puts ``n``
    +1/+1 counters on it."""

    n: int


@dataclass(frozen=True)
class MoveCounters:
    """Put on each of ``who`` the counters the creature whose event it was (``of``: the
    source, or the creature that triggered it) had as it last existed (608.2h: "put its
    counters on target creature you control", as it died or left). A +1/+1 or -1/-1 counter
    changes power and toughness (613.4c); counters of other kinds are put as counters."""

    who: Who
    of: Who
    kind: str = ""
    """Only counters of this kind ("put its +1/+1 counters on ..."); every kind when ``""``."""


@dataclass(frozen=True)
class Double:
    """Each of ``who`` gets +X/+0 (``toughness``: +X/+Y) until end of turn, X its power (Y
    its toughness) as the ability resolves: "double its power (and toughness) until end of
    turn" (701.10; a power below 0 is doubled too: it gets -N, N how far below 0 it is)."""

    who: Who
    toughness: bool = False


@dataclass(frozen=True)
class Pay:
    """The ability's controller pays ``mana`` (each mana symbol one of the scenario's
    ``players[].mana``, a coloured one too), ``energy`` counters (``players[].energy``) and
    ``life`` (119.4: only with at least that much life) — the first effect of a "you may
    pay ... . If you do / When you do, ..." ability (optional): it can't be chosen without
    the resources to pay it fully (118.3)."""

    mana: int = 0
    energy: int = 0
    life: int = 0
    x: bool = False
    """h16 (players.py): the cost has one {X} too ("you may pay {X}{R}"): the payer chooses X
    (107.3a) as it is paid, at most the mana left after ``mana``; X in the effects after it is
    ``Amount(per="x_paid")``."""


@dataclass(frozen=True)
class CounterChange:
    """h7 (counters.py): each of ``who`` gets as many more ``kind`` counters as it has
    (``mode="double"``: "double the number of +1/+1 counters on it", 122.1; every kind when
    ``kind`` is ``""``), or loses ``amount`` of them (``"remove"``: "remove a +1/+1 counter
    from it"; as many as it has, at most) — power and toughness follow the +1/+1 and -1/-1
    counters (613.4c). The one effect for counters doubled or removed (h14 folded h3's
    ``RemoveCounters`` into it)."""

    who: Who
    kind: str
    mode: Literal["double", "remove"]
    amount: Amount = Amount()
    gate: bool = False
    """``"remove"``: the effects after it are done only if a counter was removed ("remove a
    +1/+1 counter from it. If you do, ...", 608.2c)."""


# ----------------------------------------------------------------- keyword actions (h9;
# read and played by redzone.models.triggers.actions)


@dataclass(frozen=True)
class Amass:
    """Amass ``subtype`` ``n`` (701.47a): if the controller controls no Army creature, they
    create a 0/0 black ``subtype`` Army creature token first; then they choose an Army
    creature they control, put ``n`` +1/+1 counters on it, and it becomes a ``subtype`` in
    addition to its other types."""

    n: int
    subtype: str


@dataclass(frozen=True)
class Endure:
    """``who`` endures ``n``: its controller chooses, as the ability resolves, to put ``n``
    +1/+1 counters on it or to create an ``n``/``n`` white Spirit creature token; when it
    can't get the counters (it left the battlefield) the token is created."""

    who: Who
    n: int


@dataclass(frozen=True)
class Connive:
    """``who`` connives (701.50a): its controller draws a card, then discards a card; if a
    nonland card was discarded, a +1/+1 counter is put on it (701.50c: not when it has left
    the battlefield). The hand is hidden: which kind of card is discarded is the
    controller's choice here (``"nonland"`` or ``"land"``), as if they held both."""

    who: Who


@dataclass(frozen=True)
class Blight:
    """Blight ``n`` (its reminder text): the controller puts ``n`` -1/-1 counters on a
    creature they control, chosen as the ability resolves (not targeted)."""

    n: int



@dataclass(frozen=True)
class TapAny:
    """"[You may] tap any number of untapped creatures (``quality``: Humans ...) you control"
    and, for each creature tapped this way, the source gets +``power``/+``toughness`` until
    end of turn (h9). The controller chooses the set as the ability resolves (none is as
    good as declining "you may"); tapping an attacking creature doesn't remove it from
    combat (506.4)."""

    quality: Quality | None = None
    power: int = 0
    toughness: int = 0


@dataclass(frozen=True)
class AtNextEndStep:
    """A delayed triggered ability (603.7) that makes each of ``who`` leave the battlefield
    at the beginning of the next end step (513.1), after this combat: ``"sacrifice"``
    ("sacrifice it at the beginning of the next end step") or ``"to_hand"`` ("return that
    creature to its owner's hand ..."). Its objects are fixed now (603.7c). Nothing changes
    in this combat; the board of the turn after it (the AI's crack-back) no longer has
    them (h9). h23: ``"exile"`` ("exile the tokens at the beginning of the next end step")."""

    who: Who
    kind: Literal["sacrifice", "to_hand", "exile"]



@dataclass(frozen=True)
class ManifestDread:
    """Manifest dread (701.62a): the controller looks at the top two cards of their library,
    manifests one (701.40a: it is put onto the battlefield face down, a 2/2 creature with no
    name, types, abilities or colour, 708.2) and puts the other into their graveyard. Which
    card is manifested is hidden; the permanent is the same 2/2 whichever it is (h9)."""



@dataclass(frozen=True)
class Transform:
    """``who`` (the source) transforms (701.28a, 712): a double-faced permanent on its front
    face turns to its back face — the same object (it stays in combat, keeps its counters,
    damage and effects), with the back face's characteristics. Read only for a card
    whose back face is a creature read in full (h9, ``actions.transformable``)."""

    who: Who
# ----------------------------------------------------------------- permanents put onto the
# battlefield from card data in combat (h8; read and played by redzone.models.triggers.entries)


@dataclass(frozen=True)
class EntersFromCard:
    """h8 (entries.py): a permanent put onto the battlefield in combat, built from the card
    data, a new object (400.7) with no damage, counters or effects of its own, summoning
    sick; the layers of other permanents applied to it (613), its own "when ~ enters"
    abilities triggered (603.6a).

    ``what``: ``"copy_of_source"`` (a token that's a copy of the source: its copiable values,
    707.2 — the card's printed characteristics, not its counters, damage or pumps);
    ``"died"`` (the card of the creature that died — the source, or with ``of="trigger"``
    the creature whose event it was — from its owner's graveyard, 700.4: id
    ``<id>~returned``); ``"graveyard_card"`` (a target card in the controller's graveyard
    of one of ``card_types`` with ``mana_value_at_most`` / ``power_at_most``, chosen as the
    ability is put on the stack, 603.3d, ``up_to``: or none). ``under``: whose control it
    enters under (``"owner"`` or ``"you"``, the ability's controller); ``"basic_land"``: a
    basic land card the controller searches their library for (701.19b; the scenario's
    ``players[].library`` when given, else the controller names one of the five basic
    lands, or finds none); ``"exiled"``: the cards exiled with the source by its own ability
    (607.2a; the scenario's ``exiled``), each under its owner's control; ``tapped``;
    ``attacking``: tapped and attacking a player or planeswalker its controller chooses
    (508.4: never declared, so "whenever ~ attacks" doesn't trigger for it); h13
    ``"blink"``: the card of the permanent the same ability just exiled — the source, or with
    ``of="target"`` its target — returns (a new object, 400.7; a token can't, 111.8), under
    ``under``'s control, ``transformed``: its back face up (712.14a); h13 ``"hand_card"``: a
    card of ``kinds`` from the controller's hand (the scenario's ``players[].hand``), chosen as
    the ability resolves (``trigger_choices[].chosen``: ``<player>~hand<i>``), not targeted."""

    what: Literal["copy_of_source", "died", "graveyard_card", "basic_land", "exiled", "blink",
                  "hand_card"]
    of: Literal["source", "trigger", "target"] = "source"
    under: Literal["owner", "you"] = "owner"
    tapped: bool = False
    attacking: bool = False
    card_types: tuple[str, ...] = ("Creature",)
    mana_value_at_most: int | None = None
    power_at_most: int | None = None
    up_to: bool = False
    graveyard: Literal["you", "damaged_player", "defending", "any"] = "you"
    """``"graveyard_card"``: whose graveyard the card is in — the controller's, the player
    dealt the combat damage ("from that player's graveyard": Ink-Eyes), the defending player
    (506.2), or any player's ("from a graveyard")."""
    kinds: tuple[str, ...] = ()
    """h13, ``"graveyard_card"``: what the card is, one of these descriptions, each
    "[legendary |nonlegendary |nonX |non-Subtype ]<card type | subtype> [<card type>]"
    ("nonland permanent", "Spirit permanent", "non-Aura enchantment", "Vampire"); when set,
    ``card_types`` is unused."""
    another: bool = False
    """h13, ``"graveyard_card"``: not the source's own card ("another target creature card")."""
    bound: Literal["", "source_power", "lesser_mv", "lesser_power", "damage", "trigger_power",
                   "source_power_less", "attackers", "x"] = ""
    """h13, ``"graveyard_card"``: a bound read as the target is chosen and again on
    resolution (608.2b): mana value at most the source's power (as it last existed,
    608.2h), a lesser mana value / an equal or lesser power than the creature whose event it
    was (the one that died); mana value at most the damage of the triggering event; ``"hand_card"``
    also: mana value at most the power of the creature whose event it was, power less than
    the source's, mana value at most the number of attacking creatures the controller
    controls; ``"x"``: mana value at most ``x`` counted as it resolves (608.2h)."""
    x: "Amount | None" = None
    """h13: with ``bound="x"``, the "where X is <count>" amount."""
    counters: tuple[tuple[str, int], ...] = ()
    """h13: counters it enters with ("with a +1/+1 counter on it", 122.6)."""
    face_down: bool = False
    """h13, ``"died"``: it enters face down (708.2: a 2/2 creature with no name, types or
    abilities; with ``types`` ``("Land",)``: "It's a Forest land", a land with no
    abilities)."""
    transformed: bool = False
    """``"died"``: it enters transformed — its back face up (712.14a: "return it to the
    battlefield transformed", the Ojer cycle's lands); the card's front face otherwise."""
    types: tuple[str, ...] = ()
    """``"died"``: the card types it has on the battlefield instead of its own, without
    subtypes, power or toughness ("It's an enchantment": the Enduring cycle, not a creature;
    205.1b, 208.3)."""


# ----------------------------------------------------------------- coin flips and die rolls
# (h12; read and played by redzone.models.triggers.chance)


@dataclass(frozen=True)
class Chance:
    """Flip ``n`` coins (``kind="coin"``, 705) or roll one ``n``-sided die (``"die"``, 706),
    then resolve ``branches`` — (``when``, effects) pairs. Coins: ``when`` is ``"win"``
    (every flip won), ``"lose"`` (none won), ``"each_win"`` (the effects once per flip won),
    ``"all_heads"`` / ``"all_tails"`` (every coin heads / tails; the result counts heads).
    Die: ``when`` is ``"range:<lo>-<hi>"`` (a row of a table of results: its effects when the
    result is from lo to hi) or ``"result"`` with ``offset``: each effect's :class:`Amount` (a
    :class:`Pump`'s, a :class:`Counters`' or :class:`CreateTokens`' count) becomes the result
    plus ``offset`` (at least 0)."""

    kind: Literal["coin", "die"]
    n: int
    branches: tuple[tuple[str, tuple[Effect, ...]], ...]
    offset: int = 0
# ----------------------------------------------------------------- h14 (more_effects.py)


@dataclass(frozen=True)
class TapCost:
    """"[You may] tap ``n`` untapped creatures (``quality``: Merfolk, non-Humans ...) you
    control [other than ~]. If you do, ..." (h14): the controller chooses which ``n`` as the
    ability resolves; with fewer than ``n`` able, nothing is tapped and the effects after it
    are not done (608.2c). Tapping an attacking creature doesn't remove it from combat
    (506.4)."""

    n: int = 1
    quality: Quality | None = None
    other: bool = False


@dataclass(frozen=True)
class DividedDamage:
    """The source deals ``amount`` damage divided as its controller chooses among one to
    ``most`` targets (``most`` 0: any number, at most one per point of damage), each dealt
    at least 1 (601.2d, 603.3d: the targets and the division are chosen as the ability is
    put on the stack; ``creatures``: target creatures only, else any targets, 115.4). On
    resolution a target no longer legal is dealt nothing and the division is not changed
    (608.2b) (h14)."""

    amount: Amount
    most: int = 0
    creatures: bool = False
    counter: str = ""
    """When set, ``amount`` counters of this kind are distributed instead of damage ("distribute
    five +1/+1 counters among any number of target creatures": creatures only, 122.1)."""
    controller: Literal["any", "you"] = "any"
    """Counters: only creatures the ability's controller controls ("... you control")."""
    targeted: bool = True
    """Counters: the creatures are targets (603.3d: hexproof, shroud and protection count);
    ``False`` ("among any number of creatures you control"): chosen, not targeted."""


@dataclass(frozen=True)
class TapOrUntap:
    """Tap or untap each of ``who`` (701.26), which its controller chooses as the ability
    resolves ("you may tap or untap target permanent", h14)."""

    who: Who


@dataclass(frozen=True)
class AddLandType:
    """Each of ``who`` (a land) has the land type ``subtype`` in addition to its other types
    (305.7 doesn't apply: "in addition") for as long as it has a ``counter`` counter on it —
    the rest of this combat (h14: "put a flood counter on target land. It's an Island in
    addition to its other types ..."; islandwalk, 702.14c, sees it)."""

    who: Who
    subtype: str
    counter: str


@dataclass(frozen=True)
class LoseGame:
    """h16 (players.py): each of ``who`` (players) loses the game (104.3e), unless an effect
    says they can't lose it (104.3a: Platinum Angel)."""

    who: Who


@dataclass(frozen=True)
class TokensFor:
    """h16 (players.py): ``tokens`` created under another player's control: each of ``who``
    (players: "that player creates ...") — or, with ``exiled``, the owner of each card the
    source exiled (its ``exiled``, 607.2a: "the exiled card's owner creates an X/X ...
    token, where X is the mana value of the exiled card", X that card's mana value)."""

    who: Who
    tokens: CreateTokens
    exiled: bool = False


# ----------------------------------------------------------------- token copies of
# permanents (h23; read and played by redzone.models.triggers.token_copies)


@dataclass(frozen=True)
class CopyToken:
    """Create ``amount`` tokens that are copies of the permanent ``who`` (707.2: its copiable
    values — the card's printed characteristics, or a token's own; not its counters, damage,
    pumps or other effects; as it last existed when it left the battlefield, 707.4 and
    608.2h), under the ability's controller, with the exceptions of 707.9b applied to
    them: ``nonlegendary`` ("except it isn't legendary"), ``power`` / ``toughness`` ("it's
    1/1"), ``types`` / ``subtypes`` / ``colors`` added ("it's a Nightmare in addition to its
    other types"), ``lines`` (keywords and quoted abilities it has, read by the static
    parser). ``tapped``; ``attacking``: tapped and attacking a player or planeswalker its
    controller chooses (508.4: never declared). ``who``: the source, the creature whose event
    it was (``trigger``: the creature that died) or a target (``target_creature`` /
    ``target_permanent``). ``exile_card``: first the card of the creature that died is exiled
    from its owner's graveyard ("exile it. If you do, create ..."): nothing happens when it
    isn't there; ``pay_life``: and that much life is paid with it (119.4: only with that much
    life or more). ``card``: instead of a permanent, the target card of this
    ``"graveyard_card"`` description in the controller's graveyard (chosen as the ability is
    put on the stack, 603.3d), exiled, then copied from the card data ("exile target creature
    card from your graveyard. Create a token that's a copy of that card"); ``who`` is then
    ``None``. ``recolor``: ``colors`` replace its own ("it's a 3/3 black Zombie creature in
    addition to its other types": black, 105.3)."""

    who: Who | None
    amount: Amount = Amount(1)
    tapped: bool = False
    attacking: bool = False
    nonlegendary: bool = False
    power: int | None = None
    toughness: int | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    exile_card: bool = False
    pay_life: int = 0
    card: EntersFromCard | None = None
    recolor: bool = False
    each_other_opponent: bool = False
    """One copy for each opponent other than the player the source attacks, attacking that
    player (508.4; "for each other opponent, create a token that's a copy of ~ tapped and
    attacking that player"): none with one opponent."""
    each_opponent: bool = False
    """One copy for each opponent, attacking that opponent ("for each opponent, create a
    tapped token that's a copy of the exiled card attacking that opponent")."""
    exiled: bool = False
    """A copy of "the exiled card": the one card the source exiled with its own ability (its
    ``exiled``, 607.2a), from the card data; none or several: nothing / not played."""

# ---------------------------------------------------------------- h24: hidden zones
# (hidden_zones.py: read and played there)

@dataclass(frozen=True)
class SearchLibrary:
    """h24: "search your library for <count> <kinds> card(s) [with (total) mana value N or
    less], put them onto the battlefield [tapped], then shuffle" (701.19). ``kinds``: card
    descriptions ("enchantment", "nonland permanent", "basic land", "Forest"); ``count``: at
    most this many (0: "any number of", bounded by ``total``; with ``x``: "up to X", X
    counted as it resolves, 608.2h); ``mana_value_at_most``: each card's, or with ``total``
    their sum's. Finding none is always a choice (701.19b)."""

    kinds: tuple[str, ...]
    count: int = 1
    mana_value_at_most: int | None = None
    total: bool = False
    tapped: bool = False
    x: "Amount | None" = None
    each_player: bool = False
    """"Each player may search their library ...": every player in turn order from the
    active player (101.4), each their own "may", choices and library, the cards under their
    control."""


@dataclass(frozen=True)
class CastCard:
    """h24: "cast a <kinds> spell from your hand / graveyard" or "cast target <kinds> card
    from <whose> graveyard" [without paying its mana cost] (601.2, 118.9). ``zone``: where
    the card is; ``card``: what it is — its kinds, bounds and whose graveyard, as
    :class:`EntersFromCard` says them (``"hand_card"`` / ``"graveyard_card"``); ``free``:
    without paying its mana cost; ``target``: the card is a target, chosen as the ability is
    put on the stack (603.3d)."""

    zone: Literal["hand", "graveyard"]
    card: EntersFromCard
    free: bool = True
    target: bool = False


@dataclass(frozen=True)
class Venture:
    """h24: "venture into the dungeon" (701.49): the controller's venture marker moves to a
    next room of their dungeon (their choice where it branches, 309.5a), or — with no dungeon
    in the command zone — they choose one of the three dungeons and enter its first room
    (701.49a-b); the room's ability (309.4c, a triggered ability) then resolves."""


@dataclass(frozen=True)
class RingTempts:
    """h24: "the Ring tempts you" (701.54): the controller chooses a creature they control
    as their Ring-bearer (701.54a) and the Ring gains its next ability (701.54c); played only
    for the first temptation of the game (its Ring-bearer is legendary and can't be blocked
    by creatures with greater power)."""
# ----------------------------------------------------------------- h28 (fights.py)


@dataclass(frozen=True)
class Fight:
    """The source (``by="source"``) or the creature whose event it was (``"trigger"``) fights
    ``who``, one target creature (701.14a): each deals damage equal to its power to the other
    at once; none when either has left the battlefield or the target is illegal (701.14b);
    a creature that fights itself is dealt twice its power (701.14c). Not combat damage
    (701.14d). h28: models/triggers/fights.py."""

    who: Who
    by: Literal["source", "trigger"] = "source"


@dataclass(frozen=True)
class Explore:
    """``who`` (one creature) explores (701.44a): its controller reveals the top card of
    their library; a land goes to their hand, otherwise a +1/+1 counter is put on the
    creature (none once it has left the battlefield, 701.44b) and the card may go to the
    graveyard. The card is hidden: which kind it is, is no player's choice (h28:
    models/triggers/explore.py)."""

    who: Who


@dataclass(frozen=True)
class Clash:
    """"Clash with an opponent. If you win, <won>" (701.30): both reveal the top card of their
    library; the controller wins with the greater mana value. The cards are hidden: whether
    the controller wins is no player's choice (h28: models/triggers/clashes.py)."""

    won: tuple["Effect", ...]


@dataclass(frozen=True)
class OwnCardExile:
    """h24: "you may exile it. If you do, ..." when the source died: the card of the source
    is exiled from its owner's graveyard (a cost-like gate, 608.2c): the effects after it are
    done only if the card was still there (not a token, 111.7; not returned or exiled
    already)."""


@dataclass(frozen=True)
class HandAfterDraw:
    """h24: "draw N card(s), then you may put <a card of kinds> from your hand onto the
    battlefield ...": the cards drawn are the top ``n`` of the scenario's
    ``players[].library``; the card put is chosen among them and the stated hand (``card``:
    an :class:`EntersFromCard` ``"hand_card"``), or none."""

    n: int
    card: EntersFromCard
    that_player: bool = False
    """Attacking the player the source attacks ("... tapped and attacking that opponent":
    Kaalia of the Vast); with ``n`` 0 nothing is drawn."""
    graveyard: bool = False
    """"From your hand or graveyard": the controller's graveyard's cards too (Bonny Pall)."""


@dataclass(frozen=True)
class ZoneCards:
    """h24: "put / return a (all) <kinds> card(s) from <your hand or graveyard | your
    graveyard | a graveyard> onto the battlefield [tapped] [under your control]", not
    targeted: chosen as it resolves among the stated zones' cards (``zones``), or every one
    of them (``every``). ``card``: the kinds, bounds, tapped, whose graveyard and ``under``
    (an :class:`EntersFromCard`)."""

    zones: tuple[str, ...]
    card: EntersFromCard
    every: bool = False


@dataclass(frozen=True)
class RevealUntil:
    """h24: "reveal cards from the top of your library until you reveal a <kinds> card [with
    mana value N or less]": the first such card of the scenario's ``players[].library`` (top
    first), for the :class:`RevealedPut` after it."""

    kinds: tuple[str, ...]
    mana_value_at_most: int | None = None


@dataclass(frozen=True)
class RevealedPut:
    """h24: "put that card onto the battlefield [tapped and attacking] and the rest on the
    bottom of your library in a random order" after :class:`RevealUntil`."""

    tapped: bool = False
    attacking: bool = False


@dataclass(frozen=True)
class ExiledFaceUp:
    """h24: "turn the exiled card face up. If it's a creature card, put it onto the
    battlefield under your control" (Clone Shell; ``cast``: "You may cast it without paying
    its mana cost"): the card the source's own ability exiled face down (607.2a; the
    scenario's ``exiled``)."""

    cast: bool = False


@dataclass(frozen=True)
class Discover:
    """h36: "discover N" (701.57a): exile cards from the top of the controller's library until
    a nonland card with mana value ``amount`` or less is exiled; they may cast it without
    paying its mana cost, else it goes to their hand; the rest go to the bottom of the
    library in a random order (:mod:`redzone.models.triggers.more_amounts`)."""

    amount: Amount


@dataclass(frozen=True)
class Populate:
    """h36: "populate" (701.36a): create a token that's a copy of a creature token the
    controller controls, chosen as it resolves (not targeted); none: nothing (701.36b).
    ``attacking``: "The token enters tapped and attacking" (508.4)."""

    attacking: bool = False


Effect = (Pump | Counters | GainKeywords | CantBlockEffect | CantBeBlockedEffect | TapEffect
          | DamageEffect | LifeEffect | PoisonEffect | Destroy | Sacrifice | CreateTokens
          | ValueOnly | ReturnToBattlefield | MustBlockSource | Conditional
          | AtEndOfCombat | Bolster | DoesntUntap | Double | Goad | Modes | MoveCounters
          | NoCombatDamage | Pay | Proliferate | Unless
          | CounterChange | Amass | Blight | Connive | Endure | TapAny | AtNextEndStep
          | ManifestDread | Transform | EntersFromCard | Chance | TapCost | RemoveFromCombat
          | DividedDamage | TapOrUntap | PreventCombatDamage | CantBeBlockedByEffect | LoseGame
          | TokensFor | AddLandType | SetBase | TheyMay | CopyToken
          | SearchLibrary | CastCard | Venture | RingTempts | OwnCardExile
          | HandAfterDraw | ZoneCards | RevealUntil | RevealedPut | ExiledFaceUp  # h24
          | LoseKeywords | RemoveExactly | GainControl | Becomes  # h26 (control.py)
          | Fight | Explore | Clash  # h28
          | Discover | Populate)  # h36 (more_amounts.py)


def flat_effects(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """``effects`` with what they may do listed: a :class:`Conditional`'s effects in its place
    (whatever its condition), a :class:`Modes`' and an :class:`AtEndOfCombat`'s effects after
    it (every mode, the delayed ability's effects)."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, Conditional):
            out.extend(flat_effects(e.effects + e.otherwise))  # h25: otherwise
            continue
        out.append(e)
        if isinstance(e, Modes):
            for mode in e.modes:
                out.extend(flat_effects(mode))
        elif isinstance(e, AtEndOfCombat):
            out.extend(flat_effects(e.effects))
        elif isinstance(e, Chance):  # h12: a flip's or roll's branches (chance.py)
            for _, sub in e.branches:
                out.extend(flat_effects(sub))
        elif isinstance(e, Clash):  # h28: what winning a clash does (clashes.py)
            out.extend(flat_effects(e.won))
    return tuple(out)


@dataclass(frozen=True)
class TriggeredAbility:
    """One triggered ability of combat (CR 603.1), read from ``text``.

    ``event``/``watch``: when it triggers; ``intervening``: an intervening "if" (603.4);
    ``effects``: in order; ``optional``: "you may" (the controller decides on resolution);
    ``keyword``: the keyword it came from (``"exalted"``, ``"bushido"`` ...), else ``None``.
    ``once``: it triggers once however many creatures the event concerns ("whenever one or
    more creatures you control ...").
    """

    event: Event
    effects: tuple[Effect, ...]
    text: str
    watch: Watch = Watch()
    intervening: Intervening | None = None
    optional: bool = False
    keyword: str | None = None
    once: bool = False
    each_turn_once: bool = False
    """h23: "This ability triggers only once each turn" (token_copies.once_each_turn)."""

    @property
    def window(self) -> Window:
        """When it is put on the stack (:data:`Window`)."""
        return EVENT_WINDOW[self.event]


@dataclass(frozen=True)
class Resolved:
    """One triggered ability as it resolved, for answers and replays (JSON key
    ``triggers``): ``source`` (permanent id), ``controller``, ``text``, ``window``,
    ``choices`` (what was chosen: target ids, ``"may": true/false`` ...), ``result`` (one
    line of what it did), ``trigger`` (the creature whose event triggered it, if not the
    source)."""

    source: str
    controller: str
    text: str
    window: str
    result: str
    choices: dict[str, object] = field(default_factory=dict)
    trigger: str | None = None

    def to_json(self) -> dict[str, object]:
        """``{"source", "controller", "window", "text", "choices", "result"[, "trigger"]}``."""
        out: dict[str, object] = {"source": self.source, "controller": self.controller,
                                  "window": self.window, "text": self.text,
                                  "choices": dict(self.choices), "result": self.result}
        if self.trigger is not None and self.trigger != self.source:
            out["trigger"] = self.trigger
        return out
