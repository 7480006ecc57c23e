"""The defending player's search of the AI (issue 9 §6, the token swarm): a loss no block can
prevent is proved at the first block, and only when nothing could undo it (lifelink on the
defending side, 702.15b); a won game for the defending player ends the search; the swarm
board of ``benchmarks/ai_boards.py`` at 20 and 200 life.

Values come from the rules cited and the default evaluation (``docs/ai.md``): a lost game is
worth ``-win`` to the defending player whatever else happens (CR 104.2a, 704.5a).
"""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.evaluation import Weights
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.decisions import choose_blocks

WIN = Weights().win


def board(permanents: list[dict[str, Any]], b_life: int, attackers: list[str]) -> Any:
    return build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": b_life}],
        "permanents": permanents, "combat": {"attackers": {a: "Bob" for a in attackers}}}))


def card(cid: str, name: str, controller: str) -> dict[str, Any]:
    return {"id": cid, "card": name, "controller": controller}


def test_unblockable_lethal_damage_is_a_proved_loss() -> None:
    # Two Wind Drakes (flying, 702.9b) and a Grizzly Bears attack Bob at 4 life; his Hill
    # Giant and Grizzly Bears have neither flying nor reach, so they can block only the
    # Bears (509.1a). The Drakes' 4 damage reach Bob in every block: 0 life, he loses
    # (704.5a). The search proves it at the first block.
    b = board([card("d1", "Wind Drake", "Alice"), card("d2", "Wind Drake", "Alice"),
               card("g", "Grizzly Bears", "Alice"),
               card("h", "Hill Giant", "Bob"), card("b", "Grizzly Bears", "Bob")],
              4, ["d1", "d2", "g"])
    for lookahead in (0, 1):
        r = choose_blocks(b, lookahead=lookahead)
        assert r.status == "optimal" and r.value == -WIN and r.bound == -WIN
        assert not r.survives and "Bob" in r.outcome["lost"]
        assert r.nodes <= 2  # one block searched: nothing can do better than a lost game


def test_lifelink_blocker_can_still_save_the_defending_player() -> None:
    # Same attack on Bob at 2 life, but his creature is a 1/3 with lifelink. The Drake's 2
    # damage alone would kill him, yet if the 1/3 blocks the Bears its 1 damage gains him 1
    # life at the same time (510.2, 702.15b): 2 - 2 + 1 = 1, he survives. No loss is proved
    # before the blocks are searched.
    b = board([card("d1", "Wind Drake", "Alice"), card("g", "Grizzly Bears", "Alice"),
               {"id": "ll", "name": "Healer", "controller": "Bob", "types": ["Creature"],
                "power": 1, "toughness": 3, "text": "Lifelink"}],
              2, ["d1", "g"])
    for lookahead in (0, 1):
        r = choose_blocks(b, lookahead=lookahead)
        assert r.status == "optimal" and r.survives
        assert r.blockers == {"ll": ["g"]}
        assert r.outcome["life"]["Bob"] == 1 and r.outcome["gained"] == {"Bob": 1}


def test_token_swarm_at_twenty_life() -> None:
    # The swarm: 66 Insects and Hornet Queen fly (702.9b) and Bob's eight ground creatures
    # can block only Craterhoof Behemoth, Grizzly Bears and Hill Giant. 66 + 2 = 68 damage
    # reaches Bob at 20 in every block: he loses (704.5a), proved without searching the
    # 40,960 blocks (4^8 choices, the two Bears interchangeable).
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.ai_boards import swarm_scenario

    b = build_board(parse_scenario(swarm_scenario(20)))
    r = choose_blocks(b, lookahead=1)
    assert r.status == "optimal" and r.value == -WIN and not r.survives
    assert r.outcome["life"]["Bob"] <= 20 - 68


def test_token_swarm_at_two_hundred_life_wins_on_the_crack_back() -> None:
    # Bob at 200 takes at least the 68 flying damage and survives. None of Alice's attackers
    # has vigilance, so all stay tapped through Bob's turn (302.6, 508.1f) and she has no
    # blocker then (509.1a). Bob's creatures keep 2+2+3+3+3+6+0+1 = 20 power if none of them
    # blocks: his attack with all of them deals 20 to Alice at 20, she loses (704.5a). Not
    # blocking wins, and nothing is better than a won game (the evaluation keeps every other
    # position below it), so the search stops at the first block it tries, no block, instead
    # of valuing the 40,960 blocks and their crack-backs.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.ai_boards import swarm_scenario

    b = build_board(parse_scenario(swarm_scenario(200)))
    r = choose_blocks(b, lookahead=1)
    assert r.status == "optimal" and r.value == WIN and r.bound == WIN
    assert r.blockers == {} and r.survives and r.outcome["life"]["Bob"] == 200 - 78
    assert r.nodes < 1000


