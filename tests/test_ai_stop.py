"""A stopped command stops the AI's search (issue 25 §3: ``redzone serve``'s ``stop`` ends the
current request early with its best answer so far, honestly ``feasible``).

The stop is :func:`redzone.models.limits.stop_on`'s event; the AI's
:class:`redzone.solver.ai.clock.Clock` keeps it and reads it with its deadline. No wall
clock: the event is set before the work starts.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ai_boards import ai_scenario  # noqa: E402
from redzone.models.board import build_board  # noqa: E402
from redzone.models.limits import stop_on  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.ai import choose_blocks  # noqa: E402
from redzone.solver.ai.clock import Clock, Timeout  # noqa: E402


def _stopped() -> threading.Event:
    event = threading.Event()
    event.set()
    return event


def test_a_clock_started_under_a_set_stop_is_over_and_its_children_too() -> None:
    with stop_on(_stopped()):
        clock = Clock.start(None)
    assert clock.over() and clock.child().over()
    # A stop set later, once the clock has its deadline, is read all the same.
    event = threading.Event()
    with stop_on(event):
        later = Clock.start(None)
    assert later.deadline is None and not later.over()
    event.set()
    assert later.over() and later.child().over()
    with pytest.raises(Timeout):
        for _ in range(16):  # tick reads the clock every 16 nodes
            clock.tick()
    assert not Clock.start(None).over()  # outside stop_on: no stop, no deadline


def test_a_stopped_choose_blocks_answers_feasible_never_optimal() -> None:
    """8 a side, no time limit: searched to the end it is proved (``optimal``); stopped
    before it starts, the answer is legal and says it is not proved."""
    board = build_board(parse_scenario(ai_scenario(8, 0, combat=True)))
    assert choose_blocks(board, lookahead=0).status == "optimal"
    with stop_on(_stopped()):
        stopped = choose_blocks(board, lookahead=0)
    assert stopped.status == "feasible"
