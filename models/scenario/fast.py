"""Scenario shapes checked without pydantic, for plainly valid input (start-up, issue 11).

:func:`build` turns a mapping into the plain objects of :mod:`redzone.models.scenario.types`
exactly as the schema of record (:mod:`redzone.models.scenario.schema`, pydantic) would — the
same field values, defaults and copies — or answers ``None`` when it is not sure, and the
caller then asks pydantic. It never rejects input itself, so every error message stays the
schema's. It is sure only of the plain case: mappings that are ``dict``, lists that are
``list``, text that is ``str``, whole numbers that are ``int`` (not ``bool``) within the
bounds, ``true``/``false`` that are ``bool``, the allowed words of a choice field, every
required field present and no unknown key. Anything else (a tuple for a list, a number
given as text, a value out of bounds, an object already built) goes to pydantic, which
accepts it, converts it, or says what is wrong. Shapes only: the cross-field checks are
:mod:`redzone.models.scenario.validation`'s, for both paths. ``tests/test_scenario_fast.py`` checks,
on random valid and near-valid scenarios, that whenever this answers it equals pydantic.

This module never imports ortools (nor pydantic).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from redzone.models.scenario.types import (
    EFFECT_KEYS,
    MAX_NUMBER,
    REQUIRED,
    CombatSpec,
    GoadEffect,
    MustAttack,
    MustAttackEffect,
    MustBlock,
    MustBlockEffect,
    PermanentSpec,
    PlayerSpec,
    PreventDamageEffect,
    PreventDamageSpec,
    Scenario,
    TriggerChoice,
    UntilEndOfTurn,
    _Spec,
)

__all__ = ["build"]


class _Unsure(Exception):
    """Raised anywhere in a check: leave this input to pydantic."""


Check = Callable[[Any], Any]


def _text(v: Any) -> str:
    if type(v) is str:
        return v
    raise _Unsure


def _name(v: Any) -> str:  # min_length=1
    if type(v) is str and v:
        return v
    raise _Unsure


def _signed(v: Any) -> int:  # strict, [-MAX_NUMBER, MAX_NUMBER]
    if type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    raise _Unsure


def _count(v: Any) -> int:  # strict, [0, MAX_NUMBER]
    if type(v) is int and 0 <= v <= MAX_NUMBER:
        return v
    raise _Unsure


def _positive(v: Any) -> int:  # strict, [1, MAX_NUMBER]
    if type(v) is int and 1 <= v <= MAX_NUMBER:
        return v
    raise _Unsure


def _flag(v: Any) -> bool:  # strict or lax: a bool is a bool
    if type(v) is bool:
        return v
    raise _Unsure


def _texts(v: Any) -> list[str]:
    if type(v) is list:
        for x in v:
            if type(x) is not str:
                raise _Unsure
        return list(v)
    raise _Unsure


def _optional(check: Check) -> Check:
    def optional(v: Any) -> Any:
        return None if v is None else check(v)
    return optional


def _one_of(*words: str) -> Check:
    def one_of(v: Any) -> str:
        if type(v) is str and v in words:
            return v
        raise _Unsure
    return one_of


def _list_of(check: Check, *, non_empty: bool = False) -> Check:
    def list_of(v: Any) -> list[Any]:
        if type(v) is not list or (non_empty and not v):
            raise _Unsure
        return [check(x) for x in v]
    return list_of


def _dict_of(check: Check) -> Check:
    def dict_of(v: Any) -> dict[str, Any]:
        if type(v) is not dict:
            raise _Unsure
        out = {}
        for k, x in v.items():
            if type(k) is not str:
                raise _Unsure
            out[k] = check(x)
        return out
    return dict_of


def _model(cls: type[_Spec], checks: dict[str, Check]) -> Check:
    """The check of a mapping into ``cls``: each key its field's check, defaults for the
    rest (a new list or dictionary for each), every required field present."""
    names = tuple(name for name, _ in cls.FIELDS)
    assert set(checks) == set(names), cls  # the tables below name every field
    template = {name: (None if default in (list, dict) else default) for name, default in cls.FIELDS}
    factories = tuple((name, default) for name, default in cls.FIELDS if default in (list, dict))
    required = tuple(name for name, default in cls.FIELDS if default is REQUIRED)

    def model(v: Any) -> Any:
        if type(v) is not dict:
            raise _Unsure
        values = template.copy()
        for k, x in v.items():
            check = checks.get(k)
            if check is None:
                raise _Unsure  # unknown key (or not text): pydantic names it
            values[k] = check(x)
        for name, factory in factories:
            if name not in v:
                values[name] = factory()
        for name in required:
            if name not in v:
                raise _Unsure
        return cls._raw(values)
    return model


_opt_text = _optional(_text)
_opt_name = _optional(_name)
_opt_texts = _optional(_texts)
_opt_count = _optional(_count)

_player = _model(PlayerSpec, {
    "name": _name, "life": _signed, "mana": _count, "poison": _count, "library": _texts,
    "graveyard": _texts, "hand": _opt_texts,
    "commanders": _texts, "commander_damage": _dict_of(_count), "energy": _count,
    "dungeon": _opt_text, "ring_tempted": _count})

_until_end_of_turn = _model(UntilEndOfTurn, {
    "power": _signed, "toughness": _signed, "abilities": _texts})

_permanent = _model(PermanentSpec, {
    "id": _opt_name, "card": _opt_name, "name": _opt_name, "controller": _text,
    "owner": _opt_text, "types": _opt_texts, "subtypes": _opt_texts, "supertypes": _opt_texts,
    "colors": _opt_texts, "mana_value": _opt_count, "power": _optional(_signed),
    "toughness": _opt_count, "loyalty": _opt_count, "defense": _opt_count,
    "protector": _opt_text, "text": _opt_text, "abilities": _texts, "tapped": _flag,
    "summoning_sick": _flag, "token": _flag, "damage": _count, "counters": _dict_of(_count),
    "attached_to": _opt_text, "paired_with": _opt_text, "choices": _dict_of(_text),
    "conditions": _dict_of(_flag),  # dict[str, bool], lax: only a real bool is sure
    "until_end_of_turn": _optional(_until_end_of_turn), "commander": _flag,
    "exiled": _dict_of(_text),
})

_EFFECTS: dict[type[_Spec], Check] = {
    GoadEffect: _model(GoadEffect, {"goad": _text, "by": _text}),
    MustAttackEffect: _model(MustAttackEffect, {
        "must_attack": _model(MustAttack, {"attacker": _text, "target": _text})}),
    MustBlockEffect: _model(MustBlockEffect, {
        "must_block": _model(MustBlock, {"blocker": _text, "attacker": _text})}),
    PreventDamageEffect: _model(PreventDamageEffect, {
        "prevent_damage": _model(PreventDamageSpec, {
            "combat": _flag, "to": _opt_text, "by": _opt_text})}),
}


def _effect(v: Any) -> Any:
    """The schema's discriminator: the one effect key the mapping holds picks the class."""
    if type(v) is not dict:
        raise _Unsure
    kinds = [cls for key, cls in EFFECT_KEYS.items() if key in v]
    if len(kinds) != 1:
        raise _Unsure
    return _EFFECTS[kinds[0]](v)


