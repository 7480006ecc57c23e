"""Reading triggered abilities of combat from real cards' Oracle text (CR 603; issue 21;
docs/triggers.md "What is read").

Each case takes a card of the bundled data (``redzone.models.cards.lookup``), parses its text
as a board would (``parse_text``: the parser sets triggered abilities aside) and reads the
triggered abilities of combat (``triggers_of``): the expected :class:`TriggeredAbility` is
written out in full (its ``text`` aside, the card's own sentence). Triggered keywords cite
their 702 rule; templates cite 603.2 (the event) and the rule of the effect. A sentence that
is not understood — or whose every sentence is not understood — reads as nothing (it stays
in ``not_played``), never a guess.
"""

from __future__ import annotations


import pytest

from redzone.models.ability_base import Quality
from redzone.models.cards import lookup
from redzone.models.parser import parse_text
from redzone.models.triggers.classify import classify, in_combat
from redzone.models.triggers.parse import parse_trigger, parse_triggers
from redzone.models.triggers.types import (
    Amount,
    CantBeBlockedEffect,
    CantBlockEffect,
    Counters,
    CreateTokens,
    DamageEffect,
    Destroy,
    GainKeywords,
    Intervening,
    LifeEffect,
    Pump,
    Sacrifice,
    TapEffect,
    TriggeredAbility,
    ValueOnly,
    Watch,
    Who,
)
from trigger_play import read

SELF = Who("source")
T = TriggeredAbility


CASES: list[tuple[str, str, tuple[TriggeredAbility, ...]]] = [
    # --- triggered keywords (702)
    ("702.83a exalted", "Akrasan Squire",
     (T("attacks_alone", (Pump(Who("trigger"), 1, 1),), "", watch=Watch("creatures", "you"),
        keyword="exalted"),)),
    ("702.45a bushido", "Battle-Mad Ronin",
     (T("blocks_or_blocked", (Pump(SELF, 2, 2),), "", keyword="bushido"),)),
    ("702.25a flanking", "Benalish Cavalry",
     (T("blocked_by", (Pump(Who("trigger"), -1, -1),), "", keyword="flanking",
        watch=Watch("self", qualities=(Quality(without_keywords=("flanking",)),))),)),
    ("702.23a rampage", "Craw Giant",
     (T("becomes_blocked", (Pump(SELF, 2, 2, Amount(1, "blocker_beyond_first")),), "",
        keyword="rampage"),)),
    ("702.91a battle cry", "Accorder Paladin",
     (T("attacks", (Pump(Who("attacking", other=True), 1, 0),), "", keyword="battle cry"),)),
    ("702.130a afflict", "Eternal of Harsh Truths",
     (T("becomes_blocked", (LifeEffect(Who("defending_player"), Amount(2), gain=False),), "",
        keyword="afflict"),
      T("unblocked", (ValueOnly("draw"),), ""))),  # 509.3e: "attacks and isn't blocked"
    ("702.135a afterlife", "Debtors' Transport",
     (T("dies", (CreateTokens(Amount(2), 1, 1, ("Spirit",), ("W", "B"), ("flying",)),), "",
        keyword="afterlife"),)),
    ("702.46a soulshift: a card from the graveyard to the hand, no change to combat",
     "Burr Grafter", (T("dies", (ValueOnly("return to hand"),), "", keyword="soulshift"),)),
    # --- templates (603.2: the event; the effect's rule after it)
    ("603.2, 508.1a, 509.1b: attacks -> target creature can't block", "Goblin Heelcutter",
     (T("attacks", (CantBlockEffect(Who("target_creature")),), ""),)),
    ("603.2, 120.3, 510.2: is dealt damage -> that much damage to you", "Jackal Pup",
     (T("dealt_damage", (DamageEffect(Who("you"), Amount(1, "damage_dealt")),), ""),)),
    ("603.2, 510.3a, 701.8: combat damage to a creature -> destroy that creature (no "
     "regeneration is played)", "Dripping Dead",
     (T("combat_damage_creature", (Destroy(Who("damaged")),), ""),)),
    ("603.2, 506.5: a creature you control attacks alone -> that creature gets +1/+1",
     "Agents of S.H.I.E.L.D.",
     (T("attacks_alone", (Pump(Who("trigger"), 1, 1),), "", watch=Watch("creatures", "you")),)),
    ("603.2, 509.3d, 120.3: becomes blocked by a creature -> 2 damage to that creature "
     "(renown 702.112a first)", "Acolyte of the Inferno",
     (T("combat_damage_player", (Counters(SELF, "+1/+1"),), "", keyword="renown"),
      T("blocked_by", (DamageEffect(Who("trigger"), Amount(2)),), ""))),
    ("603.2, 509.3c-d: blocks or becomes blocked by a creature -> one ability per event",
     "Ashmouth Hound",
     (T("blocks", (DamageEffect(Who("blocked"), Amount(1)),), ""),
      T("blocked_by", (DamageEffect(Who("trigger"), Amount(1)),), ""))),
    ("603.2, 508.1: you attack with three or more creatures -> a counter on a target",
     "Armasaur Guide",
     (T("you_attack", (Counters(Who("target_creature", "you"), "+1/+1"),), "",
        watch=Watch("player"), intervening=Intervening("attackers_at_least", 3)),)),
    ("603.2, 603.10a, 701.21: ~ or another creature you control dies -> each opponent "
     "sacrifices a creature", "Butcher of Malakir",
     (T("dies", (Sacrifice(Who("each_opponent"), Amount(1), creature=True),), "",
        watch=Watch("creatures", "you")),)),
    ("603.2, 510.3a: combat damage to a player -> may loot (value only)", "Blurry Beeble",
     (T("combat_damage_player", (ValueOnly("loot"),), ""),)),
    ("603.2, 700.4, 613.4c, 613.1f: a creature an opponent controls dies -> +2/+0, first "
     "strike and haste", "Altac Bloodseeker",
     (T("dies", (Pump(SELF, 2, 0), GainKeywords(SELF, ("first strike", "haste"))), "",
        watch=Watch("creatures", "opponents")),)),
    ("603.2, 111.1: an Angel you control dies -> a 1/1 white Spirit token with flying",
     "Bishop of Wings",
     (T("dies", (CreateTokens(Amount(1), 1, 1, ("Spirit",), ("W",), ("flying",)),), "",
        watch=Watch("creatures", "you", qualities=(Quality(subtypes=("Angel",)),))),)),
    ("603.2, 701.26b, 122.1: attacks while saddled -> untap it and a +1/+1 counter",
     "Brightfield Mustang",
     (T("attacks", (TapEffect(SELF, untap=True), Counters(SELF, "+1/+1")), "",
        intervening=Intervening("saddled")),)),
    ("603.2: ~ and at least two other creatures attack (battalion) -> +2/+2", "Boros Elite",
     (T("attacks", (Pump(SELF, 2, 2),), "", intervening=Intervening("attackers_at_least", 3)),)),
]


