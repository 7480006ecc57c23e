"""Board views and candidate helpers of the AI's combat game (issue 9): the combat a board is
looked at with, the board of the next turn (the crack-back, lookahead 1), interchangeable
creatures (symmetry), and the per-blocker options blocks are built from. Split from
:mod:`redzone.solver.ai.search`; plain Python (no ortools).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from redzone.models import block_problem as bp_mod
from redzone.models.board import Board, Permanent
from redzone.models.cleanup import end_turn
from redzone.models.condition_keys import DOESNT_UNTAP, GOADED
from redzone.models.layers import relayered
from redzone.models.leaving import leaving_with
from redzone.models.outcome import GameState, out_of_game
from redzone.models.triggers.actions import LEAVES_AT_END_STEP
from redzone.models.triggers.board_effects import DELAYED, THIS_TURN

__all__ = ["CombatView", "Departure", "ScenarioView", "departure", "next_player",
           "next_turn_board", "symmetry_classes", "with_combat"]


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


def _goads(board: Board, player: str) -> dict[str, tuple[str, ...]]:
    """Creature id -> the players whose goad still holds on ``player``'s turn: goad lasts
    until the goading player's next turn (701.15a), so every goad but ``player``'s own —
    the scenario's ``effects`` and the marks of triggered abilities (``"goaded by P"``)."""
    out: dict[str, list[str]] = {}
    for effect in getattr(board.scenario, "effects", None) or ():
        creature, by = getattr(effect, "goad", None), getattr(effect, "by", None)
        if creature is not None and by is not None and by != player:
            out.setdefault(creature, []).append(by)
    for perm in board.permanents.values():
        for key, on in perm.conditions.items():
            if on and key.startswith(GOADED) and key[len(GOADED):] != player:
                out.setdefault(perm.id, []).append(key[len(GOADED):])
    return {pid: tuple(dict.fromkeys(by)) for pid, by in out.items()}


