"""The AI in Commander games (issue 23 §2): commander damage as a second road to a lost game
(CR 903.10a, 704.6c) in the evaluation, in ``choose-attack`` (whom each creature attacks)
and ``choose-block`` (a defending player's totals), checked against the exhaustive reference
(:mod:`redzone.solver.ai.reference`, which shares only the rules, outcome and evaluation
code with the search) on random boards of two to four players, and on real commanders.

A planted bug — the search's units forgetting the commander damage they dealt — is caught
by the differential test (``test_a_planted_bug_is_caught``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from redzone.models.board import build_board
from redzone.models.evaluation import Evaluator
from redzone.models.outcome import GameState
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import units as ai_units
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from tests.test_ai_differential import attack_mismatch, block_mismatch, seeds

KEYWORDS = ["Flying", "Reach", "Menace", "Trample", "Deathtouch", "First strike", "Double strike",
            "Lifelink", "Vigilance", "Infect", "Indestructible"]
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _settings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def random_board(rng: random.Random, attackers: int, blockers: int, players: int, *,
                 combat: bool = False) -> dict[str, Any]:
    """Inline creatures, Alice attacking; one or two of each player's creatures are
    commanders, and each opponent has been dealt 14-20 by some of Alice's commanders (so
    that this combat can reach 21), at life totals commander damage matters beside."""
    names = NAMES[:players]
    perms: list[dict[str, Any]] = []

    def creature(cid: str, controller: str) -> dict[str, Any]:
        kws = [k for k in KEYWORDS if rng.random() < 0.12]
        return {"id": cid, "name": cid, "controller": controller, "types": ["Creature"],
                "power": rng.randint(1, 4), "toughness": rng.randint(1, 4), "text": "\n".join(kws)}

    for i in range(attackers):
        perms.append(creature(f"a{i}", "Alice"))
    for i in range(blockers):
        perms.append(creature(f"b{i}", rng.choice(names[1:])))
    for p in rng.sample(perms, min(len(perms), rng.choice([1, 2, 2, 3]))):
        p["commander"] = True
    mine = [p["id"] for p in perms if p.get("commander") and p["controller"] == "Alice"]
    theirs = [p["id"] for p in perms if p.get("commander") and p["controller"] != "Alice"]
    specs = []
    for name in names:
        spec: dict[str, Any] = {"name": name, "life": rng.randint(3, 25)}
        if name != "Alice":
            spec["commander_damage"] = {c: rng.randint(14, 20) for c in mine if rng.random() < 0.8}
        elif theirs and rng.random() < 0.5:
            spec["commander_damage"] = {rng.choice(theirs): rng.randint(15, 20)}
        specs.append(spec)
    data: dict[str, Any] = {"format": "commander", "players": specs, "permanents": perms}
    if combat:
        attack = {p["id"]: rng.choice(names[1:]) for p in perms
                  if p["controller"] == "Alice" and rng.random() < 0.8}
        data["combat"] = {"attackers": attack or {"a0": "Bob"}}
    return data


@_settings(80)
@given(seeds())
def test_choose_attack_matches_reference_lookahead_0(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([2, 2, 3, 4])
    data = random_board(rng, rng.randint(1, 3), rng.randint(0, 3), players)
    assert attack_mismatch(data, 0) is None


@_settings(40)
@given(seeds())
def test_choose_attack_matches_reference_lookahead_1(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([2, 2, 3])
    data = random_board(rng, rng.randint(1, 2), rng.randint(0, 2), players)
    assert attack_mismatch(data, 1) is None


@_settings(50)
@given(seeds())
def test_choose_blocks_matches_reference(seed: int) -> None:
    rng = random.Random(seed)
    lookahead = rng.randint(0, 1)
    players = rng.choice([2, 2, 3])
    data = random_board(rng, rng.randint(1, 3), rng.randint(0, 3 - lookahead), players, combat=True)
    assert block_mismatch(data, lookahead) is None


def test_a_planted_bug_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Plant: the units' deltas drop the commander damage they dealt (the ninth part). The
    # differential check must then find boards where the search disagrees.
    real = ai_units.state_delta

    def forgetful(base: Any, state: Any, boost: int = 0) -> Any:
        return real(base, state, boost)[:8]

    monkeypatch.setattr(ai_units, "state_delta", forgetful)
    rng = random.Random(7)
    bad = sum(attack_mismatch(random_board(rng, rng.randint(1, 3), rng.randint(0, 2),
                                           rng.choice([2, 3])), 0) is not None for _ in range(40))
    assert bad >= 3


# ------------------------------------------------------------------ the evaluation

def test_commander_damage_is_a_second_road_to_a_lost_game() -> None:
    # Bob at 40 life with 18 from Wilhelt (903.10a): 3 more from Wilhelt lose the game
    # (704.6c), so a point from Wilhelt is worth life_value(3) - life_value(2) = 0.779
    # points to him, a point of life at 40 life_value(40) - life_value(39) = 0.019.
    data = {"format": "commander",
            "players": [{"name": "Alice", "life": 40},
                        {"name": "Bob", "life": 40, "commander_damage": {"wilhelt": 18}}],
            "permanents": [{"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice",
                            "commander": True}]}
    board = build_board(parse_scenario(data))
    ev = Evaluator(board, "Bob")
    state = GameState.from_board(board)
    base = ev.score(state)
    hit = state.copy()
    hit.commander_damage["Bob"]["wilhelt"] = 19
    life = state.copy()
    life.life["Bob"] = 39
    assert base - ev.score(hit) == 779
    assert base - ev.score(life) == 19
    assert ev.commander_value(18) == ev.life_value(3) - ev.life_value(21) == -6183
    lost = state.copy()
    lost.commander_damage["Bob"]["wilhelt"] = 21
    assert ev.score(lost) == -ev.win  # 704.6c, with 40 life


def wilhelt_board(blockers: int = 1, **extra: Any) -> dict[str, Any]:
    perms: list[dict[str, Any]] = [
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "giant", "card": "Hill Giant", "controller": "Alice"}]
    perms += [{"id": f"bears{i}", "card": "Grizzly Bears", "controller": "Bob"} for i in range(blockers)]
    return {"format": "commander", "players": [
        {"name": "Alice", "life": 40}, {"name": "Bob", "life": 40, "commander_damage": {"wilhelt": 18}}],
        "permanents": perms, **extra}


def test_choose_block_knows_the_defending_players_totals() -> None:
    # Wilhelt (commander, 3/3) and a Hill Giant (3/3) attack Bob at 40 with 18 from Wilhelt.
    # Unblocked, Wilhelt's 3 make 21: Bob loses (704.6c) though 6 damage leave him at 34.
    # So the Bears chump-blocks Wilhelt, not the Giant (at 40 life 3 damage cost 0.05).
    data = wilhelt_board(combat={"attackers": {"wilhelt": "Bob", "giant": "Bob"}})
    r = choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert r.blockers == {"bears0": ["wilhelt"]} and r.survives and r.status == "optimal"
    assert r.outcome["commander_damage"]["Bob"] == {"wilhelt": 18}
    # Without the 18 the same Bears keeps its life: 6 damage at 40 is cheap (docs/ai.md).
    data["players"][1]["commander_damage"] = {}
    r = choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert r.blockers == {}


def test_choose_attack_sends_the_commander_where_it_wins() -> None:
    # Four players; Bob at 40 with 18 from Wilhelt, Carol at 40, Dave at 4 with none. 3 from
    # Wilhelt knock Bob out (704.6c: 21 from one commander) — the lowest life total is not
    # the target: Wilhelt at Dave leaves him at 1. The AI attacks Bob (his 40 life is no
    # shield) and the outcome says why he lost.
    data = {"format": "commander",
            "players": [{"name": "Alice", "life": 40},
                        {"name": "Bob", "life": 40, "commander_damage": {"wilhelt": 18}},
                        {"name": "Carol", "life": 40}, {"name": "Dave", "life": 4}],
            "permanents": [
                {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice",
                 "commander": True}]}
    r = choose_attack(build_board(parse_scenario(data)), lookahead=0)
    assert r.attackers == {"wilhelt": "Bob"} and r.status == "optimal"
    assert r.outcome["lost"] == ["Bob"] and r.outcome["lost_to_commander"] == {"Bob": ["wilhelt"]}
    assert r.outcome["commander_damage"]["Bob"] == {"wilhelt": 21}


# ------------------------------------------------------------------ several defending players

def multi_board(rng: random.Random, players: int, commander: bool) -> dict[str, Any]:
    """Three or four players; Alice has two or three attackers without lifelink (so the
    defending players' parts separate, solver/ai/separable.py), each opponent none to two
    creatures and low or high life; sometimes commanders with totals near 21."""
    names = NAMES[:players]
    kws = [k for k in KEYWORDS if k != "Lifelink"]
    perms: list[dict[str, Any]] = []
    for i in range(rng.randint(2, 3)):
        perms.append({"id": f"a{i}", "name": f"a{i}", "controller": "Alice", "types": ["Creature"],
                      "power": rng.randint(1, 4), "toughness": rng.randint(1, 4),
                      "text": "\n".join(k for k in kws if rng.random() < 0.12)})
    for name in names[1:]:
        for i in range(rng.randint(0, 2)):
            perms.append({"id": f"{name[0].lower()}{i}", "name": f"{name[0].lower()}{i}",
                          "controller": name, "types": ["Creature"], "power": rng.randint(0, 4),
                          "toughness": rng.randint(1, 4),
                          "text": "\n".join(k for k in KEYWORDS if rng.random() < 0.12)})
    specs: list[dict[str, Any]] = [{"name": n, "life": rng.choice([2, 3, 5, 8, 20])} for n in names]
    data: dict[str, Any] = {"players": specs, "permanents": perms}
    if commander:
        data["format"] = "commander"
        perms[0]["commander"] = True
        for spec in specs[1:]:
            if rng.random() < 0.6:
                spec["commander_damage"] = {"a0": rng.randint(15, 20)}
    return data


@_settings(60)
@given(seeds())
def test_several_defending_players_match_the_reference(seed: int) -> None:
    # The defending players' blocks taken one player at a time (802.4; separable.py) must
    # give the minimum over their product, as the reference enumerates it.
    rng = random.Random(seed)
    data = multi_board(rng, rng.choice([3, 4]), rng.random() < 0.5)
    assert attack_mismatch(data, 0) is None


def test_several_defending_players_split_and_a_planted_bug_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from redzone.solver.ai import separable

    real = separable.by_defending_player
    used = []

    def spy(game: Any, attack: Any, cost: int) -> Any:
        got = real(game, attack, cost)
        used.append(got is not None)
        return got

    runs: list[Any] = []
    real_run = separable.SplitAttack.run

    def spy_run(self: Any) -> None:
        runs.append(self)
        real_run(self)

    monkeypatch.setattr(separable, "by_defending_player", spy)
    monkeypatch.setattr(separable.SplitAttack, "run", spy_run)
    rng = random.Random(3)
    boards = [multi_board(rng, rng.choice([3, 4]), rng.random() < 0.5) for _ in range(30)]
    assert all(attack_mismatch(d, 0) is None for d in boards)
    # The split is taken: choose_attack's branch and bound over the defending players'
    # parts (SplitAttack) on most boards (by_defending_player now serves choose_blocks and
    # the declarations SplitAttack searches whole).
    assert len(runs) >= 20
    # Plant: the guard against a combat that may win the game dropped (every opponent
    # taken as unable to lose): a won game no longer dominates the sum of the parts.
    monkeypatch.setattr(separable, "_cannot_lose", lambda *a: True)
    assert sum(attack_mismatch(d, 0) is not None for d in boards) >= 1


def test_goad_is_obeyed_before_commander_damage() -> None:
    # Wilhelt, goaded by Bob (701.15b: attacks each combat if able, a player other than Bob
    # if able), can't go for Bob's 18 + 3 = 21: legality first (508.1d). It attacks Carol
    # or Dave; the AI picks Dave at 3 (3 → 0: he loses, 704.5a).
    data = {"format": "commander",
            "players": [{"name": "Alice", "life": 40},
                        {"name": "Bob", "life": 40, "commander_damage": {"wilhelt": 18}},
                        {"name": "Carol", "life": 40}, {"name": "Dave", "life": 3}],
            "permanents": [{"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice",
                            "commander": True}],
            "effects": [{"goad": "wilhelt", "by": "Bob"}]}
    r = choose_attack(build_board(parse_scenario(data)), lookahead=0)
    assert r.attackers == {"wilhelt": "Dave"} and r.status == "optimal"
    assert r.outcome["commander_damage"]["Dave"] == {"wilhelt": 3} and r.outcome["lost"] == ["Dave"]
