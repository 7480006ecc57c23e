"""Board views and candidate helpers of the AI's combat game (issue 9): the combat a board is
looked at with, the board of the next turn (the crack-back, lookahead 1), interchangeable
creatures (symmetry), and the per-blocker options blocks are built from. Split from
:mod:`redzone.solver.ai_game`; plain Python (no ortools).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from redzone.models import block_problem as bp_mod
from redzone.models.board import Board, Permanent
from redzone.models.layers import layer_sources, reapply_layers
from redzone.models.outcome import GameState

__all__ = ["CombatView", "ScenarioView", "next_player", "next_turn_board", "symmetry_classes",
           "with_combat"]


# ============================================================================ board views


@dataclass(frozen=True)
class CombatView:
    """The fields of a scenario's ``combat`` the damage rules read."""

    attackers: dict[str, str]
    blockers: dict[str, list[str]] = field(default_factory=dict)
    blocked: tuple[str, ...] = ()
    step: str | None = None
    first_strike_dealt: tuple[str, ...] = ()
    damage_order: dict[str, list[str]] = field(default_factory=dict)
    assignment: dict[str, Any] = field(default_factory=dict)
    bands: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class ScenarioView:
    """What the rules code reads from ``board.scenario``: ``combat`` and ``effects``."""

    combat: Any
    effects: tuple[Any, ...] = ()


def with_combat(board: Board, attackers: Mapping[str, str],
                blockers: Mapping[str, list[str]] | None = None) -> Board:
    """The same board with this combat (the board's caches are shared; nothing is copied)."""
    scenario = board.scenario
    effects = tuple(getattr(scenario, "effects", None) or ())
    old = getattr(scenario, "combat", None)
    order = dict(old.damage_order) if old is not None and getattr(old, "damage_order", None) else {}
    # Attacking bands of the scenario that still attack together (702.22h; the AI forms none).
    bands = tuple(tuple(band) for band in (getattr(old, "bands", None) or ())
                  if all(a in attackers for a in band)) if old is not None else ()
    view = ScenarioView(CombatView(dict(attackers), {b: list(a) for b, a in (blockers or {}).items()},
                                   damage_order=order, bands=bands), effects)
    if board.has_combat_effects:
        # Combat-dependent power/toughness apply from the declaration on (506.4, 611.3a).
        board = board.with_combat(dict(attackers), {b: list(a) for b, a in (blockers or {}).items()})
    return dataclasses.replace(board, scenario=view)


