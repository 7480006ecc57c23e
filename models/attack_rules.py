"""From a board to the attack declaration problem (CR 508.1, 506, 310.9, 701.15, 802).

:func:`attack_problem` reads the board's permanents, their parsed abilities and the
scenario's effects, and writes down, in :class:`redzone.models.attack_problem.AttackProblem` normal
form, everything 508.1 asks of the active player's declaration:

- 508.1a: which creatures can attack at all (untapped; under control since the turn began
  or with haste, 302.6; no defender, 702.3b; no "can't attack").
- 508.1b / 506.2 / 802: the attack targets — every opponent of the active player (with more
  than two players every opponent may be attacked), their planeswalkers, and the battles
  they protect (310.9b: any player for whom the protector is a defending player may attack
  a battle, so a Siege's controller attacks their own Siege; the protector never does).
- 508.1c: restrictions — per target ("can't attack you", "can't attack unless defending
  player controls an Island") go into ``allowed``; group restrictions (alone, N others,
  greater power, caps) into ``restrictions``.
- 508.1d: requirements — "attacks each combat if able" (each instance counts), goad (two per
  distinct goading player, 701.15b-d), "attacks X this combat if able" effects, and
  player-level requirements (Trove of Temptation).
- 508.1d, h-j: costs — attack taxes per (creature, target) and the attacking player's mana.

No solving happens here; see ``redzone.solver.attack.solve``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar, overload

from redzone.models.abilities import (
    Ability,
    AttackCap,
    AttackOnlyNearestOpponent,
    AttacksEachCombat,
    AttackTax,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackOwner,
    CantAttackUnlessDefenderControls,
    CantAttackUnlessGreaterPowerAttacks,
    DefenderControls,
    CantAttackUnlessOthersAttack,
    CantAttackYou,
    CanAttackDespiteDefender,
    MustBeAttacked,
)
from redzone.models.attack_problem import (
    AttackerCap,
    AttackProblem,
    AttackTarget,
    GreaterPowerCompanion,
    MinOtherAttackers,
    NotAlone,
    OnlyAlone,
    Requirement,
    Restriction,
)
from redzone.models.battlefield import Board, Permanent, matches_quality
from redzone.models.condition_keys import GOADED
from redzone.models.errors import ScenarioError
from redzone.models.layers import BASIC_LAND_TYPES


_CREATURE_KINDS: tuple[type[Ability], ...] = (
    CanAttackDespiteDefender, CantAttack, CantAttackYou, CantAttackOwner,
    CantAttackUnlessDefenderControls, DefenderControls, CantAttackAlone, CanOnlyAttackAlone,
    CantAttackUnlessOthersAttack, CantAttackUnlessGreaterPowerAttacks, AttacksEachCombat,
    AttackTax)
"""Every ability class :func:`attack_problem` reads per creature."""


def attack_targets(board: Board, attacking_player: str | None = None) -> list[AttackTarget]:
    """Every possible attack target of ``attacking_player`` (default: the active player).

    Order: opponents in turn order starting after the attacking player, then their
    planeswalkers (scenario order), then battles whose protector is one of those opponents
    (scenario order). CR 506.3, 508.1b, 310.9b, 802.1.
    """
    ap = attacking_player or board.active_player
    opponents = board.opponents(ap)
    targets = [AttackTarget(id=o, kind="player", player=o) for o in opponents]
    for perm in board.permanents.values():
        if "Planeswalker" in perm.types and perm.controller in opponents:
            targets.append(AttackTarget(id=perm.id, kind="planeswalker", player=perm.controller))
    for perm in board.permanents.values():
        if "Battle" in perm.types and perm.protector in opponents:
            targets.append(AttackTarget(id=perm.id, kind="battle", player=perm.protector))
    return targets


def _targets_of_player(targets: list[AttackTarget], player: str, with_planeswalkers: bool) -> frozenset[str]:
    """The player itself, plus (optionally) the planeswalkers they control."""
    return frozenset(
        t.id for t in targets
        if t.id == player or (with_planeswalkers and t.kind == "planeswalker" and t.player == player)
    )


def _controls_land(board: Board, player: str, land: str) -> bool:
    """Whether ``player`` controls a land with subtype (or supertype) ``land`` (e.g. Island)."""
    return any(
        "Land" in p.types and (land in p.subtypes or land.lower() in (s.lower() for s in p.supertypes))
        for p in board.controlled_by(player)
    )


_Affecting = list[tuple[Ability, Permanent]]
_A = TypeVar("_A", bound=Ability)


def _unavailable_reason(board: Board, creature: Permanent, mine: _Affecting | None = None) -> str | None:
    """Why ``creature`` can't attack at all (508.1a, 302.6, 702.3b, 508.1c), or ``None``.

    ``mine``: the abilities affecting ``creature`` of (at least) the classes
    :data:`_CREATURE_KINDS`, when already fetched; ``None``: ask the board."""
    if mine is None:
        mine = board.abilities_affecting(creature, _CREATURE_KINDS)
    if creature.tapped:
        return "it is tapped (CR 508.1a)"
    if creature.summoning_sick and not board.has_keyword(creature, "haste"):
        return "it hasn't been under its controller's control since the turn began and has no haste (CR 302.6)"
    if board.has_keyword(creature, "defender"):
        if not _of(mine, CanAttackDespiteDefender):
            return "it has defender (CR 702.3b)"
    blockers = _of(mine, CantAttack)
    if blockers:
        return f"{blockers[0][1].label} says it can't attack (CR 508.1c)"
    return None


@overload
def _of(mine: _Affecting, kind: type[_A]) -> list[tuple[_A, Permanent]]: ...
@overload
def _of(mine: _Affecting, kind: tuple[type[Ability], ...]) -> _Affecting: ...
def _of(mine: _Affecting, kind: type[Ability] | tuple[type[Ability], ...]) -> list[Any]:
    """The entries of ``mine`` whose ability is of class ``kind``, in order."""
    return [entry for entry in mine if isinstance(entry[0], kind)]


def attack_problem(board: Board, attacking_player: str | None = None) -> AttackProblem:
    """The declare-attackers problem of ``attacking_player`` (default: the active player).

    Returns an :class:`AttackProblem` (see its docstring for the shape). Pure function of
    the board and the scenario's effects; raises nothing for a validated board.
    """
    ap = attacking_player or board.active_player
    targets = attack_targets(board, ap)
    target_ids = [t.id for t in targets]
    opponents = set(board.opponents(ap))
    creatures = board.creatures(ap)
    names = {p.id: p.name for p in board.permanents.values()}

    allowed: dict[str, tuple[str, ...]] = {}
    unable: dict[tuple[str, str], str] = {}
    # One scan of the board for the player-level abilities read below.
    board_wide = board.abilities_of_kind((AttackCap, MustBeAttacked, AttackOnlyNearestOpponent))
    nearest_opponents = _nearest_opponents(board, ap, _of(board_wide, AttackOnlyNearestOpponent))
    # One look-up per creature of every ability class the rules below read (filtering it by
    # class keeps abilities_affecting's order per class).
    affecting = {c.id: board.abilities_affecting(c, _CREATURE_KINDS) for c in creatures}
    for c in creatures:
        mine = affecting[c.id]
        reason = _unavailable_reason(board, c, mine)
        if reason is not None:
            unable[(c.id, "")] = reason
            allowed[c.id] = ()
            continue
        ok = list(target_ids)
        # 508.1c: "can't attack you [or planeswalkers you control]" removes those targets.
        for ability, source in _of(affecting[c.id], CantAttackYou):
            if source.controller not in opponents:
                continue
            for t in _targets_of_player(targets, source.controller, ability.include_planeswalkers):
                if t in ok:
                    ok.remove(t)
                    unable[(c.id, t)] = f"{source.label} says it can't attack {t} (CR 508.1c)"
        # 508.1c: "can't attack its owner [or planeswalkers its owner controls]".
        for ability, source in _of(affecting[c.id], CantAttackOwner):
            for t in _targets_of_player(targets, c.owner, ability.include_planeswalkers):
                if t in ok:
                    ok.remove(t)
                    unable[(c.id, t)] = f"{source.label} says it can't attack its owner, {c.owner} (CR 508.1c)"
        # 508.1c: "can't attack unless defending player controls a [land type]" — judged per
        # target against that target's defending player (508.5).
        for ability, source in _of(affecting[c.id], CantAttackUnlessDefenderControls):
            for t in targets:
                if t.id in ok and not _controls_land(board, t.player, ability.land):
                    ok.remove(t.id)
                    unable[(c.id, t.id)] = (
                        f"{source.label}: it can't attack unless the defending player ({t.player}) "
                        f"controls a {ability.land} (CR 508.1c)"
                    )
        # 508.1c (rules round 2): "can't attack unless/if defending player controls ..." —
        # per target, against its defending player (508.5).
        for ability, source in _of(affecting[c.id], DefenderControls):
            assert isinstance(ability, DefenderControls)
            if ability.effect != "can't attack":
                continue
            for t in targets:
                if t.id in ok and defender_controls(board, t.player, ability,
                                                    you=source.controller) != ability.unless:
                    ok.remove(t.id)
                    unable[(c.id, t.id)] = (f"{source.label}: {ability.text} (the defending player "
                                            f"is {t.player}; CR 508.1c)")
        # 508.1c, 802.2: "Each player may attack only the nearest opponent in the chosen
        # direction and planeswalkers controlled by that opponent" (Pramikon).
        for nearest, source in nearest_opponents:
            for t in targets:
                if t.id in ok and not (t.player == nearest and t.kind in ("player", "planeswalker")):
                    ok.remove(t.id)
                    unable[(c.id, t.id)] = (
                        f"{source.label}: {ap} may attack only the nearest opponent in the chosen "
                        f"direction, {nearest}, and planeswalkers they control (CR 508.1c)")
        allowed[c.id] = tuple(ok)
        if not ok:
            unable.setdefault((c.id, ""), "there is nothing it may attack (CR 508.1c)")

    restrictions: list[Restriction] = []
    for c in creatures:
        for ability, source in _of(
            affecting[c.id], (CantAttackAlone, CanOnlyAttackAlone, CantAttackUnlessOthersAttack,
                              CantAttackUnlessGreaterPowerAttacks)
        ):
            if isinstance(ability, CantAttackAlone):
                restrictions.append(NotAlone(c.id, source.label))
            elif isinstance(ability, CanOnlyAttackAlone):
                restrictions.append(OnlyAlone(c.id, source.label))
            elif isinstance(ability, CantAttackUnlessOthersAttack) and ability.qualities:
                # h17: "unless a black or green creature also attacks" (508.1c)
                restrictions.append(GreaterPowerCompanion(c.id, source.label, frozenset(
                    o.id for o in creatures if o.id != c.id
                    and any(matches_quality(board, o, q) for q in ability.qualities))))
            elif isinstance(ability, CantAttackUnlessOthersAttack):
                restrictions.append(MinOtherAttackers(c.id, ability.count, source.label))
            else:
                restrictions.append(GreaterPowerCompanion(c.id, source.label))
    for ability, source in _of(board_wide, AttackCap):
        assert isinstance(ability, AttackCap)
        if ability.you_only:
            if source.controller not in opponents:
                continue  # "can attack you": the active player can't attack themselves
            capped: frozenset[str] | None = _targets_of_player(
                targets, source.controller, ability.include_planeswalkers)
        else:
            capped = None
        # Per-turn caps also count creatures that attacked in earlier combats this turn; a
        # scenario describes one combat, taken as the turn's first.
        restrictions.append(AttackerCap(ability.maximum, capped, source.label))

    requirements: list[Requirement] = []
    for c in creatures:
        for ability, source in _of(affecting[c.id], AttacksEachCombat):
            # 508.1d: each instance is its own requirement.
            requirements.append(Requirement(c.id, None, source.label, "attacks each combat if able"))
    for ability, source in _of(board_wide, MustBeAttacked):
        assert isinstance(ability, MustBeAttacked)
        if source.controller in opponents and ability.anywhere:
            # h17: "must attack with at least one creature" (Seeker of Slaanesh): any target
            requirements.append(Requirement(None, frozenset(t.id for t in targets), source.label,
                                            "at least one creature attacks if able"))
        elif source.controller in opponents:
            hit = _targets_of_player(targets, source.controller, ability.include_planeswalkers)
            where = " or a planeswalker they control" if ability.include_planeswalkers else ""
            requirements.append(Requirement(
                None, hit, source.label,
                f"at least one creature attacks {source.controller}{where} if able"))
    requirements.extend(_effect_requirements(board, ap, targets))

    costs: dict[tuple[str, str], int] = {}
    life_costs: dict[tuple[str, str], int] = {}
    cost_sources: dict[tuple[str, str], tuple[str, ...]] = {}
    x_memo: dict[tuple[int, str], int] = {}
    for c in creatures:
        for ability, source in _of(affecting[c.id], AttackTax):
            assert isinstance(ability, AttackTax)
            if ability.against == "any":
                # "Enchanted creature can't attack ... unless its controller pays {3}": every
                # attack of that creature costs, whoever controls the Aura (508.1d, h).
                hit: Iterable[str] = [t.id for t in targets]
            elif source.controller not in opponents:
                continue
            else:
                hit = _targets_of_player(targets, source.controller, ability.include_planeswalkers)
                if ability.planeswalkers_only:  # h38: Onakke Oathkeeper (508.1d, 508.1h)
                    hit = frozenset(t for t in hit if t != source.controller)
            amount = ability.generic + _x_value(board, ability, source, c, x_memo)
            # 107.4f, 119.4: a Phyrexian symbol is paid with one mana of its colour or 2 life;
            # the scenario's mana is generic, so redzone pays it with life.
            life = 2 * len(ability.phyrexian)
            if amount <= 0 and life <= 0:
                continue
            for t in hit:
                if amount > 0:
                    costs[(c.id, t)] = costs.get((c.id, t), 0) + amount
                if life > 0:
                    life_costs[(c.id, t)] = life_costs.get((c.id, t), 0) + life
                cost_sources[(c.id, t)] = cost_sources.get((c.id, t), ()) + (source.label,)

    return AttackProblem(
        attacking_player=ap,
        creatures=tuple(c.id for c in creatures),
        targets=tuple(targets),
        allowed=allowed,
        # 508.1c: powers compared at the declaration, before combat-dependent effects apply.
        power={c.id: (c.power_outside_combat if c.power_outside_combat is not None else c.power) or 0
               for c in creatures},
        restrictions=tuple(restrictions),
        requirements=tuple(requirements),
        costs=costs,
        cost_sources=cost_sources,
        mana=board.player(ap).mana,
        unable=unable,
        names=names,
        life_costs=life_costs,
        life=board.player(ap).life,
    )


def _nearest_opponents(board: Board, ap: str,
                       found: _Affecting | None = None) -> list[tuple[str, Permanent]]:
    """(nearest opponent of ``ap`` in the chosen direction, source) for each "attack only the
    nearest opponent in the chosen direction" ability (Pramikon; 508.1c). The scenario lists
    players in turn order and turns pass to the left (clockwise), so "left" is the next
    opponent in turn order and "right" the previous one. Raises :class:`ScenarioError`
    (naming the permanent's ``choices``) when the direction is not given. ``found``: the
    board's "nearest opponent" abilities with their permanents, when already fetched."""
    out: list[tuple[str, Permanent]] = []
    if found is None:
        found = board.abilities_of_kind(AttackOnlyNearestOpponent)
    for _, source in found:
        direction = (source.choices or {}).get("direction")
        if direction not in ("left", "right"):
            raise ScenarioError(
                f"permanents[{source.index}].choices",
                f"{source.label} needs the direction chosen as it entered: "
                '{"direction": "left"} or {"direction": "right"}')
        opponents = board.opponents(ap)  # turn order, starting after ap
        if opponents:
            out.append((opponents[0] if direction == "left" else opponents[-1], source))
    return out


def _x_value(board: Board, tax: AttackTax, source: Permanent, creature: Permanent,
             memo: dict[tuple[int, str], int] | None = None) -> int:
    """X of an X-form attack tax (0 when there is no X). ``memo``: X of a count over the
    source's controller's permanents, kept by (tax, source) for the next creature."""
    if tax.x is None:
        return 0
    if tax.x.what == "counters":
        if tax.x.counter is not None:  # h17: "for each +1/+1 counter on it"
            return max(0, creature.counters.get(tax.x.counter, 0))
        return sum(max(0, n) for n in creature.counters.values())
    if tax.x.what == "cards in hand":  # the stated hand (board.build_board reports it unstated)
        return len(board.player(source.controller).hand or ())
    if tax.x.what == "basic land types":  # domain (305.6)
        return len({t for p in board.controlled_by(source.controller) if "Land" in p.types
                    for t in p.subtypes if t in BASIC_LAND_TYPES})
    if memo is not None:
        key = (id(tax), source.id)
        if key not in memo:
            memo[key] = _x_value(board, tax, source, creature)
        return memo[key]
    return sum(
        1 for p in board.controlled_by(source.controller)
        if set(tax.x.types) & set(p.types) or set(tax.x.subtypes) & set(p.subtypes)
    )


def _effect_requirements(board: Board, ap: str, targets: list[AttackTarget]) -> list[Requirement]:
    """Requirements from the scenario's ``effects``: goad (701.15) and ``must_attack``; and
    goad marked on a creature by a triggered ability (``conditions`` ``"goaded by P"``,
    :data:`redzone.models.condition_keys.GOADED`)."""
    scenario = board.scenario
    out: list[Requirement] = []
    goaders: dict[str, list[str]] = {}
    for effect in getattr(scenario, "effects", None) or []:
        goad = getattr(effect, "goad", None)
        if goad is not None:
            creature = board.permanents.get(goad)
            if creature is None or creature.controller != ap:
                continue
            # 701.15d: being goaded again by the same player adds nothing.
            if effect.by not in goaders.setdefault(goad, []):
                goaders[goad].append(effect.by)
            continue
        must = getattr(effect, "must_attack", None)
        if must is not None:
            creature = board.permanents.get(must.attacker)
            if creature is None or creature.controller != ap:
                continue
            out.append(Requirement(
                must.attacker, frozenset({must.target}), "effect",
                f"attacks {must.target} this combat if able"))
    for creature in board.controlled_by(ap):  # goaded by a triggered ability (701.15a)
        for key, on in creature.conditions.items():
            if on and key.startswith(GOADED):
                by = goaders.setdefault(creature.id, [])
                if key[len(GOADED):] not in by:  # 701.15d
                    by.append(key[len(GOADED):])
    for creature_id, by in goaders.items():
        for goader in by:
            label = f"goaded by {goader}"
            # 701.15b: attacks each combat if able ...
            out.append(Requirement(creature_id, None, label, "attacks each combat if able (goad)"))
            # ... and attacks a player other than the goading player if able.
            others = frozenset(t.id for t in targets if t.kind == "player" and t.id != goader)
            out.append(Requirement(
                creature_id, others, label, f"attacks a player other than {goader} if able (goad)"))
    return out


def _defender_state(board: Board, player: str, ability: DefenderControls) -> bool:
    """h17: the defending player facts of :attr:`DefenderControls.state` as the board
    is when the declaration is checked (508.1c, 509.1b)."""
    if ability.state == "poisoned":
        return board.player(player).poison > 0  # one or more poison counters (122.1f)
    if ability.state == "graveyard":
        return len(board.player(player).graveyard) >= ability.count
    creatures = {p.name: [c for c in board.controlled_by(p.name) if c.is_creature]
                 for p in board.players}
    if ability.state == "most creatures":
        return all(len(creatures.get(player, [])) >= len(v) for v in creatures.values())
    # "shared type": some creature type is had by `count` of their creatures (205.3m)
    seen: dict[str, int] = {}
    for c in creatures.get(player, []):
        for t in set(c.subtypes):
            seen[t] = seen.get(t, 0) + 1
    return any(n >= ability.count for n in seen.values())


def defender_controls(board: Board, player: str, ability: DefenderControls,
                      you: str | None = None) -> bool:
    """Whether ``player`` (a defending player, 508.5) controls at least ``ability.count``
    permanents matching ``ability.quality`` (rules round 2; 508.1c, 509.1b) — or, with
    ``ability.versus_you`` (h4), whether ``you`` (the ability's controller) controls more of
    them than ``player``."""
    if ability.versus_you:
        def count(who: str | None) -> int:
            return sum(1 for perm in board.controlled_by(who) if ability.quality is None
                       or matches_quality(board, perm, ability.quality)) if who else 0
        return count(you) > count(player)
    if ability.state:
        return _defender_state(board, player, ability)
    n = 0
    for perm in board.controlled_by(player):
        if ability.quality is None or matches_quality(board, perm, ability.quality) or any(
                matches_quality(board, perm, q) for q in ability.alternatives):
            n += 1
            if n >= ability.count:
                return True
    return False
