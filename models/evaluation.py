"""How good a position is for a player: the evaluation the AI's combat search maximises
(issue 9).

Owns :class:`Evaluator`, which scores a position — a :class:`redzone.models.battlefield.Board`
with a :class:`redzone.models.game_state.GameState` — from one player's point of view as
whole milli-points: players' life, poison and commander damage (903.10a), creatures,
planeswalkers and battles, ``+`` for the player's and ``-`` for each opponent's (zero-sum
with two players); a won game is ``+win``, a lost one ``-win``, an eliminated opponent
``eliminated`` (800.4a). The weights are :class:`Weights` (:func:`load_weights` reads YAML
or JSON); :func:`points` converts to points. The formula and worked examples:
``docs/ai.md``. Plain Python (no ortools).
"""

from __future__ import annotations

import json
import math
from copy import copy
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from redzone.models.abilities import Toxic
from redzone.models.battlefield import Board, Permanent
from redzone.models.cleanup import ended
from redzone.models.conditions import condition_sources, decided_again
from redzone.models.errors import ScenarioError
from redzone.models.layers import layer_sources, relayered
from redzone.models.limits import check_time

__all__ = ["Evaluator", "Weights", "load_weights", "points", "SCALE"]

SCALE = 1000
"""Milli-points per point."""

POISON_TO_LOSE = 10
"""CR 704.5c: ten or more poison counters lose the game."""

COMMANDER_TO_LOSE = 21
"""CR 704.6c, 903.10a: 21 or more combat damage from one commander loses a Commander game."""

