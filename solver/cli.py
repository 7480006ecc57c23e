"""The ``redzone`` command line.

Every command reads a scenario (a YAML or JSON file, ``-`` for standard input, or a JSON
Lines file of many scenarios for batch work), prints a readable result, or one JSON object
per scenario with ``--json``. Exit status: 0 success (also when the answer is "illegal"),
2 bad input or usage, 1 internal error. Heavy imports (pydantic, ortools, rich) happen
inside the commands so that ``redzone --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


class BadInput(click.ClickException):
    """A one-line input error: printed as ``redzone: error: <message>``, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:  # noqa: D102 - click API
        click.echo(f"redzone: error: {self.format_message()}", err=True)


def _scenarios(path: str) -> Iterator[tuple[str, Any]]:
    """Yield ``(where, scenario-or-error)``: one item for a YAML/JSON file, one per line for
    ``.jsonl``. Errors are yielded, not raised, so batch work keeps every good row."""
    from redzone.models.errors import RedzoneError
    from redzone.models.scenario import iter_scenarios_jsonl, load_scenario

    if path.endswith(".jsonl"):
        try:
            for line, item in iter_scenarios_jsonl(path):
                yield f"line {line}", item
        except (OSError, RedzoneError) as exc:
            yield path, _as_error(exc)
        return
    try:
        yield path, load_scenario(path)
    except (OSError, RedzoneError) as exc:
        yield path, _as_error(exc)


def _as_error(exc: BaseException) -> Exception:
    from redzone.models.errors import ScenarioError

    if isinstance(exc, OSError):
        return ScenarioError("scenario", f"can't read {exc.filename or ''}: {exc.strerror or exc}".strip())
    assert isinstance(exc, Exception)
    return exc


def _run(path: str, as_json: bool, job: Callable[[Any], tuple[dict[str, Any], Callable[[], None]]]) -> None:
    """Run ``job`` on each scenario of ``path``; ``job`` returns the JSON object and a
    function printing the readable form. Bad rows print one error line each and make the
    exit status 2 after every good row has been handled."""
    from redzone.models.errors import RedzoneError

    bad = 0
    items = list(_scenarios(path)) if path.endswith(".jsonl") else None
    batch = items is not None
    for where, item in items if batch else _scenarios(path):
        try:
            if isinstance(item, Exception):
                raise item
            data, show = job(item)
        except RedzoneError as exc:
            bad += 1
            text = str(exc)
            message = text if not batch or text.startswith(where) else f"{where}: {text}"
            if batch and as_json:
                click.echo(json.dumps({"where": where, "error": message}))
            else:
                click.echo(f"redzone: error: {message}", err=True)
            continue
        if as_json:
            if batch:
                data = {"where": where, **data}
            click.echo(json.dumps(data, sort_keys=False))
        else:
            if batch:
                click.echo(f"── {where}")
            show()
    if bad:
        sys.exit(EXIT_BAD_INPUT)


def _board(scenario: Any, strict: bool) -> Any:
    from redzone.models.board import build_board

    return build_board(scenario, strict=strict)


def _unparsed_json(board: Any) -> list[dict[str, str]]:
    return [{"id": p.id, "sentence": s} for p, s in board.unparsed()]


def _warn_unparsed(board: Any) -> None:
    for perm, sentence in board.unparsed():
        click.echo(f"note: {perm.label}: not understood, ignored: {sentence!r}", err=True)


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def _declaration_lines(problem: Any, attackers: dict[str, str]) -> list[str]:
    if not attackers:
        return ["  (no creature attacks)"]
    return [f"  {problem.label(c)} → {problem.label(t)}" for c, t in attackers.items()]


def _parse_declaration(text: str | None) -> dict[str, str] | None:
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"--declaration: not JSON ({exc.msg})") from None
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise BadInput("--declaration: expected a JSON object mapping attacker id to target")
    return value


def _check_ids(board: Any, declaration: dict[str, str], where: str) -> None:
    """Refuse a declaration naming an unknown permanent or player (one line, exit 2), as
    the scenario loader does for ``combat.attackers``."""
    import difflib

    from redzone.models.errors import ScenarioError

    known = list(board.permanents) + [p.name for p in board.players]
    for key, value in declaration.items():
        for name in (key, value):
            if name not in known:
                close = difflib.get_close_matches(name, known, n=3)
                hint = f" (closest: {', '.join(close)})" if close else ""
                raise ScenarioError(where, f"unknown permanent or player {name!r}{hint}")


# --------------------------------------------------------------------------- the group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="redzone", prog_name="redzone")
def cli() -> None:
    """redzone: plan and check Magic: The Gathering combat exactly (CP-SAT).

    Each command reads a scenario file (YAML or JSON; '-' for standard input; a .jsonl file
    for a batch of scenarios). See docs/scenario-format.md.
    """


