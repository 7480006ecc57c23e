"""What keeps a target of a triggered ability of combat from being chosen or from being
affected, beyond the creature's own keyword lines (CR 603.3d; docs/triggers.md, "Order and
choices").

The parser sets hexproof, shroud and ward aside as no rule of combat, and drops them from a
sentence that grants more ("Equipped creature has hexproof and haste": Swiftfoot Boots;
"Enchanted creature has hexproof and can't be blocked by more than one creature": Alpha
Authority), so a creature they protect used to be a legal target of an opponent's triggered
ability. Read here again, from the sentences of every permanent:

- :func:`granted`: hexproof, shroud (702.11b, 702.18b) and ward granted to a group, "<subject>
  [gets +N/+N and] has / have <keywords>", the subject a group the parser reads
  (:func:`redzone.models.parser.subjects._parse_subject`: "creatures you control",
  "enchanted creature", "equipped creature"; in a list such as "You, planeswalkers you
  control, and other creatures you control", its creature part);
- :func:`player_targetable`: a player's own hexproof, shroud or protection from each
  opponent / everything (702.11c, 702.16b; Leyline of Sanctity, Shalai, Absolute Virtue);
- :func:`decided_shield` / :func:`undecided_shield`: hexproof or shroud under a condition —
  as the scenario decides it, or, undecided, the ability is not played and listed;
- :func:`warded`: ward (702.21a) counters the ability; its cost is never paid.

A grant to a group or a player under a condition is not read: such a creature or player may
still be chosen as a target (docs/triggers.md says so). Pure Python.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

__all__ = ["decided_shield", "granted", "player_targetable", "undecided_shield", "ward_of", "warded"]

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


def _targeted(play: Any, chosen: dict[str, Any], perms: Any) -> list[tuple[str, Any]]:
    """``(id, permanent)`` of the ability's chosen targets (``chosen["target"]`` and
    ``chosen["targets"]``) that are permanents still on the battlefield."""
    ids = [chosen["target"]] if isinstance(chosen.get("target"), str) else []
    ids += [t for t in chosen.get("targets") or () if isinstance(t, str)]
    return [(pid, play.edit.perm(pid)) for pid in ids
            if not play.edit.base.is_player(pid) and pid in perms and play.state.on_battlefield(pid)]


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
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    for pid, c in _targeted(play, chosen, perms):
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


_PLAYER = re.compile(r"(?P<subj>.+?) (?:has|have) (?P<list>.+)")
_PLAYER_WORD = re.compile(r"(?P<kw>hexproof|shroud)|protection from (?P<prot>each of your opponents|everything)")


@lru_cache(maxsize=4096)
def _player_grants(sentence: str) -> tuple[str, ...]:
    """What ``sentence`` of a permanent gives its controller ("You have hexproof": Leyline of
    Sanctity; "You, planeswalkers you control, and other creatures you control have
    hexproof": Shalai; "You have protection from each of your opponents": Absolute Virtue):
    ``"hexproof"``, ``"shroud"`` or ``"protection"`` (from each opponent or everything).
    Empty when none, or under a condition or for a duration."""
    text = re.sub(r"\([^)]*\)", "", sentence).strip().rstrip(".").strip()
    low = text.lower()
    if _UNDER_A_CONDITION.search(low) or not any(w in low for w in ("hexproof", "shroud", "protection")):
        return ()
    m = _PLAYER.fullmatch(low)
    if m is None or "you" not in [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["subj"])]:
        return ()
    words = _ENDS_LIST.split(m["list"])[0]
    out: list[str] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", words):
        w = _PLAYER_WORD.fullmatch(part.strip())
        if w:
            out.append(w["kw"] or "protection")
    return tuple(out)


_PLAYER_OF: dict[int, tuple[Any, tuple[str, ...]]] = {}


def _player_kinds(parsed: Any) -> tuple[str, ...]:
    """:func:`_player_grants` over the sentences of ``parsed``, cached by the text's id (the
    text kept, so its id is not reused while cached)."""
    hit = _PLAYER_OF.get(id(parsed))
    if hit is not None and hit[0] is parsed:
        return hit[1]
    got = tuple(kw for sentence in dict.fromkeys(
        [*(a.text for a in parsed.abilities if getattr(a, "text", None)), *parsed.ignored])
        for kw in _player_grants(sentence))
    if len(_PLAYER_OF) > 8192:
        _PLAYER_OF.clear()
    _PLAYER_OF[id(parsed)] = (parsed, got)
    return got


def player_targetable(play: Any, f: Any, player: str) -> bool:
    """Whether ``player`` can be a target of the ability ``f`` (``play``: the resolver's
    ``_Play``): not when a static ability of a permanent they control gives them shroud
    (702.18b), nor hexproof (702.11c) or protection from each of their opponents or from
    everything (702.16b) against an ability an opponent controls. A grant under a condition
    is not read (docs/triggers.md)."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    for src in perms.values():
        if src.controller != player or src.lost_abilities_at is not None \
                or not play.state.on_battlefield(src.id):
            continue
        for kw in _player_kinds(src.parsed):
            if kw == "shroud" or f.controller != player:
                return False
    return True