EVASION = ("flying", "menace", "shadow", "horsemanship", "fear", "intimidate", "skulk")


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in points (one point = one life point near 0 life).

    Game result
      - ``win``: a won game (every opponent has lost); a lost game is ``-win``. Must exceed
        every other total (default 1,000,000).
      - ``eliminated``: an opponent who has lost in a multiplayer game while others remain.

    Life (CR 119): ``life_value(L) = life_scale * (1 - exp(-L / life_scale))`` for L > 0.
      The marginal value of a life point at L is ``exp(-L / life_scale)``: 1 point near 0 life,
      0.74 at 3, 0.37 at 10, 0.14 at 20 with the default scale 10 — a player at 3 values a
      point five times more than at 20.
      - ``life_scale``: the curve's scale (default 10).

    Poison (CR 122.1f, 704.5c): a player with p counters is valued as if ``poison_life``
      life points per missing counter were gone from 20 life:
      ``poison_value(p) = life_value(20 - poison_life * p) - life_value(20)`` (0 at p = 0).
      - ``poison_life``: default 2 (ten counters lose the game, like twenty life).

    Commander damage (Commander games, CR 903.10a, 704.6c): a second road to a lost game,
      counted like poison. A player dealt d combat damage by one commander is valued as if
      ``commander_life`` life points per point of it were gone from 21:
      ``commander_value(d) = life_value(21 - commander_life * d) - life_value(21)`` (0 at
      d = 0), added for each commander (partners each on their own, 702.124). At 18 from one
      commander the next point from it is worth 0.78 points, where a point of life at 40 is
      worth 0.02: the danger is that commander.
      - ``commander_life``: default 1 (21 from one commander lose the game, like 21 life).

    Creatures: ``creature_base + creature_power * P + creature_toughness * T`` plus keyword
      bonuses (each times the power P where marked ×P):
      ``evasion`` ×P (flying, menace, shadow, horsemanship, fear, intimidate, skulk),
      ``first_strike`` ×P, ``double_strike`` ×P (on top of first strike's), ``trample`` ×P,
      ``lifelink`` ×P, ``infect`` ×P (toxic adds the same per counter), ``deathtouch``,
      ``indestructible``, ``vigilance``, ``reach``. Power and toughness below 0 count as 0.
      - defaults: base 1, power 1, toughness 0.5, evasion 0.5, first strike 0.25, double
        strike 0.75, trample 0.25, lifelink 0.5, infect 1, deathtouch 1.5, indestructible
        3, vigilance 0.5, reach 0.25.

    Planeswalkers and battles
      - ``planeswalker_base`` + ``planeswalker_loyalty`` × loyalty (defaults 3 and 1): a
        planeswalker acts every turn it survives, so it is worth more than its loyalty as
        life at the top of the curve.
      - ``battle_base`` + ``battle_defense`` × defense for the battle's protector
        (defaults 1 and 0.5); its controller counts it with the opposite sign.

    Costs
      - ``mana``: points per generic mana spent on attack or block costs (default 0.1).
    """

    win: float = 1_000_000.0
    eliminated: float = 100.0
    life_scale: float = 10.0
    poison_life: float = 2.0
    commander_life: float = 1.0
    creature_base: float = 1.0
    creature_power: float = 1.0
    creature_toughness: float = 0.5
    evasion: float = 0.5
    first_strike: float = 0.25
    double_strike: float = 0.75
    trample: float = 0.25
    lifelink: float = 0.5
    infect: float = 1.0
    deathtouch: float = 1.5
    indestructible: float = 3.0
    vigilance: float = 0.5
    reach: float = 0.25
    planeswalker_base: float = 3.0
    planeswalker_loyalty: float = 1.0
    battle_base: float = 1.0
    battle_defense: float = 0.5
    mana: float = 0.1

    def __post_init__(self) -> None:
        # The one place the weights are checked (a file, the protocol's options.weights and
        # the API all come here): a finite number each, at least its field's minimum.
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ScenarioError(f"weights.{f.name}", f"must be a number (got {value!r})")
            if f.name == "life_scale" and value <= 0:
                raise ScenarioError("weights.life_scale", f"must be greater than 0 (got {value})")
            if f.name == "win" and value < 1000:
                raise ScenarioError("weights.win", f"must be at least 1000 so that a won game "
                                                   f"dominates (got {value})")
            if value < 0:
                raise ScenarioError(f"weights.{f.name}", f"must be 0 or more (got {value})")

    @classmethod
    def from_mapping(cls, data: Any, where: str = "weights") -> Weights:
        """Weights from a mapping of weight name -> number; missing names keep their
        default. Raises ScenarioError naming an unknown key or a bad value as
        ``<where>.<name>`` (``where``: the path of the mapping, e.g. ``options.weights``)."""
        if not isinstance(data, dict):
            raise ScenarioError(where, "must be a mapping of weight names to numbers")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                from difflib import get_close_matches  # here for start-up: only on an error

                close = get_close_matches(str(key), sorted(known), n=1)
                hint = f"did you mean {close[0]}? " if close else ""
                raise ScenarioError(f"{where}.{key}",
                                    f"unknown weight ({hint}known: {', '.join(sorted(known))})")
        try:
            return cls(**{k: float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                          for k, v in data.items()})
        except ScenarioError as e:  # "weights.NAME" -> "<where>.NAME"
            if where == "weights" or not e.field.startswith("weights."):
                raise
            raise ScenarioError(where + e.field[len("weights"):], e.problem) from None

    def to_json(self) -> dict[str, float]:
        """Every weight by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _yaml11_number(value: Any) -> str | None:
    """For a text that YAML 1.2 and JSON read as a number but YAML 1.1 (PyYAML) reads as
    text — an exponent without a decimal point or without a sign: ``1e308``, ``5E-3``,
    ``1.5e3`` — the same number as YAML 1.1 reads it (``1.0e+308``); else ``None``."""
    import re

    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"([-+]?)(\d*)(?:\.(\d*))?[eE]([-+]?)(\d+)", value.strip())
    if m is None or not (m[2] or m[3]):
        return None
    sign, whole, frac, exp_sign, exp = m.groups()
    return f"{sign}{whole or '0'}.{frac or '0'}e{exp_sign or '+'}{exp}"


