"""The value grammar of effect clauses (models/triggers/value.py; issue 21; docs/triggers.md
"Value only") and resolution-time "if" conditions of effects (CR 608.2c).

A value-only clause changes nothing in combat: cards move between libraries, hands,
graveyards and exile, players get mana, energy, experience or the monarchy, noncreature
artifact tokens are made. Everything else — a card put onto the battlefield, a creature
token, life, damage, counters on permanents, a spell cast as the ability resolves — must
*not* read as a value (it would be silently dropped). Real cards' sentences are read as a
board would (``parse_text`` then ``triggers_of``).
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import (
    Amount,
    Conditional,
    Counters,
    Destroy,
    LifeEffect,
    ValueOnly,
    Who,
)
from redzone.models.triggers.value import value_tag
from redzone.solver.frontends.commands import run_command
from trigger_play import read


# --------------------------------------------------------------- the grammar, clause by clause

VALUE = [
    ("draw a card", "draw"),
    ("you draw two cards and each opponent draws a card", "draw"),  # Clockwork Fox
    ("that player discards all the cards in their hand, then draws that many cards", "discard"),
    ("search your library for a Dragon card, reveal it, put it into your hand, then shuffle",
     "search"),
    ("you may search your library for up to two basic land cards, reveal them, put them into "
     "your hand, then shuffle", "search"),
    ("create a Treasure token", "token"),
    ("create a number of tapped Treasure tokens equal to its power", "token"),
    ("you get {E} for each creature you control", "energy"),
    ("you get an experience counter for each player who discarded a card this turn",
     "experience"),
    ("add {R} or {G}", "mana"),
    ("surveil X, where X is the number of opponents being attacked", "surveil"),
    ("return the exiled card to its owner's hand", "return to hand"),
    ("return target artifact or enchantment card from your graveyard to your hand",
     "return to hand"),
    ("target opponent puts a card from their hand on top of their library", "draw"),
    ("exile up to two target cards from that player's graveyard", "exile from graveyard"),
    ("reveal the top card of your library and put it into your hand", "reveal"),
    ("look at the top card of that player's library and exile it face down", "look"),
    ("you may cast that card this turn", "impulse"),
    ("the next spell you cast this turn costs {1} less to cast", "cost"),
    ("that player becomes the monarch", "monarch"),
]

NOT_VALUE = [
    # onto the battlefield: a creature, or a land (landfall), is a permanent of the combat's board
    "return target creature card from your graveyard to the battlefield",
    "search your library for a basic land card, put it onto the battlefield tapped, then shuffle",
    "put a creature card from your hand onto the battlefield tapped and attacking",
    # creature tokens (CreateTokens reads those it can play)
    "create a 1/1 white Soldier creature token",
    "create a token that's a copy of ~",
    # a pronoun with no card in view could be a permanent on the battlefield
    "put it into your hand",
    "exile it",
    "put it on top of its owner's library",
    # life, counters, damage joined to a value
    "you draw a card and you lose 1 life",
    "you draw cards equal to that creature's power and you lose life equal to that creature's "
    "toughness",  # Greven: the count may not swallow the next clause
    "draw a card and put a +1/+1 counter on ~",
    "surveil 1, then remove a -1/-1 counter from ~",
    # a spell cast as the ability resolves: the hidden card's own effect may change combat
    "cast target instant or sorcery card from your graveyard without paying its mana cost",
    "you may cast that card without paying its mana cost",
    # venture, the initiative, the Ring, amass, explore, connive, proliferate (see value.py)
    "venture into the dungeon",
    "the Ring tempts you",
    "you take the initiative",
    "amass Orcs 2",
    "it explores",
    "it connives",
    "proliferate",
    # a card in a graveyard with a counter on a permanent
    "exile up to one target Assassin creature card from your graveyard with a memory counter on it",
]


@pytest.mark.parametrize(("clause", "tag"), VALUE)
def test_value_clauses(clause: str, tag: str) -> None:
    assert value_tag(clause) == tag


@pytest.mark.parametrize("clause", NOT_VALUE)
def test_not_value_clauses(clause: str) -> None:
    assert value_tag(clause) is None


# --------------------------------------------------------------- real cards


@pytest.mark.parametrize(("card", "event", "effects"), [
    # 701.23 (search), 701.20 (reveal): a card from the library to the hand
    ("Draconic Muralists", "dies", (ValueOnly("search"),)),
    # a Lander token: a noncreature artifact with an activated ability only
    ("Beamsaw Prospector", "dies", (ValueOnly("token"),)),
    # the card exiled by its enters ability goes back to its owner's hand (610.3)
    ("Tidehollow Sculler", "leaves", (ValueOnly("return to hand"),)),
    # "that player loses 1 life and mills a card, then you gain 1 life and scry 1": the life
    # changes are played, the mill and the scry are values (608.2c: in order)
    ("Krydle of Baldur's Gate", "combat_damage_player",
     (LifeEffect(Who("damaged_player"), Amount(1), gain=False), ValueOnly("mill"),
      LifeEffect(Who("you"), Amount(1), gain=True), ValueOnly("scry"))),
])
def test_real_cards_read_as_values(card: str, event: str, effects: tuple[Any, ...]) -> None:
    got = [t for t in read(card) if t.event == event]
    assert len(got) == 1, read(card)
    assert got[0].effects == effects


def test_spider_man_noir_counter_then_surveil() -> None:
    # "put a +1/+1 counter on it. Then surveil X, where X is the number of counters on it":
    # the counter is played (122.1), the surveil (701.42) is a value
    (t,) = read("Spider-Man Noir")
    assert t.effects[0] == Counters(Who("trigger"), "+1/+1")
    assert t.effects[1:] == (ValueOnly("surveil"),)


def test_a_land_onto_the_battlefield_is_not_a_value() -> None:
    # Atalan Jackal: "search your library for a basic land card, put it onto the battlefield
    # tapped, then shuffle" — a land entering can trigger landfall: not a value, but a land
    # put onto the battlefield (h8, tests/test_trigger_entries.py)
    got = parse_trigger("When this creature dies, search your library for a basic land card, "
                        "put it onto the battlefield tapped, then shuffle.")
    assert got is not None and not any(isinstance(e, ValueOnly) for e in got.effects)


def test_value_trigger_resolves_as_nothing_in_combat() -> None:
    # Nightveil Specter (2/3 flying): "Whenever this creature deals combat damage to a
    # player, that player exiles the top card of their library." Unblocked it deals 2
    # (510.1): Bob 18; the trigger resolves (510.3a) and changes no life or permanent.
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": [{"id": "spec", "card": "Nightveil Specter", "controller": "Alice"}],
                "combat": {"attackers": {"spec": "Bob"}, "blockers": {}}}
    got = run_command("damage", scenario, {}).to_json()
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}
    assert [t["result"] for t in got["triggers"]] == ["impulse (no effect on combat)"]
    assert "not_played" not in got or not got["not_played"]


# --------------------------------------------------------------- "if" conditions (608.2c, 603.4)


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _damage(perms: list[dict[str, Any]], attackers: dict[str, str],
            blockers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The ``damage`` job's answer; with blockers given, the attack window is still to
    resolve (``triggers_resolved: []``, docs/scenario-format.md)."""
    combat: dict[str, Any] = {"attackers": attackers, "blockers": blockers or {}}
    if blockers:
        combat["triggers_resolved"] = []
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": perms, "combat": combat}
    return run_command("damage", scenario, {}).to_json()


