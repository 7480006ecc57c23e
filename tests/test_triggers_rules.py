"""Triggered abilities of combat, family by family and effect by effect (issue 21 §3): real
cards on small boards played by the ``damage`` (and ``fight``) job, each answer worked out
from the rules by hand with the CR rule cited.

Families already covered elsewhere are not repeated here: Goblin Heelcutter, exalted alone,
bushido, rampage's double block and afflict ending the game (tests/test_ai_triggers.py),
Jackal Pup (tests/test_trigger_cli.py), flanking and renown (tests/test_triggers_phase_cases.py),
and the XMage cases of tests/conformance/.
"""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.errors import ScenarioError
from redzone.solver.frontends.commands import run_command


def _p(pid: str, card: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller, **fields}


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, *, alice: int = 20, bob: int = 20,
              **combat: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": alice}, {"name": "Bob", "life": bob}],
            "permanents": perms,
            "combat": {"attackers": attackers, "blockers": blockers or {}, **combat}}


def _damage(scenario: dict[str, Any], **options: Any) -> dict[str, Any]:
    return run_command("damage", scenario, options).to_json()


def _fired(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(t["source"], t["window"]) for t in answer.get("triggers", [])]


# ============================================================ declare attackers step (508)


def test_battle_cry_pumps_each_other_attacker_not_itself() -> None:
    # 702.91a: Goblin Wardriver (2/2, battle cry) attacks with Grizzly Bears (2/2): "each
    # other attacking creature gets +1/+0" — the Bears deal 3, the Wardriver 2: Bob 15.
    got = _damage(_scenario([_p("war", "Goblin Wardriver", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                            {"war": "Bob", "bears": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 15}
    assert got["triggers"][0]["result"] == "bears gets +1/+0"


def test_annihilator_sacrifice_is_the_defending_players_choice() -> None:
    # 702.86a: Ulamog's Crusher (8/8, annihilator 2) attacks; Bob sacrifices two of his three
    # permanents as the trigger resolves (701.21a: his choice, all at once). The play-out
    # makes the defending player's choice the worst for the attacking player: he keeps the
    # Grizzly Bears and sacrifices both Forests. Unblocked, 8 damage: Bob 12.
    got = _damage(_scenario([_p("crusher", "Ulamog's Crusher", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                             _p("f1", "Forest", "Bob"), _p("f2", "Forest", "Bob")], {"crusher": "Bob"}))
    assert got["outcome"]["destroyed"] == ["f1", "f2"]
    assert got["outcome"]["life"]["Bob"] == 12
    assert _fired(got) == [("crusher", "attack")]


def test_exert_stated_or_chosen_by_the_objective() -> None:
    # 701.43a, 603.12: "You may exert this creature as it attacks. When you do, it gets
    # +1/+3 and gains lifelink" (Glory-Bound Initiate, 3/1). Unstated, the attacking player
    # exerts it (max-player-damage): 4 damage with lifelink, Alice 24, Bob 16. Stated
    # false (conditions: exerted), no reflexive trigger: 3 damage, Alice 20.
    perms = [_p("init", "Glory-Bound Initiate", "Alice")]
    got = _damage(_scenario(perms, {"init": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 24, "Bob": 16}
    assert got["triggers"][0]["choices"] == {"exert": True}
    declined = _damage(_scenario([_p("init", "Glory-Bound Initiate", "Alice", conditions={"exerted": False})],
                                 {"init": "Bob"}))
    assert declined["outcome"]["life"] == {"Alice": 20, "Bob": 17}


def test_a_check_command_needs_the_exert_choice_stated() -> None:
    # A check command takes every choice from the scenario (issue 21 §1): the exert choice
    # is made as the creature attacks (701.43a); unstated, a one-line error names how to
    # state it.
    scenario = _scenario([_p("walker", "Gust Walker", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                         {"walker": "Bob"}, {"bears": ["walker"]}, triggers_resolved=[])
    with pytest.raises(ScenarioError, match="exerted"):
        run_command("check-block", scenario)


def test_enlist_taps_a_creature_that_could_attack_and_adds_its_power() -> None:
    # 702.154a: Barkweave Crusher (2/3 trample, enlist) attacks; Alice may tap a
    # nonattacking creature she controls without summoning sickness (or with haste) and the
    # Crusher gets +X/+0, X its power. Grizzly Bears (2/2) can; the summoning-sick Hill
    # Giant can't: 2 + 2 = 4 damage, Bob 16.
    got = _damage(_scenario([_p("crusher", "Barkweave Crusher", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                             _p("giant", "Hill Giant", "Alice", summoning_sick=True)], {"crusher": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 16
    assert got["triggers"][0]["choices"] == {"enlist": "bears"}


# ============================================================ declare blockers step (509)


def test_hezrou_shrinks_each_blocking_creature() -> None:
    # 509.3, 603.2: "Whenever one or more creatures you control become blocked, each blocking
    # creature gets -1/-1 until end of turn" (Hezrou, 6/6): the Grizzly Bears blocking it is
    # a 1/1 when damage is dealt: Hezrou takes 1 and the Bears die.
    got = _damage(_scenario([_p("hez", "Hezrou", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                            {"hez": "Bob"}, {"bears": ["hez"]}))
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["damage"] == {"hez": 1}


def test_arrogant_bloodlord_is_destroyed_at_end_of_combat() -> None:
    # 603.7, 511.2: blocked by a creature with power 1 or less (Memnite, 1/1), Arrogant
    # Bloodlord (4/4) is destroyed at end of combat — after it dealt its damage: Memnite
    # dies in the damage step, the Bloodlord at end of combat. Blocked by Grizzly Bears
    # (power 2) nothing triggers.
    got = _damage(_scenario([_p("lord", "Arrogant Bloodlord", "Alice"), _p("mem", "Memnite", "Bob")],
                            {"lord": "Bob"}, {"mem": ["lord"]}))
    assert got["outcome"]["destroyed"] == ["mem", "lord"]
    assert "end of combat" in got["outcome"]["reasons"]["lord"]
    bears = _damage(_scenario([_p("lord", "Arrogant Bloodlord", "Alice"), _p("bears", "Grizzly Bears", "Bob")],
                              {"lord": "Bob"}, {"bears": ["lord"]}))
    assert bears["outcome"]["destroyed"] == ["bears"]


# ============================================================ combat damage steps (510)


def test_first_strike_damage_trigger_destroys_before_the_regular_step() -> None:
    # 510.4: Voracious Cobra (2/2 first strike: "whenever this creature deals combat damage
    # to a creature, destroy that creature") blocked by Hill Giant (3/3): its 2 first-strike
    # damage triggers the destruction, which resolves before the regular step; the Giant
    # deals no damage and the Cobra survives.
    got = _damage(_scenario([_p("cobra", "Voracious Cobra", "Alice"), _p("giant", "Hill Giant", "Bob")],
                            {"cobra": "Bob"}, {"giant": ["cobra"]}))
    assert got["outcome"]["destroyed"] == ["giant"]
    assert got["outcome"]["damage"] == {}
    assert _fired(got) == [("cobra", "first-strike")]


def test_damage_to_a_planeswalker_is_not_damage_to_a_creature() -> None:
    # 306.8, 120.3c: the Cobra attacking Ajani Goldmane (loyalty 4) deals it 2: Ajani loses
    # two loyalty counters; "deals combat damage to a creature" doesn't trigger.
    got = _damage({"players": [{"name": "Alice"}, {"name": "Bob"}],
                   "permanents": [_p("cobra", "Voracious Cobra", "Alice"),
                                  _p("ajani", "Ajani Goldmane", "Bob", loyalty=4)],
                   "combat": {"attackers": {"cobra": "ajani"}}})
    assert got["outcome"]["loyalty"] == {"ajani": 2}
    assert got["outcome"]["destroyed"] == [] and "triggers" not in got


def test_deals_combat_damage_triggers_once_however_many_recipients() -> None:
    # 603.2c, 510.2: Drinker of Sorrow (5/3, "whenever this creature deals combat damage,
    # sacrifice a permanent") double-blocked by two Grizzly Bears deals damage to both at
    # once: one event, one trigger. The Bears die, the Drinker dies to their 4 damage, and
    # Alice sacrifices one permanent (her choice, 701.21a: Memnite or Ornithopter), not two.
    got = _damage(_scenario([_p("drinker", "Drinker of Sorrow", "Alice"), _p("mem", "Memnite", "Alice"),
                             _p("orn", "Ornithopter", "Alice"), _p("b1", "Grizzly Bears", "Bob"),
                             _p("b2", "Grizzly Bears", "Bob")],
                            {"drinker": "Bob"}, {"b1": ["drinker"], "b2": ["drinker"]}))
    destroyed = got["outcome"]["destroyed"]
    assert sorted(destroyed[:3]) == ["b1", "b2", "drinker"]
    assert len(destroyed) == 4 and destroyed[3] in ("mem", "orn")
    assert _fired(got) == [("drinker", "regular")]


def test_one_or_more_creatures_dealing_damage_trigger_once() -> None:
    # 603.2c: "Whenever one or more creatures you control deal combat damage to a player,
    # you draw a card and lose 1 life" (Elegy Acolyte, 4/4 lifelink) with Grizzly Bears:
    # both unblocked deal 6 at once: one trigger. Alice gains 4 (lifelink, 702.15b) and
    # loses 1: 23; Bob 14.
    got = _damage(_scenario([_p("ele", "Elegy Acolyte", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                            {"ele": "Bob", "bears": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 23, "Bob": 14}
    assert _fired(got) == [("ele", "regular")]


def test_whenever_you_gain_life_once_per_lifelink_source() -> None:
    # 120.3f, 119.9: damage dealt at once by two lifelink creatures is two life gain events:
    # Heliod, Sun-Crowned's "whenever you gain life, put a +1/+1 counter on target creature
    # or enchantment you control" triggers twice. Two Vampire Nighthawks (2/3 lifelink)
    # unblocked: Alice 24, Bob 16, two counters in all on Alice's permanents.
    got = _damage(_scenario([_p("n1", "Vampire Nighthawk", "Alice"), _p("n2", "Vampire Nighthawk", "Alice"),
                             _p("heliod", "Heliod, Sun-Crowned", "Alice")], {"n1": "Bob", "n2": "Bob"}))
    assert got["outcome"]["life"] == {"Alice": 24, "Bob": 16}
    assert sum(c.get("+1/+1", 0) for c in got["outcome"]["counters"].values()) == 2
    assert _fired(got) == [("heliod", "regular"), ("heliod", "regular")]


def test_poisonous_granted_by_a_sliver() -> None:
    # 702.70a, 613.1f: Virulent Sliver ("all Sliver creatures have poisonous 1") gives the
    # attacking Sliver poisonous: 1 damage and one poison counter.
    got = _damage(_scenario([_p("vir", "Virulent Sliver", "Alice")], {"vir": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 19 and got["outcome"]["poison"]["Bob"] == 1


def test_fight_damage_triggers_deals_damage_not_deals_combat_damage() -> None:
    # 701.14d: fight damage is not combat damage. Warrior Angel (3/4, "whenever this
    # creature deals damage, you gain that much life") fights Grizzly Bears: it deals 3 and
    # Alice gains 3. Voracious Cobra's "deals combat damage to a creature" doesn't trigger
    # in a fight: the Bears it fights are dealt 2 and die of it, not of the trigger.
    angel = run_command("fight", {"players": [{"name": "Alice"}, {"name": "Bob"}],
                                  "permanents": [_p("angel", "Warrior Angel", "Alice"),
                                                 _p("bears", "Grizzly Bears", "Bob")]},
                        {"a": "angel", "b": "bears"}).to_json()
    assert angel["outcome"]["life"] == {"Alice": 23, "Bob": 20}
    assert [t["result"] for t in angel["triggers"]] == ["Alice gains 3 life"]
    cobra = run_command("fight", {"players": [{"name": "Alice"}, {"name": "Bob"}],
                                  "permanents": [_p("cobra", "Voracious Cobra", "Alice"),
                                                 _p("giant", "Hill Giant", "Bob")]},
                        {"a": "cobra", "b": "giant"}).to_json()
    assert cobra["outcome"]["destroyed"] == ["cobra"] and "triggers" not in cobra


# ============================================================ dying in combat (700.4)


def test_undying_returns_a_new_object_with_a_counter() -> None:
    # 702.93a, 400.7: Butcher Ghoul (1/1, undying) blocks Grizzly Bears and dies; it had no
    # +1/+1 counter, so it returns with one as a new object (redzone: ghoul~returned), out
    # of combat (506.4). The Bears survive with 1 damage.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("ghoul", "Butcher Ghoul", "Bob")],
                            {"bears": "Bob"}, {"ghoul": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["ghoul"]
    assert got["outcome"]["counters"] == {"ghoul~returned": {"+1/+1": 1}}
    assert got["outcome"]["damage"] == {"bears": 1}


def test_undying_does_not_return_a_creature_that_had_a_counter() -> None:
    # 702.93a, 603.4: "if it had no +1/+1 counters on it": a Butcher Ghoul with one (2/2)
    # trades with the Bears and stays dead.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"),
                             _p("ghoul", "Butcher Ghoul", "Bob", counters={"+1/+1": 1}, power=2, toughness=2)],
                            {"bears": "Bob"}, {"ghoul": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears", "ghoul"]
    assert got["outcome"]["counters"] == {} and "triggers" not in got


def test_persist_returns_and_its_enters_ability_triggers() -> None:
    # 702.79a, 603.6a: Kitchen Finks (3/2, persist; "when this creature enters, you gain 2
    # life") blocks Hill Giant (3/3): both die; the Finks return with a -1/-1 counter and
    # Bob gains 2. With a -1/-1 counter already (a 2/1), it stays dead.
    got = _damage(_scenario([_p("giant", "Hill Giant", "Alice"), _p("finks", "Kitchen Finks", "Bob")],
                            {"giant": "Bob"}, {"finks": ["giant"]}))
    assert got["outcome"]["destroyed"] == ["giant", "finks"]
    assert got["outcome"]["counters"] == {"finks~returned": {"-1/-1": 1}}
    assert got["outcome"]["life"]["Bob"] == 22
    once = _damage(_scenario([_p("giant", "Hill Giant", "Alice"),
                              _p("finks", "Kitchen Finks", "Bob", counters={"-1/-1": 1}, power=2, toughness=1)],
                             {"giant": "Bob"}, {"finks": ["giant"]}))
    assert once["outcome"]["destroyed"] == ["finks"] and once["outcome"]["life"]["Bob"] == 20


def test_afterlife_makes_its_spirits_as_it_dies() -> None:
    # 702.135a: Ministrant of Obligation (2/1, afterlife 2) trades with Grizzly Bears; as it
    # dies its controller creates two 1/1 flying Spirits.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("min", "Ministrant of Obligation", "Bob")],
                            {"bears": "Bob"}, {"min": ["bears"]}))
    assert got["outcome"]["destroyed"] == ["bears", "min"]
    assert got["triggers"][0]["result"] == "created 2 1/1 Spirit tokens (min~token1, min~token2)"


def test_kardur_an_attacking_creature_dies() -> None:
    # 700.4, 603.10a: "Whenever an attacking creature dies, each opponent loses 1 life and
    # you gain 1 life" (Kardur, Doomscourge, Bob's). Alice's Grizzly Bears attacks and dies
    # to Bob's Hill Giant: Alice (Kardur's controller's opponent) loses 1, Bob gains 1. A
    # blocking creature dying triggers nothing.
    got = _damage(_scenario([_p("bears", "Grizzly Bears", "Alice"), _p("kardur", "Kardur, Doomscourge", "Bob"),
                             _p("giant", "Hill Giant", "Bob")], {"bears": "Bob"}, {"giant": ["bears"]}))
    assert got["outcome"]["life"] == {"Alice": 19, "Bob": 21}
    blocker = _damage(_scenario([_p("giant", "Hill Giant", "Alice"), _p("kardur", "Kardur, Doomscourge", "Bob"),
                                 _p("bears", "Grizzly Bears", "Bob")], {"giant": "Bob"}, {"bears": ["giant"]}))
    assert blocker["outcome"]["destroyed"] == ["bears"]
    assert blocker["outcome"]["life"] == {"Alice": 20, "Bob": 20}


def test_creature_cards_in_your_graveyard_count_the_scenarios_and_this_combats() -> None:
    # 608.2h: Graveblade Marauder's "that player loses life equal to the number of creature
    # cards in your graveyard" counts on resolution, after the damage step (510.3): the
    # scenario's graveyard (Grizzly Bears and a Forest: one creature card) and Alice's
    # Grizzly Bears that died blocked by a Hill Giant in the same step: 2. Bob: 20 - 1
    # (the Marauder's damage) - 2 = 17.
    scenario = _scenario([_p("gm", "Graveblade Marauder", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                          _p("giant", "Hill Giant", "Bob")],
                         {"gm": "Bob", "bears": "Bob"}, {"giant": ["bears"]})
    scenario["players"][0]["graveyard"] = ["Grizzly Bears", "Forest"]
    got = _damage(scenario)
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["outcome"]["life"]["Bob"] == 17
    assert got["triggers"][0]["result"] == "Bob loses 2 life"


def test_any_target_includes_planeswalkers() -> None:
    # 115.4: "any target" is a creature, a player, a planeswalker or a battle. Goblin
    # Arsonist (1/1) attacks and is blocked by Grizzly Bears; as it dies, Alice may have it
    # deal 1 damage to any target (603.10a) — stated here as Bob's Ajani Goldmane
    # (loyalty 4), which loses one loyalty counter (120.3c): 4 -> 3.
    scenario = _scenario([_p("arsonist", "Goblin Arsonist", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                          _p("ajani", "Ajani Goldmane", "Bob", loyalty=4)],
                         {"arsonist": "Bob"}, {"bears": ["arsonist"]}, triggers_resolved=["attack"],
                         trigger_choices=[{"source": "arsonist", "window": "regular", "target": "ajani",
                                           "may": True}])
    got = _damage(scenario)
    assert got["outcome"]["loyalty"]["ajani"] == 3
    assert [t["choices"] for t in got["triggers"]] == [{"target": "ajani", "may": True}]
