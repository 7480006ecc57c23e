"""Block plans on large boards: the documented tie-break still holds when the model is big
(solver/block/solve.py ``plan_block``; solver/block/model.py ``_tie_break_weights``, ``_reduce``)."""

from __future__ import annotations

from redzone.models.block_problem import (
    BlockProblem,
    BlockRequirement,
    MaxBlockers,
    MinBlockers,
    obeyed_count,
)
from redzone.solver.block.solve import plan_block
from redzone.solver.block.model import _pairs, _reduce


def _everyone_may_block_everything(n: int) -> BlockProblem:
    """``n`` attackers, each "can't be blocked by more than n creatures" (509.1b, never
    binding here, but it names every attacker, so no pair is reduced away), and ``n``
    creatures that each block each combat if able (509.1c) and may block any attacker."""
    attackers = tuple(f"a{i:03d}" for i in range(n))
    blockers = tuple(f"b{i:03d}" for i in range(n))
    return BlockProblem(
        "Bob", attackers, blockers, {b: attackers for b in blockers},
        restrictions=tuple(MaxBlockers(a, n, "not more than n") for a in attackers),
        requirements=tuple(BlockRequirement(b, None, "each", "blocks each combat if able")
                           for b in blockers))


def test_rank_tie_break_holds_with_forty_thousand_pairs() -> None:
    """CR 509.1c: every creature blocks (200 requirements obeyed), each blocks exactly one
    attacker (fewest pairs), and the rank tie-break (earliest attacker first) puts all of
    them on a000. With the old bound on the objective's weights (the sum over all 40,000
    pairs) the weights left the exact range and the rank step was dropped: any attacker
    would do and none of the 200 blocked a000."""
    problem = _everyone_may_block_everything(200)
    plan = plan_block(problem)
    assert plan.status == "optimal"
    assert plan.obeyed == plan.maximum == 200
    assert plan.blockers == {b: ["a000"] for b in problem.blockers}
    assert obeyed_count(problem, plan.blockers) == 200


def _lures_and_menace() -> BlockProblem:
    """Three blockers (b2 may block two creatures) and five attackers: a0 is plain; a1, a2
    and a3 each carry a Lure-type requirement ("every creature able to block it does so",
    one instance per blocker, 509.1c); a4 has menace (509.1b) and nothing asks to block it."""
    attackers = ("a0", "a1", "a2", "a3", "a4")
    blockers = ("b0", "b1", "b2")
    lure = tuple(BlockRequirement(b, a, "lure", "blocks it if able")
                 for a in ("a1", "a2", "a3") for b in blockers)
    return BlockProblem("Bob", attackers, blockers, {b: attackers for b in blockers},
                        capacity={"b2": 2}, restrictions=(MinBlockers("a4", 2, "menace"),),
                        requirements=lure)


def test_reduction_keeps_what_a_best_block_needs() -> None:
    """CR 509.1c: a creature that can block one attacker obeys at most one Lure instance,
    and every Lure attacker is as good as another, so only the earliest is kept (b2, which
    may block two, keeps the earliest two); the plain a0 stays as each creature's cheapest
    block; the menace attacker a4 is never worth blocking (its blockers would do as well on
    a0) and all its pairs go. The listing and the reduction of the full list agree."""
    problem = _lures_and_menace()
    kept = _pairs(problem, paid=False, reduce=True)
    assert [(p.blocker, p.attacker) for p in kept] == [
        ("b0", "a0"), ("b0", "a1"), ("b1", "a0"), ("b1", "a1"),
        ("b2", "a0"), ("b2", "a1"), ("b2", "a2")]
    assert kept == _reduce(problem, _pairs(problem, paid=False))
    plan = plan_block(problem)
    # 4 instances obeyed: b0 and b1 block a1, b2 blocks a1 and a2 (it can't block a third).
    assert plan.maximum == 4
    assert plan.blockers == {"b0": ["a1"], "b1": ["a1"], "b2": ["a1", "a2"]}