def test_if_you_control_a_dinosaur_pumps_only_with_one() -> None:
    # Tilonalli's Knight (2/2): "Whenever this creature attacks, if you control a Dinosaur,
    # this creature gets +1/+1 until end of turn" (603.4: an intervening "if"). Alone: 2
    # damage, Bob 18; with Colossal Dreadmaw (a Dinosaur) at home: 3 damage, Bob 17.
    alone = _damage([_p("k", "Tilonalli's Knight", "Alice")], {"k": "Bob"})
    assert alone["outcome"]["life"]["Bob"] == 18
    assert alone.get("triggers", []) == []  # it did not trigger at all (603.4)
    dino = _damage([_p("k", "Tilonalli's Knight", "Alice"), _p("d", "Colossal Dreadmaw", "Alice")],
                   {"k": "Bob"})
    assert dino["outcome"]["life"]["Bob"] == 17
    assert [t["result"] for t in dino["triggers"]] == ["k gets +1/+1"]


def test_keldon_berserker_counts_untapped_lands() -> None:
    # Keldon Berserker (2/3): "if you control no untapped lands, it gets +3/+0". With an
    # untapped Mountain: 2 damage (Bob 18); with the Mountain tapped: 5 (Bob 15).
    untapped = _damage([_p("kb", "Keldon Berserker", "Alice"), _p("m", "Mountain", "Alice")],
                       {"kb": "Bob"})
    assert untapped["outcome"]["life"]["Bob"] == 18
    tapped = _damage([_p("kb", "Keldon Berserker", "Alice"),
                      _p("m", "Mountain", "Alice", tapped=True)], {"kb": "Bob"})
    assert tapped["outcome"]["life"]["Bob"] == 15