def next_turn_board(board: Board, state: GameState, attackers: Mapping[str, str],
                    player: str) -> Board:
    """The board at the start of ``player``'s combat after this one: permanents that left
    are gone, and those of players who lost (800.4a); marked damage is removed (514.2);
    counters put on this combat stay (-1/-1 counters lower power and toughness, +1/+1
    counters put instead of damage raise them, 122.1a); ``player``'s permanents untap and
    have been under their control since the turn began (502.3, 302.6) — but one a triggered
    ability marked "doesn't untap during its controller's next untap step" stays tapped,
    and goad lasts until the goading player's next turn (701.15a: carried as the mark
    ``"goaded by P"``, whoever goaded); the attacking
    creatures of this combat stay tapped unless they have vigilance (508.1f, 702.20b);
    life, poison, loyalty and defense as in ``state``; the players who lost are no longer
    listed but are in the board's ``departed``, after those who left before (a player who
    lost stays lost, 104.5, 800.4a). This turn's effects end, and so do those of
    permanents that left: the layers are applied again to what remains (611.3a, 613;
    :func:`redzone.models.layers.reapply_layers`). "Until end of turn" effects end in the
    cleanup step with the damage (514.2): power, toughness and abilities lose what the
    scenario's ``until_end_of_turn`` marks, and a creature then at toughness 0 or less dies
    (514.3a, 704.5f; :func:`redzone.models.cleanup.end_turn`)."""
    lost = out_of_game(board, state)  # 704.5a, 704.5c, 704.6c (800.4a: they leave)
    goads = _goads(board, player)
    perms: dict[str, Permanent] = {}
    for pid, perm in board.permanents.items():
        if not state.on_battlefield(pid) or perm.controller in lost:
            continue
        if perm.conditions.get(LEAVES_AT_END_STEP):
            continue  # h9: a delayed ability made it leave at this turn's end step (603.7, 513.1)
        # Counters this combat put on or took off change its power and toughness (122.1a,
        # 613.4c): -1/-1 counters from wither or infect, +1/+1 counters put instead of
        # damage (Phytohydra, 614.1a) or removed as damage is prevented (Phantom Centaur).
        # Read from the counters themselves (the AI's combined states keep the counters, not
        # the added amounts); a +1/+1 and a -1/-1 counter removed together (704.5q) cancel.
        now = state.counters.get(pid, perm.counters)
        shift = ((now.get("+1/+1", 0) - perm.counters.get("+1/+1", 0))
                 - (now.get("-1/-1", 0) - perm.counters.get("-1/-1", 0)))
        changes: dict[str, Any] = {"damage": 0, "counters": dict(now)}
        goaded = goads.get(pid, ())
        if goaded or perm.conditions and any(k in THIS_TURN or k.startswith(DELAYED) for k in perm.conditions):
            # this turn's marks of triggered abilities end with it (h3: "assigns no combat
            # damage this turn", delayed "at end of combat" abilities done; "doesn't untap"
            # is read below, as the untap step passes); goad lasts until the goading
            # player's next turn (701.15a), carried as a mark the attack rules read
            changes["conditions"] = {k: v for k, v in perm.conditions.items()
                                     if k not in THIS_TURN and not k.startswith(DELAYED)}
            changes["conditions"].update((GOADED + by, True) for by in goaded)
        if perm.power is not None:
            changes["power"] = perm.power + shift
        if perm.toughness is not None:
            changes["toughness"] = perm.toughness + shift
        if pid in state.loyalty:
            changes["loyalty"] = state.loyalty[pid]
        if pid in state.defense:
            changes["defense"] = state.defense[pid]
        if perm.controller == player:
            # 502.3: it untaps, unless "it doesn't untap during its controller's next untap
            # step" (a triggered ability's mark; that untap step is this one)
            changes["tapped"] = bool(perm.tapped and perm.conditions.get(DOESNT_UNTAP))
            changes["summoning_sick"] = False
        elif pid in attackers and not board.has_keyword(perm, "vigilance"):
            changes["tapped"] = True
        perms[pid] = dataclasses.replace(perm, **changes)
    players = tuple(dataclasses.replace(p, life=state.life.get(p.name, p.life),
                                        poison=state.poison.get(p.name, p.poison),
                                        commander_damage=tuple(sorted(  # 903.10a: the game's totals
                                            (c, n) for c, n in state.commander_damage.get(p.name, {}).items() if n))
                                        if state.commander_damage else p.commander_damage)
                    for p in board.players if p.name not in lost)
    # A player who lost has left the game and stays lost (104.5, 800.4a): no longer listed,
    # but remembered, so the evaluation still counts them as knocked out.
    departed = board.departed + tuple(p.name for p in board.players if p.name in lost)
    out = Board(scenario=ScenarioView(None, ()), players=players, permanents=perms,
                active_player=player, rules=board.rules, game=board.game, departed=departed)
    # A permanent whose static ability changed characteristics or granted abilities left:
    # its effects end (611.3a), so the layers are applied again to what remains (613),
    # counters included (613.4c): a Bears under a lord destroyed this combat is a 2/2 again,
    # and has lost what the lord granted. Conditions of static abilities are decided again
    # for this turn (611.3a): whose turn it is, what is on the battlefield and tapped, life
    # totals and counters (Thrash of Raptors whose other Dinosaur died is a 3/3 without
    # trample; "during your turn" abilities hold for the new active player only).
    gaps = relayered(out, board, every=True)
    if gaps is not None:
        out.gaps = gaps
    # Cleanup (514.2, 514.3a): "until end of turn" effects end as the damage wears off; a
    # creature left with toughness 0 or less dies (704.5f).
    return end_turn(out)


# ============================================================================ departure


