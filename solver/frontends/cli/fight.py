"""``redzone fight`` (CR 701.14); job in :mod:`redzone.solver.frontends.commands.fight`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import cli, json_opt, run, scenario_arg, strict_opt


@cli.command("fight")
@scenario_arg
@click.argument("a")
@click.argument("b")
@click.option("--illegal", "illegal", multiple=True, metavar="ID",
              help="A creature that has become an illegal target by resolution (repeatable): no damage is dealt (701.14b).")
@click.option("--bite", is_flag=True, help="One-sided: A deals damage equal to its power to B, nothing comes back.")
@json_opt
@strict_opt
def fight_cmd(scenario: str, a: str, b: str, illegal: tuple[str, ...], bite: bool,
              as_json: bool, strict: bool) -> None:
    """Creature A fights creature B (CR 701.14): each deals damage equal to its power to the
    other at once. Not combat damage: deathtouch, lifelink, infect, wither, protection,
    indestructible and damage doublers apply; first strike and trample don't.

    JSON keys: fought, damage (recipient -> amount dealt), outcome, plus kind, reason,
    excess and dealt.
    """
    from redzone.solver.frontends.commands.fight import FightOptions

    run(scenario, as_json, "fight", FightOptions(a=a, b=b, illegal=tuple(illegal), bite=bite, strict=strict))
