#!/usr/bin/env python3
"""Standalone benchmark of attack planning (CR 508.1): prints markdown tables.

Run from the repository root (the project installed, e.g. editable)::

    python benchmarks/run.py                 # everything, about 3-6 minutes on 2 cores
    python benchmarks/run.py --quick         # fewer repeats, sizes 10/50/200, short caps
    python benchmarks/run.py --json out.json # also keep the raw figures
    python benchmarks/run.py --profile 200   # cProfile of the 200-creature board only

Sections (see benchmarks/README.md for the targets):

1. planning time against board size (boards of real cards from ``benchmarks/boards.py``):
   ``parse_scenario``, ``build_board``, ``attack_problem`` and ``plan_attack`` (its model
   build and CP-SAT solve separately), and end to end from a parsed Scenario;
2. the exhaustive reference (``redzone.solver.reference``) against CP-SAT for 4 to 16 creatures,
   each reference run under a time cap (in a forked child process);
3. whole-process CLI times (``redzone --help``, a one-creature ``redzone attack``) with
   hyperfine when installed, else a subprocess loop; median of >= 10 runs;
4. peak memory (max RSS) of a separate process that imports, builds and plans.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as _dt
import io
import json
import multiprocessing
import os
import platform
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.boards import SIZES, board_scenario, describe  # noqa: E402

ONE_CREATURE = ROOT / "benchmarks" / "one-creature.yaml"

TARGETS = {
    "plan_10_ms": 5.0,
    "plan_200_ms": 100.0,
    "help_s": 0.3,
    "attack_one_s": 0.8,
    "rss_200_mb": 300.0,
}


# ------------------------------------------------------------------------------ helpers


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    """Wall milliseconds of ``repeat`` calls and the last result."""
    out: list[float] = []
    result = None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        out.append(_ms(time.perf_counter() - t))
    return out, result


def _fmt(ms: float | None, digits: int = 1) -> str:
    if ms is None:
        return "–"
    if ms >= 10_000:
        return f"{ms / 1000:.1f} s"
    if ms < 1:
        return f"{ms:.3f}"
    if ms < 10:
        return f"{ms:.2f}"
    return f"{ms:.{digits}f}"


def _verdict(value: float, target: float) -> str:
    return "met" if value <= target else "**missed**"


def machine_facts() -> dict[str, Any]:
    """CPU model, cores, Python, ortools and pydantic versions, date."""
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import ortools
    import pydantic

    hyperfine = shutil.which("hyperfine")
    hf_version = None
    if hyperfine:
        hf_version = subprocess.run([hyperfine, "--version"], capture_output=True, text=True).stdout.strip()
    return {
        "date": _dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "ortools": ortools.__version__,
        "pydantic": pydantic.VERSION,
        "platform": platform.platform(),
        "hyperfine": hf_version,
        "loadavg": os.getloadavg(),
        "commit": _git_state(),
    }


def _git_state() -> str:
    """``<short hash>`` of HEAD, with ``+ local changes`` when models/ or solver/ differ."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=ROOT).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "models", "solver"],
                               capture_output=True, text=True, cwd=ROOT).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + (" + local changes in models/ or solver/" if dirty else "")


# ------------------------------------------------------------------ 1. board sizes


