"""Never "legal" without proof (issue 8, §1): a verdict that rests on an unproved maximum
number of requirements M is ``legal: None`` with a reason; a witness or plan offered as legal
is proved legal; time limits are finite numbers; one time budget covers model building too.

The examples are small, so a zero time limit (CP-SAT gives up at once) is what leaves M
unproved here; without a limit the same calls prove M.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from redzone.models.attack_problem import AttackProblem, AttackTarget, Requirement
from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.limits import (
    TimeLimitReached,
    check_time,
    check_time_limit,
    remaining_time,
    time_budget,
)
from redzone.models.scenario import load_scenario, parse_scenario
from redzone.solver.attack.solve import check_attack, enumerate_attacks, plan_attack
from redzone.solver.block.solve import check_blocks, enumerate_all_blocks, plan_blocks
from redzone.solver.attack.results import UNPROVED_REASON

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _board(name: str):  # type: ignore[no-untyped-def]
    return build_board(load_scenario(EXAMPLES / name))


def _juggernauts() -> AttackProblem:
    return attack_problem(_board("two-juggernauts.yaml"))


@pytest.fixture
def cpsat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plans and M through CP-SAT only: the two Juggernauts under Dueling Grounds have the
    shape :mod:`redzone.solver.attack.direct` answers without a search (and so proves M
    even with a zero time limit); these tests need M left to the solver."""
    from redzone.solver.attack import solve as attack

    monkeypatch.setattr(attack, "_DIRECT", False)


# ---------------------------------------------------------------------------- attack (508.1)


def test_unproved_maximum_makes_the_empty_attack_unknown_not_legal(cpsat_only: None) -> None:
    # CR 508.1d: with Dueling Grounds, one Juggernaut attacking obeys 1 requirement, so not
    # attacking (0) is illegal; with the proof of M cut at once, that can't be known.
    p = _juggernauts()
    proved = check_attack(p, {})
    assert proved.legal is False and proved.maximum == 1 and proved.maximum_proved
    assert proved.witness in ({"juggernaut": "Bob"}, {"juggernaut-2": "Bob"})
    rushed = check_attack(p, {}, time_limit=0.0)
    assert rushed.legal is None
    assert rushed.reason == UNPROVED_REASON == "the maximum was not proved within the time limit"
    assert rushed.witness is None and rushed.status == "feasible" and not rushed.maximum_proved
    data = rushed.to_json()
    assert data["legal"] is None and data["reason"] == UNPROVED_REASON


def test_a_broken_restriction_is_illegal_even_when_the_maximum_is_unproved(cpsat_only: None) -> None:
    # CR 508.1c: both Juggernauts attacking breaks Dueling Grounds' cap: proved without M.
    rushed = check_attack(_juggernauts(), {"juggernaut": "Bob", "juggernaut-2": "Bob"},
                          time_limit=0.0)
    assert rushed.legal is False and rushed.reason is None
    assert [v.kind for v in rushed.violations] == ["restriction"]
    assert rushed.witness is None  # no declaration is known to be legal without M


def test_a_directly_proved_maximum_needs_no_time() -> None:
    # CR 508.1c-d: under Dueling Grounds (at most one attacker) one Juggernaut attacking
    # obeys 1 requirement, the most possible; the direct path proves it without a search,
    # so even a zero time limit gives proved verdicts.
    p = _juggernauts()
    rushed = check_attack(p, {}, time_limit=0.0)
    assert rushed.legal is False and rushed.maximum == 1 and rushed.maximum_proved
    assert rushed.witness == {"juggernaut": "Bob"}  # the earlier creature (tie-break 2)
    plan = plan_attack(p, time_limit=0.0)
    assert plan.legal is True and plan.status == "optimal" and plan.attackers == {"juggernaut": "Bob"}


def test_obeying_every_requirement_is_legal_without_a_solve() -> None:
    # CR 508.1d: a free, restriction-legal declaration obeying every requirement obeys M.
    p = AttackProblem(attacking_player="Alice", creatures=("a",),
                      targets=(AttackTarget("Bob", "player", "Bob"),), allowed={"a": ("Bob",)},
                      requirements=(Requirement("a", None, "a", "attacks each combat if able"),))
    c = check_attack(p, {"a": "Bob"}, time_limit=0.0)
    assert c.legal is True and c.status == "optimal" and c.reason is None


def test_plan_offered_as_legal_only_when_the_maximum_is_proved(cpsat_only: None) -> None:
    p = _juggernauts()
    full = plan_attack(p)
    assert full.legal is True and full.maximum == 1 and full.reason is None
    rushed = plan_attack(p, time_limit=0.0)
    assert rushed.legal is None and rushed.reason == UNPROVED_REASON
    assert rushed.to_json()["legal"] is None


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -1.0, True, "1"])
def test_time_limit_must_be_a_finite_number(bad: object) -> None:
    p = _juggernauts()
    with pytest.raises(ScenarioError, match="time_limit"):
        check_attack(p, {}, time_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="time_limit"):
        plan_attack(p, time_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="time_limit"):
        enumerate_attacks(p, time_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="time_limit"):
        plan_blocks(block_problems(_board("menace-watchdog.yaml")), time_limit=bad)  # type: ignore[arg-type]


def test_command_line_time_limit_must_be_positive() -> None:
    assert check_time_limit(0.5, positive=True) == 0.5
    assert check_time_limit(None, positive=True) is None
    with pytest.raises(ScenarioError, match="--time-limit: must be a finite number"):
        check_time_limit(0, "--time-limit", positive=True)


# ---------------------------------------------------------------------------- block (509.1)


