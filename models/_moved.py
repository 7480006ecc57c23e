"""Old import paths kept for one release after a move (issue 24): the finder that serves
them, and the table of what moved in ``redzone.models``.

``import redzone.models.<old>`` gives the module now at its new path (the same module
object) with a :class:`DeprecationWarning` naming the new path; a public name that moved
to another module (``from redzone.models.layers import relayered_after_departures``) is
served the same way by the old module's ``__getattr__`` (:func:`moved_name`). Nothing inside
redzone uses an old path; they go in redzone 0.3 (CHANGELOG.md, 0.2.0).
:mod:`redzone.solver._moved` installs its own table with the same finder.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:  # importlib.abc pulls in importlib.resources: 5-8 ms of every start-up
    from importlib.abc import Loader

__all__ = ["MOVED", "MOVED_NAMES", "install", "moved_name"]

MOVED: Mapping[str, str] = {
    "redzone.models.scenario_types": "redzone.models.scenario.types",
    "redzone.models.scenario_fast": "redzone.models.scenario.fast",
    "redzone.models.scenario_schema": "redzone.models.scenario.schema",
}
"""Old dotted module path -> new dotted path. A submodule of a moved package moves with it."""

MOVED_NAMES: Mapping[tuple[str, str], str] = {
    ("redzone.models.layers", "relayered_after_departures"): "redzone.models.outcome",
}
"""(old module, name) -> the module that now defines the name."""


def _warn(old: str, new: str) -> None:
    warnings.warn(f"{old} moved to {new}; the old path goes in redzone 0.3",
                  DeprecationWarning, stacklevel=3)


class _Alias:
    """Loads an old path as the module at its new path (the same module object): an import
    loader by protocol (``create_module``, ``exec_module``)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return importlib.import_module(self.new)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module at the new path is already executed."""


class _MovedFinder:
    """A :data:`sys.meta_path` finder for ``table``'s old paths (by protocol: ``find_spec``,
    ``invalidate_caches``)."""

    def __init__(self, table: Mapping[str, str]) -> None:
        self.table = dict(table)

    def _new_name(self, fullname: str) -> str | None:
        for old, new in self.table.items():
            if fullname == old or fullname.startswith(old + "."):
                return new + fullname[len(old):]
        return None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = self._new_name(fullname)
        if new is None:
            return None
        _warn(fullname, new)
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(new)))

    def invalidate_caches(self) -> None:
        """Nothing is cached."""


def install(table: Mapping[str, str] = MOVED) -> None:
    """Put the finder of ``table``'s old paths on ``sys.meta_path`` (once per table; nothing
    for an empty table)."""
    if table and not any(isinstance(f, _MovedFinder) and f.table == dict(table)
                         for f in sys.meta_path):
        sys.meta_path.append(_MovedFinder(table))


def moved_name(module: str, name: str) -> Any:
    """The object ``name`` of ``module`` that moved (:data:`MOVED_NAMES`), with a
    :class:`DeprecationWarning`; for a module's ``__getattr__``. Raises
    :class:`AttributeError` for a name that never was there."""
    new = MOVED_NAMES.get((module, name))
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    _warn(f"{module}.{name}", f"{new}.{name}")
    return getattr(importlib.import_module(new), name)