@pytest.mark.parametrize(("rule", "card", "expected"), CASES, ids=[c[1] for c in CASES])
def test_reads_real_cards(rule: str, card: str, expected: tuple[TriggeredAbility, ...]) -> None:
    assert read(card) == expected, rule


@pytest.mark.parametrize("card", [
    # (h28: Blinding Angel's and Shisato's skipped steps are read: tests/test_trigger_later.py)
    "Dream Fighter",  # "this creature and that creature phase out": no effect kind for it
    "Stigma Lasher",  # "that player can't gain life for the rest of the game": not read
    # (h35: Aurelia's "attacks for the first time each turn" is read, the earlier attack of a
    # later combat stated or the ability not played: tests/test_trigger_if_more.py)
    "Hercules, Olympian Hero",  # "is dealt damage for the first time each turn": damage
    # dealt before combat is not in a scenario
])
def test_a_trigger_not_understood_reads_as_nothing(card: str) -> None:
    """603.2: every sentence of an effect must be read, else none is (never a guess)."""
    c = lookup(card)
    assert c is not None
    names = tuple(dict.fromkeys((c.faces[0].name, c.name)))
    parsed = parse_text(c.faces[0].text, names=names)
    unread = [s for s in parsed.ignored if in_combat(s, names) and not parse_triggers(s, names)]
    assert unread, card


@pytest.mark.parametrize("sentence", [
    "Whenever this creature attacks, roll a six-sided die.",
    "Whenever this creature attacks, put a +1/+1 counter on it. Then it explodes.",
    # (h28: a skipped combat phase is read now: tests/test_trigger_later.py) a player who
    # can't gain life from now on: lifelink in a later damage step of this combat
    "Whenever this creature deals damage to a player, that player can't gain life for the "
    "rest of the game.",
    # haunt: the creature it haunts is chosen from exile, which no scenario shows
    "When this creature enters or the creature it haunts dies, destroy target enchantment.",
    # (h7: "+X/+0 ..., where X is its power" is read now: tests/test_trigger_amounts.py)
    "Whenever a creature you control becomes blocked by a creature, it gets +1/+1 until end "
    "of turn.",  # the trigger is the blocker: "it" can't be named
    "When this creature dies, destroy it.",
    # 603.5: "you may A. B" — B is not part of the choice, so the ability isn't one choice
    "Whenever this creature attacks, you may tap target creature. Put a +1/+1 counter on this "
    "creature.",
    # 506.2: "target creature defending player controls" where no player is defending (a
    # creature that blocks has no defending player of its own)
    "Whenever this creature blocks, tap target creature defending player controls.",
    # 701.21: a creature that died can't be sacrificed
    "When this creature dies, sacrifice it.",
    # "that player controls" with no player dealt damage or attacked
    "Whenever this creature is dealt damage, tap target creature that player controls.",
    # a combat effect hanging on a choice made with hidden cards (is there such a card? a
    # graveyard's cards are stated by the scenario and read: tests/test_trigger_reflexive.py)
    "Whenever this creature deals combat damage to a player, you may discard an instant or "
    "sorcery card. If you do, this creature deals 2 damage to each opponent.",
    # "that creature" is the sacrificed creature: no reference to it is kept
    "Whenever this creature attacks, you may sacrifice another creature. If you do, you draw "
    "cards equal to that creature's power and you lose life equal to that creature's toughness.",
])
def test_sentences_not_understood_are_none(sentence: str) -> None:
    assert parse_trigger(sentence) is None and parse_triggers(sentence) == ()


