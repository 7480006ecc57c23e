"""Damage results and state-based actions: the one implementation that combat damage and
fight share (CR 120, 510.2, 615, 614, 704, 701.14).

The flow for one batch of simultaneously dealt damage:

1. A caller builds :class:`DamageEvent` s — each an amount *assigned* (combat, CR 510.1) or
   otherwise about to be dealt (fight, CR 701.14a) by one source to one recipient.
2. :func:`deal_damage` modifies each amount (prevention and replacement, CR 120.4b, in the
   order documented on that function), then applies the results (CR 120.3) to a mutable
   :class:`GameState`.
3. :func:`state_based_actions` performs state-based actions until none apply (CR 704.3).

:class:`GameState` starts from a board (:meth:`GameState.from_board`) and reports the
contract's ``outcome`` object with :meth:`GameState.to_outcome`. A board is never modified:
the state records what changed. Continuous effects are not re-derived (CR 613): power and
toughness are the board's current values, lowered only by -1/-1 counters that damage put on
in this state (CR 120.3d); abilities granted by a permanent that has left the battlefield
stop applying (CR 611.3). The prevention and replacement look-ups that step 2 applies are in
:mod:`redzone.models.damage_effects`.

Pure Python; never imports ortools.
"""

from __future__ import annotations

from collections.abc import Iterable
from copy import copy
from dataclasses import dataclass, replace
from typing import Any

from redzone.models.abilities import (
    CantGetCounters,
    CantHaveCounters,
    CantLoseGame,
    DamageCantBePrevented,
    DamageAsCounters,
    DamageModifier,
    Keyword,
    LifeFloor,
    LifeGain,
    PreventDamage,
    PreventDamageToPlayer,
    Protection,
    RedirectDamage,
    Toxic,
)
from redzone.models.battlefield import Board, Gap, Permanent
from redzone.models.conditions import condition_sources, decided_again
from redzone.models.counter_limits import may_get, may_put
from redzone.models.damage_effects import (
    _abilities,
    _as_counters,
    _counters_removed,
    _keyword,
    _life_floor,
    _modify,
    _redirected,
    prevented_as_counters,
    _scenario_preventions,
    _Statics,
    has_quality,
    life_gained,
)
from redzone.models.errors import ScenarioError
from redzone.models.game_state import (
    COMMANDER_DAMAGE_TO_LOSE,
    POISON_TO_LOSE,
    GameState,
    OutcomeJSON,
    commander_game,
)
from redzone.models.layers import SETTLE_PASSES, layer_sources, reapply_layers
from redzone.models.lethal import any_lethal_by_power, lethal_damage

__all__ = [
    "COMMANDER_DAMAGE_TO_LOSE",
    "FINALITY",
    "DamageEvent",
    "DealtDamage",
    "GameState",
    "OutcomeJSON",
    "POISON_TO_LOSE",
    "deal_damage",
    "finality_exiled",
    "gain_life",
    "has_quality",
    "losing_players",
    "loss_shields",
    "out_of_game",
    "relayered_after_departures",
    "resolve_damage",
    "state_based_actions",
    "commander_game",
]


# =========================================================================== events


@dataclass(frozen=True)
class DamageEvent:
    """``amount`` of damage that ``source`` (a permanent id) is about to deal to
    ``recipient`` (a permanent id or a player name): an assigned amount (CR 510.1) or a
    fight's power (CR 701.14a), before prevention and replacement."""

    source: str
    recipient: str
    amount: int


@dataclass(frozen=True)
class DealtDamage:
    """What one :class:`DamageEvent` became.

    ``assigned``: the amount before modification; ``amount``: the damage actually dealt
    (CR 120.4b). ``result``: ``"life"`` (life loss, 120.3a), ``"poison"`` (infect, 120.3b),
    ``"loyalty"`` (120.3c), ``"defense"`` (120.3h), ``"damage"`` (marked, 120.3e),
    ``"-1/-1 counters"`` (wither/infect, 120.3d), several joined by ``"+"`` for a permanent
    of several types, ``"+1/+1 counters"`` when counters were put on instead of damage
    (614.1a; ``amount`` is then 0), ``"none"`` when nothing was dealt. ``recipient`` is the
    object finally dealt the damage (after a redirection such as Pariah's, noted in
    ``notes``). ``excess``: for a creature, the
    damage beyond lethal (CR 120.4a; counting earlier events of the same batch).
    ``notes``: why the amount changed or was not dealt, e.g.
    ``"prevented: protection from green (702.16e)"`` or ``"×2: Furnace of Rath (120.4b)"``.
    """

    source: str
    recipient: str
    assigned: int
    amount: int
    result: str = "none"
    excess: int = 0
    notes: tuple[str, ...] = ()


