"""Commands that fail on purpose, for the batch runner's and the server's error-isolation
tests (importable by worker processes: pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FaultOptions:
    """No options."""


@dataclass(frozen=True)
class Count:
    """An answer: the number of permanents."""

    permanents: int

    def to_json(self) -> dict[str, Any]:
        return {"permanents_seen": self.permanents}

    def render(self, console: Any) -> None:
        console.print(f"{self.permanents} permanents")

    def warnings(self) -> list[str]:
        return []


def faulty(scenario: Any, options: FaultOptions) -> Count:
    """Answers the number of permanents; a permanent with id ``boom`` raises a
    ``ZeroDivisionError`` (a stand-in for a bug), one with id ``crash`` ends the process at
    once (a stand-in for a crash in native code)."""
    ids = {p.id for p in scenario.permanents}
    if "boom" in ids:
        return Count(1 // 0)
    if "crash" in ids:
        os._exit(3)
    return Count(len(scenario.permanents))
