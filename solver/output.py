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