def test_a_position_with_the_game_on_stays_below_a_won_game() -> None:
    # With the smallest allowed ``win`` (1,000 points) forty 20/20s are worth 40 x 31 =
    # 1,240 points to Alice: more than a won game. The score of a position where nobody
    # lost is kept one milli-point inside (-win, win), so a won game (104.2a) still
    # dominates and a lost one is still the worst, from both sides.
    from redzone.models.evaluation import Evaluator

    perms = [{"id": f"g{i}", "name": "Giant", "controller": "Alice", "types": ["Creature"],
              "power": 20, "toughness": 20} for i in range(40)]
    b = build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                    "permanents": perms}))
    w = Weights(win=1000)
    alice, bob = Evaluator(b, "Alice", w), Evaluator(b, "Bob", w)
    assert alice.win == 1_000_000
    assert alice.score() == alice.win - 1 and bob.score() == -(bob.win - 1)
    assert alice.score(mana_spent=2) == alice.win - 1 - 200  # mana: 0.1 point each


# ------------------------------------------------------------------ the outcome's plain path


def _plain_board(rng: Any) -> Any:
    """Two players' creatures with random combat keywords (inline), a planeswalker, random
    marked damage: no effect that prevents, replaces or redirects damage, nothing granted."""
    texts = ["", "Deathtouch", "Lifelink", "Infect", "Wither", "Toxic 2", "Indestructible",
             "Deathtouch\nLifelink", "Infect\nToxic 1", "Flying"]
    perms: list[dict[str, Any]] = []
    for side in ("Alice", "Bob"):
        for i in range(4):
            t = rng.randint(1, 4)
            perms.append({"id": f"{side[0]}{i}", "name": f"{side} creature {i}", "controller": side,
                          "types": ["Creature"], "power": rng.randint(0, 4), "toughness": t,
                          "damage": rng.randint(0, t - 1), "text": rng.choice(texts)})
    perms.append({"id": "pw", "name": "Walker", "controller": "Bob", "types": ["Planeswalker"],
                  "loyalty": 3})
    return build_board(parse_scenario({
        "players": [{"name": "Alice", "life": rng.randint(1, 6)},
                    {"name": "Bob", "life": rng.randint(1, 6), "poison": rng.randint(0, 9)}],
        "permanents": perms}))


def test_plain_damage_path_matches_the_general_one(monkeypatch: Any) -> None:
    # The outcome code deals damage on a board where nothing can modify it without looking
    # abilities up per event (models/outcome.py, _plain). Its results must be those of the
    # general path (CR 120.3a-h, 702.2c, 702.15b, 702.80, 702.90b, 702.164c, 704): the same
    # DealtDamage rows, the same state after state-based actions, on 300 random batches.
    import random

    from redzone.models import outcome
    from redzone.models.outcome import DamageEvent, GameState, deal_damage, state_based_actions

    rng = random.Random(9)
    general = {"n": 0}
    for _ in range(300):
        b = _plain_board(rng)
        assert outcome._plain(b) is not None
        ids = list(b.permanents)
        events = [DamageEvent(rng.choice(ids[:-1]), rng.choice(ids + ["Alice", "Bob"]),
                              rng.randint(0, 4)) for _ in range(rng.randint(1, 6))]
        combat = rng.random() < 0.7
        results = []
        for plain in (True, False):
            if not plain:
                monkeypatch.setattr(outcome, "_plain", lambda board: None)
            s = GameState.from_board(b)
            state_based_actions(b, s)  # marked damage given may already be lethal
            dealt = deal_damage(b, s, events, combat=combat)
            state_based_actions(b, s)
            results.append((dealt, s))
            monkeypatch.undo()
        assert results[0][0] == results[1][0]
        assert results[0][1] == results[1][1]
        general["n"] += any(d.amount for d in results[0][0])
    assert general["n"] > 200  # most batches dealt some damage
