"""How much damage is dealt, once assigned: prevention and replacement effects that
:func:`redzone.models.outcome.deal_damage` applies to each event before the damage is dealt
(CR 120.4b).

It holds the static-ability look-ups of one batch of damage: protection qualities (702.16a,
:func:`has_quality`), prevention (615: protection 702.16e, "prevent all damage" effects and
statics, counters removed to prevent damage, "can't be prevented" 615.12), damage modifiers
(doubling, halving and the like, 614.1a, applied in the order that 616.1 lets the affected
player choose), redirection (Pariah-type effects, 614.1a), life floors (Worship, 614.1a) and
damage turned into counters (Phytohydra, 614.1a). Abilities granted by a permanent that has
left the battlefield stop applying (611.3).

Pure Python; never imports ortools.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from redzone.models.abilities import (
    ANY_SOURCE,
    Ability,
    DamageCantBePrevented,
    DamageKind,
    DamageAsCounters,
    DamageModifier,
    Keyword,
    LifeFloor,
    LifeGain,
    PreventDamage,
    PreventDamageToPlayer,
    Protection,
    RedirectDamage,
    SourceFilter,
)
from redzone.models.battlefield import Board, Permanent, in_combat, protection_extra
from redzone.models.game_state import GameState
from redzone.models.parser import singular

__all__ = ["has_quality", "life_gained"]


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_WORDS = {
    "artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
    "lands": "Land", "planeswalkers": "Planeswalker", "battles": "Battle",
    "instants": "Instant", "sorceries": "Sorcery",
}


def has_quality(source: Permanent, quality: str) -> bool:
    """Whether ``source`` has the quality a :class:`redzone.models.abilities.Protection` names
    (CR 702.16a): a colour word, ``"each color"`` (any colour), ``"multicolored"``,
    ``"monocolored"``, ``"colorless"``, ``"everything"``, a plural card type
    (``"artifacts"``) or a plural subtype (``"goblins"``)."""
    q = quality.lower()
    colors = set(source.colors)
    if q == "everything":
        return True
    extra = protection_extra(q, source)  # h4: snow, legendary creatures, non-Squirrels, ...
    if extra is not None:
        return extra
    if q in _COLOR_WORDS:
        return _COLOR_WORDS[q] in colors
    if q == "each color":
        return bool(colors)
    if q == "multicolored":
        return len(colors) >= 2
    if q == "monocolored":
        return len(colors) == 1
    if q == "colorless":
        return not colors
    if q in _TYPE_WORDS:
        return _TYPE_WORDS[q] in source.types
    one = (singular(q) or q).lower()
    return any(s.lower() == one for s in source.subtypes)


def _present(board: Board, state: GameState, holder: Permanent) -> bool:
    return holder.id in board.permanents and state.on_battlefield(holder.id)


def _abilities(board: Board, state: GameState, perm: Permanent, cls: type[Ability]) -> list[Ability]:
    """``perm``'s own abilities of class ``cls`` plus those granted to it by permanents still
    on the battlefield (CR 611.3)."""
    out: list[Ability] = [a for a in perm.abilities if isinstance(a, cls)]
    for ability, grantor in board.granted(perm):
        if isinstance(ability, cls) and _present(board, state, grantor):
            out.append(ability)
    return out


def _keyword(board: Board, state: GameState, perm: Permanent, name: str) -> bool:
    return any(a.name == name for a in _abilities(board, state, perm, Keyword))  # type: ignore[attr-defined]


def _kind_applies(kind: DamageKind, combat: bool) -> bool:
    return kind == "any" or (kind == "combat") == combat


def _source_matches(board: Board, f: SourceFilter, holder: Permanent, source: Permanent) -> bool:
    if f.self_only and source.id != holder.id:
        return False
    if f.other and source.id == holder.id:
        return False
    if f.controller == "you" and source.controller != holder.controller:
        return False
    if f.controller == "opponents" and (
        source.controller == holder.controller
        or source.controller not in board.opponents(holder.controller)
    ):
        return False
    if f.creature and not source.is_creature:
        return False
    if f.noncreature and source.is_creature:
        return False
    if f.colors or f.types:
        if not (set(f.colors) & set(source.colors) or set(f.types) & set(source.types)):
            return False
    if f.subtypes and not set(f.subtypes) & set(source.subtypes):
        return False
    if f.keywords and not any(board.has_keyword(source, k) for k in f.keywords):
        return False
    if f.supertypes and not set(f.supertypes) & set(source.supertypes):
        return False
    if f.enchanted and not any(p.attached_to == source.id and "Aura" in p.subtypes
                               for p in board.permanents.values()):
        return False
    if f.counters and not any(v > 0 for v in source.counters.values()):
        return False
    return True


def _controller_of(board: Board, recipient: str) -> str:
    """The player a recipient is or whose permanent it is."""
    if board.is_player(recipient):
        return recipient
    return board.permanents[recipient].controller


def _recipient_matches(board: Board, mod: DamageModifier, holder: Permanent, recipient: str) -> bool:
    you = holder.controller
    is_player = board.is_player(recipient)
    if not is_player and (mod.recipient_subtypes or mod.recipient_other):
        # h4: "a Cleric creature you control", "another Dinosaur you control"
        perm = board.permanents[recipient]
        if mod.recipient_other and perm.id == holder.id:
            return False
        if mod.recipient_subtypes and not set(mod.recipient_subtypes) & set(perm.subtypes):
            return False
    if mod.recipients == "you or your creatures":
        return recipient == you or (not is_player and board.permanents[recipient].is_creature
                                    and board.permanents[recipient].controller == you)
    if mod.recipients == "you or your permanents":
        return recipient == you or (not is_player and board.permanents[recipient].controller == you)
    if mod.recipients == "your planeswalkers":
        return (not is_player and board.permanents[recipient].is_a("Planeswalker")
                and board.permanents[recipient].controller == you)
    if mod.recipients == "attached":
        return recipient == holder.attached_to
    if mod.recipients == "any":
        return True
    if mod.recipients == "self":
        return recipient == holder.id
    if mod.recipients == "creatures":
        return not is_player and board.permanents[recipient].is_creature
    if mod.recipients == "your creatures":
        return (not is_player and board.permanents[recipient].is_creature
                and board.permanents[recipient].controller == you)
    if mod.recipients == "players":
        return is_player
    if mod.recipients == "you":
        return recipient == you
    if mod.recipients == "opponent players":
        return is_player and recipient in board.opponents(you)
    # "opponents": an opponent or a permanent an opponent controls
    return _controller_of(board, recipient) in board.opponents(you)


def _scenario_preventions(board: Board) -> list[Any]:
    effects = getattr(board.scenario, "effects", None) or []
    return [e.prevent_damage for e in effects if hasattr(e, "prevent_damage")]


@dataclass(frozen=True)
class _Statics:
    """The board-wide effects one batch of damage consults, gathered once per batch (not
    once per event: scanning every permanent for every event made a step quadratic)."""

    preventions: list[Any]
    to_players: list[tuple[Ability, Permanent]]
    unpreventable: list[tuple[Ability, Permanent]]
    modifiers: list[tuple[Ability, Permanent]]
    players: frozenset[str]
    redirects: list[tuple[Ability, Permanent]] = field(default_factory=list)

    @classmethod
    def of(cls, board: Board) -> _Statics:
        """Read ``board`` once: prevention effects, player-level prevention, "can't be
        prevented" statics and damage modifiers (own and granted), and the player names."""
        return cls(_scenario_preventions(board), board.abilities_of_kind(PreventDamageToPlayer),
                   board.abilities_of_kind(DamageCantBePrevented),
                   board.abilities_of_kind(DamageModifier),
                   frozenset(p.name for p in board.players),
                   board.abilities_of_kind(RedirectDamage))


