"""The scenario: one combat situation as input, read and validated (``docs/scenario-format.md``).

The field names follow the shared scenario contract and are fixed; unknown keys are errors.
A :class:`Scenario` that validated is internally consistent: every player name and
permanent id it mentions exists, every ``card`` is in the bundled card data (Magic only),
``active_player`` and every permanent ``id`` are set. Bad input becomes one
:class:`redzone.models.errors.ScenarioError` naming the field path
(``permanents[3].controller``), never a pydantic, YAML or JSON traceback.

The parts, lowest first:

- :mod:`.types`: the plain classes a scenario is read into (no pydantic);
- :mod:`.fast`: their shapes checked without pydantic, for plainly valid input;
- :mod:`.schema`: the schema of record (pydantic), for everything else and ``redzone schema``;
- :mod:`.validation`: shapes then cross-checks (:func:`parse_scenario`);
- :mod:`.loading`: files, standard input and JSON Lines batches (:func:`load_scenario`).

This package re-exports their public names. Never imports ortools.
"""

from __future__ import annotations

from redzone.models.scenario.loading import (
    BATCH_SUFFIXES,
    MAX_YAML_NODES,
    iter_scenarios_jsonl,
    load_scenario,
    parse_scenario_line,
    unique_keys,
)
from redzone.models.scenario.types import (
    MAX_NUMBER,
    CombatSpec,
    Effect,
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
    TRIGGER_WINDOWS,
    TriggerChoice,
    UntilEndOfTurn,
    resolved_windows,
)
from redzone.models.scenario.validation import (
    MAX_DEPTH,
    default_id,
    parse_scenario,
    scenario_json_schema,
)

__all__ = [
    "BATCH_SUFFIXES",
    "CombatSpec",
    "Effect",
    "GoadEffect",
    "MAX_DEPTH",
    "MAX_NUMBER",
    "MAX_YAML_NODES",
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
    "default_id",
    "iter_scenarios_jsonl",
    "load_scenario",
    "parse_scenario",
    "parse_scenario_line",
    "resolved_windows",
    "scenario_json_schema",
    "unique_keys",
]
