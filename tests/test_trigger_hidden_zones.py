"""h24: cards from hidden zones in triggered abilities of combat — library searches that put
cards onto the battlefield (701.19) and spells cast during a resolution (601.2, 608.3)
(models/triggers/hidden_zones.py; docs/triggers.md "Hidden zones (h24)")."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.board import build_board
from redzone.models.scenario import parse_scenario
from redzone.models.triggers.types import CastCard, EntersFromCard, SearchLibrary, ZoneCards
from redzone.solver.damage.solve import after_attack_window
from redzone.solver.frontends.commands import run_command
from trigger_play import perm, read


def _scenario(perms: list[dict[str, Any]], attackers: dict[str, str],
              **alice: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", "life": 20, **alice}, {"name": "Bob", "life": 20}],
            "permanents": perms, "combat": {"attackers": attackers, "blockers": {}}}


def _damage(scenario: dict[str, Any]) -> dict[str, Any]:
    return run_command("damage", scenario, {}).to_json()


# ------------------------------------------------------------------ reading


def test_searches_are_read_with_their_kinds_counts_and_bounds() -> None:
    (zur,) = read("Zur the Enchanter")
    assert zur.optional and zur.effects == (SearchLibrary(("enchantment",), 1, 3),)
    (titan,) = read("Primeval Titan")
    assert titan.effects == (SearchLibrary(("land",), 2, tapped=True),)
    (hulk,) = read("Protean Hulk")
    assert hulk.effects == (SearchLibrary(("creature",), 0, 6, total=True),)
    (ash,) = read("Seedguide Ash")
    assert ash.effects == (SearchLibrary(("Forest",), 3, tapped=True),)


def test_casts_are_read_with_their_zone_kinds_and_bounds() -> None:
    (efreet,) = read("Efreet Flamepainter")
    cast, instead = efreet.effects
    assert cast == CastCard("graveyard", EntersFromCard(
        "graveyard_card", under="you", kinds=("instant", "sorcery")), True, True)
    assert instead.what == "spell exiled instead of put into a graveyard"  # type: ignore[union-attr]
    (aisha,) = read("Aisha of Sparks and Smoke")
    assert aisha.effects == (CastCard("hand", EntersFromCard(
        "hand_card", under="you", kinds=("sorcery",), bound="damage")),)
    toshiro = read("Toshiro Umezawa")
    assert toshiro[-1].effects[0] == CastCard("graveyard", EntersFromCard(
        "graveyard_card", under="you", kinds=("instant",)), free=False, target=True)


# ------------------------------------------------------------------ searches (701.19)


def test_zur_puts_an_enchantment_from_the_stated_library_and_it_pumps() -> None:
    # 701.19, 611.3a: Zur the Enchanter (1/4 flying) attacks; Alice's library holds Glorious
    # Anthem (mana value 3: "Creatures you control get +1/+1") and Sphere of Safety (mana
    # value 5: too big). She finds the Anthem and puts it onto the battlefield before
    # blockers: Zur is 2/5 and deals 2, Bob 18.
    scenario = _scenario([perm("zur", "Zur the Enchanter", "Alice")], {"zur": "Bob"},
                         library=["Sphere of Safety", "Glorious Anthem"])
    board = build_board(parse_scenario(scenario))
    after, _, _ = after_attack_window(board, choose=lambda c: c.options[0])
    assert after.permanents["Alice~library1"].name == "Glorious Anthem"
    assert "Alice~library0" not in after.permanents  # mana value 5 > 3
    assert after.permanents["zur"].power == 2
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 18


def test_an_unstated_library_finds_no_enchantment() -> None:
    # 701.19b: a search for a card with a stated quality may find nothing; with no library
    # stated, nothing is found and the line says why. Zur deals 1: Bob 19.
    got = _damage(_scenario([perm("zur", "Zur the Enchanter", "Alice")], {"zur": "Bob"}))
    assert got["outcome"]["life"]["Bob"] == 19
    assert "the library is not stated" in got["triggers"][0]["result"]


def test_primeval_titan_finds_two_lands_one_choice_each() -> None:
    # 701.19: "up to two land cards", put onto the battlefield tapped; the stated library
    # has one land only (Mountain) and a Hill Giant: one land enters, tapped.
    scenario = _scenario([perm("pt", "Primeval Titan", "Alice")], {"pt": "Bob"},
                         library=["Hill Giant", "Mountain"])
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "search":
            asked.append(c.options)
        return c.options[0]

    board = build_board(parse_scenario(scenario))
    after, _, _ = after_attack_window(board, choose=choose)
    assert asked == [("Alice~library1", None)]
    land = after.permanents["Alice~library1"]
    assert land.is_a("Land") and land.tapped and land.controller == "Alice"


# ------------------------------------------------------------------ casting (601.2, 608.3)


def test_maelstrom_archangel_casts_a_creature_from_the_hand() -> None:
    # 608.3: Maelstrom Archangel (5/5 flying) deals combat damage to Bob; Alice casts Hill
    # Giant from her hand without paying its mana cost: it resolves and enters under her
    # control, not attacking (Bob 15).
    scenario = _scenario([perm("ma", "Maelstrom Archangel", "Alice")], {"ma": "Bob"},
                         hand=["Hill Giant"])
    got = _damage(scenario)
    assert got["outcome"]["life"]["Bob"] == 15
    result = got["triggers"][0]["result"]
    assert "casts Hill Giant" in result and "Alice~hand0" in result
    assert not any(n["id"] == "ma" for n in got["not_played"])


def test_an_instant_in_the_hand_makes_the_cast_not_played() -> None:
    # A stated instant the ability could cast (Lightning Bolt): its effect is not read, so
    # the answer lists the Archangel's ability as not played (rather than decline silently).
    got = _damage(_scenario([perm("ma", "Maelstrom Archangel", "Alice")], {"ma": "Bob"},
                            hand=["Lightning Bolt"]))
    assert any(n["id"] == "ma" and "cast a spell from your hand" in n["sentence"]
               for n in got["not_played"])
    # A stated empty hand: nothing to cast, the ability is played (and does nothing).
    none = _damage(_scenario([perm("ma", "Maelstrom Archangel", "Alice")], {"ma": "Bob"}, hand=[]))
    assert not any(n["id"] == "ma" for n in none["not_played"])
    assert "no such card in the hand" in none["triggers"][0]["result"]
    # h34: an unstated hand is unknown (it may hold a spell): not played and listed.
    unknown = _damage(_scenario([perm("ma", "Maelstrom Archangel", "Alice")], {"ma": "Bob"}))
    assert unknown["triggers"][0]["result"].startswith("not played: players[].hand not stated")
    assert any(n["id"] == "ma" for n in unknown["not_played"])


def test_efreet_flamepainter_with_no_instant_or_sorcery_is_removed() -> None:
    # 603.3d: "cast target instant or sorcery card from your graveyard": a graveyard of a
    # Hill Giant only holds no legal target; the ability is removed from the stack. Efreet
    # Flamepainter (1/4 double strike) deals 1 + 1: Bob 18.
    got = _damage(_scenario([perm("ef", "Efreet Flamepainter", "Alice")], {"ef": "Bob"},
                            graveyard=["Hill Giant"]))
    assert got["outcome"]["life"]["Bob"] == 18
    assert all(t["result"] == "removed: no legal target (603.3d)" for t in got["triggers"])


# ------------------------------------------------------------------ venture (309, 701.49)


def _venture(dungeon: str | None, room: str) -> tuple[Any, tuple[Any, ...], list[Any]]:
    # Triumphant Adventurer (1/1 deathtouch; "whenever this creature attacks, venture into
    # the dungeon") attacks Bob; Alice's venture marker is on ``dungeon`` (None: no dungeon).
    alice: dict[str, Any] = {"name": "Alice", "life": 20}
    if dungeon is not None:
        alice["dungeon"] = dungeon
    scenario = {"players": [alice, {"name": "Bob", "life": 20}],
                "permanents": [perm("ta", "Triumphant Adventurer", "Alice")],
                "combat": {"attackers": {"ta": "Bob"}, "blockers": {}}}
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "room":
            asked.append(c.options)
            return room
        return c.options[0]

    from redzone.models.game_state import GameState
    from redzone.models.triggers.resolve import attack_window

    board = build_board(parse_scenario(scenario))
    out = attack_window(board, GameState.from_board(board), {"ta": "Bob"}, choose)
    return out, tuple(out.resolved), asked


def test_a_first_venture_chooses_one_of_three_dungeons() -> None:
    # 701.49a: with no dungeon, Alice chooses Lost Mine of Phandelver, Tomb of Annihilation or
    # Dungeon of the Mad Mage and enters its first room; Tomb's Trapped Entry: each player
    # loses 1 life (309.4c).
    after, resolved, asked = _venture(None, "Trapped Entry")
    assert asked == [("Cave Entrance", "Trapped Entry", "Yawning Portal")]
    assert after.state.life == {"Alice": 19, "Bob": 19}
    assert "Tomb of Annihilation: Trapped Entry" in resolved[0].result
    assert resolved[0].choices == {"room": "Trapped Entry"}


def test_a_stated_room_moves_the_marker_to_a_next_room() -> None:
    # 309.5a: from Goblin Lair the marker moves to Storeroom or Dark Pool (her choice); Dark
    # Pool: Bob loses 1 life and Alice gains 1.
    after, _, asked = _venture("Goblin Lair", "Dark Pool")
    assert asked == [("Storeroom", "Dark Pool")]
    assert after.state.life == {"Alice": 21, "Bob": 19}
    # Storeroom: a +1/+1 counter on target creature (the Adventurer, the only one): 2/2
    after, _, _ = _venture("Goblin Lair", "Storeroom")
    assert after.board.permanents["ta"].power == 2


def test_a_completed_dungeon_starts_again_and_unread_rooms_are_listed() -> None:
    # 309.7: from the bottommost room (completed) a venture starts a new dungeon.
    _, _, asked = _venture("Temple of Dumathoin", "Yawning Portal")
    assert asked == [("Cave Entrance", "Trapped Entry", "Yawning Portal")]
    # From Trapped Entry both next rooms' abilities (Veils of Fear, Oubliette) are not read:
    # the answer lists the ability as not played; from no dungeon it is played.
    scenario = {"players": [{"name": "Alice", "life": 20, "dungeon": "Trapped Entry"},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("ta", "Triumphant Adventurer", "Alice")],
                "combat": {"attackers": {"ta": "Bob"}, "blockers": {}}}
    got = _damage(scenario)
    assert any(n["id"] == "ta" and "venture" in n["sentence"] for n in got["not_played"])
    scenario["players"][0].pop("dungeon")
    assert not any(n["id"] == "ta" for n in _damage(scenario)["not_played"])


def test_an_unknown_room_is_a_one_line_error() -> None:
    import pytest

    from redzone.models.errors import ScenarioError

    with pytest.raises(ScenarioError) as err:
        build_board(parse_scenario({"players": [{"name": "Alice", "dungeon": "Goblin Den"},
                                                {"name": "Bob"}],
                                    "permanents": [], "combat": {"attackers": {}, "blockers": {}}}))
    assert err.value.field == "players[0].dungeon" and "\n" not in str(err.value)


# ------------------------------------------------------------------ the Ring (701.54)


def _ring_scenario(blocker: str, **alice: Any) -> dict[str, Any]:
    # An inline 1/1 whose text is "Whenever this creature attacks, the Ring tempts you."
    # attacks Bob; the attack window is still to resolve (triggers_resolved: []).
    hopeful = {"id": "h", "name": "Hopeful", "controller": "Alice", "types": ["Creature"],
               "power": 1, "toughness": 1,
               "text": "Whenever this creature attacks, the Ring tempts you."}
    return {"players": [{"name": "Alice", "life": 20, **alice}, {"name": "Bob", "life": 20}],
            "permanents": [hopeful, perm("o", "Hill Giant", "Bob"),
                           perm("e", "Llanowar Elves", "Bob")],
            "combat": {"attackers": {"h": "Bob"}, "blockers": {blocker: ["h"]},
                       "triggers_resolved": []}}


def test_the_first_temptation_makes_the_ring_bearer_evasive() -> None:
    # 701.54a, c: the Ring tempts Alice for the first time; her only creature is her
    # Ring-bearer: legendary, and it can't be blocked by creatures with greater power
    # (509.1b). Hill Giant (power 3) can't block it; Llanowar Elves (power 1) can.
    giant = run_command("check-block", _ring_scenario("o"), {}).to_json()
    assert not giant["legal"] and "greater power" in giant["violations"][0]["message"]
    assert run_command("check-block", _ring_scenario("e"), {}).to_json()["legal"]
    after, _, resolved = after_attack_window(build_board(parse_scenario(_ring_scenario("e"))))
    assert "Legendary" in after.permanents["h"].supertypes
    assert "Ring-bearer" in resolved[0].result


def test_a_later_temptation_is_listed_not_played() -> None:
    # players[].ring_tempted: 1 — the Ring tempted Alice before (its bearer then is not
    # stated and its later abilities are not read): the ability is listed in not_played.
    got = _damage(_ring_scenario("e", ring_tempted=1))
    assert any(n["id"] == "h" and "Ring tempts" in n["sentence"] for n in got["not_played"])
    assert not any(n["id"] == "h" for n in _damage(_ring_scenario("e"))["not_played"])


# ------------------------------------------------------------------ "you may exile it. If you do"


def test_academy_rector_exiles_its_card_and_puts_an_enchantment_from_the_library() -> None:
    # 608.2c, 701.19: Bob's Academy Rector (1/2) blocks Hill Giant and dies; he exiles its
    # card from his graveyard and puts Glorious Anthem from his stated library onto the
    # battlefield: his Grizzly Bears become 3/3. The Rector's card is no longer in the
    # graveyard.
    from trigger_play import after_damage

    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "library": ["Glorious Anthem"]}],
                "permanents": [perm("g", "Hill Giant", "Alice"), perm("ar", "Academy Rector", "Bob"),
                               perm("b", "Grizzly Bears", "Bob")],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"ar": ["g"]}}}
    out = after_damage(scenario, [("g", "ar", 3), ("ar", "g", 1)])
    assert out.board.permanents["Bob~library0"].name == "Glorious Anthem"
    assert out.board.permanents["b"].power == 3
    assert out.state.reasons["ar"].startswith("exiled")
    assert "exiled from its owner's graveyard" in out.resolved[0].result


def test_a_token_rector_has_no_card_to_exile() -> None:
    # 111.7: a token copy of Academy Rector that dies leaves no card in the graveyard: "If
    # you do" is not done, nothing is searched for.
    from trigger_play import after_damage

    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "library": ["Glorious Anthem"]}],
                "permanents": [perm("g", "Hill Giant", "Alice"),
                               perm("ar", "Academy Rector", "Bob", token=True)],
                "combat": {"attackers": {"g": "Bob"}, "blockers": {"ar": ["g"]}}}
    out = after_damage(scenario, [("g", "ar", 3), ("ar", "g", 1)])
    assert "Bob~library0" not in out.board.permanents
    assert out.resolved[0].result.startswith("its card is not in the graveyard")


# ------------------------------------------------------------------ drawn, then put from the hand


def test_braulios_draws_the_stated_top_card_and_may_put_it_onto_the_battlefield() -> None:
    # 121.1, 608.2b: Braulios of Pheres Band attacks; Alice draws the top card of her stated
    # library (a Forest) and may put a land card from her hand onto the battlefield: the
    # Forest drawn (the hand held only Hill Giant, not a land).
    scenario = _scenario([perm("br", "Braulios of Pheres Band", "Alice", power=3, toughness=3)], {"br": "Bob"},
                         library=["Forest", "Mountain"], hand=["Hill Giant"])
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "chosen":
            asked.append(c.options)
        return c.options[0]

    after, _, resolved = after_attack_window(build_board(parse_scenario(scenario)), choose=choose)
    assert asked == [("Alice~library0", None)]  # the Mountain is not drawn
    assert after.permanents["Alice~library0"].name == "Forest"
    got = _damage(scenario)
    assert not any(n["id"] == "br" for n in got["not_played"])


def test_an_unstated_library_makes_the_card_drawn_unknown() -> None:
    # With no library stated the card drawn is unknown: the ability is listed as not played.
    got = _damage(_scenario([perm("br", "Braulios of Pheres Band", "Alice", power=3, toughness=3)], {"br": "Bob"}))
    assert any(n["id"] == "br" and "draw a card" in n["sentence"] for n in got["not_played"])


# ------------------------------------------------------------------ cards of a hand or graveyard


def test_world_shaper_returns_every_land_card_of_the_graveyard_tapped() -> None:
    # 400.7: Alice's World Shaper (3/3) attacks, is blocked by Bob's Hill Giant and dies:
    # every land card of Alice's stated graveyard (Forest,
    # Mountain; not the Grizzly Bears) returns to the battlefield tapped.
    from trigger_play import after_damage

    scenario = {"players": [{"name": "Alice", "life": 20,
                             "graveyard": ["Forest", "Grizzly Bears", "Mountain"]},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("ws", "World Shaper", "Alice"), perm("g", "Hill Giant", "Bob")],
                "combat": {"attackers": {"ws": "Bob"}, "blockers": {"g": ["ws"]}}}
    out = after_damage(scenario, [("g", "ws", 3), ("ws", "g", 3)])
    forest, mountain = out.board.permanents["Alice~graveyard0"], out.board.permanents["Alice~graveyard2"]
    assert forest.name == "Forest" and mountain.name == "Mountain"
    assert forest.tapped and mountain.tapped and forest.controller == "Alice"
    assert "Alice~graveyard1" not in out.board.permanents


def test_a_graveyard_read_after_a_mill_of_the_same_ability_is_not_read() -> None:
    # Teval mills three cards, then may return a land card from the graveyard: the cards
    # milled are not stated, so the ability is not read (a loud gap); Dread Tiller's "from
    # your hand or graveyard" is.
    from redzone.models.triggers.parse import parse_trigger

    assert parse_trigger("Whenever Teval attacks, mill three cards. Then you may return a land "
                         "card from your graveyard to the battlefield tapped.", ("Teval",)) is None
    (tiller,) = read("Dread Tiller")
    (put,) = tiller.effects
    assert isinstance(put, ZoneCards) and put.zones == ("hand", "graveyard") and put.card.tapped


# ------------------------------------------------------------------ revealed until (701.20a)


def test_raph_and_mikey_put_the_first_creature_card_revealed_attacking() -> None:
    # 701.20a, 508.4: Raph & Mikey (7/7 trample) attack; Alice reveals from the top of her
    # stated library until a creature card: Forest, then Hill Giant (3/3), put onto the
    # battlefield tapped and attacking Bob, never declared. Unblocked: 7 + 3 = 10, Bob 10.
    scenario = _scenario([perm("rm", "Raph & Mikey, Troublemakers", "Alice")], {"rm": "Bob"},
                         library=["Forest", "Hill Giant", "Grizzly Bears"])
    after, attackers, _ = after_attack_window(build_board(parse_scenario(scenario)))
    giant = after.permanents["Alice~library1"]
    assert giant.name == "Hill Giant" and giant.tapped and attackers["Alice~library1"] == "Bob"
    assert "Alice~library2" not in after.permanents
    assert _damage(scenario)["outcome"]["life"]["Bob"] == 10
    # no library stated: the cards revealed are unknown, the ability is listed not played
    got = _damage(_scenario([perm("rm", "Raph & Mikey, Troublemakers", "Alice")], {"rm": "Bob"}))
    assert any(n["id"] == "rm" for n in got["not_played"])


# ------------------------------------------------------------------ the exiled card face up (607.2a)


def test_clone_shell_puts_its_stated_face_down_creature_onto_the_battlefield() -> None:
    # 607.2a: Clone Shell (2/2) exiled Serra Angel face down (the scenario's exiled); it
    # attacks, Hill Giant blocks and it dies: the Angel is turned face up and, a creature
    # card, put onto the battlefield under Alice's control.
    from trigger_play import after_damage

    def scenario(card: str, exiled: str) -> dict[str, Any]:
        return {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}],
                "permanents": [perm("cs", card, "Alice", exiled={exiled: "Alice"}),
                               perm("g", "Hill Giant", "Bob")],
                "combat": {"attackers": {"cs": "Bob"}, "blockers": {"g": ["cs"]}}}

    out = after_damage(scenario("Clone Shell", "Serra Angel"), [("g", "cs", 3), ("cs", "g", 2)])
    angel = out.board.permanents["cs~exiled0"]
    assert angel.name == "Serra Angel" and angel.controller == "Alice"
    out = after_damage(scenario("Clone Shell", "Lightning Bolt"), [("g", "cs", 3), ("cs", "g", 2)])
    assert "cs~exiled0" not in out.board.permanents
    assert "not a creature card" in out.resolved[0].result
    # Compleated Clone Shell casts it: an instant's effect is not read, so the answer lists it
    got = _damage(scenario("Compleated Clone Shell", "Lightning Bolt"))
    assert any(n["id"] == "cs" and "face up" in n["sentence"] for n in got["not_played"])


def test_kaalia_puts_an_angel_from_the_hand_attacking_the_player_she_attacks() -> None:
    # 508.4: Kaalia of the Vast attacks Carol (three players); Alice's stated hand holds Serra
    # Angel and Hill Giant: the Angel (an Angel) is put onto the battlefield tapped and
    # attacking Carol — "that opponent", not Alice's choice; the Giant can't be chosen.
    scenario = {"players": [{"name": "Alice", "life": 20, "hand": ["Hill Giant", "Serra Angel"]},
                            {"name": "Bob", "life": 20}, {"name": "Carol", "life": 20}],
                "permanents": [perm("k", "Kaalia of the Vast", "Alice")],
                "combat": {"attackers": {"k": "Carol"}, "blockers": {}}}
    after, attackers, _ = after_attack_window(build_board(parse_scenario(scenario)),
                                              choose=lambda c: c.options[0])
    angel = after.permanents["Alice~hand1"]
    assert angel.name == "Serra Angel" and angel.tapped and attackers["Alice~hand1"] == "Carol"
    assert "Alice~hand0" not in after.permanents


def test_veteran_explorer_lets_each_player_search_for_two_basic_lands() -> None:
    # 701.19, 101.4: Veteran Explorer dies; Alice (active) and then Bob may each search their
    # library for up to two basic land cards, put onto the battlefield under their control.
    # Bob's stated library: Forest, Hill Giant, Island.
    from trigger_play import after_damage

    scenario = {"players": [{"name": "Alice", "life": 20},
                            {"name": "Bob", "life": 20, "library": ["Forest", "Hill Giant", "Island"]}],
                "permanents": [perm("ve", "Veteran Explorer", "Alice"), perm("g", "Hill Giant", "Bob")],
                "combat": {"attackers": {"ve": "Bob"}, "blockers": {"g": ["ve"]}}}
    out = after_damage(scenario, [("g", "ve", 3), ("ve", "g", 1)])
    forest, island = out.board.permanents["Bob~library0"], out.board.permanents["Bob~library2"]
    assert forest.controller == island.controller == "Bob" and not forest.tapped
    assert "Bob~library1" not in out.board.permanents
    assert out.resolved[0].result.startswith("Alice: ")  # the active player first


def test_bonny_pall_may_put_a_land_from_the_graveyard_after_drawing() -> None:
    # "draw a card, then you may put a land card from your hand or graveyard onto the
    # battlefield": the card drawn (Hill Giant, the top of the stated library) is no land;
    # the Mountain of Alice's stated graveyard is the one land card to choose (h34: her hand
    # is stated empty; unstated, it is unknown and the ability is not played).
    scenario = {"players": [{"name": "Alice", "life": 20, "library": ["Hill Giant"], "hand": [],
                             "graveyard": ["Grizzly Bears", "Mountain"]},
                            {"name": "Bob", "life": 20}],
                "permanents": [perm("bp", "Bonny Pall, Clearcutter", "Alice")],
                "combat": {"attackers": {"bp": "Bob"}, "blockers": {}}}
    asked: list[Any] = []

    def choose(c: Any) -> Any:
        if c.what == "chosen":
            asked.append(c.options)
        return c.options[0]

    after, _, _ = after_attack_window(build_board(parse_scenario(scenario)), choose=choose)
    assert asked == [("Alice~graveyard1", None)]
    assert after.permanents["Alice~graveyard1"].name == "Mountain"


def test_the_cradle_room_creates_the_legendary_atropal() -> None:
    # Tomb of Annihilation's last room creates The Atropal, a legendary 4/4 black God Horror
    # token with deathtouch (card data of the dungeon, AFR): a second one would fall to the
    # legend rule (704.5j), so the token is named and legendary, not a plain 4/4.
    from redzone.models.triggers.hidden_zones import ROOMS
    from redzone.models.triggers.parse import parse_triggers

    dungeon, effect, after = ROOMS["Cradle of the Death God"]
    assert (dungeon, after) == ("Tomb of Annihilation", ())
    assert effect is not None
    (t,) = parse_triggers(f"When this creature dies, {effect}.", ())
    (tok,) = t.effects
    assert (tok.name, tok.legendary, tok.power, tok.toughness, tok.keywords) == (
        "The Atropal", True, 4, 4, ("deathtouch",))
    # the rooms that lead to it (309.5a: the marker moves only along the arrows)
    assert {r for r, (d, _, nxt) in ROOMS.items() if "Cradle of the Death God" in nxt} == {
        "Sandfall Cell", "Oubliette"}


def test_the_ring_bearer_can_be_stated() -> None:
    # 701.54a: as the Ring tempts Alice (Rohirrim Lancer dies to a double block: menace,
    # 702.111b), she chooses her Ring-bearer; trigger_choices[].chosen states it (the new-user
    # trial found it refused), and a creature she doesn't control is an error naming the field.
    s = {"active_player": "Alice", "players": [{"name": "Alice"}, {"name": "Bob"}],
         "permanents": [{"id": "l", "card": "Rohirrim Lancer", "controller": "Alice"},
                        {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
                        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
                        {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"}],
         "combat": {"attackers": {"l": "Bob"}, "blockers": {"b1": ["l"], "b2": ["l"]},
                    "trigger_choices": [{"source": "l", "window": "regular", "chosen": "giant"}]}}
    got = run_command("damage", s, {}).to_json()
    assert [t["result"] for t in got["triggers"]] == [
        "the Ring tempts Alice: giant is their Ring-bearer — legendary and can't be blocked by "
        "creatures with greater power (701.54a, c)"]
    from redzone.models.errors import ScenarioError

    s["combat"]["trigger_choices"][0]["chosen"] = "b1"
    with pytest.raises(ScenarioError, match=r"trigger_choices\[0\]\.chosen"):
        run_command("damage", s, {})