def _prevention(board: Board, state: GameState, source: Permanent, recipient: str, combat: bool,
                statics: _Statics | None = None, *, besides_removal: bool = False) -> str | None:
    """Why damage from ``source`` to ``recipient`` is prevented, or ``None``. Every
    prevention redzone models prevents all such damage, so their order does not matter."""
    statics = statics or _Statics.of(board)
    rec = board.permanents.get(recipient)
    for effect in statics.preventions:
        if effect.combat and not combat:
            continue
        if effect.to is not None and effect.to != recipient:
            continue
        if effect.by is not None and effect.by != source.id:
            continue
        what = "combat damage" if effect.combat else "damage"
        scope = "".join([f" to {effect.to}" if effect.to else "", f" by {effect.by}" if effect.by else ""])
        return f"prevented: effect preventing all {what}{scope} (615)"
    if rec is not None:
        for p in _abilities(board, state, rec, Protection):
            if has_quality(source, p.quality):  # type: ignore[attr-defined]
                return f"prevented: protection from {p.quality} (702.16e)"  # type: ignore[attr-defined]
        for ability, holder in board.abilities_affecting(rec, PreventDamage):
            if besides_removal and ability.remove_counters != "none":  # type: ignore[attr-defined]
                continue
            if not _prevents_to(board, state, ability, holder, recipient, source, combat):  # type: ignore[arg-type]
                continue
            return f"prevented: {holder.label}: {ability.text or 'prevention'} (615)"
    for ability, holder in board.abilities_affecting(source, PreventDamage):
        if not ability.by or not _present(board, state, holder):  # type: ignore[attr-defined]
            continue
        if not _kind_applies(ability.damage, combat):  # type: ignore[attr-defined]
            continue
        wanted = ability.recipients  # type: ignore[attr-defined]
        if wanted != ANY_SOURCE and (rec is None or not _source_matches(board, wanted, holder, rec)):
            continue  # h4: "... would deal to red creatures" (Indentured Oaf)
        return f"prevented: {holder.label}: {ability.text or 'prevention'} (615)"
    if recipient in statics.players:
        for ability, holder in statics.to_players:
            if holder.controller != recipient or not _present(board, state, holder):
                continue
            if _kind_applies(ability.damage, combat) and (  # type: ignore[attr-defined]
                    ability.sources == ANY_SOURCE  # type: ignore[attr-defined]
                    or _source_matches(board, ability.sources, holder, source)):  # type: ignore[attr-defined]
                return f"prevented: {holder.label}: {ability.text or 'prevention'} (615)"
    return None


