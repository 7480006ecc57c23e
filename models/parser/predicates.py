"""Predicates after a subject: "can't block", "attacks each combat if able",
"has flying" ... (CR 508.1c-d, 509.1b-c).

Part of :mod:`redzone.models.parser` (see its docstring for the pipeline).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Literal, Protocol

from redzone.models.abilities import (
    Ability,
    Affected,
    AssignsToughness,
    AttacksEachCombat,
    BlocksEachCombat,
    CanBlockAdditional,
    CanBlockOnlyFliers,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackOwner,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack,
    CantAttackYou,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptByAtLeast,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
    Grant,
    MustBeBlocked,
    SELF,
    CanAttackDespiteDefender,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    _CONDITION_START,
    _KW_ALT,
    _NUM,
    _number,
    is_combat_relevant,
)
from redzone.models.parser.subjects import (
    _parse_subject,
    _subtype_list,
)
from redzone.models.parser.keywords import (
    _keyword_item,
)
from redzone.models.parser.layers import _build_gets

# ==================================================================== predicates


class _Grammar(Protocol):
    """The whole grammar: :func:`redzone.models.parser.analyse_text`."""

    def __call__(self, text: str, *, names: Sequence[str] = ()) -> Sequence[Any]: ...


def _no_grammar(text: str, *, names: Sequence[str] = ()) -> Sequence[Any]:
    raise RuntimeError("redzone.models.parser is not imported")  # pragma: no cover


# The grammar is recursive: an ability in quotes that a permanent grants ("creatures you
# control have '...'") is read by the whole grammar, which redzone.models.parser assembles
# above this module and hands down with use_grammar() when it is imported.
_grammar: _Grammar = _no_grammar


def use_grammar(analyse_text: _Grammar) -> None:
    """Read quoted granted abilities with ``analyse_text`` (the package's whole grammar)."""
    global _grammar
    _grammar = analyse_text


_KWITEM = (
    r"(?:" + _KW_ALT + r"|protection from (?:the chosen color|creatures of the chosen type"
    r"|the chosen player)"  # h27: True-Name Nemesis
    r"|landwalk of the chosen type"  # h17: chosen values (redzone.models.choices)
    r"|protection from (?:[\w'-]+,? and from )?(?:each color|all colors)"  # h17: Pristine Angel
    r"|protection from [\w'-]+(?: [\w'-]+)?(?:,? (?:and )?from [\w'-]+"
    r"|(?:,| and)(?: and| or)? (?:white|blue|black|red|green)\b)*"
    r"|(?:nonbasic |legendary )?[a-z]+walk|toxic \d+|decayed|hexproof(?: from \w+)?|shroud|"
    r"ward \{\d+\}|changeling|prowess|exalted|flanking|persist|undying|"
    # h38: triggered keywords the trigger reader plays when granted
    # (redzone.models.triggers.granted); the static grant keeps the others
    r"melee|battle cry|dethrone|training|mentor|myriad|"
    r"(?:bushido|rampage|afflict|frenzy|poisonous|annihilator|renown) \d+|"
    r"\"[^\"]*\")"
)
_KWLIST = _KWITEM + r"(?:(?:, and |, | and )" + _KWITEM + r")*"

_CANT_ITEM = (
    r"attack you(?: or planeswalkers you control)?"
    r"|attack its owner(?: or planeswalkers its owner controls)?"
    r"|attack|block"
    r"|be blocked(?: by more than (?:one creature|" + _NUM + r" creatures)"
    r"| except by " + _NUM + r" or more creatures"
    r"| by [A-Z][\w'-]*(?:(?:, | or |, or )[A-Z][\w'-]*)*)?"
    r"|transform|crew Vehicles|be sacrificed|be regenerated|be countered|be turned face up"
    r"|be enchanted|be equipped|phase out"
)
_CANT_ITEM_RE = lazy_compile(_CANT_ITEM)

_P_REQ = lazy_compile(
    r"(?:it |they )?(?:attacks?)(?P<ob> or blocks?)? (?P<when>each combat|each turn|this turn|"
    r"this combat) if able"
)
_P_BREQ = lazy_compile(r"(?:it |they )?blocks? (?P<when>each combat|each turn|this turn|"
                     r"this combat) if able")
_P_CANT = lazy_compile(
    r"(?:it |they )?(?:can't|cannot) (?P<items>(?:" + _CANT_ITEM + r")(?:(?:, or |, and |, | or"
    r" | and )(?:" + _CANT_ITEM + r"))*)"
    r"(?P<tail> alone| this turn| this combat| each combat"
    r"| unless at least (?P<n>" + _NUM + r") other creatures? (?P<nv>attack|block)"
    r"| unless a creature with greater power also (?P<gv>attacks|blocks)"
    r"| unless defending player controls an? (?P<land>[A-Z][\w'-]*|snow land))?"
)
_P_ONLY_ALONE = lazy_compile(r"(?:it |they )?can (?:only attack alone|attack only alone)")
_P_BLOCK_ONLY_FLYING = lazy_compile(r"(?:it |they )?can block only creatures with flying")
_P_BLOCK_MORE = lazy_compile(
    r"(?:it |they )?can block (?:an additional (?:creature|(?P<n>" + _NUM + r") creatures)"
    r"|any number of creatures)(?: each combat)?"
)
_P_DESPITE_DEFENDER = lazy_compile(
    r"(?:it |they )?can attack as though (?:it|they) didn't have defender(?: this turn)?")
_P_MUST_BE_BLOCKED = lazy_compile(r"(?:it |they )?must be blocked(?: each combat)? if able")
_P_HAS = lazy_compile(
    r"(?:it |they )?(?:has|have|gains?|gain) (?P<list>" + _KWLIST + r")(?P<eot> until end of "
    r"turn)?"
)
_P_GETS = lazy_compile(
    r"(?:it |they )?gets? [+\-−][\dX]+/[+\-−][\dX]+(?: for each [^,.]+?)?"
    r"(?:, where X is [^,.]+)?(?= and |, |$)"
)
_SEP = lazy_compile(r",? and |, (?:and )?")


def _despite_defender(a: Affected, text: str) -> Ability:
    return CanAttackDespiteDefender(affected=a, text=text)


def _per(when: str) -> Literal["combat", "turn"]:
    return "turn" if "turn" in when else "combat"


def _build_cant(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    items = [x.group(0) for x in _CANT_ITEM_RE.finditer(m["items"])]
    tail = (m["tail"] or "").strip()
    combat = [i for i in items if i.startswith(("attack", "block", "be blocked"))]
    out: list[Ability] = []
    if tail in ("", "this turn", "this combat", "each combat"):
        for i in items:
            if i == "attack":
                out.append(CantAttack(affected=a, text=text))
            elif i == "block":
                out.append(CantBlock(affected=a, text=text))
            elif i.startswith("attack you"):
                out.append(CantAttackYou(affected=a, include_planeswalkers="planeswalkers" in i,
                                         text=text))
            elif i.startswith("attack its owner"):
                out.append(CantAttackOwner(affected=a, include_planeswalkers="planeswalkers" in i,
                                           text=text))
            elif i == "be blocked":
                out.append(CantBeBlocked(affected=a, text=text))
            elif i.startswith("be blocked by more than"):
                n = re.search(r"more than (\w+)", i)[1]  # type: ignore[index]
                out.append(CantBeBlockedByMoreThan(affected=a, maximum=_number(n), text=text))
            elif i.startswith("be blocked except by"):
                n = re.search(r"except by (\w+)", i)[1]  # type: ignore[index]
                out.append(CantBeBlockedExceptByAtLeast(affected=a, minimum=_number(n),
                                                        text=text))
            elif i.startswith("be blocked by "):
                st = _subtype_list(i[len("be blocked by "):], plural=True)
                if st is None:
                    return None
                out.append(CantBeBlockedBy(
                    affected=a, blockers=Affected(kind="creatures", subtypes=st), text=text))
        return out
    if any(i not in ("attack", "block") for i in combat) or len(combat) != len(items):
        return None  # a condition on a non-combat verb, or on "be blocked": not a template
    if tail == "alone":
        for i in items:
            out.append(CantAttackAlone(affected=a, text=text) if i == "attack"
                       else CantBlockAlone(affected=a, text=text))
        return out
    if len(items) != 1:
        return None
    verb = items[0]
    if m["n"]:
        if m["nv"] != verb:
            return None
        n = _number(m["n"])
        return [CantAttackUnlessOthersAttack(affected=a, count=n, text=text) if verb == "attack"
                else CantBlockUnlessOthersBlock(affected=a, count=n, text=text)]
    if m["gv"]:
        if m["gv"] != verb + "s":
            return None
        return [CantAttackUnlessGreaterPowerAttacks(affected=a, text=text) if verb == "attack"
                else CantBlockUnlessGreaterPowerBlocks(affected=a, text=text)]
    if m["land"] and verb == "attack":
        land = "snow" if m["land"] == "snow land" else m["land"]
        return [CantAttackUnlessDefenderControls(affected=a, land=land, text=text)]
    return None


def _build_has(m: re.Match[str], a: Affected, text: str) -> list[Ability] | None:
    items = re.findall(_KWITEM, m["list"])
    granted: list[Ability] = []
    for it in items:
        if it.startswith('"'):
            inner = _grammar(it.strip('"'), names=())
            if any(s.status == "unparsed" for s in inner):
                return None
            for s in inner:
                granted.extend(s.abilities)
            continue
        kind, abil = _keyword_item(it, text)
        if kind == "combat":
            granted.extend(abil)
        elif kind == "unparsed":
            return None
    if not granted or a.kind == "self":
        return granted
    # A granted restriction or requirement about "this creature" is the same ability with
    # the grant's subject; only keyword-like abilities need a Grant wrapper.
    direct = [replace(g, affected=a, text=text) for g in granted
              if getattr(g, "affected", None) == SELF]
    wrapped = [g for g in granted if getattr(g, "affected", None) != SELF]
    return direct + ([Grant(affected=a, abilities=tuple(wrapped), text=text)] if wrapped else [])


def _gets(m: re.Match[str], a: Affected, text: str) -> list[Ability]:
    """"gets +N/+M": read by the layer templates (issue 10, :mod:`.layers`)."""
    return _build_gets(m, a, text)


# Rules round 2: "assigns combat damage equal to its toughness rather than its power".
_P_ASSIGNS_TOUGHNESS = lazy_compile(
    r"assigns? combat damage equal to (?:its|their) toughness rather than (?:its|their) power")

_PREDICATES: list[tuple[re.Pattern[str], Callable[[re.Match[str], Affected, str],
                                                  list[Ability] | None]]] = [
    (_P_REQ, lambda m, a, t: [AttacksEachCombat(affected=a, per=_per(m["when"]), text=t),
                              *([BlocksEachCombat(affected=a, per=_per(m["when"]), text=t)]
                                if m["ob"] else [])]),
    (_P_BREQ, lambda m, a, t: [BlocksEachCombat(affected=a, per=_per(m["when"]), text=t)]),
    (_P_CANT, _build_cant),
    (_P_ONLY_ALONE, lambda m, a, t: [CanOnlyAttackAlone(affected=a, text=t)]),
    (_P_BLOCK_ONLY_FLYING, lambda m, a, t: [CanBlockOnlyFliers(affected=a, text=t)]),
    (_P_BLOCK_MORE, lambda m, a, t: [CanBlockAdditional(
        affected=a, count=None if "any number" in m.group(0) else
        (_number(m["n"]) if m["n"] else 1), text=t)]),
    (_P_MUST_BE_BLOCKED, lambda m, a, t: [MustBeBlocked(affected=a, text=t)]),
    (_P_DESPITE_DEFENDER, lambda m, a, t: [_despite_defender(a, t)]),
    (_P_ASSIGNS_TOUGHNESS, lambda m, a, t: [AssignsToughness(affected=a, text=t)]),
    (_P_HAS, _build_has),
    (_P_GETS, lambda m, a, t: _gets(m, a, t)),
]


def _parse_predicates(pred: str, a: Affected, text: str) -> list[Ability] | None:
    """Parse "attacks each combat if able, can't be sacrificed, and ..." for subject ``a``.

    Returns the abilities, or ``None`` when some part is combat-relevant and not understood
    (or is a condition whose scope we can't be sure of).
    """
    pos = 0
    out: list[Ability] = []
    n = len(pred)
    while pos < n:
        for rx, build in _PREDICATES:
            m = rx.match(pred, pos)
            if not m:
                continue
            end = m.end()
            if end != n and not _SEP.match(pred, end):
                continue
            got = build(m, a, text)
            if got is None:
                return None
            out.extend(got)
            pos = end
            break
        else:
            # An unknown part: up to the next separator that starts a known predicate.
            end = n
            for sm in _SEP.finditer(pred, pos):
                if any(rx.match(pred, sm.end()) for rx, _ in _PREDICATES):
                    end = sm.start()
                    break
            chunk = pred[pos:end]
            if is_combat_relevant(chunk) or _CONDITION_START.match(chunk.strip()):
                return None
            pos = end
        sm = _SEP.match(pred, pos)
        if sm:
            pos = sm.end()
    return out


_SUBJECT_SPLIT = lazy_compile(
    r" (?=(?:attacks?|blocks?|can't|cannot|can|has|have|gets?|gains?|must|is|are|loses?|"
    r"doesn't|don't|assigns?)\b)"
)


def _subject_predicates(s: str) -> tuple[Affected, list[Ability]] | None:
    for sm in _SUBJECT_SPLIT.finditer(s):
        a = _parse_subject(s[: sm.start()])
        if a is None:
            continue
        got = _parse_predicates(s[sm.end():], a, "")
        if got is None:
            return None
        return a, got
    return None
