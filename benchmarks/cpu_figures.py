#!/usr/bin/env python3
"""CPU-time figures of issue 11 (speed), for shared or loaded machines: prints one line per
measurement. Wall time on a machine whose load average is far above its core count says
little; the CPU time of this process (``time.process_time``), minimum or median of a few
runs, is what these figures use. Run from the repository root (the project installed)::

    python benchmarks/cpu_figures.py hard 90 0,1,2,3,4     # check-block, exact-cover family
    python benchmarks/cpu_figures.py plan 200               # plan_blocks, 5 boards
    python benchmarks/cpu_figures.py damage                 # 20 vs 10, 20 boards, every objective
    python benchmarks/cpu_figures.py startup [--json]       # one-creature `redzone attack`

``hard``: each kind of ``benchmarks/run_block.py`` (random/planted, m = 2.5n, 2n, n), the
verdict checked against the exact-cover search. ``plan``: median over 5 calls per board
(after one warm-up), CPU and wall, and a digest of the plans (equal digests: equal plans).
``damage``: for each board the least of 3 calls, then the median over 20 boards. ``startup``: in a fresh
process with ortools already imported (its cost is excluded, as is the interpreter's), the
CPU time of importing each module on the attack path, then of running the command (with
``--json``: no rich); it says whether pydantic was imported (it should not be: issue 11).
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KINDS = (("random, m = 2.5n", 2.5, False), ("planted, m = 2.5n", 2.5, True),
         ("random, m = 2n", 2.0, False), ("planted, m = n", 1.0, True))


def _digest(value: object) -> str:
    return hashlib.md5(json.dumps(value, sort_keys=True).encode()).hexdigest()[:8]


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def hard(n: int, seeds: list[int]) -> None:
    from benchmarks.block_boards import exact_cover, x3c_scenario, x3c_sets
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import _import_ortools, check_blocks

    _import_ortools()
    for label, ratio, planted in KINDS:
        m = max(n // 3, int(n * ratio))
        for seed in seeds:
            sets = x3c_sets(n, m, seed=seed, planted=planted)
            cover = exact_cover(n, sets)
            sc = parse_scenario(x3c_scenario(n, sets))
            w, c = time.perf_counter(), time.process_time()
            r = check_blocks(block_problems(build_board(sc)), sc.combat.blockers)
            cpu, wall = time.process_time() - c, time.perf_counter() - w
            agree = r.legal == (cover is None) and r.status == "optimal"
            print(f"check-block n={n} m={m} {label} seed={seed}: CPU {cpu:.2f} s, wall {wall:.2f} s, "
                  f"legal={r.legal}, agrees={agree}, {_load()}", flush=True)


def plan(n: int) -> None:
    from benchmarks.block_boards import block_board_scenario
    from redzone.models.block_rules import block_problems
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario
    from redzone.solver.block.solve import plan_blocks

    medians = []
    walls = []
    for seed in range(5):
        problems = block_problems(build_board(parse_scenario(block_board_scenario(n, seed=seed))))
        plan_blocks(problems)
        cpu = []
        wall = []
        p = None
        for _ in range(5):
            w, c = time.perf_counter(), time.process_time()
            p = plan_blocks(problems)
            cpu.append((time.process_time() - c) * 1000)
            wall.append((time.perf_counter() - w) * 1000)
        assert p is not None
        medians.append(statistics.median(cpu))
        walls.append(statistics.median(wall))
        print(f"plan_blocks n={n} seed={seed}: CPU median {medians[-1]:.0f} ms (min {min(cpu):.0f}), "
              f"wall median {walls[-1]:.0f} ms, M={p.maximum}, {p.status}, plan {_digest(p.blockers)}, "
              f"{_load()}", flush=True)
    print(f"plan_blocks n={n}: median over boards {statistics.median(medians):.0f} ms CPU, "
          f"{statistics.median(walls):.0f} ms wall")


def damage() -> None:
    from benchmarks.run_damage import damage_scenario
    from redzone.models.board import build_board
    from redzone.models.damage_problem import OBJECTIVES
    from redzone.models.damage_rules import damage_problem
    from redzone.models.scenario import parse_scenario
    from redzone.solver.damage.solve import plan_damage_step

    boards = {rules: [damage_problem(build_board(parse_scenario(
        damage_scenario("20-vs-10", seed=k, rules=rules)))) for k in range(20)]
        for rules in ("current", "2023")}
    plan_damage_step(boards["current"][0])
    for rules, problems in boards.items():
        for objective in OBJECTIVES:
            best = []
            values = []
            for problem in problems:
                cpu = []
                for _ in range(3):
                    c = time.process_time()
                    got = plan_damage_step(problem, objective)
                    cpu.append((time.process_time() - c) * 1000)
                assert got.status == "optimal"
                best.append(min(cpu))
                values.append(list(got.value[:-1]))
            print(f"20-vs-10 {rules} {objective}: CPU median {statistics.median(best):.1f} ms, "
                  f"max {max(best):.1f} ms over 20 boards; values {_digest(values)}; {_load()}",
                  flush=True)


STARTUP_MODULES = ("click", "yaml", "rich.console", "redzone.solver.frontends.cli",
                   "redzone.models.errors", "redzone.models.layers", "redzone.models.parser",
                   "redzone.models.cards", "redzone.models.scenario", "redzone.models.board",
                   "redzone.models.attack_problem", "redzone.models.attack_rules",
                   "redzone.solver.attack.solve", "redzone.solver.frontends.commands.attack")

_CHILD = r'''
import contextlib, importlib, io, sys, time, types
placeholder = types.ModuleType("pandas")  # as the CLI does (solver/frontends/cli/__init__.py)
class _NotLoaded: pass
placeholder.Index = placeholder.Series = placeholder.DataFrame = _NotLoaded
sys.modules["pandas"] = placeholder
from ortools.sat.python import cp_model
out = []
for name in MODULES:
    c = time.process_time(); importlib.import_module(name); out.append((time.process_time() - c) * 1000)
import redzone.solver.frontends.cli as cli
c = time.process_time()
with contextlib.redirect_stdout(io.StringIO()):
    sys.argv = ["redzone", "attack", "benchmarks/one-creature.yaml", *ARGS]
    try:
        cli.main()
    except SystemExit:
        pass
out.append((time.process_time() - c) * 1000)
print(" ".join(f"{x:.2f}" for x in out), "pydantic" in sys.modules)
'''


def startup(runs: int = 5, as_json: bool = False) -> None:
    modules = tuple(m for m in STARTUP_MODULES if not (as_json and m == "rich.console"))
    child = _CHILD.replace("MODULES", repr(modules)).replace("ARGS", repr(["--json"] if as_json else []))
    rows = []
    pydantic = set()
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                              cwd=ROOT, check=True)
        *figures, loaded = done.stdout.split()
        rows.append([float(x) for x in figures])
        pydantic.add(loaded)
    print(f"{'--json' if as_json else 'readable output'}; pydantic imported: {', '.join(sorted(pydantic))}")
    for i, name in enumerate((*modules, "(the command itself)")):
        print(f"{name:36} CPU min {min(r[i] for r in rows):6.1f} ms")
    print(f"all but ortools and the interpreter: CPU min {min(sum(r) for r in rows):.0f} ms, "
          f"median {statistics.median(sum(r) for r in rows):.0f} ms ({runs} runs); {_load()}")


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "startup"
    if what == "hard":
        hard(int(argv[1]), [int(s) for s in argv[2].split(",")])
    elif what == "plan":
        plan(int(argv[1]) if len(argv) > 1 else 200)
    elif what == "damage":
        damage()
    elif what == "startup":
        startup(as_json="--json" in argv)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
