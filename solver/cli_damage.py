"""Combat damage commands: ``redzone damage`` and ``redzone check-damage`` (CR 510).

Registered on :data:`redzone.solver.cli.cli` when this module is imported (``redzone.solver.cli`` imports it
through ``COMMAND_MODULES``). Only click is imported at module level; the models and the
solver are imported inside the commands, so ``redzone --help`` stays fast.

JSON keys fixed by the contract (docs/scenario-format.md): ``damage`` — ``steps`` (list of
``{step, assignment}``, assignment: source -> recipient -> amount) and ``outcome``;
``check-damage`` — ``legal`` and ``violations`` (``{kind, source, message}``). Extra keys:
``status``, ``objective``, each step's ``dealt`` and ``silent``; ``step``, ``assignment``,
``witness``; ``unparsed``.
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

OBJECTIVE_CHOICES = ("max-player-damage", "max-kills", "min-losses")
STEP_CHOICES = ("first-strike", "regular")

step_opt = click.option("--step", type=click.Choice(STEP_CHOICES), default=None,
                        help="Only this combat damage step (default: every remaining step).")


def _parse_assignment(text: str | None) -> dict[str, dict[str, int]] | None:
    """The ``--assignment`` option: a JSON object source -> recipient -> amount."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"--assignment: not JSON ({exc.msg})") from None
    ok = isinstance(value, dict) and all(
        isinstance(row, dict) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                                      for n in row.values())
        for row in value.values())
    if not ok:
        raise BadInput("--assignment: expected a JSON object mapping source id to "
                       "{recipient: amount} with whole amounts of 0 or more")
    return value


def _name(board: Any, object_id: str) -> str:
    perm = board.permanents.get(object_id)
    return perm.label if perm is not None else object_id


def _assignment_lines(board: Any, assignment: dict[str, dict[str, int]]) -> list[str]:
    if not assignment:
        return ["  (no combat damage is assigned)"]
    return [f"  {_name(board, s)} → " + ", ".join(f"{_name(board, r)} {n}" for r, n in row.items())
            for s, row in assignment.items()]


def _outcome_lines(board: Any, outcome: dict[str, Any]) -> list[str]:
    lines = []
    for p in board.players:
        life = outcome["life"].get(p.name, p.life)
        poison = outcome["poison"].get(p.name, p.poison)
        change = [f"life {p.life} → {life}" if life != p.life else f"life {life}"]
        if poison != p.poison:
            change.append(f"poison {p.poison} → {poison}")
        lost = " [red](loses the game)[/red]" if p.name in outcome.get("lost", []) else ""
        lines.append(f"  {p.name}: {', '.join(change)}{lost}")
    for pid in outcome["destroyed"]:
        why = outcome.get("reasons", {}).get(pid, "")
        lines.append(f"  {_name(board, pid)} leaves the battlefield" + (f" ({why})" if why else ""))
    for pid, n in outcome["damage"].items():
        lines.append(f"  {_name(board, pid)} has {n} damage marked")
    for key, word in (("loyalty", "loyalty"), ("defense", "defense")):
        for pid, n in outcome.get(key, {}).items():
            before = getattr(board.permanents[pid], key) if pid in board.permanents else None
            if before != n:
                lines.append(f"  {_name(board, pid)}: {word} {before} → {n}")
    return lines


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
    from redzone.solver.damage import play_out

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        result = play_out(board, objective, step, time_limit=time_limit)
        data = {**result.to_json(), "unparsed": _unparsed_json(board)}
        # The contract's keys first: steps, outcome.
        data = {"steps": data["steps"], "outcome": data["outcome"],
                **{k: v for k, v in data.items() if k not in ("steps", "outcome")}}

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            if not result.steps:
                con.print("No combat damage step is played.")
            for st in result.steps:
                con.print(f"[bold]{st.plan.step.capitalize()} combat damage step[/bold] "
                          f"({st.plan.status}; objective {objective})")
                for line in _assignment_lines(board, st.plan.assignment):
                    con.print(line)
                for d in st.dealt:
                    if d.amount != d.assigned or d.notes:
                        con.print(f"[dim]    {_name(board, d.source)} → {_name(board, d.recipient)}: "
                                  f"assigned {d.assigned}, dealt {d.amount}"
                                  + (f" ({'; '.join(d.notes)})" if d.notes else "") + "[/dim]")
                if st.problem is not None:
                    for cid, why in st.problem.silent.items():
                        con.print(f"[dim]  {_name(board, cid)} deals no damage: {why}[/dim]")
            con.print("[bold]Outcome[/bold]")
            for line in _outcome_lines(board, result.outcome):
                con.print(line)
        return data, show

    _run(scenario, as_json, job)


@cli.command("check-damage")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@step_opt
@click.option("--assignment", default=None, metavar="JSON",
              help='The assignment to check, e.g. \'{"wurm": {"bears": 2, "Bob": 4}}\'; '
                   "default: combat.assignment.")
def check_damage_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                     step: str | None, assignment: str | None) -> None:
    """Check whether combat.assignment is a legal combat damage assignment for the step
    (CR 510.1, 702.19, 702.2c; 2023 damage assignment order under rules: 2023).

    Each violation names the creature and what is missing; an illegal assignment comes with
    a legal one for comparison.
    """
    from redzone.models.damage_rules import damage_problem
    from redzone.solver.damage import check_damage

    given = _parse_assignment(assignment)

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        problem = damage_problem(board, step)
        proposal = given if given is not None else {
            s: dict(row) for s, row in (sc.combat.assignment if sc.combat else {}).items()}
        result = check_damage(problem, proposal, witness=True, time_limit=time_limit)
        data = {
            "legal": result.legal,
            "violations": [{"kind": v.kind, "source": v.source, "message": v.message}
                           for v in result.violations],
            "step": result.step,
            "assignment": proposal,
            "witness": result.witness,
            "unparsed": _unparsed_json(board),
        }

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
            con.print(f"[bold]Combat damage assignment ({result.step} step) is {verdict}[/bold]")
            for line in _assignment_lines(board, {s: {r: n for r, n in row.items() if n}
                                                  for s, row in proposal.items()}):
                con.print(line)
            for v in result.violations:
                con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind})[/dim]")
            if result.witness is not None:
                con.print("A legal assignment, for comparison:")
                for line in _assignment_lines(board, result.witness):
                    con.print(line)
        return data, show

    _run(scenario, as_json, job)
