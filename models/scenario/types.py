"""The scenario's runtime objects: plain Python classes, no pydantic (start-up, issue 11).

:class:`Scenario`, :class:`PlayerSpec`, :class:`PermanentSpec`, :class:`CombatSpec` and the
effect classes are what :func:`redzone.models.scenario.parse_scenario` returns. They hold the
fields that the schema of record (the pydantic models of :mod:`redzone.models.scenario.schema`)
validates, with the same names, defaults and order; a test keeps the two in step. They are
plain classes so that a command reading a plainly valid scenario never imports pydantic
(~130 ms of a one-shot start-up): :mod:`redzone.models.scenario.fast` builds them directly,
and anything it is not sure of goes through pydantic.

Each object keeps its fields in its instance dictionary: reading a field is an attribute
read, objects compare equal when they are of the same class with equal fields, ``repr`` is
``PlayerSpec(name='A', life=20, ...)`` (fields in schema order), and the objects are mutable
and unhashable, as the pydantic models were. Built in code, ``PlayerSpec(name="A")`` and
``Scenario(players=[...], ...)`` validate as :func:`parse_scenario` does (a :class:`Scenario`
is cross-checked and gets its derived ids) and raise
:class:`redzone.models.errors.ScenarioError` for bad values. ``model_dump()`` /
``model_dump_json()`` give the fields as plain data, as pydantic's did.

This module never imports ortools.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar, Union

__all__ = [
    "CHOSEN_WORDS",
    "CombatSpec",
    "Effect",
    "GoadEffect",
    "MAX_NUMBER",
    "MustAttack",
    "MustAttackEffect",
    "MustBlock",
    "MustBlockEffect",
    "PermanentSpec",
    "PlayerSpec",
    "PreventDamageEffect",
    "PreventDamageSpec",
    "Scenario",
    "TRIGGER_WINDOWS",
    "TriggerChoice",
    "UntilEndOfTurn",
    "resolved_windows",
]

MAX_NUMBER = 1_000_000
"""The bound on every number in a scenario (documented in docs/scenario-format.md): power and
life lie in [-MAX_NUMBER, MAX_NUMBER]; toughness, loyalty, defense, mana, poison, mana value,
marked damage, counters and assigned damage in [0, MAX_NUMBER]. Far above any real game, and
small enough that sums over thousands of creatures stay exact in CP-SAT's 64-bit arithmetic.
Numbers are strict: ``true`` is not 1 and ``2.0`` is not 2."""

REQUIRED: Any = type("_Required", (), {"__repr__": lambda self: "REQUIRED"})()
"""Marks a field without a default in :attr:`_Spec.FIELDS`."""


def _no_validator(cls: type[_Spec], data: dict[str, Any]) -> Any:
    raise RuntimeError("redzone.models.scenario.validation is not imported")  # pragma: no cover


_validator: Callable[[type[_Spec], dict[str, Any]], Any] = _no_validator
"""How an object built in code is validated: set by :func:`use_validator`."""


def use_validator(validate: Callable[[type[_Spec], dict[str, Any]], Any]) -> None:
    """Make ``validate(cls, data)`` (an object of ``cls`` from the mapping ``data``, or
    :class:`redzone.models.errors.ScenarioError`) the validation of objects built in code.
    :mod:`redzone.models.scenario.validation` gives its ``parse_scenario`` path when the
    package is imported (these classes are below the validation that builds them)."""
    global _validator
    _validator = validate


class _Spec:
    """Base of the scenario classes. ``FIELDS``: ``(name, default)`` in schema order, the
    default :data:`REQUIRED`, a constant, or ``list``/``dict`` (a new empty one each time)."""

    FIELDS: ClassVar[tuple[tuple[str, Any], ...]] = ()
    __hash__ = None  # type: ignore[assignment]  # mutable, as the pydantic models were

    def __init__(self, **data: Any) -> None:
        self.__dict__.update(_validator(type(self), data).__dict__)

    @classmethod
    def _raw(cls, values: dict[str, Any]) -> Any:
        """An object holding ``values`` (every field, already validated), unchecked."""
        obj = object.__new__(cls)
        obj.__dict__ = values
        return obj

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Spec):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={self.__dict__.get(name)!r}" for name, _ in self.FIELDS)
        return f"{type(self).__name__}({fields})"

    def model_dump(self) -> dict[str, Any]:
        """The fields as plain data (nested objects as dictionaries), in schema order."""
        return {name: _dump(self.__dict__.get(name)) for name, _ in self.FIELDS}

    def model_dump_json(self) -> str:
        """:meth:`model_dump` as compact JSON text (as pydantic writes it)."""
        return json.dumps(self.model_dump(), ensure_ascii=False, separators=(",", ":"))


def _dump(value: Any) -> Any:
    if isinstance(value, _Spec):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


# ------------------------------------------------------------------------- players


class PlayerSpec(_Spec):
    """One player, in turn (seat) order within :attr:`Scenario.players`.

    ``name`` (unique, non-empty), ``life`` (CR 119; may be negative; default 20), ``mana``:
    generic mana available to pay combat costs such as attack and block taxes (CR 508.1d,
    509.1d), ``poison`` counters (CR 122.1f), ``library``: card names, top card first (read
    by clash, CR 701.30), ``graveyard``: card names in the player's graveyard (counted by
    triggered abilities: "the number of creature cards in your graveyard"). Commander games (``format: commander``, CR 903) only:
    ``commanders``: ids of this player's commanders that are not on the battlefield
    (command zone, graveyard, ...; 903.3), so that combat damage they dealt earlier stays
    countable; ``commander_damage``: commander id -> combat damage that commander has dealt
    this player over the game (903.10a), each id a permanent marked ``commander`` or a
    name in some player's ``commanders``.
    """

    FIELDS = (("name", REQUIRED), ("life", 20), ("mana", 0), ("energy", 0), ("poison", 0),
              ("library", list), ("graveyard", list), ("hand", None), ("commanders", list),
              ("commander_damage", dict), ("dungeon", None), ("ring_tempted", 0))
    name: str
    life: int
    mana: int
    energy: int
    """Energy counters (122.1f): what the {E} costs of triggered abilities may pay."""
    poison: int
    library: list[str]
    graveyard: list[str]
    hand: list[str] | None
    """Card names in the player's hand (h13: what "put a ... card from your hand onto the
    battlefield" may put). ``None`` when the scenario doesn't state it (h34: not the same as
    ``[]``, a stated empty hand): an ability that needs the hand (its size, a card from it) is
    then not played and listed in ``not_played``."""
    commanders: list[str]
    commander_damage: dict[str, int]
    dungeon: str | None
    """h24: the dungeon room the player's venture marker is on (309.4; unstated: none)."""
    ring_tempted: int
    """h24: how many times the Ring has tempted the player this game (701.54; unstated: 0)."""


