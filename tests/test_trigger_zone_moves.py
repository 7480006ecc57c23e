"""h37: zone moves of library, hand, graveyard and exile read in other shapes — delayed
abilities at the next end step, "That land doesn't untap ...", revealed cards behind a gate,
counts of cards in graveyards (models/triggers/zone_moves.py; docs/triggers.md "Zone moves in
other shapes (h37)")."""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.types import (CantBeBlockedEffect, DamageEffect, DoesntUntap,
                                           EntersFromCard, OwnCardExile, Pump, RevealedPut,
                                           RevealUntil, TapEffect, ValueOnly)
from redzone.solver.damage.solve import after_attack_window
from redzone.solver.frontends.commands import run_command
from trigger_play import after_damage, perm, read


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              blockers: dict[str, list[str]] | None = None, alice: dict[str, Any] | None = None,
              bob: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, **(alice or {})},
                        {"name": "Bob", "life": 20, **(bob or {})}],
            "permanents": perms, "combat": {"attackers": attackers, "blockers": blockers or {}}}


def _damage(scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command("damage", scenario, {}).to_json()


# ------------------------------------------------------------------ delayed to the end step


def test_delayed_abilities_at_the_next_end_step_are_values_only_when_the_next_turn_is_the_same() -> None:
    # 603.7, 513.1: the delayed ability acts at the end step, after this combat. Its act is a
    # value only when it changes nothing the next turn's board holds — its own card moved
    # from a graveyard to a hand after it died; a removal of a permanent (Alora's and
    # Ilharg's bounce, Bearer of the Heavens' destruction, Arcane Artisan's exile of tokens)
    # or an addition (Rukh Egg's Bird, Brood of Cockroaches' life loss) would be missed by
    # the AI's crack-back (lookahead 1), so it is not read (loud)
    from redzone.models.triggers import zone_moves

    assert zone_moves._delayed(  # pyright: ignore[reportPrivateUsage]
        ["At the beginning of the next end step, return this card to your hand."], True)
    for card in ("Alora, Cheerful Assassin", "Ilharg, the Raze-Boar", "Bearer of the Heavens",
                 "Arcane Artisan", "Rukh Egg", "Brood of Cockroaches"):
        assert all(ValueOnly("at the next end step") not in t.effects for t in read(card)), card
    assert read("Alora, Cheerful Assassin") == () and read("Bearer of the Heavens") == ()


def test_an_act_that_may_not_wait_is_not_taken_as_delayed() -> None:
    # "A and B at the beginning of the next end step": whether A waits too is not said by the
    # words alone; left to the other readers (or loud)
    from redzone.models.triggers import zone_moves

    for s in ("tap target creature and sacrifice it at the beginning of the next end step",
              "create a 1/1 white Soldier creature token and exile it at the beginning of the "
              "next end step"):
        assert zone_moves.read_clause(s, None, False) is None


def test_delayed_shapes_that_change_the_next_turn_are_not_values() -> None:
    # 603.7: a token sacrificed or exiled at the end step (Satya, Tilonalli's Summoner), a
    # token copy made then (Ochre Jelly): not read as "at the next end step" values
    for card in ("Ochre Jelly", "Satya, Aetherflux Genius", "Tilonalli's Summoner"):
        assert all(ValueOnly("at the next end step") not in t.effects for t in read(card)), card


def test_alora_is_listed_as_not_played() -> None:
    # Alora's attack trigger bounces its target at the end step (603.7): the next turn's
    # board would lose it, which a value reading would hide, so the whole ability is listed
    # in not_played; the combat is played without it (Bob takes 4 + 3 = 7, 13).
    scenario = _scenario([perm("al", "Alora, Cheerful Assassin", "Alice"),
                          perm("g", "Hill Giant", "Alice"), perm("b", "Grizzly Bears", "Bob")],
                         {"al": "Bob", "g": "Bob"})
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 13
    assert [n["id"] for n in got["not_played"]] == ["al"]


# ------------------------------------------------------------------ "That land doesn't untap"


def test_tap_and_that_permanent_doesnt_untap_is_one_object() -> None:
    # 502.3: the object tapped by the sentence before is the one that doesn't untap
    (skimmer,) = read("Mana Skimmer")
    tap, hold = skimmer.effects
    assert isinstance(tap, TapEffect) and isinstance(hold, DoesntUntap) and tap.who == hold.who
    assert tap.who.also_types == ("Land",)
    (queen,) = read("Queen of Ice // Rage of Winter")
    tap, hold = queen.effects
    assert isinstance(hold, DoesntUntap) and tap.who == hold.who  # type: ignore[union-attr]
    assert hold.who.kind == "damaged"


def test_queen_of_ice_taps_the_creature_she_damaged_and_holds_it() -> None:
    # 510.2, 502.3: Queen of Ice (2/3) blocks Grizzly Bears (2/2) and survives; the Bears die.
    # Blocking Alice's 1/1 ... instead: Queen blocks Alice's Hill Giant (3/3), deals 2 and
    # dies; the Giant is tapped already (attacking, no vigilance) and marked not to untap.
    scenario = _scenario([perm("g", "Hill Giant", "Alice"),
                          perm("q", "Queen of Ice // Rage of Winter", "Bob")],
                         {"g": "Bob"}, {"q": ["g"]})
    out = after_damage(scenario, [("g", "q", 3), ("q", "g", 2)])
    giant = out.board.permanents["g"]
    assert giant.tapped
    assert "doesn't untap during its controller's next untap step" in out.resolved[-1].result


# ------------------------------------------------------------------ a later turn


def test_wall_of_dust_is_a_rule_of_a_later_turn() -> None:
    # 508.1c of the next turn: nothing in this combat
    (wall,) = read("Wall of Dust")
    assert wall.effects == (ValueOnly("can't attack next turn"),)


def test_crosis_colour_discard_is_a_value() -> None:
    (crosis,) = read("Crosis, the Purger")
    assert all(isinstance(e, ValueOnly) for e in crosis.effects)


# ------------------------------------------------------------------ revealed until, behind a gate


def test_revealed_until_behind_a_gate_is_read() -> None:
    (druid,) = read("Avenging Druid")
    assert druid.optional and druid.effects == (RevealUntil(("land",)), RevealedPut())
    (keeper,) = read("Gamekeeper")
    assert keeper.effects == (OwnCardExile(), RevealUntil(("creature",)), RevealedPut())
    (squad,) = read("Fireflux Squad")
    assert squad.optional and squad.effects[1:] == (RevealUntil(("creature",)),
                                                    RevealedPut(True, True))


def test_fireflux_squad_exiles_an_attacker_and_puts_the_creature_revealed_attacking() -> None:
    # 701.20a, 508.4: Fireflux Squad (4/4) attacks with Grizzly Bears; Alice exiles the Bears
    # and reveals until a creature card: Forest, then Hill Giant (3/3), put onto the
    # battlefield tapped and attacking Bob. Unblocked: 4 + 3 = 7, Bob 13.
    scenario = _scenario([perm("fs", "Fireflux Squad", "Alice"), perm("b", "Grizzly Bears", "Alice")],
                         {"fs": "Bob", "b": "Bob"},
                         alice={"library": ["Forest", "Hill Giant"]})
    after, attackers, _ = after_attack_window(
        build_board(parse_scenario(scenario)),
        choose=lambda c: True if True in c.options else ("b" if "b" in c.options else c.options[0]))
    assert "Alice~library1" in after.permanents and attackers["Alice~library1"] == "Bob"
    assert "b" not in attackers
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 13


def test_gamekeeper_exiles_its_card_and_puts_the_first_creature_revealed() -> None:
    # 608.2c, 701.20a: Bob's Gamekeeper (2/2) blocks Hill Giant and dies; Bob exiles its card
    # and reveals until a creature card: Grizzly Bears enters under his control.
    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "library": ["Island", "Grizzly Bears"]}],
                "permanents": [perm("g", "Hill Giant", "Alice"), perm("gk", "Gamekeeper", "Bob")],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"gk": ["g"]}}}
    out = after_damage(scenario, [("g", "gk", 3), ("gk", "g", 2)])
    bears = out.board.permanents["Bob~library1"]
    assert bears.name == "Grizzly Bears" and bears.controller == "Bob"
    assert out.state.reasons["gk"].startswith("exiled")


