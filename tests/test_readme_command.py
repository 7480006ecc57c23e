"""The README's quick-start test command is what CI runs, and what it needs is installed by
the test extra (issue 25 §4)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start.*?```sh\n(.*?)```", text, re.S)
    assert block is not None, "README.md has no quick-start sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    """.ci/run runs the README's second quick-start command as written (same line)."""
    command = _quick_start_lines()[1]
    assert "pytest" in command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci


def test_the_test_extra_installs_what_the_command_uses() -> None:
    """``-n auto`` needs pytest-xdist: the test extra declares it; the smoke and slow
    markers the README names are registered."""
    command = _quick_start_lines()[1]
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = data["project"]["optional-dependencies"]["test"]
    if " -n " in command:
        assert any(re.match(r"pytest-xdist\b", d) for d in extra), extra
    markers = data["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in markers} >= {"slow", "smoke"}


def test_every_smoke_module_exists() -> None:
    """The smoke subset names modules that are there (a renamed module would silently leave
    its part out of ``pytest -m smoke``)."""
    from tests.conftest import SMOKE_MODULES

    missing = sorted(m for m in SMOKE_MODULES if not (ROOT / "tests" / m).is_file())
    assert missing == []
