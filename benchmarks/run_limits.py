#!/usr/bin/env python3
"""Time limits that hold (issue 25 §1): every command on big boards, whole process.

Run from the repository root (the project installed)::

    python benchmarks/run_limits.py                    # 100 and 2,000 creatures a side
    python benchmarks/run_limits.py --sizes 100 --limit 3
    python benchmarks/run_limits.py --json out.json

Each row runs ``redzone COMMAND SCENARIO --time-limit T --json`` as its own process on a
board of real cards (``benchmarks.ai_boards.ai_scenario``: ``n`` creatures a side; the
``combat`` boards have every creature of Alice that can attack attacking Bob) and reports
the wall time, the CPU time and the peak resident memory of that process (``os.wait4``),
its exit status and the answer's status. A row *holds* when the process ended within
``T × 1.1 + 0.5`` seconds (the documented slack, benchmarks/README.md) with exit status 0
(an answer, ``unknown`` included) and used at most 1 GiB. A row that runs past
``--kill-after`` seconds is killed and reported as such.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ai_boards import ai_scenario  # noqa: E402

SLACK_FACTOR = 1.1
SLACK_SECONDS = 0.5
MEMORY_LIMIT_MB = 1024

# (label, command words, whether the board has combat.attackers)
COMMANDS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("attack", ("attack",), False),
    ("attack --all", ("attack", "--all"), False),
    ("block", ("block",), True),
    ("block --all", ("block", "--all"), True),
    ("check-attack", ("check-attack",), True),
    ("damage", ("damage",), True),
    ("choose-attack la0", ("choose-attack", "--lookahead", "0"), False),
    ("choose-attack la1", ("choose-attack", "--lookahead", "1"), False),
    ("choose-block la0", ("choose-block", "--lookahead", "0"), True),
    ("choose-block la1", ("choose-block", "--lookahead", "1"), True),
    ("draw --plan choose-attack", ("draw", "--plan", "choose-attack"), False),
)


def _redzone() -> list[str]:
    exe = Path(sys.executable).with_name("redzone")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "redzone.solver"]


def run_one(words: tuple[str, ...], path: str, limit: float, kill_after: float) -> dict[str, Any]:
    """One process: wall and CPU seconds, peak RSS in MB, exit status, the answer's status."""
    cmd = [*_redzone(), words[0], path, *words[1:], "--time-limit", str(limit)]
    if words[0] != "draw":
        cmd.append("--json")
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        killed = False
        deadline = t0 + kill_after
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.send_signal(signal.SIGKILL)
                killed = True
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
        err.seek(0)
        tail = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
    answer = None
    try:
        answer = json.loads(text).get("status") if text.strip().startswith("{") else None
    except ValueError:
        answer = None
    rss_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
    holds = (not killed and proc.returncode == 0 and wall <= limit * SLACK_FACTOR + SLACK_SECONDS
             and rss_mb <= MEMORY_LIMIT_MB)
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "rss_mb": round(rss_mb), "exit": proc.returncode, "killed": killed,
            "status": answer, "holds": holds, "stderr": tail[0][:120]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100,2000", help="creatures a side, comma-separated")
    ap.add_argument("--limit", type=float, default=None,
                    help="--time-limit for every row (default: 3 s at 100 a side, 5 s above)")
    ap.add_argument("--kill-after", type=float, default=60.0, help="seconds before a row is killed")
    ap.add_argument("--only", default="", help="comma-separated labels to run (default: all)")
    ap.add_argument("--json", default=None, help="write the rows to this file")
    args = ap.parse_args(argv)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    rows: list[dict[str, Any]] = []
    print("| n a side | command | limit s | wall s | CPU s | peak MB | exit | status | holds |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            paths = {}
            for combat in (False, True):
                p = Path(tmp) / f"board{n}{'_combat' if combat else ''}.json"
                p.write_text(json.dumps(ai_scenario(n, 1, combat=combat)))
                paths[combat] = str(p)
            limit = args.limit if args.limit is not None else (3.0 if n <= 100 else 5.0)
            for label, words, combat in COMMANDS:
                if only and label not in only:
                    continue
                r = run_one(words, paths[combat], limit, args.kill_after)
                r.update(n=n, command=label, limit_s=limit)
                rows.append(r)
                shown = "killed" if r["killed"] else r["exit"]
                print(f"| {n} | `{label}` | {limit:g} | {r['wall_s']} | {r['cpu_s']} | {r['rss_mb']} | "
                      f"{shown} | {r['status']} | {'yes' if r['holds'] else '**no**'} |", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0 if all(r["holds"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