# ------------------------------------------------------------------ counts of cards in graveyards


_LORD = {"id": "em", "name": "The Lord Master of Hell", "controller": "Alice",
         "types": ["Creature"], "subtypes": ["Demon", "Noble", "Wizard"], "power": 3,
         "toughness": 3,
         "text": "Starfall — Whenever The Lord Master of Hell attacks, it deals X damage to each "
                 "opponent, where X is the number of noncreature, nonland cards in your graveyard."}
_NIGHT = ("Whenever this creature attacks, it gets +X/+0 until end of turn, where X is the "
          "number of creature cards in defending player's graveyard.")


def test_graveyard_counts_of_kinds_are_read() -> None:
    from redzone.models.triggers.parse import parse_triggers

    (lord,) = parse_triggers(_LORD["text"].split("— ", 1)[1], ("The Lord Master of Hell",))
    assert isinstance(lord.effects[0], DamageEffect)
    count = lord.effects[0].amount.count
    assert count is not None and count.kind == "zone_cards"
    assert count.also == ("graveyard", "none", "Creature", "Land")
    (night,) = parse_triggers(_NIGHT, ("Animus of Night's Reach",))
    assert isinstance(night.effects[0], Pump)
    count = night.effects[0].amount.count
    assert count is not None and count.controller == "defending"
    assert count.also == ("graveyard", "any", "Creature")


