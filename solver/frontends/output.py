"""Plain-data (JSON-ready) forms of redzone's objects, for ``--json`` output and engines."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
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
    if kind == "paired":
        return "itself and the creature it's paired with"
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
    qualities = [_describe_value(q) for q in affected.get("qualities") or ()]
    if qualities:
        # h27: the filter is part of the group ("Commander creatures you control" is not
        # every creature you control): each alternative, any one of which must match.
        words.append("(" + " or ".join(qualities) + ")")
    return " ".join(words)


def _words(name: str) -> str:
    """``"CantBeBlockedBy"`` -> ``"can't be blocked by"``; ``"power_at_most"`` ->
    ``"power at most"``."""
    import re

    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").lower()
    return re.sub(r"\b(can|don|doesn|isn)t\b", r"\1't", spaced)


def _describe_value(value: Any) -> str:
    """A readable phrase for a field value: a nested filter as its set fields
    (``"power at most 2"``, ``"controller you, creature"``), a list joined by ``/``."""
    if isinstance(value, dict):
        if value.get("kind") in ("self", "attached", "creatures", "paired"):
            return describe_affected(value)
        parts = []
        for key, inner in value.items():
            if inner in ((), [], None, "", False, "any"):
                continue
            if inner is True:
                parts.append(_words(key))
            else:
                parts.append(f"{_words(key)} {_describe_value(inner)}")
        return ", ".join(parts) or "any"
    if isinstance(value, (list, tuple)):
        return "/".join(_describe_value(v) for v in value)
    return str(value)


def describe_ability(ability: Any) -> str:
    """One readable line for a parsed ability: its kind in words, then its set fields, with
    ``affected`` (and other ``Affected`` fields) and nested filters as phrases; empty and
    default-false fields left out. E.g. ``"can't be blocked by (affected: itself; blockers:
    creatures; quality: power at most 2)"``."""
    from dataclasses import is_dataclass

    from redzone.models.abilities import Ability

    data = ability_to_dict(ability)
    for key in list(data):
        raw = getattr(ability, key, None)
        if isinstance(raw, (tuple, list)) and raw and all(isinstance(x, Ability) and is_dataclass(x) for x in raw):
            data[key] = ", ".join(describe_ability(x) for x in raw)  # a grant's abilities, read alike
    return _describe_fields(data)


_FLAG_WORDS = {"to": "damage to the affected", "by": "damage by the affected"}
"""Boolean fields whose name alone reads badly (a prevention's ``to`` and ``by``)."""


def _describe_fields(data: dict[str, Any]) -> str:
    """:func:`describe_ability` of an ability already turned into a dict (its ``kind``, its
    fields); the ability's own rules text is left out."""
    kind = data.pop("kind")
    data.pop("text", None)
    if kind == "Keyword":
        return str(data["name"])
    parts = []
    for key, value in data.items():
        if value in ((), [], None, "", False):
            continue
        if value is True:
            parts.append(_FLAG_WORDS.get(key, _words(key)))
        else:
            parts.append(f"{_words(key)}: {_describe_value(value)}")
    return _words(kind) + (f" ({'; '.join(parts)})" if parts else "")


def commander_lines(board: Any, outcome: Mapping[str, Any]) -> list[str]:
    """Readable lines of an outcome's commander damage (Commander games only; ``[]``
    otherwise): for each player, each commander's total over the game with its change
    (CR 903.10a), and "loses the game" for a player it took to 21 or more (704.6c). The
    totals before come from ``board`` (the scenario's ``commander_damage``)."""
    totals = outcome.get("commander_damage")
    if totals is None:
        return []
    lost = outcome.get("lost_to_commander") or {}
    lines: list[str] = []
    for player in board.players:
        before = dict(player.commander_damage)
        now = totals.get(player.name, {})
        parts = []
        for cid in sorted(set(before) | set(now)):
            a, b = before.get(cid, 0), now.get(cid, 0)
            perm = board.permanents.get(cid)
            name = perm.label if perm is not None else cid
            parts.append(f"{name} {a} → {b}" if a != b else f"{name} {b}")
        if not parts:
            continue
        end = (" — loses the game: 21 or more from " + ", ".join(lost[player.name]) + " (704.6c)"
               if player.name in lost else "")
        lines.append(f"  commander damage to {player.name} (903.10a): {'; '.join(parts)}{end}")
    return lines


def _choice_text(value: Any) -> str:
    """A choice's value in a text line: ``yes`` / ``no`` for a "may", else as it is."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def trigger_line(board: Any, trigger: Mapping[str, Any]) -> str:
    """One text line for a triggered ability that resolved (an answer's ``triggers`` item,
    issue 21 §2): ``Trigger (window): source: what it did (choices)``."""
    perm = board.permanents.get(str(trigger["source"]))
    label = perm.label if perm is not None else str(trigger["source"])
    choices = trigger.get("choices") or {}
    chosen = (", ".join(f"{k}: {_choice_text(v)}" for k, v in choices.items())
              if isinstance(choices, Mapping) else "")
    return (f"Trigger ({trigger['window']}): {label}: {trigger['result']}"
            + (f" ({chosen})" if chosen else ""))
