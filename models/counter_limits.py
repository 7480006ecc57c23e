"""h38: counters that can't be put on a permanent or given to a player (CR 122.1, 122.6,
614.1; :class:`redzone.models.abilities.CantHaveCounters`, ``CantGetCounters``).

:func:`may_put` answers whether a counter of a kind may be put on a permanent now,
:func:`may_get` whether a player may get one; every place of the play that puts counters
asks (wither's and infect's damage, toxic, counters instead of damage, damage prevented for
counters, triggered abilities' counters and poison, proliferate, persist and undying
returns). The statics of permanents still on the battlefield apply (611.3). A permanent's
own "~ can't have counters put on it" applies to it under any id (a creature returned by
persist is a new object with the same text, 400.7).

Pure Python; imports only the abilities and the battlefield.
"""

from __future__ import annotations

from collections.abc import Callable

from redzone.models.abilities import SELF, CantGetCounters, CantHaveCounters
from redzone.models.battlefield import Board, Permanent

__all__ = ["limited", "may_get", "may_put"]


def _kind_matches(counter: str, kind: str) -> bool:
    return not counter or counter == kind


def limited(board: Board) -> bool:
    """Whether any permanent of ``board`` has (or grants) a counter limit."""
    return bool(board.abilities_of_kind((CantHaveCounters, CantGetCounters)))


def may_put(board: Board, present: Callable[[str], bool], perm: Permanent, kind: str) -> bool:
    """Whether a ``kind`` counter (``"+1/+1"``, ``"-1/-1"``, ``"flying"`` ...) may be put on
    ``perm``: no :class:`CantHaveCounters` of a permanent on the battlefield (``present``:
    permanent id -> on the battlefield) reaches it for that kind (122.6)."""
    for a in perm.abilities:
        if isinstance(a, CantHaveCounters) and a.affected == SELF and _kind_matches(a.counter, kind):
            return False
    if perm.id not in board.permanents:
        # a new object (a token, a creature returned): board-wide limits reach it by its
        # characteristics (611.3)
        for a, holder in board.abilities_of_kind(CantHaveCounters):
            assert isinstance(a, CantHaveCounters)
            if a.affected != SELF and present(holder.id) and _kind_matches(a.counter, kind) \
                    and board.affects(holder, a.affected, perm):
                return False
        return True
    for a, holder in board.abilities_affecting(perm, CantHaveCounters):
        assert isinstance(a, CantHaveCounters)
        if present(holder.id) and _kind_matches(a.counter, kind):
            return False
    return True


def may_get(board: Board, present: Callable[[str], bool], player: str, kind: str = "poison") -> bool:
    """Whether ``player`` may get a ``kind`` counter (poison): no :class:`CantGetCounters` of
    a permanent on the battlefield forbids it ("You can't get poison counters": its
    controller; "Players can't get counters": everyone)."""
    for a, holder in board.abilities_of_kind(CantGetCounters):
        assert isinstance(a, CantGetCounters)
        if not present(holder.id) or not _kind_matches(a.counter, kind):
            continue
        if a.who == "players" or holder.controller == player:
            return False
    return True
