"""Attack declarations (CR 508.1): plan, check and enumerate with CP-SAT (:mod:`.solve`),
the declarations found without a model (:mod:`.direct`) and the typed results
(:mod:`.results`)."""

from redzone.solver.attack.solve import (
    AttackCheck,
    AttackEnumeration,
    AttackPlan,
    check_attack,
    enumerate_attacks,
    maximum_requirements,
    plan_attack,
)

__all__ = ["AttackCheck", "AttackEnumeration", "AttackPlan", "check_attack", "enumerate_attacks",
           "maximum_requirements", "plan_attack"]
