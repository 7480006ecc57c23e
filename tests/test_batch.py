"""Batch work (redzone.solver.frontends.batch, the CLI's batch loop): order, `where`, error isolation,
inputs, pools, Dask, summary and exit statuses."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from redzone.solver.frontends.batch import Row, Summary, Work, count_rows, is_batch, read_rows, run_rows
from redzone.solver.frontends.commands import COMMANDS, Command, register
from redzone.solver.frontends.commands.attack import AttackOptions

# CR 508.1d: Juggernaut attacks each combat if able, so the one legal declaration obeying the
# most requirements sends it (at the only opponent).
JUGG = {"players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]}
# CR 302.6: a summoning-sick Juggernaut can't attack: the requirement can't be obeyed.
SICK = {"players": [{"name": "A"}, {"name": "B"}],
        "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A", "summoning_sick": True}]}
BAD = {"players": [{"name": "A"}, {"name": "B"}],
       "permanents": [{"id": "j", "card": "Juggernaut", "controller": "Zed"}]}


def _scenario(*ids: str) -> dict:
    return {"players": [{"name": "A"}, {"name": "B"}],
            "permanents": [{"id": i, "name": i, "types": ["Creature"], "power": 1, "toughness": 1,
                            "controller": "A"} for i in ids]}


@pytest.fixture(scope="module", autouse=True)
def faulty_command() -> Iterator[None]:
    register(Command("faulty", "batch_faults:faulty", "FaultOptions", "fails on purpose"))
    yield
    COMMANDS.pop("faulty", None)


def _write(path: Path, rows: list[object]) -> str:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return str(path)


def _rows(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_jobs_2_keeps_order_where_and_every_row(tmp_path: Path) -> None:
    rows = [JUGG if i % 3 else SICK for i in range(40)]
    rows[17] = BAD
    path = _write(tmp_path / "b.jsonl", rows)
    work = Work("attack", AttackOptions())
    one = list(run_rows(read_rows(path), work, jobs=1))
    two = list(run_rows(read_rows(path), work, jobs=2, chunk_size=3))
    assert [o.where for o in two] == [f"line {i}" for i in range(1, 41)]
    assert [o.kind for o in two] == [o.kind for o in one]
    assert two[17].kind == "bad_input" and "permanents[0].controller" in two[17].message
    answers = [json.loads(o.text) for o in two]
    # 508.1d: Juggernaut attacks; 302.6: the sick one can't, so nobody attacks.
    assert [a.get("attackers") for a in answers[:4]] == [{}, {"j": "B"}, {"j": "B"}, {}]
    assert answers[17]["error"]["kind"] == "bad_input"
    assert answers[17]["error"]["message"].startswith("line 18: permanents[0].controller")


def test_internal_error_and_dead_worker_become_error_rows(tmp_path: Path) -> None:
    rows = [_scenario("x"), _scenario("x", "boom"), _scenario("x", "y"), _scenario("crash"),
            _scenario("a", "b", "c")] + [_scenario("z")] * 6
    path = _write(tmp_path / "f.jsonl", rows)
    out = list(run_rows(read_rows(path), Work("faulty", None), jobs=2, chunk_size=2))
    assert [o.kind for o in out] == ["answer", "internal", "answer", "internal"] + ["answer"] * 7
    assert "ZeroDivisionError" in out[1].message and out[1].where == "line 2"
    assert out[3].where == "line 4" and "worker failed" in out[3].message
    # The rows after the crash (including the crash's chunk-mate, line 3) are all answered.
    assert [json.loads(o.text).get("permanents_seen") for o in out] == [1, None, 2, None, 3] + [1] * 6
    assert json.loads(out[1].text)["error"]["kind"] == "internal"


def test_run_rows_is_lazy() -> None:
    """Rows are pulled as the work goes (flat memory): an endless source still yields."""
    endless = (Row(f"line {i}", json.dumps(_scenario("x")), "jsonl", "<gen>", i) for i in itertools.count(1))
    first = list(itertools.islice(run_rows(endless, Work("faulty", None), jobs=2, chunk_size=4), 30))
    assert [o.where for o in first] == [f"line {i}" for i in range(1, 31)]


def test_inputs_directory_glob_jsonl_case_and_ndjson(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text("players: [{name: A}, {name: B}]\npermanents: []\n")
    (tmp_path / "a.json").write_text(json.dumps(_scenario("x")))
    (tmp_path / "c.NDJSON").write_text(json.dumps(_scenario("x", "y")) + "\n\n" + json.dumps(_scenario()) + "\n")
    (tmp_path / "notes.txt").write_text("not a scenario")
    d = str(tmp_path)
    assert is_batch(d) and is_batch(str(tmp_path / "*.yaml")) and is_batch("X.JSONL")
    assert not is_batch(str(tmp_path / "a.json")) and not is_batch("-") and is_batch("-", jsonl=True)
    wheres = [r.where for r in read_rows(d)]
    c = str(tmp_path / "c.NDJSON")
    assert wheres == [str(tmp_path / "a.json"), str(tmp_path / "b.yaml"), f"{c}: line 1", f"{c}: line 3"]
    assert count_rows(d) == 4
    out = list(run_rows(read_rows(d), Work("faulty", None)))
    assert [json.loads(o.text)["permanents_seen"] for o in out] == [1, 0, 2, 0]
    assert [r.where for r in read_rows(str(tmp_path / "*.json"))] == [str(tmp_path / "a.json")]
    empty = list(read_rows(str(tmp_path / "*.toml")))
    assert len(empty) == 1 and empty[0].form == "error"


def test_cli_batch_summary_and_exit_status(tmp_path: Path, redzone_main) -> None:
    path = _write(tmp_path / "rows.JSONL", [JUGG, BAD, SICK, "{not json"])
    code, out, err = redzone_main("check-attack", path, "--json", "--jobs", "2", "--summary")
    rows = _rows(out)
    assert code == 2  # bad rows, no internal error
    assert [r["where"] for r in rows] == ["line 1", "line 2", "line 3", "line 4"]
    # 508.1d: no declaration given, Juggernaut stays home: one requirement broken.
    assert rows[0]["legal"] is False and rows[2]["legal"] is True
    assert rows[3]["error"]["kind"] == "bad_input" and "malformed JSON" in rows[3]["error"]["message"]
    # The message names the row once, as FILE:LINE:COLUMN (not "line 4: FILE:4:2: ...").
    assert rows[3]["error"]["message"].startswith(f"{path}:4:2: malformed JSON")
    assert "Batch summary" in err and "bad input" in err
    summary_lines = {line.split("│")[1].strip(): line.split("│")[2].strip()
                     for line in err.splitlines() if line.count("│") == 3}
    assert summary_lines["rows"] == "4" and summary_lines["answered"] == "2"
    assert summary_lines["legal"] == "1" and summary_lines["illegal"] == "1"


def test_summary_counts_and_exit_status(tmp_path: Path) -> None:
    path = _write(tmp_path / "rows.jsonl", [_scenario("x"), _scenario("boom"), BAD])
    summary = Summary()
    for o in run_rows(read_rows(path), Work("faulty", None)):
        summary.add(o)
    assert (summary.rows, summary.answered, summary.internal, summary.bad_input) == (3, 1, 1, 1)
    assert summary.exit_status() == 1  # an internal error outranks bad input
    data = summary.to_json()
    assert data["time_per_row_ms"]["max"] >= data["time_per_row_ms"]["p50"] > 0


def test_cli_stdin_batch_and_text_form(redzone_main) -> None:
    text = json.dumps(JUGG) + "\n" + json.dumps(SICK) + "\n"
    code, out, _ = redzone_main("attack", "-", "--batch", "--json", input=text)
    assert code == 0 and [r["attackers"] for r in _rows(out)] == [{"j": "B"}, {}]
    code, out, _ = redzone_main("attack", "-", "--batch", input=text)
    assert code == 0 and out.count("── line") == 2 and "Juggernaut" in out


def test_dask_local_cluster_two_workers(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    rows = [JUGG, SICK, BAD] * 4
    path = _write(tmp_path / "d.jsonl", rows)
    work = Work("attack", AttackOptions())
    local = [json.loads(o.text) for o in run_rows(read_rows(path), work, jobs=1)]
    dask = [json.loads(o.text) for o in run_rows(read_rows(path), work, jobs=2, dask="local", chunk_size=2)]
    strip = lambda r: {k: v for k, v in r.items() if k not in ("batch", "build_ms", "solve_ms")}  # noqa: E731
    assert [strip(r) for r in dask] == [strip(r) for r in local]
    assert [r["where"] for r in dask] == [f"line {i}" for i in range(1, 13)]


def test_a_bad_row_of_a_directorys_jsonl_file_is_named_once(tmp_path: Path) -> None:
    # A directory batch names a JSON Lines row by its file and line; the scenario reader's
    # own "line 2:" is not repeated (a new user saw "FILE: line 2: line 2: players: ...").
    from click.testing import CliRunner

    from redzone.solver.frontends.cli import cli

    good = {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": []}
    bad = {"players": [{"name": "Alice"}], "permanents": []}
    (tmp_path / "rows.jsonl").write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    result = CliRunner().invoke(cli, ["attack", str(tmp_path), "--json"])
    assert result.exit_code == 2
    errors = [json.loads(x) for x in result.stdout.splitlines() if '"error"' in x]
    assert [e["error"]["message"] for e in errors] == [
        f"{tmp_path / 'rows.jsonl'}: line 2: players: a Magic scenario needs at least two players (got 1)"]


# --------------------------------------------------------------------------- --skip (resume)


def test_skip_keeps_where_and_position_of_the_whole_batch(tmp_path: Path) -> None:
    # Blank lines are not rows: --skip counts rows, and each row keeps its line number.
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join([json.dumps(JUGG), "", json.dumps(SICK), json.dumps(JUGG), "", json.dumps(SICK)]) + "\n")
    rows = list(read_rows(str(path), skip=2))
    assert [(r.where, r.index) for r in rows] == [("line 4", 3), ("line 6", 4)]
    assert list(read_rows(str(path), skip=4)) == [] and list(read_rows(str(path), skip=9)) == []
    (tmp_path / "d").mkdir()
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / "d" / name).write_text(json.dumps(JUGG))
    assert [(r.where, r.index) for r in read_rows(str(tmp_path / "d"), skip=1)] == [
        (str(tmp_path / "d" / "b.yaml"), 2), (str(tmp_path / "d" / "c.yaml"), 3)]


def test_a_batch_resumed_with_skip_completes_the_partial_output(tmp_path: Path, redzone_main) -> None:
    # The recipe of docs/batch.md: N = the complete lines of the partial --json output (a
    # killed run may leave half a line after them); the resumed run appends the rest.
    path = _write(tmp_path / "rows.jsonl", [JUGG, SICK, BAD, JUGG, SICK])
    code, full, _ = redzone_main("attack", path, "--json", "--jobs", "1")
    assert code == 2  # line 3 is bad input
    partial = "".join(full.splitlines(keepends=True)[:3]) + '{"where": "line 4", "attac'  # cut mid-row
    n = partial.count("\n")
    code, rest, _ = redzone_main("attack", path, "--json", "--jobs", "1", "--skip", str(n))
    assert code == 0  # the bad row was before the cut
    strip = lambda text: [{k: v for k, v in json.loads(x).items() if k not in ("batch", "build_ms", "solve_ms")}
                          for x in text.splitlines()]  # noqa: E731
    assert strip("".join(partial.splitlines(keepends=True)[:n]) + rest) == strip(full)
    assert [r["where"] for r in _rows(rest)] == ["line 4", "line 5"]


def test_skip_needs_a_batch_and_says_when_it_skips_everything(tmp_path: Path, redzone_main) -> None:
    one = tmp_path / "one.yaml"
    one.write_text(json.dumps(JUGG))
    code, out, err = redzone_main("attack", str(one), "--skip", "1")
    assert code == 2 and err == f"redzone: error: --skip: {one} is one scenario, not a batch of rows to skip\n"
    path = _write(tmp_path / "rows.jsonl", [JUGG, SICK])
    code, out, err = redzone_main("attack", path, "--json", "--skip", "5")
    assert (code, out) == (0, "")
    assert err == "redzone: note: --skip 5: the batch has 2 rows; none is run\n"
    code, _, err = redzone_main("attack", path, "--skip", "-1")
    assert code == 2 and "--skip" in err and "-1" in err


# --------------------------------------------------------------------------- --dask reach


def _closed_port() -> int:
    """A local TCP port nobody listens on (bound, then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_dask_address_where_nobody_listens_fails_at_once(tmp_path: Path, redzone_main) -> None:
    pytest.importorskip("distributed")
    import time

    from redzone.models.errors import RedzoneError

    address = f"tcp://127.0.0.1:{_closed_port()}"
    path = _write(tmp_path / "rows.jsonl", [JUGG])
    t0 = time.monotonic()
    with pytest.raises(RedzoneError) as caught:
        list(run_rows(read_rows(path), Work("attack", AttackOptions()), dask=address))
    assert str(caught.value) == f"--dask {address}: no Dask scheduler listens there (connection refused)"
    code, out, err = redzone_main("attack", path, "--json", "--dask", address)
    assert (code, out) == (2, "")
    assert err == f"redzone: error: --dask {address}: no Dask scheduler listens there (connection refused)\n"
    assert time.monotonic() - t0 < 20  # was 30 s of silence each (Client's timeout)
    code, _, err = redzone_main("attack", path, "--json", "--dask-timeout", "2")
    assert (code, err) == (2, "redzone: error: --dask-timeout: there is no --dask scheduler to wait for\n")


def test_dask_address_of_another_service_is_a_one_line_error(tmp_path: Path) -> None:
    # Something listens, but it is no Dask scheduler (here: an HTTP server's 400 answer,
    # which Dask's client read as a frame of 3 EiB and raised MemoryError: an internal error).
    pytest.importorskip("distributed")
    import socket
    import threading

    from redzone.models.errors import RedzoneError

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    port = server.getsockname()[1]

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    path = _write(tmp_path / "rows.jsonl", [JUGG])
    try:
        with pytest.raises(RedzoneError) as caught:
            list(run_rows(read_rows(path), Work("attack", AttackOptions()), dask=f"tcp://127.0.0.1:{port}",
                          dask_timeout=5))
    finally:
        server.close()
    assert str(caught.value).startswith(f"--dask tcp://127.0.0.1:{port}: ")
    assert "\n" not in str(caught.value)


def test_dask_address_that_accepts_and_never_answers_gives_up(tmp_path: Path) -> None:
    # Dask's connect timeout does not cover the handshake after the connection: a server
    # that accepts and stays silent held the command for good. Run as a process (the
    # abandoned client's threads must not keep it alive either).
    pytest.importorskip("distributed")
    import socket
    import subprocess
    import sys
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    port = server.getsockname()[1]
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    path = _write(tmp_path / "rows.jsonl", [JUGG])
    address = f"tcp://127.0.0.1:{port}"
    try:
        proc = subprocess.run([sys.executable, "-c", "from redzone.solver.frontends.cli import main; main()",
                               "attack", path, "--json", "--dask", address, "--dask-timeout", "1"],
                              capture_output=True, text=True, timeout=240, stdin=subprocess.DEVNULL)
    finally:
        server.close()
        for conn in held:
            conn.close()
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == (f"redzone: error: --dask {address}: no Dask scheduler answered within 3 s (something "
                           "accepts connections there but does not answer; --dask-timeout)\n")