def _repeats(n: int, quick: bool) -> int:
    r = 50 if n <= 10 else 30 if n <= 50 else 15 if n <= 200 else 5
    return max(3, r // 3) if quick else r


def measure_size(n: int, *, seed: int = 0, players: int = 4, arbiter: bool = False,
                 quick: bool = False) -> dict[str, Any]:
    """All timings of one board size (milliseconds; medians unless said otherwise)."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.attack.solve import plan_attack

    r = _repeats(n, quick)
    data = board_scenario(n, seed=seed, players=players, arbiter=arbiter)
    parse, scenario = _timed(lambda: parse_scenario(data), r)
    build, board = _timed(lambda: build_board(scenario), r)
    prob, problem = _timed(lambda: attack_problem(board), r)
    first = plan_attack(problem)  # warm-up: first model of this size
    wall: list[float] = []
    build_ms: list[float] = []
    solve_ms: list[float] = []
    plan = first
    for _ in range(r):
        t = time.perf_counter()
        plan = plan_attack(problem)
        wall.append(_ms(time.perf_counter() - t))
        build_ms.append(plan.build_ms)
        solve_ms.append(plan.solve_ms)
    e2e, plan2 = _timed(lambda: plan_attack(attack_problem(build_board(scenario))), r)
    e2e_dict, _ = _timed(lambda: plan_attack(attack_problem(build_board(parse_scenario(data)))),
                         max(3, r // 3))
    assert plan2.attackers == plan.attackers, "plan_attack is not deterministic"
    med = statistics.median
    return {
        "n": n, "players": players, "arbiter": arbiter, "repeats": r,
        "size": describe(problem),
        "unparsed": len(board.unparsed()),
        "status": plan.status, "maximum": plan.maximum, "attackers": len(plan.attackers),
        "parse_ms": med(parse), "build_board_ms": med(build), "attack_problem_ms": med(prob),
        "plan_ms": med(wall), "plan_max_ms": max(wall), "plan_first_ms": first.build_ms + first.solve_ms,
        "model_build_ms": med(build_ms), "solve_ms": med(solve_ms),
        "e2e_scenario_ms": med(e2e), "e2e_dict_ms": med(e2e_dict),
    }


def size_table(rows: list[dict[str, Any]]) -> str:
    head = ("| creatures | players | pairs (free) | reqs | restr. | parse_scenario | build_board | "
            "attack_problem | model build | CP-SAT solve | **plan_attack** (max) | "
            "end to end from Scenario | from dict | status, M, attackers | target |\n"
            "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n")
    lines = []
    for row in rows:
        s = row["size"]
        target = ""
        if row["n"] == 10 and row["players"] == 4 and not row["arbiter"]:
            target = f"≤ {TARGETS['plan_10_ms']:g} ms: {_verdict(row['plan_ms'], TARGETS['plan_10_ms'])}"
        elif row["n"] == 200 and row["players"] == 4 and not row["arbiter"]:
            target = f"≤ {TARGETS['plan_200_ms']:g} ms: {_verdict(row['plan_ms'], TARGETS['plan_200_ms'])}"
        label = f"{row['n']}" + (" + Silent Arbiter" if row["arbiter"] else "")
        lines.append(
            f"| {label} | {row['players']} | {s['pairs']} ({s['free_pairs']}) | {s['requirements']} | "
            f"{s['restrictions']} | {_fmt(row['parse_ms'])} | {_fmt(row['build_board_ms'])} | "
            f"{_fmt(row['attack_problem_ms'])} | {_fmt(row['model_build_ms'])} | {_fmt(row['solve_ms'])} | "
            f"**{_fmt(row['plan_ms'])}** ({_fmt(row['plan_max_ms'])}) | {_fmt(row['e2e_scenario_ms'])} | "
            f"{_fmt(row['e2e_dict_ms'])} | {row['status']}, {row['maximum']}, {row['attackers']} | {target} |")
    return head + "\n".join(lines) + "\n"


def measure_seeds(n: int, seeds: int, time_limit: float) -> dict[str, Any]:
    """plan_attack over ``seeds`` different boards of ``n`` creatures (four players): the
    spread of CP-SAT times across boards (one call each, after a warm-up)."""
    from redzone.solver.attack.solve import plan_attack

    from benchmarks.boards import board_problem

    times: list[float] = []
    worst = (0.0, -1)
    not_optimal = 0
    for seed in range(seeds):
        problem = board_problem(n, seed=seed)
        plan_attack(problem, time_limit=time_limit)
        t = time.perf_counter()
        plan = plan_attack(problem, time_limit=time_limit)
        ms = _ms(time.perf_counter() - t)
        times.append(ms)
        worst = max(worst, (ms, seed))
        not_optimal += plan.status != "optimal"
    times.sort()
    return {"n": n, "seeds": seeds, "median_ms": statistics.median(times),
            "p90_ms": times[min(len(times) - 1, int(0.9 * len(times)))], "max_ms": worst[0],
            "worst_seed": worst[1], "not_optimal": not_optimal, "time_limit_s": time_limit}


def seeds_table(rows: list[dict[str, Any]]) -> str:
    out = ("| creatures | boards (seeds) | median | 90th percentile | max (seed) | not optimal within the limit |\n"
           "| ---: | ---: | ---: | ---: | ---: | --- |\n")
    for r in rows:
        out += (f"| {r['n']} | {r['seeds']} | {_fmt(r['median_ms'])} ms | {_fmt(r['p90_ms'])} ms | "
                f"{_fmt(r['max_ms'])} ms ({r['worst_seed']}) | {r['not_optimal']} (limit {r['time_limit_s']:g} s) |\n")
    return out


# ------------------------------------------------------------ 2. reference vs CP-SAT

_REF_PROBLEM: Any = None


def _reference_child(queue: Any) -> None:
    """Forked child: time reference_maximum on _REF_PROBLEM (median of up to 5 runs within
    about half a second), put (median ms, runs, M) on the queue."""
    from redzone.solver.reference import reference_maximum

    times: list[float] = []
    m = None
    spent = 0.0
    while len(times) < 5 and (not times or spent < 500.0):
        t = time.perf_counter()
        m = reference_maximum(_REF_PROBLEM, bound=10**15)
        times.append(_ms(time.perf_counter() - t))
        spent += times[-1]
    queue.put((statistics.median(times), len(times), m))


def _reference_timed(problem: Any, cap_s: float) -> tuple[float | None, int | None]:
    """(median ms, M) of the reference on ``problem``, or (None, None) past ``cap_s``."""
    global _REF_PROBLEM
    _REF_PROBLEM = problem
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_reference_child, args=(queue,))
    proc.start()
    try:
        ms, _runs, m = queue.get(timeout=cap_s)
    except Exception:  # queue.Empty: over the cap
        proc.kill()
        proc.join()
        return None, None
    proc.join()
    return ms, m


def measure_reference(sizes: list[int], players_list: list[int], cap_s: float,
                      quick: bool) -> list[dict[str, Any]]:
    from redzone.solver.attack.solve import plan_attack
    from redzone.solver.reference import DEFAULT_BOUND, search_space

    from benchmarks.boards import board_problem

    rows = []
    for players in players_list:
        capped_space: int | None = None  # smallest search space that went over the cap
        for n in sizes:
            problem = board_problem(n, players=players)
            space = search_space(problem)
            plan_attack(problem)
            cp, plan = _timed(lambda: plan_attack(problem), 10 if quick else 30)
            cp_ms = statistics.median(cp)
            row: dict[str, Any] = {
                "n": n, "players": players, "space": space, "refused": space > DEFAULT_BOUND,
                "cp_ms": cp_ms, "cp_m": plan.maximum, "size": describe(problem),
            }
            if capped_space is not None and space >= capped_space:
                row.update(ref_ms=None, ref_m=None,
                           note=f"not run (search space ≥ one over the {cap_s:g} s cap)")
            else:
                ref_ms, ref_m = _reference_timed(problem, cap_s)
                row.update(ref_ms=ref_ms, ref_m=ref_m,
                           note=f"over the {cap_s:g} s cap" if ref_ms is None else "")
                if ref_ms is None:
                    capped_space = space if capped_space is None else min(capped_space, space)
            rows.append(row)
    return rows


def reference_table(rows: list[dict[str, Any]], cap_s: float) -> str:
    head = ("| creatures | players | able | search space | default bound | reference | "
            "plan_attack (CP-SAT) | reference / CP-SAT | M agree |\n"
            "| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |\n")
    lines = []
    for row in rows:
        ref = _fmt(row["ref_ms"]) + " ms" if row["ref_ms"] is not None else row["note"]
        ratio = "–"
        if row["ref_ms"] is not None:
            q = row["ref_ms"] / row["cp_ms"]
            ratio = f"{q:,.0f}×" if q >= 10 else f"{q:.2f}×"
        agree = "–" if row["ref_m"] is None else ("yes" if row["ref_m"] == row["cp_m"] else "**NO**")
        bound = "refuses" if row["refused"] else "accepts"
        lines.append(f"| {row['n']} | {row['players']} | {row['size']['able']} | {row['space']:,} | "
                     f"{bound} | {ref} | {_fmt(row['cp_ms'], 2)} ms | {ratio} | {agree} |")
    return head + "\n".join(lines) + "\n"


# ------------------------------------------------------------------------- 3. the CLI


def _redzone() -> list[str]:
    """The ``redzone`` console script next to this interpreter (as in a virtual
    environment), else the one on PATH, else ``python -m redzone.solver.frontends.cli``. The one beside the
    interpreter is preferred because a version manager's shim on PATH (pyenv) adds its own
    start-up time, which is not redzone's."""
    beside = Path(sys.executable).parent / "redzone"
    if beside.exists():
        return [str(beside)]
    exe = shutil.which("redzone")
    return [exe] if exe else [sys.executable, "-m", "redzone.solver.frontends.cli"]


def measure_cli(runs: int) -> dict[str, Any]:
    """Median wall seconds of ``redzone --help`` and a one-creature ``redzone attack``."""
    base = _redzone()
    commands = {"help": base + ["--help"], "attack_one": base + ["attack", str(ONE_CREATURE)]}
    check = subprocess.run(commands["attack_one"], capture_output=True, text=True, cwd=ROOT)
    result: dict[str, Any] = {"attack_one_exit": check.returncode,
                              "attack_one_output": check.stdout.strip().splitlines()[:3]}
    hyperfine = shutil.which("hyperfine")
    if hyperfine:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "hf.json"
            subprocess.run(
                [hyperfine, "-N", "--warmup", "3", "--runs", str(runs), "--export-json", str(out),
                 *[" ".join(c) for c in commands.values()]],
                check=True, capture_output=True, cwd=ROOT)
            data = json.loads(out.read_text())
        for key, res in zip(commands, data["results"]):
            result[key] = {"median_s": res["median"], "mean_s": res["mean"], "min_s": res["min"],
                           "max_s": res["max"], "cpu_s": res["user"] + res["system"],
                           "runs": len(res["times"]), "tool": "hyperfine"}
        return result
    for key, cmd in commands.items():
        for _ in range(3):
            subprocess.run(cmd, capture_output=True, cwd=ROOT)
        times = []
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, cwd=ROOT)
            times.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) / runs
        result[key] = {"median_s": statistics.median(times), "mean_s": statistics.mean(times),
                       "min_s": min(times), "max_s": max(times), "cpu_s": cpu, "runs": runs,
                       "tool": "subprocess loop"}
    return result


