"""The pydantic-free scenario fast path (models/scenario/fast.py) against the schema of record.

``scenario_fast.build`` either gives exactly what the pydantic models of
``models/scenario/schema.py`` give (same classes, field values, defaults) or answers ``None``
and leaves the input to pydantic; it never rejects. Checked here on random valid scenarios
(it must answer, and equal pydantic) and on random near-valid mutations of them (whenever it
answers, pydantic accepts the same input and gives the same objects). Shapes only: the
cross-field checks run after either path, unchanged.
"""

from __future__ import annotations

import copy
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redzone.models.scenario import fast as scenario_fast
from redzone.models.scenario import schema as scenario_schema
from redzone.models.errors import ScenarioError
from redzone.models.scenario import parse_scenario
from redzone.models.scenario.types import MAX_NUMBER, REQUIRED, SPEC_CLASSES, PlayerSpec, Scenario

ROOT = Path(__file__).resolve().parent.parent

texts = st.text(max_size=6)
names = st.text(min_size=1, max_size=6)
signed = st.integers(-MAX_NUMBER, MAX_NUMBER) | st.sampled_from([-MAX_NUMBER, 0, MAX_NUMBER])
counts = st.integers(0, MAX_NUMBER) | st.sampled_from([0, MAX_NUMBER])


