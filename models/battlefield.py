"""The board as the rules read it: players, permanents with their current characteristics,
and the questions every rule asks of them (CR 109, 110, 613).

Owns :class:`Player`, :class:`Permanent` and :class:`Board` with the data the layer system
writes on them (:class:`Base`, :class:`Gap`, :class:`EndOfTurn`) and the state of combat they
are seen in (:class:`CombatState`); and the queries on that state: which abilities a
permanent has, own or granted, after layer-6 removals (:func:`keeps_grant`), which static
abilities reach a creature (:meth:`Board.abilities_affecting`, :func:`reached`), whether a
creature matches a quality filter (:func:`matches_quality`), and what combat-dependent effects
add to power and toughness (:func:`combat_deltas`, 506.4, 611.3a).

Computing characteristics is :mod:`redzone.models.layers`'; building a board from a scenario
is :func:`redzone.models.board.build_board`. Pure Python; never imports ortools.
"""

from __future__ import annotations

import re

from collections.abc import Iterator, Mapping
from copy import copy
from dataclasses import dataclass, field, replace as _replace
from typing import Any

from redzone.models.abilities import (
    Ability,
    Affected,
    Grant,
    Keyword,
    Landwalk,
    ModifyPT,
    ParsedText,
    Permanents,
    PreventDamage,
    Quality,
)
from redzone.models.lazy_dataclass import lazy_dataclass

__all__ = ["Base", "Board", "CombatState", "EndOfTurn", "Gap", "LoadAction", "Permanent", "Player",
           "combat_deltas", "combat_state", "in_combat", "keeps_grant", "matches_quality",
           "reached"]


# ------------------------------------------------------------------ what a permanent holds


@dataclass(frozen=True)
class LoadAction:
    """One state-based action found on a loaded board.

    ``id``: the permanent's id, or the player's name; ``rule``: the CR rule (``"704.5g"``);
    ``message``: the warning, one line, naming the permanent or player and the rule;
    ``performed``: ``True`` when the permanent left the board; ``False`` for a player-side
    action (only reported) and for an attacked planeswalker or battle kept for its
    attackers (module docstring)."""

    id: str
    rule: str
    message: str
    performed: bool = True

    def to_json(self) -> dict[str, Any]:
        """``{"id", "rule", "message", "performed"}``."""
        return {"id": self.id, "rule": self.rule, "message": self.message,
                "performed": self.performed}


