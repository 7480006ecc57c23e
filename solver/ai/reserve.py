"""What runs after the search's deadline, and what is skipped when the time is spent
(issue 25 §1: ``--time-limit`` bounds the whole command).

``choose_attack`` and ``choose_blocks`` search until their deadline (a share of the time
left, :data:`redzone.solver.ai.decisions.SEARCH_SHARE`) and keep the rest for the answer.
Everything that runs after that deadline — the local search of an unproved block
(``polish``), the rescue of a lost block (``rescue``), the proved bound of an unfinished
search (``bound``), the proved floor of a fallback choice (``value``), the play-out of the
line shown (``replay``) and the reasons (``reasons``) — runs under the command's time
budget (:mod:`redzone.models.limits`) and is *skipped* when that budget is spent before or
while it runs. :class:`Skips` runs such a part and records its name when it was skipped;
the answer lists the names (the ``skipped`` key, docs/ai.md "Time limits").

Nothing here weakens a claim: a skipped bound leaves the bound a won game, a skipped value
leaves the value a lost game, a skipped replay leaves ``damage`` and ``outcome`` empty, and a
skipped local search or rescue leaves the block the search found. :func:`late` is the check
the AI's loops that run outside :meth:`redzone.solver.ai.clock.Clock.tick` make.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from redzone.models.limits import TimeLimitReached, remaining_time, time_budget, unbounded

__all__ = ["GRACE_PERMANENTS", "SKIPPABLE", "Skips", "grace", "late", "until"]

T = TypeVar("T")

SKIPPABLE: tuple[str, ...] = ("polish", "rescue", "bound", "value", "replay", "reasons")
"""The parts of an AI answer that may be skipped for time, in the order they run."""


GRACE_PERMANENTS = 64
"""On a board of at most this many permanents the work a legal choice needs — building the
board, the game and its attack and block problems, the attack or block solver's fallback
plan: milliseconds — is done even when the time limit is spent before it (a limit shorter
than reading the file still answers a legal choice). On a bigger board that work runs under
the command's budget, and when the budget runs out before a legal choice exists the answer
is ``unknown`` (issue 25 §1: 2,000 creatures a side take seconds to build)."""


@contextmanager
def grace(permanents: int) -> Iterator[None]:
    """No deadline inside (:func:`redzone.models.limits.unbounded`) when ``permanents`` is
    at most :data:`GRACE_PERMANENTS`; the enclosing budget otherwise."""
    if permanents <= GRACE_PERMANENTS:
        with unbounded():
            yield
    else:
        yield


def _clock(game: Any) -> Any:
    """``game``'s :class:`redzone.solver.ai.clock.Clock` (``game.clock``), or ``game`` itself
    when it is a clock, or ``None``."""
    if game is None:
        return None
    return getattr(game, "clock", game)


def late(game: Any = None) -> bool:
    """Whether the time is spent: ``game``'s search deadline (its
    :class:`redzone.solver.ai.clock.Clock`, :meth:`~redzone.solver.ai.clock.Clock.over`) has
    passed, or the command's budget (:func:`redzone.models.limits.remaining_time`) is spent.
    ``game`` may be a game (with a ``clock``) or a clock. One or two clock reads: call it
    every few dozen steps of a loop."""
    clock = _clock(game)
    if clock is not None and clock.over():
        return True
    left = remaining_time()
    return left is not None and left <= 0.0


def until() -> float | None:
    """The command's deadline as a ``time.perf_counter()`` value (``None``: no budget)."""
    left = remaining_time()
    return None if left is None else time.perf_counter() + left


class Skips:
    """The parts of one answer skipped for time (names from :data:`SKIPPABLE`, in the order
    they were skipped, each once)."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def add(self, name: str) -> None:
        """Record ``name`` as skipped."""
        if name not in self.names:
            self.names.append(name)

    def run(self, name: str, work: Callable[[], T], default: T, game: Any = None,
            share: float = 1.0) -> T:
        """``work()``, or ``default`` (and ``name`` recorded) when the command's budget is
        already spent or runs out while it works (:class:`TimeLimitReached`, or
        :class:`redzone.solver.ai.clock.Timeout` from ``game``, whose clock's deadline is set
        to the command's for the call and put back after). ``share``: the part of the time
        left this work may take (a nested budget), so that a part that can't finish does not
        leave nothing for the parts after it."""
        from redzone.solver.ai.clock import Timeout

        if late():
            self.add(name)
            return default
        left = remaining_time()
        clock = _clock(game)
        before = clock.deadline if clock is not None else None
        try:
            with time_budget(None if left is None or share >= 1.0 else share * left):
                if clock is not None:
                    clock.deadline = until()
                return work()
        except (TimeLimitReached, Timeout):
            self.add(name)
            return default
        finally:
            if clock is not None:
                clock.deadline = before
