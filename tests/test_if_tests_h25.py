"""h25 (issue 21, coverage): the turn's combat phase (``combat_number``), delirium read once,
and the conditions of effects read by :mod:`redzone.models.triggers.if_tests`. Each test
plays a real card and checks the result the rules give (CR cited)."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.commands import run_command
from tests.trigger_play import damage, perm, scenario


def play(perms: list[dict[str, Any]], attackers: dict[str, str],
         blockers: dict[str, list[str]] | None = None, *, top: dict[str, Any] | None = None,
         players: list[dict[str, Any]] | None = None, **combat: Any) -> dict[str, Any]:
    """The ``damage`` answer with more top-level fields (``top``) or other players."""
    sc = scenario(perms, attackers, blockers, **combat)
    sc.update(top or {})
    if players is not None:
        sc["players"] = players
    return run_command("damage", sc, {}).to_json()


# ----------------------------------------------------------------- combat_number (505.1, 500.8)


def test_combat_number_defaults_to_the_first_and_is_validated() -> None:
    base = {"players": [{"name": "A"}, {"name": "B"}]}
    assert parse_scenario(base).combat_number == 1
    assert parse_scenario({**base, "combat_number": 2}).combat_number == 2
    for bad in (0, "2", True):
        with pytest.raises(ScenarioError, match="combat_number"):
            parse_scenario({**base, "combat_number": bad})


def test_agent_frank_horrigan_attacked_this_turn_in_the_first_and_a_later_combat() -> None:
    # "has indestructible as long as it attacked this turn" (611.3a): in the turn's first
    # combat it attacked this turn exactly while attacking, so blocked by Krosan Colossus
    # (9/9) it survives (702.12b). In a second combat phase (500.8) an attacking Frank was
    # declared this turn, so it attacked this turn: it survives too (the new-user trial found
    # it reported and dead). A Frank not attacking in a second combat may have attacked in the
    # first, which is not in the scenario: the sentence is reported, not guessed.
    frank = perm("f", "Agent Frank Horrigan", "Alice")
    big = perm("x", "Krosan Colossus", "Bob")
    first = play([frank, big], {"f": "Bob"}, {"x": ["f"]})
    assert first["unparsed"] == [] and "f" not in first["outcome"]["destroyed"]
    second = play([frank, big], {"f": "Bob"}, {"x": ["f"]}, top={"combat_number": 2})
    assert second["unparsed"] == [] and "f" not in second["outcome"]["destroyed"]
    bears = perm("b", "Grizzly Bears", "Alice")
    home = play([frank, bears, big], {"b": "Bob"}, {}, top={"combat_number": 2})
    assert [u["id"] for u in home["unparsed"]] == ["f"]


# ----------------------------------------------------------------- delirium, one reading


def test_delirium_reads_as_one_test_wherever_it_is_read() -> None:
    # "four or more card types among cards in your graveyard" (300.1): the effect reader
    # (conditions.py), h16's fallback (players.py) and reflexive.py give one IfTest.
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.reflexive import graveyard_test
    from redzone.models.triggers.types import IfTest

    want = IfTest("graveyard_at_least", 4, measure="card_types")
    phrase = "there are four or more card types among cards in your graveyard"
    assert if_test(phrase, defending=True, it_is_source=True) == want
    assert graveyard_test(phrase) == want


def test_gouged_zealot_counts_a_kindred_card_once_per_type() -> None:
    # Bitterblossom is a Kindred Enchantment (two card types, 205.2a); with Grizzly Bears and
    # a Forest that is four types, so "1 damage to each creature defending player controls"
    # (603.4) kills Llanowar Elves; without the Forest (three types) nothing triggers.
    def zealot(graveyard: list[str]) -> dict[str, Any]:
        players = [{"name": "Alice", "life": 20, "graveyard": graveyard}, {"name": "Bob", "life": 20}]
        return play([perm("z", "Gouged Zealot", "Alice"), perm("elf", "Llanowar Elves", "Bob")],
                    {"z": "Bob"}, players=players)

    assert zealot(["Bitterblossom", "Grizzly Bears", "Forest"])["outcome"]["destroyed"] == ["elf"]
    assert zealot(["Bitterblossom", "Grizzly Bears"])["outcome"]["destroyed"] == []


# ----------------------------------------------------------------- if_tests.py


def _players(alice: dict[str, Any] | None = None, bob: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [{"name": "Alice", "life": 20, **(alice or {})}, {"name": "Bob", "life": 20, **(bob or {})}]


def test_first_combat_phase_is_decided_by_combat_number() -> None:
    # "if it's the first combat phase of the turn" (505.1, 500.8): an IfTest decided from the
    # scenario's combat_number (Karlach's effects add a combat phase, which is not played).
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import IfTest

    got = if_test("it's the first combat phase of the turn", defending=True, it_is_source=True)
    assert got == IfTest("first_combat")
    yours = if_test("it's the first combat phase of your turn", defending=True, it_is_source=True)
    assert yours == IfTest("first_combat", none=True)


def test_bloodhall_priest_hellbent_reads_the_stated_hand() -> None:
    # "Whenever this creature attacks, if you have no cards in hand, it deals 2 damage to any
    # target" (603.4): with a stated empty hand it kills Bob's Grizzly Bears (its target);
    # with a card in hand it doesn't trigger.
    perms = [perm("p", "Bloodhall Priest", "Alice"), perm("g", "Grizzly Bears", "Bob")]
    choice = [{"source": "p", "window": "attack", "target": "g"}]
    empty = play(perms, {"p": "Bob"}, trigger_choices=choice, players=_players({"hand": []}))
    assert empty["outcome"]["destroyed"] == ["g"] and empty["not_played"] == []
    held = play(perms, {"p": "Bob"}, players=_players({"hand": ["Shock"]}))
    assert held["outcome"]["destroyed"] == [] and held.get("triggers", []) == []
    # h34 (was: unstated = empty, so it fired on every scenario): unstated, the hand is
    # unknown: the ability is not played (the Bears live, Bob takes the Priest's 4) and listed.
    unknown = play(perms, {"p": "Bob"}, trigger_choices=choice)
    assert unknown["outcome"]["destroyed"] == [] and unknown["outcome"]["life"]["Bob"] == 16
    assert unknown["triggers"][0]["result"] == (
        'not played: players[].hand not stated (Alice\'s hand decides "you have no cards in hand"; '
        '603.4, 608.2c)')
    assert [(n["id"], n["kind"]) for n in unknown["not_played"]] == [("p", "triggered")]


def test_reaper_of_night_flies_against_a_small_hand() -> None:
    # "if defending player has two or fewer cards in hand, it gains flying until end of
    # turn" (603.4, 702.9b): Bob's two cards — Grizzly Bears can't block it (illegal block);
    # with three cards the block stands.
    perms = [perm("r", "Reaper of Night", "Alice"), perm("g", "Grizzly Bears", "Bob")]
    two = play(perms, {"r": "Bob"}, {"g": ["r"]}, players=_players(bob={"hand": ["Shock", "Opt"]}),
               triggers_resolved=[])
    three = play(perms, {"r": "Bob"}, {"g": ["r"]}, triggers_resolved=[],
                 players=_players(bob={"hand": ["Shock", "Opt", "Forest"]}))
    assert [x["source"] for x in two["illegal_blocks"]] == ["Grizzly Bears (g)"]
    assert three["illegal_blocks"] == []


def test_polis_crusher_destroys_an_enchantment_only_when_monstrous() -> None:
    # "if this creature is monstrous, destroy target enchantment that player controls"
    # (701.37b: a designation the scenario states in conditions; unstated, it isn't).
    perms = [perm("c", "Polis Crusher", "Alice"), perm("e", "Glorious Anthem", "Bob")]
    plain = play(perms, {"c": "Bob"})
    assert "e" not in plain["outcome"]["destroyed"]
    perms[0]["conditions"] = {"monstrous": True}
    big = play(perms, {"c": "Bob"}, trigger_choices=[{"source": "c", "window": "regular",
                                                       "target": "e"}])
    assert "e" in big["outcome"]["destroyed"]


def test_mausoleum_harpy_city_blessing_stated_or_ten_permanents() -> None:
    # "Whenever another creature you control dies, if you have the city's blessing, put a
    # +1/+1 counter on this creature" (702.131): Alice's Grizzly Bears dies blocked by Hill
    # Giant. Unstated with three permanents: no counter; stated: a counter; with ten
    # permanents ascend gives the blessing at once (702.131b).
    def harpy(conditions: dict[str, bool], lands: int) -> dict[str, Any]:
        perms = [perm("h", "Mausoleum Harpy", "Alice", conditions=conditions),
                 perm("b", "Grizzly Bears", "Alice"), perm("x", "Hill Giant", "Bob")]
        perms += [perm(f"l{i}", "Swamp", "Alice") for i in range(lands)]
        return play(perms, {"b": "Bob"}, {"x": ["b"]}, triggers_resolved=["attack"])

    def counters(got: dict[str, Any]) -> int:
        return got["outcome"].get("counters", {}).get("h", {}).get("+1/+1", 0)

    assert counters(harpy({}, 1)) == 0
    assert counters(harpy({"city's blessing": True}, 1)) == 1
    assert counters(harpy({}, 8)) == 0  # nine permanents once the Bears died
    assert counters(harpy({}, 9)) == 1  # the Harpy and nine Swamps: ten permanents


def test_kazuul_triggers_only_when_its_controller_is_attacked() -> None:
    # "Whenever a creature an opponent controls attacks, if you're the defending player,
    # create a 3/3 red Ogre creature token unless that creature's controller pays {3}"
    # (506.2): Alice (no mana) attacks Bob with Grizzly Bears — Bob gets an Ogre; attacking
    # Carol instead, Bob's Kazuul doesn't trigger.
    perms = [perm("k", "Kazuul, Tyrant of the Cliffs", "Bob"), perm("g", "Grizzly Bears", "Alice")]
    three = [{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}]
    at_bob = play(perms, {"g": "Bob"}, players=three)
    at_carol = play(perms, {"g": "Carol"}, players=three)
    assert [t["source"] for t in at_bob["triggers"]] == ["k"]
    assert at_carol.get("triggers", []) == []


def test_battle_angels_of_tyr_gain_life_only_from_the_leader() -> None:
    # "Then you gain 3 life if that player has more life than each other player" (119): Bob
    # at 30 is dealt 4 (26 > Alice's 20): Alice gains 3; Bob at 22 (18 after) doesn't lead.
    angels = [perm("a", "Battle Angels of Tyr", "Alice")]
    rich = play(angels, {"a": "Bob"}, players=_players(bob={"life": 30}))
    assert rich["outcome"]["life"] == {"Alice": 23, "Bob": 26}
    poor = play(angels, {"a": "Bob"}, players=_players(bob={"life": 22}))
    assert poor["outcome"]["life"] == {"Alice": 20, "Bob": 18}


def test_spectral_bears_reads_black_nontoken_permanents() -> None:
    # "if defending player controls no black nontoken permanents, it doesn't untap during
    # your next untap step" (603.4, 502.3): no black permanent — the trigger resolves; Bob's
    # Vampire Nighthawk (black) — no trigger.
    bears = perm("s", "Spectral Bears", "Alice")
    free = play([bears], {"s": "Bob"})
    assert [t["source"] for t in free["triggers"]] == ["s"]
    hawk = play([bears, perm("v", "Vampire Nighthawk", "Bob")], {"s": "Bob"})
    assert hawk.get("triggers", []) == []


def test_rufus_shinra_makes_darkstar_once() -> None:
    # "if you don't control a creature named Darkstar, create Darkstar, a legendary 2/2
    # white and black Dog creature token" (603.4): no Darkstar — the token is made.
    got = play([perm("r", "Rufus Shinra", "Alice")], {"r": "Bob"})
    assert [t["source"] for t in got["triggers"]] == ["r"]
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import IfTest
    from redzone.models.ability_base import Quality

    assert if_test("you don't control a creature named Darkstar", defending=True,
                   it_is_source=True) == IfTest("you_control", 1, Quality(
                       types=("Creature",), names=("Darkstar",)), none=True)


# ----------------------------------------------------------------- "E1. If C, E2 instead" (608.2c)


def _counters(got: dict[str, Any], pid: str) -> int:
    return got["outcome"].get("counters", {}).get(pid, {}).get("+1/+1", 0)


def test_elder_cathar_two_counters_on_a_human() -> None:
    # "When this creature dies, put a +1/+1 counter on target creature you control. If that
    # creature is a Human, put two +1/+1 counters on it instead": Elder Cathar blocks Hill
    # Giant and dies; Elite Vanguard (a Human) gets two, Grizzly Bears one.
    def cathar(target: str) -> dict[str, Any]:
        perms = [perm("c", "Elder Cathar", "Bob"), perm("v", "Elite Vanguard", "Bob"),
                 perm("b", "Grizzly Bears", "Bob"), perm("g", "Hill Giant", "Alice")]
        return play(perms, {"g": "Bob"}, {"c": ["g"]}, triggers_resolved=["attack", "block"],
                    trigger_choices=[{"source": "c", "window": "regular", "target": target}])

    human = cathar("v")
    assert "c" in human["outcome"]["destroyed"] and _counters(human, "v") == 2
    bear = cathar("b")
    assert _counters(bear, "b") == 1 and _counters(bear, "v") == 0


def test_purifying_dragon_deals_two_to_a_zombie() -> None:
    # "it deals 1 damage to target creature defending player controls. If that creature is a
    # Zombie, this creature deals 2 damage to it instead": Walking Corpse (2/2 Zombie) dies;
    # Grizzly Bears (2/2) survives 1 damage.
    def dragon(target: str, card: str) -> dict[str, Any]:
        return play([perm("d", "Purifying Dragon", "Alice"), perm(target, card, "Bob")],
                    {"d": "Bob"}, trigger_choices=[{"source": "d", "window": "attack",
                                                    "target": target}])

    assert dragon("z", "Walking Corpse")["outcome"]["destroyed"] == ["z"]
    assert dragon("b", "Grizzly Bears")["outcome"]["destroyed"] == []


def test_ugluk_counts_a_goblin_twice() -> None:
    # "Whenever another creature you control dies, put a +1/+1 counter on Uglúk. If that
    # creature was a Goblin or Orc, put two +1/+1 counters on Uglúk instead" (608.2h: as it
    # last existed): Raging Goblin dies blocked by Hill Giant — two counters; Grizzly Bears — one.
    def ugluk(card: str) -> int:
        perms = [perm("u", "Uglúk of the White Hand", "Alice"), perm("x", card, "Alice"),
                 perm("g", "Hill Giant", "Bob")]
        got = play(perms, {"x": "Bob"}, {"g": ["x"]}, triggers_resolved=["attack", "block"])
        assert "x" in got["outcome"]["destroyed"]
        return _counters(got, "u")

    assert ugluk("Raging Goblin") == 2
    assert ugluk("Grizzly Bears") == 1


def test_urdnan_double_strike_with_two_counters() -> None:
    # "target attacking creature with a +1/+1 counter on it gains first strike until end of
    # turn. If that creature has two or more +1/+1 counters on it, it gains double strike ...
    # instead" (702.4b): Grizzly Bears with two counters (4/4) unblocked deals 4 twice; with
    # one counter (3/3) first strike deals 3 once.
    def urdnan(n: int) -> int:
        perms = [perm("u", "Urdnan, Dromoka Warrior", "Alice"),
                 perm("b", "Grizzly Bears", "Alice", counters={"+1/+1": n})]
        got = play(perms, {"b": "Bob"}, trigger_choices=[{"source": "u", "window": "attack",
                                                          "target": "b"}])
        return got["outcome"]["life"]["Bob"]

    assert urdnan(2) == 12
    assert urdnan(1) == 17


def test_slimy_piper_bigger_with_four_creatures() -> None:
    # "it gets +1/+1 until end of turn. If you control four or more creatures, it gets +2/+2
    # and gains indestructible until end of turn instead": with three Grizzly Bears it deals
    # 4 to Bob; alone 3.
    alone = play([perm("p", "Slimy Piper", "Alice")], {"p": "Bob"})
    assert alone["outcome"]["life"]["Bob"] == 17
    bears = [perm(f"b{i}", "Grizzly Bears", "Alice") for i in range(3)]
    crowd = play([perm("p", "Slimy Piper", "Alice"), *bears], {"p": "Bob"})
    assert crowd["outcome"]["life"]["Bob"] == 16


def test_hazardroot_herbalist_also_reads_as_a_condition_after_the_pump() -> None:
    # "target creature you control gets +1/+0 until end of turn. If that creature is a token,
    # it also gains deathtouch until end of turn": the pump, then a Conditional on the target.
    from tests.trigger_play import read as read_card
    from redzone.models.triggers.types import Conditional, GainKeywords, Pump

    (ability,) = read_card("Hazardroot Herbalist")
    pump, cond = ability.effects
    assert isinstance(pump, Pump) and isinstance(cond, Conditional)
    assert cond.test.kind == "target_is" and cond.test.quality is not None
    assert cond.test.quality.token is True and cond.otherwise == ()
    assert isinstance(cond.effects[0], GainKeywords) and cond.effects[0].keywords == ("deathtouch",)


# ----------------------------------------------------------------- "E unless P sacrifices X" (118.12)


def test_tomb_blade_life_loss_unless_a_creature_is_sacrificed() -> None:
    # "that player loses life equal to the number of creatures they control unless they
    # sacrifice a creature of their choice": Bob (two Grizzly Bears) takes 5 combat damage;
    # sacrificing one Bears he stays at 15, refusing he loses 2 more (13).
    perms = [perm("t", "Tomb Blade", "Alice"), perm("b1", "Grizzly Bears", "Bob"),
             perm("b2", "Grizzly Bears", "Bob")]

    def blade(pays: bool) -> dict[str, Any]:
        return play(perms, {"t": "Bob"}, trigger_choices=[{"source": "t", "window": "regular",
                                                           "may": pays}])

    paid = blade(True)
    assert paid["outcome"]["destroyed"] == ["b1"] and paid["outcome"]["life"]["Bob"] == 15
    refused = blade(False)
    assert refused["outcome"]["destroyed"] == [] and refused["outcome"]["life"]["Bob"] == 13


def test_thing_from_the_deep_sacrificed_unless_an_island_is() -> None:
    # "Whenever this creature attacks, sacrifice it unless you sacrifice an Island": with the
    # Island sacrificed it deals 9 (Bob 11); refusing, it is sacrificed before damage.
    perms = [perm("d", "Thing from the Deep", "Alice"), perm("i", "Island", "Alice")]

    def deep(pays: bool) -> dict[str, Any]:
        return play(perms, {"d": "Bob"}, trigger_choices=[{"source": "d", "window": "attack",
                                                           "may": pays}])

    paid = deep(True)
    assert paid["outcome"]["destroyed"] == ["i"] and paid["outcome"]["life"]["Bob"] == 11
    refused = deep(False)
    assert refused["outcome"]["destroyed"] == ["d"] and refused["outcome"]["life"]["Bob"] == 20
    # with no Island to sacrifice there is no choice to make (118.3): it is sacrificed
    alone = play([perm("d", "Thing from the Deep", "Alice")], {"d": "Bob"})
    assert alone["outcome"]["destroyed"] == ["d"]


def test_ogre_marauder_unblockable_unless_defending_player_sacrifices() -> None:
    # "it gains "this creature can't be blocked" until end of turn unless defending player
    # sacrifices a creature of their choice" (509.1b): refusing, Bob's Grizzly Bears can't
    # block it; paying, the Bears are sacrificed in the attack window.
    perms = [perm("o", "Ogre Marauder", "Alice"), perm("b", "Grizzly Bears", "Bob")]

    def ogre(pays: bool) -> dict[str, Any]:
        return play(perms, {"o": "Bob"}, {"b": ["o"]}, triggers_resolved=[],
                    trigger_choices=[{"source": "o", "window": "attack", "may": pays}])

    refused = ogre(False)
    assert [x["kind"] for x in refused["illegal_blocks"]] == ["unable"]
    assert "b" in ogre(True)["outcome"]["destroyed"]


def test_koll_returns_a_card_whatever_the_condition() -> None:
    # "if it was enchanted or equipped, return it to its owner's hand": the card of a creature
    # that died goes from a graveyard to a hand, a value whatever the condition (608.2c).
    from tests.trigger_play import read as read_card
    from redzone.models.triggers.types import ValueOnly

    (ability,) = read_card("Koll, the Forgemaster")
    assert all(isinstance(e, ValueOnly) for e in ability.effects)


# ----------------------------------------------------------------- the creature of the event


def test_wilhelt_makes_a_zombie_for_one_without_decayed() -> None:
    # "Whenever another Zombie you control dies, if it didn't have decayed, create a 2/2
    # black Zombie creature token with decayed" (603.4, 608.2h): Walking Corpse dies blocked
    # by Hill Giant — a token.
    got = play([perm("w", "Wilhelt, the Rotcleaver", "Alice"), perm("z", "Walking Corpse", "Alice"),
                perm("h", "Hill Giant", "Bob")], {"z": "Bob"}, {"h": ["z"]},
               triggers_resolved=["attack", "block"])
    assert [t["source"] for t in got["triggers"]] == ["w"]
    assert "created 1 2/2 Zombie token" in got["triggers"][0]["result"]


def test_rhoda_ignores_creatures_tapped_as_they_attack() -> None:
    # "Whenever a creature an opponent controls becomes tapped, if it isn't being declared as
    # an attacker, put a +1/+1 counter on Rhoda" (508.1f): Grizzly Bears tapped by attacking
    # triggers nothing.
    got = play([perm("r", "Rhoda, Geist Avenger", "Bob"), perm("b", "Grizzly Bears", "Alice")],
               {"b": "Bob"})
    assert got.get("triggers", []) == [] and _counters(got, "r") == 0
    from tests.trigger_play import read as read_card

    (ability,) = [t for t in read_card("Rhoda, Geist Avenger") if t.event == "becomes_tapped"]
    assert ability.intervening is not None and ability.intervening.test is not None
    assert ability.intervening.test.kind == "not_declared_tapped"


def test_taeko_counts_only_creatures_that_did_not_die() -> None:
    # "Whenever another creature you control leaves the battlefield, if it didn't die, scry 1
    # and put a +1/+1 counter on Taeko" (700.4): Grizzly Bears dying blocked gives nothing.
    got = play([perm("t", "Taeko, the Patient Avalanche", "Alice"), perm("b", "Grizzly Bears", "Alice"),
                perm("h", "Hill Giant", "Bob")], {"b": "Bob"}, {"h": ["b"]},
               triggers_resolved=["attack", "block"])
    assert "b" in got["outcome"]["destroyed"] and _counters(got, "t") == 0
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import IfTest

    assert if_test("it didn't die", defending=False, it_is_source=False,
                   it_is_trigger=True) == IfTest("trigger_not_died")
    # the condition scopes over both clauses (608.2c): one Conditional, scry and counter
    from tests.trigger_play import read as read_card
    from redzone.models.triggers.types import Conditional

    (leaves,) = [t for t in read_card("Taeko, the Patient Avalanche") if t.event == "leaves"]
    (cond,) = leaves.effects
    assert isinstance(cond, Conditional) and len(cond.effects) == 2


def test_fear_of_the_dark_reads_a_creature_type_the_defender_lacks() -> None:
    # "if defending player controls no Glimmer creatures, it gains menace and deathtouch":
    # Grizzly Bears alone can't block it (menace, 702.111b).
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import IfTest
    from redzone.models.ability_base import Quality

    assert if_test("defending player controls no Glimmer creatures", defending=True,
                   it_is_source=True) == IfTest("defending_controls", 1, Quality(
                       types=("Creature",), subtypes=("Glimmer",)), none=True)
    got = play([perm("f", "Fear of the Dark", "Alice"), perm("b", "Grizzly Bears", "Bob")],
               {"f": "Bob"}, {"b": ["f"]}, triggers_resolved=[])
    assert [x["source"] for x in got["illegal_blocks"]] == ["Fear of the Dark (f) (menace)"]


def test_festering_newt_minus_four_with_bogbrew_witch() -> None:
    # "target creature an opponent controls gets -1/-1 until end of turn. That creature gets
    # -4/-4 instead if you control a creature named Bogbrew Witch" (the replaced pump's
    # duration): Newt dies blocked by Hill Giant (3/3, 1 damage marked); -1/-1 leaves it 2/2
    # alive, -4/-4 kills it.
    def newt(witch: bool) -> dict[str, Any]:
        perms = [perm("n", "Festering Newt", "Alice"), perm("g", "Hill Giant", "Bob")]
        if witch:
            perms.append(perm("w", "Bogbrew Witch", "Alice"))
        return play(perms, {"n": "Bob"}, {"g": ["n"]}, triggers_resolved=["attack", "block"],
                    trigger_choices=[{"source": "n", "window": "regular", "target": "g"}])

    assert newt(False)["outcome"]["destroyed"] == ["n"]
    assert sorted(newt(True)["outcome"]["destroyed"]) == ["g", "n"]


def test_rampaging_geoderm_and_nontoken_pirate_conditions_read() -> None:
    # "If it's attacking a battle, put a +1/+1 counter on it instead" (a test of the target,
    # 506.2) and "if you control another nontoken Pirate" (111.1).
    from tests.trigger_play import read as read_card
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import Conditional, IfTest
    from redzone.models.ability_base import Quality

    (ability,) = [t for t in read_card("Rampaging Geoderm") if t.event == "you_attack"]
    (cond,) = ability.effects
    assert isinstance(cond, Conditional) and cond.test == IfTest("target_is", measure="attacking_battle")
    assert if_test("you control another nontoken Pirate", defending=True, it_is_source=True) == \
        IfTest("you_control", 1, Quality(subtypes=("Pirate",), token=False), other=True)


def test_kiora_may_create_scion_of_the_deep_with_threshold() -> None:
    # "if there are seven or more cards in your graveyard, you may create Scion of the Deep, a
    # legendary 8/8 blue Octopus creature token" (603.4 intervening "if", 603.5 "you may"):
    # seven cards and taken — the token; declined — none; six cards — no trigger.
    def kiora(cards: int, may: bool | None) -> dict[str, Any]:
        players = _players({"graveyard": ["Forest"] * cards})
        choices = [] if may is None else [{"source": "k", "window": "attack", "may": may}]
        return play([perm("k", "Kiora, the Rising Tide", "Alice")], {"k": "Bob"},
                    players=players, trigger_choices=choices)

    taken = kiora(7, True)
    assert "created 1 8/8 Octopus token" in taken["triggers"][0]["result"]
    declined = kiora(7, False)
    assert "created" not in declined["triggers"][0]["result"]
    assert kiora(6, None).get("triggers", []) == []


def test_reveille_squad_untaps_blockers_only_while_untapped() -> None:
    # "Whenever one or more creatures attack you, if this creature is untapped, you may untap
    # all creatures you control" (603.4, 509.1a): Bob's tapped Grizzly Bears can then block;
    # with the Squad tapped nothing triggers and the block is illegal.
    def squad(tapped: bool) -> dict[str, Any]:
        perms = [perm("s", "Reveille Squad", "Bob", tapped=tapped),
                 perm("b", "Grizzly Bears", "Bob", tapped=True), perm("g", "Hill Giant", "Alice")]
        return play(perms, {"g": "Bob"}, {"b": ["g"]}, triggers_resolved=[],
                    trigger_choices=[] if tapped else [{"source": "s", "window": "attack", "may": True}])

    awake = squad(False)
    assert awake["illegal_blocks"] == [] and "b" in awake["outcome"]["destroyed"]
    asleep = squad(True)
    assert [x["source"] for x in asleep["illegal_blocks"]] == ["Grizzly Bears (b)"]


def _celebrant(combat_number: int, **conditions: bool) -> dict[str, Any]:
    s = {"active_player": "Alice", "combat_number": combat_number,
         "players": [{"name": "Alice"}, {"name": "Bob"}],
         "permanents": [{"card": "Combat Celebrant", "controller": "Alice",
                         "conditions": conditions},
                        {"card": "Glory-Bound Initiate", "controller": "Alice"}],
         "combat": {"attackers": {"combat-celebrant": "Bob", "glory-bound-initiate": "Bob"},
                    "blockers": {}}}
    return run_command("damage", s, {}).to_json()


def test_a_conditional_exert_in_a_later_combat_is_not_exerted_unless_stated() -> None:
    # 701.43a: "If this creature hasn't been exerted this turn, you may exert it as it
    # attacks" (Combat Celebrant). In the turn's second combat (505.1, combat_number 2) the
    # scenario doesn't say whether it was exerted in the first: it is not exerted (never
    # exerting is a legal choice) and the line says why; stated, the statement holds. (Glory-
    # Bound Initiate, exerted: 4/4 lifelink, opens the attack window.)
    def exert_lines(out: dict[str, Any]) -> list[str]:
        return [r["result"] for r in out["triggers"]
                if r["source"] == "combat-celebrant"]

    later = _celebrant(2)
    assert later["outcome"]["life"]["Bob"] == 12  # 4 + 4 unblocked damage (510.1c)
    assert exert_lines(later) == ["not exerted: whether it was exerted in an earlier combat "
                                  "this turn is not stated (conditions.exerted)"]
    # h35: exerted, its "When you do" untaps Glory-Bound Initiate and adds a combat phase
    # after this one (a value, 500.8)
    assert exert_lines(_celebrant(2, exerted=True)) == [
        "exerted as it attacks (701.43a)",
        "glory-bound-initiate untapped; extra combat (no effect on combat)"]
    first = exert_lines(_celebrant(1))
    assert len(first) in (1, 2) and "not stated" not in first[0]  # h35: 2 when exerted


def test_strict_refuses_a_condition_the_scenario_does_not_decide() -> None:
    # docs/scenario-format.md: --strict makes a sentence not read an error; a static whose
    # condition the scenario doesn't decide (611.3a: Frank at home in a second combat, 505.1)
    # is such a sentence (the new-user trial found --strict answering it). Its note gets no
    # "unknown word" hint: the words are redzone's own.
    from redzone.models.board import build_board
    from redzone.models.errors import UnparsedTextError
    from redzone.models.parser.words import hint

    s = parse_scenario({"active_player": "Alice", "combat_number": 2,
                        "players": [{"name": "Alice"}, {"name": "Bob"}],
                        "permanents": [{"id": "f", "card": "Agent Frank Horrigan", "controller": "Alice"},
                                       {"id": "b", "card": "Grizzly Bears", "controller": "Alice"}],
                        "combat": {"attackers": {"b": "Bob"}, "blockers": {}}})
    with pytest.raises(UnparsedTextError, match="condition not decided"):
        build_board(s, strict=True)
    note = build_board(s).permanents["f"].parsed.unparsed
    assert len(note) == 1 and hint(note[0]) == ""
