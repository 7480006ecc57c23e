"""Hexproof and shroud that other permanents' static abilities grant, for the targets of
triggered abilities of combat (CR 702.11b, 702.18b, 603.3d; docs/triggers.md, "Order and
choices").

The parser sets hexproof and shroud aside as no rule of combat, and drops them from a
sentence that grants more ("Equipped creature has hexproof and haste": Swiftfoot Boots;
"Enchanted creature has hexproof and can't be blocked by more than one creature": Alpha
Authority), so a creature they protect used to be a legal target of an opponent's triggered
ability. :func:`granted` reads them again from the sentences of every permanent: "<subject>
[gets +N/+N and] has / have <keywords>", the subject a group the parser reads
(:func:`redzone.models.parser.subjects._parse_subject`: "creatures you control", "other Elves
you control", "enchanted creature", "equipped creature"; a list such as "You, planeswalkers
you control, and other creatures you control": its creature part). A grant under a condition
or for a duration ("as long as", "during your turn", "until", "if") is not read: such a
creature may still be chosen as a target (docs/triggers.md says so). Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["granted", "ward_of", "warded"]

_GRANT = re.compile(r"(?P<subj>.+?) (?:gets? [+-]\d+/[+-]\d+ and )?(?:has|have) (?P<list>.+)")
_UNDER_A_CONDITION = re.compile(r"\b(?:as long as|during|until|if|unless|for each|where|when|whenever)\b")
_ENDS_LIST = re.compile(r" and (?:can't|can|is|isn't|gets?|attacks|blocks)\b")
_WORD = re.compile(r"(?P<kw>hexproof|shroud)(?: from (?P<q>[a-z]+))?|(?P<ward>ward) (?P<cost>(?:\{[^}]+\})+)")
_OWN_WARD = re.compile(r"(?:^|,\s*)ward(?P<cost>\s*(?:\{[^}]+\})+|\s*[—-]\s*[^,.]+)", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _read(sentence: str) -> tuple[tuple[Any, str, str | None], ...]:
    """``(Affected, keyword, quality or None)`` per hexproof / shroud / ward ``sentence``
    grants to a group (empty when it grants none, or under a condition); for ward the
    "quality" is its cost ("{1}")."""
    from redzone.models.parser.subjects import _parse_subject  # pyright: ignore[reportPrivateUsage]

    text = re.sub(r"\([^)]*\)", "", sentence).strip().rstrip(".").strip()
    low = text.lower()
    if ("hexproof" not in low and "shroud" not in low and "ward" not in low) \
            or _UNDER_A_CONDITION.search(low):
        return ()
    m = _GRANT.fullmatch(text)
    if m is None:
        return ()
    words = _ENDS_LIST.split(m["list"].lower())[0]
    found = [(w["kw"], w["q"]) if w["kw"] else ("ward", w["cost"])
             for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", words)
             if (w := _WORD.fullmatch(part.strip()))]
    if not found:
        return ()
    out: list[tuple[Any, str, str | None]] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["subj"]):
        affected = _parse_subject(part.strip())
        if affected is not None and affected.kind in ("creatures", "attached"):
            out.extend((affected, kw, q) for kw, q in found)
    return tuple(out)


_OF: dict[int, tuple[Any, tuple[tuple[Any, str, str | None], ...]]] = {}
"""id of a parsed text -> (that text, its grants): parsed texts are immutable and shared by
every permanent of a card; the text is kept, so its id is not reused while cached."""


def _of(parsed: Any) -> tuple[tuple[Any, str, str | None], ...]:
    """The grants of :func:`_read` over the sentences of ``parsed`` (its abilities' and the
    sentences the parser set aside), in text order."""
    hit = _OF.get(id(parsed))
    if hit is not None and hit[0] is parsed:
        return hit[1]
    sentences = dict.fromkeys([*(a.text for a in parsed.abilities if getattr(a, "text", None)),
                               *parsed.ignored])
    got = tuple(g for sentence in sentences for g in _read(sentence))
    if len(_OF) > 8192:
        _OF.clear()
    _OF[id(parsed)] = (parsed, got)
    return got


def granted(board: Any, perms: Any, creature: Any) -> list[tuple[str, str | None, Any]]:
    """``(keyword, quality or None, source)`` for each hexproof, shroud or ward (its cost in
    place of the quality) a static ability of
    a permanent of ``perms`` (id -> permanent on the battlefield now, ``board`` the board
    whose :meth:`~redzone.models.battlefield.Board.affects` decides its group) grants
    ``creature`` (702.11b, 702.18b; "hexproof from <quality>", 702.11d)."""
    out: list[tuple[str, str | None, Any]] = []
    for src in perms.values():
        if src.lost_abilities_at is not None:
            continue
        for affected, kw, q in _of(src.parsed):
            if board.affects(src, affected, creature):
                out.append((kw, q, src))
    return out


def ward_of(board: Any, perms: Any, creature: Any) -> str | None:
    """The cost of a ward ``creature`` has (702.21a: its own keyword line, "Ward {2}",
    "Ward—Pay 3 life", or granted by a static of a permanent of ``perms`` without a
    condition), or ``None``. Several wards: the first (each would trigger, 702.21b)."""
    if creature.lost_abilities_at is None:
        for sentence in creature.parsed.ignored:
            line = re.sub(r"\([^)]*\)", "", sentence).strip().rstrip(".").strip()
            m = _OWN_WARD.search(line)
            if m and not _UNDER_A_CONDITION.search(line.lower()) and (
                    m.start() == 0 or re.fullmatch(r"[A-Za-z ,]+", line[:m.start()])):
                return m["cost"].strip(" —-")
    for kw, cost, _ in granted(board, perms, creature):
        if kw == "ward":
            return cost
    return None


def warded(play: Any, f: Any, chosen: dict[str, Any]) -> str | None:
    """A line saying the ability ``f`` (``play``: the resolver's ``_Play``; ``chosen``: its
    choices) is countered by ward (702.21a), or ``None``: one of its targets is a creature
    an opponent of its controller controls with ward. Ward's cost is not paid: when the
    controller can't pay it (a mana cost above the stated ``players[].mana``) the line is
    exact; otherwise paying would be a choice redzone does not search, so the line starts
    "not played" and the answer's ``not_played`` lists the ability (docs/triggers.md)."""
    targets = [chosen["target"]] if isinstance(chosen.get("target"), str) else []
    targets += [t for t in chosen.get("targets") or () if isinstance(t, str)]
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    for pid in targets:
        if base.is_player(pid) or pid not in perms or not play.state.on_battlefield(pid):
            continue
        c = play.edit.perm(pid)
        if c.controller == f.controller or c.controller not in base.opponents(f.controller):
            continue
        cost = ward_of(play.board, perms, c)
        if cost is None:
            continue
        generic = re.fullmatch(r"(?:\{\d+\})+", cost)
        need = sum(int(n) for n in re.findall(r"\d+", cost)) if generic else None
        if need is not None and base.player(f.controller).mana < need:
            return (f"countered by ward (702.21a): {pid}'s ward cost ({cost}) can't be paid "
                    f"({f.controller} has {base.player(f.controller).mana} mana)")
        return (f"not played: countered by ward (702.21a): {pid}'s ward cost ({cost}) is not "
                f"paid; {f.controller} might pay it, which is not searched")
    return None
