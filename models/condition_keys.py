"""The keys a scenario may give in a permanent's ``conditions``, and the ones no rule reads.

``permanents[].conditions`` maps words to ``true``/``false`` (docs/scenario-format.md). Two
kinds of key are read: the fixed keys of :data:`KEYS` (a state the card data has no field
for: renowned, CR 702.112b; saddled, 702.171b; exerted, 701.43a; ...) and the keys that
state a condition of a card's text (``{"there are seven or more cards in your graveyard":
true}``, CR 611.3a; read by :func:`redzone.models.conditions.holds` when it is, as words,
the phrase the parser made of that condition). A key of neither kind — a misspelling, a
condition of a card not on the board, the card's own wording where the parser asks for
other words — would change nothing, silently:
:func:`unread_keys` finds them, so that every front end warns (and ``--strict`` refuses).

Plain Python; never imports ortools.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence

GOADED = "goaded by "
"""The prefix of the ``conditions`` key of a creature goaded by a triggered ability (701.15a;
the goading player's name follows): read by :mod:`redzone.models.attack_rules` as goad's
requirements (701.15b) while the goading player's next turn has not begun."""

DOESNT_UNTAP = "doesn't untap"
"""The ``conditions`` key of a permanent that doesn't untap during its controller's next
untap step (502.3): read by the AI's next-turn board (``solver/ai/position.py``)."""

STATED: tuple[str, ...] = (
    "renowned",                 # 702.112b
    "saddled",                  # 702.171b
    "exerted",                  # 701.43a
    "enlisted",                 # 702.154a
    "triggered this turn",      # "triggers only once each turn"
    "monstrous",                # 701.37b
    "city's blessing",          # 702.131c
    "attacked earlier this turn",  # "attacks for the first time each turn" (if_more.py)
)
"""The fixed keys a scenario states (docs/scenario-format.md, ``conditions``)."""

KEYS: frozenset[str] = frozenset(STATED + (
    # put on by the play of triggered abilities; kept when a position is written again as a
    # scenario (the AI's next turn), so read back as well
    "assigns no combat damage",
    DOESNT_UNTAP,
    "exiled until it leaves",
    "leaves at the next end step",
    "base power and toughness set until end of turn",
    "destroyed at end of combat",
    "exiled at end of combat",
    "sacrificed at end of combat",
))
"""The fixed ``conditions`` keys some rule of redzone reads. tests/test_condition_keys.py
checks that every key a module defines is here."""

PREFIXES: tuple[str, ...] = (GOADED, "at end of combat: ")
"""Prefixes of keys the play of triggered abilities puts on (a player's name or a delayed
ability follows)."""

_SELF = re.compile(r"\b(?:this (?:creature|permanent|artifact|enchantment|land|vehicle)|it)\b")
_SPACE = re.compile(r"\s+")


def words(text: str, names: Sequence[str] = ()) -> str:
    """``text`` compared as words: lower case, its own names and "this creature" as ``~``,
    spaces collapsed, the final full stop dropped."""
    from redzone.models.parser import self_names
    from redzone.models.parser.subjects import _normalise_self  # pyright: ignore[reportPrivateUsage]

    if names:
        text = _normalise_self(text, self_names(tuple(names)))
    text = _SPACE.sub(" ", text.lower()).strip().rstrip(".").strip()
    return _SELF.sub("~", text)


def stated_phrases(abilities: Iterable[object]) -> Iterator[str]:
    """The phrases of every condition of kind ``"stated"`` (the scenario states it) among
    ``abilities`` and inside them (grants, modes, conditions joined by ``also``), in the
    parser's words (``~`` for the object itself)."""
    seen: set[int] = set()
    todo = list(abilities)
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, (tuple, list, frozenset)):
            todo.extend(item)  # pyright: ignore[reportUnknownArgumentType]
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            if getattr(item, "kind", None) == "stated" and isinstance(getattr(item, "phrase", None), str):
                yield item.phrase  # pyright: ignore[reportAttributeAccessIssue]
            todo.extend(getattr(item, f.name) for f in dataclasses.fields(item))


def unread_keys(stated: Iterable[tuple[str, Sequence[str], Iterable[str]]],
                phrases: Iterable[str], players: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """The stated keys no rule reads: ``[(where, key)]`` in the order given.

    ``stated``: ``(where, names, keys)`` per permanent with ``conditions`` (``where`` as
    ``"permanents[3]"``, ``names`` its own names); ``phrases``: the phrases of the conditions
    the parser asks a scenario to state (:func:`stated_phrases`, through :func:`words`). A
    key is read when it is in :data:`KEYS`, starts with a :data:`PREFIXES` entry (for
    :data:`GOADED`, followed by the name of one of ``players`` when given), or —
    through :func:`words` with the permanent's names, as
    :func:`redzone.models.conditions.holds` matches it — is one of ``phrases``."""
    asked = frozenset(phrases)
    names_of_players = None if players is None else frozenset(players)
    out: list[tuple[str, str]] = []
    for where, names, keys in stated:
        for key in keys:
            if key.startswith(GOADED) and names_of_players is not None \
                    and key[len(GOADED):] not in names_of_players:
                out.append((where, key))  # goaded by no player of the board: a misspelling
                continue
            if key in KEYS or key.startswith(PREFIXES):
                continue
            got = words(key, names)
            if got in KEYS or got in asked:
                continue
            out.append((where, key))
    return out


__all__ = ["DOESNT_UNTAP", "GOADED", "KEYS", "PREFIXES", "STATED", "stated_phrases", "unread_keys", "words"]
