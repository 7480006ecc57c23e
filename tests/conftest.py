"""Shared test fixtures."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from click.testing import CliRunner

RunMain = Callable[..., tuple[int, str, str]]


def _run_main(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    """Run the console-script entry point ``redzone.solver.frontends.cli.main`` in this process, as
    the shell would (one-line errors, exit statuses 0/1/2), capturing its output: returns
    ``(exit status, standard output, standard error)``."""
    from redzone.solver.frontends.cli import main

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


@pytest.fixture
def forced(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every AI block question goes through :func:`redzone.solver.ai.block_search.solve_large`
    (the many-blocks search, as if every board had more than ``BLOCK_BOUND`` blocks); counts
    in ``["bb"]`` how often the branch and bound ran to the end."""
    from redzone.solver.ai import block_search as ai_blocks

    monkeypatch.setattr(ai_blocks, "BLOCK_BOUND", 0)
    monkeypatch.setattr(ai_blocks, "PRE_BLOCKS", 0)
    calls = {"bb": 0}
    real = ai_blocks.branch_and_bound

    def counting(*args: object, **kwargs: object) -> object:
        got = real(*args, **kwargs)
        if got is not None:
            calls["bb"] += 1
        return got

    monkeypatch.setattr(ai_blocks, "branch_and_bound", counting)
    return calls
