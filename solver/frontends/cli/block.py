"""``redzone block`` and ``redzone check-block`` (CR 509.1); jobs in
:mod:`redzone.solver.frontends.commands.block`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import BadInput, cli, json_opt, parse_json_option, run, scenario_arg, strict_opt, time_opt


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--all", "all_", is_flag=True, help="List every legal block declaration (up to --limit).")
@click.option("--limit", type=int, default=1000, show_default=True,
              help="With --all: the most declarations to list (1 or more).")
def block(scenario: str, as_json: bool, strict: bool, time_limit: float | None, all_: bool,
          limit: int) -> None:
    """Find a legal block against combat.attackers obeying the most requirements (CR 509.1b-c).

    Costs are never forced (509.1d): the block found pays nothing. With several defending
    players, each declares separately (802.4). With --all, every legal declaration,
    including ones that pay block costs.
    """
    from redzone.solver.frontends.commands.block import BlockOptions

    run(scenario, as_json, "block", BlockOptions(strict=strict, time_limit=time_limit, all=all_, limit=limit))


@cli.command("check-block")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--blockers", "blockers_json", default=None, metavar="JSON",
              help='The block to check, in the form of combat.blockers (which it replaces), '
                   'e.g. \'{"wall": ["jugg"]}\'.')
def check_block_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                    blockers_json: str | None) -> None:
    """Check whether combat.blockers is a legal block against combat.attackers (CR 509.1).

    A broken restriction names its source; a requirement shortfall gives the number obeyed
    against the maximum and a legal witness declaration.
    """
    from redzone.solver.frontends.commands.block import CheckBlockOptions

    value = parse_json_option("--blockers", blockers_json, shape="blocker -> [attackers]")
    if value is not None and not (isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(a, str) for a in v)
            for k, v in value.items())):
        raise BadInput("--blockers: expected a JSON object mapping blocker id to a list of attacker ids")
    run(scenario, as_json, "check-block",
        CheckBlockOptions(strict=strict, time_limit=time_limit, blockers=value))
