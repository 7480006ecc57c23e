"""The time budget of the AI's search: the one place every AI path asks how much time is
left and whether it is over.

Owns the search's deadline (a share of the question's time limit and of what the
command-wide budget of :mod:`redzone.models.limits` has left), the extra time a cut-short
block answer may be polished in, the node count (:meth:`Clock.tick`) and the
:class:`Timeout` that ends a search. The split of the time is explained in docs/ai.md
("Time limits").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from redzone.models.limits import check_time, remaining_time, stop_event

__all__ = ["SEARCH_SHARE", "Clock", "Timeout", "polish_deadline", "search_deadline"]

SEARCH_SHARE = 0.8
"""Share of the time left that the search may use; the rest is kept for the legal fallback
choice and the answer itself (a choice is always legal, whatever the time limit)."""


class Timeout(Exception):
    """The search's deadline passed (:meth:`Clock.tick`, :meth:`Clock.poll`).

    ``Timeout.raised`` counts the instances ever made: a value worked out while it changed
    may rest on a search that a caller stopped early and answered with its best so far (the
    local search of :mod:`redzone.solver.ai.block_search` does), so it proves nothing (see
    :meth:`redzone.solver.ai.crack_back.CrackBack.crack_back` and ``choose_attack``)."""

    raised = 0

    def __init__(self, *args: object) -> None:
        Timeout.raised += 1
        super().__init__(*args)

    @classmethod
    def since(cls, count: int) -> bool:
        """Whether a :class:`Timeout` was raised since ``Timeout.raised`` was ``count``."""
        return Timeout.raised != count


def search_deadline(t0: float, time_limit: float | None) -> float | None:
    """The search's deadline (a ``time.perf_counter()`` value): :data:`SEARCH_SHARE` of the
    smaller of ``time_limit`` (seconds) and what an enclosing
    :func:`redzone.models.limits.time_budget` has left at ``t0`` (``None``: no limit)."""
    left = remaining_time(time_limit)
    return None if left is None else t0 + SEARCH_SHARE * left


def polish_deadline(deadline: float | None, t0: float) -> float | None:
    """Until when the local search of a block answer cut short by the time limit may run
    (:func:`redzone.solver.ai.block_search.polish`): past the search's ``deadline`` (set at
    ``t0``), into three quarters of the share kept for the answer (``None``: no limit)."""
    if deadline is None:
        return None
    share = (deadline - t0) / SEARCH_SHARE  # the time there was
    return deadline + 0.75 * (1 - SEARCH_SHARE) * share


class Clock:
    """The time budget of one game: ``deadline`` (``time.perf_counter()`` value, ``None``:
    none), ``polish_until`` (see :func:`polish_deadline`) and ``nodes``, the positions this
    game searched (:meth:`tick`; a crack-back game counts its own, added to its parent's by
    the caller). Games of one question share the deadline through :meth:`child`."""

    def __init__(self, deadline: float | None = None, polish_until: float | None = None,
                 stop: threading.Event | None = None) -> None:
        self.deadline = deadline
        self.polish_until = polish_until
        self.nodes = 0
        self.stop = stop
        """The command's stop event (:func:`redzone.models.limits.stop_on`: ``redzone serve``'s
        ``stop``, or the end of its input), read with the deadline: a stopped search ends as
        one cut by its time limit (:class:`Timeout`), with its best answer so far."""

    @classmethod
    def start(cls, time_limit: float | None, t0: float | None = None) -> Clock:
        """The clock of a question asked at ``t0`` (now when ``None``) with ``time_limit``
        seconds (``None``: none) under the command's budget (:func:`search_deadline`)."""
        if t0 is None:
            t0 = time.perf_counter()
        deadline = search_deadline(t0, time_limit)
        return cls(deadline, polish_deadline(deadline, t0), stop_event())

    def child(self) -> Clock:
        """A clock for another game of the same question (a crack-back, the board left after
        a departure, the probe of a won line): the same deadline, its own node count, no
        polish time (only the question's own answer is polished)."""
        return Clock(self.deadline, stop=self.stop)

    def tick(self) -> None:
        """Count one node; raise :class:`Timeout` past the deadline (checked every 16)."""
        self.nodes += 1
        if (self.nodes & 15) == 0 and self.over():
            raise Timeout

    def over(self) -> bool:
        """Whether the deadline has passed or the command was stopped (:attr:`stop`)."""
        if self.stop is not None and self.stop.is_set():
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def poll(self) -> None:
        """Raise :class:`Timeout` when the deadline has passed or the command was stopped
        (for loops that count their own steps: call it every few hundred)."""
        if self.over():
            raise Timeout

    def remaining(self) -> float | None:
        """Seconds left before the deadline and within the command's budget (``None``:
        neither limits); never negative."""
        left = remaining_time()
        if self.deadline is None:
            return left
        mine = max(self.deadline - time.perf_counter(), 0.0)
        return mine if left is None else min(mine, left)

    @staticmethod
    def check_budget(stage: str) -> None:
        """Raise :class:`redzone.models.limits.TimeLimitReached` (naming ``stage``) when the
        command's budget is spent."""
        check_time(stage)

    def lift(self) -> None:
        """No deadline from now on (the answer is built whatever the time left)."""
        self.deadline = None

    @contextmanager
    def lifted(self) -> Iterator[None]:
        """No deadline within the ``with`` block (one bounded piece of work whose result
        the answer needs)."""
        deadline, self.deadline = self.deadline, None
        try:
            yield
        finally:
            self.deadline = deadline

    @contextmanager
    def polishing(self) -> Iterator[bool]:
        """The ``with`` block runs until the deadline, or when that has passed until
        :attr:`polish_until`; yields whether there is time at all (``False``: both passed,
        or no polish time)."""
        deadline = self.deadline
        if deadline is not None and time.perf_counter() > deadline:
            until = self.polish_until
            if until is None or time.perf_counter() > until:
                yield False
                return
            self.deadline = until
        try:
            yield True
        finally:
            self.deadline = deadline

    @contextmanager
    def limited(self, budget: int | None, spent: type[Exception]) -> Iterator[None]:
        """Within the ``with`` block, :meth:`tick` raises ``spent`` once it was called more
        than ``budget`` times (``None``: no limit), besides its own checks."""
        tick = self.tick

        def counted() -> None:
            nonlocal budget
            if budget is not None:
                budget -= 1
                if budget < 0:
                    raise spent
            tick()

        own = self.__dict__.get("tick")
        self.tick = counted  # the instance's own, over the method, until the block ends
        try:
            yield
        finally:
            if own is None:
                del self.tick
            else:
                self.tick = own
