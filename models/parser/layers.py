"""Layer templates (issue 10, CR 613): static abilities that change characteristics.

Added by the layer work and applied by :mod:`redzone.models.layers` — types (layer 4),
colours (5), abilities removed (6), power and toughness (7b, 7c; combat-dependent ones from
the declaration on, 506.4, 611.3a). Hooks in the package: :func:`_build_gets` reads the
"gets +N/+M" predicate of :mod:`.predicates`, :data:`_LAYER_PREDICATES` follow the other
predicate families, :func:`_layer_static` is a whole-sentence family and
:func:`_layer_fallback` turns a power/toughness sentence nothing else reads into an
:class:`~redzone.models.abilities.UnappliedEffect`, which the board reports instead of ignoring
it. ``s`` is normalised text (self references are "~", no final period).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redzone.models.abilities import (
    ATTACHED,
    SELF,
    Ability,
    Affected,
    ColorChange,
    LoseAbilities,
    ModifyPT,
    Permanents,
    SetBasePT,
    TypeChange,
    UnappliedEffect,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.subjects import _parse_subject
from redzone.models.parser.vocabulary import (
    _KW_ALT,
    _PT_ONLY,
    CREATURE_TYPES,
    _plural_subtype,
    is_combat_relevant,
)

_L_PT = r"(?P<p>[+\-−]\d+)/(?P<t>[+\-−]\d+)"
_L_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_L_BASIC = {"plains": "Plains", "island": "Island", "islands": "Island", "swamp": "Swamp",
            "swamps": "Swamp", "mountain": "Mountain", "mountains": "Mountain",
            "forest": "Forest", "forests": "Forest"}
_L_LAND = r"(?:Plains|Islands?|Swamps?|Mountains?|Forests?)"
_L_LANDS = _L_LAND + r"(?:(?:, |,? and )" + _L_LAND + r")*"


def _signed(x: str) -> int:
    return int(x.replace("−", "-"))


def _land_types(text: str) -> tuple[str, ...]:
    return tuple(_L_BASIC[w.lower()] for w in re.findall(_L_LAND, text))


def _build_gets(m: re.Match[str], a: Affected, text: str) -> list[Ability]:
    """"gets +N/+M" -> :class:`ModifyPT` (layer 7c); an amount that depends on the board
    ("for each ...", X) -> :class:`UnappliedEffect`."""
    g = re.search(r"([+\-−][\dX]+)/([+\-−][\dX]+)", m.group(0))
    assert g is not None
    if "X" in g.group(0) or "for each" in m.group(0):
        return [UnappliedEffect(affected=a, layer="7c", text=text,
                                reason="the amount depends on the board (\"for each\" or X)")]
    return [ModifyPT(affected=a, power=_signed(g[1]), toughness=_signed(g[2]), text=text)]


def _type_words(words: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """"Zombie", "Vampire Rogue", "artifact", "Zombies" -> (card types, creature types)."""
    types: list[str] = []
    subs: list[str] = []
    for w in re.split(r"\s+|, |,? and ", words.strip()):
        if not w:
            continue
        low = w.lower()
        if low in ("artifact", "artifacts", "creature", "creatures", "enchantment",
                   "enchantments"):
            types.append(low.rstrip("s").capitalize())
        elif w in CREATURE_TYPES:
            subs.append(w)
        elif _plural_subtype(w):
            subs.append(_plural_subtype(w))  # type: ignore[arg-type]
        else:
            return None
    return tuple(types), tuple(subs)


_PL_EVERY = lazy_compile(r"(?:it |they )?(?:is|are) (?:every creature type|all creature types)")
_PL_IN_ADDITION = lazy_compile(
    r"(?:it |they )?(?:is|are) (?:an? )?(?P<color>white|blue|black|red|green )?(?P<what>[\w' -]+?) "
    r"in addition to (?:its|their) other (?:creature |card )?types")
_PL_LOSE_ALL = lazy_compile(r"(?:it |they )?los(?:es|e) all abilities")
_PL_LOSE_KW = lazy_compile(r"(?:it |they )?los(?:es|e) (?P<kws>(?:" + _KW_ALT + r")(?:(?:, |,? and |,? or )(?:"
                         + _KW_ALT + r"))*)(?P<cant> and can't have or gain (?P=kws))?")
_PL_BASE_PT = lazy_compile(r"(?:it |they )?(?:has|have) base power and toughness (?P<p>\d+)/(?P<t>\d+)")
_PL_BECOMES = lazy_compile(
    r"(?:it |they )?(?:is|are) (?:an? )?(?P<color>(?:white|blue|black|red|green)(?: and (?:white|blue|"
    r"black|red|green))? )?(?P<what>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)(?P<cr> (?:artifact )?creatures?)?"
    r"(?: with base power and toughness (?P<p>\d+)/(?P<t>\d+))?")
_PL_COLOR = lazy_compile(r"(?:it |they )?(?:is|are) (?P<c>(?:white|blue|black|red|green|colorless)"
                       r"(?: and (?:white|blue|black|red|green))?)")


def _pl_in_addition(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    got = _type_words(m["what"])
    if got is None:
        return None
    out: list[Ability] = [TypeChange(affected=a, types=got[0], subtypes=got[1], text=text)]
    if m["color"]:
        out.append(ColorChange(affected=a, colors=(_L_COLORS[m["color"].strip()],), text=text))
    return out


def _pl_becomes(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    """"is a blue Frog creature with base power and toughness 1/1" (Frogify), "is a
    Treefolk with base power and toughness 0/4" (Lignify): the new types replace the old
    (205.1b), and the colour and base power/toughness are set."""
    if a.kind == "self" and not (m["cr"] or m["p"]):
        return None  # "~ is a Wall" alone is not an effect we read here
    got = _type_words(m["what"])
    if got is None or (not got[1] and not m["cr"]):
        return None
    types = got[0] + (("Artifact",) if m["cr"] and "artifact" in m["cr"] else ()) + (
        ("Creature",) if m["cr"] else ())
    out: list[Ability] = [TypeChange(affected=a, types=types, subtypes=got[1], replace=True,
                                     text=text)]
    if m["color"]:
        out.append(ColorChange(affected=a, colors=tuple(
            _L_COLORS[c] for c in re.findall(r"white|blue|black|red|green", m["color"])), text=text))
    if m["p"]:
        out.append(SetBasePT(affected=a, power=int(m["p"]), toughness=int(m["t"]), text=text))
    return out


# "gets +N/+M until end of turn": on a permanent (a scenario's ``abilities``) it is in
# effect now, like "gains flying until end of turn"; on a spell it is harmless.
_PL_GETS_EOT = lazy_compile(r"(?:it |they )?gets? (?P<p>[+\-−][\dX]+)/(?P<t>[+\-−][\dX]+) until end of turn")


def _pl_gets_eot(m: re.Match[str], a: Affected, text: str) -> list[Ability]:
    if "X" in m["p"] + m["t"]:
        return [UnappliedEffect(affected=a, layer="7c", text=text,
                                reason="the amount depends on the board (X)")]
    return [ModifyPT(affected=a, power=_signed(m["p"]), toughness=_signed(m["t"]), text=text)]


_LAYER_PREDICATES: list[tuple[re.Pattern[str], Callable[[re.Match[str], Affected, str],
                                                        list[Ability] | None]]] = [
    (_PL_GETS_EOT, _pl_gets_eot),
    (_PL_EVERY, lambda m, a, t: [TypeChange(affected=a, every_creature_type=True, text=t)]),
    (_PL_IN_ADDITION, _pl_in_addition),
    (_PL_LOSE_ALL, lambda m, a, t: [LoseAbilities(affected=a, text=t)]),
    (_PL_LOSE_KW, lambda m, a, t: [LoseAbilities(
        affected=a, keywords=tuple(k.lower() for k in re.split(r", |,? and |,? or ", m["kws"])),
        cant_have=bool(m["cant"]), text=t)]),
    (_PL_BASE_PT, lambda m, a, t: [SetBasePT(affected=a, power=int(m["p"]),
                                             toughness=int(m["t"]), text=t)]),
    (_PL_COLOR, lambda m, a, t: [ColorChange(affected=a, colors=tuple(
        _L_COLORS[c] for c in re.findall(r"white|blue|black|red|green", m["c"])), text=t)]),
    (_PL_BECOMES, _pl_becomes),
]

_SL_EACH_LAND = lazy_compile(
    r"(?:Each land is|All lands are) (?:an? )?(?P<t>" + _L_LANDS + r") in addition to (?:its|their) "
    r"other (?:land )?types")
_SL_EVERY_BASIC = lazy_compile(r"Lands (?P<ctl>you control )?are every basic land type in addition to "
                             r"their other types")
_SL_SET_LANDS = lazy_compile(r"(?P<nb>Nonbasic lands|All lands|Lands)(?P<ctl> you control| your opponents "
                           r"control)? are (?P<t>" + _L_LANDS + r")")
_SL_ENCHANTED_LAND = lazy_compile(r"Enchanted land is (?:an? )?(?P<t>" + _L_LANDS + r")(?P<add> in addition "
                                r"to its other (?:land )?types)?")
_SL_ALL_ARTIFACTS = lazy_compile(r"All permanents are artifacts in addition to their other types")
_SL_ATTACKING_YOU = lazy_compile(r"(?P<untapped>As long as ~ is untapped, )?(?:all )?[Cc]reatures attacking "
                               r"you get " + _L_PT)
_SL_ATTACKING = lazy_compile(r"(?P<w>Attacking|Blocking) (?P<subj>.+?) gets? " + _L_PT)
_SL_SELF_WHILE = lazy_compile(
    r"(?:As long as (?P<s1>~|enchanted creature|equipped creature) is (?P<w1>attacking or blocking|"
    r"attacking|blocking), (?:it|~) gets? " + _L_PT.replace("?P<p>", "?P<p1>").replace("?P<t>", "?P<t1>")
    + r"|(?P<s2>~|Enchanted creature|Equipped creature) gets? " + _L_PT + r" as long as it's "
    r"(?P<w2>attacking or blocking|attacking|blocking))")
_SL_CTL = {"you control": "you", "your opponents control": "opponents", "": "any"}


def _layer_static(s: str, text: str) -> list[Ability] | None:
    """Whole-sentence layer templates (see the section comment)."""
    m = _SL_EACH_LAND.fullmatch(s)
    if m:
        return [TypeChange(permanents=Permanents(types=("Land",)), subtypes=_land_types(m["t"]),
                           text=text)]
    m = _SL_EVERY_BASIC.fullmatch(s)
    if m:
        return [TypeChange(permanents=Permanents(types=("Land",), controller="you" if m["ctl"] else "any"),
                           subtypes=tuple(_L_BASIC[k] for k in ("plains", "island", "swamp",
                                                                "mountain", "forest")), text=text)]
    m = _SL_SET_LANDS.fullmatch(s)
    if m:
        ctl = _SL_CTL[(m["ctl"] or "").strip()]
        return [TypeChange(permanents=Permanents(types=("Land",), nonbasic=m["nb"] == "Nonbasic lands",
                                                 controller=ctl),  # type: ignore[arg-type]
                           subtypes=_land_types(m["t"]), set_land_type=True, text=text)]
    m = _SL_ENCHANTED_LAND.fullmatch(s)
    if m:
        return [TypeChange(affected=ATTACHED, subtypes=_land_types(m["t"]),
                           set_land_type=not m["add"], text=text)]
    if s == "All permanents are colorless":
        return [ColorChange(permanents=Permanents(), colors=(), text=text)]
    if _SL_ALL_ARTIFACTS.fullmatch(s):
        return [TypeChange(permanents=Permanents(), types=("Artifact",), text=text)]
    m = _SL_ATTACKING_YOU.fullmatch(s)
    if m:
        return [ModifyPT(affected=Affected(kind="creatures"), power=_signed(m["p"]),
                         toughness=_signed(m["t"]), when="attacking you",
                         source_untapped=bool(m["untapped"]), text=text)]
    m = _SL_ATTACKING.fullmatch(s)
    if m:
        subj = m["subj"]
        a = _parse_subject(subj if subj.lower() != "creatures" else "All creatures")
        if a is None or a.kind != "creatures":
            return None
        return [ModifyPT(affected=a, power=_signed(m["p"]), toughness=_signed(m["t"]),
                         when="attacking" if m["w"] == "Attacking" else "blocking", text=text)]
    m = _SL_SELF_WHILE.fullmatch(s)
    if m:
        who = (m["s1"] or m["s2"]).lower()
        a = SELF if who == "~" else ATTACHED
        p, t = (m["p1"], m["t1"]) if m["p1"] else (m["p"], m["t"])
        return [ModifyPT(affected=a, power=_signed(p), toughness=_signed(t),
                         when=m["w1"] or m["w2"], text=text)]  # type: ignore[arg-type]
    return None


# Shapes of characteristic-changing statics that no template above reads (Conspiracy's "are
# the chosen type", Painter's Servant, March of the Machines, "nonland permanents ... are
# white"): they become a reported :class:`UnappliedEffect`, never a silent "ignored".
_SL_GAPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_compile(r"\b(?:is|are) (?:the chosen (?:creature )?type|every basic land type)|"
                r"\bin addition to (?:its|their) other (?:creature |card |land )?types\b|"
                r"\b(?:is|are) (?:an? )?artifact creatures? with\b|"
                r"\b(?:is|are) (?:an? )?\d+/\d+ [^\"]*\bcreatures?\b|\b(?:is|are) snow$|"
                r"\bis every creature type\b"), "4"),
    (lazy_compile(r"\b(?:is|are) (?:the chosen color|colorless|(?:white|blue|black|red|green)"
                r"(?: and (?:white|blue|black|red|green))?)$"), "5"),
    (lazy_compile(r"\bbase power and toughness\b|\bpower and toughness (?:are )?each equal to\b"),
     "7b"),
)


def _layer_fallback(s: str, text: str) -> list[Ability] | None:
    """A power/toughness sentence no template read (a condition, a variable amount): an
    :class:`UnappliedEffect` for the board to report. ``None`` for anything else (one-shot
    effects on targets are not static abilities)."""
    if not re.search(r"(?i)\btargets?\b|\buntil end of turn\b|\bbecomes\b|^(?:If|When|Whenever)\b",
                     re.sub(r'"[^"]*"', '""', s)):
        for rx, layer in _SL_GAPS:
            if rx.search(s):
                return [UnappliedEffect(permanents=Permanents(), layer=layer, text=text,
                                        reason="a characteristic-changing effect redzone does not "
                                               "read")]
    bare = re.sub(r'"[^"]*"', '""', s)  # quoted abilities granted are not this effect
    if re.search(r"(?i)\btargets?\b|\buntil end of turn\b", bare):
        return None
    if not _PT_ONLY.fullmatch(s):
        # A P/T change inside a sentence whose other parts are not combat-relevant ("As long
        # as ..., this creature gets +1/+1, is black, and has ..."): reported, not ignored.
        # A combat-relevant rest stays unparsed (the relevance rule).
        if not re.search(r"\bgets? [+\-−][\dX]+/[+\-−][\dX]+", bare) or is_combat_relevant(bare):
            return None
    m = re.fullmatch(r"(?:(?:As long as|During|If) [^,]+, )?(?P<subj>.+?) gets? [+\-−].*", s)
    a = _parse_subject(m["subj"]) if m else None
    if m and m["subj"] in ("it", "they"):
        a = SELF
    if a is None:
        return [UnappliedEffect(permanents=Permanents(types=("Creature",)), layer="7c", text=text,
                                reason="a power/toughness effect whose condition or creatures "
                                       "redzone does not compute")]
    return [UnappliedEffect(affected=a, layer="7c", text=text,
                            reason="a power/toughness effect whose condition or amount redzone "
                                   "does not compute")]