@dataclass(frozen=True)
class Departure:
    """A multiplayer combat after defending players paid down to 0 life for its costs and
    left the game before any damage (CR 119.4, 704.5a, 800.4a; see :func:`departure`).

    - ``board``: the board that remains: every player still listed, each one's life less
      what they paid (the departed at 0 or less), the departed players' permanents (and
      Auras on them, 704.5m) gone, the layers applied again to the rest (611.3a, 613), and
      what the state-based actions then remove (704.3) gone too.
    - ``departed``: the players who left. ``left``: permanent id -> why it left, in order.
    - ``gap``: why the board may not be exactly the rules' (a permanent a departed player
      controlled but someone else owns: 800.4a returns it or exiles it, and the scenario
      doesn't say which; a battle a departed player protected), or ``None``.

    :meth:`declarations` gives the attack and blocks on that board.
    """

    board: Board
    departed: frozenset[str]
    left: dict[str, str]
    gap: str | None = None
    moved: dict[str, str] = field(default_factory=dict)
    """Attack target that left -> the departed player it now stands for (506.4c)."""

    def declarations(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]
                     ) -> tuple[dict[str, str], dict[str, list[str]], str | None]:
        """(attack, blocks, gap) on :attr:`board`: an attacker that left the game is gone
        (506.4); one whose planeswalker or battle left with a departed player attacks that
        player instead (either way it deals no combat damage: 506.4c, 800.4e); only the
        blocks of creatures still on the battlefield stay. ``gap``: an attacked permanent
        left by a state-based action while its controller plays on (its attackers attack
        nothing, 506.4c, but trample over planeswalkers could still reach that player,
        702.19e), else ``None``."""
        gap = None
        out: dict[str, str] = {}
        for a, t in attack.items():
            if a in self.left:
                continue
            if t in self.left:
                t2 = self.moved.get(t)
                if t2 is None:
                    gap = f"{t}, attacked, left the battlefield by a state-based action"
                    t2 = sorted(self.departed)[0]
                t = t2
            out[a] = t
        kept = {b: [a for a in lst if a in out] for b, lst in blocks.items() if b not in self.left}
        return out, {b: lst for b, lst in kept.items() if lst}, gap


def departure(board: Board, paid: Mapping[str, int]) -> Departure | None:
    """The board after the life ``paid`` for the declarations' costs (player -> life,
    Phyrexian mana, 119.4) when that makes some defending players lose while the game goes
    on, else ``None`` (nobody paid down to 0, the attacking player did, or every opponent
    did: the game is then over, 704.5a, 104.2a).

    The costs are paid while the creatures are declared; state-based actions are checked
    before any combat damage (117.5, 704.3): a player at 0 life or less loses (704.5a) and
    leaves the game at once (800.4a): every object they own leaves it, effects giving them
    control end, and what they still control is exiled. So their blocking creatures are
    removed from combat (506.4): the attacking creatures they blocked stay blocked (509.1h)
    and, with no blocker left, assign no combat damage (510.1c; with trample, 702.19e, only
    to the player they attack, who is gone: 800.4e); creatures attacking them deal no combat
    damage (800.4e), nor those attacking their planeswalkers, which left (506.4c); their
    static abilities and Auras stop applying (611.3a), an Aura another player controls
    attached to their permanent goes to the graveyard (704.5m) and Equipment becomes
    unattached (704.5n); then state-based actions are checked again (704.3). Scenario
    effects naming what left are dropped (declaration requirements already applied, or
    damage by or to what is gone). Returns a :class:`Departure`."""
    ap = board.active_player
    life = {p.name: p.life - paid.get(p.name, 0) for p in board.players}
    gone = frozenset(p for p, v in life.items() if v <= 0 and p != ap and paid.get(p))
    if not gone or life[ap] <= 0 or all(o in gone for o in board.opponents(ap)):
        return None
    from redzone.models.outcome import state_based_actions

    perms = board.permanents
    left, gaps = leaving_with(board, gone)  # 800.4a: what they own or control
    moved = {pid: perms[pid].owner if perms[pid].owner in gone else perms[pid].controller
             for pid in left}
    players = tuple(dataclasses.replace(p, life=life[p.name]) for p in board.players)
    scenario = board.scenario
    while True:
        changed = True
        while changed:  # 704.5m: Auras attached to what left (and Auras on those)
            changed = False
            for pid, perm in perms.items():
                if pid not in left and perm.attached_to in left and "Aura" in perm.subtypes:
                    left[pid] = "Aura attached to nothing (CR 704.5m)"
                    changed = True
        kept: dict[str, Permanent] = {}
        for pid, perm in perms.items():
            if pid in left:
                continue
            # A copy: the layers are applied again in place (reapply_layers).
            kept[pid] = dataclasses.replace(
                perm, counters=dict(perm.counters),
                # 704.5n: Equipment attached to what left stays, unattached
                attached_to=None if perm.attached_to in left else perm.attached_to)
        named = set(left) | gone
        effects = tuple(e for e in (getattr(scenario, "effects", None) or ())
                        if named.isdisjoint(_ids_in(e)))
        old = getattr(scenario, "combat", None)
        combat = None
        if old is not None:
            order = {k: [x for x in v if x in kept]
                     for k, v in (getattr(old, "damage_order", None) or {}).items() if k in kept}
            bands = tuple(tuple(b) for b in (getattr(old, "bands", None) or ())
                          if all(x in kept for x in b))
            combat = CombatView({a: t for a, t in old.attackers.items() if a in kept},
                                damage_order=order, bands=bands)
        out = Board(scenario=ScenarioView(combat, effects), players=players, permanents=kept,
                    active_player=ap, rules=board.rules, game=board.game, departed=board.departed)
        again = relayered(out, board)  # 611.3a, 613: their effects end; conditions again
        if again is not None:
            out.gaps = again
        state = GameState.from_board(out)
        state.lost.extend(sorted(gone))
        dead = state_based_actions(out, state)  # 704.3: checked again after they left
        if not dead:
            break
        for pid in dead:
            left[pid] = state.reasons.get(pid, "state-based action (CR 704.3)")
    return Departure(out, gone, left, "; ".join(gaps) or None, moved)


