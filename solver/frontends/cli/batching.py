"""The command line's batch loop: rows in, one answer (or error) per row out, in order.

Used by :func:`redzone.solver.frontends.cli.common.run` when the scenario argument is a batch. The
work itself is :func:`redzone.solver.frontends.batch.run_rows`; this module picks the runner from
``--jobs`` / ``--dask``, prints each row as it comes (standard output), shows a progress bar
and the summary (standard error) and returns the exit status:

- 0: every row was answered (an "illegal" verdict is an answer);
- 2: some rows were bad input (each has its error row; every other row was answered);
- 1: some rows met an internal error (each has its error row of kind ``internal``).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from redzone.solver.frontends.cli.common import reader_gone

SMALL_BATCH = 64
"""Batches with fewer rows than this run in this process unless ``--jobs`` is given (a pool
of workers takes longer to start than such a batch takes to run)."""


def _progress(console: Any, total: int | None) -> Any:
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Rows per second."""

        def render(self, task: Any) -> Text:  # noqa: D102 - rich API
            speed = task.finished_speed or task.speed
            return Text("– rows/s" if speed is None else f"{speed:,.0f} rows/s", style="progress.data.speed")

    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                    MofNCompleteColumn(), RateColumn(), TimeElapsedColumn(), TextColumn("left"),
                    TimeRemainingColumn(), console=console, redirect_stdout=False,
                    redirect_stderr=False, transient=False)


def run_batch(path: str, as_json: bool, command: str, options: Any, settings: dict[str, Any]) -> int:
    """Run ``command`` with ``options`` on every row of the batch at ``path``; print the rows
    (JSON lines with ``as_json``, else the readable text with a ``── where`` header); return
    the exit status (see the module docstring). ``settings``: the batch options
    (``jsonl``, ``jobs``, ``dask``, ``progress``, ``summary``, ``skip``: rows not run at the
    start, ``dask_timeout``: seconds to reach the Dask scheduler)."""
    from rich.console import Console

    from redzone.models.errors import RedzoneError
    from redzone.solver.frontends.batch import Summary, Work, count_rows, default_jobs, read_rows, run_rows

    stdout_tty = sys.stdout.isatty()
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    show = settings.get("progress")
    if show is None:
        show = err.is_terminal
    jobs = settings.get("jobs")
    dask = settings.get("dask")
    skip = int(settings.get("skip") or 0)
    dask_timeout = settings.get("dask_timeout")
    if dask_timeout is not None and dask is None:
        err.print("redzone: error: --dask-timeout: there is no --dask scheduler to wait for", markup=False)
        return 2
    total = count_rows(path) if show or jobs is None or skip else None
    if total is not None:
        if skip > total:
            err.print(f"redzone: note: --skip {skip}: the batch has {total} rows; none is run", markup=False)
        total = max(0, total - skip)
    if jobs is None:
        jobs = 1 if dask is None and total is not None and total < SMALL_BATCH else default_jobs()
    work = Work(command, options, as_json=as_json, color=not as_json and stdout_tty)
    summary = Summary()
    streaming = path == "-"
    started = time.perf_counter()
    out = sys.stdout
    progress = _progress(err, total) if show else None
    task: Any = None
    try:
        outcomes = run_rows(read_rows(path, jsonl=bool(settings.get("jsonl")), skip=skip), work, jobs=jobs,
                            dask=dask, dask_timeout=dask_timeout)
        if progress is not None:
            progress.start()
            task = progress.add_task(f"{command}", total=total)
        for outcome in outcomes:
            summary.add(outcome)
            if as_json or outcome.kind == "answer":
                if progress is not None and stdout_tty:
                    progress.console.print(outcome.text, markup=False, highlight=False, soft_wrap=True)
                else:
                    try:
                        out.write(outcome.text + "\n")
                        if streaming:  # rows arrive one by one: so do their answers
                            out.flush()
                    except BrokenPipeError:  # the reader stopped early (| head)
                        reader_gone()
            if not as_json:
                for note in outcome.notes:
                    err.print(note, markup=False)
                if outcome.kind != "answer":
                    err.print(outcome.text, markup=False)
            if progress is not None:
                progress.advance(task)
    except RedzoneError as exc:  # the runner itself could not start (e.g. Dask not installed)
        if progress is not None:
            progress.stop()
        err.print(f"redzone: error: {exc}", markup=False)
        return 2
    finally:
        if progress is not None:
            progress.stop()
    try:
        out.flush()
    except BrokenPipeError:
        reader_gone()
    summary.elapsed_s = time.perf_counter() - started
    if settings.get("summary"):
        summary.render(err)
    return summary.exit_status()