# ================================================================= plain boards

_PLAIN_KEYWORDS = ("infect", "wither", "deathtouch", "lifelink", "indestructible")


@dataclass(frozen=True)
class _Plain:
    """What damage reads from a *plain* board — one where no effect prevents, replaces,
    redirects or turns damage into counters and nothing grants abilities: each permanent's
    own keywords among :data:`_PLAIN_KEYWORDS` and its total toxic (CR 702.164b)."""

    keywords: dict[str, frozenset[str]]
    toxic: dict[str, int]


_NOT_PLAIN = _Plain({}, {})


def _plain(board: Board) -> _Plain | None:
    """The :class:`_Plain` facts of ``board``, or ``None`` when some permanent has (or is
    granted) protection (702.16e), a prevention (615) or "can't be prevented" (615.12)
    static, a damage modifier, redirection or life floor (614.1a) or counters instead of
    damage, when a scenario effect prevents damage, or when anything grants abilities
    (611.3: a grant ends when its source leaves, so keywords would depend on the state).
    Read once per board object (kept on it, checked against its scenario and permanents).
    A new way to modify damage must be added here too."""
    got = board.__dict__.get("_outcome_plain")
    if got is not None and got[0] is board.scenario and got[1] is board.permanents \
            and got[2] == len(board.permanents):
        plain = got[3]
    else:
        kinds = (Protection, PreventDamage, PreventDamageToPlayer, DamageCantBePrevented,
                 DamageModifier, RedirectDamage, DamageAsCounters, LifeFloor, LifeGain,
                 CantHaveCounters, CantGetCounters)  # h38: counter limits (counter_limits)
        perms = board.permanents.values()
        if (_scenario_preventions(board) or any(board.granted(p) for p in perms)
                or any(isinstance(a, kinds) for p in perms for a in p.abilities)):
            plain = _NOT_PLAIN
        else:
            keywords = {p.id: frozenset(a.name for a in p.abilities  # type: ignore[attr-defined]
                                        if isinstance(a, Keyword) and a.name in _PLAIN_KEYWORDS)
                        for p in perms}
            toxic = {p.id: sum(a.amount for a in p.abilities if isinstance(a, Toxic))  # type: ignore[attr-defined]
                     for p in perms}
            plain = _Plain(keywords, toxic)
        board.__dict__["_outcome_plain"] = (board.scenario, board.permanents, len(board.permanents), plain)
    return None if plain is _NOT_PLAIN else plain


def _deal_plain(board: Board, state: GameState, merged: dict[tuple[str, str], int],
                combat: bool, plain: _Plain, players: frozenset[str]) -> list[DealtDamage]:
    """:func:`deal_damage` on a plain board (:func:`_plain`): no modification applies, so
    each merged amount is dealt as assigned — the same results, state changes and notes as
    the general path, without looking abilities up per event."""
    out: list[DealtDamage] = []
    keywords = plain.keywords
    perms = board.permanents
    for (src_id, rec), amount in merged.items():
        if amount <= 0:
            continue
        if rec in players:
            if not state.in_game(rec):
                out.append(DealtDamage(src_id, rec, amount, 0, "none", 0,
                                       ("player has left the game (800.4a)",)))
                continue
        elif not state.on_battlefield(rec):
            out.append(DealtDamage(src_id, rec, amount, 0, "none", 0,
                                   ("recipient has left the battlefield",)))
            continue
        source = perms[src_id]
        kw = keywords[src_id]
        notes: list[str] = []
        results: list[str] = []
        excess = 0
        if rec in players:
            if "infect" in kw:
                state.poison[rec] = state.poison.get(rec, 0) + amount
                results.append("poison")
            else:
                state.life[rec] = state.life.get(rec, 0) - amount
                results.append("life")
            if combat and source.is_creature:
                toxic = plain.toxic[src_id]
                if toxic:
                    state.poison[rec] = state.poison.get(rec, 0) + toxic
                    notes.append(f"toxic {toxic}: {toxic} poison (702.164c)")
            if combat and source.commander and state.commander_damage:
                _commander_damage(state, src_id, rec, amount, notes)
        else:
            excess = _damage_permanent(board, state, perms[rec], amount, results,
                                       deathtouch="deathtouch" in kw,
                                       as_counters="infect" in kw or "wither" in kw)
        if "lifelink" in kw:
            _lifelink(state, source.controller, amount, notes)
        out.append(DealtDamage(src_id, rec, amount, amount, "+".join(results) or "none",
                               excess, tuple(notes)))
    return out


