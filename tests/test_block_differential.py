"""Differential tests: the CP-SAT block solver against the exhaustive reference (CR 509.1).

Random BlockProblems (up to 4 attacking creatures and 4 potential blockers) mixing every kind
the normal form has: per-pair availability (what evasion, protection, landwalk and quality
filters leave, 509.1a-b), blockers that may block several attackers (509.1a), every group
restriction (menace-like minimums 702.111b, maximums, Tromokratis all-or-nothing, can't block
alone, N others, greater power, caps; 509.1b), every requirement kind (blocks each combat,
pairwise/provoke 702.39a and Lure instances, must be blocked with counts and "by" sets;
509.1c) and block costs per blocker and per pair with a random amount of mana (509.1d-f).
Both sides read only the BlockProblem; any disagreement is a bug in one of them.

The default run keeps to well under a minute; ``pytest -m slow`` runs many more examples.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redzone.models.block_problem import (
    AllOrNothing,
    BlockerCap,
    BlockerNotAlone,
    BlockProblem,
    BlockRequirement,
    GreaterPowerBlocker,
    MaxBlockers,
    MinBlockers,
    MinOtherBlockers,
    cost_of,
    obeyed_count,
    restriction_violations,
)
from redzone.solver.block.solve import check_block, enumerate_blocks, maximum_block_requirements, plan_block
from redzone.solver.reference import (
    all_block_declarations,
    reference_block_is_legal,
    reference_legal_blocks,
)

DEFAULT = settings(max_examples=400, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=5000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def block_problems(draw: st.DrawFn, max_attackers: int = 4, max_blockers: int = 4) -> BlockProblem:
    """A random BlockProblem in normal form."""
    sizes = [0, 1, 2, 2, 3, 3, 4, 4, 4]
    attackers = [f"a{i}" for i in range(min(draw(st.sampled_from(sizes)), max_attackers))]
    blockers = [f"b{i}" for i in range(min(draw(st.sampled_from(sizes)), max_blockers))]
    allowed: dict[str, tuple[str, ...]] = {}
    for b in blockers:
        keep = draw(st.sampled_from([0, 1, 2, 2, 2, 3, 3, 3, 3]))
        picks = draw(st.lists(st.integers(0, 2), min_size=len(attackers), max_size=len(attackers)))
        ts = [a for a, p in zip(attackers, picks) if p < keep]
        if draw(st.integers(0, 24)) == 0:
            ts.append("ghost")  # not an attacker of this player: never legal to block
        allowed[b] = tuple(ts)
    capacity: dict[str, int | None] = {}
    for b in blockers:
        c = draw(st.sampled_from([1, 1, 1, 1, 1, 2, None]))
        if c != 1:
            capacity[b] = c
    power = {b: draw(st.integers(0, 4)) for b in blockers}

    kinds: list[st.SearchStrategy] = [
        st.builds(BlockerCap, st.sampled_from(sorted({0, 1, 2, max(len(blockers) - 1, 0)})),
                  st.just("cap")),
    ]
    reqs: list[st.SearchStrategy] = []
    if attackers:
        a_ = st.sampled_from(attackers)
        kinds += [
            st.builds(MinBlockers, a_, st.sampled_from([2, 2, 3]), st.just("menace")),
            st.builds(MaxBlockers, a_, st.sampled_from([1, 1, 2]), st.just("not more than")),
            st.builds(lambda a, req: AllOrNothing(a, tuple(req), "all or nothing"), a_,
                      st.lists(st.sampled_from(blockers + ["tapped"]) if blockers
                               else st.just("tapped"), max_size=4, unique=True)),
        ]

        def by_set() -> st.SearchStrategy[frozenset[str] | None]:
            return st.none() | st.lists(st.sampled_from(blockers), max_size=3).map(frozenset) \
                if blockers else st.none()

        reqs += [
            st.builds(lambda a, lo, hi, by: [BlockRequirement(None, a, "must", "must be blocked",
                                                              lo, None if hi is None else lo + hi, by)],
                      a_, st.sampled_from([1, 1, 2, 3]), st.sampled_from([None, None, 0, 1]), by_set()),
        ]
    if blockers:
        b_ = st.sampled_from(blockers)
        kinds += [
            st.builds(BlockerNotAlone, b_, st.just("not alone")),
            st.builds(MinOtherBlockers, b_, st.integers(1, 3), st.just("n others")),
            st.builds(GreaterPowerBlocker, b_, st.just("greater power")),
        ]
        reqs += [st.builds(lambda b: [BlockRequirement(b, None, "each", "blocks each combat")], b_)]
        if attackers:
            # A provoke-style pair, or a Lure: one instance per potential blocker.
            reqs += [
                st.builds(lambda b, a: [BlockRequirement(b, a, "provoke", "blocks a")], b_,
                          st.sampled_from(attackers)),
                st.builds(lambda a: [BlockRequirement(b, a, "lure", "lure") for b in blockers
                                     if a in allowed[b]], st.sampled_from(attackers)),
            ]
    restrictions = tuple(draw(st.lists(st.one_of(kinds), max_size=4)))
    groups = draw(st.lists(st.one_of(reqs), min_size=0 if draw(st.integers(0, 9)) == 0 else 1,
                           max_size=4)) if reqs else []
    requirements = tuple(r for g in groups for r in g)
    blocker_costs: dict[str, int] = {}
    pair_costs: dict[tuple[str, str], int] = {}
    if draw(st.booleans()):  # half the problems have block costs (509.1d)
        for b in blockers:
            if draw(st.integers(0, 3)) == 0:
                blocker_costs[b] = draw(st.integers(1, 3))
            for a in allowed[b]:
                if draw(st.integers(0, 3)) == 0:
                    pair_costs[(b, a)] = draw(st.integers(1, 3))
    return BlockProblem(
        defending_player="Bob", attackers=tuple(attackers), blockers=tuple(blockers),
        allowed=allowed, capacity=capacity, power=power, restrictions=restrictions,
        requirements=requirements, blocker_costs=blocker_costs, pair_costs=pair_costs,
        cost_sources={}, mana=draw(st.integers(0, 4)))


def _key(d: dict[str, list[str]]) -> frozenset[tuple[str, str]]:
    return frozenset((b, a) for b, attackers in d.items() for a in attackers)


def _tie_break(problem: BlockProblem, d: dict[str, list[str]]) -> tuple[int, int]:
    """plan_block's documented tie-break key: (pairs, sum of pair ranks)."""
    bpos = {b: i for i, b in enumerate(problem.blockers)}
    apos = {a: j for j, a in enumerate(problem.attackers)}
    pairs = [(b, a) for b, attackers in d.items() for a in attackers]
    return len(pairs), sum(bpos[b] * len(problem.attackers) + apos[a] for b, a in pairs)


