"""The bundled Oracle card data and card lookup (models.cards)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import redzone.models.cards as cards_module
from redzone.models.cards import (
    Card,
    CardDataGapError,
    Face,
    all_cards,
    lookup,
    lookup_face,
    name_index,
    normalize_name,
)
from redzone.models.errors import UnknownCardError


def test_import_does_not_read_the_data() -> None:
    # Lazy loading: importing the module must not touch cards.dat.
    code = "import redzone.models.cards as m; print(m._DATA is None)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "True"


def test_juggernaut() -> None:
    card = lookup("Juggernaut")
    assert card.name == "Juggernaut" and card.layout == "normal"
    face = card.front
    assert face.mana_cost == "{4}"
    assert face.mana_value == 4 and card.mana_value == 4  # CR 202.3
    assert face.colors == ()  # CR 105.2: generic mana only, colourless
    assert face.types == ("Artifact", "Creature")
    assert face.subtypes == ("Juggernaut",)
    assert (face.power, face.toughness) == ("5", "3")
    assert "attacks each combat if able" in face.text
    assert face.known


def test_grizzly_bears() -> None:
    face = lookup("Grizzly Bears").front
    assert face.mana_cost == "{1}{G}"
    assert face.mana_value == 2  # CR 202.3
    assert face.colors == ("G",)  # CR 105.2, 202.2
    assert (face.power, face.toughness) == ("2", "2")


def test_split_card_halves_and_mana_value() -> None:
    card = lookup("Assault // Battery")
    assert card.layout == "split"
    assert [f.name for f in card.faces] == ["Assault", "Battery"]
    assault, battery = card.faces
    assert (assault.mana_cost, battery.mana_cost) == ("{R}", "{3}{G}")
    assert (assault.colors, battery.colors) == (("R",), ("G",))
    assert battery.types == ("Sorcery",) and battery.known
    # CR 709.4b, 202.3d: outside the stack a split card's mana value adds both halves.
    assert card.mana_value == 5
    assert lookup("Fire // Ice").mana_value == 4  # {1}{R} + {1}{U}


def test_lookup_by_half_name() -> None:
    assert lookup("Battery").name == "Assault // Battery"
    card, face = lookup_face("ice")
    assert card.name == "Fire // Ice" and face.name == "Ice" and face.mana_cost == "{1}{U}"
    card, face = lookup_face("petty theft")
    assert card.name == "Brazen Borrower // Petty Theft"
    assert face.name == "Petty Theft" and face.mana_cost == "{1}{U}"
    assert face.subtypes == ("Adventure",)
    # CR 715.4: outside the stack an adventurer card has only its creature characteristics.
    assert card.mana_value == 3


def test_a_full_name_beats_a_half_and_the_first_half_beats_a_later_one() -> None:
    assert lookup("Liberate").name == "Liberate"  # a card of its own, not Bind // Liberate
    assert lookup("Fire").name == "Fire // Ice"  # not the second half of Start // Fire


def test_slash_spelling_and_case() -> None:
    assert normalize_name("Fire/Ice") == normalize_name("FIRE // ICE") == "fire // ice"
    assert lookup("fire/ice").name == "Fire // Ice"


def test_accent_insensitive() -> None:
    assert lookup("dandan").name == "Dandân"
    assert lookup("DANDÂN").name == "Dandân"


def test_unknown_name_suggests_close_names() -> None:
    with pytest.raises(UnknownCardError) as info:
        lookup("Grizzly Baers")
    err = info.value
    assert err.name == "Grizzly Baers"
    assert err.suggestions[0] == "Grizzly Bears"
    assert len(err.suggestions) <= 3
    assert "\n" not in str(err)


def test_unknown_name_without_close_names() -> None:
    with pytest.raises(UnknownCardError) as info:
        lookup("Qqqqqqqqqqqqqqqqqqqqqqq")
    assert info.value.suggestions == []


def test_back_face_lookup() -> None:
    # CR 712: a transforming double-faced card; its back face is its second face.
    card, face = lookup_face("Insectile Aberration")
    assert card.name == "Delver of Secrets // Insectile Aberration"
    assert card.layout == "transform"
    assert [f.name for f in card.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert face is card.faces[1]
    assert (face.power, face.toughness) == ("3", "2")
    # No mana cost of its own; as a permanent its mana value is its front face's (712.8e).
    assert face.mana_cost is None and face.mana_value == 1
    assert card.mana_value == 1  # the front face's {U}


def test_battle_defense() -> None:
    # CR 310.4: a battle's printed defense.
    card = lookup("Invasion of Tarkir")
    front = card.front
    assert front.types == ("Battle",) and front.subtypes == ("Siege",)
    assert front.defense == "5"
    assert front.mana_value == 2
    assert card.faces[1].name == "Defiant Thundermaw"


def test_no_alchemy_planes_schemes_or_vanguards() -> None:
    excluded_types = {"Plane", "Phenomenon", "Scheme", "Vanguard"}
    count = 0
    for card in all_cards():
        count += 1
        assert not card.name.startswith("A-"), card.name
        assert card.layout not in {"planar", "scheme", "vanguard"}, card.name
        assert not excluded_types & set(card.front.types), card.name
    assert count > 30000


def test_reversible_duplicates_are_one_card() -> None:
    card = lookup("Hallowed Fountain")
    assert card.name == "Hallowed Fountain" and card.layout == "normal"
    with pytest.raises(UnknownCardError):
        lookup("Steam Vents // Steam Vents // Steam Vents")


def test_devoid_and_colour_setting_text() -> None:
    # CR 702.114a: devoid makes the card colourless despite its {R}.
    assert lookup("Eldrazi Obligator").front.colors == ()
    # CR 604.3 (characteristic-defining ability): "is all colors".
    assert lookup("Transguild Courier").front.colors == ("W", "U", "B", "R", "G")


def test_costs_with_x_hybrid_and_phyrexian() -> None:
    assert lookup("Hydroid Krasis").mana_value == 2  # {X}{G}{U}; CR 202.3e
    assert lookup("Spectral Procession").mana_value == 6  # {2/W} x3
    assert lookup("Dismember").mana_value == 3  # {1}{B/P}{B/P}


def test_meld_result_adds_its_front_faces() -> None:
    # Meld (CR 712): a melded permanent's mana value is the total of the mana values of
    # the front faces of the cards that represent it: Bruna {5}{W}{W} + Gisela {2}{W}{W}.
    card = lookup("Brisela, Voice of Nightmares")
    assert card.layout == "meld"
    assert card.mana_value == 11
    assert lookup("Bruna, the Fading Light").faces[1].name == "Brisela, Voice of Nightmares"


def test_unknown_half_is_name_only_and_blocks_mana_value() -> None:
    gaps = [c for c in all_cards() if c.layout == "split" and not c.complete]
    for card in gaps:
        missing = [f for f in card.faces if not f.known]
        assert all(f.mana_cost is None and f.text == "" for f in missing)
        with pytest.raises(CardDataGapError):
            card.mana_value  # noqa: B018 - CR 709.4b needs both halves
    complete = [c for c in all_cards() if c.layout == "split" and c.complete]
    assert len(complete) >= 80
    for card in complete:
        assert card.mana_value == sum(f.mana_value for f in card.faces)


def test_face_selection() -> None:
    card = lookup("Fire // Ice")
    assert card.face("ICE").name == "Ice"
    assert card.face(None) is card.front
    assert card.face("not a face") is card.front


def test_types_are_frozen_dataclasses() -> None:
    card = lookup("Grizzly Bears")
    assert isinstance(card, Card) and isinstance(card.front, Face)
    with pytest.raises(AttributeError):
        card.front.power = "3"  # type: ignore[misc]


def test_stored_index_and_card_chunks_agree() -> None:
    # The data file stores pre-normalised name keys (CR 201.2: a name identifies a card)
    # apart from the card rows. The stored keys must be exactly those name_index computes
    # from the rows (a change to normalize_name without a rebuild fails here), and every
    # key must lead to the card or face whose name normalises to it.
    data = cards_module._data()
    rows = [data.row(ci) for ci in range(data.count)]
    stored = data.index()
    assert stored == name_index(rows)
    assert len(stored) > len(rows) > 30000  # face names add keys
    assert list(data.keys()) == sorted(stored)
    for key, (ci, face_i) in stored.items():
        card, face = lookup_face(key)
        assert card.name == rows[ci][0], key
        named = card.name if face_i < 0 else face.name
        assert normalize_name(named) == key
        assert face is (card.front if face_i < 0 else card.faces[face_i])
    for card in all_cards():  # a full name always wins over a face name
        assert lookup(card.name) is card
        for face in card.faces:
            assert normalize_name(face.name) in stored
