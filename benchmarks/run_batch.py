"""Batch and protocol benchmarks: throughput per command and runner, peak memory against the
number of rows, and the engine protocol's latency.

```sh
python benchmarks/run_batch.py                       # everything (~30 min on 2 quiet cores)
python benchmarks/run_batch.py --skip rss,dask       # throughput and protocol only
python benchmarks/run_batch.py --rss-rows 1000,10000,100000 --skip throughput,dask,protocol
python benchmarks/run_batch.py --json out.json
python benchmarks/run_batch.py --skip dask,rss,protocol --commands attack --rows 2 --repeat 3
```

- **throughput**: ``redzone KIND rows.jsonl --json --jobs J`` as a whole process on a batch of
  :mod:`benchmarks.batch_boards` rows (varied boards of real cards), rows per minute of wall
  time, and the CPU time of the process tree;
- **dask**: the same batch with ``--dask local --jobs 2`` (a LocalCluster of two worker
  processes), against ``--jobs 2``;
- **rss**: the peak resident memory (``VmHWM`` of the largest process of the tree, and of
  the main one; ``--jobs 1``: one process does everything) at several batch lengths;
- **protocol**: :class:`redzone.solver.frontends.client.Engine` on ``redzone serve``: the wall time of
  one request (send, solve, answer) for a 10-creature attack board, p50 / p95 over many
  requests; and ``choose-attack`` on 5v5 when the server has that command.

Every figure is printed with the machine's CPU model and the load average when it was taken:
the machine may be shared, and parallel speed-ups need idle cores.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.batch_boards import write_batch  # noqa: E402

REDZONE = [sys.executable, "-m", "redzone.solver"]
THROUGHPUT_ROWS = {"attack": 3000, "block": 1000, "damage": 1500}


def cpu_model() -> str:
    """The CPU model name (``lscpu``), or the platform's processor string."""
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def load() -> str:
    """The load averages (1, 5, 15 minutes)."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (Linux ``/proc``), e.g. the forkserver and its workers."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, ()))
    return out


def _peak_rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _run(args: list[str], out: Path | None = None) -> dict[str, float]:
    """Run a command; wall time, CPU time of its whole process tree (user + sys: the main
    process, the forkserver and the workers, sampled from ``/proc`` every 0.2 s, since a
    forkserver's workers are never reaped by this process and ``RUSAGE_CHILDREN`` misses
    them), peak RSS of the largest process (``VmHWM``) and of the main process."""
    t0 = time.perf_counter()
    cpu: dict[int, float] = {}
    peak: dict[int, float] = {}
    with open(out or os.devnull, "w") as sink:
        process = subprocess.Popen(args, stdout=sink, stderr=subprocess.DEVNULL)
        while process.poll() is None:
            for pid in _tree(process.pid):
                used = _process_cpu(pid)
                if used:
                    cpu[pid] = used
                    peak[pid] = max(peak.get(pid, 0.0), _peak_rss_mb(pid))
            time.sleep(0.2)
    wall = time.perf_counter() - t0
    return {"wall_s": wall, "cpu_s": sum(cpu.values()), "maxrss_mb": max(peak.values(), default=0.0),
            "main_rss_mb": peak.get(process.pid, 0.0), "exit": process.returncode}


def throughput(tmp: Path, rows: dict[str, int], jobs: list[int]) -> list[dict[str, Any]]:
    """Rows per minute of each command with each ``--jobs`` (in the order given: ``1,2,1,2``
    alternates, so a change in the machine's load hits both alike)."""
    figures = []
    for kind, n in rows.items():
        path = write_batch(kind, n, tmp / f"{kind}.jsonl")
        for j in jobs:
            start_load = load()
            r = _run([*REDZONE, kind, str(path), "--json", "--no-progress", "--jobs", str(j)])
            figures.append({"command": kind, "rows": n, "runner": f"--jobs {j}", **r,
                            "rows_per_min": 60.0 * n / r["wall_s"], "load": start_load})
            print(f"  {kind:7} {n:6} rows --jobs {j}: {figures[-1]['rows_per_min']:9,.0f} rows/min "
                  f"(wall {r['wall_s']:.1f} s, CPU {r['cpu_s']:.1f} s, load {start_load})", flush=True)
    return figures


def dask(tmp: Path, rows: dict[str, int]) -> list[dict[str, Any]]:
    """``--dask local --jobs 2`` against ``--jobs 2``."""
    figures = []
    for kind, n in rows.items():
        path = write_batch(kind, n, tmp / f"{kind}.jsonl")
        for runner in (["--jobs", "2"], ["--dask", "local", "--jobs", "2"], ["--dask", "local", "--jobs", "1"]):
            start_load = load()
            r = _run([*REDZONE, kind, str(path), "--json", "--no-progress", *runner])
            figures.append({"command": kind, "rows": n, "runner": " ".join(runner), **r,
                            "rows_per_min": 60.0 * n / r["wall_s"], "load": start_load})
            print(f"  {kind:7} {n:6} rows {' '.join(runner):24}: {figures[-1]['rows_per_min']:9,.0f} rows/min "
                  f"(wall {r['wall_s']:.1f} s, load {start_load})", flush=True)
    return figures


def rss(tmp: Path, kinds: list[str], sizes: list[int]) -> list[dict[str, Any]]:
    """Peak RSS of ``--jobs 1`` at each batch length (the batch is generated by repeating a
    1,000-row file, so writing it is cheap)."""
    figures = []
    for kind in kinds:
        base = write_batch(kind, 1000, tmp / f"{kind}-base.jsonl").read_text()
        for n in sizes:
            path = tmp / f"{kind}-{n}.jsonl"
            with path.open("w") as out:
                lines = base.splitlines(keepends=True)
                for i in range(n):
                    out.write(lines[i % len(lines)])
            start_load = load()
            r = _run([*REDZONE, kind, str(path), "--json", "--no-progress", "--jobs", "1"])
            figures.append({"command": kind, "rows": n, **r, "load": start_load})
            print(f"  {kind:7} {n:7} rows: max RSS {r['maxrss_mb']:.0f} MB (wall {r['wall_s']:.0f} s, "
                  f"exit {r['exit']}, load {start_load})", flush=True)
            path.unlink()
    return figures


def _process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def protocol(requests: int) -> list[dict[str, Any]]:
    """Latency of one request through ``redzone serve`` (Engine on a pipe): wall time per
    request (p50, p95, min) as the client sees it, and the server's CPU time per request
    (``/proc``), which the machine's load does not inflate the way it inflates wall time:
    on idle cores the p50 approaches server CPU plus the client's own encoding."""
    from benchmarks.batch_boards import GENERATORS
    from benchmarks.boards import board_scenario
    from redzone.solver.frontends.client import Engine

    figures = []
    with Engine.popen() as engine:
        commands = engine.ping()["commands"]
        pid = engine.transport.process.pid  # type: ignore[attr-defined]
        cases: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
            ("attack, 10 creatures (4 players)", "attack", board_scenario(10, seed=0), {}),
            ("block, 10 a side", "block", GENERATORS["block"](3), {}),
            ("damage, 2-12 blockers", "damage", GENERATORS["damage"](1), {}),
        ]
        if "choose-attack" in commands:
            from benchmarks.ai_boards import ai_scenario

            for lookahead in (1, 0):
                cases.append((f"choose-attack, 5v5, lookahead {lookahead}", "choose-attack",
                              ai_scenario(5, seed=0), {"lookahead": lookahead}))
                cases.append((f"choose-block, 5v5, lookahead {lookahead}", "choose-block",
                              ai_scenario(5, seed=0, combat=True), {"lookahead": lookahead}))
        for label, command, scenario, options in cases:
            n = requests if not command.startswith("choose-") else max(1, requests // 10)
            for _ in range(min(20, n)):  # warm-up
                engine.request(command, scenario, options)
            times = []
            start_load = load()
            cpu0 = _process_cpu(pid)
            for _ in range(n):
                t0 = time.perf_counter()
                engine.request(command, scenario, options)
                times.append((time.perf_counter() - t0) * 1000.0)
            server_cpu = (_process_cpu(pid) - cpu0) * 1000.0 / n
            times.sort()
            fig = {"case": label, "requests": n, "p50_ms": statistics.median(times),
                   "p95_ms": times[int(0.95 * (len(times) - 1))], "min_ms": times[0],
                   "server_cpu_ms": server_cpu, "load": start_load}
            figures.append(fig)
            print(f"  {label:40}: p50 {fig['p50_ms']:.2f} ms, p95 {fig['p95_ms']:.2f} ms, min {fig['min_ms']:.2f} ms, "
                  f"server CPU {server_cpu:.2f} ms a request (load {start_load})", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip", default="", help="comma-separated: throughput,dask,rss,protocol")
    parser.add_argument("--rows", type=float, default=1.0, help="scale the throughput batches")
    parser.add_argument("--jobs", default="1,2", help="--jobs values for throughput")
    parser.add_argument("--commands", default="attack,block,damage",
                        help="comma-separated commands for throughput and Dask")
    parser.add_argument("--repeat", type=int, default=1,
                        help="throughput: run each --jobs value this many times, alternating")
    parser.add_argument("--rss-rows", default="1000,10000,100000", help="batch lengths for peak RSS")
    parser.add_argument("--rss-commands", default="attack,block,damage")
    parser.add_argument("--requests", type=int, default=500,
                        help="protocol requests per case (a tenth of it for the AI's commands)")
    parser.add_argument("--json", dest="json_out", default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    wanted = set(filter(None, args.commands.split(",")))
    rows = {k: max(10, int(v * args.rows)) for k, v in THROUGHPUT_ROWS.items() if k in wanted}
    print(f"CPU: {cpu_model()}, {os.cpu_count()} cores; Python {platform.python_version()}; load {load()}")
    out: dict[str, Any] = {"cpu": cpu_model(), "cores": os.cpu_count(), "python": platform.python_version()}
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        if "throughput" not in skip:
            print("throughput:")
            out["throughput"] = throughput(tmp, rows, [int(j) for j in args.jobs.split(",")] * args.repeat)
        if "dask" not in skip:
            print("dask:")
            out["dask"] = dask(tmp, rows)
        if "protocol" not in skip:
            print("protocol:")
            out["protocol"] = protocol(args.requests)
        if "rss" not in skip:
            print("peak RSS:")
            out["rss"] = rss(tmp, args.rss_commands.split(","), [int(n) for n in args.rss_rows.split(",")])
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
