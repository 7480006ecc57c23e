"""Characteristics changed by other permanents: the layer system (CR 613).

Owns :func:`apply_layers` (a board whose permanents carry their base characteristics,
:class:`Base`, rewritten layer by layer: types 4, colours 5, abilities 6, power and
toughness 7b-c, with combat-dependent effects on top of given current values), applying
them again when permanents leave or conditions change (:func:`reapply_layers`,
:func:`relayered`), and what a permanent's leaving would change (:func:`layer_sources`,
:func:`layer_reach`). An effect it can't compute is returned as a :class:`Gap`, never
dropped. The rules and what is not modelled: ``docs/rules.md``, "Characteristics (CR 613)".
The data it writes and the combat-dependent deltas are :mod:`redzone.models.battlefield`'s.
Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from functools import lru_cache
from typing import Any

from redzone.models._moved import moved_name
from redzone.models.abilities import (
    Ability,
    ColorChange,
    Conditional,
    Grant,
    Keyword,
    LoseAbilities,
    ModifyPT,
    Permanents,
    SetBasePT,
    TypeChange,
    UnappliedEffect,
)
from redzone.models.battlefield import (
    Base,
    Board,
    CombatState,
    Gap,
    Permanent,
    combat_deltas,
    combat_state,
    in_combat,
    keeps_grant,
    reached,
)
from redzone.models.conditions import condition_sources, decided_again
from redzone.models.parser.vocabulary import CREATURE_TYPES

__all__ = ["BASIC_LAND_TYPES", "Base", "CombatState", "Gap", "apply_layers", "combat_state",
           "combat_deltas", "every_creature_type", "in_combat", "keeps_grant", "layer_reach",
           "layer_sources", "reaches_others", "reapply_layers", "relayered"]

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_LAND_TYPES = frozenset(BASIC_LAND_TYPES + ("Desert", "Gate", "Lair", "Locus", "Sphere", "Mine",
                                            "Power-Plant", "Tower", "Urza's", "Cave", "Town",
                                            "Cloud", "Planet"))
SETTLE_PASSES = 32
"""Passes of deciding conditions and applying the layers again (:func:`relayered`,
:func:`redzone.models.outcome.relayered_after_departures`) before conditions that keep
turning each other on and off are reported as unsettled (611.3a; never guessed)."""

_NO_LATER_GRANT = 1 << 60
"""The removal timestamp of "can't have or gain flying": after every grant's."""
_LAYER_CLASSES = (TypeChange, ColorChange, LoseAbilities, SetBasePT, ModifyPT, UnappliedEffect)


@lru_cache(maxsize=1)
def every_creature_type() -> tuple[str, ...]:
    """Every creature type (CR 205.3m) as the parser knows them, sorted."""
    return tuple(sorted(t for t in CREATURE_TYPES if t.replace("'", "").replace("-", "").isalpha()))


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
        for p in reached(board, src, fx, perms):
            _apply_type(p, fx)
            lost_at[p.id] = ts  # it loses the abilities of its rules text (305.7)
    for ts, src, fx in types_fx:
        cda = fx.every_creature_type and fx.affected.kind == "self" and fx.permanents is None
        if cda or fx.set_land_type or src.id in lost_at:
            continue
        for p in reached(board, src, fx, perms):
            _apply_type(p, fx)

    # ---- layer 5: colours (613.1e)
    for ts, src, fx in effects:
        if not isinstance(fx, ColorChange) or src.id in lost_at:
            continue
        for p in reached(board, src, fx, perms):
            p.colors = tuple(c for c in "WUBRG" if c in fx.colors or (fx.add and c in p.colors))

    # ---- layer 6: abilities removed (613.1f); grants are read through Board.granted
    for ts, src, fx in effects:
        if not isinstance(fx, LoseAbilities) or not _active(src, fx, lost_at, lost_kw):
            continue
        for p in reached(board, src, fx, perms):
            if fx.keywords:
                lost_kw.setdefault(p.id, set()).update(fx.keywords)
                p.lost_keywords = frozenset(lost_kw[p.id])
                # "can't have or gain": later grants are lost too (no timestamp is later).
                at = _NO_LATER_GRANT if fx.cant_have else ts
                p.lost_keyword_at = {**p.lost_keyword_at, **{k: at for k in fx.keywords}}
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
            for p in reached(board, src, fx, perms):
                setters.setdefault(p.id, []).append(fx)  # in timestamp order: the last wins
        elif isinstance(fx, ModifyPT):
            if fx.when is not None or (fx.source_untapped and src.tapped):
                continue  # combat-dependent ones: combat_deltas below
            for p in reached(board, src, fx, perms):
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
        for p in reached(board, src, fx, perms):
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
                for p in reached(before, src, fx, perms):
                    acc = taken.setdefault(p.id, [0, 0])
                    acc[0] += fx.power
                    acc[1] += fx.toughness
            elif isinstance(fx, SetBasePT):
                for p in reached(before, src, fx, perms):
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
                for q in reached(board, p, fx, now_perms):
                    acc = taken.setdefault(q.id, [0, 0])
                    acc[0] -= fx.power
                    acc[1] -= fx.toughness
            elif isinstance(fx, SetBasePT):
                for q in reached(board, p, fx, now_perms):
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
    conditioned = condition_sources(before, changing=not every) & board.permanents.keys()
    flips = decided_again(board, conditioned, life=life) if conditioned else {}
    if not flips and all(pid in board.permanents for pid in layer_sources(before)):
        return None
    gaps: list[Gap] = []
    for _ in range(SETTLE_PASSES):
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
            for p in reached(board, src, fx, perms):
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




def __getattr__(name: str) -> Any:
    """Public names that moved to another module, served for one release with a
    :class:`DeprecationWarning` (:mod:`redzone.models._moved`)."""
    return moved_name(__name__, name)