def _prevents_to(board: Board, state: GameState, ability: PreventDamage, holder: Permanent,
                 rec: str, source: Permanent, combat: bool) -> bool:
    """Whether ``ability`` (a :class:`PreventDamage` reaching permanent ``rec``) applies to
    damage from ``source`` to it: a prevention "to", of the right kind, from a creature when
    it says so, and — "while it has a +1/+1 counter on it" — with such a counter now."""
    if not ability.to or not _present(board, state, holder):
        return False
    if not _kind_applies(ability.damage, combat):
        return False
    if ability.from_creatures and not source.is_creature:
        return False
    if ability.from_blockers and (board.combat is None or (source.id, rec) not in board.combat.blocks):
        return False
    if ability.when is not None and (rec not in board.permanents or not in_combat(
            ability.when, board.permanents[rec], holder, board.combat)):
        return False
    if ability.from_blocked and (board.combat is None or (rec, source.id) not in board.combat.blocks):
        return False
    if ability.sources != ANY_SOURCE and not _source_matches(board, ability.sources, holder, source):
        return False
    if ability.while_counter and state.counters.get(rec, {}).get("+1/+1", 0) <= 0:
        return False
    return True


def _counters_removed(board: Board, state: GameState, source: Permanent, rec: str,
                      assigned: int, combat: bool, seen: set[tuple[int, str]],
                      statics: _Statics | None = None) -> tuple[int, str] | None:
    """+1/+1 counters an "If damage would be dealt to ~, prevent that damage and remove ..."
    ability takes off ``rec`` for damage from ``source`` (Phantom Centaur, Protean Hydra;
    CR 615, 614.1a): ``(count, note)`` or ``None``. ``"one"``: one counter for all the damage
    dealt at once (``seen`` holds the (ability, recipient) pairs already counted in this
    damage event); ``"amount"``: the damage prevented. Never more than the counters it has
    (the caller caps the total). When another prevention applies to the same damage
    (protection, a Fog, ...), the creature's controller applies that one first (616.1) and
    nothing is left for the counter-removing effect: no counter is removed — unless the
    damage can't be prevented (615.12), when the counter still goes (Phantom rulings)."""
    perm = board.permanents.get(rec)
    if perm is None:
        return None
    for ability, holder in board.abilities_affecting(perm, PreventDamage):
        assert isinstance(ability, PreventDamage)
        if ability.remove_counters == "none":
            continue
        if not _prevents_to(board, state, ability, holder, rec, source, combat):
            continue
        if _prevention(board, state, source, rec, combat, statics, besides_removal=True) is not None \
                and _unpreventable(board, state, source, combat, statics) is None:
            return None
        if ability.remove_counters == "one":
            key = (id(ability), rec)
            if key in seen:
                return None
            seen.add(key)
            n = 1
        else:
            n = assigned
        return n, f"{holder.label}: +1/+1 counters removed as damage is prevented (615)"
    return None


