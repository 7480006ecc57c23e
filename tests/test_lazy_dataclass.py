"""models/lazy_dataclass.py: a class made on first use behaves as the plain dataclass.

Each test declares fresh classes (a class is made once per process), the lazy one next to
the same class under ``dataclasses.dataclass``, and compares what users of the ability
classes rely on: construction, defaults, equality, hash, repr, frozen errors,
``dataclasses.fields``/``replace``/``is_dataclass``, pickling, subclasses.
"""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from redzone.models.lazy_dataclass import _PARAMS, lazy_dataclass

ROOT = Path(__file__).resolve().parent.parent


def _pair() -> tuple[type, type, type, type]:
    """(lazy base, lazy child, eager base, eager child) with the same declarations."""

    def declare(decorate):  # type: ignore[no-untyped-def]
        @decorate(frozen=True, kw_only=True)
        class Base:
            """A base."""

            text: str = ""

        @decorate(frozen=True, kw_only=True)
        class Child(Base):
            """A child."""

            n: int
            tags: tuple[str, ...] = ()
            extra: list[int] = field(default_factory=list, compare=False)

            def double(self) -> int:
                return 2 * self.n

        return Base, Child

    return (*declare(lazy_dataclass), *declare(dataclass))  # type: ignore[return-value]


def test_not_made_until_used_then_made_with_its_bases() -> None:
    lazy_base, lazy_child, _, _ = _pair()
    assert _PARAMS in lazy_base.__dict__ and _PARAMS in lazy_child.__dict__
    lazy_child(n=1)
    assert _PARAMS not in lazy_child.__dict__ and _PARAMS not in lazy_base.__dict__


def test_behaves_as_the_plain_dataclass() -> None:
    lazy_base, lazy_child, eager_base, eager_child = _pair()
    a, b = lazy_child(n=2, text="t", tags=("x",)), eager_child(n=2, text="t", tags=("x",))
    assert repr(a).replace("_pair.<locals>.declare.<locals>.", "") == \
        repr(b).replace("_pair.<locals>.declare.<locals>.", "")
    assert repr(a).endswith("Child(text='t', n=2, tags=('x',), extra=[])")
    assert a == lazy_child(n=2, text="t", tags=("x",), extra=[9])  # extra: compare=False
    assert a != lazy_child(n=3, text="t", tags=("x",))
    assert hash(a) == hash(lazy_child(n=2, text="t", tags=("x",)))
    assert a.double() == 4 and lazy_base() == lazy_base(text="")
    assert a != b  # different classes, as two dataclasses are
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.n = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        lazy_child(2)  # keyword-only
    with pytest.raises(TypeError):
        lazy_child(text="no n")  # n is required
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert dataclasses.replace(a, n=7) == lazy_child(n=7, text="t", tags=("x",))
    assert dataclasses.asdict(a) == dataclasses.asdict(b)


def test_class_level_uses_make_the_class() -> None:
    lazy_base, lazy_child, _, _ = _pair()
    assert dataclasses.is_dataclass(lazy_child)
    assert [f.name for f in dataclasses.fields(lazy_child)] == ["text", "n", "tags", "extra"]
    lazy_base2, _, _, _ = _pair()
    assert [f.name for f in dataclasses.fields(lazy_base2)] == ["text"]


def test_an_instance_made_without_init_still_compares() -> None:
    # pickle and copy make instances without __init__: equality, hash and repr on them must
    # make the class first (else object identity would answer, silently wrong).
    code = (
        "import pickle, sys\n"
        "from redzone.models.abilities import CantBeBlockedBy\n"
        "data = sys.stdin.buffer.read()\n"
        "a, b = pickle.loads(data), pickle.loads(data)\n"
        "print(a == b, hash(a) == hash(b), repr(a) == repr(b))\n")
    from redzone.models.abilities import CantBeBlockedBy

    blob = pickle.dumps(CantBeBlockedBy(text="can't be blocked by Walls"))
    done = subprocess.run([sys.executable, "-c", code], input=blob, capture_output=True,
                          cwd=ROOT, check=True)
    assert done.stdout.decode().split() == ["True", "True", "True"]


def test_threads_make_a_class_once() -> None:
    _, lazy_child, _, _ = _pair()
    made, errors = [], []

    def build() -> None:
        try:
            made.append(lazy_child(n=1))
        except Exception as exc:  # pragma: no cover - the failure this test looks for
            errors.append(exc)

    threads = [threading.Thread(target=build) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(set(made)) == 1


def test_order_and_slots_are_refused() -> None:
    with pytest.raises(TypeError):
        lazy_dataclass(order=True)
    with pytest.raises(TypeError):
        lazy_dataclass(slots=True)


def test_one_creature_attack_makes_few_ability_classes() -> None:
    # Issue 11: a one-creature attack makes a handful of the ~60 ability classes.
    code = (
        "import contextlib, io, sys\n"
        "import redzone.models.abilities as ab\n"
        "from redzone.models.lazy_dataclass import _PARAMS\n"
        "import redzone.solver.frontends.cli as cli\n"
        "sys.argv = ['redzone', 'attack', 'benchmarks/one-creature.yaml', '--json']\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        cli.main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        "homes = {ab.__name__, 'redzone.models.ability_base', 'redzone.models.effect_abilities'}\n"
        "classes = [c for c in vars(ab).values() if isinstance(c, type) and c.__module__ in homes]\n"
        "print(len(classes), sum(_PARAMS not in c.__dict__ for c in classes))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          check=True)
    total, made = map(int, done.stdout.split())
    assert total > 50 and made <= 10
