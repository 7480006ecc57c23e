"""A won game reads as one, and among won lines the cheaper is chosen (a third new user's
trial, findings 4 and 10). A win dominates every other part of the evaluation (docs/ai.md:
``win``): the mana a lethal attack takes only breaks ties between won lines, it doesn't make
the line "not a win"; the life its costs take (Phyrexian mana paid with life, 107.4f,
119.4) breaks them the same way.
"""

from __future__ import annotations

import pytest

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.solver.ai import decisions as ai
from redzone.solver.ai.decisions import choose_attack


def _board(enchantment: str, mana: int = 0) -> object:
    # Alice's two Grizzly Bears; Bob at 2 life with no creature, so every answer (there is
    # one: no block) loses him the game to one Bears (704.5a).
    return build_board(parse_scenario({
        "players": [{"name": "Alice", "mana": mana}, {"name": "Bob", "life": 2}],
        "permanents": [{"id": "b1", "card": "Grizzly Bears", "controller": "Alice"},
                       {"id": "b2", "card": "Grizzly Bears", "controller": "Alice"},
                       {"id": "x", "card": enchantment, "controller": "Bob"}]}))


@pytest.mark.parametrize("lookahead", [0, 1])
def test_a_lethal_attack_paying_mana_is_lethal_and_a_won_game(lookahead: int) -> None:
    # Ghostly Prison: {2} for each creature attacking Bob (508.1h); Alice has 2 mana, so one
    # Bears attacks. It was "optimal; value 999999.8", lethal false.
    d = choose_attack(_board("Ghostly Prison", mana=2), lookahead=lookahead)
    assert len(d.attackers) == 1 and d.mana_paid == 2
    assert (d.status, d.lethal, d.value, d.bound) == ("optimal", True, 1_000_000, 1_000_000)
    assert d.outcome["lost"] == ["Bob"]


@pytest.mark.parametrize("lookahead", [0, 1])
def test_among_won_lines_the_one_paying_less_life(lookahead: int) -> None:
    # Norn's Annex: {W/P} for each creature attacking Bob, paid with 2 life (119.4). One
    # Bears is lethal for 2 life; both attacked, paying 4.
    d = choose_attack(_board("Norn's Annex"), lookahead=lookahead)
    assert len(d.attackers) == 1 and d.life_paid == {"Alice": 2}
    assert (d.status, d.lethal, d.value) == ("optimal", True, 1_000_000)
    assert d.outcome["life"]["Alice"] == 18


def test_planted_bugs_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Life not compared among won lines: both Bears attack again, paying 4.
    monkeypatch.setattr(ai, "_life_cost", lambda game, attack: 0)
    assert choose_attack(_board("Norn's Annex"), lookahead=0).life_paid == {"Alice": 4}
    monkeypatch.undo()
    # A win taken as "value at least win": the mana makes it 999999.8, not lethal.
    monkeypatch.setattr(ai, "_won", lambda game, value, attack: value >= game.ev.win)
    d = choose_attack(_board("Ghostly Prison", mana=2), lookahead=0)
    assert not d.lethal and d.value == 999_999.8


def test_lethal_alpha_strike_found_first_at_lookahead_1(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fourth new user's trial: nine 2/2s attack Bob at 6 with five 1/1 blockers. Five
    # blocks stop five attackers at most; four unblocked deal 8 >= 6 (510.1a, 704.5a), so
    # every block loses Bob the game now — at any lookahead (no next turn). With the search
    # cut at once (the deadline in the past) the answer is still that proved win.
    from redzone.models.board import build_board
    from redzone.models.scenario import parse_scenario

    perms = [{"id": f"a{i}", "name": "A", "types": ["Creature"], "power": 2, "toughness": 2,
              "controller": "Alice"} for i in range(9)]
    perms += [{"id": f"b{i}", "name": "B", "types": ["Creature"], "power": 1, "toughness": 1,
               "controller": "Bob"} for i in range(5)]
    board = build_board(parse_scenario({"players": [{"name": "Alice", "life": 20},
                                                    {"name": "Bob", "life": 6}],
                                        "permanents": perms}))
    from redzone.solver.ai.clock import Clock, Timeout

    real_tick = Clock.tick

    def cut_lookahead_1(self: Clock) -> None:
        # The time limit, deterministically: the lookahead-1 search is cut after 30 nodes
        # (the question asked of the game at lookahead 0 is not). The question's own clock
        # is the one with polish time; the other games' (Clock.child) have none.
        real_tick(self)
        if self.polish_until is not None and self.nodes > 30:
            raise Timeout

    monkeypatch.setattr(Clock, "tick", cut_lookahead_1)
    r = choose_attack(board, lookahead=1, time_limit=1.0)
    assert r.lethal and r.status == "optimal" and r.value == 1_000_000
    assert len(r.attackers) == 9 and r.outcome["life"]["Bob"] <= 0
