"""Keyword items: "Flying", "Protection from red", landwalk, toxic, and keyword lines.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re

from redzone.models.abilities import (
    Ability,
    CantBlock,
    Condition,
    Conditional,
    Keyword,
    KEYWORDS,
    Landwalk,
    Protection,
    Toxic,
    TypeChange,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    CREATURE_TYPES,
    _CARD_TYPE_PLURALS,
    _COLORS,
    _KEYWORD_ITEM_HEAD,
    _TRIGGERED_KEYWORDS,
    _UNMODELLED_KEYWORDS,
    _plural_subtype,
)

# ==================================================================== keyword items


def _protection(rest: str, text: str) -> list[Ability] | None:
    """``rest`` is what follows "protection": "from red and from blue"."""
    if not rest.lower().startswith("from "):
        return None
    # "from red and from blue", "from Vampires, from Werewolves, and from Zombies", and the
    # short list "from white, blue, and red" (issue 10 §3: every quality, not the first).
    parts = re.split(r",?\s(?:and\s)?from\s|,\s(?:and\s|or\s)?|\sand\s", " " + rest.strip(),
                     flags=re.I)
    parts[0] = re.sub(r"(?i)^\s*from\s", "", parts[0])
    out: list[Ability] = []
    for part in parts:
        q = part.strip()
        if not q:
            continue
        low = q.lower()
        if low in _COLORS or low in ("everything", "multicolored", "monocolored", "colorless"):
            quality = low
        elif low in ("all colors", "each color"):
            quality = "each color"
        elif low in _CARD_TYPE_PLURALS:
            quality = low
        elif _plural_subtype(q) is not None:
            quality = low
        elif _protection_extra_quality(q):
            quality = low  # h4: snow, legendary / God / non-Spirit creatures, non-Squirrels, Kavu
        elif low in CHOSEN_QUALITIES:
            quality = low  # h17: a value chosen as it entered: the scenario's ``choices``
        else:
            return None
        out.append(Protection(quality=quality, text=text))
    return out or None


# h17: protection qualities chosen as the permanent entered ("protection from the chosen
# color": Voice of All, Ward Sliver; "from creatures of the chosen type": Riders of Gavony),
# replaced by the scenario's ``choices`` when the board is built (redzone.models.choices).
CHOSEN_QUALITIES = ("the chosen color", "creatures of the chosen type",
                    "the chosen player")  # h27: True-Name Nemesis (models/choices.py)


def _protection_extra_quality(q: str) -> bool:
    """h4: the protection qualities :func:`redzone.models.battlefield.protection_extra`
    decides, and a singular creature type standing for its own plural ("Kavu"), or "Arcane"
    (a spell subtype)."""
    low = q.lower()
    if low in ("snow", "legendary creatures", "arcane", "enemy-colored multicolored") \
            or q in CREATURE_TYPES:  # h38: Frenemy of the Guildpact
        return True
    if re.fullmatch(r"mana value \d+ or (?:greater|less)", low):
        return True  # h17: Mistmeadow Skulk (redzone.models.battlefield.protection_extra)
    m = re.fullmatch(r"(?P<non>non-)?(?P<t>[A-Z][\w'-]*?)(?P<cr> creatures|s)", q)
    return bool(m and m["t"] in CREATURE_TYPES and (m["non"] or m["cr"] == " creatures"))


_LANDWALK = lazy_compile(r"(?i)(?:(?P<q>nonbasic|legendary|snow|artifact) )?(?P<t>[a-z]+)walk")
_LAND_TYPES = {"island": "Island", "swamp": "Swamp", "forest": "Forest",
               "mountain": "Mountain", "plains": "Plains", "desert": "Desert",
               "land": ""}


def _landwalk(item: str, text: str) -> list[Ability] | None:
    m = _LANDWALK.fullmatch(item.strip())
    if not m:
        return None
    t = m["t"].lower()
    if t not in _LAND_TYPES:
        return None
    q = (m["q"] or "").lower()
    if t == "land":
        return [Landwalk(land=q, text=text)] if q else None
    if q == "snow":
        # h4: "snow swampwalk" (Legions of Lim-Dûl): a snow Swamp (702.14c).
        return [Landwalk(land=f"snow {_LAND_TYPES[t]}", text=text)]
    if q:
        return None  # "nonbasic forestwalk" etc.: a combined quality the class does not name
    return [Landwalk(land=_LAND_TYPES[t], text=text)]


def _keyword_item(item: str, text: str | None = None) -> tuple[str, list[Ability]]:
    """Classify one keyword item ("Flying", "Protection from red", "Ward {2}").

    Returns ``(kind, abilities)`` where kind is ``"combat"`` (abilities produced),
    ``"unparsed"``, ``"triggered"``, ``"other"`` (not combat-relevant) or ``"no"`` (not a
    keyword at all).
    """
    raw = item.strip().rstrip(".") if "—" not in item else item.strip()
    text = item.strip() if text is None else text
    low = raw.lower()
    if low == "changeling":  # layer templates (issue 10): every creature type, 702.73a
        return "combat", [TypeChange(every_creature_type=True, text=text)]
    if low in KEYWORDS:
        return "combat", [Keyword(name=low, text=text)]
    if low == "protection from spells that are one or more colors":
        return "other", []  # h27: spells only, none is cast in the combat (.outside_combat)
    if low.startswith("protection"):
        got = _protection(raw[len("protection"):].strip(), text)
        return ("combat", got) if got else ("unparsed", [])
    if low == "landwalk of the chosen type":
        # h17: Camato Scout; the land type chosen as it entered is the scenario's ``choices``
        return "combat", [Landwalk(land="the chosen type", text=text)]
    if re.fullmatch(r"(?i)(?:\w+ )?\w+walk", raw) and not low.endswith("planeswalk"):
        got = _landwalk(raw, text)
        return ("combat", got) if got else ("unparsed", [])
    m = re.fullmatch(r"(?i)toxic (\d+)", raw)
    if m:
        return "combat", [Toxic(amount=int(m[1]), text=text)]
    if low == "decayed":
        return "combat", [CantBlock(text=text)]
    if low == "unleash":
        # 702.98a: "... It can't block as long as it has a +1/+1 counter on it."
        return "combat", [Conditional(
            condition=Condition(kind="counters", counter="+1/+1"),
            abilities=(CantBlock(text=text),), text=text)]
    m = _KEYWORD_ITEM_HEAD.match(raw)
    if not m:
        return "no", []
    head = m.group(0).lower()
    tail = raw[m.end():]
    # A keyword item is the keyword plus at most a parameter: a cost, a number, a quality
    # ("Hexproof from black", "Partner with X", "Enchant creature"), or "—cost".
    if "." in tail and "—" not in tail:
        return "no", []
    if len(tail.split()) > 6 and "—" not in tail:
        return "no", []
    if head in _UNMODELLED_KEYWORDS or head.startswith("bands with"):
        return "unparsed", []
    if head in _TRIGGERED_KEYWORDS:
        return "triggered", []
    return "other", []


# A bare quality continuing a protection list ("protection from white, blue, and red").
_PROTECTION_QUALITY = lazy_compile(
    r"(?i)(?:and |or )?(?:white|blue|black|red|green|multicolored|monocolored|colorless|"
    r"artifacts|creatures|enchantments|planeswalkers|instants|sorceries|lands)"
)


def _split_keyword_line(line: str) -> list[str] | None:
    """Split a keyword line into items, or ``None`` if it is not a keyword line."""
    if "—" in line.split(",")[0] or line.count(",") == 0 and ";" not in line:
        items = [line]
    else:
        items = [p for p in re.split(r"[,;]\s*", line) if p]
    merged: list[str] = []
    for it in items:  # "protection from white, from blue, and from black" / "white, blue, and red"
        if merged and merged[-1].lower().startswith("protection") and (
                re.match(r"(?i)(?:and )?from ", it) or _PROTECTION_QUALITY.fullmatch(it)):
            merged[-1] = merged[-1] + " and " + re.sub(r"(?i)^and ", "", it)
        else:
            merged.append(it)
    for it in merged:
        if _keyword_item(it)[0] == "no":
            return None
    return merged
