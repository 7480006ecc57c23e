"""Damage to players and planeswalkers, removal of any permanent and sacrifices of a kind by
triggered abilities of combat (docs/triggers.md, "Targets and removal (h7)";
:mod:`redzone.models.triggers.zones`), read from real cards and played by the ``damage`` job
on small boards, each answer worked out by hand from the rules."""

from __future__ import annotations

from redzone.models.ability_base import Quality
from redzone.models.triggers.parse import parse_trigger
from redzone.models.triggers.types import Amount, DamageEffect, Destroy, Sacrifice, Who
from trigger_play import damage as _damage, perm as _p


# ---------------------------------------------------------------- reading


def test_destroy_target_artifact_or_enchantment_defending_player_controls() -> None:
    # Kogla, the Titan Ape: a target permanent of one of two card types, controlled by the
    # defending player (506.2).
    got = parse_trigger("Whenever Kogla attacks, destroy target artifact or enchantment "
                        "defending player controls.", ("Kogla",))
    assert got is not None
    assert got.effects == (Destroy(Who("target_permanent", "defending",
                                       also_types=("Artifact", "Enchantment"))),)


def test_damage_to_target_player_or_planeswalker_and_each_player() -> None:
    got = parse_trigger("When this creature dies, it deals 2 damage to target player or "
                        "planeswalker.")
    assert got is not None
    # read by board_effects (h3) as a target player, or a planeswalker (also_types)
    assert got.effects == (DamageEffect(Who("target_player", also_types=("Planeswalker",)),
                                        Amount(2)),)
    swine = parse_trigger("Whenever this creature is dealt damage, it deals that much damage "
                          "to each player.")
    assert swine is not None
    assert swine.effects == (DamageEffect(Who("you"), Amount(1, "damage_dealt")),
                             DamageEffect(Who("each_opponent"), Amount(1, "damage_dealt")))


def test_each_player_sacrifices_a_land_is_each_players_choice() -> None:
    # 701.21a: each player sacrifices one of their own lands.
    got = parse_trigger("When this creature dies, each player sacrifices a land of their choice.")
    assert got is not None
    land = (Quality(types=("Land",)),)
    assert got.effects == (Sacrifice(Who("you"), Amount(1), kinds=land),
                           Sacrifice(Who("each_opponent"), Amount(1), kinds=land))


def test_two_targets_in_one_clause_are_not_read() -> None:
    # Goblin Grenadiers: two targets (a creature and a land) in one ability: not read.
    assert parse_trigger("Whenever this creature attacks and isn't blocked, you may sacrifice "
                         "it. If you do, destroy target creature and target land.") is None


# ---------------------------------------------------------------- playing


