"""The scenario schema of record: pydantic models, and pydantic's errors as one line.

These models define what a valid scenario is (field names, types, bounds, defaults; every
model forbids unknown keys) and give ``redzone schema`` its JSON Schema. The objects a
scenario is read into are the plain classes of :mod:`redzone.models.scenario.types`, of the
same names and fields: :func:`validate` runs pydantic and copies its result into them.
:mod:`redzone.models.scenario.fast` builds the same objects without pydantic for plainly
valid input and hands everything else here, so importing this module (pydantic and ~50 ms of
schema building) is paid only for odd or bad input, ``redzone schema``, and code that asks
for it. Cross-field checks (references, duplicate ids, card names) are not here but in
:mod:`redzone.models.scenario.validation`, on the plain objects, for both paths.

This module never imports ortools.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

from redzone.models.errors import ScenarioError
from redzone.models.lazy_re import lazy_compile
from redzone.models.scenario.types import MAX_NUMBER, SPEC_CLASSES

__all__ = ["Scenario", "scenario_json_schema", "validate", "validate_spec"]

NonNegative = Annotated[int, Field(strict=True, ge=0, le=MAX_NUMBER)]
"""A whole number in [0, MAX_NUMBER] (a Boolean or a float is refused)."""
Positive = Annotated[int, Field(strict=True, ge=1, le=MAX_NUMBER)]
"""A whole number in [1, MAX_NUMBER]."""

Signed = Annotated[int, Field(strict=True, ge=-MAX_NUMBER, le=MAX_NUMBER)]
"""A whole number in [-MAX_NUMBER, MAX_NUMBER] (a Boolean or a float is refused)."""

Flag = Annotated[bool, Field(strict=True)]
"""``true`` or ``false`` only (not 1, 0 or "yes")."""


class _Strict(BaseModel):
    """Base of every scenario model: unknown keys are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


class PlayerSpec(_Strict):
    """One player, in turn (seat) order within :attr:`Scenario.players`.

    ``life`` (CR 119; may be negative), ``mana``: generic mana available to pay combat costs
    such as attack and block taxes (CR 508.1d, 509.1d), ``poison`` counters (CR 122.1f),
    ``library``: card names, top card first (read by clash, CR 701.30).
    """

    name: str = Field(min_length=1, description="Unique player name.")
    life: Signed = Field(20, description="Life total (CR 119).")
    mana: NonNegative = Field(0, description="Generic mana available for combat costs.")
    energy: NonNegative = Field(0, description="Energy counters (CR 122.1f): what triggered "
                                               "abilities' {E} costs may pay.")
    poison: NonNegative = Field(0, description="Poison counters.")
    library: list[str] = Field(default_factory=list, description="Card names, top first.")
    graveyard: list[str] = Field(default_factory=list,
                                 description="Card names in the player's graveyard (what triggered "
                                             "abilities count: creature cards in your graveyard).")
    hand: list[str] | None = Field(None,
                                   description="Card names in the player's hand, when the scenario "
                                               "states it (what \"put a creature card from your hand "
                                               "onto the battlefield\" may put, what \"if you have no "
                                               "cards in hand\" counts); `[]`: an empty hand; "
                                               "unstated: unknown, and an ability that needs it is "
                                               "not played (listed in not_played).")
    commanders: list[str] = Field(
        default_factory=list,
        description="format: commander only: ids of this player's commanders that are not on the "
                    "battlefield (command zone, graveyard ...; CR 903.3), so that the combat "
                    "damage they dealt stays countable.")
    commander_damage: dict[str, NonNegative] = Field(
        default_factory=dict,
        description="format: commander only: commander id -> combat damage that commander has "
                    "dealt this player this game (CR 903.10a; 21 or more loses, 704.6c); each id "
                    "a permanent with `commander: true` or a name in some player's `commanders`.")
    dungeon: str | None = Field(
        None, description="The dungeon room the player's venture marker is on (CR 309.4, "
                          "701.49), e.g. \"Goblin Lair\"; unstated: no dungeon.")
    ring_tempted: NonNegative = Field(0, description="How many times the Ring has tempted the "
                                                     "player this game (CR 701.54).")


