"""Statics under a condition the scenario decides (CR 611.3a), levelers (711.2) and unleash
(702.98a): read as Conditional abilities and put in force from the scenario's state, or
reported when the scenario can't decide them."""

from __future__ import annotations

from typing import Any

from redzone.models.abilities import CantBlock, Conditional, Keyword
from redzone.models.board import build_board
from redzone.models.parser import analyse_text
from redzone.models.scenario import parse_scenario


def board_of(permanents: list[dict[str, Any]], active: str = "Alice"):
    return build_board(parse_scenario({"players": [{"name": "Alice"}, {"name": "Bob"}],
                                       "permanents": permanents, "active_player": active}))


def test_during_your_turn_applies_only_on_its_controllers_turn() -> None:
    # CR 611.3a: Ahn-Crop Invader has first strike during its controller's turn only.
    for active, expected in (("Alice", True), ("Bob", False)):
        board = board_of([{"id": "inv", "card": "Ahn-Crop Invader", "controller": "Alice"}], active)
        assert board.has_keyword(board.permanents["inv"], "first strike") is expected
        assert board.permanents["inv"].unparsed == ()


def test_as_long_as_you_control_counts_permanents() -> None:
    # CR 611.3a: Auriok Edgewright has double strike as long as its controller controls
    # three or more artifacts (here Ornithopters): two are not enough, three are.
    def board(n: int):
        perms = [{"id": "edge", "card": "Auriok Edgewright", "controller": "Alice"}]
        perms += [{"id": f"o{i}", "card": "Ornithopter", "controller": "Alice"} for i in range(n)]
        return board_of(perms)
    assert not board(2).has_keyword(board(2).permanents["edge"], "double strike")
    b3 = board(3)
    assert b3.has_keyword(b3.permanents["edge"], "double strike")


def test_counter_condition_and_unleash() -> None:
    # 702.98a: an unleashed creature with a +1/+1 counter can't block; without one it can.
    (unleash,) = [s for s in analyse_text("Unleash") if s.abilities]
    (cond,) = unleash.abilities
    assert isinstance(cond, Conditional) and isinstance(cond.abilities[0], CantBlock)
    with_counter = board_of([{"id": "g", "card": "Bloodfray Giant", "controller": "Alice",
                              "counters": {"+1/+1": 1}}])
    assert any(isinstance(a, CantBlock) for a in with_counter.permanents["g"].abilities)
    without = board_of([{"id": "g", "card": "Bloodfray Giant", "controller": "Alice"}])
    assert not any(isinstance(a, CantBlock) for a in without.permanents["g"].abilities)


def test_leveler_sections_need_their_level_counters() -> None:
    # CR 711.2a-b: Coralhelm Commander has flying at level 2 or more.
    low = board_of([{"id": "c", "card": "Coralhelm Commander", "controller": "Alice",
                     "counters": {"level": 1}}])
    assert not low.has_keyword(low.permanents["c"], "flying")
    high = board_of([{"id": "c", "card": "Coralhelm Commander", "controller": "Alice",
                      "counters": {"level": 2}, "power": 3, "toughness": 3}])
    assert high.has_keyword(high.permanents["c"], "flying")


def test_a_condition_the_scenario_has_no_field_for_is_stated_or_reported() -> None:
    # Battlewise Aven: first strike as long as there are seven or more cards in its
    # controller's graveyard. Unstated: reported, never guessed; stated: applied.
    text = "there are seven or more cards in your graveyard"
    unknown = board_of([{"id": "a", "card": "Battlewise Aven", "controller": "Alice"}])
    aven = unknown.permanents["a"]
    assert not unknown.has_keyword(aven, "first strike")
    assert len(aven.unparsed) == 1 and text in aven.unparsed[0]
    yes = board_of([{"id": "a", "card": "Battlewise Aven", "controller": "Alice",
                     "conditions": {text: True}}])
    assert yes.has_keyword(yes.permanents["a"], "first strike") and yes.permanents["a"].unparsed == ()
    no = board_of([{"id": "a", "card": "Battlewise Aven", "controller": "Alice",
                    "conditions": {text: False}}])
    assert not no.has_keyword(no.permanents["a"], "first strike") and no.permanents["a"].unparsed == ()


