"""Batch work: one command over many scenarios, in order, in flat memory, on many cores.

A batch is read lazily as :class:`Row` objects (the raw text of one scenario and where it
came from) by :func:`read_rows`; :func:`run_rows` runs a command of
:data:`redzone.solver.frontends.commands.COMMANDS` on each row and yields one :class:`Outcome` per row,
**in input order**, whichever runner does the work:

- ``jobs=1``: in this process;
- ``jobs=N``: a pool of ``N`` worker processes; rows go out in chunks, at most a few chunks
  per worker are in flight, so memory does not grow with the number of rows;
- ``dask=ADDRESS`` (or ``"local"``): a Dask cluster (``pip install 'redzone[dask]'``);
  each chunk of rows is one task (see docs/batch.md).

Every row gives exactly one outcome. A row whose input is bad becomes an error row of kind
``bad_input``; a row whose work fails inside redzone (a bug) becomes one of kind
``internal``; if a worker process dies, its rows are run again one at a time and only the
row that kills a worker is reported as ``internal``. Nothing raises for a row.

The JSON object of a row is the command's ``--json`` object (``answer.to_json()``) with the
row's ``where`` first and a ``batch`` object last (``{"ms": wall time of the row in
milliseconds, "permanents": number of permanents}``), or
``{"where", "error": {"kind", "message"}, "batch"}`` for an error row.

:class:`Summary` collects the counts and times of a batch (``--summary``).
"""

from __future__ import annotations

import glob
import json
import os
import sys
import time
from array import array
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

JSONL_SUFFIXES = (".jsonl", ".ndjson")
"""Suffixes (any letter case) of JSON Lines batch files."""

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")
"""Suffixes (any letter case) of single-scenario files picked from a directory."""

ErrorKind = Literal["bad_input", "internal"]


# --------------------------------------------------------------------------- input rows


@dataclass(frozen=True, slots=True)
class Row:
    """One scenario of a batch, not yet parsed.

    ``where``: how messages and output name the row (``"line 7"`` of a JSON Lines file,
    ``"dir/a.yaml"`` for a file, ``"b.jsonl: line 3"`` for a line of one of several files);
    ``text``: the JSON line or the whole file; ``form``: ``"jsonl"`` (one JSON Lines row),
    ``"file"`` (a YAML or JSON file, read by its suffix) or ``"error"`` (the row could not be
    read; ``text`` is the message); ``label``: the file name (``"<stdin>"``); ``number``: the
    line number (0 for a whole file); ``index``: the row's position in the batch (1 for the
    first row; 0 for a row made by hand).
    """

    where: str
    text: str
    form: Literal["jsonl", "file", "error"]
    label: str
    number: int = 0
    index: int = 0


def is_jsonl(path: str) -> bool:
    """Whether ``path`` names a JSON Lines file (``.jsonl`` / ``.ndjson``, any letter case)."""
    return path.lower().endswith(JSONL_SUFFIXES)


def _has_magic(path: str) -> bool:
    return glob.has_magic(path)


def is_batch(source: str, *, jsonl: bool = False) -> bool:
    """Whether ``source`` is a batch: ``jsonl`` (the ``--batch`` flag: any file, or ``-``,
    read as JSON Lines), a JSON Lines file, a directory, or a glob pattern that is not the
    name of an existing file."""
    if jsonl:
        return True
    if source == "-":
        return False
    if is_jsonl(source) or os.path.isdir(source):
        return True
    return _has_magic(source) and not os.path.isfile(source)


def _files(source: str) -> list[str]:
    """The scenario files of a directory (sorted, not recursive) or a glob pattern (sorted):
    YAML, JSON and JSON Lines files only for a directory; whatever the pattern matches."""
    if os.path.isdir(source):
        names = sorted(os.listdir(source))
        return [os.path.join(source, n) for n in names
                if n.lower().endswith(SCENARIO_SUFFIXES + JSONL_SUFFIXES)
                and os.path.isfile(os.path.join(source, n))]
    return sorted(p for p in glob.glob(source, recursive=True) if os.path.isfile(p))


