"""The proved bounds of an unfinished AI search (:mod:`redzone.solver.ai.bounds.ceiling`, issue 9
§3): ``attack_ceiling`` is at or above the value of every legal declaration, and
``block_floor`` at or below the value of every legal block, as the exhaustive reference
(:mod:`redzone.solver.ai.reference`) finds them on random tiny boards, at lookahead 0 and 1;
on a board of real cards the ceiling is far below a won game, and an answer cut short
reports it as its ``bound``. A planted bug (each creature's *worst* result summed instead
of its best) must be caught."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.ai_boards import ai_scenario
from redzone.models.board import build_board
from redzone.models.evaluation import Weights, points
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.bounds import ceiling as ai_ceiling
from redzone.solver.ai import search as ai_game
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.bounds.ceiling import attack_ceiling, block_floor
from redzone.solver.ai.search import Game
from redzone.solver.ai.reference import reference_attack_values, reference_block_value
from tests.test_ai_differential import random_board

WIN = 1_000_000_000  # a won game, milli-points (default weights)


def _settings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _game(data: dict[str, Any], lookahead: int, *, blocks: bool = False) -> tuple[Any, Game]:
    board = build_board(parse_scenario(data))
    game = Game(board, board.active_player, Weights(), lookahead, None, attack_paid=not blocks)
    return board, game


def ceiling_violation(seed: int) -> str | None:
    """``None`` when the ceiling of a random board is at or above the reference's optimum
    (or does not apply), else what is wrong."""
    rng = random.Random(seed)
    lookahead = rng.randint(0, 1)
    data = random_board(rng, rng.randint(1, 4 - lookahead), rng.randint(0, 3 - lookahead))
    board, game = _game(data, lookahead)
    ceiling = attack_ceiling(game)
    if ceiling is None:
        return None
    best = max(v for _, v in reference_attack_values(board, lookahead=lookahead))
    return None if ceiling >= best else f"ceiling {ceiling} < optimum {best} (lookahead {lookahead})"


def floor_violation(seed: int) -> str | None:
    rng = random.Random(seed)
    lookahead = rng.randint(0, 1)
    data = random_board(rng, rng.randint(1, 3), rng.randint(0, 3 - lookahead), combat=True)
    board, game = _game(data, lookahead, blocks=True)
    floor = block_floor(game, dict(board.scenario.combat.attackers))
    if floor is None:
        return None
    best = min(v for _, v in reference_block_value(board, lookahead=lookahead))
    return None if floor <= best else f"floor {floor} > optimum {best} (lookahead {lookahead})"


@st.composite
def seeds(draw: st.DrawFn) -> int:
    return draw(st.integers(0, 2**32 - 1))


@_settings(150)
@given(seeds())
def test_attack_ceiling_is_at_or_above_every_declaration(seed: int) -> None:
    # value(D) = min over legal blocks <= the value against one fixed legal block, which is
    # at most the evaluation of every creature's best result added up (the evaluation is
    # monotone in life, poison and the permanents' part): docstring of attack_ceiling.
    assert ceiling_violation(seed) is None


@_settings(100)
@given(seeds())
def test_block_floor_is_at_or_below_every_block(seed: int) -> None:
    assert floor_violation(seed) is None


def test_both_lookaheads_and_most_boards_are_covered() -> None:
    # The property tests above mean something only if the bounds apply to most boards at
    # both lookaheads and are not a won game there.
    tight = {0: 0, 1: 0}
    for seed in range(60):
        rng = random.Random(seed)
        lookahead = rng.randint(0, 1)
        data = random_board(rng, rng.randint(1, 4 - lookahead), rng.randint(0, 3 - lookahead))
        c = attack_ceiling(_game(data, lookahead)[1])
        if c is not None and c < WIN:
            tight[lookahead] += 1
    assert tight[0] >= 15 and tight[1] >= 15


@_settings(1500)
@given(seeds())
def _slow_ceiling_and_floor(seed: int) -> None:
    assert ceiling_violation(seed) is None
    assert floor_violation(seed) is None


@pytest.mark.slow
def test_slow_ceiling_and_floor(request: pytest.FixtureRequest) -> None:
    """1,500 more boards of each kind; runs only under ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    _slow_ceiling_and_floor()


