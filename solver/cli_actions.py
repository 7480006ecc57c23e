"""Command-line commands of this rule family (registered on ``redzone.solver.cli.cli`` on import).

- ``redzone clash S PLAYER [--opponent P] [--keep P]... [--bottom P]...`` (CR 701.30)
- ``redzone dm-battle S A B [--effect]`` (Duel Masters battle, DM rules 115)

Only click is imported at module level; the models are imported inside the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from redzone.solver.cli import BadInput, _console, _run, cli, json_opt, scenario_arg

# ----------------------------------------------------------------------------- clash


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
    from redzone.models.clash import BOTTOM, DEFAULT_KEEP_THRESHOLD, KEEP, clash

    both = sorted(set(keep) & set(bottom))
    if both:
        raise BadInput(f"--keep/--bottom: {both[0]} given both")
    policy: dict[str, Any] = {p: KEEP for p in keep} | {p: BOTTOM for p in bottom}

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        from redzone.models.errors import ScenarioError

        try:
            result = clash(sc, player, opponent=opponent, policy=policy or None)
        except ScenarioError as err:
            if err.field == "policy":  # a --keep/--bottom name that isn't clashing
                raise ScenarioError("--keep/--bottom", err.problem) from None
            raise
        data = result.to_dict()

        def show() -> None:
            con = _console()
            con.print(f"[bold]{result.player} clashes with {result.opponent}[/bold] "
                      f"(CR 701.30; {result.clashes} clashes: {', '.join(result.clashed)})")
            for p in result.order:
                card, mv = result.revealed[p], result.mana_values[p]
                shown = f"{card} (mana value {mv})" if card is not None else "nothing (empty library)"
                choice = result.choices[p]
                where = {"top": "keeps it on top", "bottom": "puts it on the bottom"}.get(choice or "", "")
                con.print(f"  {p} reveals {shown}{'; ' + where if where else ''}")
            if result.winners:
                con.print(f"Winner: [bold]{', '.join(result.winners)}[/bold]")
            else:
                con.print("Nobody wins (CR 701.30d)")
            for p, lib in result.libraries.items():
                con.print(f"  {p}'s library, top first: {', '.join(lib) if lib else '(empty)'}")
            for t in result.triggers:
                what = "clashed" if t.condition == "clash" else "won the clash"
                con.print(f"  [dim]{t.permanent} triggers ({t.controller} {what})[/dim]")
            if not policy:
                con.print(f"[dim]Choices: default policy (keep mana value ≥ {DEFAULT_KEEP_THRESHOLD} "
                          "on top); --keep/--bottom to force[/dim]")
        return data, show

    _run(scenario, as_json, job)


# ------------------------------------------------------------------------- dm-battle


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
    from redzone.models.duel_masters import battle

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        result = battle(sc, a, b, effect=effect)
        data = result.to_dict()

        def show() -> None:
            con = _console()
            title = "Effect battle" if effect else "Battle"
            con.print(f"[bold]{title}: {a} vs {b}[/bold]")
            for s in result.steps:
                con.print(f"  {s.number}. {s.name}")
                for h in s.happened:
                    con.print(f"     [dim]{h}[/dim]")
            if not result.battled:
                con.print("No battle took place: no winner, no loser.")
            else:
                con.print(f"Winners: {', '.join(result.winners) or 'none'} · "
                          f"losers: {', '.join(result.losers) or 'none'}")
            con.print(f"Destroyed: {', '.join(result.destroyed) or 'none'}"
                      + (f" · returned to hand: {', '.join(result.returned_to_hand)}"
                         if result.returned_to_hand else ""))
        return data, show

    _run(scenario, as_json, job)
