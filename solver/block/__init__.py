"""Block declarations (CR 509.1, several defending players 802.4): plan, check and
enumerate (:mod:`.solve`), the CP-SAT model (:mod:`.model`) and the typed results
(:mod:`.results`)."""

from redzone.solver.block.solve import (
    BlockCheck,
    BlockEnumeration,
    BlockPlan,
    check_block,
    check_blocks,
    enumerate_all_blocks,
    enumerate_blocks,
    maximum_block_requirements,
    plan_block,
    plan_blocks,
)

__all__ = ["BlockCheck", "BlockEnumeration", "BlockPlan", "check_block", "check_blocks",
           "enumerate_all_blocks", "enumerate_blocks", "maximum_block_requirements", "plan_block",
           "plan_blocks"]
