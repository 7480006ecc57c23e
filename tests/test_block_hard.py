"""Block legality on the exact-cover instances of benchmarks/ (CR 509.1b-c), small sizes.

"Every creature blocks Tromokratis" obeys n - 1 requirements; a block obeying n exists
exactly when the 3-sets have an exact cover. check-block must say *legal* exactly when the
plain exact-cover search finds none, and the plan must reach the same maximum. (Speed is
measured in benchmarks/run_block.py, never here.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.block_boards import exact_cover, x3c_scenario, x3c_sets  # noqa: E402
from redzone.models.block_rules import block_problems  # noqa: E402
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.block.solve import check_blocks, plan_blocks  # noqa: E402
from redzone.solver.reference import reference_block_maximum  # noqa: E402

CASES = [(n, ratio, planted, seed) for n in (9, 12) for ratio, planted in
         ((2.5, False), (2.5, True), (1.5, False), (1.34, False), (1.0, True)) for seed in range(3)]
# 22 of these 30 instances have an exact cover, 8 have none.


@pytest.mark.parametrize("n, ratio, planted, seed", CASES)
def test_check_block_decides_exact_cover(n: int, ratio: float, planted: bool, seed: int) -> None:
    # CR 509.1c: the proposal is legal exactly when no block obeys more requirements, i.e.
    # when no exact cover exists.
    sets = x3c_sets(n, max(n // 3, int(n * ratio)), seed=seed, planted=planted)
    cover = exact_cover(n, sets)
    if cover is not None:  # the search's answer really is an exact cover
        assert sorted(e for j in cover for e in sets[j]) == list(range(n))
    sc = parse_scenario(x3c_scenario(n, sets))
    problems = block_problems(build_board(sc))
    result = check_blocks(problems, sc.combat.blockers)
    assert result.status == "optimal"
    assert result.legal == (cover is None)
    assert result.obeyed == n - 1
    assert result.maximum == (n if cover is not None else n - 1)
    plan = plan_blocks(problems)
    assert plan.maximum == result.maximum and plan.legal
    if cover is not None:
        # The witness is itself an exact cover: each element blocks one set containing it.
        assert result.witness is not None and "tromo" not in {a for v in result.witness.values() for a in v}
        assert check_blocks(problems, result.witness).legal


def test_reference_agrees_on_a_six_element_instance() -> None:
    # CR 509.1c: brute force over all 46,656 declarations gives the same maximum.
    for planted in (True, False):
        sets = x3c_sets(6, 4, seed=0, planted=planted)
        sc = parse_scenario(x3c_scenario(6, sets))
        (problem,) = block_problems(build_board(sc))
        expected = 6 if exact_cover(6, sets) is not None else 5
        assert reference_block_maximum(problem) == expected
        assert check_blocks([problem], sc.combat.blockers).maximum == expected
