"""Keywords lost, control, types and colours changed, "sacrifice all" and exact counter
removals in triggered abilities of combat (h26;
models/triggers/control.py): real cards played by the ``damage`` and ``choose-block`` jobs,
each answer worked out from the rules by hand with the CR rule cited."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.triggers.parse import parse_trigger, parse_triggers
from redzone.models.triggers.types import (Becomes, CantBlockEffect, Conditional, GainControl, IfTest, LoseKeywords, RemoveExactly,
                                           TapEffect, ValueOnly, Who)
from redzone.solver.frontends.commands import run_command


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _run(command: str, scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command(command, scenario, {}).to_json()


def test_talruum_champion_takes_first_strike_from_the_creature_it_blocks() -> None:
    # 613.1f, 510.4: Talruum Champion (3/3 first strike) blocks Battle Hurda (3/3 first
    # strike): "that creature loses first strike until end of turn" resolves in the declare
    # blockers step, so only the Champion deals first-strike damage: the Hurda dies before
    # it deals any (702.7b), the Champion is unhurt. Without the loss both would die.
    got = _run("damage", _scenario([_p("champ", "Talruum Champion", "Bob"),
                                    _p("hurda", "Battle Hurda", "Alice")],
                                   {"hurda": "Bob"}, {"champ": ["hurda"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["result"] == "hurda loses first strike until end of turn"
    assert got["outcome"]["destroyed"] == ["hurda"]
    assert got["outcome"]["damage"] == {}


def test_kinscaer_harpoonist_grounds_the_flyer_before_blocks() -> None:
    # 509.1b, 702.9b, 603.3: Kinscaer Harpoonist (2/2 flying) attacks; "you may have target
    # creature lose flying until end of turn" resolves in the declare attackers step. Bob's
    # Air Elemental (4/4 flying) without flying can't block a creature with flying: the block
    # chosen after it is none. Declined, the Elemental blocks and kills the Harpoonist.
    def blocks(may: bool) -> dict[str, Any]:
        return _run("choose-block", _scenario(
            [_p("harp", "Kinscaer Harpoonist", "Alice"), _p("air", "Air Elemental", "Bob")],
            {"harp": "Bob"}, None,
            trigger_choices=[{"source": "harp", "window": "attack", "target": "air", "may": may}]))

    taken = blocks(True)
    assert taken["triggers"][0]["result"] == "air loses flying until end of turn"
    assert taken["blockers"] == {}
    assert blocks(False)["blockers"] == {"air": ["harp"]}


def test_elder_land_wurm_loses_defender_for_good() -> None:
    # 613.1f: "When this creature blocks, it loses defender." has no duration: the loss
    # lasts (611.2a), not ended in the cleanup step as "until end of turn" would be.
    t = parse_trigger("When this creature blocks, it loses defender.", ("Elder Land Wurm",))
    assert t is not None and t.effects == (LoseKeywords(Who("source"), ("defender",), until_eot=False),)
    got = _run("damage", _scenario([_p("wurm", "Elder Land Wurm", "Bob"),
                                    _p("bears", "Grizzly Bears", "Alice")],
                                   {"bears": "Bob"}, {"wurm": ["bears"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["result"] == "wurm loses defender"
    assert got["outcome"]["destroyed"] == ["bears"]


def test_forgehammer_centurion_removes_both_oil_counters_or_none() -> None:
    # 603.12, 608.2c: "you may remove two oil counters from it. When you do, target creature
    # can't block this turn." With two oil counters both go and Bob's Grizzly Bears can't
    # block; with one, nothing is removed (two can't be) and the reflexive ability never
    # triggers: the Bears may block.
    t = parse_trigger("Whenever this creature attacks, you may remove two oil counters from it. "
                      "When you do, target creature can't block this turn.", ("Forgehammer Centurion",))
    assert t is not None and t.optional
    assert t.effects == (RemoveExactly(Who("source"), "oil", 2),
                         CantBlockEffect(Who("target_creature")))

    def play(oil: int) -> dict[str, Any]:
        return _run("choose-block", _scenario(
            [_p("cent", "Forgehammer Centurion", "Alice", counters={"oil": oil}),
             _p("bears", "Grizzly Bears", "Bob")], {"cent": "Bob"}, None,
            trigger_choices=[{"source": "cent", "window": "attack", "target": "bears", "may": True}]))

    two = play(2)
    assert two["triggers"][0]["result"] == "2 oil removed from cent; bears can't block this turn"
    assert two["blockers"] == {}
    one = play(1)
    assert one["triggers"][0]["result"] == "too few oil counters: none removed"


def test_goblin_cadets_given_away_leaves_combat() -> None:
    # 613.1b, 506.4: Alice's Goblin Cadets (2/1) attacks and becomes blocked by Bob's Grizzly
    # Bears (2/2): "target opponent gains control of it" — Bob, the only opponent. A creature
    # whose controller changes is removed from combat: no combat damage is dealt, both live.
    # Without the change both would die (2 damage each way).
    got = _run("damage", _scenario([_p("cad", "Goblin Cadets", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                                   {"cad": "Bob"}, {"bears": ["cad"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["choices"] == {"target": "Bob"}
    assert got["triggers"][0]["result"] == "Bob gains control of cad and it is removed from combat (506.4)"
    assert got["outcome"]["destroyed"] == [] and got["outcome"]["damage"] == {}


def test_a_blocking_creature_changing_control_is_not_played_and_says_so() -> None:
    # What removing a blocking creature from combat does (506.4, 509.1h) is not modelled: Bob's
    # Goblin Cadets blocking Alice's Grizzly Bears stays Bob's, the result says so, and the
    # damage is dealt as blocked (both die).
    got = _run("damage", _scenario([_p("cad", "Goblin Cadets", "Bob"), _p("bears", "Grizzly Bears", "Alice")],
                                   {"bears": "Bob"}, {"cad": ["bears"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["result"] == "cad is blocking: its control change is not played"
    assert sorted(got["outcome"]["destroyed"]) == ["bears", "cad"]


def test_keiga_takes_a_creature_unless_control_matters_to_another_permanent() -> None:
    # 700.4, 613.1b: Keiga, the Tide Star (5/5 flying) attacks and is blocked and killed by
    # Bob's Colossal Dreadmaw (6/6); "When Keiga dies, gain control of target creature":
    # Alice takes Bob's Grizzly Bears. With Bob's Glorious Anthem ("Creatures you control
    # get +1/+1") the Bears' power would depend on who controls them: not played, and said.
    perms = [_p("keiga", "Keiga, the Tide Star", "Alice"), _p("wurm", "Colossal Dreadmaw", "Bob"),
             _p("bears", "Grizzly Bears", "Bob")]
    pick = [{"source": "keiga", "window": "regular", "target": "bears"}]
    got = _run("damage", _scenario(perms, {"keiga": "Bob"}, {"wurm": ["keiga"]},
                                   triggers_resolved=["attack", "block"], trigger_choices=pick))
    assert got["outcome"]["destroyed"] == ["keiga"]
    assert got["triggers"][0]["result"] == "Alice gains control of bears"
    anthem = _run("damage", _scenario(perms + [_p("ga", "Glorious Anthem", "Bob")], {"keiga": "Bob"},
                                      {"wurm": ["keiga"]}, triggers_resolved=["attack", "block"],
                                      trigger_choices=pick))
    assert anthem["triggers"][0]["result"].startswith("control not changed (not played): Glorious Anthem")


def test_control_readings() -> None:
    # 613.1b: "gain control of X" reads X with the removal grammar; "Untap it." after it is
    # that target (Kevin); a duration is not read (Ogre Geargrabber's "until end of turn").
    kevin = parse_trigger("Whenever Kevin deals combat damage to a player, gain control of target land "
                          "that player controls. Untap it.", ("Kevin, Questing Dragon", "Kevin"))
    assert kevin is not None
    land = Who("target_permanent", "damaged_player", also_types=("Land",))
    assert kevin.effects == (GainControl(land, Who("you")), TapEffect(land, untap=True))
    assert parse_trigger("Whenever this creature attacks, gain control of target Equipment an opponent "
                         "controls until end of turn.", ("Ogre Geargrabber",)) is None
    saurian = parse_trigger("Whenever a source deals damage to this creature, that source's controller "
                            "gains control of this creature.", ("Crag Saurian",))
    assert saurian is not None and saurian.effects == (GainControl(Who("source"), Who("trigger_controller")),)


def test_aisling_leprechaun_turns_the_attacker_green_and_crusade_stops_reaching_it() -> None:
    # 613.1e, 613.4c: Alice's Savannah Lions (2/1 white) attacks under her Crusade ("White
    # creatures get +1/+1": 3/2) and is blocked by Bob's Aisling Leprechaun (1/1): "that
    # creature becomes green" for good. No longer white, the Lions is 2/1 again (the layers
    # applied again) and the Leprechaun's 1 damage kills it; both die. With the Lions'
    # power and toughness given by the scenario (current values) the change is not played.
    perms = [_p("lep", "Aisling Leprechaun", "Bob"), _p("lions", "Savannah Lions", "Alice"),
             _p("cru", "Crusade", "Alice")]
    got = _run("damage", _scenario(perms, {"lions": "Bob"}, {"lep": ["lions"]}, triggers_resolved=["attack"]))
    assert got["triggers"][0]["result"] == "lions becomes green"
    assert sorted(got["outcome"]["destroyed"]) == ["lep", "lions"]
    given = [perms[0], _p("lions", "Savannah Lions", "Alice", power=3, toughness=2), perms[2]]
    kept = _run("damage", _scenario(given, {"lions": "Bob"}, {"lep": ["lions"]}, triggers_resolved=["attack"]))
    assert kept["triggers"][0]["result"].startswith("not played: the layers can't be applied again")
    assert kept["outcome"]["destroyed"] == ["lep"]


def test_gornog_makes_a_coward_that_cannot_block_warriors() -> None:
    # 613.1d, 509.1b: Gornog, the Red Reaper (a Warrior) attacks Bob: "target creature that
    # player controls becomes a Coward" (its creature types replaced, 205.1b) resolves
    # before blocks, and Gornog's "Cowards can't block Warriors" keeps Bob's Grizzly Bears
    # from blocking it; his Wall of Stone, no Coward, blocks.
    pick = [{"source": "gor", "window": "attack", "target": "bears"}]
    perms = [_p("gor", "Gornog, the Red Reaper", "Alice"), _p("bears", "Grizzly Bears", "Bob")]
    got = _run("choose-block", _scenario(perms, {"gor": "Bob"}, None, trigger_choices=pick))
    assert got["triggers"][0]["result"] == "bears becomes Coward"
    assert got["blockers"] == {}
    walled = _run("choose-block", _scenario(perms + [_p("w", "Wall of Stone", "Bob")], {"gor": "Bob"}, None,
                                            trigger_choices=pick))
    assert walled["blockers"] == {"w": ["gor"]}


def test_ageless_sentinels_reading() -> None:
    # 205.1b, 613.1d: "it becomes a Bird Giant, and it loses defender" (for good): a Bird
    # Giant, no longer a Wall; "until end of turn" is not read.
    t = parse_trigger("When this creature blocks, it becomes a Bird Giant, and it loses defender.",
                      ("Ageless Sentinels",))
    assert t is not None
    assert t.effects == (Becomes(Who("source"), ("Bird", "Giant")),
                         LoseKeywords(Who("source"), ("defender",), until_eot=False))
    assert parse_trigger("Whenever this creature attacks, it becomes a Bird until end of turn.",
                         ("Grizzly Bears",)) is None


def test_yukora_leaving_sacrifices_the_non_ogres() -> None:
    # 603.6c, 701.21a: Yukora, the Prisoner (5/5) attacks and dies blocked by Bob's Colossal
    # Dreadmaw (6/6): "sacrifice all non-Ogre creatures you control" takes Alice's Grizzly
    # Bears, not her Ogre Taskmaster (an Ogre).
    got = _run("damage", _scenario([_p("yuk", "Yukora, the Prisoner", "Alice"), _p("w", "Colossal Dreadmaw", "Bob"),
                                    _p("bears", "Grizzly Bears", "Alice"), _p("ogre", "Ogre Taskmaster", "Alice")],
                                   {"yuk": "Bob"}, {"w": ["yuk"]}, triggers_resolved=["attack", "block"]))
    assert got["outcome"]["destroyed"] == ["yuk", "bears"]
    assert got["outcome"]["reasons"]["bears"] == "sacrificed (701.21)"


def test_guardian_of_the_ages_loses_defender_and_gains_trample_for_good() -> None:
    # 608.2c, 613.1f: "if this creature has defender, it loses defender and gains trample":
    # "it" is the Guardian (not the attacking creature), the change lasts (no duration).
    t = parse_trigger("Whenever a creature attacks you or a planeswalker you control, if Guardian of the "
                      "Ages has defender, it loses defender and gains trample.", ("Guardian of the Ages",))
    assert t is not None
    assert t.effects == (Conditional(IfTest("source_keyword", measure="defender"),
                                     (LoseKeywords(Who("source"), ("defender",), until_eot=False,
                                                   gains=("trample",)),)),)
    got = _run("damage", _scenario([_p("g", "Guardian of the Ages", "Bob"), _p("bears", "Grizzly Bears", "Alice")],
                                   {"bears": "Bob"}))
    assert got["triggers"][0]["result"] == "g loses defender and gains trample"


def test_defiant_vanguard_destroys_what_it_blocked_at_end_of_combat() -> None:
    # 603.7, 511.2: Defiant Vanguard (2/2) blocks Alice's Colossal Dreadmaw (6/6 trample):
    # "at end of combat, destroy it and all creatures it blocked this turn". The Vanguard
    # dies to the damage (4 tramples over: Bob 16); the delayed ability still destroys the
    # Dreadmaw at end of combat (its objects fixed as it was created, 603.7c).
    got = _run("damage", _scenario([_p("dv", "Defiant Vanguard", "Bob"), _p("w", "Colossal Dreadmaw", "Alice")],
                                   {"w": "Bob"}, {"dv": ["w"]}, triggers_resolved=["attack"]))
    assert got["outcome"]["destroyed"] == ["dv", "w"]
    assert got["outcome"]["reasons"]["w"] == "destroyed by a triggered ability (701.8)"
    assert got["outcome"]["life"]["Bob"] == 16


def test_ashling_makes_the_player_sacrifice_the_chosen_creature() -> None:
    # 603.3d, 701.21a: Ashling, the Extinguisher deals combat damage to Bob: "choose target
    # creature that player controls. The player sacrifices that creature." A sacrifice, so
    # Bob's indestructible Darksteel Myr (702.12b: not destroyed) still goes.
    got = _run("damage", _scenario([_p("ash", "Ashling, the Extinguisher", "Alice"), _p("myr", "Darksteel Myr", "Bob")],
                                   {"ash": "Bob"},
                                   trigger_choices=[{"source": "ash", "window": "regular", "target": "myr"}]))
    assert got["outcome"]["destroyed"] == ["myr"]
    assert got["outcome"]["reasons"]["myr"] == "sacrificed (701.21)"


def test_cant_be_regenerated_changes_nothing_in_the_play() -> None:
    # 701.19: the play regenerates nothing, so "that creature can't be regenerated this turn"
    # (Lim-Dûl's Cohort) is no change to the combat.
    got = parse_triggers("Whenever this creature blocks or becomes blocked by a creature, that creature can't "
                         "be regenerated this turn.", ("Lim-Dûl's Cohort",))
    assert [t.event for t in got] == ["blocks", "blocked_by"]
    assert all(isinstance(e, ValueOnly) for t in got for e in t.effects)


def test_warkite_marauder_grounds_and_shrinks_until_end_of_turn() -> None:
    # 613.1f, 613.4b, 509.1b: Warkite Marauder (2/1 flying) attacks; "target creature defending
    # player controls loses all abilities and has base power and toughness 0/1 until end of
    # turn" makes Bob's Air Elemental a 0/1 without flying: it can't block the Marauder. In
    # the cleanup step (514.2) it is a 4/4 flier again.
    from redzone.models.board import build_board
    from redzone.models.cleanup import end_turn
    from redzone.models.game_state import GameState
    from redzone.models.scenario.validation import parse_scenario
    from redzone.models.triggers.resolve import attack_window

    perms = [_p("wm", "Warkite Marauder", "Alice"), _p("air", "Air Elemental", "Bob")]
    pick = [{"source": "wm", "window": "attack", "target": "air"}]
    got = _run("choose-block", _scenario(perms, {"wm": "Bob"}, None, trigger_choices=pick))
    assert got["triggers"][0]["result"] == ("air loses all abilities until end of turn; "
                                            "air has base power and toughness 0/1")
    assert got["blockers"] == {}
    board = build_board(parse_scenario(_scenario(perms, {"wm": "Bob"})))
    out = attack_window(board, GameState.from_board(board), {"wm": "Bob"},
                        lambda c: "air" if c.what == "target" else c.options[0])
    air = out.board.permanents["air"]
    assert (air.power, air.toughness, out.board.has_keyword(air, "flying")) == (0, 1, False)
    again = end_turn(out.board).permanents["air"]
    assert (again.power, again.toughness, again.has_keyword("flying")) == (4, 4, True)


def test_lulu_stuns_only_a_creature_attacking_her_controller() -> None:
    # 603.3d, 122.1d: "choose target creature attacking you. Put a stun counter on that
    # creature." Alice's Grizzly Bears attacks Bob's Ajani Goldmane and her Colossal Dreadmaw
    # attacks Bob: only the Dreadmaw attacks Bob himself, so the Bears is no legal target.
    perms = [_p("lulu", "Lulu, Stern Guardian", "Bob"), _p("bears", "Grizzly Bears", "Alice"),
             _p("aj", "Ajani Goldmane", "Bob"), _p("w", "Colossal Dreadmaw", "Alice")]
    got = _run("damage", _scenario(perms, {"bears": "aj", "w": "Bob"}))
    assert got["triggers"][0]["choices"] == {"target": "w"}
    assert got["outcome"]["counters"] == {"w": {"stun": 1}}
    with pytest.raises(ScenarioError, match="its only legal target is 'w'"):
        _run("damage", _scenario(perms, {"bears": "aj", "w": "Bob"},
                                 trigger_choices=[{"source": "lulu", "window": "attack", "target": "bears"}]))


def test_kitesail_skirmisher_picks_a_creature_attacking_the_same_player() -> None:
    # 508.1b: "another target creature attacking the same player or planeswalker gains
    # flying": Kitesail Skirmisher attacks Bob; of Alice's Grizzly Bears (attacking Bob's
    # Ajani Goldmane) and Colossal Dreadmaw (attacking Bob), only the Dreadmaw qualifies.
    got = _run("damage", _scenario([_p("ks", "Kitesail Skirmisher", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                                    _p("aj", "Ajani Goldmane", "Bob"), _p("w", "Colossal Dreadmaw", "Alice")],
                                   {"ks": "Bob", "bears": "aj", "w": "Bob"}))
    assert got["triggers"][0]["choices"] == {"target": "w"}
    assert got["triggers"][0]["result"] == "w gains flying"


def test_namor_pumps_only_the_creatures_attacking_that_player() -> None:
    # 508.1b, 613.4c: Namor (2/2 flying) attacks Bob (25 life, more than Alice's 20) with a
    # Grizzly Bears; another Bears attacks Bob's Ajani Goldmane (4 loyalty). "Other creatures
    # you control attacking that player get +2/+0": the first Bears only. Bob 25 - 2 - 4 = 19;
    # Ajani 4 - 2 = 2.
    s = _scenario([_p("nam", "Namor, Atlantean King", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("b2", "Grizzly Bears", "Alice"), _p("aj", "Ajani Goldmane", "Bob")],
                  {"nam": "Bob", "bears": "Bob", "b2": "aj"})
    s["players"][1]["life"] = 25
    got = _run("damage", s)
    assert got["triggers"][0]["result"] == "bears gets +2/+0"
    assert got["outcome"]["life"]["Bob"] == 19 and got["outcome"]["loyalty"] == {"aj": 2}


def test_goblin_javelineer_shoots_only_a_creature_blocking_it() -> None:
    # 509.1, 603.3d: "it deals 1 damage to target creature blocking it": of Bob's two Llanowar
    # Elves, the one blocking the Javelineer (not the one blocking Alice's Grizzly Bears) is
    # the only legal target; it dies in the declare blockers step, before combat damage.
    s = _scenario([_p("jav", "Goblin Javelineer", "Alice"), _p("m", "Llanowar Elves", "Bob"),
                   _p("b2", "Grizzly Bears", "Alice"), _p("e2", "Llanowar Elves", "Bob")],
                  {"jav": "Bob", "b2": "Bob"}, {"m": ["jav"], "e2": ["b2"]}, triggers_resolved=["attack"])
    got = _run("damage", s)
    assert got["triggers"][0]["choices"] == {"target": "m"}
    assert got["triggers"][0]["result"] == "1 damage to m"
    assert got["outcome"]["reasons"]["m"] == "lethal damage (704.5g)"
    s["combat"]["trigger_choices"] = [{"source": "jav", "window": "block", "target": "e2"}]
    with pytest.raises(ScenarioError, match="its only legal target is 'm'"):
        _run("damage", s)


def test_cyclopean_giant_makes_a_land_a_swamp() -> None:
    # 305.7: "When this creature dies, target land becomes a Swamp. Exile this card." —
    # Cyclopean Giant (4/2) dies blocked by Bob's Colossal Dreadmaw; Bob's Forest is a Swamp
    # for good (its land types replaced); the card exiled from the graveyard is no change to
    # the combat.
    t = parse_trigger("When this creature dies, target land becomes a Swamp. Exile this card.",
                      ("Cyclopean Giant",))
    assert t is not None
    assert t.effects[0] == Becomes(Who("target_permanent", also_types=("Land",)), ("Swamp",), land=True)
    got = _run("damage", _scenario([_p("cg", "Cyclopean Giant", "Alice"), _p("w", "Colossal Dreadmaw", "Bob"),
                                    _p("f", "Forest", "Bob")], {"cg": "Bob"}, {"w": ["cg"]},
                                   triggers_resolved=["attack", "block"]))
    assert got["triggers"][0]["result"].startswith("f becomes Swamp; ")
