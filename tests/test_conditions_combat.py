"""Static abilities under a condition when combat changes the condition (CR 611.3a).

"As long as you control another Dinosaur", "as long as you have 30 or more life": a static
ability's condition is checked continuously (611.3a). When a permanent that made it true
leaves in the first-strike combat damage step, or lifelink or damage changes a life total
there, the regular step is dealt with the abilities now in force (510.1a, 510.4), and
state-based actions are checked again (704.3). The same holds after combat (the position the
AI values) and on the next turn's board (where whose turn it is changes too, 502.3). Boards
of real cards; the planted bugs show the tests can fail.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from redzone.models import conditions as conditions_mod
from redzone.models import evaluation as evaluation_mod
from redzone.models import layers as layers_mod
from redzone.models import outcome as outcome_mod
from redzone.models.board import build_board
from redzone.models.block_rules import block_problems
from redzone.models.evaluation import Evaluator
from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import search as ai_game
from redzone.solver.ai.decisions import choose_attack, choose_blocks
from redzone.solver.ai.position import next_turn_board
from redzone.solver.frontends.commands import run_command
from tests.test_ai_differential import attack_mismatch, block_mismatch, random_board


def card(pid: str, name: str, controller: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **extra}


def scenario(perms: list[dict[str, Any]], *, alice: int = 20, bob: int = 20, active: str = "Alice",
             attackers: dict[str, str] | None = None,
             blockers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"players": [{"name": "Alice", "life": alice}, {"name": "Bob", "life": bob}],
                            "active_player": active, "permanents": perms}
    if attackers is not None:
        data["combat"] = {"attackers": attackers, "blockers": blockers or {}}
    return data


def damage(data: dict[str, Any]) -> dict[str, Any]:
    """The ``damage`` command's answer (play_out) as JSON."""
    return run_command("damage", data, {}).to_json()


