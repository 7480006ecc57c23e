"""More trigger conditions of combat (issue 21, h12): die rolls are not deaths, more self
names, "~ deals damage to a Vampire", "blocks two or more creatures", "with defender
blocks", "power equal to its toughness", "a renowned creature", "deals combat damage to its
owner" ... Real cards on small boards played by ``damage``; each answer worked out by hand
from the rules (CR cited)."""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.classify import in_combat, normalise
from redzone.models.triggers.parse import parse_triggers
from trigger_play import damage, perm as _p


def _fired(answer: dict[str, Any]) -> list[str]:
    return [t["source"] for t in answer.get("triggers", [])]


# ================================================== what is a trigger of combat


def test_rolling_a_die_is_not_a_creature_dying() -> None:
    # 706.1 (a die is rolled), 700.4 ("dies": put into a graveyard from the battlefield):
    # "on a die" is the noun; nothing in the play of combat rolls a die, so these abilities
    # are not triggers of combat. A creature dying still is.
    assert not in_combat("Whenever you roll a 5 or higher on a die, this creature gains "
                         "trample until end of turn.", ("Ground Pounder",))
    assert not in_combat("Whenever a 6 is rolled on a six-sided die, put a +1/+1 counter on "
                         "each Bird.", ("Chicken à la King",))
    assert not in_combat("Whenever you roll your third die each turn, put a +1/+1 counter on "
                         "this creature.", ("Resolute Veggiesaur",))
    assert in_combat("Whenever one or more other creatures you control die, draw a card.")


def test_more_forms_of_the_cards_own_name_are_the_source() -> None:
    # 201.5: a card's text refers to itself by its name; the printed short forms.
    assert normalise("Whenever Jedit Ojanen attacks or blocks, create a 2/2 green Cat "
                     "Warrior creature token with forestwalk.", ("Jedit Ojanen of Efrava",)) \
        == "Whenever ~ attacks or blocks, create a 2/2 green Cat Warrior creature token with forestwalk."
    assert normalise("Whenever Vela or another creature you control leaves the battlefield, "
                     "each opponent loses 1 life.", ("Vela the Night-Clad",)).startswith(
        "Whenever ~ or another creature you control leaves")
    assert normalise("Whenever the The Caffeinated Runner enters or attacks, create a Food "
                     "token.", ("The Caffeinated Runner",)).startswith("Whenever ~ enters")


def test_vela_another_creature_you_control_dies() -> None:
    # 603.6c, 603.10a: Alice's Grizzly Bears (2/2) attack and are blocked by Bob's Hill Giant
    # (3/3): the Bears die (704.5g) and leave the battlefield; Vela's "Vela or another
    # creature you control leaves the battlefield, each opponent loses 1 life": Bob 19.
    got = damage([_p("vela", "Vela the Night-Clad", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                  _p("giant", "Hill Giant", "Bob")], {"bears": "Bob"}, {"giant": ["bears"]})
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}
    assert _fired(got) == ["vela"]


# ================================================== "~ deals damage to a Vampire"


def test_vampire_slayer_destroys_the_vampire_it_damaged_even_as_it_dies() -> None:
    # 510.2, 603.2: Vampire Slayer (2/2) is blocked by Sengir Vampire (4/4, a Vampire): both
    # deal combat damage at once; the Slayer dies (704.5g) but its ability triggered on the
    # damage event and resolves: "destroy that creature" — the Vampire it dealt damage to
    # (701.8). Both are destroyed. (Sengir's own "a creature dealt damage by ~ this turn
    # dies" triggers for the Slayer too; Bob's ability is put on the stack last and resolves
    # first, 603.3b.)
    got = damage([_p("slayer", "Vampire Slayer", "Alice"), _p("sengir", "Sengir Vampire", "Bob")],
                 {"slayer": "Bob"}, {"sengir": ["slayer"]})
    assert sorted(got["outcome"]["destroyed"]) == ["sengir", "slayer"]
    assert _fired(got) == ["sengir", "slayer"]


def test_vampire_slayer_ignores_a_creature_that_is_no_vampire() -> None:
    # The blocker (Hill Giant) is not a Vampire: no trigger; the Slayer (2/2) dies to its 3
    # damage and the Giant survives with 2 damage.
    got = damage([_p("slayer", "Vampire Slayer", "Alice"), _p("giant", "Hill Giant", "Bob")],
                 {"slayer": "Bob"}, {"giant": ["slayer"]})
    assert got["outcome"]["destroyed"] == ["slayer"]
    assert "triggers" not in got


