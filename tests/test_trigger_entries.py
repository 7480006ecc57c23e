"""Permanents put onto the battlefield from card data by triggered abilities of combat:
token copies, creatures returned after dying, creature cards returned from a graveyard
(docs/triggers.md, "Permanents from card data (h8)"; :mod:`redzone.models.triggers.entries`),
read from real cards and played by the ``damage`` job or the resolve API, each answer worked
out by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.game_state import GameState
from redzone.models.outcome import DamageEvent, deal_damage, state_based_actions
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.resolve import damage_window
from redzone.models.triggers.types import EntersFromCard
from redzone.solver.damage.solve import after_attack_window
from redzone.solver.frontends.commands import run_command
from trigger_play import after_damage


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None,
              graveyard: list[str] | None = None, bob_mana: int = 0) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, "graveyard": graveyard or []},
                        {"name": "Bob", "life": 20, "mana": bob_mana}],
            "permanents": perms, "combat": {"attackers": attackers, "blockers": blockers or {}}}


def _damage(scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command("damage", scenario, {}).to_json()


_after_damage = after_damage


# ------------------------------------------------------------------ reading


def test_the_shapes_are_read() -> None:
    copy = parse_trigger("Whenever this creature deals combat damage to a player, create a "
                         "token that's a copy of this creature.", ("Spawnwrithe",))
    assert copy is not None and copy.effects == (EntersFromCard("copy_of_source"),)
    back = parse_trigger("When this creature dies, return it to the battlefield tapped.")
    assert back is not None and back.effects == (EntersFromCard("died", tapped=True),)
    theirs = parse_trigger("Whenever a creature an opponent controls with a -1/-1 counter on it "
                           "dies, you may return that card to the battlefield under your control.")
    assert theirs is not None and theirs.optional
    assert theirs.effects == (EntersFromCard("died", "trigger", "you"),)
    grave = parse_trigger("Whenever this creature attacks, return target creature card with mana "
                          "value 3 or less from your graveyard to the battlefield tapped and "
                          "attacking.")
    assert grave is not None and grave.effects == (EntersFromCard(
        "graveyard_card", tapped=True, attacking=True, mana_value_at_most=3),)
    # "return it" when the source didn't die (it attacked): not the graveyard's card
    assert parse_trigger("Whenever this creature attacks, return it to the battlefield.") is None


# ------------------------------------------------------------------ token copies (707.2)


def test_spawnwrithe_copy_has_the_printed_values_and_the_anthems_bonus() -> None:
    # 707.2, 613.4c: Spawnwrithe (2/2 trample) with two +1/+1 counters (4/4), and Glorious
    # Anthem (5/5), deals combat damage to Bob: its token copy has the copiable values only
    # — a 2/2 without the counters — plus the anthem's +1/+1: a 3/3 token, summoning sick,
    # not attacking (it was never declared, 508.4 doesn't apply: it isn't put attacking).
    scenario = _scenario([_p("sw", "Spawnwrithe", "Alice", counters={"+1/+1": 2}),
                          _p("anthem", "Glorious Anthem", "Alice")], {"sw": "Bob"})
    out = _after_damage(scenario, [("sw", "Bob", 5)])
    tok = out.board.permanents["sw~token1"]
    assert (tok.power, tok.toughness, tok.token, tok.controller) == (3, 3, True, "Alice")
    assert out.state.counters["sw~token1"] == {} and "sw~token1" not in out.attackers
    assert out.resolved[0].result == "created sw~token1, a token copy of sw (707.2)"
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 15


# ------------------------------------------------------------------ returned after dying (700.4)


def test_tenacious_dead_returns_tapped_when_its_cost_is_paid() -> None:
    # 700.4, 400.7, 118.3: Tenacious Dead (1/1) blocks Grizzly Bears and dies; Bob may pay
    # {1}{B} (he has 2 mana): it returns tapped, a new object td~returned with no damage.
    # Without the mana the ability can't be chosen (118.3) and nothing returns.
    perms = [_p("bears", "Grizzly Bears", "Alice"), _p("td", "Tenacious Dead", "Bob")]
    scenario = _scenario(perms, {"bears": "Bob"}, {"td": ["bears"]}, bob_mana=2)
    out = _after_damage(scenario, [("bears", "td", 2), ("td", "bears", 1)])
    new = out.board.permanents["td~returned"]
    assert out.state.on_battlefield("td~returned") and not out.state.on_battlefield("td")
    assert (new.tapped, new.power, new.toughness, new.controller) == (True, 1, 1, "Bob")
    assert out.state.damage["td~returned"] == 0
    got = _damage(scenario)
    assert got["triggers"][0]["result"] == "Bob pays 2 mana; td returns to the battlefield as td~returned tapped"
    poor = _damage(_scenario(perms, {"bears": "Bob"}, {"td": ["bears"]}))
    assert poor["triggers"][0]["result"] == "declined: can't pay its cost (118.3, 119.4)"


def test_necroskitter_returns_the_opponents_creature_under_its_controllers_control() -> None:
    # 702.80a, 704.5f, 700.4: Bob's Llanowar Elves (1/1) attacks and is blocked by Alice's
    # Necroskitter (1/4, wither): it gets a -1/-1 counter and dies as a 0/0 with the counter
    # on it; Alice may return that card under her control: elves~returned, a 1/1 without
    # the counter, owned by Bob and controlled by Alice (the old object's counter is gone,
    # 400.7).
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "active_player": "Bob",
                "permanents": [_p("elves", "Llanowar Elves", "Bob"), _p("nk", "Necroskitter", "Alice")],
                "combat": {"attackers": {"elves": "Alice"}, "blockers": {"nk": ["elves"]}}}
    out = _after_damage(scenario, [("nk", "elves", 1), ("elves", "nk", 1)])
    new = out.board.permanents["elves~returned"]
    assert (new.controller, new.owner, new.power, new.toughness) == ("Alice", "Bob", 1, 1)
    assert out.state.counters["elves~returned"] == {}
    assert out.resolved[-1].result == "elves returns to the battlefield as elves~returned under Alice's control"


# ------------------------------------------------------------------ from a graveyard (508.4)


def test_yore_tiller_returns_a_creature_card_tapped_and_attacking() -> None:
    # 508.4, 603.3d: Yore-Tiller Nephilim (2/2) attacks; its target is the Hill Giant card
    # in Alice's graveyard (the Forest isn't a creature card): the Giant (3/3) enters
    # tapped and attacking Bob, never declared. Unblocked, 2 + 3 = 5: Bob 15.
    scenario = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"},
                         graveyard=["Forest", "Hill Giant"])
    board = build_board(parse_scenario(scenario))
    after, attackers, resolved = after_attack_window(board)
    giant = after.permanents["Alice~graveyard1"]
    assert attackers["Alice~graveyard1"] == "Bob" and giant.tapped and giant.power == 3
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 15
    assert got["triggers"][0]["choices"] == {"card": "Alice~graveyard1"}


def test_no_creature_card_in_the_graveyard_removes_the_ability() -> None:
    # 603.3d: with only a Forest in the graveyard the ability has no legal target and is
    # removed from the stack: the Nephilim alone deals 2, Bob 18.
    got = _damage(_scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"},
                            graveyard=["Forest"]))
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["result"] == "removed: no legal target (603.3d)"


def test_a_creature_that_died_this_combat_is_in_the_graveyard() -> None:
    # 700.4, 603.3d: Vesperlark (3/2 flying; "when this creature leaves the battlefield,
    # return target creature card with power 1 or less from your graveyard to the
    # battlefield"): Bob's Hill Giant attacks Alice and is blocked by her Vesperlark and
    # Llanowar Elves (1/1); the Giant assigns 2 to
    # Vesperlark and 1 to the Elves: both die together, and the Elves card (power 1) is the
    # target: it returns as elves~returned. Vesperlark (power 3) is not a legal target.
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "active_player": "Bob",
                "permanents": [_p("giant", "Hill Giant", "Bob"), _p("vl", "Vesperlark", "Alice"),
                               _p("elves", "Llanowar Elves", "Alice")],
                "combat": {"attackers": {"giant": "Alice"}, "blockers": {"vl": ["giant"], "elves": ["giant"]}}}
    out = _after_damage(scenario, [("giant", "vl", 2), ("giant", "elves", 1), ("vl", "giant", 3),
                                   ("elves", "giant", 1)])
    assert out.state.on_battlefield("elves~returned")
    assert out.board.permanents["elves~returned"].controller == "Alice"
    assert [r.choices.get("card") for r in out.resolved] == ["elves"]


def test_a_stated_target_card_is_taken_and_an_illegal_one_names_the_field() -> None:
    # 603.3d: two creature cards in Alice's graveyard (Llanowar Elves, Hill Giant); the
    # scenario states the Elves (index 0): 2 + 1 = 3 damage, Bob 17. The Forest (index 2)
    # isn't a creature card: not a legal target, one-line error naming the field.
    def scenario(target: str) -> dict[str, Any]:
        s = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"},
                      graveyard=["Llanowar Elves", "Hill Giant", "Forest"])
        s["combat"]["trigger_choices"] = [{"source": "yt", "window": "attack", "target": target}]
        return s

    got = _damage(scenario("Alice~graveyard0"))
    assert got["outcome"]["life"]["Bob"] == 17
    with pytest.raises(ScenarioError, match=r"^combat.trigger_choices\[0\].target: 'Alice~graveyard2' "
                                            r"is not a legal choice"):
        _damage(scenario("Alice~graveyard2"))


def test_a_target_card_beyond_the_graveyard_is_a_one_line_error() -> None:
    # Bad input names the field: Alice's graveyard has one card (index 0 only).
    s = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"}, graveyard=["Hill Giant"])
    s["combat"]["trigger_choices"] = [{"source": "yt", "window": "attack", "target": "Alice~graveyard3"}]
    with pytest.raises(ScenarioError, match=r"^combat.trigger_choices\[0\].target: 'Alice~graveyard3': "
                                            r"Alice's graveyard has 1 card"):
        _damage(s)


def test_a_lord_returned_attacking_pumps_the_others() -> None:
    # 613.4c, 611.3a, 508.4: Yore-Tiller Nephilim (2/2) returns Benalish Marshal (3/3,
    # "other creatures you control get +1/+1") tapped and attacking: from then on the
    # Nephilim is a 3/3. Unblocked, 3 + 3 = 6: Bob 14.
    scenario = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"},
                         graveyard=["Benalish Marshal"])
    after, attackers, _ = after_attack_window(build_board(parse_scenario(scenario)))
    assert (after.permanents["yt"].power, after.permanents["Alice~graveyard0"].power) == (3, 3)
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 14


# ------------------------------------------------------------------ basic lands (701.19b)


def test_ranging_raptors_puts_a_basic_land_from_the_library_tapped() -> None:
    # 701.19b: Bob's Ranging Raptors (2/3; "whenever this creature is dealt damage, you may
    # search your library for a basic land card, put it onto the battlefield tapped") blocks
    # Grizzly Bears and is dealt 2. Bob's library (given) holds a Mountain, Grizzly Bears
    # and a Snow-Covered Forest: he chooses among the two basic land cards (or none); the
    # Snow-Covered Forest is put onto the battlefield tapped, a land he controls.
    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20,
                             "library": ["Mountain", "Grizzly Bears", "Snow-Covered Forest"]}],
                "permanents": [_p("bears", "Grizzly Bears", "Alice"), _p("rr", "Ranging Raptors", "Bob")],
                "combat": {"attackers": {"bears": "Bob"}, "blockers": {"rr": ["bears"]}}}
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "search":
            asked.append(c.options)
            return "Snow-Covered Forest"
        return c.options[0]

    board = build_board(parse_scenario(scenario))
    state = GameState.from_board(board)
    dealt = deal_damage(board, state, [DamageEvent("bears", "rr", 2), DamageEvent("rr", "bears", 2)],
                        combat=True)
    state_based_actions(board, state)
    out = damage_window(board, state, {"bears": "Bob"}, {"rr": ["bears"]}, dealt, state.destroyed, choose)
    assert asked == [("Mountain", "Snow-Covered Forest", None)]
    land = out.board.permanents["rr~land1"]
    assert land.is_a("Land") and land.tapped and land.controller == "Bob"
    assert land.subtypes == ("Forest",) and "Snow" in land.supertypes
    assert out.state.on_battlefield("rr~land1")


def test_an_unknown_library_names_one_of_the_five_basic_lands() -> None:
    # 701.19b: Atalan Jackal (2/2 ... "whenever this creature deals combat damage to a
    # player, you may search ... basic land card, put it onto the battlefield tapped"),
    # Alice's library not given: she names one of Plains, Island, Swamp, Mountain, Forest,
    # or finds none. The first choice: a tapped Plains.
    scenario = _scenario([_p("aj", "Atalan Jackal", "Alice")], {"aj": "Bob"})
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "search":
            asked.append(c.options)
        return c.options[0]

    board = build_board(parse_scenario(scenario))
    state = GameState.from_board(board)
    power = board.permanents["aj"].power or 0
    dealt = deal_damage(board, state, [DamageEvent("aj", "Bob", power)], combat=True)
    out = damage_window(board, state, {"aj": "Bob"}, {}, dealt, [], choose)
    assert asked == [("Plains", "Island", "Swamp", "Mountain", "Forest", None)]
    assert out.board.permanents["aj~land1"].name == "Plains" and out.board.permanents["aj~land1"].tapped


def test_enduring_tenacity_returns_as_an_enchantment() -> None:
    # 700.4, 205.1b: Bob's Enduring Tenacity (4/3, 2 damage marked) blocks Alice's Youthful
    # Knight (2/1 first strike) and dies in the first-strike damage step; "if it was a
    # creature" (it was: it died), it returns as an enchantment — a new object that is not a
    # creature, with no creature types or power. (Its "whenever you gain life" is not played:
    # listed in not_played.)
    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": [_p("knight", "Youthful Knight", "Alice"),
                               _p("ten", "Enduring Tenacity", "Bob", damage=2)],
                "combat": {"attackers": {"knight": "Bob"}, "blockers": {"ten": ["knight"]}}}
    got = _damage(scenario)
    assert got["outcome"]["destroyed"] == ["ten"] and got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert [t["result"] for t in got["triggers"]] == ["ten returns to the battlefield as ten~returned"]
    out = _after_damage(scenario, [("knight", "ten", 2)])
    new = out.board.permanents["ten~returned"]
    assert out.state.on_battlefield("ten~returned")
    assert (new.types, new.subtypes, new.power, new.is_creature) == (("Enchantment",), (), None, False)


# ------------------------------------------------------------------ the exiled card (607.2a)


def test_faceless_butcher_returns_the_card_it_exiled_to_its_owner() -> None:
    # 607.2a, 400.7: Bob's Faceless Butcher (2/3) exiled Alice's Serra Angel (the scenario's
    # `exiled`); it blocks Alice's Hill Giant (3/3) and dies: its leaves-the-battlefield
    # ability returns the Angel under its owner's (Alice's) control, a new 4/4 not in combat.
    # Without `exiled`, nothing returns.
    perms = [_p("giant", "Hill Giant", "Alice"), _p("fb", "Faceless Butcher", "Bob", exiled={"Serra Angel": "Alice"})]
    scenario = _scenario(perms, {"giant": "Bob"}, {"fb": ["giant"]})
    got = _damage(scenario)
    assert got["outcome"]["destroyed"] == ["fb"]
    assert got["triggers"][0]["result"] == "Serra Angel returns to the battlefield as fb~exiled0 under Alice's control"
    out = _after_damage(scenario, [("giant", "fb", 3), ("fb", "giant", 2)])
    angel = out.board.permanents["fb~exiled0"]
    assert (angel.controller, angel.owner, angel.power, angel.tapped) == ("Alice", "Alice", 4, False)
    assert "fb~exiled0" not in out.attackers
    bare = _damage(_scenario([perms[0], _p("fb", "Faceless Butcher", "Bob")], {"giant": "Bob"}, {"fb": ["giant"]}))
    assert bare["triggers"][0]["result"] == "no card exiled with it (the scenario's exiled)"


def test_exiled_names_a_card_and_a_player() -> None:
    # Bad input: one-line errors naming the field.
    for exiled, message in (({"Serra Angle": "Alice"}, r"^permanents\[0\]\.exiled\.Serra Angle: "),
                            ({"Serra Angel": "Carol"}, r"^permanents\[0\]\.exiled\.Serra Angel: unknown player 'Carol'")):
        with pytest.raises(ScenarioError, match=message):
            parse_scenario(_scenario([_p("fb", "Faceless Butcher", "Bob", exiled=exiled)], {}))


def test_landfall_on_the_board_is_listed_as_not_played() -> None:
    # A land put onto the battlefield in combat is an event others may trigger on (Steppe
    # Lynx's landfall, 603.2); the play doesn't trigger them, so the answer lists them in
    # not_played rather than leave them out silently.
    got = _damage(_scenario([_p("aj", "Atalan Jackal", "Alice"), _p("lynx", "Steppe Lynx", "Alice")],
                            {"aj": "Bob"}))
    assert any(n["id"] == "lynx" and n["kind"] == "triggered" and "a land you control enters"
               in n["sentence"] for n in got["not_played"])
    alone = _damage(_scenario([_p("lynx", "Steppe Lynx", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                              {"bears": "Bob"}))
    assert not any(n["id"] == "lynx" for n in alone["not_played"])


def test_ojer_axonil_returns_transformed_as_its_temple() -> None:
    # 712.14a, 400.7: Bob's Ojer Axonil, Deepest Might (4/4 trample) blocks Alice's Craw
    # Wurm (6/4): they trade; Ojer returns tapped and transformed — its back face, Temple of
    # Power, a land (not a creature) — under its owner's control.
    scenario = _scenario([_p("wurm", "Craw Wurm", "Alice"), _p("ojer", "Ojer Axonil, Deepest Might", "Bob")],
                         {"wurm": "Bob"}, {"ojer": ["wurm"]})
    got = _damage(scenario)
    assert got["outcome"]["destroyed"] == ["wurm", "ojer"]
    assert got["triggers"][0]["result"] == ("ojer returns to the battlefield as ojer~returned tapped, "
                                            "transformed (Temple of Power)")
    out = _after_damage(scenario, [("wurm", "ojer", 6), ("ojer", "wurm", 4)])
    temple = out.board.permanents["ojer~returned"]
    assert (temple.name, temple.types, temple.tapped, temple.controller) == ("Temple of Power", ("Land",), True, "Bob")


def test_ink_eyes_takes_a_creature_card_from_the_damaged_players_graveyard() -> None:
    # 510.3a, 603.3d, 108.3: Alice's Ink-Eyes, Servant of Oni (5/4) deals combat damage to
    # Bob; she may put target creature card from his graveyard (Serra Angel) onto the
    # battlefield under her control: Bob~graveyard0, a 4/4 Alice controls and Bob owns.
    scenario = _scenario([_p("ink", "Ink-Eyes, Servant of Oni", "Alice")], {"ink": "Bob"})
    scenario["players"][1]["graveyard"] = ["Forest", "Serra Angel"]
    out = _after_damage(scenario, [("ink", "Bob", 5)])
    angel = out.board.permanents["Bob~graveyard1"]
    assert (angel.controller, angel.owner, angel.power, angel.tapped) == ("Alice", "Bob", 4, False)
    assert out.resolved[0].choices == {"card": "Bob~graveyard1", "may": True}


def test_admonition_angel_returns_all_cards_exiled_with_it() -> None:
    # 607.2a: Bob's Admonition Angel (6/6 flying) exiled Alice's Grizzly Bears and Hill Giant
    # (`exiled`); it blocks Alice's two Craw Wurms (6/4 each) and dies (12 damage): both
    # cards return, each under its owner's (Alice's) control.
    perms = [_p("w1", "Craw Wurm", "Alice"), _p("w2", "Craw Wurm", "Alice"),
             _p("aa", "Admonition Angel", "Bob", exiled={"Grizzly Bears": "Alice", "Hill Giant": "Alice"})]
    got = _damage(_scenario(perms, {"w1": "Bob", "w2": "Bob"}, {"aa": ["w1", "w2"]}))
    assert "aa" in got["outcome"]["destroyed"]
    assert [t["result"] for t in got["triggers"]] == [
        "Grizzly Bears returns to the battlefield as aa~exiled0 under Alice's control, "
        "Hill Giant returns to the battlefield as aa~exiled1 under Alice's control"]


def test_a_returned_faceless_butcher_exiles_and_the_link_is_kept() -> None:
    # 603.6a, 607.2a: Yore-Tiller Nephilim returns Faceless Butcher (2/3) from Alice's
    # graveyard tapped and attacking; its "when this creature enters, exile another target
    # creature" triggers and exiles Bob's Grizzly Bears (Alice's other creature, the
    # Nephilim, is the other choice). The Bears are then exiled with the Butcher: its
    # "return the exiled card" ability would return them (the record is on the new object).
    scenario = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                         {"yt": "Bob"}, graveyard=["Faceless Butcher"])

    def choose(c: Any) -> Any:
        return "bears" if "bears" in c.options else c.options[0]

    after, attackers, resolved = after_attack_window(build_board(parse_scenario(scenario)), choose)
    assert [r.result for r in resolved][-1] == "bears exiled"
    assert after.permanents["Alice~graveyard0"].exiled == {"Grizzly Bears": "Bob"}
    assert attackers["Alice~graveyard0"] == "Bob"


def test_a_returned_creatures_unread_enters_ability_is_said_not_played() -> None:
    # 603.6a: Yore-Tiller Nephilim returns Venser, Shaper Savant (2/2) tapped and attacking;
    # Venser's "when this creature enters, return target spell or permanent to its owner's
    # hand" triggers and the play doesn't read it: the result line says so rather than leave
    # it out silently. Unblocked: 2 + 2 = 4, Bob 16.
    scenario = _scenario([_p("yt", "Yore-Tiller Nephilim", "Alice")], {"yt": "Bob"},
                         graveyard=["Venser, Shaper Savant"])
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["triggers"][0]["result"] == (
        "Alice~graveyard0 returns to the battlefield as Alice~graveyard0 tapped and attacking Bob; "
        "not played: its own \"When Venser enters, return target spell or permanent to its owner's "
        "hand.\"")
