"""The AI's combat damage games (issue 9): a combat split into independent *units*
(attackers and the creatures blocking them, CR 506.4, 509.1), each unit's damage steps
played as a small game tree (510.1-4; dealt by :mod:`redzone.models.outcome`), the life paid
for costs as one more fixed leaf (107.4f, 119.4), and the units' results added up.

Owns :class:`UnitGames`: the units, their damage games (re-layered where a lord may leave,
611.3a, 613; shared between the question's games through :class:`Shared`), the merged
leaf of unblockable attackers, payments and the combined state.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, cast

from redzone.models import attack_problem as ap_mod
from redzone.models import block_problem as bp_mod
from redzone.models.abilities import (
    AssignsToughness,
    DamageCantBePrevented,
    DamageModifier,
    Grant,
    LifeFloor,
    PreventDamage,
    PreventDamageToPlayer,
    RedirectDamage,
)
from redzone.models.board import Board
from redzone.models.damage_problem import damage_violations
from redzone.models.damage_rules import damage_problem
from redzone.models.leaving import losers_leave
from redzone.models.outcome import (DamageEvent, GameState, deal_damage, relayered_after_departures,
                                    state_based_actions)
from redzone.solver.ai.position import with_combat
from redzone.solver.ai.tree import _EMPTY, Leaf, Node, _dedupe, _flatten, _merge, _rename, state_delta

if TYPE_CHECKING:
    from redzone.models.damage_problem import Step
    from redzone.models.evaluation import Evaluator
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.facts import Facts, Status
    from redzone.solver.ai.lords import Lords
    from redzone.solver.ai.memo import Shared

BOOST = 1 << 40


def combat_units(attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                 shared: Collection[str] = ()) -> list[tuple[tuple[tuple[str, str], ...],
                                                        tuple[tuple[str, tuple[str, ...]], ...]]]:
    """The combat split into units: attackers joined when one creature blocks several of
    them (509.1a) or when they attack the same one of ``shared`` (a planeswalker or battle,
    whose damage is joint), each with its blockers; canonical (sorted), usable as a key."""
    parent = {a: a for a in attack}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[str, str] = {}
    for a, t in attack.items():
        if t not in shared:
            continue
        if t in owner:
            parent[find(a)] = find(owner[t])
        else:
            owner[t] = a
    for lst in blocks.values():
        for x, y in zip(lst, lst[1:]):
            parent[find(x)] = find(y)
    groups: dict[str, list[str]] = {}
    for a in attack:
        groups.setdefault(find(a), []).append(a)
    out = []
    for members in groups.values():
        ms = set(members)
        out.append((tuple(sorted((a, attack[a]) for a in members)),
                    tuple(sorted((b, tuple(lst)) for b, lst in blocks.items() if lst and lst[0] in ms))))
    return out


def boost(state: GameState) -> GameState:
    """``state`` (changed in place and returned) with every player's life raised and poison
    and commander damage lowered by :data:`BOOST`, so that nobody loses inside a unit's
    game (704.5a, 704.5c, 704.6c); losses are judged when the units are combined."""
    for p in state.life:
        state.life[p] += BOOST
        state.poison[p] -= BOOST
    for totals in state.commander_damage.values():
        for c in totals:
            totals[c] -= BOOST
    return state
"""Added to every life total (and taken from every poison count) while a unit's damage is
played alone, so that no player loses inside a unit."""

DAMAGE_BOUND = 4000
"""Most assignments listed for one damage step of one unit; beyond it the step is planned
by CP-SAT with the default objective (one legal assignment) and the answer is inexact."""

from redzone.solver.ai.facts import _COUPLING_ABILITIES  # noqa: E402,F401  (importable here as before)


def _facing(blocks: Mapping[str, Any]) -> dict[str, list[str]]:
    """Creature id -> the creatures that may deal it combat damage in these blocks: a
    blocking creature's attackers, a blocked attacker's blockers (510.1c-d)."""
    out: dict[str, list[str]] = {}
    for b, lst in blocks.items():
        for a in lst:
            out.setdefault(b, []).append(a)
            out.setdefault(a, []).append(b)
    return out


class UnitGames:
    """Units, their damage games and the combined position of one game: :meth:`units`,
    :meth:`unit_tree` (cached; :attr:`flat` holds each tree's leaves), :meth:`fixed_part`,
    :meth:`payment`, :meth:`combine`, :meth:`totals`."""

    def __init__(self, facts: Facts, status: Status, shared: Shared, ev: Evaluator,
                 declarations: Declarations, lords: Lords) -> None:
        self.facts = facts
        self.status = status
        self.shared = shared
        self.ev = ev
        self.declarations = declarations
        self.lords = lords
        # Facts read here, bound once (several are read in inner loops).
        self._base_life = facts.base_life
        self._base_perm = facts.base_perm
        self._base_poison = facts.base_poison
        self._block_life = facts.block_life
        self._conditions = facts.conditions
        self._coupling = facts.coupling
        self._frail = facts.frail
        self._layer_sources = facts.layer_sources
        self._non_additive = facts.non_additive
        self._opponents = facts.opponents
        self._players = facts.players
        self._pos = facts.pos
        self._reach = facts.reach
        self._restrict = facts.restrict
        self._share_ctx = facts.share_ctx
        self._static_sources = facts.static_sources
        self._strikes_first = facts.strikes_first
        self._two = facts.two
        self.ap = facts.ap
        self.attack_paid = facts.attack_paid
        self.base = facts.base
        self.board = facts.board
        self.classes = facts.classes
        self.problem = facts.problem
        self._units: dict[Any, Any] = {}
        self._floors: dict[Any, Any] = {}  # (unit, steps) -> floor_tree
        self._greedy = False  # (set while floor_tree plays a unit)
        self.flat: dict[int, list[Leaf] | None] = {}
        """id of a unit's tree -> its leaves when no choice is left in it (``None``: some
        choice is); read by the values and the branch and bound."""
        self._fixed: dict[Any, Any] = {}
        self._iso: dict[Any, tuple[tuple[str, ...], Any]] = {}
        self._boost = 0
        self._pay_leaves: dict[Any, Leaf] = {}
        self._relayer_board: Board | None = None  # the whole board while a lord's unit is played
        self._leaver_statics: bool | None = None  # see departures_matter
        self._fs_harmless: bool | None = None  # see first_strike_harmless
        self._thresholds: dict[tuple[str, str], int] = {}

    # ------------------------------------------------------------------ units

    def units(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> list[Any]:
        """The combat split into independent units: attackers joined when a creature blocks
        both or they attack the same planeswalker or battle; each with its blockers. One
        unit for everything when a combatant (an attacking or blocking creature, an attacked
        planeswalker or battle) could change another unit's damage, or with several
        defending players and a first-strike step or a defending player's departure that
        matters (:meth:`UnitGames.departures_matter`). Units are also joined when a lord that
        may leave in this combat changes another one's damage or survival
        (:meth:`Lords.links`)."""
        bands = getattr(getattr(self.board.scenario, "combat", None), "bands", None) or ()
        if bands:
            # 702.22h: a creature blocking one creature of a band blocks all of it.
            band_of = {a: tuple(band) for band in bands if all(x in attack for x in band)
                       for a in band}
            blocks = {b: list(dict.fromkeys(x for a in lst for x in band_of.get(a, (a,))))
                      for b, lst in blocks.items()}
        players = self._players
        coupling = self._coupling
        coupled = bool(coupling) and (not coupling.isdisjoint(attack)
                                      or not coupling.isdisjoint(attack.values())
                                      or any(b in coupling for b, a in blocks.items() if a))
        # Combat-dependent power/toughness (506.4, 611.3a) reads the whole combat; so do
        # abilities under a condition combat can change (611.3a).
        coupled = coupled or self.board.has_combat_effects or self._non_additive or bool(self._conditions)
        if coupled or (not self._two and (((self._first_strike(set(attack))
                                            or self._first_strike({b for b, a in blocks.items() if a}))
                                           and not self.first_strike_harmless())
                                          or self.departures_matter(False))):
            return [(tuple(sorted(attack.items())),
                     tuple(sorted((b, tuple(a)) for b, a in blocks.items() if a)))]
        others = [t for t in attack.values() if t not in players]
        if len(set(others)) == len(others) and all(len(lst) <= 1 for lst in blocks.values()):
            # One unit per attacker (no creature blocks two, no shared planeswalker/battle).
            by: dict[str, list[str]] = {}
            for b, lst in blocks.items():
                if lst:
                    by.setdefault(lst[0], []).append(b)
            return self.lords.join(
                [(((a, t),), tuple((b, (a,)) for b in sorted(by[a])) if a in by else ())
                 for a, t in attack.items()], attack, blocks)
        out = combat_units(attack, blocks, {t for t in attack.values() if t not in players})
        return self.lords.join(out, attack, blocks)

    def fixed_part(self, attack: Mapping[str, str], steps: tuple[str, ...]
                    ) -> tuple[Leaf | None, dict[str, str]] | None:
        """Attackers no creature can block (509.1a-b) whose damage involves no choice are
        the same in every block: their units are merged once per attack into one leaf.
        Returns (that leaf or ``None``, the other attackers), or ``None`` when the combat
        is one unit anyway (see :meth:`units`)."""
        key = (self.declarations.attack_facts(attack)[0], steps)
        if key in self._fixed:
            return self._fixed[key]
        out: tuple[Leaf | None, dict[str, str]] | None = None
        # A coupling source among the combatants may leave in the first-strike step and end
        # its effect for the regular one (a blocker or an attacked planeswalker with "prevent
        # all combat damage that would be dealt to you" dying to a first striker): the
        # unblockable attackers' damage then depends on the blocks. So may a lord's
        # (Benalish Marshal blocked and killed by a first striker: an unblockable attacker
        # it pumped deals 1 less in the regular step, 510.1a, 611.3a).
        coupling = self._coupling
        coupled = (bool(coupling) and (not coupling.isdisjoint(attack)
                                       or not coupling.isdisjoint(attack.values())
                                       or any(not coupling.isdisjoint(p.blockers)
                                              for p in self.declarations.block_problems(attack)))
                   ) or self._non_additive or bool(self._conditions) or (
                       len(steps) == 2 and self.lords.possible(attack))
        bands = getattr(getattr(self.board.scenario, "combat", None), "bands", None)
        if self._two and not coupled and not bands and not self.board.has_combat_effects:
            blockable = {a for p in self.declarations.block_problems(attack)
                         for b in p.blockers for a in p.allowed.get(b, ())}
            others = [t for t in attack.values() if t not in self._players]
            shared = {t for t in others if others.count(t) > 1}
            fixed: list[Leaf] = []
            rest: dict[str, str] = {}
            for a, t in attack.items():
                if a in blockable or t in shared:
                    rest[a] = t
                    continue
                tree = self.unit_tree((((a, t),), ()), steps)
                if isinstance(tree, Leaf):
                    fixed.append(tree)
                else:
                    rest[a] = t
            if len(fixed) > 1:
                merged = _merge(fixed)
                self.flat[id(merged)] = [merged]
                out = (merged, rest)
            elif fixed:
                out = (fixed[0], rest)
        self._fixed[key] = out
        return out

    def _first_strike(self, combatants: set[str]) -> bool:
        return not self._strikes_first.isdisjoint(combatants)

    def first_strike_harmless(self) -> bool:
        """With more than two players, whether no defending player can lose in a first-strike
        damage step (704.5a, 704.5c, 704.6c), so that nobody leaves the game between the
        two steps (800.4a) and a combat with first strike may be played in units apart, as
        with two players (issue 23: four-player boards). True when, for every opponent, all
        the first-strike damage the attacking player's creatures with first or double strike
        could deal them at once — their powers added up, as life, as poison (toxic added)
        and, for each such commander, as its total (903.10a) — leaves them above 0 life,
        below 10 poison and below 21 from every commander; and nothing can raise or move that
        damage: no damage modifier, redirection or life floor, no combat-dependent power, no
        permanent whose static abilities change others or hang on a condition (611.3a), no
        block paid for with life (119.4). Worked out once per game."""
        got = self._fs_harmless
        if got is None:
            board = self.board
            got = False
            if (not self._two and not board.has_combat_effects and not self._layer_sources
                    and not self.ev.condition_sources and not self._block_life
                    and not self._non_additive and not board.abilities_of_kind(DamageModifier)):
                kw = board.has_keyword
                strikers = [p for p in board.permanents.values() if p.controller == self.ap
                            and p.is_creature and (kw(p, "first strike") or kw(p, "double strike"))]
                power = sum(max(p.power or 0, 0) for p in strikers)
                toxic = sum(a.amount for p in strikers  # type: ignore[attr-defined]
                            for a in [*p.abilities, *(g for g, _ in board.granted(p))]
                            if type(a).__name__ == "Toxic")
                base = self.base
                got = all(
                    base.life[o] - power > 0 and base.poison[o] + power + toxic < 10
                    and all(base.commander_damage.get(o, {}).get(p.id, 0) + max(p.power or 0, 0) < 21
                            for p in strikers if p.commander)
                    for o in self._opponents)
            self._fs_harmless = got
        return got

    def departures_matter(self, first: bool) -> bool:
        """With more than two players, whether a defending player who loses in this combat
        — and leaves the game at once with everything they own or control while the others
        play on (104.5, 800.4a) — may change the rest of the combat or the position after
        it: with a first-strike step (``first``: their creatures neither block nor deal
        regular damage, and nothing is assigned to them, 506.4, 800.4e), or when a
        permanent a defending player controls or owns changes others' characteristics or
        grants abilities (611.3a: its effects end, and a creature it kept alive may die,
        704.5f-g). The combat is then one unit, played on the whole board with the players'
        life as it is (:meth:`unit_tree`), the departures made in it (:meth:`_step`).
        Also with two players when a static ability's condition may change in combat
        (:attr:`Facts.conditions`; 611.3a: another unit's departures or any life total decide
        it), so the conditions are decided again after each step on the whole board."""
        if self._conditions:
            return True  # conditions read the whole board and life as it is (611.3a)
        if self._two:
            return False
        if first and not self.first_strike_harmless():
            return True
        got = self._leaver_statics
        if got is None:
            perms = self.board.permanents
            got = False
            for h, changes in self._reach.items():  # "gets +N/+M" and the rest of the layers
                who = {perms[h].controller, perms[h].owner} - {self.ap}
                if any(perms[x].controller != p for x in changes for p in who):
                    got = True
            for x in self._layer_sources:  # grants (read by the grantor's presence, 611.3a)
                p = perms[x]
                if ({p.controller, p.owner} - {self.ap}) and any(isinstance(a, Grant) for a in p.abilities):
                    got = True
            self._leaver_statics = got
        return got

    def paid_in_units(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> bool:
        """Whether the combat's damage game already holds the life paid for these
        declarations (:meth:`_departure_tree`), so that no payment leaf is added to it."""
        return self.departures_matter(len(self.declarations.steps_for(attack, blocks)) == 2)

    def unit_tree(self, unit: Any, steps: tuple[str, ...]) -> Any:
        """The damage game of one unit (cached): a :class:`Node` / :class:`Leaf` tree."""
        key = (unit, steps)
        got = self._units.get(key)
        if got is None:
            attack = dict(unit[0])
            blocks = {b: list(a) for b, a in unit[1]}
            if self.departures_matter(len(steps) == 2):
                return self._departure_tree(key, attack, blocks, steps)
            if self._reach and self.lords.links(attack, _facing(blocks), len(steps) == 2)[1]:
                return self._relayer_tree(key, unit, attack, blocks, steps)
            shared_key = self._unit_key(unit, steps, attack, blocks)
            got = self._shared_unit(key, shared_key)
            if got is not None:
                return got
            iso = self._iso_key(unit, steps)
            if iso is not None:
                seen = self._iso.get(iso[0])
                if seen is not None:
                    got = _rename(seen[1], dict(zip(seen[0], iso[1])))
                    self._units[key] = got
                    self.flat[id(got)] = _flatten(got)
                    if shared_key is not None:
                        self.shared.units[shared_key] = (got, self.flat[id(got)])
                    return got
            board = self._unit_board(attack, blocks)
            start = self.base.copy()
            self._boost = 0
            if (self._two or len(steps) == 1 or self.first_strike_harmless()) and not self._non_additive:
                # Units are played apart, so no player may lose inside one (a player losing
                # would stop damage to them, 800.4a, that other units' lifelink may undo):
                # life and poison are shifted out of reach and judged when units are
                # combined (:meth:`combine`, :meth:`fast_score`). Not with a life floor
                # (Worship) or redirection: the combat is then one unit, played as it is.
                self._boost = BOOST
                boost(start)
            got = self._step(board, steps, 0, start, [], None, ())
            if iso is not None:
                self._iso[iso[0]] = (iso[1], got)
            self._units[key] = got
            self.flat[id(got)] = _flatten(got)
            if shared_key is not None:
                self.shared.units[shared_key] = (got, self.flat[id(got)])
        return got

    def floor_tree(self, unit: Any, steps: tuple[str, ...]) -> Any | None:
        """A game worth at most :meth:`unit_tree`'s for the attacking player, cheaper to
        play: the unit's damage game with the attacking player's choice in every step but
        the last restricted to one assignment (the one whose result, right after the step,
        the evaluation likes best for them; the defending players' choices all kept). A
        restriction of the maximising player's choices, so in any combination with other
        units its value is a lower bound of the real one (the search uses it to skip blocks,
        :func:`redzone.solver.ai.separable.floor_skips`). The unit's real game when it is
        already played; ``None`` where the unit is not played apart on its own board (a
        departure that matters, a lord's relayering) or has one damage step (nothing to
        restrict)."""
        key = (unit, steps)
        got = self._units.get(key)
        if got is not None:
            return got
        got = self._floors.get(key)
        if got is not None:
            return got
        attack = dict(unit[0])
        blocks = {b: list(a) for b, a in unit[1]}
        if (len(steps) < 2 or self.departures_matter(True)
                or (self._reach and self.lords.links(attack, _facing(blocks), True)[1])):
            return None
        if not ((self._two or self.first_strike_harmless()) and not self._non_additive):
            return None  # (played with the players' life as it is: leave it to unit_tree)
        board = self._unit_board(attack, blocks)
        start = self.base.copy()
        boost_before, self._boost = self._boost, BOOST
        boost(start)
        self._greedy = True
        try:
            got = self._step(board, steps, 0, start, [], None, ())
        finally:
            self._greedy = False
            self._boost = boost_before
        self._floors[key] = got
        self.flat[id(got)] = _flatten(got)
        return got

    def _greedy_pick(self, board: Board, state: GameState,
                     groups: dict[Any, list[dict[str, dict[str, int]]]]) -> Any:
        """The attacking player's part (a key of ``groups``) whose first completion leaves
        the position the evaluation likes best for them right after the step (permanents
        only), more damage marked on the other players' creatures breaking ties."""
        sign = 1 if self.ev.player == self.ap else -1
        perms = list(board.permanents)
        best, pick = None, None
        for part, completions in groups.items():
            s2 = state.copy()
            deal_damage(board, s2, [DamageEvent(s, r, n) for s, row in completions[0].items()
                                    for r, n in row.items()], combat=True)
            state_based_actions(board, s2)
            v = sign * sum(self.ev.permanent_score(pid, s2) - self.ev.permanent_score(pid, state)
                           for pid in perms)
            marked = sum(n for pid, n in s2.damage.items()
                         if pid in board.permanents and board.permanents[pid].controller != self.ap)
            if best is None or (v, marked) > best:
                best, pick = (v, marked), part
        return pick

    def _departure_tree(self, key: Any, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                        steps: tuple[str, ...]) -> Any:
        """The damage game of a combat of more than two players in which a defending
        player's departure matters (:meth:`UnitGames.departures_matter`; the combat is one unit):
        played on the whole board (800.4a reaches the departed player's permanents wherever
        they are) with the players' life as it is, so that a player who loses in a step
        leaves at once with what they own or control (:meth:`_step`,
        :func:`redzone.models.leaving.losers_leave`), and the layers applied again after a
        step that removed a permanent with effects of the layers, theirs included (611.3a,
        613, 704.3), as :func:`redzone.solver.damage.solve.play_out` does. The life paid for the
        declarations' costs (:meth:`life_paid`, 119.4) is taken first, so a player it leaves
        low loses in the right step; the tree's leaves include it (:meth:`paid_in_units`:
        no payment leaf is added). Not shared between games (units are shared in two-player
        games only)."""
        board = with_combat(self.board, attack, blocks)
        self._boost = 0
        start = self.base.copy()
        for p, n in self.life_paid(attack, blocks).items():
            start.life[p] -= n
        return self._play_relayered(key, board, steps, start)

    def _shared_unit(self, key: Any, shared_key: Any) -> Any:
        """The tree another game of this question played for ``shared_key``
        (:attr:`redzone.solver.ai.search.Shared.units`), stored as this game's unit ``key``; ``None`` when there is
        none (or ``shared_key`` is ``None``: the unit can't be shared)."""
        hit = self.shared.units.get(shared_key) if shared_key is not None else None
        if hit is None:
            return None
        got, flat = hit
        self._units[key] = got
        self.flat[id(got)] = flat
        return got

    def _play_relayered(self, key: Any, board: Board, steps: tuple[str, ...], start: GameState) -> Any:
        """The damage game of ``board`` from ``start`` with the layers applied again after a
        step that removed a lord (611.3a, 613, 704.3; :meth:`_step` reads the board to
        re-layer from), stored as the unit ``key``'s tree."""
        self._relayer_board = board
        try:
            got = self._step(board, steps, 0, start, [], None, ())
        finally:
            self._relayer_board = None
        self._units[key] = got
        self.flat[id(got)] = _flatten(got)
        return got

    def _iso_key(self, unit: Any, steps: tuple[str, ...]) -> tuple[Any, tuple[str, ...]] | None:
        """(a key, the unit's creatures in board order) such that two units of this game
        with the same key differ only by swapping identical creatures (same class of
        :func:`symmetry_classes`: swapping them maps the game onto itself) in a way that
        keeps both the board's order and the order of ids, so that one unit's damage game
        is the other's with the ids renamed (:func:`_rename`), children in the same order;
        ``None`` when that is not guaranteed: unless two players, units played on
        restricted boards with nothing coupling them (:meth:`_unit_key`'s conditions), no
        damage assignment order given, and the creatures' board order is their id order."""
        if self._share_ctx is None or self._coupling or self._share_ctx[4]:
            return None
        pos = self._pos
        ids = sorted({a for a, _ in unit[0]} | {b for b, _ in unit[1]}, key=pos.__getitem__)
        if ids != sorted(ids):
            return None
        at = {x: i for i, x in enumerate(ids)}
        cls = self.classes
        key = (steps, tuple(cls.get(x, x) for x in ids),
               tuple((at[a], t) for a, t in unit[0]),
               tuple((at[b], tuple(at[x] for x in lst)) for b, lst in unit[1]))
        return key, tuple(ids)

    def _unit_key(self, unit: Any, steps: tuple[str, ...], attack: Mapping[str, str],
                  blocks: Mapping[str, list[str]], extra: set[str] | None | bool = False) -> Any:
        """What a unit's damage game reads, as a key shared by the games of one question
        (``None``: not shared): the unit and its steps, the permanents of its board
        (:meth:`_unit_board`) with every field the next turn's board may change (power,
        toughness, damage, counters, loyalty, defense, tapped, and what the layers may
        change when a permanent whose effects reached them has left: types, colours and
        abilities lost, 611.3a, 613), and the game's context (perspective, active player,
        whether any permanent couples units; a grantor is kept on every unit board, so one
        that left changes the key). Printed abilities are those of the one board the
        question started from (:func:`next_turn_board` keeps them). Shared only between
        two-player games whose unit boards are restricted (their life and poison are
        shifted out of reach, so the players' totals don't matter) with no scenario effects
        or bands, and no life floor or redirection (whose units are played on the whole
        board as it is). ``extra`` (:meth:`_relayer_tree`'s units, whose layers are applied
        again): the ids of the permanents its board holds, or ``None`` for the whole board; whether a
        permanent is tapped is then in the key only for those of :meth:`_unit_keep` (no
        effect of another reads it: one that does, Watchdog's, depends on combat, and such
        boards are not shared)."""
        ctx = self._share_ctx
        if ctx is None:
            return None
        perms = self.board.permanents
        keep = self._unit_keep(attack, blocks)
        ids: Any = keep if extra is False else perms if extra is None else extra
        sig = tuple((pid, p.controller, p.power, p.toughness, p.damage,
                     tuple(sorted(p.counters.items())), p.loyalty, p.defense,
                     p.tapped if pid in keep else None,
                     p.types, p.subtypes, p.colors, p.lost_abilities_at, p.lost_keywords)
                    for pid in sorted(ids) if (p := perms.get(pid)) is not None)
        return (ctx, unit, steps, sig) if extra is False else (ctx, "relayer", unit, steps, sig)

    def _unit_keep(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> set[str]:
        """The ids a unit's board keeps (see :meth:`_unit_board`)."""
        keep = set(attack) | set(attack.values()) | set(blocks) | self._static_sources
        keep |= {p.id for p in self.board.permanents.values() if p.attached_to in keep}
        return keep

    def _unit_board(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> Board:
        """The board a unit's damage is played on: its combatants, what they attack, what
        is attached to them, and every permanent whose static abilities can change damage
        (grants, prevention, replacement); the others can't be affected by this unit's
        damage, so state-based actions need not look at them (704.3). The whole board
        when the starting position has a state-based action pending."""
        if not self._restrict or self.board.has_combat_effects or self._non_additive:
            # (A life floor looks at creatures outside combat: Worship's "if you control a
            # creature".)
            return with_combat(self.board, attack, blocks)
        keep = self._unit_keep(attack, blocks)
        perms = {pid: p for pid, p in self.board.permanents.items() if pid in keep}
        view = with_combat(self.board, attack, blocks)
        return dataclasses.replace(view, permanents=perms, _grants=None, _index=None)

    def _assignments(self, problem: Any, last: bool) -> list[dict[str, dict[str, int]]]:
        """Every legal assignment of the step (510.1, 702.19, 702.2c, old 510.1c-d) — one
        per class of assignments with the same result when that is safe (see
        :meth:`_classes`) — or one planned by CP-SAT (inexact) when there are more than
        :data:`DAMAGE_BOUND`. ``last``: no damage step follows in this combat."""
        from redzone.solver.reference import all_damage_assignments, damage_search_space

        if damage_search_space(problem) > DAMAGE_BOUND:
            from redzone.solver.damage.solve import plan_damage_step

            self.status.exact = False
            return [plan_damage_step(problem).assignment]
        classify = self._classes(problem) if last else None
        if classify is None:
            return [a for a in all_damage_assignments(problem, bound=DAMAGE_BOUND)
                    if not damage_violations(problem, a)]
        # A class is one part per source (its entries name the source), so the classes
        # of a step are the products of each source's parts, and the first assignment
        # of a class in listing order (itertools.product over the sources' splits) is made
        # of each source's first split of its class: the classes are walked in that very
        # order, one assignment each, without listing the others.
        from redzone.solver.reference import _compositions

        thresholds = self._thresholds
        per_source: list[list[tuple[tuple[Any, ...], str, dict[str, int]]]] = []
        for src in problem.sources:
            if src.amount <= 0:
                continue
            firsts: dict[tuple[Any, ...], dict[str, int]] = {}
            for split in _compositions(src.amount, len(src.recipients)):
                row = {r: n for r, n in zip(src.recipients, split) if n}
                firsts.setdefault(classify(src.id, row), row)
            per_source.append([(cls, src.id, row) for cls, row in firsts.items()])
        results: set[Any] = set()
        out = []
        for choice in itertools.product(*per_source):
            a = {sid: row for _, sid, row in choice if row}
            key = sorted(x for cls, _, _ in choice for x in cls)
            # Legality reads the class; the result reads less: "some but not lethal" and
            # "none" leave the same creature alive. One legal assignment per result.
            # (A "some" entry is dropped, as "none" is absent: zero amounts are left out.)
            result = tuple(x for x in key if not (x[2] == 1 and (x[0], x[1]) in thresholds))
            if result in results or damage_violations(problem, a):
                continue
            results.add(result)
            out.append(a)
        return out

    def _classes(self, problem: Any) -> Any:
        """A function (source id, its row of amounts by recipient) -> that source's part of
        an assignment's class (an assignment's class is its sources' parts together), where
        two assignments of one class are both legal or both illegal and deal the same
        result, or ``None`` when that can't be guaranteed. Safe when no damage step follows
        (marked damage then only matters as "lethal or not", 704.5g), no permanent
        prevents, multiplies or grants anything, and no creature has lethal damage already
        (need 0). The class of an amount to a creature
        that only one source may assign damage to, from a source without wither, infect or
        lifelink: 0, some but less than lethal, lethal (its need, or 1 from a deathtouch
        source, 702.2c); any other amount — from a source with wither, infect or lifelink
        (-1/-1 counters, poison and life gained count every point, 702.80a, 702.90b-c,
        702.15b), to a creature several sources may damage (lethal damage is then joint), a
        player, planeswalker or battle — is kept itself. The legality conditions (trample
        702.19b, loyalty 702.19c, the 2023 order) read only these classes."""
        if self._coupling or self._relayer_board is not None:
            return None
        found = lethal_classes(self.board, problem)
        if found is None:
            return None
        self._thresholds, classify = found
        return classify

    def _step(self, board: Board, steps: tuple[str, ...], i: int, state: GameState,
              dealt: list[str], first: tuple[Any, ...] | None,
              done: tuple[dict[str, dict[str, int]], ...]) -> Any:
        if i == len(steps):
            delta = state_delta(self.base, state, self._boost)
            changed = set(delta[3]) | {k for k, _ in delta[4]} | {k for k, _ in delta[6]} | {k for k, _ in delta[7]}
            value = sum(self.ev.permanent_score(pid, state) - self.ev.permanent_score(pid) for pid in changed)
            return Leaf(delta, first, done, value)
        step = cast("Step", steps[i])  # one of remaining_steps' (510.4)
        problem = damage_problem(board, step, state=state, first_strike_dealt=dealt)
        ap = self.ap
        mine = {s.id for s in problem.sources if s.decider == ap}
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        for a in self._assignments(problem, i == len(steps) - 1):
            part = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(part, []).append(a)
        if self._greedy and i < len(steps) - 1 and len(groups) > 1:
            pick = self._greedy_pick(board, state, groups)  # (floor_tree: one choice)
            groups = {pick: groups[pick]}
        next_dealt = list(dealt)
        if step == "first-strike":
            next_dealt.extend(s.id for s in problem.sources if s.id not in next_dealt)
        ap_children: list[Any] = []
        for part, completions in groups.items():
            d_children: list[Any] = []
            for a in completions:
                s2 = state.copy()
                deal_damage(board, s2, [DamageEvent(s, r, n) for s, row in a.items() for r, n in row.items()],
                            combat=True)
                state_based_actions(board, s2)
                if s2.lost and not self._boost and not self._two and losers_leave(board, s2):
                    # 104.5, 800.4a: a defending player who lost left the game with what they
                    # own or control; what the scenario can't settle makes the answer inexact.
                    self.status.exact = False
                after = board
                if self._relayer_board is not None and (self._conditions or any(
                        not s2.on_battlefield(x) for x in self._layer_sources)):
                    # A lord left: its effects end, the layers apply again to what remains and
                    # state-based actions are checked again (611.3a, 613, 704.3), from the
                    # board as declared (as play_out does); the next step is dealt on it.
                    after, gaps = relayered_after_departures(self._relayer_board, s2)
                    if gaps:
                        self.status.exact = False  # a departed 7b effect over given values (613.4b)
                f = state_delta(self.base, s2, self._boost) if step == "first-strike" else first
                d_children.append(self._step(after, steps, i + 1, s2, next_dealt, f, done + (a,)))
            d_children = _dedupe(d_children)
            ap_children.append(d_children[0] if len(d_children) == 1 else Node(2 * i + 1, d_children))
        ap_children = _dedupe(ap_children)
        return ap_children[0] if len(ap_children) == 1 else Node(2 * i, ap_children)

    def life_paid(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> dict[str, int]:
        """Life each player pays for this attack (the attacking player, unless
        :attr:`attack_paid` is off) and these blocks (each defending player for their own
        blockers): Phyrexian mana paid with 2 life a symbol (CR 107.4f, 119.4, 508.1h,
        509.1d). Empty when nothing costs life."""
        paid: dict[str, int] = {}
        if self.attack_paid and self.problem.life_costs:
            n = ap_mod.life_cost_of(self.problem, attack)
            if n:
                paid[self.ap] = n
        if blocks and attack and self._block_life:
            for problem in self.declarations.block_problems(attack):
                if problem.blocker_life_costs or problem.pair_life_costs:
                    n = bp_mod.life_cost_of(problem, blocks)
                    if n:
                        p = problem.defending_player
                        paid[p] = paid.get(p, 0) + n
        return paid

    def payment(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]]) -> Leaf | None:
        """The life paid for the declarations (:meth:`life_paid`) as one more fixed leaf,
        combined with the units' leaves wherever they are (:meth:`combine`,
        :meth:`fast_score`, :meth:`crack_back_floor`, the crack-back key): the life is
        paid while declaring, before any damage, so the leaf's first-strike part is its
        whole change too (a first-strike step then ends the game on the lowered total). A
        payment that ends the game by itself (:meth:`UnitGames.pay_ends`, 704.5a: before any damage,
        so no lifelink undoes it) is valued alone by the callers (:meth:`block_value`,
        :meth:`damage_value`). ``None`` when nothing is paid. With more than two players, a
        defending player paying down to 0 while others play on leaves the game before damage
        (800.4a): :meth:`Values.damage_value` then plays the combat on the board that remains
        (:meth:`Values.departed`)."""
        paid = self.life_paid(attack, blocks)
        if not paid:
            return None
        key = tuple(sorted(paid.items()))
        leaf = self._pay_leaves.get(key)
        if leaf is None:
            delta = (tuple((p, -n) for p, n in key), (), (), (), (), (), (), ())
            leaf = self._pay_leaves[key] = Leaf(delta, delta, (), 0)
            self.flat[id(leaf)] = [leaf]
        return leaf

    def pay_ends(self, pay: Leaf) -> bool:
        """Whether the life paid (:meth:`payment`) ends the game before any damage: the
        attacking player or every opponent paid down to 0 life (704.5a)."""
        left = {p: self._base_life[p] + d for p, d in pay.delta[0]}
        if left.get(self.ap, 1) <= 0:
            return True
        return all(left.get(o, 1) <= 0 for o in self._opponents)

    def totals(self, leaves: list[Leaf]) -> tuple[dict[str, int], dict[str, int], int]:
        """(life, poison, permanents' part) after the units' ``leaves`` on a two-player
        board: each player's life and poison counters from the base plus every leaf's change,
        and the permanents' part of the evaluation (milli-points) from the base plus every
        leaf's value (the base includes ``eliminated`` for the opponents who left before the
        board, :attr:`Evaluator.departed_part`) — what :meth:`Values.fast_score` and the
        bounds add up."""
        life = dict(self._base_life)
        poison = dict(self._base_poison)
        v = self._base_perm
        for leaf in leaves:
            for p, d in leaf.delta[0]:
                life[p] += d
            for p, d in leaf.delta[1]:
                poison[p] += d
            v += leaf.value
        return life, poison, v

    def combine(self, leaves: list[Leaf]) -> GameState:
        """The state after every unit's damage: the deltas added up. When a first-strike
        step already made every opponent lose, play stops there (as in
        :func:`redzone.solver.damage.solve.play_out`)."""
        if any(leaf.first is not None for leaf in leaves):
            early = self._apply([leaf.first if leaf.first is not None else _EMPTY for leaf in leaves])
            opponents = [p.name for p in self.board.players if p.name != self.ap]
            if all(early.life.get(o, 1) <= 0 or early.poison.get(o, 0) >= 10
                   or early.lost_to_commander(o) for o in opponents):  # 704.6c too
                return early
        return self._apply([leaf.delta for leaf in leaves])

    def _apply(self, deltas: list[tuple[Any, ...]]) -> GameState:
        s = self.base.copy()
        for delta in deltas:
            life, poison, gained, destroyed, minus, counters, loyalty, defense = delta[:8]
            for (p, c), d in delta[8] if len(delta) > 8 else ():  # commander damage, 903.10a
                totals = s.commander_damage.setdefault(p, {})
                totals[c] = totals.get(c, 0) + d
            for p, d in life:
                s.life[p] += d
            for p, d in poison:
                s.poison[p] += d
            for p, d in gained:
                s.gained[p] = s.gained.get(p, 0) + d
            for pid in destroyed:
                if pid not in s.reasons:
                    s.destroyed.append(pid)
                    s.reasons[pid] = "destroyed"
            for k, v in minus:
                if v > 0:
                    s.minus_added[k] = s.minus_added.get(k, 0) + v
                else:
                    s.plus_added[k] = s.plus_added.get(k, 0) - v
            for k, v in counters:
                s.counters[k] = dict(v)
            for k, v in loyalty:
                s.loyalty[k] = v
            for k, v in defense:
                s.defense[k] = v
        return s

    def _relayer_tree(self, key: Any, unit: Any, attack: Mapping[str, str],
                      blocks: Mapping[str, list[str]], steps: tuple[str, ...]) -> Any:
        """The damage game of a unit in which a lord may leave with effects that matter
        (:meth:`Lords.links`): the layers are applied again after each step that removed
        one (611.3a, 613) and state-based actions checked again (704.3), as
        :func:`redzone.solver.damage.solve.play_out` does. Played on the unit's board
        (:meth:`_unit_board`) with every permanent that has an effect of the layers and
        every creature a lord's leaving may leave with 0 toughness, when every such effect
        is "gets +N/+M" (what it reaches then depends on no other permanent, so the layers
        applied again on that board give its permanents what they would get on the whole
        board); otherwise on the whole board. Shared between the games of a question by
        what that board holds (:meth:`_unit_key`)."""
        view = with_combat(self.board, attack, blocks)
        board = view
        extra: set[str] | None = None  # None: the whole board
        if (self._restrict and not self.board.has_combat_effects and not self._non_additive
                and all(d is not None for ch in self._reach.values() for d in ch.values())):
            keep = self._unit_keep(attack, blocks) | self._layer_sources | self._frail
            keep |= {p.id for p in self.board.permanents.values() if p.attached_to in keep}
            board = dataclasses.replace(view, permanents={
                pid: p for pid, p in self.board.permanents.items() if pid in keep},
                _grants=None, _index=None)
            extra = keep
        shared_key = self._unit_key(unit, steps, attack, blocks, extra=extra)
        got = self._shared_unit(key, shared_key)
        if got is not None:
            return got
        start = self.base.copy()
        self._boost = 0
        if (self._two or len(steps) == 1 or self.first_strike_harmless()) and not self._non_additive:
            self._boost = BOOST  # as in unit_tree: judged when the units are combined
            boost(start)
        got = self._play_relayered(key, board, steps, start)
        if shared_key is not None:
            self.shared.units[shared_key] = (got, self.flat[id(got)])
        return got

    def delta(self, state: GameState, boost: int = 0) -> tuple[Any, ...]:
        """:func:`redzone.solver.ai.tree.state_delta` from this game's starting state."""
        return state_delta(self.base, state, boost)


def lethal_classes(board: Board, problem: Any) -> tuple[dict[tuple[str, str], int], Any] | None:
    """The classes of a last damage step's amounts (:meth:`UnitGames._classes` says when
    they are safe): ``(thresholds, classify)`` — ``thresholds[(source, creature)]`` the
    lethal amount (its need, 1 from a deathtouch source, 702.2c) for a creature only that
    source may damage, from a source without wither, infect or lifelink; ``classify(source,
    row)`` that source's part of an assignment's class (0 / some / lethal for such pairs,
    the amount itself for any other: -1/-1 counters, poison and life gained count every
    point, 702.80a, 702.90b-c, 702.15b; joint lethal damage, 510.1c-d; a player). ``None``
    when a creature already has lethal damage (need 0)."""
    owners: dict[str, list[str]] = {}
    exact: set[str] = set()
    for src in problem.sources:
        if src.amount <= 0:
            continue
        perm = board.permanents[src.id]
        if any(board.has_keyword(perm, k) for k in ("wither", "infect", "lifelink")):
            exact.add(src.id)
        for r in src.recipients:
            rec = problem.recipients[r]
            if rec.kind != "creature":
                continue
            if rec.need <= 0:
                return None
            owners.setdefault(r, []).append(src.id)
    # A creature dealt damage by several sources (an attacker blocked by several creatures)
    # keeps exact amounts: its lethal damage is joint (510.1c-d, 702.19b).
    thresholds: dict[tuple[str, str], int] = {}
    for src in problem.sources:
        if src.id in exact:
            continue
        for r in src.recipients:
            if owners.get(r) == [src.id]:
                thresholds[(src.id, r)] = 1 if src.deathtouch else problem.recipients[r].need

    def classify(sid: str, row: Mapping[str, int]) -> tuple[Any, ...]:
        out = []
        for r, n in row.items():
            t = thresholds.get((sid, r))
            out.append((sid, r, n if t is None else (0 if n == 0 else 1 if n < t else 2)))
        return tuple(out)

    return thresholds, classify