def test_an_equipment_destroyed_on_attack_stops_pumping_its_creature() -> None:
    # 701.8, 611.3a, 613: Kogla (7/6) attacks and destroys Bob's Bonesplitter (+2/+0) as
    # the attack trigger resolves; the Grizzly Bears it equipped block as a 2/2 and deal 2
    # damage to Kogla, not 4.
    got = _damage([_p("kogla", "Kogla, the Titan Ape", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                   _p("split", "Bonesplitter", "Bob", attached_to="bears")],
                  {"kogla": "Bob"}, {"bears": ["kogla"]}, triggers_resolved=[])
    assert got["triggers"][0]["result"] == "split destroyed"
    assert got["outcome"]["destroyed"] == ["split", "bears"]
    assert got["outcome"]["damage"] == {"kogla": 2}


def test_a_lord_destroyed_on_attack_stops_pumping_the_blocker() -> None:
    # 611.3a: Grimgrin destroys Bob's Goblin King as it attacks; Goblin Piker (2/1, 3/2 with
    # the King) blocks as a 2/1 and deals 2 damage to Grimgrin.
    got = _damage([_p("grim", "Grimgrin, Corpse-Born", "Alice"), _p("king", "Goblin King", "Bob"),
                   _p("piker", "Goblin Piker", "Bob")], {"grim": "Bob"}, {"piker": ["grim"]},
                  triggers_resolved=[], trigger_choices=[{"source": "grim", "window": "attack",
                                                          "target": "king"}])
    assert got["outcome"]["damage"] == {"grim": 2}


def test_scorch_spitter_damages_the_planeswalker_it_attacks() -> None:
    # 506.2, 120.3c: "it deals 1 damage to the player or planeswalker it's attacking":
    # Scorch Spitter (1/1) attacks Jace Beleren (loyalty 3): 1 from the trigger, 1 combat
    # damage: loyalty 1; Bob's life is untouched.
    got = _damage([_p("spitter", "Scorch Spitter", "Alice"), _p("jace", "Jace Beleren", "Bob", loyalty=3)],
                  {"spitter": "jace"})
    assert got["outcome"]["loyalty"] == {"jace": 1}
    assert got["outcome"]["life"]["Bob"] == 20


def test_hellrider_deals_damage_for_each_attacking_creature() -> None:
    # "Whenever a creature you control attacks, this creature deals 1 damage to the player or
    # planeswalker it's attacking" (it: the creature that attacked): Hellrider (3/3) and
    # Grizzly Bears attack Bob: 2 from the triggers, 5 combat damage: Bob 13.
    got = _damage([_p("hell", "Hellrider", "Alice"), _p("bears", "Grizzly Bears", "Alice")],
                  {"hell": "Bob", "bears": "Bob"})
    assert [t["result"] for t in got["triggers"]] == ["1 damage to Bob", "1 damage to Bob"]
    assert got["outcome"]["life"]["Bob"] == 13


def test_ryusei_damages_each_creature_without_flying_as_it_dies() -> None:
    # 603.10a, 120.3: Ryusei (5/5 flying, 4 damage marked) blocked by Serra Angel: both die;
    # "it deals 5 damage to each creature without flying": Hill Giant and Alice's own
    # Grizzly Bears die, Suntail Hawk (flying) doesn't.
    got = _damage([_p("ryusei", "Ryusei, the Falling Star", "Alice", damage=4),
                   _p("giant", "Hill Giant", "Bob"), _p("hawk", "Suntail Hawk", "Bob"),
                   _p("bears", "Grizzly Bears", "Alice"), _p("angel", "Serra Angel", "Bob")],
                  {"ryusei": "Bob"}, {"angel": ["ryusei"]})
    assert sorted(got["outcome"]["destroyed"]) == ["angel", "bears", "giant", "ryusei"]


def test_abyssal_gatekeeper_each_player_sacrifices_a_creature_of_their_choice() -> None:
    # 701.21a: Abyssal Gatekeeper dies blocked by Hill Giant; Alice sacrifices one of her
    # creatures (Memnite rather than Grizzly Bears: the play-out's objective), Bob one of
    # his (Elvish Mystic rather than the Giant: the worst for Alice).
    got = _damage([_p("gate", "Abyssal Gatekeeper", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("mem", "Memnite", "Alice"), _p("giant", "Hill Giant", "Bob"),
                   _p("elf", "Elvish Mystic", "Bob")], {"gate": "Bob"}, {"giant": ["gate"]})
    assert got["outcome"]["destroyed"] == ["gate", "mem", "elf"]
    assert got["triggers"][0]["choices"] == {"sacrifice": ["mem", "elf"]}


def test_thresher_beast_makes_the_defending_player_sacrifice_a_land() -> None:
    # 701.21a: "defending player sacrifices a land of their choice": Bob sacrifices a land,
    # not his blocking Grizzly Bears.
    got = _damage([_p("beast", "Thresher Beast", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                   _p("forest", "Forest", "Bob")], {"beast": "Bob"}, {"bears": ["beast"]},
                  triggers_resolved=["attack"])
    assert got["triggers"][0]["result"] == "Bob sacrifices forest"
    assert got["outcome"]["destroyed"] == ["forest", "bears"]


def test_bola_slinger_taps_a_target_artifact() -> None:
    # 701.26a: "tap target artifact or creature an opponent controls": Bob's Sol Ring, a
    # noncreature artifact, is a legal target and becomes tapped.
    got = _damage([_p("slinger", "Bola Slinger", "Alice"), _p("ring", "Sol Ring", "Bob"),
                   _p("bears", "Grizzly Bears", "Bob")], {"slinger": "Bob"},
                  trigger_choices=[{"source": "slinger", "window": "attack", "target": "ring"}])
    assert got["triggers"][0]["result"] == "ring tapped"
    assert got["outcome"]["life"]["Bob"] == 18


def test_goblin_swine_rider_damages_every_attacking_and_blocking_creature() -> None:
    # 509.3c, 120.3: "it deals 2 damage to each attacking creature and each blocking
    # creature": Goblin Swine-Rider (1/1) and Grizzly Bears attack, Hill Giant blocks the
    # Swine-Rider: both attackers die before damage; the Giant keeps 2 damage.
    got = _damage([_p("swine", "Goblin Swine-Rider", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("giant", "Hill Giant", "Bob")], {"swine": "Bob", "bears": "Bob"},
                  {"giant": ["swine"]}, triggers_resolved=["attack"])
    assert got["outcome"]["destroyed"] == ["swine", "bears"]
    assert got["outcome"]["damage"] == {"giant": 2}
    assert got["outcome"]["life"]["Bob"] == 20


def test_archfiend_of_the_dross_makes_the_dead_creatures_controller_lose_life() -> None:
    # 603.10a: "Whenever a creature an opponent controls dies, its controller loses 2 life":
    # two Grizzly Bears trade; only Bob's is an opponent's: Bob 18, Alice 20.
    got = _damage([_p("fiend", "Archfiend of the Dross", "Alice", counters={"oil": 4}),
                   _p("bears", "Grizzly Bears", "Alice"), _p("bbears", "Grizzly Bears", "Bob")],
                  {"bears": "Bob"}, {"bbears": ["bears"]})
    assert got["outcome"]["life"] == {"Alice": 20, "Bob": 18}


def test_flayed_nim_makes_the_damaged_creatures_controller_lose_that_much() -> None:
    # 510.3a: Flayed Nim (2/2) blocked by Hill Giant deals it 2: "that creature's controller
    # loses that much life": Bob 18.
    got = _damage([_p("nim", "Flayed Nim", "Alice"), _p("giant", "Hill Giant", "Bob")],
                  {"nim": "Bob"}, {"giant": ["nim"]})
    assert got["outcome"]["life"]["Bob"] == 18
    assert got["triggers"][0]["result"] == "Bob loses 2 life"


def test_the_attack_windows_board_no_longer_has_the_destroyed_equipments_bonus() -> None:
    # 611.3a, 613: the board the attack window leaves (what blocks, the AI's search and the
    # reference go on from) has Bob's Grizzly Bears back at 2/2 once Kogla destroyed the
    # Bonesplitter; applying the layers again from it after a damage step (as a play-out
    # does) doesn't take the +2/+0 off a second time.
    from redzone.models.board import build_board
    from redzone.models.game_state import GameState
    from redzone.models.outcome import relayered_after_departures
    from redzone.models.scenario import parse_scenario
    from redzone.models.triggers.resolve import attack_window

    scenario = parse_scenario({
        "players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
        "permanents": [_p("kogla", "Kogla, the Titan Ape", "Alice"),
                       _p("bears", "Grizzly Bears", "Bob"),
                       _p("split", "Bonesplitter", "Bob", attached_to="bears")],
        "combat": {"attackers": {"kogla": "Bob"}, "blockers": {}}})
    board = build_board(scenario)
    assert board.permanents["bears"].power == 4
    state = GameState.from_board(board)
    out = attack_window(board, state, {"kogla": "Bob"})
    assert not state.on_battlefield("split")
    assert out.board.permanents["bears"].power == 2
    again, _ = relayered_after_departures(out.board, state)
    assert again.permanents["bears"].power == 2


def test_sacrifice_another_permanent_and_a_nontoken_creature() -> None:
    # 701.21a: "sacrifice another creature or land" (Morkrut Necropod: not the source);
    # "each opponent sacrifices a nontoken creature of their choice" (The Serpent Society).
    got = parse_trigger("Whenever this creature attacks, sacrifice another creature or land.")
    assert got is not None
    assert got.effects == (Sacrifice(Who("you"), Amount(1), other=True, kinds=(
        Quality(types=("Creature",)), Quality(types=("Land",)))),)
    snakes = parse_trigger("Whenever another creature you control with deathtouch dies, each "
                           "opponent sacrifices a nontoken creature of their choice.")
    assert snakes is not None
    assert snakes.effects == (Sacrifice(Who("each_opponent"), Amount(1), kinds=(
        Quality(types=("Creature",), token=False),)),)


def test_morkrut_necropod_sacrifices_a_land_rather_than_a_creature() -> None:
    # 701.21a: Morkrut Necropod (7/7) attacks; Alice sacrifices another creature or a land
    # of her choice: the play-out keeps her Grizzly Bears and sacrifices the Forest (a
    # land's size counts for nothing, _PlayRun.measure); Bob 13.
    got = _damage([_p("pod", "Morkrut Necropod", "Alice"), _p("bears", "Grizzly Bears", "Alice"),
                   _p("forest", "Forest", "Alice")], {"pod": "Bob"})
    assert got["outcome"]["destroyed"] == ["forest"]
    assert got["outcome"]["life"]["Bob"] == 13


def test_throat_slitter_can_only_target_a_nonblack_creature() -> None:
    # 603.3d: "destroy target nonblack creature that player controls": of Bob's Grizzly
    # Bears and Vampire Nighthawk (black) only the Bears is a legal target.
    got = _damage([_p("slitter", "Throat Slitter", "Alice"), _p("bears", "Grizzly Bears", "Bob"),
                   _p("hawk", "Vampire Nighthawk", "Bob")], {"slitter": "Bob"})
    assert got["outcome"]["destroyed"] == ["bears"]
    assert got["triggers"][0]["choices"] == {"target": "bears"}
