"""Issue 25 §2: every sentence a user typed is understood, set aside as a real sentence that is
not combat-relevant, or reported as not understood — a typo is never dropped silently.

A permanent whose ``abilities`` say ``Fliyng`` has no flying (CR 702.9b): a ground creature
may block it, so the answer is only right if the typo is reported (and refused by --strict).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from redzone.models.board import build_board
from redzone.models.errors import UnparsedTextError
from redzone.models.parser import analyse_text, parse_text
from redzone.models.parser.words import (
    HEADS_FILE,
    WORDS_FILE,
    _heads_of_cards,
    _read,
    _words_of_cards,
    hint,
    unknown_words,
)
from redzone.models.scenario import parse_scenario
from redzone.solver.frontends.cli import cli


def _status(text: str) -> list[tuple[str, str]]:
    return [(s.status, s.reason) for s in analyse_text(text, names=("Bird",))]


@pytest.mark.parametrize("text", ["Fliyng", "Flyng", "This creature has flyng.",
                                  "This creature gains flyng until end of turn.",
                                  "Enchanted creature gets +1/+1 and has flyng."])
def test_typo_of_flying_is_not_understood(text: str) -> None:
    # Before issue 25 each of these was ignored ("not combat-relevant") or, the last, read as
    # +1/+1 only, without a word: now the sentence is unparsed, reason "unknown word".
    assert _status(text) == [("unparsed", "unknown word")]
    assert parse_text(text).unparsed == (text,)
    assert "did you mean 'Flying'?" in hint(text)


def test_hints_name_the_keyword_or_the_closest_word() -> None:
    assert hint("Fliyng") == "unknown word 'Fliyng'; did you mean 'Flying'?"
    assert hint("Frist strike") == "unknown word 'Frist'; did you mean 'First strike'?"
    assert hint("Deathtuch") == "unknown word 'Deathtuch'; did you mean 'Deathtouch'?"
    # A comma list: each unknown word on its own ("Flyng" is not "First strike").
    assert hint("Flyng, first strike") == "unknown word 'Flyng' (did you mean 'Flying'?)"
    assert hint("This creature can't blokc.") == "unknown word 'blokc' (did you mean 'block'?)"
    # A short line of known words that is no keyword.
    assert _status("Fly") == [("unparsed", "not a keyword")]
    assert hint("Fly") == "did you mean 'Flying'?"
    assert _status("Dog") == [("unparsed", "not a keyword")]
    assert hint("Dog") == "not a keyword"
    assert hint("Flying") == ""
    # Real Oracle text gets no hint: "Goad them." is a sentence, not a stray keyword.
    assert hint("Goad them.") == ""


def test_real_sentences_are_unchanged() -> None:
    assert _status("Flying") == [("understood", "keyword")]
    assert _status("Fliyng, trample") == [("unparsed", "no template")]  # was already reported
    # A real sentence about something else stays set aside (not combat-relevant).
    assert _status("You may look at the top card of your library any time.") == [
        ("ignored", "not combat-relevant")]
    # Real keyword lines the keyword tables lack stay set aside ("Ascend": a heading of a
    # short line of real Oracle text).
    assert _status("Ascend") == [("ignored", "not combat-relevant")]
    # A trigger is ignored for its shape: a typo inside changes nothing.
    assert _status("Whenever this creature attakcs, draw a card.") == [("ignored", "triggered")]
    # CARDNAME and the object's own names are words.
    assert unknown_words("CARDNAME can't block. Zorblax attacks each combat if able.",
                         names=("Zorblax",)) == []
    assert [s.status for s in analyse_text("Zorblax can't block.", names=("Zorblax",))] == ["understood"]


def test_own_name_is_a_word() -> None:
    got = analyse_text("Zorblax attacks each combat if able.", names=("Zorblax",))
    assert [s.status for s in got] == ["understood"]


_FLIER = {
    "players": [{"name": "Alice"}, {"name": "Bob"}],
    "permanents": [
        {"name": "Bird", "types": ["Creature"], "controller": "Alice", "power": 2,
         "toughness": 2, "abilities": ["Fliyng"]},
        {"card": "Grizzly Bears", "controller": "Bob"},
    ],
    "combat": {"attackers": {"bird": "Bob"}},
}


def test_strict_refuses_the_typo_with_a_hint() -> None:
    board = build_board(parse_scenario(_FLIER))
    assert [(p.id, s) for p, s in board.unparsed()] == [("bird", "Fliyng")]
    with pytest.raises(UnparsedTextError) as err:
        build_board(parse_scenario(_FLIER), strict=True)
    assert str(err.value) == ("permanents[0]: Bird (bird): not understood: 'Fliyng' "
                              "(unknown word 'Fliyng'; did you mean 'Flying'?)")


def test_cli_reports_and_strict_refuses(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_FLIER))
    runner = CliRunner()
    # Without --strict the block is answered (Bird has no flying: the Bears may block it,
    # 509.1b) and the typo is reported with its hint, on standard error and in JSON.
    got = runner.invoke(cli, ["check-block", str(path), "--blockers", '{"grizzly-bears": ["bird"]}',
                              "--json"])
    assert got.exit_code == 0
    data = json.loads(got.stdout)
    assert data["legal"] is True
    assert data["unparsed"] == [{"id": "bird", "sentence": "Fliyng",
                                 "hint": "unknown word 'Fliyng'; did you mean 'Flying'?"}]
    got = runner.invoke(cli, ["check-block", str(path), "--blockers", '{"grizzly-bears": ["bird"]}'])
    assert got.exit_code == 0
    assert "note: Bird (bird): not understood, ignored: 'Fliyng' (unknown word 'Fliyng'; did " \
           "you mean 'Flying'?)" in got.stderr
    got = runner.invoke(cli, ["check-block", str(path), "--blockers", '{"grizzly-bears": ["bird"]}',
                              "--strict"])
    assert got.exit_code == 2
    assert got.stderr.strip().splitlines() == [
        "redzone: error: permanents[0]: Bird (bird): not understood: 'Fliyng' (unknown word 'Fliyng'; "
        "did you mean 'Flying'?)"]


def test_word_lists_match_the_card_data() -> None:
    # The lists are built from the bundled card data (scripts/build_oracle_words.py); every
    # word of real Oracle text must be in them, or real cards would be reported.
    assert _read(WORDS_FILE) == frozenset(_words_of_cards())
    assert _read(HEADS_FILE) == frozenset(_heads_of_cards())


@pytest.mark.slow
def test_no_real_card_sentence_is_reported_as_unknown_or_hinted() -> None:
    from redzone.models.cards import all_cards

    bad = []
    for card in all_cards():
        for face in card.faces:
            if not face.text:
                continue
            for s in analyse_text(face.text, names=tuple(dict.fromkeys((face.name, card.name)))):
                if s.reason in ("unknown word", "not a keyword"):
                    bad.append((card.name, s.text))
                elif s.status == "unparsed" and hint(s.text, (face.name, card.name)):
                    bad.append((card.name, s.text))  # a hint is for typed text only
    assert bad == []
