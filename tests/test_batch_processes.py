"""A batch's processes end with it (issue 25 §3): killed with SIGKILL, a `--jobs 2` batch
used to leave its forkserver, resource tracker and workers (about 230 MB) alive for good;
interrupted with Ctrl-C, each worker printed a traceback."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from redzone.solver.frontends.batch import wait_for_exit

MAIN = "from redzone.solver.frontends.cli import main; main()"
# CR 508.1d: Juggernaut attacks each combat if able.
ROW = json.dumps({"players": [{"name": "A"}, {"name": "B"}],
                  "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]})

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _session(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid`` but its leader."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == sid:
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # state ppid pgrp session ...
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(name))
    return found


def _start_batch(tmp_path: Path) -> subprocess.Popen[str]:
    """A `--jobs 2` batch long enough to be running when the test acts (50,000 rows), in a
    session of its own; returns once it has printed its first answer (its workers run)."""
    rows = tmp_path / "rows.jsonl"
    rows.write_text((ROW + "\n") * 50_000)
    proc = subprocess.Popen([sys.executable, "-c", MAIN, "attack", str(rows), "--json", "--jobs", "2",
                             "--no-progress"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 240)
    if not ready:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the batch answered nothing in 240 s")
    assert json.loads(proc.stdout.readline())["where"] == "line 1"
    return proc


def _gone_within(sid: int, seconds: float) -> list[int]:
    """Wait (bounded) until session ``sid`` has no live process left; return those left."""
    end = time.monotonic() + seconds
    left = _session(sid)
    while left and time.monotonic() < end:
        time.sleep(0.2)
        left = _session(sid)
    return left


@linux
def test_a_batch_killed_with_sigkill_leaves_no_process(tmp_path: Path) -> None:
    proc = _start_batch(tmp_path)
    try:
        # The forkserver, the resource tracker and two workers run beside the batch.
        assert len(_session(proc.pid)) >= 3
        proc.kill()
        proc.wait(timeout=60)
        # Each worker watches the batch's process and ends with it; the forkserver and the
        # resource tracker then read the end of their pipes and end too.
        assert _gone_within(proc.pid, 60) == []
    finally:
        for pid in _session(proc.pid):
            os.kill(pid, signal.SIGKILL)


@linux
def test_ctrl_c_stops_a_pool_batch_with_one_line_and_status_130(tmp_path: Path) -> None:
    proc = _start_batch(tmp_path)
    try:
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C: the whole process group
        assert proc.wait(timeout=120) == 130
        assert proc.stderr is not None
        assert proc.stderr.read().strip().splitlines() == ["redzone: interrupted"]  # no worker traceback
        assert _gone_within(proc.pid, 60) == []
    finally:
        for pid in _session(proc.pid):
            os.kill(pid, signal.SIGKILL)


def _ways() -> list[str]:
    ways = ["poll"] if os.name == "posix" else []
    if hasattr(os, "pidfd_open"):
        ways.append("pidfd")
    if hasattr(select, "kqueue"):
        ways.append("kqueue")
    return ways


@pytest.mark.parametrize("how", _ways())
def test_wait_for_exit_returns_when_the_process_ends(how: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    done: list[str] = []
    watcher = threading.Thread(target=lambda: done.append(wait_for_exit(child.pid, how=how, poll=0.05)),
                               daemon=True)
    watcher.start()
    time.sleep(0.3)
    assert done == []  # still running: still waiting
    assert child.stdin is not None
    child.stdin.close()  # the child ends
    child.wait(timeout=60)
    watcher.join(timeout=60)
    assert done == [how]
    # A process already gone: at once.
    assert wait_for_exit(child.pid, how=how, poll=0.05) == how
