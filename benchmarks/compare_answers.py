#!/usr/bin/env python3
"""The AI's answers on a fixed list of boards, as JSON lines: to show that a change to the
search (a refactoring, an optimisation) changed no answer.

Each line is one question: the board's name, the lookahead, and the whole answer of
``choose_attack`` / ``choose_blocks`` (``to_json()``: value, bound, status, attackers or
blockers, the line's damage and outcome, the reasons, the node count) without its elapsed
time. No time limit, so the answers are deterministic. Run it with two installs and diff::

    OLD/.venv/bin/python benchmarks/compare_answers.py > before.jsonl   # an install of the old commit
    .venv/bin/python benchmarks/compare_answers.py > after.jsonl
    diff before.jsonl after.jsonl && echo identical

The boards: ``benchmarks/ai_boards.py`` (``ai_scenario`` sizes 3, 5 and 8, seeds 0-2, for
both questions; ``lethal_scenario`` seeds 0-11; ``note_scenario`` 5v5, ``ground_scenario``
6v6 and the token swarm for ``choose_blocks``) and every ``examples/ai-*.yaml``, at
lookahead 0 and 1. Only the public entry points are imported (``redzone.solver.ai``), so
the script runs against the layout before and after issue 24. ``--quick``: sizes 3 and 5,
seed 0 only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.ai_boards import (  # noqa: E402
    ai_scenario,
    ground_scenario,
    lethal_scenario,
    note_scenario,
    swarm_scenario,
)
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402
from redzone.solver.ai import choose_attack, choose_blocks  # noqa: E402


def boards(quick: bool) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(name, question: ``"attack"`` or ``"blocks"``, scenario data) in a fixed order."""
    seeds = (0,) if quick else (0, 1, 2)
    for n in (3, 5) if quick else (3, 5, 8):
        for seed in seeds:
            yield f"ai {n}v{n} seed {seed}", "attack", ai_scenario(n, seed)
            yield f"ai {n}v{n} seed {seed} combat", "blocks", ai_scenario(n, seed, combat=True)
    for seed in range(4 if quick else 12):
        yield f"lethal seed {seed}", "attack", lethal_scenario(seed)
    if not quick:
        yield "note 5v5", "blocks", note_scenario(5, 5)
        yield "ground 6v6 seed 0", "blocks", ground_scenario(6, 0)
        yield "swarm 20", "blocks", swarm_scenario(20)
    for path in sorted((ROOT / "examples").glob("ai-*.yaml")):
        data = yaml.safe_load(path.read_text())
        question = "blocks" if (data.get("combat") or {}).get("attackers") else "attack"
        yield path.name, question, data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer boards")
    args = parser.parse_args(argv)
    for name, question, data in boards(args.quick):
        board = build_board(parse_scenario(data))
        for lookahead in (0, 1):
            choose = choose_attack if question == "attack" else choose_blocks
            answer = choose(board, lookahead=lookahead).to_json()
            answer.pop("elapsed_ms", None)
            print(json.dumps({"board": name, "question": question, "lookahead": lookahead,
                              "answer": answer}, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
