"""``redzone dm-battle`` (the Duel Masters battle); job in :mod:`redzone.solver.frontends.commands.dm`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import cli, json_opt, run, scenario_arg


@cli.command("dm-battle")
@scenario_arg
@click.argument("a")
@click.argument("b")
@click.option("--effect", is_flag=True,
              help="An effect battle (効果バトル): neither creature is attacking.")
@json_opt
def dm_battle_cmd(scenario: str, a: str, b: str, effect: bool, as_json: bool) -> None:
    """Duel Masters: creature A battles creature B (A attacks B unless --effect).

    Higher power wins; equal power destroys both; "wins all battles" beats power; slayer
    destroys the opposing creature after the battle. Prints the processing steps in order.
    """
    from redzone.solver.frontends.commands.dm import DMBattleOptions

    run(scenario, as_json, "dm-battle", DMBattleOptions(a=a, b=b, effect=effect))
