"""The front ends with the trigger fields of a scenario (issue 21 §2; docs/scenario-format.md):
``damage`` prints the triggers that resolved, ``check-block`` / ``block`` / ``choose-block``
judge blocks on the board after the attack window, ``draw --plan`` shows the triggers, and
batches and ``serve`` answer the same (they share ``run_command``); bad fields are one-line
errors with exit status 2 everywhere. Real cards, answers from the rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.solver.frontends.commands import run_command
from redzone.solver.frontends.serve import handle_line

HEEL = {"id": "heel", "card": "Goblin Heelcutter", "controller": "Alice"}  # 3/2
WALL = {"id": "wall", "card": "Wall of Stone", "controller": "Bob"}  # 0/8 defender
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}


def _heel(target: str = "wall", blockers: dict[str, list[str]] | None = None, **combat: Any) -> dict[str, Any]:
    """Bob at 3 life with a Wall of Stone; Alice's Goblin Heelcutter attacks, its attack
    trigger ("target creature can't block this turn") still to resolve, aimed at ``target``
    — the issue's board."""
    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": 3}],
            "permanents": [HEEL, WALL],
            "combat": {"attackers": {"heel": "Bob"}, "blockers": blockers or {},
                       "triggers_resolved": [],
                       "trigger_choices": [{"source": "heel", "window": "attack", "target": target}],
                       **combat}}


def _write(tmp_path: Path, data: dict[str, Any], name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_check_block_judges_after_the_attack_window(tmp_path, redzone_main):
    # 508.2, 509.1b: the Heelcutter's trigger resolves before blockers are declared; the
    # Wall it targeted can't block this turn, so the Wall blocking is illegal.
    path = _write(tmp_path, _heel(blockers={"wall": ["heel"]}))
    code, out, _ = redzone_main("check-block", path, "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False
    assert data["violations"][0]["kind"] == "unable" and "can't block" in data["violations"][0]["message"]
    assert [(t["source"], t["window"], t["choices"]) for t in data["triggers"]] == [
        ("heel", "attack", {"target": "wall"})]
    code, out, _ = redzone_main("check-block", path)
    assert "Trigger (attack): Goblin Heelcutter (heel): wall can't block this turn (target: wall)" in out
    assert "Block declaration is illegal" in out
    # Aimed at itself, the Wall may block; with the attack window resolved (its effect not
    # in the board as given: the Wall has no "can't block"), the block is legal too.
    assert run_command("check-block", _heel("heel", {"wall": ["heel"]})).to_json()["legal"] is True
    resolved = _heel(blockers={"wall": ["heel"]})
    resolved["combat"] = {"attackers": {"heel": "Bob"}, "blockers": {"wall": ["heel"]},
                          "triggers_resolved": ["attack"]}
    answer = run_command("check-block", resolved).to_json()
    assert answer["legal"] is True and "triggers" not in answer


def test_block_and_choose_block_see_the_target_that_cant_block(tmp_path, redzone_main):
    # The Wall can't block (509.1b): block declares nothing and lists why; choose-block
    # can't save Bob (3 life, 3 power unblocked: 704.5a), and with the trigger aimed at the
    # Heelcutter itself the Wall blocks and Bob survives.
    code, out, _ = redzone_main("block", _write(tmp_path, _heel()), "--json")
    data = json.loads(out)
    assert code == 0 and data["blockers"] == {} and "wall" in data["unable"]
    code, out, _ = redzone_main("choose-block", _write(tmp_path, _heel(), "c.json"), "--json",
                                "--lookahead", "0")
    data = json.loads(out)
    assert code == 0 and data["survives"] is False and data["blockers"] == {}
    assert data["triggers"][0]["choices"] == {"target": "wall"}
    saved = run_command("choose-block", _heel("heel"), {"lookahead": 0}).to_json()
    assert saved["survives"] is True and saved["blockers"] == {"wall": ["heel"]}


def test_damage_prints_each_trigger_in_order(tmp_path, redzone_main):
    # Raging Regisaur's "deals 1 damage to any target" (603.3d; stated: the Elves, which it
    # destroys, 704.5g) resolves before blockers are declared (508.2), one line before the
    # damage step; then 4 unblocked damage: Bob 20 -> 16.
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "rex", "card": "Raging Regisaur", "controller": "Alice"},
                               {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}],
                "combat": {"attackers": {"rex": "Bob"},
                           "trigger_choices": [{"source": "rex", "window": "attack", "target": "elves"}]}}
    path = _write(tmp_path, scenario)
    code, out, _ = redzone_main("damage", path)
    lines = [line for line in out.splitlines() if line.startswith("Trigger")]
    assert code == 0 and lines == ["Trigger (attack): Raging Regisaur (rex): 1 damage to elves (target: elves)"]
    assert out.index("Trigger (attack)") < out.index("Regular combat damage step")
    code, out, _ = redzone_main("damage", path, "--json")
    data = json.loads(out)
    assert [t["result"] for t in data["triggers"]] == ["1 damage to elves"]
    assert data["outcome"]["life"]["Bob"] == 16 and data["outcome"]["destroyed"] == ["elves"]


