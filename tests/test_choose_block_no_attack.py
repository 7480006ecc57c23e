"""``choose-block`` with no attacking creature answers "nothing to block" (no block,
optimal, exit 0) like ``block``, whether the scenario has no ``combat`` or an empty
``combat.attackers`` (CR 508.8: with no attackers there is no declare blockers step), over the
command line, a batch and the protocol (a trial's finding: it exited 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.serve import handle_line

# Alice (20 life) with Serra Angel, Bob (5 life) with Grizzly Bears; nobody attacks.
BOARD = {"players": [{"name": "Alice"}, {"name": "Bob", "life": 5}],
         "permanents": [{"id": "angel", "card": "Serra Angel", "controller": "Alice"},
                        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]}
# Bob's value at lookahead 0 (docs/ai.md, default weights): his side of the position as it
# is, minus Alice's. life_value(L) = 10(1 - e^(-L/10)): Bob 5 -> 3.9347, Alice 20 -> 8.6466;
# Grizzly Bears 1 + 2 + 0.5*2 = 4; Serra Angel 1 + 4 + 0.5*4 + 0.5*4 (flying) + 0.5
# (vigilance) = 9.5. 3.9347 + 4 - 8.6466 - 9.5 = -10.212.
VALUE = -10.212
SHAPES = {"no combat": BOARD, "empty attackers": {**BOARD, "combat": {"attackers": {}}}}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("shape", SHAPES)
def test_command_line_answers_no_block(tmp_path: Path, shape: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SHAPES[shape]))
    code, out, err = run("choose-block", str(path), "--json", "--lookahead", "0")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data["blockers"] == {} and data["status"] == "optimal" and data["survives"] is True
    assert data["value"] == VALUE and data["bound"] == VALUE
    assert data["outcome"]["life"] == {"Alice": 20, "Bob": 5}
    code, out, _ = run("choose-block", str(path), "--lookahead", "0")
    assert code == 0 and "nothing to block" in out
    assert out.splitlines()[0] == ("Blocks (optimal; value -10.212; lookahead 0; no creature "
                                   "attacks: nothing to block (CR 508.8))")
    # `block` says the same thing.
    code, out, _ = run("block", str(path), "--json")
    assert code == 0 and json.loads(out)["blockers"] == {}


def test_batch_and_protocol_answer_no_block(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text("".join(json.dumps(s) + "\n" for s in SHAPES.values()))
    code, out, _ = run("choose-block", str(rows), "--json", "--lookahead", "0")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [a["blockers"] for a in answers] == [{}, {}]
    assert [a["value"] for a in answers] == [VALUE, VALUE]
    for scenario in SHAPES.values():
        response = handle_line(json.dumps({"id": 1, "command": "choose-block", "scenario": scenario,
                                           "options": {"lookahead": 0}}))
        assert response["ok"] is True
        assert response["result"]["blockers"] == {} and response["result"]["value"] == VALUE


def test_draw_of_the_ai_blocks_with_no_combat(tmp_path: Path) -> None:
    # draw --plan choose-block on a scenario without `combat` (was an internal error).
    path = tmp_path / "s.json"
    path.write_text(json.dumps(BOARD))
    code, out, _ = run("draw", str(path), "--plan", "choose-block", "--json")
    data = json.loads(out)
    assert code == 0 and data["attackers"] == {} and data["blockers"] == {}