def _planted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted bug: conditions are never decided again after the board is built (in
    every module that decides them again)."""
    for module in (conditions_mod, layers_mod, outcome_mod, evaluation_mod):
        monkeypatch.setattr(module, "decided_again", lambda *a, **k: {})


# Thrash of Raptors (3/3; +2/+0 and trample as long as you control another Dinosaur) and
# Raptor Companion (3/1 Dinosaur) attack Bob; White Knight (2/2 first strike) blocks the
# Raptor, Grizzly Bears blocks Thrash.
DINO = [card("thrash", "Thrash of Raptors", "Alice"), card("raptor", "Raptor Companion", "Alice"),
        card("knight", "White Knight", "Bob"), card("bears", "Grizzly Bears", "Bob")]
DINO_COMBAT = {"attackers": {"thrash": "Bob", "raptor": "Bob"},
               "blockers": {"knight": ["raptor"], "bears": ["thrash"]}}


@pytest.mark.parametrize("given", [False, True])
def test_the_other_dinosaur_dies_first_and_thrash_loses_trample(given: bool) -> None:
    # First-strike step: the Knight deals 2 to the Raptor, destroyed (704.5g). Thrash's
    # condition no longer holds (611.3a): a 3/3 without trample in the regular step, so all
    # its 3 damage goes to the Bears (510.1a, 702.19: no trample) and Bob stays at 20.
    # ``given``: the scenario gives Thrash's current power 5 (the +2 in it): taken off too.
    perms = [dict(p) for p in DINO]
    if given:
        perms[0]["power"] = 5
    got = damage(scenario(perms, attackers=DINO_COMBAT["attackers"], blockers=DINO_COMBAT["blockers"]))
    assert [s["assignment"] for s in got["steps"]] == [
        {"knight": {"raptor": 2}}, {"thrash": {"bears": 3}, "bears": {"thrash": 2}}]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert got["outcome"]["destroyed"] == ["raptor", "bears"]


def test_planted_bug_thrash_tramples_over(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch)
    got = damage(scenario(DINO, **{k: v for k, v in DINO_COMBAT.items()}))
    assert got["outcome"]["life"]["Bob"] == 17  # 5 power, 3 trampled over: the bug


def test_the_bird_dies_first_and_the_cavalry_dies_with_it() -> None:
    # Cloudreach Cavalry (1/1; +2/+2 and flying as long as you control a Bird) and a 1/1
    # Bird attack; two 2/5 first strikers block them. First-strike step: 2 damage to each.
    # The Bird is destroyed; the Cavalry is then a 1/1 with 2 damage marked: destroyed too
    # (611.3a, 704.3, 704.5g), so it deals no regular damage (506.4).
    sky = {"types": ["Creature"], "power": 2, "toughness": 5, "abilities": ["Flying", "First strike"]}
    perms = [card("cavalry", "Cloudreach Cavalry", "Alice"),
             {"id": "bird", "name": "Sparrow", "types": ["Creature"], "subtypes": ["Bird"],
              "power": 1, "toughness": 1, "abilities": ["Flying"], "controller": "Alice"},
             {"id": "sky1", "name": "Skyguard", "controller": "Bob", **sky},
             {"id": "sky2", "name": "Skyguard", "controller": "Bob", **sky}]
    got = damage(scenario(perms, attackers={"cavalry": "Bob", "bird": "Bob"},
                          blockers={"sky1": ["cavalry"], "sky2": ["bird"]}))
    assert sorted(got["outcome"]["destroyed"]) == ["bird", "cavalry"]
    assert got["outcome"]["damage"].get("sky1", 0) == 0
    assert got["steps"][1]["assignment"] == {}


# Alice at 28 with Serra Ascendant (1/1 lifelink; +5/+5 and flying as long as you have 30 or
# more life) blocked by Hill Giant (3/3) and Knight of Meadowgrain (2/2 first strike,
# lifelink) unblocked.
SERRA = [card("serra", "Serra Ascendant", "Alice"), card("knight", "Knight of Meadowgrain", "Alice"),
         card("giant", "Hill Giant", "Bob")]


def test_lifelink_in_the_first_strike_step_makes_serra_ascendant_a_6_6() -> None:
    # First-strike step: the Knight deals 2 to Bob, Alice gains 2 (702.15b): 30 life. The
    # Ascendant's condition holds (611.3a): a 6/6 in the regular step, it deals 6 to the
    # Giant (destroyed), survives its 3 damage, and Alice gains 6: 36 (119.3, 702.15b).
    got = damage(scenario(SERRA, alice=28, attackers={"serra": "Bob", "knight": "Bob"},
                          blockers={"giant": ["serra"]}))
    assert got["steps"][1]["assignment"] == {"serra": {"giant": 6}, "giant": {"serra": 3}}
    assert got["outcome"]["life"] == {"Alice": 36, "Bob": 18}
    assert got["outcome"]["destroyed"] == ["giant"]


def test_planted_bug_serra_ascendant_stays_a_1_1(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch)
    got = damage(scenario(SERRA, alice=28, attackers={"serra": "Bob", "knight": "Bob"},
                          blockers={"giant": ["serra"]}))
    assert got["outcome"]["destroyed"] == ["serra"]


def test_twinblade_paladin_loses_double_strike_when_its_life_falls() -> None:
    # Bob attacks; Alice at 25: Twinblade Paladin (3/3) has double strike (25 or more life,
    # 611.3a) and blocks Craw Wurm (6/4); White Knight (first strike) is unblocked. First-
    # strike step: the Knight deals 2 to Alice (23), the Paladin 3 to the Wurm. The Paladin
    # no longer has double strike, so it deals no regular damage (510.4); the Wurm deals it
    # 6: the Paladin is destroyed and the Wurm survives with 3 damage.
    perms = [card("paladin", "Twinblade Paladin", "Alice"), card("knight", "White Knight", "Bob"),
             card("wurm", "Craw Wurm", "Bob")]
    got = damage(scenario(perms, alice=25, active="Bob", attackers={"knight": "Alice", "wurm": "Alice"},
                          blockers={"paladin": ["wurm"]}))
    assert got["steps"][1]["assignment"] == {"wurm": {"paladin": 6}}
    assert got["outcome"]["destroyed"] == ["paladin"]
    assert got["outcome"]["damage"]["wurm"] == 3
    assert got["outcome"]["life"]["Alice"] == 23


def test_the_value_after_combat_reads_the_conditions_again() -> None:
    # After the Raptor died, Thrash is valued as a 3/3 without trample (611.3a):
    # creature_value = 1 + 3·1 + 3·0.5 = 5.5 points, not 1 + 5·(1 + 0.25) + 1.5 = 8.75.
    board = build_board(parse_scenario(scenario(DINO, **DINO_COMBAT)))
    ev = Evaluator(board, "Alice")
    state = GameState.from_board(board)
    deal_damage(board, state, [DamageEvent("knight", "raptor", 2)], combat=True)
    state_based_actions(board, state)
    before = ev.score()
    thrash_now = 5500
    raptor_gone = ev.permanent_score("raptor")  # 1 + 3 + 0.5 = 4.5 points
    thrash_then = ev.permanent_score("thrash")
    assert thrash_then == 8750 and raptor_gone == 4500
    assert ev.score(state) == before - raptor_gone - thrash_then + thrash_now


def test_the_next_turn_decides_the_conditions_again() -> None:
    # Alice's Daggersail Aeronaut has flying during her turn only (611.3a, 102.1). On Bob's
    # next turn it has none and can't block his Wind Drake (509.1b, 702.9b); Thrash of
    # Raptors whose other Dinosaur died this turn is a 3/3 without trample then.
    perms = [card("aeronaut", "Daggersail Aeronaut", "Alice"), *DINO, card("drake", "Wind Drake", "Bob")]
    board = build_board(parse_scenario(scenario(perms, **DINO_COMBAT)))
    assert board.has_keyword(board.permanents["aeronaut"], "flying")
    state = GameState.from_board(board)
    deal_damage(board, state, [DamageEvent("knight", "raptor", 2)], combat=True)
    state_based_actions(board, state)
    nxt = next_turn_board(board, state, DINO_COMBAT["attackers"], "Bob")
    assert not nxt.has_keyword(nxt.permanents["aeronaut"], "flying")
    thrash = nxt.permanents["thrash"]
    assert (thrash.power, thrash.toughness) == (3, 3) and not nxt.has_keyword(thrash, "trample")
    problem = block_problems(nxt, {"drake": "Alice"})[0]
    assert "aeronaut" not in problem.allowed or "drake" not in problem.allowed["aeronaut"]


# Bob at 4 with White Knight only; Alice attacks with Thrash and the Raptor.
LETHAL = [card("thrash", "Thrash of Raptors", "Alice"), card("raptor", "Raptor Companion", "Alice"),
          card("knight", "White Knight", "Bob")]


@pytest.mark.parametrize("lookahead", [0, 1])
def test_the_knight_on_the_raptor_saves_bob(lookahead: int) -> None:
    # The Knight blocks the Raptor and kills it in the first-strike step; Thrash, a 3/3
    # without trample then (611.3a), deals 3: Bob at 1. (Any other block loses: the Raptor's
    # 3 and Thrash's trample over the Knight make 6.) So no attack is lethal.
    board = build_board(parse_scenario(scenario(LETHAL, bob=4)))
    r = choose_attack(board, lookahead=lookahead)
    assert r.status == "optimal" and not r.lethal
    if r.attackers == {"thrash": "Bob", "raptor": "Bob"}:
        assert r.response == {"knight": ["raptor"]}
        assert r.outcome["life"]["Bob"] == 1
    blocks = choose_blocks(build_board(parse_scenario(scenario(
        LETHAL, bob=4, attackers={"thrash": "Bob", "raptor": "Bob"}))), lookahead=lookahead)
    assert blocks.blockers == {"knight": ["raptor"]} and blocks.survives
    assert blocks.outcome["life"]["Bob"] == 1
    assert blocks.damage[1]["assignment"] == {"thrash": {"Bob": 3}}


def test_planted_bug_the_attack_looks_lethal(monkeypatch: pytest.MonkeyPatch) -> None:
    _planted(monkeypatch)
    board = build_board(parse_scenario(scenario(LETHAL, bob=4)))
    assert choose_attack(board, lookahead=0).lethal


def test_the_search_agrees_with_the_reference_on_random_boards() -> None:
    # Random boards with abilities under conditions (tests/test_ai_differential.py's
    # CONDITIONALS): the search's values equal the exhaustive reference's.
    for seed in range(120):
        rng = random.Random(seed)
        lookahead = rng.randint(0, 1)
        data = random_board(rng, rng.randint(1, 3), rng.randint(0, 3 - lookahead), combat=True,
                            conditions=True)
        assert block_mismatch(data, lookahead) is None, seed
    for seed in range(40):
        rng = random.Random(seed)
        lookahead = rng.randint(0, 1)
        data = random_board(rng, rng.randint(1, 3), rng.randint(0, 2), conditions=True)
        assert attack_mismatch(data, lookahead) is None, seed


def _mismatches(seeds: int) -> int:
    """Random boards with conditions (seeds 0..``seeds``-1, lookahead 0 or 1) on which
    choose-block disagrees with the exhaustive reference."""
    found = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        lookahead = rng.randint(0, 1)
        data = random_board(rng, rng.randint(1, 3), rng.randint(0, 3 - lookahead), combat=True,
                            conditions=True)
        if block_mismatch(data, lookahead) is not None:
            found += 1
    return found


def test_planted_search_bug_is_caught_on_random_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    # The planted bug: the search plays units apart as if no condition could change.
    from redzone.solver.ai import facts as ai_facts

    real_of = ai_facts.Facts.of.__func__

    def planted(cls: Any, *a: Any, **k: Any) -> Any:
        return dataclasses.replace(real_of(cls, *a, **k), conditions=frozenset())

    monkeypatch.setattr(ai_facts.Facts, "of", classmethod(planted))
    assert _mismatches(300) >= 3


def test_cleanup_keeps_and_decides_again_the_conditions() -> None:
    # Thrash of Raptors given as 7/5 with +2/+2 until end of turn: after cleanup (514.2) a 5/3
    # with trample while the Raptor is there (611.3a). A Raptor whose +0/+1 until end of turn
    # ends at toughness 0 dies in cleanup (514.3a, 704.5f): Thrash is then a 3/3 without
    # trample.
    from redzone.models.cleanup import end_turn

    def after(raptor_eot: dict[str, int]) -> tuple[int | None, int | None, bool, list[str]]:
        perms = [card("thrash", "Thrash of Raptors", "Alice", power=7, toughness=5,
                      until_end_of_turn={"power": 2, "toughness": 2}),
                 card("raptor", "Raptor Companion", "Alice", power=3, toughness=1,
                      until_end_of_turn=raptor_eot)]
        board = end_turn(build_board(parse_scenario(scenario(perms))))
        t = board.permanents["thrash"]
        return t.power, t.toughness, board.has_keyword(t, "trample"), sorted(board.permanents)

    assert after({"power": 0, "toughness": 0}) == (5, 3, True, ["raptor", "thrash"])
    assert after({"power": 0, "toughness": 1}) == (3, 3, False, ["thrash"])


def test_the_evaluators_memo_keys_what_the_position_reads() -> None:
    # Evaluator._after is memoised by the departures, the counters that changed and (with a
    # condition on life) the life totals: each position is valued as a fresh evaluator values
    # it, and a position seen before reuses its evaluator. Benalish Marshal (other creatures
    # Alice controls get +1/+1) leaves: Grizzly Bears is a 2/2 (1 + 2 + 1 = 4 points), with a
    # -1/-1 counter a 1/1 (2.5 points, 613.4c); Serra Ascendant is a 1/1 lifelink at 28 life
    # (1 + 1·1.5 + 0.5 = 3 points) and a 6/6 flying lifelink at 30 (1 + 6·2 + 3 = 16, 611.3a).
    perms = [card("marshal", "Benalish Marshal", "Alice"), card("bears", "Grizzly Bears", "Alice"),
             card("serra", "Serra Ascendant", "Alice")]
    board = build_board(parse_scenario(scenario(perms, alice=28)))
    ev = Evaluator(board, "Alice")
    states = []
    for life, minus in ((28, 0), (28, 1), (30, 0), (30, 1), (28, 0)):
        s = GameState.from_board(board)
        s.destroyed.append("marshal")
        s.reasons["marshal"] = "lethal damage (704.5g)"
        s.life["Alice"] = life
        if minus:
            s.counters["bears"] = {"-1/-1": 1}
            s.minus_added["bears"] = 1
        states.append(s)
    parts = []
    for s in states:
        fresh = Evaluator(board, "Alice")
        assert ev.score(s) == fresh.score(s)
        after = ev._after(s)
        assert after is not None and ev._after(s) is after
        parts.append(tuple(after.creature_value(pid, p.power or 0, p.toughness or 0)
                           for pid, p in after.board.permanents.items()))
    assert parts == [(4000, 3000), (2500, 3000), (4000, 16000), (2500, 16000), (4000, 3000)]
    assert ev._after(states[4]) is ev._after(states[0])


def test_planted_value_bug_is_caught_on_random_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    # The planted bug: the search adds the units' values up even when a condition is decided
    # otherwise after combat (a holder's keywords, power and toughness change, 611.3a).
    monkeypatch.setattr(ai_game.Values, "_conditions_change", lambda self, leaves: False)
    assert _mismatches(120) >= 3