def _differential(problem: BlockProblem, data: st.DataObject) -> None:
    everything = list(all_block_declarations(problem))
    legal_ref = reference_legal_blocks(problem)
    # CR 509.1c-d: M over declarations that break no restriction and pay nothing.
    free_ok = [d for d in everything
               if cost_of(problem, d) == 0 and not restriction_violations(problem, d)]
    m_ref = max(obeyed_count(problem, d) for d in free_ok)

    m, proved = maximum_block_requirements(problem)
    assert (m, proved) == (m_ref, True)

    # The same set of legal declarations (paid ones included, 509.1d-f).
    enum = enumerate_blocks(problem, limit=100_000)
    assert enum.complete and enum.status == "optimal" and enum.maximum == m_ref
    assert enum.count == len(enum.declarations) == len(legal_ref)
    assert {_key(d) for d in enum.declarations} == {_key(d) for d in legal_ref}

    # The plan is legal, free, obeys M and wins the documented tie-break.
    plan = plan_block(problem)
    assert plan.status == "optimal" and plan.legal and plan.maximum_proved and plan.tie_break_proved
    assert plan.maximum == plan.obeyed == m_ref
    assert plan.mana_paid == 0 == cost_of(problem, plan.blockers)
    assert _key(plan.blockers) in {_key(d) for d in legal_ref}
    best = min(_tie_break(problem, d) for d in free_ok if obeyed_count(problem, d) == m_ref)
    assert _tie_break(problem, plan.blockers) == best
    assert plan_block(problem).blockers == plan.blockers  # deterministic

    # check_block agrees with the reference on a sample (legal or not), plus a declaration
    # naming an attacker the problem doesn't know and one blocking an attacker twice.
    sample = data.draw(st.lists(st.sampled_from(everything), max_size=4), label="sample")
    if problem.blockers:
        sample.append({problem.blockers[0]: ["nowhere"]})
        if problem.attackers:
            sample.append({problem.blockers[0]: [problem.attackers[0], problem.attackers[0]]})
    sample.extend(legal_ref[:1])
    for d in sample:
        check = check_block(problem, d)
        expected = reference_block_is_legal(problem, d, m_ref)
        assert check.legal == expected, d
        assert check.maximum == m_ref and check.status == "optimal"
        assert check.obeyed == obeyed_count(problem, d)
        assert check.mana_paid == cost_of(problem, d)
        kinds = [v.kind for v in check.violations]
        assert ("cost" in kinds) == (cost_of(problem, d) > problem.mana)
        assert ("requirements" in kinds) == (obeyed_count(problem, d) < m_ref)
        assert [v for v in check.violations if v.kind not in ("cost", "requirements")] \
            == restriction_violations(problem, d)
        if expected:
            assert check.witness is None and check.violations == []
        else:
            assert check.witness is not None
            assert reference_block_is_legal(problem, check.witness, m_ref)
            assert cost_of(problem, check.witness) == 0


@DEFAULT
@given(problem=block_problems(), data=st.data())
def test_block_solver_matches_reference(problem: BlockProblem, data: st.DataObject) -> None:
    """CR 509.1a-f: M, the legal set, the plan and checks match brute force."""
    _differential(problem, data)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(problem=block_problems(), data=st.data())
def test_two_stage_solving_matches_reference(problem: BlockProblem, data: st.DataObject) -> None:
    """CR 509.1c: with the one-shot budget cut to nothing, M is proved by decision solves
    and the tie-break by the second stage: the answers must not change."""
    import redzone.solver.block.solve as sb

    saved = sb.FIRST_TRY_WORK
    sb.FIRST_TRY_WORK = 1e-9
    try:
        _differential(problem, data)
    finally:
        sb.FIRST_TRY_WORK = saved


@SLOW
@given(problem=block_problems(), data=st.data())
def _slow_differential(problem: BlockProblem, data: st.DataObject) -> None:
    _differential(problem, data)


@pytest.mark.slow
def test_block_solver_matches_reference_slow(request: pytest.FixtureRequest) -> None:
    """The same differential check with ten times the examples; runs only under
    ``pytest -m slow`` (CR 509.1a-f)."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    _slow_differential()
