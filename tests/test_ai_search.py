"""The AI's search shortcuts (issue 9 speed work) give exactly what the plain rules code
gives: block problems cut down from one problem of every attacking creature, crack-back
values searched with a window and shared between positions."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from redzone.models.block_rules import block_problem, block_problems, sub_block_problem, uniform_block_rules
from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario

#: Real cards whose blocking rules cover each part of a block problem: evasion and
#: protection (509.1b pairs), menace and Tromokratis (group restrictions), Watchdog and
#: Lure-type attackers (509.1c requirements), "can't block", capacity (509.1a); and inline
#: creatures that block each combat if able or can't block alone (509.1b-c).
CARDS = ["Prized Unicorn", "Tromokratis", "Elvish Bard", "Boggart Brute", "Hulking Cyclops",
         "Stalking Tiger", "Charging Rhino", "Silhana Ledgewalker", "Gaea's Protector",
         "Hunted Wumpus", "Daunting Defender", "Goblin Outlander", "Champion of Lambholt",
         "Gustcloak Sentinel", "Sightless Brawler", "Hundred-Handed One", "Palace Guard",
         "Two-Headed Giant", "Mogg Flunkies", "Ember Beast", "Siege Mastodon", "Serra Angel",
         "Wall of Stone", "Goblin Piker", "Grizzly Bears", "Vampire Nighthawk", "Plague Stinger",
         "Typhoid Rats", "Alaborn Cavalier", "Skittering Monstrosity"]


def _board(rng: random.Random) -> Any:
    perms: list[dict[str, Any]] = []
    for side, n in (("Alice", rng.randint(1, 5)), ("Bob", rng.randint(1, 5))):
        for i in range(n):
            perm: dict[str, Any] = {"id": f"{side[0].lower()}{i}", "controller": side,
                                    "tapped": side == "Bob" and rng.random() < 0.15}
            if rng.random() < 0.15:
                perm.update(name=f"Inline {i}", types=["Creature"], power=2, toughness=2,
                            text=rng.choice(["This creature blocks each combat if able.",
                                             "This creature can't block alone."]))
            else:
                perm["card"] = rng.choice(CARDS)
            perms.append(perm)
    return build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob", "mana": 2}],
                                       "permanents": perms}))


def _bounds_know_their_game(monkeypatch: Any) -> None:
    """Each game's bounds part gets a reference to its game (``_test_game``), for checks
    that compare a bound with a value other parts work out."""
    from redzone.solver.ai import search as ai_game

    real_init = ai_game.Game.__init__

    def init(self: ai_game.Game, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        self.bounds._test_game = self  # type: ignore[attr-defined]

    monkeypatch.setattr(ai_game.Game, "__init__", init)


@pytest.mark.parametrize("seed", range(30))
def test_sub_block_problem_is_block_problem_of_the_smaller_attack(seed: int) -> None:
    # CR 509.1a-c, 802.4: with two players and nothing depending on the whole attack, each
    # part of a block problem is about one blocker, one attacker or one pair, so the problem
    # of an attack is the one of every creature cut down to it — the same pairs, reasons,
    # restrictions, requirements and costs, in the same order.
    board = _board(random.Random(seed))
    assert uniform_block_rules(board)
    attackers = [p.id for p in board.permanents.values() if p.controller == "Alice"]
    full = block_problems(board, {a: "Bob" for a in attackers})[0]
    for k in range(1, len(attackers) + 1):
        for subset in itertools.combinations(attackers, k):
            direct = block_problem(board, "Bob", {a: "Bob" for a in subset})
            assert sub_block_problem(full, list(subset)) == direct


def test_uniform_block_rules_refuses_what_reads_the_whole_attack() -> None:
    # 802.4: three players may have several defending players; scenario effects
    # (effects.must_block, provoke 702.39a) name one pair each.
    three = build_board(parse_scenario({"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                                        "permanents": [{"id": "x", "card": "Grizzly Bears", "controller": "A"}]}))
    assert not uniform_block_rules(three)


def test_crack_back_key_from_the_units_is_the_key_of_the_combined_state(monkeypatch: Any) -> None:
    # The crack-back position of a combat is keyed from the units' changes without building
    # the combined state (Game._leaves_key). It must be the very key of that state
    # (Game._crack_back_key of Game.combine): the next player (104.2a, 800.4a), who stays
    # tapped (302.6) and every change of life, poison, destroyed creatures, -1/-1 counters,
    # counters, loyalty and defense. Checked on every position 100 lookahead-1 searches of
    # random boards key (wither, infect, planeswalkers, poison and low life among them).
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_ai_differential import random_board

    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack

    real = ai_game.CrackBack.leaves_key
    checked = {"n": 0}

    def checking(self: ai_game.CrackBack, attack: Any, leaves: Any) -> Any:
        got = real(self, attack, leaves)
        if got is not None:
            assert got == self.position_key(attack, self.units.combine(leaves))
            checked["n"] += 1
        return got

    monkeypatch.setattr(ai_game.CrackBack, "leaves_key", checking)
    for seed in range(100):
        rng = random.Random(seed)
        b = build_board(parse_scenario(random_board(rng, rng.randint(1, 4), rng.randint(0, 3))))
        choose_attack(b, lookahead=1)
    assert checked["n"] > 150


def test_crack_back_floor_is_below_the_crack_back_value(monkeypatch: Any) -> None:
    # After an attack that leaves the attacking player no untapped creature (302.6, 509.1a),
    # the next player's crack-back can only take life (or give poison, 702.90b, 702.164c)
    # and gain them life (702.15b), by at most what their surviving creatures deal (510.1a,
    # twice with double strike, 702.4c); Game.crack_back_floor bounds the value after it
    # from below to cut blocks that can't beat the best one. Checked against the searched
    # crack-back value (window wide open) on every position 150 lookahead-1 searches of
    # random boards bound, half of them alpha strikes (infect, lifelink, double strike and low
    # life among them).
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_ai_differential import random_board

    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack, choose_blocks

    real_blockless = ai_game.Bounds.blockless
    real_floor = ai_game.Bounds.crack_back_floor
    checked = {"n": 0, "tight": 0}

    def blockless(self: ai_game.Bounds, attack: Any) -> bool:
        self._test_attack = attack  # type: ignore[attr-defined]
        return real_blockless(self, attack)

    def floor(self: ai_game.Bounds, leaves: Any) -> Any:
        low = real_floor(self, leaves)
        if low is not None:
            game = self._test_game  # type: ignore[attr-defined]
            exact = game.crack_back.crack_back(self._test_attack, self.units.combine(leaves))  # type: ignore[attr-defined]
            assert low <= exact
            checked["n"] += 1
            checked["tight"] += low == exact
        return low

    _bounds_know_their_game(monkeypatch)
    monkeypatch.setattr(ai_game.Bounds, "blockless", blockless)
    monkeypatch.setattr(ai_game.Bounds, "crack_back_floor", floor)
    for seed in range(150):
        rng = random.Random(seed)
        data = random_board(rng, rng.randint(1, 4), rng.randint(0, 3))
        if seed % 2:  # every creature of Alice attacks Bob (an alpha strike)
            data["combat"] = {"attackers": {p["id"]: "Bob" for p in data["permanents"]
                                            if p["controller"] == "Alice"}}
        b = build_board(parse_scenario(data))
        if seed % 2:
            choose_blocks(b, lookahead=1)
        else:
            choose_attack(b, lookahead=1)
    assert checked["n"] > 120 and checked["tight"] > 50


def test_damage_classes_walked_per_source_are_those_of_the_full_listing(monkeypatch: Any) -> None:
    # In the last damage step the search keeps one legal assignment per result (Game.
    # _assignments): the first assignment of each class in the listing order of every
    # assignment (510.1a-d), then one per result (an amount below lethal damage leaves the
    # creature alive whatever it is, 704.5g). It walks the classes source by source instead
    # of listing every assignment; the assignments kept must be the very same, in the same
    # order, as the full listing gives, on every step 80 searches of random boards meet.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_ai_differential import random_board

    from redzone.models.damage_problem import damage_violations
    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack, choose_blocks
    from redzone.solver.reference import all_damage_assignments

    real = ai_game.UnitGames._assignments
    checked = {"n": 0}

    def checking(self: ai_game.UnitGames, problem: Any, last: bool) -> Any:
        got = real(self, problem, last)
        classify = self._classes(problem) if last else None
        if classify is not None:
            judged: set[Any] = set()
            results: set[Any] = set()
            want = []
            for a in all_damage_assignments(problem, bound=ai_game.DAMAGE_BOUND):
                key = tuple(sorted(x for sid, row in a.items() for x in classify(sid, row)))
                if key in judged:
                    continue
                judged.add(key)
                result = tuple(x for x in key if not (x[2] == 1 and (x[0], x[1]) in self._thresholds))
                if result in results or damage_violations(problem, a):
                    continue
                results.add(result)
                want.append(a)
            assert got == want
            checked["n"] += 1
        return got

    monkeypatch.setattr(ai_game.UnitGames, "_assignments", checking)
    for seed in range(80):
        rng = random.Random(seed)
        b = build_board(parse_scenario(random_board(rng, rng.randint(1, 4), rng.randint(1, 3),
                                                    combat=seed % 2 == 1)))
        if seed % 2:
            choose_blocks(b, lookahead=0)
        else:
            choose_attack(b, lookahead=0)
    assert checked["n"] > 100


def test_static_floor_is_below_the_static_value(monkeypatch: Any) -> None:
    # Game.static_floor bounds a block's value right after combat from below without playing
    # the blocked attackers' damage: a blocked attacking creature destroyed unless its
    # blockers can't deal it lethal damage (704.5g; deathtouch 702.2b), weakened by the most
    # -1/-1 counters wither and infect blockers can put on it (702.80a, 702.90b), the
    # blockers it is sure to destroy by assigning them lethal damage counted as destroyed
    # (510.1c-d, 704.5g-h; not through indestructible or protection, nor when a first
    # striker may kill it first, 702.7b), the others unharmed, the most lifelink gains
    # (702.15b). Checked against the value the damage game gives (Game.static_value,
    # lookahead 0) on every block the searches of random boards (both rule sets) and the
    # benchmark's 5v5 boards bound, attacking and defending; the kill and counter terms
    # must be exercised.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.ai_boards import ai_scenario
    from test_ai_differential import random_board

    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack, choose_blocks

    real = ai_game.Bounds.static_floor
    real_kill = ai_game.Bounds.kill_claim
    real_weak = ai_game.Combatants.weakened
    checked = {"n": 0, "tight": 0, "kills": 0, "survives": 0, "weakened": 0}

    def floor(self: ai_game.Bounds, attack: Any, blocks: Any, mana: int) -> Any:
        low = real(self, attack, blocks, mana)
        if low is not None:
            value = self._test_game.values.static_value(attack, blocks, mana)  # type: ignore[attr-defined]
            assert low <= value, (attack, blocks)
            checked["n"] += 1
            checked["tight"] += low == value
        return low

    def kill(self: ai_game.Bounds, a: str, blockers: Any) -> Any:
        got = real_kill(self, a, blockers)
        checked["kills"] += got[0] > 0
        checked["survives"] += got[1]
        return got

    def weak(self: ai_game.Combatants, pid: str, counters: int) -> int:
        checked["weakened"] += 1
        return real_weak(self, pid, counters)

    _bounds_know_their_game(monkeypatch)
    monkeypatch.setattr(ai_game.Bounds, "static_floor", floor)
    monkeypatch.setattr(ai_game.Bounds, "kill_claim", kill)
    monkeypatch.setattr(ai_game.Combatants, "weakened", weak)
    boards = [ai_scenario(5, seed) for seed in range(6)]
    # Damage to a creature with protection from the attacker's colour is prevented
    # (702.16e): a 3/3 black creature blocked by it destroys nothing.
    boards.append({"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                   "permanents": [
                       {"id": "a0", "name": "Shade", "controller": "Alice", "types": ["Creature"],
                        "colors": ["B"], "power": 3, "toughness": 3},
                       {"id": "b0", "name": "Ward Knight", "controller": "Bob", "types": ["Creature"],
                        "colors": ["W"], "power": 2, "toughness": 2, "text": "Protection from black"}]})
    rng = random.Random(7)
    boards += [random_board(rng, rng.randint(1, 4), rng.randint(0, 3)) for _ in range(80)]
    for data in boards:
        b = build_board(parse_scenario(data))
        for lookahead in (0, 1):
            choose_attack(b, lookahead=lookahead)
    for _ in range(40):
        data = random_board(rng, rng.randint(1, 4), rng.randint(1, 3), combat=True)
        choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert checked["n"] > 1000 and checked["tight"] > 50, checked
    assert checked["kills"] > 20 and checked["survives"] > 5 and checked["weakened"] > 5, checked


def test_renamed_unit_is_the_unit_played(monkeypatch: Any) -> None:
    # A unit that differs from one already played only by swapping identical creatures
    # (ai_board.symmetry_classes) is that unit's damage game with the ids renamed
    # (ai_units._rename): the same tree, children in the same order, as playing it.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.ai_boards import ai_scenario

    from redzone.solver.ai import units as ai_damage

    from redzone.solver.ai import search as ai_game
    from redzone.solver.ai.decisions import choose_attack

    real_tree = ai_game.UnitGames.unit_tree
    real_rename = ai_damage._rename
    state = {"renamed": False, "n": 0}

    def rename(tree: Any, m: Any) -> Any:
        state["renamed"] = True
        return real_rename(tree, m)

    def unit_tree(self: ai_game.UnitGames, unit: Any, steps: Any) -> Any:
        key = (unit, steps)
        new = key not in self._units
        state["renamed"] = False
        got = real_tree(self, unit, steps)
        if new and state["renamed"]:
            saved = (self._iso, self.shared.units)
            self._iso, self.shared.units = {}, {}
            del self._units[key]
            try:
                fresh = real_tree(self, unit, steps)
            finally:
                self._iso, self.shared.units = saved
                self._units[key] = got
            assert got == fresh, unit
            state["n"] += 1
        return got

    monkeypatch.setattr(ai_damage, "_rename", rename)
    monkeypatch.setattr(ai_game.UnitGames, "unit_tree", unit_tree)
    for seed in range(6):
        for lookahead in (0, 1):
            choose_attack(build_board(parse_scenario(ai_scenario(5, seed))), lookahead=lookahead)
    for seed in range(3):
        choose_attack(build_board(parse_scenario(ai_scenario(8, seed))), lookahead=0)
    assert state["n"] > 25


def test_listed_blocks_judged_as_the_block_rules_judge_them() -> None:
    # Game._listed_filter judges the blocks block_candidates lists (each blocker's
    # attackers among its options: 509.1a holds by construction) on the restrictions about
    # several creatures only (509.1b: menace and "except by N or more", "by more than one",
    # "unless all creatures block it", "can't block alone", "unless N other creatures
    # block", "unless a creature with greater power also blocks", "no more than N
    # creatures can block"); it must agree with the full check (restriction_violations)
    # on every listed block of random boards carrying them. So must Game._count_filter,
    # which judges the blocker counts (menace, "by more than one") from the choices alone.
    from redzone.models import block_problem as bp_mod
    from redzone.solver.ai.position import _block_options, _canonical_product
    from redzone.solver.ai.search import Game
    from redzone.models.evaluation import Weights

    texts = ["This creature can't block alone.", "This creature can't be blocked by more than one creature.",
             "No more than two creatures can block each combat.", "Menace", "",
             "This creature can't block unless a creature with greater power also blocks.",
             "This creature can't block unless at least two other creatures block.",
             "This creature can't be blocked except by three or more creatures.",
             "This creature can't be blocked unless all creatures defending player controls block it."]
    rng = random.Random(11)
    kinds: set[str] = set()
    compared = counted = 0
    for _ in range(60):
        perms = []
        for side, n in (("Alice", rng.randint(1, 3)), ("Bob", rng.randint(1, 4))):
            for i in range(n):
                perms.append({"id": f"{side[0].lower()}{i}", "name": f"{side[0].lower()}{i}",
                              "controller": side, "types": ["Creature"], "power": rng.randint(0, 3),
                              "toughness": 2, "text": rng.choice(texts)})
        board = build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                            "permanents": perms}))
        game = Game(board, "Alice", Weights(), 0, None)
        for attack, _ in game.declarations.attack_candidates():
            for problem in game.declarations.block_problems(attack):
                kinds.update(type(r).__name__ for r in problem.restrictions)
                check = game.declarations.block_filter(problem)
                listed = game.declarations.listed_filter(problem, check)
                blockers, options = _block_options(problem)
                counts = game.declarations.count_filter(problem, listed, check, options)
                counted += counts is not None
                for idx in _canonical_product(blockers, options, game.facts.classes, 10_000):
                    d = {b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}
                    assert listed(d) == check(d), (problem.restrictions, d)
                    if counts is not None:
                        assert counts(idx) == (check(d) is not None), (problem.restrictions, d)
                    assert (check(d) is None) == bool(bp_mod.restriction_violations(problem, d))
                    compared += 1
    assert kinds >= {"MinBlockers", "MaxBlockers", "AllOrNothing", "BlockerNotAlone",
                     "MinOtherBlockers", "GreaterPowerBlocker", "BlockerCap"}, kinds
    assert compared > 2000 and counted > 20, (compared, counted)


def test_refutation_probe_agrees_with_every_block(monkeypatch: Any) -> None:
    # At lookahead 1 an attack is refuted at once by a block whose value right after combat
    # is at or below the best attack so far (the next player may always not attack). The
    # probe (Game._refutation: the lookahead-0 branch and bound) must answer as the blocks
    # listed one by one would: a block it returns is legal and at or below alpha, and
    # "none" means every legal block's static value is above alpha. Forced on every attack
    # (PROBE_AFTER 0) on random boards of keywords (dense ground boards: most creatures can
    # block most attackers); the answers must be those of the plain listing.
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks.ai_boards import ai_scenario, ground_scenario
    from test_ai_differential import random_board

    from redzone.solver.ai import search as ai_game

    from redzone.solver.ai import order as ai_order
    from redzone.solver.ai.decisions import choose_attack

    real = ai_game.BlockOrder.refutation
    checked = {"found": 0, "none": 0}

    def probe(self: ai_game.BlockOrder, attack: Any, attack_cost: int, alpha: int) -> Any:
        got = real(self, attack, attack_cost, alpha)
        if got is not None:
            values = [self.values.static_value(attack, blocks, self.values.mana_term(attack_cost, cost))
                      for blocks, cost in self.declarations.block_candidates(attack)]
            if got[0] is None:
                assert min(values) > alpha, (attack, alpha)
                checked["none"] += 1
            else:
                value = self.values.static_value(attack, got[0], self.values.mana_term(attack_cost, got[1]))
                assert value <= alpha and min(values) <= alpha, (attack, got, alpha)
                checked["found"] += 1
        return got

    boards = [ai_scenario(5, seed) for seed in range(4)] + [ground_scenario(5, seed) for seed in range(3)]
    rng = random.Random(11)
    boards += [random_board(rng, rng.randint(2, 4), rng.randint(2, 4)) for _ in range(40)]
    for data in boards:
        b = build_board(parse_scenario(data))
        monkeypatch.setattr(ai_order, "PROBE_AFTER", 10**9)
        monkeypatch.setattr(ai_order, "PROBE_VALUES", 10**9)
        monkeypatch.setattr(ai_order, "PRUNE_FROM", 10**12)
        monkeypatch.setattr(ai_order, "TREE_FROM", 10**12)
        plain = choose_attack(b, lookahead=1)
        monkeypatch.setattr(ai_order, "PROBE_AFTER", 0)
        monkeypatch.setattr(ai_game.BlockOrder, "refutation", probe)
        probed = choose_attack(b, lookahead=1)
        # and where runs of blocks are bounded at once (asked after the first block valued)
        monkeypatch.setattr(ai_order, "PRUNE_FROM", 0)
        monkeypatch.setattr(ai_order, "TREE_FROM", 0)
        monkeypatch.setattr(ai_order, "PROBE_VALUES", 1)
        monkeypatch.setattr(ai_order, "PLAN_AFTER", 1)
        runs = choose_attack(b, lookahead=1)
        # a probe that runs out of nodes is dropped, and no time limit was reached: proved
        monkeypatch.setattr(ai_order, "PROBE_NODES", 1)
        spent = choose_attack(b, lookahead=1)
        monkeypatch.setattr(ai_order, "PROBE_NODES", 300)
        monkeypatch.setattr(ai_order, "PRUNE_FROM", 10**12)
        monkeypatch.setattr(ai_order, "TREE_FROM", 10**12)
        monkeypatch.setattr(ai_game.BlockOrder, "refutation", real)
        assert (probed.attackers, probed.value, probed.status) == (plain.attackers, plain.value, plain.status)
        assert (runs.attackers, runs.value, runs.status) == (plain.attackers, plain.value, plain.status)
        assert (spent.attackers, spent.value, spent.status) == (plain.attackers, plain.value, plain.status)
    assert checked["found"] > 50 and checked["none"] > 20, checked


def _dense_board(rng: random.Random, n: int) -> dict[str, Any]:
    """Ground creatures with keywords where most can block most attackers (inline cards)."""
    kws = ["", "", "Flying", "First strike", "Double strike", "Deathtouch", "Trample", "Reach",
           "Lifelink", "Wither", "Infect", "Indestructible", "Protection from green"]
    perms = []
    for side, who in (("a", "Alice"), ("b", "Bob")):
        for i in range(n):
            if i and rng.random() < 0.2:
                twin = dict(perms[-1])  # an identical creature (symmetry)
                twin["id"] = twin["name"] = f"{side}{i}"
                perms.append(twin)
                continue
            perms.append({"id": f"{side}{i}", "name": f"{side}{i}", "controller": who, "types": ["Creature"],
                          "colors": [rng.choice("WUBRG")], "power": rng.randint(0, 5),
                          "toughness": rng.randint(1, 5), "text": rng.choice(kws)})
    return {"players": [{"name": "Alice", "life": rng.randint(3, 20)},
                        {"name": "Bob", "life": rng.randint(3, 20)}], "permanents": perms}


def test_prefix_floor_bounds_every_block_that_starts_so() -> None:
    # Game.prefix_floor bounds from below Game.static_floor of every block whose first k
    # blockers made given choices (the blocks listed in product order share such prefixes):
    # a creature no undecided blocker may block has its own part, one already blocked is at
    # worst destroyed (or the least part over the sets it may still get), one not blocked
    # yet is unblocked or blocked, at most as many of those blocked as blockers are left,
    # every undecided lifelink blocker gaining its most (docstring). Checked on every prefix
    # of every block of random dense boards, both players' perspectives (the attacking
    # player's search and the crack-back's); with every blocker decided it must be the
    # static floor itself.
    from redzone.models.evaluation import Weights
    from redzone.solver.ai.position import _block_options, _canonical_product
    from redzone.solver.ai.search import Game

    rng = random.Random(5)
    checked = {"prefixes": 0, "tight": 0, "blocks": 0}
    for _ in range(25):
        board = build_board(parse_scenario(_dense_board(rng, rng.randint(2, 4))))
        for perspective in ("Alice", "Bob"):
            game = Game(board, perspective, Weights(), 0, None)
            for attack, _cost in game.declarations.attack_candidates()[:12]:
                problems = game.declarations.block_problems(attack)
                if len(problems) != 1:
                    continue
                blockers, options = _block_options(problems[0])
                plan = game.prefix.prefix_plan(attack, problems[0], blockers, options)
                if plan is None:
                    continue
                mana = game.values.mana_term(0, 0)
                lows: dict[tuple[int, ...], int] = {}  # prefix -> least static floor below it
                bounds: dict[tuple[int, ...], int | None] = {}
                for idx in _canonical_product(blockers, options, game.facts.classes, 10**6):
                    blocks = {b: list(options[i][k]) for i, (b, k) in enumerate(zip(blockers, idx)) if k}
                    low = game.bounds.static_floor(attack, blocks, mana)
                    for k in range(len(idx) + 1):
                        groups: dict[str, list[str]] = {a: [] for a in attack}
                        gain = first = 0
                        for i in range(k):
                            if idx[i]:
                                groups[options[i][idx[i]][0]].append(blockers[i])
                                gain += game.combatants.gain(blockers[i])
                                first += blockers[i] in game.facts.strikes_first
                        bound = game.prefix.prefix_floor(plan, k, groups, gain, first, mana)
                        if k == len(idx):
                            assert bound == low, (attack, blocks)
                            checked["blocks"] += 1
                        elif low is not None:
                            lows[idx[:k]] = min(lows.get(idx[:k], low), low)
                            bounds[idx[:k]] = bound
                for prefix, least in lows.items():
                    bound = bounds[prefix]
                    if bound is not None:
                        assert bound <= least, (attack, prefix, bound, least)
                        checked["prefixes"] += 1
                        checked["tight"] += bound == least
    assert checked["blocks"] > 2000 and checked["prefixes"] > 1000 and checked["tight"] > 100, checked


def test_pruned_listing_gives_the_same_answers(monkeypatch: Any) -> None:
    # The lookahead-0 listing that skips runs of blocks on one bound (pruned_blocks) must
    # answer exactly as the block-by-block listing, at both lookaheads (lookahead 1 runs it in
    # the crack-back's games). Forced on every attack of random dense boards.
    from redzone.solver.ai import order as ai_order
    from redzone.solver.ai.decisions import choose_attack

    rng = random.Random(9)
    for _ in range(20):
        board = build_board(parse_scenario(_dense_board(rng, rng.randint(3, 4))))
        for lookahead in (0, 1):
            monkeypatch.setattr(ai_order, "PRUNE_FROM", 10**12)
            plain = choose_attack(board, lookahead=lookahead)
            monkeypatch.setattr(ai_order, "PRUNE_FROM", 0)
            monkeypatch.setattr(ai_order, "PLAN_AFTER", 1)
            pruned = choose_attack(board, lookahead=lookahead)
            assert (pruned.attackers, pruned.value, pruned.status) == (plain.attackers, plain.value, plain.status)


def test_block_order_with_runs_is_the_listed_order(monkeypatch: Any) -> None:
    # At lookahead 1 the blocks are examined best first (lowest value right after combat,
    # ties in listing order), and a block at or below alpha found while listing refutes the
    # attack alone. Bounding runs of blocks at once (BlockOrder._tree_order) must give
    # exactly the blocks, in exactly the order, of the block-by-block listing; checked for
    # several alphas on random dense boards (the refutation probe off in both).
    from redzone.models.evaluation import Weights
    from redzone.solver.ai import order as ai_order
    from redzone.solver.ai.search import Game

    def order(game: Game, attack: Any, alpha: int) -> list[Any]:
        return [sorted((b, tuple(a)) for b, a in blocks.items()) for blocks, _ in game.order.block_order(attack, 0, alpha)]

    rng = random.Random(13)
    monkeypatch.setattr(ai_order, "PROBE_AFTER", 10**9)
    monkeypatch.setattr(ai_order, "PROBE_VALUES", 10**9)
    monkeypatch.setattr(ai_order, "PLAN_AFTER", 1)
    compared = 0
    for _ in range(12):
        board = build_board(parse_scenario(_dense_board(rng, rng.randint(3, 4))))
        for attack, _cost in Game(board, "Alice", Weights(), 1, None).declarations.attack_candidates()[1:8]:
            values = []
            for run in (False, True):
                monkeypatch.setattr(ai_order, "TREE_FROM", 0 if run else 10**12)
                game = Game(board, "Alice", Weights(), 1, None)
                if not run:
                    statics = sorted(game.values.static_value(attack, b, 0) for b, _ in game.declarations.block_candidates(attack))
                    alphas = [statics[0] - 1, statics[0], statics[len(statics) // 2], statics[-1]]
                values.append([order(game, attack, alpha) for alpha in alphas])
            assert values[0] == values[1], attack
            compared += 1
    assert compared > 40, compared