def test_two_events_read_as_two_abilities_and_parse_trigger_declines_them() -> None:
    """603.2: "attacks or blocks" triggers on either event; a creature can't do both in one
    combat, so it reads as one ability per event (``parse_triggers``); ``parse_trigger``
    (exactly one ability) answers None."""
    s = "Whenever this creature attacks or blocks, it gets +1/+1 until end of turn."
    got = parse_triggers(s)
    assert [t.event for t in got] == ["attacks", "blocks"]
    assert all(t.effects == (Pump(SELF, 1, 1),) for t in got)
    assert parse_trigger(s) is None


def test_you_may_over_a_combat_effect_is_optional_and_over_a_value_is_not() -> None:
    """603.5: "you may" is a choice on resolution; over a value-only effect the choice
    changes nothing in combat, so no choice is searched; "If you do, B" is the same choice."""
    got = parse_trigger("When this creature dies, you may gain 3 life.")
    assert got is not None and got.optional and got.effects == (
        LifeEffect(Who("you"), Amount(3), gain=True),)
    got = parse_trigger("Whenever this creature attacks, you may draw a card.")
    assert got is not None and not got.optional and got.effects == (ValueOnly("draw"),)
    got = parse_trigger("Whenever this creature attacks, you may tap target creature. If you "
                        "do, put a +1/+1 counter on this creature.")
    assert got is not None and got.optional and got.effects == (
        TapEffect(Who("target_creature")), Counters(SELF, "+1/+1"))


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Whenever this creature attacks, draw a card.", True),
    ("When this creature dies, you gain 2 life.", True),                  # 700.4
    ("Whenever another creature you control dies, scry 1.", True),
    ("Whenever this creature is dealt damage, you gain 1 life.", True),   # 510.2
    ("Exalted", True), ("Persist", True), ("Bushido 2", True),
    ("At the beginning of your upkeep, you lose 1 life.", False),         # 503: not in combat
    ("At the beginning of combat on your turn, target creature you control gets +1/+0 until "
     "end of turn.", False),  # 507: before attackers are declared, outside the play
    ("At end of combat, sacrifice this creature.", False),                # 511: after it
    ("When this creature enters, draw a card.", False),                   # nothing enters
    ("Whenever you gain life, put a +1/+1 counter on this creature.", False),
    ("{R}: This creature gets +1/+0 until end of turn.", False),          # activated (602)
])
def test_in_combat(sentence: str, expected: bool) -> None:
    assert in_combat(sentence) is expected


def test_classify_moved_to_models_and_kept_in_not_played() -> None:
    from redzone.solver.not_played import classify as solver_classify

    assert solver_classify is classify
    assert classify("At the beginning of your upkeep, you lose 1 life.") == "triggered"


def test_not_played_lists_unread_and_outside_triggers_only() -> None:
    """Issue 21: a triggered ability of combat that is read is played (not listed); one
    whose event combat never produces stays listed as before (Moroii's upkeep, 503.1;
    Aethershield Artificer's beginning of combat, 507.1: before attackers are declared)."""
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.not_played import not_played

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "permanents": [
            {"id": "heel", "card": "Goblin Heelcutter", "controller": "Alice"},
            {"id": "moroii", "card": "Moroii", "controller": "Alice"},
            {"id": "artificer", "card": "Aethershield Artificer", "controller": "Alice"},
            {"id": "wall", "card": "Wall of Stone", "controller": "Bob"}]}))
    assert [(n.id, n.kind) for n in not_played(board)] == [("moroii", "triggered"),
                                                          ("artificer", "triggered")]


