"""Characteristics changed by other permanents: the layer system (CR 613).

:func:`apply_layers` takes a :class:`redzone.models.board.Board` whose permanents carry their
*base* characteristics (printed values with the scenario's overrides, :class:`Base`) and
rewrites each permanent's current characteristics by applying the continuous effects the
parser understands, layer by layer (613.1):

- layer 4, types (613.1d): first characteristic-defining abilities (613.3: changeling and "is
  every creature type", 702.73a), then effects that set a land's type (305.7: the land loses
  its old land types and the abilities of its rules text — so that land's own effects no
  longer apply, the dependency of 613.8 for the common case of Blood Moon and Urborg), then
  the other type changes in timestamp order;
- layer 5, colours (613.1e), in timestamp order;
- layer 6, abilities (613.1f): "loses all abilities" / "loses flying" remove the permanent's
  own abilities and those it was granted by effects with an earlier timestamp (613.7); a
  permanent that lost an ability no longer produces that ability's effects in layers 6-7;
- layer 7, power and toughness (613.4): 7a characteristic-defining abilities are the given
  values (a printed ``*`` must be given), 7b "has base power and toughness N/M", 7c "gets
  +N/+M" and counters (613.4c), 7d switching (none is parsed yet).

Timestamps (613.7) follow scenario order: a permanent listed later entered later. An
object's own printed abilities are older than every effect.

Power and toughness *given* in the scenario are current values at the beginning of combat:
every effect that doesn't depend on combat, and counters, are already in them, so only
combat-dependent effects are applied on top. Combat-dependent effects ("attacking creatures
you control get +1/+0", Watchdog's "creatures attacking you get -1/-0", "as long as it's
attacking") apply from the declaration on (506.4, 611.3a): :class:`CombatState` says which
creatures are attacking (and whom) and which are blocking.

An effect the layer system can't compute (:class:`redzone.models.abilities.UnappliedEffect`) is
returned as a :class:`Gap` wherever it reaches a permanent whose characteristic is computed
here, never dropped. Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from redzone.models.abilities import (
    Ability,
    ColorChange,
    Conditional,
    Keyword,
    LoseAbilities,
    ModifyPT,
    Permanents,
    SetBasePT,
    TypeChange,
    UnappliedEffect,
)
from redzone.models.conditions import condition_sources, decided_again

if TYPE_CHECKING:  # pragma: no cover
    from redzone.models.board import Board, Permanent

__all__ = ["BASIC_LAND_TYPES", "Base", "CombatState", "Gap", "apply_layers", "combat_state",
           "combat_deltas", "every_creature_type", "in_combat", "keeps_grant", "layer_reach",
           "layer_sources", "reaches_others", "reapply_layers", "relayered", "relayered_after_departures"]

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_LAND_TYPES = frozenset(BASIC_LAND_TYPES + ("Desert", "Gate", "Lair", "Locus", "Sphere", "Mine",
                                            "Power-Plant", "Tower", "Urza's", "Cave", "Town",
                                            "Cloud", "Planet"))
_LAYER_CLASSES = (TypeChange, ColorChange, LoseAbilities, SetBasePT, ModifyPT, UnappliedEffect)


@lru_cache(maxsize=1)
def every_creature_type() -> tuple[str, ...]:
    """Every creature type (CR 205.3m) as the parser knows them, sorted."""
    from redzone.models.parser.vocabulary import CREATURE_TYPES

    return tuple(sorted(t for t in CREATURE_TYPES if t.replace("'", "").replace("-", "").isalpha()))


@dataclass(frozen=True)
class Base:
    """A permanent's characteristics before any effect of another object: printed values
    with the scenario's overrides. ``power_given`` / ``toughness_given``: the scenario gave
    the current value (see the module docstring)."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    power_given: bool = False
    toughness_given: bool = False


@dataclass(frozen=True)
class CombatState:
    """Who is in combat, for combat-dependent effects (506.4, 611.3a).

    ``attacking``: attacking creature id -> its defending player (508.5: the player, a
    planeswalker's controller or a battle's protector). ``blocking``: ids of blocking
    creatures.
    """

    attacking: Mapping[str, str] = field(default_factory=dict)
    blocking: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Gap:
    """An effect that reaches ``target`` but was not applied: ``source`` has it, ``text`` is
    its sentence, ``layer`` its layer and ``reason`` why it can't be computed."""

    source: str
    target: str
    text: str
    layer: str
    reason: str

    def message(self) -> str:
        """One line for reports."""
        return f"{self.text} [layer {self.layer} effect not applied: {self.reason}]"


