"""Combat damage (CR 510, 702.19 ...): plan, check and enumerate assignments and play the
combat damage steps out (:mod:`.solve`), with the CP-SAT model (:mod:`.model`)."""

from redzone.solver.damage.solve import (
    DamageCheck,
    DamagePlan,
    DamageResult,
    StepResult,
    check_damage,
    components,
    enumerate_damage_assignments,
    play_out,
    plan_damage_step,
    simple_assignment,
    solver_accepts,
)

__all__ = ["DamageCheck", "DamagePlan", "DamageResult", "StepResult", "check_damage", "components",
           "enumerate_damage_assignments", "play_out", "plan_damage_step", "simple_assignment",
           "solver_accepts"]