def test_flesh_reaver_hurts_its_controller_for_the_damage_it_deals() -> None:
    # Flesh Reaver (4/4) unblocked: 4 combat damage to Bob (an opponent), "~ deals that much
    # damage to you" (120.3): Alice 16, Bob 16.
    got = damage([_p("reaver", "Flesh Reaver", "Alice")], {"reaver": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 16, "Bob": 16}
    # blocked by a Hill Giant (3/3): 4 damage to a creature, Alice takes 4; the Giant dies.
    got = damage([_p("reaver", "Flesh Reaver", "Alice"), _p("giant", "Hill Giant", "Bob")],
                 {"reaver": "Bob"}, {"giant": ["reaver"]})
    assert got["outcome"]["life"] == {"Alice": 16, "Bob": 20}
    assert got["outcome"]["destroyed"] == ["giant"]


# ================================================== blocks


def test_lairwatch_giant_blocking_two_creatures_gains_first_strike() -> None:
    # 509.1a (it can block an additional creature), then "whenever ~ blocks two or more
    # creatures, it gains first strike" (702.7): Lairwatch Giant (5/3) blocking two Grizzly
    # Bears (2/2) deals its 5 damage first, killing both (2 + 2 <= 5) before they strike:
    # it survives.
    got = damage([_p("b1", "Grizzly Bears", "Alice"), _p("b2", "Grizzly Bears", "Alice"),
                  _p("lair", "Lairwatch Giant", "Bob")], {"b1": "Bob", "b2": "Bob"},
                 {"lair": ["b1", "b2"]})
    assert sorted(got["outcome"]["destroyed"]) == ["b1", "b2"]
    assert _fired(got) == ["lair"]


def test_lairwatch_giant_blocking_one_creature_gains_nothing() -> None:
    # One creature blocked: no trigger; Bears (2/2) and Giant (5/3) trade 2 and 5 damage:
    # only the Bears die.
    got = damage([_p("b1", "Grizzly Bears", "Alice"), _p("lair", "Lairwatch Giant", "Bob")],
                 {"b1": "Bob"}, {"lair": ["b1"]})
    assert got["outcome"]["destroyed"] == ["b1"]
    assert "triggers" not in got


def test_perimeter_captain_a_creature_with_defender_blocks() -> None:
    # Bob's Wall of Stone (0/8, defender) blocks; Perimeter Captain (Bob's): "you may gain 2
    # life" — Bob's choice, played as the worst for the attacker (docs/triggers.md): Bob 22.
    got = damage([_p("bears", "Grizzly Bears", "Alice"), _p("wall", "Wall of Stone", "Bob"),
                  _p("captain", "Perimeter Captain", "Bob")], {"bears": "Bob"}, {"wall": ["bears"]})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 22}
    assert _fired(got) == ["captain"]


# ================================================== qualities of the creature


def test_master_symmetrist_power_equal_to_toughness_gains_trample() -> None:
    # Grizzly Bears (2/2: power equals toughness) attack: "it gains trample" (702.19): blocked
    # by Llanowar Elves (1/1), 1 damage is assigned to the blocker and 1 tramples over.
    got = damage([_p("sym", "Master Symmetrist", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                  _p("elves", "Llanowar Elves", "Bob")], {"bears": "Bob"}, {"elves": ["bears"]},
                 triggers_resolved=[])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}
    assert _fired(got) == ["sym"]
    # Savannah Lions (2/1): power is not its toughness, no trigger.
    got = damage([_p("sym", "Master Symmetrist", "Alice"), _p("ape", "Savannah Lions", "Alice")],
                 {"ape": "Bob"})
    assert "triggers" not in got  # Savannah Lions is 2/1


