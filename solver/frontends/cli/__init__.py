"""The ``redzone`` command line.

Every command reads a scenario (a YAML or JSON file, ``-`` for standard input, or a JSON
Lines file of many scenarios for batch work), prints a readable result, or one JSON object
per scenario with ``--json``. Exit status: 0 success (also when the answer is "illegal"),
2 bad input or usage, 1 internal error.

The package: :mod:`.common` (the click group, shared options, errors, the run loop) and one
module per rule family, each a thin layer over the jobs of :mod:`redzone.solver.frontends.commands`.
Heavy imports (pydantic, ortools, rich) happen inside the commands so that ``redzone --help``
stays fast.
"""

from __future__ import annotations

import importlib
import json
import os
import sys

import click

from redzone.solver.frontends.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    BadInput,
    cli,
    mark_process_start,
)

__all__ = ["cli", "main", "BadInput", "EXIT_BAD_INPUT", "EXIT_INTERNAL", "COMMAND_MODULES"]

# The modules that register commands on ``cli`` when imported (each imports only click at
# module level). A new family adds its module here.
COMMAND_MODULES: tuple[str, ...] = (
    "redzone.solver.frontends.cli.attack",
    "redzone.solver.frontends.cli.block",
    "redzone.solver.frontends.cli.damage",
    "redzone.solver.frontends.cli.fight",
    "redzone.solver.frontends.cli.clash",
    "redzone.solver.frontends.cli.dm",
    "redzone.solver.frontends.cli.draw",
    "redzone.solver.frontends.cli.info",
    "redzone.solver.frontends.cli.ai",
    "redzone.solver.frontends.cli.serve",
)

for _module in COMMAND_MODULES:
    importlib.import_module(_module)


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
    mark_process_start()  # --time-limit counts the start-up too (issue 25 §1)
    try:
        cli.main(prog_name="redzone", standalone_mode=False)
        sys.stdout.flush()  # a reader that stopped early (``| head``) shows up here
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("redzone: aborted", err=True)
        sys.exit(EXIT_INTERNAL)
    except click.ClickException as exc:
        message = exc.format_message()
        click.echo(f"redzone: error: {message}", err=True)
        if "--json" in sys.argv[1:]:  # the error object a batch row gives, on stdout
            click.echo(json.dumps({"where": "command line", "error": {"kind": "bad_input", "message": message}}))
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        from redzone.solver.frontends.cli.common import reader_gone

        reader_gone()
    except Exception as exc:  # an internal fault: one line, status 1
        if os.environ.get("REDZONE_DEBUG"):
            raise
        click.echo(f"redzone: internal error: {type(exc).__name__}: {exc}", err=True)
        sys.exit(EXIT_INTERNAL)
    sys.exit(0)

