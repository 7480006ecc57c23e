#!/usr/bin/env python3
"""Benchmarks of the AI's combat decisions (issue 9): prints markdown tables.

Run from the repository root (the project installed, e.g. editable)::

    python benchmarks/run_ai.py                 # everything (several minutes on 2 cores)
    python benchmarks/run_ai.py --quick         # fewer seeds and puzzles
    python benchmarks/run_ai.py --skip sizes,swarm --puzzles 400
    python benchmarks/run_ai.py --json out.json
    python benchmarks/run_ai.py --skip swarm,lethal --sizes 8 --seeds 3-5 --lookaheads 1

Sections (targets in benchmarks/README.md):

1. ``sizes``: ``choose_attack`` in process on boards of real cards with keywords
   (``benchmarks/ai_boards.py``), n creatures a side for n in 3, 5, 8, 12, 20, lookahead 0
   and 1, with a time limit; the board is built once, only the call is timed (wall and CPU).
2. ``swarm``: the token swarm (66 flying deathtouch Insects, Hornet Queen, Craterhoof
   Behemoth, Grizzly Bears and Hill Giant attack eight ground creatures), ``choose_blocks``
   with Bob at 20 and 200 life (Alice at 20: at 200 Bob's unblocked crack-back kills her),
   and at 200 with Alice at 30 (no crack-back kills her: every block is valued).
3. ``blocks``: ``choose_blocks`` on boards where most creatures can block most attackers
   (issue 9, the new user's finding 1): the trial's boards (``note_scenario``: 7v7, 8v8,
   5v10, 10v10) and seeded ground boards of real cards (``ground_scenario``, 6-10 a side),
   lookahead 0 (and 1 with ``--block-lookaheads 0,1``), a time limit of 60 s.
4. ``triggers``: ``choose_attack`` on boards of real cards where about half the creatures
   have triggered abilities of combat (``benchmarks/ai_boards.py``, ``trigger_scenario``:
   exalted, bushido, flanking, rampage, battle cry, afflict, Goblin Heelcutter; issue 21),
   5 a side at lookahead 0 and 1 and 8 a side at lookahead 1 (``--trigger-cases``), a time
   limit of 30 s: the search of ``solver/ai/triggered.py``.
5. ``lethal``: random boards of real cards, classified by the exhaustive reference
   (``redzone.solver.ai.reference``): a lethal attack exists exactly when the game's value
   is a won game. ``choose_attack`` must answer ``lethal: true`` with a declaration the
   reference values as a win on every such board, and never ``lethal`` on the others.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ai_boards import (  # noqa: E402
    NOTE_SIZES,
    SIZES,
    ai_scenario,
    ground_scenario,
    lethal_scenario,
    note_scenario,
    swarm_scenario,
    trigger_scenario,
)
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.ai.decisions import choose_attack, choose_blocks  # noqa: E402


def _board(data: dict[str, Any]) -> Any:
    return build_board(parse_scenario(data))


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def sizes(seeds: list[int], limits: dict[int, float], ns: tuple[int, ...] = SIZES,
          lookaheads: tuple[int, ...] = (0, 1)) -> list[dict[str, Any]]:
    rows = []
    for n in ns:
        for lookahead in lookaheads:
            for seed in seeds:
                board = _board(ai_scenario(n, seed))
                t0, c0 = time.perf_counter(), time.process_time()
                r = choose_attack(board, lookahead=lookahead, time_limit=limits.get(n))
                rows.append({"n": n, "lookahead": lookahead, "seed": seed, "status": r.status,
                             "wall_ms": (time.perf_counter() - t0) * 1000,
                             "cpu_ms": (time.process_time() - c0) * 1000, "nodes": r.nodes,
                             "value": r.value, "bound": r.bound, "attackers": len(r.attackers),
                             "limit_s": limits.get(n)})
                print(f"  n={n} lookahead={lookahead} seed={seed}: {r.status} "
                      f"{rows[-1]['cpu_ms']:.0f} ms CPU", file=sys.stderr)
    return rows


def swarm() -> list[dict[str, Any]]:
    rows = []
    for life, alice in ((20, 20), (200, 20), (200, 30)):
        board = _board(swarm_scenario(life, alice))
        for lookahead in (0, 1):
            t0, c0 = time.perf_counter(), time.process_time()
            r = choose_blocks(board, lookahead=lookahead)
            rows.append({"life": life, "alice": alice, "lookahead": lookahead, "status": r.status,
                         "value": r.value,
                         "wall_ms": (time.perf_counter() - t0) * 1000,
                         "cpu_ms": (time.process_time() - c0) * 1000, "nodes": r.nodes,
                         "survives": r.survives, "blockers": r.blockers,
                         "life_after": r.outcome["life"]["Bob"]})
    return rows


def blocks(lookaheads: tuple[int, ...], ground_seeds: list[int], ground_ns: tuple[int, ...],
           limit: float = 60.0) -> list[dict[str, Any]]:
    boards: list[tuple[str, dict[str, Any]]] = [(f"note {a}v{b}", note_scenario(a, b)) for a, b in NOTE_SIZES]
    boards += [(f"ground {n}v{n} seed {s}", ground_scenario(n, s)) for n in ground_ns for s in ground_seeds]
    rows = []
    for name, data in boards:
        board = _board(data)
        for lookahead in lookaheads:
            t0, c0 = time.perf_counter(), time.process_time()
            r = choose_blocks(board, lookahead=lookahead, time_limit=limit)
            rows.append({"board": name, "lookahead": lookahead, "status": r.status, "value": r.value,
                         "bound": r.bound, "cpu_ms": (time.process_time() - c0) * 1000,
                         "wall_ms": (time.perf_counter() - t0) * 1000, "nodes": r.nodes,
                         "blockers": r.blockers})
            print(f"  {name} lookahead={lookahead}: {r.status} {r.value} "
                  f"{rows[-1]['cpu_ms']:.0f} ms CPU", file=sys.stderr)
    return rows


def triggers(cases: list[tuple[int, int]], seeds: list[int], limit: float = 30.0) -> list[dict[str, Any]]:
    """``choose_attack`` on :func:`trigger_scenario` boards: (n a side, lookahead) cases."""
    rows = []
    for n, lookahead in cases:
        for seed in seeds:
            board = _board(trigger_scenario(n, seed))
            t0, c0 = time.perf_counter(), time.process_time()
            r = choose_attack(board, lookahead=lookahead, time_limit=limit)
            rows.append({"n": n, "lookahead": lookahead, "seed": seed, "status": r.status,
                         "wall_ms": (time.perf_counter() - t0) * 1000,
                         "cpu_ms": (time.process_time() - c0) * 1000, "nodes": r.nodes,
                         "attackers": len(r.attackers), "triggers": len(r.triggers)})
            print(f"  triggers n={n} lookahead={lookahead} seed={seed}: {r.status} "
                  f"{rows[-1]['cpu_ms']:.0f} ms CPU", file=sys.stderr)
    return rows


def lethal(target: int, max_seeds: int) -> dict[str, Any]:
    from redzone.solver.ai.reference import reference_attack_values

    found = {True: 0, False: 0}
    mismatches: list[int] = []
    cpu = []
    seed = 0
    while min(found.values()) < target and seed < max_seeds:
        board = _board(lethal_scenario(seed))
        values = {tuple(sorted(d.items())): v for d, v in reference_attack_values(board, lookahead=0)}
        win = 1_000_000_000
        exists = max(values.values()) >= win
        if found[exists] < target:
            c0 = time.process_time()
            r = choose_attack(board)  # the default: lookahead 1
            cpu.append((time.process_time() - c0) * 1000)
            ok = r.lethal == exists and r.status == "optimal"
            if exists:
                ok = ok and values.get(tuple(sorted(r.attackers.items())), 0) >= win
            if not ok:
                mismatches.append(seed)
            found[exists] += 1
        seed += 1
    return {"lethal_boards": found[True], "non_lethal_boards": found[False], "seeds_tried": seed,
            "mismatches": mismatches, "median_cpu_ms": statistics.median(cpu) if cpu else None,
            "max_cpu_ms": max(cpu) if cpu else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--skip", default="", help="comma-separated sections to skip: sizes,swarm,blocks,triggers,lethal")
    ap.add_argument("--block-lookaheads", default="0", help="lookaheads of the blocks section")
    ap.add_argument("--ground-seeds", default="0-2", help="seeds of the blocks section's ground boards (A-B)")
    ap.add_argument("--ground-sizes", default="6,8,10", help="sizes of the blocks section's ground boards")
    ap.add_argument("--puzzles", type=int, default=200, help="boards of each kind (lethal / not)")
    ap.add_argument("--json", default=None, help="also write the raw figures to this file")
    ap.add_argument("--sizes", default=None, help="comma-separated board sizes (default: all)")
    ap.add_argument("--seeds", default=None, help="seeds of the sizes section: A-B or a comma list "
                                                  "(default 0-2; 0 with --quick)")
    ap.add_argument("--lookaheads", default="0,1", help="lookaheads of the sizes section")
    ap.add_argument("--trigger-cases", default="5:0,5:1,8:1",
                    help="n:lookahead cases of the triggers section")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    if args.seeds:
        lo, _, hi = args.seeds.partition("-")
        seeds = (list(range(int(lo), int(hi) + 1)) if hi
                 else [int(x) for x in args.seeds.split(",")])
    else:
        seeds = [0] if args.quick else [0, 1, 2]
    ns = tuple(int(x) for x in args.sizes.split(",")) if args.sizes else SIZES
    lookaheads = tuple(int(x) for x in args.lookaheads.split(","))
    limits = {3: 30.0, 5: 30.0, 8: 10.0, 12: 10.0, 20: 10.0}
    out: dict[str, Any] = {"cpu": _cpu_model(), "load_average": os.getloadavg(),
                           "python": platform.python_version()}
    print(f"CPU: {out['cpu']}; load average {out['load_average'][0]:.2f}; Python {out['python']}\n")
    if "sizes" not in skip:
        rows = out["sizes"] = sizes(seeds, limits, ns, lookaheads)
        print("| n a side | lookahead | time limit (s) | status (per seed) | CPU ms (median / max) | wall ms (median) | nodes (median) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for n in ns:
            for la in lookaheads:
                rs = [r for r in rows if r["n"] == n and r["lookahead"] == la]
                print(f"| {n} | {la} | {limits.get(n)} | {', '.join(r['status'] for r in rs)} | "
                      f"{statistics.median(r['cpu_ms'] for r in rs):.0f} / {max(r['cpu_ms'] for r in rs):.0f} | "
                      f"{statistics.median(r['wall_ms'] for r in rs):.0f} | "
                      f"{statistics.median(r['nodes'] for r in rs):.0f} |")
        print()
    if "swarm" not in skip:
        rows = out["swarm"] = swarm()
        print("| token swarm: Bob's life | Alice's life | lookahead | status | value | CPU ms | wall ms | "
              "Bob survives | Bob's life after | blocks |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in rows:
            print(f"| {r['life']} | {r['alice']} | {r['lookahead']} | {r['status']} | {r['value']} | "
                  f"{r['cpu_ms']:.0f} | {r['wall_ms']:.0f} | {r['survives']} | {r['life_after']} | "
                  f"{r['blockers']} |")
        print()
    if "blocks" not in skip:
        lo, _, hi = args.ground_seeds.partition("-")
        gseeds = list(range(int(lo), int(hi or lo) + 1))
        rows = out["blocks"] = blocks(tuple(int(x) for x in args.block_lookaheads.split(",")), gseeds,
                                      tuple(int(x) for x in args.ground_sizes.split(",")))
        print("| choose-block board | lookahead | status | value | bound | CPU ms | nodes |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for r in rows:
            print(f"| {r['board']} | {r['lookahead']} | {r['status']} | {r['value']} | {r['bound']} | "
                  f"{r['cpu_ms']:.0f} | {r['nodes']} |")
        print()
    if "triggers" not in skip:
        cases = [(int(c.split(":")[0]), int(c.split(":")[1])) for c in args.trigger_cases.split(",")]
        rows = out["triggers"] = triggers(cases, seeds)
        print("| triggers: n a side | lookahead | time limit (s) | status (per seed) | CPU ms (median / max) | "
              "wall ms (median) | nodes (median) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for n, la in cases:
            rs = [r for r in rows if r["n"] == n and r["lookahead"] == la]
            print(f"| {n} | {la} | 30 | {', '.join(r['status'] for r in rs)} | "
                  f"{statistics.median(r['cpu_ms'] for r in rs):.0f} / {max(r['cpu_ms'] for r in rs):.0f} | "
                  f"{statistics.median(r['wall_ms'] for r in rs):.0f} | "
                  f"{statistics.median(r['nodes'] for r in rs):.0f} |")
        print()
    if "lethal" not in skip:
        target = 50 if args.quick else args.puzzles
        res = out["lethal"] = lethal(target, max_seeds=20 * target)
        print(f"Lethal puzzles: {res['lethal_boards']} boards with a lethal attack, "
              f"{res['non_lethal_boards']} without ({res['seeds_tried']} seeds); "
              f"mismatches: {len(res['mismatches'])} {res['mismatches'][:10]}; "
              f"choose_attack CPU median {res['median_cpu_ms']:.0f} ms, max {res['max_cpu_ms']:.0f} ms")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    main()
