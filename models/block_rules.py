"""From a board and its attacking creatures to the block declaration problems (CR 509.1, 802.4).

:func:`block_problems` reads ``combat.attackers`` and writes down, for each defending player
in APNAP order (802.4: each defending player declares separately, judged on their own), the
:class:`redzone.models.block_problem.BlockProblem` 509.1 asks of their declaration:

- 509.1a: which creatures can block at all (untapped; "can't block"; decayed) and what each
  may block: only creatures attacking that player, a planeswalker they control or a battle
  they protect (310.9c, 802.4a); how many attackers each may block at once ("can block an
  additional creature", "any number of creatures").
- 509.1b: restrictions on each (blocker, attacker) pair — flying and reach (702.9b, 702.17b),
  shadow (702.28b), horsemanship (702.31b), fear (702.36b), intimidate (702.13b), skulk
  (702.118b), landwalk (702.14c), protection (702.16f), "can't be blocked [by / except by
  ...]", "can block only creatures with flying", "can't block creatures with ..." — go into
  ``allowed``; group restrictions (menace 702.111b and "except by N or more", "not by more
  than N", Tromokratis' all-or-nothing, can't block alone, N others, greater power, caps)
  into ``restrictions``.
- 509.1c: requirements — "blocks each combat if able" (each instance counts), Lure-type "all
  creatures able to block X do so" (one per potential blocker), "must be blocked [by ...] if
  able", and ``effects.must_block`` (provoke 702.39a and "blocks X this turn if able").
- 509.1d-f: block taxes per blocking creature or per (blocker, attacker) pair, and the
  defending player's mana.

No solving happens here; see ``redzone.solver.block.solve``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from redzone.models.abilities import (
    Ability,
    AllMustBlock,
    BlockCap,
    BlocksEachCombat,
    BlockTax,
    CanBlockAdditional,
    CanBlockOnlyFliers,
    CanBlockAsThoughReach,
    CanBlockShadow,
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedByMoreThan,
    CantBeBlockedExceptBy,
    CantBeBlockedExceptByAtLeast,
    CantBeBlockedUnlessAllBlock,
    CantBlock,
    CantBlockAlone,
    CantBlockCreatures,
    DefenderControls,
    TappedCanBlock,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
    Landwalk,
    LandwalkIgnored,
    MustBeBlocked,
    Protection,
    Quality,
)
from redzone.models.attack_rules import defender_controls
from redzone.models.block_problem import (
    AllOrNothing,
    BlockerCap,
    BlockerNotAlone,
    BlockProblem,
    BlockRequirement,
    BlockRestriction,
    GreaterPowerBlocker,
    MaxBlockers,
    MinBlockers,
    MinOtherBlockers,
)
from redzone.models.battlefield import Board, Permanent, matches_quality, protection_extra
from redzone.models.errors import ScenarioError
from redzone.models.layers import BASIC_LAND_TYPES
from redzone.models.limits import check_time
from redzone.models.parser import singular

__all__ = [
    "attack_bands",
    "attacked_players",
    "block_problem",
    "block_problems",
    "defending_player_of",
    "matches_quality",
    "sub_block_problem",
    "uniform_block_rules",
]

_NO_ATTACKER = "there is no attacking creature it may block (CR 509.1b)"

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_PLURALS = {
    "artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
    "lands": "Land", "planeswalkers": "Planeswalker", "battles": "Battle",
}


# ------------------------------------------------------------------ qualities


def _describe(q: Quality) -> str:
    """A short phrase for a quality, for messages."""
    parts: list[str] = []
    parts += [f"{c}" for c in q.colors]
    parts += [f"non-{c}" for c in q.exclude_colors]
    parts += list(q.types) + list(q.subtypes) + [f"non-{s}" for s in q.exclude_subtypes]
    parts += [f"with {k}" for k in q.keywords] + [f"without {k}" for k in q.without_keywords]
    if q.power_at_most is not None:
        parts.append(f"power {q.power_at_most} or less")
    if q.power_at_least is not None:
        parts.append(f"power {q.power_at_least} or greater")
    if q.toughness_at_most is not None:
        parts.append(f"toughness {q.toughness_at_most} or less")
    if q.toughness_at_least is not None:
        parts.append(f"toughness {q.toughness_at_least} or greater")
    if q.power_vs is not None:
        parts.append(f"{q.power_vs} power")
    if q.toughness_over_power:
        parts.append("toughness greater than power")
    parts += [s.lower() for s in q.supertypes]
    if q.token is not None:
        parts.append("token" if q.token else "nontoken")
    for flag, word in ((q.equipped, "equipped"), (q.enchanted_or_equipped, "enchanted or equipped"),
                       (q.modified, "modified"), (q.enchanted, "enchanted"),
                       (q.commander, "commander")):
        if flag is not None:
            parts.append(word if flag else f"not {word}")
    return " ".join(parts) or "any creature"


def _protected_from(quality: str, blocker: Permanent) -> bool:
    """Whether protection from ``quality`` keeps ``blocker`` from blocking (702.16f)."""
    q = quality.lower()
    if q in ("everything", "creatures"):
        return True
    extra = protection_extra(q, blocker)  # h4: snow, legendary creatures, non-Squirrels, ...
    if extra is not None:
        return extra
    if q in _COLOR_WORDS:
        return _COLOR_WORDS[q] in blocker.colors
    if q == "each color":
        return len(blocker.colors) > 0
    if q == "multicolored":
        return len(blocker.colors) >= 2
    if q == "monocolored":
        return len(blocker.colors) == 1
    if q == "colorless":
        return len(blocker.colors) == 0
    if q in _TYPE_PLURALS:
        return _TYPE_PLURALS[q] in blocker.types

    one = singular(quality) or quality
    return one.lower() in (s.lower() for s in blocker.subtypes)


def _controls_land_for_walk(board: Board, player: str, land: str) -> bool:
    """Whether ``player`` controls a land that a ``land``walk ability names (702.14c-d)."""
    for p in board.controlled_by(player):
        if "Land" not in p.types:
            continue
        supers = {s.lower() for s in p.supertypes}
        if land == "nonbasic":
            if "basic" not in supers:
                return True
        elif land in ("legendary", "snow"):
            if land in supers:
                return True
        elif land == "artifact":
            if "Artifact" in p.types:
                return True
        elif land.startswith("snow "):
            if "snow" in supers and land[5:] in p.subtypes:  # h4: "snow swampwalk"
                return True
        elif land and land in p.subtypes:
            return True
    return False


def _own_and_granted(board: Board, perm: Permanent, kind: type[Ability]) -> list[tuple[Ability, Permanent]]:
    """Abilities of class ``kind`` the permanent has itself or is granted, with their source."""
    out: list[tuple[Ability, Permanent]] = [(a, perm) for a in perm.abilities if isinstance(a, kind)]
    out += [(a, src) for a, src in board.granted(perm) if isinstance(a, kind)]
    return out


# ------------------------------------------------------------------ attackers and players


def defending_player_of(board: Board, attacker: str, target: str) -> str:
    """The defending player for an attacking creature that attacks ``target`` (508.5, 310.9d):
    the player itself, the planeswalker's controller, or the battle's protector.

    Raises :class:`ScenarioError` when ``attacker`` is not a creature or ``target`` is none
    of those.
    """
    creature = board.permanents.get(attacker)
    if creature is None or not creature.is_creature:
        raise ScenarioError(f"combat.attackers.{attacker}", f"{attacker!r} is not a creature, so it can't be attacking")
    perm = board.permanents.get(target)
    if board.is_player(target):
        defender = target
    elif perm is not None and "Planeswalker" in perm.types:
        defender = perm.controller
    elif perm is not None and "Battle" in perm.types and perm.protector:
        defender = perm.protector
    else:
        raise ScenarioError(f"combat.attackers.{attacker}",
                            f"it attacks {target!r}, which is not a player, planeswalker or battle (CR 506.3)")
    if creature.controller != board.active_player:
        raise ScenarioError(f"combat.attackers.{attacker}",
                            f"{creature.label} is controlled by {creature.controller}, but only the "
                            f"active player's creatures attack ({board.active_player} is the active "
                            "player; CR 508.1a)")
    if defender == creature.controller:
        raise ScenarioError(f"combat.attackers.{attacker}",
                            f"{creature.label} attacks {target}, but {defender} controls it: a creature "
                            f"attacks an opponent, their planeswalker or a battle they protect (CR 506.3, 508.5)")
    return defender


def _attack_map(board: Board, attackers: dict[str, str] | None) -> dict[str, str]:
    if attackers is not None:
        return dict(attackers)
    combat = getattr(board.scenario, "combat", None)
    return dict(combat.attackers) if combat is not None else {}


def attacked_players(board: Board, attackers: dict[str, str] | None = None) -> list[str]:
    """Defending players with at least one creature attacking them (or their planeswalkers /
    battles they protect), in APNAP order: turn order starting after the active player
    (802.4, 101.4)."""
    amap = _attack_map(board, attackers)
    hit = {defending_player_of(board, a, t) for a, t in amap.items()}
    order = [p.name for p in board.players]
    i = order.index(board.active_player)
    order = order[i:] + order[:i]  # APNAP: the active player first (never attacked), then turn order
    return [p for p in order if p in hit]


def block_problems(board: Board, attackers: dict[str, str] | None = None, *,
                   only_pairs: Mapping[str, Sequence[str]] | None = None) -> list[BlockProblem]:
    """One :class:`BlockProblem` per defending player, in APNAP order (802.4).

    ``attackers``: attacking creature id -> what it attacks (default: the scenario's
    ``combat.attackers``). ``only_pairs`` (blocking creature id -> attacker ids): judge only
    these (blocker, attacker) pairs, as when checking a declared block against its
    availability rules and restrictions (509.1a-b) on a large board; see
    :func:`block_problem`. Raises :class:`ScenarioError` for an attacker that is not a
    creature or attacks something that is not a player, planeswalker or battle.
    """
    amap = _attack_map(board, attackers)
    board = _declaring(board, amap)
    return [block_problem(board, p, amap, only_pairs=only_pairs)
            for p in attacked_players(board, amap)]


def _declaring(board: Board, amap: dict[str, str]) -> Board:
    """The board as it stands while blockers are declared for the attack ``amap``:
    combat-dependent effects (CR 506.4, 611.3a) apply to the attacking creatures, and to no
    blocking creature yet. The board itself when that is already so."""
    if not board.has_combat_effects:
        return board
    combat = getattr(board.scenario, "combat", None)
    if combat is not None and dict(combat.attackers) == amap and not any(combat.blockers.values()):
        return board
    if getattr(board, "_declaring_for", None) == amap:
        return board
    view = board.with_combat(amap, None)
    view._declaring_for = amap  # type: ignore[attr-defined]
    return view


# ------------------------------------------------------------------ one defending player


@dataclass
class _Attacker:
    """What the pair rules need to know about one attacking creature."""

    perm: Permanent
    flying: bool
    shadow: bool
    horsemanship: bool
    fear: bool
    intimidate: bool
    skulk: bool
    unblockable: str | None
    protections: list[tuple[str, str]] = field(default_factory=list)  # (quality, source label)
    not_by: list[tuple[CantBeBlockedBy, str, Permanent]] = field(default_factory=list)  # + source
    only_by: list[tuple[CantBeBlockedExceptBy, str]] = field(default_factory=list)


@dataclass
class _Blocker:
    """What the pair rules need to know about one potential blocker."""

    perm: Permanent
    flying_or_reach: bool
    shadow: bool
    blocks_shadow: bool
    horsemanship: bool
    fliers_only: str | None
    cant_block: list[tuple[CantBlockCreatures, str]] = field(default_factory=list)
    reach_versus: list[CanBlockAsThoughReach] = field(default_factory=list)
    """h27: attackers it blocks as though it had reach (Dragon Hunter)."""


def _attacker_facts(board: Board, a: Permanent, defender: str) -> _Attacker:
    kw = board.has_keyword
    unblockable = None
    for ability, source in board.abilities_affecting(a, CantBeBlocked):
        unblockable = f"{source.label} says it can't be blocked (CR 509.1b)"
        break
    if unblockable is None:
        for ability, source in board.abilities_affecting(a, DefenderControls):
            assert isinstance(ability, DefenderControls)
            if ability.effect == "can't be blocked" and defender_controls(
                    board, defender, ability, you=source.controller) != ability.unless:
                unblockable = f"{source.label}: {ability.text} ({defender} does; CR 509.1b)"
                break
    if unblockable is None:
        ignored = {x.land for x, _ in board.abilities_of_kind(LandwalkIgnored)}  # type: ignore[attr-defined]
        for ability, source in _own_and_granted(board, a, Landwalk):
            assert isinstance(ability, Landwalk)
            if ability.land in ignored:
                continue  # h4: "can be blocked as though they didn't have islandwalk"
            if _controls_land_for_walk(board, defender, ability.land):
                walk = f"{ability.land.lower()}walk" if ability.land in (
                    "Island", "Swamp", "Forest", "Mountain", "Plains", "Desert") else f"{ability.land} landwalk"
                unblockable = (f"it has {walk} and {defender} controls such a land (CR 702.14c)")
                break
    facts = _Attacker(
        perm=a, flying=kw(a, "flying"), shadow=kw(a, "shadow"), horsemanship=kw(a, "horsemanship"),
        fear=kw(a, "fear"), intimidate=kw(a, "intimidate"), skulk=kw(a, "skulk"),
        unblockable=unblockable)
    for ability, source in _own_and_granted(board, a, Protection):
        assert isinstance(ability, Protection)
        facts.protections.append((ability.quality, source.label))
    for ability, source in board.abilities_affecting(a, CantBeBlockedBy):
        assert isinstance(ability, CantBeBlockedBy)
        facts.not_by.append((ability, source.label, source))
    for ability, source in board.abilities_affecting(a, CantBeBlockedExceptBy):
        assert isinstance(ability, CantBeBlockedExceptBy)
        facts.only_by.append((ability, source.label))
    return facts


def _blocker_facts(board: Board, b: Permanent) -> _Blocker:
    kw = board.has_keyword
    fliers = board.abilities_affecting(b, CanBlockOnlyFliers)
    facts = _Blocker(
        perm=b, flying_or_reach=kw(b, "flying") or kw(b, "reach"), shadow=kw(b, "shadow"),
        blocks_shadow=bool(board.abilities_affecting(b, CanBlockShadow)),
        horsemanship=kw(b, "horsemanship"),
        fliers_only=fliers[0][1].label if fliers else None)
    for ability, source in board.abilities_affecting(b, CantBlockCreatures):
        assert isinstance(ability, CantBlockCreatures)
        facts.cant_block.append((ability, source.label))
    facts.reach_versus = [x for x, _ in board.abilities_affecting(b, CanBlockAsThoughReach)]  # type: ignore[misc]
    return facts


def _pair_reason(board: Board, b: _Blocker, a: _Attacker) -> str | None:
    """Why blocker ``b`` can't block attacker ``a`` (509.1b), or ``None`` if it may.

    All evasion abilities apply together: each one is a separate test here (509.1b).
    """
    bp, ap = b.perm, a.perm
    if a.unblockable:
        return a.unblockable
    if a.flying and not b.flying_or_reach and not any(
            matches_quality(board, ap, x.attackers, bp) for x in b.reach_versus):
        return f"{ap.label} has flying and {bp.label} has neither flying nor reach (CR 702.9b, 702.17b)"
    if a.shadow and not (b.shadow or b.blocks_shadow):
        return f"{ap.label} has shadow and {bp.label} doesn't (CR 702.28b)"
    if b.shadow and not a.shadow:
        return f"{bp.label} has shadow, so it can block only creatures with shadow (CR 702.28b)"
    if a.horsemanship and not b.horsemanship:
        return f"{ap.label} has horsemanship and {bp.label} doesn't (CR 702.31b)"
    if a.fear and not ("Artifact" in bp.types or "B" in bp.colors):
        return f"{ap.label} has fear and {bp.label} is neither an artifact creature nor black (CR 702.36b)"
    if a.intimidate and not ("Artifact" in bp.types or set(bp.colors) & set(ap.colors)):
        return (f"{ap.label} has intimidate and {bp.label} is neither an artifact creature nor shares "
                f"a color with it (CR 702.13b)")
    if a.skulk and (bp.power or 0) > (ap.power or 0):
        return f"{ap.label} has skulk and {bp.label} has greater power (CR 702.118b)"
    for quality, source in a.protections:
        if _protected_from(quality, bp):
            return f"{ap.label} has protection from {quality} ({source}) (CR 702.16f)"
    for ability, source, holder in a.not_by:
        if not board.affects(ap, ability.blockers, bp):
            continue
        versus = holder if ability.versus_source else ap
        if ability.quality is not None and not matches_quality(board, bp, ability.quality, versus):
            continue
        what = _describe(ability.quality) if ability.quality else ", ".join(ability.blockers.subtypes)
        return f"{source} says {ap.label} can't be blocked by {what} creatures (CR 509.1b)"
    for ability, source in a.only_by:
        if not any(matches_quality(board, bp, q, ap) for q in ability.qualities):
            what = " or ".join(_describe(q) for q in ability.qualities)
            return f"{source} says {ap.label} can't be blocked except by {what} creatures (CR 509.1b)"
    if b.fliers_only and not a.flying:
        return f"{b.fliers_only} says {bp.label} can block only creatures with flying (CR 509.1b)"
    for ability, source in b.cant_block:
        for q in ability.qualities:
            if matches_quality(board, ap, q, bp):
                return f"{source} says {bp.label} can't block {_describe(q)} creatures (CR 509.1b)"
    return None


def _unable_to_block(board: Board, b: Permanent) -> str | None:
    """Why ``b`` can't block at all (509.1a-b), or ``None``."""
    if b.tapped and not board.abilities_affecting(b, TappedCanBlock):
        return "it is tapped (CR 509.1a)"  # h17: unless "tapped creatures can block"
    found = board.abilities_affecting(b, CantBlock)
    if found:
        return f"{found[0][1].label} says it can't block (CR 509.1b)"
    return None