_COND_FRONT = re.compile(r"(?:as long as|during|if|while) [^,]+, (?P<rest>.+)")
_COND_BACK = re.compile(r"(?P<rest>.+?) (?:as long as|during|if|while|until) .+")


@lru_cache(maxsize=4096)
def _conditional(sentence: str) -> tuple[tuple[Any, str], ...]:
    """``(Affected, keyword)`` per hexproof / shroud ``sentence`` grants *under a condition*
    or for a duration (which :func:`_read` does not take): "As long as ~ is untapped, it has
    hexproof" (Dragonlord Ojutai), "~ has hexproof as long as it's monstrous"."""
    text = re.sub(r"\([^)]*\)", "", sentence).strip().rstrip(".").strip()
    low = text.lower()
    if ("hexproof" not in low and "shroud" not in low) or not _UNDER_A_CONDITION.search(low):
        return ()
    m = _COND_FRONT.fullmatch(text[:1].lower() + text[1:]) or _COND_BACK.fullmatch(text)
    if m is None:
        return ()
    rest = m["rest"].strip()
    g = _GRANT.fullmatch(rest)
    if g is None:
        return ()
    words = _ENDS_LIST.split(g["list"].lower())[0]
    kws = [w["kw"] for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", words)
           if (w := _WORD.fullmatch(part.strip())) and w["kw"]]
    if not kws:
        return ()
    from redzone.models.abilities import SELF
    from redzone.models.parser.subjects import _parse_subject  # pyright: ignore[reportPrivateUsage]

    out: list[tuple[Any, str]] = []
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", g["subj"]):
        word = part.strip().lower()
        affected = SELF if word in ("~", "it", "this creature", "he", "she", "they") else _parse_subject(part.strip())
        if affected is not None:
            out.extend((affected, kw) for kw in kws)
    return tuple(out)


_NOT_DECIDED = re.compile(r"condition not decided from the scenario(?: \(state it: .*?\))?: (?P<s>.+)")


def _undecided_sentences(src: Any) -> list[str]:
    """``src``'s sentences that may grant hexproof or shroud under a condition redzone does
    not decide, its own names as ``~``: those the parser set aside, and those of its
    statics under a condition the scenario left undecided (``condition not decided ...``);
    a condition decided either way is not among them (:func:`decided_shield`)."""
    from redzone.models.parser import self_names
    from redzone.models.parser.subjects import _normalise_self  # pyright: ignore[reportPrivateUsage]

    parsed = src.parsed
    key = (id(parsed), src.name, getattr(src, "card", None))
    hit = _UNDECIDED.get(key)
    if hit is not None and hit[0] is parsed:
        return hit[1]
    raw = [*parsed.ignored, *(m["s"] for u in parsed.unparsed if (m := _NOT_DECIDED.fullmatch(u)))]
    raw = [t for t in raw if "hexproof" in t.lower() or "shroud" in t.lower()]
    names = self_names(tuple(n for n in (src.name, getattr(src, "card", None)) if n))
    got = list(dict.fromkeys(_normalise_self(t, names) for t in raw))
    if len(_UNDECIDED) > 8192:
        _UNDECIDED.clear()
    _UNDECIDED[key] = (parsed, got)
    return got


_UNDECIDED: dict[tuple[int, str, str | None], tuple[Any, list[str]]] = {}
"""(id of a parsed text, name, card) -> (that text, :func:`_undecided_sentences`): the text is
kept, so its id is not reused while cached."""


def decided_shield(board: Any, perms: Any, creature: Any) -> list[str]:
    """Hexproof / shroud ``creature`` has from a static ability under a condition the scenario
    decides and that holds now (611.3a: :func:`redzone.models.conditions.holds`; "As long as
    ~ is monstrous, it has hexproof" with the condition stated): the keywords."""
    from redzone.models.abilities import Conditional
    from redzone.models.conditions import holds

    out: list[str] = []
    for src in perms.values():
        text = getattr(src, "conditional", None)
        if text is None or src.lost_abilities_at is not None:
            continue
        for a in text.abilities:
            if not isinstance(a, Conditional) or not a.text:
                continue
            for affected, kw in _conditional(a.text):
                if board.affects(src, affected, creature) and holds(board, src, a.condition):
                    out.append(kw)
    return out


def undecided_shield(play: Any, f: Any, chosen: dict[str, Any]) -> str | None:
    """A line saying the ability ``f`` is not played because its target may have hexproof
    or shroud under a condition or for a duration redzone does not decide (an untapped
    Dragonlord Ojutai; 702.11b, 702.18b), or ``None``. Never a guess either way: the answer's
    ``not_played`` lists the ability (the audit's finding)."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    for pid, c in _targeted(play, chosen, perms):
        for src in perms.values():
            if src.lost_abilities_at is not None:
                continue
            for sentence in _undecided_sentences(src):
                for affected, kw in _conditional(sentence):
                    if kw == "hexproof" and c.controller == f.controller:
                        continue
                    if play.board.affects(src, affected, c):
                        return (f"not played: {pid} may have {kw} under a condition redzone does "
                                f"not decide ({src.label}: {sentence.strip()})")
    return None