def cli_table(cli: dict[str, Any]) -> str:
    rows = [("`redzone --help`", "help", TARGETS["help_s"]),
            ("`redzone attack benchmarks/one-creature.yaml`", "attack_one", TARGETS["attack_one_s"])]
    out = ("| command | median wall | min – max | mean CPU (user+sys) | runs (tool) | target (median) |\n"
           "| --- | ---: | ---: | ---: | --- | --- |\n")
    for label, key, target in rows:
        r = cli[key]
        out += (f"| {label} | {r['median_s']:.3f} s | {r['min_s']:.3f} – {r['max_s']:.3f} s | "
                f"{r['cpu_s']:.3f} s | "
                f"{r['runs']} ({r['tool']}) | ≤ {target:g} s: {_verdict(r['median_s'], target)} |\n")
    return out


# ------------------------------------------------------------------------- 4. memory

_WORKER = """
import sys
sys.path.insert(0, {root!r})
n = {n}
if n:
    from benchmarks.boards import board_scenario
    from redzone.models.scenario import parse_scenario
    from redzone.models.board import build_board
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import plan_attack
    plan = plan_attack(attack_problem(build_board(parse_scenario(board_scenario(n)))))
    assert plan.status == "optimal", plan.status
else:
    import redzone.models.scenario, models.board, models.attack_rules, solver.attack
    from ortools.sat.python import cp_model
"""