def test_the_lord_master_of_hell_counts_noncreature_nonland_cards() -> None:
    # 608.2h, 205.2: The Lord Master of Hell (3/3, the back face's text) attacks; X counts
    # the cards that are neither creature nor land cards: Lightning Bolt and Glorious Anthem,
    # not Grizzly Bears or Forest: 2 damage, then 3 combat damage: Bob 15.
    scenario = _scenario([_LORD], {"em": "Bob"},
                         alice={"graveyard": ["Lightning Bolt", "Glorious Anthem",
                                              "Grizzly Bears", "Forest"]})
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 15


def test_animus_of_nights_reach_counts_the_defending_players_creature_cards() -> None:
    # 608.2h, 506.2: Animus of Night's Reach (4/4 back face, stated with its text) attacks
    # Bob, whose graveyard holds Grizzly Bears, Hill Giant and Forest: +2/+0, 6 damage, Bob
    # 14; Alice's own creature cards are not counted.
    animus = {"id": "an", "name": "Animus of Night's Reach", "controller": "Alice",
              "types": ["Enchantment", "Creature"], "subtypes": ["Spirit"], "power": 4,
              "toughness": 4, "text": _NIGHT}
    scenario = _scenario([animus], {"an": "Bob"}, alice={"graveyard": ["Grizzly Bears"] * 3},
                         bob={"graveyard": ["Grizzly Bears", "Hill Giant", "Forest"]})
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 14


# ------------------------------------------------------------------ finality counters


def test_grim_reaper_returns_a_creature_card_attacking_with_a_finality_counter() -> None:
    (reaper,) = read("Grim Reaper, Lethal Legionnaire")
    back = reaper.effects[-1]
    assert isinstance(back, EntersFromCard) and back.attacking
    assert back.counters == (("finality", 1),)
    # 603.12, 508.4, 122.6: Grim Reaper (3/4) attacks, Alice pays {3}{B} (4 mana stated) and
    # returns Hill Giant
    # from her graveyard tapped and attacking with a finality counter; unblocked: 3 + 3 = 6
    scenario = _scenario([perm("gr", "Grim Reaper, Lethal Legionnaire", "Alice")], {"gr": "Bob"},
                         alice={"graveyard": ["Hill Giant"], "mana": 4})
    after, attackers, _ = after_attack_window(build_board(parse_scenario(scenario)),
                                              choose=lambda c: c.options[0])
    giant = after.permanents["Alice~graveyard0"]
    assert attackers["Alice~graveyard0"] == "Bob" and giant.counters.get("finality") == 1
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 14


