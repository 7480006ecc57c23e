"""Effects of combat triggers that change the battlefield later or elsewhere (h3;
models/triggers/board_effects.py, docs/triggers.md "Effects"): delayed "at end of combat"
abilities (603.7, 511.2), "doesn't untap during its controller's next untap step" (502.3),
"assigns no combat damage this turn" (510.1). Real cards on small boards played by the
``damage`` job, each answer worked out from the rules by hand with the CR rule cited.
"""

from __future__ import annotations

from typing import Any

from redzone.models.triggers.parse import parse_triggers
from redzone.models.triggers.types import AtEndOfCombat, DoesntUntap, NoCombatDamage, Pay, TapEffect
from redzone.solver.frontends.commands import run_command


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, *, alice: dict[str, Any] | None = None,
              **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, **(alice or {})}, {"name": "Bob", "life": 20}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _damage(scenario: dict[str, Any], **options: Any) -> dict[str, Any]:
    return run_command("damage", scenario, options).to_json()


# ============================================================ at end of combat (603.7, 511.2)


def test_crumbling_colossus_is_sacrificed_at_end_of_combat_after_its_damage() -> None:
    # "When this creature attacks, sacrifice it at end of combat" (Crumbling Colossus, 7/4):
    # a delayed triggered ability (603.7) done in the end of combat step (511.2), after the
    # damage: unblocked it deals 7 (Bob 13), then it is sacrificed (701.21).
    got = _damage(_scenario([_p("colossus", "Crumbling Colossus", "Alice")], {"colossus": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 13
    assert got["outcome"]["destroyed"] == ["colossus"]
    assert got["outcome"]["reasons"]["colossus"] == "sacrificed (701.21)"
    assert "at end of combat (603.7): sacrifice (colossus)" in got["triggers"][0]["result"]


def test_wall_of_tears_returns_the_creature_it_blocked_at_end_of_combat() -> None:
    # "Whenever this creature blocks a creature, return that creature to its owner's hand at
    # end of combat" (Wall of Tears, 0/4): Grizzly Bears (2/2) blocked deals its 2 to the
    # Wall, then leaves the battlefield at end of combat (603.7, 511.2); the Wall stays with
    # 2 damage marked.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("wall", "Wall of Tears", "Bob")],
                            {"bears": "Bob"}, {"wall": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["damage"] == {"wall": 2}
    assert got["outcome"]["life"]["Bob"] == 20


def test_a_creature_gone_before_end_of_combat_is_not_returned() -> None:
    # 603.7c: the delayed ability acts on the Bears it was created for, if they are still on
    # the battlefield then. Blocked by Wall of Tears and Hill Giant (3/3), the Bears die in
    # the damage step (704.5g): nothing is returned at end of combat, they stay destroyed
    # by lethal damage.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("wall", "Wall of Tears", "Bob"),
                             _p("giant", "Hill Giant", "Bob")],
                            {"bears": "Bob"}, {"wall": ["bears"], "giant": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["reasons"]["bears"] == "lethal damage (704.5g)"


def test_clockwork_beetle_loses_a_counter_at_end_of_combat() -> None:
    # Clockwork Beetle (0/0 with two +1/+1 counters: a 2/2) attacks: unblocked it deals 2
    # (Bob 18); at end of combat a +1/+1 counter is removed (603.7, 122.1): one is left.
    got = _damage(_scenario([_p("beetle", "Clockwork Beetle", "Alice", counters={"+1/+1": 2})],
                            {"beetle": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["outcome"]["counters"] == {"beetle": {"+1/+1": 1}}
    assert got["outcome"]["destroyed"] == []


def test_delayed_abilities_are_read_only_where_their_objects_stay() -> None:
    # "<effect> at end of combat" is a delayed ability (603.7) of the effects the end of
    # combat plays; "destroy / exile X at end of combat" stays the parser's own Destroy.
    t = parse_triggers("When this creature attacks or blocks, at end of combat, sacrifice it and it "
                       "deals 5 damage to you.")
    assert len(t) == 2 and all(isinstance(x.effects[0], AtEndOfCombat) for x in t)
    assert parse_triggers("When this creature dies, sacrifice it at end of combat.") == ()


def test_time_elemental_is_sacrificed_and_deals_five_damage_to_you_at_end_of_combat() -> None:
    # "When this creature attacks or blocks, at end of combat, sacrifice it and it deals 5
    # damage to you" (Time Elemental, 0/2): it attacks (0 damage), then at end of combat it
    # is sacrificed and deals 5 to Alice, as it last existed (608.2h): Alice 15.
    got = _damage(_scenario([_p("elem", "Time Elemental", "Alice")], {"elem": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 15, "Bob": 20}
    assert got["outcome"]["destroyed"] == ["elem"]


# ============================================================ untap steps (502.3)


def test_orochi_ranger_taps_the_creature_it_damaged_and_holds_it() -> None:
    # "Whenever this creature deals combat damage to a creature, tap that creature and it
    # doesn't untap during its controller's next untap step" (Orochi Ranger, 2/1): blocked
    # by Hill Giant (3/3), it deals 2 to the Giant and dies; the Giant is tapped (701.26)
    # and marked not to untap in Bob's next untap step (502.3).
    (t,) = parse_triggers("Whenever this creature deals combat damage to a creature, tap that "
                          "creature and it doesn't untap during its controller's next untap step.")
    assert [type(e) for e in t.effects] == [TapEffect, DoesntUntap]
    got = _damage(_scenario([_p("ranger", "Orochi Ranger", "Alice"), _p("giant", "Hill Giant", "Bob")],
                            {"ranger": "Bob"}, {"giant": ["ranger"]}))
    assert got["outcome"]["destroyed"] == ["ranger"]
    (r,) = got["triggers"]
    assert r["result"] == ("giant tapped; giant doesn't untap during its controller's next untap "
                           "step (502.3)")


def test_it_after_that_creature_is_not_guessed() -> None:
    # "Tap that creature. It doesn't untap ..." (Queen of Ice): "it" there is the creature
    # tapped, not the source (h37: zone_moves reads the two sentences as one, 502.3)
    (t,) = parse_triggers("Whenever this creature deals combat damage to a creature, tap that "
                          "creature. It doesn't untap during its controller's next untap step.")
    assert [type(e).__name__ for e in t.effects] == ["TapEffect", "DoesntUntap"]
    assert all(e.who.kind == "damaged" for e in t.effects)  # type: ignore[attr-defined]


# ============================================================ damage assignment (510.1)


def test_dwarven_vigilantes_deals_its_damage_to_a_creature_instead() -> None:
    # "Whenever this creature attacks and isn't blocked, you may have it deal damage equal to
    # its power to target creature. If you do, this creature assigns no combat damage this
    # turn" (Dwarven Vigilantes, 2/2). Unblocked with Bob's Grizzly Bears (2/2) back: by the
    # player-damage objective it declines and deals 2 to Bob (Bob 18); by max-kills it
    # kills the Bears (120.3) and assigns no combat damage (510.1): Bob stays at 20.
    (t,) = parse_triggers("Whenever this creature attacks and isn't blocked, you may have it deal "
                          "damage equal to its power to target creature. If you do, this creature "
                          "assigns no combat damage this turn.")
    assert t.optional and isinstance(t.effects[1], NoCombatDamage)
    scenario = _scenario([_p("vig", "Dwarven Vigilantes", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                         {"vig": "Bob"})
    life = _damage(scenario)
    assert life["outcome"]["life"]["Bob"] == 18 and life["outcome"]["destroyed"] == []
    kills = _damage(scenario, objective="max-kills")
    assert kills["outcome"]["life"]["Bob"] == 20
    assert kills["outcome"]["destroyed"] == ["bears"]


# ============================================================ "you may pay ..." (118.3, 119.4)


def test_thriving_rhino_pays_energy_it_has() -> None:
    # "Whenever this creature attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on
    # it" (Thriving Rhino, 2/3). With two energy counters (players[].energy) Alice pays and
    # the Rhino deals 3 (Bob 17); with one she can't pay (118.3): 2 damage, Bob 18.
    rich = _damage(_scenario([_p("rhino", "Thriving Rhino", "Alice")], {"rhino": "Bob"},
                             alice={"energy": 2}))
    assert rich["outcome"]["life"]["Bob"] == 17
    assert rich["outcome"]["counters"] == {"rhino": {"+1/+1": 1}}
    assert rich["triggers"][0]["result"].startswith("Alice pays 2 energy")
    poor = _damage(_scenario([_p("rhino", "Thriving Rhino", "Alice")], {"rhino": "Bob"},
                             alice={"energy": 1}))
    assert poor["outcome"]["life"]["Bob"] == 18
    assert poor["triggers"][0]["result"] == "declined: can't pay its cost (118.3, 119.4)"


def test_energy_must_be_a_count() -> None:
    # players[].energy is validated like mana: a one-line error naming the field.
    import pytest

    from redzone.models.errors import ScenarioError

    bad = _scenario([_p("rhino", "Thriving Rhino", "Alice")], {"rhino": "Bob"}, alice={"energy": -1})
    with pytest.raises(ScenarioError, match=r"players\[0\]\.energy"):
        _damage(bad)


def test_arrogant_poet_pays_life_only_with_enough_and_not_to_lose() -> None:
    # "Whenever this creature attacks, you may pay 2 life. If you do, it gains flying until
    # end of turn" (Arrogant Poet). 119.4: life can be paid only with a life total at least
    # that large. At 3 life Alice may pay (to 1); at 2 she may, but would lose (704.5a), so
    # the play declines; at 1 she can't pay.
    def play(life: int) -> dict[str, Any]:
        return _damage(_scenario([_p("poet", "Arrogant Poet", "Alice")], {"poet": "Bob"},
                                 alice={"life": life}))

    three = play(3)
    assert three["outcome"]["life"]["Alice"] == 1 and three["triggers"][0]["choices"] == {"may": True}
    two = play(2)
    assert two["outcome"]["life"]["Alice"] == 2 and two["triggers"][0]["choices"] == {"may": False}
    one = play(1)
    assert one["triggers"][0]["result"] == "declined: can't pay its cost (118.3, 119.4)"


def test_mana_spent_on_attack_taxes_is_not_there_for_a_trigger() -> None:
    # "Whenever this creature attacks, you may pay {R}. If you do, target creature can't
    # block this turn" (Frenzied Goblin). A coloured symbol is one of players[].mana. With
    # 1 mana Alice pays; attacking Bob under his Propaganda (508.1h: {2} per attacking
    # creature, paid as attackers are declared, before the ability resolves) 2 mana leave
    # none for it.
    bears = _p("bears", "Grizzly Bears", "Bob")
    target = [{"source": "gob", "window": "attack", "target": "bears"}]
    free = _damage(_scenario([_p("gob", "Frenzied Goblin", "Alice"), bears], {"gob": "Bob"},
                             alice={"mana": 1}, trigger_choices=target))
    assert free["triggers"][0]["choices"] == {"target": "bears", "may": True}
    assert free["triggers"][0]["result"] == "Alice pays 1 mana; bears can't block this turn"
    taxed = _damage(_scenario([_p("gob", "Frenzied Goblin", "Alice"), bears,
                               _p("prop", "Propaganda", "Bob")], {"gob": "Bob"}, alice={"mana": 2},
                              trigger_choices=target))
    assert taxed["triggers"][0]["result"] == "declined: can't pay its cost (118.3, 119.4)"
    paid = _damage(_scenario([_p("gob", "Frenzied Goblin", "Alice"), bears,
                              _p("prop", "Propaganda", "Bob")], {"gob": "Bob"}, alice={"mana": 3},
                             trigger_choices=target))
    assert paid["triggers"][0]["choices"]["may"] is True


def test_paying_only_for_value_is_a_value() -> None:
    # "You may pay {2}. If you do, draw a card" changes nothing in combat but the mana: read
    # as a value (nothing paid, no choice searched); a payment not under "you may" is not
    # read.
    (t,) = parse_triggers("When this creature dies, you may pay {1}{U}. If you do, draw a card.")
    assert not t.optional and len(t.effects) == 1 and t.effects[0].what == "paid for value: not paid"  # type: ignore[union-attr]
    assert parse_triggers("Whenever this creature attacks, pay {1}. If you do, draw a card.") == ()
    # h16: {X} is read (107.3a: X chosen as it is paid, 0 too), so this is a payment
    (x,) = parse_triggers("Whenever this creature attacks, you may pay {X}. If you do, it gets "
                          "+1/+1 until end of turn.")
    assert x.optional and x.effects[0] == Pay(x=True)


# ============================================================ modes (700.2, 603.3c)


def test_shambling_ghast_mode_is_its_controllers_choice_or_the_scenarios() -> None:
    # "When this creature dies, choose one — • Target creature an opponent controls gets
    # -1/-1 until end of turn. • Create a Treasure token." (Shambling Ghast, 1/1.) It blocks
    # Grizzly Bears (2/2): both deal damage, the Ghast dies, and Bob chooses the mode as the
    # ability is put on the stack (603.3c): the play-out takes the other players' choices
    # worst for Alice, -1/-1 on the Bears, which then die with 1 damage marked (704.5g).
    # Stated as mode [2] (a Treasure: a value), the Bears survive.
    perms = [_p("bears", "Grizzly Bears", "Alice"), _p("ghast", "Shambling Ghast", "Bob")]
    got = _damage(_scenario(perms, {"bears": "Bob"}, {"ghast": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["ghast", "bears"]
    assert got["triggers"][0]["choices"] == {"target": "bears", "mode": [1]}
    stated = _damage(_scenario(perms, {"bears": "Bob"}, {"ghast": ["bears"]},
                               trigger_choices=[{"source": "ghast", "window": "regular", "mode": [2]}]))
    assert stated["outcome"]["destroyed"] == ["ghast"]
    assert stated["triggers"][0]["choices"] == {"mode": [2]}


def test_a_mode_stated_must_be_legal() -> None:
    # 603.3c: the modes are 1 and 2; a third is refused on one line naming the field.
    import pytest

    from redzone.models.errors import ScenarioError

    perms = [_p("bears", "Grizzly Bears", "Alice"), _p("ghast", "Shambling Ghast", "Bob")]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.mode"):
        _damage(_scenario(perms, {"bears": "Bob"}, {"ghast": ["bears"]},
                          trigger_choices=[{"source": "ghast", "window": "regular", "mode": [3]}]))


def test_a_mode_with_no_legal_target_cannot_be_chosen() -> None:
    # 603.3c: a mode whose target can't be chosen can't be chosen. Memnite (1/1) attacks and
    # the Ghast blocks it: both die in the same damage step (704.5g), so when the Ghast's
    # ability is put on the stack no creature of Bob's opponent is left to target: only the
    # Treasure mode (2) can be chosen, without a choice.
    perms = [_p("mem", "Memnite", "Alice"), _p("ghast", "Shambling Ghast", "Bob")]
    got = _damage(_scenario(perms, {"mem": "Bob"}, {"ghast": ["mem"]}))
    assert sorted(got["outcome"]["destroyed"]) == ["ghast", "mem"]
    assert got["triggers"][0]["choices"] == {"mode": [2]}
    assert got["triggers"][0]["result"] == "token (no effect on combat)"


def test_modal_trigger_read_with_its_modes() -> None:
    # The parser gives the modes as their own sentences ("•"); read with the trigger they
    # belong to (700.2). "One that hasn't been chosen" is not; "choose one at random" is,
    # as a random choice (h12: Modes.random, chosen by the controller's adversary).
    from redzone.models.triggers.parse import read_triggers
    from redzone.models.triggers.types import Modes

    got = read_triggers(("When this creature dies, choose one —",
                         "• Target creature an opponent controls gets -1/-1 until end of turn.",
                         "• Create a Treasure token."),
                        ("Shambling Ghast",))
    assert len(got) == 1 and isinstance(got[0].effects[0], Modes)
    assert len(got[0].effects[0].modes) == 2
    (rnd,) = read_triggers(("Whenever this creature attacks, choose one at random —",
                            "• You gain 3 life.", "• Draw a card."), ("X",))
    assert isinstance(rnd.effects[0], Modes) and rnd.effects[0].random


# ============================================================ counters moved, power doubled


def test_star_pupil_puts_its_counters_on_a_creature_as_it_dies() -> None:
    # "When this creature dies, put its counters on target creature you control" (Star
    # Pupil, 0/0 with a +1/+1 counter): blocked by Hill Giant (3/3) it dies; the counters it
    # had as it last existed (608.2h) go on Alice's other attacker, Grizzly Bears, which
    # dealt its 2 already (Bob 18) and is a 3/3 after combat.
    got = _damage(_scenario([_p("pupil", "Star Pupil", "Alice", counters={"+1/+1": 1}),
                             _p("bears", "Grizzly Bears", "Alice"), _p("giant", "Hill Giant", "Bob")],
                            {"pupil": "Bob", "bears": "Bob"}, {"giant": ["pupil"]}))
    assert got["outcome"]["destroyed"] == ["pupil"]
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["outcome"]["counters"]["bears"] == {"+1/+1": 1}
    assert got["triggers"][0]["choices"] == {"target": "bears"}


def test_grunn_doubles_its_power_and_toughness_attacking_alone() -> None:
    # "Whenever Grunn attacks alone, double its power and toughness until end of turn"
    # (Grunn, the Lonely King, 5/5): it gets +5/+5 (701.10): 10 damage, Bob 10.
    got = _damage(_scenario([_p("grunn", "Grunn, the Lonely King", "Alice")], {"grunn": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 10
    assert got["triggers"][0]["result"] == "grunn gets +5/+5"


def test_a_card_returned_from_exile_to_a_hand_is_a_value() -> None:
    # "When this creature leaves the battlefield, return the exiled card to its owner's
    # hand" (Tidehollow Sculler): exile to hand changes nothing on the battlefield.
    (t,) = parse_triggers("When this creature leaves the battlefield, return the exiled card to "
                          "its owner's hand.")
    assert [type(e).__name__ for e in t.effects] == ["ValueOnly"]


# ============================================================ bolster, goad, "if you do" after a removal


def test_dromoka_captain_bolsters_the_creature_with_the_least_toughness() -> None:
    # "Whenever this creature attacks, bolster 1" (Dromoka Captain, 1/1 first strike;
    # 701.39a: a creature with the least toughness among Alice's gets a +1/+1 counter, her
    # choice, not a target). With Memnite (1/1) at home it's a tie: the play-out puts the
    # counter on the attacking Captain (2 damage, Bob 18); stated as chosen: memnite, the
    # Captain deals 1 (Bob 19).
    perms = [_p("cap", "Dromoka Captain", "Alice"), _p("mem", "Memnite", "Alice"),
             _p("giant", "Hill Giant", "Alice")]
    got = _damage(_scenario(perms, {"cap": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["choices"] == {"chosen": "cap"}
    stated = _damage(_scenario(perms, {"cap": "Bob"},
                               trigger_choices=[{"source": "cap", "window": "attack", "chosen": "mem"}]))
    assert stated["outcome"]["life"]["Bob"] == 19
    assert stated["outcome"]["counters"] == {"mem": {"+1/+1": 1}}


def test_taunting_kobold_goads_a_creature_and_changes_nothing_this_combat() -> None:
    # "Whenever this creature attacks, goad target creature an opponent controls" (Taunting
    # Kobold, 0/1): the goaded Grizzly Bears attacks in Bob's next combat if able (701.15a);
    # in this combat nothing changes (Bob 20: the Kobold has power 0).
    got = _damage(_scenario([_p("kob", "Taunting Kobold", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                            {"kob": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 20
    assert got["triggers"][0]["result"] == "bears is goaded by Alice (701.15a; until their next turn)"


def test_exemplar_of_strength_gains_life_only_if_a_counter_was_removed() -> None:
    # "Whenever this creature attacks, remove a -1/-1 counter from it. If you do, you gain 1
    # life" (Exemplar of Strength, 4/4). With three -1/-1 counters (a 1/1) one is removed:
    # a 2/2 deals 2 (Bob 18) and Alice gains 1 (21). With none, nothing is removed, so no
    # life is gained (608.2c): 4 damage, Alice 20.
    with_counters = _damage(_scenario([_p("ex", "Exemplar of Strength", "Alice", counters={"-1/-1": 3})],
                                      {"ex": "Bob"}))
    assert with_counters["outcome"]["life"] == {"Alice": 21, "Bob": 18}
    bare = _damage(_scenario([_p("ex", "Exemplar of Strength", "Alice")], {"ex": "Bob"}))
    assert bare["outcome"]["life"] == {"Alice": 20, "Bob": 16}
    assert bare["triggers"][0]["result"] == "no counter to remove"


# ============================================================ proliferate (701.34a)


def _bird_board(**combat: Any) -> dict[str, Any]:
    scenario = _scenario([_p("bird", "Thrummingbird", "Alice"),
                          _p("bears", "Grizzly Bears", "Alice", counters={"+1/+1": 1}),
                          _p("giant", "Hill Giant", "Bob", counters={"+1/+1": 1})],
                         {"bird": "Bob"}, **combat)
    scenario["players"][1]["poison"] = 2
    return scenario


def test_thrummingbird_proliferates_what_its_controller_chooses() -> None:
    # "Whenever this creature deals combat damage to a player, proliferate" (Thrummingbird,
    # 1/1 flying; 701.34a: any number of the permanents and players with counters get one
    # more of each kind). Alice's play-out gives Bob a third poison counter and her Bears a
    # second +1/+1 counter, not Bob's Hill Giant.
    got = _damage(_bird_board())
    assert got["outcome"]["poison"]["Bob"] == 3
    assert got["outcome"]["counters"] == {"bears": {"+1/+1": 2}}
    assert got["triggers"][0]["choices"] == {"proliferate": [["bears", "Bob"]]}


def test_a_stated_proliferate_is_taken_and_checked() -> None:
    # Stated (combat.trigger_choices[].proliferate), the set is taken: the Giant only. A
    # permanent without counters can't be chosen: one line naming the field.
    import pytest

    from redzone.models.errors import ScenarioError

    got = _damage(_bird_board(trigger_choices=[{"source": "bird", "window": "regular",
                                                "proliferate": ["giant"]}]))
    assert got["outcome"]["poison"]["Bob"] == 2
    assert got["outcome"]["counters"] == {"giant": {"+1/+1": 2}}
    with pytest.raises(ScenarioError, match=r"proliferate\[0\]"):
        _damage(_bird_board(trigger_choices=[{"source": "bird", "window": "regular",
                                              "proliferate": ["bird"]}]))


# ============================================================ "target player or planeswalker"


def test_orcish_hellraiser_deals_its_damage_to_a_player_or_a_planeswalker() -> None:
    # "When this creature dies, it deals 2 damage to target player or planeswalker" (Orcish
    # Hellraiser; 115.4: a player or a planeswalker, not a creature). Blocked by Hill Giant
    # (3/3) it dies; the play-out targets Bob (Bob 18); stated, Ajani Goldmane (loyalty 4)
    # loses 2 loyalty (120.3c) and Bob stays at 20.
    perms = [_p("orc", "Orcish Hellraiser", "Alice"), _p("giant", "Hill Giant", "Bob"),
             _p("ajani", "Ajani Goldmane", "Bob")]
    got = _damage(_scenario(perms, {"orc": "Bob"}, {"giant": ["orc"]}))
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["choices"] == {"target": "Bob"}
    walker = _damage(_scenario(perms, {"orc": "Bob"}, {"giant": ["orc"]},
                               trigger_choices=[{"source": "orc", "window": "regular", "target": "ajani"}]))
    assert walker["outcome"]["life"]["Bob"] == 20
    assert walker["outcome"]["loyalty"]["ajani"] == 2


def test_a_creature_is_not_a_player_or_planeswalker() -> None:
    # 603.3d: the Giant is not a legal target of "target player or planeswalker".
    import pytest

    from redzone.models.errors import ScenarioError

    perms = [_p("orc", "Orcish Hellraiser", "Alice"), _p("giant", "Hill Giant", "Bob")]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.target"):
        _damage(_scenario(perms, {"orc": "Bob"}, {"giant": ["orc"]},
                          trigger_choices=[{"source": "orc", "window": "regular", "target": "giant"}]))


def test_hellrider_deals_damage_to_what_each_attacker_attacks() -> None:
    # "Whenever a creature you control attacks, this creature deals 1 damage to the player or
    # planeswalker it's attacking" (Hellrider, 3/3): Hellrider attacks Bob and Grizzly Bears
    # attacks Ajani Goldmane (loyalty 4): 1 to Bob, 1 to Ajani (120.3c), then combat damage
    # 3 to Bob and 2 to Ajani: Bob 16, Ajani 1.
    got = _damage(_scenario([_p("hell", "Hellrider", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                             _p("ajani", "Ajani Goldmane", "Bob")], {"hell": "Bob", "bears": "ajani"}))
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["outcome"]["loyalty"]["ajani"] == 1
    assert [t["result"] for t in got["triggers"]] == ["1 damage to ajani", "1 damage to Bob"]


# ============================================================ sacrifice a land, a Food ... (701.21a)


def _food() -> dict[str, Any]:
    return {"id": "food", "name": "Food", "controller": "Alice", "types": ["Artifact"],
            "subtypes": ["Food"], "token": True}


def test_provisions_merchant_sacrifices_a_food_for_its_pump() -> None:
    # "Whenever this creature attacks, you may sacrifice a Food. If you do, attacking
    # creatures get +1/+1 and gain trample until end of turn" (Provisions Merchant). With a
    # Food, Alice sacrifices it (701.21a): the Merchant and Grizzly Bears deal one more each.
    # Without one, nothing is sacrificed, so nothing else is done (608.2c).
    perms = [_p("merch", "Provisions Merchant", "Alice"), _p("bears", "Grizzly Bears", "Alice")]
    plain = _damage(_scenario(perms, {"merch": "Bob", "bears": "Bob"}))
    fed = _damage(_scenario(perms + [_food()], {"merch": "Bob", "bears": "Bob"}))
    assert fed["outcome"]["destroyed"] == ["food"]
    assert plain["outcome"]["life"]["Bob"] - fed["outcome"]["life"]["Bob"] == 2
    assert plain["triggers"][0]["result"] == "nothing to sacrifice"


def test_lesser_gargadon_sacrifices_a_land_as_it_attacks() -> None:
    # "Whenever this creature attacks or blocks, sacrifice a land" (Lesser Gargadon): Alice
    # sacrifices her only land; a creature is not a land.
    got = _damage(_scenario([_p("garg", "Lesser Gargadon", "Alice"), _p("forest", "Forest", "Alice"),
                             _p("bears", "Grizzly Bears", "Alice")], {"garg": "Bob"}))
    assert got["outcome"]["destroyed"] == ["forest"]
    assert got["triggers"][0]["result"] == "Alice sacrifices forest"


# ============================================================ "unless [a player] pays" (118.12)


def test_plague_fiend_destroys_unless_the_controller_pays() -> None:
    # "Whenever this creature deals combat damage to a creature, destroy that creature unless
    # its controller pays {2}" (Plague Fiend, 1/1). Blocked by Hill Giant (3/3): the Giant is
    # dealt 1; with no mana Bob can't pay (118.3) and it is destroyed; with 2 mana the
    # play-out takes Bob's choice worst for Alice: he pays and keeps it.
    def play(mana: int) -> dict[str, Any]:
        scenario = _scenario([_p("fiend", "Plague Fiend", "Alice"), _p("giant", "Hill Giant", "Bob")],
                             {"fiend": "Bob"}, {"giant": ["fiend"]})
        scenario["players"][1]["mana"] = mana
        return _damage(scenario)

    broke = play(0)
    assert broke["outcome"]["destroyed"] == ["fiend", "giant"]
    rich = play(2)
    assert rich["outcome"]["destroyed"] == ["fiend"]
    assert rich["triggers"][0]["choices"] == {"pay": True}
    assert rich["triggers"][0]["result"] == "Bob pays 2 mana (nothing else is done)"


def test_kalonian_hydra_doubles_its_counters_as_it_attacks() -> None:
    # "Whenever this creature attacks, double the number of +1/+1 counters on each creature
    # you control" (Kalonian Hydra, 0/0 trample with four +1/+1 counters; 701.10e: it gets as
    # many more as it has): an 8/8, 8 damage (Bob 12), and Grizzly Bears at home with one
    # counter gets a second.
    got = _damage(_scenario([_p("hydra", "Kalonian Hydra", "Alice", counters={"+1/+1": 4}),
                             _p("bears", "Grizzly Bears", "Alice", counters={"+1/+1": 1})], {"hydra": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 12
    assert got["outcome"]["counters"] == {"hydra": {"+1/+1": 8}, "bears": {"+1/+1": 2}}


# ============================================================ the AI's next turn


def test_this_turns_marks_end_before_the_crack_back() -> None:
    # The next turn's board (the AI's crack-back, lookahead 1) starts after the cleanup step:
    # "assigns no combat damage this turn" has ended (514.2) and the delayed "at end of
    # combat" abilities were done (603.7); a stale one would act again. choose-attack with
    # Wall of Tears back (its delayed ability returns the creature it blocked) plays both
    # turns.
    import dataclasses

    from redzone.models.game_state import GameState
    from redzone.models.scenario import parse_scenario
    from redzone.models.board import build_board
    from redzone.models.triggers.board_effects import DELAYED, NO_COMBAT_DAMAGE
    from redzone.solver.ai.position import next_turn_board

    scenario = _scenario([_p("vig", "Dwarven Vigilantes", "Alice"), _p("wall", "Wall of Tears", "Bob")],
                         {"vig": "Bob"})
    board = build_board(parse_scenario(scenario))
    marked = dict(board.permanents)
    marked["vig"] = dataclasses.replace(marked["vig"], conditions={NO_COMBAT_DAMAGE: True, "renowned": True})
    marked["wall"] = dataclasses.replace(marked["wall"], conditions={DELAYED + "[]": True})
    board = dataclasses.replace(board, permanents=marked)
    nxt = next_turn_board(board, GameState.from_board(board), {"vig": "Bob"}, "Bob")
    assert nxt.permanents["vig"].conditions == {"renowned": True}
    assert nxt.permanents["wall"].conditions == {}
    got = run_command("choose-attack", {k: v for k, v in scenario.items() if k != "combat"},
                      {"lookahead": 1}).to_json()
    assert got["status"] == "optimal"


def test_thistledown_players_untaps_a_noncreature_permanent_too() -> None:
    # "Whenever this creature attacks, untap target nonland permanent" (Thistledown Players;
    # 701.26): a target among creatures and noncreature nonland permanents — Bob's tapped
    # Propaganda (an enchantment) is one, Alice's tapped Forest is not (603.3d).
    import pytest

    from redzone.models.errors import ScenarioError

    perms = [_p("players", "Thistledown Players", "Alice"), _p("prop", "Propaganda", "Bob", tapped=True),
             _p("forest", "Forest", "Alice", tapped=True)]
    got = _damage(_scenario(perms, {"players": "Bob"},
                            trigger_choices=[{"source": "players", "window": "attack", "target": "prop"}]))
    assert got["triggers"][0]["result"] == "prop untapped"
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.target"):
        _damage(_scenario(perms, {"players": "Bob"},
                          trigger_choices=[{"source": "players", "window": "attack", "target": "forest"}]))


def test_hurloon_shaman_makes_each_player_sacrifice_a_land() -> None:
    # "When this creature dies, each player sacrifices a land of their choice" (Hurloon
    # Shaman, 2/3): blocked by Hill Giant (3/3) it dies; Alice sacrifices her Mountain and
    # Bob his Forest (701.21a), each their own choice; Bob's Giant is not a land.
    got = _damage(_scenario([_p("shaman", "Hurloon Shaman", "Alice"), _p("mountain", "Mountain", "Alice"),
                             _p("giant", "Hill Giant", "Bob"), _p("forest", "Forest", "Bob")],
                            {"shaman": "Bob"}, {"giant": ["shaman"]}))
    assert got["outcome"]["destroyed"] == ["shaman", "mountain", "forest"]
