"""``redzone serve`` (the engine protocol, JSON Lines over standard input and output; see
docs/protocol.md) and ``redzone report`` (statistics, plots and an HTML page of a batch's
results)."""

from __future__ import annotations

import sys

import click

from redzone.solver.frontends.cli.common import BadInput, cli


def _server_option(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
    """``--default-time-limit`` checked as ``setoption`` checks it (``none``: no limit)."""
    from redzone.models.errors import RedzoneError
    from redzone.solver.frontends.serve import DEFAULT_TIME_LIMIT, check_setting

    if value is None:
        return DEFAULT_TIME_LIMIT
    if value.strip().lower() == "none":
        return None
    try:
        number = float(value)
    except ValueError:
        raise BadInput(f"--default-time-limit: {value[:40]!r} is not a number of seconds (or 'none')") from None
    try:
        return check_setting("default_time_limit", number)
    except RedzoneError as exc:
        raise BadInput(f"--default-time-limit: {getattr(exc, 'problem', exc)}") from None


@cli.command()
@click.option("--default-time-limit", "default_time_limit", default=None, metavar="SECONDS",
              callback=_server_option,
              help="Seconds a request without time_limit may take (default: 10; 'none': no limit).")
@click.option("--progress", is_flag=True,
              help="Write progress lines while a request runs (off by default; see docs/protocol.md).")
def serve(default_time_limit: float | None, progress: bool) -> None:
    """Answer requests, one JSON object per line, until 'quit' or the end of input.

    Request: {"id": ..., "command": "attack", "scenario": {...}, "options": {...}}.
    Response: {"id": ..., "ok": true, "result": {...}} (the command's --json object) or
    {"id": ..., "ok": false, "error": {"kind": ..., "message": ...}}. 'hello' is the
    handshake; the end of input stops the running request. See docs/protocol.md.
    """
    from redzone.solver.frontends.serve import EOF_GRACE, Settings
    from redzone.solver.frontends.serve import serve as run_server

    sys.exit(run_server(settings=Settings(default_time_limit=default_time_limit, progress=progress),
                        eof_grace=EOF_GRACE))


@cli.command()
@click.argument("results", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for the PNG plots and report.html (default: RESULTS without its suffix, + '-report').")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
def report(results: str, out_dir: str | None, as_json: bool) -> None:
    """Summarise a batch's --json output (RESULTS, a .jsonl file; '-' for standard input):
    statistics on standard output, PNG plots and a self-contained report.html in --out.

    Needs matplotlib (pip install 'redzone[report]').
    """
    import json
    from pathlib import Path

    from redzone.models.errors import RedzoneError
    from redzone.solver.frontends.report import build_report, load_results

    try:
        rows = load_results(results)
        folder = Path(out_dir) if out_dir else Path(
            "redzone-report" if results == "-" else str(Path(results).with_suffix("")) + "-report")
        made = build_report(rows, folder, source=results)
    except RedzoneError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps({**made.statistics, "files": [str(p) for p in made.files]}))
        return
    from redzone.solver.frontends.cli.common import console

    made.render(console())