# ---------------------------------------------------------------------- permanents


class UntilEndOfTurn(_Spec):
    """The part of a permanent's current characteristics that lasts only until end of turn
    (a Giant Growth, Craterhoof Behemoth's "+X/+X and trample until end of turn"): such
    effects end in the cleanup step (CR 514.2), before the next turn.

    ``power``/``toughness``: what those effects add to the permanent's given current power
    and toughness (already included in them; may be negative, "-2/-2 until end of turn").
    ``abilities``: sentences of the permanent's ``abilities`` that it has only until end of
    turn. Read by the AI commands only (the evaluation after combat and the next turn's
    board, docs/ai.md); this turn's combat uses the current values.
    """

    FIELDS = (("power", 0), ("toughness", 0), ("abilities", list))
    power: int
    toughness: int
    abilities: list[str]



class PermanentSpec(_Spec):
    """One permanent on the battlefield.

    Exactly one of ``card`` (a real card; characteristics come from the bundled card data)
    and ``name`` (characteristics given inline) is set; Duel Masters permanents use ``name``.
    Given characteristics override the printed ones; ``power``/``toughness``/``loyalty``/
    ``defense`` are current values. ``toughness`` given must be >= 0 (a permanent with
    toughness 0 or less would already have been put into its owner's graveyard, CR 704.5f).
    ``damage`` is damage already marked this turn (CR 120.6). ``counters`` maps a counter
    kind (``"+1/+1"``) to a count. ``protector`` names the player protecting a battle
    (CR 310.9). ``owner`` ``None`` means the controller. ``choices``: choices made as the
    permanent entered (``{"direction": "left"}``); ``conditions``: conditions of its static
    abilities that the scenario has no field for, as the condition's words -> true/false
    (CR 611.3a). ``paired_with``: soulbond partner (CR 702.95), mutual.
    ``until_end_of_turn``: what of its current power, toughness and abilities ends in the
    cleanup step (CR 514.2; :class:`UntilEndOfTurn`), or ``None``. ``commander``: the
    permanent is its owner's commander (CR 903.3; ``format: commander`` only; a creature:
    combat damage it deals to a player counts towards 21, 903.10a, 704.6c). ``exiled``: the
    cards exiled with it by its own ability (607.2a: Faceless Butcher's "the exiled card"),
    card name -> owner.

    After validation inside a :class:`Scenario`, ``id`` is always set (see
    :func:`redzone.models.scenario.default_id`), ``types``/``supertypes`` are spelt as in
    CR 205 (``"Creature"``) and ``colors`` are colour letters in WUBRG order (``["W", "G"]``,
    CR 105.2), as in :mod:`redzone.models.cards`.
    """

    FIELDS = (
        ("id", None), ("card", None), ("name", None), ("controller", REQUIRED), ("owner", None),
        ("types", None), ("subtypes", None), ("supertypes", None), ("colors", None),
        ("mana_value", None), ("power", None), ("toughness", None), ("loyalty", None),
        ("defense", None), ("protector", None), ("text", None), ("abilities", list),
        ("tapped", False), ("summoning_sick", False), ("token", False), ("damage", 0),
        ("counters", dict), ("attached_to", None), ("paired_with", None), ("choices", dict),
        ("conditions", dict), ("until_end_of_turn", None), ("commander", False),
        ("exiled", dict),
    )
    id: str | None
    card: str | None
    name: str | None
    controller: str
    owner: str | None
    types: list[str] | None
    subtypes: list[str] | None
    supertypes: list[str] | None
    colors: list[str] | None
    mana_value: int | None
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    protector: str | None
    text: str | None
    abilities: list[str]
    tapped: bool
    summoning_sick: bool
    token: bool
    damage: int
    counters: dict[str, int]
    attached_to: str | None
    paired_with: str | None
    choices: dict[str, str]
    conditions: dict[str, bool]
    until_end_of_turn: UntilEndOfTurn | None
    commander: bool
    exiled: dict[str, str]

    @property
    def display_name(self) -> str:
        """The card name, else the inline name, else the id."""
        return self.card or self.name or self.id or ""