def _jsonl_rows(lines: Iterable[str], label: str, prefix: str) -> Iterator[Row]:
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield Row(f"{prefix}line {number}", line, "jsonl", label, number)


def _open_jsonl(path: str, prefix: str) -> Iterator[Row]:
    try:
        with open(path, encoding="utf-8") as handle:
            yield from _jsonl_rows(handle, path, prefix)
    except FileNotFoundError:
        yield Row(path, f"{path}: no such file", "error", path)
    except UnicodeDecodeError:
        yield Row(path, f"{path}: not UTF-8 text", "error", path)
    except OSError as exc:
        yield Row(path, f"{path}: cannot read ({exc.strerror or exc})", "error", path)


def read_rows(source: str, *, jsonl: bool = False, skip: int = 0) -> Iterator[Row]:
    """The rows of a batch, read lazily (one line or one file at a time), each with its
    ``index`` (1, 2, ...); with ``skip``, from the row ``skip + 1`` on, each keeping the
    ``where`` and ``index`` it has in the whole batch (a batch resumed after its first
    ``skip`` rows were answered; the files of skipped rows are not read).

    ``source``: a JSON Lines file (``.jsonl``/``.ndjson``, any letter case; rows are
    ``"line N"``), a directory (its ``.yaml``/``.yml``/``.json`` files, sorted by name, each
    one row named by its path; a JSON Lines file in it gives one row per line, named
    ``"PATH: line N"``), a glob pattern (the files it matches, likewise), or, with ``jsonl``
    (``--batch``), any file or ``-`` (standard input) read as JSON Lines. A directory or
    pattern with no scenario file gives one error row. Never raises for unreadable input: it
    becomes an error row.
    """
    if skip < 0:
        raise ValueError(f"skip must be 0 or more (got {skip})")
    for index, row in enumerate(_read_rows(source, jsonl, skip), start=1):
        if index > skip:
            yield Row(row.where, row.text, row.form, row.label, row.number, index)


def _read_rows(source: str, jsonl: bool, skip: int = 0) -> Iterator[Row]:
    """The rows of ``source`` (:func:`read_rows`); a whole file among the first ``skip``
    rows is given unread (an empty text: it is skipped)."""
    if source == "-":
        yield from _jsonl_rows(sys.stdin, "<stdin>", "")
        return
    if (jsonl or is_jsonl(source)) and not os.path.isdir(source) and not (
            _has_magic(source) and not os.path.exists(source)):
        yield from _open_jsonl(source, "")
        return
    files = _files(source)
    if not files:
        what = "directory" if os.path.isdir(source) else "pattern"
        yield Row(source, f"{source}: no scenario files in this {what}", "error", source)
        return
    given = 0
    for path in files:
        if is_jsonl(path):
            for row in _open_jsonl(path, f"{path}: "):
                given += 1
                yield row
            continue
        given += 1
        if given <= skip:
            yield Row(path, "", "file", path)
            continue
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            yield Row(path, f"{path}: not UTF-8 text", "error", path)
            continue
        except OSError as exc:
            yield Row(path, f"{path}: cannot read ({exc.strerror or exc})", "error", path)
            continue
        yield Row(path, text, "file", path)


def count_rows(source: str) -> int | None:
    """The number of rows :func:`read_rows` will give (for a progress bar's total), counted
    without parsing (a single file counts as JSON Lines); ``None`` for standard input or an
    unreadable file."""
    if source == "-":
        return None
    single = os.path.isfile(source) or (is_jsonl(source) and not _has_magic(source))
    paths = [source] if single else _files(source)
    total = 0
    for path in paths:
        if not (single or is_jsonl(path)):
            total += 1
            continue
        try:
            with open(path, "rb") as handle:
                total += sum(1 for line in handle if line.strip())
        except OSError:
            return None
    return total


# --------------------------------------------------------------------------- running one row


