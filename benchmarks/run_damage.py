#!/usr/bin/env python3
"""Standalone benchmark of combat damage assignment (CR 510.1): prints markdown tables.

Run from the repository root (the project installed, e.g. editable)::

    python benchmarks/run_damage.py              # every figure, about a minute on 2 cores
    python benchmarks/run_damage.py --quick      # fewer repeats
    python benchmarks/run_damage.py --json out.json

Boards (real cards, generated deterministically from a seed; :func:`damage_scenario`):

- ``trampler-vs-10``: Ghalta, Primal Hunger (12/12 trample) blocked by ten of Bob's
  creatures drawn from a mix of real cards (some with damage marked, Typhoid Rats with
  deathtouch); ``+collar`` equips it with Basilisk Collar (deathtouch: 1 is lethal);
- ``20-vs-10``: twenty of Alice's attacking creatures (tramplers, trample over
  planeswalkers at Bob's Gideon, deathtouch, vanilla) against ten of Bob's creatures that
  can each block any number of creatures, each blocking 2-6 of them; a few attackers
  unblocked.

Scale (``--scale``, also part of the full run): N permanents, N/2 of Alice's Grizzly Bears
attacking, each blocked by one of Bob's N/2 Hill Giants (:func:`scale_scenario`); the whole
``damage`` job in a warm process (board, damage problem, plan, dealing damage and
state-based actions), for N = 2,000, 4,000 and 6,000. Target: 6,000 permanents in at most
1 s (issue 8: dealing damage once scanned every permanent for every event).

Each board is run under both rule sets (``2023`` uses the default damage assignment
orders) and with each objective. Timed: ``damage_problem`` (board -> normal form) and
``plan_damage_step`` (model build + CP-SAT solve) in a warm process, median and maximum
of the repeats (wall) and median CPU time; then the CPU time of one plan on each of 20
boards of other seeds (median, 90th percentile, maximum). Every plan is checked legal and
``optimal``. Then whole-process ``redzone damage`` on an example.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_STEP_MS = 20.0
"""Target: at most 20 ms per damage step in-process (plan_damage_step)."""

BLOCKER_MIX: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 4), ("Hill Giant", 3), ("Llanowar Elves", 3), ("Elvish Warrior", 3),
    ("Wall of Roots", 2), ("Pillarfield Ox", 2), ("Trained Armodon", 2), ("Typhoid Rats", 2),
    ("Darksteel Myr", 1), ("Giant Spider", 2), ("Siege Mastodon", 1),
)
ATTACKER_MIX: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 4), ("Colossal Dreadmaw", 3), ("Ghor-Clan Rampager", 3), ("Rhox Brute", 3),
    ("Hill Giant", 3), ("Battle Mammoth", 2), ("Typhoid Rats", 2), ("Craw Wurm", 2),
    ("Thundering Tanadon", 2), ("Thrasta, Tempest's Roar", 1),
)
MULTI_BLOCKERS: tuple[str, ...] = ("Palace Guard", "Guardian of the Gateless", "Pillarfield Ox",
                                   "Siege Mastodon", "Giant Spider", "Elvish Warrior")
ANY_NUMBER = "This creature can block any number of creatures."


def _draw(rng: random.Random, mix: tuple[tuple[str, int], ...]) -> str:
    names = [n for n, _ in mix]
    weights = [w for _, w in mix]
    return rng.choices(names, weights)[0]


def damage_scenario(kind: str, *, seed: int = 0, rules: str = "current") -> dict[str, Any]:
    """The benchmark board ``kind`` (``"trampler-vs-10"``, ``"trampler-vs-10+collar"``,
    ``"20-vs-10"``) as a scenario dict."""
    rng = random.Random(f"{kind}/{seed}")
    perms: list[dict[str, Any]] = []
    combat: dict[str, Any] = {"attackers": {}, "blockers": {}}
    if kind.startswith("trampler-vs-10"):
        perms.append({"id": "ghalta", "card": "Ghalta, Primal Hunger", "controller": "Alice"})
        if kind.endswith("+collar"):
            perms.append({"id": "collar", "card": "Basilisk Collar", "controller": "Alice",
                          "attached_to": "ghalta"})
        combat["attackers"]["ghalta"] = "Bob"
        for i in range(10):
            bid = f"b{i}"
            perm: dict[str, Any] = {"id": bid, "card": _draw(rng, BLOCKER_MIX), "controller": "Bob"}
            if rng.random() < 0.3:
                perm["damage"] = 1
            perms.append(perm)
            combat["blockers"][bid] = ["ghalta"]
    elif kind == "20-vs-10":
        perms.append({"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob"})
        attackers = []
        for i in range(20):
            aid = f"a{i}"
            name = _draw(rng, ATTACKER_MIX)
            perms.append({"id": aid, "card": name, "controller": "Alice"})
            target = "gideon" if name == "Thrasta, Tempest's Roar" or rng.random() < 0.15 else "Bob"
            combat["attackers"][aid] = target
            attackers.append(aid)
        for i in range(10):
            bid = f"m{i}"
            perms.append({"id": bid, "card": MULTI_BLOCKERS[i % len(MULTI_BLOCKERS)],
                          "controller": "Bob", "abilities": [ANY_NUMBER]})
            combat["blockers"][bid] = rng.sample(attackers[:17], rng.randint(2, 6))
    else:
        raise ValueError(f"unknown board {kind!r}")
    return {"rules": rules, "players": [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": perms, "combat": combat}


SCALE_SIZES: tuple[int, ...] = (2000, 4000, 6000)
TARGET_SCALE_S = 1.0
"""Target: the whole damage job on 6,000 permanents in at most 1 s."""


def scale_scenario(n: int) -> dict[str, Any]:
    """N permanents: N/2 Grizzly Bears (Alice's, attacking Bob), each blocked by its own
    Hill Giant (Bob's). Every attacker deals 2 to its blocker and takes 3 (CR 510.2): all
    N/2 Bears die, no Giant does (704.5g)."""
    half = n // 2
    perms = ([{"id": f"a{i}", "card": "Grizzly Bears", "controller": "Alice"} for i in range(half)]
             + [{"id": f"d{i}", "card": "Hill Giant", "controller": "Bob"} for i in range(half)])
    return {"players": [{"name": "Alice"}, {"name": "Bob"}], "permanents": perms,
            "combat": {"attackers": {f"a{i}": "Bob" for i in range(half)},
                       "blockers": {f"d{i}": [f"a{i}"] for i in range(half)}}}


def scale_times(sizes: tuple[int, ...] = SCALE_SIZES, repeat: int = 3) -> list[dict[str, Any]]:
    """The whole ``damage`` job (:func:`redzone.solver.frontends.commands.run_command`) on
    :func:`scale_scenario` boards, from a validated scenario: median wall and CPU seconds of
    ``repeat`` runs, checked against the expected outcome."""
    from redzone.models.scenario import parse_scenario
    from redzone.solver.frontends.commands import run_command

    run_command("damage", parse_scenario(scale_scenario(10)), {})  # imports, ortools
    rows = []
    for n in sizes:
        scenario = parse_scenario(scale_scenario(n))
        walls, cpus = [], []
        for _ in range(repeat):
            t, c = time.perf_counter(), time.process_time()
            data = run_command("damage", scenario, {}).to_json()
            walls.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
        assert len(data["outcome"]["destroyed"]) == n // 2, n
        rows.append({"permanents": n, "wall_s": _median(walls), "cpu_s": _median(cpus),
                     "repeat": repeat})
    return rows


def _board(kind: str, rules: str) -> Any:
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    return build_board(parse_scenario(damage_scenario(kind, rules=rules)))


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def measure(repeat: int, seeds: int) -> list[dict[str, Any]]:
    """One row per (board, rules, objective): ``repeat`` plans of seed 0's board, then one
    plan of each of ``seeds`` seeded boards (wall and CPU milliseconds)."""
    from redzone.models.board import build_board
    from redzone.models.damage_problem import OBJECTIVES, damage_violations
    from redzone.models.damage_rules import damage_problem
    from redzone.models.scenario import parse_scenario
    from redzone.solver.damage.solve import plan_damage_step

    plan_damage_step(damage_problem(_board("trampler-vs-10", "current")))  # import ortools
    rows = []
    for kind in ("trampler-vs-10", "trampler-vs-10+collar", "20-vs-10"):
        for rules in ("current", "2023"):
            problems = [damage_problem(build_board(parse_scenario(damage_scenario(kind, seed=k, rules=rules))))
                        for k in range(seeds)]
            board = _board(kind, rules)
            build = []
            for _ in range(repeat):
                t = time.perf_counter()
                problem = damage_problem(board)
                build.append((time.perf_counter() - t) * 1000)
            choice = [s for s in problem.sources if s.has_choice]
            pairs = sum(len(s.recipients) for s in choice)
            for objective in OBJECTIVES:
                totals, cpu, models, solves = [], [], [], []
                plan = None
                for _ in range(repeat):
                    t, c = time.perf_counter(), time.process_time()
                    plan = plan_damage_step(problem, objective)
                    totals.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.process_time() - c) * 1000)
                    models.append(plan.build_ms)
                    solves.append(plan.solve_ms)
                assert plan is not None and plan.status == "optimal", (kind, rules, objective)
                assert damage_violations(problem, plan.assignment) == []
                player = sum(n for row in plan.assignment.values() for r, n in row.items() if r == "Bob")
                spread = []
                for other in problems:
                    c = time.process_time()
                    got = plan_damage_step(other, objective)
                    spread.append((time.process_time() - c) * 1000)
                    assert got.status == "optimal" and damage_violations(other, got.assignment) == []
                spread.sort()
                rows.append({
                    "board": kind, "rules": rules, "objective": objective,
                    "sources": len(problem.sources), "with_choice": len(choice), "pairs": pairs,
                    "damage_problem_ms": _median(build), "model_build_ms": _median(models),
                    "solve_ms": _median(solves), "plan_ms": _median(totals), "plan_max_ms": max(totals),
                    "plan_cpu_ms": _median(cpu), "status": plan.status, "to_bob": player,
                    "seeds": seeds, "seeds_cpu_median_ms": _median(spread),
                    "seeds_cpu_p90_ms": spread[max(0, int(0.9 * len(spread)) - 1)],
                    "seeds_cpu_max_ms": spread[-1],
                })
    return rows


def cli_times(runs: int) -> dict[str, Any]:
    """Whole-process ``redzone damage`` on the Palace Guard example (subprocess loop)."""
    exe = shutil.which("redzone") or "redzone"
    example = ROOT / "examples" / "damage-palace-guard.yaml"
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([exe, "damage", str(example), "--json"], check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return {"command": "redzone damage examples/damage-palace-guard.yaml --json",
            "median_s": _median(times), "min_s": min(times), "max_s": max(times), "runs": runs}


def _cpu_model() -> str:
    """The CPU model name (``/proc/cpuinfo`` on Linux; else what ``platform`` knows)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _scale_table(rows: list[dict[str, Any]]) -> str:
    lines = ["| permanents | wall (s) | CPU (s) | ≤ 1 s (CPU) |", "| ---: | ---: | ---: | --- |"]
    for r in rows:
        ok = "met" if r["cpu_s"] <= TARGET_SCALE_S else "**missed**"
        lines.append(f"| {r['permanents']:,} | {r['wall_s']:.3f} | {r['cpu_s']:.3f} | {ok} |")
    return "\n".join(lines)


def _table(rows: list[dict[str, Any]]) -> str:
    head = ("| board | rules | objective | sources (with a choice) | pairs | damage_problem | "
            "model build | CP-SAT solve | **plan_damage_step** wall (max) | CPU | to Bob | "
            "seeds: CPU median / p90 / max | ≤ 20 ms (median) |\n"
            "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    lines = [head]
    for r in rows:
        ok = "met" if r["plan_cpu_ms"] <= TARGET_STEP_MS and r["seeds_cpu_median_ms"] <= TARGET_STEP_MS \
            else "**missed**"
        lines.append(
            f"| {r['board']} | {r['rules']} | {r['objective']} | {r['sources']} ({r['with_choice']}) | "
            f"{r['pairs']} | {r['damage_problem_ms']:.2f} | {r['model_build_ms']:.2f} | "
            f"{r['solve_ms']:.2f} | **{r['plan_ms']:.2f}** ({r['plan_max_ms']:.2f}) | "
            f"{r['plan_cpu_ms']:.2f} | {r['to_bob']} | {r['seeds_cpu_median_ms']:.1f} / "
            f"{r['seeds_cpu_p90_ms']:.1f} / {r['seeds_cpu_max_ms']:.1f} | {ok} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="5 repeats and 5 seeds instead of 30 and 20; 3 CLI runs")
    parser.add_argument("--json", metavar="PATH", help="also write the raw figures here")
    parser.add_argument("--no-cli", action="store_true", help="skip the whole-process timing")
    parser.add_argument("--scale", action="store_true",
                        help="only the scale figures (2,000 / 4,000 / 6,000 permanents)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    machine = f"{_cpu_model()}, {os.cpu_count()} cores"
    if args.scale:
        scale = scale_times()
        print(f"Machine: {machine}, load average {load:.2f}; Python {platform.python_version()}\n")
        print(_scale_table(scale))
        if args.json:
            Path(args.json).write_text(json.dumps({"scale": scale}, indent=2))
        return 0
    repeat = 5 if args.quick else 30
    rows = measure(repeat, 5 if args.quick else 20)
    scale = scale_times(repeat=1 if args.quick else 3)
    print(f"Machine: {machine}, load average {load:.2f}; Python {platform.python_version()}; "
          f"repeats {repeat}\n")
    print("## Damage step planning (milliseconds, median)\n")
    print(_table(rows))
    print("\n## Scale: the whole damage job (seconds, median)\n")
    print(_scale_table(scale))
    cli = None
    if not args.no_cli:
        cli = cli_times(3 if args.quick else 10)
        print("\n## Whole-process command line\n")
        print(f"`{cli['command']}`: median {cli['median_s']:.3f} s "
              f"(min {cli['min_s']:.3f}, max {cli['max_s']:.3f}; {cli['runs']} runs)")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "scale": scale, "cli": cli}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
