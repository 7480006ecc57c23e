"""Other word orders of effects the trigger reader already reads (h28; docs/triggers.md
"Other word orders").

Each form here is said again in the words of a form that is read, and read by the parser's
sentence reader (so the effect is the same object, played by the same code):

- "~ deals 3 damage to that creature and 3 damage to that creature's controller": two
  clauses, "~ deals 3 damage to that creature" and "~ deals 3 damage to that creature's
  controller" (one effect; nothing happens between them, 608.2c, and state-based actions
  wait until it has resolved, 704.3);
- "~ deals damage to that creature's controller equal to ~'s power": "~ deals damage equal
  to ~'s power to that creature's controller";
- "that creature's controller" where that creature is the creature the source blocks: an
  attacking creature, controlled by the attacking player (508.1a), "the attacking player";
- "its controller" where "it" is the creature whose event it was: "that creature's
  controller"; "that <type>" where the trigger's subject is a creature of that type
  ("whenever an Archer you control deals damage ..., that Archer deals ..."), and "[have]
  that creature deal(s)" where that creature is the creature whose event it was: "it";
- "put a +1/+1 counter on target creature, then double the number of +1/+1 counters on that
  creature", where the condition names no "that creature": the same target (603.3d);
- "up to five target creatures each get -1/-1 until end of turn": "each of up to five
  target creatures gets -1/-1 until end of turn" (a set of targets, 601.2c).

Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from redzone.models.triggers.types import Effect, Who

__all__ = ["read_clause"]

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_TWO_DAMAGES = re.compile(r"(?P<who>.+?) deals (?P<n>\d+|X|that much) damage to (?P<a>.+?) and "
                          r"(?P<m>\d+|X|that much) damage to (?P<b>.+)")
_EQUAL_AFTER = re.compile(r"(?P<who>.+?) deals damage to (?P<to>.+?) equal to (?P<what>(?:its|~'s|that "
                          r"creature's) (?:power|toughness))")
_TRIGGER = Who("trigger")
_THEN_THAT = re.compile(r"(?P<a>[^,]*? (?P<target>(?:another )?target creature(?: you control| an "
                        r"opponent controls)?)), then (?P<b>[^,]*\bthat creature\b[^,]*)")
_EACH_AFTER = re.compile(r"(?P<n>(?:up to )?(?:two|three|four|five|six|seven|eight|\d+)) target "
                         r"(?P<what>[\w' -]+?) each (?P<verb>get|gain|deal) (?P<rest>.+)")


def _said_again(s: str, refs: Any) -> str:
    """``s`` with the references of the module docstring said in the words read."""
    r = refs.r
    if r.that_creature == Who("blocked") and r.event in ("blocks", "blocks_creature"):
        s = s.replace("that creature's controller", "the attacking player")
    if r.it == _TRIGGER and r.that_creature == _TRIGGER:
        s = re.sub(r"\bits controller\b(?!')", "that creature's controller", s)
    if r.it == _TRIGGER and r.that_creature == _TRIGGER:
        s = re.sub(r"^(?:have )?that creature deals? ", "it deals ", s)
    if r.it == _TRIGGER and r.watch.kind == "creatures" and any(q.subtypes for q in r.watch.qualities):
        kinds = {k for q in r.watch.qualities for k in q.subtypes}
        s = re.sub(r"^that ([A-Z][\w'-]*) (?=deals|gets|gains)",
                   lambda m: "it " if m[1] in kinds else m[0], s)
    return s


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One clause in another word order (module docstring), read by ``sentence`` (the
    parser's reader of a sentence), or ``None`` (then the parser reads ``s`` as it is)."""
    again = _said_again(s, refs)
    if again != s:
        got = sentence(again)
        if got is not None:
            return got
    m = _THEN_THAT.fullmatch(s)
    if m and refs.r.that_creature is None:
        # "that creature" names nothing of the condition: the clause's one target (603.3d)
        return sentence(f"{m['a']}, then {m['b'].replace('that creature', m['target'])}")
    m = _EACH_AFTER.fullmatch(s)
    if m:
        return sentence(f"each of {m['n']} target {m['what']} {m['verb']}s {m['rest']}")
    m = _TWO_DAMAGES.fullmatch(s)
    if m:
        a = sentence(f"{m['who']} deals {m['n']} damage to {m['a']}")
        b = sentence(f"{m['who']} deals {m['m']} damage to {m['b']}") if a is not None else None
        return None if a is None or b is None else a + b
    m = _EQUAL_AFTER.fullmatch(s)
    if m:
        return sentence(f"{m['who']} deals damage equal to {m['what']} to {m['to']}")
    return None
