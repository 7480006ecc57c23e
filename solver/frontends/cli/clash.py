"""``redzone clash`` (CR 701.30); job in :mod:`redzone.solver.frontends.commands.clash`."""

from __future__ import annotations

import click

from redzone.solver.frontends.cli.common import BadInput, cli, json_opt, run, scenario_arg


@cli.command("clash")
@scenario_arg
@click.argument("player")
@click.option("--opponent", default=None, metavar="P",
              help="The opponent PLAYER clashes with (needed with more than two players).")
@click.option("--keep", "keep", multiple=True, metavar="P",
              help="Player P keeps the revealed card on top (repeatable).")
@click.option("--bottom", "bottom", multiple=True, metavar="P",
              help="Player P puts the revealed card on the bottom (repeatable).")
@json_opt
def clash_cmd(scenario: str, player: str, opponent: str | None, keep: tuple[str, ...],
              bottom: tuple[str, ...], as_json: bool) -> None:
    """PLAYER clashes with an opponent (CR 701.30): reveal the top cards of both libraries;
    a card with a greater mana value than the other wins.

    Top-or-bottom choices are made in APNAP order. By default a player keeps a card of mana
    value 3 or more on top and puts cheaper ones on the bottom; --keep and --bottom force the
    choice for a player.
    """
    from redzone.solver.frontends.commands.clash import ClashOptions

    both = sorted(set(keep) & set(bottom))
    if both:
        raise BadInput(f"--keep/--bottom: {both[0]} given both")
    run(scenario, as_json, "clash", ClashOptions(player=player, opponent=opponent, keep=tuple(keep), bottom=tuple(bottom)))
