"""``choose-attack`` at lookahead 0 with several defending players: the branch and bound over
the defending players' parts (:class:`redzone.solver.ai.separable.SplitAttack`, issue 23).

Each defending player blocks only the creatures attacking them or their planeswalkers (CR
802.4, 508.5, 506.4), so the value of a declaration is a sum of per-player parts when
nothing couples them (docs/ai.md, "Several defending players"). The split is checked against
the exhaustive reference (:mod:`redzone.solver.ai.reference`: every declaration, the product
of the defending players' blocks, every damage assignment) on random four-player boards —
with lifelinkers (the attacking player's life couples the parts: the sum is then only an
upper bound), planeswalkers, commanders with totals near 21 (903.10a, 704.6c), infect and
poison near 10 (704.5c) — and against the search without the split on larger boards.
Planted bugs (each part's exact value one milli-point low; every restricted floor taken as
proved) must be caught."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import separable
from redzone.solver.ai.decisions import choose_attack
from tests.test_ai_differential import attack_mismatch, seeds

KEYWORDS = ["Flying", "Reach", "Menace", "Trample", "Deathtouch", "First strike", "Double strike",
            "Lifelink", "Vigilance", "Infect", "Indestructible"]
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def four_player_board(rng: random.Random, attackers: int, blockers: int) -> dict[str, Any]:
    """Four players, Alice active with ``attackers`` creatures (a third of them with
    lifelink), each opponent up to ``blockers`` creatures and sometimes a planeswalker; life
    low or high (a quarter of the boards every opponent at 2-4), poison sometimes near 10; in a Commander game, Alice's first creature is
    her commander and some opponents have been dealt 14-20 by it."""
    perms: list[dict[str, Any]] = []
    for i in range(attackers):
        kws = [k for k in KEYWORDS if k != "Lifelink" and rng.random() < 0.12]
        if rng.random() < 0.35:
            kws.append("Lifelink")
        perms.append({"id": f"a{i}", "name": f"a{i}", "controller": "Alice", "types": ["Creature"],
                      "power": rng.randint(1, 4), "toughness": rng.randint(1, 4), "text": "\n".join(kws)})
    for name in NAMES[1:]:
        for i in range(rng.randint(0, blockers)):
            perms.append({"id": f"{name[0].lower()}{i}", "name": f"{name[0].lower()}{i}",
                          "controller": name, "types": ["Creature"], "power": rng.randint(0, 4),
                          "toughness": rng.randint(1, 4),
                          "text": "\n".join(k for k in KEYWORDS if rng.random() < 0.12)})
        if rng.random() < 0.2:
            perms.append({"id": f"{name[0].lower()}pw", "name": f"{name[0].lower()}pw", "controller": name,
                          "types": ["Planeswalker"], "loyalty": rng.randint(1, 4)})
    specs: list[dict[str, Any]] = [{"name": "Alice", "life": rng.choice([3, 10, 20])}]
    low = rng.random() < 0.25  # every opponent within reach: the combat may win the game
    for n in NAMES[1:]:
        specs.append({"name": n, "life": rng.choice([2, 3, 4] if low else [3, 8, 20, 30, 40]),
                      "poison": rng.choice([0, 0, 0, 0, 8])})
    data: dict[str, Any] = {"players": specs, "permanents": perms}
    if rng.random() < 0.5:
        data["format"] = "commander"
        perms[0]["commander"] = True
        for spec in specs[1:]:
            if rng.random() < 0.6:
                spec["commander_damage"] = {"a0": rng.randint(14, 20)}
    return data


def _settings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _boards(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [four_player_board(rng, rng.randint(2, 4), rng.randint(0, 2)) for _ in range(n)]


@_settings(50)
@given(seeds())
def test_split_matches_the_reference(seed: int) -> None:
    # 50 random four-player boards: the split's value and declaration are the reference's
    # optimum (max over declarations of the min over the product of blocks, 802.4).
    rng = random.Random(seed)
    data = four_player_board(rng, rng.randint(2, 4), rng.randint(0, 2))
    assert attack_mismatch(data, 0) is None


def test_split_is_taken_and_a_planted_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards(11, 40)
    runs: list[separable.SplitAttack] = []
    real_run = separable.SplitAttack.run

    def spy(self: separable.SplitAttack) -> None:
        runs.append(self)
        real_run(self)

    monkeypatch.setattr(separable.SplitAttack, "run", spy)
    assert all(attack_mismatch(d, 0) is None for d in boards)
    # The split answers these boards, those where a first striker may knock a defending
    # player out before regular damage included (800.4a: they take only their own part along).
    assert len(runs) >= 38
    assert sum(any(k == "coupled" for k in r.kinds) for r in runs) >= 5  # lifelink at two players
    assert sum(any(k == "whole" for k in r.kinds) for r in runs) >= 2  # a combat that may win
    # Plant: each part's exact value taken one milli-point too low (a part's value off by one).
    real_search = separable.SplitAttack._search

    def low(self: separable.SplitAttack, attack: Any, cost: int, alpha: int) -> Any:
        v, line = real_search(self, attack, cost, alpha)
        return (v - 1, line) if attack and v > alpha else (v, line)

    monkeypatch.setattr(separable.SplitAttack, "_search", low)
    assert sum(attack_mismatch(d, 0) is not None for d in boards) >= 3
    # Plant: the floor of a restricted damage game (floor_skips) taken as proved whatever
    # it says: blocks that would refute an attack are skipped.
    monkeypatch.setattr(separable.SplitAttack, "_search", real_search)
    monkeypatch.setattr(separable, "floor_skips", lambda *a: True)
    assert sum(attack_mismatch(d, 0) is not None for d in boards[:20]) >= 1


def test_split_matches_the_search_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Larger boards (4-5 attackers, up to 3 blockers a player) than the reference can take:
    # the same value as the search that takes the minimum over the product of blocks
    # declaration by declaration (the split and the restricted floors turned off).
    rng = random.Random(5)
    boards = [four_player_board(rng, rng.randint(4, 5), 3) for _ in range(8)]
    got = [choose_attack(build_board(parse_scenario(d)), lookahead=0) for d in boards]
    monkeypatch.setattr(separable.SplitAttack, "of", classmethod(lambda cls, game, candidates: None))
    monkeypatch.setattr(separable, "floors_apply", lambda game: False)  # (and no floor_tree)
    want = [choose_attack(build_board(parse_scenario(d)), lookahead=0) for d in boards]
    for g, w in zip(got, want):
        assert (g.status, g.value) == (w.status, w.value) == ("optimal", w.value)


def test_split_answers_with_a_bound_when_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    # A four-player Commander board of 6 creatures a player (benchmarks/commander_boards.py)
    # whose search is cut (the time limit, as Clock raises it) a few part searches after the
    # branch and bound started: the answer is feasible, its value the best proved so far,
    # and its bound the best bound of a declaration not settled (a sum of the parts' bounds)
    # — not the value of a won game, as before the split.
    from benchmarks.commander_boards import commander_scenario
    from redzone.solver.ai.clock import Timeout

    board = build_board(parse_scenario(commander_scenario(6, 0)))
    full = choose_attack(board, lookahead=0)
    real_search = separable.SplitAttack._search
    calls = [0]

    def cut(self: separable.SplitAttack, attack: Any, cost: int, alpha: int) -> Any:
        if self.started:
            calls[0] += 1
            if calls[0] > 3:
                raise Timeout
        return real_search(self, attack, cost, alpha)

    monkeypatch.setattr(separable.SplitAttack, "_search", cut)
    r = choose_attack(board, lookahead=0)
    assert r.status == "feasible" and full.status == "optimal"
    assert r.value <= full.value <= r.bound < 1_000_000
