"""``redzone damage`` and ``redzone check-damage`` (CR 510); jobs in
:mod:`redzone.solver.frontends.commands.damage`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import BadInput, cli, json_opt, parse_json_option, run, scenario_arg, strict_opt, time_opt

OBJECTIVE_CHOICES = ("max-player-damage", "max-kills", "min-losses")
STEP_CHOICES = ("first-strike", "regular")

step_opt = click.option("--step", type=click.Choice(STEP_CHOICES), default=None,
                        help="Only this combat damage step (default: every remaining step).")


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@step_opt
@click.option("--objective", type=click.Choice(OBJECTIVE_CHOICES), default="max-player-damage",
              show_default=True, help="What the active player's damage assignments aim for.")
def damage(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
           step: str | None, objective: str) -> None:
    """Play out the remaining combat damage steps (CR 510): each step's assignment, then
    the outcome.

    The active player's assignments follow --objective; the defending player's (blocking
    creatures, and attackers blocked by a creature with banding) minimise their own losses,
    then kill the most attacking creatures. Lethal damage for trample is counted over all
    creatures assigning damage in the step (702.19b).
    """
    from redzone.solver.frontends.commands.damage import DamageOptions

    run(scenario, as_json, "damage",
        DamageOptions(strict=strict, time_limit=time_limit, step=step, objective=objective))  # type: ignore[arg-type]


@cli.command("check-damage")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@step_opt
@click.option("--assignment", default=None, metavar="JSON",
              help='The assignment to check, in the form of combat.assignment (which it '
                   'replaces), e.g. \'{"wurm": {"bears": 2, "Bob": 4}}\'.')
def check_damage_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                     step: str | None, assignment: str | None) -> None:
    """Check whether combat.assignment is a legal combat damage assignment for the step
    (CR 510.1, 702.19, 702.2c; 2023 damage assignment order under rules: 2023).

    Each violation names the creature and what is missing; an illegal assignment comes with
    a legal one for comparison.
    """
    from redzone.solver.frontends.commands.damage import CheckDamageOptions

    from redzone.models.errors import ScenarioError
    from redzone.solver.frontends.commands.damage import check_assignment_option

    value = parse_json_option("--assignment", assignment, shape="source -> {recipient: amount}")
    if value is not None:
        try:  # before reading the scenario; the job checks it again for the API and protocol
            check_assignment_option(value)
        except ScenarioError as exc:
            raise BadInput(str(exc)) from None
    run(scenario, as_json, "check-damage",
        CheckDamageOptions(strict=strict, time_limit=time_limit, step=step, assignment=value))  # type: ignore[arg-type]
