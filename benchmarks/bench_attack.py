"""pytest-benchmark benchmarks of attack planning (CR 508.1). Not part of the test suite.

The file name does not match ``test_*.py`` and the project's ``testpaths`` is ``tests/``, so a
normal ``pytest`` run never collects it; the project's ``addopts`` also disable benchmarks.
Run it explicitly, from the repository root::

    python -m pytest benchmarks/bench_attack.py --benchmark-enable -p no:cacheprovider

Add ``-k "not 1000"`` for a quick run, or ``--benchmark-json=out.json`` to keep the figures.
``benchmarks/run.py`` prints the same figures (and the CLI and memory ones) as one table.

Each benchmark also checks its result (status ``optimal``, agreement with the exhaustive
reference), so a fast wrong answer does not pass.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from benchmarks.boards import SIZES, board_scenario, describe

REFERENCE_SIZES = (4, 6, 8, 10)
"""Sizes where the exhaustive reference is run (it refuses larger search spaces)."""


@functools.cache
def _scenario(n: int, players: int = 4) -> Any:
    from redzone.models.scenario import parse_scenario

    return parse_scenario(board_scenario(n, players=players))


@functools.cache
def _problem(n: int, players: int = 4) -> Any:
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board

    return attack_problem(build_board(_scenario(n, players)))


def _rounds(n: int) -> int:
    return 3 if n >= 1000 else 10 if n >= 200 else 30


@pytest.mark.parametrize("n", SIZES)
def test_plan_attack(benchmark: Any, n: int) -> None:
    """plan_attack on a ready AttackProblem (targets: 10 -> 5 ms, 200 -> 100 ms)."""
    from redzone.solver.attack.solve import plan_attack

    problem = _problem(n)
    plan_attack(problem)  # warm-up (first CP-SAT call)
    plan = benchmark.pedantic(plan_attack, args=(problem,), rounds=_rounds(n), iterations=1)
    assert plan.status == "optimal"  # CR 508.1d: the maximum was proved
    benchmark.extra_info.update(describe(problem))
    benchmark.extra_info.update(build_ms=round(plan.build_ms, 3), solve_ms=round(plan.solve_ms, 3),
                                maximum=plan.maximum)


@pytest.mark.parametrize("n", SIZES)
def test_parse_scenario(benchmark: Any, n: int) -> None:
    """parse_scenario: dict -> validated Scenario."""
    from redzone.models.scenario import parse_scenario

    data = board_scenario(n)
    scenario = benchmark.pedantic(parse_scenario, args=(data,), rounds=_rounds(n), iterations=1)
    assert len(scenario.permanents) == len(data["permanents"])


@pytest.mark.parametrize("n", SIZES)
def test_scenario_to_problem(benchmark: Any, n: int) -> None:
    """build_board + attack_problem from a parsed Scenario."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board

    scenario = _scenario(n)

    def run() -> Any:
        return attack_problem(build_board(scenario))

    problem = benchmark.pedantic(run, rounds=_rounds(n), iterations=1)
    assert len(problem.creatures) == n


@pytest.mark.parametrize("n", SIZES)
def test_end_to_end(benchmark: Any, n: int) -> None:
    """build_board + attack_problem + plan_attack from a parsed Scenario."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board
    from redzone.solver.attack.solve import plan_attack

    scenario = _scenario(n)

    def run() -> Any:
        return plan_attack(attack_problem(build_board(scenario)))

    plan = benchmark.pedantic(run, rounds=_rounds(n), iterations=1)
    assert plan.status == "optimal"


@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("n", REFERENCE_SIZES)
def test_reference(benchmark: Any, n: int, players: int) -> None:
    """The exhaustive reference on small boards; it must agree with CP-SAT on M (508.1d)."""
    from redzone.solver.attack.solve import plan_attack
    from redzone.solver.reference import DEFAULT_BOUND, reference_maximum, search_space

    problem = _problem(n, players)
    if search_space(problem) > DEFAULT_BOUND:
        pytest.skip(f"reference refuses {search_space(problem)} declarations (> {DEFAULT_BOUND})")
    m = benchmark.pedantic(reference_maximum, args=(problem,), rounds=3, iterations=1)
    assert m == plan_attack(problem).maximum
    benchmark.extra_info.update(search_space=search_space(problem), maximum=m)


@pytest.mark.parametrize("players", (2, 4))
@pytest.mark.parametrize("n", REFERENCE_SIZES)
def test_plan_attack_small(benchmark: Any, n: int, players: int) -> None:
    """plan_attack on the reference's boards, for the reference/CP-SAT ratio."""
    from redzone.solver.attack.solve import plan_attack

    problem = _problem(n, players)
    plan_attack(problem)
    plan = benchmark.pedantic(plan_attack, args=(problem,), rounds=30, iterations=1)
    assert plan.status == "optimal"
