"""``attack --all`` and ``block --all``: the status of a listing is the listing's — ``optimal``
only for a complete one, ``feasible`` for a list cut short or resting on an unproved
requirement maximum (never ``optimal`` for a partial list; a trial's finding: 588 blocks,
``complete: false``, ``status: optimal``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.solver.frontends.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Three Grizzly Bears attack Bob, who has three Grizzly Bears: each blocker may block any
# one attacker or none (CR 509.1a), 4^3 = 64 blocks; Alice's three may each attack or not,
# 2^3 = 8 declarations (508.1a).
BOARD = """
players: [{name: Alice}, {name: Bob}]
permanents:
  - {id: a1, card: Grizzly Bears, controller: Alice}
  - {id: a2, card: Grizzly Bears, controller: Alice}
  - {id: a3, card: Grizzly Bears, controller: Alice}
  - {id: b1, card: Grizzly Bears, controller: Bob}
  - {id: b2, card: Grizzly Bears, controller: Bob}
  - {id: b3, card: Grizzly Bears, controller: Bob}
combat:
  attackers: {a1: Bob, a2: Bob, a3: Bob}
"""


def run(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, json.loads(result.stdout) if "--json" in args else result.stdout


@pytest.fixture()
def board(tmp_path: Path) -> str:
    path = tmp_path / "bears.yaml"
    path.write_text(BOARD)
    return str(path)


@pytest.mark.parametrize("command, total", [("attack", 8), ("block", 64)])
def test_a_complete_listing_is_optimal(board: str, command: str, total: int) -> None:
    code, data = run(command, board, "--all", "--json")
    assert code == 0
    assert data["count"] == total and data["complete"] is True and data["status"] == "optimal"
    assert data["requirements"] == {"maximum": 0, "maximum_proved": True}


@pytest.mark.parametrize("command", ["attack", "block"])
def test_a_listing_cut_by_the_limit_is_feasible(board: str, command: str) -> None:
    code, data = run(command, board, "--all", "--limit", "5", "--json")
    assert code == 0
    assert data["count"] == 5 and data["complete"] is False and data["status"] == "feasible"
    assert data["requirements"]["maximum_proved"] is True
    _, text = run(command, board, "--all", "--limit", "5")
    assert text.splitlines()[0].endswith("(feasible, incomplete: --limit or the time limit reached)")
    _, text = run(command, board, "--all")
    assert text.splitlines()[0].endswith("(optimal: every legal declaration)")


def test_a_listing_on_an_unproved_maximum_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # CR 508.1d / 509.1c: a declaration must obey the maximum M; when M was not proved in
    # time, the listing is feasible and maximum_proved false, even if nothing was cut.
    from redzone.models.attack_rules import attack_problem
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import load_scenario
    from redzone.solver.attack import solve as attack_mod
    from redzone.solver.block import solve as block_mod

    board = build_board(load_scenario(str(EXAMPLES / "menace-watchdog.yaml")))
    real = block_mod._maximum
    monkeypatch.setattr(block_mod, "_maximum",
                        lambda *a, **k: (real(*a, **k)[0], False, *real(*a, **k)[2:]))
    found = block_mod.enumerate_all_blocks(block_problems(board))
    assert found.complete is False and found.status == "feasible" and found.maximum_proved is False
    assert found.to_json()["requirements"] == {"maximum": 1, "maximum_proved": False}
    assert block_mod.BlockEnumeration.from_json(found.to_json()).maximum_proved is False

    board = build_board(load_scenario(str(EXAMPLES / "loyal-pegasus.yaml")))
    real_a = attack_mod._maximum
    monkeypatch.setattr(attack_mod, "_maximum",
                        lambda *a, **k: (real_a(*a, **k)[0], False, *real_a(*a, **k)[2:]))
    found = attack_mod.enumerate_attacks(attack_problem(board))
    assert found.complete is False and found.status == "feasible" and found.maximum_proved is False
    assert attack_mod.AttackEnumeration.from_json(found.to_json()).maximum_proved is False


def test_no_attack_and_limit_zero_listing_is_not_optimal(tmp_path: Path) -> None:
    # Nothing attacks: the empty block is the only one (CR 508.8); with --limit 0 nothing is
    # listed, so the list is not complete.
    path = tmp_path / "none.yaml"
    path.write_text("players: [{name: Alice}, {name: Bob}]\npermanents:\n"
                    "  - {id: b1, card: Grizzly Bears, controller: Bob}\n")
    code, data = run("block", str(path), "--all", "--json")
    assert code == 0 and data["count"] == 1 and data["status"] == "optimal"
    from redzone.solver.block.solve import enumerate_all_blocks

    found = enumerate_all_blocks([], limit=0)
    assert found.count == 0 and found.complete is False and found.status == "feasible"
