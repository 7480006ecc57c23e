#!/usr/bin/env python3
"""Arena: redzone's combat AI against phase.rs's AI and a greedy baseline, with phase as the
referee (see benchmarks/README.md, section "Arena").

Run from the repository root (``pip install -e '.[peers]'``)::

    python -m benchmarks.arena --opponent phase --games 200 --seed 1
    python -m benchmarks.arena --opponent greedy --games 200 --seed 1 --json
    python -m benchmarks.arena --opponent phase --phase-ai Medium --games 100 --seed 1
    python -m benchmarks.arena --opponent greedy --redzone greedy --games 20 --seed 1  # any pairing
    python -m benchmarks.arena --opponent greedy --games 1000 --seed 1 --jobs 2  # two processes
    python -m benchmarks.arena merge part1.json part2.json  # parts split by --first-position
    python -m benchmarks.arena draws ours.json reference.json  # draws a reference also drew
    python -m benchmarks.arena --opponent phase --positions balanced --games 400 --seed 1
    python -m benchmarks.arena --opponent greedy --positions mirror --games 400 --seed 1
    python -m benchmarks.arena --opponent phase --style pressure --positions balanced --games 400
    python -m benchmarks.arena --opponent redzone --style pressure --opponent-style exact --positions mirror --games 400
    python -m benchmarks.arena --opponent phase --positions mirror --seed 2 --pressure stall_margin=5,max_lines=128  # tuning

Positions (``--positions``):

- ``random`` (the default, :func:`random_position`): two sides of 2-6 creatures drawn
  from :data:`POOL` (86 real creature cards whose only rules text is combat keywords both
  engines implement: flying, reach, menace, trample, deathtouch, first strike, double
  strike, lifelink, vigilance, defender, haste; or none), life 5-20 each, no cards in
  hand, libraries of 20 basic lands. One side is often simply ahead: the position
  decides many games.
- ``mirror`` (:func:`mirror_position`): one side drawn as above, both seats get the same
  creatures and the same life; only the first turn tells them apart.
- ``balanced`` (:func:`balanced_positions`): random positions kept only when the greedy
  baseline playing both sides does not win for the same side from both seats (the side
  drawn for seat 0 plays once as seat 0 and once as seat 1, to the same turn cap as the
  match): positions a simple policy does not already decide.
- ``fixed`` (:data:`FIXED`): the positions of issue 22 where staying home is wrong, in
  turn (each with its own game seed).

Every position is played twice, seats swapped: redzone is seat 0 (the first active player)
in one game and seat 1 in the other, so ``--games`` must be even. The two games of a
position share the position, so they are not independent observations (see Output).

phase is the referee: it applies every declaration (an illegal one raises ``ValueError``;
it is counted against the policy and replaced by an empty declaration, or phase's first
offered damage assignment) and resolves combat, state-based actions and turns. Nobody casts
spells; every priority is passed, any other prompt is answered by phase's Medium AI. A game
ends when a player loses (phase's ``GameOver``) or, as a draw, when the turn cap
(``--turns``: 15 for ``random`` positions, 40 for the others; the cap-th turn of the game,
both players' turns counted) has ended without a loser.

Policies (``--opponent`` / ``--redzone``):

- ``redzone``: :class:`redzone.solver.bridges.phase.RedzoneBrain` with the AI of
  ``redzone.solver.ai.decisions`` (choose-attack, lookahead 1; choose-blocks) and
  ``plan_damage_step`` (objective ``max-player-damage``) at damage prompts;
  ``--style`` (the first policy) and ``--opponent-style`` choose its choose-attack style
  (``exact`` or ``pressure``, docs/ai.md "Styles"; default: redzone's default), and the
  policy is then named ``redzone-<style>`` (so that redzone can play itself);
  ``--pressure name=value,...`` sets the first policy's ``pressure`` weights that differ
  from the defaults (:class:`redzone.models.game_terms.PressureWeights`; for tuning on
  training seeds, docs/ai.md "Styles"), echoed as ``pressure`` in the JSON;
- ``phase``: phase's own AI. ``--phase-ai combat`` uses ``Game.choose_attackers`` /
  ``Game.choose_blockers`` (and ``choose_action`` at Medium for damage);
  ``--phase-ai Medium|Hard|VeryHard`` uses ``Game.choose_action`` at that difficulty at
  every prompt (default ``Hard``);
- ``greedy`` (:class:`Greedy`): attacks with each creature no untapped opposing creature
  can block and kill without dying; blocks when a blocker kills its attacker and survives,
  and chump-blocks (biggest attackers first) only when the unblocked damage would be
  lethal; takes phase's first offered damage assignment.

Output: per pairing games, wins/draws/losses (redzone's side), score (win 1, draw 0.5),
draw rate, mean game length in turns (all games and decided games), two 95% confidence
intervals of the score — ``ci95_positions``, over positions: each position's mean score
(the mean of its two seat-swapped games) is one observation, interval = mean +- 1.96
standard errors of those means (the cluster-robust interval; it is the one to quote), and
``ci95``, over games as if independent (kept for comparison with older figures; too narrow
when a position's two games agree more often than chance, too wide when they split) —, the
share of attack prompts each policy answered with at least one attacker (``attack_rate``),
declarations the referee rejected per policy, mean and 95th-percentile decision time (wall and CPU) per
policy and prompt, and the positions by their pair of results (``positions``: both games
won, both lost, each policy won as the same seat — the position decided —, or a draw in
either). ``--jobs N`` plays positions in N worker processes (positions are drawn in the
parent from ``--seed``, results merged in order: the same games as ``--jobs 1``).
``--json`` prints one object: ``games``, ``score``, ``wins``, ``draws``, ``losses``,
``illegal`` (redzone's), ``ci95`` ([low, high]) plus ``ci95_positions``, ``draw_rate``,
``mean_turns``, ``mean_turns_decided``, ``attack_rate``, ``pairs`` (each position's two
results), ``positions_kind``, ``turns``, ``opponent_illegal``, ``times``, ``pairing`` and
``machine``; for ``balanced``, ``positions_tried`` (candidates drawn to keep the
positions).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pragma: no cover - run as a script
    sys.path.insert(0, str(ROOT))

from redzone.solver.bridges import phase as pb  # noqa: E402

POOL: tuple[str, ...] = (
    # vanilla
    "Axegrinder Giant", "Canal Monitor", "Catacomb Crocodile", "Douser of Lights",
    "Great Hart", "Kindercatch", "Leopard-Spotted Jiao", "Lowland Giant", "Nyxborn Brute",
    "Renegade Demon", "Scarwood Goblins", "Shrine Keeper", "Witch's Familiar", "Grizzly Bears",
    # flying
    "Azure Drake", "Bird Maiden", "Concordia Pegasus", "Goliath Sphinx", "Mahamoti Djinn",
    "Scryb Sprites", "Silent Observer", "Willow Faerie",
    # trample
    "Goblin Deathraiders", "Havoc Devils", "Hippo-Cows", "Moss Kami", "Stampeding Rhino",
    # reach
    "Alaborn Musketeer", "Cloudcrown Oak", "Keen-Eyed Archers", "Skyraker Giant",
    # vigilance
    "Alaborn Grenadier", "Alpine Watchdog", "Greenwood Sentinel", "Veteran Cavalier",
    # haste
    "Brazen Scourge", "Hulking Bugbear", "Spike Jester", "Thundering Giant",
    # deathtouch
    "Ankle Biter", "Giant Scorpion", "Kraul Stinger", "Vampire Champion",
    # lifelink
    "Ajani's Sunstriker", "Bishop's Soldier", "Caravan Hurda", "Golden-Tail Disciple",
    # flying, vigilance
    "Abbey Griffin", "Bay Falcon", "Serra Angel",
    # defender
    "Golgari Death Swarm", "Moat Piranhas", "Wall of Heat", "Wall of Mist",
    # first strike
    "Deer-Dog", "Hornet Cobra", "Porcelain Legionnaire", "Warclamp Mastiff",
    # first strike, flying
    "Cloud Crusader", "Thunder Spirit",
    # menace
    "Deranged Whelp", "Goblin Trailblazer", "Ripscale Predator", "Wayward Giant",
    # double strike
    "Kithkin Billyrider", "Ridgetop Raptor", "Twinscroll Shaman", "Two-Headed Cerberus",
    # two keywords
    "Sewn-Eye Drake", "Skyknight Legionnaire", "Healer's Hawk", "Sungrace Pegasus",
    "Wall of Air", "Deathgaze Cockatrice", "Tidehollow Strix", "Deadly Recluse",
    "Thornweald Archer", "Elfhame Wurm", "Vampire of the Dire Moon", "Skyhunter Skirmisher",
    "Brightblade Stoat", "Wind Spirit", "Gerrard's Irregulars", "Wall of Vines",
    "Kederekt Creeper", "Vampire Nighthawk",
)
"""Real creature cards whose only rules text is combat keywords both engines implement
(checked by tests/test_phase_bridge.py: redzone parses every line, phase shows the same
keywords). Facts (names, P/T, keywords) from the bundled card data."""

EXTRA_CARDS: tuple[str, ...] = ("Fire Elemental", "Siege Mastodon", "Child of Night", "Sentinel Spider")
"""Cards of the :data:`FIXED` positions that are not in :data:`POOL`, under the same rule
(only keywords both engines implement: Fire Elemental 5/4 and Siege Mastodon 3/5 vanilla,
Child of Night 2/1 lifelink, Sentinel Spider 4/4 vigilance and reach; checked by
tests/test_arena_positions.py). Not drawn for random positions, so the positions of a seed
stay what they were."""

TURN_LIMIT = 15
"""A game of ``random`` positions still going when turn 15 (both players' turns counted)
ends is a draw."""

LONG_TURN_LIMIT = 40
"""The turn cap of the other position kinds (issue 22: games to turn 40)."""

POSITION_KINDS = ("random", "mirror", "balanced", "fixed")

LANDS = ("Plains", "Island")


def random_position(rng: random.Random) -> tuple[pb.Side, pb.Side]:
    """Two sides: 2-6 creatures each from :data:`POOL` (with repeats), life 5-20, untapped,
    not summoning sick, no damage or counters; seat 0's library of Plains, seat 1's of
    Islands."""
    sides = []
    for seat in range(2):
        creatures = [rng.choice(POOL) for _ in range(rng.randint(2, 6))]
        sides.append(pb.Side(creatures, life=rng.randint(5, 20), land=LANDS[seat]))
    return sides[0], sides[1]


def mirror_position(rng: random.Random) -> tuple[pb.Side, pb.Side]:
    """Two sides with the same 2-6 creatures from :data:`POOL` (with repeats) and the same
    life, 5-20; otherwise as :func:`random_position`. Only the turn order differs."""
    creatures = [rng.choice(POOL) for _ in range(rng.randint(2, 6))]
    life = rng.randint(5, 20)
    return pb.Side(creatures, life=life, land=LANDS[0]), pb.Side(creatures, life=life, land=LANDS[1])


def swapped(sides: tuple[pb.Side, pb.Side]) -> tuple[pb.Side, pb.Side]:
    """The same two sides in the other seats (each library keeps its seat's basic land)."""
    first, second = sides
    return (dataclasses.replace(second, land=LANDS[0]), dataclasses.replace(first, land=LANDS[1]))


FIXED: dict[str, tuple[pb.Side, pb.Side]] = {
    # Ann (seat 0, 17 life): Fire Elemental 5/4 and Siege Mastodon 3/5; Bo (15): Child of
    # Night 2/1 lifelink and Siege Mastodon. Either of Bo's creatures blocking the Elemental
    # alone dies and the Elemental lives (5 damage kills a toughness 1 or 5; 2 or 3 back is
    # less than 4: CR 510.1, 704.5g); only both together kill it (2 + 3 = 5 >= 4), and Ann
    # then puts all 5 on the Mastodon, so Bo loses his Mastodon too.
    "elemental": (pb.Side(["Fire Elemental", "Siege Mastodon"], life=17, land=LANDS[0]),
                  pb.Side(["Child of Night", "Siege Mastodon"], life=15, land=LANDS[1])),
    # Ann (seat 0, 14): Ridgetop Raptor 2/1 double strike, Siege Mastodon 3/5, Sentinel
    # Spider 4/4 vigilance reach; Bo (14): the same without the Mastodon.
    "raptor": (pb.Side(["Ridgetop Raptor", "Siege Mastodon", "Sentinel Spider"], life=14, land=LANDS[0]),
               pb.Side(["Ridgetop Raptor", "Sentinel Spider"], life=14, land=LANDS[1])),
}
"""Issue 22's positions where staying home is wrong (the active player, seat 0, should
attack): tests/test_arena_positions.py records redzone's choice on each today."""


def engine() -> Any:
    """The phase engine knowing :data:`POOL`, :data:`EXTRA_CARDS` and the basic lands
    (cached)."""
    return pb.make_engine(POOL + EXTRA_CARDS)


# ----------------------------------------------------------------------- policies


class Policy:
    """A combat policy: answers phase's ``DeclareAttackers``, ``DeclareBlockers`` and
    ``AssignCombatDamage`` prompts with an action (a tagged dict or a ``GameAction``)."""

    name = "policy"

    def act(self, game: Any, seat: int, prompt: Mapping[str, Any]) -> Any:
        raise NotImplementedError


class RedzonePolicy(Policy):
    """redzone's AI through :class:`RedzoneBrain` (choose-attack lookahead 1,
    choose-blocks, max-player-damage damage plans)."""

    name = "redzone"

    def __init__(self, time_limit: float | None = None, brain: pb.RedzoneBrain | None = None,
                 style: str | None = None, pressure: Mapping[str, float] | None = None) -> None:
        weights = None
        if pressure:
            from redzone.models.game_terms import PressureWeights

            weights = PressureWeights(**pressure)  # type: ignore[arg-type]
        self.brain = brain or pb.RedzoneBrain(time_limit=time_limit, style=style, pressure=weights)
        if style is not None:
            self.name = f"redzone-{style}"

    def act(self, game: Any, seat: int, prompt: Mapping[str, Any]) -> Any:
        return self.brain.decide(game, prompt)


class PhaseAI(Policy):
    """phase's AI: ``mode`` ``"combat"`` (``choose_attackers`` / ``choose_blockers``) or a
    ``choose_action`` difficulty (``"Medium"``, ``"Hard"``, ``"VeryHard"``)."""

    def __init__(self, mode: str = "Hard") -> None:
        self.mode = mode
        self.name = f"phase-{mode}"

    def act(self, game: Any, seat: int, prompt: Mapping[str, Any]) -> Any:
        kind = prompt["type"]
        if self.mode == "combat" and kind == "DeclareAttackers":
            target = {"type": "Player", "data": 1 - seat}
            return {"type": "DeclareAttackers",
                    "data": {"attacks": [[a, target] for a in game.choose_attackers(seat)], "bands": []}}
        if self.mode == "combat" and kind == "DeclareBlockers":
            return {"type": "DeclareBlockers",
                    "data": {"assignments": [[b, a] for b, a in game.choose_blockers(seat)]}}
        difficulty = "Medium" if self.mode == "combat" else self.mode
        action = game.choose_action(seat, difficulty=difficulty)
        return action if action is not None else game.actions()[0]


def _can_block(board: Any, blocker: Any, attacker: Any) -> bool:
    """Evasion only (CR 702.9b flying/reach); the referee judges the rest."""
    if board.has_keyword(attacker, "flying"):
        return board.has_keyword(blocker, "flying") or board.has_keyword(blocker, "reach")
    return True


def _strikes_first(board: Any, c: Any) -> bool:
    return board.has_keyword(c, "first strike") or board.has_keyword(c, "double strike")


def _kills(board: Any, source: Any, victim: Any) -> bool:
    """Whether ``source``'s combat damage alone destroys ``victim`` (CR 704.5g-h)."""
    power = source.power or 0
    if power <= 0:
        return False
    if board.has_keyword(source, "deathtouch"):
        return True
    mult = 2 if board.has_keyword(source, "double strike") else 1
    return power * mult >= (victim.toughness or 0) - victim.damage


def _wins_fight(board: Any, blocker: Any, attacker: Any) -> bool:
    """Whether ``blocker`` blocking ``attacker`` alone kills it and survives."""
    if not _kills(board, blocker, attacker):
        return False
    if not _kills(board, attacker, blocker):
        return True
    # Both lethal: the blocker survives only if it strikes first and the attacker doesn't.
    return _strikes_first(board, blocker) and not _strikes_first(board, attacker)


class Greedy(Policy):
    """The greedy baseline (module docstring); reads the position through the bridge."""

    name = "greedy"

    def act(self, game: Any, seat: int, prompt: Mapping[str, Any]) -> Any:
        kind = prompt["type"]
        data = prompt["data"]
        if kind == "AssignCombatDamage":
            return game.actions()[0]
        board = pb.board_from_state(game.state())
        me = pb.seat_name(seat)
        if kind == "DeclareAttackers":
            foes = [c for c in board.creatures() if c.controller != me and not c.tapped]
            attack = {}
            for oid in data["valid_attacker_ids"]:
                a = board.permanents[pb.permanent_id(oid)]
                if any(_can_block(board, b, a) and _wins_fight(board, b, a) for b in foes):
                    continue
                attack[a.id] = pb.seat_name(1 - seat)
            return pb.attack_action(attack)
        targets = {int(b): [int(a) for a in attacked] for b, attacked in data["valid_block_targets"].items()}
        attackers = {pb.permanent_id(a) for ats in targets.values() for a in ats}
        blocks: dict[str, list[str]] = {}
        used: set[str] = set()
        for b_oid, ats in sorted(targets.items()):
            b = board.permanents[pb.permanent_id(b_oid)]
            for a_oid in ats:
                a = board.permanents[pb.permanent_id(a_oid)]
                if a.id in {x for v in blocks.values() for x in v} or board.has_keyword(a, "menace"):
                    continue
                if _wins_fight(board, b, a):
                    blocks[b.id] = [a.id]
                    used.add(b.id)
                    break
        blocked = {x for v in blocks.values() for x in v}

        def incoming() -> int:
            total = 0
            for aid in attackers - blocked:
                a = board.permanents[aid]
                total += (a.power or 0) * (2 if board.has_keyword(a, "double strike") else 1)
            return total

        life = board.player(me).life
        by_power = sorted(attackers - blocked, key=lambda x: -(board.permanents[x].power or 0))
        for aid in by_power:
            if incoming() < life:
                break
            a = board.permanents[aid]
            if board.has_keyword(a, "menace"):
                continue
            free = [b for b, ats in targets.items() if pb.permanent_id(b) not in used
                    and object_id_in(aid, ats)]
            if free:
                bid = pb.permanent_id(min(free, key=lambda b: board.permanents[pb.permanent_id(b)].power or 0))
                blocks[bid] = [aid]
                used.add(bid)
                blocked.add(aid)
        return pb.block_action(blocks)


def object_id_in(perm_id: str, object_ids: Sequence[int]) -> bool:
    return pb.object_id(perm_id) in object_ids


def make_policy(name: str, phase_ai: str = "Hard", time_limit: float | None = None,
                style: str | None = None, pressure: Mapping[str, float] | None = None) -> Policy:
    """The policy called ``name`` (``redzone``, ``phase``, ``greedy``); ``style``: redzone's
    ``choose-attack`` style (``exact``, ``pressure``; ``None``: the default, issue 22);
    ``pressure``: the ``pressure`` style's weights that differ from the defaults
    (:class:`redzone.models.game_terms.PressureWeights` fields)."""
    if name == "redzone":
        return RedzonePolicy(time_limit=time_limit, style=style, pressure=pressure)
    if name == "phase":
        return PhaseAI(phase_ai)
    if name == "greedy":
        return Greedy()
    raise ValueError(f"unknown policy {name!r} (expected redzone, phase or greedy)")


# ------------------------------------------------------------------------- games


@dataclass
class GameRecord:
    """One game: ``winner`` seat (``None``: draw), ``turns``, ``illegal`` per seat (rejected
    declarations), ``times`` per seat: prompt kind -> decision times as (wall, CPU)
    seconds, ``rejected``: the referee's reasons, ``attacks`` per seat: [attack prompts,
    those answered with at least one attacker]."""

    winner: int | None
    turns: int
    illegal: list[int]
    times: list[dict[str, list[tuple[float, float]]]]
    rejected: list[str] = field(default_factory=list)
    attacks: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])