# ---------------------------------------------------------------- real cards


def test_real_card_board_ceiling_is_far_below_a_won_game() -> None:
    # Twelve creatures a side from the benchmark pool (Serra Angel, Air Elemental, Craw
    # Wurm, Typhoid Rats ...): no attack can take Bob (11 life) to 0 when he keeps a
    # fixed legal block for every declaration, so the bound is a position, not a won game.
    board = build_board(parse_scenario(ai_scenario(12, 0)))
    for lookahead in (0, 1):
        ceiling = attack_ceiling(Game(board, board.active_player, Weights(), lookahead, None))
        assert ceiling is not None and ceiling < WIN // 100
    # And it bounds the proved optimum on a board small enough to search (5 a side).
    small = build_board(parse_scenario(ai_scenario(5, 0)))
    for lookahead in (0, 1):
        exact = choose_attack(small, lookahead=lookahead)
        assert exact.status == "optimal"
        ceiling = attack_ceiling(Game(small, small.active_player, Weights(), lookahead, None))
        assert ceiling is not None and exact.value <= points(ceiling) < WIN // 1000


def _cut_after(monkeypatch: pytest.MonkeyPatch, nodes: int) -> None:
    """Make the search run out of time after ``nodes`` positions (deterministically)."""
    real = ai_game.Clock.tick

    def tick(self: ai_game.Clock) -> None:
        real(self)
        if self.nodes > nodes and self.deadline is not None:
            raise ai_game.Timeout

    monkeypatch.setattr(ai_game.Clock, "tick", tick)


@pytest.mark.parametrize("lookahead", [0, 1])
def test_an_answer_cut_short_reports_the_ceiling(monkeypatch: pytest.MonkeyPatch, lookahead: int) -> None:
    board = build_board(parse_scenario(ai_scenario(12, 0)))
    _cut_after(monkeypatch, 200)
    r = choose_attack(board, lookahead=lookahead, time_limit=3600)
    assert r.status == "feasible"
    ceiling = attack_ceiling(Game(board, board.active_player, Weights(), lookahead, None))
    assert ceiling is not None
    assert r.value <= r.bound <= points(ceiling) < 1000
    assert r.to_json()["bound"] == r.bound


def test_a_block_answer_cut_short_reports_the_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    # 12 a side, every creature of Alice's that can attack attacks Bob; cut before the first
    # block is valued: the value is unknown (a lost game) but the bound is proved.
    board = build_board(parse_scenario(ai_scenario(12, 0, combat=True)))
    _cut_after(monkeypatch, 0)
    r = choose_blocks(board, lookahead=0, time_limit=3600)
    assert r.status == "feasible"
    game = Game(board, board.active_player, Weights(), 0, None, attack_paid=False)
    floor = block_floor(game, dict(board.scenario.combat.attackers))
    assert floor is not None and -WIN < floor
    assert r.bound == points(-floor) < 1000


# ---------------------------------------------------------------- planted bug


def test_planted_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Plant a bug: each attacking creature's *worst* result for the attacking player is
    # summed instead of its best. The ceiling then falls below the optimum on some boards.
    real = ai_ceiling._unit_extremes

    def worst(game: Any, attacker: str, target: str, blockers: tuple[str, ...], best: bool) -> Any:
        return real(game, attacker, target, blockers, False)

    monkeypatch.setattr(ai_ceiling, "_unit_extremes", worst)
    found = sum(ceiling_violation(seed) is not None for seed in range(60))
    assert found >= 2


def test_planted_floor_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Plant a bug: creatures deal nothing unblocked (no crack-back damage, no lifelink
    # gained by blockers). The floor then rises above the best block on some boards.
    monkeypatch.setattr(ai_ceiling, "_strike", lambda board, perm: (0, 0, 0))
    found = sum(floor_violation(seed) is not None for seed in range(60))
    assert found >= 2
