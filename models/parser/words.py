"""Words a sentence may use: the vocabulary of real Oracle text, and near-miss hints.

Part of :mod:`redzone.models.parser` (issue 25 §2). A sentence the grammar sets aside as
not combat-relevant must be a real sentence: a typo such as "Fliyng" or "can't blokc" is
not "a sentence about something else", it is text redzone did not understand. The test is
lexical: every word of the sentence is a word of the bundled cards' Oracle text or type
lines (``models/data/oracle_words.txt``, built by ``scripts/build_oracle_words.py``
and kept in step with the card data by ``tests/test_parser_words.py``), or one of the
object's own names. Real Oracle text passes by construction, so the test changes nothing
for real cards; a user's ``text`` / ``abilities`` with an unknown word is reported as not
understood instead of being set aside.

:func:`hint` says what an unparsed sentence probably meant: "did you mean 'Flying'?" for a
near-miss of a keyword (:mod:`difflib`, against the keyword tables of
:mod:`redzone.models.parser.vocabulary`), else the closest Oracle word.

Pure Python; the word list (about 8 700 words, 70 KB) is read on first use.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from functools import lru_cache

from redzone.models.lazy_re import lazy_compile

__all__ = ["HEADS_FILE", "WORDS_FILE", "hint", "hint_suffix", "is_known_word", "not_a_keyword",
           "unknown_words", "words_of"]

WORDS_FILE = "oracle_words.txt"
"""The word list in :mod:`redzone.models.data`: one lower-case word a line, sorted."""
HEADS_FILE = "oracle_line_heads.txt"
"""The first words of the short lines of real Oracle text (keyword-like lines: "Ascend",
"Replicate {2}{G}", "Poison Modular 2"), lower case, one a line, sorted."""

# A word: letters (any script), with inner apostrophes ("can't", "creature's"); digits,
# mana symbols, punctuation and "+1/+1" are not words. Hyphenated words are two words.
_WORD = lazy_compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# Near-miss cut-offs (difflib ratio): a keyword close enough to be meant, a word likewise.
_KEYWORD_CUTOFF = 0.75
_WORD_CUTOFF = 0.8
# A short line against the keyword phrases ("Fly" -> 'Flying' scores 0.67).
_LINE_CUTOFF = 0.6


def words_of(text: str) -> list[str]:
    """The words of ``text``, lower-cased, in order (the tokenizer the word list is built
    with: letters with inner apostrophes; a curly apostrophe is read as a straight one)."""
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def _read(name: str) -> frozenset[str]:
    from importlib import resources

    return frozenset(resources.files("redzone.models.data").joinpath(name)
                     .read_text(encoding="utf-8").split())


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    return _read(WORDS_FILE)


@lru_cache(maxsize=1)
def _heads() -> frozenset[str]:
    return _read(HEADS_FILE)


def _short_line(line: str) -> bool:
    """A keyword-like line: at most three words, not ending like a sentence."""
    bare = line.strip()
    return bool(bare) and bare[-1] not in ".!?\"" and len(bare.split()) <= 3


# Words the parser reads that Oracle text does not use: "CARDNAME" means the object itself.
_PARSER_WORDS = frozenset({"cardname"})


def is_known_word(word: str) -> bool:
    """Whether ``word`` (any case) is a word of the bundled Oracle text or type lines (or
    ``CARDNAME``, which means the object itself)."""
    w = word.lower().replace("’", "'")
    vocab = _vocabulary()
    if w in vocab or w in _PARSER_WORDS:
        return True
    # "creature's" / "Goblins'" and an English possessive of a known word.
    return w.endswith("'s") and w[:-2] in vocab


def unknown_words(text: str, names: Sequence[str] = ()) -> list[str]:
    """The words of ``text`` (as written) that are neither Oracle words nor words of the
    object's ``names``; empty for real Oracle text. Order of first appearance, no repeats."""
    vocab = _vocabulary()
    out: list[str] = []
    own: set[str] | None = None
    for raw in _WORD.findall(text):
        low = raw.lower()
        if low in vocab:
            continue
        low = low.replace("’", "'")
        if is_known_word(low) or raw in out:
            continue
        if own is None:
            own = {w for n in names for w in words_of(n)}
        if low not in own:
            out.append(raw)
    return out