def _declares_attack(action: Any) -> bool:
    """Whether an attack action (a tagged dict or phase's ``GameAction``) names an attacker."""
    data = action.get("data") if isinstance(action, Mapping) else getattr(action, "data", None)
    return bool(data and data.get("attacks"))


def _fallback(game: Any, prompt: Mapping[str, Any]) -> Any:
    kind = prompt["type"]
    if kind == "DeclareAttackers":
        return {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}}
    if kind == "DeclareBlockers":
        return {"type": "DeclareBlockers", "data": {"assignments": []}}
    return game.actions()[0]


def play_game(eng: Any, sides: tuple[pb.Side, pb.Side], policies: Sequence[Policy], *,
              seed: int = 0, turn_limit: int = TURN_LIMIT) -> GameRecord:
    """Play one game of ``sides`` (seat 0 first) with ``policies[seat]`` deciding combat;
    phase referees. See the module docstring for the rules of the arena."""
    game = pb.set_up(eng, sides, seed=seed)
    illegal = [0, 0]
    times: list[dict[str, list[tuple[float, float]]]] = [{}, {}]
    rejected: list[str] = []
    attacks = [[0, 0], [0, 0]]
    filler = PhaseAI("Medium")
    for _ in range(20_000):
        prompt = game.waiting_for()
        kind = prompt["type"]
        if kind == "GameOver":
            return GameRecord(prompt["data"].get("winner"), game.turn, illegal, times, rejected, attacks)
        if game.turn > turn_limit:
            return GameRecord(None, turn_limit, illegal, times, rejected, attacks)
        if kind == "Priority":
            game.apply(prompt["data"]["player"], {"type": "PassPriority"})
            continue
        seat = prompt["data"].get("player", 0)
        if kind in pb.COMBAT_PROMPTS:
            t0, c0 = time.perf_counter(), time.process_time()
            action = policies[seat].act(game, seat, prompt)
            times[seat].setdefault(kind, []).append((time.perf_counter() - t0, time.process_time() - c0))
            if kind == "DeclareAttackers":
                attacks[seat][0] += 1
                attacks[seat][1] += _declares_attack(action)
            try:
                game.apply(seat, action)
            except ValueError as exc:
                illegal[seat] += 1
                rejected.append(f"{policies[seat].name} {kind}: {exc}")
                game.apply(seat, _fallback(game, prompt))
            continue
        game.apply(seat, filler.act(game, seat, prompt))
    raise RuntimeError("game did not end after 20000 actions")