# ========================================================================= dealing


def _check_ids(board: Board, state: GameState, events: Iterable[DamageEvent],
               players: frozenset[str] = frozenset()) -> list[DamageEvent]:
    out = list(events)
    players = players or frozenset(p.name for p in board.players)
    for i, e in enumerate(out):
        if e.source not in board.permanents:
            raise ScenarioError(f"damage[{i}].source", f"unknown permanent {e.source!r}")
        if e.recipient not in board.permanents and e.recipient not in players:
            raise ScenarioError(f"damage[{i}].recipient", f"{e.recipient!r} is neither a player nor a permanent id")
        if e.amount < 0:
            raise ScenarioError(f"damage[{i}].amount", f"must be ≥ 0 (got {e.amount})")
    return out


def deal_damage(board: Board, state: GameState, events: Iterable[DamageEvent], *,
                combat: bool) -> list[DealtDamage]:
    """Deal every event at once (CR 510.2 for combat damage, 701.14a for fight) and record
    the results in ``state``. Does not perform state-based actions (call
    :func:`state_based_actions`, or use :func:`resolve_damage`).

    Events with the same source and recipient are added together first (one source deals
    its damage to one recipient at once). Events with amount 0, to a recipient that has
    left the battlefield or a player who has lost, deal nothing.

    Each amount is then modified (CR 120.4b), in this order:

    1. redirection (CR 614.1a): damage to a player with "all damage that would be dealt to
       you is dealt to enchanted creature instead" (Pariah) goes to that creature, whose
       protection, prevention and replacements then apply;
    2. prevention (CR 615): effects in ``effects`` (``prevent_damage``), the recipient's
       protection from a quality of the source (702.16e), "prevent all damage that would be
       dealt to/by ..." statics — all of them prevent *all* such damage, so which applies
       first does not matter; "damage can't be prevented" statics switch prevention off
       (615.12);
    3. replacement (CR 614.1a, 616.1): doublers and triplers ("deals double that damage
       instead"), additions ("that much damage plus 2"), halving, "minus 1", caps ("4 or
       more damage ... deals 3 instead"), in the order that leaves the least damage (the
       affected player orders them). Prevention first or last gives the same result
       because prevention here is total;
    4. counters instead of damage (Phytohydra): the creature gets that many counters and no
       damage is dealt (no lifelink, no deathtouch).

    Results (CR 120.3): a player loses that much life (a), or gets that many poison counters
    if the source has infect (b), plus the source's total toxic for combat damage from a
    creature (g, 702.164c) — and in a Commander game, combat damage a commander deals a
    player adds to that player's total for that commander (903.10a, whatever the damage
    did); a planeswalker loses loyalty (c); a battle loses defense (h); a
    creature gets that many -1/-1 counters if the source has wither or infect (d), else the
    damage is marked (e); lifelink gives the source's controller that much life (f), once per
    event. A creature dealt damage by a deathtouch source is noted for 704.5h.

    Returns one :class:`DealtDamage` per merged event with a positive assigned amount, in
    input order. Raises :class:`ScenarioError` for an unknown source or recipient or a
    negative amount.

    Cost: the board-wide effects are read once per call, so a batch of E events on a board
    of P permanents takes O(P + E x effects that could apply), not O(P x E); on a board
    where no effect can modify damage and nothing grants abilities, what damage reads is
    kept on the board object and each event costs O(1).
    """
    plain = _plain(board)
    players = frozenset(p.name for p in board.players) if plain is not None else None
    statics = _Statics.of(board) if plain is None else None
    if statics is not None:
        players = statics.players
    assert players is not None
    merged: dict[tuple[str, str], int] = {}
    for e in _check_ids(board, state, events, players):
        key = (e.source, e.recipient)
        merged[key] = merged.get(key, 0) + e.amount
    if plain is not None:
        return _deal_plain(board, state, merged, combat, plain, players)

    planned: list[tuple[str, str, int, int, list[str]]] = []
    as_counters: dict[int, tuple[DamageAsCounters, Permanent, int]] = {}  # h38
    removals: dict[str, int] = {}
    seen_removals: set[tuple[int, str]] = set()
    for (src_id, rec), assigned in merged.items():
        if assigned <= 0:
            continue
        source = board.permanents[src_id]
        if rec in players:
            if not state.in_game(rec):
                planned.append((src_id, rec, assigned, 0, ["player has left the game (800.4a)"]))
                continue
        elif not state.on_battlefield(rec):
            planned.append((src_id, rec, assigned, 0, ["recipient has left the battlefield"]))
            continue
        rec, moved = _redirected(board, state, source, rec, combat, statics)
        if (kept := prevented_as_counters(board, state, source, rec, assigned, combat,
                                          statics)) is not None:
            # h38: prevented and turned into counters (615, 616.1; damage_effects)
            as_counters[len(planned)] = kept
            planned.append((src_id, rec, assigned, 0, moved + [
                f"prevented: {kept[1].label}: {kept[0].text or 'prevention'} (615)"]))
            continue
        amount, notes = _modify(board, state, source, rec, assigned, combat, statics)
        removed = _counters_removed(board, state, source, rec, assigned, combat, seen_removals,
                                    statics)
        if removed is not None:
            removals[rec] = removals.get(rec, 0) + removed[0]
            notes.append(removed[1])
        planned.append((src_id, rec, assigned, amount, moved + notes))
    for rec, n in removals.items():
        # After every event was weighed: "while it has a +1/+1 counter" looks at the counters
        # before this damage; the counters go as the damage is prevented (CR 615).
        counters = state.counters.setdefault(rec, {})
        n = min(n, counters.get("+1/+1", 0))
        if n > 0:
            counters["+1/+1"] -= n
            state.plus_added[rec] = state.plus_added.get(rec, 0) - n
            # the number removed, on the recipient's last event ("when one or more counters
            # are removed this way, ... that much": Magma Pummeler, 603.12)
            last = max(i for i, x in enumerate(planned) if x[1] == rec)
            planned[last][4].append(f"{n} +1/+1 counters removed (615)")

    out: list[DealtDamage] = []
    # h4: under a life gain rule (119.7, 614.1a) each source's lifelink is one event (120.3f)
    gain_rules = bool(board.abilities_of_kind(LifeGain))
    linked: dict[str, tuple[int, int]] = {}  # source -> (damage dealt, index of its last event)
    for index, (src_id, rec, assigned, amount, notes) in enumerate(planned):
        source = board.permanents[src_id]
        if index in as_counters:  # h38: damage prevented, counters put (615)
            ability, holder, n = as_counters[index]
            if may_put(board, state.on_battlefield, board.permanents[rec], ability.counter):
                _put_prevented_counters(state, rec, ability.counter, n, holder, notes)
            out.append(DealtDamage(src_id, rec, assigned, 0, f"{ability.counter} counters", 0,
                                   tuple(notes)))
            continue
        if amount <= 0:
            out.append(DealtDamage(src_id, rec, assigned, 0, "none", 0, tuple(notes)))
            continue
        infect = _keyword(board, state, source, "infect")
        results: list[str] = []
        excess = 0
        if rec in players:
            if infect:
                if may_get(board, state.on_battlefield, rec):  # h38: "can't get poison counters"
                    state.poison[rec] = state.poison.get(rec, 0) + amount
                results.append("poison")
            else:
                before = state.life.get(rec, 0)
                after = before - amount
                floor = _life_floor(board, state, rec)
                if floor is not None and before >= floor[0] and after < floor[0]:
                    # 614.1a: the damage is dealt; the life total stops at the floor.
                    after = floor[0]
                    notes.append(f"life total can't go below {floor[0]}: {floor[1].label} (614.1a)")
                state.life[rec] = after
                results.append("life")
            if combat and source.is_creature:
                toxic = sum(t.amount for t in _abilities(board, state, source, Toxic))  # type: ignore[attr-defined]
                if toxic and not may_get(board, state.on_battlefield, rec):  # h38
                    notes.append(f"toxic {toxic}: {rec} can't get poison counters (122.6)")
                elif toxic:
                    state.poison[rec] = state.poison.get(rec, 0) + toxic
                    notes.append(f"toxic {toxic}: {toxic} poison (702.164c)")
            if combat and source.commander and state.commander_damage:
                _commander_damage(state, src_id, rec, amount, notes)
        elif (instead := _as_counters(board, state, rec, combat)) is not None:
            ability, holder = instead
            if not may_put(board, state.on_battlefield, board.permanents[rec], ability.counter):
                # h38: replaced, and no counter can be put (122.6): nothing happens
                notes.append(f"{rec} can't have {ability.counter} counters put on it (122.6)")
                out.append(DealtDamage(src_id, rec, assigned, 0, "none", 0, tuple(notes)))
                continue
            counters = state.counters.setdefault(rec, {})
            counters[ability.counter] = counters.get(ability.counter, 0) + amount
            if ability.counter == "+1/+1":
                state.plus_added[rec] = state.plus_added.get(rec, 0) + amount
            elif ability.counter == "-1/-1":
                state.minus_added[rec] = state.minus_added.get(rec, 0) + amount
            notes.append(f"{amount} {ability.counter} counters instead of damage: {holder.label} (614.1a)")
            out.append(DealtDamage(src_id, rec, assigned, 0, f"{ability.counter} counters", 0,
                                   tuple(notes)))
            continue
        else:
            perm = board.permanents[rec]
            if perm.is_creature:
                wither = infect or _keyword(board, state, source, "wither")
                if wither and not may_put(board, state.on_battlefield, perm, "-1/-1"):
                    # h38 (122.6, 120.3d): the damage is dealt, but makes no counter
                    notes.append(f"{rec} can't have -1/-1 counters put on it (122.6)")
                    results.append("no counters")
                    if _keyword(board, state, source, "deathtouch"):
                        state.deathtouched.add(rec)  # damage was dealt (704.5h)
                else:
                    excess = _damage_permanent(
                        board, state, perm, amount, results,
                        deathtouch=_keyword(board, state, source, "deathtouch"), as_counters=wither)
            else:
                excess = _damage_permanent(board, state, perm, amount, results,
                                           deathtouch=False, as_counters=False)
        if _keyword(board, state, source, "lifelink"):
            if gain_rules:
                linked[src_id] = (linked.get(src_id, (0, 0))[0] + amount, len(out))
            else:
                _lifelink(state, source.controller, amount, notes)
        out.append(DealtDamage(src_id, rec, assigned, amount, "+".join(results) or "none",
                               excess, tuple(notes)))
    for src_id, (amount, last) in linked.items():
        notes = gain_life(board, state, board.permanents[src_id].controller, amount)
        out[last] = replace(out[last], notes=out[last].notes + notes)
    return out


