"""Subjects: references to the object itself (``~``) and creature groups
("Goblins you control", "Each other creature").

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from redzone.models.abilities import (
    Affected,
    ATTACHED,
    KEYWORDS,
    Quality,
    SELF,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    CREATURE_TYPES,
    _plural_subtype,
    singular,
)

# ====================================================================== self references


def self_names(names: Sequence[str]) -> tuple[str, ...]:
    """Every name that refers to the object itself, longest first.

    For each given name: the name; each face of a ``"A // B"`` name; the part before the
    first comma ("Ruric Thar" for "Ruric Thar, the Unbowed"); and, for names of two or more
    words, the first word ("Zurgo" for "Zurgo Helmsmasher") — the first word is only
    recognised where it stands as the subject of a sentence (see :func:`_normalise_self`).
    """
    out: list[str] = []
    for name in names:
        for face in name.split(" // "):
            face = face.strip()
            if not face:
                continue
            out.append(face)
            if "," in face:
                out.append(face.split(",", 1)[0].strip())
    return tuple(sorted({n for n in out if n}, key=len, reverse=True))


_SELF_PHRASE = (
    r"(?:[Tt]his (?:creature|permanent|Vehicle|artifact|enchantment|land|token|"
    r"Spacecraft|Equipment|Aura)|CARDNAME|~)"
)
_VERB_HEAD = (
    r"(?:attacks|blocks|can't|cannot|can|has|gets|gains|must|is|deals|doesn't|loses|"
    r"assigns|enters|isn't)\b"
)


_SELF_RE = lazy_compile(r"(?<![\w'-])" + _SELF_PHRASE + r"(?![\w-])")
_VERB_HEAD_RE = lazy_compile(_VERB_HEAD)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch in "_'-"


@lru_cache(maxsize=8192)
def _name_forms(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(full and comma-short names, first words usable only as a subject)."""
    full = self_names(names)
    firsts = {
        face.split()[0]
        for name in names for face in name.split(" // ")
        if len(face.split()) >= 2 and face.split()[0][:1].isupper()
    } - set(full)
    return full, tuple(sorted(firsts, key=len, reverse=True))


def _normalise_self(text: str, names: tuple[str, ...]) -> str:
    """Replace every reference to the object itself by ``~``.

    Full names and short names are replaced wherever they stand as whole words; a first-word
    name ("Zurgo") only at the start of a sentence or clause and followed by a verb.
    """
    full, firsts = _name_forms(names)
    for name in full:
        if name not in text:
            continue
        out: list[str] = []
        pos = 0
        while True:
            k = text.find(name, pos)
            if k < 0:
                break
            end = k + len(name)
            if (k == 0 or not _is_word_char(text[k - 1])) and (
                    end == len(text) or not (text[end].isalnum() or text[end] in "_-")):
                out.append(text[pos:k])
                out.append("~")
            else:
                out.append(text[pos:end])
            pos = end
        out.append(text[pos:])
        text = "".join(out)
    for name in firsts:
        k = text.find(name)
        while k >= 0:
            end = k + len(name)
            before_ok = (k == 0 or text[max(0, k - 2):k] in (". ", ", ")
                         or text[max(0, k - 4):k] == "and " or text[k - 1] == '"')
            if before_ok and text[end:end + 1] == " " and _VERB_HEAD_RE.match(text, end + 1):
                text = text[:k] + "~" + text[end:]
                end = k + 1
            k = text.find(name, end)
    return _SELF_RE.sub("~", text)


# ==================================================================== subjects