def _reaches(board: Board, source: Permanent, ability: Ability, perm: Permanent) -> bool:
    """Whether a characteristic-changing ``ability`` of ``source`` reaches ``perm`` now."""
    scope: Permanents | None = getattr(ability, "permanents", None)
    if scope is not None:
        if scope.types and not set(scope.types) & set(perm.types):
            return False
        if scope.nonbasic and "Basic" in perm.supertypes:
            return False
        if scope.controller == "you" and perm.controller != source.controller:
            return False
        if scope.controller == "opponents" and perm.controller == source.controller:
            return False
        return True
    return board.affects(source, ability.affected, perm)  # type: ignore[attr-defined]


def _targets(board: Board, source: Permanent, ability: Ability,
             perms: list[Permanent]) -> list[Permanent]:
    """The permanents ``ability`` of ``source`` reaches (only the candidates a "self" or
    "attached" ability can reach are looked at)."""
    affected = getattr(ability, "affected", None)
    if getattr(ability, "permanents", None) is None and affected is not None:
        if affected.kind == "self":
            return [source]
        if affected.kind == "attached":
            target = board.permanents.get(source.attached_to or "")
            return [target] if target is not None else []
    return [p for p in perms if _reaches(board, source, ability, p)]


def _active(perm: Permanent, ability: Ability, lost_at: Mapping[str, int],
            lost_kw: Mapping[str, set[str]]) -> bool:
    """Whether ``perm`` still has its own ``ability`` (own abilities predate every effect)."""
    if perm.id in lost_at:
        return False
    return not (isinstance(ability, Keyword) and ability.name in lost_kw.get(perm.id, set()))


def _apply_type(perm: Permanent, fx: TypeChange) -> None:
    types, subtypes = list(perm.types), list(perm.subtypes)
    if fx.replace:
        if fx.types:
            types = list(fx.types)
        # 205.1b: a new creature type replaces the old ones; land types etc. go with the
        # card types they belonged to.
        subtypes = [s for s in subtypes if s in _LAND_TYPES and "Land" in types]
        subtypes = [s for s in subtypes if s not in fx.subtypes] + list(fx.subtypes)
    elif fx.set_land_type:
        subtypes = [s for s in subtypes if s not in _LAND_TYPES] + list(fx.subtypes)
        types += [t for t in fx.types if t not in types]
    else:
        types += [t for t in fx.types if t not in types]
        subtypes += [s for s in fx.subtypes if s not in subtypes]
    if fx.every_creature_type:
        subtypes += [s for s in every_creature_type() if s not in subtypes]
    perm.types, perm.subtypes = tuple(types), tuple(subtypes)


