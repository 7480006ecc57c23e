"""Differential tests: the CP-SAT damage model against the exhaustive reference (CR 510.1,
702.19, 702.2c, 702.22j-k, old 510.1c-d).

Random combats (1-3 attacking creatures, 0-3 blocking creatures, power 0-6, random
trample / trample over planeswalkers / deathtouch / banding / first and double strike,
marked damage, attacks on a player, a planeswalker — sometimes gone from combat — or a
battle, blockers blocking several attackers, attackers whose blockers all left, both rule
sets with random damage assignment orders) go through the real scenario -> board -> problem
path; then the solver and the reference, which share only the DamageProblem, must agree:

- on legality: the CP-SAT model admits exactly the assignments with no violation (the whole
  legal set when it is small, random points of the search space otherwise);
- on the optimum of each objective, and on the other players' optimum given the active
  player's choices (banding);
- and every plan is legal, proved optimal and deterministic.

The default run stays under a minute; ``pytest -m slow`` runs many more examples.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from redzone.models.board import build_board
from redzone.models.damage_problem import OBJECTIVES, DamageProblem, active_value, damage_violations
from redzone.models.damage_rules import damage_problem
from redzone.models.scenario import parse_scenario
from redzone.solver.damage.solve import (
    check_damage,
    enumerate_damage_assignments,
    plan_damage_step,
    solver_accepts,
)
from redzone.solver.reference import (
    damage_component_space,
    damage_search_space,
    reference_damage_optimum,
    reference_defender_optimum,
    reference_legal_damage,
)

DEFAULT = settings(max_examples=250, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.filter_too_much])
SLOW = settings(max_examples=2500, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

ATTACKER_KEYWORDS = {"Trample": 2, "Trample over planeswalkers": 4, "Deathtouch": 4,
                     "Banding": 6, "First strike": 20, "Double strike": 20}
"""Keyword -> odds: each creature has it with probability 1 in odds."""
BLOCKER_KEYWORDS = {"Deathtouch": 4, "Banding": 6, "First strike": 20, "Double strike": 20}
COMPONENT_BOUND = 6_000
FULL_SET_BOUND = 1_500


def _keywords(draw: st.DrawFn, odds: dict[str, int]) -> str:
    """Each keyword with probability 1 in its odds, one per line."""
    return "\n".join(k for k, n in odds.items() if draw(st.integers(0, n - 1)) == 0)


def _creature(draw: st.DrawFn, cid: str, controller: str, names: dict[str, int]) -> dict[str, Any]:
    toughness = draw(st.integers(1, 6))
    return {"id": cid, "name": cid, "controller": controller, "types": ["Creature"],
            "power": draw(st.integers(0, 6)), "toughness": toughness,
            "damage": draw(st.sampled_from([0, 0, 0, 1, toughness - 1, toughness])),
            "text": _keywords(draw, names)}


@st.composite
def damage_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A random combat of inline creatures, as a scenario dict."""
    rules = draw(st.sampled_from(["current", "2023"]))
    permanents: list[dict[str, Any]] = [
        # Loyalty 0: the planeswalker has left combat (CR 506.4c, 702.19e-f).
        {"id": "pw", "name": "pw", "controller": "Bob", "types": ["Planeswalker"],
         "loyalty": draw(st.sampled_from([0, 1, 2, 3, 4, 5]))},
        {"id": "bt", "name": "bt", "controller": "Alice", "types": ["Battle"],
         "subtypes": ["Siege"], "defense": draw(st.integers(1, 5)), "protector": "Bob"},
    ]
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 3)))]
    blockers = [f"b{i}" for i in range(draw(st.sampled_from([0, 1, 2, 2, 3, 3])))]
    for a in attackers:
        permanents.append(_creature(draw, a, "Alice", ATTACKER_KEYWORDS))
    for b in blockers:
        permanents.append(_creature(draw, b, "Bob", BLOCKER_KEYWORDS))
    targets = {a: draw(st.sampled_from(["Bob", "Bob", "pw", "pw", "bt"])) for a in attackers}
    blocks: dict[str, list[str]] = {}
    for b in blockers:
        many = draw(st.integers(0, 3)) == 0  # a creature that can block several
        chosen = (draw(st.lists(st.sampled_from(attackers), min_size=1, max_size=3, unique=True))
                  if many else [draw(st.sampled_from(attackers))])
        blocks[b] = chosen
    blocked = [a for a in attackers if draw(st.integers(0, 5)) == 0]  # blockers that left
    combat: dict[str, Any] = {"attackers": targets, "blockers": blocks, "blocked": blocked}
    if rules == "2023" and draw(st.booleans()):
        order: dict[str, list[str]] = {}
        for a in attackers:
            mine = [b for b in blockers if a in blocks[b]]
            if len(mine) > 1:
                order[a] = draw(st.permutations(mine))
        for b in blockers:
            if len(blocks[b]) > 1:
                order[b] = draw(st.permutations(blocks[b]))
        combat["damage_order"] = order
    step = draw(st.sampled_from([None, None, None, None, "first-strike", "regular"]))
    if step is not None:
        combat["step"] = step
    if step == "regular" and draw(st.booleans()):
        combat["first_strike_dealt"] = [c for c in attackers + blockers if draw(st.booleans())]
    return {"rules": rules, "players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": permanents, "combat": combat}


