"""The stop flag of the command-wide time budget (models/limits.py: ``stop_on``), which
``redzone serve`` sets on ``stop`` and at the end of its input: every path that honours the
deadline honours it the same way."""

from __future__ import annotations

import threading

import pytest

from redzone.models.limits import (
    STOP_REASON,
    StopRequested,
    TimeLimitReached,
    check_time,
    remaining_time,
    stop_on,
    stop_requested,
    time_budget,
    unbounded,
)


def test_a_set_stop_event_spends_the_budget() -> None:
    event = threading.Event()
    with time_budget(100.0), stop_on(event):
        check_time("before")  # not set: nothing happens
        assert remaining_time() > 99 and remaining_time(5.0) == 5.0 and not stop_requested()
        event.set()
        assert remaining_time() == 0.0 and remaining_time(5.0) == 0.0 and stop_requested()
        with pytest.raises(StopRequested) as info:
            check_time("building the block model")
    assert isinstance(info.value, TimeLimitReached)  # caught wherever the deadline is
    assert str(info.value) == f"{STOP_REASON} (building the block model)"
    assert info.value.stage == "building the block model"


def test_without_a_deadline_the_stop_still_counts() -> None:
    event = threading.Event()
    event.set()
    with stop_on(event):
        assert remaining_time() == 0.0
        with pytest.raises(StopRequested):
            check_time("x")
    assert remaining_time() is None  # outside: no budget at all
    check_time("x")


def test_another_thread_sets_it() -> None:
    event = threading.Event()
    with stop_on(event):
        setter = threading.Thread(target=event.set)
        setter.start()
        setter.join()
        with pytest.raises(StopRequested):
            check_time("x")


def test_unbounded_shields_the_promised_answer_and_none_keeps_the_outer_event() -> None:
    event = threading.Event()
    event.set()
    with stop_on(event):
        with unbounded():
            check_time("the legal fallback")  # the small piece of work a procedure promises
            assert remaining_time() is None
        with stop_on(None):
            assert stop_requested()
        with pytest.raises(StopRequested):
            check_time("after the fallback")
