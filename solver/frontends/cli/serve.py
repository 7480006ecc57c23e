"""``redzone serve`` (the engine protocol, JSON Lines over standard input and output; see
docs/protocol.md) and ``redzone report`` (statistics, plots and an HTML page of a batch's
results)."""

from __future__ import annotations

import sys

import click

from redzone.solver.frontends.cli.common import BadInput, cli


@cli.command()
def serve() -> None:
    """Answer requests, one JSON object per line, until 'quit' or the end of input.

    Request: {"id": ..., "command": "attack", "scenario": {...}, "options": {...}}.
    Response: {"id": ..., "ok": true, "result": {...}} (the command's --json object) or
    {"id": ..., "ok": false, "error": {"kind": ..., "message": ...}}. See docs/protocol.md.
    """
    from redzone.solver.frontends.serve import serve as run_server

    sys.exit(run_server())


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