scenario_arg = click.argument("scenario", type=click.Path(allow_dash=True, dir_okay=False))
json_opt = click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
strict_opt = click.option("--strict", is_flag=True, help="Fail on any combat-relevant sentence the parser does not understand.")
time_opt = click.option("--time-limit", type=click.FloatRange(min=0.001), default=None,
                        help="Seconds the solver may spend; a cut-off search answers 'feasible', not 'optimal'.")


@cli.command()
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--all", "all_", is_flag=True, help="List every legal declaration (up to --limit).")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True,
              help="With --all: the most declarations to list.")
def attack(scenario: str, as_json: bool, strict: bool, time_limit: float | None, all_: bool, limit: int) -> None:
    """Find a legal attack declaration obeying the most requirements (CR 508.1c-d).

    Costs are never forced (508.1d): the declaration found pays nothing. With --all, every
    legal declaration, including ones that pay attack costs.
    """
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack import enumerate_attacks, plan_attack

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        problem = attack_problem(board)
        if all_:
            found = enumerate_attacks(problem, limit=limit, time_limit=time_limit)
            data = {"declarations": found.declarations, "count": found.count,
                    "complete": found.complete, "unparsed": _unparsed_json(board)}

            def show() -> None:
                _warn_unparsed(board)
                con = _console()
                tail = "" if found.complete else " (incomplete: limit or time limit reached)"
                con.print(f"[bold]{found.count} legal attack declaration(s){tail}[/bold]")
                for i, decl in enumerate(found.declarations, 1):
                    cost = sum(problem.costs.get((c, t), 0) for c, t in decl.items())
                    paid = f" [dim](pays {cost} mana)[/dim]" if cost else ""
                    con.print(f"{i}.{paid}")
                    for line in _declaration_lines(problem, decl):
                        con.print(line)
            return data, show

        plan = plan_attack(problem, time_limit=time_limit)
        data = {
            "legal": plan.legal,
            "status": plan.status,
            "attackers": plan.attackers,
            "requirements": {"obeyed": plan.obeyed, "maximum": plan.maximum},
            "mana_paid": plan.mana_paid,
            "unable": {c: why for (c, t), why in problem.unable.items() if t == ""},
            "timing_ms": {"build": round(plan.build_ms, 3), "solve": round(plan.solve_ms, 3)},
            "unparsed": _unparsed_json(board),
        }

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            con.print(f"[bold]Attack declaration[/bold] ({plan.status})")
            for line in _declaration_lines(problem, plan.attackers):
                con.print(line)
            con.print(f"Requirements obeyed: {plan.obeyed} of a possible {plan.maximum} (CR 508.1d)"
                      f" · mana paid: {plan.mana_paid}")
            for (c, t), why in problem.unable.items():
                if t == "":
                    con.print(f"[dim]  {problem.label(c)} can't attack: {why}[/dim]")
        return data, show

    _run(scenario, as_json, job)


@cli.command("check-attack")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@click.option("--declaration", default=None, metavar="JSON",
              help='The declaration to check, e.g. \'{"jugg": "Bob"}\'; default: combat.attackers.')
def check_attack_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                     declaration: str | None) -> None:
    """Check whether combat.attackers is a legal attack declaration (CR 508.1).

    A broken restriction names its source; a requirement shortfall gives the number obeyed
    against the maximum and a legal witness declaration.
    """
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack import check_attack

    given = _parse_declaration(declaration)

    def job(sc: Any) -> tuple[dict[str, Any], Callable[[], None]]:
        board = _board(sc, strict)
        problem = attack_problem(board)
        proposal = given if given is not None else dict(sc.combat.attackers if sc.combat else {})
        if given is not None:
            _check_ids(board, given, "--declaration")
        result = check_attack(problem, proposal, time_limit=time_limit)
        data = {
            "legal": result.legal,
            "status": result.status,
            "declaration": proposal,
            "requirements": {"obeyed": result.obeyed, "maximum": result.maximum},
            "mana_paid": result.mana_paid,
            "violations": [{"kind": v.kind, "source": v.source, "message": v.message} for v in result.violations],
            "witness": result.witness,
            "unparsed": _unparsed_json(board),
        }

        def show() -> None:
            _warn_unparsed(board)
            con = _console()
            verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
            con.print(f"[bold]Attack declaration is {verdict}[/bold]")
            for line in _declaration_lines(problem, proposal):
                con.print(line)
            con.print(f"Requirements obeyed: {result.obeyed}; the most obeyable without paying costs: "
                      f"{result.maximum} (CR 508.1d) · mana to pay: {result.mana_paid}")
            for v in result.violations:
                con.print(f"  [red]✗[/red] {v.message} [dim]({v.kind}; {v.source})[/dim]")
            if not result.legal and result.witness is not None:
                con.print("A legal declaration, for comparison:")
                for line in _declaration_lines(problem, result.witness):
                    con.print(line)
        return data, show

    _run(scenario, as_json, job)