def test_intervening_if_is_checked_as_the_event_happens() -> None:
    # 603.4: Heir of the Wilds' "Whenever this creature attacks, if you control a creature
    # with power 4 or greater, ..." Alice attacks with Heir (2/2), Goblin Wardriver (2/2,
    # battle cry) and Hill Giant (3/3). As attackers are declared no creature has power 4,
    # so Heir's ability doesn't trigger — even though battle cry then makes the Giant 4/3.
    # Heir 3/2, Giant 4/3, Wardriver 2/2 unblocked: 9 damage, Bob 11 (not 10).
    got = _damage([_p("heir", "Heir of the Wilds", "Alice"), _p("war", "Goblin Wardriver", "Alice"),
                   _p("giant", "Hill Giant", "Alice")],
                  {"heir": "Bob", "war": "Bob", "giant": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 11
    assert [t["source"] for t in got["triggers"]] == ["war"]


def test_then_if_is_checked_as_the_ability_resolves() -> None:
    # Dark Leo & Shredder: "create a 1/1 black Ninja creature token. Then if you control five
    # or more Ninjas, that player loses half their life, rounded up" (608.2c: checked after
    # the token is made, so the new Ninja counts).
    (t,) = read("Dark Leo & Shredder")
    assert t.intervening is None
    cond = t.effects[1]
    assert isinstance(cond, Conditional)
    assert cond.test.kind == "you_control" and cond.test.count == 5
    assert cond.effects == (LifeEffect(Who("damaged_player"), Amount(1, "half_life"), gain=False),)


@pytest.mark.parametrize("sentence", [
    # the condition scopes over both clauses: "scry 1 and put a +1/+1 counter" is not split
    # (h25 reads "if it didn't die": tests/test_if_tests_h25.py checks it covers both clauses)
    "Whenever another creature you control leaves the battlefield, if you've committed a "
    "crime this turn, scry 1 and put a +1/+1 counter on this creature.",
    # the condition ends at its first comma: the value after "then" is not the whole effect
    # (h35: Lost Auramancers' look-back "if it had no time counters on it" is read as an
    # intervening "if" over the whole search: tests/test_trigger_if_more.py)
    "Whenever this creature attacks, if you've committed a crime this turn, you may search "
    "your library for an enchantment card, put it onto the battlefield, then shuffle.",
    # a condition the board can't decide over a combat effect
    "Whenever this creature attacks, if you've completed a dungeon, it gets +2/+2 until end "
    "of turn.",
    # "instead" under a condition not read (h25 reads "If C, E2 instead" when C is read:
    # tests/test_if_tests_h25.py, Slimy Piper, Festering Newt)
    "Whenever this creature attacks, it gets +1/+1 until end of turn. If you've completed a "
    "dungeon, it gets +2/+2 until end of turn instead.",
])
def test_if_conditions_not_read(sentence: str) -> None:
    assert parse_trigger(sentence) is None


@pytest.mark.parametrize(("sentence", "tag"), [
    # whatever the condition, a value changes nothing in combat: nothing is decided
    ("Whenever this creature deals combat damage to a player, if you have the city's "
     "blessing, draw a card.", "draw"),
    ("When this creature dies, draw three cards if three or more creatures died this turn.",
     "draw"),
    ("Whenever this creature deals combat damage to a player, draw a card. Then discard a "
     "card unless there are seven or more cards in your graveyard.", "discard"),
])
def test_conditioned_values(sentence: str, tag: str) -> None:
    got = parse_trigger(sentence)
    assert got is not None and got.effects[-1] == ValueOnly(tag)


@pytest.mark.parametrize(("clause", "tag"), [
    ("you and defending player each draw a card, then discard a card", "draw"),  # Cait
    ("put one of them into your hand and the rest on the bottom of your library in any order",
     "draw"),  # Dragonlord Ojutai
    ("mill two cards, then incubate X, where X is the number of creature cards in your "
     "graveyard", "mill"),  # Blight Titan: an Incubator is no creature until it transforms
    ("exile the top X cards of your library, where X is the number of creatures you control "
     "with power 4 or greater", "impulse"),  # "or greater" is part of the count
    ("for each nonland card revealed this way, you create a tapped Treasure token", "token"),
    ("until end of turn, you don't lose this mana as steps and phases end", "mana"),
    ("search your library for a card named ~, reveal it, put it into your hand, then shuffle",
     "search"),
    ("return the exiled cards to their owner's graveyard", "to graveyard"),
])
def test_value_clauses_more(clause: str, tag: str) -> None:
    assert value_tag(clause) == tag


@pytest.mark.parametrize("clause", [
    "return the rest to their owners' hands",  # "the rest" of what: not only put cards
    "put the rest onto the battlefield",
    "for each opponent, create a 1/1 white Human creature token",
])
def test_not_value_clauses_more(clause: str) -> None:
    assert value_tag(clause) is None


def test_look_reveal_and_the_rest_on_the_bottom() -> None:
    # Ashe, Princess of Dalmasca: "look at the top five cards of your library. You may
    # reveal an artifact card from among them and put it into your hand. Put the rest on the
    # bottom of your library in a random order." — three values (401: a library's order)
    (t,) = read("Ashe, Princess of Dalmasca")
    assert t.effects == (ValueOnly("look"), ValueOnly("reveal"), ValueOnly("draw"))


def test_goblin_guide_the_card_revealed_is_a_card() -> None:
    # Goblin Guide: "defending player reveals the top card of their library. If it's a land
    # card, that player puts it into their hand." — "it" is the card (the condition says so)
    (t,) = read("Goblin Guide")
    assert t.effects == (ValueOnly("reveal"), ValueOnly("draw"))


def test_if_without_a_card_keeps_it_a_permanent() -> None:
    # "it" a permanent: the condition doesn't say it is a card, so it is no value
    assert parse_trigger("Whenever this creature attacks, if it's a creature, put it on top of "
                         "its owner's library.") is None
    # h14: the permanent leaves the battlefield for its owner's library (not a value)
    got = parse_trigger("Whenever this creature attacks, if it's attacking, put it on the bottom "
                        "of its owner's library.")
    assert got is not None
    (cond,) = got.effects
    assert isinstance(cond, Conditional) and cond.effects == (
        Destroy(Who("source"), exile=True, to_library="bottom"),)


def test_formidable_total_power_gives_first_strike() -> None:
    # Sabertooth Outrider (4/2 trample): "if creatures you control have total power 8 or
    # greater, this creature gains first strike" (603.4). Blocked by Hill Giant (3/3).
    # Alone (total power 4): both deal damage at once (510.2), both die, 1 tramples over.
    # With Colossal Dreadmaw (6/6) at home (total 10): first strike kills the Giant in the
    # first-strike damage step (510.4) — the Outrider survives.
    perms = [_p("sab", "Sabertooth Outrider", "Alice"), _p("hg", "Hill Giant", "Bob")]
    alone = _damage(perms, {"sab": "Bob"}, {"hg": ["sab"]})
    assert sorted(alone["outcome"]["destroyed"]) == ["hg", "sab"]
    strong = _damage(perms + [_p("d", "Colossal Dreadmaw", "Alice")], {"sab": "Bob"},
                     {"hg": ["sab"]})
    assert strong["outcome"]["destroyed"] == ["hg"]
    assert strong["outcome"]["life"]["Bob"] == 19


def test_septic_rats_defending_player_poisoned() -> None:
    # Septic Rats (2/2 infect): "if defending player is poisoned, it gets +1/+1" (122.1f:
    # a player with a poison counter is poisoned). Bob with 1 poison counter: 3 infect
    # damage, Bob 4 poison counters (702.90b); with none: 2.
    def poison(start: int) -> int:
        scenario = {"players": [{"name": "Alice", "life": 20},
                                {"name": "Bob", "life": 20, "poison": start}],
                    "permanents": [_p("rats", "Septic Rats", "Alice")],
                    "combat": {"attackers": {"rats": "Bob"}, "blockers": {}}}
        got = run_command("damage", scenario, {}).to_json()
        return got["outcome"]["poison"]["Bob"]
    assert poison(1) == 4
    assert poison(0) == 2


@pytest.mark.parametrize(("sentence", "kind"), [
    ("Whenever this creature attacks, if it's renowned, other attacking creatures you "
     "control get +1/+1 until end of turn.", "source_renowned"),
    ("Whenever this creature attacks, if an opponent has three or more poison counters, "
     "creatures you control get +1/+1 until end of turn.", "opponent_poison_at_least"),
    ("Whenever this creature attacks, if you control three or more tokens, this creature "
     "gets +2/+0 and gains first strike until end of turn.", "you_control"),
    ("Whenever this creature attacks, if you control an artifact or enchantment, this "
     "creature gets +1/+1 and gains lifelink until end of turn.", "you_control"),
])
def test_intervening_tests_read(sentence: str, kind: str) -> None:
    t = parse_trigger(sentence)
    assert t is not None and t.intervening is not None and t.intervening.test is not None
    assert t.intervening.test.kind == kind
    assert len(t.effects) == 1 and isinstance(t.effects[0], Conditional)


def test_an_ability_a_value_can_trigger_is_listed_as_not_played() -> None:
    # Thieving Magpie draws a card as its damage trigger resolves (510.3a); Niv-Mizzet,
    # Parun's "Whenever you draw a card, Niv-Mizzet deals 1 damage to any target" then
    # triggers (603.2) — the play doesn't play it, so the answer lists it (never silently
    # wrong). Without the Magpie's draw on the board, nothing draws and it isn't listed.
    perms = [_p("mag", "Thieving Magpie", "Alice"), _p("niv", "Niv-Mizzet, Parun", "Alice")]
    got = _damage(perms, {"mag": "Bob"})
    listed = [(n["id"], n["sentence"]) for n in got["not_played"]]
    assert ("niv", "Whenever you draw a card, Niv-Mizzet deals 1 damage to any target.") in listed
    alone = _damage([_p("niv", "Niv-Mizzet, Parun", "Alice"), _p("b", "Grizzly Bears", "Alice")],
                    {"b": "Bob"})
    assert all(n["id"] != "niv" or "draw a card," not in n["sentence"]
               for n in alone.get("not_played", []))


@pytest.mark.parametrize(("card", "effects"), [
    # 401.4: a hand shuffled into the library, then as many cards drawn
    ("Whirlpool Drake", (ValueOnly("shuffle"),)),  # one clause: its first action's tag
    # 406.3: twenty cards exiled from a library
    ("Ulamog, the Ceaseless Hunger", (ValueOnly("impulse"),)),
    ("Talas Lookout", (ValueOnly("look"), ValueOnly("draw"))),
    # mana kept until end of turn (500.5a emptying replaced): nobody casts in combat
    ("Su-Chi Cave Guard", (ValueOnly("mana"), ValueOnly("mana"))),
])
def test_more_real_values(card: str, effects: tuple[ValueOnly, ...]) -> None:
    got = read(card)
    assert len(got) == 1 and got[0].effects == effects


def test_attacks_while_you_control_is_checked_as_it_attacks() -> None:
    # Courageous Goblin (2/2): "Whenever this creature attacks while you control a creature
    # with power 4 or greater, this creature gets +1/+0 and gains menace until end of turn"
    # (603.2: part of the trigger event). With Hill Giant (3/3) at home: no trigger, 2
    # damage (Bob 18); with Colossal Dreadmaw (6/6): 3 damage (Bob 17).
    small = _damage([_p("g", "Courageous Goblin", "Alice"), _p("h", "Hill Giant", "Alice")],
                    {"g": "Bob"})
    assert small["outcome"]["life"]["Bob"] == 18 and small.get("triggers", []) == []
    big = _damage([_p("g", "Courageous Goblin", "Alice"), _p("d", "Colossal Dreadmaw", "Alice")],
                  {"g": "Bob"})
    assert big["outcome"]["life"]["Bob"] == 17
    assert [t["result"] for t in big["triggers"]] == ["g gets +1/+0; g gains menace"]


def test_attacks_while_saddled_still_reads() -> None:
    # "attacks while saddled" is the saddle condition (702.171), not a board test
    (t,) = read("Gloryheath Lynx")
    assert t.intervening is not None and t.intervening.kind == "saddled"


def test_its_power_was_looks_back_at_the_creature_that_died() -> None:
    # Deathknell Berserker (2/2): "When this creature dies, if its power was 3 or greater,
    # create a 2/2 black Zombie Berserker creature token" (603.4, 603.10a: its power as it
    # last existed). Blocked by Hill Giant (3/3): as a 2/2 it dies alone and no token is
    # made; with a +1/+1 counter (3/3) both die and the token is made.
    plain = _damage([_p("db", "Deathknell Berserker", "Alice"), _p("hg", "Hill Giant", "Bob")],
                    {"db": "Bob"}, {"hg": ["db"]})
    assert plain["outcome"]["destroyed"] == ["db"] and plain.get("triggers", []) == []
    big = _damage([_p("db", "Deathknell Berserker", "Alice", counters={"+1/+1": 1}),
                   _p("hg", "Hill Giant", "Bob")], {"db": "Bob"}, {"hg": ["db"]})
    assert big["outcome"]["destroyed"] == ["db", "hg"]
    assert [t["result"] for t in big["triggers"]] == [
        "created 1 2/2 Zombie Berserker token (db~token1)"]


@pytest.mark.parametrize(("card", "kind", "of_trigger"), [
    ("Basri's Lieutenant", "had_counters", True),   # "it": the creature that died
    ("Deadly Grub", "had_counters", False),         # "it": the Grub itself (none=True)
    ("Fyndhorn Druid", "source_blocked", False),
])
def test_looking_back_tests(card: str, kind: str, of_trigger: bool) -> None:
    (t,) = read(card)
    assert t.intervening is not None and t.intervening.test is not None
    assert (t.intervening.test.kind, t.intervening.test.of_trigger) == (kind, of_trigger)


@pytest.mark.parametrize(("clause", "tag"), [
    ("discard a card unless there are seven or more cards in your graveyard", "discard"),
    ("discard two cards unless you discard a Pirate card", "discard"),  # a value either way
    # a choice that changes combat instead of the value: not a value
    ("each opponent discards a card unless they sacrifice a creature", None),
    ("that player discards a card unless they pay 3 life", None),
])
def test_unless(clause: str, tag: str | None) -> None:
    from redzone.models.triggers.value import conditioned_value
    assert conditioned_value(clause) == tag


def test_it_had_a_counter_looks_back_at_the_creature_that_died() -> None:
    # Basri's Lieutenant (3/4 vigilance): "Whenever this creature or another creature you
    # control dies, if it had a +1/+1 counter on it, create a 2/2 white Knight creature
    # token with vigilance" (603.10a: counters as it last existed). Blocked by Colossal
    # Dreadmaw (6/6) it dies: with no counter nothing is made; with one, a Knight.
    def knights(**extra: Any) -> list[str]:
        got = _damage([_p("bl", "Basri's Lieutenant", "Alice", **extra),
                       _p("d", "Colossal Dreadmaw", "Bob")], {"bl": "Bob"}, {"d": ["bl"]})
        assert got["outcome"]["destroyed"] == ["bl"]
        return [t["result"] for t in got.get("triggers", [])]
    assert knights() == []
    assert knights(counters={"+1/+1": 1}) == ["created 1 2/2 Knight token (bl~token1)"]
