"""Block declarations on real cards: scenario -> board -> block problems -> CP-SAT (CR 509.1).

Each test cites the rule it checks. The boards are those of the rules digest (2.4 and the
block edge cases 4-7) and of issue 3, on real cards wherever one exists. Alice is the active
(attacking) player throughout; Bob (and Carol) defend.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.block.solve import check_blocks, enumerate_all_blocks, plan_blocks


def board_of(permanents: list[dict[str, Any]], attackers: dict[str, str],
             players: list[dict[str, Any]] | None = None, **extra: Any):
    data = {"players": players or [{"name": "Alice"}, {"name": "Bob"}],
            "permanents": permanents, "combat": {"attackers": attackers}, **extra}
    return build_board(parse_scenario(data))


def bob(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Bob", **kw}


def alice(card: str, id: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": "Alice", **kw}


def legal_set(board) -> set[frozenset[tuple[str, str]]]:
    found = enumerate_all_blocks(block_problems(board), limit=10_000)
    assert found.complete
    return {frozenset((b, a) for b, attackers in d.items() for a in attackers)
            for d in found.declarations}


def blk(**kw: str | list[str]) -> frozenset[tuple[str, str]]:
    out = set()
    for b, a in kw.items():
        for x in ([a] if isinstance(a, str) else a):
            out.add((b, x))
    return frozenset(out)


def check(board, blockers: dict[str, list[str]]):
    return check_blocks(block_problems(board), blockers)


# ------------------------------------------------------------------ the rules digest, 2.4


def test_509_1c_menace_example_both_must_block() -> None:
    # CR 509.1c (its example), 702.111b: one creature "blocks each combat if able" (Watchdog),
    # one vanilla (Grizzly Bears); the attacker has menace (Boggart Brute). Only both
    # blocking obeys the requirement without breaking menace.
    board = board_of([alice("Boggart Brute", "brute"), bob("Watchdog", "dog"),
                      bob("Grizzly Bears", "bears")], {"brute": "Bob"})
    assert legal_set(board) == {blk(dog="brute", bears="brute")}
    plan = plan_blocks(block_problems(board))
    assert plan.blockers == {"dog": ["brute"], "bears": ["brute"]}
    assert (plan.obeyed, plan.maximum, plan.status) == (1, 1, "optimal")
    # Watchdog alone breaks menace; the violation names the restriction's source.
    alone = check(board, {"dog": ["brute"]})
    assert not alone.legal and [v.kind for v in alone.violations] == ["restriction"]
    assert "menace" in alone.violations[0].source
    # The Bears alone break menace and the Watchdog's requirement.
    bears = check(board, {"bears": ["brute"]})
    assert sorted(v.kind for v in bears.violations) == ["requirements", "restriction"]
    # No block breaks nothing but obeys 0 of the maximum 1; the witness is the double block.
    none = check(board, {})
    assert not none.legal and (none.obeyed, none.maximum) == (0, 1)
    assert none.witness == {"dog": ["brute"], "bears": ["brute"]}


@pytest.mark.parametrize("defenders, expected_maximum", [(1, 0), (2, 2), (3, 3)])
def test_lure_with_menace_and_one_two_or_three_potential_blockers(defenders: int,
                                                                  expected_maximum: int) -> None:
    # CR 509.1c: Prized Unicorn's "all creatures able to block it do so" is one requirement
    # per potential blocker; Goblin War Drums gives it menace (702.111b). One creature alone
    # can't block it (M = 0, no block is legal); with two or three, all of them must.
    perms = [alice("Prized Unicorn", "unicorn"), alice("Goblin War Drums", "drums")]
    ids = [f"bears{i}" for i in range(defenders)]
    perms += [bob("Grizzly Bears", i) for i in ids]
    board = board_of(perms, {"unicorn": "Bob"})
    plan = plan_blocks(block_problems(board))
    assert plan.maximum == expected_maximum
    if defenders == 1:
        assert legal_set(board) == {frozenset()}
    else:
        assert legal_set(board) == {frozenset((i, "unicorn") for i in ids)}
    if defenders == 3:
        two = check(board, {"bears0": ["unicorn"], "bears1": ["unicorn"]})
        assert not two.legal and (two.obeyed, two.maximum) == (2, 3)


def test_cant_be_blocked_by_more_than_one_with_two_eager_blockers() -> None:
    # Rules digest 2.4.3 (CR 509.1b-c): Stalking Tiger can't be blocked by more than one
    # creature; two Watchdogs "block each combat if able": either one blocks, not both.
    board = board_of([alice("Stalking Tiger", "tiger"), bob("Watchdog", "p"), bob("Watchdog", "q")],
                     {"tiger": "Bob"})
    assert legal_set(board) == {blk(p="tiger"), blk(q="tiger")}
    both = check(board, {"p": ["tiger"], "q": ["tiger"]})
    assert [v.kind for v in both.violations] == ["restriction"]
    assert "Stalking Tiger" in both.violations[0].source


def test_provoke_is_pairwise() -> None:
    # Rules digest 2.4.4, CR 702.39a, 509.1c: the provoked Hill Giant must block Deftblade
    # Elite; blocking the other attacker doesn't obey the requirement.
    board = board_of(
        [alice("Deftblade Elite", "elite"), alice("Grizzly Bears", "bears"), bob("Hill Giant", "giant")],
        {"elite": "Bob", "bears": "Bob"},
        effects=[{"must_block": {"blocker": "giant", "attacker": "elite"}}])
    assert legal_set(board) == {blk(giant="elite")}
    wrong = check(board, {"giant": ["bears"]})
    assert not wrong.legal and (wrong.obeyed, wrong.maximum) == (0, 1)
    assert wrong.witness == {"giant": ["elite"]}


# ------------------------------------------------------------------ the rules digest, 7


def test_flying_and_shadow_need_both() -> None:
    # Edge case 4, CR 509.1b, 702.9b, 702.28b: Soltari Visionary has shadow and, from Flight,
    # flying. Serra Angel flies but lacks shadow; Dauthi Slayer has shadow but no flying or
    # reach: neither may block it.
    board = board_of([alice("Soltari Visionary", "soltari"),
                      alice("Flight", "flight", attached_to="soltari"),
                      bob("Serra Angel", "angel"), bob("Dauthi Slayer", "dauthi")],
                     {"soltari": "Bob"})
    (problem,) = block_problems(board)
    assert problem.allowed == {"angel": (), "dauthi": ()}
    assert "shadow" in problem.unable[("angel", "soltari")]
    assert "flying" in problem.unable[("dauthi", "soltari")]
    assert legal_set(board) == {frozenset()}


def test_two_lures_one_blocker_blocks_either() -> None:
    # Edge case 5, CR 509.1c: two Prized Unicorns attack; Bob's one untapped creature must
    # block one of them (either obeys one requirement; it can't block both).
    board = board_of([alice("Prized Unicorn", "u1"), alice("Prized Unicorn", "u2"),
                      bob("Grizzly Bears", "bears"), bob("Hill Giant", "giant", tapped=True)],
                     {"u1": "Bob", "u2": "Bob"})
    assert legal_set(board) == {blk(bears="u1"), blk(bears="u2")}
    assert not check(board, {}).legal


def test_must_be_blocked_but_only_by_three_with_two_defenders() -> None:
    # Edge case 6, CR 509.1b-c: Vinebred Brawler must be blocked if able but here also can't
    # be blocked except by three or more creatures; with two creatures the requirement can't
    # be obeyed, so not blocking is legal (M = 0).
    board = board_of(
        [alice("Vinebred Brawler", "brawler",
               abilities=["This creature can't be blocked except by three or more creatures."]),
         bob("Grizzly Bears", "b1"), bob("Grizzly Bears", "b2")],
        {"brawler": "Bob"})
    assert legal_set(board) == {frozenset()}
    assert plan_blocks(block_problems(board)).maximum == 0


def test_skulk_only_the_smaller_creature_may_block() -> None:
    # Edge case 7, CR 702.118b: Uninvited Geist (2/2, skulk) can't be blocked by creatures
    # with greater power: Hill Giant (3/3) can't, Grizzly Bears (2/2) can.
    board = board_of([alice("Uninvited Geist", "geist"), bob("Hill Giant", "giant"),
                      bob("Grizzly Bears", "bears")], {"geist": "Bob"})
    (problem,) = block_problems(board)
    assert problem.allowed == {"giant": (), "bears": ("geist",)}
    assert "skulk" in problem.unable[("giant", "geist")]


# ------------------------------------------------------------------ issue 3


def test_must_be_blocked_is_satisfied_by_a_single_blocker() -> None:
    # CR 509.1c: "must be blocked if able" is one requirement, obeyed by one blocker — it is
    # not a Lure: the other creature need not block.
    board = board_of([alice("Vinebred Brawler", "brawler"), bob("Grizzly Bears", "b1"),
                      bob("Grizzly Bears", "b2")], {"brawler": "Bob"})
    assert legal_set(board) == {blk(b1="brawler"), blk(b2="brawler"),
                                blk(b1="brawler", b2="brawler")}
    plan = plan_blocks(block_problems(board))
    assert plan.blockers == {"b1": ["brawler"]} and plan.maximum == 1


def test_menace_and_must_be_blocked_demand_the_double_block() -> None:
    # CR 509.1b-c, 702.111b: with Goblin War Drums the Brawler has menace, so the only way
    # to obey "must be blocked" is for both creatures to block it.
    board = board_of([alice("Vinebred Brawler", "brawler"), alice("Goblin War Drums", "drums"),
                      bob("Grizzly Bears", "b1"), bob("Grizzly Bears", "b2")], {"brawler": "Bob"})
    assert legal_set(board) == {blk(b1="brawler", b2="brawler")}
    single = check(board, {"b1": ["brawler"]})
    assert [v.kind for v in single.violations] == ["restriction"]


def test_tromokratis_with_a_tapped_defending_creature_is_unblockable() -> None:
    # CR 509.1b: Tromokratis can't be blocked unless all creatures the defending player
    # controls block it; a tapped creature can't block (509.1a), so nothing may block it.
    board = board_of([alice("Tromokratis", "tromo"), bob("Grizzly Bears", "b1"),
                      bob("Watchdog", "dog"), bob("Hill Giant", "giant", tapped=True)],
                     {"tromo": "Bob"})
    assert legal_set(board) == {frozenset()}
    attempt = check(board, {"b1": ["tromo"], "dog": ["tromo"]})
    assert not attempt.legal and "Tromokratis" in attempt.violations[0].source


def test_tromokratis_all_or_nothing_when_every_creature_can_block() -> None:
    # CR 509.1b-c: untapped, the three creatures may all block Tromokratis; the Watchdog's
    # "blocks each combat if able" then forces it (M = 1), and a partial block is illegal.
    board = board_of([alice("Tromokratis", "tromo"), bob("Grizzly Bears", "b1"),
                      bob("Watchdog", "dog"), bob("Hill Giant", "giant")], {"tromo": "Bob"})
    assert legal_set(board) == {blk(b1="tromo", dog="tromo", giant="tromo")}
    partial = check(board, {"dog": ["tromo"]})
    assert [v.kind for v in partial.violations] == ["restriction"]


def test_caps_bind_each_defending_player_separately() -> None:
    # CR 802.4, 509.1b: with several defending players each one's block is judged alone, so
    # Dueling Grounds lets one creature of Bob and one of Carol block. Their Watchdogs'
    # requirements make each player block with exactly one.
    board = board_of(
        [alice("Grizzly Bears", "bears"), alice("Hill Giant", "giant"),
         alice("Dueling Grounds", "grounds"),
         bob("Watchdog", "bd1"), bob("Watchdog", "bd2"),
         {"id": "cd1", "card": "Watchdog", "controller": "Carol"},
         {"id": "cd2", "card": "Watchdog", "controller": "Carol"}],
        {"bears": "Bob", "giant": "Carol"},
        players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}])
    problems = block_problems(board)
    assert [p.defending_player for p in problems] == ["Bob", "Carol"]  # APNAP order
    assert legal_set(board) == {blk(**{b: "bears", c: "giant"})
                                for b in ("bd1", "bd2") for c in ("cd1", "cd2")}
    two = check(board, {"bd1": ["bears"], "bd2": ["bears"], "cd1": ["giant"]})
    assert [v.kind for v in two.violations] == ["restriction"]
    # Carol's creature can't block a creature attacking Bob (802.4a).
    cross = check(board, {"cd1": ["bears"], "bd1": ["bears"]})
    assert "unknown" in [v.kind for v in cross.violations]


def test_block_taxes_are_never_forced() -> None:
    # CR 509.1c-d: War Cadence (X = 2) taxes each blocking creature; the Watchdog's
    # requirement doesn't force Bob to pay, so not blocking is legal, and paying is too.
    cadence = {"id": "cadence", "card": "War Cadence", "controller": "Alice",
               "abilities": ["This turn, creatures can't block unless their controller pays {X} "
                             "for each blocking creature they control, where X is 2."]}
    board = board_of([alice("Grizzly Bears", "bears"), cadence, bob("Watchdog", "dog")],
                     {"bears": "Bob"}, players=[{"name": "Alice"}, {"name": "Bob", "mana": 3}])
    plan = plan_blocks(block_problems(board))
    assert plan.blockers == {} and plan.maximum == 0 and plan.mana_paid == 0
    assert legal_set(board) == {frozenset(), blk(dog="bears")}
    paid = check(board, {"dog": ["bears"]})
    assert paid.legal and paid.mana_paid == 2
    poor = board_of([alice("Grizzly Bears", "bears"), cadence, bob("Watchdog", "dog")],
                    {"bears": "Bob"}, players=[{"name": "Alice"}, {"name": "Bob", "mana": 1}])
    unpaid = check(poor, {"dog": ["bears"]})
    assert [v.kind for v in unpaid.violations] == ["cost"]


# ------------------------------------------------------------------ evasion and filters


def test_fear_intimidate_and_protection() -> None:
    # CR 702.36b: fear — only artifact or black creatures block Severed Legion.
    # CR 702.16f: protection from black — Scathe Zombies can't block White Knight.
    board = board_of([alice("Severed Legion", "legion"), alice("White Knight", "knight"),
                      bob("Grizzly Bears", "bears"), bob("Ornithopter", "thopter"),
                      bob("Scathe Zombies", "zombies")],
                     {"legion": "Bob", "knight": "Bob"})
    (p,) = block_problems(board)
    assert p.allowed == {"bears": ("knight",), "thopter": ("legion", "knight"),
                         "zombies": ("legion",)}


def test_flying_needs_flying_or_reach_and_landwalk() -> None:
    # CR 702.9b, 702.17b: Giant Spider (reach) may block Serra Angel, Grizzly Bears may not.
    # CR 702.14c: Zodiac Dog is unblockable while Bob controls a Mountain.
    board = board_of([alice("Serra Angel", "angel"), alice("Zodiac Dog", "dog"),
                      bob("Giant Spider", "spider"), bob("Grizzly Bears", "bears"),
                      bob("Mountain", "mountain")],
                     {"angel": "Bob", "dog": "Bob"})
    (p,) = block_problems(board)
    assert p.allowed == {"spider": ("angel",), "bears": ()}
    assert "mountainwalk" in p.unable[("bears", "dog")]


def test_quality_filters_of_attackers_and_blockers() -> None:
    # CR 509.1b: Questing Beast can't be blocked by creatures with power 2 or less; Dread
    # Warlock except by black creatures; Brassclaw Orcs can't block power 2 or greater.
    board = board_of([alice("Questing Beast", "beast"), alice("Dread Warlock", "warlock"),
                      bob("Grizzly Bears", "bears"), bob("Hill Giant", "giant"),
                      bob("Scathe Zombies", "zombies"), bob("Brassclaw Orcs", "orcs")],
                     {"beast": "Bob", "warlock": "Bob"})
    (p,) = block_problems(board)
    assert p.allowed == {"bears": (), "giant": ("beast",), "zombies": ("warlock",), "orcs": ()}


def test_blocking_several_attackers() -> None:
    # CR 509.1a: "can block an additional creature each combat" (Two-Headed Giant of
    # Foriys) lets it block two attackers; a plain creature blocks one.
    board = board_of([alice("Prized Unicorn", "u1"), alice("Prized Unicorn", "u2"),
                      bob("Two-Headed Giant of Foriys", "twohead")], {"u1": "Bob", "u2": "Bob"})
    plan = plan_blocks(block_problems(board))
    assert plan.blockers == {"twohead": ["u1", "u2"]} and plan.maximum == 2
    assert legal_set(board) == {blk(twohead=["u1", "u2"])}


def test_group_restrictions_of_blockers() -> None:
    # CR 509.1b: Craven Hulk can't block alone; Okk needs a stronger blocker too.
    board = board_of([alice("Grizzly Bears", "bears"), bob("Craven Hulk", "hulk"),
                      bob("Okk", "okk"), bob("Hill Giant", "giant")], {"bears": "Bob"})
    assert not check(board, {"hulk": ["bears"]}).legal
    assert check(board, {"hulk": ["bears"], "giant": ["bears"]}).legal
    # Okk is 4/4: neither Hill Giant (3/3) nor Craven Hulk (4/4) has greater power.
    assert not check(board, {"okk": ["bears"], "giant": ["bears"]}).legal
    assert not check(board, {"okk": ["bears"], "hulk": ["bears"], "giant": ["bears"]}).legal
    assert check(board, {"giant": ["bears"]}).legal


def test_must_be_blocked_by_exactly_one_and_by_two_or_more() -> None:
    # CR 509.1c: Nacatl War-Pride must be blocked by exactly one creature if able.
    board = board_of([alice("Nacatl War-Pride", "pride"), bob("Grizzly Bears", "b1"),
                      bob("Grizzly Bears", "b2")], {"pride": "Bob"})
    assert legal_set(board) == {blk(b1="pride"), blk(b2="pride")}
    # Gorm the Great: must be blocked if able, and by two or more creatures if able (two
    # requirements): both must block.
    gorm = board_of([alice("Gorm the Great", "gorm"), bob("Grizzly Bears", "b1"),
                     bob("Grizzly Bears", "b2")], {"gorm": "Bob"})
    assert legal_set(gorm) == {blk(b1="gorm", b2="gorm")}


def test_awesome_presence_taxes_only_blocks_of_the_enchanted_creature() -> None:
    # CR 509.1d: Awesome Presence taxes each creature blocking the enchanted creature {3};
    # Prized Unicorn's requirement can't force payment, the Bears are free.
    board = board_of([alice("Prized Unicorn", "unicorn"), alice("Grizzly Bears", "bears"),
                      alice("Awesome Presence", "presence", attached_to="unicorn"),
                      bob("Hill Giant", "giant")],
                     {"unicorn": "Bob", "bears": "Bob"})
    (p,) = block_problems(board)
    assert p.pair_costs == {("giant", "unicorn"): 3}
    assert legal_set(board) == {frozenset(), blk(giant="bears")}


def test_attacking_a_planeswalker_its_controller_blocks() -> None:
    # CR 509.1a, 506.3: a creature attacking Gideon may be blocked by Bob, who controls it.
    board = board_of([alice("Grizzly Bears", "bears"), bob("Gideon, Ally of Zendikar", "gideon"),
                      bob("Hill Giant", "giant")], {"bears": "gideon"})
    (p,) = block_problems(board)
    assert p.defending_player == "Bob" and p.allowed == {"giant": ("bears",)}


def test_siege_only_the_protector_blocks() -> None:
    # Rules digest 7.3, CR 310.9c: only the protector's creatures block a creature attacking
    # a battle; a third player's creature may not.
    board = board_of(
        [{"id": "siege", "card": "Invasion of Dominaria", "controller": "Alice", "protector": "Bob",
          "defense": 5},
         alice("Juggernaut", "jugg"), bob("Grizzly Bears", "bears"),
         {"id": "giant", "card": "Hill Giant", "controller": "Carol"}],
        {"jugg": "siege"}, players=[{"name": "Alice"}, {"name": "Bob"}, {"name": "Carol"}])
    assert legal_set(board) == {frozenset(), blk(bears="jugg")}
    assert [v.kind for v in check(board, {"giant": ["jugg"]}).violations] == ["unknown"]


def test_attacking_a_non_target_is_a_one_line_error() -> None:
    # CR 506.3: a creature attacks a player, a planeswalker or a battle.
    board = board_of([alice("Grizzly Bears", "bears"), bob("Hill Giant", "giant")],
                     {"bears": "giant"})
    with pytest.raises(ScenarioError, match="combat.attackers.bears"):
        block_problems(board)