def test_damage_step_triggers_are_named_by_their_step(redzone_main, tmp_path):
    # Jackal Pup: "whenever this creature is dealt damage, it deals that much damage to
    # you" — a damage-window trigger of the regular step (510.3), named "regular" as
    # combat.trigger_choices names it. Blocked by Grizzly Bears: 2 damage, Alice 20 -> 18.
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "pup", "card": "Jackal Pup", "controller": "Alice"}, BEARS],
                "combat": {"attackers": {"pup": "Bob"}, "blockers": {"bears": ["pup"]},
                           "triggers_resolved": ["attack", "block"]}}
    code, out, _ = redzone_main("damage", _write(tmp_path, scenario), "--json")
    data = json.loads(out)
    assert [(t["source"], t["window"]) for t in data["triggers"]] == [("pup", "regular")]
    assert data["outcome"]["life"]["Alice"] == 18
    code, out, _ = redzone_main("damage", _write(tmp_path, scenario))
    assert out.index("Regular combat damage step") < out.index("Trigger (regular): Jackal Pup (pup)")


def test_ambiguity_warning_on_standard_error_and_in_json(tmp_path, redzone_main):
    # Blockers declared, an attack trigger and a bushido creature present, no
    # triggers_resolved: the warning says which default was assumed.
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [HEEL, {"id": "samurai", "card": "Devoted Retainer", "controller": "Alice"}, WALL],
                "combat": {"attackers": {"heel": "Bob", "samurai": "Bob"}, "blockers": {"wall": ["samurai"]}}}
    path = _write(tmp_path, scenario)
    code, _, err = redzone_main("damage", path)
    assert code == 0 and "warning: combat.triggers_resolved is not given" in err
    assert "attack triggers (Goblin Heelcutter (heel)) are taken as resolved" in err
    code, out, _ = redzone_main("damage", path, "--json")
    assert any("block triggers (Devoted Retainer (samurai)) are taken as still to resolve" in w
               for w in json.loads(out)["warnings"])
    code, _, err = redzone_main("check-block", path)
    assert code == 0 and "combat.triggers_resolved is not given" in err


def test_bad_fields_exit_2_with_one_line(tmp_path, redzone_main):
    bad = _heel()
    bad["combat"]["triggers_resolved"] = ["declare-attackers"]
    for command in ("damage", "check-block", "block", "choose-block", "draw"):
        code, out, err = redzone_main(command, _write(tmp_path, bad))
        assert code == 2 and out == "", command
        assert err.count("\n") == 1 and "combat.triggers_resolved[0]" in err and "Traceback" not in err
    # A choice that is not legal, found as the window is played (603.3d): one line too.
    code, _, err = redzone_main("damage", _write(tmp_path, _heel(target="Bob")))
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("redzone: error: combat.trigger_choices[0].target: 'Bob' is not a legal choice")
    # A check with an open choice: the options are named.
    missing = _heel(blockers={"wall": ["heel"]})
    missing["combat"]["trigger_choices"] = []
    code, _, err = redzone_main("check-block", _write(tmp_path, missing))
    assert code == 2 and "combat.trigger_choices: Alice chooses the target" in err and "(options: heel, wall)" in err