MORE: list[tuple[str, str, tuple[TriggeredAbility, ...]]] = [
    ("603.2, 119.3: dies -> each player loses 4 life (you and each opponent, at once)",
     "Caustic Hound",
     (T("dies", (LifeEffect(Who("you"), Amount(4), gain=False),
                 LifeEffect(Who("each_opponent"), Amount(4), gain=False)), ""),)),
    ("603.2, 603.5, 120.3: dies -> you may have it deal 1 damage to any target",
     "Goblin Arsonist",
     (T("dies", (DamageEffect(Who("any_target"), Amount(1)),), "", optional=True),)),
    ("603.2, 508.1: one or more creatures you control attack = you attack; 1 life for each "
     "attacking creature", "Ancestor Dragon",
     (T("you_attack", (LifeEffect(Who("you"), Amount(1, "attacker"), gain=True),), "",
        watch=Watch("player")),)),
    ("603.2, 510.3a: a creature you control with deathtouch deals combat damage to a player "
     "-> a +1/+1 counter on it", "White Widow, Yelena Belova",
     (T("combat_damage_player", (Counters(Who("trigger"), "+1/+1"),), "",
        watch=Watch("creatures", "you", qualities=(Quality(keywords=("deathtouch",)),))),)),
]


@pytest.mark.parametrize(("rule", "card", "expected"), MORE, ids=[c[1] for c in MORE])
def test_reads_more_real_cards(rule: str, card: str, expected: tuple[TriggeredAbility, ...]) -> None:
    assert read(card) == expected, rule


TWO_EVENTS: list[tuple[str, str, tuple[TriggeredAbility, ...]]] = [
    ("603.2: 'enters or attacks' — nothing enters in the play, so it is the attack trigger",
     "Arashin Foremost",
     (T("attacks", (GainKeywords(Who("target_creature", "you", other=True,
                                     qualities=(Quality(subtypes=("Warrior",)),)),
                                 ("double strike",)),), ""),)),
    ("603.2, 700.4: 'enters or dies' is the dies trigger in combat", "Goblin Marshal",
     (T("dies", (CreateTokens(Amount(2), 1, 1, ("Goblin",), ("R",)),), ""),)),
]


@pytest.mark.parametrize(("rule", "card", "expected"), TWO_EVENTS, ids=[c[1] for c in TWO_EVENTS])
def test_an_event_the_play_never_produces_is_dropped_from_the_condition(
        rule: str, card: str, expected: tuple[TriggeredAbility, ...]) -> None:
    assert read(card) == expected, rule


def test_enters_or_attacks_is_listed_when_not_read() -> None:
    """Before issue 21 "Whenever ~ enters or attacks" was taken for an enters trigger and
    never listed (silently left out); its attack half happens in combat (508.1)."""
    s = ("Whenever this creature enters or attacks, each player secretly votes for a player, "
         "then those votes are revealed. Each player draws a card for each vote they "
         "received.")  # Círdan the Shipwright: not read (a secret vote); h37: Archon of
    # Cruelty, the example before, is read now (zone_moves' verbs of one player)
    assert classify(s) == "triggered" and in_combat(s) and parse_triggers(s) == ()
    assert classify("Whenever you cast a spell while this creature is attacking, draw a "
                    "card.") is None  # the event is a spell cast


ARTIFACT = Quality(types=("Artifact",))

