"""The combat damage commands: ``redzone damage`` and ``redzone check-damage`` — the
contract's JSON keys, exit statuses and one-line errors, on the damage examples (CR 510,
702.19, 120.4b)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_damage_json_on_furnace_of_rath() -> None:
    # CR 702.19b, 120.4b: assign 1 + 3, then the Furnace doubles what is dealt.
    code, out, _ = run("damage", str(EXAMPLES / "damage-furnace-of-rath.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data)[:2] == ["steps", "outcome"]
    assert [s["step"] for s in data["steps"]] == ["regular"]
    assert data["steps"][0]["assignment"] == {"rampager": {"elves": 1, "Bob": 3},
                                              "elves": {"rampager": 1}}
    assert data["outcome"]["life"] == {"Alice": 20, "Bob": 14}
    assert data["outcome"]["destroyed"] == ["elves"]
    assert data["status"] == "optimal" and data["objective"] == "max-player-damage"


def test_damage_plays_both_steps_and_step_option_plays_one() -> None:
    # CR 510.4, 702.4b: a double striker assigns in both steps; --step plays only one.
    path = str(EXAMPLES / "damage-double-strike.yaml")
    code, out, _ = run("damage", path, "--json")
    assert code == 0
    data = json.loads(out)
    assert [(s["step"], s["assignment"]) for s in data["steps"]] == [
        ("first-strike", {"basher": {"myr": 1, "Bob": 2}}), ("regular", {"basher": {"Bob": 3}})]
    assert data["outcome"]["life"]["Bob"] == 15
    code, out, _ = run("damage", path, "--json", "--step", "first-strike")
    assert code == 0
    data = json.loads(out)
    assert [s["step"] for s in data["steps"]] == ["first-strike"]
    assert data["outcome"]["life"]["Bob"] == 18


def test_damage_objective_option_and_text_output() -> None:
    # The text form names each step and the outcome; --objective is accepted.
    code, out, _ = run("damage", str(EXAMPLES / "damage-palace-guard.yaml"), "--objective", "max-kills")
    assert code == 0
    assert "Regular combat damage step (optimal; objective max-kills)" in out
    assert "Colossal Dreadmaw (dreadmaw) → Palace Guard (guard) 2, Bob 4" in out
    assert "Bob: life 20 → 16" in out
    code, _, err = run("damage", str(EXAMPLES / "damage-palace-guard.yaml"), "--objective", "fun")
    assert code == 2 and "fun" in err


def test_check_damage_json_names_the_missing_amount() -> None:
    # CR 702.19b: the Bears' 2 counts, but the Guard still needs 1 more from the Dreadmaw.
    code, out, _ = run("check-damage", str(EXAMPLES / "damage-palace-guard.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is False
    assert data["violations"] == [{
        "kind": "lethal", "source": "Colossal Dreadmaw (dreadmaw)",
        "message": "Colossal Dreadmaw (dreadmaw) assigns 5 to Bob but Palace Guard (guard) has not "
                   "been assigned lethal damage (needs 1 more; CR 702.19b)"}]
    assert data["witness"]["dreadmaw"] == {"guard": 2, "Bob": 4}


def test_check_damage_assignment_option_overrides_the_scenario() -> None:
    # CR 702.19c: with Jace assigned its full loyalty, the rest may go to Bob.
    path = str(EXAMPLES / "damage-thrasta-planeswalker.yaml")
    legal = '{"thrasta": {"jace": 2, "Bob": 5}, "elves": {"jace": 1}}'
    code, out, _ = run("check-damage", path, "--json", "--assignment", legal)
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True and data["violations"] == [] and data["witness"] is None
    code, _, err = run("check-damage", path, "--assignment", "{not json")
    assert code == 2 and err.startswith("redzone: error: --assignment")


def test_damage_without_combat_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: [{name: Alice}, {name: Bob}]\n")
    code, _, err = run("damage", str(path))
    assert code == 2
    assert err.strip().count("\n") == 0 and err.startswith("redzone: error: combat:")


def test_flanking_example_kills_the_blocker_before_damage() -> None:
    # CR 702.25a: flanking triggers for Llanowar Elves (a blocker without flanking) and gives
    # it -1/-1 in the declare blockers step; 0/0, it dies to state-based actions (704.5f)
    # before damage. The Lancer stays blocked (509.1h, 506.4): no damage to Bob.
    code, out, _ = run("damage", str(EXAMPLES / "damage-flanking.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert [(t["source"], t["window"], t["result"]) for t in data["triggers"]] == [
        ("lancer", "block", "elves gets -1/-1")]
    assert data["outcome"]["destroyed"] == ["elves"]
    assert data["outcome"]["life"]["Bob"] == 20
    assert [s["assignment"] for s in data["steps"]] == [{}]
