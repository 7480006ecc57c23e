"""The command line as a process (issue 25 §3): closed standard streams, a reader that
stops early, a full disk, and Ctrl-C — each a plain line and its exit status (2 for a
stream the command needs, 0 for a reader gone, 130 for an interrupt), never
``internal error: AttributeError``."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX shells and signals")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCENARIO = str(EXAMPLES / "dueling-grounds.yaml")
MAIN = "from redzone.solver.frontends.cli import main; main()"

NO_OUTPUT = ("redzone: error: standard output is closed: redzone writes its answers there "
             "(redirect it to a file or to /dev/null instead)\n")
NO_INPUT = "redzone: error: standard input is closed, and this command reads from it ('-', --batch -, serve)\n"


def shell(redirections: str, *args: str, stdin: int | None = subprocess.DEVNULL) -> tuple[int, str, str]:
    """Run ``redzone ARGS REDIRECTIONS`` through ``sh`` (so that ``>&-`` closes the
    descriptor as a user's shell does); returns (status, stdout, stderr)."""
    quoted = " ".join("'" + a.replace("'", "'\\''") + "'" for a in args)
    script = f'"$0" -c "$1" {quoted} {redirections}'
    proc = subprocess.run(["sh", "-c", script, sys.executable, MAIN], stdin=stdin,
                          capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout, proc.stderr


def test_closed_standard_output_is_one_line_and_status_2() -> None:
    code, _, err = shell(">&-", "attack", SCENARIO)
    assert (code, err) == (2, NO_OUTPUT)
    # Also before any work for a command that reads standard input.
    code, _, err = shell(">&- <&-", "attack", "-")
    assert (code, err) == (2, NO_OUTPUT)


def test_closed_standard_input_fails_only_the_commands_that_read_it() -> None:
    code, out, err = shell("<&-", "attack", "-")
    assert (code, out, err) == (2, "", NO_INPUT)
    code, out, err = shell("<&-", "attack", "-", "--batch", "--json")
    assert (code, out, err) == (2, "", NO_INPUT)
    # A file scenario never reads standard input: answered as usual (CR 508.1d: only
    # Juggernaut attacks under Dueling Grounds, and it must).
    code, out, err = shell("<&-", "attack", SCENARIO, "--json")
    assert code == 0 and err == "" and json.loads(out)["attackers"] == {"juggernaut": "Bob"}


def test_closed_standard_error_changes_nothing_but_the_messages() -> None:
    code, out, _ = shell("2>&-", "attack", SCENARIO, "--json")
    assert code == 0 and json.loads(out)["attackers"] == {"juggernaut": "Bob"}
    code, out, _ = shell("2>&-", "attack", str(EXAMPLES / "no-such.yaml"))
    assert (code, out) == (2, "")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_a_plain_error_not_an_internal_one() -> None:
    for args in (("attack", SCENARIO, "--json"), ("attack", SCENARIO), ("schema",)):
        code, _, err = shell(">/dev/full", *args)
        assert (code, err) == (2, "redzone: error: cannot write standard output (No space left on device)\n"), args


@pytest.mark.parametrize("args", [("attack", SCENARIO, "--json"), ("schema",),
                                  ("attack", str(EXAMPLES / "propaganda.yaml"), "--all", "--json")])
def test_a_reader_gone_before_the_answer_is_a_quiet_status_0(args: tuple[str, ...]) -> None:
    # EPIPE: the reader (`| true`, `| head -c1`) is gone before redzone writes. As for a
    # reader that stops midway (test_cli.py): nothing on standard error, status 0. click's
    # echo used to turn this one into status 1.
    proc = subprocess.Popen([sys.executable, "-c", MAIN, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the interpreter has started
    err = proc.stderr.read()
    assert proc.wait(timeout=300) == 0 and err == b""


def test_ctrl_c_exits_130_with_one_line() -> None:
    # A batch read from standard input: answer one row (the command is then surely
    # running), then interrupt it while it waits for the next.
    row = json.dumps({"players": [{"name": "A"}, {"name": "B"}],
                      "permanents": [{"id": "j", "card": "Juggernaut", "controller": "A"}]})
    proc = subprocess.Popen([sys.executable, "-c", MAIN, "attack", "-", "--batch", "--json", "--jobs", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(row + "\n")
    proc.stdin.flush()
    ready, _, _ = select.select([proc.stdout], [], [], 240)
    if not ready:  # the row's answer never came: don't hang the suite
        proc.kill()
        pytest.fail("no answer to the first row of a batch on standard input")
    assert json.loads(proc.stdout.readline())["attackers"] == {"j": "B"}
    proc.send_signal(signal.SIGINT)
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 130
    assert err.strip().splitlines() == ["redzone: interrupted"]
    proc.stdin.close()


# A CP-SAT model that runs to its time limit (all different values, a weighted maximum).
_LONG_SOLVE = """
import sys
from redzone.solver.frontends.cli import _InterruptWatch
from redzone.solver._cpsat import make_solver, new_model

watch = _InterruptWatch()  # as main() sets it up for a command
m = new_model()
xs = [m.new_int_var(0, 50, f"x{i}") for i in range(60)]
m.add_all_different(xs[:50])
for i in range(0, 58, 2):
    m.add(xs[i] + xs[i + 1] <= 60 + i % 5)
m.maximize(sum((i % 7 + 1) * x for i, x in enumerate(xs)))
solver = make_solver(120)
print("solving", flush=True)
solver.solve(m)
print("solved", solver.status_name(), flush=True)
"""


def test_ctrl_c_inside_a_cp_sat_solve_ends_the_command_with_130() -> None:
    # CP-SAT catches SIGINT by default and ends the solve as if its time limit had passed:
    # `block S --all` then printed a partial listing "incomplete: --limit or the time limit
    # reached" with status 0. On the command line CP-SAT leaves SIGINT alone and the
    # command ends (130) within INTERRUPT_GRACE_S, although the solve never returns.
    proc = subprocess.Popen([sys.executable, "-c", _LONG_SOLVE], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == "solving\n"
    time.sleep(0.5)  # inside the solve
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    assert proc.stdout.read() == ""  # the solve was not cut short into an answer
    assert proc.stderr.read() == "redzone: interrupted\n"


def test_bad_input_keeps_status_2_when_the_reader_is_gone() -> None:
    # The --json error object can't be written (EPIPE): the error's status stays, and its
    # line on standard error is the message (the quiet status 0 is for answers cut short).
    proc = subprocess.Popen([sys.executable, "-c", MAIN, "attack", str(EXAMPLES / "no-such.yaml"), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=300) == 2
    assert err == f"redzone: error: {EXAMPLES / 'no-such.yaml'}: no such file\n"