class UntilEndOfTurn(_Strict):
    """The part of a permanent's current characteristics that lasts only until end of turn
    (a Giant Growth; Craterhoof Behemoth's "+X/+X and trample until end of turn"): it ends in
    the cleanup step (CR 514.2). ``power``/``toughness``: what those effects add to the given
    current power and toughness (included in them; may be negative). ``abilities``:
    sentences of the permanent's ``abilities`` that it has only until end of turn. Read by
    the AI commands (the evaluation after combat and the next turn's board)."""

    power: Signed = Field(0, description="Included in the current power; ends at cleanup (CR 514.2).")
    toughness: Signed = Field(0, description="Included in the current toughness; ends at cleanup.")
    abilities: list[str] = Field(default_factory=list,
                                 description="Sentences of `abilities` that end at cleanup.")


class PermanentSpec(_Strict):
    """One permanent on the battlefield.

    Exactly one of ``card`` (a real card; characteristics come from the bundled card data)
    and ``name`` (characteristics given inline) is set; Duel Masters permanents use ``name``.
    Given characteristics override the printed ones; ``power``/``toughness``/``loyalty``/
    ``defense`` are current values. ``toughness`` given must be >= 0 (a permanent with
    toughness 0 or less would already have been put into its owner's graveyard, CR 704.5f).
    ``damage`` is damage already marked this turn (CR 120.6). ``counters`` maps a counter
    kind (``"+1/+1"``) to a count. ``protector`` names the player protecting a battle
    (CR 310.9). ``owner`` ``None`` means the controller.

    After validation inside a :class:`Scenario`, ``id`` is always set (see :func:`default_id`),
    ``types``/``supertypes`` are spelt as in CR 205 (``"Creature"``) and ``colors`` are colour
    letters in WUBRG order (``["W", "G"]``, CR 105.2), as in :mod:`redzone.models.cards`.
    """

    id: str | None = Field(None, min_length=1, description="Unique handle; derived when omitted.")
    card: str | None = Field(None, min_length=1, description="A real card's name.")
    name: str | None = Field(None, min_length=1, description="Name when characteristics are inline.")
    controller: str
    owner: str | None = None
    types: list[str] | None = None
    subtypes: list[str] | None = None
    supertypes: list[str] | None = None
    colors: list[str] | None = None
    mana_value: NonNegative | None = None
    power: Signed | None = Field(None, description="Current power (may be negative, CR 107.1b).")
    toughness: NonNegative | None = Field(None, description="Current toughness.")
    loyalty: NonNegative | None = Field(None, description="Current loyalty (planeswalkers).")
    defense: NonNegative | None = Field(None, description="Current defense (battles).")
    protector: str | None = Field(None, description="The player protecting this battle.")
    text: str | None = Field(None, description="Replaces the printed Oracle text.")
    abilities: list[str] = Field(default_factory=list, description="Added to the Oracle text.")
    tapped: Flag = False
    summoning_sick: Flag = False
    token: Flag = Field(False, description="A token, not a card (CR 111.1): \"creature tokens "
                        "you control have haste\" reaches it.")
    damage: NonNegative = 0
    counters: dict[str, NonNegative] = Field(default_factory=dict)
    attached_to: str | None = None
    paired_with: str | None = Field(
        None, description="The creature this creature is paired with (soulbond, CR 702.95); "
                          "the pairing is mutual: give it on either or both.")
    choices: dict[str, str] = Field(
        default_factory=dict,
        description="Choices made as the permanent entered, e.g. {\"direction\": \"left\"} "
                    "(Pramikon, Sky Rampart), {\"player\": \"Bob\"} (True-Name Nemesis).")
    conditions: dict[str, bool] = Field(
        default_factory=dict,
        description="Conditions of the permanent's static abilities that the scenario has no "
                    "field for, as the condition's words -> true/false (\"there are seven or "
                    "more cards in your graveyard\": true); CR 611.3a. Also redzone's own keys: "
                    "renowned, saddled, exerted, enlisted, triggered this turn, monstrous, "
                    "city's blessing, attacked earlier this turn. A key no rule reads is warned "
                    "about (refused by --strict).")
    until_end_of_turn: UntilEndOfTurn | None = Field(
        None, description="What of the current power, toughness and abilities lasts only until "
                          "end of turn (ends in the cleanup step, CR 514.2); read by the AI "
                          "commands.")
    commander: Flag = Field(
        False, description="format: commander only: this creature is its owner's commander "
                           "(CR 903.3); combat damage it deals to a player counts towards 21 "
                           "(903.10a, 704.6c).")
    exiled: dict[str, str] = Field(
        default_factory=dict,
        description="Cards exiled with this permanent by its own ability (CR 607.2a: Faceless "
                    "Butcher's, Fiend Hunter's \"the exiled card\"): card name -> its owner "
                    "(a player). They return when its leaves-the-battlefield ability resolves.")


