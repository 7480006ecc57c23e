"""``redzone serve``: the engine protocol, JSON Lines over standard input and output.

One request per line, one response per line, in order (docs/protocol.md has the JSON Schema
and a transcript)::

    {"id": 1, "command": "attack", "scenario": {...}, "options": {"time_limit": 1}}
    {"id": 1, "ok": true, "result": {...the command's --json object...}}
    {"id": 2, "ok": false, "error": {"kind": "bad_input", "message": "permanents[0].card: ..."}}

- ``command``: a name in :data:`redzone.solver.frontends.commands.COMMANDS` (``attack``,
  ``check-attack``, ``block``, ...), or ``ping`` (answers ``{"pong": true, "version": ...,
  "commands": [...]}``), or ``quit`` (ends the server; no response).
- ``id``: any JSON value, echoed in the response (``null`` when the line could not be read).
- ``options``: the command's options by field name (``time_limit``, ``all``, ``limit``,
  ``declaration``, ...); ``time_limit`` covers the whole request, reading included.
- error ``kind``: ``bad_request`` (the line is not a JSON object of this shape, or the command
  is unknown), ``bad_input`` (the scenario or the options are invalid: the same one-line
  message as the command line), ``internal`` (a fault inside redzone). No request ever ends
  the server; end of input or ``quit`` does (exit status 0).

Card data and ortools are loaded once, when the server starts (:func:`warm_up`).
"""

from __future__ import annotations

import json
import sys
import time
from typing import IO, Any

PROTOCOL_VERSION = 1
"""The protocol's version, reported by ``ping``."""

CONTROL_COMMANDS = ("ping", "quit")
"""Commands of the protocol itself (not in the registry)."""


def warm_up() -> None:
    """Import the models, the solver and ortools and touch the card data, so the first request
    is as fast as the next ones (about 0.5 s, once)."""
    import ortools.sat.python.cp_model  # noqa: F401 - loaded for its side effect

    from redzone.models.cards import lookup
    from redzone.solver.frontends.commands import COMMANDS

    for command in COMMANDS.values():
        try:
            command.load()
        except ImportError:  # pragma: no cover - a command whose optional extra is missing
            continue
    lookup("Grizzly Bears")


def _error(request_id: Any, kind: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "ok": False, "error": {"kind": kind, "message": message}}


def handle_line(line: str) -> dict[str, Any] | None:
    """The response to one request line, or ``None`` for ``quit``. Never raises for any
    line (except KeyboardInterrupt / SystemExit)."""
    started = time.perf_counter()
    try:
        request = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return _error(None, "bad_request", f"not JSON: {exc}")
    if not isinstance(request, dict):
        return _error(None, "bad_request", "a request must be a JSON object")
    request_id = request.get("id")
    unknown = sorted(set(request) - {"id", "command", "scenario", "options"})
    if unknown:
        return _error(request_id, "bad_request", f"unknown request field(s): {', '.join(unknown)}")
    command = request.get("command")
    if command == "quit":
        return None
    try:
        return {"id": request_id, "ok": True, "result": _answer(command, request, started)}
    except _BadRequest as exc:
        return _error(request_id, "bad_request", str(exc))
    except Exception as exc:  # noqa: BLE001 - a failing request must never end the server
        from redzone.models.errors import RedzoneError

        if isinstance(exc, RedzoneError):
            return _error(request_id, "bad_input", str(exc))
        return _error(request_id, "internal", f"{type(exc).__name__}: {exc}")


class _BadRequest(Exception):
    """The request's shape is wrong (not the scenario's)."""


def _answer(command: Any, request: dict[str, Any], started: float) -> dict[str, Any]:
    from redzone.solver.frontends.commands import COMMANDS, option_error, options_from_json
    from redzone.solver.frontends.commands.common import run_job

    if command == "ping":
        from importlib.metadata import PackageNotFoundError, version

        try:
            release = version("redzone")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            release = None
        return {"pong": True, "protocol": PROTOCOL_VERSION, "version": release,
                "commands": [*COMMANDS, *CONTROL_COMMANDS]}
    if not isinstance(command, str):
        raise _BadRequest("missing 'command' (a string)")
    entry = COMMANDS.get(command)
    if entry is None:
        raise _BadRequest(f"unknown command {command!r} (known: {', '.join([*COMMANDS, *CONTROL_COMMANDS])})")
    scenario = request.get("scenario")
    if not isinstance(scenario, dict):
        raise _BadRequest("missing 'scenario' (a JSON object, as in a scenario file)")
    options = request.get("options")
    if options is not None and not isinstance(options, dict):
        raise _BadRequest("'options' must be a JSON object")
    from redzone.models.scenario import parse_scenario

    job, options_class = entry.load()
    opts = options_from_json(options_class, options)
    try:
        answer = run_job(job, parse_scenario(scenario), opts, since=started)
    except Exception as exc:  # an option's error is named as in the request: options.NAME
        renamed = option_error(options_class, opts, exc)
        if renamed is exc:
            raise
        raise renamed from None
    return answer.to_json()


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None, *, warm: bool = True) -> int:
    """Answer requests from ``stdin`` (default: standard input) on ``stdout`` until ``quit``
    or the end of input. Returns the exit status (0). ``warm``: load ortools and the card
    data first (:func:`warm_up`)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if warm:
        warm_up()
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        response = handle_line(line)
        if response is None:
            return 0
        stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
        stdout.flush()
