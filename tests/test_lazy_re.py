"""Patterns compiled on first use (models/lazy_re.py, issue 11 start-up): they answer as the
compiled pattern does, and every module-level pattern of the project is well formed (a
malformed one would only fail when first used)."""

from __future__ import annotations

import importlib
import pkgutil
import re

import redzone.models
from redzone.models.lazy_re import _LazyPattern, lazy_compile


def test_a_lazy_pattern_answers_as_the_compiled_pattern() -> None:
    lazy = lazy_compile(r"(?P<p>\d+)/(?P<t>\d+)", re.I)
    real = re.compile(r"(?P<p>\d+)/(?P<t>\d+)", re.I)
    text = "a 2/3 and a 4/4"
    assert lazy.search(text)[0] == real.search(text)[0] == "2/3"
    assert lazy.findall(text) == real.findall(text) == [("2", "3"), ("4", "4")]
    assert lazy.sub("x", text) == real.sub("x", text) == "a x and a x"
    assert lazy.fullmatch("2/3") is not None and lazy.match("a 2/3") is None
    assert (lazy.pattern, lazy.flags, lazy.groupindex) == (real.pattern, real.flags, real.groupindex)


def test_a_pattern_is_compiled_only_when_used() -> None:
    lazy = lazy_compile(r"never used (")  # malformed: no error until first use
    try:
        lazy.match("x")
    except re.error:
        pass
    else:  # pragma: no cover - the assertion below explains
        raise AssertionError("a malformed pattern must fail when used")


def test_a_lazy_pattern_survives_copy_and_pickle() -> None:
    import copy
    import pickle

    lazy = lazy_compile(r"\d+")
    for clone in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert clone.findall("1 and 22") == ["1", "22"]
    assert lazy.findall("333") == ["333"]
    assert copy.deepcopy(lazy).sub("n", "a 4") == "a n"  # copied after compiling, too


def _patterns(value: object) -> list[_LazyPattern]:
    if isinstance(value, _LazyPattern):
        return [value]
    if isinstance(value, (tuple, list)):
        return [p for v in value for p in _patterns(v)]
    return []


def test_every_module_level_pattern_compiles() -> None:
    names = [m.name for m in pkgutil.walk_packages(redzone.models.__path__, "redzone.models.")
             if not m.name.startswith("redzone.models.data")]
    found = 0
    for name in (*names, "redzone.solver.bridges.phase"):
        module = importlib.import_module(name)
        for value in vars(module).values():
            for pattern in _patterns(value):
                assert isinstance(pattern.compiled(), re.Pattern)
                found += 1
    assert found >= 100  # the parser alone has about 90
