"""Keyword actions and small mechanics in effects of combat triggers (h9; docs/triggers.md):
real cards on small boards played by the ``damage`` job, each answer worked out by hand from
the rules, CR cited."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from redzone.models.triggers.types import Transform
from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.commands import run_command
from trigger_play import perm as _p, scenario as _scenario


def _damage(scenario: dict[str, Any], **options: Any) -> dict[str, Any]:
    return run_command("damage", scenario, options).to_json()


def test_card_lists_enlist_as_played() -> None:
    # 702.154a: enlist is played as a choice made as the creature attacks
    # (models/triggers/attack_choices.py; not_played leaves it out): `card` says so too.
    result = CliRunner().invoke(cli, ["card", "Argivian Cavalier", "--json"])
    data = json.loads(result.stdout)
    assert data["triggers_played"] == ["Enlist"]
    assert data["triggers_not_played"] == []


def test_amass_creates_the_army_first_then_grows_it() -> None:
    # 701.47a: "Whenever this creature deals combat damage to a player, amass Orcs 3"
    # (Corsairs of Umbar, 3/3). Two of them connect: the first ability finds no Army, so a
    # 0/0 black Orc Army token is created and gets three +1/+1 counters (it survives: state-
    # based actions wait until the ability has resolved, 704.3); the second finds that Army
    # and puts three more on it. Bob takes 6. (c2's ability is put on the stack last and
    # resolves first, 405.5: the token is c2's.)
    got = _damage(_scenario([_p("c1", "Corsairs of Umbar", "Alice"), _p("c2", "Corsairs of Umbar", "Alice")],
                            {"c1": "Bob", "c2": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["outcome"]["counters"] == {"c2~token1": {"+1/+1": 6}}
    assert got["outcome"]["destroyed"] == []
    assert [t["result"] for t in got["triggers"]][0].startswith("created 1 0/0 Orc Army token")


def test_endure_counters_or_a_spirit_token_as_stated() -> None:
    # Endure (Anafenza, Unyielding Lineage, 2/2: "Whenever another nontoken creature you
    # control dies, Anafenza endures 2"): the Grizzly Bears attack into Bob's Hill Giant and
    # die (700.4); Alice chooses on resolution two +1/+1 counters on Anafenza or a 2/2 white
    # Spirit token.
    perms = [_p("ana", "Anafenza, Unyielding Lineage", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
             _p("giant", "Hill Giant", "Bob")]
    counters = _damage(_scenario(perms, {"bears": "Bob"}, {"giant": ["bears"]},
                                 trigger_choices=[{"source": "ana", "window": "regular",
                                                   "chosen": "counters"}]))
    assert counters["outcome"]["destroyed"] == ["bears"]
    assert counters["outcome"]["counters"] == {"ana": {"+1/+1": 2}}
    token = _damage(_scenario(perms, {"bears": "Bob"}, {"giant": ["bears"]},
                              trigger_choices=[{"source": "ana", "window": "regular",
                                                "chosen": "token"}]))
    assert token["outcome"]["counters"] == {"ana~token1": {}} or "ana" not in token["outcome"]["counters"]
    assert token["triggers"][0]["result"] == "created 1 2/2 Spirit token (ana~token1)"
    assert token["triggers"][0]["choices"] == {"chosen": "token"}


def test_connive_counter_only_for_a_nonland_discard() -> None:
    # 701.50a: Atlantean Skirmisher (1/2) attacks and connives. Discarding a nonland card
    # puts a +1/+1 counter on it: 2 damage, Bob 18; a land, no counter: Bob 19. Unstated,
    # the attacking player's choice (the hand is hidden: either kind is assumed available).
    perms = [_p("sk", "Atlantean Skirmisher", "Alice")]
    best = _damage(_scenario(perms, {"sk": "Bob"}))
    assert best["outcome"]["life"]["Bob"] == 18
    land = _damage(_scenario(perms, {"sk": "Bob"}, trigger_choices=[
        {"source": "sk", "window": "attack", "chosen": "land"}]))
    assert land["outcome"]["life"]["Bob"] == 19
    assert land["outcome"]["counters"] == {} or "sk" not in land["outcome"]["counters"] \
        or land["outcome"]["counters"]["sk"] == {}


def test_blight_puts_minus_counters_on_a_creature_chosen_on_resolution() -> None:
    # Blight 2 (its reminder text: two -1/-1 counters on a creature you control): Blighted
    # Blackthorn (3/7) attacks, Alice blights and, if she does, draws and loses 1 life.
    # Blighting the Blackthorn itself: a 1/5, Bob 19, Alice 19. Blighting her Grizzly Bears
    # kills them (704.5f) and the Blackthorn deals 3.
    alone = _damage(_scenario([_p("bt", "Blighted Blackthorn", "Alice")], {"bt": "Bob"},
                              trigger_choices=[{"source": "bt", "window": "attack", "may": True}]))
    assert alone["outcome"]["life"] == {"Alice": 19, "Bob": 19}
    bears = _damage(_scenario([_p("bt", "Blighted Blackthorn", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                              {"bt": "Bob"}, trigger_choices=[
                                  {"source": "bt", "window": "attack", "may": True, "chosen": "bears"}]))
    assert bears["outcome"]["life"] == {"Alice": 19, "Bob": 17}
    assert bears["outcome"]["destroyed"] == ["bears"]


def test_you_create_a_villain_token() -> None:
    # 111.1, 603.2: "Whenever one or more nontoken Villains you control attack a player, you
    # create a 2/1 black Villain creature token with menace" (Crimson Cowl, a 1/3 Villain):
    # the token is created, not attacking (508.4: only what is put onto the battlefield
    # attacking attacks). Bob takes 1.
    got = _damage(_scenario([_p("cowl", "Crimson Cowl, Master of Evil", "Alice")], {"cowl": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 19
    assert got["triggers"][0]["result"] == "created 1 2/1 Villain token (cowl~token1)"


def test_it_after_a_target_is_that_target() -> None:
    # 603.3d, 608.2c: "untap another target attacking creature. It gets +X/+0 until end of
    # turn, where X is Skanos's power" (Skanos, 6/6 vigilance): "it" is the creature
    # targeted. Skanos and Grizzly Bears attack; the Bears untap and get +6/+0: 6 + 8 = 14,
    # Bob 6.
    got = _damage(_scenario([_p("sk", "Skanos, Green Dragon Vassal", "Alice"),
                             _p("bears", "Grizzly Bears", "Alice", tapped=True)],
                            {"sk": "Bob", "bears": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 6
    assert got["triggers"][0]["choices"] == {"target": "bears"}
    assert got["triggers"][0]["result"] == "bears untapped; bears gets +6/+0"


def test_frost_titan_holds_its_target_tapped() -> None:
    # 502.3: "tap target permanent. It doesn't untap during its controller's next untap
    # step" (Frost Titan): "it" is the permanent targeted — here Bob's Hill Giant, which is
    # tapped (it can't block, 509.1a) and marked for his untap step. Bob takes 6.
    got = _damage(_scenario([_p("titan", "Frost Titan", "Alice"), _p("giant", "Hill Giant", "Bob")],
                            {"titan": "Bob"}, trigger_choices=[
                                {"source": "titan", "window": "attack", "target": "giant"}]))
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["triggers"][0]["result"] == (
        "giant tapped; giant doesn't untap during its controller's next untap step (502.3)")


def test_tap_any_number_of_untapped_creatures_for_a_pump() -> None:
    # Ledev Champion (2/2): "you may tap any number of untapped creatures you control. This
    # creature gets +1/+1 until end of turn for each creature tapped this way". It and the
    # Grizzly Bears attack (tapped as they are declared, 508.1f), so only the two Hill Giants
    # at home can be tapped: by default both (max damage: 4 + 2 = 6, Bob 14); stated, one
    # (3 + 2, Bob 15), and that Giant is tapped after combat.
    perms = [_p("led", "Ledev Champion", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
             _p("g1", "Hill Giant", "Alice"), _p("g2", "Hill Giant", "Alice")]
    best = _damage(_scenario(perms, {"led": "Bob", "bears": "Bob"}))
    assert best["outcome"]["life"]["Bob"] == 14
    assert best["triggers"][0]["choices"] == {"tapped": ["g1", "g2"]}
    one = _damage(_scenario(perms, {"led": "Bob", "bears": "Bob"}, trigger_choices=[
        {"source": "led", "window": "attack", "tapped": ["g2"]}]))
    assert one["outcome"]["life"]["Bob"] == 15
    assert one["triggers"][0]["result"] == "g2 tapped; led gets +1/+1"


def test_becomes_prepared_changes_nothing_in_combat() -> None:
    # "While it's prepared, you may cast a copy of its spell" (Encouraging Aviator's
    # reminder text): nobody casts in combat; the 2/3 flier deals 2, Bob 18.
    got = _damage(_scenario([_p("av", "Encouraging Aviator // Jump", "Alice")], {"av": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["result"] == "prepared (no effect on combat)"


def test_sacrificed_at_the_next_end_step_is_gone_from_the_next_turn() -> None:
    # 603.7, 513.1: "When this creature attacks or blocks, sacrifice it at the beginning of
    # the next end step" (Brackwater Elemental, 4/4). In combat nothing changes (it deals
    # 4, Bob 16); at this turn's end step it is sacrificed, so the board of Bob's turn (the
    # AI's crack-back) no longer has it.
    from redzone.models.board import build_board
    from redzone.models.outcome import GameState
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.resolve import attack_window
    from redzone.solver.ai.position import next_turn_board

    scenario = _scenario([_p("elem", "Brackwater Elemental", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                         {"elem": "Bob"})
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["outcome"]["destroyed"] == []
    assert got["triggers"][0]["result"] == (
        "elem will be sacrificed at the beginning of the next end step (603.7, 513.1)")
    board = build_board(parse_scenario(scenario))
    state = GameState.from_board(board)
    after = attack_window(board, state, {"elem": "Bob"})
    assert sorted(next_turn_board(after.board, state, {"elem": "Bob"}, "Bob").permanents) == ["bears"]


def test_alora_returns_the_creature_it_made_unblockable() -> None:
    # 603.7c: "Whenever you attack, up to one target attacking creature can't be blocked this
    # turn. At the beginning of the next end step, return that creature to its owner's hand"
    # (Alora, Rogue Companion): "that creature" is the target. Alora (3/3) and the Hill Giant
    # attack; Bob's Grizzly Bears can't block the one targeted.
    got = _damage(_scenario([_p("alora", "Alora, Rogue Companion", "Alice"), _p("giant", "Hill Giant", "Alice"),
                             _p("bears", "Grizzly Bears", "Bob")], {"alora": "Bob", "giant": "Bob"},
                            trigger_choices=[{"source": "alora", "window": "attack", "target": "giant"}]))
    assert got["triggers"][0]["result"] == (
        "giant can't be blocked this turn; giant will be returned to its owner's hand at the "
        "beginning of the next end step (603.7, 513.1)")


def test_have_it_get_then_sacrifice_at_the_next_end_step() -> None:
    # Attack-in-the-Box (2/4): "you may have it get +4/+0 until end of turn. If you do,
    # sacrifice it at the beginning of the next end step": taken, it deals 6 (Bob 14).
    got = _damage(_scenario([_p("box", "Attack-in-the-Box", "Alice")], {"box": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 14
    assert got["triggers"][0]["result"] == (
        "box gets +4/+0; box will be sacrificed at the beginning of the next end step (603.7, 513.1)")


def test_manifest_dread_puts_a_face_down_two_two_onto_the_battlefield() -> None:
    # 701.62a, 701.40, 708.2: "Whenever this creature attacks, manifest dread" (Hauntwoods
    # Shrieker): whichever card Alice manifests, it is a face-down 2/2 creature, not
    # attacking (508.4); an anthem (Glorious Anthem: creatures you control get +1/+1) applies
    # to it as to any creature (613).
    got = _damage(_scenario([_p("sh", "Hauntwoods Shrieker", "Alice"), _p("anthem", "Glorious Anthem", "Alice")],
                            {"sh": "Bob"}))
    assert got["triggers"][0]["result"] == (
        "Alice manifests a card: sh~manifest1, a face-down 2/2 creature (701.62a, 708.2)")
    from redzone.models.board import build_board
    from redzone.models.outcome import GameState
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.resolve import attack_window

    board = build_board(parse_scenario(_scenario(
        [_p("sh", "Hauntwoods Shrieker", "Alice"), _p("anthem", "Glorious Anthem", "Alice")], {"sh": "Bob"})))
    after = attack_window(board, GameState.from_board(board), {"sh": "Bob"})
    face_down = after.board.permanents["sh~manifest1"]
    assert (face_down.power, face_down.toughness, face_down.token) == (3, 3, False)
    assert "sh~manifest1" not in after.attackers


def test_transform_mid_combat_keeps_the_creature_in_combat() -> None:
    # 712, 701.28a: "When another creature you control dies, transform this creature"
    # (Desperate Farmer, 2/2 lifelink // Depraved Harvester, 4/3 lifelink). Farmer and
    # Grizzly Bears attack; Bob's Youthful Knight (2/1 first strike) blocks the Bears and
    # kills them in the first-strike step (510.4); the Farmer transforms — the same object,
    # still attacking and unblocked — and deals 4 with lifelink in the regular step: Bob 16,
    # Alice 24.
    got = _damage(_scenario([_p("farmer", "Desperate Farmer // Depraved Harvester", "Alice"),
                             _p("bears", "Grizzly Bears", "Alice"), _p("knight", "Youthful Knight", "Bob")],
                            {"farmer": "Bob", "bears": "Bob"}, {"knight": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["life"] == {"Alice": 24, "Bob": 16}
    assert got["triggers"][0]["result"] == "farmer transforms into Depraved Harvester"


def test_transform_read_once_the_back_face_is_all_played() -> None:
    # Bereaved Survivor's back face (Dauntless Avenger) has an attack trigger that returns a
    # creature card from the graveyard tapped and attacking: read since h8 (entries.py), so
    # the transform (712) is read too — actions.transformable asks for a back face read in
    # full. (Before h8 the same sentence was unread for that reason.)
    from redzone.models.triggers.parse import parse_triggers

    got = parse_triggers("When another creature you control dies, transform this creature.",
                         ("Bereaved Survivor", "Bereaved Survivor // Dauntless Avenger"))
    assert len(got) == 1 and isinstance(got[0].effects[0], Transform)


def test_a_token_made_by_amass_lists_enters_triggers_as_not_played() -> None:
    # not_played (docs/triggers.md): a played ability that makes a token can trigger
    # "whenever a creature enters" elsewhere, which the play doesn't: with Corsairs of Umbar
    # (amass: a 0/0 Army token), Soul Warden's "Whenever another creature enters, you gain 1
    # life" is listed as not played.
    got = _damage(_scenario([_p("cors", "Corsairs of Umbar", "Alice"), _p("warden", "Soul Warden", "Alice")],
                            {"cors": "Bob"}))
    assert any(x["id"] == "warden" for x in got["not_played"])