def apply_layers(board: Board, combat: CombatState | None = None) -> list[Gap]:
    """Recompute every permanent's characteristics from its :class:`Base` (CR 613).

    Sets ``types``, ``subtypes``, ``colors``, ``power``, ``toughness`` (with combat-dependent
    effects for ``combat``), ``combat_delta`` (what those add, so that attack declarations
    can compare powers without them, 508.1c), and the layer-6 removals
    (``lost_abilities_at``, ``lost_keywords``) on each permanent of ``board``, in place.
    Returns the effects that reach a computed characteristic but can't be applied.
    """
    perms = list(board.permanents.values())
    for p in perms:
        b = p.base
        if b is None:
            continue
        p.types, p.subtypes, p.supertypes, p.colors = b.types, b.subtypes, b.supertypes, b.colors
        p.lost_abilities_at = None
        p.lost_keywords = frozenset()
        p.lost_keyword_at = {}
    effects = [(src.index, src, a) for src in perms for a in src.parsed.abilities
               if isinstance(a, _LAYER_CLASSES)]
    gaps: list[Gap] = []
    if not effects and not any(p.counters for p in perms):
        for p in perms:
            if p.base is not None:
                p.power, p.toughness = p.base.power, p.base.toughness
                p.combat_delta = (0, 0)
        return gaps
    lost_at: dict[str, int] = {}
    lost_kw: dict[str, set[str]] = {}

    # ---- layer 4: types (613.1d)
    types_fx = [(ts, s, a) for ts, s, a in effects if isinstance(a, TypeChange)]
    for ts, src, fx in types_fx:  # 613.3: characteristic-defining abilities first
        if fx.every_creature_type and fx.affected.kind == "self" and fx.permanents is None:
            _apply_type(src, fx)
    for ts, src, fx in types_fx:  # 305.7 with the dependency of 613.8
        if not fx.set_land_type or src.id in lost_at:
            continue
        for p in _targets(board, src, fx, perms):
            _apply_type(p, fx)
            lost_at[p.id] = ts  # it loses the abilities of its rules text (305.7)
    for ts, src, fx in types_fx:
        cda = fx.every_creature_type and fx.affected.kind == "self" and fx.permanents is None
        if cda or fx.set_land_type or src.id in lost_at:
            continue
        for p in _targets(board, src, fx, perms):
            _apply_type(p, fx)

    # ---- layer 5: colours (613.1e)
    for ts, src, fx in effects:
        if not isinstance(fx, ColorChange) or src.id in lost_at:
            continue
        for p in _targets(board, src, fx, perms):
            p.colors = tuple(c for c in "WUBRG" if c in fx.colors or (fx.add and c in p.colors))

    # ---- layer 6: abilities removed (613.1f); grants are read through Board.granted
    for ts, src, fx in effects:
        if not isinstance(fx, LoseAbilities) or not _active(src, fx, lost_at, lost_kw):
            continue
        for p in _targets(board, src, fx, perms):
            if fx.keywords:
                lost_kw.setdefault(p.id, set()).update(fx.keywords)
                p.lost_keywords = frozenset(lost_kw[p.id])
                p.lost_keyword_at = {**p.lost_keyword_at, **{k: ts for k in fx.keywords}}
            else:
                lost_at[p.id] = max(ts, lost_at.get(p.id, ts))
    for p in perms:
        p.lost_abilities_at = lost_at.get(p.id)

    # ---- layer 7: power and toughness (613.4)
    live = [(ts, s, a) for ts, s, a in effects if _active(s, a, lost_at, lost_kw)]
    setters: dict[str, list[SetBasePT]] = {}
    free_mods: dict[str, list[int]] = {}
    for ts, src, fx in live:
        if isinstance(fx, SetBasePT):
            for p in _targets(board, src, fx, perms):
                setters.setdefault(p.id, []).append(fx)  # in timestamp order: the last wins
        elif isinstance(fx, ModifyPT):
            if fx.when is not None or (fx.source_untapped and src.tapped):
                continue  # combat-dependent ones: combat_deltas below
            for p in _targets(board, src, fx, perms):
                acc = free_mods.setdefault(p.id, [0, 0])
                acc[0] += fx.power
                acc[1] += fx.toughness
    combat_mods = combat_deltas(board, combat)
    for p in perms:
        b = p.base
        if b is None:
            continue
        power, toughness = b.power, b.toughness
        p.combat_delta = (0, 0)
        if not p.is_creature and power is None:
            p.power, p.toughness = power, toughness
            continue
        pw_free, tg_free = not b.power_given, not b.toughness_given
        for fx in setters.get(p.id, ()):  # 7b
            if pw_free:
                power = fx.power
            if tg_free:
                toughness = fx.toughness
        if power is None or toughness is None:
            gaps.append(Gap(p.id, p.id, f"{p.label} is a creature with no power/toughness", "7",
                            "it became a creature and nothing sets its power and toughness; "
                            "give power and toughness"))
            power, toughness = power or 0, toughness or 0
        net = p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0) if p.counters else 0
        dp, dt = free_mods.get(p.id, (0, 0))  # 7c, with counters (613.4c)
        power += (net + dp) if pw_free else 0
        toughness += (net + dt) if tg_free else 0
        cp, ct = combat_mods.get(p.id, (0, 0))
        p.combat_delta = (cp, ct)
        p.power, p.toughness = power + cp, toughness + ct

    # ---- effects that can't be computed: loud wherever they reach a computed value
    for ts, src, fx in live:
        if not isinstance(fx, UnappliedEffect):
            continue
        for p in _targets(board, src, fx, perms):
            if p.base is None:
                continue
            if fx.layer.startswith("7") and (not p.is_creature or (
                    p.base.power_given and p.base.toughness_given)):
                continue
            gaps.append(Gap(src.id, p.id, fx.text, fx.layer, fx.reason))
    return gaps