@dataclass(frozen=True)
class Base:
    """A permanent's characteristics before any effect of another object: printed values
    with the scenario's overrides. ``power_given`` / ``toughness_given``: the scenario gave
    the current value (then only combat-dependent effects are added: :mod:`redzone.models.layers`)."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    power_given: bool = False
    toughness_given: bool = False


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


@lazy_dataclass(frozen=True)
class EndOfTurn:
    """What of a permanent's current characteristics ends in the cleanup step (514.2).

    ``power``/``toughness``: what "until end of turn" effects add to its current power and
    toughness (included in them; may be negative). ``abilities``: the sentences of its
    scenario ``abilities`` it has only until end of turn. ``after``: the permanent's parsed
    text without them (compared and hashed by the first three only)."""

    power: int = 0
    toughness: int = 0
    abilities: tuple[str, ...] = ()
    after: ParsedText = field(default_factory=ParsedText, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class CombatState:
    """Who is in combat, for combat-dependent effects (506.4, 611.3a).

    ``attacking``: attacking creature id -> its defending player (508.5: the player, a
    planeswalker's controller or a battle's protector). ``blocking``: ids of blocking
    creatures. ``blocks``: (blocking creature id, attacking creature id it blocks) pairs
    ("creatures blocking it", Armored Transport). ``at_player``: ids of attacking
    creatures that attack a player, not a planeswalker or battle (h4: "creatures attacking
    your opponents").
    """

    attacking: Mapping[str, str] = field(default_factory=dict)
    blocking: frozenset[str] = frozenset()
    blocks: frozenset[tuple[str, str]] = frozenset()
    at_player: frozenset[str] = frozenset()


# ------------------------------------------------------------------ players and permanents


@dataclass(frozen=True)
class Player:
    """A player: ``name``, ``life``, ``poison`` counters, ``mana`` (generic mana available to
    pay combat costs) and ``library`` (card names, top first). ``commander_damage``: in a
    Commander game, ``(commander id, total)`` pairs — combat damage each commander has dealt
    this player over the game (CR 903.10a), sorted by id; ``()`` otherwise."""

    name: str
    life: int = 20
    poison: int = 0
    mana: int = 0
    energy: int = 0
    """Energy counters (122.1f): what the {E} costs of triggered abilities may pay."""
    library: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    """Card names in the player's graveyard (the scenario's; cards put there in combat are
    the state's ``destroyed``)."""
    hand: tuple[str, ...] | None = ()
    """h13: card names in the player's hand, as the scenario states it; ``None`` (h34): the
    scenario doesn't state it — an ability that needs it is not played."""
    dungeon: str | None = None
    """h24: the dungeon room the player's venture marker is on (309.4, 701.49), as the
    scenario states it; ``None``: no dungeon in the command zone."""
    ring_tempted: int = 0
    """h24: how many times the Ring has tempted the player this game (701.54), as the scenario
    states it (unstated: never)."""
    commander_damage: tuple[tuple[str, int], ...] = ()


@dataclass
class Permanent:
    """A permanent on the battlefield with its current characteristics.

    ``name`` is the face name (e.g. "Insectile Aberration"); ``card`` the full Oracle card name
    when it came from the card data, else ``None`` (inline characteristics). ``power`` and
    ``toughness`` are current values (``None`` for non-creatures); ``loyalty``/``defense``
    current counters. ``abilities`` are parsed from the Oracle text (or ``text``) plus
    ``abilities`` given in the scenario; ``unparsed`` lists the combat-relevant sentences the
    parser did not understand. ``index`` is its position in ``permanents`` (for error paths).
    """

    id: str
    name: str
    controller: str
    owner: str
    index: int
    card: str | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    mana_value: int | float = 0
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = None
    tapped: bool = False
    summoning_sick: bool = False
    token: bool = False
    """A token rather than a card (CR 111.1): the scenario's ``token`` flag."""
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    paired_with: str | None = None
    """The creature it is paired with (soulbond, CR 702.95), both ways; ``None``: unpaired."""
    parsed: ParsedText = field(default_factory=ParsedText)
    base: Base | None = None
    """Characteristics before other objects' effects (CR 613); ``None`` for a permanent
    built by hand, whose fields are then taken as they are."""
    lost_abilities_at: int | None = None
    """Timestamp of the latest "loses all abilities" effect on it (layer 6), else ``None``."""
    lost_keywords: frozenset[str] = frozenset()
    lost_keyword_at: dict[str, int] = field(default_factory=dict)
    combat_delta: tuple[int, int] = (0, 0)
    """What combat-dependent effects add to ``power`` and ``toughness`` for the board's
    combat (506.4, 611.3a); already included in them."""

    conditions: dict[str, bool] = field(default_factory=dict)
    conditional: ParsedText | None = None
    """Its parsed text with the abilities under a condition undecided
    (:class:`redzone.models.abilities.Conditional`), kept so that they can be decided again
    as the game changes (CR 611.3a; :func:`redzone.models.conditions.decided_again`); ``None``
    when it has none. ``parsed`` holds those in force."""
    choices: dict[str, str] = field(default_factory=dict)
    until_end_of_turn: EndOfTurn | None = None
    """What of its current power, toughness and abilities ends in the cleanup step (CR 514.2;
    the scenario's ``until_end_of_turn``), or ``None``; ended by :mod:`redzone.models.cleanup`."""
    exiled: dict[str, str] = field(default_factory=dict)
    """h8: cards exiled with it by its own ability (607.2a), card name -> owner (the
    scenario's ``exiled``): "return the exiled card" puts them back."""
    commander: bool = False
    """Its owner's commander (CR 903.3; the scenario's ``commander``, ``format: commander``):
    combat damage it deals to a player is counted per player (903.10a, 704.6c)."""

    @property
    def power_outside_combat(self) -> int | None:
        """Power without combat-dependent effects: what attack declarations compare (508.1c)."""
        return None if self.power is None else self.power - self.combat_delta[0]

    @property
    def toughness_outside_combat(self) -> int | None:
        """Toughness without combat-dependent effects."""
        return None if self.toughness is None else self.toughness - self.combat_delta[1]

    @property
    def abilities(self) -> tuple[Ability, ...]:
        """The parsed abilities it still has after layer 6 (CR 613.1f), in text order (Oracle
        text first, then ``abilities``)."""
        if self.lost_abilities_at is not None:
            return ()
        if self.lost_keywords:
            return tuple(a for a in self.parsed.abilities
                         if not (isinstance(a, Keyword) and a.name in self.lost_keywords))
        return self.parsed.abilities

    @property
    def unparsed(self) -> tuple[str, ...]:
        """Combat-relevant sentences the parser did not understand."""
        return self.parsed.unparsed

    @property
    def label(self) -> str:
        """``"Name (id)"``, for messages."""
        return self.name if self.name == self.id else f"{self.name} ({self.id})"

    def is_a(self, card_type: str) -> bool:
        """Whether the permanent has the card type ``card_type`` (e.g. ``"Creature"``)."""
        return card_type in self.types

    @property
    def is_creature(self) -> bool:
        """True for creatures (CR 302)."""
        return "Creature" in self.types

    def has_keyword(self, name: str) -> bool:
        """Whether the permanent itself has the keyword ``name`` (lower case, CR 702)."""
        if self.lost_abilities_at is not None or name in self.lost_keywords:
            return False
        return self.parsed.has_keyword(name)


@dataclass
class _KindIndex:
    """Abilities of one class: ``personal[id]`` reach only that permanent; ``broad`` holds
    ``(ability, holder, named source)`` for abilities that reach creatures by a filter."""

    personal: dict[str, list[tuple[Ability, Permanent]]] = field(default_factory=dict)
    broad: list[tuple[Ability, Permanent, Permanent]] = field(default_factory=list)


@dataclass
class Board:
    """A resolved scenario.

    ``players`` are in turn (seat) order; ``permanents`` maps id -> :class:`Permanent` in
    scenario order; ``active_player`` is a player name; ``rules`` is ``"current"`` or
    ``"2023"``; ``scenario`` is the validated input (effects and combat are read from it).
    """

    scenario: object
    players: tuple[Player, ...]
    permanents: dict[str, Permanent]
    active_player: str
    rules: str = "current"
    game: str = "magic"
    _grants: dict[str, list[tuple[Ability, Permanent]]] | None = field(default=None, repr=False)
    _index: dict[type, _KindIndex] | None = field(default=None, repr=False)
    _combat_fx: bool | None = field(default=None, repr=False)
    gaps: list[Gap] = field(default_factory=list)
    """Continuous effects that reach a permanent but could not be applied (CR 613; see
    :mod:`redzone.models.layers`): reported by :meth:`unparsed`, never dropped."""
    _granting: bool = field(default=False, repr=False)
    combat: CombatState | None = None
    """The :class:`CombatState` this board is seen in (``None``: no
    creature is in combat): combat-conditioned grants ("has first strike as long as it's
    attacking") apply by it (506.4, 611.3a)."""
    departed: tuple[str, ...] = ()
    """Players who lost and left the game before this board (a multiplayer game goes on
    without them, CR 104.5, 800.4a), in the order they left: not in ``players``, and
    lost for good (the evaluation counts each as an opponent knocked out). Empty for a
    board built from a scenario."""
    load_actions: tuple[LoadAction, ...] = ()
    """The state-based actions performed (or, player-side, reported) as the scenario was
    loaded (:mod:`redzone.models.load_actions`; issue 25 §2, CR 704.3)."""
    unread_conditions: tuple[str, ...] = ()
    """One line per key of a permanent's ``conditions`` that no rule reads (a misspelling;
    :mod:`redzone.models.condition_keys`): warned by every front end, refused by ``--strict``."""

    def player(self, name: str) -> Player:
        """The player called ``name``; ``KeyError`` if none."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def is_player(self, name: str) -> bool:
        """True when ``name`` names a player."""
        return any(p.name == name for p in self.players)

    def opponents(self, name: str) -> list[str]:
        """Opponents of player ``name`` in turn order starting after them (CR 102.2, 102.3;
        no teams are modelled: every other player is an opponent)."""
        names = [p.name for p in self.players]
        i = names.index(name)
        return [names[(i + k) % len(names)] for k in range(1, len(names))]

    def controlled_by(self, player: str) -> Iterator[Permanent]:
        """Permanents ``player`` controls, in scenario order."""
        return (p for p in self.permanents.values() if p.controller == player)

    def creatures(self, controller: str | None = None) -> list[Permanent]:
        """Creatures (optionally those ``controller`` controls), in scenario order."""
        return [
            p for p in self.permanents.values()
            if p.is_creature and (controller is None or p.controller == controller)
        ]

    def unparsed(self) -> list[tuple[Permanent, str]]:
        """Every (permanent, sentence) pair the parser did not understand, then every effect
        the layer system could not apply (its sentence and why, once per source), so that
        both are reported wherever unparsed text is."""
        out = [(p, s) for p in self.permanents.values() for s in p.unparsed]
        seen: set[tuple[str, str]] = set()
        for gap in self.gaps:
            if (gap.source, gap.text) in seen or gap.source not in self.permanents:
                continue
            seen.add((gap.source, gap.text))
            out.append((self.permanents[gap.source], gap.message()))
        return out

    def with_combat(self, attackers: dict[str, str] | None,
                    blockers: dict[str, list[str]] | None = None) -> Board:
        """This board for another combat: ``attackers`` (id -> what it attacks) attacking and
        ``blockers`` (id -> attacker ids) blocking, with the power and toughness that
        combat-dependent effects give recomputed (506.4, 611.3a; ``combat_delta``); every
        other value of the permanents is kept as it is. The permanents are copies; this board
        is unchanged."""
        perms = {k: copy(p) for k, p in self.permanents.items()}
        board = Board(scenario=self.scenario, players=self.players, permanents=perms,
                      active_player=self.active_player, rules=self.rules, game=self.game,
                      departed=self.departed)
        board.gaps = list(self.gaps)
        board._combat_fx = self._combat_fx
        # Only the combat-dependent part changes; what the permanents hold otherwise (a
        # caller's later state included) is kept.
        board.combat = combat_state(board, attackers, blockers)
        new = combat_deltas(board, board.combat)
        for pid, p in perms.items():
            old = p.combat_delta
            delta = new.get(pid, (0, 0))
            if old == delta:
                continue
            if p.power is not None:
                p.power += delta[0] - old[0]
            if p.toughness is not None:
                p.toughness += delta[1] - old[1]
            p.combat_delta = delta
        return board

    @property
    def has_combat_effects(self) -> bool:
        """Whether some permanent has a combat-dependent characteristic-changing effect
        ("attacking creatures you control get +1/+0"), so that who attacks and blocks changes
        power or toughness (506.4, 611.3a) — or a prevention that depends on the combat
        (h4: "... dealt to attacking creatures you control", "... by creatures it's
        blocking", "... by creatures blocking it"; 615.1), so that a board for another
        combat must know its blocks (:meth:`with_combat`)."""
        if self._combat_fx is None:
            self._combat_fx = any(
                (isinstance(a, (ModifyPT, Grant)) and a.when is not None)
                or (isinstance(a, PreventDamage)
                    and (a.when is not None or a.from_blockers or a.from_blocked))
                or getattr(a, "unblocked_only", False)  # h27: RedirectDamage by unblocked creatures
                for p in self.permanents.values() for a in p.abilities)
        return self._combat_fx

    def affects(self, source: Permanent, affected: Affected, creature: Permanent) -> bool:
        """Whether a static ability of ``source`` described by ``affected`` applies to
        ``creature``. Abilities of permanents only apply while they are on the battlefield,
        which every permanent of a scenario is (CR 611.3)."""
        if affected.kind == "self":
            return creature.id == source.id
        if affected.kind == "attached":
            return source.attached_to == creature.id
        if affected.kind == "paired":
            # Soulbond (702.95): the permanent and its partner, while both are here.
            partner = source.paired_with
            return (partner is not None and partner in self.permanents
                    and creature.id in (source.id, partner))
        if not creature.is_creature:
            return False
        if affected.other and creature.id == source.id:
            return False
        if affected.controller == "you" and creature.controller != source.controller:
            return False
        if affected.controller == "opponents" and (
            creature.controller == source.controller
            or creature.controller not in self.opponents(source.controller)
        ):
            return False
        if affected.subtypes and not set(affected.subtypes) & set(creature.subtypes):
            return False
        if affected.exclude_subtypes and set(affected.exclude_subtypes) & set(creature.subtypes):
            return False
        qualities = affected.qualities
        if any("~" in q.names or "~" in q.exclude_names for q in qualities):
            qualities = tuple(_own_name(q, source) for q in qualities)  # h17: "named ~"
        if qualities and not self._has_quality(creature, qualities):
            return False
        return True

    def _has_quality(self, creature: Permanent, qualities: tuple) -> bool:
        """Whether ``creature`` matches one of ``qualities`` (an :class:`Affected` filter:
        "creatures with power 4 or greater", "nonblack creatures"). While the grants
        themselves are being computed, keyword qualities look at the creature's own keywords
        only (a grant that depends on granted keywords is not ordered by dependency, 613.8)."""
        return any(matches_quality(self, creature, q) for q in qualities)

    def granted(self, holder: Permanent) -> list[tuple[Ability, Permanent]]:
        """Abilities ``holder`` has because another permanent grants them ("Enchanted creature
        has flying", "Other Goblins you control have haste"; CR 613.1f), each with its
        grantor, in scenario order."""
        if self._grants is None:
            if self._granting:
                return []  # a grant's filter asks for keywords while grants are computed
            self._granting = True
            try:
                grants: dict[str, list[tuple[Ability, Permanent]]] = {}
                for source in self.permanents.values():
                    for ability in source.abilities:
                        if not isinstance(ability, Grant):
                            continue
                        for target in self.permanents.values():
                            if ability.when is not None and not in_combat(
                                    ability.when, target, source, self.combat):
                                continue  # 506.4, 611.3a: only while the combat condition holds
                            if self.affects(source, ability.affected, target):
                                # Layer 6 (613.1f, 613.7): a later removal takes the grant away.
                                # A soulbond grant to the permanent itself is named after its
                                # partner, so that it ends when either leaves (702.95e).
                                named = source
                                if ability.affected.kind == "paired" and target.id == source.id:
                                    named = self.permanents[source.paired_with]  # type: ignore[index]
                                grants.setdefault(target.id, []).extend(
                                    (a, named) for a in ability.abilities
                                    if keeps_grant(target, a, source))
            finally:
                self._granting = False
            self._grants = grants
        return self._grants.get(holder.id, [])

    def _kind_index(self) -> dict[type, _KindIndex]:
        """Every ability with an ``affected`` field, own or granted, indexed once per board
        by class and by the creature it can reach: "self" and "attached" abilities under
        that creature's id, "creatures" abilities in a board-wide list. Keeps
        :meth:`abilities_affecting` linear in what actually applies."""
        if self._index is None:
            index: dict[type, _KindIndex] = {}

            def put(ability: Ability, holder: Permanent, named: Permanent) -> None:
                affected = getattr(ability, "affected", None)
                if affected is None:
                    return
                entry = index.setdefault(type(ability), _KindIndex())
                if affected.kind == "self":
                    entry.personal.setdefault(holder.id, []).append((ability, named))
                elif affected.kind == "attached":
                    if holder.attached_to is not None:
                        entry.personal.setdefault(holder.attached_to, []).append((ability, named))
                else:
                    entry.broad.append((ability, holder, named))

            for source in self.permanents.values():
                for ability in source.abilities:
                    put(ability, source, source)
            for holder in self.permanents.values():
                for ability, grantor in self.granted(holder):
                    put(ability, holder, grantor)
            self._index = index
        return self._index

    def abilities_affecting(
        self, creature: Permanent, kind: type[Ability] | tuple[type[Ability], ...]
    ) -> list[tuple[Ability, Permanent]]:
        """Every ability of class ``kind`` that applies to ``creature``, with its source:
        abilities of any permanent whose ``affected`` covers it, and abilities granted to a
        permanent (a granted ability's "this creature" is the permanent that gained it; the
        source named is the grantor). Order: per class, the creature's own and attached
        abilities, then board-wide ones, each in scenario order. Abilities without an
        ``affected`` field are player-level and not returned (see :meth:`abilities_of_kind`)."""
        out: list[tuple[Ability, Permanent]] = []
        for cls, entry in self._kind_index().items():
            if not issubclass(cls, kind):
                continue
            out.extend(entry.personal.get(creature.id, ()))
            for ability, holder, named in entry.broad:
                if self.affects(holder, ability.affected, creature):  # type: ignore[attr-defined]
                    out.append((ability, named))
        return out

    def abilities_of_kind(
        self, kind: type[Ability] | tuple[type[Ability], ...]
    ) -> list[tuple[Ability, Permanent]]:
        """Every ability of class ``kind`` on any permanent (its own or granted to it), with
        the permanent that has it.

        Every (ability, permanent) pair of the board is listed once and kept with the grants
        it was read with (:attr:`_grants`, renewed whenever the board's abilities change):
        the damage code asks this once per damage event, and reading 2,000 creatures a side
        each time took seconds (issue 25 §1)."""
        kept = self.__dict__.get("_of_kind")
        if kept is None or kept[0] is None or kept[0] is not self._grants or kept[1] is not self.permanents:
            own_all = [(a, p) for p in self.permanents.values() for a in p.abilities]
            given_all = [(a, p) for p in self.permanents.values() for a, _ in self.granted(p)]
            kept = (self._grants, self.permanents, own_all, given_all)
            if self._grants is not None:  # not while the grants themselves are computed
                self.__dict__["_of_kind"] = kept
        own = [x for x in kept[2] if isinstance(x[0], kind)]
        given = [x for x in kept[3] if isinstance(x[0], kind)]
        return own + given

    def has_keyword(self, creature: Permanent, name: str) -> bool:
        """Whether ``creature`` has keyword ``name``: its own (parsed from its text and
        ``abilities``) or granted by another permanent (CR 613.1f)."""
        if creature.has_keyword(name):
            return True
        return any(isinstance(a, Keyword) and a.name == name for a, _ in self.granted(creature))


# ------------------------------------------------------------------ queries


def _own_name(q: Quality, source: Permanent) -> Quality:
    """``q`` with the name "~" (the source's own name: "creatures named ~", CR 201.2) put
    as the source's face name and card name."""
    own = tuple(dict.fromkeys((source.name, source.card or source.name)))

    def put(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(x for n in names for x in (own if n == "~" else (n,)))

    return _replace(q, names=put(q.names), exclude_names=put(q.exclude_names))


def matches_quality(board: Board, creature: Permanent, quality: Quality,
                    other: Permanent | None = None) -> bool:
    """Whether ``creature`` matches ``quality`` (see :class:`redzone.models.abilities.Quality`).

    ``other`` is the creature ``power_vs`` compares with (for a blocker filter, the
    attacking creature). Keywords count granted ones too (613.1f).
    """
    q = quality
    if q.subtypes and not set(q.subtypes) & set(creature.subtypes):
        return False
    if q.exclude_subtypes and set(q.exclude_subtypes) & set(creature.subtypes):
        return False
    if q.colors and not set(q.colors) & set(creature.colors):
        return False
    if q.exclude_colors and set(q.exclude_colors) & set(creature.colors):
        return False
    if q.types and not set(q.types) & set(creature.types):
        return False
    if q.exclude_types and set(q.exclude_types) & set(creature.types):
        return False
    if q.goaded is not None:
        goaded = any(getattr(e, "goad", None) == creature.id
                     for e in (getattr(board.scenario, "effects", None) or []))
        if goaded != q.goaded:
            return False  # h17: goaded by an effect the scenario states (701.15)
    if q.mana_value_parity is not None:
        mv = creature.mana_value  # h17: CR 202.3; a half (Un-) value is neither even nor odd
        if mv != int(mv) or (int(mv) % 2 == 0) != (q.mana_value_parity == "even"):
            return False
    if q.names or q.exclude_names:
        # h17: CR 201.2 — a permanent's name (its face's, or the card's full name)
        named = {creature.name, creature.card or creature.name}
        if q.names and not named & set(q.names):
            return False
        if named & set(q.exclude_names):
            return False
    if q.keywords and not any(board.has_keyword(creature, k) for k in q.keywords):
        return False
    if q.without_keywords and any(board.has_keyword(creature, k) for k in q.without_keywords):
        return False
    if q.without_landwalk and any(
            isinstance(a, Landwalk) and a.land in q.without_landwalk
            for a in [*creature.abilities, *(x for x, _ in board.granted(creature))]):
        return False  # h17: 702.14
    power = creature.power or 0
    toughness = creature.toughness or 0
    if q.power_at_most is not None and power > q.power_at_most:
        return False
    if q.power_at_least is not None and power < q.power_at_least:
        return False
    if q.toughness_at_most is not None and toughness > q.toughness_at_most:
        return False
    if q.toughness_at_least is not None and toughness < q.toughness_at_least:
        return False
    if q.power_vs is not None:
        theirs = (other.power or 0) if other is not None else 0
        if q.power_vs == "greater" and not power > theirs:
            return False
        if q.power_vs == "less" and not power < theirs:
            return False
    if q.counter is not None:
        if q.counter == "any":
            if not any(v > 0 for v in creature.counters.values()):
                return False
        elif creature.counters.get(q.counter, 0) < max(1, q.counter_at_least):
            return False
    if q.commander is not None and bool(getattr(creature, "commander", False)) != q.commander:
        return False
    if q.color_count is not None:
        n = len(creature.colors)
        if (q.color_count == "multicolored" and n < 2) or (q.color_count == "monocolored" and n != 1) \
                or (q.color_count == "colorless" and n != 0):
            return False
    if q.tapped is not None and bool(creature.tapped) != q.tapped:
        return False
    if q.toughness_over_power and not toughness > power:
        return False
    if q.supertypes and not set(q.supertypes) & set(creature.supertypes):
        return False
    if q.token is not None and bool(getattr(creature, "token", False)) != q.token:
        return False
    if q.enchanted is not None and any(
            p.attached_to == creature.id and "Aura" in p.subtypes
            for p in board.permanents.values()) != q.enchanted:
        return False
    if q.equipped is not None or q.enchanted_or_equipped is not None or q.modified is not None:
        equipped = enchanted = own_aura = False
        for perm in board.permanents.values():
            if perm.attached_to != creature.id:
                continue
            if "Equipment" in perm.subtypes:
                equipped = True
            if "Aura" in perm.subtypes:
                enchanted = True
                own_aura = own_aura or perm.controller == creature.controller
        if q.equipped is not None and equipped != q.equipped:
            return False
        if q.enchanted_or_equipped is not None and (equipped or enchanted) != q.enchanted_or_equipped:
            return False
        if q.modified is not None:
            # CR 700.9: a counter on it, equipped, or enchanted by an Aura its controller controls.
            modified = equipped or own_aura or any(v > 0 for v in creature.counters.values())
            if modified != q.modified:
                return False
    return True


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


def reached(board: Board, source: Permanent, ability: Ability,
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


# ------------------------------------------------------------------ combat (506.4, 611.3a)


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
    pairs = frozenset((b, a) for b, lst in (blockers or {}).items()
                      if isinstance(lst, (list, tuple)) for a in lst)
    at_player = frozenset(a for a, target in attackers.items() if target not in board.permanents)
    return CombatState(attacking, blocking, pairs, at_player)


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
    if when == "blocking or blocked by it":
        # h4: "Creatures blocking or blocked by this creature" (Alms Beast; 509.1h)
        return (perm.id, source.id) in combat.blocks or (source.id, perm.id) in combat.blocks
    if when == "unblocked":
        # h4 (509.1h): attacking and blocked by no creature; before blockers are declared this
        # reads "unblocked" too, so only damage-time keywords are granted this way (parser).
        return attacking and not any(a == perm.id for _, a in combat.blocks)
    if when == "attacking an opponent":
        # h4: "Creatures attacking your opponents": attacking a player other than the
        # effect's controller (every other player is an opponent; no teams).
        return attacking and perm.id in combat.at_player and combat.attacking[perm.id] != source.controller
    if when == "attacking you":
        return attacking and combat.attacking[perm.id] == source.controller
    if when == "attacking alone":
        return attacking and len(combat.attacking) == 1  # 506.5
    return False


def in_combat(when: str, perm: Permanent, source: Permanent, combat: CombatState | None) -> bool:
    """Whether the combat condition ``when`` holds for ``perm`` (an effect of ``source``)
    in ``combat`` (``None``: nothing is in combat, so it never holds). CR 506.4, 611.3a."""
    return combat is not None and _in_combat(when, perm, source, combat)


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
            for p in reached(board, src, fx, perms):
                if not p.is_creature or not _in_combat(fx.when, p, src, combat):
                    continue
                dp, dt = out.get(p.id, (0, 0))
                out[p.id] = (dp + fx.power, dt + fx.toughness)
    return out


# ------------------------------------------ h4: protection qualities beyond colours and types


_ENEMY_PAIRS = frozenset(frozenset(p) for p in ("WB", "WR", "UR", "UG", "BG"))
"""h38: the enemy colour pairs (105.1: the colours not adjacent on the colour wheel)."""


def protection_extra(quality: str, perm: Permanent) -> bool | None:
    """Whether ``perm`` (a damage source or a would-be blocker) has the protection quality
    ``quality`` (lower case) for the qualities added by h4 — ``"snow"`` (supertype),
    ``"legendary creatures"``, ``"god creatures"`` (a creature type and "creature"),
    ``"non-squirrels"`` (anything that is not a Squirrel), ``"non-spirit creatures"``,
    ``"arcane"`` (a spell subtype: no permanent has it) — CR 702.16; ``None`` for any other
    quality (the caller's own table decides)."""
    q = quality.lower()
    if q.startswith("permanents controlled by "):  # h27: the chosen player (models/choices.py)
        return perm.controller.lower() == q[len("permanents controlled by "):]
    if q == "snow":
        return "Snow" in perm.supertypes
    if q == "enemy-colored multicolored":  # h38: exactly two colours, enemies (105.1)
        return frozenset(perm.colors) in _ENEMY_PAIRS
    m = re.fullmatch(r"mana value (\d+) or (greater|less)", q)
    if m:  # h17: "protection from mana value 3 or greater" (Mistmeadow Skulk; 202.3)
        n = int(m[1])
        return perm.mana_value >= n if m[2] == "greater" else perm.mana_value <= n
    if q == "arcane":
        return "Arcane" in perm.subtypes
    m = re.fullmatch(r"(?P<non>non-)?(?P<what>[a-z]+?)(?P<cr> creatures|s)?", q)
    if m is None or q in ("everything", "creatures", "multicolored", "monocolored", "colorless"):
        return None
    what, non, creatures = m["what"], bool(m["non"]), m["cr"] == " creatures"
    if what == "legendary" and creatures and not non:
        return perm.is_creature and "Legendary" in perm.supertypes
    if non or creatures:
        has = any(s.lower() == what for s in perm.subtypes)
        if creatures and not perm.is_creature:
            return False
        return not has if non else has
    return None