@cli.command()
@click.argument("name", nargs=-1, required=True)
@json_opt
def card(name: tuple[str, ...], as_json: bool) -> None:
    """Show a card's characteristics and its parsed combat abilities."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError
    from redzone.models.parser import parse_text
    from redzone.solver.output import ability_to_dict, describe_ability

    query = " ".join(name)
    try:
        found = lookup(query)
    except RedzoneError as exc:
        raise BadInput(str(exc)) from None
    faces = []
    for face in found.faces:
        parsed = parse_text(face.text, names=tuple(dict.fromkeys((face.name, found.name))))
        faces.append((face, parsed))
    front, parsed = faces[0]
    data = {
        "name": found.name,
        "layout": found.layout,
        "mana_value": found.mana_value,
        "mana_cost": front.mana_cost,
        "colors": list(front.colors),
        "types": list(front.types),
        "subtypes": list(front.subtypes),
        "supertypes": list(front.supertypes),
        "power": front.power,
        "toughness": front.toughness,
        "loyalty": front.loyalty,
        "defense": front.defense,
        "text": front.text,
        "abilities": [ability_to_dict(a) for a in parsed.abilities],
        "unparsed": list(parsed.unparsed),
        "ignored": list(parsed.ignored),
        "faces": [
            {"name": f.name, "mana_cost": f.mana_cost, "mana_value": f.mana_value, "type_line": f.type_line,
             "power": f.power, "toughness": f.toughness, "loyalty": f.loyalty, "defense": f.defense,
             "known": f.known, "abilities": [ability_to_dict(a) for a in p.abilities],
             "unparsed": list(p.unparsed)}
            for f, p in faces
        ],
    }
    if as_json:
        click.echo(json.dumps(data))
        return
    con = _console()
    con.print(f"[bold]{found.name}[/bold]  mana value {found.mana_value}")
    for face, p in faces:
        pt = f"  {face.power}/{face.toughness}" if face.power is not None else ""
        loy = f"  loyalty {face.loyalty}" if face.loyalty is not None else ""
        dfn = f"  defense {face.defense}" if face.defense is not None else ""
        cost = f" {face.mana_cost}" if face.mana_cost else ""
        con.print(f"[bold]{face.name}[/bold]{cost} — {face.type_line}{pt}{loy}{dfn}")
        if not face.known:
            con.print("  [dim](this face's details are not in the bundled card data)[/dim]")
        for line in face.text.splitlines():
            con.print(f"  [dim]{line}[/dim]")
        for a in p.abilities:
            con.print(f"  [green]✓[/green] {describe_ability(a)}")
        for s in p.unparsed:
            con.print(f"  [yellow]?[/yellow] not understood: {s}")


@cli.command()
def schema() -> None:
    """Print the JSON Schema of a scenario."""
    from redzone.models.scenario import scenario_json_schema

    click.echo(json.dumps(scenario_json_schema(), indent=2))


# Commands of the other rule families live in their own modules, which register themselves on
# ``cli`` when imported (each imports only click at module level, so --help stays fast).
COMMAND_MODULES: tuple[str, ...] = ("redzone.solver.cli_block", "redzone.solver.cli_damage", "redzone.solver.cli_actions", "redzone.solver.cli_fight")

for _module in COMMAND_MODULES:
    __import__(_module)


def _light_ortools_import() -> None:
    """Make ``import ortools.sat.python.cp_model`` skip pandas in this CLI process.

    ortools' ``cp_model`` imports pandas at module level only for its optional
    ``*_series`` helpers, which redzone never calls; pandas costs ~0.2-0.4 s of a ~0.6 s
    one-shot command. The command-line process (never a library user's process) therefore
    registers a placeholder module under the name ``pandas`` before any command runs. Any
    code that really needs pandas in this process would fail loudly on the placeholder's
    missing attributes; redzone's code never imports pandas.
    """
    if "pandas" in sys.modules:
        return
    import types

    placeholder = types.ModuleType("pandas", "redzone CLI placeholder: pandas is not loaded")

    class _NotLoaded:
        """Stands in for pandas types in ortools' type annotations."""

    placeholder.Index = placeholder.Series = placeholder.DataFrame = _NotLoaded  # type: ignore[attr-defined]
    sys.modules["pandas"] = placeholder


def main() -> None:
    """Console-script entry point: run the CLI, mapping unexpected faults to exit status 1
    with a one-line message (never a traceback for bad input)."""
    _light_ortools_import()
    try:
        cli.main(prog_name="redzone", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("redzone: aborted", err=True)
        sys.exit(EXIT_INTERNAL)
    except click.ClickException as exc:
        if isinstance(exc, BadInput):
            exc.show()
        else:
            click.echo(f"redzone: error: {exc.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # an internal fault: one line, status 1
        if os.environ.get("REDZONE_DEBUG"):
            raise
        click.echo(f"redzone: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_INTERNAL)
    sys.exit(0)