def _put_prevented_counters(state: GameState, rec: str, counter: str, n: int, holder: Permanent,
                            notes: list[str]) -> None:
    """h38: ``n`` ``counter`` counters on ``rec`` for damage prevented (615; Anti-Venom,
    Phyrexian Hydra), counted as counters put this turn; a note names the rule."""
    if n <= 0:
        return
    counters = state.counters.setdefault(rec, {})
    counters[counter] = counters.get(counter, 0) + n
    if counter == "+1/+1":
        state.plus_added[rec] = state.plus_added.get(rec, 0) + n
    elif counter == "-1/-1":
        state.minus_added[rec] = state.minus_added.get(rec, 0) + n
    notes.append(f"{n} {counter} counters for the damage prevented: {holder.label} (615)")


def gain_life(board: Board, state: GameState, player: str, amount: int) -> tuple[str, ...]:
    """One life gain event of ``amount`` for ``player`` (lifelink's, 120.3f, or a resolving
    ability's, 119.3) under the board's life gain statics (119.7 "can't gain life",
    614.1a replacements: :func:`redzone.models.damage_effects.life_gained`): ``state``'s
    life and life gained this turn change; returns the notes saying what happened."""
    change, notes = life_gained(board, state, player, amount)
    state.life[player] = state.life.get(player, 0) + change
    if change > 0:
        state.gained[player] = state.gained.get(player, 0) + change
    return notes


