"""Regular expressions compiled on first use (start-up speed, issue 11).

Most of the Oracle-text parser's patterns are never used by a given command (a one-creature
``redzone attack`` needs about a third of them), yet compiling them all at import cost ~20 ms
of CPU. :func:`lazy_compile` takes the arguments of :func:`re.compile` and returns an object
that compiles the pattern the first time one of its attributes is read (``match``,
``search``, ``sub``, ``pattern``, ...), then answers exactly as the compiled pattern does: the
compiled pattern's attributes are copied onto the object, so later calls cost one
instance-dictionary lookup, like a method lookup on a real pattern.

It is not a :class:`re.Pattern`: pass it to no ``re.*`` function and do not test it with
``isinstance``; use its methods (every use in this project does). A bad pattern raises
:class:`re.error` at first use instead of at import (the test suite uses every pattern).
No ortools here.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["lazy_compile"]

_ATTRIBUTES = ("match", "search", "fullmatch", "sub", "subn", "split", "findall", "finditer",
               "scanner", "pattern", "flags", "groups", "groupindex")


class _LazyPattern:
    """A pattern compiled when first used; see the module docstring."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (``re.compile(pattern, flags)``, cached by :mod:`re`)."""
        return re.compile(*self._source)

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes not yet in the instance dictionary: compile, copy, answer.
        # Private and special names are never the pattern's (and ``_source`` is missing while
        # ``copy``/``pickle`` rebuild an instance: answering it here would recurse).
        if name.startswith("_"):
            raise AttributeError(name)
        real = self.compiled()
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(real, attribute))
        return getattr(real, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self._source[0]!r}, {self._source[1]!r})"


def lazy_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on first use.

    Shapes: ``pattern`` a regular-expression string, ``flags`` the :mod:`re` flags; returns an
    object with the methods and attributes of the compiled pattern (typed as one). Raises
    :class:`re.error` when first used if the pattern is malformed. No rule of the game here.
    """
    return cast("re.Pattern[str]", _LazyPattern(pattern, flags))
