"""The block commands: contract keys, the example files' documented answers, exit statuses
and one-line errors (CR 509.1)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_block_json_keys_on_the_menace_example() -> None:
    # CR 509.1c (its example), 702.111b: both creatures must block the menace attacker.
    code, out, _ = run("block", str(EXAMPLES / "menace-watchdog.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True and data["status"] == "optimal"
    assert data["blockers"] == {"dog": ["brute"], "bears": ["brute"]}
    assert data["requirements"] == {"obeyed": 1, "maximum": 1, "maximum_proved": True}
    assert data["mana_paid"] == 0


def test_check_block_names_the_restriction_and_gives_a_witness() -> None:
    # CR 509.1b: Watchdog alone breaks Boggart Brute's menace.
    code, out, _ = run("check-block", str(EXAMPLES / "menace-watchdog.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is False
    assert data["requirements"] == {"obeyed": 1, "maximum": 1, "maximum_proved": True}
    assert [v["kind"] for v in data["violations"]] == ["restriction"]
    assert "Boggart Brute" in data["violations"][0]["source"]
    assert data["witness"] == {"dog": ["brute"], "bears": ["brute"]}


def test_check_block_option_overrides_combat_blockers() -> None:
    # CR 509.1c: the double block is legal.
    code, out, _ = run("check-block", str(EXAMPLES / "menace-watchdog.yaml"), "--json",
                       "--blockers", '{"dog": ["brute"], "bears": ["brute"]}')
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True and data["violations"] == [] and data["witness"] is None


def test_block_all_on_war_cadence_lists_the_paid_block() -> None:
    # CR 509.1c-f: not blocking, and blocking while paying {2}, are the legal blocks.
    code, out, _ = run("block", str(EXAMPLES / "war-cadence.yaml"), "--all", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["count"] == 2 and data["complete"] is True
    assert data["declarations"] == [{}, {"dog": ["bears"]}]
    code, out, _ = run("check-block", str(EXAMPLES / "war-cadence.yaml"), "--json")
    assert json.loads(out)["legal"] is True and json.loads(out)["mana_paid"] == 2


def test_tromokratis_example_is_unblockable() -> None:
    # CR 509.1a-b: the tapped Hill Giant can't block, so nothing blocks Tromokratis.
    code, out, _ = run("block", str(EXAMPLES / "tromokratis.yaml"), "--json")
    data = json.loads(out)
    assert code == 0 and data["blockers"] == {} and data["requirements"]["maximum"] == 0
    assert "tapped" in data["unable"]["giant"]
    code, out, _ = run("check-block", str(EXAMPLES / "tromokratis.yaml"), "--json")
    data = json.loads(out)
    assert data["legal"] is False and "Tromokratis" in data["violations"][0]["source"]


def test_siege_example_block_readable_output() -> None:
    # CR 310.9c: the readable form names the block (Juggernaut attacks the Siege; no
    # requirement binds Bob's Bears, so no block is the plan).
    code, out, _ = run("block", str(EXAMPLES / "siege.yaml"))
    assert code == 0 and "no creature blocks" in out and "CR 509.1c" in out


def test_bad_blockers_option_is_a_one_line_usage_error() -> None:
    code, _, err = run("check-block", str(EXAMPLES / "menace-watchdog.yaml"), "--blockers", '{"dog": "brute"}')
    assert code == 2 and err.count("\n") == 1 and "--blockers" in err


def test_attack_on_a_creature_is_a_one_line_input_error(tmp_path: Path) -> None:
    # CR 506.3: only players, planeswalkers and battles are attacked.
    path = tmp_path / "s.yaml"
    path.write_text("""
players: [{name: Alice}, {name: Bob}]
permanents:
  - {id: bears, card: Grizzly Bears, controller: Alice}
  - {id: giant, card: Hill Giant, controller: Bob}
combat: {attackers: {bears: giant}}
""")
    code, _, err = run("block", str(path))
    assert code == 2 and err.startswith("redzone: error: combat.attackers.bears") and err.count("\n") == 1


def test_block_jsonl_batch(tmp_path: Path) -> None:
    # One JSON object per line; a bad line reports its number and the good ones still run.
    good = {"players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": [{"id": "unicorn", "card": "Prized Unicorn", "controller": "Alice"},
                           {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
            "combat": {"attackers": {"unicorn": "Bob"}}}
    path = tmp_path / "batch.jsonl"
    path.write_text(json.dumps(good) + "\n" + '{"players": []}\n')
    code, out, _ = run("block", str(path), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    # CR 509.1c: the Lure-type Unicorn must be blocked by the Bears.
    assert rows[0]["where"] == "line 1" and rows[0]["blockers"] == {"bears": ["unicorn"]}
    assert rows[1]["where"] == "line 2" and "error" in rows[1]


def test_block_with_a_time_limit_keeps_the_contract_keys() -> None:
    # CR 509.1c: a generous --time-limit changes nothing on a small board.
    code, out, _ = run("block", str(EXAMPLES / "menace-watchdog.yaml"), "--json", "--time-limit", "30")
    data = json.loads(out)
    assert code == 0 and data["status"] == "optimal" and data["tie_break_proved"] is True
    assert {"legal", "status", "blockers", "requirements", "mana_paid"} <= set(data)
    assert data["defending_players"]["Bob"]["requirements"] == {"obeyed": 1, "maximum": 1, "maximum_proved": True}
