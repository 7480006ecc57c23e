"""A player leaving a multiplayer game that goes on (CR 104.5, 800.4a): what leaves the
battlefield with them, and the same recorded in a :class:`redzone.models.outcome.GameState`.

A player who loses leaves the game (104.5). With two players that ends it (104.2a); with
more, the others play on and the departed player's objects go with them at once (800.4a):
everything they own leaves the game, effects giving them control of something end, and what
they still control is exiled. Nothing is assigned combat damage as them afterwards (800.4e:
:func:`redzone.models.damage_rules.damage_problem` reads ``state.lost``), their permanents'
static abilities stop applying (611.3a: the caller applies the layers again), and
state-based actions are checked again (704.3: an Aura on something that left, 704.5m).

Plain Python (no ortools).
"""

from __future__ import annotations

from collections.abc import Collection

from redzone.models.battlefield import Board
from redzone.models.outcome import GameState, state_based_actions

__all__ = ["leave_game", "leaving_with", "losers_leave"]


def leaving_with(board: Board, players: Collection[str]) -> tuple[dict[str, str], list[str]]:
    """``(left, gaps)`` for ``players`` leaving the game (CR 800.4a).

    ``left``: permanent id -> why it leaves, in board order, for every permanent one of
    them owns (every object they own leaves the game) or controls (an effect giving them
    control ends, or what they still control is exiled; either way it is gone from where it
    was). ``gaps``: one line per case the board can't settle — a permanent they control but
    another player owns (800.4a returns it to its owner when a control effect gave it to
    them, exiles it otherwise, and the scenario doesn't say which: here it leaves), and a
    battle they protect that another player controls (it stays, with no protector the
    scenario names)."""
    left: dict[str, str] = {}
    gaps: list[str] = []
    for pid, perm in board.permanents.items():
        if perm.owner in players:
            left[pid] = f"its owner {perm.owner} left the game (CR 800.4a)"
        elif perm.controller in players:
            left[pid] = f"its controller {perm.controller} left the game (CR 800.4a)"
            gaps.append(f"{perm.label} is controlled by {perm.controller}, who left the game, "
                        f"and owned by {perm.owner}: CR 800.4a returns it or exiles it")
        elif perm.is_a("Battle") and perm.protector in players:
            gaps.append(f"{perm.label} is protected by {perm.protector}, who left the game")
    return left, gaps


def leave_game(board: Board, state: GameState, players: Collection[str]) -> tuple[list[str], list[str]]:
    """``players``, who have lost (in ``state.lost``), leave a game that goes on (CR 104.5,
    800.4a): every permanent :func:`leaving_with` names that is still on the battlefield in
    ``state`` leaves it — recorded like a state-based action's departure (appended to
    ``state.destroyed``, the reason in ``state.reasons``, its marked damage gone) — then
    state-based actions are performed again (704.3; an Aura attached to what left goes to
    the graveyard, 704.5m). The layers are not applied again here (611.3a: the caller's,
    e.g. :func:`redzone.models.outcome.relayered_after_departures`).

    Returns ``(ids that left, in order — theirs, then what the state-based actions
    removed; gaps from leaving_with)``."""
    named, gaps = leaving_with(board, players)
    out: list[str] = []
    for pid, why in named.items():
        if not state.on_battlefield(pid):
            continue
        state.destroyed.append(pid)
        state.reasons[pid] = why
        state.damage.pop(pid, None)
        out.append(pid)
    if out:
        out.extend(state_based_actions(board, state))
    return out, gaps


def losers_leave(board: Board, state: GameState) -> list[str]:
    """After combat damage and state-based actions: when the game goes on (the active player
    and some opponent still in it), every player in ``state.lost`` leaves it with what they
    own or control (:func:`leave_game`; what already left is skipped, so asking again after
    each step is safe). Nothing when nobody lost or the game is over (104.2a: the active
    player or every opponent lost). Returns the gaps of :func:`leaving_with`."""
    if not state.lost:
        return []
    ap = board.active_player
    if ap in state.lost or all(o in state.lost for o in board.opponents(ap)):
        return []
    return leave_game(board, state, list(state.lost))[1]
