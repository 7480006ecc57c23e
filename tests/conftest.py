"""Shared test fixtures, and the smoke subset (``pytest -m smoke``)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from click.testing import CliRunner

RunMain = Callable[..., tuple[int, str, str]]

SMOKE_MODULES = frozenset({
    "test_scenario.py", "test_parser.py", "test_cards.py", "test_layers.py",
    "test_attack_rules.py", "test_attack_solver.py", "test_block_rules.py",
    "test_damage_rules.py", "test_outcome.py", "test_fight.py", "test_clash.py",
    "test_duel_masters.py", "test_ai_rules.py", "test_cli.py", "test_serve.py",
})
"""Test modules of the smoke subset: one or two quick modules per part (scenario and
cards, layers, attack, block, damage, outcome, fight, clash, Duel Masters, the AI's rules,
command line, protocol), whose tests run in well under a minute together. Select them with
``pytest -m smoke`` (tests marked ``slow`` are left out)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`SMOKE_MODULES` ``smoke`` (not the ``slow`` ones)."""
    smoke = pytest.mark.smoke
    for item in items:
        if item.path.name in SMOKE_MODULES and item.get_closest_marker("slow") is None:
            item.add_marker(smoke)


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