# ----------------------------------------------------------------------- matches


@dataclass
class Match:
    """A pairing's results from redzone's side (``us`` is the first policy)."""

    us: str
    them: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    illegal: int = 0
    opponent_illegal: int = 0
    turns: list[int] = field(default_factory=list)
    times: dict[str, dict[str, list[tuple[float, float]]]] = field(default_factory=dict)
    rejected: list[str] = field(default_factory=list)
    pairs: list[tuple[float, float]] = field(default_factory=list)
    cpu_s: float = 0.0
    attack_prompts: dict[str, list[int]] = field(default_factory=dict)
    decided_turns: list[int] = field(default_factory=list)
    kind: str = "random"
    turn_cap: int = TURN_LIMIT
    tried: int | None = None
    memo_hits: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per redzone policy (``--jobs 1`` only): its prompts answered from its brain's memo,
    by prompt type (:attr:`redzone.solver.bridges.phase.RedzoneBrain.memo_hits`)."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """95% confidence interval of the score: mean +- 1.96 standard errors of the
        per-game scores (1, 0.5, 0), clipped to [0, 1]."""
        n = self.games
        if n < 2:
            return (0.0, 1.0)
        values = [1.0] * self.wins + [0.5] * self.draws + [0.0] * self.losses
        half = 1.96 * statistics.stdev(values) / math.sqrt(n)
        return (max(0.0, self.score - half), min(1.0, self.score + half))

    @property
    def ci95_positions(self) -> tuple[float, float]:
        """95% confidence interval of the score over positions (:func:`position_interval`
        of :attr:`pairs`)."""
        return position_interval(self.pairs)

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    def attack_rate(self) -> dict[str, dict[str, float]]:
        """Per policy: attack prompts, and the share answered with at least one attacker."""
        return {name: {"prompts": n, "rate": round(k / n, 4) if n else 0.0}
                for name, (n, k) in self.attack_prompts.items()}

    def add(self, record: GameRecord, our_seat: int, names: Sequence[str]) -> None:
        if record.winner is None:
            self.draws += 1
        elif record.winner == our_seat:
            self.wins += 1
        else:
            self.losses += 1
        self.illegal += record.illegal[our_seat]
        self.opponent_illegal += record.illegal[1 - our_seat]
        self.turns.append(record.turns)
        if record.winner is not None:
            self.decided_turns.append(record.turns)
        for seat in (0, 1):
            counts = self.attack_prompts.setdefault(names[seat], [0, 0])
            counts[0] += record.attacks[seat][0]
            counts[1] += record.attacks[seat][1]
            mine = self.times.setdefault(names[seat], {})
            for kind, ts in record.times[seat].items():
                mine.setdefault(kind, []).extend(ts)
        self.rejected.extend(record.rejected)

    def add_position(self, index: int, played: Sequence[tuple[GameRecord, int, Sequence[str]]],
                     cpu_s: float) -> None:
        """Both games of position ``index`` (as from :func:`play_position`), played in
        ``cpu_s`` seconds of CPU."""
        results = []
        for record, our_seat, names in played:
            self.add(record, our_seat, names)
            results.append(0.5 if record.winner is None else float(record.winner == our_seat))
        self.pairs.append((results[0], results[1]))
        self.cpu_s += cpu_s

    def paired(self) -> dict[str, int]:
        """Positions by the pair of results (first policy as seat 0, then as seat 1):
        ``both_won``, ``both_lost``, ``seat_decided`` (each side won as the same seat: the
        position, not the policy, decided), ``split_other`` (the rest: draws in either game)."""
        out = {"both_won": 0, "both_lost": 0, "seat_decided": 0, "split_other": 0}
        for first, second in self.pairs:
            if first == second == 1.0:
                out["both_won"] += 1
            elif first == second == 0.0:
                out["both_lost"] += 1
            elif {first, second} == {0.0, 1.0}:
                out["seat_decided"] += 1
            else:
                out["split_other"] += 1
        return out

    def timing(self) -> dict[str, dict[str, dict[str, float]]]:
        """Per policy and prompt kind (and ``all``): decisions, mean and 95th percentile of
        the wall and CPU time per decision in ms (CPU: ``time.process_time``, which on a
        loaded machine is the steadier figure)."""
        out: dict[str, dict[str, dict[str, float]]] = {}
        for name, kinds in self.times.items():
            every = [t for ts in kinds.values() for t in ts]
            rows = {**kinds, "all": every}
            out[name] = {k: {"n": len(ts),
                             "mean_ms": round(1000 * statistics.fmean(t[0] for t in ts), 2),
                             "p95_ms": round(1000 * _p95([t[0] for t in ts]), 2),
                             "cpu_mean_ms": round(1000 * statistics.fmean(t[1] for t in ts), 2),
                             "cpu_p95_ms": round(1000 * _p95([t[1] for t in ts]), 2)}
                         for k, ts in rows.items() if ts}
        return out

    def to_json(self) -> dict[str, Any]:
        low, high = self.ci95
        plow, phigh = self.ci95_positions
        out = {"games": self.games, "score": round(self.score, 4), "wins": self.wins,
               "draws": self.draws, "losses": self.losses, "illegal": self.illegal,
               "ci95": [round(low, 4), round(high, 4)],
               "ci95_positions": [round(plow, 4), round(phigh, 4)],
               "draw_rate": round(self.draw_rate, 4), "opponent_illegal": self.opponent_illegal,
               "pairing": f"{self.us} vs {self.them}",
               "positions_kind": self.kind, "turns": self.turn_cap,
               "mean_turns": round(statistics.fmean(self.turns), 2) if self.turns else None,
               "mean_turns_decided": (round(statistics.fmean(self.decided_turns), 2)
                                      if self.decided_turns else None),
               "attack_rate": self.attack_rate(),
               "positions": self.paired(), "pairs": [list(p) for p in self.pairs],
               "cpu_s_games": round(self.cpu_s, 1),
               "times": self.timing(), "rejected": self.rejected[:20]}
        if self.tried is not None:
            out["positions_tried"] = self.tried
        if self.memo_hits:
            out["memo_hits"] = self.memo_hits
        return out


def position_interval(pairs: Sequence[Sequence[float]]) -> tuple[float, float]:
    """95% confidence interval of a match's score from its positions' results (``pairs``:
    each position's game scores, 1 / 0.5 / 0): each position's mean score is one
    observation (its two seat-swapped games share the position, so they are not
    independent), interval = mean +- 1.96 sample standard deviations of the position means /
    sqrt(positions), clipped to [0, 1] — the cluster-robust normal approximation. ``(0, 1)``
    with fewer than two positions. With few positions it is optimistic (Student's t with 19
    degrees of freedom is 2.09, not 1.96), and when every position scored the same it has
    width 0."""
    means = [statistics.fmean(p) for p in pairs]
    if len(means) < 2:
        return (0.0, 1.0)
    mean = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means))
    return (max(0.0, mean - half), min(1.0, mean + half))


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def positions(games: int, seed: int, kind: str = "random", *, turns: int | None = None,
              eng: Any = None) -> list[tuple[tuple[pb.Side, pb.Side], int]]:
    """The ``games // 2`` positions of a match from ``seed``: (sides, phase's game seed) each,
    drawn in order from one ``random.Random(seed)`` (so a run with ``--jobs N`` plays the same
    games as one with ``--jobs 1``). ``kind``: one of :data:`POSITION_KINDS` (module
    docstring); ``balanced`` plays greedy against greedy to ``turns`` (default
    :data:`LONG_TURN_LIMIT`) in ``eng`` (default :func:`engine`) to choose them
    (:func:`balanced_positions`).

    Raises ``ValueError`` when ``games`` is odd (each position is played twice, seats
    swapped) or ``kind`` is unknown.
    """
    return deal(games, seed, kind, turns=turns, eng=eng)[0]


def deal(games: int, seed: int, kind: str = "random", *, turns: int | None = None,
         eng: Any = None) -> tuple[list[tuple[tuple[pb.Side, pb.Side], int]], int | None]:
    """:func:`positions`, and for ``balanced`` how many candidates were drawn (else ``None``)."""
    if games % 2:
        raise ValueError("games must be even: each position is played twice, seats swapped")
    if kind not in POSITION_KINDS:
        raise ValueError(f"unknown positions {kind!r} (expected one of {', '.join(POSITION_KINDS)})")
    count = games // 2
    rng = random.Random(seed)
    if kind == "balanced":
        return balanced_positions(count, seed, turns=LONG_TURN_LIMIT if turns is None else turns, eng=eng)
    out = []
    fixed = list(FIXED.values())
    for i in range(count):
        if kind == "fixed":
            sides = fixed[i % len(fixed)]
        else:
            sides = random_position(rng) if kind == "random" else mirror_position(rng)
        out.append((sides, rng.randrange(2**31)))
    return out, None


def _side_json(side: pb.Side) -> dict[str, Any]:
    return {"creatures": [c if isinstance(c, str) else c.name for c in side.creatures],
            "life": side.life, "poison": side.poison, "land": side.land, "library": side.library}


def deal_cached(path: str | Path, games: int, seed: int, kind: str = "random", *,
                turns: int | None = None, eng: Any = None
                ) -> tuple[list[tuple[tuple[pb.Side, pb.Side], int]], int | None]:
    """:func:`deal`, read from the JSON file ``path`` when it holds at least ``games // 2``
    positions of the same ``seed``, ``kind`` and turn cap (a seed's positions are dealt in
    order, so a longer list's first ones are the same positions), else dealt and written
    there: ``balanced`` positions cost two greedy games per candidate (about 13 candidates
    a position), paid once for all the runs of a seed. The file: ``seed``, ``kind``,
    ``turns``, ``positions`` ([sides as dicts, game seed, candidates drawn so far] each)."""
    count = games // 2
    cap = turn_cap(kind, turns)
    file = Path(path)
    if file.exists():
        data = json.loads(file.read_text())
        if (data.get("seed"), data.get("kind"), data.get("turns")) == (seed, kind, cap) \
                and len(data["positions"]) >= count:
            out = [((pb.Side(**a), pb.Side(**b)), game_seed) for (a, b), game_seed, _ in data["positions"][:count]]
            tried = data["positions"][count - 1][2] if count and kind == "balanced" else None
            return out, tried
    dealt, tried = deal(games, seed, kind, turns=cap, eng=eng)
    # Candidates drawn up to each kept position (balanced): the count of a shorter deal.
    upto: list[int | None] = [None] * len(dealt)
    if kind == "balanced" and dealt:
        upto = [_tried_upto(seed, dealt, tried)[i] for i in range(len(dealt))]
    file.write_text(json.dumps({"seed": seed, "kind": kind, "turns": cap, "positions": [
        [[_side_json(a), _side_json(b)], game_seed, n] for ((a, b), game_seed), n in zip(dealt, upto)]}))
    return dealt, tried


def _tried_upto(seed: int, dealt: Sequence[tuple[tuple[pb.Side, pb.Side], int]], tried: int | None) -> list[int]:
    """For balanced positions dealt from ``seed``: how many candidates had been drawn when
    each was kept (replaying the candidates' draws, no games)."""
    rng = random.Random(seed)
    out: list[int] = []
    n = 0
    wanted = [game_seed for _, game_seed in dealt]
    while len(out) < len(wanted) and (tried is None or n < tried):
        random_position(rng)
        game_seed = rng.randrange(2**31)
        n += 1
        if game_seed == wanted[len(out)]:
            out.append(n)
    return out


def decided_by_side(first: int | None, second: int | None) -> bool:
    """Whether the same side won both greedy games of a position: ``first`` is the winner's
    seat (``None``: draw) with the sides as drawn, ``second`` with them swapped, so the side
    drawn for seat 0 won both when (0, 1), the other side when (1, 0)."""
    return (first, second) in ((0, 1), (1, 0))


def balanced_positions(count: int, seed: int, *, turns: int = LONG_TURN_LIMIT, eng: Any = None,
                       limit: int = 100) -> tuple[list[tuple[tuple[pb.Side, pb.Side], int]], int]:
    """``count`` balanced positions from ``seed`` and how many candidates were drawn: each
    candidate is :func:`random_position` with a game seed (drawn in order from one
    ``random.Random(seed)``), played by :class:`Greedy` on both sides to ``turns``, once as
    drawn and once with the sides in the other seats (:func:`swapped`, same game seed); it
    is kept unless the same side won both (:func:`decided_by_side`).

    Raises ``RuntimeError`` when ``limit`` x ``count`` candidates gave too few."""
    eng = eng if eng is not None else engine()
    rng = random.Random(seed)
    greedy = Greedy()
    out: list[tuple[tuple[pb.Side, pb.Side], int]] = []
    tried = 0
    while len(out) < count:
        if tried >= limit * max(count, 1):
            raise RuntimeError(f"only {len(out)} balanced positions in {tried} candidates")
        sides = random_position(rng)
        game_seed = rng.randrange(2**31)
        tried += 1
        first = play_game(eng, sides, [greedy, greedy], seed=game_seed, turn_limit=turns).winner
        second = play_game(eng, swapped(sides), [greedy, greedy], seed=game_seed, turn_limit=turns).winner
        if not decided_by_side(first, second):
            out.append((sides, game_seed))
    return out, tried


def play_position(eng: Any, us: Policy, them: Policy, sides: tuple[pb.Side, pb.Side],
                  game_seed: int, turn_limit: int = TURN_LIMIT) -> list[tuple[GameRecord, int, list[str]]]:
    """Both games of one position: ``us`` as seat 0, then as seat 1, each to ``turn_limit``.
    Gives (record, our seat, policy names by seat) per game."""
    out = []
    for our_seat in (0, 1):
        policies = [us, them] if our_seat == 0 else [them, us]
        record = play_game(eng, sides, policies, seed=game_seed, turn_limit=turn_limit)
        out.append((record, our_seat, [p.name for p in policies]))
    return out


_WORKER: dict[str, Any] = {}


def _worker_init(us: str, them: str, phase_ai: str, time_limit: float | None,
                 styles: tuple[str | None, str | None] = (None, None),
                 pressure: Mapping[str, float] | None = None) -> None:
    """A pool worker's engine and policies, built once per process."""
    _WORKER["eng"] = engine()
    _WORKER["us"] = make_policy(us, phase_ai, time_limit, styles[0], pressure)
    _WORKER["them"] = make_policy(them, phase_ai, time_limit, styles[1])


def _worker_play(job: tuple[int, tuple[pb.Side, pb.Side], int, int]) -> tuple[int, list[tuple[GameRecord, int, list[str]]], float]:
    index, sides, game_seed, turn_limit = job
    cpu0 = time.process_time()
    games = play_position(_WORKER["eng"], _WORKER["us"], _WORKER["them"], sides, game_seed, turn_limit)
    return index, games, time.process_time() - cpu0


def run_match(us: Policy | str, them: Policy | str, games: int, seed: int, *,
              progress: Callable[[int, Match], None] | None = None, jobs: int = 1,
              phase_ai: str = "Hard", time_limit: float | None = None, first: int = 0,
              kind: str = "random", turns: int | None = None,
              styles: tuple[str | None, str | None] = (None, None),
              pressure: Mapping[str, float] | None = None, dealt_file: str | Path | None = None) -> Match:
    """``games`` games (``games // 2`` positions of ``kind`` from ``seed``, each played with
    seats swapped) of ``us`` against ``them`` (policies, or policy names for
    :func:`make_policy`), to ``turns`` (default :data:`TURN_LIMIT` for ``random`` positions,
    :data:`LONG_TURN_LIMIT` for the others).

    ``jobs`` > 1 plays positions in that many worker processes (each builds its own engine
    and policies from the names; ``us``/``them`` must then be names); results are merged in
    position order, so the figures equal a ``jobs=1`` run's (decision times aside).

    ``first`` skips the first ``first`` positions of the seed's sequence (they are still
    drawn, so the rest are the same positions): a long run can be split into parts whose
    counts add up (``merge``).

    ``styles``: the redzone policies' ``choose-attack`` styles (``us``, ``them``; ``None``:
    the default), for policies given by name; ``pressure``: the first policy's ``pressure``
    weights that differ from the defaults (``--pressure``); ``dealt_file``: the positions
    through :func:`deal_cached` (``--dealt``).

    Raises ``ValueError`` when ``games`` is odd, ``kind`` unknown or ``jobs`` > 1 is given
    policy objects.
    """
    cap = turn_cap(kind, turns)
    eng = engine() if jobs <= 1 or kind == "balanced" else None  # workers build their own
    if dealt_file is not None:
        dealt, tried = deal_cached(dealt_file, games, seed, kind, turns=cap, eng=eng)
    else:
        dealt, tried = deal(games, seed, kind, turns=cap, eng=eng)
    todo = dealt[first:]
    us_p = make_policy(us, phase_ai, time_limit, styles[0], pressure) if isinstance(us, str) else us
    them_p = make_policy(them, phase_ai, time_limit, styles[1]) if isinstance(them, str) else them
    match = Match(us_p.name, them_p.name, kind=kind, turn_cap=cap, tried=tried)
    if jobs <= 1:
        for i, (sides, game_seed) in enumerate(todo):  # i counts this run's positions
            cpu0 = time.process_time()
            played = play_position(eng, us_p, them_p, sides, game_seed, cap)
            match.add_position(i, played, time.process_time() - cpu0)
            match.memo_hits = {p.name: dict(p.brain.memo_hits) for p in (us_p, them_p)
                               if isinstance(p, RedzonePolicy) and p.brain.memo_hits}
            if progress is not None:
                progress(2 * (i + 1), match)
        return match
    if not (isinstance(us, str) and isinstance(them, str)):
        raise ValueError("jobs > 1 needs policy names, not policy objects")
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn: phase's engine and ortools are not shared with a forked parent.
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init,
                             initargs=(us, them, phase_ai, time_limit, styles, pressure)) as pool:
        jobs_in = [(i, sides, game_seed, cap) for i, (sides, game_seed) in enumerate(todo)]
        done: dict[int, tuple[list[tuple[GameRecord, int, list[str]]], float]] = {}
        next_index = 0
        for index, played, cpu in pool.map(_worker_play, jobs_in, chunksize=1):
            done[index] = (played, cpu)
            while next_index in done:
                match.add_position(next_index, *done.pop(next_index))
                next_index += 1
                if progress is not None:
                    progress(2 * next_index, match)
    return match


def turn_cap(kind: str, turns: int | None) -> int:
    """The turn cap of a match: ``turns``, or by default :data:`TURN_LIMIT` for ``random``
    positions and :data:`LONG_TURN_LIMIT` for the others."""
    if turns is not None:
        return turns
    return TURN_LIMIT if kind == "random" else LONG_TURN_LIMIT


def seat_wins(pair: Sequence[float]) -> set[int]:
    """The seats that won a game of one position of a match, from its ``pairs`` entry (the
    first policy's result as seat 0, then as seat 1: 1 win, 0.5 draw, 0 loss)."""
    as_first, as_second = pair
    won = set()
    if as_first != 0.5:
        won.add(0 if as_first == 1.0 else 1)
    if as_second != 0.5:
        won.add(1 if as_second == 1.0 else 0)
    return won


def draws_against(ours: Sequence[Sequence[float]], reference: Sequence[Sequence[float]]) -> dict[str, Any]:
    """How many of a match's draws a reference match on the same positions also drew
    (issue 22: are the draws the policy's or the positions'?). ``ours``, ``reference``: the
    ``pairs`` of two ``--json`` runs of the same seed and position kind, position by position
    (e.g. redzone against phase-Hard, and phase-Hard against itself). Gives ``games``,
    ``drawn_games`` and ``drawn_positions`` (ours), ``shared_positions`` (every game of the
    position drawn in both matches) and ``shared_games`` (our drawn games in them),
    ``missed_games`` (our drawn games whose seat won a game of the reference: a policy there
    won from that seat) and ``draw_rate_if_won`` (our draw rate had we won all of those).
    Raises ``ValueError`` when the two have different numbers of positions."""
    if len(ours) != len(reference):
        raise ValueError(f"different numbers of positions ({len(ours)} and {len(reference)})")
    drawn = shared = shared_games = missed = 0
    drawn_positions = 0
    for pair, ref in zip(ours, reference):
        ours_drawn = [seat for seat in (0, 1) if pair[seat] == 0.5]
        drawn += len(ours_drawn)
        drawn_positions += bool(ours_drawn)
        if len(ours_drawn) == 2 and list(ref) == [0.5, 0.5]:
            shared += 1
            shared_games += 2
        won = seat_wins(ref)
        missed += sum(seat in won for seat in ours_drawn)
    games = 2 * len(ours)
    return {"games": games, "drawn_games": drawn, "drawn_positions": drawn_positions,
            "shared_positions": shared, "shared_games": shared_games, "missed_games": missed,
            "draw_rate_if_won": round((drawn - missed) / games, 4) if games else 0.0}


def merge(parts: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One pairing's figures from the ``--json`` objects of runs split with
    ``--first-position`` (same seed, disjoint positions): counts and position pairs added,
    score and its 95% intervals recomputed (over positions from the parts' ``pairs``, when
    every part has them), mean turns weighted by games. Decision times can't be merged
    exactly (95th percentiles): each part's stay in ``parts``. Raises ``ValueError`` when
    the parts are of different pairings, seeds, position kinds or turn caps."""
    if not parts:
        raise ValueError("nothing to merge")
    keys = {(p["pairing"], p.get("seed"), p.get("positions_kind", "random"), p.get("turns")) for p in parts}
    if len(keys) != 1:
        raise ValueError("the parts are of different pairings, seeds, position kinds or turn caps")
    m = Match(*parts[0]["pairing"].split(" vs ", 1))
    for p in parts:
        m.wins += p["wins"]
        m.draws += p["draws"]
        m.losses += p["losses"]
        m.illegal += p["illegal"]
        m.opponent_illegal += p["opponent_illegal"]
        m.cpu_s += p.get("cpu_s_games", 0.0)
    low, high = m.ci95
    positions_ = {k: sum(p["positions"][k] for p in parts) for k in parts[0]["positions"]}
    turns = sum(p["mean_turns"] * p["games"] for p in parts) / m.games
    out = {"games": m.games, "score": round(m.score, 4), "wins": m.wins, "draws": m.draws,
           "losses": m.losses, "illegal": m.illegal, "ci95": [round(low, 4), round(high, 4)],
           "draw_rate": round(m.draw_rate, 4),
           "opponent_illegal": m.opponent_illegal, "pairing": parts[0]["pairing"],
           "seed": parts[0].get("seed"), "positions_kind": parts[0].get("positions_kind", "random"),
           "turns": parts[0].get("turns"), "mean_turns": round(turns, 2), "positions": positions_,
           "cpu_s_games": round(m.cpu_s, 1),
           "parts": [{k: p.get(k) for k in ("games", "first_position", "score", "times", "machine")}
                     for p in parts]}
    if all("pairs" in p for p in parts):
        pairs = [tuple(x) for p in parts for x in p["pairs"]]
        plow, phigh = position_interval(pairs)
        out["pairs"] = [list(x) for x in pairs]
        out["ci95_positions"] = [round(plow, 4), round(phigh, 4)]
    return out


def machine() -> dict[str, Any]:
    """CPU model and load average at the time of the run."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:  # pragma: no cover - not Linux
        pass
    return {"cpu": model, "cores": os.cpu_count(), "load": [round(x, 2) for x in os.getloadavg()]}


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "merge":
        # python -m benchmarks.arena merge A.json B.json ...: one pairing's parts, one JSON.
        print(json.dumps(merge([json.loads(Path(f).read_text()) for f in argv[1:]])))
        return 0
    if argv and argv[0] == "draws":
        # python -m benchmarks.arena draws OURS.json REFERENCE.json: draws_against of their pairs.
        if len(argv) != 3:
            print("usage: python -m benchmarks.arena draws OURS.json REFERENCE.json", file=sys.stderr)
            return 2
        ours, ref = (json.loads(Path(f).read_text()) for f in argv[1:])
        print(json.dumps(draws_against(ours["pairs"], ref["pairs"])))
        return 0
    parser = argparse.ArgumentParser(prog="python -m benchmarks.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", choices=("phase", "greedy", "redzone"), required=True)
    parser.add_argument("--redzone", choices=("phase", "greedy", "redzone"), default="redzone",
                        help="the first policy (default redzone; others for reference pairings)")
    parser.add_argument("--games", type=int, default=100, help="even number of games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phase-ai", default="Hard", choices=("combat", "Medium", "Hard", "VeryHard"))
    parser.add_argument("--style", default=None, choices=("exact", "pressure"),
                        help="the first policy's choose-attack style when it is redzone (default: redzone's default)")
    parser.add_argument("--opponent-style", default=None, choices=("exact", "pressure"),
                        help="the opponent's choose-attack style when it is redzone")
    parser.add_argument("--pressure", default=None,
                        help="the first policy's pressure weights that differ from the defaults, "
                             "as name=value,... (e.g. margin=3,ratio=6; docs/ai.md \"Styles\")")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per redzone decision")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", default=None, help="append a progress line every 10 games to this file")
    parser.add_argument("--first-position", type=int, default=0,
                        help="skip the seed's first K positions (to split a long run into parts)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes playing positions in parallel (default 1: this process)")
    parser.add_argument("--positions", default="random", choices=POSITION_KINDS,
                        help="random (default), mirror, balanced (not decided by greedy play) or fixed")
    parser.add_argument("--turns", type=int, default=None,
                        help=f"turn cap (default {TURN_LIMIT} for random positions, {LONG_TURN_LIMIT} for the others)")
    parser.add_argument("--dealt", default=None,
                        help="a JSON file of the seed's positions: read when it holds enough of them, "
                             "else dealt and written (balanced positions are dealt once for all runs)")
    args = parser.parse_args(argv)
    if args.turns is not None and args.turns < 1:
        parser.error("--turns must be at least 1")
    if args.games <= 0 or args.games % 2:
        parser.error("--games must be a positive even number")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not 0 <= 2 * args.first_position < args.games:
        parser.error("--first-position must leave positions to play (0 <= 2K < --games)")
    pressure: dict[str, float] = {}
    for item in filter(None, (args.pressure or "").split(",")):
        name, _, value = item.partition("=")
        try:
            pressure[name.strip()] = int(value) if name.strip() in ("max_blocks", "max_lines") else float(value)
        except ValueError:
            parser.error(f"--pressure: {item!r} is not name=number")
    from redzone.models.errors import RedzoneError

    try:
        if pressure:
            from redzone.models.game_terms import PressureWeights

            PressureWeights(**pressure)  # type: ignore[arg-type]
    except (TypeError, ValueError, RedzoneError) as exc:
        parser.error(f"--pressure: {exc}")
    started = time.time()
    cpu0 = time.process_time()

    def progress(done: int, match: Match) -> None:
        if args.log and done % 10 == 0:
            low, high = match.ci95
            plow, phigh = match.ci95_positions
            with open(args.log, "a") as fh:
                fh.write(f"{time.strftime('%H:%M:%S')} {done}/{args.games} W{match.wins} "
                         f"D{match.draws} L{match.losses} score {match.score:.3f} ({low:.3f}-{high:.3f}; "
                         f"positions {plow:.3f}-{phigh:.3f}) "
                         f"illegal {match.illegal}/{match.opponent_illegal} cpu {match.cpu_s:.0f} s\n")
            # The figures so far, complete, in case the run is stopped early.
            Path(args.log + ".json").write_text(json.dumps({**match.to_json(), "seed": args.seed,
                                                             "phase_ai": args.phase_ai, "machine": machine()}))

    match = run_match(args.redzone, args.opponent, args.games, args.seed, progress=progress,
                      jobs=args.jobs, phase_ai=args.phase_ai, time_limit=args.time_limit,
                      first=args.first_position, kind=args.positions, turns=args.turns,
                      styles=(args.style, args.opponent_style), pressure=pressure or None,
                      dealt_file=args.dealt)
    out = match.to_json()
    out.update({"pressure": pressure or None, "first_position": args.first_position, "seed": args.seed, "phase_ai": args.phase_ai, "wall_s": round(time.time() - started, 1),
                "cpu_s": round(time.process_time() - cpu0, 1), "jobs": args.jobs, "machine": machine()})
    if args.json:
        print(json.dumps(out))
    else:
        low, high = match.ci95_positions
        glow, ghigh = match.ci95
        print(f"{out['pairing']}: {match.games} games ({match.kind} positions, turn cap {match.turn_cap}), "
              f"W/D/L {match.wins}/{match.draws}/{match.losses}, "
              f"score {match.score:.3f} (95% CI over positions {low:.3f}-{high:.3f}; over games "
              f"{glow:.3f}-{ghigh:.3f}), draws {100 * match.draw_rate:.0f} %, mean length "
              f"{out['mean_turns']} turns (decided games {out['mean_turns_decided']}), illegal {match.illegal} "
              f"(opponent {match.opponent_illegal}), {out['wall_s']} s wall, {match.cpu_s:.1f} s CPU in games")
        if match.tried is not None:
            print(f"  balanced positions: {args.games // 2} kept of {match.tried} candidates drawn")
        print("  attack rate: " + ", ".join(f"{name} {100 * a['rate']:.0f} % of {a['prompts']} prompts"
                                            for name, a in out["attack_rate"].items()))
        p = out["positions"]
        print(f"  positions: both won {p['both_won']}, both lost {p['both_lost']}, each won as the same "
              f"seat {p['seat_decided']}, other splits (draws) {p['split_other']}")
        for name, kinds in out["times"].items():
            for kind, t in kinds.items():
                print(f"  {name:14s} {kind:18s} n={t['n']:5d} wall mean {t['mean_ms']:8.2f} ms p95 "
                      f"{t['p95_ms']:8.2f} ms; CPU mean {t['cpu_mean_ms']:8.2f} ms p95 {t['cpu_p95_ms']:8.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
