"""Old import paths after the models moves (issue 24) resolve for one release, with a
DeprecationWarning naming the new path (CHANGELOG.md 0.2.0; redzone.models._moved)."""

from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize(("old", "new"), [
    ("redzone.models.scenario_types", "redzone.models.scenario.types"),
    ("redzone.models.scenario_fast", "redzone.models.scenario.fast"),
    ("redzone.models.scenario_schema", "redzone.models.scenario.schema"),
])
def test_an_old_module_path_is_the_new_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_a_moved_name_is_served_by_its_old_module() -> None:
    from redzone.models import layers, outcome

    with pytest.warns(DeprecationWarning, match="layers.relayered_after_departures moved to "
                                                "redzone.models.outcome.relayered_after_departures"):
        old = layers.relayered_after_departures
    assert old is outcome.relayered_after_departures


def test_a_name_that_never_was_there_is_an_attribute_error() -> None:
    from redzone.models import layers

    with pytest.raises(AttributeError, match="has no attribute 'relayered_after_departure'"):
        layers.relayered_after_departure  # noqa: B018


def test_names_that_moved_down_are_re_exported_where_they_were() -> None:
    # No warning: these modules import them from below (battlefield, game_state).
    from redzone.models import battlefield, block_rules, board, cleanup, game_state, layers, outcome

    assert board.Board is battlefield.Board and board.Permanent is battlefield.Permanent
    assert layers.CombatState is battlefield.CombatState and layers.Gap is battlefield.Gap
    assert layers.combat_deltas is battlefield.combat_deltas
    assert cleanup.EndOfTurn is battlefield.EndOfTurn
    assert block_rules.matches_quality is battlefield.matches_quality
    assert outcome.GameState is game_state.GameState
