"""A time budget shared by everything one command does: model building included.

A front end (the CLI, a batch row, a protocol request) opens a budget with
:func:`time_budget`; long loops in ``models/`` and ``solver/`` call :func:`check_time` now and
then, and every CP-SAT solve is clamped to :func:`remaining_time`. When the budget runs out
:class:`TimeLimitReached` is raised: the front end answers "unknown" honestly instead of
working on past the limit (the rule of work: an unproved answer says so).

No ortools here (``models/`` never imports it). The budget lives in a context variable, so
threads and asyncio tasks each keep their own.

A budget may also be stopped from outside, before its deadline: :func:`stop_on` puts a
``threading.Event`` in the context (``redzone serve`` sets it on a ``stop`` request or at the
end of its input, from its reader thread). :func:`check_time` then raises
:class:`StopRequested` (a :class:`TimeLimitReached`, so every path that honours the deadline
honours the stop the same way) and :func:`remaining_time` answers 0.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from redzone.models.errors import ScenarioError

__all__ = [
    "STOP_REASON",
    "StopRequested",
    "TIME_LIMIT_REASON",
    "TimeLimitReached",
    "check_time",
    "check_time_limit",
    "remaining_time",
    "stop_event",
    "stop_on",
    "stop_requested",
    "time_budget",
    "unbounded",
]

TIME_LIMIT_REASON = "the time limit ran out before an answer was found"
"""The reason given with an unknown answer when :class:`TimeLimitReached` cut the work."""

STOP_REASON = "stopped before an answer was found"
"""The reason given with an unknown answer when :class:`StopRequested` cut the work."""

_DEADLINE: ContextVar[float | None] = ContextVar("redzone_deadline", default=None)
_STOP: ContextVar[threading.Event | None] = ContextVar("redzone_stop", default=None)


class TimeLimitReached(Exception):
    """The time budget of :func:`time_budget` ran out; ``stage`` names what was cut (e.g.
    ``"building the block problem"``). Not an input error: the answer is "unknown"."""

    def __init__(self, stage: str) -> None:
        self.stage = stage
        super().__init__(f"{self.reason} ({stage})")

    reason = TIME_LIMIT_REASON
    """The first words of the message (the reason of an unknown answer)."""


class StopRequested(TimeLimitReached):
    """The budget was stopped from outside (:func:`stop_on`) before its deadline; caught
    wherever :class:`TimeLimitReached` is, with :data:`STOP_REASON` as its message."""

    reason = STOP_REASON


def check_time_limit(value: object, field: str = "time_limit", *,
                     positive: bool = False) -> float | None:
    """``value`` as a time limit in seconds: ``None`` (no limit) or a finite number >= 0
    (0: give up at once, every answer unproved); with ``positive``, > 0 (the command line's
    ``--time-limit``).

    Raises :class:`ScenarioError` naming ``field`` for a Boolean, a non-number, NaN, an
    infinity, a negative number, or 0 when ``positive``.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ScenarioError(field, f"must be a number of seconds, got {type(value).__name__}")
    seconds = float(value)
    if not math.isfinite(seconds) or seconds < 0 or (positive and seconds == 0):
        least = "above 0" if positive else "0 or more"
        raise ScenarioError(field, f"must be a finite number of seconds, {least}; got {value!r}")
    return seconds


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Run the ``with`` block under a deadline ``seconds`` from now (``None``: no deadline;
    an enclosing, earlier deadline is kept). Raises ScenarioError for a bad ``seconds``
    (:func:`check_time_limit`)."""
    seconds = check_time_limit(seconds)
    outer = _DEADLINE.get()
    deadline = outer
    if seconds is not None:
        mine = time.perf_counter() + seconds
        deadline = mine if outer is None else min(outer, mine)
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


@contextmanager
def unbounded() -> Iterator[None]:
    """Run the ``with`` block with no deadline, whatever the enclosing budget.

    Only for the small, bounded piece of work that turns a search cut short into the answer
    a procedure promises whatever the time limit — e.g. the AI's legal fallback choice from
    the attack or block solver (a choice is always legal). It may overshoot the limit by
    that piece of work, never more.
    """
    token = _DEADLINE.set(None)
    stop = _STOP.set(None)  # a stop, too, leaves the promised answer to be built
    try:
        yield
    finally:
        _STOP.reset(stop)
        _DEADLINE.reset(token)


@contextmanager
def stop_on(event: threading.Event | None) -> Iterator[None]:
    """Run the ``with`` block stoppable by ``event``: once another thread sets it,
    :func:`check_time` raises :class:`StopRequested` and :func:`remaining_time` is 0, as if
    the deadline had passed (``None``: keep the enclosing event, if any). Setting an
    ``Event`` is thread-safe; the work stops at its next :func:`check_time` or clock read.
    Nests with :func:`time_budget` in either order."""
    token = _STOP.set(event if event is not None else _STOP.get())
    try:
        yield
    finally:
        _STOP.reset(token)


def stop_event() -> threading.Event | None:
    """The enclosing :func:`stop_on` event (``None``: none), for a clock that keeps it past
    the ``with`` block that opened it (the AI's :class:`redzone.solver.ai.clock.Clock`)."""
    return _STOP.get()


def stop_requested() -> bool:
    """Whether the enclosing :func:`stop_on` event is set."""
    event = _STOP.get()
    return event is not None and event.is_set()


def remaining_time(time_limit: float | None = None) -> float | None:
    """Seconds left: the smaller of ``time_limit`` and what the enclosing budget has left
    (``None``: neither limits). Never negative; 0 once a :func:`stop_on` event is set."""
    stop = _STOP.get()
    if stop is not None and stop.is_set():
        return 0.0
    deadline = _DEADLINE.get()
    if deadline is None:
        return None if time_limit is None else max(time_limit, 0.0)
    left = max(deadline - time.perf_counter(), 0.0)
    return left if time_limit is None else max(min(time_limit, left), 0.0)


def check_time(stage: str) -> None:
    """Raise :class:`TimeLimitReached` (naming ``stage``) if the enclosing budget is spent,
    :class:`StopRequested` if its :func:`stop_on` event is set. Costs two context-variable
    reads and one clock read: call it every few hundred steps of a long loop."""
    stop = _STOP.get()
    if stop is not None and stop.is_set():
        raise StopRequested(stage)
    deadline = _DEADLINE.get()
    if deadline is not None and time.perf_counter() >= deadline:
        raise TimeLimitReached(stage)