def _x_value(board: Board, tax: BlockTax, source: Permanent, blocker: Permanent) -> int:
    """X of an X-form block tax (0 when there is no X)."""
    if tax.x is None:
        return 0
    if tax.x.what == "counters":
        if tax.x.counter is not None:  # h17: "for each +1/+1 counter on it"
            return max(0, blocker.counters.get(tax.x.counter, 0))
        return sum(max(0, n) for n in blocker.counters.values())
    if tax.x.what == "cards in hand":  # the stated hand (board.build_board reports it unstated)
        return len(board.player(source.controller).hand or ())
    if tax.x.what == "basic land types":  # domain (305.6)
        return len({t for p in board.controlled_by(source.controller) if "Land" in p.types
                    for t in p.subtypes if t in BASIC_LAND_TYPES})
    return sum(
        1 for p in board.controlled_by(source.controller)
        if set(tax.x.types) & set(p.types) or set(tax.x.subtypes) & set(p.subtypes)
    )


def block_problem(board: Board, defending_player: str,
                  attackers: dict[str, str] | None = None, *,
                  only_pairs: Mapping[str, Sequence[str]] | None = None) -> BlockProblem:
    """The declare-blockers problem of ``defending_player`` (CR 509.1, 802.4).

    ``attackers``: attacking creature id -> what it attacks (default ``combat.attackers``);
    only those whose defending player is ``defending_player`` enter the problem. Returns a
    :class:`BlockProblem` (see its docstring for the shape). Raises :class:`ScenarioError`
    for a malformed attack (see :func:`defending_player_of`).

    ``only_pairs`` (blocking creature id -> attacker ids; ``None``: all): only these pairs
    are judged (509.1a-b); every other creature gets no allowed pair. Restrictions are still
    built from every creature and attacker, so
    :func:`redzone.models.block_problem.restriction_violations` of a declaration within
    ``only_pairs`` is exact — in time linear in the declaration instead of blockers x
    attackers. Such a problem is for checking restrictions only, never for planning or for
    requirements.
    """
    amap = _attack_map(board, attackers)
    board = _declaring(board, amap)
    mine = [a for a, t in amap.items() if defending_player_of(board, a, t) == defending_player]
    attacking = set(amap)
    creatures = [c for c in board.creatures(defending_player) if c.id not in attacking]
    names = {p.id: p.name for p in board.permanents.values()}

    judged_attackers = mine
    if only_pairs is not None:  # only the attackers some judged pair names
        named = {a for attackers in only_pairs.values() for a in attackers}
        judged_attackers = [a for a in mine if a in named]
    afacts = {}
    for i, a in enumerate(judged_attackers):
        if (i & 63) == 63:
            check_time("building the block problem")  # 2,000 attackers: a second (issue 25 §1)
        afacts[a] = _attacker_facts(board, board.permanents[a], defending_player)
    allowed: dict[str, tuple[str, ...]] = {}
    unable: dict[tuple[str, str], str] = {}
    capacity: dict[str, int | None] = {}
    for c in creatures:
        check_time("building the block problem")
        if only_pairs is not None and not only_pairs.get(c.id):
            allowed[c.id] = ()
            continue
        reason = _unable_to_block(board, c)
        if reason is not None:
            unable[(c.id, "")] = reason
            allowed[c.id] = ()
            continue
        bf = _blocker_facts(board, c)
        ok: list[str] = []
        judged = mine if only_pairs is None else [a for a in dict.fromkeys(only_pairs[c.id]) if a in afacts]
        for a in judged:
            why = _pair_reason(board, bf, afacts[a])
            if why is None:
                ok.append(a)
            else:
                unable[(c.id, a)] = why
        allowed[c.id] = tuple(ok)
        if not ok and judged:
            unable.setdefault((c.id, ""), _NO_ATTACKER)
        extra: int | None = 0
        for ability, _ in board.abilities_affecting(c, CanBlockAdditional):
            assert isinstance(ability, CanBlockAdditional)
            if ability.count is None or extra is None:
                extra = None
            elif ability.per_attached is not None:  # h17: "for each Equipment attached to it"
                extra += ability.count * sum(1 for p in board.permanents.values()
                                             if p.attached_to == c.id and ability.per_attached in p.subtypes)
            else:
                extra += ability.count
        if extra != 0:
            # 509.1a: card text may let a creature block more than one attacker.
            capacity[c.id] = None if extra is None else 1 + extra

    restrictions: list[BlockRestriction] = []
    for a in mine:
        perm = board.permanents[a]
        if board.has_keyword(perm, "menace"):
            restrictions.append(MinBlockers(a, 2, f"{perm.label} (menace)"))
        for ability, source in board.abilities_affecting(perm, CantBeBlockedExceptByAtLeast):
            assert isinstance(ability, CantBeBlockedExceptByAtLeast)
            restrictions.append(MinBlockers(a, ability.minimum, source.label))
        for ability, source in board.abilities_affecting(perm, CantBeBlockedByMoreThan):
            assert isinstance(ability, CantBeBlockedByMoreThan)
            restrictions.append(MaxBlockers(a, ability.maximum, source.label))
        for ability, source in board.abilities_affecting(perm, CantBeBlockedUnlessAllBlock):
            # "all creatures defending player controls", tapped ones included.
            restrictions.append(AllOrNothing(a, tuple(c.id for c in creatures), source.label))
    for c in creatures:
        for ability, source in board.abilities_affecting(
                c, (CantBlockAlone, CantBlockUnlessOthersBlock, CantBlockUnlessGreaterPowerBlocks)):
            if isinstance(ability, CantBlockAlone):
                restrictions.append(BlockerNotAlone(c.id, source.label))
            elif isinstance(ability, CantBlockUnlessOthersBlock):
                restrictions.append(MinOtherBlockers(c.id, ability.count, source.label))
            else:
                restrictions.append(GreaterPowerBlocker(c.id, source.label))
    for ability, source in board.abilities_of_kind(BlockCap):
        assert isinstance(ability, BlockCap)
        # 802.4: each defending player's block is judged on its own, so a cap binds each.
        restrictions.append(BlockerCap(ability.maximum, source.label))
    restrictions = list(dict.fromkeys(restrictions))

    requirements: list[BlockRequirement] = []
    for c in creatures:
        for ability, source in board.abilities_affecting(c, BlocksEachCombat):
            # 509.1c: each instance is its own requirement.
            requirements.append(BlockRequirement(c.id, None, source.label, "blocks each combat if able"))
    for a in mine:
        perm = board.permanents[a]
        for ability, source in board.abilities_affecting(perm, AllMustBlock):
            assert isinstance(ability, AllMustBlock)
            # 509.1c: "all creatures able to block X do so" — one requirement per potential
            # blocker, obeyed only by blocking X.
            for c in creatures:
                if a not in allowed.get(c.id, ()):
                    continue
                if ability.blockers is not None and not matches_quality(board, c, ability.blockers, perm):
                    continue
                requirements.append(BlockRequirement(
                    c.id, a, source.label, f"blocks {perm.label} if able (all creatures able to block it do so)"))
        for ability, source in board.abilities_affecting(perm, MustBeBlocked):
            assert isinstance(ability, MustBeBlocked)
            by = None
            what = ""
            if ability.by is not None:
                by = frozenset(c.id for c in creatures if matches_quality(board, c, ability.by, perm))
                what = f" by {_describe(ability.by)}"
            if ability.maximum == ability.minimum:
                count = f" by exactly {ability.minimum} creature(s)"
            elif ability.minimum > 1:
                count = f" by {ability.minimum} or more creatures"
            else:
                count = ""
            requirements.append(BlockRequirement(
                None, a, source.label, f"{perm.label} must be blocked{count}{what} if able",
                minimum=ability.minimum, maximum=ability.maximum, by=by))
    requirements.extend(_effect_requirements(board, defending_player, mine, creatures))

    blocker_costs: dict[str, int] = {}
    pair_costs: dict[tuple[str, str], int] = {}
    blocker_life_costs: dict[str, int] = {}
    pair_life_costs: dict[tuple[str, str], int] = {}
    cost_sources: dict[str, tuple[str, ...]] = {}
    for ability, source in board.abilities_of_kind(BlockTax):
        assert isinstance(ability, BlockTax)
        if ability.while_attacking and source.id not in amap:
            continue  # "as long as this creature is attacking"
        for c in creatures:
            if not board.affects(source, ability.affected, c):
                continue
            amount = ability.generic + _x_value(board, ability, source, c)
            # 107.4f, 119.4: a Phyrexian symbol is paid with one mana of its colour or 2 life;
            # the scenario's mana is generic, so redzone pays it with life.
            life = 2 * len(ability.phyrexian)
            if amount <= 0 and life <= 0:
                continue
            if ability.attackers is None:
                if amount > 0:
                    blocker_costs[c.id] = blocker_costs.get(c.id, 0) + amount
                if life > 0:
                    blocker_life_costs[c.id] = blocker_life_costs.get(c.id, 0) + life
                cost_sources[c.id] = cost_sources.get(c.id, ()) + (source.label,)
                continue
            for a in mine:
                if board.affects(source, ability.attackers, board.permanents[a]):
                    if amount > 0:
                        pair_costs[(c.id, a)] = pair_costs.get((c.id, a), 0) + amount
                    if life > 0:
                        pair_life_costs[(c.id, a)] = pair_life_costs.get((c.id, a), 0) + life
                    key = f"{c.id}->{a}"
                    cost_sources[key] = cost_sources.get(key, ()) + (source.label,)

    power = {c.id: c.power or 0 for c in creatures}
    mine_set = set(mine)
    bands = tuple(band for band in attack_bands(board, amap) if set(band) <= mine_set)
    return BlockProblem(
        defending_player=defending_player,
        attackers=tuple(mine),
        blockers=tuple(c.id for c in creatures),
        allowed=allowed,
        capacity=capacity,
        power=power,
        restrictions=tuple(restrictions),
        requirements=tuple(requirements),
        blocker_costs=blocker_costs,
        pair_costs=pair_costs,
        cost_sources=cost_sources,
        mana=board.player(defending_player).mana,
        blocker_life_costs=blocker_life_costs,
        pair_life_costs=pair_life_costs,
        life=board.player(defending_player).life,
        unable=unable,
        names=names,
        bands=bands,
    )