_GROUP = lazy_compile(
    r"""(?P<q>(?:[Aa]ll|[Ee]ach)\s)?
    (?P<other>[Oo]ther\s)?
    (?:[Nn]on-?(?P<non>[A-Z][\w'-]*)\s)?
    (?:(?P<types>[A-Z][\w'-]*(?:(?:,\s|,\sand\s|,\sor\s|\sand\s|\sor\s|\sand/or\s)[A-Z][\w'-]*)*)\s)?
    (?P<noun>[Cc]reatures?|[A-Z][\w'-]*)
    (?P<ctl>\s(?:you\scontrol|your\sopponents\scontrol|an\sopponent\scontrols|
        each\sopponent\scontrols|your\sopponent\scontrols))?""",
    re.X,
)


def _subtype_list(text: str, *, plural: bool = False) -> tuple[str, ...] | None:
    """"Goblin and Orc" -> ("Goblin", "Orc"); ``plural``: "Vampires or Zombies"."""
    words = [w for w in re.split(r",\s(?:and\s|or\s)?|\sand/or\s|\sand\s|\sor\s", text) if w]
    out: list[str] = []
    for w in words:
        t = _plural_subtype(w) if plural else (w if w in CREATURE_TYPES else None)
        if t is None:
            return None
        out.append(t)
    return tuple(out)


def _parse_subject(subject: str) -> Affected | None:
    """Subject phrase -> :class:`Affected`, or ``None`` if it is not one we can express."""
    if subject.endswith(" your team controls"):
        # h4: no teams are modelled (every other player is an opponent), so a player's team
        # is that player alone (CR 810.1: Two-Headed Giant is not played).
        subject = subject[: -len(" your team controls")] + " you control"
    got = _plain_subject(subject)
    if got is None:
        got = _filtered_subject(subject.strip())
    if got is None:
        got = _adjective_subject(subject.strip())
    if got is None:
        got = _type_list_subject(subject.strip())
    return got


# Issue 10 §2: creature groups filtered by colour, card type, power, toughness, keyword or
# counters ("Each creature you control with power 4 or greater", "Nonblack creatures",
# "Creatures without flying", "Creatures you control with power or toughness 1 or less").
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_PREFIX = lazy_compile(
    r"(?P<q>(?:[Aa]ll|[Ee]ach)\s)?(?P<other>[Oo]ther\s)?"
    r"(?:(?P<non>[Nn]on-?)?(?P<color>white|blue|black|red|green|White|Blue|Black|Red|Green)\s"
    r"|(?P<ctype>[Aa]rtifact|[Ll]and|[Ee]nchantment)\s"
    r"|(?P<ccount>[Mm]ulticolored|[Mm]onocolored|[Cc]olorless)\s"
    r"|(?P<tap>[Tt]apped|[Uu]ntapped)\s)"
    r"(?P<rest>creatures?\b.*)"
)
_WITH = lazy_compile(r"(?P<head>.+?) with(?P<out>out)? (?P<q>.+)")
_STAT = lazy_compile(r"(?P<what>power or toughness|power|toughness) (?P<n>\d+) or (?P<dir>less|greater)")
_COUNTERS = lazy_compile(
    r"(?:an? |one or more |(?P<n>two|three|four|five|\d+) or more )?(?P<kind>\+1/\+1|-1/-1|[a-z]+) "
    r"counters? on (?:it|them)")


def _with_qualities(text: str, without: bool) -> tuple[Quality, ...] | None:
    """What follows "with"/"without" in a subject -> alternative qualities."""
    if re.fullmatch(r"toughness greater than (?:its|their) power", text) and not without:
        return (Quality(toughness_over_power=True),)
    m = _STAT.fullmatch(text)
    if m and not without:
        n = int(m["n"])
        out: list[Quality] = []
        for stat in m["what"].split(" or "):
            key = f"{stat}_at_{'most' if m['dir'] == 'less' else 'least'}"
            bound: dict[str, Any] = {key: n}
            out.append(Quality(**bound))
        return tuple(out)
    kws = [k.strip().lower() for k in re.split(r" or | and ", text)]
    if all(k in KEYWORDS for k in kws):
        if without:
            return (Quality(without_keywords=tuple(kws)),)
        if " and " in text:
            return None
        return (Quality(keywords=tuple(kws)),)
    m = _COUNTERS.fullmatch(text)
    if m and not without:
        if m["n"]:  # h4: "with three or more +1/+1 counters on them" (Runadi)
            n = {"two": 2, "three": 3, "four": 4, "five": 5}.get(m["n"]) or int(m["n"])
            return (Quality(counter=m["kind"], counter_at_least=n),)
        return (Quality(counter=m["kind"]),)
    return None