def next_player(board: Board, lost: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The player who takes the next turn (turn order, skipping players who lost)."""
    names = [p.name for p in board.players]
    i = names.index(board.active_player)
    for k in range(1, len(names)):
        n = names[(i + k) % len(names)]
        if n not in lost:
            return n
    return None


def next_turn_board(board: Board, state: GameState, attackers: Mapping[str, str],
                    player: str) -> Board:
    """The board at the start of ``player``'s combat after this one: permanents that left
    are gone, and those of players who lost (800.4a); marked damage is removed (514.2);
    counters put on this combat stay (-1/-1 counters lower power and toughness, +1/+1
    counters put instead of damage raise them, 122.1a); ``player``'s permanents untap and
    have been under their control since the turn began (502.3, 302.6); the attacking
    creatures of this combat stay tapped unless they have vigilance (508.1f, 702.20b);
    life, poison, loyalty and defense as in ``state``. This turn's effects end, and so do
    those of permanents that left: the layers are applied again to what remains (611.3a,
    613; :func:`redzone.models.layers.reapply_layers`)."""
    lost = set(state.lost)
    for p in board.players:
        if state.life.get(p.name, p.life) <= 0 or state.poison.get(p.name, p.poison) >= 10:
            lost.add(p.name)
    perms: dict[str, Permanent] = {}
    for pid, perm in board.permanents.items():
        if not state.on_battlefield(pid) or perm.controller in lost:
            continue
        # Counters this combat put on or took off change its power and toughness (122.1a,
        # 613.4c): -1/-1 counters from wither or infect, +1/+1 counters put instead of
        # damage (Phytohydra, 614.1a) or removed as damage is prevented (Phantom Centaur).
        # Read from the counters themselves (the AI's combined states keep the counters, not
        # the added amounts); a +1/+1 and a -1/-1 counter removed together (704.5q) cancel.
        now = state.counters.get(pid, perm.counters)
        shift = ((now.get("+1/+1", 0) - perm.counters.get("+1/+1", 0))
                 - (now.get("-1/-1", 0) - perm.counters.get("-1/-1", 0)))
        changes: dict[str, Any] = {"damage": 0, "counters": dict(now)}
        if perm.power is not None:
            changes["power"] = perm.power + shift
        if perm.toughness is not None:
            changes["toughness"] = perm.toughness + shift
        if pid in state.loyalty:
            changes["loyalty"] = state.loyalty[pid]
        if pid in state.defense:
            changes["defense"] = state.defense[pid]
        if perm.controller == player:
            changes["tapped"] = False
            changes["summoning_sick"] = False
        elif pid in attackers and not board.has_keyword(perm, "vigilance"):
            changes["tapped"] = True
        perms[pid] = dataclasses.replace(perm, **changes)
    players = tuple(dataclasses.replace(p, life=state.life.get(p.name, p.life),
                                        poison=state.poison.get(p.name, p.poison))
                    for p in board.players if p.name not in lost)
    out = Board(scenario=ScenarioView(None, ()), players=players, permanents=perms,
                active_player=player, rules=board.rules, game=board.game)
    if any(pid not in perms for pid in layer_sources(board)):
        # A permanent whose static ability changed characteristics or granted abilities
        # left: its effects end (611.3a), so the layers are applied again to what remains
        # (613), counters included (613.4c): a Bears under a lord destroyed this combat is
        # a 2/2 again, and has lost what the lord granted.
        out.gaps = reapply_layers(out, board)
    return out


# ============================================================================ symmetry


def symmetry_classes(board: Board) -> dict[str, int]:
    """Permanent id -> class number: two creatures share a class when swapping them maps
    the game onto itself — same controller and every characteristic, counters, damage,
    tapped, summoning-sick and token status and abilities (own and granted), neither attached to
    anything nor enchanted/equipped, and no scenario effect naming either."""
    named: set[str] = set()
    for effect in getattr(board.scenario, "effects", None) or ():
        for value in _ids_in(effect):
            named.add(value)
    attached_to = {p.attached_to for p in board.permanents.values() if p.attached_to}
    keys: dict[Any, int] = {}
    out: dict[str, int] = {}
    for perm in board.permanents.values():
        if not perm.is_creature or perm.id in named or perm.attached_to or perm.id in attached_to:
            key: Any = ("unique", perm.id)
        else:
            granted = tuple(sorted(repr(a) for a, _ in board.granted(perm)))
            key = (perm.controller, perm.owner, perm.name, perm.card, perm.types, perm.subtypes,
                   perm.supertypes, perm.colors, perm.mana_value, perm.power, perm.toughness,
                   perm.tapped, perm.summoning_sick, perm.token, perm.damage,
                   tuple(sorted(perm.counters.items())), repr(perm.abilities), granted)
        out[perm.id] = keys.setdefault(key, len(keys))
    return out


def _ids_in(obj: Any) -> Iterator[str]:
    """Every string inside an effect object (ids it may name)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, Mapping):
        for v in obj.values():
            yield from _ids_in(v)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from _ids_in(v)
    elif hasattr(obj, "__dict__"):
        for v in vars(obj).values():
            yield from _ids_in(v)


def _free(problem: bp_mod.BlockProblem) -> bool:
    """No restriction, requirement or cost (509.1b-d): every choice of allowed pairs within
    each blocker's capacity is a legal block."""
    return not (problem.restrictions or problem.requirements or problem.blocker_costs
                or problem.pair_costs or problem.blocker_life_costs or problem.pair_life_costs)


def _block_options(problem: bp_mod.BlockProblem) -> tuple[list[str], list[list[tuple[str, ...]]]]:
    """The creatures that can block, and for each the attacker sets it may block (509.1a:
    every subset of its allowed attackers up to its capacity, the empty one first)."""
    blockers = [b for b in dict.fromkeys(problem.blockers) if problem.allowed.get(b)]
    options: list[list[tuple[str, ...]]] = []
    for b in blockers:
        allowed = list(dict.fromkeys(problem.allowed[b]))
        cap = problem.capacity_of(b)
        top = len(allowed) if cap is None else min(cap, len(allowed))
        options.append([combo for k in range(top + 1) for combo in itertools.combinations(allowed, k)])
    return blockers, options


def _canonical_product(items: list[str], options: list[list[Any]], classes: Mapping[str, int],
                       bound: int) -> Iterator[tuple[int, ...]]:
    """Index tuples choosing one option per item, one per multiset of choices within each
    symmetry class (members of a class take non-decreasing option indices, in item order).
    Members of one class must have the same options. Raises OverflowError past ``bound``."""
    last_of: list[int | None] = []
    seen: dict[int, int] = {}
    for i, it in enumerate(items):
        c = classes.get(it, -1 - i)
        last_of.append(seen.get(c))
        seen[c] = i
    count = 0
    choice = [0] * len(items)

    def rec(i: int) -> Iterator[tuple[int, ...]]:
        nonlocal count
        if i == len(items):
            count += 1
            if count > bound:
                raise OverflowError
            yield tuple(choice)
            return
        j = last_of[i]
        start = choice[j] if j is not None else 0
        for k in range(start, len(options[i])):
            choice[i] = k
            yield from rec(i + 1)

    yield from rec(0)
