"""The outcome's ``entered`` list: permanents put onto the battlefield during combat by
triggered abilities (CR 111.1, 508.4), so that an engine replaying the answer knows they
exist (docs/scenario-format.md, "outcome")."""

from __future__ import annotations

from redzone.solver.frontends.commands import run_command
from trigger_play import damage, perm, scenario


def test_mobilize_tokens_enter_tapped_and_attacking() -> None:
    # 702.181a, 508.4: Bone-Cairn Butcher (4/4, mobilize 2) attacks Bob alone: two 1/1 red
    # Warrior tokens enter tapped and attacking Bob (never declared as attackers); 4 + 1 + 1
    # = 6 combat damage, Bob 14.
    got = damage([perm("butcher", "Bone-Cairn Butcher", "Alice")], {"butcher": "Bob"},
                 triggers_resolved=[])
    assert got["outcome"]["life"]["Bob"] == 14
    warrior = {"name": "Warrior", "controller": "Alice", "token": True, "power": 1,
               "toughness": 1, "tapped": True, "attacking": "Bob"}
    assert got["outcome"]["entered"] == [{"id": "butcher~token1", **warrior},
                                         {"id": "butcher~token2", **warrior}]


def test_tokens_made_by_a_dies_trigger_are_not_attacking() -> None:
    # 603.10a: Wurmcoil Engine (6/6, 5 damage marked) blocked by Hill Giant dies; its two 3/3
    # Wurms enter after combat damage, untapped and not attacking (nothing puts them into
    # combat, 506.3), and stay after the Engine left (destroyed lists the Engine, not them).
    got = damage([perm("wurm", "Wurmcoil Engine", "Alice", damage=5), perm("giant", "Hill Giant", "Bob")],
                 {"wurm": "Bob"}, {"giant": ["wurm"]})
    assert [(e["id"], e["power"], e["toughness"], e["tapped"], e["attacking"])
            for e in got["outcome"]["entered"]] == [("wurm~token1", 3, 3, False, None),
                                                    ("wurm~token2", 3, 3, False, None)]
    assert got["outcome"]["destroyed"] == ["wurm", "giant"]


def test_no_entered_permanent_gives_an_empty_list() -> None:
    # Grizzly Bears unblocked: nothing enters, the list is empty (the key is still there).
    got = damage([perm("bears", "Grizzly Bears", "Alice")], {"bears": "Bob"})
    assert got["outcome"]["entered"] == []
    assert got["outcome"]["life"]["Bob"] == 18


def test_choose_attack_lists_the_tokens_of_its_line() -> None:
    # The AI's answer on the Butcher board (Bob has no creature): attacking wins 6 damage and
    # its outcome lists the two Warriors that entered attacking.
    sc = scenario([perm("butcher", "Bone-Cairn Butcher", "Alice")], {})
    sc.pop("combat")
    got = run_command("choose-attack", sc, {"lookahead": 0}).to_json()
    assert got["attackers"] == {"butcher": "Bob"}
    assert [e["id"] for e in got["outcome"]["entered"]] == ["butcher~token1", "butcher~token2"]