# ------------------------------------------------------------------------- effects


class GoadEffect(_Spec):
    """``goad``: the goaded creature's id; ``by``: the goading player (CR 701.15)."""

    FIELDS = (("goad", REQUIRED), ("by", REQUIRED))
    goad: str
    by: str


class MustAttack(_Spec):
    """``attacker`` attacks ``target`` (a player name or a planeswalker/battle id) this
    combat if able: one requirement (CR 508.1d)."""

    FIELDS = (("attacker", REQUIRED), ("target", REQUIRED))
    attacker: str
    target: str


class MustAttackEffect(_Spec):
    """``must_attack: {attacker, target}``."""

    FIELDS = (("must_attack", REQUIRED),)
    must_attack: MustAttack


class MustBlock(_Spec):
    """``blocker`` blocks ``attacker`` this combat if able (provoke, CR 702.39a; 509.1c)."""

    FIELDS = (("blocker", REQUIRED), ("attacker", REQUIRED))
    blocker: str
    attacker: str


class MustBlockEffect(_Spec):
    """``must_block: {blocker, attacker}``."""

    FIELDS = (("must_block", REQUIRED),)
    must_block: MustBlock


class PreventDamageSpec(_Spec):
    """A resolved prevention effect (CR 615) such as Fog's "prevent all combat damage that
    would be dealt this turn". ``combat``: only combat damage (default ``false``: all
    damage). ``to``: only damage dealt to this permanent id or player; ``by``: only damage
    dealt by this permanent id; ``None``: any."""

    FIELDS = (("combat", False), ("to", None), ("by", None))
    combat: bool
    to: str | None
    by: str | None


class PreventDamageEffect(_Spec):
    """``prevent_damage: {combat, to, by}`` (added by the damage-outcome work)."""

    FIELDS = (("prevent_damage", REQUIRED),)
    prevent_damage: PreventDamageSpec


Effect = Union[GoadEffect, MustAttackEffect, MustBlockEffect, PreventDamageEffect]
"""One effect item; the key present (``goad``, ``must_attack``, ``must_block``,
``prevent_damage``) decides."""

EFFECT_KEYS: dict[str, type[_Spec]] = {
    "goad": GoadEffect, "must_attack": MustAttackEffect, "must_block": MustBlockEffect,
    "prevent_damage": PreventDamageEffect}
"""The key that makes an effect item each effect class."""


# -------------------------------------------------------------------------- combat


TRIGGER_WINDOWS = ("attack", "block", "first-strike", "regular")
"""The trigger windows of a combat, in order (docs/triggers.md): after attackers are declared
(508.2), after blockers are declared (509.2), after the first-strike combat damage step and
after the regular one (510.3, 510.4). ``combat.triggers_resolved`` and
``combat.trigger_choices`` name them."""