class GoadEffect(_Strict):
    """``goad``: the goaded creature's id; ``by``: the goading player (CR 701.15)."""

    goad: str
    by: str


class MustAttack(_Strict):
    """``attacker`` attacks ``target`` (a player name or a planeswalker/battle id) this
    combat if able: one requirement (CR 508.1d)."""

    attacker: str
    target: str


class MustAttackEffect(_Strict):
    """``must_attack: {attacker, target}``."""

    must_attack: MustAttack


class MustBlock(_Strict):
    """``blocker`` blocks ``attacker`` this combat if able (provoke, CR 702.39a; 509.1c)."""

    blocker: str
    attacker: str


class MustBlockEffect(_Strict):
    """``must_block: {blocker, attacker}``."""

    must_block: MustBlock


class PreventDamageSpec(_Strict):
    """A resolved prevention effect (CR 615) such as Fog's "prevent all combat damage that
    would be dealt this turn". ``combat``: only combat damage (default ``false``: all
    damage). ``to``: only damage dealt to this permanent id or player; ``by``: only damage
    dealt by this permanent id; ``None``: any."""

    combat: Flag = False
    to: str | None = None
    by: str | None = None


class PreventDamageEffect(_Strict):
    """``prevent_damage: {combat, to, by}`` (added by the damage-outcome work)."""

    prevent_damage: PreventDamageSpec


_EFFECT_KEYS = {"goad": "GoadEffect", "must_attack": "MustAttackEffect", "must_block": "MustBlockEffect",
                "prevent_damage": "PreventDamageEffect"}
_EFFECT_TAGS = frozenset(_EFFECT_KEYS.values())
EFFECT_MESSAGE = "expected one of " + ", ".join(_EFFECT_KEYS)


def _effect_kind(value: Any) -> str | None:
    """The tag of the effect model ``value`` is meant to be: the one effect key it holds."""
    if isinstance(value, BaseModel):
        name = type(value).__name__
        return name if name in _EFFECT_TAGS else None
    if isinstance(value, dict):
        present = [key for key in _EFFECT_KEYS if key in value]
        if len(present) == 1:
            return _EFFECT_KEYS[present[0]]
    return None


Effect = Annotated[
    Union[
        Annotated[GoadEffect, Tag("GoadEffect")],
        Annotated[MustAttackEffect, Tag("MustAttackEffect")],
        Annotated[MustBlockEffect, Tag("MustBlockEffect")],
        Annotated[PreventDamageEffect, Tag("PreventDamageEffect")],
    ],
    Discriminator(_effect_kind, custom_error_type="effect_kind", custom_error_message=EFFECT_MESSAGE),
]
"""One effect item; the key present (``goad``, ``must_attack``, ``must_block``,
``prevent_damage``) decides."""