def test_combat_state_conditions_are_computed_not_stated() -> None:
    # Whether a creature is attacking is redzone's to compute, not the scenario's to state:
    # "first strike as long as it's attacking" is a grant that applies while it attacks
    # (rules round 2, 506.4, 611.3a; boards in tests/test_rules2.py); a combat condition
    # redzone doesn't compute (a rad counter on the defending player; who controls the most
    # creatures is computed since h17) is still reported.
    from redzone.models.abilities import Grant

    (s,) = analyse_text("This creature has first strike as long as it's attacking.")
    assert s.status == "understood"
    assert isinstance(s.abilities[0], Grant) and s.abilities[0].when == "attacking"
    (d,) = analyse_text("This creature can't be blocked as long as defending player has a rad "
                        "counter.")
    assert d.status == "unparsed"
    (k,) = analyse_text("Flying")
    assert isinstance(k.abilities[0], Keyword)


def test_cant_attack_or_block_unless_you_control() -> None:
    # CR 508.1c, 509.1b, 611.3a: Blind-Spot Giant can't attack or block unless its
    # controller controls another Giant.
    from redzone.models.abilities import CantAttack

    alone = board_of([{"id": "g", "card": "Blind-Spot Giant", "controller": "Alice"}])
    kinds = {type(a) for a in alone.permanents["g"].abilities}
    assert CantAttack in kinds and CantBlock in kinds
    paired = board_of([{"id": "g", "card": "Blind-Spot Giant", "controller": "Alice"},
                       {"id": "h", "card": "Hill Giant", "controller": "Alice"}])
    kinds = {type(a) for a in paired.permanents["g"].abilities}
    assert CantAttack not in kinds and CantBlock not in kinds


def test_can_attack_as_though_it_didnt_have_defender() -> None:
    # CR 702.3b: Bristlepack Sentry (defender) may attack while its controller controls a
    # creature with power 4 or greater.
    from redzone.models.attack_rules import attack_problem

    def problem(with_big: bool):
        perms = [{"id": "s", "card": "Bristlepack Sentry", "controller": "Alice"}]
        if with_big:
            perms.append({"id": "b", "card": "Craw Wurm", "controller": "Alice", "tapped": True})
        return attack_problem(board_of(perms))
    assert problem(False).allowed["s"] == ()
    assert problem(True).allowed["s"] == ("Bob",)


def test_multicolored_and_tapped_filters() -> None:
    # 613.1f grants with filters: "Multicolored creatures you control have deathtouch"
    # (Maze Abomination) reaches a two-colour creature only.
    board = board_of([{"id": "maze", "card": "Maze Abomination", "controller": "Alice"},
                      {"id": "gold", "card": "Watchwolf", "controller": "Alice"},
                      {"id": "mono", "card": "Grizzly Bears", "controller": "Alice"}])
    assert board.has_keyword(board.permanents["gold"], "deathtouch")
    assert not board.has_keyword(board.permanents["mono"], "deathtouch")


def test_max_speed_is_stated_and_sentences_about_spells_are_not_combat() -> None:
    # 702.179: "Max speed — This creature has double strike" applies when stated.
    fast = board_of([{"id": "b", "card": "Burnout Bashtronaut", "controller": "Alice",
                      "conditions": {"you have max speed": True}}])
    assert fast.has_keyword(fast.permanents["b"], "double strike")
    slow = board_of([{"id": "b", "card": "Burnout Bashtronaut", "controller": "Alice"}])
    assert not slow.has_keyword(slow.permanents["b"], "double strike")
    assert any("max speed" in u for u in slow.permanents["b"].unparsed)
    (s,) = analyse_text("Instant and sorcery spells you control have lifelink.")
    assert s.status == "ignored" and s.reason == "about spells"
