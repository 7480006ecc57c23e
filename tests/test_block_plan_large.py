"""Block plans on large boards: the documented tie-break still holds when the model is big
(solver/block.py ``plan_block``; solver/block_model.py ``_tie_break_weights``, ``_reduce``)."""

from __future__ import annotations

from redzone.models.block_problem import (
    BlockProblem,
    BlockRequirement,
    MaxBlockers,
    obeyed_count,
)
from redzone.solver.block import plan_block


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