def test_aragorn_doubles_the_counters_of_a_renowned_creature() -> None:
    # Alice's Grizzly Bears, renowned already (702.112b) with one +1/+1 counter (3/3),
    # attack unblocked (Aragorn grants first strike to attackers): 3 damage, then "double the
    # number of +1/+1 counters on it" (701.10e) -> two counters (4/4) before the regular step
    # (it has first strike only, so no second damage): Bob 17.
    got = damage([_p("aragorn", "Aragorn, Hornburg Hero", "Alice"),
                  _p("bears", "Grizzly Bears", "Alice", counters={"+1/+1": 1},
                     conditions={"renowned": True})], {"bears": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
    assert "aragorn" in _fired(got)


def test_the_beast_a_creature_deals_combat_damage_to_its_owner() -> None:
    # Alice controls Bob's Grizzly Bears (owner Bob) and attacks Bob with them: combat damage
    # to its owner triggers The Beast (Bob's): "untap The Beast and draw a card".
    got = damage([_p("bears", "Grizzly Bears", "Alice", owner="Bob"),
                  _p("beast", "The Beast, Deathless Prince", "Bob", tapped=True)], {"bears": "Bob"})
    assert _fired(got) == ["beast"]
    # Alice's own Bears: Bob is not their owner, no trigger.
    got = damage([_p("bears", "Grizzly Bears", "Alice"),
                  _p("beast", "The Beast, Deathless Prince", "Bob", tapped=True)], {"bears": "Bob"})
    assert "triggers" not in got


def test_readings_of_historic_and_mana_value() -> None:
    # 700.6: historic = legendary, artifact or Saga; 202.3 mana value.
    (aya,) = parse_triggers("Whenever a historic creature you control deals combat damage to a "
                            "player, create a 1/1 black Assassin creature token with menace.",
                            ("Aya of Alexandria",))
    assert "historic" in aya.watch.extra
    got = parse_triggers("Whenever this creature or another creature you control with mana "
                         "value 4 or greater dies, create two 1/1 green and white Citizen "
                         "creature tokens.", ("Caldaia Guardian",))
    assert [t.watch.extra for t in got] == [(), ("mv_at_least:4",)]


# ================================================== a player attacks (508.1)


def _players(alice: int = 20, bob: int = 20) -> list[dict[str, Any]]:
    return [{"name": "Alice", "life": alice}, {"name": "Bob", "life": bob}]


def _bears(n: int, controller: str = "Alice") -> list[dict[str, Any]]:
    return [_p(f"b{i}", "Grizzly Bears", controller) for i in range(1, n + 1)]


def test_aurelia_the_law_above_counts_the_creatures_a_player_attacks_with() -> None:
    # 508.1, 603.2c: Alice attacks with five Grizzly Bears: "a player attacks with three or
    # more creatures" and "... five or more creatures" each trigger once. The second: 3
    # damage to each opponent and Alice gains 3 (120.3, 119.3); five unblocked Bears deal 10:
    # Bob 20 - 3 - 10 = 7, Alice 23.
    got = damage([_p("aurelia", "Aurelia, the Law Above", "Alice"), *_bears(5)],
                 {f"b{i}": "Bob" for i in range(1, 6)})
    assert got["outcome"]["life"] == {"Alice": 23, "Bob": 7}
    assert _fired(got) == ["aurelia", "aurelia"]
    # four attackers: only the draw (three or more): Bob 20 - 8 = 12
    got = damage([_p("aurelia", "Aurelia, the Law Above", "Alice"), *_bears(4)],
                 {f"b{i}": "Bob" for i in range(1, 5)})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 12}
    assert _fired(got) == ["aurelia"]


def test_everett_an_opponent_attacks_you_with_two_or_more_creatures() -> None:
    # Bob's Everett K. Ross: Alice attacks Bob with two creatures: one trigger (603.2c);
    # with one creature, none.
    got = damage([_p("ross", "Everett K. Ross, Hapless Attaché", "Bob"), *_bears(2)],
                 {"b1": "Bob", "b2": "Bob"})
    assert _fired(got) == ["ross"]
    got = damage([_p("ross", "Everett K. Ross, Hapless Attaché", "Bob"), *_bears(1)],
                 {"b1": "Bob"})
    assert "triggers" not in got


def test_flummoxed_cyclops_cant_block_after_two_opponents_creatures_attack() -> None:
    # Alice attacks with two Grizzly Bears: Bob's Flummoxed Cyclops "can't block this
    # combat" (509.1b) — the attack window resolves before blockers: its block is illegal.
    from redzone.models.triggers.parse import parse_triggers as _pt

    (t,) = _pt("Whenever two or more creatures your opponents control attack, this creature "
               "can't block this combat.", ("Flummoxed Cyclops",))
    assert t.event == "attacks" and t.once and t.watch.controller == "opponents"
    assert t.watch.extra == ("attacking_at_least:2:any",)
    got = damage([_p("cyc", "Flummoxed Cyclops", "Bob"), *_bears(2)], {"b1": "Bob", "b2": "Bob"})
    assert _fired(got) == ["cyc"]
    assert "can't block" in got["triggers"][0]["result"]


def test_preacher_of_the_schism_attacks_while_you_have_the_most_life() -> None:
    # Tied at 20 (603.2: checked as it attacks): both abilities trigger — a 1/1 lifelink
    # Vampire token, and "you draw a card and you lose 1 life": Alice 19; the Preacher (2/4)
    # deals 2: Bob 18.
    from redzone.solver.frontends.commands import run_command

    def play(alice: int) -> dict[str, Any]:
        scen = {"players": _players(alice, 20), "permanents": [_p("pr", "Preacher of the Schism", "Alice")],
                "combat": {"attackers": {"pr": "Bob"}, "blockers": {}}}
        return run_command("damage", scen, {}).to_json()

    got = play(20)
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 18}
    assert _fired(got) == ["pr", "pr"]
    # Alice at 15: Bob has the most life: only the token (Bob is the player with the most
    # life): Alice 15, Bob 18.
    got = play(15)
    assert got["outcome"]["life"] == {"Alice": 15, "Bob": 18}
    assert _fired(got) == ["pr"]