# ============================================================================ symmetry


def symmetry_classes(board: Board) -> dict[str, int]:
    """Permanent id -> class number: two creatures share a class when swapping them maps
    the game onto itself — same controller and every characteristic, counters, damage,
    tapped, summoning-sick and token status, abilities (own and granted) and what of them
    ends at end of turn (514.2), neither attached to
    anything nor enchanted/equipped, and no scenario effect naming either."""
    named: set[str] = set()
    for effect in getattr(board.scenario, "effects", None) or ():
        for value in _ids_in(effect):
            named.add(value)
    attached_to = {p.attached_to for p in board.permanents.values() if p.attached_to}
    keys: dict[Any, int] = {}
    out: dict[str, int] = {}
    for perm in board.permanents.values():
        if (not perm.is_creature or perm.id in named or perm.attached_to or perm.id in attached_to
                or perm.commander):  # a commander's damage is counted by its id (903.10a)
            key: Any = ("unique", perm.id)
        else:
            granted = tuple(sorted(repr(a) for a, _ in board.granted(perm)))
            key = (perm.controller, perm.owner, perm.name, perm.card, perm.types, perm.subtypes,
                   perm.supertypes, perm.colors, perm.mana_value, perm.power, perm.toughness,
                   perm.tapped, perm.summoning_sick, perm.token, perm.damage,
                   tuple(sorted(perm.counters.items())), repr(perm.abilities), granted,
                   perm.until_end_of_turn)
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
    Members of one class must have the same options. Raises OverflowError past ``bound``.

    The tuples come in lexicographic order (an odometer: the last item turns fastest;
    after an item moves on, each later item starts again from the option of the previous
    member of its class, or 0), listed without recursion: the block lists of an 8v8 board
    run to tens of thousands of tuples."""
    n = len(items)
    last_of: list[int | None] = []
    seen: dict[int, int] = {}
    for i, it in enumerate(items):
        c = classes.get(it, -1 - i)
        last_of.append(seen.get(c))
        seen[c] = i
    sizes = [len(o) for o in options]
    if any(k == 0 for k in sizes):
        return
    choice = [0] * n
    count = 0
    while True:
        count += 1
        if count > bound:
            raise OverflowError
        yield tuple(choice)
        i = n - 1
        while i >= 0 and choice[i] + 1 >= sizes[i]:
            i -= 1
        if i < 0:
            return
        choice[i] += 1
        for j in range(i + 1, n):
            prev = last_of[j]
            choice[j] = choice[prev] if prev is not None else 0
