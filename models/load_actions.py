"""State-based actions on a board as it is loaded: the board as the game has it (issue 25 §2).

State-based actions are performed whenever a player would receive priority (CR 704.3), so
no creature with lethal damage marked or toughness 0 or less, no planeswalker with 0 loyalty
and no battle with 0 defense exists when attackers or blockers are declared or combat
damage is assigned. A scenario may still describe one (a Juggernaut 5/3 with 5 damage; a
2/1 under a -1/-1 effect; a planeswalker at 0 loyalty). :func:`perform_on_load`, called by
:func:`redzone.models.board.build_board` for every front end (CLI, batch, serve, the Python
API), performs them on the board first:

- it reuses the outcome code: :func:`redzone.models.outcome.state_based_actions` over a
  :class:`redzone.models.outcome.GameState` of the board (704.5f toughness 0 or less,
  704.5g lethal damage — not an indestructible creature, 702.12b, which 704.5f still puts
  in the graveyard —, 704.5i 0 loyalty, 704.5v 0 defense, 704.5m an Aura attached to what
  left), then :func:`redzone.models.outcome.relayered_after_departures` (a lord that left
  takes its effects with it, CR 611.3a, and may leave another creature dead, 704.3);
- what left is taken out of the scenario (:func:`without`: references to it in effects,
  combat, ``attached_to`` and ``paired_with`` go with it, CR 506.4, 509.1h) and the board
  is built again from what remains, so every later step sees the board as the game has it;
- each action is a :class:`LoadAction`: a warning naming the permanent and the rule, on the
  board as ``board.load_actions`` (front ends print them and answer them as the JSON key
  ``state_based_actions``). With ``strict`` the board is refused instead
  (:class:`redzone.models.errors.ScenarioError`, one line).

The player-side actions are reported, not performed, as before: a player at 0 or less life
(704.5a) or with 10 or more poison counters (704.5c) has already lost; the board is answered
as given with a warning (and refused with ``strict``).

Not modelled: regeneration shields (a regenerated creature would stay, tapped and removed
from combat, 701.19c; the scenario can't give a shield), and the other state-based actions
(the legend rule 704.5j, +1/+1 and -1/-1 counters cancelling 704.5q, ...). An attacked
planeswalker or battle that 704.5i/704.5v remove stays on the board with its 0 loyalty or
defense, which the combat code already reads as having left combat (506.4c: its attackers
attack nothing), since ``combat.attackers`` names it.

Pure Python; never imports ortools.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from redzone.models.battlefield import Board, LoadAction
from redzone.models.errors import ScenarioError
from redzone.models.lethal import lethal_by_power
from redzone.models.outcome import GameState, relayered_after_departures, state_based_actions

__all__ = ["LoadAction", "gone_on_load", "perform_on_load", "player_actions", "without"]


def gone_on_load(board: Any, name: str) -> str | None:
    """Why ``name`` — an id the user gave that is not on ``board`` — is missing, when a
    state-based action removed it as the board was loaded ("'jugg' is not on the
    battlefield: state-based actions removed it as the scenario was loaded (CR 704.5g)");
    ``None`` otherwise (then it is simply unknown)."""
    for action in getattr(board, "load_actions", ()):
        if action.id == name and action.performed:
            return (f"{name!r} is not on the battlefield: state-based actions removed it as "
                    f"the scenario was loaded (CR {action.rule})")
    return None


def _may_apply(board: Any) -> bool:
    """A cheap test that no permanent can be removed (most boards): no creature with
    toughness 0 or less or marked damage at least its toughness, no planeswalker with 0
    loyalty, no battle with 0 defense."""
    for perm in board.permanents.values():
        types = perm.types
        if "Creature" in types:
            t = perm.toughness or 0
            # 704.5g with lethal damage measured by power (Zilortha) too: at least 1 damage.
            if t <= 0 or perm.damage >= min(t, max(perm.power or 0, 1)):
                return True
        if perm.loyalty is not None and perm.loyalty <= 0 and "Planeswalker" in types:
            return True
        if perm.defense is not None and perm.defense <= 0 and "Battle" in types:
            return True
    return False


def _attacked(board: Any) -> set[str]:
    combat = getattr(board.scenario, "combat", None)
    return set(combat.attackers.values()) if combat is not None else set()


def _message(board: Any, pid: str, why: str) -> tuple[str, str]:
    """``(rule, warning)`` for a permanent that ``why`` (a reason of
    :func:`redzone.models.outcome.state_based_actions`, "lethal damage (704.5g)") removed."""
    perm = board.permanents[pid]
    rule = why[why.rfind("(") + 1:-1] if why.endswith(")") else ""
    if rule == "704.5g":
        measure = (f"power {perm.power}, lethal damage by power" if lethal_by_power(board, perm)
                   else f"toughness {perm.toughness}")
        what = f"has lethal damage marked ({perm.damage} damage, {measure}) and is destroyed"
    elif rule == "704.5f":
        what = f"has toughness {perm.toughness} and is put into its owner's graveyard"
    elif rule == "704.5i":
        what = "has 0 loyalty and is put into its owner's graveyard"
    elif rule == "704.5v":
        what = "has 0 defense and is put into its owner's graveyard"
    elif rule == "704.5m":
        what = "is an Aura attached to a permanent that left, and is put into its owner's graveyard"
    else:
        what = f"leaves the battlefield: {why}"
    return rule, (f"permanents[{perm.index}]: {perm.label} {what} before combat (CR {rule}: "
                  f"state-based actions are performed before any player gets priority, 704.3)")


def player_actions(board: Any) -> list[LoadAction]:
    """The player-side state-based actions a loaded board calls for, reported only: a player
    at 0 or less life (704.5a) or with 10 or more poison counters (704.5c) has already lost
    the game; the board is answered as given."""
    out: list[LoadAction] = []
    for player in board.players:
        life, poison = player.life, player.poison
        if isinstance(life, int) and life <= 0:
            out.append(LoadAction(player.name, "704.5a",
                                  f"{player.name} starts at {life} life and has already lost the "
                                  f"game (CR 704.5a: state-based actions are checked before "
                                  f"combat could begin)", performed=False))
        elif isinstance(poison, int) and poison >= 10:
            out.append(LoadAction(player.name, "704.5c",
                                  f"{player.name} starts with {poison} poison counters and has "
                                  f"already lost the game (CR 704.5c)", performed=False))
    return out


def perform_on_load(board: Board, *, strict: bool = False,
                    rebuild: Callable[[Any], Board]) -> Board:
    """The board after the state-based actions that apply to it as loaded (module
    docstring), with ``board.load_actions`` set (permanents removed first, in the order the
    actions happened, then the player-side warnings): ``board`` itself when no permanent
    leaves, else ``rebuild(scenario)`` of the scenario without what left (``rebuild`` is
    :func:`redzone.models.board.build_board`, passed in: this module sits below it). Raises
    :class:`redzone.models.errors.ScenarioError` (field ``permanents[i]`` or ``players[i]``)
    with ``strict`` when any applies."""
    magic = getattr(board, "game", "magic") == "magic"
    removed: list[LoadAction] = []
    if magic and _may_apply(board):
        state = GameState.from_board(board)
        state_based_actions(board, state)
        if state.destroyed:
            cur, gaps = relayered_after_departures(board, state)  # 611.3a, 704.3
            attacked = _attacked(board)
            for pid in state.destroyed:
                rule, text = _message(board, pid, state.reasons[pid])
                if pid in attacked:
                    text += ("; combat.attackers names it, so it stays listed with its 0 "
                             "loyalty/defense and its attackers attack nothing (CR 506.4c)")
                removed.append(LoadAction(pid, rule, text, performed=pid not in attacked))
            if strict:
                field, problem = removed[0].message.split(": ", 1)
                raise ScenarioError(field, problem + "; --strict refuses a board that "
                                                     "state-based actions change")
            drop = {pid for pid in state.destroyed if pid not in attacked}
            if drop:
                new = rebuild(without(board.scenario, drop, _given_after(board, cur, drop)))
                for pid, perm in new.permanents.items():
                    perm.index = board.permanents[pid].index  # messages name the user's list
                new.gaps.extend(g for g in gaps if g.source in new.permanents and g not in new.gaps)
                seen = {a.id for a in removed}
                new.load_actions = tuple(removed) + tuple(
                    a for a in new.load_actions if a.id not in seen)
                return new
    players = player_actions(board) if magic else []
    if strict and players:
        names = [p.name for p in board.players]
        raise ScenarioError(f"players[{names.index(players[0].id)}]",
                            players[0].message + "; --strict refuses a board that state-based "
                                                 "actions change")
    board.load_actions = tuple(removed) + tuple(players)
    return board


def _given_after(board: Any, cur: Any, drop: set[str]) -> dict[str, tuple[int | None, int | None]]:
    """Permanent id -> (power, toughness) to give instead of the scenario's for permanents
    whose given power/toughness included an effect of a permanent that left
    (:func:`redzone.models.layers.reapply_layers` took it off: CR 611.3a)."""
    out: dict[str, tuple[int | None, int | None]] = {}
    if cur is board:
        return out
    for pid, perm in board.permanents.items():
        if pid in drop:
            continue
        now = cur.permanents.get(pid)
        if now is None or perm.base is None or now.base is None:
            continue
        power = now.base.power if perm.base.power_given and now.base.power != perm.base.power else None
        tough = (now.base.toughness if perm.base.toughness_given
                 and now.base.toughness != perm.base.toughness else None)
        if power is not None or tough is not None:
            out[pid] = (power, tough)
    return out


def _copy(obj: Any, **changes: Any) -> Any:
    """A copy of a scenario object with some fields changed (no validation: the values
    come from a validated scenario)."""
    return type(obj)._raw({**obj.__dict__, **changes})


def without(scenario: Any, gone: set[str], given: dict[str, tuple[int | None, int | None]] | None = None) -> Any:
    """``scenario`` without the permanents ``gone`` and every reference to them (a new
    scenario; ``scenario`` is not changed):

    - an Equipment or Fortification attached to one is unattached (it stays, 301.5c); a
      creature paired with one is unpaired (702.95e);
    - effects naming one (goaded, must attack or block, attacked, prevention to or by it) end;
    - combat (506.4: a permanent that leaves the battlefield is removed from combat): it is
      no longer attacking or blocking; the attackers it blocked stay blocked (509.1h, listed
      in ``blocked``); a creature that blocked only it still blocks (nothing); it leaves
      ``first_strike_dealt``, ``damage_order``, ``assignment`` and its band (a band of one
      is no band).

    ``given``: permanent id -> (power, toughness) to give instead (``None``: as it was).
    An attack target among ``gone`` is the caller's to keep (it would leave attackers
    pointing at nothing the scenario can name)."""
    given = given or {}
    perms = []
    for spec in scenario.permanents:
        if spec.id in gone:
            continue
        changes: dict[str, Any] = {}
        if spec.attached_to in gone:
            changes["attached_to"] = None
        if spec.paired_with in gone:
            changes["paired_with"] = None
        if spec.id in given:
            power, tough = given[spec.id]
            if power is not None:
                changes["power"] = power
            if tough is not None:
                changes["toughness"] = tough
        perms.append(_copy(spec, **changes) if changes else spec)
    effects = [e for e in scenario.effects if not (_named(e) & gone)]
    combat = scenario.combat
    if combat is not None:
        blocked = [a for a in combat.blocked if a not in gone]
        blockers: dict[str, list[str]] = {}
        for b, lst in combat.blockers.items():
            if b in gone:
                blocked.extend(a for a in lst if a not in gone and a not in blocked)
            else:
                blockers[b] = [a for a in lst if a not in gone]
        combat = _copy(
            combat,
            attackers={a: t for a, t in combat.attackers.items() if a not in gone},
            blockers=blockers, blocked=blocked,
            first_strike_dealt=[c for c in combat.first_strike_dealt if c not in gone],
            damage_order={c: [x for x in order if x not in gone]
                          for c, order in combat.damage_order.items() if c not in gone},
            assignment={s: {r: n for r, n in to.items() if r not in gone}
                        for s, to in combat.assignment.items() if s not in gone},
            bands=[kept for band in combat.bands
                   if len(kept := [a for a in band if a not in gone]) >= 2],
        )
    return _copy(scenario, permanents=perms, effects=effects, combat=combat)


def _named(effect: Any) -> set[str]:
    """The permanent ids (and player names) an effect names."""
    out: set[str] = set()
    for value in effect.__dict__.values():
        inner = getattr(value, "__dict__", None)
        for v in (inner.values() if inner is not None else (value,)):
            if isinstance(v, str):
                out.add(v)
    return out