def load_weights(path: str | Path) -> Weights:
    """Read :class:`Weights` from a YAML or JSON file (a mapping of weight names to numbers;
    a top-level ``weights:`` key is accepted too). Raises ScenarioError (one line naming
    the file and the field) for a missing file, bad syntax, an unknown weight or a bad value."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(str(path), f"can't read the weights file: {e.strerror or e}") from None
    try:
        if p.suffix.lower() == ".json":
            data = json.loads(text)
        else:
            import yaml  # here for start-up (~15 ms): only for a YAML weights file

            data = yaml.safe_load(text)
    except Exception as e:  # noqa: BLE001 - any parse error becomes a one-line message
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ScenarioError(str(path), f"not valid YAML/JSON: {first}") from None
    if isinstance(data, dict) and set(data) == {"weights"}:
        data = data["weights"]
    if p.suffix.lower() != ".json" and isinstance(data, dict):
        known = {f.name for f in fields(Weights)}
        for key, value in data.items():
            fixed = _yaml11_number(value) if key in known else None
            if fixed is not None:
                raise ScenarioError(f"weights.{key}", f"must be a number, got the text {value!r} (YAML 1.1 "
                                    "reads an exponent without a decimal point or a sign as text): "
                                    f"write {fixed}", where=str(path))
    try:
        return Weights.from_mapping(data if data is not None else {})
    except ScenarioError as e:  # "FILE: weights.life_scal: unknown weight ..."
        raise ScenarioError(e.field, e.problem, where=str(path)) from None


_AFTER_CACHE = 4096
"""Most positions :meth:`Evaluator._after` remembers (the memo is emptied when full)."""


def points(milli: int) -> float:
    """A score in points (milli-points / :data:`SCALE`)."""
    return milli / SCALE


def _milli(x: float) -> int:
    return int(round(x * SCALE))


class Evaluator:
    """Scores positions of one board from ``player``'s point of view (see the module
    docstring). Creating one reads each permanent's keywords once; :meth:`score` is then a
    pass over the permanents. ``state`` arguments are :class:`redzone.models.outcome.GameState`
    (``None``: the board as given). ``layer_sources``: ids of the permanents whose static
    abilities change others' characteristics or grant abilities; when one has left the
    battlefield in ``state``, :meth:`score` values the creatures left with the layers
    applied again (611.3a, 613). ``departed_part``: milli-points of the opponents who left
    the game before the board (``Board.departed``: ``eliminated`` each), part of every score
    of a game still on."""

    def __init__(self, board: Board, player: str, weights: Weights | None = None, *,
                 parts: dict[str, tuple[float, float]] | None = None) -> None:
        self.board = board
        self.player = player
        self.weights = w = weights or Weights()
        self.win = _milli(w.win)
        self._life_cache: dict[int, int] = {}
        self._kinds: list[tuple[str, str, int, Permanent]] = []  # (id, kind, sign, perm)
        # ``parts``: keyword parts read before, by creature id (the caller vouches that they
        # are the same on this board: same abilities, nothing granted); filled as read.
        self._parts: dict[str, tuple[float, float]] = parts if parts is not None else {}
        # Permanents whose static abilities change others' characteristics or grant
        # abilities: when one has left, the survivors are read as they now are (611.3a, 613).
        self.layer_sources = layer_sources(board)
        # Permanents with a static ability under a condition combat can change (611.3a: a
        # permanent leaving, life totals, counters): read again when it changed.
        self.condition_sources = condition_sources(board)
        # Players who left the game before this board (Board.departed, 104.5, 800.4a): an
        # opponent among them counts ``eliminated`` in every position of the board; the
        # player themselves among them has lost (never asked in the search).
        self.lost_before = player in board.departed
        self.departed_part = _milli(w.eliminated) * sum(1 for p in board.departed if p != player)
        self._after_cache: dict[Any, Evaluator | None] = {}
        self._flip_cache: dict[Any, bool] = {}
        self.cleanup_sources: frozenset[str] = frozenset()
        """Creatures among :attr:`layer_sources` with an "until end of turn" toughness part
        (CR 514.2): they may die in the cleanup step (514.3a, 704.5f) and their effects on
        the others end then (611.3a); :meth:`score` applies the layers again when one does."""
        # "Until end of turn" parts of creatures' values (CR 514.2): id -> (power, toughness)
        # they add now. The position is valued as it will be once they end (docs/ai.md).
        self._eot: dict[str, tuple[int, int]] = {}
        for i, perm in enumerate(board.permanents.values()):
            if (i & 127) == 127:
                check_time("scoring the permanents")  # 2,000 a side: seconds (issue 25 §1)
            if perm.is_creature:
                kind = "creature"
            elif perm.is_a("Planeswalker"):
                kind = "planeswalker"
            elif perm.is_a("Battle"):
                kind = "battle"
            else:
                continue
            self._kinds.append((perm.id, kind, 0, perm))
            eot = perm.until_end_of_turn if kind == "creature" else None
            if eot is not None:
                self._eot[perm.id] = (eot.power, eot.toughness)
                if perm.id not in self._parts:
                    self._parts[perm.id] = self._keyword_parts(ended(perm))
            elif kind == "creature" and perm.id not in self._parts:
                self._parts[perm.id] = self._keyword_parts(perm)
        if self._eot and self.layer_sources:
            self.cleanup_sources = frozenset(pid for pid in self.layer_sources
                                             if self._eot.get(pid, (0, 0))[1] > 0)

    # ------------------------------------------------------------------ pieces

    def _has(self, perm: Permanent, name: str) -> bool:
        return self.board.has_keyword(perm, name)

    def _keyword_parts(self, perm: Permanent) -> tuple[float, float]:
        """(per-power factor, constant) of a creature's keyword bonuses."""
        w = self.weights
        per_power = w.creature_power
        constant = w.creature_base
        if any(self._has(perm, k) for k in EVASION):
            per_power += w.evasion
        if self._has(perm, "double strike"):
            per_power += w.first_strike + w.double_strike
        elif self._has(perm, "first strike"):
            per_power += w.first_strike
        if self._has(perm, "trample") or self._has(perm, "trample over planeswalkers"):
            per_power += w.trample
        if self._has(perm, "lifelink"):
            per_power += w.lifelink
        if self._has(perm, "infect"):
            per_power += w.infect
        toxic = sum(a.amount for a in perm.abilities if isinstance(a, Toxic))
        toxic += sum(a.amount for a, _ in self.board.granted(perm) if isinstance(a, Toxic))
        constant += w.infect * toxic
        if self._has(perm, "deathtouch"):
            constant += w.deathtouch
        if self._has(perm, "indestructible"):
            constant += w.indestructible
        if self._has(perm, "vigilance"):
            constant += w.vigilance
        if self._has(perm, "reach"):
            constant += w.reach
        return per_power, constant

    def life_value(self, life: int) -> int:
        """Milli-points of a life total (life > 0; see :class:`Weights`)."""
        v = self._life_cache.get(life)
        if v is None:
            s = self.weights.life_scale
            v = _milli(s * (1.0 - math.exp(-life / s)))
            self._life_cache[life] = v
        return v

    def poison_value(self, poison: int) -> int:
        """Milli-points of ``poison`` counters (0 or less; see :class:`Weights`)."""
        if poison <= 0:
            return 0
        top = 20
        left = top - self.weights.poison_life * poison
        s = self.weights.life_scale
        return _milli(s * (1.0 - math.exp(-max(left, 0.0) / s))) - self.life_value(top)

    def commander_value(self, damage: int) -> int:
        """Milli-points of ``damage`` combat damage dealt to a player by one commander over
        the game (0 or less; see :class:`Weights`, CR 903.10a)."""
        if damage <= 0:
            return 0
        top = COMMANDER_TO_LOSE
        left = top - self.weights.commander_life * damage
        s = self.weights.life_scale
        return _milli(s * (1.0 - math.exp(-max(left, 0.0) / s))) - self.life_value(top)

    def creature_value(self, perm_id: str, power: int, toughness: int) -> int:
        """Milli-points of a creature with this current power and toughness (its keywords as
        on the board; see :class:`Weights`), valued as it will be after the cleanup step:
        what its "until end of turn" effects add (power, toughness, keywords) is left out
        (CR 514.2), and one whose toughness is then 0 or less is worth 0 (it dies there,
        514.3a, 704.5f)."""
        shift = self._eot.get(perm_id)
        if shift is not None:
            power -= shift[0]
            toughness -= shift[1]
            if toughness <= 0:
                return 0
        per_power, constant = self._parts[perm_id]
        return _milli(per_power * max(power, 0) + self.weights.creature_toughness * max(toughness, 0)
                      + constant)

    def planeswalker_value(self, loyalty: int) -> int:
        """Milli-points of a planeswalker with ``loyalty`` counters."""
        w = self.weights
        return _milli(w.planeswalker_base + w.planeswalker_loyalty * max(loyalty, 0))

    def battle_value(self, defense: int) -> int:
        """Milli-points of a battle with ``defense`` counters, to its protector."""
        w = self.weights
        return _milli(w.battle_base + w.battle_defense * max(defense, 0))

    # ------------------------------------------------------------------ the score

    def score(self, state: Any = None, *, mana_spent: int = 0) -> int:
        """The position's score for :attr:`player`, in milli-points.

        ``state``: a GameState (``None``: the board as given, nobody lost). ``mana_spent``:
        generic mana the player spent on combat costs this turn (``-mana`` points each).
        ``+win`` when every opponent has lost, ``-win`` when the player has lost (CR 104.3a,
        704.5a, 704.5c); otherwise the sum described in the module docstring (``eliminated``
        for each opponent who lost in ``state`` or left before the board,
        :attr:`departed_part`), kept within
        ``±(win - 1)`` (:meth:`clamp`), less the mana."""
        board = self.board
        me = self.player
        lost = set(state.lost) if state is not None else set()
        # Commander damage (903.10a): player -> commander -> total, in a Commander game.
        commander = (state.commander_damage if state is not None and state.commander_damage
                     else {p.name: dict(p.commander_damage) for p in board.players
                           if p.commander_damage})
        if state is not None:
            shields: dict[str, str] | None = None
            for p in board.players:
                if p.name in lost:
                    continue
                life_out = state.life.get(p.name, p.life) <= 0
                if not (life_out or state.poison.get(p.name, p.poison) >= POISON_TO_LOSE
                        or (commander and any(n >= COMMANDER_TO_LOSE
                                              for n in commander.get(p.name, {}).values()))):
                    continue
                # 704.5a, 704.5c, 704.6c, unless the player can't lose (Phyrexian Unlife:
                # not for 0 or less life; Platinum Angel: not at all; 104.3, 614.1):
                # :func:`redzone.models.outcome.loss_shields`.
                if shields is None:
                    from redzone.models.outcome import loss_shields

                    shields = loss_shields(board, state)
                shield = shields.get(p.name)
                if shield == "all" or (shield == "life" and life_out
                                       and state.poison.get(p.name, p.poison) < POISON_TO_LOSE
                                       and not (commander and any(
                                           n >= COMMANDER_TO_LOSE
                                           for n in commander.get(p.name, {}).values()))):
                    continue
                lost.add(p.name)
        if me in lost or self.lost_before:
            return -self.win
        opponents = [p.name for p in board.players if p.name != me]
        if opponents and all(o in lost for o in opponents):
            return self.win
        total = self.departed_part
        for p in board.players:
            if p.name in lost:
                total += _milli(self.weights.eliminated)
                continue
            life = state.life.get(p.name, p.life) if state is not None else p.life
            poison = state.poison.get(p.name, p.poison) if state is not None else p.poison
            total += self.player_score(p.name, life, poison)
            if commander:
                total += self.commander_score(p.name, commander.get(p.name, {}))
        after = self._after(state) if state is not None else None
        for pid, kind, _, perm in self._kinds:
            owner = (perm.protector or perm.controller) if kind == "battle" else perm.controller
            if owner in lost:
                continue  # CR 800.4a: a player who left the game takes their permanents along
            if after is not None and kind == "creature":
                now = after.board.permanents.get(pid)  # (none: it left, or dies in cleanup)
                if now is not None:
                    v = after.creature_value(pid, now.power or 0, now.toughness or 0)
                    total += v if owner == me else -v
                continue
            total += self.permanent_score(pid, state)
        return self.clamp(total) - _milli(self.weights.mana * mana_spent)

    def _after(self, state: Any) -> Evaluator | None:
        """When a permanent whose static abilities changed characteristics or granted
        abilities has left the battlefield in ``state``, an evaluator of the board that
        remains with the layers applied again (611.3a, 613; counters as in ``state``,
        613.4c): its creatures' power, toughness and keywords are what they now are.
        ``None`` otherwise (the board's values stand). One that dies in the cleanup step
        (:attr:`cleanup_sources`: toughness 0 or less once its "until end of turn" part ends,
        514.2, 514.3a, 704.5f) counts as having left."""
        if not self.layer_sources and not self.condition_sources:
            return None
        dead = {pid for pid in self.cleanup_sources if state.on_battlefield(pid)
                and state.toughness(self.board, pid) - self._eot[pid][1] <= 0}
        if not dead and not self.condition_sources and all(
                state.on_battlefield(s) for s in self.layer_sources):
            return None
        # Memoised by everything the answer reads from ``state`` (many positions of a search
        # share one set of departures): what left or dies in cleanup, the counters that
        # differ from the board's (613.4c), and the life totals when a condition reads them.
        board = self.board
        perms_now = board.permanents
        gone = frozenset(pid for pid in perms_now if pid in dead or not state.on_battlefield(pid))
        counters = tuple((pid, tuple(sorted(c.items()))) for pid, c in state.counters.items()
                         if pid not in gone and pid in perms_now and c != perms_now[pid].counters)
        key = (gone, counters, tuple(sorted(state.life.items())) if self.condition_sources else ())
        cache = self._after_cache
        if key in cache:
            return cache[key]
        if len(cache) >= _AFTER_CACHE:
            cache.clear()
        got = cache[key] = self._after_built(state, dead)
        return got

    def _after_built(self, state: Any, dead: set[str]) -> Evaluator | None:
        """:meth:`_after`, worked out."""
        if not dead and all(state.on_battlefield(s) for s in self.layer_sources) and (
                not self.condition_sources or not self._conditions_changed(state)):
            return None

        board = self.board
        perms = {}
        for pid, perm in board.permanents.items():
            if not state.on_battlefield(pid) or pid in dead:
                continue
            p = copy(perm)
            p.counters = dict(state.counters.get(pid, perm.counters))
            perms[pid] = p
        remaining = Board(scenario=board.scenario, players=board.players, permanents=perms,
                          active_player=board.active_player, rules=board.rules, game=board.game,
                          departed=board.departed)
        remaining.combat = board.combat
        gaps = relayered(remaining, board, life=state.life)
        remaining.gaps = gaps if gaps is not None else list(board.gaps)
        return Evaluator(remaining, self.player, self.weights)

    def _conditions_changed(self, state: Any) -> bool:
        """Whether a condition of a static ability of :attr:`condition_sources` is decided
        otherwise in ``state`` (611.3a: what left the battlefield, life totals, counters)."""
        gone = frozenset(pid for pid in self.board.permanents if not state.on_battlefield(pid))
        return self.conditions_change(gone, state.life, state.counters)

    def conditions_change(self, gone: frozenset[str], life: dict[str, int],
                          counters: dict[str, dict[str, int]]) -> bool:
        """Whether a condition of a static ability of :attr:`condition_sources` is decided
        otherwise once the permanents ``gone`` have left the battlefield, with these life
        totals (player -> life) and counters (permanent id -> counters; a permanent not
        listed keeps its own), 611.3a. Memoised by what it reads."""
        holders = self.condition_sources - gone
        if not holders:
            return False
        key = (gone, tuple(sorted(life.items())),
               tuple((h, tuple(sorted(counters[h].items()))) for h in sorted(holders) if h in counters))
        got = self._flip_cache.get(key)
        if got is None:
            board = self.board
            here = Board(scenario=board.scenario, players=board.players,
                         permanents={pid: p for pid, p in board.permanents.items() if pid not in gone},
                         active_player=board.active_player, rules=board.rules, game=board.game,
                         departed=board.departed)
            here.combat = board.combat
            got = bool(decided_again(here, holders, life=life, counters=counters))
            if len(self._flip_cache) >= _AFTER_CACHE:
                self._flip_cache.clear()
            self._flip_cache[key] = got
        return got

    def clamp(self, total: int) -> int:
        """A position's score with the game still on, kept strictly between a lost and a won
        game (``-win < score < win``, milli-points): whatever the weights and the board, a
        won game dominates every other position and a lost one is the worst (so ``-win``
        is a proved lower bound of every score but the mana spent, which search cut-offs
        rely on)."""
        top = self.win - 1
        return top if total > top else -top if total < -top else total

    def player_score(self, name: str, life: int, poison: int) -> int:
        """A player's signed part of :meth:`score` (``+`` for :attr:`player`, ``-`` for an
        opponent) for a player still in the game."""
        v = self.life_value(life) + self.poison_value(poison)
        return v if name == self.player else -v

    def commander_score(self, name: str, totals: dict[str, int]) -> int:
        """A player's signed commander-damage part of :meth:`score` (``+`` for
        :attr:`player`, ``-`` for an opponent): :meth:`commander_value` of each commander's
        total (``totals``: commander id -> combat damage it has dealt them, 903.10a)."""
        v = sum(self.commander_value(n) for n in totals.values())
        return v if name == self.player else -v

    def permanent_score(self, pid: str, state: Any = None) -> int:
        """A creature's, planeswalker's or battle's signed part of :meth:`score` (0 when it
        has left the battlefield or is none of these)."""
        if state is not None and not state.on_battlefield(pid):
            return 0
        perm = self.board.permanents[pid]
        board = self.board
        if perm.is_creature:
            if state is not None:
                power, toughness = state.power(board, pid), state.toughness(board, pid)
            else:
                power, toughness = perm.power or 0, perm.toughness or 0
            v = self.creature_value(pid, power, toughness)
            owner = perm.controller
        elif perm.is_a("Planeswalker"):
            loyalty = state.loyalty.get(pid, perm.loyalty or 0) if state is not None else (perm.loyalty or 0)
            v = self.planeswalker_value(loyalty)
            owner = perm.controller
        elif perm.is_a("Battle"):
            defense = state.defense.get(pid, perm.defense or 0) if state is not None else (perm.defense or 0)
            v = self.battle_value(defense)
            owner = perm.protector or perm.controller
        else:
            return 0
        return v if owner == self.player else -v
