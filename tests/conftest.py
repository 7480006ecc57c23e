"""Shared test fixtures."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from click.testing import CliRunner

RunMain = Callable[..., tuple[int, str, str]]


def _run_main(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    """Run the console-script entry point ``redzone.solver.cli.main`` in this process, as
    the shell would (one-line errors, exit statuses 0/1/2), capturing its output: returns
    ``(exit status, standard output, standard error)``."""
    from redzone.solver.cli import main

    runner = CliRunner()
    saved = sys.argv
    with runner.isolation(input=input) as (out, err, _):
        sys.argv = ["redzone", *args]
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            sys.argv = saved
        return code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace")


@pytest.fixture
def redzone_main() -> RunMain:
    """``redzone_main(*args, input=None) -> (status, stdout, stderr)``: the real entry point,
    in process."""
    return _run_main