NEW_FORMS: list[tuple[str, str, tuple[TriggeredAbility, ...]]] = [
    ("603.2, 506.2, 701.26a: attacks -> tap target creature defending player controls (only "
     "the attacked player's creatures are legal targets)", "Master of Diversion",
     (T("attacks", (TapEffect(Who("target_creature", "defending")),), ""),)),
    ("603.2, 510.3a, 120.3: combat damage to a player -> 1 damage to each creature that "
     "player controls (the player dealt the damage)", "Shockmaw Dragon",
     (T("combat_damage_player", (DamageEffect(Who("each_creature", "damaged_player"),
                                              Amount(1)),), ""),)),
    ("603.10a, 608.2h: dies -> damage equal to its power (its last known power)",
     "Fireblade Charger",
     (T("dies", (DamageEffect(Who("any_target"), Amount(1, "power")),), ""),)),
    ("603.10a, 608.2h, 119.3: dies -> you gain life equal to its power", "Bottle Golems",
     (T("dies", (LifeEffect(Who("you"), Amount(1, "power"), gain=True),), ""),)),
    ("702.43a modular: dies -> you may put its +1/+1 counters on target artifact creature",
     "Arcbound Worker",
     (T("dies", (Counters(Who("target_creature", qualities=(ARTIFACT,)), "+1/+1",
                          Amount(1, "plus_counters")),), "", keyword="modular",
        optional=True),)),
    ("603.6c, 603.10a: leaves the battlefield -> a 3/3 Beast token (its enters trigger is "
     "not of combat)", "Thragtusk",
     (T("leaves", (CreateTokens(Amount(1), 3, 3, ("Beast",), ("G",)),), ""),)),
    ("603.6c: another creature you control leaves the battlefield -> a +1/+1 counter",
     "Flaming Fist Officer",
     (T("leaves", (Counters(SELF, "+1/+1"),), "", watch=Watch("creatures", "you", other=True)),)),
    ("603.2, 509.1b: attacks -> another target attacking creature can't be blocked this turn",
     "Phase Dolphin",
     (T("attacks", (CantBeBlockedEffect(Who("target_creature", other=True, attacking=True)),),
        ""),)),
    ("603.5, 701.21, 120.3: combat damage to a player -> you may sacrifice it; if you do, 3 "
     "damage to that player (one choice)", "Furnace Scamp",
     (T("combat_damage_player", (Destroy(SELF, sacrifice=True),
                                 DamageEffect(Who("damaged_player"), Amount(3))), "",
        optional=True),)),
    ("603.2, 509.3c: becomes blocked -> return it to its owner's hand (it leaves combat, "
     "506.4)", "Saprazzan Raider",
     (T("becomes_blocked", (Destroy(SELF, exile=True, to_hand=True),), ""),)),
    ("603.5, 701.21, 608.2c: attacks -> you may sacrifice another creature; if you do, +2/+2",
     "Brawl-Bash Ogre",
     (T("attacks", (Sacrifice(Who("you"), Amount(1), creature=True, other=True),
                    Pump(SELF, 2, 2)), "", optional=True),)),
    ("603.10a, 119.3: a creature an opponent controls dies -> that player (its controller) "
     "loses 2 life", "Massacre Wurm",
     (T("dies", (LifeEffect(Who("trigger_controller"), Amount(2), gain=False),), "",
        watch=Watch("creatures", "opponents")),)),
    ("509.3d, 119.3: becomes blocked by a creature -> that creature's controller loses 5 life",
     "Vicious Battlerager",
     (T("blocked_by", (LifeEffect(Who("trigger_controller"), Amount(5), gain=False),), ""),)),
    ("509.3c: a creature blocks -> that creature (the blocker)'s controller loses 1 life",
     "Carnage Gladiator",
     (T("blocks", (LifeEffect(Who("trigger_controller"), Amount(1), gain=False),), "",
        watch=Watch("creatures", "any")),)),
    ("510.3a, 120.3: combat damage to an opponent -> that much damage to each other opponent",
     "Hydra Omnivore",
     (T("combat_damage_player", (DamageEffect(Who("other_opponents"),
                                              Amount(1, "damage_dealt")),), ""),)),
    ("603.10a, 608.2h: dies -> you gain life equal to its toughness (last known)",
     "Paladin of Atonement",
     (T("dies", (LifeEffect(Who("you"), Amount(1, "toughness"), gain=True),), ""),)),
    ("700.4: one or more other creatures die -> draw a card, once each turn (a value: how "
     "often it triggers changes nothing in combat)", "Morbid Opportunist",
     (T("dies", (ValueOnly("draw"),), "", watch=Watch("creatures", "any", other=True),
        once=True),)),
    ("603.2, 613.4c, 608.2h: attacks -> +2/+0 for each other attacking Goblin (counted on "
     "resolution among the attacking Goblins)", "Goblin Piledriver",
     (T("attacks", (Pump(SELF, 2, 0, Amount(1, "other_attacker", ("Goblin",))),), ""),)),
    ("603.2, 613.4c: attacks or blocks -> other Humans you control get +1/+1", "Hamlet Captain",
     tuple(T(ev, (Pump(Who("each_creature", "you", other=True,
                           qualities=(Quality(subtypes=("Human",)),)), 1, 1),), "")
           for ev in ("attacks", "blocks"))),
    ("603.2, 613.4c: attacks -> attacking creatures with flying get +1/+1",
     "Kangee's Lieutenant",
     (T("attacks", (Pump(Who("attacking", qualities=(Quality(keywords=("flying",)),)), 1, 1),),
        ""),)),
    ("510.3a: combat damage to a player -> that player discards that many cards (a value: a "
     "hand changes nothing in combat)", "Needle Specter",
     (T("combat_damage_player", (ValueOnly("discard"),), ""),)),
    ("119.3, 107.1a: attacks -> you lose half your life, rounded up; combat damage to a "
     "player -> that player loses half their life, rounded up", "Ebonblade Reaper",
     (T("attacks", (LifeEffect(Who("you"), Amount(1, "half_life"), gain=False),), ""),
      T("combat_damage_player", (LifeEffect(Who("damaged_player"), Amount(1, "half_life"),
                                            gain=False),), ""))),
    ("603.5, 701.21: you may sacrifice another creature or artifact; if you do, draw and a "
     "+1/+1 counter", "Beetle-Headed Merchants",
     (T("attacks", (Sacrifice(Who("you"), Amount(1), creature=True, other=True,
                              or_artifact=True), ValueOnly("draw"), Counters(SELF, "+1/+1")),
        "", optional=True),)),
    ("603.5: you may discard your hand; if you do, draw (a value after a value choice: no "
     "choice is searched)", "Amber Gristle O'Maul",
     (T("attacks", (ValueOnly("discard"), ValueOnly("draw")), ""),)),
    ("700.4, 111.1, 605.1a: dies -> a 1/1 colorless Eldrazi Scion token (its mana ability is "
     "never activated in the play)", "Blisterpod",
     (T("dies", (CreateTokens(Amount(1), 1, 1, ("Eldrazi", "Scion"), ()),), ""),)),
    ("509.3, 613.4c: blocks a creature with flying -> +3/+0 (once per such creature blocked)",
     "Ezuri's Archers",
     (T("blocks_creature", (Pump(SELF, 3, 0),), "",
        watch=Watch(qualities=(Quality(keywords=("flying",)),))),)),
    ("603.2, 509.3: blocks or becomes blocked by a nonblack creature -> "
     "destroy that creature at end of combat (603.7, 511.2)", "Deathgazer",
     tuple(T(ev, (Destroy(Who("trigger"), at_end_of_combat=True),), "",
             watch=Watch(qualities=(Quality(exclude_colors=("B",)),)))
           for ev in ("blocks_creature", "blocked_by"))),
    ("700.4, 122.1: ~ or another creature dies -> a +1/+1 counter on each Vampire you control",
     "Cordial Vampire",
     (T("dies", (Counters(Who("each_creature", "you",
                              qualities=(Quality(subtypes=("Vampire",)),)), "+1/+1"),), "",
        watch=Watch("creatures", "any")),)),
    ("700.4, 111.1: dies -> a 1/1 colorless Thopter artifact creature token with flying",
     "Filigree Crawler",
     (T("dies", (CreateTokens(Amount(1), 1, 1, ("Thopter",), (), ("flying",), artifact=True),),
        ""),)),
    ("603.2, 702.151b: ~ or equipped creature attacks -> it gets +2/+0 (one ability for "
     "each: the source's own attack, the equipped creature's)", "Chainflail Centipede",
     (T("attacks", (Pump(SELF, 2, 0),), ""),
      T("attacks", (Pump(Who("trigger"), 2, 0),), "", watch=Watch("attached")))),
    ("700.4: dies -> incubate 3 (an Incubator artifact, not a creature: a value)",
     "Infected Defector", (T("dies", (ValueOnly("token"),), ""),)),
]