def _commander_damage(state: GameState, commander: str, player: str, amount: int,
                      notes: list[str]) -> None:
    """Combat damage ``amount`` that the commander ``commander`` dealt to ``player`` adds to
    that player's total for that commander (CR 903.10a) — damage dealt, whatever it did:
    life lost, poison counters from infect, or a life total held by a floor. Damage to a
    planeswalker or battle, or redirected to a creature, never gets here. A note gives the
    new total."""
    totals = state.commander_damage.setdefault(player, {})
    totals[commander] = totals.get(commander, 0) + amount
    notes.append(f"commander damage: {player} {totals[commander]} from {commander} (903.10a)")


def _lifelink(state: GameState, you: str, amount: int, notes: list[str]) -> None:
    """Damage dealt by a source with lifelink also makes its controller ``you`` gain that
    much life (CR 702.15b, 120.3f): life and the life gained this turn go up by ``amount``,
    and a note is added to ``notes``."""
    state.life[you] = state.life.get(you, 0) + amount
    state.gained[you] = state.gained.get(you, 0) + amount
    notes.append(f"lifelink: {you} gains {amount} (120.3f)")


def _damage_permanent(board: Board, state: Any, perm: Any, amount: int, results: list[str], *,
                      deathtouch: bool, as_counters: bool) -> int:
    """Record ``amount`` damage dealt to the permanent ``perm`` in ``state``: loyalty lost by a
    planeswalker (120.3c), defense by a battle (120.3h), and for a creature damage marked or
    -1/-1 counters (``as_counters``: wither, infect; 120.3d, 702.80a, 702.90c). Appends what
    happened to ``results``; gives the amount beyond lethal damage (any deathtouch damage is
    lethal, 702.2c), 0 for a noncreature. Shared by the plain and the general damage paths."""
    rec = perm.id
    if perm.is_a("Planeswalker") and rec in state.loyalty:
        state.loyalty[rec] = max(0, state.loyalty[rec] - amount)
        results.append("loyalty")
    if perm.is_a("Battle") and rec in state.defense:
        state.defense[rec] = max(0, state.defense[rec] - amount)
        results.append("defense")
    if not perm.is_creature:
        return 0
    lethal = state.lethal_remaining(board, rec)
    if deathtouch:
        lethal = min(lethal, 1)
    if as_counters:
        counters = state.counters.setdefault(rec, {})
        counters["-1/-1"] = counters.get("-1/-1", 0) + amount
        state.minus_added[rec] = state.minus_added.get(rec, 0) + amount
        results.append("-1/-1 counters")
    else:
        state.damage[rec] = state.damage.get(rec, 0) + amount
        results.append("damage")
    if deathtouch:
        state.deathtouched.add(rec)
    return max(0, amount - lethal)


