"""Rules fidelity, round 2 (issue 10 follow-up): templates added for parser coverage, each
with a real card, the right answer and its rule.

- prevention on the permanent itself with +1/+1 counters removed (Phantom Centaur, Oathsworn
  Knight, Protean Hydra; CR 615, the Phantom rulings: one counter per damage event);
- creature groups by token status, supertype, "modified" and equipment (CR 111.1, 205.4,
  700.9, 301.5).
"""

from __future__ import annotations

from typing import Any

from redzone.models.abilities import Grant, Keyword, PreventDamage
from redzone.models.board import build_board
from redzone.models.outcome import DamageEvent, GameState, resolve_damage
from redzone.models.parser import analyse_text, parse_text
from redzone.models.scenario import parse_scenario

PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def board_of(permanents: list[dict[str, Any]], **extra: Any):
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents, **extra}))


def play(board, *events: tuple[str, str, int]):
    state = GameState.from_board(board)
    dealt = resolve_damage(board, state, [DamageEvent(*e) for e in events], combat=True)
    return state, dealt


# ------------------------------------------------------------ prevention with counters


def test_phantom_centaur_reads_both_sentences_as_one_prevention() -> None:
    # The two sentences are one effect: damage prevented, one +1/+1 counter removed (615).
    sents = analyse_text("If damage would be dealt to Phantom Centaur, prevent that damage. "
                         "Remove a +1/+1 counter from Phantom Centaur.", names=("Phantom Centaur",))
    assert [s.status for s in sents] == ["understood"]
    (ability,) = sents[0].abilities
    assert isinstance(ability, PreventDamage)
    assert (ability.remove_counters, ability.while_counter) == ("one", False)