CHOSEN_WORDS = ("counters", "token", "nonland", "land", "tap", "untap", "won", "lost", "cast", "hand")
"""h9: the words ``TriggerChoice.chosen`` may be instead of a permanent id: endure's choice
("counters" on the creature or a Spirit "token") and the kind of card a conniving player
discards ("nonland": a +1/+1 counter; "land"; models/triggers/actions.py); h28: the kind of
card an exploring creature's controller reveals ("nonland", "land"), whether a clash was
"won" or "lost" (models/triggers/explore.py, clashes.py); h36: whether a discovered card is
"cast" or put into the "hand" (701.57a, models/triggers/more_amounts.py)."""


class TriggerChoice(_Spec):
    """One choice of a triggered ability of combat, stated by the scenario
    (``combat.trigger_choices``; docs/scenario-format.md), which the commands take instead
    of choosing.

    ``source``: the permanent id of the ability; ``window``: one of
    :data:`TRIGGER_WINDOWS`, the window it triggers in ("dies" abilities: the window the
    creature died in); ``trigger``: the creature whose event triggered it ("whenever a
    creature you control attacks": the attacker; ``None``: any); ``target``: the target
    chosen as it is put on the stack (603.3d: a permanent id or a player name);
    ``no_target``: an "up to one" target, none chosen; ``may``: "you may" taken or not
    (603.5); ``sacrifice``: the permanents sacrificed, in order (701.21; annihilator: the
    defending player's choice). Items with the same source, window and trigger answer that
    ability's choices in the order it triggers (the order its events are listed: attackers,
    then blockers, in the scenario's order)."""

    FIELDS = (("source", REQUIRED), ("window", REQUIRED), ("trigger", None), ("target", None),
              ("no_target", False), ("may", None), ("sacrifice", list), ("chosen", None),
              ("proliferate", None), ("mode", None), ("tapped", None), ("coin", None),
              ("roll", None), ("divided", None), ("targets", None))
    source: str
    window: str
    trigger: str | None
    target: str | None
    no_target: bool
    may: bool | None
    sacrifice: list[str]
    chosen: str | None
    """A permanent chosen as the ability resolves, not targeted (bolster, 701.39a; the Army
    of amass, 701.47a; blight's creature), or one of :data:`CHOSEN_WORDS` (endure, connive;
    h14: "tap or untap target permanent"), or a number: the X of a payment of {X} (h16,
    107.3a)."""
    proliferate: list[str] | None
    """The permanents and players each proliferate of the ability chooses (701.34a)."""
    mode: list[int] | None
    """A modal ability's modes, numbered from 1 in printed order (700.2, 603.3c)."""
    tapped: list[str] | None
    """h9: the creatures tapped by "tap any number of untapped creatures you control"
    (Ledev Champion), chosen as the ability resolves (``[]``: none)."""
    coin: int | None
    """h12: how many of its coin flips were won — or came up heads (705) — 0 to the number
    of coins."""
    roll: int | None
    """h12: the result of its die roll (706), 1 to the die's sides."""
    divided: dict[str, int] | None
    """h14: damage divided as its controller chooses (601.2d: Inferno Titan): target (a
    permanent id or a player name) -> damage, each at least 1."""
    targets: list[str] | None
    """h14: the targets of "each of up to two target creatures" (a set, 603.3d; ``[]``:
    none)."""


def resolved_windows(combat: Any) -> tuple[tuple[str, ...], bool]:
    """The trigger windows of ``combat`` (a :class:`CombatSpec` or a view with its fields)
    whose triggered abilities have resolved, in :data:`TRIGGER_WINDOWS` order, and whether the
    scenario stated them (``combat.triggers_resolved``). Not stated: a combat whose first-strike
    step is over (``first_strike_dealt`` not empty) stands after the attack, block and
    first-strike windows (509.2, 510.4); one whose blockers are declared (``blockers`` or
    ``blocked``) after the attack window (its abilities resolved before blockers were
    declared, 508.2, 509.1) and before the block window; any other before every window.
    (``step: regular`` alone doesn't say the first-strike step happened: with no first
    strikers it is the only step.)"""
    if combat is None:
        return (), False
    given = getattr(combat, "triggers_resolved", None)
    if given is not None:
        return tuple(w for w in TRIGGER_WINDOWS if w in given), True
    if getattr(combat, "first_strike_dealt", None):
        return ("attack", "block", "first-strike"), False
    if any((getattr(combat, "blockers", None) or {}).values()) or getattr(combat, "blocked", None):
        return ("attack",), False
    return (), False