# ================================================================= state-based actions


FINALITY = "exiled instead of put into a graveyard: a finality counter"
"""h37: the start of the reason of a permanent with a finality counter that left for a
graveyard (it is exiled instead; as every reason starting "exiled", it did not die, 700.4)."""


def finality_exiled(board: Board, state: GameState, pid: str, why: str) -> str:
    """h37: the reason ``why`` the permanent ``pid`` is put into a graveyard from the
    battlefield, or — it has a finality counter (``state.counters``, else its own) — that it
    is exiled instead (614.1a: the finality counter's replacement, 122.1; not a death, 700.4,
    so no "dies" ability triggers and the card is not in the graveyard)."""
    counters = state.counters.get(pid)
    if counters is None:
        perm = board.permanents.get(pid)
        counters = perm.counters if perm is not None else {}
    if counters.get("finality", 0) > 0:
        return f"{FINALITY} ({why})"
    return why


def state_based_actions(board: Board, state: GameState) -> list[str]:
    """Perform state-based actions (CR 704.3): all that apply at once, repeated until none
    applies. Returns the ids of the permanents that left the battlefield, in order (also
    appended to ``state.destroyed`` with a reason in ``state.reasons``); players who lose are
    appended to ``state.lost``.

    Checked: a player with 0 or less life (704.5a) or 10 or more poison counters (704.5c)
    loses, unless an effect says they don't (:class:`CantLoseGame`: Phyrexian Unlife's "for
    having 0 or less life", Platinum Angel's "can't lose the game"); a creature with toughness 0 or less is put into the graveyard (704.5f;
    indestructible does not help); a creature with lethal damage marked (704.5g; by power
    under Zilortha: :func:`redzone.models.lethal.lethal_damage`) or dealt
    damage by a deathtouch source since the last check (704.5h) is destroyed unless it is
    indestructible (702.12b); a planeswalker with 0 loyalty (704.5i) and a battle with 0
    defense (704.5v) go to the graveyard; an Aura attached to a permanent that left is put
    into the graveyard (704.5m); +1/+1 and -1/-1 counters on one permanent cancel out in
    pairs (704.5q). Regeneration is not modelled.
    """
    left: list[str] = []
    plain = _plain(board)
    by_power = any_lethal_by_power(board)  # Zilortha: lethal damage by power (704.5g)
    while True:
        leaving: dict[str, str] = {}
        losing: list[str] = []
        changed = False
        losing.extend(losing_players(board, state))
        for perm in board.permanents.values():
            pid = perm.id
            if not state.on_battlefield(pid):
                continue
            if perm.is_creature:
                toughness = state.toughness(board, pid)
                indestructible = ("indestructible" in plain.keywords[pid] if plain is not None
                                  else _keyword(board, state, perm, "indestructible"))
                if toughness <= 0:
                    leaving[pid] = "toughness 0 or less (704.5f)"
                elif state.marked(pid) >= (
                        lethal_damage(board, perm, state.power(board, pid), toughness, state.on_battlefield)
                        if by_power else toughness) and not indestructible:
                    leaving[pid] = "lethal damage (704.5g)"
                elif pid in state.deathtouched and not indestructible:
                    leaving[pid] = "damage from a deathtouch source (704.5h)"
            if pid not in leaving and perm.is_a("Planeswalker") and state.loyalty.get(pid, 1) <= 0:
                leaving[pid] = "0 loyalty (704.5i)"
            if pid not in leaving and perm.is_a("Battle") and state.defense.get(pid, 1) <= 0:
                leaving[pid] = "0 defense (704.5v)"
            if (pid not in leaving and "Aura" in perm.subtypes and perm.attached_to is not None
                    and not state.on_battlefield(perm.attached_to)):
                leaving[pid] = "Aura attached to nothing (704.5m)"
            counters = state.counters.get(pid, {})
            both = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
            if both > 0:
                counters["+1/+1"] -= both
                counters["-1/-1"] -= both
                for k in ("+1/+1", "-1/-1"):
                    if counters[k] == 0:
                        del counters[k]
                changed = True
        state.deathtouched.clear()
        for name in losing:
            state.lost.append(name)
        for pid, why in leaving.items():
            state.destroyed.append(pid)
            state.reasons[pid] = finality_exiled(board, state, pid, why)  # h37
            state.damage.pop(pid, None)
            left.append(pid)
        if not leaving and not losing and not changed:
            return left


