"""Nothing after the deadline runs without a deadline (issue 25 §1; docs/ai.md "Time
limits"): every part of an AI answer that runs after the search's deadline stops when the
time is spent and the answer says it was skipped.

No test here depends on the machine's speed: the time is spent before the work starts (a
budget of 0 seconds, :func:`redzone.models.limits.time_budget`, or a game whose
:class:`redzone.solver.ai.clock.Clock` deadline is in the past), so every clock check says "late" whatever the clock reads, and what is checked
is what the code does then (how far it got, what it answers, what it lists as skipped).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from redzone.models.attack_rules import attack_problem
from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.evaluation import Weights
from redzone.models.limits import TimeLimitReached, time_budget
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import block_search as ai_blocks
from redzone.solver.ai import clock as ai_clock
from redzone.solver.ai import search as ai_game
from redzone.solver.ai.bounds import ceiling
from redzone.solver.ai.bounds.ceiling import attack_ceiling, block_floor
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.reserve import GRACE_PERMANENTS, Skips
from redzone.solver.attack.solve import check_attack
from redzone.solver.block.solve import check_blocks
from redzone.solver.frontends.cli import cli
from redzone.solver.frontends.cli import common as cli_common
from redzone.solver.frontends.commands import run_command

CARDS = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Giant Spider", "Craw Wurm",
         "Wind Drake", "Typhoid Rats", "Vampire Nighthawk"]


def _data(n: int, combat: bool = False) -> dict[str, Any]:
    """``n`` creatures a side (real cards, each card up to eight times), every creature of
    Alice attacking Bob when ``combat``; Bob at 3 life (an unblocked attack kills him)."""
    perms = [{"id": f"{side[0].lower()}{i}", "card": CARDS[i % len(CARDS)], "controller": side}
             for side in ("Alice", "Bob") for i in range(n)]
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 3}],
                            "permanents": perms}
    if combat:
        data["combat"] = {"attackers": {f"a{i}": "Bob" for i in range(n)}}
    return data


def _board(n: int, combat: bool = False) -> Any:
    return build_board(parse_scenario(_data(n, combat)))


def _legal_attack(board: Any, attackers: dict[str, str]) -> bool:
    return check_attack(attack_problem(board), attackers).legal is True  # CR 508.1


def _legal_block(board: Any, blockers: dict[str, list[str]]) -> bool:
    attack = dict(board.scenario.combat.attackers)
    return check_blocks(block_problems(board, attack), blockers).legal is True  # CR 509.1


def _past(game: Any) -> Any:
    game.clock.deadline = time.perf_counter() - 1.0  # spent before the work starts
    return game


# ============================================================================ search phase


def test_the_static_climb_stops_when_the_time_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    # The climb toward a block that survives (block_search._static_climb, also the start of
    # the rescue) tried every pair of creatures with no clock check: on 100 a side that ran
    # for minutes past the limit. With the game's deadline past it stops at its first clock
    # check (every 64 trials) with a legal block: at most 64 trial blocks looked at.
    board = _board(8, combat=True)
    attack = dict(board.scenario.combat.attackers)
    calls = [0]
    real = ai_blocks.shortfall

    def counted(*args: Any) -> float:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(ai_blocks, "shortfall", counted)
    monkeypatch.setattr(ai_blocks, "_fast_climb", False)  # every trial through shortfall()
    game = ai_game.Game(board, "Alice", Weights(), 0, None)
    (problem,) = game.declarations.block_problems(attack)
    check = game.declarations.block_filter(problem)
    whole = ai_blocks._static_climb(game, attack, problem, check, {})
    full = calls[0]
    assert full > 200  # the climb does real work on this board (8 attackers into 8 blockers)
    calls[0] = 0
    cut = ai_blocks._static_climb(_past(game), attack, problem, check, {})
    assert calls[0] <= 64 < full
    assert check(cut) is not None and check(whole) is not None  # legal (509.1a-c)


def test_the_attack_listing_stops_when_the_time_is_spent() -> None:
    # 16 creatures, two of each of eight cards: 0, 1 or 2 of each attack, 3^8 = 6,561
    # declarations after symmetry; with the deadline past the listing stops at its first
    # check (256 declarations), not proved whole.
    board = _board(16)
    game = ai_game.Game(board, "Alice", Weights(), 0, None)
    whole = game.declarations.attack_candidates()
    assert len(whole) == 3 ** 8 and game.status.exact
    game = _past(ai_game.Game(board, "Alice", Weights(), 0, None))
    cut = game.declarations.attack_candidates()
    assert len(cut) == 256 and not game.status.exact
    assert all(_legal_attack(board, d) for d, _ in cut[:5])


def test_the_branch_and_bound_line_is_not_replayed_past_the_budget() -> None:
    # The line of the block the branch and bound found was valued "whatever the time left"
    # (at lookahead 1 a crack-back search). With the command's budget spent it is not:
    # _line_of answers None and the incumbent stands (unproved).
    board = _board(3, combat=True)
    attack = dict(board.scenario.combat.attackers)
    game = ai_game.Game(board, "Alice", Weights(), 1, None)
    (problem,) = game.declarations.block_problems(attack)
    check = game.declarations.block_filter(problem)
    block = {"b0": ["a0"]}
    got = ai_blocks._line_of(game, attack, 0, check, block)
    assert got is not None and got[1][0] == block
    game.clock.nodes = 15  # the next tick reads the clock (every 16 nodes)
    with time_budget(0.0):
        assert ai_blocks._line_of(game, attack, 0, check, block) is None
    assert game.clock.deadline is None  # put back


# ============================================================================ after the search


def test_the_bounds_stop_when_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    # attack_ceiling and block_floor play one damage game per creature: under a spent
    # budget they raise TimeLimitReached at their first creature (the answer then lists
    # "bound" and keeps the bound the search proved). Their fresh game is built beforehand
    # here (building it under the spent budget would stop even earlier).
    board = _board(4, combat=True)
    attack = dict(board.scenario.combat.attackers)
    game = ai_game.Game(board, "Alice", Weights(), 0, None)
    assert attack_ceiling(game) is not None and block_floor(game, attack) is not None
    fresh = ai_game.Game(board, "Alice", Weights(), 0, None)
    fresh.declarations.block_problems(attack)
    monkeypatch.setattr(ceiling, "_fresh", lambda g: fresh)
    with time_budget(0.0):
        with pytest.raises(TimeLimitReached, match="the bound of an unfinished search"):
            attack_ceiling(game)
        with pytest.raises(TimeLimitReached, match="the bound of an unfinished search"):
            block_floor(game, attack)


def test_skips_records_what_it_did_not_run() -> None:
    ran = []
    skips = Skips()
    assert skips.run("bound", lambda: ran.append(1) or 5, None) == 5
    with time_budget(0.0):
        assert skips.run("replay", lambda: ran.append(2) or 6, None) is None
        assert skips.run("reasons", lambda: ran.append(3) or 7, {}) == {}
    assert ran == [1] and skips.names == ["replay", "reasons"]
    # A share of the time left: the work sees a budget of its own, at most that share (so a
    # rescue that can't finish leaves time for the replay and the reasons after it).
    from redzone.models.limits import remaining_time

    with time_budget(100.0):
        seen = Skips().run("rescue", lambda: remaining_time(), None, share=0.5)
        assert seen is not None and 0.0 < seen <= 50.0
        assert remaining_time() > 50.0  # the outer budget is untouched


@pytest.mark.parametrize("lookahead", [0, 1])
def test_choose_attack_under_a_spent_budget_lists_what_it_skipped(lookahead: int) -> None:
    # A small board (grace: the game is built anyway), the command's budget spent: the
    # search stops at its first clock check; the bound, the replay and the reasons are
    # skipped and listed (and the fallback's value, when no line was found).
    board = _board(6)
    # the exact style: its choice is the exact game's optimum (the pressure style may choose
    # another declaration within its margin, which is then "feasible", docs/ai.md "Styles")
    d = choose_attack(board, lookahead=lookahead, style="exact")
    assert d.status == "optimal" and d.skipped == ()  # without a limit nothing is skipped
    with time_budget(0.0):
        d = choose_attack(board, lookahead=lookahead, time_limit=10)
    assert d.status == "feasible" and _legal_attack(board, d.attackers)
    assert {"bound", "replay", "reasons"} <= set(d.skipped) <= {"bound", "value", "replay", "reasons"}
    assert d.damage == [] and d.outcome == {} and d.reasons == {}
    assert d.bound == 1_000_000.0  # a won game: nothing better proved
    assert d.to_json()["skipped"] == list(d.skipped)


def test_choose_blocks_fallback_under_a_spent_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # The search finds no block at all (its first clock check ends it) and the budget is
    # spent: the fallback block (no block: no requirement, 509.1c) is answered, its value,
    # the rescue, the replay, the bound and the reasons skipped.
    def tick(clock: Any) -> None:
        if clock.deadline is not None:
            raise ai_clock.Timeout

    monkeypatch.setattr(ai_clock.Clock, "tick", tick)
    board = _board(4, combat=True)
    with time_budget(0.0):
        d = choose_blocks(board, lookahead=0, time_limit=10)
    assert d.blockers == {} and _legal_block(board, d.blockers)
    assert d.skipped == ("rescue", "replay", "value", "bound", "reasons")
    assert (d.value, d.bound) == (-1_000_000.0, 1_000_000.0)
    assert d.survives is None and d.outcome == {} and d.damage == []


def test_a_board_too_big_to_build_in_time() -> None:
    # Past GRACE_PERMANENTS the game is built under the budget: spent, choose_attack answers
    # the legal fallback (no attack: no requirement, 508.1d) with "search" skipped, and
    # choose_blocks can't make a legal block without its problems: TimeLimitReached, which
    # a command answers as unknown.
    n = GRACE_PERMANENTS // 2 + 1
    board = _board(n, combat=True)
    with time_budget(0.0):
        d = choose_attack(board, lookahead=1, time_limit=10)
        assert d.attackers == {} and d.status == "feasible" and d.nodes == 0
        assert d.skipped == ("search", "bound", "value", "replay", "reasons")
        with pytest.raises(TimeLimitReached):
            choose_blocks(board, lookahead=1, time_limit=10)
        answer = run_command("choose-block", _data(n, combat=True), {"time_limit": 10})
    assert answer.to_json()["status"] == "unknown"


# ============================================================================ the command line


def test_the_text_and_json_answers_say_what_was_skipped(tmp_path: Path) -> None:
    # A limit of a microsecond is spent before the search (no clock dependence): on a small
    # board the choice is still made and the answer lists the parts skipped.
    path = tmp_path / "b.json"
    path.write_text(json.dumps(_data(4, combat=True)))
    for command in ("choose-attack", "choose-block"):
        res = CliRunner().invoke(cli, [command, str(path), "--time-limit", "0.000001", "--json"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["status"] == "feasible" and "replay" in data["skipped"]
        res = CliRunner().invoke(cli, [command, str(path), "--time-limit", "0.000001"])
        assert res.exit_code == 0
        assert "Skipped (time limit spent): " in res.stdout and "Time limits" in res.stdout
        assert "not played out" in res.stdout


def test_the_console_script_counts_the_limit_from_the_process_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The console script records when its process started; a command's --time-limit counts
    # from there. A process that started 100 s ago has spent a 5 s limit: unknown.
    start = cli_common.process_started()
    assert 0.0 <= time.perf_counter() - start <= 60.0
    path = tmp_path / "b.json"
    path.write_text(json.dumps(_data(2, combat=True)))
    monkeypatch.setattr(cli_common, "_STARTED", time.perf_counter() - 100.0)
    res = CliRunner().invoke(cli, ["check-attack", str(path), "--time-limit", "5", "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "unknown"
    monkeypatch.setattr(cli_common, "_STARTED", None)  # a program calling the group itself
    res = CliRunner().invoke(cli, ["check-attack", str(path), "--time-limit", "5", "--json"])
    assert json.loads(res.stdout)["status"] == "optimal"


# ============================================================================ long loops


def test_the_long_loops_check_the_time() -> None:
    # Each loop that grows with the board stops under a spent budget (or a past deadline)
    # instead of running on: the evaluation's scoring of every permanent (every 128), a
    # damage game's units (every 32), the cut-down block problem (per blocker), the reasons
    # (per creature).
    from redzone.models.block_rules import sub_block_problem
    from redzone.models.evaluation import Evaluator
    from redzone.solver.ai.reasons import _attack_reasons

    board = _board(70, combat=True)  # 140 permanents
    attack = dict(board.scenario.combat.attackers)
    with time_budget(0.0):
        with pytest.raises(TimeLimitReached, match="scoring the permanents"):
            Evaluator(board, "Alice")
    game = ai_game.Game(board, "Alice", Weights(), 0, None)
    full = game.facts.uniform
    assert full is not None
    with time_budget(0.0):
        with pytest.raises(TimeLimitReached, match="building the block problem"):
            sub_block_problem(full, list(attack))
    trees = game.values.damage_trees(attack, {})
    assert len(trees) >= 32  # one unit per unblocked attacker (or their merged part)
    game = _past(ai_game.Game(board, "Alice", Weights(), 0, None))
    with pytest.raises(ai_clock.Timeout):
        game.values.damage_trees(attack, {"b0": ["a0"]})  # a fresh game: the units are played anew
    small = _board(3)
    game = ai_game.Game(small, "Alice", Weights(), 0, None)
    with time_budget(0.0):
        with pytest.raises(TimeLimitReached, match="the reasons"):
            _attack_reasons(game, {}, {}, game.facts.base.copy(), None, [], [], complete=False)


def test_draw_stops_drawing_when_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    # 140 cards: the SVG's card loop checks the budget every 64 cards. The budget runs out
    # once the picture is made (no clock: the check is made to fail from then on).
    from redzone.models import limits
    from redzone.solver.draw import render

    board = _board(70)
    picture = render.combat_picture(board, None)
    calls = [0]

    def spent(stage: str) -> None:
        calls[0] += 1
        raise TimeLimitReached(stage)

    monkeypatch.setattr(render, "check_time", spent)
    with pytest.raises(TimeLimitReached, match="drawing the cards"):
        render.combat_svg(board, picture)
    assert calls[0] == 1
    monkeypatch.setattr(render, "check_time", limits.check_time)
    assert render.combat_svg(board, picture).startswith("<svg")


def test_the_climbs_quick_shortfall_is_shortfall_to_the_bit() -> None:
    # _Shortfalls values a one-creature change from the two attacking creatures it touches;
    # it must give exactly shortfall() of the changed block (the climb compares these
    # floats, so one ulp would change which block it keeps). Random boards of real cards
    # (flying, trample, deathtouch, double strike, infect, first strike ...) and random
    # blocks, every one-creature change of each.
    import random

    from benchmarks.ai_boards import ai_scenario

    rng = random.Random(25)
    compared = 0
    for n in (4, 7, 10):
        for seed in range(3):
            data = ai_scenario(n, seed, combat=True)
            for pid, text in (("tdt", "Trample\nDeathtouch"), ("dsx", "Double strike\nToxic 1"),
                              ("inf", "Trample\nInfect")):  # the branches the pool lacks
                data["permanents"].append({"id": pid, "name": pid, "controller": "Alice",
                                           "types": ["Creature"], "power": 4, "toughness": 4,
                                           "text": text})
                data["combat"]["attackers"][pid] = "Bob"
            board = build_board(parse_scenario(data))
            attack = dict(board.scenario.combat.attackers)
            game = ai_game.Game(board, "Alice", Weights(), 0, None)
            (problem,) = game.declarations.block_problems(attack)
            blockers = [b for b in problem.blockers if problem.allowed.get(b)]
            for _ in range(5):
                cur = {b: [rng.choice(problem.allowed[b])] for b in blockers if rng.random() < 0.5}
                fast = ai_blocks._Shortfalls(game, attack, cur)
                for b in blockers:
                    now = cur.get(b) or []
                    for choice in [[]] + [[a] for a in problem.allowed[b]]:
                        trial = {x: list(y) for x, y in cur.items() if x != b}
                        if choice:
                            trial[b] = choice
                        assert fast.after(b, now, choice) == ai_blocks.shortfall(game, attack, trial)
                        compared += 1
    assert compared > 1000