def test_a_creature_with_a_finality_counter_is_exiled_instead_of_dying() -> None:
    # 614.1a, 700.4: Bob's Doomed Traveler (1/1, a finality counter on it) blocks Hill Giant
    # and is dealt lethal damage: it is exiled instead of put into the graveyard, so it
    # doesn't die and its "when ~ dies" ability (a 1/1 Spirit) doesn't trigger.
    from redzone.models.outcome import FINALITY

    scenario = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": [perm("g", "Hill Giant", "Alice"),
                               perm("dt", "Doomed Traveler", "Bob", counters={"finality": 1})],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"dt": ["g"]}}}
    out = after_damage(scenario, [("g", "dt", 3), ("dt", "g", 1)])
    assert out.state.reasons["dt"].startswith(FINALITY)
    assert out.resolved == [] and not any(p.token for p in out.board.permanents.values())
    # without the counter it dies and its ability makes the Spirit
    scenario["permanents"][1].pop("counters")
    out = after_damage(scenario, [("g", "dt", 3), ("dt", "g", 1)])
    assert out.state.reasons["dt"] == "lethal damage (704.5g)"
    assert len(out.resolved) == 1


# ------------------------------------------------------------------ values of hidden zones


_VALUE_CARDS = ("Belltower Sphinx", "Spy Eye", "The Chaos Keeper", "The Eleventh Doctor",
                "Polterheist", "Thieving Aven", "Triumph of Saint Katherine",
                "Gorex, the Tombshell", "Power Pack", "Kellan, Daring Traveler // Journey On",
                "Shimian Specter", "Noble Benefactor", "Desdemona, Freedom's Edge",
                "Ghost of Ramirez DePietro", "Scrap Trawler", "Yidris, Maelstrom Wielder",
                "Patchplate Resolute", "Cherished Hatchling", "Silas Renn, Seeker Adept",
                "Boros Strike-Captain", "Robber of the Rich", "Breeches, Brazen Plunderer",
                "Gwenom, Remorseless", "The Great Juggernaut", "Kamachal, Ship's Mascot")


def test_cards_moved_among_hidden_zones_and_later_casts_are_values() -> None:
    # library, hand, graveyard and exile cards moved or looked at, and permissions to cast
    # later (nobody casts a spell in the play of combat): nothing changes in combat
    for card in _VALUE_CARDS:
        got = read(card)
        assert got, card
        for t in got:
            assert all(isinstance(e, ValueOnly) for e in t.effects), (card, t.effects)


def test_the_daretti_return_of_the_chosen_card_stays_loud() -> None:
    # "return the chosen card to the battlefield" (an artifact creature may enter): not read
    assert read("Daretti, Rocketeer Engineer") == ()


def test_polterheist_heists_and_deals_its_damage() -> None:
    # a heist (cards of a library to exile) changes nothing in combat: Polterheist's power
    scenario = _scenario([perm("p", "Polterheist", "Alice")], {"p": "Bob"})
    got = _damage(scenario)
    power = build_board(parse_scenario(scenario)).permanents["p"].power or 0
    assert got["outcome"]["life"]["Bob"] == 20 - power
    assert not got["not_played"]


def test_deathpact_angels_token_keeps_its_activated_ability_unplayed() -> None:
    # 602: nobody activates an ability in the play of combat; the 1/1 Cleric is created
    (t,) = read("Deathpact Angel")
    assert t.effects[-1] == ValueOnly("activated ability")
    assert type(t.effects[0]).__name__ == "CreateTokens"


def test_talions_messenger_always_discards_after_its_draw() -> None:
    # 701.9, 603.12: the loot's discard always happens (the card drawn is in the hand): a
    # +1/+1 counter on target Faerie Alice controls — Faerie Miscreant 1/1 becomes 2/2
    (t,) = read("Talion's Messenger")
    assert t.effects[0] == ValueOnly("loot")
    scenario = _scenario([perm("tm", "Talion's Messenger", "Alice"),
                          perm("fm", "Faerie Miscreant", "Alice")], {"tm": "Bob", "fm": "Bob"})
    after, _, _ = after_attack_window(build_board(parse_scenario(scenario)),
                                      choose=lambda c: "fm" if "fm" in c.options else c.options[0])
    assert after.permanents["fm"].power == 2


# ------------------------------------------------------------------ a player's several verbs