def _unpreventable(board: Board, state: GameState, source: Permanent, combat: bool,
                   statics: _Statics | None = None) -> str | None:
    for ability, holder in (statics or _Statics.of(board)).unpreventable:
        if not _present(board, state, holder):
            continue
        if _kind_applies(ability.damage, combat) and _source_matches(  # type: ignore[attr-defined]
                board, ability.sources, holder, source):  # type: ignore[attr-defined]
            return f"can't be prevented: {holder.label} (615.12)"
    return None


def _modifiers(board: Board, state: GameState, source: Permanent, recipient: str,
               combat: bool, statics: _Statics | None = None) -> list[tuple[DamageModifier, Permanent]]:
    out = []
    unpreventable: bool | None = None
    for ability, holder in (statics or _Statics.of(board)).modifiers:
        assert isinstance(ability, DamageModifier)
        if not _present(board, state, holder) or not _kind_applies(ability.damage, combat):
            continue
        if ability.prevention:
            # h4: "prevent 1 of that damage" is prevention: off under 615.12
            if unpreventable is None:
                unpreventable = _unpreventable(board, state, source, combat, statics) is not None
            if unpreventable:
                continue
        if _source_matches(board, ability.sources, holder, source) and _recipient_matches(
                board, ability, holder, recipient):
            out.append((ability, holder))
    return out


def _modify(board: Board, state: GameState, source: Permanent, recipient: str, amount: int,
            combat: bool, statics: _Statics | None = None) -> tuple[int, list[str]]:
    """Prevention, then replacement (see :func:`deal_damage`). ``statics``: the board's
    :class:`_Statics` when the caller deals many events (read from ``board`` otherwise)."""
    statics = statics or _Statics.of(board)
    notes: list[str] = []
    prevented = _prevention(board, state, source, recipient, combat, statics)
    if prevented is not None:
        unstoppable = _unpreventable(board, state, source, combat, statics)
        if unstoppable is None:
            return 0, [prevented]
        notes.append(unstoppable)
    mods = _modifiers(board, state, source, recipient, combat, statics)
    amount, steps = _least_damage_order(mods, amount)
    notes.extend(steps)
    return amount, notes


# ------------------------------------------- replacement forms of issue 10 (§3, CR 614.1a)


