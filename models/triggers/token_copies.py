"""Tokens and copies in triggered abilities of combat (h23; docs/triggers.md "Tokens and
copies (h23)").

Reading (:func:`read_clause`, one hook in :mod:`redzone.models.triggers.parse`):

- the token's state written before its description ("create a tapped and attacking 1/1 red
  Devil creature token with ...", "create X tapped and attacking ... tokens, where X is
  ..."): the same clause with "that's tapped and attacking" after the token (508.4), read by
  the token grammars (:mod:`redzone.models.triggers.tokens`, parse.py);
- copies of spells and abilities *later* this turn ("copy the next instant or sorcery spell
  you cast this turn when you cast it", "when you next cast an instant or sorcery spell this
  turn, copy it", "copy the next loyalty ability you activate this turn", "until end of
  turn, whenever you activate an ability of a planeswalker of that type, copy that ability",
  "you may choose new targets for the copy"): a delayed triggered ability (603.7) over spells
  cast and abilities activated — nobody casts or activates anything in the play of combat,
  so nothing in the combat changes: a :class:`ValueOnly` ``"spell copy"``.

:func:`created_ref` is the one reading of "that token" / "the tokens" (the tokens the same
ability created, 603.7c) the other readers share (moves.py, players.py). Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from redzone.models.triggers.types import Effect, ValueOnly, Who

__all__ = ["created_ref", "read_clause", "those_ref"]

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_CREATED = Who("created")
_THOSE = Who("those")
_CREATED_WORDS = ("that token", "the token", "those tokens", "the tokens", "that creature token")

_NUM = r"(?:a|an|one|two|three|four|five|six|seven|\d+|X|that many)"
_ATTACKING_FIRST = re.compile(
    rf"create (?P<n>{_NUM}) tapped and attacking (?P<token>[^\"]*? tokens?(?: with (?:[^\"]|\"[^\"]*\")+?)?)"
    r"(?P<rest>(?:, where X is .+| for each .+)?)")
"""A token whose state is written before it: "create a tapped and attacking <token>"."""

_LATER_COPIES = (
    r"copy the next (?:instant or sorcery spell you cast|loyalty ability you activate) this turn"
    r" when you (?:cast|activate) it",
    r"when you next cast an instant or sorcery spell this turn, copy (?:it|that spell)",
    r"until end of turn, whenever you activate an ability of a planeswalker of that type, copy"
    r" that ability",
    r"(?:you )?(?:may )?choose new targets for the cop(?:y|ies)",
    r"choose a planeswalker type",
)
"""Delayed copies of spells and abilities of later this turn (module docstring)."""


def created_ref(s: str) -> Who | None:
    """``Who("created")`` when ``s`` names the tokens this same ability created ("that
    token", "the token", "those tokens", "the tokens", "that creature token"; fixed as it
    resolves, 603.7c), else ``None``. The one reading of these words (moves.py, players.py)."""
    return _CREATED if s.strip() in _CREATED_WORDS else None


def those_ref(s: str, refs: Any) -> Who | None:
    """``Who("those")`` when ``s`` names the creatures of the trigger event's group, else
    ``None``: "those creatures", "each of them", "each of those creatures" after a "one or
    more" event (603.2c), and "they" / "them" too after "whenever you attack" or "whenever
    one or more creatures ... attack" (the attackers, 508.1). The one reading of these words
    (more_effects.py, players.py)."""
    s = s.strip()
    r = refs.r
    if s in ("each of them", "each of those creatures", "those creatures") and r.once:
        return _THOSE
    if s in ("those creatures", "they", "them") and r.it is None and (
            r.event == "you_attack" or (r.once and r.event == "attacks")):
        return _THOSE
    return None


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``. ``sentence``
    reads a rewritten clause with every reader of parse.py."""
    if any(re.fullmatch(p, s) for p in _LATER_COPIES):
        return (ValueOnly("spell copy"),)
    m = _ATTACKING_FIRST.fullmatch(s)
    if m:
        token = m["token"]
        that = "that's" if re.search(r"\btoken(?: with .*)?$", token) else "that are"
        return sentence(f"create {m['n']} {token} {that} tapped and attacking{m['rest']}")
    return None