def test_watchdog_witness_is_offered_only_when_proved_legal() -> None:
    # CR 509.1b-c, 702.111b (the Watchdog example of 509.1c): Watchdog alone breaks menace;
    # the only legal block is Watchdog and the Bears together.
    problems = block_problems(_board("menace-watchdog.yaml"))
    full = check_blocks(problems, {"dog": ["brute"]})
    assert full.legal is False and full.witness == {"dog": ["brute"], "bears": ["brute"]}
    rushed = check_blocks(problems, {"dog": ["brute"]}, time_limit=0.0)
    assert rushed.legal is False  # menace is broken whatever M is
    assert [v.kind for v in rushed.violations] == ["restriction"]
    # Not blocking was offered as "a legal block, for comparison" before; it is illegal
    # (Watchdog's requirement can be obeyed), so no witness may be offered unproved.
    assert rushed.witness is None


def test_unproved_maximum_makes_not_blocking_unknown() -> None:
    # CR 509.1c: not blocking obeys 0 of the 1 obeyable requirement (Watchdog's).
    problems = block_problems(_board("menace-watchdog.yaml"))
    assert check_blocks(problems, {}).legal is False
    rushed = check_blocks(problems, {}, time_limit=0.0)
    assert rushed.legal is None and rushed.reason == UNPROVED_REASON
    assert rushed.witness is None and rushed.to_json()["reason"] == UNPROVED_REASON


def test_block_plan_is_unknown_when_the_maximum_is_unproved() -> None:
    problems = block_problems(_board("menace-watchdog.yaml"))
    assert plan_blocks(problems).legal is True
    rushed = plan_blocks(problems, time_limit=0.0)
    assert rushed.legal is None and rushed.reason == UNPROVED_REASON
    assert not enumerate_all_blocks(problems, time_limit=0.0).complete


# ---------------------------------------------------------------------------- one budget


def _bears(n: int) -> dict:  # type: ignore[type-arg]
    perms = ([{"id": f"a{i}", "card": "Grizzly Bears", "controller": "Alice"} for i in range(n)]
             + [{"id": f"d{i}", "card": "Grizzly Bears", "controller": "Bob"} for i in range(n)])
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms,
            "combat": {"attackers": {f"a{i}": "Bob" for i in range(n)}}}


def test_time_budget_covers_building_the_block_problem() -> None:
    # 1,500 attackers by 1,500 possible blockers: 2.25 million (blocker, attacker) pairs to
    # judge (CR 509.1a-b) — far more than 0.05 s of work, so the budget cuts the building.
    # (Speed itself is measured in benchmarks/, not here: the error is the proof of the cut.)
    board = build_board(parse_scenario(_bears(1500)))
    with time_budget(0.05), pytest.raises(TimeLimitReached, match="building the block problem"):
        block_problems(board)


def test_budget_clamps_solver_time_and_nests() -> None:
    assert remaining_time(3.0) == 3.0 and remaining_time() is None
    with time_budget(10.0):
        assert remaining_time(3.0) == 3.0
        left = remaining_time()
        assert left is not None and 9.0 < left <= 10.0
        with time_budget(60.0):  # an inner budget never extends the outer one
            inner = remaining_time()
            assert inner is not None and inner <= 10.0
    with time_budget(0.0):
        with pytest.raises(TimeLimitReached):
            check_time("anything")


# ---------------------------------------------------------------------------- command line


def _cli(*args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from redzone.solver.frontends.cli import cli

    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "0", "-1", "soon"])
def test_cli_time_limit_accepts_finite_positive_numbers_only(bad: str, redzone_main) -> None:  # type: ignore[no-untyped-def]
    code, out, err = redzone_main("check-attack", str(EXAMPLES / "two-juggernauts.yaml"),
                          "--declaration", "{}", "--time-limit", bad, "--json")
    assert code == 2 and "--time-limit" in json.loads(out)["error"]["message"]  # --json: also on stdout
    assert len(err.strip().splitlines()) == 1 and "--time-limit" in err


def test_cli_check_attack_without_limit_is_illegal() -> None:
    # CR 508.1d: not attacking obeys 0 of the 1 obeyable requirement.

    code, out, _ = _cli("check-attack", str(EXAMPLES / "two-juggernauts.yaml"),
                        "--declaration", "{}", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is False and data["reason"] is None


def test_cli_time_limit_covers_model_building() -> None:
    # 1,500 by 1,500 Bears: the block problem alone is 2.25 million pairs (509.1a-b).
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(_bears(1500), f)
    code, out, _ = _cli("check-block", f.name, "--time-limit", "0.3", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is None and data["status"] == "unknown"
    assert data["reason"].startswith("the time limit ran out")


def test_unknown_verdict_reads_unknown_in_text(cpsat_only: None) -> None:
    from rich.console import Console

    from redzone.solver.frontends.commands.attack import CheckAttackAnswer

    board = _board("two-juggernauts.yaml")
    p = attack_problem(board)
    answer = CheckAttackAnswer(board=board, problem=p, declaration={},
                               result=check_attack(p, {}, time_limit=0.0))
    con = Console(record=True, width=200)
    answer.render(con)
    text = con.export_text()
    assert "Attack declaration is unknown" in text
    assert "the maximum was not proved within the time limit" in text
    assert "for comparison" not in text


def test_check_block_refuses_unknown_ids_and_uses_check_attack_wording() -> None:
    code, out, err = _cli("check-block", str(EXAMPLES / "menace-watchdog.yaml"),
                          "--blockers", '{"dog": ["nobody"]}')
    assert code == 2 and "--blockers: unknown permanent or player 'nobody'" in err
    code, out, _ = _cli("check-block", str(EXAMPLES / "tromokratis.yaml"))
    assert code == 0 and "of a possible" not in out
    assert "the most obeyable without paying costs" in out
