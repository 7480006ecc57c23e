"""h38: triggered abilities that trigger an additional time (CR 603.2d): the statics
:class:`redzone.models.abilities.TriggersAdditionalTime` — "If a creature [you control]
attacking causes a triggered ability of a permanent you control to trigger, that ability
triggers an additional time" (Isshin, Two Heavens as One; Wulfgar of Icewind Dale) and
"... dealing combat damage to a player causes ..." (Felix Five-Boots).

:func:`additional_times` takes a window's triggered abilities (after their intervening
"if"s, 603.4) and adds one more instance of each ability such a static makes trigger again,
for each such static on the battlefield: an ability of a permanent the static's controller
controls, triggered by a creature (that player's, with "you control") attacking — "whenever
~ attacks", "whenever a creature attacks [you]", "whenever you attack", exalted's "attacks
alone" — or dealing combat damage to a player ("deals combat damage to a player", "... to a
player or planeswalker" for the player). Each instance is put on the stack and resolved with
its own choices (603.3). Events whose cause the rulings would have to settle — a creature
tapped as it is declared (508.1f), exerted or enlisting as it attacks, "attacks and isn't
blocked", "deals combat damage" or "deals damage" to anything, life gained by lifelink from
damage to a player — are not guessed: the static is then reported not played (its result
says "not played", :func:`redzone.solver.not_played.resolved_not_played`).

Pure Python; called by one line in each window of :mod:`.resolve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from redzone.models.abilities import TriggersAdditionalTime
from redzone.models.triggers.types import Resolved

__all__ = ["additional_times"]

_ATTACKING = frozenset({"attacks", "attacks_alone", "you_attack"})
_ATTACKING_UNSURE = frozenset({"becomes_tapped", "exerted", "enlisted", "unblocked"})
_DAMAGE_UNSURE = frozenset({"combat_damage", "deals_damage", "you_gain_life"})


def additional_times(play: Any, fired: list[Any], window: Literal["attack", "block", "damage"],
                     dealt: Sequence[Any] = ()) -> list[Any]:
    """``fired`` (the window's :class:`redzone.models.triggers.resolve.Fired`, in order) with
    each ability that a :class:`TriggersAdditionalTime` on the battlefield makes trigger
    again repeated right after it, once per such static (603.2d). ``dealt``: the damage
    step's damage (damage window). A case the module docstring leaves unread adds a
    "not played" result for the static to ``play.resolved``. Unchanged without such a
    static."""
    board = play.edit.base
    statics = [(a, h) for a, h in board.abilities_of_kind(TriggersAdditionalTime)
               if play.state.on_battlefield(h.id)]
    if not statics:
        return fired
    out: list[Any] = []
    unread: dict[str, tuple[Any, Any]] = {}
    for f in fired:
        out.append(f)
        for a, holder in statics:
            assert isinstance(a, TriggersAdditionalTime)
            if f.controller != holder.controller:
                continue
            caused = _caused(board, f, a, holder, window, dealt)
            if caused is None:
                unread.setdefault(holder.id, (a, holder))
            elif caused:
                out.append(f)
    for a, holder in unread.values():
        play.resolved.append(Resolved(
            holder.id, holder.controller, a.text, window,
            "not played: whether an ability triggered this way triggers an additional time "
            "is not read (603.2d)"))
    return out


def _yours(board: Any, creature: str | None, holder: Any) -> bool:
    perm = board.permanents.get(creature) if creature is not None else None
    return perm is not None and perm.controller == holder.controller


def _caused(board: Any, f: Any, a: TriggersAdditionalTime, holder: Any, window: str,
            dealt: Sequence[Any]) -> bool | None:
    """Whether the event that triggered ``f`` is one ``a`` counts (``None``: not read)."""
    event = f.ability.event
    if a.cause == "attacking":
        if window == "attack" and event in ("attacks", "attacks_alone"):
            return not a.yours or _yours(board, f.trigger, holder)
        if window == "attack" and event == "you_attack":
            return not a.yours or board.active_player == holder.controller
        if event in _ATTACKING_UNSURE:
            return None
        return False
    if window != "damage":
        return False
    if event == "combat_damage_player" or (event == "combat_damage_to"
                                           and f.data.get("to") == "player"):
        return not a.yours or _yours(board, f.trigger, holder)
    if event in _DAMAGE_UNSURE and any(
            d.amount > 0 and board.is_player(d.recipient)
            and (not a.yours or _yours(board, d.source, holder)) for d in dealt):
        return None
    return False
