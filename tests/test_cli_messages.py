"""One-line messages mended for issue 25 §3: each names the field and the real problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redzone.models.errors import ScenarioError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


# --------------------------------------------------------------------------- --weights 1e308


@pytest.mark.parametrize(("text", "fixed"), [("1e308", "1.0e+308"), ("5E-3", "5.0e-3"), ("1.5e3", "1.5e+3"),
                                             (".5e2", "0.5e+2")])
def test_a_yaml_weight_written_as_yaml_1_1_text_says_so(tmp_path: Path, redzone_main, text: str,
                                                         fixed: str) -> None:
    # PyYAML reads YAML 1.1, where an exponent needs a decimal point and a sign: `1e308` is
    # the text '1e308', which was reported as "must be a number" and nothing more.
    weights = tmp_path / "w.yaml"
    weights.write_text(f"life_scale: {text}\n")
    code, _, err = redzone_main("choose-attack", str(EXAMPLES / "ai-hold-back.yaml"), "--weights", str(weights),
                                "--lookahead", "0")
    assert code == 2
    assert err == (f"redzone: error: {weights}: weights.life_scale: must be a number, got the text "
                   f"'{text}' (YAML 1.1 reads an exponent without a decimal point or a sign as text): "
                   f"write {fixed}\n")
    # The suggestion is read as the number meant.
    weights.write_text(f"life_scale: {fixed}\n")
    code, out, err = redzone_main("choose-attack", str(EXAMPLES / "ai-hold-back.yaml"), "--weights", str(weights),
                                  "--lookahead", "0", "--json")
    assert code == 0, err
    from redzone.models.evaluation import load_weights

    assert load_weights(weights).life_scale == float(text)


def test_a_json_weight_given_as_text_keeps_its_message(tmp_path: Path, redzone_main) -> None:
    # In JSON "1e308" in quotes is text on purpose: no YAML hint.
    weights = tmp_path / "w.json"
    weights.write_text('{"life_scale": "1e308"}')
    code, _, err = redzone_main("choose-attack", str(EXAMPLES / "ai-hold-back.yaml"), "--weights", str(weights))
    assert (code, err) == (2, f"redzone: error: {weights}: weights.life_scale: must be a number (got '1e308')\n")


# --------------------------------------------------------------------------- --assignment range

GUARD = str(EXAMPLES / "damage-palace-guard.yaml")


@pytest.mark.parametrize(("amount", "problem"), [
    ("99999999999999999999", "must be ≤ 1000000 (got 99999999999999999999; see docs/scenario-format.md, numbers)"),
    ("1000001", "must be ≤ 1000000 (got 1000001; see docs/scenario-format.md, numbers)"),
    ("-1", "must be ≥ 0 (got -1)"),
    ("1.5", "expected a whole number (got 1.5)"),
    ("true", "expected a whole number (got True)"),
])
def test_an_assignment_amount_out_of_range_is_named(redzone_main, amount: str, problem: str) -> None:
    # Palace Guard (guard) blocks both attackers; Colossal Dreadmaw assigns 6 among Guard and
    # Bob (trample, 702.19b). An amount a scenario file would refuse (docs/scenario-format.md,
    # numbers) was taken, and the message was that the Guard's assignment is missing.
    code, _, err = redzone_main("check-damage", GUARD, "--assignment", f'{{"dreadmaw": {{"guard": {amount}, "Bob": 5}}}}')
    assert (code, err) == (2, f"redzone: error: --assignment.dreadmaw.guard: {problem}\n")


def test_an_assignment_amount_out_of_range_over_the_api_and_protocol() -> None:
    import yaml

    from redzone.solver.frontends.commands import run_command

    scenario = yaml.safe_load(Path(GUARD).read_text())
    with pytest.raises(ScenarioError) as caught:
        run_command("check-damage", scenario, {"assignment": {"dreadmaw": {"guard": 10**20, "Bob": 5}}})
    assert str(caught.value) == ("options.assignment.dreadmaw.guard: must be ≤ 1000000 (got "
                                 "100000000000000000000; see docs/scenario-format.md, numbers)")


def test_a_number_past_pythons_digit_limit_is_bad_input(redzone_main) -> None:
    code, _, err = redzone_main("check-damage", GUARD, "--assignment", '{"dreadmaw": {"guard": ' + "9" * 5000 + "}}")
    assert (code, err) == (2, "redzone: error: --assignment: a number with more than 4300 digits\n")


# --------------------------------------------------------------------------- check-attack 508.1b


def test_a_creature_attacking_its_own_controller_cites_508_1b(redzone_main) -> None:
    # CR 508.1b: an attacking creature attacks an opponent of its controller, a planeswalker
    # an opponent controls or a battle an opponent protects. Alice's Juggernaut at Alice was
    # "(unknown; Alice)".
    scenario = str(EXAMPLES / "dueling-grounds.yaml")
    rule = ("a creature attacks an opponent of its controller, a planeswalker an opponent controls "
            "or a battle an opponent protects (CR 508.1b)")
    code, out, _ = redzone_main("check-attack", scenario, "--attackers", '{"juggernaut": "Alice"}', "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False
    assert data["violations"] == [{"kind": "unable", "source": "CR 508.1b",
                                   "message": f"Juggernaut (juggernaut) can't attack Alice, its own controller: {rule}"}]
    assert data["witness"] == {"juggernaut": "Bob"}
    code, out, _ = redzone_main("check-attack", scenario, "--attackers", '{"juggernaut": "dueling-grounds"}')
    assert code == 0
    assert (f"✗ Juggernaut (juggernaut) can't attack Dueling Grounds (dueling-grounds): {rule} "
            "(unable; CR 508.1b)") in out


# --------------------------------------------------------------------------- AI reasons at the cap

# Alice's tapped 1,000,000/1,000,000 creature is worth more than a won game (``win``,
# 1,000,000 points): every position of a game still on is scored at the cap, win - 0.001
# (Evaluator.clamp). Grizzly Bears attacking Bob, who has no creature, would deal 2 damage
# (CR 510.1a), a better position in the game, but the search sees the same value either way.
CAPPED = {"players": [{"name": "Alice"}, {"name": "Bob"}],
          "permanents": [{"id": "colossus", "name": "Colossus", "types": ["creature"], "power": 1000000,
                          "toughness": 1000000, "controller": "Alice", "tapped": True},
                         {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}]}
# The same colossus on Bob's side: Bob's Hill Giant blocking Alice's Grizzly Bears would kill
# them (3 damage to toughness 2: 510.1, 704.5g), yet that block is valued at the cap too.
CAPPED_BLOCK = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                "permanents": [{"id": "colossus", "name": "Colossus", "types": ["creature"], "power": 1000000,
                                "toughness": 1000000, "controller": "Bob", "tapped": True},
                               {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                               {"id": "wall", "card": "Hill Giant", "controller": "Bob"}],
                "combat": {"attackers": {"bears": "Bob"}}}


def test_reasons_at_the_value_cap_claim_no_comparison(tmp_path: Path, redzone_main) -> None:
    attack = tmp_path / "capped.json"
    attack.write_text(json.dumps(CAPPED))
    code, out, _ = redzone_main("choose-attack", str(attack), "--lookahead", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == 999999.999 and data["attackers"] == {}
    assert data["reasons"]["bears"] == ("stays home: the answer is valued at the cap of a game still on, "
                                        "where declarations are not told apart: attacking with it was not "
                                        "compared")
    block = tmp_path / "capped-block.json"
    block.write_text(json.dumps(CAPPED_BLOCK))
    code, out, _ = redzone_main("choose-block", str(block), "--lookahead", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == 999999.999 and data["blockers"] == {}
    assert data["reasons"]["wall"] == ("doesn't block: the answer is valued at the cap of a game still on, "
                                       "where blocks are not told apart: blocking with it was not compared")
