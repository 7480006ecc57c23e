"""Commands for the protocol's tests (registered by tests/test_serve_protocol.py; importable
by name because pytest puts this folder on ``sys.path``).

- ``loop``: works for ever, calling :func:`redzone.models.limits.check_time` between steps —
  a stand-in for a long request that honours the time budget. Only the budget (a time
  limit, a ``stop``, the end of the input) ends it, so a test that sees its answer has
  proved the budget ended it, on any machine.
- ``echo``: answers its options (to see the server's default time limit applied).
- ``nan``: answers a non-finite number (a stand-in for a bug the server must not write).
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Any

STARTED = threading.Event()
"""Set when ``loop`` starts working (cleared by the tests before each use)."""


@dataclass(frozen=True)
class LoopOptions:
    """``time_limit`` only."""

    time_limit: float | None = None


@dataclass(frozen=True)
class NoTimeOptions:
    """No options at all (a command without a time limit option)."""


@dataclass(frozen=True)
class Answer:
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return dict(self.data)

    def render(self, console: Any) -> None:
        console.print(str(self.data))

    def warnings(self) -> list[str]:
        return []


def loop(scenario: Any, options: Any) -> Answer:
    """Never answers by itself: steps of 1 ms, each followed by ``check_time``."""
    from redzone.models.limits import check_time

    STARTED.set()
    steps = 0
    while True:
        check_time("looping for ever (a test)")
        time.sleep(0.001)
        steps += 1


def echo(scenario: Any, options: Any) -> Answer:
    """The options as given to the job, and the budget left when it ran."""
    from redzone.models.limits import remaining_time

    return Answer({"time_limit": getattr(options, "time_limit", None), "remaining": remaining_time()})


def nan(scenario: Any, options: LoopOptions) -> Answer:
    """A result JSON has no form for."""
    return Answer({"value": math.nan})


RELEASE = threading.Event()
"""Set by a test to let ``deaf`` end."""


def deaf(scenario: Any, options: Any) -> Answer:
    """Works without ever checking the budget (a stand-in for a CP-SAT solve already
    running, or a search on its own clock) until a test sets :data:`RELEASE`."""
    STARTED.set()
    RELEASE.wait()
    return Answer({"released": True})