TriggerWindow = Literal["attack", "block", "first-strike", "regular"]
"""A trigger window of combat (:data:`redzone.models.scenario.types.TRIGGER_WINDOWS`)."""


class TriggerChoice(_Strict):
    """One choice of a triggered ability of combat the commands take instead of choosing
    (see :class:`redzone.models.scenario.types.TriggerChoice`; CR 603.3d, 603.5, 701.21)."""

    source: str = Field(description="The permanent id of the triggered ability.")
    window: TriggerWindow = Field(
        description="The window it triggers in: attack (508.2), block (509.2), first-strike or "
                    "regular (after that combat damage step, 510.3); a \"dies\" ability: the "
                    "window its creature died in.")
    trigger: str | None = Field(
        None, description="The creature whose event triggered it (\"whenever a creature you "
                          "control attacks\": that attacker); default: any.")
    target: str | None = Field(
        None, description="The target chosen as it is put on the stack (603.3d): a permanent id "
                          "or a player name.")
    no_target: Flag = Field(False, description="\"Up to one\" target: none chosen.")
    may: Flag | None = Field(None, description="\"You may\": taken (true) or not (603.5).")
    sacrifice: list[str] = Field(
        default_factory=list,
        description="The permanents sacrificed, in order (701.21; annihilator: the defending "
                    "player's choice).")
    chosen: str | None = Field(
        None, description="A permanent chosen as the ability resolves, not targeted (bolster's "
                          "creature with the least toughness, 701.39a): its id; or the X paid "
                          "for a cost with {X}, as a number (107.3a); or a word: the kind of "
                          "card revealed by an explore, \"nonland\" or \"land\" (701.44a), "
                          "whether a clash was \"won\" or \"lost\" (701.30); a card of a "
                          "hand or library: PLAYER~handI, PLAYER~libraryI ...")
    proliferate: list[str] | None = Field(
        None, description="The permanents and players given a counter of each kind they have by "
                          "each proliferate of the ability (701.34a): ids and player names.")
    mode: list[Positive] | None = Field(
        None, description="A modal ability's modes (\"choose one —\"): their numbers in "
                          "printed order, from 1 (700.2, 603.3c).")
    tapped: list[str] | None = Field(
        None, description="The creatures tapped by \"tap any number of untapped creatures you "
                          "control\", chosen as the ability resolves: ids ([]: none).")
    coin: NonNegative | None = Field(
        None, description="How many of its coin flips were won, or came up heads (705): 0 to "
                          "the number of coins. Unstated: the result worst for its controller.")
    roll: Positive | None = Field(
        None, description="The result of its die roll (706): 1 to the die's sides. Unstated: "
                          "the result worst for its controller.")
    divided: dict[str, Positive] | None = Field(
        None, description="Damage divided as its controller chooses (601.2d): target (a "
                          "permanent id or a player name) -> damage, each at least 1.")
    targets: list[str] | None = Field(
        None, description="The targets of \"each of up to two target creatures\" (603.3d): "
                          "ids ([]: none).")


