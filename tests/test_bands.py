"""Banding when blocking (CR 702.22c, h, j, k) and checks of partial damage assignments
(issue 10 §5). Alice attacks; Bob defends."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.damage_rules import damage_problem
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.solver.block.solve import check_blocks, enumerate_all_blocks, plan_blocks
from redzone.solver.damage.solve import check_damage, plan_damage_step


def board_of(permanents: list[dict[str, Any]], combat: dict[str, Any]):
    return build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                       "permanents": permanents, "combat": combat}))


def card(pid: str, name: str, controller: str, **kw: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **kw}


BAND = [card("hero", "Benalish Hero", "Alice"), card("angel", "Serra Angel", "Alice"),
        card("bears", "Grizzly Bears", "Bob")]
ATTACK = {"hero": "Bob", "angel": "Bob"}


def test_blocking_one_creature_of_a_band_blocks_the_whole_band() -> None:
    # CR 702.22h: Grizzly Bears can't block Serra Angel (flying, 702.9b) but may block
    # Benalish Hero; the Hero and the Angel attack as a band, so blocking the Hero blocks both.
    board = board_of(BAND, {"attackers": ATTACK, "bands": [["hero", "angel"]]})
    found = enumerate_all_blocks(block_problems(board))
    assert found.complete
    assert sorted(sorted((b, tuple(a)) for b, a in d.items() if a) for d in found.declarations) == [
        [], [("bears", ("hero", "angel"))]]
    assert check_blocks(block_problems(board), {"bears": ["hero"]}).legal
    assert check_blocks(block_problems(board), {"bears": ["hero", "angel"]}).legal
    alone = check_blocks(block_problems(board), {"bears": ["angel"]})
    assert not alone.legal and "flying" in alone.violations[0].message


def test_without_the_band_the_blocks_stay_separate() -> None:
    # Without combat.bands (702.22c: banding is declared, never implied) Bears blocks the Hero
    # alone, and "Bears blocks both" is more than one creature can block (509.1a).
    board = board_of(BAND, {"attackers": ATTACK})
    found = enumerate_all_blocks(block_problems(board))
    assert sorted(sorted((b, tuple(a)) for b, a in d.items() if a) for d in found.declarations) == [
        [], [("bears", ("hero",))]]
    assert not check_blocks(block_problems(board), {"bears": ["hero", "angel"]}).legal


def test_plan_shows_the_whole_band_blocked() -> None:
    # CR 702.22h with a requirement: Bears "blocks each combat if able" (given inline), so it
    # must block; its only declaration blocks the Hero, and with it the whole band.
    perms = BAND[:2] + [card("bears", "Grizzly Bears", "Bob",
                             abilities=["This creature blocks each combat if able."])]
    board = board_of(perms, {"attackers": ATTACK, "bands": [["hero", "angel"]]})
    plan = plan_blocks(block_problems(board))
    assert plan.blockers == {"bears": ["hero", "angel"]}


def test_damage_with_a_band_blocked_by_one_creature() -> None:
    # CR 702.22h, k: Bears, blocking the band, blocks both; it blocks a creature with banding,
    # so Alice divides its 2 damage between the Hero and the Angel; each attacker assigns its
    # damage to Bears (510.1c).
    board = board_of(BAND, {"attackers": ATTACK, "bands": [["hero", "angel"]],
                            "blockers": {"bears": ["hero"]}})
    problem = damage_problem(board)
    src = {s.id: s for s in problem.sources}
    assert src["bears"].recipients == ("hero", "angel") and src["bears"].decider == "Alice"
    assert src["angel"].recipients == ("bears",)
    plan = plan_damage_step(problem)
    assert plan.assignment["angel"] == {"bears": 4}


@pytest.mark.parametrize(
    ("bands", "field", "words"),
    [([["hero"]], "combat.bands[0]", "at least two"),
     ([["hero", "bears"]], "combat.bands[0]", "not an attacking creature"),
     ([["hero", "angel"], ["angel", "hero"]], "combat.bands[1]", "at most one band")],
)
def test_bad_bands_are_one_line_errors(bands: list[list[str]], field: str, words: str) -> None:
    # CR 702.22c: a band is two or more attacking creatures, each in one band.
    board = board_of(BAND, {"attackers": ATTACK, "bands": bands})
    with pytest.raises(ScenarioError) as err:
        block_problems(board)
    assert err.value.field == field and words in str(err.value)


def test_a_band_needs_banding_on_all_but_one() -> None:
    # CR 702.22c: one or more creatures with banding and up to one without.
    perms = [card("angel", "Serra Angel", "Alice"), card("giant", "Hill Giant", "Alice"),
             card("bears", "Grizzly Bears", "Bob")]
    board = board_of(perms, {"attackers": {"angel": "Bob", "giant": "Bob"},
                             "bands": [["angel", "giant"]]})
    with pytest.raises(ScenarioError, match="at most one creature without banding"):
        block_problems(board)


# ------------------------------------------------------------------ partial damage assignments

TRAMPLER = {"id": "wurm", "name": "Wurm", "controller": "Alice", "types": ["Creature"],
            "power": 5, "toughness": 5, "text": "Trample"}


def _trample_board():
    return board_of([TRAMPLER, card("b1", "Grizzly Bears", "Bob"), card("b2", "Grizzly Bears", "Bob")],
                    {"attackers": {"wurm": "Bob"}, "blockers": {"b1": ["wurm"], "b2": ["wurm"]}})


def test_partial_assignment_implies_the_blockers_only_choice() -> None:
    # CR 702.19b, 510.1a-d: 5/5 trample vs two Bears: 2, 2 and 1 to Bob is legal; each Bears
    # blocks one attacker, so its 2 damage can only go to the Wurm and needn't be written.
    check = check_damage(damage_problem(_trample_board()), {"wurm": {"b1": 2, "b2": 2, "Bob": 1}})
    assert check.legal, check.violations
    bad = check_damage(damage_problem(_trample_board()), {"wurm": {"b1": 1, "b2": 2, "Bob": 2}})
    assert not bad.legal


def test_partial_assignment_missing_a_real_choice_is_an_error() -> None:
    # The Wurm has three recipients: leaving it out is a choice not made — one-line error.
    with pytest.raises(ScenarioError) as err:
        check_damage(damage_problem(_trample_board()), {"b1": {"wurm": 2}})
    assert err.value.field == "combat.assignment" and "Wurm (wurm)" in str(err.value)
    assert "\n" not in str(err.value)


def test_ai_blocks_see_the_band() -> None:
    # CR 702.22h through the AI: Bob at 4 life faces Benalish Hero (1/1 banding) and Serra
    # Angel (4/4 flying) as one band. Unblocked, the band deals 5; Grizzly Bears can block the
    # Hero and so blocks the whole band, and Bob survives. Without the band, the Angel's 4
    # would kill him whatever he blocks.
    from redzone.solver.ai.decisions import choose_blocks

    data = {"players": [{"name": "Alice"}, {"name": "Bob", "life": 4}], "permanents": BAND,
            "combat": {"attackers": ATTACK, "bands": [["hero", "angel"]]}}
    decision = choose_blocks(build_board(parse_scenario(data)), lookahead=0)
    assert decision.survives
    assert decision.blockers == {"bears": ["hero"]} or decision.blockers == {"bears": ["hero", "angel"]}
    data["combat"] = {"attackers": ATTACK}
    assert not choose_blocks(build_board(parse_scenario(data)), lookahead=0).survives


def test_damage_command_accepts_a_whole_band_block() -> None:
    # CR 702.22h: combat.blockers naming the whole band for Bears is the one legal block of
    # the Hero; the damage command must not call it illegal (509.1a-b).
    from redzone.solver.frontends.commands.damage import block_violations

    board = board_of(BAND, {"attackers": ATTACK, "bands": [["hero", "angel"]],
                            "blockers": {"bears": ["hero", "angel"]}})
    assert block_violations(board) == []
    unbanded = board_of(BAND, {"attackers": ATTACK, "blockers": {"bears": ["hero", "angel"]}})
    assert block_violations(unbanded)[0]