# ================================================== two events in one condition


def test_death_tyrant_an_attacking_creature_you_control_or_a_blocking_creature_dies() -> None:
    # Alice's Grizzly Bears attack, blocked by Bob's Hill Giant: the Bears die (an attacking
    # creature Alice controls): a 2/2 Zombie token for Alice. Alice's Hill Giant attacks,
    # blocked by Bob's Bears: the Bears die (a blocking creature an opponent controls): a
    # token too. Bob's Giant surviving triggers nothing.
    got = damage([_p("tyrant", "Death Tyrant", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                  _p("giant", "Hill Giant", "Bob")], {"bears": "Bob"}, {"giant": ["bears"]})
    assert got["outcome"]["destroyed"] == ["bears"]
    assert _fired(got) == ["tyrant"]
    got = damage([_p("tyrant", "Death Tyrant", "Alice"), _p("giant", "Hill Giant", "Alice"),
                  _p("bears", "Grizzly Bears", "Bob")], {"giant": "Bob"}, {"bears": ["giant"]})
    assert got["outcome"]["destroyed"] == ["bears"]
    assert _fired(got) == ["tyrant"]


def test_park_heights_maverick_reads_as_two_abilities() -> None:
    # "deals combat damage to a player or dies": two events, one ability each (603.2).
    got = parse_triggers("Whenever this creature deals combat damage to a player or dies, "
                         "proliferate.", ("Park Heights Maverick",))
    assert [t.event for t in got] == ["combat_damage_player", "dies"]


def test_spell_damage_is_never_a_trigger_of_combat() -> None:
    # Nothing casts a spell in the play of combat (its events: 508-511, 700.4), so "an
    # instant or sorcery spell you control deals damage" never triggers there; "~ or a
    # spell" still does through ~.
    assert not in_combat("Whenever an instant or sorcery spell you control deals damage to an "
                         "opponent, this creature deals that much damage to target creature that "
                         "player controls.", ("Satyr Firedancer",))
    assert in_combat("Whenever Syr Carah or an instant or sorcery spell you control deals damage "
                     "to a player, exile the top card of your library.", ("Syr Carah, the Bold",))


# ================================================== damage and counters


def test_tephraderm_deals_back_the_damage_a_creature_dealt_it() -> None:
    # Alice's Enormous Baloth (7/7) is blocked by Bob's Tephraderm (4/5): 7 damage kills the
    # Tephraderm, whose ability triggered on that damage and resolves though it left
    # (603.2, 608.2h): "deals that much damage to that creature" — 7 more to the Baloth,
    # which took 4 combat damage: 11 >= 7, it dies (without the trigger it would live).
    got = damage([_p("wurm", "Enormous Baloth", "Alice"), _p("teph", "Tephraderm", "Bob")],
                 {"wurm": "Bob"}, {"teph": ["wurm"]})
    assert sorted(got["outcome"]["destroyed"]) == ["teph", "wurm"]
    assert _fired(got) == ["teph"]


def test_zurgo_gets_a_counter_when_a_creature_it_damaged_dies() -> None:
    # Zurgo Helmsmasher (7/2, indestructible during Alice's turn) blocked by a Hill Giant
    # (3/3): the Giant dies; "a creature dealt damage by Zurgo this turn dies": +1/+1 counter.
    got = damage([_p("zurgo", "Zurgo Helmsmasher", "Alice"), _p("giant", "Hill Giant", "Bob")],
                 {"zurgo": "Bob"}, {"giant": ["zurgo"]})
    assert got["outcome"]["destroyed"] == ["giant"]
    assert got["outcome"]["counters"] == {"zurgo": {"+1/+1": 1}}


def test_necrogen_rotpriest_an_additional_poison_counter() -> None:
    # Bilious Skulldweller (toxic 1) unblocked: 1 damage and 1 poison counter (702.164c),
    # then Necrogen Rotpriest's "that player gets an additional poison counter": Bob 2 poison.
    got = damage([_p("rot", "Necrogen Rotpriest", "Alice"),
                  _p("skull", "Bilious Skulldweller", "Alice")], {"skull": "Bob"})
    assert got["outcome"]["poison"] == {"Alice": 0, "Bob": 2}
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}


