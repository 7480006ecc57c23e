"""Counters of every kind put on, doubled and removed by triggered abilities of combat
(CR 122; docs/triggers.md, "Counters (h7)").

Reading (:func:`counter_clause`, called by :mod:`redzone.models.triggers.parse`): "put N
<kind> counter(s) on X" for kinds other than +1/+1 and -1/-1 (which the parser reads):
keyword counters ("a flying counter", "a double strike counter": the creature has the
keyword while the counter is on it, 122.1b), stun counters (122.1d) and counters with no
rule of their own in combat (quest, charge, time, oil, infection, lore ...: a creature with
one is modified, 700.9, and counts for "the number of counters on ~"); not shield counters
(122.1c: they replace damage and destruction), finality counters (a replacement of dying)
or counters that change power and toughness other than +1/+1 and -1/-1. "Double the number
of +1/+1 counters on X" / "of each kind of counter on X" and "remove a +1/+1 (-1/-1 ...)
counter from X" are :class:`redzone.models.triggers.types.CounterChange`.

Playing: :func:`after_counters` (the board after counters were put on: the permanent's own
counters, its keywords), :func:`counter_change`, and :func:`stunned_untap` (122.1d: a
stunned permanent that would untap loses a stun counter instead). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from redzone.models.counter_limits import may_put  # h38
from redzone.models.abilities import Keyword, ParsedText
from redzone.models.triggers.types import Amount, CounterChange, Counters, Effect

__all__ = ["KEYWORD_COUNTERS", "after_counters", "counter_change", "counter_clause",
           "stunned_untap"]

KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch",
                              "haste", "hexproof", "indestructible", "lifelink", "menace",
                              "reach", "trample", "vigilance"})
"""Keyword counters whose keyword is a static ability (122.1b; exalted and other triggered
keyword counters are :mod:`redzone.models.triggers.granted`'s)."""

_NOT_READ = frozenset({"shield", "finality", "+1/+1", "-1/-1", "loyalty", "defense"})
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def counter_clause(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """"put N <kind> counters on X", "double the number of +1/+1 counters on X", "remove a
    <kind> counter from X"; ``None`` when not one of these (or not read)."""
    m = re.fullmatch(r"put (a|an|one|two|three|four|five) ([a-z][a-z -]*?) counters? on (.+)", s)
    if m and m[2] not in _NOT_READ and "/" not in m[2]:
        who = refs.obj(m[3])
        return None if who is None else (Counters(who, m[2], Amount(_COUNT[m[1]])),)
    m = re.fullmatch(r"double the number of (\+1/\+1 counters|each kind of counter) on (.+)", s)
    if m:
        who = refs.obj(m[2])
        kind = "+1/+1" if m[1].startswith("+1/+1") else ""
        return None if who is None else (CounterChange(who, kind, "double"),)
    m = re.fullmatch(r"remove all (\+1/\+1|-1/-1) counters from (.+)", s)
    if m and "at end of combat" not in m[2]:
        who = refs.obj(m[2])
        return None if who is None else (CounterChange(who, m[1], "remove", Amount(1000)),)
    m = re.fullmatch(r"remove (a|an|one|two|three) (\+1/\+1|-1/-1|[a-z][a-z ]*?) counters? "
                     r"from (.+)", s)
    # +1/+1 and -1/-1 counters removed: board_effects.read_clause (with "If you do", 608.2c)
    if m and m[2] not in _NOT_READ and "at end of combat" not in m[3]:
        who = refs.obj(m[3])
        return None if who is None else (CounterChange(who, m[2], "remove",
                                                       Amount(_COUNT[m[1]])),)
    return None


def _set_counters(play: Any, pid: str, counters: dict[str, int], d: int) -> None:
    """Put ``counters`` on permanent ``pid`` (state and board), power and toughness moved by
    ``d`` (613.4c), its keyword counters' keywords given (122.1b)."""
    play.state.counters[pid] = counters
    perm = play.edit.perm(pid)
    parsed = perm.parsed
    gone = {k for k in KEYWORD_COUNTERS if counters.get(k, 0) <= 0}
    if any(isinstance(a, Keyword) and a.text == f"{a.name} counter" and a.name in gone
           for a in parsed.abilities):
        # h21: the last such counter removed (Risona's): the keyword it gave goes (122.1b)
        parsed = ParsedText(tuple(a for a in parsed.abilities
                                  if not (isinstance(a, Keyword) and a.name in gone
                                          and a.text == f"{a.name} counter")),
                            parsed.unparsed, parsed.ignored)
    have = {a.name for a in parsed.abilities if isinstance(a, Keyword)}
    extra = tuple(Keyword(name=k, text=f"{k} counter") for k in sorted(KEYWORD_COUNTERS)
                  if counters.get(k, 0) > 0 and k not in have)
    if extra:
        parsed = ParsedText(parsed.abilities + extra, parsed.unparsed, parsed.ignored)
    play.edit.put(dataclasses.replace(
        perm, counters=counters, parsed=parsed,
        power=None if perm.power is None else perm.power + d,
        toughness=None if perm.toughness is None else perm.toughness + d))


def after_counters(play: Any, ids: list[str], kind: str) -> None:
    """After ``kind`` counters were put on ``ids`` (the parser's :class:`Counters`): a
    counter of a kind that doesn't change power and toughness is on the permanent too (a
    modified creature, 700.9), and a keyword counter gives its keyword (122.1b)."""
    if kind in ("+1/+1", "-1/-1"):
        return
    for pid in ids:
        _set_counters(play, pid, dict(play.state.counters.get(pid, {})), 0)


def counter_change(play: Any, f: Any, e: CounterChange, chosen: dict[str, Any]) -> str:
    """Double or remove counters (:class:`CounterChange`) on each of ``e.who``."""
    lines = []
    for pid in play.objects(f, e.who, chosen):
        perm = play.edit.perm(pid)
        counters = dict(play.state.counters.get(pid, perm.counters))
        kinds = [e.kind] if e.kind else [k for k, v in counters.items() if v > 0]
        d = 0
        for k in kinds:
            have = counters.get(k, 0)
            change = have if e.mode == "double" else -min(have, play.amount(f, e.amount))
            if change > 0 and not may_put(play.edit.base, play.state.on_battlefield, perm, k):
                continue  # h38: "can't have counters put on it" (122.6)
            if not change:
                continue
            counters[k] = have + change
            d += change if k == "+1/+1" else -change if k == "-1/-1" else 0
            lines.append(f"{abs(change)} {k} {'put on' if change > 0 else 'removed from'} {pid}")
        _set_counters(play, pid, counters, d)
    return ", ".join(lines) or ("no counter to remove" if e.mode == "remove" else "no counter")


def stunned_untap(play: Any, pid: str) -> bool:
    """122.1d: a tapped permanent with a stun counter that would become untapped loses a stun
    counter instead; ``True`` when that happened (it stays tapped)."""
    perm = play.edit.perm(pid)
    counters = dict(play.state.counters.get(pid, perm.counters))
    if not perm.tapped or counters.get("stun", 0) <= 0:
        return False
    counters["stun"] -= 1
    _set_counters(play, pid, counters, 0)
    return True