def uniform_block_rules(board: Board) -> bool:
    """Whether the defending player's :class:`BlockProblem` for any attack is the one for
    every attacking creature, cut down to that attack (:func:`sub_block_problem`): two
    players (one defending player, 802.4), no combat-dependent power or toughness (506.4,
    611.3a), no scenario effects (``effects.must_block``), no attacking bands (702.22h) and
    no block tax that applies only while its source attacks (509.1d). Then every part of
    the problem is about one blocker, one attacker or one (blocker, attacker) pair."""
    if len(board.players) != 2 or board.has_combat_effects:
        return False
    scenario = board.scenario
    if getattr(scenario, "effects", None) or getattr(getattr(scenario, "combat", None), "bands", None):
        return False
    return not any(isinstance(a, BlockTax) and a.while_attacking
                   for a, _ in board.abilities_of_kind(BlockTax))


def sub_block_problem(full: BlockProblem, attackers: Sequence[str]) -> BlockProblem:
    """``full`` (a defending player's :func:`block_problem` for a set of attacking creatures)
    cut down to ``attackers`` (some of them, in ``combat.attackers`` order): the problem
    :func:`block_problem` builds for that attack when :func:`uniform_block_rules` holds —
    the same blockers, pairs, restrictions, requirements and costs, those naming another
    attacker left out, in the same order. Linear in blockers x attackers, no ability
    lookups (the AI weighs thousands of attacks on one board)."""
    keep = set(attackers)
    allowed: dict[str, tuple[str, ...]] = {}
    unable: dict[tuple[str, str], str] = {}
    for c in full.blockers:
        check_time("building the block problem")  # 500 a side: a second (issue 25 §1)
        why = full.unable.get((c, ""))
        if why is not None and why != _NO_ATTACKER:  # it can't block at all (509.1a-b)
            allowed[c] = ()
            unable[(c, "")] = why
            continue
        may = set(full.allowed.get(c, ()))  # a set: attackers x blockers look-ups, not x^2
        allowed[c] = ok = tuple(a for a in attackers if a in may)
        for a in attackers:
            got = full.unable.get((c, a))
            if got is not None:
                unable[(c, a)] = got
        if not ok and attackers:
            unable[(c, "")] = _NO_ATTACKER
    by_attacker: dict[str, list[BlockRestriction]] = {}
    other: list[BlockRestriction] = []
    for r in full.restrictions:
        named = getattr(r, "attacker", None)
        if named is None:
            other.append(r)
        elif named in keep:
            by_attacker.setdefault(named, []).append(r)
    per_blocker = [q for q in full.requirements if q.attacker is None]
    by_attacker_q: dict[str, list[BlockRequirement]] = {}
    for q in full.requirements:
        if q.attacker is not None and q.attacker in keep:
            by_attacker_q.setdefault(q.attacker, []).append(q)
    pair_costs = {(c, a): n for (c, a), n in full.pair_costs.items() if a in keep}
    blockers = set(full.blockers)
    cost_sources = {k: v for k, v in full.cost_sources.items() if k in blockers}
    for c, a in pair_costs:
        cost_sources[f"{c}->{a}"] = full.cost_sources[f"{c}->{a}"]
    return replace(
        full, attackers=tuple(attackers), allowed=allowed, unable=unable,
        restrictions=tuple([r for a in attackers for r in by_attacker.get(a, ())] + other),
        requirements=tuple(per_blocker + [q for a in attackers for q in by_attacker_q.get(a, ())]),
        pair_costs=pair_costs, cost_sources=cost_sources)


