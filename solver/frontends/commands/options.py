"""The rules of a command's options, applied the same way by every front end.

A command's options dataclass (``AttackOptions``, ``DrawOptions``, ...) is the contract:
its fields are the options, their types the accepted values. A field's ``dataclasses``
metadata adds what a type cannot say:

- ``minimum`` / ``maximum``: inclusive integer bounds (``draw``'s ``columns``: 2 to 40;
  ``limit``: 1 or more; the AI's ``lookahead``: 0 or 1);
- ``local``: the field is filled by the command line itself and is not an option a request
  may give (``draw``'s ``output``, a file the text form writes); the value is the reason,
  said when a request gives it.

:func:`check_options` applies the bounds to built options: the command line
(:func:`redzone.solver.frontends.cli.common.run`, before any scenario is read, the flag
named as ``--columns``), the protocol and the API (:func:`redzone.solver.frontends.commands.options_from_json`
and :func:`redzone.solver.frontends.commands.run_command`, named ``options.columns``) all call
it, so a bound is written once and refused with the same words everywhere.
:func:`option_specs` describes the options for the protocol's handshake.

Imports nothing heavy (the command line imports it before ``--help`` is printed).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

__all__ = ["bounded", "check_options", "local_fields", "option_specs", "problem_of_bounds"]


def bounded(default: int, minimum: int | None = None, maximum: int | None = None) -> Any:
    """A dataclass field with ``default`` and inclusive bounds (``None``: unbounded)."""
    return dataclasses.field(default=default, metadata={"minimum": minimum, "maximum": maximum})


def problem_of_bounds(value: Any, minimum: int | None, maximum: int | None) -> str | None:
    """The problem with an integer ``value`` under inclusive bounds, or ``None`` when it fits:
    ``must be 0 or 1 (got 2)``, ``must be 1 or more (got 0)``, ``must be from 2 to 40 (got 50)``."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None  # the type check (pydantic, click) names a value of the wrong type
    if (minimum is None or value >= minimum) and (maximum is None or value <= maximum):
        return None
    if minimum is not None and maximum is not None:
        if maximum - minimum == 1:
            return f"must be {minimum} or {maximum} (got {value!r})"
        return f"must be from {minimum} to {maximum} (got {value!r})"
    if minimum is not None:
        return f"must be {minimum} or more (got {value!r})"
    return f"must be {maximum} or less (got {value!r})"


def check_options(options: Any) -> None:
    """Check the bounds of every field of ``options`` (an options dataclass instance).

    Raises :class:`redzone.models.errors.ScenarioError` whose ``field`` is the option's
    field name (``columns``); each front end names it its own way (``--columns``,
    ``options.columns``).
    """
    from redzone.models.errors import ScenarioError

    for f in dataclasses.fields(options):
        if "minimum" not in f.metadata:
            continue
        problem = problem_of_bounds(getattr(options, f.name), f.metadata.get("minimum"),
                                    f.metadata.get("maximum"))
        if problem is not None:
            raise ScenarioError(f.name, problem)


def local_fields(options_class: type) -> dict[str, str]:
    """The fields of ``options_class`` a request may not give: name -> why."""
    return {f.name: str(f.metadata["local"]) for f in dataclasses.fields(options_class)
            if "local" in f.metadata}


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "object",
               tuple: "array", list: "array", type(None): "null"}


def _describe(hint: Any) -> dict[str, Any]:
    """``{"type": ..., "choices": [...]}`` of a type hint, in JSON's words."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return {"type": "string", "choices": list(typing.get_args(hint))}
    if origin in (typing.Union, types.UnionType):
        names: list[str] = []
        choices: list[Any] = []
        for arg in typing.get_args(hint):
            part = _describe(arg)
            kinds = part["type"] if isinstance(part["type"], list) else [part["type"]]
            names += [k for k in kinds if k not in names]
            choices += part.get("choices", [])
        out: dict[str, Any] = {"type": names[0] if len(names) == 1 else names}
        if choices:
            out["choices"] = choices
        return out
    return {"type": _JSON_TYPES.get(origin or hint, "any")}


def option_specs(options_class: type, *, time_limit_default: float | None = None) -> dict[str, dict[str, Any]]:
    """The options a request may give ``options_class``'s command, for the handshake: name ->
    ``{"type", "default", "required"}`` plus ``choices``, ``minimum``, ``maximum`` where they
    apply (``type`` in JSON's words, a list when several are accepted). ``time_limit``
    reads ``time_limit_default`` (the server's default) as its default and has
    ``exclusive_minimum`` 0."""
    hints = typing.get_type_hints(options_class)
    out: dict[str, dict[str, Any]] = {}
    for f in dataclasses.fields(options_class):
        if "local" in f.metadata:
            continue
        spec = _describe(hints[f.name])
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        default = None if required else (f.default if f.default is not dataclasses.MISSING
                                         else f.default_factory())  # type: ignore[misc]
        if isinstance(default, tuple):
            default = list(default)
        spec.update(default=default, required=required)
        for bound in ("minimum", "maximum"):
            if f.metadata.get(bound) is not None:
                spec[bound] = f.metadata[bound]
        if f.name == "time_limit":
            spec.update(default=time_limit_default, exclusive_minimum=0)
        out[f.name] = spec
    return out