_WRAPPER = """
import resource, subprocess, sys
subprocess.run([sys.executable, "-c", sys.argv[1]], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def max_rss_mb(n: int) -> float:
    """Max RSS (MB) of a fresh process that imports, builds the n-creature board and plans
    (n = 0: imports only). Measured by a wrapper process through RUSAGE_CHILDREN."""
    worker = _WORKER.format(root=str(ROOT), n=n)
    out = subprocess.run([sys.executable, "-c", _WRAPPER, worker], check=True,
                         capture_output=True, text=True, cwd=ROOT)
    kb = int(out.stdout.strip().splitlines()[-1])  # Linux: kilobytes
    return kb / 1024.0


def memory_table(mem: dict[int, float]) -> str:
    out = "| process | max RSS | target |\n| --- | ---: | --- |\n"
    for n, mb in mem.items():
        label = "imports only (models, solver, ortools)" if n == 0 else f"import + build + plan, {n} creatures"
        target = f"≤ {TARGETS['rss_200_mb']:g} MB: {_verdict(mb, TARGETS['rss_200_mb'])}" if n == 200 else ""
        out += f"| {label} | {mb:.0f} MB | {target} |\n"
    return out


# ------------------------------------------------------------------------ profiling


def profile(n: int, top: int = 25) -> str:
    """cProfile of scenario -> problem and of plan_attack on the n-creature board."""
    from redzone.models.attack_rules import attack_problem
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.attack.solve import plan_attack

    scenario = parse_scenario(board_scenario(n))
    problem = attack_problem(build_board(scenario))
    plan_attack(problem)
    out = io.StringIO()
    for label, fn in (("build_board + attack_problem", lambda: attack_problem(build_board(scenario))),
                      ("plan_attack", lambda: plan_attack(problem))):
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(3):
            fn()
        prof.disable()
        out.write(f"\n### {label}, {n} creatures (3 calls), by cumulative time\n\n```\n")
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats("cumulative").print_stats(top)
        out.write("```\n")
    return out.getvalue()


# ------------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats, no 1000 board, short caps")
    ap.add_argument("--sizes", default=None, help="comma-separated board sizes (default 10,50,200,1000)")
    ap.add_argument("--ref-cap", type=float, default=None, help="seconds per reference run (default 30; quick 5)")
    ap.add_argument("--cli-runs", type=int, default=20, help="runs per CLI command (default 20)")
    ap.add_argument("--skip", default="", help="comma-separated sections to skip: sizes,reference,cli,memory")
    ap.add_argument("--json", dest="json_path", default=None, help="write the raw figures here")
    ap.add_argument("--profile", type=int, default=None, metavar="N", help="only profile the N-creature board")
    args = ap.parse_args(argv)

    if args.profile is not None:
        print(profile(args.profile))
        return 0

    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    sizes = ([int(s) for s in args.sizes.split(",")] if args.sizes
             else [n for n in SIZES if not (args.quick and n > 200)])
    cap = args.ref_cap if args.ref_cap is not None else (5.0 if args.quick else 30.0)
    facts = machine_facts()
    report: dict[str, Any] = {"machine": facts}
    print(f"## Attack planning benchmarks — {facts['date']}\n")
    print(f"Machine: {facts['cpu']}, {facts['cores']} cores; Python {facts['python']}; "
          f"ortools {facts['ortools']}; pydantic {facts['pydantic']}; {facts['platform']}; "
          f"code at {facts['commit']}. "
          f"Load average at start: {', '.join(f'{x:.2f}' for x in facts['loadavg'])} "
          "(other processes share the 2 cores: figures are noisier when it is above 0.5).\n")
    sys.stdout.flush()

    if "memory" not in skip:  # first, before this process has spawned other children
        mem = {n: max_rss_mb(n) for n in (0, 200, 1000) if not (args.quick and n > 200)}
        report["memory"] = mem
    if "sizes" not in skip:
        rows = [measure_size(n, quick=args.quick) for n in sizes]
        if not args.quick:
            rows.append(measure_size(200, players=2))
            rows.append(measure_size(200, arbiter=True))
        report["sizes"] = rows
        print("### 1. Planning time against board size (ms, median)\n")
        print(size_table(rows))
        sys.stdout.flush()
        spread = [measure_seeds(n, 5 if args.quick else 20, 10.0) for n in (10, 50, 200)]
        report["seeds"] = spread
        print("#### plan_attack across boards (four players, one call per board, after a warm-up)\n")
        print(seeds_table(spread))
        sys.stdout.flush()
    if "reference" not in skip:
        ref_sizes = list(range(4, 17)) if not args.quick else [4, 6, 8, 10, 12]
        ref = measure_reference(ref_sizes, [2, 4], cap, args.quick)
        report["reference"] = ref
        print(f"### 2. Exhaustive reference against CP-SAT (reference capped at {cap:g} s)\n")
        print(reference_table(ref, cap))
        sys.stdout.flush()
    if "cli" not in skip:
        cli = measure_cli(max(10, args.cli_runs))
        report["cli"] = cli
        print("### 3. Whole-process command line\n")
        print(f"`redzone` is `{' '.join(_redzone())}`.\n")
        print(cli_table(cli))
        if cli["attack_one_exit"] != 0:
            print(f"(warning: `redzone attack` exited {cli['attack_one_exit']})\n")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Load average at the end: {load}.\n")
    if "memory" not in skip:
        print("### 4. Peak memory (max RSS of a separate process)\n")
        print(memory_table(report["memory"]))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
