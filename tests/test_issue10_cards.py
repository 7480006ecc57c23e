"""Card data (issue 10 §4): second faces filled with public card facts, a face still
missing is a load error naming it, a transformed permanent's mana value (CR 712.8e), old
"Summon" type lines, digital-only cards out of the paper pool, a deterministic build."""

from __future__ import annotations

from typing import Any

import pytest

from redzone.models.block_rules import block_problems
from redzone.models.board import build_board
from redzone.models.cards import all_cards, lookup, lookup_face
from redzone.models.errors import ScenarioError, UnknownCardError
from redzone.models.scenario import parse_scenario
from redzone.solver.block.solve import enumerate_all_blocks


def board_of(permanents: list[dict[str, Any]], attackers: dict[str, str] | None = None):
    data: dict[str, Any] = {"players": [{"name": "Alice"}, {"name": "Bob"}],
                            "permanents": permanents}
    if attackers:
        data["combat"] = {"attackers": attackers}
    return build_board(parse_scenario(data))


def test_hakka_whispering_raven_blocks_serra_angel() -> None:
    # CR 509.1b, 702.9b: Hakka (the back face of Alrund, a 2/3 flier) can block Serra
    # Angel (flying); today's data knows its types, power, toughness and flying.
    board = board_of([{"id": "angel", "card": "Serra Angel", "controller": "Alice"},
                      {"id": "hakka", "card": "Hakka, Whispering Raven", "controller": "Bob"}],
                     {"angel": "Bob"})
    hakka = board.permanents["hakka"]
    assert (hakka.types, hakka.power, hakka.toughness) == (("Creature",), 2, 3)
    assert board.has_keyword(hakka, "flying")
    found = enumerate_all_blocks(block_problems(board), limit=100)
    assert {frozenset((b, a) for b, xs in d.items() for a in xs) for d in found.declarations} == {
        frozenset(), frozenset({("hakka", "angel")})}


def test_a_face_still_missing_is_a_load_error_naming_it() -> None:
    # Never silently wrong: a face the data holds by name only can't be a permanent.
    missing = [(c.name, f.name) for c in all_cards() for f in c.faces if not f.known]
    assert missing, "the test needs a face that is still name-only"
    card, face = missing[0]
    with pytest.raises(ScenarioError) as err:
        board_of([{"id": "x", "card": face, "controller": "Alice"}])
    assert face in str(err.value) and "permanents[0].card" in str(err.value)


def test_modal_and_flip_faces_are_filled() -> None:
    # Every modal double-faced back face but one and every flip face but one (an Un-card)
    # now carry their characteristics.
    left = {c.layout: [] for c in all_cards()}
    for c in all_cards():
        left[c.layout].extend(f.name for f in c.faces if not f.known)
    assert len(left["modal_dfc"]) <= 1 and len(left["flip"]) <= 1
    _, kenzo = lookup_face("Kenzo the Hardhearted")
    assert (kenzo.power, kenzo.toughness, kenzo.mana_value) == ("3", "4", 1)  # flip: same cost
    _, land = lookup_face("Agadeem, the Undercrypt")
    assert land.types == ("Land",) and land.mana_value == 0  # an MDFC back face's own cost


def test_transformed_permanent_has_its_front_faces_mana_value() -> None:
    # CR 712.8e: Insectile Aberration (back of Delver of Secrets, {U}) has mana value 1.
    card, back = lookup_face("Insectile Aberration")
    assert card.front.mana_value == 1 and back.mana_value == 1
    board = board_of([{"id": "x", "card": "Insectile Aberration", "controller": "Alice"}])
    assert board.permanents["x"].mana_value == 1


def test_summon_type_lines_are_creatures() -> None:
    # CR 205.1 (the old "Summon" card type is creature): Faerie Dragon, an Astral card.
    face = lookup("Faerie Dragon").front
    assert face.types == ("Creature",) and face.subtypes == ("Dragon",)
    assert lookup("Rainbow Knights").front.subtypes == ("Knight",)
    board = board_of([{"id": "d", "card": "Faerie Dragon", "controller": "Alice"}])
    assert board.permanents["d"].is_creature


def test_digital_only_cards_are_not_in_the_paper_pool() -> None:
    # Cards using mechanics that exist only in digital play ("conjure", "perpetually",
    # "seek") are dropped like the "A-" rebalanced cards.
    for name in ("Klement, Novice Acolyte", "Oracle of the Alpha", "Tome of the Infinite"):
        with pytest.raises(UnknownCardError):
            lookup(name)
    assert lookup("Lightning Bolt").name == "Lightning Bolt"