# Rules round 2: legendary, nontoken, token, modified (CR 700.9) and equipped creatures
# ("Other legendary creatures you control", "Creature tokens you control", "Zombie tokens
# you control", "Modified creatures you control", "Equipped Warriors you control").
_ADJECTIVE = lazy_compile(
    r"(?P<q>(?:[Aa]ll|[Ee]ach)\s)?(?P<other>[Oo]ther\s)?"
    r"(?P<adj>[Ll]egendary|[Nn]ontoken|[Mm]odified|[Ee]quipped)\s(?P<rest>.+)")
_ADJECTIVE_FIELDS: dict[str, dict[str, object]] = {
    "legendary": {"supertypes": ("Legendary",)}, "nontoken": {"token": False},
    "modified": {"modified": True}, "equipped": {"equipped": True},
}
_TOKENS = lazy_compile(r"(?P<q>(?:[Aa]ll|[Ee]ach)\s)?(?P<other>[Oo]ther\s)?"
                     r"(?:(?P<ctype>[Cc]reature\s)|(?P<types>[A-Z][\w'-]*)\s)?[Tt]okens(?P<rest>\s.+)?")
_ENCHANTED_OR_EQUIPPED = " that are enchanted or equipped"


def _adjective_subject(s: str) -> Affected | None:
    """A creature group with a legendary / nontoken / modified / equipped adjective, a
    "tokens" noun or a "that are enchanted or equipped" tail; ``None`` otherwise."""
    extra: dict[str, object] = {}
    head = s
    if head.endswith(_ENCHANTED_OR_EQUIPPED):
        extra["enchanted_or_equipped"] = True
        head = head[: -len(_ENCHANTED_OR_EQUIPPED)]
    while True:
        m = _ADJECTIVE.fullmatch(head)
        if not m:
            break
        fields = _ADJECTIVE_FIELDS[m["adj"].lower()]
        if set(fields) & set(extra):
            return None
        extra.update(fields)
        head = (m["q"] or "") + (m["other"] or "") + m["rest"]
    m = _TOKENS.fullmatch(head)
    if m:
        if "token" in extra:
            return None
        extra["token"] = True
        noun = f"{m['types']} creatures" if m["types"] else "creatures"
        head = (m["q"] or "") + (m["other"] or "") + noun + (m["rest"] or "")
    if not extra:
        return None
    head = head[:1].upper() + head[1:]
    a = _plain_subject(head)
    if a is None:
        a = _filtered_subject(head)
    if a is None or a.kind != "creatures":
        return None
    alternatives = a.qualities or (Quality(),)
    return replace(a, qualities=tuple(replace(q, **extra) for q in alternatives))  # type: ignore[arg-type]


def _filtered_subject(s: str) -> Affected | None:
    """A creature group with a colour / type prefix and/or a "with ..." clause."""
    base = Quality()
    alternatives: tuple[Quality, ...] = (base,)
    head = s
    m = _WITH.fullmatch(s)
    if m:
        q = _with_qualities(m["q"], bool(m["out"]))
        if q is None:
            return None
        head, alternatives = m["head"], q
    p = _PREFIX.fullmatch(head)
    if p:
        if p["color"]:
            letter = _COLOR_LETTER[p["color"].lower()]
            extra = {"exclude_colors": (letter,)} if p["non"] else {"colors": (letter,)}
        elif p["ccount"]:
            extra = {"color_count": p["ccount"].lower()}
        elif p["tap"]:
            extra = {"tapped": p["tap"].lower() == "tapped"}
        else:
            extra = {"types": (p["ctype"].capitalize(),)}
        alternatives = tuple(replace(a, **extra) for a in alternatives)
        head = (p["q"] or "") + (p["other"] or "") + p["rest"]
        if not p["q"] and not p["other"]:
            head = head[:1].upper() + head[1:]
    elif not m:
        return None
    a = _plain_subject(head)
    if a is None or a.kind != "creatures" or a.qualities:
        return None
    return replace(a, qualities=alternatives)