@dataclass(frozen=True)
class Work:
    """What to do with each row: ``command`` (a name in
    :data:`redzone.solver.frontends.commands.COMMANDS`), its ``options`` (the command's options
    dataclass), ``as_json`` (the row's output is its JSON object; otherwise its readable
    text, rendered by the worker), ``color`` (ANSI colours in that text) and ``target``
    (the job's ``"module:function"``; filled from the registry by :func:`run_rows`, so that
    worker processes run a command registered at run time too)."""

    command: str
    options: Any
    as_json: bool = True
    color: bool = False
    target: str = ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one row.

    ``where``: the row's name; ``text``: its output (one JSON line without the newline, or
    the rendered text); ``kind``: ``"answer"``, ``"bad_input"`` or ``"internal"``;
    ``status`` / ``legal``: from the answer, when it has them (for the summary); ``ms``: wall
    time of the row in milliseconds (parsing and solving); ``notes``: notes for standard
    error (sentences not understood; the text form only); ``message``: the error message.
    """

    where: str
    text: str
    kind: Literal["answer", "bad_input", "internal"]
    status: str | None = None
    legal: bool | None = None
    ms: float = 0.0
    notes: tuple[str, ...] = ()
    message: str = ""


def _parse(row: Row) -> Any:
    from redzone.models.errors import ScenarioError
    from redzone.models.scenario import load_scenario, parse_scenario_line

    if row.form == "error":
        raise ScenarioError("", row.text)
    if row.form == "jsonl":
        return parse_scenario_line(row.text, number=row.number, label=row.label)
    return load_scenario(row.label, text=row.text)


def answer_status(data: dict[str, Any]) -> str | None:
    """The status of an answer's JSON object, for the summary: its ``status``; for a
    damage play-out, the weakest status of its steps (``optimal`` < ``feasible`` <
    ``unknown``); for a listing (``--all``), ``complete`` or ``incomplete``; else ``None``."""
    status = data.get("status")
    if isinstance(status, str):
        return status
    steps = data.get("steps")
    if isinstance(steps, list) and steps:
        order = ["optimal", "feasible", "infeasible", "unknown"]
        found = [s.get("status") for s in steps if isinstance(s, dict) and isinstance(s.get("status"), str)]
        if found:
            return max(found, key=lambda s: order.index(s) if s in order else len(order))
    if isinstance(data.get("complete"), bool):
        return "complete" if data["complete"] else "incomplete"
    return None


def _error_outcome(row: Row, kind: ErrorKind, message: str, ms: float, work: Work) -> Outcome:
    # A message that already names the row (its ``where``, or ``FILE:LINE:`` of a malformed
    # JSON Lines row) is not prefixed a second time.
    named = message.startswith(row.where) or (
        row.number > 0 and message.startswith(f"{row.label}:{row.number}:"))
    own = f"line {row.number}"
    if not named and row.number > 0 and row.where.endswith(own) and message.startswith(own + ":"):
        # The scenario reader named the line; a directory's row adds its file once.
        text = row.where + message[len(own):]
    else:
        text = message if named else f"{row.where}: {message}"
    if work.as_json:
        line = json.dumps({"where": row.where, "error": {"kind": kind, "message": text},
                           "batch": {"ms": round(ms, 3), "permanents": None}})
    else:
        line = f"redzone: {'internal error' if kind == 'internal' else 'error'}: {text}"
    return Outcome(row.where, line, kind, ms=ms, message=text)


_JOBS: dict[str, Callable[[Any, Any], Any]] = {}


def _job(work: Work) -> Callable[[Any, Any], Any]:
    """The job of ``work`` (imported once per process from ``work.target``)."""
    target = work.target or _target(work.command)
    job = _JOBS.get(target)
    if job is None:
        import importlib

        module, name = target.split(":")
        job = _JOBS[target] = getattr(importlib.import_module(module), name)
    return job


def _target(command: str) -> str:
    from redzone.models.errors import ScenarioError
    from redzone.solver.frontends.commands import COMMANDS

    if command not in COMMANDS:
        raise ScenarioError("command", f"unknown command {command!r} (known: {', '.join(COMMANDS)})")
    return COMMANDS[command].target


def row_output(path: str, row: Row) -> str:
    """The file a row's text form writes when the command's options name one ``path``
    (``draw -o FILE``): ``FILE``'s stem, ``-``, the row's position in the batch, ``FILE``'s
    suffix — ``pics/combat.svg`` gives ``pics/combat-1.svg``, ``pics/combat-2.svg``, ...
    (one file per row, never one file overwritten row after row)."""
    root, suffix = os.path.splitext(path)
    return f"{root}-{row.index}{suffix}"


def _row_options(work: Work, row: Row) -> Any:
    """``work.options``, with an ``output`` file (the text form of ``draw -o``) made the
    row's own (:func:`row_output`)."""
    output = getattr(work.options, "output", None)
    if not output or work.as_json:
        return work.options
    import dataclasses

    return dataclasses.replace(work.options, output=row_output(output, row))


