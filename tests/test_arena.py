"""The arena (benchmarks/arena.py): positions, the greedy baseline's combat arithmetic
(CR 510.1, 702.2, 702.4, 702.7, 704.5g-h), scoring, and its fixed command-line interface.
Short games only: the figures themselves are measured in benchmarks/, never here."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phase_required import phase  # noqa: E402,F401

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import arena  # noqa: E402
from redzone.models.board import build_board  # noqa: E402
from redzone.models.scenario import parse_scenario  # noqa: E402


def board(*cards: tuple[str, str, int]):
    perms = [{"id": f"c{i}", "card": name, "controller": who, "damage": dmg} for i, (name, who, dmg) in enumerate(cards)]
    return build_board(parse_scenario({"players": [{"name": "P1"}, {"name": "P2"}], "permanents": perms}))


def test_positions_follow_the_arena_rules():
    rng = random.Random(4)
    for _ in range(50):
        sides = arena.random_position(rng)
        for side in sides:
            assert 2 <= len(side.creatures) <= 6 and 5 <= side.life <= 20
            assert all(c in arena.POOL for c in side.creatures)


def test_wins_fight():
    b = board(("Grizzly Bears", "P1", 0), ("Giant Scorpion", "P2", 0), ("Canal Monitor", "P2", 0),
              ("Hornet Cobra", "P2", 0), ("Kithkin Billyrider", "P1", 0), ("Lowland Giant", "P2", 1))
    bears, scorpion, monitor, cobra, rider, giant = (b.permanents[f"c{i}"] for i in range(6))
    # Giant Scorpion (1/3 deathtouch) kills the 2/2 Bears and survives 2 damage (702.2b).
    assert arena._wins_fight(b, scorpion, bears)
    # Canal Monitor (5/3) kills the Bears and survives 2 damage.
    assert arena._wins_fight(b, monitor, bears)
    # Hornet Cobra (2/1 first strike) kills the Bears before they deal damage (702.7b).
    assert arena._wins_fight(b, cobra, bears)
    # Kithkin Billyrider (1/3 double strike) deals 2 in all: not lethal to Lowland Giant
    # (4/3 with 1 damage marked needs 2): lethal after all (702.4b, 120.6).
    assert arena._kills(b, rider, giant)
    assert not arena._wins_fight(b, bears, monitor)


def test_score_and_interval():
    m = arena.Match("a", "b", wins=6, draws=2, losses=2)
    assert m.games == 10 and m.score == pytest.approx(0.7)
    low, high = m.ci95
    # mean 0.7, sample sd of (1 x6, 0.5 x2, 0 x2) = 0.4216; 1.96 * sd / sqrt(10) = 0.2613.
    assert low == pytest.approx(0.7 - 0.2613, abs=1e-3) and high == pytest.approx(0.9613, abs=1e-3)


def test_games_must_be_even():
    with pytest.raises(ValueError, match="even"):
        arena.run_match(arena.Greedy(), arena.PhaseAI("Hard"), 3, 1)


def test_paired_results_separate_policy_from_position():
    # Each position is played twice with seats swapped: a pair (1, 0) means each policy won
    # as the same seat, so the position decided, not the policy.
    m = arena.Match("a", "b")
    m.pairs = [(1.0, 1.0), (0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.5, 1.0), (0.5, 0.5)]
    assert m.paired() == {"both_won": 1, "both_lost": 1, "seat_decided": 2, "split_other": 2}


def test_worker_processes_play_the_same_games():
    # --jobs 2 deals the same positions (drawn in the parent from the seed) to two processes
    # and merges them in order: the results equal a one-process run's.
    one = arena.run_match("greedy", "phase", 4, 5)
    two = arena.run_match("greedy", "phase", 4, 5, jobs=2)
    assert (one.wins, one.draws, one.losses) == (two.wins, two.draws, two.losses)
    assert one.pairs == two.pairs and one.turns == two.turns
    assert two.us == "greedy" and two.them == "phase-Hard"
    # A run split in two parts plays the same positions as the whole.
    rest = arena.run_match("greedy", "phase", 4, 5, first=1)
    assert rest.pairs == one.pairs[1:]


def test_merge_adds_the_parts_counts():
    a = {"pairing": "redzone vs greedy", "seed": 1, "games": 4, "wins": 2, "draws": 1, "losses": 1,
         "illegal": 0, "opponent_illegal": 0, "mean_turns": 6.0, "cpu_s_games": 2.0,
         "positions": {"both_won": 1, "both_lost": 0, "seat_decided": 0, "split_other": 1}}
    b = {**a, "games": 2, "wins": 2, "draws": 0, "losses": 0, "mean_turns": 3.0,
         "positions": {"both_won": 1, "both_lost": 0, "seat_decided": 0, "split_other": 0}}
    out = arena.merge([a, b])
    assert (out["games"], out["wins"], out["draws"], out["losses"]) == (6, 4, 1, 1)
    assert out["score"] == pytest.approx(4.5 / 6, abs=1e-4) and out["mean_turns"] == 5.0
    assert out["positions"]["both_won"] == 2 and out["cpu_s_games"] == 4.0
    with pytest.raises(ValueError, match="different"):
        arena.merge([a, {**b, "seed": 2}])


def test_seat_wins_reads_a_pair_from_the_first_policys_side():
    # (first policy as seat 0, as seat 1): 1.0 as seat 0 is seat 0's win; 0.0 as seat 1 is
    # also seat 0's (the other policy, in seat 0, won).
    assert arena.seat_wins([1.0, 0.0]) == {0}
    assert arena.seat_wins([0.0, 1.0]) == {1}
    assert arena.seat_wins([1.0, 1.0]) == {0, 1}
    assert arena.seat_wins([0.5, 0.5]) == set()
    assert arena.seat_wins([0.5, 0.0]) == {0}


def test_draws_against_a_reference_on_the_same_positions(tmp_path, capsys):
    ours = [[0.5, 0.5], [0.5, 0.5], [1.0, 0.5], [1.0, 1.0], [0.5, 0.0]]
    # Reference self-play: position 0 drawn both games (shared); position 1 won by seat 1
    # (our two draws: one missed, as seat 1); position 2 won by seat 1 (our seat-1 draw
    # missed); position 4 won by seat 0 (our seat-0 draw missed).
    ref = [[0.5, 0.5], [0.0, 1.0], [0.0, 1.0], [0.5, 0.5], [1.0, 0.0]]
    out = arena.draws_against(ours, ref)
    assert out == {"games": 10, "drawn_games": 6, "drawn_positions": 4, "shared_positions": 1,
                   "shared_games": 2, "missed_games": 3, "draw_rate_if_won": 0.3}
    with pytest.raises(ValueError, match="different numbers of positions"):
        arena.draws_against(ours, ref[:4])
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"pairs": ours}))
    b.write_text(json.dumps({"pairs": ref}))
    assert arena.main(["draws", str(a), str(b)]) == 0
    assert json.loads(capsys.readouterr().out)["missed_games"] == 3
    assert arena.main(["draws", str(a)]) == 2


def test_command_line_json(capsys):
    # Any pairing runs through the fixed interface; here greedy against phase's AI.
    assert arena.main(["--redzone", "greedy", "--opponent", "phase", "--games", "2", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("games", "score", "wins", "draws", "losses", "illegal", "ci95"):
        assert key in out
    assert out["games"] == 2 and out["wins"] + out["draws"] + out["losses"] == 2
    assert out["illegal"] == 0 and out["opponent_illegal"] == 0
    assert 0 <= out["ci95"][0] <= out["score"] <= out["ci95"][1] <= 1
    assert sum(out["positions"].values()) == 1


def test_illegal_declaration_is_counted_and_replaced():
    class Reckless(arena.Policy):
        name = "reckless"

        def act(self, game, seat, prompt):
            if prompt["type"] == "DeclareBlockers":
                # A creature blocking an attacker that isn't attacking (CR 509.1a).
                return {"type": "DeclareBlockers",
                        "data": {"assignments": [[prompt["data"]["valid_blocker_ids"][0], 99999]]}}
            return arena.Greedy().act(game, seat, prompt)

    sides = (arena.pb.Side(["Grizzly Bears", "Canal Monitor"], life=5), arena.pb.Side(["Bay Falcon", "Scryb Sprites"], life=5, land="Island"))
    record = arena.play_game(arena.engine(), sides, [arena.Greedy(), Reckless()], seed=1, turn_limit=4)
    assert record.illegal[0] == 0 and record.illegal[1] >= 1
    assert "reckless DeclareBlockers" in record.rejected[0]


def test_redzone_declarations_are_legal_in_phase():
    # A short game each way (seats swapped) of redzone's AI against phase's: the referee
    # rejects none of redzone's declarations.
    sides = (arena.pb.Side(["Serra Angel", "Hornet Cobra", "Giant Scorpion"], life=9),
             arena.pb.Side(["Thornweald Archer", "Stampeding Rhino", "Kithkin Billyrider"], life=8, land="Island"))
    for policies in ([arena.RedzonePolicy(), arena.PhaseAI("Hard")], [arena.PhaseAI("Hard"), arena.RedzonePolicy()]):
        record = arena.play_game(arena.engine(), sides, policies, seed=3, turn_limit=4)
        assert record.illegal == [0, 0]
        seat = 0 if policies[0].name == "redzone" else 1
        assert record.times[seat]


# ------------------------------------------------------------- positions of issue 22


def test_random_positions_of_a_seed_are_unchanged():
    # Regression fixture: the first position of seed 1 as main drew it before the new
    # position kinds (so figures measured before stay comparable).
    (sides, game_seed), _ = arena.positions(4, 1)
    assert sides[0].creatures == ["Wall of Air", "Nyxborn Brute", "Alpine Watchdog"] and sides[0].life == 8
    assert sides[1].creatures == ["Warclamp Mastiff", "Deranged Whelp", "Wall of Vines", "Bay Falcon",
                                  "Stampeding Rhino"] and sides[1].life == 8
    assert game_seed == 2095328386


def test_mirror_positions_give_both_seats_the_same_side():
    rng = random.Random(2)
    for _ in range(30):
        first, second = arena.mirror_position(rng)
        assert first.creatures == second.creatures and first.life == second.life
        assert 2 <= len(first.creatures) <= 6 and 5 <= first.life <= 20
        assert all(c in arena.POOL for c in first.creatures)
        assert (first.land, second.land) == arena.LANDS
    dealt = arena.positions(6, 2, "mirror")
    assert len(dealt) == 3 and all(s[0].creatures == s[1].creatures for s, _ in dealt)


def test_swapped_puts_each_side_in_the_other_seat():
    a = arena.pb.Side(["Grizzly Bears"], life=7, land="Plains")
    b = arena.pb.Side(["Serra Angel", "Wall of Air"], life=12, land="Island")
    first, second = arena.swapped((a, b))
    assert (first.creatures, first.life, first.land) == (b.creatures, 12, "Plains")
    assert (second.creatures, second.life, second.land) == (a.creatures, 7, "Island")


def test_decided_by_side():
    # (winner with the sides as drawn, winner with them swapped); a seat number, None: draw.
    assert arena.decided_by_side(0, 1) and arena.decided_by_side(1, 0)  # one side won both
    for pair in ((0, 0), (1, 1), (None, None), (0, None), (None, 1)):
        assert not arena.decided_by_side(*pair)  # the seat decided, or a draw


def test_balanced_positions_keep_only_those_greedy_play_does_not_decide():
    # Re-derived independently: the candidates in the seed's order, each played greedy
    # against greedy from both seats; kept exactly when not won by the same side twice.
    eng = arena.engine()
    kept, tried = arena.balanced_positions(2, 7, turns=6, eng=eng)
    assert len(kept) == 2 and tried >= 2
    rng = random.Random(7)
    expected = []
    decided = 0
    for _ in range(tried):
        sides = arena.random_position(rng)
        game_seed = rng.randrange(2**31)
        g = [arena.Greedy(), arena.Greedy()]
        first = arena.play_game(eng, sides, g, seed=game_seed, turn_limit=6).winner
        second = arena.play_game(eng, arena.swapped(sides), g, seed=game_seed, turn_limit=6).winner
        if (first, second) in ((0, 1), (1, 0)):
            decided += 1
        else:
            expected.append((sides, game_seed))
    assert kept == expected
    assert decided == tried - 2
    # And positions(kind="balanced") deals the same.
    assert arena.positions(4, 7, "balanced", turns=6, eng=eng) == kept


def test_turn_caps():
    assert arena.turn_cap("random", None) == 15
    assert arena.turn_cap("mirror", None) == arena.turn_cap("balanced", None) == arena.turn_cap("fixed", None) == 40
    assert arena.turn_cap("balanced", 12) == 12
    with pytest.raises(ValueError, match="unknown positions"):
        arena.positions(2, 1, "lopsided")


def test_interval_over_positions():
    # Position means 1, 0.5, 0.5, 0: mean 0.5, sample sd sqrt(0.5 / 3) = 0.4082,
    # 1.96 * 0.4082 / sqrt(4) = 0.4001.
    low, high = arena.position_interval([(1, 1), (1, 0), (0.5, 0.5), (0, 0)])
    assert low == pytest.approx(0.0999, abs=1e-3) and high == pytest.approx(0.9001, abs=1e-3)
    assert arena.position_interval([(1, 0)]) == (0.0, 1.0)
    # When a position's two games always agree, the games are not independent: the
    # interval over positions is wider than the one over games. 3 positions won twice, 3
    # lost twice: over games sd sqrt(12 x 0.25 / 11) = 0.5222, half 1.96 x 0.5222 / sqrt(12)
    # = 0.2955; over positions sd sqrt(6 x 0.25 / 5) = 0.5477, half 1.96 x 0.5477 / sqrt(6)
    # = 0.4383.
    m = arena.Match("a", "b", wins=6, losses=6)
    m.pairs = [(1.0, 1.0)] * 3 + [(0.0, 0.0)] * 3
    assert m.ci95[1] - 0.5 == pytest.approx(0.2955, abs=1e-3)
    assert m.ci95_positions[1] - 0.5 == pytest.approx(0.4383, abs=1e-3)


def test_attack_declared_is_read_from_either_kind_of_action():
    assert arena._declares_attack({"type": "DeclareAttackers", "data": {"attacks": [[5, {"type": "Player", "data": 1}]], "bands": []}})
    assert not arena._declares_attack({"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}})

    class Action:  # phase's GameAction shows its data as a dict
        data = {"attacks": [[5, {"type": "Player", "data": 1}]], "bands": []}
    assert arena._declares_attack(Action())


def test_command_line_mirror_positions(capsys):
    # Greedy against phase on two mirror positions to turn 4: the new figures are there.
    assert arena.main(["--redzone", "greedy", "--opponent", "phase", "--positions", "mirror", "--turns", "4",
                       "--games", "4", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions_kind"] == "mirror" and out["turns"] == 4
    assert out["games"] == 4 and out["draw_rate"] == pytest.approx(out["draws"] / 4)
    assert 1 <= out["mean_turns"] <= 4 and len(out["pairs"]) == 2
    assert 0 <= out["ci95_positions"][0] <= out["score"] <= out["ci95_positions"][1] <= 1
    assert set(out["attack_rate"]) == {"greedy", "phase-Hard"}
    assert all(0 <= a["rate"] <= 1 and a["prompts"] >= 1 for a in out["attack_rate"].values())


def test_merge_recomputes_the_interval_over_positions():
    a = {"pairing": "redzone vs greedy", "seed": 1, "games": 4, "wins": 2, "draws": 2, "losses": 0,
         "illegal": 0, "opponent_illegal": 0, "mean_turns": 6.0, "positions_kind": "mirror", "turns": 40,
         "positions": {"both_won": 1, "both_lost": 0, "seat_decided": 0, "split_other": 1},
         "pairs": [[1.0, 1.0], [0.5, 0.5]]}
    b = {**a, "games": 4, "wins": 1, "draws": 2, "losses": 1, "pairs": [[0.5, 0.5], [1.0, 0.0]],
         "positions": {"both_won": 0, "both_lost": 0, "seat_decided": 1, "split_other": 1}}
    out = arena.merge([a, b])
    assert out["pairs"] == [[1.0, 1.0], [0.5, 0.5], [0.5, 0.5], [1.0, 0.0]]
    assert out["ci95_positions"] == [round(x, 4) for x in arena.position_interval(out["pairs"])]
    assert out["positions_kind"] == "mirror" and out["draw_rate"] == 0.5
    with pytest.raises(ValueError, match="position kinds"):
        arena.merge([a, {**b, "positions_kind": "balanced"}])


def test_worker_processes_play_the_same_capped_games():
    # The kind and the turn cap reach the worker processes: --jobs 2 plays the same mirror
    # games, capped at turn 2, as one process.
    one = arena.run_match("greedy", "phase", 4, 5, kind="mirror", turns=2)
    two = arena.run_match("greedy", "phase", 4, 5, kind="mirror", turns=2, jobs=2)
    assert one.pairs == two.pairs and one.turns == two.turns
    assert max(two.turns) <= 2 and two.draws >= 1 and two.kind == "mirror" and two.turn_cap == 2


def test_match_counts_attack_rate_draws_and_lengths():
    # Two games of one position: a win at turn 7 (we are seat 0), a draw at the cap 40 (we
    # are seat 1). Attack prompts answered with attackers are counted per policy by seat.
    m = arena.Match("us", "them")
    win = arena.GameRecord(0, 7, [0, 0], [{}, {}], attacks=[[4, 3], [3, 0]])
    draw = arena.GameRecord(None, 40, [0, 0], [{}, {}], attacks=[[20, 20], [20, 1]])
    m.add_position(0, [(win, 0, ["us", "them"]), (draw, 1, ["them", "us"])], 0.0)
    assert m.attack_rate() == {"us": {"prompts": 24, "rate": round(4 / 24, 4)},
                               "them": {"prompts": 23, "rate": round(20 / 23, 4)}}
    out = m.to_json()
    assert out["draw_rate"] == 0.5 and out["mean_turns"] == 23.5 and out["mean_turns_decided"] == 7
    assert out["pairs"] == [[1.0, 0.5]] and out["ci95_positions"] == [0.0, 1.0]


def test_pressure_weights_reach_the_first_policy(capsys):
    """``--pressure name=value,...`` gives the first redzone policy those weights (the rest
    the defaults); a name that is not a weight, or a value the weights refuse, is one line
    and exit status 2."""
    from redzone.models.game_terms import PressureWeights

    policy = arena.make_policy("redzone", style="pressure", pressure={"stall_margin": 3.0, "max_lines": 64})
    assert isinstance(policy, arena.RedzonePolicy)
    assert policy.brain.pressure == PressureWeights(stall_margin=3.0, max_lines=64)
    assert arena.make_policy("redzone").brain.pressure is None  # type: ignore[attr-defined]
    for bad in ("foo=1", "margin=-1", "margin"):
        with pytest.raises(SystemExit) as exc:
            arena.main(["--opponent", "greedy", "--games", "2", "--pressure", bad])
        assert exc.value.code == 2
        assert "--pressure" in capsys.readouterr().err


def test_dealt_positions_are_read_back_from_their_file(tmp_path):
    # Dealt once and written; read back (for as many positions or fewer) as the same
    # positions and counts of candidates; another seed or turn cap is dealt again.
    eng = arena.engine()
    path = tmp_path / "dealt.json"
    dealt, tried = arena.deal_cached(path, 4, 7, "balanced", turns=4, eng=eng)
    assert (dealt, tried) == arena.deal(4, 7, "balanced", turns=4, eng=eng)
    one, tried1 = arena.balanced_positions(1, 7, turns=4, eng=eng)
    assert path.exists()
    assert arena.deal_cached(path, 4, 7, "balanced", turns=4) == (dealt, tried)
    assert arena.deal_cached(path, 2, 7, "balanced", turns=4) == (one, tried1)
    assert arena.deal_cached(path, 2, 8, "mirror", turns=6) == arena.deal(2, 8, "mirror", turns=6)
    assert json.loads(path.read_text())["seed"] == 8


def test_memo_hits_are_reported_for_redzone_policies():
    # The raptor position (issue 22) to turn 8, redzone-exact against redzone-exact: the
    # position comes back (nobody attacks into the Spiders at first), and repeated prompts
    # are answered from each brain's memo; the JSON counts them per policy.
    m = arena.run_match("redzone", "redzone", 4, 1, kind="fixed", turns=8, first=1, styles=("exact", "exact"))
    hits = m.to_json().get("memo_hits", {})
    assert m.games == 2 and m.pairs == [(0.5, 0.5)]  # nobody attacks: both games drawn
    assert set(hits) == {"redzone-exact"} and set(hits["redzone-exact"]) == {"DeclareAttackers"}
    assert hits["redzone-exact"]["DeclareAttackers"] >= 1
