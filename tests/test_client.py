"""The Python client of the engine protocol (`Engine`), on a scripted transport (no process):
the handshake (`Engine.info`), `isready`, `stop`, `configure`, progress lines, and a
timeout that no longer breaks every later call (issue 25 §3)."""

from __future__ import annotations

import json
import logging
import math

import pytest

from redzone.solver.frontends.client import (
    Engine,
    Progress,
    ScriptedTransport,
    ServeError,
    decode_line,
    encode_request,
)

JUGG = {"players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]}
PLAN = {"attackers": {"j": "B"}, "status": "optimal"}  # CR 508.1d: Juggernaut must attack


def test_a_late_answer_to_a_request_given_up_on_is_skipped(caplog: pytest.LogCaptureFixture) -> None:
    """Request 1 times out: the client sends a stop for it (2) and gives up. The server then
    answers 2 (at once) and 1 (stopped); the next call (3) skips both and gets its own answer
    — before, every later call failed with an id mismatch."""
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "attack", "scenario": JUGG, "options": {"time_limit": 1}},
                     ScriptedTransport.TIMEOUT)
    transport.expect({"id": 2, "command": "stop"}, {"id": 2, "ok": True, "result": {"stopped": 1}})
    transport.expect({"id": 3, "command": "attack", "scenario": JUGG},
                     {"id": 1, "ok": True, "result": {"legal": None, "status": "unknown", "reason": "stopped"}},
                     {"id": 3, "ok": True, "result": PLAN})
    engine = Engine(transport)
    with pytest.raises(ServeError) as info:
        engine.attack(JUGG, time_limit=1)
    assert info.value.kind == "timeout"
    with caplog.at_level(logging.DEBUG, logger="redzone.client"):
        assert engine.attack(JUGG) == PLAN
    skipped = [r.getMessage() for r in caplog.records if "skipped" in r.getMessage()]
    assert skipped == ["redzone: skipped the answer to request 2 (given up on)",
                       "redzone: skipped the answer to request 1 (given up on)"]
    transport.assert_done()


def test_an_answer_nobody_gave_up_on_still_mismatches() -> None:
    """Skipping is only for requests given up on: any other id is still a protocol error."""
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "attack", "scenario": JUGG}, {"id": 7, "ok": True, "result": PLAN})
    with pytest.raises(ServeError, match="does not match"):
        Engine(transport).attack(JUGG)


def test_info_is_the_handshake_asked_once() -> None:
    hello = {"name": "redzone", "version": "0.1.0", "protocol": 2, "commands": {"attack": {"options": {}}},
             "control": ["hello", "ping", "isready", "setoption", "stop", "quit"], "server_options": {}}
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "hello"}, {"id": 1, "ok": True, "result": hello})
    engine = Engine(transport)
    assert engine.info == hello
    assert engine.info["protocol"] == 2  # no second request
    transport.assert_done()


def test_isready_stop_and_configure() -> None:
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "isready"}, {"id": 1, "ok": True, "result": {"ready": True}})
    transport.expect({"id": 2, "command": "stop"}, {"id": 2, "ok": True, "result": {"stopped": 0}})
    transport.expect({"id": 3, "command": "setoption", "options": {"progress": True}},
                     {"id": 3, "ok": True, "result": {"default_time_limit": 10.0, "progress": True,
                                                      "progress_interval": 1.0}})
    engine = Engine(transport)
    assert engine.isready() is True
    engine.stop()  # sends, never waits: its answer is skipped by the next call
    assert engine.configure(progress=True)["progress"] is True
    transport.assert_done()


def test_progress_lines_go_to_on_progress_and_the_answer_follows() -> None:
    seen: list[Progress] = []
    transport = ScriptedTransport()
    transport.expect({"id": 1, "command": "choose-attack", "scenario": JUGG},
                     {"id": 1, "progress": {"elapsed_ms": 1000.0, "time_left_ms": 9000.0, "stopping": False}},
                     {"id": 1, "progress": {"elapsed_ms": 2000.0, "time_left_ms": 8000.0, "stopping": False}},
                     {"id": 1, "ok": True, "result": PLAN})
    engine = Engine(transport, on_progress=seen.append)
    assert engine.choose_attack(JUGG) == PLAN
    assert [p.info["elapsed_ms"] for p in seen] == [1000.0, 2000.0] and {p.id for p in seen} == {1}


def test_decode_line_tells_progress_from_answers() -> None:
    assert decode_line('{"id": 4, "progress": {"elapsed_ms": 5}}') == Progress(4, {"elapsed_ms": 5})
    assert decode_line('{"id": 4, "ok": true, "result": {}}').ok is True
    with pytest.raises(ServeError):
        decode_line('{"id": 4, "progress": 5}')


def test_the_client_never_writes_nan() -> None:
    """RFC 8259: the server refuses NaN; the client says so before sending."""
    with pytest.raises(ServeError) as info:
        encode_request(1, "attack", JUGG, {"time_limit": math.nan})
    assert info.value.kind == "encode"
    assert json.loads(encode_request(1, "attack", JUGG, {"time_limit": 1.5}))["options"] == {"time_limit": 1.5}