def test_archon_of_cruelty_makes_the_opponent_sacrifice_discard_and_lose_life() -> None:
    # 701.21a, 608.2c: "target opponent sacrifices a creature or planeswalker of their
    # choice, discards a card, and loses 3 life": Bob sacrifices his only creature, Grizzly
    # Bears, loses 3 life; Alice gains 3. Archon (6/6 flying) is unblocked: Bob 20 - 3 - 6 = 11.
    (t,) = [x for x in read("Archon of Cruelty") if x.event == "attacks"]
    assert [type(e).__name__ for e in t.effects] == [
        "Sacrifice", "ValueOnly", "LifeEffect", "ValueOnly", "LifeEffect"]
    scenario = _scenario([perm("ar", "Archon of Cruelty", "Alice"),
                          perm("b", "Grizzly Bears", "Bob")], {"ar": "Bob"})
    got = _damage(scenario)
    assert got["outcome"]["life"] == {"Alice": 23, "Bob": 11}
    assert "b" in got["outcome"]["destroyed"]


def test_junjis_first_mode_is_a_discard_and_a_life_loss() -> None:
    (t,) = read("Junji, the Midnight Sky")
    first = t.effects[0].modes[0]  # type: ignore[attr-defined]
    assert first[0] == ValueOnly("discard") and first[1].amount.n == 2


def test_sandbender_scavengers_exiles_its_card_then_returns_a_smaller_creature() -> None:
    # 603.12, 608.2h: Bob's Sandbender Scavengers (1/1 with a +1/+1 counter) blocks Hill
    # Giant and dies; he exiles its card and returns Grizzly Bears (mana value 2 <= its last
    # power 2), not Hill Giant (4), from his graveyard. The target is chosen once the card
    # is exiled: never the Scavengers' own card.
    (t,) = [x for x in read("Sandbender Scavengers") if x.event == "dies"]
    assert isinstance(t.effects[0], OwnCardExile)
    assert isinstance(t.effects[1], EntersFromCard) and t.effects[1].another
    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "graveyard": ["Hill Giant", "Grizzly Bears"]}],
                "permanents": [perm("g", "Hill Giant", "Alice"),
                               perm("sc", "Sandbender Scavengers", "Bob",
                                    counters={"+1/+1": 1})],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"sc": ["g"]}}}
    out = after_damage(scenario, [("g", "sc", 3), ("sc", "g", 2)])
    assert "Bob~graveyard1" in out.board.permanents
    assert "Bob~graveyard0" not in out.board.permanents
    assert out.state.reasons["sc"].startswith("exiled")


def test_anticausal_vestige_puts_a_card_bounded_by_its_lands() -> None:
    # 608.2h, 121.1: Bob's Anticausal Vestige (7/5) blocks Craw Wurm (6/4) and both die; Bob
    # draws the top of his stated library (Grizzly Bears) and may put a permanent card with
    # mana value at most the lands he controls (two Forests) from his hand: Grizzly Bears
    # (2), not Hill Giant (4), enters tapped.
    (t,) = read("Anticausal Vestige")
    assert t.effects[1].card.bound == "x"  # type: ignore[attr-defined]
    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "hand": ["Hill Giant"],
                             "library": ["Grizzly Bears"]}],
                "permanents": [perm("w", "Craw Wurm", "Alice"),
                               perm("v", "Anticausal Vestige", "Bob"),
                               perm("f1", "Forest", "Bob"), perm("f2", "Forest", "Bob")],
                "combat": {"attackers": {"w": "Bob"}, "blockers": {"v": ["w"]}}}
    out = after_damage(scenario, [("w", "v", 6), ("v", "w", 7)])
    bears = out.board.permanents.get("Bob~library0")
    assert bears is not None and bears.name == "Grizzly Bears" and bears.tapped
    assert "Bob~hand0" not in out.board.permanents


# ------------------------------------------------------------------ the top cards of a library


def test_looks_at_the_top_cards_are_read() -> None:
    from redzone.models.triggers.types import TopCards

    # Jet's shape ("You may put a <kinds> card ... from among them") is more_control's
    # LookPut, read first (tests/test_trigger_more_control.py); the shapes it doesn't read —
    # "any number of" cards with a bound by power — are TopCards
    (ayesha,) = read("Ayesha Tanaka, Armorer")
    assert isinstance(ayesha.effects[0], TopCards)
    assert ayesha.effects[0].any_number  # type: ignore[attr-defined]
    assert ayesha.effects[0].card.bound == "source_power"  # type: ignore[attr-defined]