def _apply_modifier(mod: DamageModifier, amount: int) -> int:
    """One :class:`DamageModifier` applied to ``amount`` (see its docstring for the order:
    multiply, halve, add, subtract, cap)."""
    if mod.up_to is not None and amount > mod.up_to:
        return amount  # h17: "3 or less damage" (Callous Giant)
    amount *= mod.factor
    if mod.divide > 1:
        amount = -(-amount // mod.divide) if mod.round_up else amount // mod.divide
    amount = max(0, amount + mod.plus - mod.minus)
    if mod.cap is not None and amount >= mod.cap_from:
        amount = mod.cap
    return amount


def _describe_modifier(mod: DamageModifier) -> str:
    parts = []
    if mod.factor != 1:
        parts.append(f"×{mod.factor}")
    if mod.divide > 1:
        parts.append(f"÷{mod.divide} rounded {'up' if mod.round_up else 'down'}")
    if mod.plus:
        parts.append(f"+{mod.plus}")
    if mod.minus:
        parts.append(f"-{mod.minus}")
    if mod.cap is not None:
        parts.append(f"{mod.cap_from} or more becomes {mod.cap}")
    if mod.up_to is not None:
        parts.append(f"(only {mod.up_to} or less)")
    return " ".join(parts) or "unchanged"


def _least_damage_order(mods: list[tuple[DamageModifier, Permanent]],
                        amount: int) -> tuple[int, list[str]]:
    """Apply replacement effects in the order that gives the least damage.

    The affected player, or the controller of the affected permanent, orders replacement
    effects (CR 616.1); redzone takes the order that leaves the least damage (with doublers
    and additions: multiply first; with halving or a cap the order matters the other way
    round too). Ties keep scenario order. Returns the amount and one note per effect."""
    best: tuple[int, tuple[int, ...]] | None = None
    orders = permutations(range(len(mods))) if len(mods) <= 6 else [tuple(range(len(mods)))]
    for order in orders:
        value = amount
        for k in order:
            value = _apply_modifier(mods[k][0], value)
        if best is None or value < best[0]:
            best = (value, order)
    if best is None:
        return amount, []
    notes: list[str] = []
    value = amount
    for k in best[1]:
        mod, holder = mods[k]
        before = value
        value = _apply_modifier(mod, value)
        notes.append(f"{_describe_modifier(mod)}: {holder.label} ({before}→{value}; 120.4b, 614.1a)")
    return value, notes


def _redirected(board: Board, state: GameState, source: Permanent, recipient: str,
                combat: bool, statics: _Statics | None = None) -> tuple[str, list[str]]:
    """The recipient after "all damage that would be dealt to you is dealt to enchanted
    creature instead" effects (Pariah; CR 614.1a). The first applicable effect, in scenario
    order, applies once (616.1: each replacement effect applies at most once to an event);
    the new recipient must be a creature still on the battlefield."""
    statics = statics or _Statics.of(board)
    to_player = recipient in statics.players
    if not to_player and not statics.redirects:
        return recipient, []
    for ability, holder in statics.redirects:
        assert isinstance(ability, RedirectDamage)
        if not _present(board, state, holder) or not _kind_applies(ability.damage, combat):
            continue
        if ability.recipients != "you":
            continue
        if to_player and holder.controller != recipient:
            continue
        if not redirect_source_applies(board, ability, holder, source):  # h27
            continue
        if not to_player:
            # "you and other permanents you control" (Palisade Giant): another permanent of
            # the ability's controller.
            rec_perm = board.permanents.get(recipient)
            if not ability.and_permanents or rec_perm is None or rec_perm.id == holder.id \
                    or rec_perm.controller != holder.controller:
                continue
        new = holder.id if ability.to.kind == "self" else holder.attached_to
        if new is None or new not in board.permanents or not state.on_battlefield(new):
            continue
        if not board.permanents[new].is_creature:
            continue
        return new, [f"redirected from {recipient} to {board.permanents[new].label}: "
                     f"{holder.label} (614.1a)"]
    return recipient, []


def redirect_source_applies(board: Board, ability: RedirectDamage, holder: Permanent,
                            source: Permanent) -> bool:
    """h27: whether a redirection's source filter lets damage from ``source`` be redirected:
    ``sources`` (Martyrs of Korlis: artifacts) and ``unblocked_only`` (Veteran Bodyguard: an
    attacking creature no creature blocks, as the board's combat says, 509.1h)."""
    if not _source_matches(board, ability.sources, holder, source):
        return False
    if ability.unblocked_only:
        combat = board.combat
        if combat is None or source.id not in combat.attacking:
            return False
        if any(attacker == source.id for _, attacker in combat.blocks):
            return False
    return True


def _life_floor(board: Board, state: GameState, player: str) -> tuple[int, Permanent] | None:
    """The highest life floor that applies to damage dealt to ``player`` (Worship, Ali from
    Cairo; CR 614.1a — with several, the affected player applies them in the order that
    keeps the most life, 616.1), with its source; ``None`` when none does. Worship's "If you
    control a creature" looks at the creatures still on the battlefield as damage is dealt."""
    best: tuple[int, Permanent] | None = None
    for ability, holder in board.abilities_of_kind(LifeFloor):
        assert isinstance(ability, LifeFloor)
        if holder.controller != player or not _present(board, state, holder):
            continue
        if ability.needs_creature and not any(
                p.is_creature and state.on_battlefield(p.id) for p in board.controlled_by(player)):
            continue
        if best is None or ability.floor > best[0]:
            best = (ability.floor, holder)
    return best


def _as_counters(board: Board, state: GameState, recipient: str,
                 combat: bool) -> tuple[DamageAsCounters, Permanent] | None:
    """The "put that many +1/+1 counters on it instead" effect that applies to damage dealt
    to ``recipient`` (Phytohydra; CR 614.1a), or ``None``."""
    perm = board.permanents.get(recipient)
    if perm is None or not perm.is_creature:
        return None
    for ability, holder in board.abilities_affecting(perm, DamageAsCounters):
        assert isinstance(ability, DamageAsCounters)
        if ability.prevention:
            continue  # h38: the prevention form, :func:`prevented_as_counters`
        if _present(board, state, holder) and _kind_applies(ability.damage, combat):
            return ability, holder
    return None


# ------------------------------------- h38: damage prevented and turned into counters (615)


def prevented_as_counters(board: Board, state: GameState, source: Permanent, recipient: str,
                          assigned: int, combat: bool, statics: _Statics | None = None
                          ) -> tuple[DamageAsCounters, Permanent, int] | None:
    """The prevention form of :class:`DamageAsCounters` ("prevent that damage and put that
    many +1/+1 counters on it", Anti-Venom, Vigor, Phyrexian Hydra, Ironscale Hydra; CR 615)
    that applies to ``assigned`` damage from ``source`` to the creature ``recipient``:
    ``(ability, holder, counters to put)``, or ``None`` — then the damage is dealt as any
    other. Damage that can't be prevented (615.12) is not prevented and gives no counter.
    The creature's controller orders the prevention and replacement effects (616.1), taken
    as the order best for them: for +1/+1 counters this one may come before another
    prevention, and the damage modifiers (doubling, "prevent 1 of that damage") that raise
    the count come before it; for -1/-1 counters another prevention comes first (nothing is
    left to turn into counters) and the modifiers that lower the count come first. One
    counter per damage event for "put a +1/+1 counter" (``per_event``)."""
    perm = board.permanents.get(recipient)
    if perm is None or not perm.is_creature:
        return None
    for ability, holder in board.abilities_affecting(perm, DamageAsCounters):
        assert isinstance(ability, DamageAsCounters)
        if not ability.prevention or not _present(board, state, holder):
            continue
        if not _kind_applies(ability.damage, combat):
            continue
        if ability.sources != ANY_SOURCE and not _source_matches(board, ability.sources, holder,
                                                                 source):
            continue
        if _unpreventable(board, state, source, combat, statics) is not None:
            return None
        plus = ability.counter == "+1/+1"
        if not plus and _prevention(board, state, source, recipient, combat, statics) is not None:
            return None
        if ability.per_event:
            return ability, holder, 1
        mods = [m for m, _ in _modifiers(board, state, source, recipient, combat, statics)]
        reachable = {assigned}
        orders = permutations(mods) if len(mods) <= 6 else [tuple(mods)]
        for order in orders:
            value = assigned
            for mod in order:
                value = _apply_modifier(mod, value)
                reachable.add(value)
        n = max(reachable) if plus else min(reachable)
        return ability, holder, n
    return None


# ================================================================ h4: life gained (119.7)


def _gain_applies(board: Board, ability: LifeGain, holder: Permanent, player: str) -> bool:
    if ability.who == "players":
        return True
    if ability.who == "you":
        return player == holder.controller
    return player != holder.controller and player in board.opponents(holder.controller)


def life_gained(board: Board, state: GameState, player: str,
                amount: int) -> tuple[int, tuple[str, ...]]:
    """What a life gain event of ``amount`` for ``player`` becomes under the
    :class:`redzone.models.abilities.LifeGain` statics of the permanents still on the
    battlefield (611.3): (the change of ``player``'s life total — positive: life gained,
    negative: life lost instead —, a note naming the rule). "Can't gain life" (119.7) wins:
    nothing happens and nothing replaces the gain. Otherwise the replacements (614.1a) apply
    in the order the gaining player chooses (616.1), taken as the one best for them; "loses
    that much life instead" makes the event a life loss, which no gain replacement
    modifies. The notes hold ``"lifelink: P gains N (120.3f)"`` whenever life is gained
    (what "whenever you gain life" triggers read), then the replacements used."""
    rules = [(a, h) for a, h in board.abilities_of_kind(LifeGain)
             if _present(board, state, h) and _gain_applies(board, a, h, player)]  # type: ignore[arg-type]
    if amount <= 0:
        return 0, ()
    for a, h in rules:
        assert isinstance(a, LifeGain)
        if a.mode == "cant":
            return 0, (f"{player} can't gain life: {h.label} (119.7)",)
    if not rules:
        return amount, (f"lifelink: {player} gains {amount} (120.3f)",)
    best: tuple[int, list[Permanent]] | None = None
    for order in permutations(rules):
        n, lost, used = amount, False, []
        for a, h in order:
            assert isinstance(a, LifeGain)
            if lost:
                break
            used.append(h)
            if a.mode == "plus":
                n += a.amount
            elif a.mode == "times":
                n *= a.amount
            else:
                lost = True
        value = -n if lost else n
        if best is None or value > best[0]:
            best = (value, used)
    assert best is not None
    value, used = best
    by = ", ".join(dict.fromkeys(h.label for h in used))
    if value < 0:
        return value, (f"{player} loses {-value} life instead of gaining {amount}: {by} (614.1a)",)
    return value, (f"lifelink: {player} gains {value} (120.3f)",
                   f"gain of {amount} replaced: {by} (614.1a)")
