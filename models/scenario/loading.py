"""Reading scenarios: one YAML or JSON file (or standard input), and JSON Lines batches.

Owns :func:`load_scenario`, :func:`parse_scenario_line`, :func:`iter_scenarios_jsonl`, the
limits on what a file may expand to (:data:`MAX_YAML_NODES`) and the readers' errors:
malformed input never escapes as a YAML/JSON traceback but becomes one
:class:`redzone.models.errors.ScenarioError` naming ``"<file>:<line>:<column>"``. What is read
is validated by :func:`redzone.models.scenario.validation.parse_scenario`. yaml is imported on
the first YAML file only (start-up, issue 11). Never imports ortools.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time
from redzone.models.scenario.types import Scenario
from redzone.models.scenario.validation import MAX_DEPTH, check_depth, parse_scenario

__all__ = ["BATCH_SUFFIXES", "MAX_YAML_NODES", "iter_scenarios_jsonl", "load_scenario",
           "parse_scenario_line"]

MAX_YAML_NODES = 2_000_000
"""Most YAML nodes a document may expand to once aliases are followed (an alias bomb
expands to billions from a few hundred bytes)."""


# ------------------------------------------------------------------------- parsing


@functools.cache
def _unique_key_loader() -> Any:
    """A safe YAML loader class that rejects a key repeated within one mapping (made on the
    first YAML file: JSON input and batches never import yaml, ~15 ms of start-up)."""
    import yaml  # here for start-up (see above)

    class _UniqueKeyLoader(yaml.SafeLoader):
        """A safe YAML loader that rejects a key repeated within one mapping."""

    def construct_mapping(loader: Any, node: Any, deep: bool = False) -> dict:
        loader.flatten_mapping(node)
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, (str, int, float, bool)) and key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return loader.construct_mapping(node, deep=deep)

    _UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return _UniqueKeyLoader


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


unique_keys = _json_pairs
"""``json.loads``'s ``object_pairs_hook`` refusing a key repeated in one object (ValueError
``duplicate key 'players'``): the rule of scenario files and batch rows, shared by
``redzone serve``'s requests."""