@pytest.mark.parametrize(("rule", "card", "expected"), NEW_FORMS, ids=[c[1] for c in NEW_FORMS])
def test_reads_new_forms(rule: str, card: str, expected: tuple[TriggeredAbility, ...]) -> None:
    assert read(card) == expected, rule


# --- the new forms played (models/triggers/resolve.py through the damage play-out)


def _play(permanents: list[dict], attackers: dict, blockers: dict | None = None,
          players: tuple[tuple[str, int], ...] = (("P1", 20), ("P2", 20)),
          windows: tuple[str, ...] | None = None):
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.damage.solve import play_out

    combat: dict = {"attackers": attackers}
    if blockers is not None:
        combat["blockers"] = blockers
    return play_out(build_board(parse_scenario({
        "players": [{"name": n, "life": life} for n, life in players], "active_player": "P1",
        "permanents": permanents, "combat": combat})), windows=windows)


def test_defending_player_controls_is_only_the_attacked_player() -> None:
    # Master of Diversion attacks P2 in a three-player game; only P3 has a creature: the
    # ability has no legal target and is removed from the stack (506.2, 603.3d); with a
    # creature of P2's it taps that one.
    alone = _play([{"id": "m", "card": "Master of Diversion", "controller": "P1"},
                   {"id": "b3", "card": "Grizzly Bears", "controller": "P3"}],
                  {"m": "P2"}, players=(("P1", 20), ("P2", 20), ("P3", 20)), windows=("attack",))
    assert [t.result for t in alone.triggers] == ["removed: no legal target (603.3d)"]
    both = _play([{"id": "m", "card": "Master of Diversion", "controller": "P1"},
                  {"id": "b2", "card": "Grizzly Bears", "controller": "P2"},
                  {"id": "b3", "card": "Grizzly Bears", "controller": "P3"}],
                 {"m": "P2"}, players=(("P1", 20), ("P2", 20), ("P3", 20)), windows=("attack",))
    assert [t.result for t in both.triggers] == ["b2 tapped"]


