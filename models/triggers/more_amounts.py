"""More counted amounts and groups of triggered abilities of combat (issue 21, h36;
docs/triggers.md "More amounts (h36)").

Reading, called by one-line hooks in :mod:`redzone.models.triggers.amounts` and
:mod:`redzone.models.triggers.parse`:

- :func:`count_phrase`: the X of "where X is ..." / "equal to ...": "the greatest power
  and/or toughness among <permanents>" (each permanent's greater of the two, the greatest of
  those), "the difference between its power and toughness" (608.2h: as it resolves, or as
  it last existed), "the number of different kinds of counters among <permanents>" (122.1:
  each kind once, however many permanents have it);
- :func:`each_phrase`: "for each creature in your party" (700.8: up to one each of Cleric,
  Rogue, Warrior and Wizard among the creatures you control, as many as can be assigned);
- :func:`group`: groups and targets with more words: "<group> named ~" (201.2: the source's
  own name, put in by :func:`named` once the card's names are known), "<group> with <kw>
  or <kw>" ("each creature you control with flash or haste": one of the keywords).

Playing: :func:`count_now` counts the :class:`~redzone.models.triggers.types.Count` kinds
of :data:`KINDS` on the board as the ability resolves. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import KEYWORDS
from redzone.models.triggers.types import Amount, Count, Effect, Who

__all__ = ["KINDS", "count_now", "count_phrase", "each_phrase", "group", "named"]

KINDS = frozenset({"greatest_either", "difference", "counter_kinds", "party"})
"""The :class:`Count` kinds this module reads and counts."""

NAME = "~"
"""The name a ``Quality.names`` holds until :func:`named` puts the card's names in."""

_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def _whose(word: str, refs: Any) -> str | None:
    """``"source"`` / ``"trigger"`` of "~'s", "its", "that creature's"; else ``None``."""
    from redzone.models.triggers.amounts import _who_of  # pyright: ignore[reportPrivateUsage]

    return _who_of(word, refs)


def count_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "X is <words>" this module reads (module docstring), or ``None``."""
    from redzone.models.triggers.amounts import permanents_phrase

    words = words.strip()
    m = re.fullmatch(r"the greatest power and/or toughness among (.+)", words)
    if m:
        c = permanents_phrase(m[1], refs, plural=True)
        return None if c is None else Amount(1, "count", count=dataclasses.replace(
            c, kind="greatest_either"))  # type: ignore[arg-type]
    m = re.fullmatch(r"the difference between (~'s|its|his|her|that creature's) power and "
                     r"toughness", words)
    if m:
        whose = _whose(m[1], refs)
        return None if whose is None else Amount(1, "count", count=Count(
            "difference", of=whose))  # type: ignore[arg-type]
    m = re.fullmatch(r"the number of different kinds of counters among (.+)", words)
    if m:
        c = permanents_phrase(m[1], refs, plural=True)
        return None if c is None else Amount(1, "count", count=dataclasses.replace(
            c, kind="counter_kinds"))  # type: ignore[arg-type]
    return None


def each_phrase(words: str, refs: Any) -> Amount | None:
    """The amount of "for each <words>" this module reads, or ``None``."""
    if words.strip() == "creature in your party":
        return Amount(1, "count", count=Count("party", controller="you"))  # type: ignore[arg-type]
    return None


_WITH_KW = re.compile(r"(.+?) with ([a-z ]+?) or ([a-z ]+)")


def group(s: str, refs: Any) -> Who | None:
    """"<group> named ~", "<group> with <keyword> or <keyword>" (module docstring) as the
    group or target ``refs.obj`` reads without those words, narrowed; ``None`` otherwise."""
    s = s.strip()
    fields: dict[str, Any]
    m = re.fullmatch(r"(.+?) named ~", s)
    if m:
        rest, fields = m[1], {"names": (NAME,)}
    else:
        m = _WITH_KW.fullmatch(s)
        if not m or m[2] not in KEYWORDS or m[3] not in KEYWORDS:
            return None
        rest, fields = m[1], {"keywords": (m[2], m[3])}
    who = refs.obj(rest)
    if who is None:
        return None
    if who.kind == "group" and who.count is not None:
        quals = who.count.qualities or (Quality(),)
        if any(getattr(q, k) for q in quals for k in fields):
            return None
        return dataclasses.replace(who, count=dataclasses.replace(
            who.count, qualities=tuple(dataclasses.replace(q, **fields) for q in quals)))
    if who.kind in ("each_creature", "attacking", "target_creature"):
        quals = who.qualities or (Quality(),)
        if any(getattr(q, k) for q in quals for k in fields):
            return None
        return dataclasses.replace(who, qualities=tuple(dataclasses.replace(q, **fields)
                                                        for q in quals))
    return None


def _named(x: Any, names: tuple[str, ...]) -> Any:
    if isinstance(x, Quality):
        return dataclasses.replace(x, names=names) if x.names == (NAME,) else x
    if isinstance(x, tuple):
        new = tuple(_named(y, names) for y in x)  # pyright: ignore[reportUnknownVariableType]
        return x if all(a is b for a, b in zip(new, x)) else new
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        changes = {fd.name: new for fd in dataclasses.fields(x)
                   if (new := _named(old := getattr(x, fd.name), names)) is not old}
        return dataclasses.replace(x, **changes) if changes else x  # type: ignore[type-var]
    return x


def named(effects: tuple[Effect, ...], names: tuple[str, ...]) -> tuple[Effect, ...] | None:
    """``effects`` with each "named ~" (:data:`NAME`) made the card's ``names`` (its face's
    name and the card's); ``None`` when there is one and no name is known."""
    out = _named(effects, names)
    if out is not effects and not names:
        return None
    return out  # type: ignore[no-any-return]


# ---------------------------------------------------------------- counting on a board


def _party(types: list[set[str]]) -> int:
    """The size of the largest party (700.8) among creatures with ``types``: a maximum
    matching of creatures to the four roles (each creature fills one role at most)."""
    best = 0

    def go(k: int, used: frozenset[int], n: int) -> None:
        nonlocal best
        if k == len(_PARTY):
            best = max(best, n)
            return
        go(k + 1, used, n)
        for i, t in enumerate(types):
            if i not in used and _PARTY[k] in t:
                go(k + 1, used | {i}, n + 1)

    go(0, frozenset(), 0)
    return best


def count_now(play: Any, f: Any, c: Count) -> int:
    """``c`` (a kind of :data:`KINDS`) counted as the ability of ``f`` resolves (608.2h)."""
    from redzone.models.triggers.amounts import permanents_now

    if c.kind == "difference":
        pid = f.source if c.of == "source" else f.trigger
        if pid is None or pid not in play.edit.base.permanents and (
                play.edit.perms is None or pid not in play.edit.perms):
            return 0
        perm = play.edit.perm(pid)  # as it is, or as it last existed (608.2h)
        power, tough = perm.power or 0, perm.toughness or 0
        state = play.state
        if state.on_battlefield(pid) and (state.minus_added.get(pid) or state.plus_added.get(pid)):
            power, tough = state.power(play.board, pid), state.toughness(play.board, pid)
        return abs(power - tough)
    if c.kind == "party":
        mine = [p for p in play.creatures() if p.controller == f.controller]
        return _party([set(p.subtypes) & set(_PARTY) for p in mine])  # changeling: layers
    found = permanents_now(play, f, c)
    if c.kind == "greatest_either":
        return max([0, *(max(p.power or 0, p.toughness or 0) for p in found)])
    # counter_kinds: each kind on a permanent counted (122.1), once
    return len({k for p in found for k, v in p.counters.items() if v > 0})
