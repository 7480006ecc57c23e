"""The bundled examples and the README's code stay correct."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from redzone.models.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_loads(path: Path) -> None:
    scenario = load_scenario(str(path))
    assert scenario.players  # a validated scenario, every card name known


def test_readme_python_example_prints_what_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # CR 508.1c-d: Loyal Pegasus (with Bloodshed Fever) and the Bears attack together.
    monkeypatch.chdir(ROOT)
    code = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    first, second = out.getvalue().splitlines()
    assert first == "{'pegasus': 'Bob', 'bears': 'Bob'} 1 1 optimal"
    assert second.startswith("False [\"Loyal Pegasus (pegasus) can't attack alone (CR 508.1c)\"]")