def test_dies_damage_equal_to_its_last_known_power() -> None:
    # Fireblade Charger 1/1 with two +1/+1 counters (3/3) attacks and is blocked by a Hill
    # Giant 3/3: both die; its ability deals damage equal to its power as it last existed
    # (3, 608.2h) to any target: P2 at 3 life loses (704.5a).
    result = _play([{"id": "c", "card": "Fireblade Charger", "controller": "P1",
                     "counters": {"+1/+1": 2}},
                    {"id": "g", "card": "Hill Giant", "controller": "P2"}],
                   {"c": "P2"}, {"g": ["c"]}, players=(("P1", 20), ("P2", 3)))
    assert sorted(result.outcome["destroyed"]) == ["c", "g"]
    assert result.outcome["life"]["P2"] == 0 and result.outcome["lost"] == ["P2"]


def test_leaves_the_battlefield_triggers_when_returned_to_hand() -> None:
    # Saprazzan Raider becomes blocked and returns to its owner's hand (509.3c): it left the
    # battlefield without dying, so Flaming Fist Officer's "leaves the battlefield" ability
    # triggers (603.6c) and the Grizzly Bears blocking it deal no damage (506.4).
    result = _play([{"id": "r", "card": "Saprazzan Raider", "controller": "P1"},
                    {"id": "o", "card": "Flaming Fist Officer", "controller": "P1"},
                    {"id": "b", "card": "Grizzly Bears", "controller": "P2"}],
                   {"r": "P2"}, {"b": ["r"]})
    assert result.outcome["destroyed"] == ["r"]
    assert [(t.source, t.result) for t in result.triggers] == [("r", "r returned to hand"),
                                                               ("o", "1 +1/+1 on o")]
    assert result.outcome["life"] == {"P1": 20, "P2": 20} and "b" not in result.outcome["damage"]


def test_you_may_sacrifice_another_creature_if_you_do() -> None:
    # Brawl-Bash Ogre 3/3 attacks alone: with no other creature nothing can be sacrificed,
    # so "if you do" doesn't happen (608.2c): 3 damage. With Llanowar Elves at home, P1's
    # choice (the play-out's objective) sacrifices it (701.21): +2/+2, 5 damage.
    alone = _play([{"id": "o", "card": "Brawl-Bash Ogre", "controller": "P1"}], {"o": "P2"},
                  windows=("attack",))
    assert alone.outcome["life"]["P2"] == 17
    elves = _play([{"id": "o", "card": "Brawl-Bash Ogre", "controller": "P1"},
                   {"id": "e", "card": "Llanowar Elves", "controller": "P1"}], {"o": "P2"},
                  windows=("attack",))
    assert elves.outcome["life"]["P2"] == 15 and elves.outcome["destroyed"] == ["e"]


def test_that_creatures_controller_loses_life() -> None:
    # Vicious Battlerager blocked by Grizzly Bears: the Bears' controller loses 5 life
    # (509.3d, 119.3); 1 damage to the Bears, 2 to the Battlerager.
    result = _play([{"id": "v", "card": "Vicious Battlerager", "controller": "P1"},
                    {"id": "b", "card": "Grizzly Bears", "controller": "P2"}],
                   {"v": "P2"}, {"b": ["v"]})
    assert result.outcome["life"] == {"P1": 20, "P2": 15}


def test_one_or_more_creatures_die_triggers_once() -> None:
    # Two Grizzly Bears attack and are blocked by two Hill Giants: both die at once (704.3);
    # Vengeful Townsfolk's "whenever one or more other creatures you control die" triggers
    # once for that event (603.2c): one +1/+1 counter, not two.
    result = _play([{"id": "a1", "card": "Grizzly Bears", "controller": "P1"},
                    {"id": "a2", "card": "Grizzly Bears", "controller": "P1"},
                    {"id": "t", "card": "Vengeful Townsfolk", "controller": "P1"},
                    {"id": "g1", "card": "Hill Giant", "controller": "P2"},
                    {"id": "g2", "card": "Hill Giant", "controller": "P2"}],
                   {"a1": "P2", "a2": "P2"}, {"g1": ["a1"], "g2": ["a2"]})
    assert sorted(result.outcome["destroyed"]) == ["a1", "a2"]
    assert [(t.source, t.result) for t in result.triggers] == [("t", "1 +1/+1 on t")]


def test_unread_part_names_what_is_not_read() -> None:
    """``unread_part`` (scripts/parser_coverage.py --shapes): the keyword, the condition or the
    first effect sentence not read; None when the sentence is read."""
    from redzone.models.triggers.parse import unread_part

    assert unread_part("Graft 2") == "keyword: graft N"
    assert unread_part("Persist") is None  # read since h21c: a return with a -1/-1 counter (702.79a)
    assert unread_part("Whenever this creature is dealt damage for the first time each turn, "
                       "untap all creatures you control.") == \
        "condition: Whenever ~ is dealt damage for the first time each turn"  # (h35: "attacks
    # for the first time each turn" is read, tests/test_trigger_if_more.py)
    assert unread_part("Whenever this creature blocks, roll a d20. You gain 2 life.") == \
        "effect: roll a dN"  # (proliferate, the example before h3, is read: 701.34a)
    assert unread_part("Whenever this creature attacks, it gets +2/+0 until end of turn.") is None


