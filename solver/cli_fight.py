"""``redzone fight``: one creature fights another (CR 701.14), or bites it (``--bite``).

Registered on :data:`redzone.solver.cli.cli` when imported (listed in ``COMMAND_MODULES``). Imports
only click at module level.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from redzone.solver.cli import (
    _board,
    _console,
    _run,
    _unparsed_json,
    _warn_unparsed,
    cli,
    json_opt,
    scenario_arg,
    strict_opt,
)


def _show_result(board: Any, result: Any) -> None:
    """Print a :class:`redzone.models.fight.FightResult` readably."""
    con = _console()
    a, b = board.permanents[result.a], board.permanents[result.b]
    verb = "fights" if result.kind == "fight" else "deals damage equal to its power to"
    rule = "CR 701.14" if result.kind == "fight" else "bite"
    con.print(f"[bold]{a.label} {verb} {b.label}[/bold] ({rule})")
    if not result.fought:
        con.print(f"  No damage is dealt: {result.reason}.")
    for d in result.dealt:
        src = board.permanents[d.source].label
        rec = board.permanents[d.recipient].label if d.recipient in board.permanents else d.recipient
        what = {"damage": "damage marked", "-1/-1 counters": "as -1/-1 counters",
                "life": "life lost", "poison": "as poison counters", "loyalty": "loyalty lost"}.get(d.result, d.result)
        extra = f" (power {d.assigned})" if d.assigned != d.amount else ""
        over = f", {d.excess} excess" if d.excess else ""
        if d.amount == 0:
            con.print(f"  {src} → {rec}: no damage{extra}")
        else:
            con.print(f"  {src} → {rec}: {d.amount}{extra} {what}{over}")
        for note in d.notes:
            con.print(f"    [dim]{note}[/dim]")
    out = result.outcome
    for pid in out["destroyed"]:
        con.print(f"  [red]✗[/red] {board.permanents[pid].label} leaves the battlefield: {out['reasons'][pid]}")
    for player, n in out["gained"].items():
        con.print(f"  {player} gains {n} life (120.3f)")
    for player in out["lost"]:
        con.print(f"  [red]{player} loses the game[/red] (704.5a, 704.5c)")
    con.print("  Life: " + ", ".join(f"{p} {n}" for p, n in out["life"].items())
              + " · poison: " + ", ".join(f"{p} {n}" for p, n in out["poison"].items()))


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
    from redzone.models.fight import bite as bite_fn
    from redzone.models.fight import fight as fight_fn

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        fn = bite_fn if bite else fight_fn
        result = fn(board, a, b, illegal=frozenset(illegal))
        data = {**result.to_json(), "unparsed": _unparsed_json(board)}

        def show() -> None:
            _warn_unparsed(board)
            _show_result(board, result)
        return data, show

    _run(scenario, as_json, job)