def run_row(work: Work, row: Row) -> Outcome:
    """Run ``work`` on one row. Never raises (except KeyboardInterrupt / SystemExit): bad
    input gives a ``bad_input`` outcome, any other exception an ``internal`` one."""
    from redzone.models.errors import RedzoneError

    from redzone.solver.frontends.commands.common import run_job

    t0 = time.perf_counter()
    try:
        scenario = _parse(row)
        # The row's --time-limit covers reading it too.
        answer = run_job(_job(work), scenario, _row_options(work, row), since=t0)
        if work.as_json:
            data = answer.to_json()
            ms = (time.perf_counter() - t0) * 1000.0
            line = json.dumps({"where": row.where, **data,
                               "batch": {"ms": round(ms, 3), "permanents": len(scenario.permanents)}})
            return Outcome(row.where, line, "answer", answer_status(data), _legal(data), ms)
        text = _render(answer, work.color)
        data = answer.to_json()
        ms = (time.perf_counter() - t0) * 1000.0
        return Outcome(row.where, f"── {row.where}\n{text}".rstrip("\n"), "answer", answer_status(data),
                       _legal(data), ms, tuple(answer.warnings()))
    except RedzoneError as exc:
        return _error_outcome(row, "bad_input", str(exc), (time.perf_counter() - t0) * 1000.0, work)
    except Exception as exc:  # noqa: BLE001 - an internal fault must not end the batch
        return _error_outcome(row, "internal", f"{type(exc).__name__}: {exc}",
                              (time.perf_counter() - t0) * 1000.0, work)


def _legal(data: dict[str, Any]) -> bool | None:
    legal = data.get("legal")
    return legal if isinstance(legal, bool) else None


def _render(answer: Any, color: bool) -> str:
    import io

    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, highlight=False,
                      soft_wrap=True, width=100, emoji=False)
    answer.render(console)
    return buffer.getvalue()


def run_chunk(work: Work, rows: list[Row]) -> list[Outcome]:
    """:func:`run_row` on each row of a chunk (the unit a worker process or a Dask task
    runs)."""
    return [run_row(work, row) for row in rows]


# --------------------------------------------------------------------------- runners


class _Done:
    """A finished future (the in-process runner)."""

    def __init__(self, value: list[Outcome]) -> None:
        self.value = value

    def result(self) -> list[Outcome]:
        return self.value


class _Runner:
    """Submits chunks; ``reset`` recovers after a failure of the transport (a dead worker)."""

    workers = 1

    def submit(self, rows: list[Row]) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def reset(self) -> None:
        """Make the runner usable again after a submitted chunk failed as a whole."""

    def close(self) -> None:
        """Release the workers."""

    def abort(self) -> None:
        """Release the workers without waiting for the work in flight (the batch was
        interrupted, or its reader stopped)."""
        self.close()


class _InProcess(_Runner):
    def __init__(self, work: Work) -> None:
        self.work = work

    def submit(self, rows: list[Row]) -> _Done:
        return _Done(run_chunk(self.work, rows))


def _worker_chunk(rows: list[Row]) -> list[Outcome]:
    return run_chunk(_WORKER_WORK, rows)


_WORKER_WORK: Work = Work("", None)

ORPHAN_POLL_S = 1.0
"""Seconds between two looks at the parent process where the system offers no way to wait
for another process's end (:func:`wait_for_exit`'s last resort)."""


