"""The board: a validated scenario resolved into players and permanents with real
characteristics and parsed abilities.

:func:`build_board` takes a :class:`redzone.models.scenario.Scenario`, looks up each permanent's card
in the bundled Oracle data, applies the scenario's overrides, parses the Oracle text plus any
``abilities`` with :func:`redzone.models.parser.parse_text`, records which sentences were not
understood, and applies the other permanents' continuous effects in layer order
(:mod:`redzone.models.layers`, CR 613; ``power``/``toughness`` given are *current* values, to
which only combat-dependent effects are added).

Static abilities apply to creatures according to their :class:`redzone.models.abilities.Affected`
description; :meth:`Board.abilities_affecting` answers "which abilities of which sources
apply to this creature" for the rules layer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redzone.models.abilities import Ability, Affected, Grant, Keyword, ParsedText
from redzone.models.errors import ScenarioError, UnparsedTextError, clip
from redzone.models.layers import Base, Gap, apply_layers, combat_state, in_combat, keeps_grant

if TYPE_CHECKING:  # pragma: no cover
    from redzone.models.cleanup import EndOfTurn


@dataclass(frozen=True)
class Player:
    """A player: ``name``, ``life``, ``poison`` counters, ``mana`` (generic mana available to
    pay combat costs) and ``library`` (card names, top first)."""

    name: str
    life: int = 20
    poison: int = 0
    mana: int = 0
    library: tuple[str, ...] = ()


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
    mana_value: int = 0
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
    the scenario's ``until_end_of_turn``), or ``None``; see :mod:`redzone.models.cleanup`."""

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
    combat: object = None
    """The :class:`redzone.models.layers.CombatState` this board is seen in (``None``: no
    creature is in combat): combat-conditioned grants ("has first strike as long as it's
    attacking") apply by it (506.4, 611.3a)."""
    departed: tuple[str, ...] = ()
    """Players who lost and left the game before this board (a multiplayer game goes on
    without them, CR 104.5, 800.4a), in the order they left: not in ``players``, and
    lost for good (the evaluation counts each as an opponent knocked out). Empty for a
    board built from a scenario."""

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
        from copy import copy

        from redzone.models.layers import combat_deltas

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
        power or toughness (506.4, 611.3a)."""
        if self._combat_fx is None:
            from redzone.models.abilities import ModifyPT

            self._combat_fx = any(isinstance(a, (ModifyPT, Grant)) and a.when is not None
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
        if affected.qualities and not self._has_quality(creature, affected.qualities):
            return False
        return True

    def _has_quality(self, creature: Permanent, qualities: tuple) -> bool:
        """Whether ``creature`` matches one of ``qualities`` (an :class:`Affected` filter:
        "creatures with power 4 or greater", "nonblack creatures"). While the grants
        themselves are being computed, keyword qualities look at the creature's own keywords
        only (a grant that depends on granted keywords is not ordered by dependency, 613.8)."""
        from redzone.models.block_rules import matches_quality

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
                                    ability.when, target, source, self.combat):  # type: ignore[arg-type]
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


# ------------------------------------------------------------------ building


def _int_or_none(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


def _printed_stat(value: str | None, given: int | None, where: str, what: str, card: str) -> int | None:
    """The current value of a printed characteristic: the given value, else the printed
    integer; a printed non-integer (``*``, ``1+*``) must be given."""
    if given is not None:
        return given
    if value is None:
        return None
    number = _int_or_none(value)
    if number is None:
        raise ScenarioError(where, f"{card}'s printed {what} is {value!r}; give the current {what}")
    return number


#: CR 110.4a: the permanent types.
_PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


def build_board(scenario: object, *, strict: bool = False) -> Board:
    """Resolve a validated :class:`redzone.models.scenario.Scenario` into a :class:`Board`.

    Raises :class:`ScenarioError` when a value can't be determined (e.g. a printed ``*``
    power not given) and, with ``strict``, :class:`UnparsedTextError` for the first
    combat-relevant sentence the parser did not understand. Card names were already checked
    by the schema; lookups here cannot fail for a validated scenario.
    """
    from redzone.models.cards import lookup_face
    from redzone.models.limits import check_time
    from redzone.models.parser import parse_text

    players = tuple(
        Player(name=p.name, life=p.life, poison=p.poison, mana=p.mana, library=tuple(p.library))
        for p in scenario.players
    )
    permanents: dict[str, Permanent] = {}
    for i, spec in enumerate(scenario.permanents):
        if i & 255 == 0:
            check_time("building the board")
        where = f"permanents[{i}]"
        card_name: str | None = None
        if getattr(spec, "card", None):
            card, face = lookup_face(spec.card)
            if not face.known and card.layout == "adventure" and face is not card.faces[0]:
                # CR 715.4: an adventurer card on the battlefield has only its normal
                # (creature) characteristics; its Adventure is an instant or sorcery.
                raise ScenarioError(
                    f"{where}.card",
                    f"{face.name!r} is the Adventure of {card.name!r}, an instant or sorcery, "
                    f"never a permanent; on the battlefield the card is {card.faces[0].name!r} "
                    f"(CR 715.4): name that instead")
            if not face.known:
                # Issue 10 §4: a face the bundled data holds by name only has no types,
                # power or text; using it would be silently wrong.
                raise ScenarioError(
                    f"{where}.card",
                    f"the card data has only the name of {face.name!r} (a face of "
                    f"{card.name!r}), not its characteristics; give the permanent inline "
                    f"(name, types, power, toughness, text) instead")
            card_name = card.name
            name = face.name
            types, subtypes, supertypes = face.types, face.subtypes, face.supertypes
            colors, mana_value, text = face.colors, face.mana_value, face.text
            printed = {"power": face.power, "toughness": face.toughness,
                       "loyalty": face.loyalty, "defense": face.defense}
            names: tuple[str, ...] = tuple(dict.fromkeys((face.name, card.name)))
        else:
            name = spec.name or spec.id
            types = subtypes = supertypes = colors = ()
            mana_value, text = 0, ""
            printed = {"power": None, "toughness": None, "loyalty": None, "defense": None}
            names = (name,)
        if spec.types is not None:
            types = tuple(spec.types)
        if spec.subtypes is not None:
            subtypes = tuple(spec.subtypes)
        if spec.supertypes is not None:
            supertypes = tuple(spec.supertypes)
        if spec.colors is not None:
            colors = tuple(spec.colors)
        if spec.mana_value is not None:
            mana_value = spec.mana_value
        if spec.text is not None:
            text = spec.text
        counters = dict(spec.counters or {})
        shown = card_name or name
        power = _printed_stat(printed["power"], spec.power, f"{where}.power", "power", shown)
        toughness = _printed_stat(printed["toughness"], spec.toughness, f"{where}.toughness", "toughness", shown)
        # Counters are applied in layer 7c (613.4c) by redzone.models.layers.
        loyalty = spec.loyalty if spec.loyalty is not None else _int_or_none(printed["loyalty"])
        if spec.loyalty is None and "loyalty" in counters:
            loyalty = counters["loyalty"]
        defense = spec.defense if spec.defense is not None else _int_or_none(printed["defense"])
        if spec.defense is None and "defense" in counters:
            defense = counters["defense"]
        if ({"Instant", "Sorcery"} & set(types)) and not (_PERMANENT_TYPES & set(types)):
            # CR 304.4, 307.4: an instant or sorcery can't enter the battlefield (110.4a: only
            # artifacts, battles, creatures, enchantments, lands and planeswalkers are permanents).
            kind = "an instant" if "Instant" in types else "a sorcery"
            raise ScenarioError(
                f"{where}.card" if card_name else f"{where}.types",
                f"{shown} is {kind}, never a permanent (CR 304.4, 307.4); only a card with a "
                f"permanent type can be on the battlefield")
        if "Creature" in types and (power is None or toughness is None):
            raise ScenarioError(f"{where}.power", f"{shown} is a creature with no power/toughness; give both")
        if "Planeswalker" in types and loyalty is None:
            raise ScenarioError(f"{where}.loyalty", f"{shown} is a planeswalker with no loyalty; give loyalty (CR 306.5b)")
        if "Battle" in types and defense is None:
            raise ScenarioError(f"{where}.defense", f"{shown} is a battle whose defense is not in the card data; give defense")

        parts = [text] if text else []
        parts.extend(spec.abilities or [])
        if len(parts) == 1:
            parsed = parse_text(parts[0], names=names)  # cached and immutable: shared as is
        else:
            parsed = _parse_parts(parts, names)
        if strict and parsed.unparsed:
            raise UnparsedTextError(f"{where}: {shown}: not understood: {parsed.unparsed[0]!r}")
        eot = getattr(spec, "until_end_of_turn", None)
        until_end_of_turn = _end_of_turn(eot, text, spec.abilities or [], names, where) if eot else None

        protector = spec.protector
        permanents[spec.id] = Permanent(
            id=spec.id, name=name, card=card_name, controller=spec.controller,
            owner=spec.owner or spec.controller, index=i, types=tuple(types),
            subtypes=tuple(subtypes), supertypes=tuple(supertypes), colors=tuple(colors),
            mana_value=mana_value, power=power, toughness=toughness, loyalty=loyalty,
            defense=defense, protector=protector, tapped=spec.tapped,
            summoning_sick=spec.summoning_sick, token=bool(getattr(spec, "token", False)),
            damage=spec.damage, counters=counters,
            attached_to=spec.attached_to, paired_with=getattr(spec, "paired_with", None),
            parsed=parsed,
            base=Base(tuple(types), tuple(subtypes), tuple(supertypes), tuple(colors), power,
                      toughness, spec.power is not None, spec.toughness is not None),
            conditions=dict(getattr(spec, "conditions", None) or {}),
            choices=dict(getattr(spec, "choices", None) or {}),
            until_end_of_turn=until_end_of_turn,
        )
    board = Board(
        scenario=scenario, players=players, permanents=permanents,
        active_player=scenario.active_player or players[0].name,
        rules=scenario.rules, game=scenario.game,
    )
    _default_protectors(board)
    _pairs(board)
    from redzone.models.conditions import resolve

    resolve(board)  # statics under a condition the scenario decides (611.3a), before layers
    combat = getattr(scenario, "combat", None)
    # CR 613: characteristics as other permanents' effects make them; combat-dependent ones
    # for the scenario's combat (506.4, 611.3a).
    board.combat = combat_state(
        board, dict(combat.attackers) if combat is not None else None,
        {b: list(v) for b, v in combat.blockers.items()} if combat is not None else None)
    board._grants = board._index = None
    board.gaps = apply_layers(board, board.combat)  # type: ignore[arg-type]
    if strict and board.gaps:
        gap = board.gaps[0]
        raise UnparsedTextError(f"permanents[{board.permanents[gap.source].index}]: "
                                f"{board.permanents[gap.source].label}: {gap.message()}")
    return board


def _end_of_turn(eot: object, text: str, abilities: list[str], names: tuple[str, ...],
                 where: str) -> EndOfTurn:
    """The permanent's :class:`redzone.models.cleanup.EndOfTurn` from its scenario
    ``until_end_of_turn`` (each ability one of ``abilities``: checked when the scenario was
    read): its text parsed without those sentences. Raises :class:`ScenarioError` for an
    ability there that changes or grants to other permanents (an effect on the others
    would end with it; they are described by their own values)."""
    from redzone.models.cleanup import EndOfTurn
    from redzone.models.layers import reaches_others
    from redzone.models.parser import parse_text

    left = list(abilities)
    for j, sentence in enumerate(eot.abilities):  # type: ignore[attr-defined]
        left.remove(sentence)
        if any(reaches_others(a) for a in parse_text(sentence, names=names).abilities):
            raise ScenarioError(
                f"{where}.until_end_of_turn.abilities[{j}]",
                f"{clip(sentence)} changes other permanents' characteristics or abilities; "
                f"only the permanent's own abilities can be marked here (give the others' "
                f"until-end-of-turn changes on them)")
    parts = [text] if text else []
    parts.extend(left)
    return EndOfTurn(eot.power, eot.toughness, tuple(eot.abilities),  # type: ignore[attr-defined]
                     _parse_parts(parts, names))


def _parse_parts(parts: list[str], names: tuple[str, ...]) -> ParsedText:
    """The Oracle text parser's results for several texts of one permanent (its rules text
    and its ``abilities`` lines), put together in order."""
    from redzone.models.parser import parse_text

    abilities: list[Ability] = []
    unparsed: list[str] = []
    ignored: list[str] = []
    for part in parts:
        one = parse_text(part, names=names)
        abilities.extend(one.abilities)
        unparsed.extend(one.unparsed)
        ignored.extend(one.ignored)
    return ParsedText(tuple(abilities), tuple(unparsed), tuple(ignored))


def _pairs(board: Board) -> None:
    """Make every pairing mutual and check it (CR 702.95): both paired permanents are
    creatures their one controller controls, and each is paired with one creature only.
    Raises :class:`ScenarioError` naming the ``paired_with`` field otherwise."""
    for perm in board.permanents.values():
        other_id = perm.paired_with
        if other_id is None:
            continue
        where = f"permanents[{perm.index}].paired_with"
        other = board.permanents[other_id]
        if not (perm.is_creature and other.is_creature) or perm.controller != other.controller:
            raise ScenarioError(where, f"{perm.label} and {other.label} can't be paired: a pair is "
                                       "two creatures one player controls (CR 702.95)")
        if other.paired_with not in (None, perm.id):
            raise ScenarioError(where, f"{other.label} is already paired with {other.paired_with} "
                                       "(a creature is paired with one creature, CR 702.95)")
        other.paired_with = perm.id


def _default_protectors(board: Board) -> None:
    """Give each battle without a ``protector`` one when the rules leave a single choice: a
    Siege's protector is an opponent of its controller (CR 310.12a); with exactly
    one opponent that is it. Otherwise the scenario must name it."""
    for perm in board.permanents.values():
        if "Battle" not in perm.types or perm.protector:
            continue
        opponents = board.opponents(perm.controller)
        if len(opponents) == 1:
            perm.protector = opponents[0]
        else:
            raise ScenarioError(
                f"permanents[{perm.index}].protector",
                f"{perm.label} is a battle and {perm.controller} has several opponents; name its protector",
            )