def test_draw_plan_shows_the_triggers(tmp_path, redzone_main):
    code, out, _ = redzone_main("draw", _write(tmp_path, _heel()), "--plan", "damage", "--json")
    data = json.loads(out)
    assert code == 0 and data["triggers"][0]["result"] == "wall can't block this turn"
    assert "trigger (attack): heel: wall can't block this turn (target: wall)" in data["notes"]
    assert "wall can&#x27;t block this turn" in data["svg"] or "wall can't block this turn" in data["svg"]
    code, out, _ = redzone_main("draw", _write(tmp_path, _heel()), "--plan", "block", "--json")
    assert json.loads(out)["triggers"][0]["choices"] == {"target": "wall"}


def test_batch_rows_answer_as_the_command(tmp_path, redzone_main):
    rows = [_heel(blockers={"wall": ["heel"]}), _heel("heel", {"wall": ["heel"]})]
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    code, out, _ = redzone_main("check-block", str(path), "--json")
    got = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert code == 0 and [r["legal"] for r in got] == [False, True]
    assert got[0]["triggers"] == run_command("check-block", rows[0]).to_json()["triggers"]


def test_serve_answers_as_the_command_and_refuses_bad_fields():
    request = {"id": 1, "command": "check-block", "scenario": _heel(blockers={"wall": ["heel"]})}
    response = handle_line(json.dumps(request))
    assert response is not None and response["ok"] is True
    assert response["result"]["legal"] is False
    assert response["result"]["triggers"] == run_command("check-block", request["scenario"]).to_json()["triggers"]
    bad = _heel()
    bad["combat"]["trigger_choices"][0]["source"] = "goblin"
    response = handle_line(json.dumps({"id": 2, "command": "damage", "scenario": bad}))
    assert response is not None and response["ok"] is False
    assert response["error"]["kind"] == "bad_input"
    assert response["error"]["message"].startswith("combat.trigger_choices[0].source: unknown id 'goblin'")


