"""h39: control and tokens, more readings (models/triggers/more_control.py; docs/triggers.md
"Control and tokens, more (h39)"). Real cards; expected values from the rules cited."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.more_control import LookPut, TopCardLife
from redzone.models.triggers.types import Conditional, Destroy, ValueOnly, Who
from redzone.solver.frontends.commands import run_command
from trigger_play import damage, perm, read, scenario


def test_gorbag_sacrifices_the_orc_that_dealt_the_damage() -> None:
    # 701.21a: "you may sacrifice it" — "it" is the Goblin or Orc whose combat damage
    # triggered the ability; the modes after "When you do" are both values (700.2, 603.12).
    (t,) = read("Gorbag of Minas Morgul")
    assert t.optional
    assert t.effects == (Destroy(Who("trigger"), sacrifice=True),
                         ValueOnly("a mode of value (700.2)"))
    # Gorbag (2/2, an Orc) unblocked deals 2 to Bob (510.2); Alice chooses to sacrifice it.
    got = damage([perm("g", "Gorbag of Minas Morgul", "Alice")], {"g": "Bob"},
                 trigger_choices=[{"source": "g", "window": "regular", "may": True}])
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}
    assert got["outcome"]["destroyed"] == ["g"]
    assert got["outcome"]["reasons"] == {"g": "sacrificed (701.21)"}
    declined = damage([perm("g", "Gorbag of Minas Morgul", "Alice")], {"g": "Bob"},
                      trigger_choices=[{"source": "g", "window": "regular", "may": False}])
    assert declined["outcome"]["destroyed"] == []


def test_sacrifice_it_is_not_read_for_a_creature_you_do_not_control() -> None:
    # 701.21a: only a permanent you control can be sacrificed; once it died there is nothing.
    assert parse_trigger("Whenever a creature an opponent controls attacks, sacrifice it.") is None
    assert parse_trigger("Whenever another creature you control dies, sacrifice it.") is None


def test_a_favorites_list_is_a_note_of_the_player() -> None:
    # The Keeper of Favorite Cards: a card name noted for the game changes no permanent.
    got = [t for t in read("The Keeper of Favorite Cards") if t.event == "attacks"]
    assert [t.effects for t in got] == [(ValueOnly("favorites list"),)]


def _token(pid: str, controller: str) -> dict[str, object]:
    return {"id": pid, "name": "Soldier", "controller": controller, "token": True,
            "types": ["Creature"], "subtypes": ["Soldier"], "power": 1, "toughness": 1}


def test_zurgo_draws_for_an_attacking_token_and_drains_for_a_blocking_one() -> None:
    # 608.2c, 608.2h: "draw a card if it was attacking. Otherwise, each opponent loses 1
    # life" — one of the two, decided by the token as it last existed (Zurgo Stormrender).
    (t,) = [t for t in read("Zurgo Stormrender") if t.event == "leaves"]
    assert isinstance(t.effects[0], Conditional) and t.effects[0].test.kind == "was_attacking"
    # Alice's Soldier token (1/1) attacks and is blocked by Hill Giant: it dies attacking.
    got = damage([perm("z", "Zurgo Stormrender", "Alice"), _token("t", "Alice"),
                  perm("h", "Hill Giant", "Bob")], {"t": "Bob"}, {"h": ["t"]})
    assert got["outcome"]["destroyed"] == ["t"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    # Bob's Hill Giant attacks; Alice's token blocks and dies, not attacking: Bob loses 1.
    s = scenario([perm("z", "Zurgo Stormrender", "Alice"), _token("t", "Alice"),
                  perm("h", "Hill Giant", "Bob")], {"h": "Alice"}, {"t": ["h"]})
    s["active_player"] = "Bob"
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["destroyed"] == ["t"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}


def test_garna_deals_one_to_each_opponent_for_a_creature_that_was_not_attacking() -> None:
    # Garna, Bloodfist of Keld: Bob attacks with Hill Giant (3/3); Alice's Grizzly Bears
    # (2/2) blocks and dies (704.5g); it was not attacking, so Garna deals 1 to Bob (120.3).
    s = scenario([perm("g", "Garna, Bloodfist of Keld", "Alice"), perm("b", "Grizzly Bears", "Alice"),
                  perm("h", "Hill Giant", "Bob")], {"h": "Alice"}, {"b": ["h"]})
    s["active_player"] = "Bob"
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["destroyed"] == ["b"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}


def test_otherwise_with_a_return_is_read_by_the_returning_object() -> None:
    # Bogardan Phoenix: "return it ... and put a death counter on it" names the card that
    # returns (400.7: a new object). more_control's reading, whose source reference would
    # miss it, leaves it; h36's (more_amounts) reads the return with its counter (122.6):
    # tests/test_trigger_more_amounts.py::test_bogardan_phoenix_returns_once_then_is_exiled.
    (t,) = read("Bogardan Phoenix")
    assert t.event == "dies"


def test_the_card_of_a_permanent_that_died_is_exiled_from_its_graveyard() -> None:
    # 700.4, 404.2: the card is in its owner's graveyard; exiling it (with a hit counter on
    # the card in exile, 122.1) changes nothing on the battlefield (Mari; Mazzy's Aura).
    (mari,) = [t for t in read("Mari, the Killing Quill") if t.event == "dies"]
    assert mari.effects == (ValueOnly("exile from graveyard"),)
    (mazzy,) = [t for t in read("Mazzy, Truesword Paladin") if t.event == "dies"]
    assert mazzy.effects == (ValueOnly("exile from graveyard"), ValueOnly("impulse"))
    # Bob's Grizzly Bears (2/2) blocks Alice's Hill Giant (3/3) and dies (704.5g): Mari's
    # ability resolves as a value; the Giant is dealt 2, nobody loses life.
    got = damage([perm("m", "Mari, the Killing Quill", "Alice"), perm("h", "Hill Giant", "Alice"),
                  perm("b", "Grizzly Bears", "Bob")], {"h": "Bob"}, {"b": ["h"]})
    assert got["outcome"]["destroyed"] == ["b"]
    assert got["outcome"]["damage"] == {"h": 2}
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}
    assert [t["result"] for t in got["triggers"]] == ["exile from graveyard (no effect on combat)"]


def test_exile_it_is_not_read_for_a_permanent_still_on_the_battlefield() -> None:
    # "it" attacking is on the battlefield: exiling it is a removal, not this value.
    got = parse_trigger("Whenever a creature an opponent controls attacks, exile it with a hit "
                        "counter on it.")
    assert got is None or got.effects != (ValueOnly("exile from graveyard"),)


def _with_library(s: dict[str, Any], library: list[str]) -> dict[str, Any]:
    s["players"][0]["library"] = library
    return s


def test_jet_puts_a_creature_card_from_the_top_five_tapped_and_attacking() -> None:
    # Jet, Rebel Leader (3/4): a creature card with mana value 3 or less from among the top
    # five (Grizzly Bears; Hill Giant's mana value is 4) enters tapped and attacking Bob
    # (508.4, never declared); both unblocked: 3 + 2 damage (510.2).
    (t,) = read("Jet, Rebel Leader")
    assert isinstance(t.effects[0], LookPut) and t.effects[0].n == 5
    assert t.effects[0].card.mana_value_at_most == 3 and t.effects[0].card.attacking
    lib = ["Island", "Hill Giant", "Grizzly Bears", "Forest", "Island", "Craw Wurm"]
    got = run_command("damage", _with_library(scenario([perm("j", "Jet, Rebel Leader", "Alice")],
                                                        {"j": "Bob"}), lib), {}).to_json()
    assert [(x["id"], x["attacking"]) for x in got["outcome"]["entered"]] == [("Alice~library2", "Bob")]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    # the card chosen stated in the scenario (trigger_choices[].chosen: PLAYER~libraryI)
    got = run_command("damage", _with_library(scenario(
        [perm("j", "Jet, Rebel Leader", "Alice")], {"j": "Bob"},
        trigger_choices=[{"source": "j", "window": "attack", "chosen": "Alice~library2"}]), lib),
        {}).to_json()
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}


def test_jet_with_no_library_stated_is_not_played() -> None:
    # The cards looked at are hidden and not stated: never guessed (Jet deals its own 3).
    got = damage([perm("j", "Jet, Rebel Leader", "Alice")], {"j": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 17}
    assert got["outcome"]["entered"] == []
    assert [x["sentence"][:22] for x in got["not_played"]] == ["Whenever Jet attacks, "]


def test_winota_looks_at_the_next_six_for_its_second_trigger() -> None:
    # Winota, Joiner of Forces: two non-Human attackers (Hill Giant, Grizzly Bears) trigger it
    # twice; the first looks at the top six and puts the rest on the bottom (401.4), so the
    # second sees the next six. Each Elite Vanguard (a 2/1 Human) enters tapped and
    # attacking and gains indestructible until end of turn: 3 + 2 + 2 + 2 = 9 to Bob.
    lib = ["Island"] * 2 + ["Elite Vanguard"] + ["Island"] * 5 + ["Elite Vanguard"] + ["Island"] * 3
    s = _with_library(scenario([perm("w", "Winota, Joiner of Forces", "Alice"),
                                perm("h", "Hill Giant", "Alice"), perm("b", "Grizzly Bears", "Alice")],
                               {"h": "Bob", "b": "Bob"}), lib)
    got = run_command("damage", s, {}).to_json()
    assert sorted(x["id"] for x in got["outcome"]["entered"]) == ["Alice~library2", "Alice~library8"]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 11}
    assert all("gains indestructible" in t["result"] for t in got["triggers"])


def test_a_look_beyond_the_stated_library_is_not_played() -> None:
    # Only five cards stated: the sixth card Winota would look at is unknown.
    s = _with_library(scenario([perm("w", "Winota, Joiner of Forces", "Alice"),
                                perm("h", "Hill Giant", "Alice")], {"h": "Bob"}),
                      ["Elite Vanguard"] * 5)
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["entered"] == []
    assert [t["result"] for t in got["triggers"]] == [
        "not played: the library stated is shorter than the cards looked at"]
    assert [x["sentence"][:40] for x in got["not_played"]] == [
        "Whenever a non-Human creature you contro"]


def test_emergent_woodwurm_looks_at_as_many_cards_as_its_power() -> None:
    # "the top X cards ..., where X is its power" and "mana value X or less": X = 4 as it
    # resolves (608.2h). Of Island, Hill Giant, Craw Wurm, Forest (Grizzly Bears is fifth,
    # not looked at), Alice puts Hill Giant (mana value 4): it enters untapped, not attacking.
    (t,) = [t for t in read("Emergent Woodwurm") if t.event == "attacks"]
    assert isinstance(t.effects[0], LookPut) and t.effects[0].n == 0
    lib = ["Island", "Hill Giant", "Craw Wurm", "Forest", "Grizzly Bears"]
    s = _with_library(scenario([perm("w", "Emergent Woodwurm", "Alice")], {"w": "Bob"},
                               trigger_choices=[{"source": "w", "window": "attack",
                                                 "chosen": "Alice~library1"}]), lib)
    got = run_command("damage", s, {}).to_json()
    assert [(x["id"], x["tapped"], x["attacking"]) for x in got["outcome"]["entered"]] == [
        ("Alice~library1", False, None)]
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    # Grizzly Bears, the fifth card, was not looked at: stating it is an error naming the field
    s["combat"]["trigger_choices"][0]["chosen"] = "Alice~library4"
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.chosen.*can't be chosen"):
        run_command("damage", s, {})


def test_life_paid_for_a_card_is_never_chosen() -> None:
    # Bebop: "you may draw X cards ... If you do, you lose X life" — life paid for a value
    # only; as for mana or energy paid for a value (board_effects.paid), the play declines
    # (608.2d): nothing drawn, no life lost.
    (t,) = read("Bebop, Skull & Crossbones")
    assert t.effects == (ValueOnly("a value for life: not chosen"),) and not t.optional
    # Taborax: the +1/+1 counter is the combat effect; the Cleric's draw-for-life a value.
    (tab,) = read("Taborax, Hope's Demise")
    assert tab.effects[1:] == (ValueOnly("a value for life: not chosen"),)
    # Alice's Grizzly Bears (2/2) blocked by Hill Giant (3/3) dies (704.5g): Taborax (2/2)
    # gets a +1/+1 counter (122.1) and Alice keeps her 20 life.
    got = damage([perm("t", "Taborax, Hope's Demise", "Alice"), perm("b", "Grizzly Bears", "Alice"),
                  perm("h", "Hill Giant", "Bob")], {"b": "Bob"}, {"h": ["b"]})
    assert got["outcome"]["destroyed"] == ["b"]
    assert got["outcome"]["counters"] == {"t": {"+1/+1": 1}}
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 20}


def test_life_for_a_combat_effect_is_not_this_reading() -> None:
    # "you may have it get +2/+0 ... If you do, you lose 2 life": a combat effect bought with
    # life is a real choice, not a value declined.
    got = parse_trigger("Whenever this creature attacks, you may have it get +2/+0 until end "
                        "of turn. If you do, you lose 2 life.", ("Test Creature",))
    assert got is None or ValueOnly("a value for life: not chosen") not in got.effects


def test_guide_of_souls_reflexive_ability_is_the_rest_of_the_text() -> None:
    # 603.12: "When you do, put two +1/+1 counters and a flying counter on target attacking
    # creature. It becomes an Angel in addition to its other types." — both sentences are the
    # reflexive ability, done only if the {E}{E}{E} was paid; both kinds of counter on the one
    # target (122.1; a flying counter gives flying, 122.1b).
    (t,) = read("Guide of Souls")
    assert t.optional and [type(e).__name__ for e in t.effects] == ["Pay", "Counters", "Counters",
                                                                    "Becomes"]
    s = scenario([perm("g", "Guide of Souls", "Alice"), perm("b", "Grizzly Bears", "Alice")],
                 {"b": "Bob"}, trigger_choices=[{"source": "g", "window": "attack", "may": True,
                                                 "target": "b"}])
    s["players"][0]["energy"] = 3
    got = run_command("damage", s, {}).to_json()
    # Grizzly Bears (2/2) is a 4/4 with flying, unblocked: 4 damage to Bob (510.2)
    assert got["outcome"]["counters"] == {"b": {"+1/+1": 2, "flying": 1}}
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    # with no energy it can't be paid (118.3): nothing happens
    s["players"][0]["energy"] = 0
    s["combat"]["trigger_choices"] = []
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}


def test_invisible_woman_pumps_per_creature_and_makes_it_unblockable() -> None:
    # 603.12, 611.2c: "target creature gets +1/+0 until end of turn for each creature you
    # control and can't be blocked this turn" — both effects on the one target, after the
    # {R}{G}{W}{U} is paid (4 mana stated).
    (t,) = [t for t in read("Invisible Woman") if t.event == "you_attack"]
    assert [type(e).__name__ for e in t.effects] == ["Pay", "Pump", "CantBeBlockedEffect"]
    s = scenario([perm("w", "Invisible Woman", "Alice"), perm("b", "Grizzly Bears", "Alice")],
                 {"w": "Bob", "b": "Bob"},
                 trigger_choices=[{"source": "w", "window": "attack", "may": True, "target": "b"}])
    s["players"][0]["mana"] = 4
    got = run_command("damage", s, {}).to_json()
    # two creatures: Grizzly Bears is 4/2; 3 + 4 = 7 unblocked damage to Bob (510.2)
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 13}
    (line,) = [x["result"] for x in got["triggers"] if x["source"] == "w"]
    assert "b gets +2/+0" in line and "can't be blocked" in line, line


def test_mistmeadow_vanisher_exiles_a_nontoken_permanent_until_the_end_step() -> None:
    # Mistmeadow Vanisher attacks (it becomes tapped, 508.1f): Bob's Grizzly Bears is exiled
    # (701.13); it returns at the beginning of the next end step, after combat (603.7).
    (t,) = read("Mistmeadow Vanisher")
    assert isinstance(t.effects[0], Destroy) and t.effects[0].exile and t.effects[0].who.up_to
    assert t.effects[1:] == (ValueOnly("returns later"),)
    perms = [perm("v", "Mistmeadow Vanisher", "Alice"), perm("b", "Grizzly Bears", "Bob"),
             _token("t", "Bob")]
    got = damage(perms, {"v": "Bob"},
                 trigger_choices=[{"source": "v", "window": "attack", "target": "b"}])
    assert got["outcome"]["destroyed"] == ["b"]
    assert got["outcome"]["reasons"] == {"b": "exiled by a triggered ability (701.13)"}
    # a token is no legal target (111.1: "nontoken"), nor a land
    with pytest.raises(ScenarioError, match="target"):
        damage(perms, {"v": "Bob"},
               trigger_choices=[{"source": "v", "window": "attack", "target": "t"}])


def test_yuriko_reveals_the_stated_top_card_and_drains_its_mana_value() -> None:
    # Yuriko (1/3, a Ninja) unblocked deals 1 to Bob (510.2); its ability reveals the top card
    # of Alice's stated library, Hill Giant (mana value 4, 202.3), puts it into her hand, and
    # Bob loses 4 life (119.3): 20 - 1 - 4 = 15.
    (t,) = read("Yuriko, the Tiger's Shadow")
    assert t.effects == (TopCardLife(),)
    s = _with_library(scenario([perm("y", "Yuriko, the Tiger's Shadow", "Alice")], {"y": "Bob"}),
                      ["Hill Giant", "Island"])
    got = run_command("damage", s, {}).to_json()
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    # no library stated: the card is unknown, so the ability is not played (and listed)
    got = damage([perm("y", "Yuriko, the Tiger's Shadow", "Alice")], {"y": "Bob"})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 19}
    assert len(got["not_played"]) == 1


def test_a_library_card_beyond_the_stated_library_is_a_scenario_error() -> None:
    # trigger_choices[].chosen "PLAYER~libraryI" names the card at index I of players[].library.
    s = _with_library(scenario([perm("j", "Jet, Rebel Leader", "Alice")], {"j": "Bob"},
                               trigger_choices=[{"source": "j", "window": "attack",
                                                 "chosen": "Alice~library9"}]), ["Island"] * 6)
    with pytest.raises(ScenarioError, match=r"chosen: 'Alice~library9': Alice's library has 6"):
        run_command("damage", s, {})
