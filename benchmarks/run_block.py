#!/usr/bin/env python3
"""Benchmarks of block declarations (CR 509.1): prints markdown tables.

Run from the repository root (the project installed, e.g. editable)::

    python benchmarks/run_block.py              # everything, a few minutes on 2 cores
    python benchmarks/run_block.py --quick      # fewer seeds and sizes (~1 min)
    python benchmarks/run_block.py --json out.json
    python benchmarks/run_block.py --skip planning,cli --sizes 12,48
    python benchmarks/run_block.py --skip hard,reference,planning,cli   # requirement boards only

Sections (targets in benchmarks/README.md):

1. hard instances from exact cover by 3-sets (``benchmarks/block_boards.py``): for each size,
   random and planted-cover instances; ``check-block`` of "every creature blocks
   Tromokratis" in process (``build_board`` + ``block_problems`` + ``check_blocks`` from a
   parsed Scenario), its verdict checked against a plain exact-cover search; ``plan_blocks``
   on the same instances;
2. the exhaustive reference against CP-SAT on the instances small enough for it;
3. block planning time for 10, 50 and 200 creatures a side (boards of real cards);
3b. the same on requirement-heavy boards (``requirement_board_scenario``: menace, "must be
    blocked if able", creatures that block each combat), CPU and wall, with the time to
    load the board;
4. whole-process ``redzone check-block`` on a 48-element instance.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
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

from benchmarks.block_boards import (  # noqa: E402
    BLOCK_SIZES,
    REQUIREMENT_SIZES,
    X3C_SIZES,
    block_board_scenario,
    exact_cover,
    requirement_board_scenario,
    x3c_scenario,
    x3c_sets,
)

TARGETS = {"check_48_s": 2.0, "plan_10_ms": 10.0, "plan_200_ms": 500.0,
           "plan_requirements_200_ms": 400.0}

KINDS: tuple[tuple[str, float, bool], ...] = (
    ("random, m = 2.5n", 2.5, False),   # near the threshold: about half have an exact cover
    ("planted, m = 2.5n", 2.5, True),   # a cover hidden among random sets
    ("random, m = 2n", 2.0, False),     # mostly no cover, every element usually covered
    ("planted, m = n", 1.0, True),      # sparse: few sets besides the cover
)


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def _fmt(ms: float) -> str:
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    return f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def _warm() -> None:
    from redzone.solver.block.solve import _import_ortools

    _import_ortools()


# ------------------------------------------------------------------------ 1. hard instances


def hard_instances(sizes: list[int], seeds: int, plan: bool) -> list[dict[str, Any]]:
    """Check-block (and plan) times on exact-cover instances."""
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import check_blocks, plan_blocks

    rows = []
    for n in sizes:
        for label, ratio, planted in KINDS:
            m = max(n // 3, int(n * ratio))
            for seed in range(seeds):
                sets = x3c_sets(n, m, seed=seed, planted=planted)
                t = time.perf_counter()
                cover = exact_cover(n, sets)
                xc_ms = _ms(time.perf_counter() - t)
                sc = parse_scenario(x3c_scenario(n, sets))
                t = time.perf_counter()
                problems = block_problems(build_board(sc))
                result = check_blocks(problems, sc.combat.blockers)
                check_ms = _ms(time.perf_counter() - t)
                row = {"n": n, "m": m, "kind": label, "seed": seed, "cover": cover is not None,
                       "legal": result.legal, "status": result.status,
                       "agrees": result.legal == (cover is None) and result.status == "optimal",
                       "check_ms": check_ms, "exact_cover_ms": xc_ms,
                       "maximum": result.maximum}
                if plan:
                    t = time.perf_counter()
                    p = plan_blocks(problems)
                    row["plan_ms"] = _ms(time.perf_counter() - t)
                    row["plan_status"] = p.status
                    row["plan_tie_break_proved"] = p.tie_break_proved
                    row["plan_maximum"] = p.maximum
                    row["agrees"] = row["agrees"] and p.maximum == result.maximum
                rows.append(row)
                print(f"  x3c n={n} m={m} {label} seed={seed}: check {_fmt(check_ms)}"
                      + (f", plan {_fmt(row['plan_ms'])}" if plan else "")
                      + ("" if row["agrees"] else "  ** DISAGREES **"), file=sys.stderr, flush=True)
    return rows


def hard_table(rows: list[dict[str, Any]], plan: bool) -> str:
    out = ["| elements n | sets m | instances | exact covers | check-block median | max | "
           + ("plan median | max | tie-break proved | " if plan else "") + "verdicts agree |",
           "| ---: | ---: | --- | ---: | ---: | ---: | " + ("---: | ---: | ---: | " if plan else "")
           + "--- |"]
    groups: dict[tuple[int, int, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["n"], r["m"], r["kind"]), []).append(r)
    for (n, m, kind), rs in groups.items():
        checks = [r["check_ms"] for r in rs]
        line = (f"| {n} | {m} | {kind} ({len(rs)}) | {sum(r['cover'] for r in rs)} | "
                f"{_fmt(statistics.median(checks))} | {_fmt(max(checks))} | ")
        if plan:
            plans = [r["plan_ms"] for r in rs]
            line += (f"{_fmt(statistics.median(plans))} | {_fmt(max(plans))} | "
                     f"{sum(r['plan_tie_break_proved'] for r in rs)}/{len(rs)} | ")
        line += ("yes" if all(r["agrees"] for r in rs) else "**no**") + " |"
        out.append(line)
    return "\n".join(out)


# ------------------------------------------------------------------------ 2. reference


def _reference_child(n: int, m: int, seed: int, planted: bool, queue: Any) -> None:
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.reference import block_search_space, reference_block_maximum

    sets = x3c_sets(n, m, seed=seed, planted=planted)
    (problem,) = block_problems(build_board(parse_scenario(x3c_scenario(n, sets))))
    space = block_search_space(problem)
    t = time.perf_counter()
    m_ref = reference_block_maximum(problem, bound=10**9)
    queue.put((space, _ms(time.perf_counter() - t), m_ref))


def reference_rows(cap_s: float) -> list[dict[str, Any]]:
    """The exhaustive reference (in a child process, capped) against check-block."""
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import maximum_block_requirements
    from redzone.solver.reference import block_search_space

    rows = []
    for n, m, planted in ((3, 1, True), (6, 4, True), (6, 4, False), (6, 6, True), (9, 5, True)):
        sets = x3c_sets(n, m, seed=0, planted=planted)
        (problem,) = block_problems(build_board(parse_scenario(x3c_scenario(n, sets))))
        space = block_search_space(problem)
        t = time.perf_counter()
        m_cp, proved = maximum_block_requirements(problem)
        cp_ms = _ms(time.perf_counter() - t)
        row: dict[str, Any] = {"n": n, "m": m, "planted": planted, "space": space, "cp_ms": cp_ms,
                               "m_cp": m_cp, "cover": exact_cover(n, sets) is not None}
        if space > 40_000_000:
            row["reference"] = "not run"
        else:
            ctx = multiprocessing.get_context("fork")
            q = ctx.Queue()
            proc = ctx.Process(target=_reference_child, args=(n, m, 0, planted, q))
            proc.start()
            proc.join(cap_s)
            if proc.is_alive():
                proc.terminate()
                proc.join()
                row["reference"] = f"over the {cap_s:.0f} s cap"
            else:
                _, ref_ms, m_ref = q.get()
                row["reference"] = _fmt(ref_ms)
                row["m_ref"] = m_ref
                row["agree"] = m_ref == m_cp and proved
        rows.append(row)
        print(f"  reference n={n} m={m}: {row['reference']}", file=sys.stderr, flush=True)
    return rows


def reference_table(rows: list[dict[str, Any]]) -> str:
    out = ["| elements | sets | cover | declarations | reference | CP-SAT (M) | M agree |",
           "| ---: | ---: | --- | ---: | ---: | ---: | --- |"]
    for r in rows:
        agree = {True: "yes", False: "**no**"}.get(r.get("agree"), "–")
        out.append(f"| {r['n']} | {r['m']} | {'yes' if r['cover'] else 'no'} | {r['space']:,} | "
                   f"{r['reference']} | {_fmt(r['cp_ms'])} ({r['m_cp']}) | {agree} |")
    return "\n".join(out)


# ------------------------------------------------------------------------ 3. planning


def planning(sizes: list[int], seeds: int, repeat: int) -> list[dict[str, Any]]:
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import plan_blocks

    rows = []
    for n in sizes:
        for seed in range(seeds):
            sc = parse_scenario(block_board_scenario(n, seed=seed))
            t0 = time.perf_counter()
            board = build_board(sc)
            t1 = time.perf_counter()
            problems = block_problems(board)
            t2 = time.perf_counter()
            times = []
            plan = None
            for _ in range(repeat):
                t = time.perf_counter()
                plan = plan_blocks(problems)
                times.append(_ms(time.perf_counter() - t))
            assert plan is not None
            p = problems[0]
            rows.append({
                "n": n, "seed": seed, "pairs": sum(len(v) for v in p.allowed.values()),
                "requirements": len(p.requirements), "restrictions": len(p.restrictions),
                "board_ms": _ms(t1 - t0),
                "problem_ms": _ms(t2 - t1), "plan_ms": statistics.median(times),
                "build_ms": plan.build_ms, "solve_ms": plan.solve_ms, "status": plan.status,
                "maximum": plan.maximum, "blocking": len(plan.blockers),
            })
            print(f"  plan n={n} seed={seed}: {_fmt(rows[-1]['plan_ms'])}", file=sys.stderr, flush=True)
    return rows


def planning_table(rows: list[dict[str, Any]]) -> str:
    out = ["| creatures a side | boards | pairs | requirements | block_problems | plan_blocks median | max | model build / solve (median) | status | target |",
           "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |"]
    by: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by.setdefault(r["n"], []).append(r)
    for n, rs in by.items():
        med = statistics.median(r["plan_ms"] for r in rs)
        target = {10: TARGETS["plan_10_ms"], 200: TARGETS["plan_200_ms"]}.get(n)
        verdict = "" if target is None else (f"≤ {target:.0f} ms: " + ("met" if med <= target else "**not met**"))
        out.append(
            f"| {n} | {len(rs)} | {statistics.median(r['pairs'] for r in rs):.0f} | "
            f"{statistics.median(r['requirements'] for r in rs):.0f} | "
            f"{_fmt(statistics.median(r['problem_ms'] for r in rs))} | {_fmt(med)} | "
            f"{_fmt(max(r['plan_ms'] for r in rs))} | "
            f"{_fmt(statistics.median(r['build_ms'] for r in rs))} / "
            f"{_fmt(statistics.median(r['solve_ms'] for r in rs))} | "
            f"{', '.join(sorted({r['status'] for r in rs}))} | {verdict} |")
    return "\n".join(out)


# ------------------------------------------------------------------------ 3b. requirements


def requirement_planning(sizes: list[int], seeds: int, repeat: int) -> list[dict[str, Any]]:
    """``plan_blocks`` on requirement-heavy boards: CPU (``time.process_time``) and wall,
    median of ``repeat`` calls after one warm-up; "load" is parse + build_board +
    block_problems (CPU). Seed 0 is the ordered board of issue 25."""
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.model import _pairs
    from redzone.solver.block.solve import plan_blocks

    rows = []
    for n in sizes:
        for seed in range(seeds):
            data = requirement_board_scenario(n, seed=seed)
            c = time.process_time()
            problems = block_problems(build_board(parse_scenario(data)))
            load_cpu = _ms(time.process_time() - c)
            plan = plan_blocks(problems)
            cpu, wall = [], []
            for _ in range(repeat):
                t, c = time.perf_counter(), time.process_time()
                plan = plan_blocks(problems)
                cpu.append(_ms(time.process_time() - c))
                wall.append(_ms(time.perf_counter() - t))
            p = problems[0]
            rows.append({
                "n": n, "seed": seed, "requirements": len(p.requirements),
                "restrictions": len(p.restrictions),
                "pairs": sum(len(v) for v in p.allowed.values()),
                "pairs_kept": len(_pairs(p, paid=False, reduce=True)),
                "load_cpu_ms": load_cpu, "plan_cpu_ms": statistics.median(cpu),
                "plan_wall_ms": statistics.median(wall), "status": plan.status,
                "maximum": plan.maximum, "tie_break_proved": plan.tie_break_proved,
                "load_average": os.getloadavg()[0],
            })
            print(f"  requirements n={n} seed={seed}: plan CPU {_fmt(rows[-1]['plan_cpu_ms'])}",
                  file=sys.stderr, flush=True)
    return rows


def requirement_table(rows: list[dict[str, Any]]) -> str:
    out = ["| creatures a side | seed | requirements | pairs (kept) | load board (CPU) | plan_blocks CPU | wall | status, M, tie-break proved | target |",
           "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    for r in rows:
        target = TARGETS["plan_requirements_200_ms"] if r["n"] == 200 else None
        verdict = "" if target is None else (
            f"≤ {target:.0f} ms: " + ("met" if r["plan_cpu_ms"] <= target else "**not met**"))
        out.append(f"| {r['n']} | {r['seed']}{' (ordered)' if r['seed'] == 0 else ''} | "
                   f"{r['requirements']} | {r['pairs']:,} ({r['pairs_kept']:,}) | "
                   f"{_fmt(r['load_cpu_ms'])} | {_fmt(r['plan_cpu_ms'])} | {_fmt(r['plan_wall_ms'])} | "
                   f"{r['status']}, {r['maximum']}, {'yes' if r['tie_break_proved'] else 'no'} | "
                   f"{verdict} |")
    return "\n".join(out)


# ------------------------------------------------------------------------ 4. CLI


def cli_rows(n: int, runs: int) -> dict[str, Any]:
    import yaml

    sets = x3c_sets(n, int(2.5 * n), seed=0, planted=True)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"x3c-{n}.yaml")
        Path(path).write_text(yaml.safe_dump(x3c_scenario(n, sets)))
        exe = shutil.which("redzone") or sys.executable
        cmd = [exe, "check-block", path, "--json"] if exe.endswith("redzone") else \
            [sys.executable, "-m", "redzone.solver", "check-block", path, "--json"]
        times = []
        out = ""
        for _ in range(runs):
            t = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            times.append(time.perf_counter() - t)
    data = json.loads(out)
    return {"n": n, "median_s": statistics.median(times), "min_s": min(times),
            "max_s": max(times), "runs": runs, "legal": data["legal"]}


# ------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer seeds and sizes")
    ap.add_argument("--sizes", default=None, help="comma-separated X3C sizes (elements)")
    ap.add_argument("--skip", default="",
                    help="comma-separated: hard,plan-hard,reference,planning,requirements,cli")
    ap.add_argument("--json", default=None, help="also write the raw figures here")
    args = ap.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else (
        [12, 24, 48] if args.quick else list(X3C_SIZES))
    seeds = 2 if args.quick else 5
    _warm()
    report: dict[str, Any] = {"python": sys.version.split()[0]}
    try:
        import ortools

        report["ortools"] = ortools.__version__
    except Exception:  # pragma: no cover
        pass

    if "hard" not in skip:
        rows = hard_instances(sizes, seeds, plan="plan-hard" not in skip)
        report["hard"] = rows
        print("\n### Hard instances: exact cover by 3-sets\n")
        print(hard_table(rows, plan="plan-hard" not in skip))
    if "reference" not in skip:
        rows = reference_rows(30.0 if not args.quick else 10.0)
        report["reference"] = rows
        print("\n### Exhaustive reference\n")
        print(reference_table(rows))
    if "planning" not in skip:
        rows = planning(list(BLOCK_SIZES), 3 if args.quick else 5, 3 if args.quick else 5)
        report["planning"] = rows
        print("\n### Block planning time\n")
        print(planning_table(rows))
    if "requirements" not in skip:
        rows = requirement_planning(list(REQUIREMENT_SIZES), 3 if args.quick else 5,
                                    3 if args.quick else 5)
        report["requirements"] = rows
        print(f"\n### Block planning time, requirement-heavy boards (load average "
              f"{os.getloadavg()[0]:.1f})\n")
        print(requirement_table(rows))
    if "cli" not in skip:
        row = cli_rows(48, 3 if args.quick else 10)
        report["cli"] = row
        print("\n### Whole process\n")
        print(f"`redzone check-block` on a 48-element planted instance (120 sets): median "
              f"{row['median_s']:.2f} s (min {row['min_s']:.2f}, max {row['max_s']:.2f}; "
              f"{row['runs']} runs); legal = {row['legal']}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