def reaches_others(a: Ability) -> bool:
    """Whether the static ability ``a`` changes characteristics (layers 4-7, CR 613.1) or
    grants abilities (613.1f) of permanents other than its own."""
    from redzone.models.abilities import Grant

    if not isinstance(a, _LAYER_CLASSES + (Grant,)):
        return False
    affected = getattr(a, "affected", None)
    # One that reaches only its own permanent ends with it: nothing left to recompute.
    return (getattr(a, "permanents", None) is not None or affected is None
            or affected.kind != "self")


def layer_sources(board: Board) -> frozenset[str]:
    """Ids of the permanents of ``board`` with a static ability that changes characteristics
    (layers 4-7, CR 613.1) or grants abilities (613.1f): when one leaves the battlefield its
    effects stop (611.3a), so what remains must be recomputed (:func:`reapply_layers`)."""
    return frozenset(p.id for p in board.permanents.values()
                     if any(reaches_others(a) for a in p.parsed.abilities)
                     or (p.conditional is not None and any(
                         reaches_others(x) for a in p.conditional.abilities
                         if isinstance(a, Conditional) for x in a.abilities)))


def reapply_layers(board: Board, before: Board) -> list[Gap]:
    """Recompute the characteristics of ``board``'s permanents after some permanents of
    ``before`` left the battlefield (CR 611.3a: a static ability's effect applies only while
    its source is on the battlefield; 613: the layers are applied again to what remains).

    ``board``: a new board whose permanents are copies of some of ``before``'s (same ids),
    their ``counters`` as they are now (counters put or removed since ``before`` change power
    and toughness in layer 7c, 613.4c); they are rewritten in place. Combat-dependent effects
    are those of ``board.combat``. Power and toughness the scenario *gave* are current values
    with every other effect in them (module docstring): for those, what the departed
    permanents' "gets +N/+M" effects added is taken off and the counters' change added, and
    the result becomes the permanent's given base on ``board``. A "has base power and
    toughness" effect of a departed permanent can't be undone from a given value (the value
    under it is unknown): a :class:`Gap` says so. Returns the gaps of ``board``.
    """
    perms = list(before.permanents.values())
    gone = [p for p in perms if p.id not in board.permanents]
    taken: dict[str, list[int]] = {}
    gaps: list[Gap] = []

    def ended(src: Permanent, effects: Any, why: str) -> None:
        for fx in effects:
            if isinstance(fx, ModifyPT):
                if fx.when is not None or (fx.source_untapped and src.tapped):
                    continue  # combat-dependent: recomputed for board.combat below
                for p in _targets(before, src, fx, perms):
                    acc = taken.setdefault(p.id, [0, 0])
                    acc[0] += fx.power
                    acc[1] += fx.toughness
            elif isinstance(fx, SetBasePT):
                for p in _targets(before, src, fx, perms):
                    q = board.permanents.get(p.id)
                    if q is not None and q.base is not None and (
                            q.base.power_given or q.base.toughness_given):
                        gaps.append(Gap(p.id, p.id, why, "7b",
                                        "its base power and toughness effect ended, and the "
                                        "given power/toughness under it is unknown"))

    for src in gone:
        ended(src, src.abilities, f"{src.label} left the battlefield")
    # Abilities under a condition that stopped or started holding (611.3a): what a "gets
    # +N/+M" that ended added is taken off a given power and toughness, what one that
    # started adds is added (a started "has base power and toughness" can't be applied
    # over a given value either).
    now_perms = list(board.permanents.values())
    for p in now_perms:
        old = before.permanents.get(p.id)
        if old is None or p.parsed is old.parsed or p.parsed.abilities == old.parsed.abilities:
            continue
        stopped, started = _minus(old.abilities, p.abilities), _minus(p.abilities, old.abilities)
        ended(old, stopped, f"a condition of {p.label} no longer holds")
        for fx in started:
            if isinstance(fx, ModifyPT) and fx.when is None and not (fx.source_untapped and p.tapped):
                for q in _targets(board, p, fx, now_perms):
                    acc = taken.setdefault(q.id, [0, 0])
                    acc[0] -= fx.power
                    acc[1] -= fx.toughness
            elif isinstance(fx, SetBasePT):
                for q in _targets(board, p, fx, now_perms):
                    if q.base is not None and (q.base.power_given or q.base.toughness_given):
                        gaps.append(Gap(q.id, q.id, f"a condition of {p.label} now holds", "7b",
                                        "a base power and toughness effect started, over a "
                                        "given power/toughness"))
    for p in board.permanents.values():
        old = before.permanents[p.id]
        shift = ((p.counters.get("+1/+1", 0) - old.counters.get("+1/+1", 0))
                 - (p.counters.get("-1/-1", 0) - old.counters.get("-1/-1", 0)))
        b = p.base
        if b is None:  # built by hand: its fields are taken as they are
            if p.power is not None:
                p.power = old.power_outside_combat + shift  # type: ignore[operator]
            if p.toughness is not None:
                p.toughness = old.toughness_outside_combat + shift  # type: ignore[operator]
            p.combat_delta = (0, 0)
            continue
        if b.power_given or b.toughness_given:
            dp, dt = taken.get(p.id, (0, 0))
            power, toughness = b.power, b.toughness
            if b.power_given and old.power is not None:
                power = old.power_outside_combat - dp + shift  # type: ignore[operator]
            if b.toughness_given and old.toughness is not None:
                toughness = old.toughness_outside_combat - dt + shift  # type: ignore[operator]
            p.base = Base(b.types, b.subtypes, b.supertypes, b.colors, power, toughness,
                          b.power_given, b.toughness_given)
    board._grants = board._index = None
    board._combat_fx = None
    return apply_layers(board, board.combat) + gaps  # type: ignore[arg-type]