class CombatSpec(_Strict):
    """The combat so far.

    ``attackers``: attacking creature id -> the player name or planeswalker/battle id it
    attacks (CR 508.1). ``blockers``: blocking creature id -> attacker ids it blocks (509.1).
    ``blocked``: attackers that are blocked (509.1h) even if no blocker remains. ``step``:
    the combat damage step to play (510.4), ``None`` for the first that applies.
    ``first_strike_dealt``: creatures that dealt first-strike damage this combat (702.7c).
    ``damage_order``: rules "2023" only, a creature id -> its damage assignment order.
    ``assignment``: a proposed damage assignment, source id -> recipient (id or player) ->
    amount (>= 0).
    """

    attackers: dict[str, str] = Field(default_factory=dict)
    blockers: dict[str, list[str]] = Field(default_factory=dict)
    blocked: list[str] = Field(default_factory=list)
    step: Literal["first-strike", "regular"] | None = None
    first_strike_dealt: list[str] = Field(default_factory=list)
    damage_order: dict[str, list[str]] = Field(default_factory=dict)
    assignment: dict[str, dict[str, NonNegative]] = Field(default_factory=dict)
    bands: list[list[str]] = Field(default_factory=list)
    triggers_resolved: list[TriggerWindow] | None = Field(
        None, description="The trigger windows whose triggered abilities have resolved, their "
                          "effects in the board as given (attack, block, first-strike, regular; "
                          "issue 21, docs/triggers.md). Default: after the attack window when "
                          "blockers are declared, after the first-strike window once "
                          "first_strike_dealt is given, else before every window.")
    trigger_choices: list[TriggerChoice] = Field(
        default_factory=list,
        description="Choices of triggered abilities still to resolve (targets, \"may\", "
                    "sacrifices), taken instead of choosing; a check command needs every choice "
                    "its windows ask.")


class Scenario(_Strict):
    """One combat situation (see :class:`redzone.models.scenario.types.Scenario`); field
    shapes only — the cross-field checks are :mod:`redzone.models.scenario.validation`'s."""

    game: Literal["magic", "duel-masters"] = "magic"
    rules: Literal["current", "2023"] = "current"
    active_player: str | None = Field(None, description="Default: the first player.")
    players: list[PlayerSpec] = Field(min_length=1)
    permanents: list[PermanentSpec] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    combat: CombatSpec | None = None
    format: Literal["commander"] | None = Field(
        None, description="\"commander\": a Commander game (CR 903): a player dealt 21 or more "
                          "combat damage by one commander loses (704.6c). Life totals are "
                          "given as they are (40 at the start, 903.7, is not a combat matter).")
    combat_number: Positive = Field(
        1, description="Which combat phase of the turn this combat is (1: the turn's first; "
                       "an extra combat phase, CR 500.8, is 2 or more). It decides \"if it's the "
                       "first combat phase of the turn\" and \"as long as it attacked this turn\" "
                       "(docs/scenario-format.md).")


MODELS: dict[str, type[BaseModel]] = {cls.__name__: cls for cls in (
    Scenario, PlayerSpec, PermanentSpec, CombatSpec, GoadEffect, MustAttack, MustAttackEffect,
    MustBlock, MustBlockEffect, PreventDamageSpec, PreventDamageEffect, UntilEndOfTurn,
    TriggerChoice)}
"""Each model by name (the runtime class of the same name holds its result)."""


# ------------------------------------------------------------------ model -> plain


def _plain(value: Any) -> Any:
    """``value`` with every model replaced by the plain object of the same name (new lists
    and dictionaries throughout)."""
    if isinstance(value, BaseModel):
        cls = SPEC_CLASSES[type(value).__name__]
        return cls._raw({name: _plain(getattr(value, name)) for name, _ in cls.FIELDS})
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def validate_spec(name: str, data: dict[str, Any]) -> Any:
    """Validate ``data`` with the model called ``name`` (``"Scenario"``, ``"PlayerSpec"``, ...)
    and return the plain object of that name; shapes only, no cross-field checks. Raises
    :class:`ScenarioError` naming the field of pydantic's first error."""
    try:
        return _plain(MODELS[name].model_validate(data))
    except ValidationError as err:
        raise _from_validation_error(err, MODELS[name]) from None


def validate(data: dict[str, Any]) -> Any:
    """:func:`validate_spec` for a whole scenario."""
    return validate_spec("Scenario", data)