def _scenarios(full: bool) -> st.SearchStrategy[dict[str, Any]]:
    """Valid scenario shapes (references not resolved: shapes only). ``full``: every optional
    key present and every list and mapping holding something, so that a mutation can reach
    every field."""
    least = 1 if full else 0

    def record(required: dict[str, Any], optional: dict[str, Any]) -> st.SearchStrategy[Any]:
        if full:
            return st.fixed_dictionaries({**required, **optional})
        return st.fixed_dictionaries(required, optional=optional)

    def lists(of: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Any]]:
        return st.lists(of, min_size=least, max_size=3)

    def maps(of: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.dictionaries(texts, of, min_size=least, max_size=2)

    def opt(of: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return of if full else st.none() | of

    text_lists = lists(texts)
    players = record({"name": names}, {
        "life": signed, "mana": counts, "poison": counts, "library": text_lists,
        "graveyard": text_lists, "commanders": text_lists, "commander_damage": maps(counts)})
    permanents = record({"controller": texts}, {
        "id": opt(names), "card": opt(names), "name": opt(names), "owner": opt(texts),
        "types": opt(text_lists), "subtypes": opt(text_lists), "supertypes": opt(text_lists),
        "colors": opt(text_lists), "mana_value": opt(counts), "power": opt(signed),
        "toughness": opt(counts), "loyalty": opt(counts), "defense": opt(counts),
        "protector": opt(texts), "text": opt(texts), "abilities": text_lists,
        "tapped": st.booleans(), "summoning_sick": st.booleans(), "token": st.booleans(),
        "damage": counts, "counters": maps(counts), "attached_to": opt(texts),
        "paired_with": opt(texts), "choices": maps(texts), "conditions": maps(st.booleans()),
        "until_end_of_turn": opt(record({}, {
            "power": signed, "toughness": signed, "abilities": text_lists})),
        "commander": st.booleans()})
    effects = st.one_of(
        record({"goad": texts, "by": texts}, {}),
        record({"must_attack": record({"attacker": texts, "target": texts}, {})}, {}),
        record({"must_block": record({"blocker": texts, "attacker": texts}, {})}, {}),
        record({"prevent_damage": record({}, {
            "combat": st.booleans(), "to": opt(texts), "by": opt(texts)})}, {}))
    combats = record({}, {
        "attackers": maps(texts), "blockers": maps(text_lists), "blocked": text_lists,
        "step": st.sampled_from(["first-strike", "regular"]) if full else
        st.sampled_from([None, "first-strike", "regular"]),
        "first_strike_dealt": text_lists, "damage_order": maps(text_lists),
        "assignment": maps(maps(counts)), "bands": lists(text_lists)})
    return record({"players": st.lists(players, min_size=1, max_size=3)}, {
        "game": st.sampled_from(["magic", "duel-masters"]),
        "rules": st.sampled_from(["current", "2023"]), "active_player": opt(texts),
        "format": opt(st.just("commander")),
        "permanents": lists(permanents), "effects": lists(effects), "combat": opt(combats)})


scenarios = _scenarios(full=False)
full_scenarios = _scenarios(full=True)

# Values a mutation puts in place of a valid one: wrong types, coercible look-alikes, bounds.
weird = st.one_of(
    st.sampled_from([None, True, False, -MAX_NUMBER - 1, MAX_NUMBER + 1, 0, 1, -1, 2.0, 1.5,
                     math.nan, "1", "20", "true", "yes", "", "Creature", "regular", "magic",
                     "first-strike", "2023", b"x", (), ("a",), [], {}, [1], [True], ["a"],
                     {"a": 1}, {"a": True}, {"a": "b"}, {"a": ["b"]}, {1: 2}, frozenset({"a"})]),
    st.integers(-2 * MAX_NUMBER, 2 * MAX_NUMBER), st.floats(allow_nan=False), texts,
    st.lists(st.integers(0, 3) | texts, max_size=2), st.dictionaries(texts, st.integers(0, 3), max_size=2))

FIELD_NAMES = sorted({name for cls in SPEC_CLASSES.values() for name, _ in cls.FIELDS} | {"extra"})


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every ``(container, key or index)`` in ``value``: each place a value can be changed
    (``None``: a new key or item)."""
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            keys = list(item) if isinstance(item, dict) else range(len(item))
            out.extend((item, k) for k in keys)
            out.append((item, None))
            stack.extend(item[k] for k in keys)
    return out


@st.composite
def near_valid(draw: st.DrawFn) -> dict[str, Any]:
    """A valid scenario with one to three random changes: a value replaced (mostly by one a
    small step away), a key dropped or added (any field name of any class, or an unknown
    one), a list made a tuple, a text given as a str subclass."""
    # a copy: the changes below must not reach a value a strategy may hand out again
    # (hypothesis saw "inconsistent data generation" when they did)
    data = copy.deepcopy(draw(scenarios | full_scenarios))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        node, key = draw(st.sampled_from(_slots(data)))
        if key is None:
            if isinstance(node, dict):
                node[draw(st.sampled_from(FIELD_NAMES))] = draw(weird)
            else:
                node.append(draw(weird))
            continue
        action = draw(st.sampled_from(["near", "near", "near", "weird", "drop", "tuple", "subclass"]))
        if action == "near":
            node[key] = draw(_near(node[key]))
        elif action == "weird":
            node[key] = draw(weird)
        elif action == "drop":
            del node[key]
        elif action == "tuple" and isinstance(node[key], list):
            node[key] = tuple(node[key])
        elif action == "subclass" and isinstance(node[key], str):
            node[key] = _Text(node[key])
    return data


def _near(value: Any) -> st.SearchStrategy[Any]:
    """Values one small step from ``value``: the same thing in another type, or just out of
    its range."""
    if isinstance(value, bool):
        return st.sampled_from([int(value), str(value).lower(), None, not value])
    if isinstance(value, int):
        return st.sampled_from([float(value), str(value), value == 1, None, -value - 1,
                                MAX_NUMBER + 1, -MAX_NUMBER - 1, 2 ** 64])
    if isinstance(value, str):
        return st.sampled_from(["", _Text(value), None, 1, [value], value.encode()])
    if isinstance(value, list):
        return st.sampled_from([tuple(value), None, [*value, 1], [*value, None], [*value, ""], [],
                                {"a": value}, set(map(repr, value))])
    if isinstance(value, dict):
        return st.sampled_from([None, [], list(value.items()), {**value, 1: 1},
                                {**value, "k": True}, {**value, "k": 1}, {**value, "k": "v"},
                                {**value, "k": None}, {**value, "k": ["v"]}, {**value, "k": -1}])
    return weird


class _Text(str):
    """A str subclass: pydantic accepts it as text; the fast path leaves it to pydantic."""


def _pydantic(data: Any) -> Any:
    try:
        return scenario_schema.validate(data)
    except ScenarioError:
        return None


def _same(fast: Any, slow: Any) -> None:
    # repr as well as ==: 1 == True, so == alone would not tell a coerced Boolean apart.
    assert fast == slow and repr(fast) == repr(slow)
    assert type(fast) is Scenario


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios)
def test_fast_path_answers_valid_input_as_pydantic_does(data: dict[str, Any]) -> None:
    fast = scenario_fast.build(Scenario, data)
    assert fast is not None  # plainly valid: the fast path must be sure
    _same(fast, scenario_schema.validate(data))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid())
def test_fast_path_never_differs_from_pydantic(data: dict[str, Any]) -> None:
    fast = scenario_fast.build(Scenario, data)
    if fast is not None:
        slow = _pydantic(data)
        assert slow is not None, "the fast path accepted what pydantic refuses"
        _same(fast, slow)


FULL = {
    "game": "magic", "rules": "2023", "format": "commander", "active_player": "A",
    "players": [{"name": "A", "life": -3, "mana": 2, "poison": 1, "library": ["Island"],
                 "commanders": ["k"], "commander_damage": {"x": 3}},
                {"name": "B"}],
    "permanents": [{
        "id": "x", "card": "Juggernaut", "name": "X", "controller": "A", "owner": "B",
        "types": ["Creature"], "subtypes": ["Juggernaut"], "supertypes": ["Legendary"],
        "colors": ["W"], "mana_value": 4, "power": -1, "toughness": 0, "loyalty": 3,
        "defense": 5, "protector": "B", "text": "Flying", "abilities": ["Reach"],
        "tapped": True, "summoning_sick": False, "token": True, "damage": 1,
        "counters": {"+1/+1": 2}, "attached_to": "y", "paired_with": "y",
        "choices": {"direction": "left"}, "conditions": {"it is night": True},
        "until_end_of_turn": {"power": -2, "toughness": 3, "abilities": ["Reach"]},
        "commander": True}],
    "effects": [{"goad": "x", "by": "A"}, {"must_attack": {"attacker": "x", "target": "B"}},
                {"must_block": {"blocker": "x", "attacker": "y"}},
                {"prevent_damage": {"combat": True, "to": "B", "by": "x"}}],
    "combat": {"attackers": {"x": "B"}, "blockers": {"y": ["x"]}, "blocked": ["x"],
               "step": "regular", "first_strike_dealt": ["x"], "damage_order": {"x": ["y"]},
               "assignment": {"x": {"y": 2}}, "bands": [["x", "z"]]},
}
"""Every field of every class given once (shapes only)."""

EDGE_VALUES = [None, True, False, 0, 1, -1, MAX_NUMBER, MAX_NUMBER + 1, -MAX_NUMBER,
               -MAX_NUMBER - 1, 2 ** 64, 2.0, 1.5, math.nan, "", "x", "1", "true", "yes",
               "magic", "regular", "first-strike", "2023", "current", "duel-masters",
               _Text("x"), b"x", (), ("x",), [], ["x"], [1], [True], [None], [[]], {}, {"k": 1},
               {"k": True}, {"k": "v"}, {"k": ["v"]}, {"k": {"v": 1}}, {"k": -1}, {1: 1},
               {"goad": "x", "by": "A"}, {"name": "A"}, {"controller": "A"}, frozenset({"x"})]


def test_every_single_change_of_a_full_scenario() -> None:
    # Exhaustive where the random test samples: each place in FULL replaced by each edge
    # value, dropped, or given a new key; whenever the fast path answers, pydantic agrees.
    import copy

    def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        out = [path]
        if isinstance(value, dict):
            for k, v in value.items():
                out += places(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                out += places(v, (*path, i))
        return out

    assert scenario_fast.build(Scenario, FULL) is not None
    answered = 0
    for path in places(FULL)[1:]:
        for change in [*EDGE_VALUES, "drop", *((name, "x") for name in FIELD_NAMES)]:
            data = copy.deepcopy(FULL)
            node = data
            for part in path[:-1]:
                node = node[part]
            if change == "drop":
                del node[path[-1]]
            elif isinstance(change, tuple) and len(change) == 2 and change[0] in FIELD_NAMES:
                if not isinstance(node[path[-1]], dict):
                    continue
                node[path[-1]][change[0]] = change[1]
            else:
                node[path[-1]] = change
            fast = scenario_fast.build(Scenario, data)
            if fast is not None:
                answered += 1
                slow = _pydantic(data)
                assert slow is not None, (path, change)
                _same(fast, slow)
    assert answered > 100  # the fast path does answer the valid changes


def test_fast_path_copies_lists_and_mappings() -> None:
    # pydantic builds new lists and dicts; so must the fast path (changing the input later
    # must not change the scenario).
    data = {"players": [{"name": "A", "library": ["Island"]}, {"name": "B"}],
            "combat": {"attackers": {"x": "B"}}}
    s = scenario_fast.build(Scenario, data)
    assert s is not None
    assert s.players[0].library is not data["players"][0]["library"]
    assert s.combat.attackers is not data["combat"]["attackers"]


def test_runtime_classes_have_the_schema_fields_and_defaults() -> None:
    # The plain classes and the pydantic models must name the same fields in the same order
    # with the same defaults, or one path would drop or invent a value.
    assert set(SPEC_CLASSES) == set(scenario_schema.MODELS)
    for name, cls in SPEC_CLASSES.items():
        model = scenario_schema.MODELS[name]
        assert [f for f, _ in cls.FIELDS] == list(model.model_fields), name
        for field, default in cls.FIELDS:
            info = model.model_fields[field]
            if default is REQUIRED:
                assert info.is_required(), (name, field)
            elif default in (list, dict):
                assert info.default_factory is default, (name, field)
            else:
                assert info.default == default and type(info.default) is type(default), (name, field)


def test_odd_but_valid_input_still_goes_through_pydantic() -> None:
    # A tuple for a list and "yes" for a condition are pydantic's to accept (lax mode); the
    # fast path is not sure of them, and the answer is the same scenario either way.
    base = {"players": [{"name": "A"}, {"name": "B"}], "game": "duel-masters",
            "permanents": [{"name": "X", "controller": "A", "conditions": {"c": True}}]}
    odd = {"players": ({"name": "A"}, {"name": "B"}), "game": "duel-masters",
           "permanents": [{"name": "X", "controller": "A", "conditions": {"c": "yes"}}]}
    assert scenario_fast.build(Scenario, odd) is None
    assert parse_scenario(odd) == parse_scenario(base)


def test_errors_are_the_schemas() -> None:
    # The fast path never answers for bad input; the message is pydantic's, made one line.
    with pytest.raises(ScenarioError) as info:
        parse_scenario({"players": [{"name": "A", "life": True}, {"name": "B"}]})
    assert str(info.value) == ("players[0].life: expected a whole number, not a Boolean "
                               "(got True)")
    with pytest.raises(ScenarioError) as info:
        PlayerSpec(name="A", lfe=3)
    assert str(info.value) == "lfe: unknown field (did you mean life?)"


def test_objects_compare_and_print_as_the_models_did() -> None:
    # h34: an unstated hand is None (unknown), not [] (a stated empty hand).
    a, b = PlayerSpec(name="A"), PlayerSpec(name="A", life=20)
    assert a == b and a != PlayerSpec(name="A", life=19)
    assert repr(a) == ("PlayerSpec(name='A', life=20, mana=0, energy=0, poison=0, library=[], "
                       "graveyard=[], hand=None, commanders=[], commander_damage={}, dungeon=None, "
                       "ring_tempted=0)")
    assert a.model_dump() == {"name": "A", "life": 20, "mana": 0, "energy": 0, "poison": 0, "library": [],
                              "graveyard": [], "hand": None, "commanders": [], "commander_damage": {},
                              "dungeon": None, "ring_tempted": 0}
    with pytest.raises(TypeError):
        hash(a)  # mutable, so unhashable (as a pydantic model)


def test_objects_built_in_code_need_no_pydantic() -> None:
    code = ("import sys; from redzone.models.scenario import Scenario, PlayerSpec; "
            "s = Scenario(game='duel-masters', players=[PlayerSpec(name='A'), {'name': 'B'}]); "
            "print(s.active_player, s.players[1].life, 'pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    assert done.stdout.split() == ["A", "20", "False"]


def test_one_creature_attack_reads_its_scenario_without_pydantic() -> None:
    # Issue 11: a plainly valid scenario never imports pydantic (~130 ms of start-up).
    code = ("import sys; from redzone.models.scenario import load_scenario; "
            "load_scenario('benchmarks/one-creature.yaml'); print('pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    assert done.stdout.strip() == "False"