def test_jet_puts_a_small_creature_from_the_top_five_attacking() -> None:
    # 508.4: Jet, Rebel Leader attacks; the top five cards of Alice's stated library hold
    # Hill Giant (mana value 4: too big) and Grizzly Bears (2): the Bears enter tapped and
    # attacking Bob; the sixth card (Savannah Lions) is not looked at.
    scenario = _scenario([perm("j", "Jet, Rebel Leader", "Alice")], {"j": "Bob"},
                         alice={"library": ["Forest", "Hill Giant", "Island", "Grizzly Bears",
                                            "Swamp", "Savannah Lions"]})
    board = build_board(parse_scenario(scenario))
    after, attackers, _ = after_attack_window(board, choose=lambda c: c.options[0])
    assert attackers.get("Alice~library3") == "Bob" and after.permanents["Alice~library3"].tapped
    assert "Alice~library1" not in after.permanents and "Alice~library5" not in after.permanents
    power = board.permanents["j"].power or 0
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 20 - power - 2


def test_an_unstated_library_makes_the_look_not_played() -> None:
    got = _damage(_scenario([perm("j", "Jet, Rebel Leader", "Alice")], {"j": "Bob"}))
    assert any(n["id"] == "j" for n in got["not_played"])


def test_gishath_reveals_that_many_cards_and_puts_the_dinosaurs() -> None:
    # 120.3, 608.2h: Gishath deals 7 combat damage to Bob: the top seven cards of Alice's
    # stated library are revealed; any number of Dinosaur creature cards among them enter
    # (Ranging Raptors and Carnage Tyrant); the eighth card, a Dinosaur too, is not revealed,
    # nor is Grizzly Bears (not a Dinosaur) put.
    library = ["Ranging Raptors", "Forest", "Grizzly Bears", "Carnage Tyrant", "Island", "Swamp",
               "Mountain", "Ranging Raptors"]
    scenario = {"players": [{"name": "Alice", "life": 20, "library": library},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("gi", "Gishath, Sun's Avatar", "Alice")],
                "combat": {"attackers": {"gi": "Bob"}, "blockers": {}}}
    out = after_damage(scenario, [("gi", "Bob", 7)])
    put = sorted(p for p in out.board.permanents if p.startswith("Alice~library"))
    assert put == ["Alice~library0", "Alice~library3"]


def test_ruination_rioter_may_deal_damage_counted_in_land_cards() -> None:
    # 608.2h, 700.4: Bob's Ruination Rioter (2/2) blocks Hill Giant and dies; "you may have it
    # deal damage to any target equal to the number of land cards in your graveyard": two
    # Forests stated there (the Rioter's own card is no land): 2 damage to the Giant (3/3,
    # already dealt 2): it dies too.
    (t,) = [x for x in read("Ruination Rioter") if x.event == "dies"]
    assert t.optional and isinstance(t.effects[0], DamageEffect)
    count = t.effects[0].amount.count
    assert count is not None and count.also == ("graveyard", "any", "Land")
    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "graveyard": ["Forest", "Forest"]}],
                "permanents": [perm("g", "Hill Giant", "Alice"),
                               perm("rr", "Ruination Rioter", "Bob")],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"rr": ["g"]}}}
    out = after_damage(scenario, [("g", "rr", 3), ("rr", "g", 2)])
    (r,) = out.resolved
    assert r.result == "2 damage to g" and r.choices == {"target": "g", "may": True}
    assert out.state.destroyed == ["rr", "g"]


def test_a_second_look_at_one_library_is_not_played() -> None:
    # Isshin makes Ayesha Tanaka's attack trigger trigger an additional time (603.2d); the
    # first look puts the top four cards (Islands) on the bottom in a random order (401.4),
    # so the second looks at cards whose order isn't known: not played and listed, never a
    # second look at the same four (the audit found it missed the Ornithopter fifth).
    from trigger_play import scenario

    sc = scenario([perm("y", "Ayesha Tanaka, Armorer", "Alice"),
                   perm("i", "Isshin, Two Heavens as One", "Alice")], {"y": "Bob"}, {})
    sc["players"][0]["library"] = ["Island"] * 4 + ["Ornithopter"] + ["Island"] * 3
    got = _damage(sc)
    results = [t["result"] for t in got["triggers"] if t["source"] == "y"]
    assert len(results) == 2 and results[1].startswith("not played: another look at that library")
    assert [n["id"] for n in got["not_played"]] == ["y"]
