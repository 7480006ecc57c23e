"""``redzone draw``: a combat diagram as SVG; job in :mod:`redzone.solver.frontends.commands.draw`."""

from __future__ import annotations

import os

import click

from redzone.solver.frontends.cli.common import BadInput, cli, json_opt, run, scenario_arg, strict_opt, time_opt

PLAN_CHOICES = ("attack", "block", "damage", "choose-attack", "choose-block")
OBJECTIVE_CHOICES = ("max-player-damage", "max-kills", "min-losses")


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--plan", type=click.Choice(PLAN_CHOICES), default=None,
              help="Draw what a solver finds (attack, block, damage) or the AI's choice; "
                   "default: the scenario's own combat.")
@click.option("--objective", type=click.Choice(OBJECTIVE_CHOICES), default="max-player-damage",
              show_default=True, help="With --plan damage: what the active player's assignments aim for.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, metavar="FILE.svg",
              help="Write the SVG to this file (default: standard output).")
@click.option("--columns", type=int, default=10, show_default=True,
              help="The most cards in one row (2 to 40).")
def draw(scenario: str, as_json: bool, strict: bool, time_limit: float | None, plan: str | None,
         objective: str, output: str | None, columns: int) -> None:
    """Draw a scenario's combat as an SVG picture: each player's permanents as cards,
    attacks and blocks as arrows, damage on the arrows and the outcome.

    Without --plan, combat.attackers and combat.blockers as given (and combat.assignment as
    proposed damage). With --json, one JSON object holding the SVG in "svg". A batch needs
    --json or -o FILE.svg: each row then gets its own file, FILE-1.svg, FILE-2.svg, ... (its
    position in the batch).
    """
    from redzone.solver.frontends.batch import is_batch
    from redzone.solver.frontends.commands.draw import DrawOptions

    settings = click.get_current_context().meta.get("redzone.batch", {})
    batch = is_batch(scenario, jsonl=bool(settings.get("jsonl")))
    if output is not None:
        folder = os.path.dirname(os.path.abspath(output))
        if not os.path.isdir(folder):
            raise BadInput(f"-o: no such directory: {folder}")
    elif batch and not as_json:
        raise BadInput("a batch has many pictures: give --json (each row holds its svg) or "
                       "-o FILE.svg (one file a row: FILE-1.svg, FILE-2.svg, ...)")
    caption = "" if scenario == "-" or batch else os.path.basename(scenario)
    run(scenario, as_json, "draw",
        DrawOptions(strict=strict, time_limit=time_limit, plan=plan, objective=objective,  # type: ignore[arg-type]
                    columns=columns, caption=caption, output=output))