def scenario_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a scenario file, for ``redzone schema``.

    It describes shapes and defaults only; cross-references (known players, ids and card
    names) are checked by scenario validation.
    """
    schema = Scenario.model_json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "redzone scenario",
        "description": "One combat situation for redzone (see docs/scenario-format.md).",
        **{k: v for k, v in schema.items() if k not in ("title", "description")},
    }


# ------------------------------------------------------------- pydantic -> one line

_IDENT = lazy_compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def _path(loc: tuple[Any, ...]) -> str:
    """``('permanents', 3, 'controller')`` -> ``'permanents[3].controller'``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in _EFFECT_TAGS:
            continue  # the union member chosen for an effect item, not a key
        elif part == "[key]":
            out += " (key)"
        elif _IDENT.match(str(part)):
            out += f".{part}" if out else str(part)
        else:
            out += f"[{part!r}]"
    return out


def _model_at(loc: tuple[Any, ...], root: type[BaseModel] = Scenario) -> type[BaseModel] | None:
    """The model class holding the field that ``loc`` (a pydantic error location under a
    ``root`` model) ends in."""
    nested: dict[tuple[type[BaseModel], str], type[BaseModel] | None] = {
        (Scenario, "players"): PlayerSpec,
        (Scenario, "permanents"): PermanentSpec,
        (Scenario, "combat"): CombatSpec,
        (Scenario, "effects"): None,  # the union tag that follows picks the model
        (MustAttackEffect, "must_attack"): MustAttack,
        (MustBlockEffect, "must_block"): MustBlock,
        (PreventDamageEffect, "prevent_damage"): PreventDamageSpec,
        (PermanentSpec, "until_end_of_turn"): UntilEndOfTurn,
        (CombatSpec, "trigger_choices"): TriggerChoice,
    }
    tags = {"GoadEffect": GoadEffect, "MustAttackEffect": MustAttackEffect,
            "MustBlockEffect": MustBlockEffect, "PreventDamageEffect": PreventDamageEffect}
    model: type[BaseModel] | None = root
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        if part in tags:
            model = tags[part]
        elif model is not None and (model, part) in nested:
            model = nested[(model, part)]
        else:
            return None
    return model


def _short(value: Any) -> str:
    if isinstance(value, (dict, list)) and len(value) > 20:
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _problem(err: Mapping[str, Any], root: type[BaseModel] = Scenario) -> str:
    """One short sentence for one pydantic error."""
    kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
    loc = tuple(err["loc"])
    if kind == "extra_forbidden":
        model = _model_at(loc, root)
        if model is None:
            return "unknown field"
        allowed = list(model.model_fields)
        close = difflib.get_close_matches(str(loc[-1]), allowed, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}?" if close else f"allowed: {', '.join(allowed)}"
        return f"unknown field ({hint})"
    if kind == "missing":
        return "required field is missing"
    if kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        sign = "≥" if kind == "greater_than_equal" else ">"
        return f"must be {sign} {bound} (got {_short(value)})"
    if kind in ("less_than_equal", "less_than"):
        bound = ctx.get("le", ctx.get("lt"))
        sign = "≤" if kind == "less_than_equal" else "<"
        return f"must be {sign} {bound} (got {_short(value)}; see docs/scenario-format.md, numbers)"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        if isinstance(value, bool):
            return f"expected a whole number, not a Boolean (got {_short(value)})"
        return f"expected a whole number (got {_short(value)})"
    if kind in ("string_type",):
        return f"expected text (got {_short(value)})"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false (got {_short(value)})"
    if kind in ("list_type",):
        return f"expected a list (got {_short(value)})"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping (got {_short(value)})"
    if kind in ("too_short", "string_too_short"):
        return "must not be empty"
    if kind == "literal_error":
        return f"expected {ctx.get('expected', 'one of the allowed values')} (got {_short(value)})"
    if kind == "effect_kind":
        return EFFECT_MESSAGE
    msg = str(err.get("msg", "invalid value")).splitlines()[0]
    msg = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return msg[:1].lower() + msg[1:]


def _from_validation_error(error: ValidationError, root: type[BaseModel] = Scenario) -> ScenarioError:
    first = error.errors(include_url=False)[0]
    return ScenarioError(_path(tuple(first["loc"])), _problem(first, root))