_AGAIN = 32  # passes of relayered_after_departures before conditions are taken as unsettled


def _minus(a: tuple[Ability, ...], b: tuple[Ability, ...]) -> list[Ability]:
    """The abilities of ``a`` not in ``b``, as multisets."""
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def relayered(board: Board, before: Board, *, life: Mapping[str, int] | None = None,
              every: bool = False) -> list[Gap] | None:
    """:func:`reapply_layers` of ``board`` (copies of some of ``before``'s permanents, as
    there) when a permanent of ``before`` with effects of the layers left
    (:func:`layer_sources`) or a static ability's condition is decided otherwise on
    ``board`` (611.3a: checked continuously; :func:`redzone.models.conditions.decided_again`
    with life totals ``life``, else ``board``'s players', and the permanents' counters):
    the abilities now in force replace the others, the layers are applied again (613), and
    again while that changes another condition. ``every``: decide every condition again
    (a next turn's board: whose turn it is and what is tapped changed too), else only those
    combat can change (:data:`redzone.models.conditions.CHANGING_KINDS`). Returns the gaps
    of ``board`` (:func:`reapply_layers`), or ``None`` when nothing had to be applied again
    (``board`` is then unchanged)."""
    from copy import copy

    conditioned = condition_sources(before, changing=not every) & board.permanents.keys()
    flips = decided_again(board, conditioned, life=life) if conditioned else {}
    if not flips and all(pid in board.permanents for pid in layer_sources(before)):
        return None
    gaps: list[Gap] = []
    for _ in range(_AGAIN):
        for pid, text in flips.items():
            board.permanents[pid].parsed = text
        got = reapply_layers(board, before)
        gaps = got + [g for g in gaps if g not in got]
        flips = decided_again(board, conditioned, life=life) if conditioned else {}
        if not flips:
            return gaps
        snap = copy(board)
        snap.permanents = {pid: copy(p) for pid, p in board.permanents.items()}
        before = snap
    first = min(conditioned)
    return gaps + [Gap(first, first, "abilities under a condition", "611.3a",
                       "the conditions did not settle")]