def _plain_subject(subject: str) -> Affected | None:
    """A subject without quality filters (see :func:`_parse_subject`)."""
    s = subject.strip()
    if s == "~":
        return SELF
    low = s.lower()
    if re.fullmatch(r"(?:enchanted|equipped) (?:creature|permanent|artifact|vehicle)", low):
        return ATTACHED
    m = _GROUP.fullmatch(s)
    if not m:
        return None
    noun = m["noun"]
    subtypes: tuple[str, ...] = ()
    if noun.lower() in ("creature", "creatures"):
        if noun.lower() == "creature" and not m["q"]:
            return None  # "creature can't ..." without "each" is not a subject
        if m["types"]:
            st = _subtype_list(m["types"])
            if st is None:
                return None
            subtypes = st
    else:
        if m["types"]:
            return None
        one = _plural_subtype(noun)
        if one is None:
            if noun in CREATURE_TYPES and m["q"] and m["q"].strip().lower() == "each":
                one = noun  # "Each Skeleton you control ..."
            else:
                return None  # a bare singular or unknown capitalised word is not a group
        subtypes = (one,)
    exclude: tuple[str, ...] = ()
    if m["non"]:
        if m["non"] not in CREATURE_TYPES:
            return None
        exclude = (m["non"],)
    ctl = (m["ctl"] or "").strip()
    controller = "you" if ctl == "you control" else ("opponents" if ctl else "any")
    return Affected(
        kind="creatures", controller=controller, subtypes=subtypes,
        exclude_subtypes=exclude, other=bool(m["other"]),
    )


# ============================================================ h4: lists of creature types
# "Other Orcs and Goblins you control", "Goblins you control and Elementals you control",
# "Other Demons, Devils, Imps, and Tieflings you control", "Each other creature you control
# that's a Cat, Elemental, Nightmare, Dinosaur, or Beast", "Other outlaws you control",
# "Commanders you control", "Creatures you control with counters on them": a creature has
# the ability when it has at least one of the types (``Affected.subtypes`` is a union).

# The creature types "outlaw" stands for (the batching word of Outlaws of Thunder Junction).
OUTLAW_TYPES = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")

_LIST_SEP = r"(?:,\s(?:and\s|or\s|and/or\s)?|\sand/or\s|\sand\s|\sor\s)"
_CTL = (r"(?:you\scontrol|your\sopponents\scontrol|an\sopponent\scontrols|"
        r"each\sopponent\scontrols)")
_TYPE_LIST = lazy_compile(
    r"(?P<q>(?:[Aa]ll|[Ee]ach)\s)?(?P<other>[Oo]ther\s)?"
    r"(?P<types>[A-Za-z][\w'-]*(?:" + _LIST_SEP + r"[A-Z][\w'-]*)+)"
    r"(?:\s(?P<ctl>" + _CTL + r"))?")
# "Goblins you control and Elementals you control" (the same controller after each type)
_TYPE_LIST_CTL = lazy_compile(
    r"(?P<other>[Oo]ther\s)?(?P<a>[A-Z][\w'-]*)\s(?P<c1>" + _CTL + r")\sand\s"
    r"(?P<b>[A-Z][\w'-]*)\s(?P<c2>" + _CTL + r")")
