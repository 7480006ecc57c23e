"""Plain-data (JSON-ready) forms of redzone's objects, for ``--json`` output and engines."""

from __future__ import annotations

import dataclasses
from typing import Any


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_plain(v) for v in value]
        return sorted(items) if isinstance(value, (frozenset, set)) else items
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def ability_to_dict(ability: Any) -> dict[str, Any]:
    """A parsed ability as a JSON-ready dict: ``{"kind": <class name>, <fields>...}``.

    Nested dataclasses (``Affected``, ``XCount``) become nested dicts; tuples become lists.
    """
    data = _plain(ability)
    assert isinstance(data, dict)
    return {"kind": type(ability).__name__, **data}


def describe_affected(affected: dict[str, Any]) -> str:
    """A short phrase for an ``Affected`` dict: ``"itself"``, ``"the creature it's attached
    to"``, ``"other Goblin creatures you control"``, ``"non-Eye creatures you control"``."""
    kind = affected.get("kind")
    if kind == "self":
        return "itself"
    if kind == "attached":
        return "the creature it's attached to"
    words = []
    if affected.get("other"):
        words.append("other")
    if affected.get("exclude_subtypes"):
        words.append("non-" + "/".join(affected["exclude_subtypes"]))
    if affected.get("subtypes"):
        words.append("/".join(affected["subtypes"]))
    words.append("creatures")
    owner = {"you": "you control", "opponents": "your opponents control"}.get(affected.get("controller", "any"))
    if owner:
        words.append(owner)
    return " ".join(words)


def describe_ability(ability: Any) -> str:
    """One readable line for a parsed ability: its kind, then its fields, with ``affected``
    (and other ``Affected`` fields) as phrases; empty and default-false fields left out."""
    data = ability_to_dict(ability)
    kind = data.pop("kind")
    data.pop("text", None)
    if kind == "Keyword":
        return str(data["name"])
    parts = []
    for key, value in data.items():
        if value in ((), [], None, "", False):
            continue
        if isinstance(value, dict) and "kind" in value and value.get("kind") in ("self", "attached", "creatures"):
            parts.append(f"{key}: {describe_affected(value)}")
        elif value is True:
            parts.append(key.replace("_", " "))
        else:
            parts.append(f"{key}: {value}")
    return kind + (f" ({'; '.join(parts)})" if parts else "")