def relayered_after_departures(board: Board, state: Any) -> tuple[Board, list[Gap]]:
    """``(board, gaps)`` after permanents left the battlefield in ``state`` (a
    :class:`redzone.models.outcome.GameState` of ``board``): when one of them had a static
    ability that changes characteristics or grants abilities (:func:`layer_sources`), a new
    board whose permanents still on the battlefield are copies with the layers applied again
    without it (CR 611.3a, 613; :func:`reapply_layers`), then state-based actions are
    performed again on it (704.3: a creature the departed permanent kept alive may now have
    lethal damage marked or 0 toughness), repeated while that removes another such
    permanent; otherwise ``board`` itself. Likewise when a static ability's condition
    (:mod:`redzone.models.conditions`: "as long as you control another Dinosaur", "as long
    as you have 30 or more life") no longer holds or now holds, decided again from what is
    on the battlefield and the life totals and counters of ``state`` (611.3a: checked
    continuously): the abilities now in force replace the others and the layers are
    applied again the same way.

    ``board`` is the board as it was before anything in ``state`` left (not a board this
    function returned): after each combat damage step the caller asks again with the same
    ``board`` and every departure so far, so no effect is taken off twice. The permanents
    that left are kept on the new board as they were (``state`` says they are gone; the
    combat declarations still name them). Counters stay as ``board`` has them: those
    ``state`` put on are counted by ``state`` (``minus_added``, ``plus_added``), not a
    second time. ``gaps``: effects of a departed permanent that could not be undone
    (:class:`Gap`). ``state`` is updated in place by the state-based actions."""
    from copy import copy

    from redzone.models.board import Board
    from redzone.models.outcome import state_based_actions

    def board_of(perms: dict[str, Permanent], like: Board) -> Board:
        out = Board(scenario=like.scenario, players=like.players, permanents=perms,
                    active_player=like.active_player, rules=like.rules, game=like.game)
        out.combat = like.combat
        out.gaps = list(like.gaps)
        return out

    sources = layer_sources(board)
    conditioned = condition_sources(board)
    done: set[str] = set()  # departed permanents whose effects are already taken off
    cur, gaps = board, []
    for _ in range(_AGAIN):
        gone = {pid for pid in board.permanents if not state.on_battlefield(pid)}
        flips: dict[str, Any] = {}
        if conditioned:
            # 611.3a: a condition is checked continuously: what is on the battlefield now,
            # life totals and counters as in ``state``.
            here = board_of({pid: p for pid, p in cur.permanents.items() if pid not in gone}, cur)
            flips = decided_again(here, conditioned - gone, life=state.life, counters=state.counters)
        if sources.isdisjoint(gone - done) and not flips:
            return cur, gaps
        before = board_of({pid: p for pid, p in cur.permanents.items() if pid not in done}, cur)
        remaining = {pid: copy(p) for pid, p in cur.permanents.items() if pid not in gone}
        for pid, text in flips.items():
            remaining[pid].parsed = text
        new = board_of(remaining, cur)
        found = [g for g in reapply_layers(new, before) if g not in new.gaps]
        gaps.extend(found)
        new.gaps += found
        new.permanents = {pid: remaining.get(pid, p) for pid, p in cur.permanents.items()}
        new._grants = new._index = None
        new._combat_fx = None
        done, cur = gone, new
        state_based_actions(cur, state)
    # Conditions that keep turning each other on and off: not decided (never guessed).
    first = min(conditioned) if conditioned else ""
    gaps.append(Gap(first, first, "abilities under a condition", "611.3a",
                    "the conditions did not settle as permanents left"))
    return cur, gaps


def layer_reach(board: Board) -> dict[str, dict[str, tuple[int, int] | None]]:
    """What each permanent's leaving the battlefield would change in the characteristics of
    the others (611.3a: a static ability's effect ends with its source; 613): holder id ->
    {id of a permanent reached: (power, toughness) it would lose, or ``None`` when more than
    "gets +N/+M" may change (types, colours, abilities, base power and toughness, an effect
    the layer system can't compute)}. The holders are the permanents with such an effect on
    others (:func:`layer_sources`, grants aside: those are read from the grantor's presence
    wherever abilities are) and what they are attached to (an Aura leaves with it, 704.5m).

    An over-approximation, for deciding what must be played together: an effect other
    than "gets +N/+M" (one that may change what another effect reaches, 613.8) counts as
    reaching every other permanent, with ``None``. Empty when nothing has such an effect."""
    perms = list(board.permanents.values())
    out: dict[str, dict[str, tuple[int, int] | None]] = {}
    for src in perms:
        reach: dict[str, tuple[int, int] | None] = {}
        for fx in src.parsed.abilities:
            if not isinstance(fx, _LAYER_CLASSES):
                continue
            affected = getattr(fx, "affected", None)
            if getattr(fx, "permanents", None) is None and affected is not None and affected.kind == "self":
                continue  # ends with its own permanent: nothing else changes
            if not isinstance(fx, ModifyPT):
                reach = {p.id: None for p in perms if p.id != src.id}
                break
            for p in _targets(board, src, fx, perms):
                if p.id == src.id:
                    continue
                got = reach.get(p.id, (0, 0))
                if got is not None:
                    reach[p.id] = (got[0] + fx.power, got[1] + fx.toughness)
        if not reach:
            continue
        for holder in (src.id, src.attached_to):
            if holder is not None:
                mine = out.setdefault(holder, {})
                for pid, d in reach.items():
                    if pid == holder:
                        continue
                    old = mine.get(pid, (0, 0))
                    mine[pid] = None if d is None or old is None else (old[0] + d[0], old[1] + d[1])
    return out