def _problem(data: dict[str, Any]) -> DamageProblem:
    return damage_problem(build_board(parse_scenario(data)))


def _key(a: dict[str, dict[str, int]]) -> frozenset[tuple[str, str, int]]:
    return frozenset((s, r, n) for s, row in a.items() for r, n in row.items() if n)


def _random_assignment(problem: DamageProblem, data: st.DataObject) -> dict[str, dict[str, int]]:
    """Each source's damage dealt out one point at a time to random legal recipients
    (510.1a: all of it assigned), legal or not under the lethal-damage conditions."""
    out: dict[str, dict[str, int]] = {}
    for s in problem.sources:
        if s.amount <= 0:
            continue
        picks = data.draw(st.lists(st.sampled_from(s.recipients), min_size=s.amount,
                                   max_size=s.amount), label=f"split of {s.id}")
        row: dict[str, int] = {}
        for r in picks:
            row[r] = row.get(r, 0) + 1
        out[s.id] = row
    return out


def _differential(problem: DamageProblem, data: st.DataObject) -> None:
    # CR 510.1a-e, 702.19b-f, 702.2c, old 510.1c-d: the model's feasible set is the legal set.
    if damage_search_space(problem) <= FULL_SET_BOUND:
        legal = reference_legal_damage(problem)
        found, complete = enumerate_damage_assignments(problem, limit=100_000)
        assert complete
        assert {_key(a) for a in found} == {_key(a) for a in legal}
        assert len(found) == len(legal)
    else:
        for _ in range(8):
            a = _random_assignment(problem, data)
            assert solver_accepts(problem, a) == (not damage_violations(problem, a)), a

    for objective in OBJECTIVES:
        plan = plan_damage_step(problem, objective)
        assert plan.status == "optimal"
        assert damage_violations(problem, plan.assignment) == []
        assert plan.value == active_value(problem, plan.assignment, objective)
        best = reference_damage_optimum(problem, objective)
        # Every term but the last (the tie-break) is the proved optimum; the tie-break can't
        # beat the reference's best, which looks at every optimal assignment.
        assert plan.value[:-1] == best[:-1], objective
        assert plan.value[-1] <= best[-1]
        # The other players complete the active player's choices minimising their losses
        # (702.22j) and otherwise killing the most.
        theirs = reference_defender_optimum(problem, plan.assignment)
        assert plan.defender[:-1] == theirs[:-1] and plan.defender[-1] <= theirs[-1], objective
        assert plan_damage_step(problem, objective).assignment == plan.assignment  # deterministic

    # check_damage agrees with the direct evaluation on random assignments.
    for _ in range(3):
        a = _random_assignment(problem, data)
        check = check_damage(problem, a)
        assert check.legal == (not damage_violations(problem, a)) == solver_accepts(problem, a)


@DEFAULT
@given(scenario=damage_scenarios(), data=st.data())
def test_damage_solver_matches_reference(scenario: dict[str, Any], data: st.DataObject) -> None:
    """CR 510.1, 702.19, 702.2c, 702.22j-k, 510.1c-d (2023): legality and optima agree."""
    problem = _problem(scenario)
    assume(damage_component_space(problem) <= COMPONENT_BOUND)
    assume(any(s.has_choice for s in problem.sources))  # something to decide
    _differential(problem, data)


@SLOW
@given(scenario=damage_scenarios(), data=st.data())
def _slow_differential(scenario: dict[str, Any], data: st.DataObject) -> None:
    problem = _problem(scenario)
    assume(damage_component_space(problem) <= COMPONENT_BOUND)
    assume(any(s.has_choice for s in problem.sources))  # something to decide
    _differential(problem, data)


@pytest.mark.slow
def test_damage_solver_matches_reference_slow(request: pytest.FixtureRequest) -> None:
    """The same differential check with ten times the examples; runs only under
    ``pytest -m slow`` (CR 510.1, 702.19, 702.2c, 702.22j-k)."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    _slow_differential()