def _parse_json(text: str, label: str) -> object:
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_json_pairs)
    except json.JSONDecodeError as err:
        raise ScenarioError(f"{label}:{err.lineno}:{err.colno}", f"malformed JSON: {err.msg}") from None
    except RecursionError:
        raise ScenarioError(label, f"malformed JSON: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as err:  # duplicate key
        raise ScenarioError(label, f"malformed JSON: {err}") from None


def _expanded_size(root: Any, label: str) -> None:
    """Refuse a YAML document that expands to more than :data:`MAX_YAML_NODES` nodes once
    aliases are followed, or nests deeper than :data:`MAX_DEPTH` — decided on the composed
    node graph (each distinct node counted once, memoised), before anything is built, so an
    alias bomb is refused in milliseconds."""
    import yaml  # here for start-up: JSON input never imports yaml

    size: dict[int, int] = {}
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        if depth > MAX_DEPTH:
            raise ScenarioError(f"{label}:{node.start_mark.line + 1}",
                                f"malformed YAML: nested more than {MAX_DEPTH} levels deep")
        key = id(node)
        if isinstance(node, yaml.ScalarNode):
            size[key] = 1
            continue
        children = ([c for pair in node.value for c in pair] if isinstance(node, yaml.MappingNode)
                    else list(node.value))
        if done:
            total = 1 + sum(size[id(c)] for c in children)
            if total > MAX_YAML_NODES:
                raise ScenarioError(
                    f"{label}:{node.start_mark.line + 1}",
                    f"malformed YAML: its aliases expand to more than {MAX_YAML_NODES:,} values "
                    "(an alias bomb?)")
            size[key] = total
            continue
        if key in size:
            continue
        size[key] = 0  # on the stack (a YAML node graph from aliases has no cycles)
        stack.append((node, depth, True))
        stack.extend((c, depth + 1, False) for c in children if id(c) not in size)


def _parse_yaml(text: str, label: str) -> object:
    import yaml  # here for start-up: JSON input never imports yaml

    loader: Any = None
    try:
        loader = _unique_key_loader()(text.removeprefix("\ufeff"))  # the reader checks characters
        node = loader.get_single_node()
        if node is None:
            return None
        _expanded_size(node, label)
        return loader.construct_document(node)
    except RecursionError:
        raise ScenarioError(label, f"malformed YAML: nested more than {MAX_DEPTH} levels deep") from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = f"{label}:{mark.line + 1}:{mark.column + 1}" if mark is not None else label
        problem = err.problem or err.context or "unreadable"
        raise ScenarioError(at, f"malformed YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise ScenarioError(label, f"malformed YAML: {str(err).splitlines()[0]}") from None
    finally:
        if loader is not None:
            loader.dispose()


BATCH_SUFFIXES = (".jsonl", ".ndjson")
"""File suffixes (any case) read as a batch of JSON Lines scenarios."""


def _json_lines_hint(content: str, label: str) -> None:
    """Refuse, with a hint, input that is JSON Lines (one JSON object per line, at least two)
    where one scenario was expected — standard input, or a file not named ``.jsonl``."""
    lines = [line.strip() for line in content.splitlines() if line.strip()]
    if len(lines) < 2 or not all(line.startswith("{") and line.endswith("}") for line in lines[:2]):
        return
    try:
        if not all(isinstance(json.loads(line), dict) for line in lines[:2]):
            return
    except (ValueError, RecursionError):
        return
    raise ScenarioError(label, f"holds {len(lines)} lines of JSON objects (JSON Lines?); one "
                               "scenario was expected: for a batch, add --batch (standard input "
                               "too) or name the file .jsonl")


def _read(source: str | os.PathLike[str]) -> str:
    if str(source) == "-":
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        return Path(source).read_text(encoding="utf-8-sig")  # a byte-order mark is dropped
    except FileNotFoundError:
        raise ScenarioError(str(source), "no such file") from None
    except UnicodeDecodeError:
        raise ScenarioError(str(source), "not UTF-8 text") from None
    except OSError as err:
        raise ScenarioError(str(source), f"cannot read ({err.strerror or err})") from None


def load_scenario(source: str | os.PathLike[str], *, text: str | None = None) -> Scenario:
    """Read one scenario from a YAML or JSON file (``'-'``: standard input).

    The format follows the suffix: ``.json`` (and ``.jsonl``/``.ndjson`` holding one line)
    is read as JSON, anything else as YAML (a superset of JSON). ``text``, when given, is the
    content and ``source`` only names it. Raises :class:`ScenarioError`: for malformed input
    with ``field`` = ``"<file>:<line>:<column>"``; for invalid content with the field path
    (``permanents[3].controller``).
    """
    label = "<stdin>" if str(source) == "-" else str(source)
    content = (_read(source) if text is None else text).removeprefix("\ufeff")
    suffix = Path(label).suffix.lower()
    if suffix not in BATCH_SUFFIXES:
        _json_lines_hint(content, label)
    if suffix in BATCH_SUFFIXES:
        lines = [line for line in content.splitlines() if line.strip()]
        if len(lines) > 1:
            raise ScenarioError(label, f"holds {len(lines)} scenarios (JSON Lines); read it as a batch")
        data = _parse_json(lines[0] if lines else "", label)
    elif suffix == ".json":
        data = _parse_json(content, label)
    else:
        data = _parse_yaml(content, label)
    check_time("reading the scenario")
    if not isinstance(data, dict):  # name the file: there is no field to name
        kind = "nothing" if data is None else type(data).__name__
        raise ScenarioError(label, f"a scenario must be a mapping of fields (got {kind})")
    check_depth(data, label)
    return parse_scenario(data)


def parse_scenario_line(line: str, *, number: int, label: str = "<input>") -> Scenario:
    """Validate one JSON Lines row: ``line`` (the JSON text) is line ``number`` of ``label``.

    Raises :class:`ScenarioError`: malformed JSON as ``"<label>:<line>:<column>: malformed
    JSON: ..."``, invalid content as ``"line N: <field>: <problem>"`` (the batch's ``where``).
    """
    try:
        # A byte-order mark may start the file (its first line).
        data = json.loads(line.removeprefix("\ufeff") if number == 1 else line,
                          object_pairs_hook=_json_pairs)
    except json.JSONDecodeError as err:
        raise ScenarioError(f"{label}:{number}:{err.colno}", f"malformed JSON: {err.msg}") from None
    except RecursionError:
        raise ScenarioError(f"{label}:{number}",
                            f"malformed JSON: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as err:
        raise ScenarioError(f"{label}:{number}", f"malformed JSON: {err}") from None
    return parse_scenario(data, where=f"line {number}")


def iter_scenarios_jsonl(
    source: str | os.PathLike[str] | TextIO | Iterable[str],
) -> Iterator[tuple[int, Scenario | ScenarioError]]:
    """Read JSON Lines: one scenario per line (``'-'``: standard input).

    Yields ``(line number, Scenario or ScenarioError)`` per non-blank line; line numbers
    start at 1. A bad line yields its error (message prefixed ``line N``) and reading goes
    on. A file is read one line at a time (memory does not grow with its length). Raises
    :class:`ScenarioError` only if the source itself can't be read.
    """
    if isinstance(source, (str, os.PathLike)):
        if str(source) == "-":
            yield from _iter_lines(sys.stdin, "<stdin>")
            return
        label = str(source)
        try:
            handle = open(source, encoding="utf-8")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            raise ScenarioError(label, "no such file") from None
        except OSError as err:
            raise ScenarioError(label, f"cannot read ({err.strerror or err})") from None
        with handle:
            try:
                yield from _iter_lines(handle, label)
            except UnicodeDecodeError:
                raise ScenarioError(label, "not UTF-8 text") from None
        return
    yield from _iter_lines(source, "<input>")


def _iter_lines(lines: Iterable[str], label: str) -> Iterator[tuple[int, Scenario | ScenarioError]]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, parse_scenario_line(line, number=number, label=label)
        except ScenarioError as err:
            yield number, err


