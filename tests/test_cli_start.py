"""``--time-limit`` counts the process's start-up only for the first ``main`` of a process
(issue 25 §1). A program or test that calls ``main`` again, or the click group after it,
counts from when that command runs: before, a command run after an earlier ``main`` in the
same process took its clock from that process's start, and a small board answered
``unknown`` under ``--time-limit 30`` (CI, tests/test_block_cli.py under pytest-xdist)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from redzone.solver.frontends import cli as cli_pkg
from redzone.solver.frontends.cli import common

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "menace-watchdog.yaml")


def _main(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> dict:
    monkeypatch.setattr(sys, "argv", ["redzone", "block", EXAMPLE, "--json", "--time-limit", "30"])
    with pytest.raises(SystemExit) as done:
        cli_pkg.main()
    assert done.value.code in (0, None)
    return json.loads(capsys.readouterr().out)


def test_only_the_first_main_counts_from_the_process_start(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # The process "started" 1,000 s ago: a first main with --time-limit 30 is already late.
    monkeypatch.setattr(common, "process_started", lambda: time.perf_counter() - 1000.0)
    monkeypatch.setattr(common, "_MAIN_RUNS", 0)
    assert _main(monkeypatch, capsys)["status"] == "unknown"
    assert common._STARTED is None  # main is done: nothing left for later commands
    # CR 509.1c: a generous limit changes nothing on a small board, counted from now.
    assert _main(monkeypatch, capsys)["status"] == "optimal"
