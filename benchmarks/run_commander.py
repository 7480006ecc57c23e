#!/usr/bin/env python3
"""Benchmark of the AI on four-player Commander boards (issue 23): prints a markdown table.

Run from the repository root (the project installed, e.g. editable)::

    python benchmarks/run_commander.py                      # sizes 3-6, seeds 0-2
    python benchmarks/run_commander.py --sizes 6 --seeds 0-4 --time-limit 10

For each board (:func:`benchmarks.commander_boards.commander_scenario`: four players, ``n``
creatures each, one of them the player's real commander, commander totals 0-18 already
dealt) ``choose_attack`` at lookahead 0 is timed in process (the board built once; CPU time
of the call, ``time.process_time``), with ``--time-limit`` seconds (wall). The table gives
the status (``optimal`` proved, ``feasible`` cut short), the value and the bound (a
``feasible`` answer's proved upper bound: with more than two players, the value of a won
game — docs/ai.md, "The bound of an unfinished search"), nodes and the attack chosen.
Target (benchmarks/README.md, "Commander"): 6 creatures a player proved within 1 s of CPU.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.commander_boards import commander_scenario  # noqa: E402
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.ai.decisions import choose_attack  # noqa: E402


def _range(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3,4,5,6", help="creatures a player (comma list)")
    ap.add_argument("--seeds", default="0-2", help="seeds, e.g. 0-2 or 0,4")
    ap.add_argument("--lookahead", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds (wall) per call")
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"choose_attack, four-player Commander boards, lookahead {args.lookahead}, "
          f"time limit {args.time_limit} s; load average {load:.1f} at start")
    print()
    print("| creatures a player | seed | status | CPU s | value | bound | nodes | attack |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in _range(args.sizes):
        for seed in _range(args.seeds):
            board = build_board(parse_scenario(commander_scenario(n, seed)))
            t0 = time.process_time()
            d = choose_attack(board, lookahead=args.lookahead, time_limit=args.time_limit)
            cpu = time.process_time() - t0
            attack = ", ".join(f"{a}→{t}" for a, t in d.attackers.items()) or "none"
            print(f"| {n} | {seed} | {d.status} | {cpu:.2f} | {d.value:.3f} | {d.bound:.3f} | "
                  f"{d.nodes} | {attack} |", flush=True)


if __name__ == "__main__":
    main()
