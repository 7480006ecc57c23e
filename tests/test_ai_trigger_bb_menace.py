"""The branch and bound over blocks of the search with triggered abilities
(:mod:`redzone.solver.ai.trigger_bb`) on boards where attacking creatures have menace
(issue 21 §4, h40): an attacker with menace can't be blocked except by two or more creatures
(702.111b, 509.1b), and the branch and bound gives it no group of one. Every declaration's
exact value (the whole window: every block's value counts) must be the listing's, which
judges each block against the restriction (``block_problem.restriction_violations``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from redzone.models import block_problem as bp_mod
from test_ai_triggers import TRIGGERS, _declaration_values


def _menace_board(rng: random.Random, attackers: int, blockers: int) -> dict[str, Any]:
    """Inline creatures, Alice attacks Bob: each of Alice's creatures has menace with
    probability 0.6, about half of all a triggered keyword of :data:`TRIGGERS`."""
    perms: list[dict[str, Any]] = []
    for side, n in (("Alice", attackers), ("Bob", blockers)):
        for i in range(n):
            cid = f"{side[0].lower()}{i}"
            text = []
            if side == "Alice" and rng.random() < 0.6:
                text.append("Menace")
            if rng.random() < 0.5:
                text.append(rng.choice(TRIGGERS))
            perms.append({"id": cid, "name": cid, "controller": side, "types": ["Creature"],
                          "power": rng.randint(0, 4), "toughness": rng.randint(1, 4), "text": "\n".join(text)})
    return {"players": [{"name": "Alice", "life": rng.randint(1, 20)}, {"name": "Bob", "life": rng.randint(1, 10)}],
            "permanents": perms}


def _differs(seeds: range, monkeypatch: pytest.MonkeyPatch, listed_first: int = 0) -> tuple[list[int], int]:
    """The seeds where some declaration's exact value differs with the branch and bound used
    on every block list where it applies (``BB_FROM`` 0, and at once under menace:
    ``LISTED_FIRST`` ``listed_first``) and without it, and how many of its runs had a menace
    restriction to obey."""
    from redzone.solver.ai import trigger_bb

    real = trigger_bb.branch_and_bound
    menace = [0]

    def counted(game: Any, board: Any, attackers: Any, state: Any, problem: bp_mod.BlockProblem,
                *args: Any, **kwargs: Any) -> Any:
        if problem.restrictions:
            menace[0] += 1
        return real(game, board, attackers, state, problem, *args, **kwargs)

    monkeypatch.setattr(trigger_bb, "branch_and_bound", counted)
    bad = []
    for seed in seeds:
        rng = random.Random(seed)
        data = _menace_board(rng, rng.randint(2, 3), rng.randint(2, 4))
        monkeypatch.setattr(trigger_bb, "BB_FROM", 1 << 60)
        listed = _declaration_values(data)
        monkeypatch.setattr(trigger_bb, "BB_FROM", 0)
        monkeypatch.setattr(trigger_bb, "LISTED_FIRST", listed_first)
        if _declaration_values(data) != listed:
            bad.append(seed)
    return bad, menace[0]


def test_branch_and_bound_with_menace_values_every_declaration_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    # 702.111b, 509.1b: a menace attacker blocked by one creature is not a legal block; the
    # branch and bound, now used when menace is the only restriction, values the same
    # declarations as the listing, and it did run with menace on many of these boards.
    bad, menace = _differs(range(30), monkeypatch)
    assert bad == [] and menace >= 30


def test_branch_and_bound_after_a_partial_listing_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under menace the listing comes first (``LISTED_FIRST`` blocks), then the branch and
    # bound over every block, the listed ones included (their best its incumbent): the same
    # values, here after 3 listed blocks.
    bad, menace = _differs(range(30), monkeypatch, listed_first=3)
    assert bad == [] and menace >= 10


def test_planted_single_blocker_of_menace_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Planted bug: the branch and bound forgets menace (a menace attacker given a group of
    # one creature, an illegal block, 509.1b): the defending player's best then includes
    # blocks the rules forbid, and the exact values must differ on several boards.
    from redzone.solver.ai import trigger_bb

    monkeypatch.setattr(trigger_bb, "_least_blockers", lambda problem: {})
    bad, _ = _differs(range(30), monkeypatch)
    assert len(bad) >= 2