def wait_for_exit(pid: int, *, poll: float = ORPHAN_POLL_S, how: str | None = None) -> str:
    """Block until process ``pid`` has ended; return how it was watched.

    ``how`` (default: the first the system has): ``"pidfd"`` (Linux 5.3+: a process file
    descriptor, readable once the process has ended, a zombie included), ``"kqueue"``
    (macOS, BSD: ``NOTE_EXIT``), ``"sentinel"`` (this process's parent under the ``spawn``
    start method, e.g. on Windows: :func:`multiprocessing.parent_process`'s sentinel) or
    ``"poll"`` (POSIX: ``os.kill(pid, 0)`` every ``poll`` seconds; a zombie counts as
    alive). Returns at once when ``pid`` is already gone."""
    import select

    if how in (None, "pidfd") and hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            return "pidfd"
        except OSError:  # an older kernel (ENOSYS) or a sandbox: try the next way
            if how is not None:
                raise
        else:
            try:
                select.select([fd], [], [])
            finally:
                os.close(fd)
            return "pidfd"
    if how in (None, "kqueue") and hasattr(select, "kqueue"):
        # macOS and the BSDs only: the names exist there (the checker reads Linux's select).
        kq = select.kqueue()  # pyright: ignore[reportAttributeAccessIssue]
        try:
            event = select.kevent(  # pyright: ignore[reportAttributeAccessIssue]
                pid, filter=select.KQ_FILTER_PROC,  # pyright: ignore[reportAttributeAccessIssue]
                flags=select.KQ_EV_ADD | select.KQ_EV_ONESHOT,  # pyright: ignore[reportAttributeAccessIssue]
                fflags=select.KQ_NOTE_EXIT)  # pyright: ignore[reportAttributeAccessIssue]
            try:
                kq.control([event], 1, None)
            except ProcessLookupError:
                pass
        finally:
            kq.close()
        return "kqueue"
    if how in (None, "sentinel"):
        import multiprocessing as mp

        parent = mp.parent_process()
        if parent is not None and parent.pid == pid and mp.get_start_method(allow_none=True) == "spawn":
            from multiprocessing.connection import wait

            wait([parent.sentinel])
            return "sentinel"
        if how is not None:
            raise ValueError(f"process {pid} is not this spawned process's parent")
    if os.name != "posix":  # os.kill(pid, 0) would end the process on Windows
        raise OSError(f"no way to watch process {pid} on this system")
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return "poll"
        except PermissionError:
            pass  # alive, another user's (the pid was taken again): keep watching
        time.sleep(poll)


def exit_with(pid: int) -> None:
    """End this process (``os._exit``, status 1) as soon as process ``pid`` ends, from a
    daemon thread (:func:`wait_for_exit`). A batch's worker processes call it on the
    process that runs the batch: killed (SIGKILL, the out-of-memory killer), it can't shut
    its pool down, and the workers — blocked reading work from it, and holding the
    forkserver and the resource tracker alive through their pipes — would stay for good."""
    import threading

    def watch() -> None:
        try:
            wait_for_exit(pid)
        except OSError:
            return  # nothing to watch with: the worker lives as before
        os._exit(1)

    threading.Thread(target=watch, name=f"redzone-exit-with-{pid}", daemon=True).start()


def _init_pool_worker(work: Work, parent: int | None = None) -> None:
    """Pool initialiser: keep the work and load the command's job once per worker process;
    leave Ctrl-C to the process running the batch (it stops the workers: SIGINT reaches
    the whole process group, and a worker would print a traceback); end with ``parent``
    (the process running the batch), whatever way it ends (:func:`exit_with`)."""
    import signal

    global _WORKER_WORK
    _WORKER_WORK = work
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        exit_with(parent)
    _job(work)


def _needs_cpsat(work: Work) -> bool:
    """Whether the workers should load CP-SAT before the first row: always, except for a
    job module that says (``needs_cpsat(options) -> bool``) that its rows mostly do without
    it (attack plans on most boards, :mod:`redzone.solver.attack.direct`): importing ortools
    takes about half a second, a large share of a short batch. With a time limit it is
    always loaded first, so that the import never counts against a row's limit."""
    if getattr(work.options, "time_limit", None) is not None or not work.target:
        return True
    import importlib

    module = importlib.import_module(work.target.split(":")[0])
    decide = getattr(module, "needs_cpsat", None)
    return True if decide is None else bool(decide(work.options))


