"""Differential tests: the attack plan written down without CP-SAT
(:mod:`redzone.solver.attack.direct`) against the CP-SAT model (CR 508.1c-d).

Both must reach the same optimum of the same order: most requirement instances obeyed
(508.1d), then fewest attacking creatures, then the smallest sum of pair ranks; the same
``status`` / ``maximum_proved``; and the same verdict of ``check-attack`` on any proposal.
Problems: random AttackProblems (the differential strategy of the reference tests, with
"greater power" and binding target caps mostly left out so that most examples have the
shape the direct path handles) and the benchmark's attack boards of real cards.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from benchmarks.batch_boards import attack_row
from benchmarks.boards import problem_of
from redzone.models.attack_problem import (
    AttackerCap,
    AttackProblem,
    GreaterPowerCompanion,
    cost_of,
    obeyed_count,
    restriction_violations,
)
from redzone.solver.attack import solve as attack
from redzone.solver.attack.solve import check_attack, maximum_requirements, plan_attack
from redzone.solver.attack.direct import direct_declaration
from tests.test_attack_differential import attack_problems


def _rank_sum(problem: AttackProblem, declaration: dict[str, str]) -> int:
    """Sum of ``index(c) * len(targets) + index(t)`` (plan_attack's third criterion)."""
    cpos: dict[str, int] = {}
    for i, c in enumerate(problem.creatures):
        cpos.setdefault(c, i)
    tpos = {t.id: j for j, t in enumerate(problem.targets)}
    width = max(len(problem.targets), 1)
    return sum(cpos[c] * width + tpos[t] for c, t in declaration.items())


def _objective(problem: AttackProblem, declaration: dict[str, str]) -> tuple[int, int, int]:
    """(requirements obeyed, -attackers, -rank sum): larger is better (508.1d, tie-break)."""
    return (obeyed_count(problem, declaration), -len(declaration), -_rank_sum(problem, declaration))


def _cpsat(problem: AttackProblem) -> mock._patch:
    return mock.patch.object(attack, "_DIRECT", False)


def _compare(problem: AttackProblem, proposals: list[dict[str, str]]) -> bool:
    """Assert the direct path and CP-SAT agree on ``problem``; False when the direct path
    does not apply to it."""
    direct = direct_declaration(problem, attack._pairs(problem, paid=False))
    if direct is None:
        return False
    # The direct declaration is itself legal: no restriction broken, nothing paid (508.1c-d).
    assert restriction_violations(problem, direct) == []
    assert cost_of(problem, direct) == 0
    fast = plan_attack(problem)
    with _cpsat(problem):
        slow = plan_attack(problem)
        slow_m = maximum_requirements(problem)
        slow_checks = [check_attack(problem, d) for d in proposals]
    assert _objective(problem, fast.attackers) == _objective(problem, slow.attackers)
    assert (fast.legal, fast.status, fast.maximum_proved, fast.obeyed, fast.maximum) == \
           (slow.legal, slow.status, slow.maximum_proved, slow.obeyed, slow.maximum)
    assert maximum_requirements(problem) == slow_m == (slow.maximum, True)
    for d, s in zip(proposals, slow_checks):
        f = check_attack(problem, d)
        assert (f.legal, f.status, f.maximum_proved, f.obeyed, f.maximum) == \
               (s.legal, s.status, s.maximum_proved, s.obeyed, s.maximum), d
        assert [v.kind for v in f.violations] == [v.kind for v in s.violations]
    return True


@st.composite
def shaped_problems(draw: st.DrawFn) -> AttackProblem:
    """An :func:`attack_problems` problem (up to 9 creatures), usually without "greater
    power" restrictions and target caps (which the direct path leaves to CP-SAT)."""
    problem = draw(attack_problems(max_creatures=9))
    if draw(st.integers(0, 4)) > 0:
        kept = tuple(r for r in problem.restrictions
                     if not isinstance(r, GreaterPowerCompanion)
                     and not (isinstance(r, AttackerCap) and r.targets is not None))
        problem = AttackProblem(**{**problem.__dict__, "restrictions": kept})
    return problem


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(problem=shaped_problems(), data=st.data())
def test_direct_plan_matches_cpsat(problem: AttackProblem, data: st.DataObject) -> None:
    """Same objective values, status, M and check verdicts as the CP-SAT model."""
    proposals = []
    for _ in range(3):
        proposal: dict[str, str] = {}
        for c in problem.creatures:
            ts = problem.allowed.get(c, ())
            if ts and data.draw(st.booleans()):
                proposal[c] = data.draw(st.sampled_from(ts))
        proposals.append(proposal)
    assume(_compare(problem, proposals))


def test_direct_plan_matches_cpsat_on_benchmark_boards() -> None:
    """The batch benchmark's attack boards (1-20 real cards, 2-4 players: goad, Trove of
    Temptation, taxes, alone/only-alone restrictions): the direct path applies to most of
    them and agrees with CP-SAT on each, plan and checks (the empty declaration, every
    creature on its first allowed target, and the plan itself)."""
    applied = 0
    rows = 150
    for seed in range(rows):
        problem = problem_of(attack_row(seed))
        first = {c: problem.allowed[c][0] for c in problem.creatures if problem.allowed.get(c)}
        with _cpsat(problem):
            plan = dict(plan_attack(problem).attackers)
        applied += _compare(problem, [{}, first, plan])
    # Trove of Temptation is one player-level set; greater power and target caps do not
    # occur on these boards, so the direct path answers nearly every row.
    assert applied >= 0.9 * rows


def test_direct_gives_up_on_greater_power_and_binding_target_caps() -> None:
    """"Can't attack unless a creature with greater power also attacks" and a cap that binds
    on some targets are left to CP-SAT (508.1c): ``None``."""
    problem = problem_of(attack_row(3))
    able = [c for c in problem.creatures if problem.allowed.get(c)]
    assert len(able) >= 3
    pairs = attack._pairs(problem, paid=False)
    assert direct_declaration(problem, pairs) is not None
    power = AttackProblem(**{**problem.__dict__, "restrictions": (
        *problem.restrictions, GreaterPowerCompanion(able[0], "test"))})
    assert direct_declaration(power, pairs) is None
    reached = frozenset(p.target for p in pairs)
    capped = AttackProblem(**{**problem.__dict__, "restrictions": (
        *problem.restrictions, AttackerCap(0, reached, "test"))})
    assert direct_declaration(capped, pairs) is None


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_plan_json_keeps_the_contract(seed: int) -> None:
    """A direct plan is a proved optimum: legal, optimal, M proved, nothing paid, no solve."""
    problem = problem_of(attack_row(seed))
    plan = plan_attack(problem)
    data = plan.to_json()
    assert data["legal"] is True and data["status"] == "optimal" and data["reason"] is None
    assert data["requirements"]["maximum_proved"] is True
    assert data["requirements"]["obeyed"] == data["requirements"]["maximum"] == \
        obeyed_count(problem, plan.attackers)
    assert data["mana_paid"] == 0
