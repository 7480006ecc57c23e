"""``redzone attack`` and ``redzone check-attack`` (CR 508.1); jobs in
:mod:`redzone.solver.frontends.commands.attack`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import BadInput, cli, json_opt, parse_json_option, run, scenario_arg, strict_opt, time_opt


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--all", "all_", is_flag=True, help="List every legal declaration (up to --limit).")
@click.option("--limit", type=int, default=1000, show_default=True,
              help="With --all: the most declarations to list (1 or more).")
def attack(scenario: str, as_json: bool, strict: bool, time_limit: float | None, all_: bool, limit: int) -> None:
    """Find a legal attack declaration obeying the most requirements (CR 508.1c-d).

    Costs are never forced (508.1d): the declaration found pays nothing. With --all, every
    legal declaration, including ones that pay attack costs.
    """
    from redzone.solver.frontends.commands.attack import AttackOptions

    run(scenario, as_json, "attack", AttackOptions(strict=strict, time_limit=time_limit, all=all_, limit=limit))


@cli.command("check-attack")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--attackers", "--declaration", "declaration", default=None, metavar="JSON",
              help='The attack to check, in the form of combat.attackers (which it replaces), '
                   'e.g. \'{"jugg": "Bob"}\'. --declaration is the old name.')
def check_attack_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                     declaration: str | None) -> None:
    """Check whether combat.attackers is a legal attack declaration (CR 508.1).

    A broken restriction names its source; a requirement shortfall gives the number obeyed
    against the maximum and a legal witness declaration.
    """
    from redzone.solver.frontends.commands.attack import CheckAttackOptions

    value = parse_json_option("--attackers", declaration, shape="attacker -> target")
    if value is not None and not (isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items())):
        raise BadInput("--attackers: expected a JSON object mapping attacker id to target")
    run(scenario, as_json, "check-attack",
        CheckAttackOptions(strict=strict, time_limit=time_limit, declaration=value))