@lru_cache(maxsize=1)
def _keywords() -> dict[str, str]:
    """Keyword phrase (lower case) -> its usual spelling, for suggestions."""
    from redzone.models.abilities import KEYWORDS
    from redzone.models.parser.vocabulary import _OTHER_KEYWORDS, _TRIGGERED_KEYWORDS

    out: dict[str, str] = {}
    for k in (*KEYWORDS, *_TRIGGERED_KEYWORDS, *_OTHER_KEYWORDS, "changeling", "landwalk",
              "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk"):
        out.setdefault(k.lower(), k[:1].upper() + k[1:])
    return out


def _closest(word: str, choices: Iterable[str], cutoff: float) -> str | None:
    got = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=cutoff)
    return got[0] if got else None


def hint(text: str, names: Sequence[str] = ()) -> str:
    """A short hint for an unparsed sentence, or ``""``: the words redzone does not know,
    each with "did you mean ..." when one is close — a keyword first (the whole sentence if
    it is a short keyword-like line, "Frist strike" -> 'First strike'; else the word,
    "Fliyng" -> 'Flying'), else the closest Oracle word ("blokc" -> 'block'). A short line
    of known words that is no keyword (:func:`not_a_keyword`: "Fly") gets the keyword it is
    close to, or "not a keyword". Real Oracle text gets no hint."""
    if text.startswith(("condition not decided", "cost not decided")):
        return ""  # redzone's own note of a condition or cost the scenario doesn't decide
    keywords = _keywords()
    bare = text.strip().rstrip(".").strip()
    parts: list[str] = []
    unknown = unknown_words(bare, names)
    stray = not_a_keyword(text)  # a short line of known words that is no keyword
    if (unknown or stray) and len(bare.split()) <= 4 and not any(c in bare for c in ",;") \
            and bare.lower() not in keywords:
        phrase = _closest(bare, keywords, _LINE_CUTOFF)
        if phrase is not None and (unknown or len(bare.split()) == len(phrase.split())):
            what = f"unknown word {unknown[0]!r}; " if len(unknown) == 1 else ""
            return f"{what}did you mean {keywords[phrase]!r}?"
    for word in unknown[:3]:
        near = _closest(word, keywords, _KEYWORD_CUTOFF)
        if near is not None:
            parts.append(f"unknown word {word!r} (did you mean {keywords[near]!r}?)")
            continue
        near = _closest(word, _vocabulary(), _WORD_CUTOFF)
        parts.append(f"unknown word {word!r}" + (f" (did you mean {near!r}?)" if near else ""))
    if not parts and stray:
        return "not a keyword"
    return "; ".join(parts)


def hint_suffix(text: str, names: Sequence[str] = ()) -> str:
    """:func:`hint` as the tail of a message: ``" (unknown word 'Fliyng'; did you mean
    'Flying'?)"``, or ``""`` when there is nothing to say."""
    got = hint(text, names)
    return f" ({got})" if got else ""


def not_a_keyword(line: str) -> bool:
    """Whether ``line`` looks like a keyword item but is none: a short line (at most three
    words, no sentence punctuation) that is not a keyword of the parser's tables and whose
    first word heads no short line of real Oracle text ("Fly", "Dog"; not "Ascend" or
    "Replicate {2}{G}"). Such a line is not a real sentence, so it is reported rather than
    set aside."""
    if not _short_line(line):
        return False
    bare = line.strip()
    first = words_of(bare)
    return bare.lower() not in _keywords() and not (first and first[0] in _heads())


def _texts_of_cards(*, type_lines: bool = True) -> Iterable[str]:
    """Oracle text (and type lines) of every face of the bundled card data."""
    from redzone.models.cards import all_cards

    for card in all_cards():
        for face in card.faces:
            if type_lines:
                yield getattr(face, "type_line", "") or ""
            yield face.text or ""


def _heads_of_cards() -> set[str]:
    """The first word of every short line (:func:`_short_line`) of the bundled Oracle text,
    reminder text removed: what ``oracle_line_heads.txt`` holds."""
    import re

    out: set[str] = set()
    for text in _texts_of_cards(type_lines=False):
        for raw in text.split("\n"):
            line = re.sub(r"\s*\((?:[^()]|\([^()]*\))*\)", "", raw).strip()
            got = words_of(line)
            if got and _short_line(line):
                out.add(got[0])
    return out


def _words_of_cards() -> set[str]:
    """Every word of the bundled card data's type lines and Oracle text (reminder text
    included; names only as the text mentions them): what ``oracle_words.txt`` holds
    (scripts/build_oracle_words.py)."""
    out: set[str] = set()
    for text in _texts_of_cards():
        out.update(words_of(text))
    return out