def attack_bands(board: Board, attackers: dict[str, str] | None = None) -> list[tuple[str, ...]]:
    """The scenario's attacking bands (``combat.bands``, 702.22c), checked: each band has at
    least two attacking creatures, all attacking the same player, planeswalker or battle,
    all but at most one of them with banding (702.22c), and no creature is in two bands.

    ``attackers`` (id -> what it attacks; default ``combat.attackers``) says who attacks; a
    band naming a creature that is not attacking there is an error. Raises
    :class:`ScenarioError` naming ``combat.bands[j]``.
    """
    combat = getattr(board.scenario, "combat", None)
    raw = list(getattr(combat, "bands", None) or [])
    amap = _attack_map(board, attackers)
    seen: dict[str, int] = {}
    out: list[tuple[str, ...]] = []
    for j, band in enumerate(raw):
        where = f"combat.bands[{j}]"
        members = tuple(dict.fromkeys(band))
        if len(members) < 2:
            raise ScenarioError(where, "a band has at least two attacking creatures (CR 702.22c)")
        for a in members:
            if a not in amap:
                raise ScenarioError(where, f"{a!r} is not an attacking creature (see combat.attackers)")
            if a in seen:
                raise ScenarioError(where, f"{a!r} is already in combat.bands[{seen[a]}]; a creature "
                                           "is in at most one band (CR 702.22c)")
            seen[a] = j
        if len({amap[a] for a in members}) > 1:
            raise ScenarioError(where, "the creatures of a band all attack the same player, "
                                       "planeswalker or battle (CR 702.22c)")
        without = [a for a in members if not board.has_keyword(board.permanents[a], "banding")]
        if len(without) > 1:
            names = ", ".join(board.permanents[a].label for a in without)
            raise ScenarioError(where, f"a band has at most one creature without banding; "
                                       f"{names} have none (CR 702.22c)")
        out.append(members)
    return out


def _effect_requirements(board: Board, defending_player: str, attackers: list[str],
                         creatures: list[Permanent]) -> list[BlockRequirement]:
    """``effects.must_block`` (provoke 702.39a, "blocks X this turn if able"): one
    requirement each, obeyed only by that creature blocking that attacker (509.1c)."""
    out: list[BlockRequirement] = []
    mine = {c.id for c in creatures}
    for effect in getattr(board.scenario, "effects", None) or []:
        must = getattr(effect, "must_block", None)
        if must is None or must.blocker not in mine or must.attacker not in attackers:
            continue
        label = board.permanents[must.attacker].label
        out.append(BlockRequirement(must.blocker, must.attacker, "effect",
                                    f"blocks {label} this combat if able"))
    return out