def combat_deltas(board: Board, combat: CombatState | None) -> dict[str, tuple[int, int]]:
    """Permanent id -> (power, toughness) that combat-dependent effects (506.4, 611.3a) add
    for ``combat``, from the abilities the permanents have now (after layer 6). Empty when
    nothing is in combat."""
    if combat is None:
        return {}
    perms = list(board.permanents.values())
    out: dict[str, tuple[int, int]] = {}
    for src in perms:
        for fx in src.abilities:
            if not isinstance(fx, ModifyPT) or fx.when is None:
                continue
            if fx.source_untapped and src.tapped:
                continue
            for p in _targets(board, src, fx, perms):
                if not p.is_creature or not _in_combat(fx.when, p, src, combat):
                    continue
                dp, dt = out.get(p.id, (0, 0))
                out[p.id] = (dp + fx.power, dt + fx.toughness)
    return out


def _in_combat(when: str, perm: Permanent, source: Permanent, combat: CombatState) -> bool:
    """Whether a combat condition holds for ``perm`` (the effect belongs to ``source``)."""
    attacking = perm.id in combat.attacking
    blocking = perm.id in combat.blocking
    if when == "attacking":
        return attacking
    if when == "blocking":
        return blocking
    if when == "attacking or blocking":
        return attacking or blocking
    if when == "attacking you":
        return attacking and combat.attacking[perm.id] == source.controller
    if when == "attacking alone":
        return attacking and len(combat.attacking) == 1  # 506.5
    return False


def in_combat(when: str, perm: Permanent, source: Permanent, combat: CombatState | None) -> bool:
    """Whether the combat condition ``when`` holds for ``perm`` (an effect of ``source``)
    in ``combat`` (``None``: nothing is in combat, so it never holds). CR 506.4, 611.3a."""
    return combat is not None and _in_combat(when, perm, source, combat)


def keeps_grant(target: Permanent, ability: Ability, grantor: Permanent) -> bool:
    """Whether ``target`` keeps an ability granted by ``grantor`` after layer 6: the grantor
    still has its granting ability, and no removal with a later timestamp took it (613.7)."""
    if grantor.lost_abilities_at is not None:
        return False  # the grant itself is gone (613.8: it depends on the removal)
    if target.lost_abilities_at is not None and target.lost_abilities_at > grantor.index:
        return False
    if isinstance(ability, Keyword):
        at = target.lost_keyword_at.get(ability.name)
        if at is not None and at > grantor.index:
            return False
    return True



def combat_state(board: Board, attackers: Mapping[str, str] | None,
                 blockers: Mapping[str, object] | None = None) -> CombatState | None:
    """The :class:`CombatState` of attacking creatures ``attackers`` (id -> what it attacks)
    and blocking creatures ``blockers`` (id -> what it blocks; empty lists don't block).
    ``None`` when nothing attacks. Unknown ids are kept as they are: the rules modules
    report them."""
    if not attackers:
        return None
    attacking: dict[str, str] = {}
    for a, target in attackers.items():
        perm = board.permanents.get(target)
        if perm is None:
            attacking[a] = target
        elif "Battle" in perm.types and perm.protector:
            attacking[a] = perm.protector
        else:
            attacking[a] = perm.controller
    blocking = frozenset(b for b, lst in (blockers or {}).items() if lst)
    return CombatState(attacking, blocking)
