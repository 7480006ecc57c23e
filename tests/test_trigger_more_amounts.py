"""h36: more counted amounts and groups of triggered abilities of combat
(models/triggers/more_amounts.py; docs/triggers.md "More amounts (h36)"). Real cards;
expected values from the rules cited."""

from __future__ import annotations

from redzone.models.ability_base import Quality
from redzone.models.triggers.types import Amount, Counters, Pump, Who
from trigger_play import damage, perm, read


def test_freelance_muscle_counts_the_greater_of_power_and_toughness() -> None:
    # 608.2h: X is the greatest power and/or toughness among Alice's other creatures: a
    # Wall of Stone (0/8) gives 8, so Freelance Muscle (4/4) attacks as 12/12 (Bob 8).
    t = read("Freelance Muscle")[0]  # attacks (and blocks: a second reading)
    assert isinstance(t.effects[0], Pump) and t.effects[0].amount.count is not None
    got = damage([perm("m", "Freelance Muscle", "Alice"), perm("w", "Wall of Stone", "Alice")],
                 {"m": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 8


def test_doran_adds_the_difference_of_power_and_toughness() -> None:
    # 608.2h: Wall of Stone can't attack; Doran's own creature Grizzly Bears (2/2) gets +0/+0
    # and Doran (0/5) attacking gets +5/+5: 5 combat damage to Bob (15) and 2 from the Bears.
    got = damage([perm("d", "Doran, Besieged by Time", "Alice"),
                  perm("g", "Grizzly Bears", "Alice")], {"d": "Bob", "g": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 13


def test_grotag_counts_its_party() -> None:
    # 700.8: a party is up to one each of Cleric, Rogue, Warrior and Wizard. Grotag (a Goblin
    # Warrior, 1/2) with a second Warrior (Elite Vanguard is a Human Soldier: not one) and a
    # Wizard (Prodigal Sorcerer): Grotag and the Sorcerer, 2: Grotag deals 3 (Bob 17).
    got = damage([perm("g", "Grotag Bug-Catcher", "Alice"),
                  perm("p", "Prodigal Sorcerer", "Alice"),
                  perm("e", "Elite Vanguard", "Alice")], {"g": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 17


def test_perrie_counts_kinds_of_counters() -> None:
    # 122.1: kinds counted once: a +1/+1 counter on Perrie and a +1/+1 and a flying counter
    # on the Bears: two kinds, so the target (the Bears, 2/2 + 1 counter) gets +2/+2: 5 trample
    # damage from the Bears and 4 from Perrie (3/3 + 1) (Bob 11).
    got = damage([perm("p", "Perrie, the Pulverizer", "Alice", counters={"+1/+1": 1}),
                  perm("g", "Grizzly Bears", "Alice", counters={"+1/+1": 1, "flying": 1})],
                 {"p": "Bob", "g": "Bob"}, trigger_choices=[{"source": "p", "window": "attack", "target": "g"}])
    assert got["outcome"]["life"]["Bob"] == 20 - 4 - 5


def test_gary_clone_pumps_each_creature_named_gary_clone() -> None:
    # 201.2: "named Gary Clone": two Gary Clones attack; each one's trigger gives both +1/+0:
    # 3 damage from each (Bob 14); the Bears, not named so, deal 2 (Bob 12).
    (t,) = read("Gary Clone")
    assert t.effects == (Pump(Who("each_creature", "you", qualities=(
        Quality(names=("Gary Clone",)),)), 1, 0, Amount(1)),)
    got = damage([perm("a", "Gary Clone", "Alice"), perm("b", "Gary Clone", "Alice"),
                  perm("g", "Grizzly Bears", "Alice")], {"a": "Bob", "b": "Bob", "g": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 12


def test_gruff_triplets_counts_its_last_known_power() -> None:
    # 608.2h: Gruff Triplets (3/3) blocked by a Craw Wurm (6/4) dies (and deals 3); the other
    # Triplets get three +1/+1 counters (its power as it last existed).
    (t,) = read("Gruff Triplets")
    assert t.effects == (Counters(Who("each_creature", "you", qualities=(
        Quality(names=("Gruff Triplets",)),)), "+1/+1", Amount(1, "power")),)
    got = damage([perm("a", "Gruff Triplets", "Alice"), perm("b", "Gruff Triplets", "Alice"),
                  perm("w", "Craw Wurm", "Bob")], {"a": "Bob"}, {"w": ["a"]})
    assert got["outcome"]["destroyed"] == ["a"]
    assert got["outcome"]["counters"]["b"] == {"+1/+1": 3}


def _discover_board(library: list[str], **combat: object) -> dict[str, object]:
    from redzone.solver.frontends.commands import run_command

    scenario = {"players": [{"name": "Alice", "life": 20, "library": library},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("g", "Primordial Gnawer", "Alice"),
                               perm("w", "Craw Wurm", "Bob")],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"w": ["g"]}, **combat}}
    return run_command("damage", scenario, {}).to_json()


def test_primordial_gnawer_discovers_a_permanent_card() -> None:
    # 701.57a: discover 3 as Primordial Gnawer (5/4) dies to Craw Wurm (6/4): the Forest (a
    # land) and Craw Wurm (mana value 6) go to the bottom; Grizzly Bears (2) is cast without
    # paying its mana cost and enters (608.3), not in combat.
    (t,) = read("Primordial Gnawer")
    from redzone.models.triggers.types import Discover
    assert t.effects == (Discover(Amount(3)),)
    got = _discover_board(["Forest", "Craw Wurm", "Grizzly Bears"],
                          trigger_choices=[{"source": "g", "window": "regular", "chosen": "cast"}])
    assert got["triggers"][0]["result"].startswith(
        "Alice discovers Grizzly Bears and casts it without paying its mana cost")
    assert [x["id"] for x in got["outcome"]["entered"]] == ["Alice~library2"]
    got = _discover_board(["Forest", "Craw Wurm", "Grizzly Bears"],
                          trigger_choices=[{"source": "g", "window": "regular", "chosen": "hand"}])
    assert got["triggers"][0]["result"] == ("Alice discovers Grizzly Bears (Alice~library2) and "
                                            "puts it into their hand")
    assert got["outcome"]["entered"] == []


def test_discover_of_an_instant_or_an_unstated_library_is_not_played() -> None:
    # 701.57a: Lightning Bolt (mana value 1) would be cast: its effect is not read, so the
    # ability is listed as not played; so too with no library stated (hidden cards).
    got = _discover_board(["Lightning Bolt"])
    assert got["triggers"][0]["result"].startswith("not played: discovering Lightning Bolt")
    assert got["not_played"]
    got = _discover_board([])
    assert got["triggers"][0]["result"].startswith("not played: the library is not stated")


def test_dinosaur_egg_discovers_its_last_known_toughness() -> None:
    # 608.2h: "discover X, where X is its toughness": Dinosaur Egg (0/3) dies, X = 3.
    (t,) = read("Dinosaur Egg")
    from redzone.models.triggers.types import Discover
    assert t.optional and t.effects == (Discover(Amount(1, "toughness")),)


def test_aloy_discovers_the_greatest_power_among_the_attackers() -> None:
    # 608.2h: X is the greatest power among the artifact creatures that attacked: Juggernaut
    # (5/3) and Ornithopter (0/2): 5. Craw Wurm (mana value 6) goes to the bottom; Serra Angel
    # (5) is cast and enters (608.3), not attacking.
    from redzone.solver.frontends.commands import run_command

    scenario = {"players": [{"name": "Alice", "life": 20, "library": ["Craw Wurm", "Serra Angel"]},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("a", "Aloy, Savior of Meridian", "Alice"),
                               perm("j", "Juggernaut", "Alice"), perm("o", "Ornithopter", "Alice")],
                "combat": {"attackers": {"j": "Bob", "o": "Bob"}, "blockers": {},
                           "trigger_choices": [{"source": "a", "window": "attack", "chosen": "cast"}]}}
    got = run_command("damage", scenario, {}).to_json()
    assert got["triggers"][0]["result"].startswith("Alice discovers Serra Angel and casts it")
    assert [x["id"] for x in got["outcome"]["entered"]] == ["Alice~library1"]
    assert got["outcome"]["life"]["Bob"] == 15


def test_insidious_mist_transforms_back_to_its_front_face() -> None:
    # 712.10, 701.28: Insidious Mist (0/1, the back face) attacks unblocked; with {2}{B} paid
    # it transforms into Elusive Tormentor (4/4), the same object, still attacking and
    # unblocked (506.4 doesn't apply): 4 combat damage to Bob (16). Unpaid: 0 damage.
    from redzone.solver.frontends.commands import run_command

    def play(mana: int) -> dict[str, object]:
        scenario = {"players": [{"name": "Alice", "life": 20, "mana": mana},
                                {"name": "Bob", "life": 20}],
                    "permanents": [perm("m", "Insidious Mist", "Alice")],
                    "combat": {"attackers": {"m": "Bob"}, "blockers": {},
                               "trigger_choices": [{"source": "m", "window": "block", "may": True}]}}
        return run_command("damage", scenario, {}).to_json()

    got = play(3)
    assert got["triggers"][0]["result"] == "Alice pays 3 mana; m transforms into Elusive Tormentor"
    assert got["outcome"]["life"]["Bob"] == 16
    got = play(0)
    assert got["outcome"]["life"]["Bob"] == 20


def test_ghired_populates_a_token_tapped_and_attacking() -> None:
    # 701.36a, 707.2, 508.4: Ghired (2/5) attacks; Alice's Hill Giant token (3/3, not
    # attacking) is copied; the copy enters tapped and attacking Bob (never declared): 2 + 3
    # combat damage (Bob 15).
    from redzone.models.triggers.types import Populate
    (t,) = read("Ghired, Conclave Exile")[-1:]
    assert t.effects == (Populate(attacking=True),)
    got = damage([perm("g", "Ghired, Conclave Exile", "Alice"),
                  perm("t", "Hill Giant", "Alice", token=True)], {"g": "Bob"})
    assert got["triggers"][0]["result"] == ("t populated: created g~token1, a 3/3 token copy of "
                                            "t (707.2) tapped and attacking Bob")
    assert got["outcome"]["life"]["Bob"] == 15


def test_wayfaring_temple_populates_nothing_without_a_token() -> None:
    # 701.36b: with no creature token, populate does nothing: Wayfaring Temple (its power
    # and toughness the number of creatures Alice controls: 1/1) deals 1 (Bob 19).
    got = damage([perm("w", "Wayfaring Temple", "Alice", power=1, toughness=1)], {"w": "Bob"})
    assert got["triggers"][0]["result"] == "no creature token to populate (701.36b)"
    assert got["outcome"]["life"]["Bob"] == 19


def test_krenko_gives_haste_to_the_token_it_created() -> None:
    # 608.2c: "create a 1/1 red Goblin creature token. It gains haste until end of turn": "it"
    # is that token (Krenko keeps its own haste). Ornithopter dies blocked by Grizzly Bears;
    # {R} paid: the token enters and gains haste.
    from redzone.models.triggers.types import CreateTokens, GainKeywords
    (t,) = read("Krenko, Baron of Tin Street")
    assert t.optional and isinstance(t.effects[-2], CreateTokens)
    assert t.effects[-1] == GainKeywords(Who("created"), ("haste",))
    from redzone.solver.frontends.commands import run_command
    scenario = {"players": [{"name": "Alice", "life": 20, "mana": 1}, {"name": "Bob", "life": 20}],
                "permanents": [perm("k", "Krenko, Baron of Tin Street", "Alice"),
                               perm("o", "Ornithopter", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                "combat": {"attackers": {"o": "Bob"}, "blockers": {"b": ["o"]},
                           "trigger_choices": [{"source": "k", "window": "regular", "may": True}]}}
    got = run_command("damage", scenario, {}).to_json()
    assert got["triggers"][0]["result"] == ("Alice pays 1 mana; created 1 1/1 Goblin token "
                                            "(k~token1); k~token1 gains haste")


def test_saskia_copies_combat_damage_to_the_chosen_player() -> None:
    # 120.3, 608.2h: Saskia (3/4) and Grizzly Bears (2/2) deal combat damage to Bob; each one
    # then deals that much to the chosen player (Bob, stated as Saskia's choices): Bob 20 -
    # 5 - 5 = 10. Unstated, the player could be anyone: not played (the answer lists it).
    got = damage([perm("s", "Saskia the Unyielding", "Alice", choices={"player": "Bob"}),
                  perm("g", "Grizzly Bears", "Alice")], {"s": "Bob", "g": "Bob"})
    assert sorted(t["result"] for t in got["triggers"]) == ["2 damage to Bob", "3 damage to Bob"]
    assert got["outcome"]["life"]["Bob"] == 10
    got = damage([perm("s", "Saskia the Unyielding", "Alice"), perm("g", "Grizzly Bears", "Alice")],
                 {"s": "Bob", "g": "Bob"})
    assert got["outcome"]["life"]["Bob"] == 15
    assert [x["id"] for x in got["not_played"]] == ["s"]


def test_stuffy_doll_deals_the_damage_it_is_dealt_to_the_chosen_player() -> None:
    # 120.3: Stuffy Doll (0/1, indestructible) blocks Hill Giant (3 damage): it deals 3 to
    # the chosen player, Bob (17). A chosen player who is no player is an input error.
    import pytest

    from redzone.models.errors import ScenarioError
    got = damage([perm("h", "Hill Giant", "Alice"),
                  perm("d", "Stuffy Doll", "Bob", choices={"player": "Alice"})],
                 {"h": "Bob"}, {"d": ["h"]})
    assert got["outcome"]["life"]["Alice"] == 17
    with pytest.raises(ScenarioError, match=r"permanents\[1\]\.choices\.player"):
        damage([perm("h", "Hill Giant", "Alice"),
                perm("d", "Stuffy Doll", "Bob", choices={"player": "Carol"})], {"h": "Bob"}, {"d": ["h"]})


def test_twins_of_discord_chosen_parity_cant_block() -> None:
    # 202.3 ("zero is even"): "choose odd or even" is the controller's choice, stated as mode
    # [1] (odd) or [2] (even): even: Grizzly Bears (mana value 2) can't block; odd: Savannah
    # Lions (1) and Twins of Discord itself (7).
    def play(mode: int) -> str:
        got = damage([perm("t", "Twins of Discord", "Alice"), perm("g", "Grizzly Bears", "Bob"),
                      perm("l", "Savannah Lions", "Bob")], {"t": "Bob"},
                     trigger_choices=[{"source": "t", "window": "attack", "mode": [mode]}],
                     triggers_resolved=[])
        return got["triggers"][0]["result"]

    assert play(2) == "g can't block this turn"
    assert play(1) == "t can't block this turn, l can't block this turn"


def test_thunderous_orator_gains_each_keyword_a_creature_of_alices_has() -> None:
    # 608.2c: one condition for each keyword, checked as it resolves: with Typhoid Rats
    # (deathtouch) Thunderous Orator gains deathtouch and destroys the blocking Craw Wurm
    # (702.2b); with Serra Angel (flying) it gains flying, not deathtouch: the Wurm lives.
    from redzone.models.triggers.types import Conditional
    (t,) = read("Thunderous Orator")
    assert len(t.effects) == 8 and all(isinstance(e, Conditional) for e in t.effects)

    def destroyed(friend: str) -> list[str]:
        got = damage([perm("o", "Thunderous Orator", "Alice"), perm("f", friend, "Alice"),
                      perm("w", "Craw Wurm", "Bob")], {"o": "Bob"}, {"w": ["o"]},
                     triggers_resolved=[])
        return sorted(got["outcome"]["destroyed"])

    assert destroyed("Typhoid Rats") == ["o", "w"]
    assert destroyed("Serra Angel") == ["o"]


def test_breeches_chooses_a_mode_not_chosen_this_turn() -> None:
    # 700.2, 603.3c: two Pirates attack; each trigger of Breeches chooses as it is put on the
    # stack, and not a mode chosen this turn: [2] then [2] again is illegal (an input error);
    # [2] then [1] is played. In a later combat of the turn (combat_number 2) the modes chosen
    # before are not stated: not played.
    import pytest

    from redzone.models.errors import ScenarioError
    from redzone.solver.frontends.commands import run_command
    from trigger_play import scenario

    board = [perm("b", "Breeches, Eager Pillager", "Alice"), perm("h", "Dire Fleet Hoarder", "Alice"),
             perm("g", "Grizzly Bears", "Bob")]
    first = {"source": "b", "window": "attack", "trigger": "b", "mode": [2], "target": "g"}
    got = damage(board, {"b": "Bob", "h": "Bob"}, triggers_resolved=[], trigger_choices=[
        first, {"source": "b", "window": "attack", "trigger": "h", "mode": [1]}])
    assert sorted(t["result"] for t in got["triggers"]) == [
        "g can't block this turn", "token (no effect on combat)"]
    with pytest.raises(ScenarioError, match=r"trigger_choices\[1\]\.mode"):
        damage(board, {"b": "Bob", "h": "Bob"}, triggers_resolved=[], trigger_choices=[
            first, {**first, "trigger": "h"}])
    later = {**scenario(board, {"b": "Bob", "h": "Bob"}, triggers_resolved=[]), "combat_number": 2}
    got = run_command("damage", later, {}).to_json()
    assert all(t["result"].startswith("not played: the modes chosen in an earlier combat")
               for t in got["triggers"])
    assert [x["id"] for x in got["not_played"]] == ["b"]


def test_engulfing_slagwurm_gains_the_toughness_of_the_creature_destroyed() -> None:
    # 608.2h: "that creature's toughness" as it last existed, after it was destroyed: Bob's
    # Slagwurm blocks Hill Giant (3/3): Bob 23; Alice's Slagwurm blocked by Craw Wurm (6/4):
    # Alice 24 (the "becomes blocked by" reading, the creature of the event).
    got = damage([perm("h", "Hill Giant", "Alice"), perm("s", "Engulfing Slagwurm", "Bob")],
                 {"h": "Bob"}, {"s": ["h"]}, triggers_resolved=["attack"])
    assert got["outcome"]["destroyed"] == ["h"] and got["outcome"]["life"]["Bob"] == 23
    got = damage([perm("s", "Engulfing Slagwurm", "Alice"), perm("w", "Craw Wurm", "Bob")],
                 {"s": "Bob"}, {"w": ["s"]}, triggers_resolved=["attack"])
    assert got["outcome"]["destroyed"] == ["w"] and got["outcome"]["life"]["Alice"] == 24
