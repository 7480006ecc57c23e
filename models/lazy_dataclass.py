"""Dataclasses made on first use (start-up speed, issue 11).

Python 3.11 compiles each method :func:`dataclasses.dataclass` writes (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, and ``__setattr__``/``__delattr__`` when frozen) with
its own ``exec``: about 1 ms of CPU per class here, ~60 ms for the ~60 ability classes of
:mod:`redzone.models.abilities`, most of which a given command never builds.
``@lazy_dataclass(frozen=True, kw_only=True)`` takes the arguments of
:func:`dataclasses.dataclass` and defers that work to the first use of the class: creating
an instance, comparing, hashing or printing one (an instance made without ``__init__``, as
by :mod:`pickle` or :mod:`copy`, counts), assigning to or deleting a field, or reading
``__dataclass_fields__`` (:func:`dataclasses.fields`, :func:`dataclasses.replace`,
:func:`dataclasses.is_dataclass`, ...). Then the class is made a dataclass by
:func:`dataclasses.dataclass` itself — its bases first — and from then on it is exactly the
class the plain decorator would have made: the same methods, equality, hash, ``repr``, frozen
errors and speed. Until then ``inspect.signature`` of the class shows ``(*args, **kwargs)``.

Not for ``order=True`` or ``slots=True`` (made at once, as by :func:`dataclasses.dataclass`).
Thread-safe. No ortools here.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Callable, TypeVar, dataclass_transform

__all__ = ["lazy_dataclass", "realise"]

T = TypeVar("T", bound=type)

_PARAMS = "__lazy_dataclass_params__"
_LOCK = threading.RLock()


class _Fields:
    """``__dataclass_fields__`` until the class is made: reading it makes the class."""

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        realise(self.cls)
        return getattr(self.cls if owner is None else owner, "__dataclass_fields__")


def _stub(cls: type, name: str) -> Callable[..., Any]:
    def stub(self: Any, *args: Any, **kwargs: Any) -> Any:
        realise(cls)
        method = getattr(cls, name)
        if method is None:  # e.g. __hash__ = None: unhashable
            raise TypeError(f"unhashable type: {cls.__name__!r}")
        return method(self, *args, **kwargs)

    stub.__name__ = stub.__qualname__ = name
    stub._lazy_dataclass_stub = True  # type: ignore[attr-defined]
    return stub


def _methods(params: dict[str, Any]) -> list[str]:
    """The methods :func:`dataclasses.dataclass` may write with ``params``."""
    names = []
    if params.get("init", True):
        names.append("__init__")
    if params.get("repr", True):
        names.append("__repr__")
    if params.get("eq", True):
        names += ["__eq__", "__hash__"]
    elif params.get("unsafe_hash", False):
        names.append("__hash__")
    if params.get("frozen", False):
        names += ["__setattr__", "__delattr__"]
    return names


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def lazy_dataclass(**params: Any) -> Callable[[T], T]:
    """``@lazy_dataclass(**params)``: ``@dataclasses.dataclass(**params)`` made on first use
    (see the module docstring). Raises :class:`TypeError` for ``order`` or ``slots``."""
    if params.get("order") or params.get("slots"):
        raise TypeError("lazy_dataclass: order and slots need the class made at once")

    def wrap(cls: T) -> T:
        own = cls.__dict__
        for name in _methods(params):
            if name not in own:  # a method the class writes itself is kept, as dataclass does
                setattr(cls, name, _stub(cls, name))
        cls.__dataclass_fields__ = _Fields(cls)  # type: ignore[attr-defined]
        setattr(cls, _PARAMS, params)
        return cls

    return wrap


def realise(cls: type) -> None:
    """Make ``cls`` (and its lazy bases) the dataclass it was declared to be, if not yet."""
    with _LOCK:
        params = cls.__dict__.get(_PARAMS)
        if params is None:
            return
        for base in reversed(cls.__mro__[1:]):
            if _PARAMS in base.__dict__:
                realise(base)
        for name in (*_methods(params), "__dataclass_fields__", _PARAMS):
            value = cls.__dict__.get(name)
            if name == _PARAMS or isinstance(value, _Fields) or getattr(value, "_lazy_dataclass_stub", False):
                delattr(cls, name)
        dataclasses.dataclass(cls, **params)