def test_for_each_other_attacking_goblin_counts_goblins_only() -> None:
    # Goblin Piledriver 1/2 attacks with a Goblin Piker and Grizzly Bears: +2/+0 for the one
    # other attacking Goblin (608.2h), the Bears don't count -> 3/2; 3 + 2 + 2 damage to P2.
    result = _play([{"id": "p", "card": "Goblin Piledriver", "controller": "P1"},
                    {"id": "g", "card": "Goblin Piker", "controller": "P1"},
                    {"id": "b", "card": "Grizzly Bears", "controller": "P1"}],
                   {"p": "P2", "g": "P2", "b": "P2"}, windows=("attack",))
    assert [t.result for t in result.triggers] == ["p gets +2/+0"]
    assert result.outcome["life"]["P2"] == 20 - 3 - 2 - 2


def test_half_their_life_rounded_up() -> None:
    # Ebonblade Reaper attacks alone: P1 at 15 loses 8 (half, rounded up: 107.1a); it deals 1
    # to P2 (20 -> 19), who then loses 10 -> 9 (510.3a, 119.3).
    result = _play([{"id": "r", "card": "Ebonblade Reaper", "controller": "P1"}], {"r": "P2"},
                   players=(("P1", 15), ("P2", 20)), windows=("attack",))
    assert result.outcome["life"] == {"P1": 7, "P2": 9}


def test_the_card_of_a_creature_that_died_is_a_value() -> None:
    """700.4: a creature that died is a card in its owner's graveyard: exiling it or
    returning it to a hand changes nothing on the battlefield (Koh, the Face Stealer)."""
    got = parse_trigger("Whenever another nontoken creature dies, you may exile it.")
    assert got is not None and got.effects == (ValueOnly("exile from graveyard"),)
    # a creature that became blocked is still on the battlefield: it leaves (Destroy)
    got = parse_trigger("Whenever a creature you control becomes blocked, return it to its "
                        "owner's hand.")
    assert got is not None and got.effects == (Destroy(Who("trigger"), exile=True, to_hand=True),)


def test_damage_to_each_creature_and_each_player_when_it_dies() -> None:
    # Magma Phoenix 3/3 blocked by a Hill Giant: both die (704.5g); its dies trigger deals 3
    # damage to each creature and each player (603.10a): the Grizzly Bears at home die,
    # both players 20 -> 17.
    result = _play([{"id": "m", "card": "Magma Phoenix", "controller": "P1"},
                    {"id": "g", "card": "Hill Giant", "controller": "P2"},
                    {"id": "b", "card": "Grizzly Bears", "controller": "P2"}],
                   {"m": "P2"}, {"g": ["m"]})
    assert sorted(result.outcome["destroyed"]) == ["b", "g", "m"]
    assert result.outcome["life"] == {"P1": 17, "P2": 17}


def test_cant_be_blocked_this_turn_makes_a_block_illegal() -> None:
    # Phase Dolphin attacks with Grizzly Bears; its attack trigger (aimed at the Bears, as
    # the scenario states) resolves before blockers are declared (508.2): the Wall of Stone
    # blocking the Bears is illegal (509.1b); blocking the Dolphin is legal.
    from redzone.solver.frontends.commands import run_command

    def scenario(blocked: str) -> dict:
        return {"players": [{"name": "A"}, {"name": "B"}], "active_player": "A",
                "permanents": [{"id": "dolphin", "card": "Phase Dolphin", "controller": "A"},
                               {"id": "bears", "card": "Grizzly Bears", "controller": "A"},
                               {"id": "wall", "card": "Wall of Stone", "controller": "B"}],
                "combat": {"attackers": {"dolphin": "B", "bears": "B"},
                           "blockers": {"wall": [blocked]}, "triggers_resolved": [],
                           "trigger_choices": [{"source": "dolphin", "window": "attack",
                                                "target": "bears"}]}}

    assert run_command("check-block", scenario("bears")).to_json()["legal"] is False
    assert run_command("check-block", scenario("dolphin")).to_json()["legal"] is True


def test_blocks_a_creature_with_flying() -> None:
    # Ezuri's Archers 1/2 (reach) blocks a Wind Drake 2/2 flier: +3/+0 (509.3), so the Drake
    # dies to 4 damage; the Archers die to 2.
    result = _play([{"id": "d", "card": "Wind Drake", "controller": "P1"},
                    {"id": "a", "card": "Ezuri's Archers", "controller": "P2"}],
                   {"d": "P2"}, {"a": ["d"]})
    assert [t.result for t in result.triggers] == ["a gets +3/+0"]
    assert sorted(result.outcome["destroyed"]) == ["a", "d"]
