"""Block templates (CR 509.1b-d): blocker qualities, Lure variants, block taxes.

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redzone.models.abilities import (
    Ability,
    Affected,
    AllMustBlock,
    ATTACHED,
    BlockTax,
    CanBlockShadow,
    CantBeBlockedBy,
    CantBeBlockedExceptBy,
    CantBeBlockedUnlessAllBlock,
    CantBlockCreatures,
    MustBeBlocked,
    Quality,
    SELF,
    XCount,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    CREATURE_TYPES,
    _COMBAT_KEYWORDS,
    _NUM,
    _number,
    _plural_subtype,
)
from redzone.models.parser.subjects import (
    _parse_subject,
)
from redzone.models.parser.sentences import (
    _x_count,
)

# ==================================================== block templates (issue 3, 509.1)
#
# ``_BLOCK_PREDICATES`` are appended to the predicate table by the package ``__init__`` (after
# the first-pass ones, so they only see what those leave), and :func:`_block_static` is one of
# the whole-sentence families tried by :func:`parse_sentence`. ``s`` is normalised text
# (self references are "~", no final period).

_BQ_KW = "(?:" + "|".join(re.escape(k) for k in _COMBAT_KEYWORDS) + ")"
_BQ_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_BQ_COLORS = r"white|blue|black|red|green"
_BQ_FORMS: tuple[str, ...] = (
    # h4: "black and/or red creatures" (either colour), "white creatures with power 2 or
    # greater" (both), "enchanted creatures" (an Aura attached)
    r"(?P<c1>" + _BQ_COLORS + r")(?: and/or | or )(?P<c2>" + _BQ_COLORS + r") creatures?",
    r"(?P<cp>" + _BQ_COLORS + r") creatures? with power (?P<cpn>" + _NUM + r") or "
    r"(?P<cpdir>less|greater)",
    r"(?P<enchanted>enchanted) creatures?",
    r"creatures? with power (?P<pn>" + _NUM + r") or (?P<pdir>less|greater)",
    r"creatures? with toughness (?P<tn>" + _NUM + r") or (?P<tdir>less|greater)",
    r"creatures? with (?P<rel>greater) power",
    r"creatures? with power (?P<rel2>less|greater) than ~'s power",
    r"creatures? with(?P<without>out)? (?P<kws>" + _BQ_KW + r"(?: or " + _BQ_KW + r")*)",
    r"(?P<noncol>non)?(?P<color>white|blue|black|red|green) creatures?",
    r"(?P<ctype>artifact|enchantment) creatures?",
    r"non-(?P<nonsub>[A-Z][\w'-]*) creatures?",
    r"(?:creature )?(?P<tokens>tokens?)",
    r"(?P<legendary>legendary) creatures?",
    r"(?P<sub>[A-Z][\w'-]*)",
)
_BQ_ONE = lazy_compile("|".join(f"(?:{f})" for f in _BQ_FORMS))
_BQ_PLAIN = "(?:" + "|".join(re.sub(r"\(\?P<\w+>", "(?:", f) for f in _BQ_FORMS) + ")"
_BQ_CONN = r"(?:, (?:and/or |or |and )?| and/or | or )"  # (h4: ", and" in a list of types)
_BQ_LIST = _BQ_PLAIN + "(?:" + _BQ_CONN + _BQ_PLAIN + ")*"
_BQ_CONN_RE = lazy_compile(_BQ_CONN)


def _block_quality(m: re.Match[str]) -> Quality | None:
    """One matched creature description -> :class:`Quality` (``None``: not expressible)."""
    if m["c1"]:
        return Quality(colors=(_BQ_COLOR[m["c1"]], _BQ_COLOR[m["c2"]]))
    if m["cp"]:
        n = _number(m["cpn"])
        bound = {"power_at_most": n} if m["cpdir"] == "less" else {"power_at_least": n}
        return Quality(colors=(_BQ_COLOR[m["cp"]],), **bound)  # type: ignore[arg-type]
    if m["enchanted"]:
        return Quality(enchanted=True)
    if m["pn"]:
        n = _number(m["pn"])
        return Quality(power_at_most=n) if m["pdir"] == "less" else Quality(power_at_least=n)
    if m["tn"]:
        n = _number(m["tn"])
        return (Quality(toughness_at_most=n) if m["tdir"] == "less"
                else Quality(toughness_at_least=n))
    if m["rel"]:
        return Quality(power_vs="greater")
    if m["rel2"]:
        return Quality(power_vs=m["rel2"])  # type: ignore[arg-type]
    if m["kws"]:
        kws = tuple(k.lower() for k in m["kws"].split(" or "))
        return Quality(without_keywords=kws) if m["without"] else Quality(keywords=kws)
    if m["color"]:
        letter = _BQ_COLOR[m["color"]]
        return Quality(exclude_colors=(letter,)) if m["noncol"] else Quality(colors=(letter,))
    if m["ctype"]:
        return Quality(types=(m["ctype"].capitalize(),))
    if m["nonsub"]:
        return Quality(exclude_subtypes=(m["nonsub"],)) if m["nonsub"] in CREATURE_TYPES else None
    if m["tokens"]:
        return Quality(token=True)  # a blocker is a creature: "tokens" are creature tokens
    if m["legendary"]:
        return Quality(supertypes=("Legendary",))
    one = _plural_subtype(m["sub"] or "")
    return Quality(subtypes=(one,)) if one else None


def _block_qualities(text: str) -> tuple[Quality, ...] | None:
    """"artifact creatures and/or black creatures" -> two :class:`Quality` alternatives;
    ``None`` when any part is not understood."""
    out: list[Quality] = []
    pos = 0
    while True:
        m = _BQ_ONE.match(text, pos)
        if not m:
            return None
        q = _block_quality(m)
        if q is None:
            return None
        out.append(q)
        pos = m.end()
        if pos == len(text):
            return tuple(out)
        c = _BQ_CONN_RE.match(text, pos)
        if not c:
            return None
        pos = c.end()


_PB_BLOCKED_BY = lazy_compile(
    r"(?:it |they )?(?:can't|cannot) be blocked (?P<exc>except )?by (?P<q>" + _BQ_LIST + r")"
    r"(?: this turn| this combat)?"
)
# h4: "can't block or be blocked by creatures with power 2 or greater" (Sneaky Homunculus)
_PB_CANT_BLOCK_OR_BE_BLOCKED = lazy_compile(
    r"(?:it |they )?(?:can't|cannot) block or be blocked by (?P<q>" + _BQ_LIST + r")")
_PB_CANT_BLOCK = lazy_compile(
    r"(?:it |they )?(?:can't|cannot) block (?P<q>" + _BQ_LIST + r")(?: this turn| this combat)?"
)
_PB_ALL_OR_NOTHING = lazy_compile(
    r"(?:it |they )?(?:can't|cannot) be blocked unless all creatures defending player controls "
    r"block (?:it|~)"
)
_PB_MUST_BE_BLOCKED = lazy_compile(
    r"(?:it |they |(?P<self>~) )?must be blocked(?: by (?:(?P<exactly>exactly one creature)|"
    r"(?P<n>" + _NUM + r") or more creatures|an? (?P<sub>[A-Z][\w'-]*)))?"
    r"(?: each combat(?: this turn)?| this turn| this combat)? if able"
)
_PB_LURE = lazy_compile(r"all creatures able to block (?:it|~)(?: this turn| this combat)? do so")
_PB_SHADOW = lazy_compile(
    r"(?:it |they )?can block creatures with shadow as though (?:it|they) "
    r"(?:had shadow|didn't have shadow)"
)


def _pb_blocked_by(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    qs = _block_qualities(m["q"])
    if qs is None:
        return None
    if m["exc"]:
        return [CantBeBlockedExceptBy(affected=a, qualities=qs, text=text)]
    # "can't be blocked by X or Y": each description is its own restriction.
    return [CantBeBlockedBy(affected=a, quality=q, text=text) for q in qs]


def _pb_cant_block(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    qs = _block_qualities(m["q"])
    return None if qs is None else [CantBlockCreatures(affected=a, qualities=qs, text=text)]


def _pb_must_be_blocked(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    if m["self"] and a.kind != "self":
        return None
    if m["exactly"]:
        return [MustBeBlocked(affected=a, minimum=1, maximum=1, text=text)]
    if m["n"]:
        return [MustBeBlocked(affected=a, minimum=_number(m["n"]), text=text)]
    if m["sub"]:
        one = m["sub"] if m["sub"] in CREATURE_TYPES else None
        if one is None:
            return None
        return [MustBeBlocked(affected=a, by=Quality(subtypes=(one,)), text=text)]
    return [MustBeBlocked(affected=a, text=text)]


_BLOCK_PREDICATES: list[tuple[re.Pattern[str], Callable[[re.Match[str], Affected, str],
                                                        list[Ability] | None]]] = [
    (_PB_ALL_OR_NOTHING, lambda m, a, t: [CantBeBlockedUnlessAllBlock(affected=a, text=t)]),
    (_PB_BLOCKED_BY, _pb_blocked_by),
    (_PB_CANT_BLOCK_OR_BE_BLOCKED, lambda m, a, t: (
        None if (qs := _block_qualities(m["q"])) is None else
        [CantBlockCreatures(affected=a, qualities=qs, text=t),
         *[CantBeBlockedBy(affected=a, quality=q, text=t) for q in qs]])),
    (_PB_CANT_BLOCK, _pb_cant_block),
    (_PB_MUST_BE_BLOCKED, _pb_must_be_blocked),
    (_PB_LURE, lambda m, a, t: [AllMustBlock(affected=a, text=t)]),
    (_PB_SHADOW, lambda m, a, t: [CanBlockShadow(affected=a, text=t)]),
]

_SB_LURE = lazy_compile(
    r"All (?:creatures(?: with (?P<kw>" + _BQ_KW + r"))?|(?P<sub>[A-Z][\w'-]*)) able to block "
    r"(?P<who>~ or enchanted creature|~|enchanted creature|equipped creature)"
    r"(?: this turn| this combat)? do so"
)
_SB_HEXPROOF = lazy_compile(r"~ has (?:hexproof|shroud) (?:unless|as long as) [^.]+")
_SB_LESS_POWER = lazy_compile(r"Creatures with power (?P<rel>less|greater) than ~'s power can't "
                             r"block (?:it|~)")
_SB_CANT_BLOCK_GROUP = lazy_compile(
    r"(?P<q>Creatures with [^,]+?) can't block (?P<subj>(?:other )?creatures you control)")
_SB_TAX = lazy_compile(
    r"(?:(?P<turn>This turn), |(?P<att>As long as ~ is attacking), )?"
    r"(?P<subj>.+?) can't block unless (?:their|its) controller pays (?P<cost>(?:\{[^}]+\})+) "
    r"for each (?:blocking creature they control|of those creatures|creature they control "
    r"that's blocking)"
    r"(?:, where X is (?:(?P<xn>\d+)|the number of (?P<x>.+)))?"
)
_SB_ATTACKER_TAX = lazy_compile(
    r"(?P<subj>~|[Ee]nchanted creature|[Ee]quipped creature) can't be blocked unless defending "
    r"player pays (?P<cost>(?:\{[^}]+\})+) for each creature they control that's blocking it"
    r"(?:, where X is (?:(?P<xn>\d+)|the number of (?P<x>.+)))?"
)


def _block_cost(m: re.Match[str]) -> tuple[int, XCount | None, tuple[str, ...]] | None:
    """(generic, X, Phyrexian colours) of a block tax: ``{N}``, ``{W/P}`` (paid with 2 life,
    107.4f), or ``{X}`` with ", where X is N" (War Cadence's X as chosen) or ", where X is
    the number of ... you control"."""
    generic = 0
    has_x = False
    phyrexian: list[str] = []
    for c in re.findall(r"\{([^}]+)\}", m["cost"]):
        if c.isdigit():
            generic += int(c)
        elif c == "X":
            has_x = True
        elif re.fullmatch(r"[WUBRG]/P", c):
            phyrexian.append(c[0])
        else:
            return None  # coloured mana: not a generic tax
    if not has_x:
        return None if (m["xn"] or m["x"]) else (generic, None, tuple(phyrexian))
    if m["xn"]:
        return generic + int(m["xn"]), None, tuple(phyrexian)
    if m["x"]:
        x = _x_count(m["x"])
        return None if x is None else (generic, x, tuple(phyrexian))
    return None


def _block_static(s: str, text: str) -> list[Ability] | str | None:
    """Whole-sentence block templates (509.1b-d): Lure variants, "creatures with power less
    than this creature's power can't block it", block taxes. Returns the abilities, an
    ignore reason (a conditional hexproof that only mentions blocking), or ``None``."""
    if _SB_HEXPROOF.fullmatch(s):
        return "hexproof or shroud (not a combat rule)"  # Tromokratis: "... unless it's attacking"
    m = _SB_LURE.fullmatch(s)
    if m:
        blockers = None
        if m["kw"]:
            blockers = Quality(keywords=(m["kw"].lower(),))
        elif m["sub"]:
            one = _plural_subtype(m["sub"])
            if one is None:
                return None
            blockers = Quality(subtypes=(one,))
        whos = {"~": [SELF], "~ or enchanted creature": [SELF, ATTACHED]}.get(m["who"], [ATTACHED])
        return [AllMustBlock(affected=w, blockers=blockers, text=text) for w in whos]
    m = _SB_LESS_POWER.fullmatch(s)
    if m:  # (h4: "greater", Silumgar Assassin)
        return [CantBeBlockedBy(affected=SELF, quality=Quality(power_vs=m["rel"]), text=text)]  # type: ignore[arg-type]
    m = _SB_CANT_BLOCK_GROUP.fullmatch(s)
    if m:
        # "Creatures with flying can't block creatures you control" (Bower Passage): the
        # group can't be blocked by such creatures (509.1b). "~'s power" is the power of the
        # permanent with the ability (Champion of Lambholt), not the attacker's.
        quals = _block_qualities(m["q"][0].lower() + m["q"][1:])
        subj = _parse_subject(m["subj"])
        if quals is None or subj is None or subj.kind != "creatures":
            return None
        versus = "~'s power" in m["q"]
        return [CantBeBlockedBy(affected=subj, quality=q, versus_source=versus, text=text)
                for q in quals]
    m = _SB_TAX.fullmatch(s)
    if m:
        cost = _block_cost(m)
        subj = _parse_subject(m["subj"])
        if cost is None or subj is None or subj.kind != "creatures":
            return None
        return [BlockTax(generic=cost[0], x=cost[1], affected=subj, phyrexian=cost[2],
                         while_attacking=bool(m["att"]), text=text)]
    m = _SB_ATTACKER_TAX.fullmatch(s)
    if m:
        cost = _block_cost(m)
        if cost is None:
            return None
        who = SELF if m["subj"] == "~" else ATTACHED
        return [BlockTax(generic=cost[0], x=cost[1], attackers=who, phyrexian=cost[2], text=text)]
    return None