def test_phantom_centaur_loses_one_counter_for_two_blockers_and_dies_at_zero() -> None:
    # Phantom Centaur is 2/0 printed; with one +1/+1 counter it is 3/1 (613.4c). Two Bears
    # deal damage at once: all of it is prevented and only one counter is removed (Phantom
    # rulings), so it is 2/0 and is put into the graveyard (704.5f); the Bears take 3.
    board = board_of([
        {"id": "centaur", "card": "Phantom Centaur", "controller": "Alice",
         "counters": {"+1/+1": 1}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    assert (board.permanents["centaur"].power, board.permanents["centaur"].toughness) == (3, 1)
    state, dealt = play(board, ("b1", "centaur", 2), ("b2", "centaur", 2), ("centaur", "b1", 3))
    assert [d.amount for d in dealt] == [0, 0, 3]
    out = state.to_outcome(board)
    assert out["counters"]["centaur"] == {"+1/+1": 0}
    assert sorted(out["destroyed"]) == ["b1", "centaur"]


def test_phantom_centaur_with_counters_left_survives() -> None:
    # Three counters (5/3): one Bears' damage is prevented, one counter goes: 4/2, alive.
    board = board_of([
        {"id": "centaur", "card": "Phantom Centaur", "controller": "Alice",
         "counters": {"+1/+1": 3}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    state, _ = play(board, ("b1", "centaur", 2))
    assert state.power(board, "centaur") == 4 and state.toughness(board, "centaur") == 2
    assert state.to_outcome(board)["destroyed"] == []


def test_oathsworn_knight_prevents_only_while_it_has_a_counter() -> None:
    # "while it has a +1/+1 counter on it": with none (a 0/0 kept at 1/1 by another effect:
    # current values given), damage is dealt and kills it (704.5g); with two counters (2/2)
    # the damage is prevented and one counter removed: 1/1, alive.
    bare = board_of([
        {"id": "knight", "card": "Oathsworn Knight", "controller": "Alice", "power": 1,
         "toughness": 1},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    state, dealt = play(bare, ("b1", "knight", 2))
    assert dealt[0].amount == 2
    assert state.to_outcome(bare)["destroyed"] == ["knight"]
    two = board_of([
        {"id": "knight", "card": "Oathsworn Knight", "controller": "Alice",
         "counters": {"+1/+1": 2}},
        {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    assert (two.permanents["knight"].power, two.permanents["knight"].toughness) == (2, 2)
    state, dealt = play(two, ("b1", "knight", 2))
    assert dealt[0].amount == 0
    assert (state.power(two, "knight"), state.toughness(two, "knight")) == (1, 1)
    assert state.to_outcome(two)["destroyed"] == []


def test_protean_hydra_loses_as_many_counters_as_damage_prevented() -> None:
    # "remove that many +1/+1 counters": 3 damage prevented, 3 of its 5 counters go (0/0
    # printed: 2/2 left).
    board = board_of([
        {"id": "hydra", "card": "Protean Hydra", "controller": "Alice",
         "counters": {"+1/+1": 5}},
        {"id": "giant", "card": "Hill Giant", "controller": "Bob"},
    ])
    state, dealt = play(board, ("giant", "hydra", 3))
    assert dealt[0].amount == 0
    assert (state.power(board, "hydra"), state.toughness(board, "hydra")) == (2, 2)


def test_prevention_followed_by_counters_this_way_is_read_whole() -> None:
    # Phyrexian Hydra puts -1/-1 counters for the damage prevented: reading the prevention
    # alone would be half the effect; since h38 the two sentences are one reading, the
    # prevention with its counters (615; played in tests/test_static_family_h38.py).
    from redzone.models.abilities import DamageAsCounters

    sents = analyse_text("If damage would be dealt to this creature, prevent that damage. Put a "
                         "-1/-1 counter on this creature for each 1 damage prevented this way.")
    assert len(sents) == 1 and sents[0].status == "understood"
    (got,) = sents[0].abilities
    assert isinstance(got, DamageAsCounters) and got.prevention and got.counter == "-1/-1"


# ------------------------------------------------------------ creature groups


def test_creature_tokens_you_control_have_haste_reaches_tokens_only() -> None:
    # CR 111.1: a token is not a card; "creature tokens you control" (Brudiclad) reaches the
    # scenario's token permanents only.
    board = board_of([
        {"id": "brudiclad", "card": "Brudiclad, Telchor Engineer", "controller": "Alice"},
        {"id": "thopter", "name": "Thopter", "types": ["Artifact", "Creature"],
         "subtypes": ["Thopter"], "power": 1, "toughness": 1, "controller": "Alice",
         "token": True},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["thopter"], "haste")
    assert not board.has_keyword(board.permanents["bears"], "haste")


def test_other_legendary_creatures_you_control_have_menace() -> None:
    # CR 205.4: "legendary" is a supertype; Shanid grants menace to other legendary
    # creatures its controller controls.
    board = board_of([
        {"id": "shanid", "card": "Shanid, Sleepers' Scourge", "controller": "Alice"},
        {"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
    ])
    assert board.has_keyword(board.permanents["isamaru"], "menace")
    assert not board.has_keyword(board.permanents["bears"], "menace")  # not legendary


def test_modified_creatures_have_trample_counters_or_equipment() -> None:
    # CR 700.9: modified = a counter on it, equipped, or enchanted by an Aura its controller
    # controls (Kodama of the West Tree grants trample to them).
    (grant,) = parse_text("Modified creatures you control have trample.").abilities
    assert isinstance(grant, Grant) and grant.abilities[0] == Keyword(name="trample", text=grant.text)
    board = board_of([
        {"id": "kodama", "card": "Kodama of the West Tree", "controller": "Alice"},
        {"id": "countered", "card": "Grizzly Bears", "controller": "Alice", "counters": {"+1/+1": 1}},
        {"id": "equipped", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "sword", "card": "Bonesplitter", "controller": "Alice", "attached_to": "equipped"},
        {"id": "plain", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "cursed", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "aura", "card": "Pacifism", "controller": "Bob", "attached_to": "cursed"},
    ])
    has = {pid: board.has_keyword(board.permanents[pid], "trample")
           for pid in ("countered", "equipped", "plain", "cursed")}
    # An Aura an opponent controls does not make the creature modified (700.9).
    assert has == {"countered": True, "equipped": True, "plain": False, "cursed": False}


def test_rubblebelt_runner_cant_be_blocked_by_a_token() -> None:
    # CR 509.1b: "can't be blocked by creature tokens": Bob's Soldier token can't block the
    # Runner, his Grizzly Bears can: the legal blocks are none and the Bears alone.
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import check_blocks, enumerate_all_blocks

    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [
            {"id": "runner", "card": "Rubblebelt Runner", "controller": "Alice"},
            {"id": "soldier", "name": "Soldier", "types": ["Creature"], "subtypes": ["Soldier"],
             "colors": ["W"], "power": 1, "toughness": 1, "controller": "Bob", "token": True},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        ],
        "combat": {"attackers": {"runner": "Bob"}}}))
    found = enumerate_all_blocks(block_problems(board), limit=100)
    legal = {frozenset((b, a) for b, xs in d.items() for a in xs) for d in found.declarations}
    assert legal == {frozenset(), frozenset({("bears", "runner")})}
    check = check_blocks(block_problems(board), {"soldier": ["runner"]})
    assert not check.legal


# ------------------------------------------------------------ damage by toughness


def test_doran_creatures_assign_combat_damage_equal_to_toughness() -> None:
    # Doran, the Siege Tower (0/5): "Each creature assigns combat damage equal to its
    # toughness rather than its power" (CR 510.1a as the effect modifies it). Doran attacks
    # unblocked: Bob loses 5, not 0. A Wall of Wood (0/3) blocking Alice's Grizzly Bears
    # deals 3 to them: the Bears (2/2) die and deal 2 to the Wall.
    from redzone.solver.damage.solve import play_out

    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [
            {"id": "doran", "card": "Doran, the Siege Tower", "controller": "Alice"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
            {"id": "wall", "card": "Wall of Wood", "controller": "Bob"},
        ],
        "combat": {"attackers": {"doran": "Bob", "bears": "Bob"},
                   "blockers": {"wall": ["bears"]}}}))
    result = play_out(board)
    sources = {s.id: s.amount for s in result.steps[0].problem.sources}
    assert sources == {"doran": 5, "bears": 2, "wall": 3}
    assert result.outcome["life"]["Bob"] == 15
    assert result.outcome["destroyed"] == ["bears"]


def test_lumberknot_only_creatures_with_toughness_greater_than_power() -> None:
    # Ancient Lumberknot (1/4): only creatures its controller controls with toughness
    # greater than power assign damage by toughness; Grizzly Bears (2/2) still assign 2.
    from redzone.models.damage_rules import damage_problem

    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [
            {"id": "knot", "card": "Ancient Lumberknot", "controller": "Alice"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        ],
        "combat": {"attackers": {"knot": "Bob", "bears": "Bob"}}}))
    amounts = {s.id: s.amount for s in damage_problem(board).sources}
    assert amounts == {"knot": 4, "bears": 2}


# ------------------------------------------------------------ combat-state conditions


def _blocks(board) -> set[frozenset[tuple[str, str]]]:
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import enumerate_all_blocks

    found = enumerate_all_blocks(block_problems(board), limit=1000)
    assert found.complete
    return {frozenset((b, a) for b, xs in d.items() for a in xs) for d in found.declarations}


def _combat_board(permanents: list[dict[str, Any]], attackers: dict[str, str],
                  blockers: dict[str, list[str]] | None = None):
    combat: dict[str, Any] = {"attackers": attackers}
    if blockers:
        combat["blockers"] = blockers
    return build_board(parse_scenario({"players": PLAYERS, "permanents": permanents,
                                       "combat": combat}))


def test_kitesail_corsair_flies_only_while_attacking() -> None:
    # CR 611.3a, 506.4: "has flying as long as it's attacking": attacking, it can't be
    # blocked by Grizzly Bears (702.9b); out of combat it has no flying.
    perms = [{"id": "corsair", "card": "Kitesail Corsair", "controller": "Alice"},
             {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]
    board = _combat_board(perms, {"corsair": "Bob"})
    assert board.has_keyword(board.permanents["corsair"], "flying")
    assert _blocks(board) == {frozenset()}
    idle = board_of(perms)
    assert not idle.has_keyword(idle.permanents["corsair"], "flying")


def test_dream_prowler_unblockable_only_when_attacking_alone() -> None:
    # "can't be blocked as long as it's attacking alone" (506.5: the only creature
    # attacking): alone, no block is legal; with the Bears attacking too, either may be
    # blocked by Bob's one creature.
    perms = [{"id": "prowler", "card": "Dream Prowler", "controller": "Alice"},
             {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
             {"id": "wall", "card": "Wall of Wood", "controller": "Bob"}]
    alone = _combat_board(perms, {"prowler": "Bob"})
    assert _blocks(alone) == {frozenset()}
    both = _combat_board(perms, {"prowler": "Bob", "bears": "Bob"})
    assert _blocks(both) == {frozenset(), frozenset({("wall", "prowler")}),
                             frozenset({("wall", "bears")})}


def test_blood_petal_celebrant_strikes_first_only_when_attacking() -> None:
    # "has first strike as long as it's attacking" (702.7b): attacking into Grizzly Bears
    # (2/2) it kills them in the first-strike step and takes no damage; blocking, it
    # deals damage at the same time as the attacker.
    from redzone.solver.damage.solve import play_out

    attack = _combat_board([{"id": "petal", "card": "Blood Petal Celebrant", "controller": "Alice"},
                            {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
                           {"petal": "Bob"}, {"bears": ["petal"]})
    result = play_out(attack)
    assert [r.problem.step for r in result.steps] == ["first-strike", "regular"]
    assert result.outcome["destroyed"] == ["bears"]
    defend = build_board(parse_scenario({
        "players": PLAYERS, "active_player": "Bob",
        "permanents": [{"id": "petal", "card": "Blood Petal Celebrant", "controller": "Alice"},
                       {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}],
        "combat": {"attackers": {"bears": "Alice"}, "blockers": {"petal": ["bears"]}}}))
    assert not defend.has_keyword(defend.permanents["petal"], "first strike")
    assert sorted(play_out(defend).outcome["destroyed"]) == ["bears", "petal"]


def test_blade_historian_attacking_creatures_have_double_strike() -> None:
    # "Attacking creatures you control have double strike" (702.4b): an unblocked Grizzly
    # Bears deals 2 in each combat damage step: Bob loses 4. Bob's creatures are unaffected.
    from redzone.solver.damage.solve import play_out

    board = _combat_board([{"id": "historian", "card": "Blade Historian", "controller": "Alice"},
                           {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}],
                          {"bears": "Bob"})
    assert not board.has_keyword(board.permanents["historian"], "double strike")
    assert play_out(board).outcome["life"]["Bob"] == 16


# ------------------------------------------------------------ what the defending player controls


def test_bouncing_beebles_unblockable_while_defender_controls_an_artifact() -> None:
    # 509.1b: "can't be blocked as long as defending player controls an artifact": Bob
    # controls Ornithopter, so neither of his creatures can block the Beebles; without it
    # his Grizzly Bears may.
    beebles = {"id": "beebles", "card": "Bouncing Beebles", "controller": "Alice"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}
    thopter = {"id": "thopter", "card": "Ornithopter", "controller": "Bob"}
    assert _blocks(_combat_board([beebles, bears, thopter], {"beebles": "Bob"})) == {frozenset()}
    assert _blocks(_combat_board([beebles, bears], {"beebles": "Bob"})) == {
        frozenset(), frozenset({("bears", "beebles")})}


def test_branded_brawlers_cant_attack_if_defender_has_an_untapped_land() -> None:
    # 508.1c: "can't attack if defending player controls an untapped land": Bob's untapped
    # Forest keeps the Brawlers home; tapped, it doesn't.
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import check_attack

    def board(tapped: bool):
        return board_of([{"id": "brawlers", "card": "Branded Brawlers", "controller": "Alice"},
                         {"id": "forest", "card": "Forest", "controller": "Bob", "tapped": tapped}])

    blocked = check_attack(attack_problem(board(False)), {"brawlers": "Bob"})
    assert not blocked.legal and "508.1c" in blocked.violations[0].message
    assert check_attack(attack_problem(board(True)), {"brawlers": "Bob"}).legal


def test_lurking_green_dragon_attacks_only_a_player_with_a_flier() -> None:
    # 508.1c: "can't attack unless defending player controls a creature with flying".
    from redzone.models.attack_rules import attack_problem
    from redzone.solver.attack.solve import check_attack

    base = [{"id": "dragon", "card": "Lurking Green Dragon", "controller": "Alice"}]
    assert not check_attack(attack_problem(board_of(base)), {"dragon": "Bob"}).legal
    flier = board_of(base + [{"id": "angel", "card": "Serra Angel", "controller": "Bob"}])
    assert check_attack(attack_problem(flier), {"dragon": "Bob"}).legal


# ------------------------------------------------------------ card faces


def test_aftermath_and_split_cards_have_their_total_mana_value() -> None:
    # CR 709.4b, 202.3d: outside the stack a split card's mana value is the total of both
    # halves: Appeal ({G}) // Authority ({1}{W}) is 3, Cut ({1}{R}) // Ribbons ({X}{B}{B},
    # X = 0) is 4, Cease ({1}{B/G}) // Desist ({4}{G/W}{G/W}) is 8.
    from redzone.models.cards import lookup

    assert lookup("Appeal // Authority").mana_value == 3
    assert lookup("Cut // Ribbons").mana_value == 4
    assert lookup("Cease // Desist").mana_value == 8
    authority = lookup("Appeal // Authority").faces[1]
    assert authority.known and authority.types == ("Sorcery",) and authority.mana_value == 2


def test_adventurer_mana_value_is_its_creature_face() -> None:
    # CR 715.4: outside the stack an adventurer card has only its creature characteristics:
    # Bonecrusher Giant ({2}{R}) // Stomp ({1}{R}) has mana value 3, on the battlefield too.
    from redzone.models.cards import lookup

    assert lookup("Bonecrusher Giant // Stomp").mana_value == 3
    board = board_of([{"id": "giant", "card": "Bonecrusher Giant", "controller": "Alice"}])
    assert board.permanents["giant"].mana_value == 3


def test_an_adventure_named_as_a_permanent_is_an_error_naming_the_creature() -> None:
    # An Adventure is an instant or sorcery: never a permanent (CR 715.4); the error names
    # the field and the creature face to use instead.
    import pytest

    from redzone.models.cards import all_cards
    from redzone.models.errors import ScenarioError

    card = next(c for c in all_cards() if c.layout == "adventure" and not c.faces[1].known)
    with pytest.raises(ScenarioError) as err:
        board_of([{"id": "x", "card": card.faces[1].name, "controller": "Alice"}])
    message = str(err.value)
    assert "permanents[0].card" in message and card.faces[0].name in message and "715.4" in message


def test_a_room_half_loads_with_its_text_and_digital_rooms_are_gone() -> None:
    # Lecture Hall (the second door of Restricted Office) is now known; the two Rooms whose
    # second doors use digital-only mechanics (conjure, perpetually) are not paper cards.
    from redzone.models.cards import lookup, lookup_face
    from redzone.models.errors import UnknownCardError
    import pytest

    _, hall = lookup_face("Lecture Hall")
    assert hall.known and hall.type_line == "Enchantment — Room" and hall.mana_value == 7
    assert lookup("Restricted Office // Lecture Hall").mana_value == 11
    for gone in ("Solitary Study // Endless Corridor", "Crude Abattoir // Unsavory Kitchen"):
        with pytest.raises(UnknownCardError):
            lookup(gone)


# ------------------------------------------------------------ small findings


def test_keyword_sentences_on_one_line_are_keywords() -> None:
    # An inline card's "Flying. Trample." is two keyword lines (CR 702.9, 702.19), not
    # two unparsed sentences.
    sents = analyse_text("Flying. Trample.")
    assert [(s.status, s.abilities) for s in sents] == [
        ("understood", (Keyword(name="flying", text="Flying"),)),
        ("understood", (Keyword(name="trample", text="Trample"),))]
    board = board_of([{"id": "x", "name": "Drake", "types": ["Creature"], "power": 2,
                       "toughness": 2, "controller": "Alice", "text": "Flying. Trample."}])
    x = board.permanents["x"]
    assert x.has_keyword("flying") and x.has_keyword("trample") and x.unparsed == ()


def _damage_scenario(rules: str) -> dict[str, Any]:
    return {"players": PLAYERS, "rules": rules,
            "permanents": [{"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                           {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
                           {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"}],
            "combat": {"attackers": {"giant": "Bob"}, "blockers": {"b1": ["giant"], "b2": ["giant"]},
                       "damage_order": {"giant": ["b2", "b1"]}}}


def test_damage_order_under_current_rules_warns() -> None:
    # CR 510.1c (2024): no damage assignment order; a damage_order given under rules:
    # current has no effect, which the answer says (text and JSON); under "2023" it is used.
    from redzone.solver.frontends.commands import run_command

    answer = run_command("damage", _damage_scenario("current"), {})
    assert any("damage_order" in w and "510.1c" in w for w in answer.warnings())
    assert "510.1c" in answer.to_json()["warnings"][0]
    old = run_command("damage", _damage_scenario("2023"), {})
    assert not any("damage_order" in w for w in old.warnings())
    assert "warnings" not in old.to_json()


def test_first_strike_step_lists_the_waiting_creatures_once() -> None:
    # CR 510.4: in the first-strike step the creatures without first or double strike deal
    # no damage; the text says so once for all of them.
    import io

    from rich.console import Console

    from redzone.solver.frontends.commands import run_command

    scenario = {"players": PLAYERS,
                "permanents": [{"id": "knight", "card": "White Knight", "controller": "Alice"},
                               {"id": "b1", "card": "Grizzly Bears", "controller": "Alice"},
                               {"id": "b2", "card": "Grizzly Bears", "controller": "Alice"}],
                "combat": {"attackers": {"knight": "Bob", "b1": "Bob", "b2": "Bob"}}}
    out = io.StringIO()
    run_command("damage", scenario, {}).render(Console(file=out, width=400))
    text = out.getvalue()
    first = text.split("Regular combat damage step")[0]
    assert first.count("deal no damage") + first.count("deals no damage") == 1
    assert "Grizzly Bears (b1), Grizzly Bears (b2) deal no damage in this step" in first


def test_card_json_gives_numbers_as_numbers() -> None:
    # `redzone card --json`: printed power/toughness that are numbers are JSON numbers;
    # a "*" value (Tarmogoyf, CR 208.2) stays a string.
    import json

    from click.testing import CliRunner

    from redzone.solver.frontends.cli import cli

    bears = json.loads(CliRunner().invoke(cli, ["card", "--json", "Grizzly Bears"]).output)
    assert (bears["power"], bears["toughness"], bears["faces"][0]["power"]) == (2, 2, 2)
    goyf = json.loads(CliRunner().invoke(cli, ["card", "--json", "Tarmogoyf"]).output)
    assert (goyf["power"], goyf["toughness"]) == ("*", "1+*")


def test_unknown_weight_suggests_the_close_name() -> None:
    import pytest

    from redzone.models.errors import ScenarioError
    from redzone.models.evaluation import Weights

    with pytest.raises(ScenarioError, match="did you mean life_scale"):
        Weights.from_mapping({"lfe_scale": 1})


# ------------------------------------------------------------ Phyrexian block taxes


def test_phyrexian_block_tax_is_paid_with_life_up_to_the_life_total() -> None:
    # CR 107.4f, 119.4, 509.1d: "Creatures can't block unless their controller pays {W/P}
    # for each blocking creature they control" (an inline enchantment): Bob's mana is
    # generic, so each block costs 2 life. At 3 life he can pay for one blocker, not two
    # (4 > 3); never forced (509.1d): no block stays legal.
    from redzone.models.abilities import BlockTax
    from redzone.models.block_rules import block_problems
    from redzone.solver.block.solve import check_blocks, enumerate_all_blocks, plan_blocks
    from redzone.solver.reference import reference_legal_blocks

    text = ("Creatures can't block unless their controller pays {W/P} for each blocking "
            "creature they control.")
    (tax,) = parse_text(text).abilities
    assert isinstance(tax, BlockTax) and tax.phyrexian == ("W",) and tax.generic == 0

    def board(life: int):
        return build_board(parse_scenario({
            "players": [{"name": "Alice"}, {"name": "Bob", "life": life}],
            "permanents": [
                {"id": "giant", "card": "Hill Giant", "controller": "Alice"},
                {"id": "b1", "card": "Grizzly Bears", "controller": "Bob"},
                {"id": "b2", "card": "Grizzly Bears", "controller": "Bob"},
                {"id": "rule", "name": "Life Toll", "types": ["Enchantment"],
                 "controller": "Alice", "text": text}],
            "combat": {"attackers": {"giant": "Bob"}}}))

    low = board(3)
    (problem,) = block_problems(low)
    assert problem.blocker_life_costs == {"b1": 2, "b2": 2}
    found = enumerate_all_blocks(block_problems(low), limit=100)
    legal = {frozenset((b, a) for b, xs in d.items() for a in xs) for d in found.declarations}
    assert legal == {frozenset(), frozenset({("b1", "giant")}), frozenset({("b2", "giant")})}
    assert legal == {frozenset((b, a) for b, xs in d.items() for a in xs)
                     for d in reference_legal_blocks(problem)}
    both = check_blocks(block_problems(low), {"b1": ["giant"], "b2": ["giant"]})
    assert not both.legal and "119.4" in both.violations[0].message
    assert plan_blocks(block_problems(low)).blockers == {}  # a cost is never forced
    rich = board(4)
    assert check_blocks(block_problems(rich), {"b1": ["giant"], "b2": ["giant"]}).legal
    assert enumerate_all_blocks(block_problems(board(1)), limit=100).declarations == [{}]


# ------------------------------------------------------------ Worship, Palisade Giant


def test_worship_keeps_life_at_one_while_you_control_a_creature() -> None:
    # CR 614.1a (Worship): the damage is dealt — lifelink still counts it — but Bob's life
    # stops at 1. Without a creature Bob controls it doesn't apply and Bob loses (704.5a).
    from redzone.models.abilities import LifeFloor

    (floor,) = parse_text("If you control a creature, damage that would reduce your life total "
                          "to less than 1 reduces it to 1 instead.").abilities
    assert floor == LifeFloor(floor=1, needs_creature=True, text=floor.text)
    perms = [{"id": "rhino", "card": "Stampeding Rhino", "controller": "Alice"},
             {"id": "worship", "card": "Worship", "controller": "Bob"}]
    players = [{"name": "Alice"}, {"name": "Bob", "life": 3}]
    guarded = build_board(parse_scenario({"players": players, "permanents": perms + [
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]}))
    state, dealt = play(guarded, ("rhino", "Bob", 4))
    assert dealt[0].amount == 4
    out = state.to_outcome(guarded)
    assert out["life"]["Bob"] == 1 and out["lost"] == []
    alone = build_board(parse_scenario({"players": players, "permanents": perms}))
    state, _ = play(alone, ("rhino", "Bob", 4))
    assert state.to_outcome(alone)["lost"] == ["Bob"]


def test_palisade_giant_takes_damage_dealt_to_its_controllers_other_permanents() -> None:
    # CR 614.1a: damage that would be dealt to Bob or to his Grizzly Bears is dealt to
    # Palisade Giant (2/7) instead: 4 + 2 = 6 damage marked on it, the Bears and Bob unhurt.
    board = board_of([{"id": "rhino", "card": "Stampeding Rhino", "controller": "Alice"},
                      {"id": "elf", "card": "Llanowar Elves", "controller": "Alice"},
                      {"id": "giant", "card": "Palisade Giant", "controller": "Bob"},
                      {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    state, dealt = play(board, ("rhino", "Bob", 4), ("elf", "bears", 2))
    assert [d.recipient for d in dealt] == ["giant", "giant"]
    out = state.to_outcome(board)
    assert out["life"]["Bob"] == 20 and out["damage"] == {"giant": 6}
    assert out["destroyed"] == []  # 6 < 7 toughness (704.5g)


def test_elderscale_wurm_life_condition_stays_reported() -> None:
    # Its floor depends on a life total that can change between damage steps (lifelink):
    # not decided once from the scenario, so the sentence is reported.
    sents = analyse_text("As long as you have 7 or more life, damage that would reduce your "
                         "life total to less than 7 reduces it to 7 instead.")
    assert sents[0].status == "unparsed"


def test_phantom_centaur_keeps_its_counter_when_protection_prevents_the_damage() -> None:
    # Phantom Centaur has protection from black: a black blocker's damage is prevented by
    # protection, which its controller applies first (616.1), so no counter is removed; a
    # green blocker's damage costs a counter (615).
    board = board_of([
        {"id": "centaur", "card": "Phantom Centaur", "controller": "Alice",
         "counters": {"+1/+1": 2}},
        {"id": "knight", "card": "Black Knight", "controller": "Bob"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
    ])
    state, dealt = play(board, ("knight", "centaur", 2))
    assert dealt[0].amount == 0 and state.counters["centaur"]["+1/+1"] == 2
    state, dealt = play(board, ("bears", "centaur", 2))
    assert dealt[0].amount == 0 and state.counters["centaur"]["+1/+1"] == 1


def test_ai_defender_knows_worship_keeps_it_alive() -> None:
    # Worship (614.1a): with a creature, Bob's life can't drop below 1, so Alice's two
    # unblockable-by-Bob attackers (flying, Bob has no flier or reach) don't win the game:
    # the AI's choose-attack must not claim lethal.
    from redzone.solver.ai.decisions import choose_attack

    board = build_board(parse_scenario({
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 6}],
        "permanents": [
            {"id": "a1", "card": "Serra Angel", "controller": "Alice"},
            {"id": "a2", "card": "Serra Angel", "controller": "Alice"},
            {"id": "worship", "card": "Worship", "controller": "Bob"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]}))
    found = choose_attack(board, time_limit=20)
    assert not found.lethal
    assert found.outcome["life"]["Bob"] >= 1 and found.outcome["lost"] == []

# ------------------------------------------------------------ soulbond pairs


def test_silverblade_paladin_pair_both_have_double_strike() -> None:
    # CR 702.95: "As long as this creature is paired with another creature, both creatures
    # have double strike": the Paladin and its partner Grizzly Bears strike twice; Alice's
    # unpaired Bears don't. Unblocked, the pair deals 2x2 + 2x2 and the other Bears 2: 10.
    from redzone.models.abilities import PAIRED
    from redzone.solver.damage.solve import play_out

    (grant,) = parse_text("As long as this creature is paired with another creature, both "
                          "creatures have double strike.").abilities
    assert grant.affected == PAIRED  # type: ignore[attr-defined]
    board = build_board(parse_scenario({
        "players": PLAYERS,
        "permanents": [
            {"id": "paladin", "card": "Silverblade Paladin", "controller": "Alice",
             "paired_with": "bears"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
            {"id": "cub", "card": "Grizzly Bears", "controller": "Alice"}],
        "combat": {"attackers": {"paladin": "Bob", "bears": "Bob", "cub": "Bob"}}}))
    assert board.permanents["bears"].paired_with == "paladin"  # mutual
    ds = {p: board.has_keyword(board.permanents[p], "double strike") for p in ("paladin", "bears", "cub")}
    assert ds == {"paladin": True, "bears": True, "cub": False}
    assert play_out(board).outcome["life"]["Bob"] == 10


def test_an_unpaired_soulbond_creature_grants_nothing_and_bad_pairs_are_errors() -> None:
    import pytest

    from redzone.models.errors import ScenarioError

    alone = board_of([{"id": "paladin", "card": "Silverblade Paladin", "controller": "Alice"}])
    assert not alone.has_keyword(alone.permanents["paladin"], "double strike")
    with pytest.raises(ScenarioError, match=r"permanents\[0\]\.paired_with.*702\.95"):
        board_of([{"id": "paladin", "card": "Silverblade Paladin", "controller": "Alice",
                   "paired_with": "bears"},
                  {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
