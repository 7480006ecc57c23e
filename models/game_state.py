"""The state combat damage leaves: :class:`GameState`, what damage and state-based actions
changed on top of a board (life, poison, marked damage, counters, what left), and the
contract's ``outcome`` object it reports (:class:`OutcomeJSON`).

Dealing damage and performing state-based actions on it is :mod:`redzone.models.outcome`'s.
Pure Python; never imports ortools.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from redzone.models.battlefield import Board
from redzone.models.lethal import any_lethal_by_power, lethal_damage

__all__ = ["COMMANDER_DAMAGE_TO_LOSE", "POISON_TO_LOSE", "GameState", "OutcomeJSON",
           "commander_game"]

POISON_TO_LOSE = 10
"""A player with this many poison counters or more loses the game (CR 704.5c)."""

COMMANDER_DAMAGE_TO_LOSE = 21
"""In a Commander game, a player dealt this much combat damage or more by one commander over
the game loses (CR 903.10a, 704.6c)."""


def commander_game(board: Board) -> bool:
    """Whether ``board`` is a Commander game (the scenario's ``format: commander``, CR 903),
    where combat damage from commanders is counted (903.10a, 704.6c). A board derived from
    another (the AI's views of a combat, the next turn's board) may stand on a view of the
    scenario: it is one too when a permanent is a commander or a player has a commander
    total (the scenario allows those only in a Commander game)."""
    return (getattr(board.scenario, "format", None) == "commander"
            or any(p.commander_damage for p in board.players)
            or any(perm.commander for perm in board.permanents.values()))


class OutcomeJSON(TypedDict):
    """The contract's ``outcome`` object (:meth:`GameState.to_outcome`; a plain ``dict`` at
    run time, so its JSON is the dict's): player -> life and poison counters, destroyed
    permanent ids in order, id -> marked damage, planeswalker loyalty and battle defense,
    id -> counters that changed, players who lost, player -> life gained, destroyed id ->
    why (with the CR rule)."""

    life: dict[str, int]
    poison: dict[str, int]
    destroyed: list[str]
    damage: dict[str, int]
    loyalty: dict[str, int]
    defense: dict[str, int]
    counters: dict[str, dict[str, int]]
    lost: list[str]
    gained: dict[str, int]
    reasons: dict[str, str]
    commander_damage: NotRequired[dict[str, dict[str, int]]]
    lost_to_commander: NotRequired[dict[str, list[str]]]
    entered: list[dict[str, object]]


@dataclass
class GameState:
    """What damage and state-based actions changed, on top of a :class:`Board`.

    All maps are keyed by player name or permanent id:

    - ``life``, ``poison``: every player's current life total and poison counters;
    - ``damage``: marked damage per permanent (CR 120.6), from the scenario's ``damage``;
    - ``counters``: every permanent's counters (kind -> count), from the scenario's
      ``counters``, plus -1/-1 counters put on by wither or infect (CR 120.3d) and after
      annihilation with +1/+1 counters (CR 704.5q);
    - ``minus_added``: -1/-1 counters put on in this state (they lower power and toughness,
      which the board gives as current values with earlier counters counted); ``plus_added``
      likewise for +1/+1 counters put on instead of damage (Phytohydra, 614.1a);
    - ``loyalty`` (planeswalkers) and ``defense`` (battles): current counters;
    - ``destroyed``: permanents that left the battlefield, in order (the contract's
      ``destroyed``: destroyed or put into the graveyard by a state-based action), with
      ``reasons`` (id -> a short phrase with the CR rule);
    - ``lost``: players who lost the game, in order; ``gained``: life gained per player;
    - ``deathtouched``: creatures dealt damage by a deathtouch source since state-based
      actions were last checked (CR 704.5h);
    - ``commander_damage``: in a Commander game (:func:`commander_game`), player -> commander
      id -> combat damage that commander has dealt that player over the game (CR 903.10a),
      every commander on the battlefield listed for every player (0 when none yet); empty
      in other games;
    - ``damaged_by``: permanent id -> the sources that dealt it damage in this play (combat
      damage, a fight's, a triggered ability's; recorded by
      :mod:`redzone.models.triggers.resolve` for "a creature dealt damage by ~ this turn
      dies", CR 603.10a); damage marked before the play has no known source.
    """

    life: dict[str, int] = field(default_factory=dict)
    poison: dict[str, int] = field(default_factory=dict)
    damage: dict[str, int] = field(default_factory=dict)
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    minus_added: dict[str, int] = field(default_factory=dict)
    plus_added: dict[str, int] = field(default_factory=dict)
    loyalty: dict[str, int] = field(default_factory=dict)
    defense: dict[str, int] = field(default_factory=dict)
    destroyed: list[str] = field(default_factory=list)
    reasons: dict[str, str] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    gained: dict[str, int] = field(default_factory=dict)
    deathtouched: set[str] = field(default_factory=set)
    commander_damage: dict[str, dict[str, int]] = field(default_factory=dict)
    damaged_by: dict[str, tuple[str, ...]] = field(default_factory=dict)
    dungeon: dict[str, str | None] = field(default_factory=dict)
    """h24: player -> the dungeon room their venture marker is on now (309.4), ``None`` for
    none; a player not listed is where the board says (``Player.dungeon``)."""
    ring: dict[str, int] = field(default_factory=dict)
    """h24: player -> how many times the Ring has tempted them this game, once it tempted
    them in this play (701.54); a player not listed: the board's ``Player.ring_tempted``."""

    @classmethod
    def from_board(cls, board: Board) -> GameState:
        """The state a scenario describes: players' ``life`` and ``poison``, permanents'
        marked ``damage``, ``counters``, planeswalkers' ``loyalty`` and battles' ``defense``.
        Nothing destroyed, nobody lost, no life gained. In a Commander game, every player's
        commander damage: the board's totals, and 0 from each other commander on the
        battlefield."""
        state = cls()
        for p in board.players:
            state.life[p.name] = p.life
            state.poison[p.name] = p.poison
        if commander_game(board):
            here = [perm.id for perm in board.permanents.values() if perm.commander]
            for p in board.players:
                totals = dict.fromkeys(here, 0)
                totals.update(p.commander_damage)
                state.commander_damage[p.name] = totals
        for perm in board.permanents.values():
            state.damage[perm.id] = perm.damage
            state.counters[perm.id] = dict(perm.counters)
            if perm.is_a("Planeswalker") and perm.loyalty is not None:
                state.loyalty[perm.id] = perm.loyalty
            if perm.is_a("Battle") and perm.defense is not None:
                state.defense[perm.id] = perm.defense
        return state

    def copy(self) -> GameState:
        """An independent copy (for trying alternatives)."""
        return GameState(
            life=dict(self.life), poison=dict(self.poison), damage=dict(self.damage),
            counters={k: dict(v) for k, v in self.counters.items()},
            minus_added=dict(self.minus_added), plus_added=dict(self.plus_added),
            loyalty=dict(self.loyalty),
            defense=dict(self.defense), destroyed=list(self.destroyed),
            reasons=dict(self.reasons), lost=list(self.lost), gained=dict(self.gained),
            deathtouched=set(self.deathtouched),
            commander_damage={p: dict(t) for p, t in self.commander_damage.items()},
            damaged_by=dict(self.damaged_by), dungeon=dict(self.dungeon),
            ring=dict(self.ring),
        )

    # -- queries used by combat damage and fight

    def on_battlefield(self, perm_id: str) -> bool:
        """True unless the permanent has left the battlefield in this state."""
        return perm_id not in self.reasons

    def in_game(self, player: str) -> bool:
        """True unless the player has lost (CR 104.3, 800.4a)."""
        return player not in self.lost

    def lost_to_commander(self, player: str) -> list[str]:
        """The commanders that have dealt ``player`` 21 or more combat damage (CR 903.10a,
        704.6c), in id order; ``[]`` when none (or not a Commander game)."""
        return sorted(c for c, n in self.commander_damage.get(player, {}).items()
                      if n >= COMMANDER_DAMAGE_TO_LOSE)

    def power(self, board: Board, perm_id: str) -> int:
        """Current power: the board's, minus -1/-1 counters damage put on (CR 120.3d, 613.4c).
        Raises ``KeyError`` for an unknown id; 0 for a permanent with no power."""
        perm = board.permanents[perm_id]
        return (perm.power or 0) - self.minus_added.get(perm_id, 0) + self.plus_added.get(perm_id, 0)

    def toughness(self, board: Board, perm_id: str) -> int:
        """Current toughness, like :meth:`power`."""
        perm = board.permanents[perm_id]
        return ((perm.toughness or 0) - self.minus_added.get(perm_id, 0)
                + self.plus_added.get(perm_id, 0))

    def marked(self, perm_id: str) -> int:
        """Damage marked on the permanent (CR 120.6)."""
        return self.damage.get(perm_id, 0)

    def lethal_remaining(self, board: Board, perm_id: str) -> int:
        """Lethal damage for a creature: toughness (or power under a "determined by their
        power" effect: :func:`redzone.models.lethal.lethal_damage`) minus marked damage, at
        least 0 (CR 120.4a, 120.6, 702.19b; deathtouch and other same-step damage are the
        caller's)."""
        toughness = self.toughness(board, perm_id)
        need = (lethal_damage(board, board.permanents[perm_id], self.power(board, perm_id),
                              toughness, self.on_battlefield)
                if any_lethal_by_power(board) else toughness)
        return max(0, need - self.marked(perm_id))

    def to_outcome(self, board: Board, end: Board | None = None) -> OutcomeJSON:
        """The contract's ``outcome`` object (JSON-ready):

        ``life`` and ``poison`` (every player), ``destroyed`` (ids, in order), ``damage``
        (id -> marked damage, permanents still on the battlefield with damage marked),
        ``loyalty`` (every planeswalker; one that left shows its last value), ``defense``
        (every battle, likewise), ``counters`` (id -> counters, for permanents whose counters
        differ from ``board``'s; a permanent not on ``board`` counts from none), ``lost`` (players who lost), ``gained`` (player -> life gained, nonzero
        only) and ``reasons`` (destroyed id -> why, with the CR rule). In a Commander game
        (:func:`commander_game`) also ``commander_damage`` (player -> commander id -> total
        combat damage over the game for every player, nonzero totals only; 903.10a) and ``lost_to_commander`` (player who lost -> the commanders that dealt them
        21 or more, 704.6c; ``{}`` when none).

        Given ``end`` (the board after the combat's triggered abilities), also ``entered``:
        the permanents put onto the battlefield during combat (tokens, creatures returned or
        put onto it, 508.4 "tapped and attacking"), each ``{"id", "name", "controller",
        "token", "power", "toughness", "tapped", "attacking"}`` (printed power and toughness
        as it entered; ``attacking`` the player or permanent it attacks, ``null`` when it
        isn't attacking), in the order they entered; one that left again is in
        ``destroyed`` too. Without ``end`` (a play with no triggered ability: nothing enters)
        the list is empty.
        """
        # Compared with ``board``'s counters: pass the board combat started from (a board
        # after triggered abilities already has their counters on it); a permanent that is
        # not on it (a token made in combat) counts from none.
        changed = {
            pid: dict(c) for pid, c in self.counters.items()
            if c != (board.permanents[pid].counters if pid in board.permanents else {})
        }
        out: OutcomeJSON = {
            "life": dict(self.life),
            "poison": dict(self.poison),
            "destroyed": list(self.destroyed),
            "damage": {pid: n for pid, n in self.damage.items() if n and self.on_battlefield(pid)},
            "loyalty": dict(self.loyalty),
            "defense": dict(self.defense),
            "counters": changed,
            "lost": list(self.lost),
            "gained": {p: n for p, n in self.gained.items() if n},
            "reasons": dict(self.reasons),
            "entered": [],
        }
        if end is not None:
            combat = getattr(end.scenario, "combat", None)  # Board.scenario is the validated input
            attackers: dict[str, str] = dict(combat.attackers) if combat is not None else {}
            out["entered"] = [
                {"id": pid, "name": p.name, "controller": p.controller, "token": p.token,
                 "power": p.power, "toughness": p.toughness, "tapped": p.tapped,
                 "attacking": attackers.get(pid)}
                for pid, p in end.permanents.items() if pid not in board.permanents]
        if commander_game(board):
            out["commander_damage"] = {
                p: dict(sorted((c, n) for c, n in t.items() if n))
                for p, t in self.commander_damage.items()}
            out["lost_to_commander"] = {p: self.lost_to_commander(p) for p in self.lost
                                        if self.lost_to_commander(p)}
        return out
