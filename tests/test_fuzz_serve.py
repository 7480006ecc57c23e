"""Fuzzing `redzone serve` with random and hostile request lines (issue 25 §3; the command
line's fuzz test is tests/test_fuzz_cli.py, whose mutated scenarios this one reuses).

Each example is a conversation: a few request lines — mutated scenarios, random commands,
options and ids (NaN, huge, nested), repeated keys, truncated or broken JSON, non-objects,
bytes that are not UTF-8, ``stop`` / ``isready`` — then ``quit``, sent through a real
server (its reader thread and worker). Whatever the lines: every answer line is RFC 8259
JSON and a well-formed response; no request gets an ``internal`` error (a fault inside
redzone: the protocol's traceback); and no answer is lost — one line per request read.

200 conversations by default; 2,000 with ``-m slow``.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_cli import BASE, FIELDS, IDS, ODD_VALUES, _set

from redzone.solver.frontends.serve import Settings, serve

COMMANDS = ["attack", "check-attack", "block", "check-block", "damage", "check-damage", "fight",
            "clash", "dm-battle", "draw", "choose-attack", "choose-block", "hello", "ping",
            "isready", "stop", "setoption", "atack", "", "QUIT"]
OPTION_NAMES = ["time_limit", "time-limit", "strict", "all", "limit", "declaration", "blockers",
                "step", "objective", "assignment", "a", "b", "bite", "illegal", "player",
                "opponent", "keep", "bottom", "effect", "lookahead", "weights", "plan", "columns",
                "output", "caption", "default_time_limit", "progress", "progress_interval", "bogus"]
KINDS = {"bad_request", "bad_input"}  # never "internal": that is a fault inside redzone

IDS_ = st.one_of(st.none(), st.integers(-(10**30), 10**30), st.text(max_size=10),
                 st.floats(allow_nan=True, allow_infinity=True),
                 st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


PLAUSIBLE_OPTIONS = {
    "attack": [{}, {"all": True, "limit": 3}, {"time_limit": 1}, {"strict": True}],
    "check-attack": [{}, {"declaration": {"jugg": "Bob"}}, {"declaration": {"jugg": "Bob", "brute": "gideon"}}],
    "block": [{}, {"all": True, "limit": 2}],
    "check-block": [{}, {"blockers": {"bears": ["jugg"]}}],
    "damage": [{}, {"step": "regular"}, {"objective": "max-kills"}],
    "check-damage": [{}, {"assignment": {"jugg": {"bears": 5}}}],
    "fight": [{"a": "jugg", "b": "bears"}, {"a": "jugg", "b": "bears", "bite": True}],
    "clash": [{"player": "Alice"}, {"player": "Bob", "keep": ["Bob"]}],
    "dm-battle": [{"a": "jugg", "b": "bears"}],
    "draw": [{}, {"columns": 4}, {"plan": "attack"}],
    "choose-attack": [{"lookahead": 0, "time_limit": 1}],
    "choose-block": [{"lookahead": 0, "time_limit": 1}],
}


@st.composite
def plausible_request(draw: st.DrawFn) -> dict[str, Any]:
    command = draw(st.sampled_from(sorted(PLAUSIBLE_OPTIONS) + ["hello", "ping", "isready", "stop"]))
    request: dict[str, Any] = {"id": draw(st.integers(0, 10**6)), "command": command}
    if command in PLAUSIBLE_OPTIONS:
        scenario: Any = json.loads(json.dumps(BASE))
        if draw(st.integers(0, 3)) == 0:
            path, value = draw(st.tuples(st.sampled_from(FIELDS), ODD_VALUES))
            _set(scenario, path, value)
        request["scenario"] = scenario
        options = dict(draw(st.sampled_from(PLAUSIBLE_OPTIONS[command])))
        if draw(st.integers(0, 4)) == 0:
            options[draw(st.sampled_from(OPTION_NAMES))] = draw(ODD_VALUES)
        if options:
            request["options"] = options
    return request


@st.composite
def request_line(draw: st.DrawFn) -> bytes:
    """One request line (bytes, without its newline): half plausible (a real command on the
    base scenario with at most one odd field), half hostile."""
    if draw(st.booleans()):
        return json.dumps(draw(plausible_request())).encode("utf-8")
    scenario: Any = json.loads(json.dumps(BASE))
    for path, value in draw(st.lists(st.tuples(st.sampled_from(FIELDS), ODD_VALUES), max_size=3)):
        _set(scenario, path, value)
    request: dict[str, Any] = {}
    if draw(st.integers(0, 9)):
        request["id"] = draw(IDS_)
    if draw(st.integers(0, 9)):
        request["command"] = draw(st.one_of(st.sampled_from(COMMANDS), ODD_VALUES))
    if draw(st.integers(0, 3)):
        request["scenario"] = scenario if draw(st.integers(0, 5)) else draw(ODD_VALUES)
    if draw(st.booleans()):
        request["options"] = draw(st.dictionaries(
            st.sampled_from(OPTION_NAMES),
            st.one_of(ODD_VALUES, st.sampled_from(IDS), st.sampled_from([0.5, 2, 3, 41, "regular",
                                                                       "attack", ["Alice"]])),
            max_size=3)) if draw(st.integers(0, 5)) else draw(ODD_VALUES)
    if draw(st.integers(0, 19)) == 0:
        request["extra"] = 1
    try:
        text = json.dumps(request)  # NaN and Infinity are written as Python does: the server refuses them
    except (ValueError, RecursionError):
        text = "{}"
    mutation = draw(st.integers(0, 11))
    if mutation == 0:  # truncated
        text = text[: draw(st.integers(0, len(text)))]
    elif mutation == 1:  # a key repeated at the top or inside
        text = text.replace('{"', '{"players": 1, "players": 2, "', 1) if draw(st.booleans()) else \
            text.replace("{", '{"id": 1, "id": 2, ', 1)
    elif mutation == 2:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["{", "]", ":", ",", "\\", '"', "NaN", "\u2028"])) + text[at:]
    elif mutation == 3:
        text = draw(st.sampled_from(["[]", "null", "42", '"attack"', "[" * 3000 + "]" * 3000, "{}",
                                    '{"command": "stop", "id": 1e999}', "\ufeff{}"]))
    data = text.encode("utf-8")
    if mutation == 4:  # not UTF-8
        at = draw(st.integers(0, len(data)))
        data = data[:at] + b"\xff\xfe" + data[at:]
    return data


def _converse(lines: list[bytes]) -> tuple[int, list[str]]:
    """Run a server on ``lines`` then quit; its exit status and answer lines."""
    data = b"".join(line + b"\n" for line in lines) + b'{"command": "quit"}\n'
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    stdout = io.StringIO()
    code = serve(stdin, stdout, warm=False, settings=Settings(default_time_limit=2.0))
    return code, stdout.getvalue().splitlines()


def _strict(line: str) -> Any:
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} written: {line[:300]}")

    return json.loads(line, parse_constant=refuse)


def _requests(lines: list[bytes]) -> list[bytes]:
    """The lines the server must answer: not blank (as text), up to a well-formed ``quit``."""
    out: list[bytes] = []
    for line in lines:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            out.append(line)
            continue
        if not text.strip():
            continue
        try:
            request = json.loads(text)
        except (ValueError, RecursionError):
            request = None
        if isinstance(request, dict) and request.get("command") == "quit" and set(request) <= {"id", "command"}:
            break
        out.append(line)
    return out


def _check(lines: list[bytes], code: int, out: list[str]) -> None:
    requests = _requests(lines)
    assert code == 0
    assert len(out) == len(requests), (len(out), len(requests), requests, out)  # no answer lost
    for line in out:
        response = _strict(line)
        assert isinstance(response, dict) and "id" in response and isinstance(response.get("ok"), bool), line
        if response["ok"]:
            assert set(response) == {"id", "ok", "result"} and isinstance(response["result"], dict), line
        else:
            assert set(response) == {"id", "ok", "error"}, line
            error = response["error"]
            assert error["kind"] in KINDS, (requests, line[:2000])
            assert "\n" not in error["message"] and "Traceback" not in error["message"], line
            assert len(error["message"]) < 2000, line[:300]


def _fuzzer(examples: int, tally: dict[str, int]) -> Any:
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(lines=st.lists(request_line(), min_size=1, max_size=4))
    def run(lines: list[bytes]) -> None:
        code, out = _converse(lines)
        _check(lines, code, out)
        for line in out:
            response = json.loads(line)
            tally["ok" if response["ok"] else response["error"]["kind"]] = tally.get(
                "ok" if response["ok"] else response["error"]["kind"], 0) + 1

    return run


def test_fuzz_serve_requests() -> None:
    """200 conversations: valid JSON answers, no internal error, one answer a request."""
    tally: dict[str, int] = {}
    _fuzzer(200, tally)()
    assert tally.get("ok", 0) >= 50 and tally.get("bad_request", 0) >= 50 and tally.get("bad_input", 0) >= 20, tally


@pytest.mark.slow
def test_fuzz_serve_requests_long(request: pytest.FixtureRequest) -> None:
    """The same with 2,000 conversations; runs only under ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    tally: dict[str, int] = {}
    _fuzzer(2000, tally)()  # checks every answer line as it goes
    assert tally.get("ok", 0) >= 500, tally


def test_the_fuzz_checks_bite() -> None:
    """The checks refuse what they guard against: a lost answer, NaN written, an internal error."""
    good = '{"id":1,"ok":true,"result":{}}'
    _check([b"x"], 0, [good])
    for lines, out in [([b"x", b"y"], [good]),
                       ([b"x"], ['{"id":NaN,"ok":true,"result":{}}']),
                       ([b"x"], ['{"id":1,"ok":false,"error":{"kind":"internal","message":"KeyError"}}'])]:
        with pytest.raises(AssertionError):
            _check(lines, 0, out)