def losing_players(board: Board, state: GameState) -> list[str]:
    """The players still in the game (not in ``state.lost``) who lose when state-based
    actions are next checked, in seat order: 0 or less life (704.5a), 10 or more poison
    counters (704.5c), 21 or more combat damage from one commander (903.10a, 704.6c) —
    unless an effect says they don't (:func:`loss_shields`: Phyrexian Unlife for 0 life,
    Platinum Angel for every road; 104.3, 614.1). The test :func:`state_based_actions`
    performs; the AI asks it of states its play-outs did not check yet."""
    shields: dict[str, str] | None = None
    out: list[str] = []
    for p in board.players:
        if p.name in state.lost:
            continue
        life_out = state.life.get(p.name, p.life) <= 0
        poison_out = state.poison.get(p.name, p.poison) >= POISON_TO_LOSE
        commander_out = bool(state.commander_damage) and any(
            n >= COMMANDER_DAMAGE_TO_LOSE for n in state.commander_damage.get(p.name, {}).values())
        if not (life_out or poison_out or commander_out):
            continue
        if shields is None:
            shields = loss_shields(board, state)
        shield = shields.get(p.name)
        if (life_out and shield is None) or ((poison_out or commander_out) and shield != "all"):
            out.append(p.name)
    return out


def out_of_game(board: Board, state: GameState) -> set[str]:
    """The players who have left the game or leave it at the next check of state-based
    actions: ``state.lost`` and :func:`losing_players` (800.4a: a player who lost leaves a
    multiplayer game; 104.2a, 104.3)."""
    return set(state.lost) | set(losing_players(board, state))


