"""Block commands: ``redzone block`` and ``redzone check-block`` (CR 509.1).

Registered on :data:`redzone.solver.cli.cli` when this module is imported (``redzone.solver.cli`` imports it
through ``COMMAND_MODULES``). Only click is imported at module level; the models and the
solver are imported inside the commands, so ``redzone --help`` stays fast.

JSON keys fixed by the contract (docs/scenario-format.md): ``block`` — ``legal``, ``status``,
``blockers`` (blocking creature id -> list of attacker ids), ``requirements`` (``obeyed``,
``maximum``), ``mana_paid``; ``block --all`` — ``declarations``, ``count``, ``complete``;
``check-block`` — ``legal``, ``requirements``, ``violations`` (``{kind, source, message}``),
``witness``. Extra keys: ``defending_players`` (per-player detail, 802.4), ``unable``,
``tie_break_proved``, ``timing_ms``, ``unparsed``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from redzone.solver.cli import (
    BadInput,
    _board,
    _console,
    _run,
    _unparsed_json,
    _warn_unparsed,
    cli,
    json_opt,
    scenario_arg,
    strict_opt,
    time_opt,
)


def _parse_blockers(text: str | None) -> dict[str, list[str]] | None:
    """The ``--blockers`` option: a JSON object blocker id -> list of attacker ids."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"--blockers: not JSON ({exc.msg})") from None
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(a, str) for a in v)
            for k, v in value.items()):
        raise BadInput("--blockers: expected a JSON object mapping blocker id to a list of attacker ids")
    return value


def _label(problems: list[Any], object_id: str) -> str:
    for p in problems:
        return p.label(object_id)
    return object_id


def _block_lines(problems: list[Any], blockers: dict[str, list[str]]) -> list[str]:
    if not any(blockers.values()):
        return ["  (no creature blocks)"]
    return [f"  {_label(problems, b)} blocks {', '.join(_label(problems, a) for a in attackers)}"
            for b, attackers in blockers.items() if attackers]


def _unable_json(problems: list[Any]) -> dict[str, str]:
    return {b: why for p in problems for (b, a), why in p.unable.items() if a == ""}


def _no_attack_note(con: Any, problems: list[Any]) -> None:
    if not problems:
        con.print("[dim]No creature is attacking (combat.attackers is empty): nothing to block.[/dim]")


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--all", "all_", is_flag=True, help="List every legal block declaration (up to --limit).")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True,
              help="With --all: the most declarations to list.")
def block(scenario: str, as_json: bool, strict: bool, time_limit: float | None, all_: bool,
          limit: int) -> None:
    """Find a legal block against combat.attackers obeying the most requirements (CR 509.1b-c).

    Costs are never forced (509.1d): the block found pays nothing. With several defending
    players, each declares separately (802.4). With --all, every legal declaration,
    including ones that pay block costs.
    """
    from redzone.models.block_rules import block_problems
    from redzone.solver.block import enumerate_all_blocks, plan_blocks

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        problems = block_problems(board)
        if all_:
            found = enumerate_all_blocks(problems, limit=limit, time_limit=time_limit)
            data = {"declarations": found.declarations, "count": found.count,
                    "complete": found.complete, "status": found.status,
                    "requirements": {"maximum": found.maximum},
                    "unparsed": _unparsed_json(board)}

            def show() -> None:
                _warn_unparsed(board)
                con = _console()
                _no_attack_note(con, problems)
                tail = "" if found.complete else " (incomplete: limit or time limit reached)"
                con.print(f"[bold]{found.count} legal block declaration(s){tail}[/bold]")
                for i, decl in enumerate(found.declarations, 1):
                    cost = sum(p.blocker_costs.get(b, 0) for p in problems for b in decl if b in p.blockers)
                    cost += sum(p.pair_costs.get((b, a), 0) for p in problems
                                for b, attackers in decl.items() for a in attackers)
                    paid = f"  [dim](pays {cost})[/dim]" if cost else ""
                    con.print(f"{i}.{paid}")
                    for line in _block_lines(problems, decl):
                        con.print(line)
            return data, show

        plan = plan_blocks(problems, time_limit=time_limit)
        data = {
            "legal": plan.legal,
            "status": plan.status,
            "blockers": plan.blockers,
            "requirements": {"obeyed": plan.obeyed, "maximum": plan.maximum},
            "mana_paid": plan.mana_paid,
            "tie_break_proved": plan.tie_break_proved,
            "defending_players": {
                name: {"blockers": p.blockers, "status": p.status,
                       "requirements": {"obeyed": p.obeyed, "maximum": p.maximum}}
                for name, p in plan.players.items()},
            "unable": _unable_json(problems),
            "timing_ms": {"build": round(plan.build_ms, 3), "solve": round(plan.solve_ms, 3)},
            "unparsed": _unparsed_json(board),
        }

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            _no_attack_note(con, problems)
            con.print(f"[bold]Block declaration[/bold] ({plan.status})")
            for line in _block_lines(problems, plan.blockers):
                con.print(line)
            con.print(f"Requirements obeyed: {plan.obeyed} of a possible {plan.maximum} (CR 509.1c)"
                      f" · mana paid: {plan.mana_paid}")
            if len(plan.players) > 1:
                for name, p in plan.players.items():
                    con.print(f"[dim]  {name}: obeys {p.obeyed} of {p.maximum} (CR 802.4)[/dim]")
            for p in problems:
                for (b, a), why in p.unable.items():
                    if a == "":
                        con.print(f"[dim]  {p.label(b)} can't block: {why}[/dim]")
        return data, show

    _run(scenario, as_json, job)


@cli.command("check-block")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--blockers", "blockers_json", default=None, metavar="JSON",
              help='The block to check, e.g. \'{"wall": ["jugg"]}\'; default: combat.blockers.')
def check_block_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                    blockers_json: str | None) -> None:
    """Check whether combat.blockers is a legal block against combat.attackers (CR 509.1).

    A broken restriction names its source; a requirement shortfall gives the number obeyed
    against the maximum and a legal witness declaration.
    """
    from redzone.models.block_rules import block_problems
    from redzone.solver.block import check_blocks

    given = _parse_blockers(blockers_json)

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        problems = block_problems(board)
        proposal = given if given is not None else {
            b: list(a) for b, a in (sc.combat.blockers if sc.combat else {}).items()}
        result = check_blocks(problems, proposal, time_limit=time_limit)
        data = {
            "legal": result.legal,
            "status": result.status,
            "blockers": proposal,
            "requirements": {"obeyed": result.obeyed, "maximum": result.maximum},
            "mana_paid": result.mana_paid,
            "violations": [{"kind": v.kind, "source": v.source, "message": v.message}
                           for v in result.violations],
            "witness": result.witness,
            "unparsed": _unparsed_json(board),
        }

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            _no_attack_note(con, problems)
            verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
            con.print(f"[bold]Block declaration is {verdict}[/bold]")
            for line in _block_lines(problems, proposal):
                con.print(line)
            con.print(f"Requirements obeyed: {result.obeyed} of a possible {result.maximum} (CR 509.1c)"
                      f" · mana to pay: {result.mana_paid}")
            for v in result.violations:
                con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind}; {v.source})[/dim]")
            if not result.legal and result.witness is not None:
                con.print("A legal block, for comparison:")
                for line in _block_lines(problems, result.witness):
                    con.print(line)
        return data, show

    _run(scenario, as_json, job)