def _mp_context(work: Work) -> Any:
    """``forkserver`` where there is one (workers start from a clean, single-threaded
    process that has the solver and the command's job module imported, so a worker starts
    without importing or compiling anything; CP-SAT as :func:`_needs_cpsat` says), else
    ``spawn``."""
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        preload = ["redzone.solver.frontends.batch", "redzone.solver.frontends.commands", "redzone.models.scenario",
                   "redzone.models.board"]
        if _needs_cpsat(work):
            preload.append("ortools.sat.python.cp_model")
        if work.target:
            preload.append(work.target.split(":")[0])
        ctx.set_forkserver_preload(preload)
        return ctx
    return mp.get_context("spawn")


class _Pool(_Runner):
    def __init__(self, work: Work, jobs: int) -> None:
        self.work = work
        self.workers = jobs
        self.pool: Any = None
        self._start()

    def _start(self) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=_mp_context(self.work),
                                        initializer=_init_pool_worker, initargs=(self.work, os.getpid()))

    def submit(self, rows: list[Row]) -> Any:
        return self.pool.submit(_worker_chunk, rows)

    def reset(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self._start()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        # The work in flight is not wanted (Ctrl-C, the reader gone): end the workers now
        # rather than wait for their chunks (up to 16 rows each, a time limit apiece).
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(timeout=5)


DASK_TIMEOUT_S = 10.0
"""Seconds :func:`run_rows` waits for a Dask scheduler to answer (``--dask-timeout``)."""


def _reachable(address: str, timeout: float) -> None:
    """Raise RedzoneError at once when nothing listens at a ``tcp://HOST:PORT`` (or
    ``HOST:PORT``) scheduler address: connecting is refused, or the host is unknown. Other
    schemes (``tls://``, ``ws://`` ...) and a slow answer are left to Dask's own timeout."""
    import socket

    from redzone.models.errors import RedzoneError

    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        return  # let Dask parse (and refuse) it
    host = host.strip("[]")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except ConnectionRefusedError:
        raise RedzoneError(f"--dask {address}: no Dask scheduler listens there "
                           "(connection refused)") from None
    except socket.gaierror as exc:
        raise RedzoneError(f"--dask {address}: unknown host {host!r} ({exc.strerror or exc})") from None
    except TimeoutError:
        raise RedzoneError(f"--dask {address}: no answer within {timeout:g} s "
                           "(--dask-timeout)") from None
    except OSError as exc:
        raise RedzoneError(f"--dask {address}: cannot connect ({exc.strerror or exc})") from None


def _client(client_class: Any, address: str, timeout: float) -> Any:
    """``Client(address, timeout=timeout)``, given up after about ``timeout`` seconds more:
    Dask's timeout covers connecting, not the handshake after it, so a server that accepts
    connections and never answers held the command for good."""
    import threading

    from redzone.models.errors import RedzoneError

    got: dict[str, Any] = {}

    def start() -> None:
        try:
            got["client"] = client_class(address, timeout=timeout)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            got["error"] = exc

    thread = threading.Thread(target=start, name="redzone-dask-connect", daemon=True)
    thread.start()
    thread.join(2 * timeout + 1)
    if thread.is_alive():
        raise RedzoneError(f"--dask {address}: no Dask scheduler answered within {2 * timeout + 1:g} s "
                           "(something accepts connections there but does not answer; --dask-timeout)")
    if "error" in got:
        raise got["error"]
    return got["client"]


class _Dask(_Runner):
    def __init__(self, work: Work, address: str, jobs: int, timeout: float = DASK_TIMEOUT_S) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            from redzone.models.errors import RedzoneError

            raise RedzoneError("--dask needs dask.distributed: pip install 'redzone[dask]'") from None
        from redzone.models.errors import RedzoneError

        self.work = work
        self.cluster = None
        try:
            if address == "local":
                self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                            # None: no dashboard (distributed's documented value; typed str)
                                            dashboard_address=None)  # pyright: ignore[reportArgumentType]
                self.client = Client(self.cluster)
            else:
                _reachable(address, timeout)
                self.client = _client(Client, address, timeout)
        except RedzoneError:
            raise
        except (OSError, TimeoutError, ValueError) as exc:
            hint = "; --dask-timeout sets the wait" if isinstance(exc, (OSError, TimeoutError)) and "time" in str(exc).lower() else ""
            raise RedzoneError(f"--dask {address}: cannot start or reach the cluster ({exc}{hint})") from None
        except Exception as exc:  # noqa: BLE001 - e.g. a MemoryError reading an HTTP server's answer as a frame
            raise RedzoneError(f"--dask {address}: no Dask scheduler answers there ({type(exc).__name__}: "
                               f"{str(exc)[:120]})") from None
        self.workers = max(1, sum(w.get("nthreads", 1) for w in
                                  self.client.scheduler_info().get("workers", {}).values()))
        self.work_future = self.client.scatter(work, broadcast=True)

    def submit(self, rows: list[Row]) -> Any:
        return self.client.submit(run_chunk, self.work_future, rows, pure=False)

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def _chunks(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _ordered(runner: _Runner, chunks: Iterator[list[Row]], window: int, work: Work) -> Iterator[Outcome]:
    """Submit chunks with at most ``window`` in flight; yield their outcomes in order. A
    chunk that fails as a whole (a worker died) is run again row by row; a row that fails
    that way again becomes an ``internal`` outcome."""
    pending: deque[tuple[list[Row], Any]] = deque()

    def fill() -> None:
        while len(pending) < window:
            chunk = next(chunks, None)
            if chunk is None:
                return
            pending.append((chunk, runner.submit(chunk)))

    fill()
    while pending:
        chunk, future = pending.popleft()
        try:
            outcomes = future.result()
        except Exception:  # noqa: BLE001 - the transport failed, not a row: retry row by row
            runner.reset()
            outcomes = []
            for row in chunk:
                try:
                    outcomes.extend(runner.submit([row]).result())
                except Exception as exc:  # noqa: BLE001
                    runner.reset()
                    outcomes.append(_error_outcome(row, "internal", f"worker failed on this row: "
                                                   f"{type(exc).__name__}: {exc}", 0.0, work))
            # Chunks already in flight were lost with the old workers: submit them again.
            pending = deque((c, runner.submit(c)) for c, _ in pending)
        yield from outcomes
        fill()


def run_rows(rows: Iterable[Row], work: Work, *, jobs: int = 1, dask: str | None = None,
             chunk_size: int | None = None, dask_timeout: float | None = None) -> Iterator[Outcome]:
    """Run ``work`` on every row; yield one :class:`Outcome` per row, in input order.

    ``jobs``: worker processes (1: this process; for ``dask="local"``, the number of local
    workers); ``dask``: a scheduler address (``tcp://host:8786``) or ``"local"`` for a
    LocalCluster; ``dask_timeout``: seconds to wait for that scheduler (default
    :data:`DASK_TIMEOUT_S`; an address where nothing listens fails at once).
    ``chunk_size``: rows per task (default 16 for a pool, 64 for Dask; 1 in process). At
    most ``4 × workers`` chunks are in flight (one in process: each row is answered before
    the next is read), so memory is flat in the number of rows. Worker processes end with
    the process running the batch, even when it is killed (:func:`exit_with`); when the
    consumer stops early or an exception (Ctrl-C) ends the run, they are stopped at once.

    Raises :class:`redzone.models.errors.RedzoneError` for an unknown command, or if Dask
    is asked for and not installed or unreachable; nothing raises for a row.
    """
    import dataclasses

    if not work.target:
        work = dataclasses.replace(work, target=_target(work.command))
    runner: _Runner
    if dask is not None:
        runner = _Dask(work, dask, max(1, jobs), DASK_TIMEOUT_S if dask_timeout is None else dask_timeout)
        size = chunk_size or 64
    elif jobs > 1:
        runner = _Pool(work, jobs)
        size = chunk_size or 16
    else:
        runner = _InProcess(work)
        size = 1
    try:
        # In this process a chunk is done when submitted: reading ahead would only hold back
        # the answers of a batch that arrives row by row (standard input).
        window = 1 if isinstance(runner, _InProcess) else 4 * runner.workers
        yield from _ordered(runner, _chunks(rows, size), window, work)
    except BaseException:  # Ctrl-C, the consumer gone (GeneratorExit), a failing reader
        runner.abort()
        raise
    runner.close()


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# --------------------------------------------------------------------------- summary


@dataclass
class Summary:
    """Counts and times of a batch, updated with :meth:`add` (``--summary``).

    ``rows``; ``answered``; ``bad_input`` and ``internal`` (error rows); ``statuses`` (answer
    status -> rows); ``legal`` / ``illegal`` (answers with a ``legal`` key: the check
    commands, and the plans' ``legal``); ``times_ms``: each row's wall time in
    milliseconds; ``elapsed_s``: wall time of the whole batch in seconds.
    """

    rows: int = 0
    answered: int = 0
    bad_input: int = 0
    internal: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    legal: int = 0
    illegal: int = 0
    times_ms: array = field(default_factory=lambda: array("d"))
    elapsed_s: float = 0.0

    def add(self, outcome: Outcome) -> None:
        """Count one row."""
        self.rows += 1
        self.times_ms.append(outcome.ms)
        if outcome.kind == "bad_input":
            self.bad_input += 1
            return
        if outcome.kind == "internal":
            self.internal += 1
            return
        self.answered += 1
        if outcome.status is not None:
            self.statuses[outcome.status] += 1
        if outcome.legal is True:
            self.legal += 1
        elif outcome.legal is False:
            self.illegal += 1

    def percentiles(self) -> dict[str, float | None]:
        """Time per row in milliseconds: ``p50``, ``p95``, ``max`` (``None`` without rows)."""
        if not self.times_ms:
            return {"p50": None, "p95": None, "max": None}
        import numpy as np

        times = np.frombuffer(self.times_ms, dtype=np.float64)
        p50, p95 = np.percentile(times, [50, 95])
        return {"p50": float(p50), "p95": float(p95), "max": float(times.max())}

    def exit_status(self) -> int:
        """The batch's exit status: 1 if any row had an internal error, else 2 if any row
        was bad input, else 0 (an "illegal" answer is a success)."""
        return 1 if self.internal else 2 if self.bad_input else 0

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON object (times in milliseconds, rounded to 0.001)."""
        pct = {k: (round(v, 3) if v is not None else None) for k, v in self.percentiles().items()}
        rate = self.rows / self.elapsed_s if self.elapsed_s > 0 else None
        return {"rows": self.rows, "answered": self.answered, "bad_input": self.bad_input,
                "internal": self.internal, "statuses": dict(self.statuses.most_common()),
                "legal": self.legal, "illegal": self.illegal, "time_per_row_ms": pct,
                "elapsed_s": round(self.elapsed_s, 3),
                "rows_per_minute": round(rate * 60.0, 1) if rate else None}

    def render(self, console: Any) -> None:
        """Print the summary as a table on a rich console."""
        from rich.table import Table

        data = self.to_json()
        table = Table(title="Batch summary", show_header=False, title_justify="left")
        table.add_column("what")
        table.add_column("value", justify="right")
        table.add_row("rows", str(self.rows))
        table.add_row("answered", str(self.answered))
        table.add_row("bad input", str(self.bad_input))
        table.add_row("internal errors", str(self.internal))
        for status, n in data["statuses"].items():
            table.add_row(f"status {status}", str(n))
        if self.legal or self.illegal:
            table.add_row("legal", str(self.legal))
            table.add_row("illegal", str(self.illegal))
        pct = data["time_per_row_ms"]
        for key in ("p50", "p95", "max"):
            value = pct[key]
            table.add_row(f"time per row, {key}", "–" if value is None else f"{value:.2f} ms")
        if data["rows_per_minute"]:
            table.add_row("throughput", f"{data['rows_per_minute']:,.0f} rows/min "
                                        f"({data['elapsed_s']:.1f} s)")
        console.print(table)