_WINDOW = _one_of("attack", "block", "first-strike", "regular")

_trigger_choice = _model(TriggerChoice, {
    "source": _text, "window": _WINDOW, "trigger": _opt_text, "target": _opt_text,
    "no_target": _flag, "may": _optional(_flag), "sacrifice": _texts, "chosen": _opt_text,
    "proliferate": _opt_texts,
    "mode": _optional(_list_of(_positive)), "tapped": _opt_texts,
    "coin": _optional(_count), "roll": _optional(_positive),
    "divided": _optional(_dict_of(_positive)), "targets": _opt_texts})

_combat = _model(CombatSpec, {
    "attackers": _dict_of(_text), "blockers": _dict_of(_texts), "blocked": _texts,
    "step": _optional(_one_of("first-strike", "regular")), "first_strike_dealt": _texts,
    "damage_order": _dict_of(_texts), "assignment": _dict_of(_dict_of(_count)),
    "bands": _list_of(_texts), "triggers_resolved": _optional(_list_of(_WINDOW)),
    "trigger_choices": _list_of(_trigger_choice),
})

_scenario = _model(Scenario, {
    "game": _one_of("magic", "duel-masters"), "rules": _one_of("current", "2023"),
    "format": _optional(_one_of("commander")), "combat_number": _positive,
    "active_player": _opt_text, "players": _list_of(_player, non_empty=True),
    "permanents": _list_of(_permanent), "effects": _list_of(_effect),
    "combat": _optional(_combat),
})

_CHECKS: dict[type[_Spec], Check] = {
    Scenario: _scenario, PlayerSpec: _player, PermanentSpec: _permanent, CombatSpec: _combat,
    UntilEndOfTurn: _until_end_of_turn, TriggerChoice: _trigger_choice,
    **_EFFECTS,
}


def build(cls: type[_Spec], data: Any) -> Any:
    """``data`` as a ``cls`` object (shapes only), or ``None`` when pydantic must decide."""
    check = _CHECKS.get(cls)
    if check is None:
        return None
    try:
        return check(data)
    except _Unsure:
        return None
    except RecursionError:
        return None