# "Each [other] creature [you control] that's a Barbarian, a Warrior, or a Berserker"
_THATS = lazy_compile(
    r"(?P<q>[Ee]ach\s)(?P<other>other\s)?creature(?:\s(?P<ctl>" + _CTL + r"))?"
    r"\sthat's\s(?P<types>.+)")
_COMMANDERS = lazy_compile(
    r"(?P<other>[Oo]ther\s)?[Cc]ommander(?:s|\screatures)\s(?P<ctl>you\scontrol)")
_ANY_COUNTERS = lazy_compile(
    r"(?P<q>(?:[Aa]ll|[Ee]ach)\s)?(?P<other>[Oo]ther\s)?[Cc]reatures?\s(?P<ctl>" + _CTL + r")"
    r"\swith\s(?:one\sor\smore\s)?counters\son\s(?:it|them)")


def _controller(ctl: str | None) -> Any:
    ctl = (ctl or "").strip()
    return "you" if ctl == "you control" else ("opponents" if ctl else "any")


def _plural_types(words: str) -> tuple[str, ...] | None:
    """"Orcs and Goblins" -> ("Orc", "Goblin"); "outlaws" adds the five outlaw types;
    ``None`` when a word is not a plural creature type."""
    out: list[str] = []
    for w in re.split(_LIST_SEP, words):
        w = re.sub(r"^an?\s", "", w)
        if w.lower() == "outlaws":
            out.extend(OUTLAW_TYPES)
            continue
        one = _plural_subtype(w[:1].upper() + w[1:]) if w else None
        if one is None and w in CREATURE_TYPES:
            one = w  # after "that's a": singular
        if one is None:
            return None
        out.append(one)
    return tuple(dict.fromkeys(out))


def _type_list_subject(s: str) -> Affected | None:
    """A creature group named by a list of creature types, commanders or "with counters on
    them" (the block above); ``None`` otherwise."""
    m = _TYPE_LIST.fullmatch(s)
    if m:
        types = _plural_types(m["types"])
        if types is None:
            return None
        return Affected(kind="creatures", controller=_controller(m["ctl"]), subtypes=types,
                        other=bool(m["other"]))
    m = _TYPE_LIST_CTL.fullmatch(s)
    if m and m["c1"] == m["c2"]:
        types = _plural_types(f"{m['a']} and {m['b']}")
        if types is None:
            return None
        return Affected(kind="creatures", controller=_controller(m["c1"]), subtypes=types,
                        other=bool(m["other"]))
    m = _THATS.fullmatch(s)
    if m:
        types = _plural_types(m["types"])
        if types is None or any(t not in CREATURE_TYPES for t in types):
            return None
        return Affected(kind="creatures", controller=_controller(m["ctl"]), subtypes=types,
                        other=bool(m["other"]))
    m = _COMMANDERS.fullmatch(s)
    if m:
        # CR 903.3: a commander is the card the scenario marks ``commander``.
        return Affected(kind="creatures", controller="you", other=bool(m["other"]),
                        qualities=(Quality(commander=True),))
    m = _ANY_COUNTERS.fullmatch(s)
    if m:
        return Affected(kind="creatures", controller=_controller(m["ctl"]),
                        other=bool(m["other"]), qualities=(Quality(counter="any"),))
    h = re.fullmatch(r"(?P<other>[Oo]ther\s)?historic\screatures\s(?P<ctl>" + _CTL + r")", s)
    if h:
        # CR 700.6: artifacts, legendaries and Sagas are historic.
        return Affected(kind="creatures", controller=_controller(h["ctl"]), other=bool(h["other"]),
                        qualities=(Quality(types=("Artifact",)), Quality(supertypes=("Legendary",)),
                                   Quality(subtypes=("Saga",))))
    w = re.fullmatch(r"(?P<other>[Oo]ther\s)?outlaws\s(?P<ctl>you\scontrol)", s)
    if w:
        return Affected(kind="creatures", controller="you", subtypes=OUTLAW_TYPES,
                        other=bool(w["other"]))
    return None