def test_slaughter_singer_another_creature_with_toxic_attacks() -> None:
    # Bilious Skulldweller (1/1, toxic 1, 702.164) attacks: Slaughter Singer's "it gets
    # +1/+1": 2 damage and 1 poison counter (toxic's amount, not its power): Bob 18, 1 poison.
    # Grizzly Bears (no toxic) attacking beside it get nothing: 2 more damage.
    got = damage([_p("singer", "Slaughter Singer", "Alice"),
                  _p("skull", "Bilious Skulldweller", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                 {"skull": "Bob", "bears": "Bob"})
    assert _fired(got) == ["singer"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    assert got["outcome"]["poison"] == {"Alice": 0, "Bob": 1}


# ================================================== coin flips and die rolls (705, 706)


def test_skyclaw_thrash_unstated_flip_is_the_worst_for_its_controller_and_said() -> None:
    # 705.1: a flip is nobody's choice. Unstated, the line played takes the result worst for
    # the ability's controller (Alice): the flip is lost, Skyclaw Thrash stays a 4/4: Bob 16;
    # a warning says what was assumed.
    got = damage([_p("t", "Skyclaw Thrash", "Alice")], {"t": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    assert got["triggers"][0]["choices"] == {"coin": 0}
    assert any("coin flip" in w and "worst for its controller" in w for w in got["warnings"])
    # stated won (combat.trigger_choices[].coin: 1): +1/+1 and flying: 5 damage, no warning.
    got = damage([_p("t", "Skyclaw Thrash", "Alice")], {"t": "Bob"},
                 trigger_choices=[{"source": "t", "window": "attack", "coin": 1}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    assert not any("coin flip" in w for w in got.get("warnings", []))


def test_a_stated_result_that_cant_happen_is_a_one_line_error() -> None:
    # One coin: 0 or 1 flips won; a d6: 1 to 6.
    import pytest

    from redzone.models.errors import ScenarioError

    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.coin: 2 is not a possible"):
        damage([_p("t", "Skyclaw Thrash", "Alice")], {"t": "Bob"},
               trigger_choices=[{"source": "t", "window": "attack", "coin": 2}])
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.roll: 7 is not a possible"):
        damage([_p("v", "Velukan Dragon", "Alice")], {"v": "Bob"},
               trigger_choices=[{"source": "v", "window": "attack", "roll": 7}])
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.roll: no triggered ability"):
        damage([_p("t", "Skyclaw Thrash", "Alice")], {"t": "Bob"},
               trigger_choices=[{"source": "t", "window": "attack", "roll": 3}])


def test_velukan_dragon_gets_the_roll_minus_one() -> None:
    # 706.2: Velukan Dragon (5/5 flying) attacks and rolls a six-sided die: "+X/+0, where X is
    # the result minus 1". Stated 6: +5/+0, 10 damage: Bob 10. Unstated: 1 (the worst), +0/+0.
    got = damage([_p("v", "Velukan Dragon", "Alice")], {"v": "Bob"},
                 trigger_choices=[{"source": "v", "window": "attack", "roll": 6}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 10}
    got = damage([_p("v", "Velukan Dragon", "Alice")], {"v": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    assert got["triggers"][0]["choices"] == {"roll": 1}


def test_two_headed_giant_both_heads_double_strike() -> None:
    # Two coins, both heads (coin: 2 heads): double strike (702.4): 4 + 4 = 8 damage: Bob 12.
    # One head: nothing; unstated: the worst for Alice among 0, 1, 2 heads — menace (0 heads)
    # or nothing (1) leave 4 damage: Bob 16.
    got = damage([_p("g", "Two-Headed Giant", "Alice")], {"g": "Bob"},
                 trigger_choices=[{"source": "g", "window": "attack", "coin": 2}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 12}
    got = damage([_p("g", "Two-Headed Giant", "Alice")], {"g": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}


def test_goblin_traprunner_a_token_attacking_for_each_flip_won() -> None:
    # Three coins, two won: two 1/1 Goblin tokens tapped and attacking (508.4): 4 + 1 + 1:
    # Bob 14.
    got = damage([_p("g", "Goblin Traprunner", "Alice")], {"g": "Bob"},
                 trigger_choices=[{"source": "g", "window": "attack", "coin": 2}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 14}


def test_creepy_doll_a_won_flip_destroys_the_creature_it_damaged() -> None:
    # Creepy Doll (1/1, indestructible) blocked by Hill Giant (3/3): 1 combat damage to the
    # Giant, flip won: destroy that creature (701.8). Lost: the Giant lives.
    perms = [_p("doll", "Creepy Doll", "Alice"), _p("giant", "Hill Giant", "Bob")]
    got = damage(perms, {"doll": "Bob"}, {"giant": ["doll"]},
                 trigger_choices=[{"source": "doll", "window": "regular", "coin": 1}])
    assert got["outcome"]["destroyed"] == ["giant"]
    got = damage(perms, {"doll": "Bob"}, {"giant": ["doll"]},
                 trigger_choices=[{"source": "doll", "window": "regular", "coin": 0}])
    assert got["outcome"]["destroyed"] == []


def test_a_roll_that_only_makes_treasure_is_value() -> None:
    # Ancient Copper Dragon's d20 only counts Treasure tokens (noncreature artifacts): the
    # result changes nothing in combat: no choice, no warning.
    got = damage([_p("d", "Ancient Copper Dragon", "Alice")], {"d": "Bob"})
    assert got["triggers"][0]["choices"] == {}
    assert not any("die roll" in w for w in got.get("warnings", []))


def test_the_ai_takes_the_flip_worst_for_its_controller() -> None:
    # Bob at 5 with Grizzly Bears; Alice's Skyclaw Thrash (4/4): won, it would be a 5/5 flyer
    # the Bears can't block — lethal; lost, the Bears chump-block. The AI's proved value takes
    # the lost flip (nature as the adversary of Alice): not a won game; the reference agrees.
    import sys

    sys.path.insert(0, "tests")
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.ai.decisions import choose_attack
    from redzone.solver.ai.reference import reference_attack_values

    board = build_board(parse_scenario({
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 5}],
        "permanents": [_p("t", "Skyclaw Thrash", "Alice"), _p("bears", "Grizzly Bears", "Bob")]}))
    r = choose_attack(board, lookahead=0)
    assert not r.lethal and r.value < 1_000_000
    values = dict((tuple(sorted(d.items())), v) for d, v in reference_attack_values(board, lookahead=0))
    assert values[(("t", "Bob"),)] < 1_000_000_000


_FLIPS = ["Whenever this creature attacks, flip a coin. If you win the flip, this creature gets "
          "+1/+1 and gains flying until end of turn.",
          "Whenever this creature blocks, flip a coin. If you win the flip, this creature gets "
          "+2/+2 until end of turn.",
          "Whenever this creature attacks or blocks, roll a six-sided die. This creature gets "
          "+X/+0 until end of turn, where X is the result minus 1."]


def test_the_ai_plays_flips_and_rolls_as_its_reference_does(monkeypatch: Any) -> None:
    # The search and the exhaustive reference both take a flip's or roll's result as a choice
    # of the controller's adversary: on random boards whose creatures flip and roll, they
    # agree (attacks at lookahead 0, blocks).
    import random
    import sys

    sys.path.insert(0, "tests")
    import test_ai_triggers as t
    from test_ai_differential import attack_mismatch, block_mismatch

    monkeypatch.setattr(t, "TRIGGERS", _FLIPS)
    for seed in range(12):
        rng = random.Random(seed)
        assert attack_mismatch(t.trigger_board(rng, rng.randint(1, 2), rng.randint(0, 2)), 0) is None
        assert block_mismatch(t.trigger_board(rng, rng.randint(1, 2), rng.randint(0, 2), combat=True),
                              0) is None


def test_a_d20_table_of_results() -> None:
    # 706.2: "roll a d20" and its table ("1—9 | You gain 1 life. 10—19 | You gain 2 life.
    # 20 | You gain 5 life."): Sylvan Shepherd (2/3) attacks; stated 20: Alice gains 5;
    # unstated, the worst for Alice (a row of 1—9): 1 life, and a warning.
    got = damage([_p("s", "Sylvan Shepherd", "Alice")], {"s": "Bob"},
                 trigger_choices=[{"source": "s", "window": "attack", "roll": 20}])
    assert got["outcome"]["life"] == {"Alice": 25, "Bob": 18}
    got = damage([_p("s", "Sylvan Shepherd", "Alice")], {"s": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 21, "Bob": 18}
    assert any("die roll" in w for w in got["warnings"])
    # Lightfoot Rogue (2/1): 20 | "+3/+0 and gains first strike and deathtouch": 5 damage.
    got = damage([_p("r", "Lightfoot Rogue", "Alice")], {"r": "Bob"},
                 trigger_choices=[{"source": "r", "window": "attack", "roll": 20}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    # Hoarding Ogre's table makes only Treasure: value, no choice.
    (t,) = parse_triggers("Whenever this creature attacks, roll a d20. 1—9 | Create a Treasure "
                          "token. 10—19 | Create two Treasure tokens. 20 | Create three Treasure "
                          "tokens.", ("Hoarding Ogre",))
    assert [type(e).__name__ for e in t.effects] == ["ValueOnly"]


def test_zagras_destroys_the_planeswalker_a_creature_dealt_combat_damage() -> None:
    # 510.1, 306.8: Grizzly Bears attack Bob's Chandra, Torch of Defiance (loyalty 4): 2
    # combat damage removes two loyalty counters; Zagras's "destroy that planeswalker".
    got = damage([_p("zagras", "Zagras, Thief of Heartbeats", "Alice"),
                  _p("bears", "Grizzly Bears", "Alice"),
                  _p("chandra", "Chandra, Torch of Defiance", "Bob")], {"bears": "chandra"})
    assert "chandra" in got["outcome"]["destroyed"]
    assert _fired(got) == ["zagras"]


def test_kestia_an_enchanted_creature_or_enchantment_creature_attacks() -> None:
    # Kestia: "an enchanted creature or enchantment creature you control attacks": Grizzly
    # Bears with Holy Strength attached (303.4) trigger it; bare Bears don't.
    (t,) = parse_triggers("Whenever an enchanted creature or enchantment creature you control "
                          "attacks, draw a card.", ("Kestia, the Cultivator",))
    assert t.event == "attacks" and t.watch.controller == "you"
    got = damage([_p("kestia", "Kestia, the Cultivator", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                  _p("aura", "Holy Strength", "Alice", attached_to="bears")], {"bears": "Bob"})
    assert _fired(got) == ["kestia"]
    got = damage([_p("kestia", "Kestia, the Cultivator", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                 {"bears": "Bob"})
    assert "triggers" not in got


def test_canal_courier_attacks_a_different_player_than_another_creature() -> None:
    # 508.1: Alice attacks Bob with Canal Courier and Carol with Grizzly Bears: "~ and another
    # creature attack different players": it can't be blocked this combat (509.1b). Both at
    # Bob: no trigger.
    from redzone.solver.frontends.commands import run_command

    def play(bears_at: str) -> dict[str, Any]:
        scen = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20},
                            {"name": "Carol", "life": 20}],
                "permanents": [_p("cc", "Canal Courier", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                "combat": {"attackers": {"cc": "Bob", "bears": bears_at}, "blockers": {}}}
        return run_command("damage", scen, {}).to_json()

    got = play("Carol")
    assert _fired(got) == ["cc"] and "can't be blocked" in got["triggers"][0]["result"]
    assert "triggers" not in play("Bob")


def test_her_majesty_is_the_underworld_fantasy_queen() -> None:
    # 201.5: the card's text calls it "Her Majesty".
    (t,) = parse_triggers("Whenever a creature an opponent controls dies, put a +1/+1 counter on "
                          "Her Majesty.", ("The Underworld Fantasy Queen",))
    assert t.event == "dies" and t.effects[0].who.kind == "source"  # type: ignore[union-attr]


def test_pack_tactics_counts_the_power_declared_attacking() -> None:
    # Pack tactics (Gnoll Hunter, 2/2: "if you attacked with creatures with total power 6 or
    # greater this combat, put a +1/+1 counter on this creature", 603.4): with a Hill Giant
    # (3/3) and Grizzly Bears (2/2): 2 + 3 + 2 = 7 >= 6: a counter (3/3): Bob 20 - 8 = 12.
    # With the Giant alone beside it: 5 < 6: nothing: Bob 15.
    got = damage([_p("gnoll", "Gnoll Hunter", "Alice"), _p("giant", "Hill Giant", "Alice"),
                  _p("bears", "Grizzly Bears", "Alice")],
                 {"gnoll": "Bob", "giant": "Bob", "bears": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 12}
    assert got["outcome"]["counters"] == {"gnoll": {"+1/+1": 1}}
    got = damage([_p("gnoll", "Gnoll Hunter", "Alice"), _p("giant", "Hill Giant", "Alice")],
                 {"gnoll": "Bob", "giant": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    assert "triggers" not in got


def test_pack_tactics_does_not_count_a_token_put_onto_the_battlefield_attacking() -> None:
    # 508.4: Battle Cry Goblin's token is tapped and attacking but was never declared; a
    # second Battle Cry Goblin's pack tactics counts only the declared: two Goblins (2/2)
    # and a Hill Giant: 2 + 2 + 3 = 7: both trigger, two 1/1 tokens: Bob 20 - 7 - 2 = 11.
    got = damage([_p("g1", "Battle Cry Goblin", "Alice"), _p("g2", "Battle Cry Goblin", "Alice"),
                  _p("giant", "Hill Giant", "Alice")], {"g1": "Bob", "g2": "Bob", "giant": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 11}
    # Two Goblins alone (4 < 6): no token.
    got = damage([_p("g1", "Battle Cry Goblin", "Alice"), _p("g2", "Battle Cry Goblin", "Alice")],
                 {"g1": "Bob", "g2": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}


def test_donna_noble_a_creature_it_is_paired_with_is_dealt_damage() -> None:
    # 702.95 (soulbond): Alice's Grizzly Bears paired with Donna Noble attack and are blocked
    # by a Hill Giant: 3 damage dealt to the Bears; "Donna Noble deals that much damage to
    # target opponent": Bob 17. Not paired: no trigger.
    perms = [_p("donna", "Donna Noble", "Alice"), _p("bears", "Grizzly Bears", "Alice", paired_with="donna"),
             _p("giant", "Hill Giant", "Bob")]
    got = damage(perms, {"bears": "Bob"}, {"giant": ["bears"]})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
    assert _fired(got) == ["donna"]
    perms[1] = _p("bears", "Grizzly Bears", "Alice")
    got = damage(perms, {"bears": "Bob"}, {"giant": ["bears"]})
    assert "triggers" not in got


def test_a_permanent_dealt_damage_is_not_read_as_a_creature() -> None:
    # A planeswalker dealt combat damage (306.8) makes no "is dealt damage" event of the
    # play: "a permanent you control is dealt damage" stays unread (not played), rather than
    # missing it.
    assert parse_triggers("Whenever a permanent you control is dealt damage, this creature "
                          "deals that much damage to any target.") == ()


def test_syr_vondam_leaves_while_its_power_is_four_or_greater() -> None:
    # 603.10a: its power as it left. Blocked by a Craw Wurm (6/4), Syr Vondam (2/2) with two
    # +1/+1 counters (4/4) deals 4 (the Wurm dies) and dies: "destroy up to one target
    # nonland permanent". Blocked by an Enormous Baloth (7/7), which survives the 4 damage,
    # the trigger destroys it (Alice's best choice, 701.8); with no counters (2/2) Syr Vondam
    # triggers nothing and the Baloth lives.
    got = damage([_p("vondam", "Syr Vondam, Sunstar Exemplar", "Alice", counters={"+1/+1": 2}),
                  _p("baloth", "Enormous Baloth", "Bob")], {"vondam": "Bob"}, {"baloth": ["vondam"]})
    assert sorted(got["outcome"]["destroyed"]) == ["baloth", "vondam"]
    got = damage([_p("vondam", "Syr Vondam, Sunstar Exemplar", "Alice"),
                  _p("baloth", "Enormous Baloth", "Bob")], {"vondam": "Bob"}, {"baloth": ["vondam"]})
    assert got["outcome"]["destroyed"] == ["vondam"]


def test_cult_of_skaro_a_mode_chosen_at_random() -> None:
    # "choose one at random —" (700.2): no player's choice: stated mode 4 ("each opponent
    # loses 4 life"): Bob 20 - 4 - 4 = 12. Unstated: the mode worst for Alice (a card drawn
    # or a token, 4 damage): Bob 16, and a warning.
    got = damage([_p("cult", "Cult of Skaro", "Alice")], {"cult": "Bob"},
                 trigger_choices=[{"source": "cult", "window": "attack", "mode": [4]}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 12}
    got = damage([_p("cult", "Cult of Skaro", "Alice")], {"cult": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    assert any("mode chosen at random" in w for w in got["warnings"])


def test_knight_rampager_target_opponent_chosen_at_random() -> None:
    # Knight Rampager (6/5 trample) blocked by two Hill Giants dies; "it deals 4 damage to
    # target opponent chosen at random": with one opponent, Bob: 4 damage, plus the trample
    # over: 6 - 3 - 3 = 0. Bob 16.
    got = damage([_p("kr", "Knight Rampager", "Alice"), _p("g1", "Hill Giant", "Bob"),
                  _p("g2", "Hill Giant", "Bob")], {"kr": "Bob"}, {"g1": ["kr"], "g2": ["kr"]})
    assert "kr" in got["outcome"]["destroyed"]
    assert got["outcome"]["life"]["Bob"] == 16


def test_non_human_cannonball_deals_the_roll_to_its_controller() -> None:
    # Non-Human Cannonball (4/3) blocked by a Hill Giant dies; "roll a six-sided die. If the
    # result is 4 or less, this creature deals that much damage to you": stated 3: Alice 17;
    # 5: nothing; unstated: the worst for Alice, 4: Alice 16.
    perms = [_p("can", "Non-Human Cannonball", "Alice"), _p("giant", "Hill Giant", "Bob")]

    def life(roll: int | None) -> int:
        stated = [{"source": "can", "window": "regular", "roll": roll}] if roll else []
        got = damage(perms, {"can": "Bob"}, {"giant": ["can"]}, trigger_choices=stated)
        assert "can" in got["outcome"]["destroyed"]
        return int(got["outcome"]["life"]["Alice"])

    assert (life(3), life(5), life(None)) == (17, 20, 16)


def test_check_block_needs_a_flip_result_stated() -> None:
    # check-block judges blocks on the board after the attack window: the flip's result must
    # be stated (it is no player's choice to search); one line naming the field.
    import pytest

    from redzone.models.errors import ScenarioError
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    s = scenario([_p("t", "Skyclaw Thrash", "Alice"), _p("b", "Grizzly Bears", "Bob")], {"t": "Bob"})
    with pytest.raises(ScenarioError, match=r"^combat.trigger_choices: the result of .* coin: \.\.\."):
        run_command("check-block", s, {})
    s["combat"]["trigger_choices"] = [{"source": "t", "window": "attack", "coin": 0}]
    assert run_command("check-block", s, {}).to_json()["legal"] is True