class CombatSpec(_Spec):
    """The combat so far.

    ``attackers``: attacking creature id -> the player name or planeswalker/battle id it
    attacks (CR 508.1). ``blockers``: blocking creature id -> attacker ids it blocks (509.1).
    ``blocked``: attackers that are blocked (509.1h) even if no blocker remains. ``step``:
    the combat damage step to play (510.4), ``None`` for the first that applies.
    ``first_strike_dealt``: creatures that dealt first-strike damage this combat (702.7c).
    ``damage_order``: rules "2023" only, a creature id -> its damage assignment order.
    ``assignment``: a proposed damage assignment, source id -> recipient (id or player) ->
    amount (>= 0). ``bands`` (issue 10 §5): attacking bands (702.22c), each a list of
    attacking creature ids; checked by :func:`redzone.models.block_rules.attack_bands`.
    ``triggers_resolved`` (issue 21): the trigger windows (:data:`TRIGGER_WINDOWS`) whose
    triggered abilities have resolved, their effects in the board as given; ``None``: not
    stated, :func:`resolved_windows` decides. ``trigger_choices``: choices of triggered
    abilities still to resolve (:class:`TriggerChoice`), taken instead of choosing.
    """

    FIELDS = (("attackers", dict), ("blockers", dict), ("blocked", list), ("step", None),
              ("first_strike_dealt", list), ("damage_order", dict), ("assignment", dict),
              ("bands", list), ("triggers_resolved", None), ("trigger_choices", list))
    attackers: dict[str, str]
    blockers: dict[str, list[str]]
    blocked: list[str]
    step: str | None
    first_strike_dealt: list[str]
    damage_order: dict[str, list[str]]
    assignment: dict[str, dict[str, int]]
    bands: list[list[str]]
    triggers_resolved: list[str] | None
    trigger_choices: list[TriggerChoice]


# ------------------------------------------------------------------------ scenario


class Scenario(_Spec):
    """One combat situation (see ``docs/scenario-format.md``).

    ``game``: ``"magic"`` or ``"duel-masters"``. ``rules``: ``"current"`` (free damage split)
    or ``"2023"`` (damage assignment order). ``format``: ``"commander"`` for a Commander
    game (CR 903: a player dealt 21 or more combat damage by one commander loses, 704.6c),
    ``None`` otherwise. ``combat_number``: which combat phase of the turn the combat is
    (1, the default: the turn's first; CR 500.8 adds more). ``players`` in turn order, at least two for
    Magic. ``active_player`` defaults to the first player and is always set after
    validation. Built in code, raises :class:`redzone.models.errors.ScenarioError` for a
    reference to an unknown player or permanent, a duplicate name or id, or an unknown card
    (Magic only; CR 201.2 names).
    """

    FIELDS = (("game", "magic"), ("rules", "current"), ("active_player", None),
              ("players", REQUIRED), ("permanents", list), ("effects", list), ("combat", None),
              ("format", None), ("combat_number", 1))
    game: str
    rules: str
    active_player: str | None
    players: list[PlayerSpec]
    permanents: list[PermanentSpec]
    effects: list[Effect]
    combat: CombatSpec | None
    format: str | None
    combat_number: int
    """h25: which combat phase of the turn this is (1: the first; 500.8 adds more)."""

    # -- convenience look-ups (plain Python, recomputed on each call)

    @property
    def active(self) -> str:
        """The active player's name (``active_player`` resolved)."""
        return self.active_player or self.players[0].name

    @property
    def player_names(self) -> list[str]:
        """Player names in turn order."""
        return [p.name for p in self.players]

    def player(self, name: str) -> PlayerSpec:
        """The player called ``name``; ``KeyError`` if none."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def permanent(self, id: str) -> PermanentSpec:
        """The permanent with id ``id``; ``KeyError`` if none."""
        for p in self.permanents:
            if p.id == id:
                return p
        raise KeyError(id)

    @property
    def permanents_by_id(self) -> dict[str, PermanentSpec]:
        """id -> permanent, in scenario order."""
        return {p.id: p for p in self.permanents if p.id is not None}


SPEC_CLASSES: dict[str, type[_Spec]] = {cls.__name__: cls for cls in (
    Scenario, PlayerSpec, PermanentSpec, CombatSpec, GoadEffect, MustAttack, MustAttackEffect,
    MustBlock, MustBlockEffect, PreventDamageSpec, PreventDamageEffect, UntilEndOfTurn,
    TriggerChoice)}
"""Each runtime class by name (the pydantic model of the same name is its schema)."""