def test_choose_attack_says_it_does_not_take_the_scenarios_choices(tmp_path, redzone_main):
    # choose-attack chooses the attack itself, and with it the Heelcutter's target (a move
    # of the search, docs/triggers.md): the stated choice is not used, and it says so. The
    # attack is lethal either way (Bob at 3, the Wall made unable to block, 509.1b).
    path = _write(tmp_path, _heel())
    code, out, _ = redzone_main("choose-attack", path, "--json", "--lookahead", "0")
    data = json.loads(out)
    assert code == 0 and data["lethal"] is True and data["attackers"] == {"heel": "Bob"}
    code, _, err = redzone_main("choose-attack", path, "--lookahead", "0")
    assert "warning: combat.trigger_choices[0] (heel, attack) not used: choose-attack searches" in err
    code, _, err = redzone_main("choose-block", _write(tmp_path, _heel(), "b.json"), "--lookahead", "0")
    assert code == 0 and "not used" not in err


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_examples_answer_as_their_comments_say(redzone_main):
    # examples/check-block-heelcutter.yaml: the Wall, targeted by the attack trigger, can't
    # block (508.2, 509.1b); examples/damage-bushido-resolved.yaml: bushido is not resolved
    # again (702.45a), the 2/2 Retainer and the Bears trade (704.5g).
    code, out, _ = redzone_main("check-block", str(EXAMPLES / "check-block-heelcutter.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False and data["witness"] == {}
    code, out, _ = redzone_main("damage", str(EXAMPLES / "damage-bushido-resolved.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and "triggers" not in data and "warnings" not in data
    assert sorted(data["outcome"]["destroyed"]) == ["bears", "retainer"] and data["outcome"]["life"]["Bob"] == 20


def test_check_damage_judges_after_the_block_window(tmp_path, redzone_main):
    # Suq'Ata Lancer (flanking) blocked by Llanowar Elves, the block window still to
    # resolve (blockers declared: the default, with its warning): flanking gives the Elves
    # -1/-1 and they die before damage (702.25a, 704.5f); the Lancer stays blocked and
    # deals no damage (509.1h, 510.1c), so 2 to the Elves is illegal and no damage is the
    # legal assignment.
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "lancer", "card": "Suq'Ata Lancer", "controller": "Alice"},
                               {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}],
                "combat": {"attackers": {"lancer": "Bob"}, "blockers": {"elves": ["lancer"]},
                           "assignment": {"lancer": {"elves": 2}}}}
    code, out, _ = redzone_main("check-damage", _write(tmp_path, scenario), "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False and data["witness"] == {}
    assert [t["result"] for t in data["triggers"]] == ["elves gets -1/-1"]
    # With the block window resolved (its effect not in the board as given: the Elves are a
    # 1/1 blocker), 2 to the Elves is legal.
    scenario["combat"]["triggers_resolved"] = ["attack", "block"]
    data = run_command("check-damage", scenario).to_json()
    assert data["legal"] is True and "triggers" not in data


def test_the_ais_answer_names_a_damage_steps_window_by_its_step():
    # Zephyr Winder (2/1 flying) attacks Bob, who has no creature: no block (509.1), 2 to
    # Bob, and its "deals combat damage to a player" trigger resolves after the regular
    # step (510.3), named "regular" as in damage's answer and combat.trigger_choices.
    scenario = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "winder", "card": "Zephyr Winder", "controller": "Alice"}],
                "combat": {"attackers": {"winder": "Bob"}}}
    ai = run_command("choose-block", scenario, {"lookahead": 0}).to_json()
    played = run_command("damage", scenario).to_json()
    assert [(t["source"], t["window"]) for t in ai["triggers"]] == [("winder", "regular")]
    assert ai["triggers"] == played["triggers"] and ai["outcome"]["life"]["Bob"] == 18


def _heel_versus(card: str, **board: Any) -> dict[str, Any]:
    """Alice's Goblin Heelcutter attacks Bob, whose only creature is ``card`` (id ``x``);
    the attack trigger is still to resolve and Bob's creature blocks."""
    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": 3}],
            "permanents": [HEEL, {"id": "x", "card": card, "controller": "Bob", **board}],
            "combat": {"attackers": {"heel": "Bob"}, "blockers": {"x": ["heel"]},
                       "triggers_resolved": []}}


def test_hexproof_shroud_and_protection_are_not_targets_of_an_opponents_trigger() -> None:
    # 603.3d: the Heelcutter's target is chosen as its trigger is put on the stack, among
    # legal targets only. Gladecover Scout (hexproof, 702.11b), Blastoderm and Inkwell
    # Leviathan (shroud, 702.18b) and Paladin en-Vec (protection from red, 702.16b; the
    # Heelcutter is red) can't be targeted, so the only legal target is the Heelcutter itself:
    # no choice to state, and Bob's creature may block.
    for card in ("Gladecover Scout", "Blastoderm", "Inkwell Leviathan", "Paladin en-Vec"):
        answer = run_command("check-block", _heel_versus(card)).to_json()
        assert [t["choices"] for t in answer["triggers"]] == [{"target": "heel"}], card
        assert answer["legal"] is True, card
    # Grizzly Bears can be targeted: two legal targets, Alice's choice, which a check
    # command must be told (a one-line error names the field).
    with pytest.raises(ScenarioError, match=r"options: heel, x"):
        run_command("check-block", _heel_versus("Grizzly Bears"))
