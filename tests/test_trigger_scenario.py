"""The scenario fields of triggered abilities of combat (issue 21 §2; docs/scenario-format.md):
``combat.triggers_resolved`` (where the combat stands) and ``combat.trigger_choices`` (the
choices a command takes instead of making them), with their validation, defaults and the
warning when a scenario doesn't say. Real cards, expected answers from the rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario, resolved_windows
from redzone.models.triggers.scenario import pending, trigger_warnings
from redzone.solver.damage.solve import after_attack_window, play_out


def _scenario(perms: list[dict[str, Any]], combat: dict[str, Any], bob_life: int = 20) -> dict[str, Any]:
    return {"players": [{"name": "Alice"}, {"name": "Bob", "life": bob_life}],
            "permanents": perms, "combat": combat}


def _board(perms: list[dict[str, Any]], combat: dict[str, Any], bob_life: int = 20) -> Any:
    return build_board(parse_scenario(_scenario(perms, combat, bob_life)))


RETAINER = {"id": "samurai", "card": "Devoted Retainer", "controller": "Alice"}  # 1/1, bushido 1
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}  # 2/2
HEEL = {"id": "heel", "card": "Goblin Heelcutter", "controller": "Alice"}  # 3/2
WALL = {"id": "wall", "card": "Wall of Stone", "controller": "Bob"}  # 0/8 defender
ELVES = {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}  # 1/1
REGISAUR = {"id": "rex", "card": "Raging Regisaur", "controller": "Alice"}  # 4/4


# ------------------------------------------------------------------ triggers_resolved


def test_bushido_resolved_in_the_block_window_is_not_pumped_again():
    # 702.45a: bushido 1 triggers once as Devoted Retainer becomes blocked. The scenario
    # gives it at 2/2 with the block window resolved: damage must not pump it to 3/3, so
    # Grizzly Bears' 2 damage is lethal (704.5g) and both die.
    done = {**RETAINER, "power": 2, "toughness": 2}
    combat = {"attackers": {"samurai": "Bob"}, "blockers": {"bears": ["samurai"]},
              "triggers_resolved": ["attack", "block"]}
    result = play_out(_board([done, BEARS], combat))
    assert result.triggers == ()
    assert sorted(result.outcome["destroyed"]) == ["bears", "samurai"]
    # The same board with only the attack window resolved: bushido resolves now (+1/+1,
    # 3/3), the Retainer survives the Bears' 2 damage.
    combat["triggers_resolved"] = ["attack"]
    result = play_out(_board([done, BEARS], combat))
    assert [(t.source, t.window, t.result) for t in result.triggers] == [
        ("samurai", "block", "samurai gets +1/+1")]
    assert result.outcome["destroyed"] == ["bears"]


def test_after_the_first_strike_step_the_block_window_is_not_played_again():
    # 510.4: once Youthful Knight (first strike) has dealt its first-strike damage, the
    # combat stands after the declare blockers step; without triggers_resolved the block
    # triggers are taken as resolved (the Retainer's 2/2 is its pumped value), never
    # resolved a second time. The Knight deals no regular damage (702.7c): Bob stays at 20.
    done = {**RETAINER, "power": 2, "toughness": 2}
    knight = {"id": "knight", "card": "Youthful Knight", "controller": "Alice"}
    combat = {"attackers": {"samurai": "Bob", "knight": "Bob"}, "blockers": {"bears": ["samurai"]},
              "step": "regular", "first_strike_dealt": ["knight"]}
    board = _board([done, knight, BEARS], combat)
    assert pending(board) == ()
    result = play_out(board)
    assert result.triggers == () and sorted(result.outcome["destroyed"]) == ["bears", "samurai"]
    assert result.outcome["life"]["Bob"] == 20
    assert "first-strike triggers (Devoted Retainer (samurai))" in trigger_warnings(board)[0]
    # step: regular alone (no first-strike step happened): the block window is still to
    # resolve, as with blockers declared (the Retainer given 1/1 is pumped to 2/2).
    combat = {"attackers": {"samurai": "Bob"}, "blockers": {"bears": ["samurai"]}, "step": "regular"}
    result = play_out(_board([RETAINER, BEARS], combat))
    assert [t.result for t in result.triggers] == ["samurai gets +1/+1"]


@pytest.mark.parametrize(("combat", "windows", "stated"), [
    ({"attackers": {"heel": "Bob"}}, (), False),  # before every window
    ({"attackers": {"heel": "Bob"}, "blockers": {"wall": ["heel"]}}, ("attack",), False),  # 508.2, 509.1
    ({"attackers": {"heel": "Bob"}, "blocked": ["heel"]}, ("attack",), False),
    ({"attackers": {"heel": "Bob"}, "step": "regular"}, (), False),  # maybe the only step
    ({"attackers": {"heel": "Bob"}, "step": "regular", "first_strike_dealt": ["heel"]},
     ("attack", "block", "first-strike"), False),  # 510.4
    ({"attackers": {"heel": "Bob"}, "blockers": {"wall": ["heel"]}, "triggers_resolved": []}, (), True),
    ({"attackers": {"heel": "Bob"}, "triggers_resolved": ["block", "attack"]}, ("attack", "block"), True),
])
def test_resolved_windows_defaults(combat, windows, stated):
    spec = parse_scenario(_scenario([HEEL, WALL], combat)).combat
    assert resolved_windows(spec) == (windows, stated)


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(("combat", "field", "words"), [
    ({"triggers_resolved": ["atack"]}, "combat.triggers_resolved[0]", "'attack'"),
    ({"triggers_resolved": ["attack", "attack"]}, "combat.triggers_resolved[1]", "listed twice"),
    ({"triggers_resolved": ["block"]}, "combat.triggers_resolved", "508.2"),
    ({"triggers_resolved": ["attack", "block", "first-strike"]}, "combat.triggers_resolved", "combat.step: regular"),
    ({"trigger_choices": [{"source": "nobody", "window": "attack", "target": "wall"}]},
     "combat.trigger_choices[0].source", "unknown id 'nobody'"),
    ({"trigger_choices": [{"source": "heel", "window": "combat", "target": "wall"}]},
     "combat.trigger_choices[0].window", "'attack'"),
    ({"trigger_choices": [{"source": "heel", "window": "attack", "target": "wal"}]},
     "combat.trigger_choices[0].target", "neither a player nor a permanent id"),
    ({"trigger_choices": [{"source": "heel", "window": "attack"}]}, "combat.trigger_choices[0]", "states no choice"),
    ({"trigger_choices": [{"source": "heel", "window": "attack", "target": "wall", "no_target": True}]},
     "combat.trigger_choices[0].no_target", "not both"),
    # blockers declared, triggers_resolved not given: the attack window is taken as resolved
    ({"blockers": {"wall": ["heel"]}, "trigger_choices": [{"source": "heel", "window": "attack", "target": "wall"}]},
     "combat.trigger_choices[0].window", "taken to stand after it"),
    ({"triggers_resolved": ["attack"], "trigger_choices": [{"source": "heel", "window": "attack", "target": "wall"}]},
     "combat.trigger_choices[0].window", "the attack window has resolved"),
])
def test_bad_fields_are_one_line_errors_naming_the_field(combat, field, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(_scenario([HEEL, WALL], {"attackers": {"heel": "Bob"}, **combat}))
    assert err.value.field == field and words in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("item", "field"), [
    # Goblin Heelcutter has an attack trigger only, and no "you may" (603.5)
    ({"source": "heel", "window": "block", "target": "wall"}, "combat.trigger_choices[0].source"),
    ({"source": "heel", "window": "attack", "may": True}, "combat.trigger_choices[0].may"),
    ({"source": "heel", "window": "attack", "sacrifice": ["wall"]}, "combat.trigger_choices[0].sacrifice"),
    ({"source": "wall", "window": "attack", "target": "heel"}, "combat.trigger_choices[0].source"),
])
def test_a_choice_no_ability_of_its_window_asks_is_refused(item, field):
    with pytest.raises(ScenarioError) as err:
        _board([HEEL, WALL], {"attackers": {"heel": "Bob"}, "trigger_choices": [item]})
    assert err.value.field == field


# ------------------------------------------------------------------ trigger_choices


def test_a_stated_target_is_taken_instead_of_the_objective():
    # Raging Regisaur: "whenever this creature attacks, it deals 1 damage to any target"
    # (603.3d: the target is chosen as it is put on the stack). By max-player-damage the
    # damage play-out picks Bob (20 - 1 - 4 = 15); told the Elves, it kills them (1 damage
    # on a 1/1, 704.5g) and Bob takes the 4 of combat damage only.
    combat = {"attackers": {"rex": "Bob"}}
    chosen = play_out(_board([REGISAUR, ELVES], combat))
    assert chosen.triggers[0].choices == {"target": "Bob"} and chosen.outcome["life"]["Bob"] == 15
    combat["trigger_choices"] = [{"source": "rex", "window": "attack", "target": "elves"}]
    given = play_out(_board([REGISAUR, ELVES], combat))
    assert given.triggers[0].choices == {"target": "elves"}
    assert given.outcome["life"]["Bob"] == 16 and given.outcome["destroyed"] == ["elves"]


def test_a_target_that_is_not_legal_is_refused_when_the_window_is_played():
    # A Forest is not a creature, player, planeswalker or battle: not "any target" (115.4).
    forest = {"id": "forest", "card": "Forest", "controller": "Bob"}
    combat = {"attackers": {"rex": "Bob"},
              "trigger_choices": [{"source": "rex", "window": "attack", "target": "forest"}]}
    with pytest.raises(ScenarioError) as err:
        play_out(_board([REGISAUR, ELVES, forest], combat))
    assert err.value.field == "combat.trigger_choices[0].target"
    assert "not a legal choice" in str(err.value) and "603.3d" in str(err.value)


def test_a_target_the_window_picks_itself_must_agree():
    # Bob controls only a Forest, so the Heelcutter's only legal target ("target
    # creature") is itself and the window takes it without asking (603.3d). Stating the
    # Forest is refused; stating the Heelcutter is kept.
    forest = {"id": "forest", "card": "Forest", "controller": "Bob"}
    combat = {"attackers": {"heel": "Bob"}, "triggers_resolved": [],
              "trigger_choices": [{"source": "heel", "window": "attack", "target": "forest"}]}
    with pytest.raises(ScenarioError) as err:
        after_attack_window(_board([HEEL, forest], combat))
    assert err.value.field == "combat.trigger_choices[0].target"
    assert "its only legal target is 'heel'" in str(err.value)
    combat["trigger_choices"][0]["target"] = "heel"
    _, _, resolved = after_attack_window(_board([HEEL, forest], combat))
    assert [r.choices for r in resolved] == [{"target": "heel"}]


def test_a_may_choice_and_its_target_are_taken():
    # Alaborn Cavalier: "whenever this creature attacks, you may tap target creature"
    # (603.5). Stated: the Bears, and "no": nothing is tapped, the Bears can still block.
    cav = {"id": "cav", "card": "Alaborn Cavalier", "controller": "Alice"}
    combat = {"attackers": {"cav": "Bob"}, "triggers_resolved": [],
              "trigger_choices": [{"source": "cav", "window": "attack", "target": "bears", "may": False}]}
    view, _, resolved = after_attack_window(_board([cav, BEARS], combat))
    assert [(r.result, r.choices) for r in resolved] == [("declined (optional)", {"target": "bears", "may": False})]
    assert not view.permanents["bears"].tapped
    combat["trigger_choices"][0]["may"] = True
    view, _, resolved = after_attack_window(_board([cav, BEARS], combat))
    assert view.permanents["bears"].tapped and resolved[0].choices == {"target": "bears", "may": True}


def test_annihilator_sacrifices_are_the_defending_players_stated_ones():
    # Ulamog's Crusher, annihilator 2 (702.86a): the defending player sacrifices two
    # permanents of their choice (701.21a); stated: the Forest and the Elves, not the Bears.
    crusher = {"id": "crusher", "card": "Ulamog's Crusher", "controller": "Alice"}
    forest = {"id": "forest", "card": "Forest", "controller": "Bob"}
    combat = {"attackers": {"crusher": "Bob"}, "triggers_resolved": [],
              "trigger_choices": [{"source": "crusher", "window": "attack", "sacrifice": ["forest", "elves"]}]}
    view, _, resolved = after_attack_window(_board([crusher, BEARS, ELVES, forest], combat))
    assert sorted(view.permanents) == ["bears", "crusher"]
    assert resolved[0].result == "Bob sacrifices forest, Bob sacrifices elves"
    # Alice's own permanent is not Bob's to sacrifice
    combat["trigger_choices"][0]["sacrifice"] = ["crusher", "elves"]
    with pytest.raises(ScenarioError) as err:
        after_attack_window(_board([crusher, BEARS, ELVES, forest], combat))
    assert err.value.field == "combat.trigger_choices[0].sacrifice[0]" and "701.21a" in str(err.value)


def test_a_check_needs_every_choice_its_window_asks():
    # Heelcutter with the Wall on the other side: two legal targets (any creature), none
    # stated: a check command can't choose for Alice (one line naming the field).
    combat = {"attackers": {"heel": "Bob"}, "triggers_resolved": []}
    with pytest.raises(ScenarioError) as err:
        after_attack_window(_board([HEEL, WALL], combat))
    assert err.value.field == "combat.trigger_choices"
    assert "options: heel, wall" in str(err.value) and "\n" not in str(err.value)


# ------------------------------------------------------------------ warnings


def test_ambiguous_scenario_warns_which_default_was_assumed():
    # Blockers declared, Heelcutter (attack trigger) and the Retainer (bushido, block
    # trigger) present, triggers_resolved not given: attack taken as resolved (508.2,
    # 509.1), block as still to resolve.
    combat = {"attackers": {"heel": "Bob", "samurai": "Bob"}, "blockers": {"wall": ["samurai"]}}
    (line,) = trigger_warnings(_board([HEEL, RETAINER, WALL], combat))
    assert line.startswith("warning: combat.triggers_resolved is not given")
    assert "attack triggers (Goblin Heelcutter (heel)) are taken as resolved" in line
    assert "block triggers (Devoted Retainer (samurai)) are taken as still to resolve" in line
    # Said explicitly: no warning; no blockers (before every window): no warning.
    assert trigger_warnings(_board([HEEL, RETAINER, WALL], {**combat, "triggers_resolved": ["attack"]})) == []
    assert trigger_warnings(_board([HEEL, RETAINER, WALL], {"attackers": {"heel": "Bob"}})) == []


# ------------------------------------------------------------------ the two readers agree


def test_fast_path_and_schema_read_the_new_fields_alike():
    from redzone.models.scenario.fast import build
    from redzone.models.scenario.schema import validate
    from redzone.models.scenario.types import Scenario

    data = _scenario([HEEL, WALL], {"attackers": {"heel": "Bob"}, "triggers_resolved": ["attack"],
                                    "trigger_choices": [{"source": "heel", "window": "block", "target": "wall",
                                                         "trigger": "heel", "may": True,
                                                         "sacrifice": ["wall"]}]})
    fast = build(Scenario, data)
    assert fast is not None and fast == validate(data)
    assert fast.combat.trigger_choices[0].no_target is False


def test_json_schema_lists_the_fields():
    from redzone.models.scenario import scenario_json_schema

    schema = scenario_json_schema()
    combat = schema["$defs"]["CombatSpec"]["properties"]
    assert "triggers_resolved" in combat and "trigger_choices" in combat
    choice = schema["$defs"]["TriggerChoice"]
    assert choice["required"] == ["source", "window"]
    assert choice["properties"]["window"]["enum"] == ["attack", "block", "first-strike", "regular"]


def test_blocks_are_declared_on_the_board_after_granted_exalted():
    # Sublime Archangel: exalted, and other creatures Alice controls have exalted (613.1f).
    # Grizzly Bears attacks alone: two exalted triggers (702.83a), each +1/+1, resolved
    # before blockers are declared (508.2): the Wall blocks a 4/4.
    archangel = {"id": "angel", "card": "Sublime Archangel", "controller": "Alice"}
    mine = {**BEARS, "controller": "Alice"}
    combat = {"attackers": {"bears": "Bob"}, "blockers": {"wall": ["bears"]}, "triggers_resolved": []}
    view, _, resolved = after_attack_window(_board([archangel, mine, WALL], combat))
    assert sorted(r.source for r in resolved) == ["angel", "bears"]
    assert (view.permanents["bears"].power, view.permanents["bears"].toughness) == (4, 4)


def test_an_up_to_one_target_of_a_damage_step_trigger():
    # Zephyr Winder (2/1 flying): "whenever this creature deals combat damage to a player,
    # untap up to one target creature" — a trigger of the regular damage step (510.3),
    # named "regular" as the scenario names it; "up to one": none may be chosen (601.2c,
    # 115.1). Stated: Alice's tapped Grizzly Bears, then no target.
    winder = {"id": "winder", "card": "Zephyr Winder", "controller": "Alice"}
    tapped = {**BEARS, "controller": "Alice", "tapped": True}
    combat: dict[str, Any] = {"attackers": {"winder": "Bob"},
                              "trigger_choices": [{"source": "winder", "window": "regular", "target": "bears"}]}
    result = play_out(_board([winder, tapped], combat))
    assert [(t.window, t.choices, t.result) for t in result.triggers] == [
        ("regular", {"target": "bears"}, "bears untapped")]
    assert result.outcome["life"]["Bob"] == 18 and result.warnings == ()
    combat["trigger_choices"] = [{"source": "winder", "window": "regular", "no_target": True}]
    result = play_out(_board([winder, tapped], combat))
    assert [(t.choices, t.result) for t in result.triggers] == [({"target": None}, "no creature")]
    # Stated for the first-strike step, which this combat doesn't have (no first strike,
    # 510.4): never asked, and the answer says so.
    combat["trigger_choices"] = [{"source": "winder", "window": "first-strike", "target": "bears"}]
    result = play_out(_board([winder, tapped], combat))
    assert result.warnings == ("warning: combat.trigger_choices[0] was not used: no triggered "
                               "ability of Zephyr Winder (winder) resolved in the first-strike window",)


def test_an_answers_triggers_replay_as_trigger_choices():
    # Issue 21 §2: the triggers of an answer, with their choices, stated back as
    # combat.trigger_choices give the same play. Raging Regisaur (1 damage to any target,
    # 603.3d: Alice's choice by the objective) and Ulamog's Crusher (annihilator 2,
    # 702.86a: Bob's choice of two permanents, 701.21a) attack Bob.
    crusher = {"id": "crusher", "card": "Ulamog's Crusher", "controller": "Alice"}
    forest = {"id": "forest", "card": "Forest", "controller": "Bob"}
    perms = [REGISAUR, crusher, BEARS, ELVES, forest]
    combat: dict[str, Any] = {"attackers": {"rex": "Bob", "crusher": "Bob"}}
    first = play_out(_board(perms, combat))
    assert [t.source for t in first.triggers] == ["crusher", "rex"]  # last in, first out (608.2)
    assert len(first.triggers[0].choices["sacrifice"]) == 2
    items = []
    for t in first.triggers:
        item: dict[str, Any] = {"source": t.source, "window": t.window}
        if "target" in t.choices:
            item["target"] = t.choices["target"]
        if "sacrifice" in t.choices:
            item["sacrifice"] = list(t.choices["sacrifice"])
        items.append(item)
    again = play_out(_board(perms, {**combat, "trigger_choices": items}))
    assert [t.to_json() for t in again.triggers] == [t.to_json() for t in first.triggers]
    assert again.outcome == first.outcome and again.warnings == ()


def test_a_stated_target_of_a_mode_without_one_is_reported_unused() -> None:
    # 700.2a, 603.3c: Titanium Man's attack trigger is modal ("choose one — it gains flying
    # until end of turn; or it deals 1 damage to any target"). Mode 1 has no target, so a
    # stated target is never asked for: the answer warns instead of dropping it silently
    # (found by a new user's trial). Mode 2 uses it: no warning, and the Turtle takes 1.
    ti = {"id": "ti", "card": "Titanium Man", "controller": "Alice"}
    turtle = {"id": "turtle", "card": "Horned Turtle", "controller": "Bob"}
    combat: dict[str, Any] = {"attackers": {"ti": "Bob"}, "triggers_resolved": [],
                              "trigger_choices": [{"source": "ti", "window": "attack", "mode": [1],
                                                   "target": "turtle"}]}
    result = play_out(_board([ti, turtle], combat))
    assert result.warnings == ("warning: combat.trigger_choices[0].target was not used: the ability "
                               "of Titanium Man (ti) that resolved in the attack window chose no "
                               "target",)
    combat["trigger_choices"][0]["mode"] = [2]
    result = play_out(_board([ti, turtle], combat))
    assert result.warnings == ()
    assert result.outcome["damage"]["turtle"] == 1


def test_the_warning_names_only_permanents_whose_trigger_can_trigger_in_this_combat() -> None:
    # 508.1m, 603.2: Goblin Heelcutter's "whenever this creature attacks" triggers only for
    # an attacking Heelcutter; one at home is not named by the triggers_resolved warning
    # (the new-user trial found it named).
    home = _board([{"id": "h", "card": "Goblin Heelcutter", "controller": "Alice"},
                   {"id": "g", "card": "Hill Giant", "controller": "Alice"},
                   {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}],
                  {"attackers": {"g": "Bob"}, "blockers": {"b": ["g"]}})
    assert trigger_warnings(home) == []
    away = _board([{"id": "h", "card": "Goblin Heelcutter", "controller": "Alice"},
                   {"id": "b", "card": "Grizzly Bears", "controller": "Bob"}],
                  {"attackers": {"h": "Bob"}, "blockers": {"b": ["h"]}})
    assert len(trigger_warnings(away)) == 1 and "Goblin Heelcutter (h)" in trigger_warnings(away)[0]
