"""What every CP-SAT model in redzone shares: solver set-up, status names, timing.

ortools is imported inside the functions, never at module import.
"""

from __future__ import annotations

import math
import time
from typing import Any

from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time, remaining_time

SEED = 0
"""CP-SAT's random seed: with one worker, the same model gives the same answer."""

CATCH_SIGINT = True
"""Whether CP-SAT catches Ctrl-C (SIGINT) during a solve, ending that solve as if its time
limit had passed (CP-SAT's default; a library user's program keeps it). The command line
turns it off (:func:`redzone.solver.frontends.cli.main`): there Ctrl-C ends the command
with status 130, where CP-SAT would end one solve and let the command answer as if cut by
time."""


def make_solver(time_limit: float | None, **parameters: Any) -> Any:
    """A ``CpSolver`` with one worker (deterministic, no thread start-up cost on small
    models) and seed :data:`SEED`; ``time_limit`` in seconds (``None``: none; 0: give up at
    once), clamped to what the enclosing :func:`redzone.models.limits.time_budget` has left;
    further CP-SAT parameters by name (e.g. ``linearization_level=2``).

    Raises :class:`redzone.models.errors.ScenarioError` for a NaN, infinite or negative
    ``time_limit`` (CP-SAT would otherwise read NaN as "no time at all" and report a
    cut-off search as if a limit had been asked for).
    """
    from ortools.sat.python import cp_model

    if time_limit is not None and (isinstance(time_limit, bool)
                                   or not math.isfinite(float(time_limit)) or time_limit < 0):
        raise ScenarioError("time_limit", f"must be a finite number of seconds, got {time_limit!r}")
    time_limit = remaining_time(time_limit)

    solver = cp_model.CpSolver()
    params = solver.parameters
    params.num_workers = 1
    params.random_seed = SEED
    if not CATCH_SIGINT:
        params.catch_sigint_signal = False
    for name, value in parameters.items():
        setattr(params, name, value)
    if time_limit is not None:
        params.max_time_in_seconds = float(time_limit)
    return solver


_MODEL_CLASS: Any = None


def new_model() -> Any:
    """An empty ``CpModel``. ``CpModel()`` itself spends about half a millisecond adding
    deprecated CamelCase aliases of its methods to every instance; redzone calls only the
    snake_case names, so this subclass skips that (small models are built thousands of times
    a second by engines and by the AI's search)."""
    global _MODEL_CLASS
    if _MODEL_CLASS is None:
        from ortools.sat.python import cp_model

        class _Model(cp_model.CpModel):  # type: ignore[misc]
            def _add_pre_pep8_methods(self) -> None:
                pass

        _MODEL_CLASS = _Model
    return _MODEL_CLASS()


def new_bools(model: Any, n: int) -> list[Any]:
    """``n`` new unnamed 0-1 variables of ``model`` (a ``CpModel``), in order: the same
    variables, and the same model, as ``n`` calls of ``model.new_bool_var("")``, in about
    half the time (one shared domain object, no empty name written). Block models at 200
    creatures a side create about 10,000 at once."""
    from ortools.sat.python import cp_model
    from ortools.util.python.sorted_interval_list import Domain

    proto = model.model_proto
    domain = Domain(0, 1)
    var = cp_model.IntVar
    out: list[Any] = []
    for start in range(0, n, 4096):  # 250,000 at 500 a side: the budget read between chunks
        if start:
            check_time("building the model")  # issue 25 §1
        out.extend(var(proto).with_domain(domain) for _ in range(min(4096, n - start)))
    return out


def status_name(code: Any) -> str:
    """``"optimal"``, ``"feasible"``, ``"infeasible"`` or ``"unknown"`` for a CP-SAT status."""
    from ortools.sat.python import cp_model

    return {cp_model.OPTIMAL: "optimal", cp_model.FEASIBLE: "feasible",
            cp_model.INFEASIBLE: "infeasible"}.get(code, "unknown")


def elapsed_ms(since: float) -> float:
    """Milliseconds since ``since`` (a ``time.perf_counter()`` value)."""
    return (time.perf_counter() - since) * 1000.0