def loss_shields(board: Board, state: GameState) -> dict[str, str]:
    """Player -> ``"all"`` (can't lose the game: Platinum Angel) or ``"life"`` (doesn't lose
    for having 0 or less life: Phyrexian Unlife, CR 704.5a; 10 poison counters still lose,
    704.5c), for every player who has such a shield, from the
    :class:`CantLoseGame` effects of permanents still on the battlefield in ``state``.
    The holders are found once per board object (kept on it, like :func:`_plain`)."""
    got = board.__dict__.get("_outcome_loss_shields")
    if got is not None and got[0] is board.permanents and got[1] == len(board.permanents):
        holders = got[2]
    else:
        # Own abilities, and granted ones (Cloudsteel Kirin's equipped creature has "You
        # can't lose the game": "you" is that creature's controller while the grantor stays).
        holders = tuple((a, p, p) for p in board.permanents.values() for a in p.abilities
                        if isinstance(a, CantLoseGame))
        holders += tuple((a, p, g) for p in board.permanents.values()
                         for a, g in board.granted(p) if isinstance(a, CantLoseGame))
        board.__dict__["_outcome_loss_shields"] = (board.permanents, len(board.permanents), holders)
    out: dict[str, str] = {}
    for ability, holder, grantor in holders:
        if not (state.on_battlefield(holder.id) and state.on_battlefield(grantor.id)):
            continue
        who = ability.who  # type: ignore[attr-defined]
        whom = ([holder.controller] if who == "you"
                else [p.name for p in board.players if who == "players" or p.name != holder.controller])
        for name in whom:
            if not ability.life_only:  # type: ignore[attr-defined]
                out[name] = "all"
            else:
                out.setdefault(name, "life")
    return out


def resolve_damage(board: Board, state: GameState, events: Iterable[DamageEvent], *,
                   combat: bool) -> list[DealtDamage]:
    """:func:`deal_damage` followed by :func:`state_based_actions` (CR 510.3, 704.3); when
    that removed a permanent whose static ability changed others' characteristics (a lord),
    the layers are applied again without it and state-based actions checked again (611.3a,
    613, 704.3: :func:`relayered_after_departures`; ``board`` is the
    board as it was before anything in ``state`` left)."""
    dealt = deal_damage(board, state, events, combat=combat)
    state_based_actions(board, state)
    relayered_after_departures(board, state)
    return dealt


# ================================================================= departures

def relayered_after_departures(board: Board, state: GameState) -> tuple[Board, list[Gap]]:
    """``(board, gaps)`` after permanents left the battlefield in ``state`` (a
    :class:`GameState` of ``board``): when one of them had a static
    ability that changes characteristics or grants abilities (:func:`redzone.models.layers.layer_sources`), a new
    board whose permanents still on the battlefield are copies with the layers applied again
    without it (CR 611.3a, 613; :func:`redzone.models.layers.reapply_layers`), then state-based actions are
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
    for _ in range(SETTLE_PASSES):
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
