"""Fuzzing every command with malformed and edge-case scenarios and options (issue 8).

Each example writes one scenario file — a valid base scenario with a few mutations (wrong
types, Booleans for numbers, huge or negative numbers, unknown ids and fields, deep nesting,
Duel Masters for Magic, broken or truncated text, a byte-order mark, JSON Lines) — and runs
one command with random options through the real entry point, in process. Whatever the
input: no traceback, never exit status 1 (an internal error), and every error is one line
``redzone: error: WHERE: PROBLEM`` naming the file, field, line or option.

500 examples by default; 5,000 with ``-m slow``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

BASE: dict[str, Any] = {
    "players": [{"name": "Alice", "life": 20, "mana": 2}, {"name": "Bob", "library": ["Island"]}],
    "permanents": [
        {"id": "jugg", "card": "Juggernaut", "controller": "Alice"},
        {"id": "brute", "card": "Boggart Brute", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"},
        {"id": "dog", "card": "Watchdog", "controller": "Bob"},
        {"id": "gideon", "card": "Gideon, Ally of Zendikar", "controller": "Bob"},
    ],
    "effects": [{"must_attack": {"attacker": "brute", "target": "Bob"}}],
    "combat": {"attackers": {"jugg": "Bob", "brute": "gideon"},
               "blockers": {"bears": ["jugg"], "dog": ["brute"]},
               "assignment": {"jugg": {"bears": 5}}},
}

IDS = ["jugg", "brute", "bears", "dog", "gideon", "Alice", "Bob", "nobody", "", "x" * 300]

ODD_VALUES = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([0, -1, 1_000_000, 1_000_001, -1_000_001, 2**63, 5000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20), st.sampled_from(IDS),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.sampled_from(IDS), st.sampled_from(IDS + [1, True]), max_size=2),
    st.integers(min_value=50, max_value=400).map(lambda n: json.loads("[" * n + "]" * n)),
)

FIELDS = [
    ("players", 0, "life"), ("players", 0, "mana"), ("players", 1, "poison"),
    ("players", 1, "name"), ("players", 1, "library"), ("players",),
    ("permanents", 0, "power"), ("permanents", 0, "toughness"), ("permanents", 1, "tapped"),
    ("permanents", 2, "damage"), ("permanents", 2, "counters"), ("permanents", 4, "loyalty"),
    ("permanents", 3, "controller"), ("permanents", 3, "card"), ("permanents", 0, "id"),
    ("permanents", 2, "types"), ("permanents", 1, "colors"), ("permanents", 0, "abilities"),
    ("permanents", 1, "attached_to"), ("permanents", 0, "extra"), ("permanents",),
    ("effects", 0), ("effects",), ("combat", "attackers"), ("combat", "attackers", "jugg"),
    ("combat", "blockers"), ("combat", "blockers", "bears"), ("combat", "assignment"),
    ("combat", "step"), ("combat", "blocked"), ("combat",), ("game",), ("rules",),
    ("active_player",), ("surprise",),
]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    target = data
    for key in path[:-1]:
        if isinstance(target, dict):
            target = target.setdefault(key, {})
        elif isinstance(target, list) and isinstance(key, int) and key < len(target):
            target = target[key]
        else:
            return
    last = path[-1]
    if isinstance(target, dict):
        target[last] = value
    elif isinstance(target, list) and isinstance(last, int) and last < len(target):
        target[last] = value


@st.composite
def scenario_text(draw: st.DrawFn) -> tuple[str, str]:
    """(file suffix, file text): a mutated scenario in JSON, YAML or JSON Lines."""
    data = json.loads(json.dumps(BASE))
    if draw(st.booleans()):
        data["game"] = draw(st.sampled_from(["magic", "duel-masters", "chess"]))
    for path, value in draw(st.lists(st.tuples(st.sampled_from(FIELDS), ODD_VALUES), max_size=3)):
        _set(data, path, value)
    if draw(st.integers(0, 9)) == 0:
        data["permanents"] = [{"name": "Walker", "types": ["Planeswalker"], "controller": "Bob"}]
    suffix = draw(st.sampled_from([".json", ".yaml", ".jsonl", ".JSONL", ".ndjson", ".yml"]))
    try:
        if suffix in (".yaml", ".yml"):
            text = yaml.safe_dump(data, allow_unicode=True)
        elif suffix == ".json":
            text = json.dumps(data, indent=draw(st.sampled_from([None, 2])))
        else:
            text = "\n".join(json.dumps(data) for _ in range(draw(st.integers(1, 3)))) + "\n"
    except (ValueError, RecursionError):
        text = "{}"
    mutation = draw(st.integers(0, 9))
    if mutation == 0:  # truncated
        text = text[: draw(st.integers(0, len(text)))]
    elif mutation == 1:
        text = "\ufeff" + text
    elif mutation == 2:  # a stray character somewhere
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["{", "]", ":", "\t", "&a", "*a", "\x00", "'"])) + text[at:]
    elif mutation == 3:
        text = draw(st.sampled_from(["", "[]", "null", "42", "a: &a [1]\nb: *a\n", "- - - 1"]))
    return suffix, text


JSON_OPTION = st.one_of(
    st.dictionaries(st.sampled_from(IDS), st.sampled_from(IDS), max_size=3).map(json.dumps),
    st.dictionaries(st.sampled_from(IDS), st.lists(st.sampled_from(IDS), max_size=2),
                    max_size=3).map(json.dumps),
    st.dictionaries(st.sampled_from(IDS), st.dictionaries(st.sampled_from(IDS), ODD_VALUES,
                                                          max_size=2), max_size=2)
      .map(lambda d: json.dumps(d, default=str)),
    st.sampled_from(['{"jugg": "Bob", "jugg": "Alice"}', "{", "[]", "null", '{"a": 1}', "",
                     "[" * 2000 + "]" * 2000]),
)

TIME_LIMIT = st.sampled_from(["0.5", "2", "nan", "inf", "-1", "0", "soon", "1e-9"])


@st.composite
def command_line(draw: st.DrawFn) -> list[str]:
    """A command and its options (the scenario path is inserted by the test)."""
    command = draw(st.sampled_from([
        "attack", "check-attack", "block", "check-block", "damage", "check-damage", "fight",
        "clash", "dm-battle", "card", "schema", "draw", "choose-attack", "choose-block"]))
    args = [command, "SCENARIO"]
    if command == "card":
        return [command, draw(st.sampled_from(["Questing Beast", "Grizly Bears", "", "x" * 500,
                                               "Brazen Borrower", "Petty Theft"]))]
    if command == "schema":
        return [command] + (["--json"] if draw(st.booleans()) else [])
    if command in ("fight", "dm-battle"):
        args += [draw(st.sampled_from(IDS)), draw(st.sampled_from(IDS))]
    if command == "clash":
        args += [draw(st.sampled_from(["Alice", "Bob", "Carol"]))]
    if draw(st.booleans()):
        args.append("--json")
    if command in ("attack", "check-attack", "block", "check-block", "damage", "check-damage",
                   "draw", "choose-attack", "choose-block"):
        if draw(st.booleans()):
            args.append("--strict")
        if draw(st.booleans()):
            args += ["--time-limit", draw(TIME_LIMIT)]
    if command == "draw" and draw(st.booleans()):
        args += ["--plan", draw(st.sampled_from(["attack", "block", "damage", "choose-attack",
                                                 "choose-block", "nothing"]))]
    if command.startswith("choose-") and draw(st.booleans()):
        args += ["--lookahead", draw(st.sampled_from(["0", "1", "2", "x"]))]
    if command in ("attack", "block") and draw(st.booleans()):
        args += ["--all", "--limit", draw(st.sampled_from(["1", "5", "0", "-3", "many"]))]
    option = {"check-attack": draw(st.sampled_from(["--attackers", "--declaration"])),
              "check-block": "--blockers", "check-damage": "--assignment"}.get(command)
    if option and draw(st.booleans()):
        args += [option, draw(JSON_OPTION)]
    if command in ("damage", "check-damage") and draw(st.booleans()):
        args += ["--step", draw(st.sampled_from(["first-strike", "regular", "third"]))]
    if command == "damage" and draw(st.booleans()):
        args += ["--objective", draw(st.sampled_from(["max-kills", "min-losses", "most-fun"]))]
    return args


ERROR_LINE = re.compile(
    r"^redzone: error: ("
    r"line \d+: \S.*"                        # a batch row
    r"|[^\s][^ ]*( \(key\))?: \S.*"          # FIELD / FILE[:LINE[:COLUMN]] / --option: PROBLEM
    r"|(Invalid value|Missing argument|No such option|Got unexpected extra argument"
    r"|Option '--[a-z-]+' requires).*"       # click's usage errors name the option or argument
    r"|.*\B--[a-z][a-z-]*\b.*"                # any other message naming the option it is about
    r")$")


def _check(code: int, out: str, err: str, args: list[str]) -> None:
    assert code in (0, 2), (code, args, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, (args, err[-2000:])
    if code == 2:
        lines = [line for line in err.splitlines() if line.startswith("redzone: error:")]
        for row in out.splitlines():  # --json: batch rows (and single files) as JSON objects
            if row.startswith('{"where"'):
                error = json.loads(row)
                if "error" in error:
                    message = error["error"]["message"] if isinstance(error["error"], dict) else error["error"]
                    lines.append(f"redzone: error: {message}")
        assert lines, (args, err[-500:], out[-500:])
        for line in lines:
            assert ERROR_LINE.match(line), (args, line)
            assert len(line) < 1200, (args, line[:300])


def _fuzzer(redzone_main: Any, directory: Path, examples: int, tally: dict[int, int]) -> Any:
    """A hypothesis test running ``examples`` command lines on mutated scenario files;
    ``tally`` counts the exit statuses seen."""

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=scenario_text(), args=command_line())
    def run(case: tuple[str, str], args: list[str]) -> None:
        suffix, text = case
        path = directory / f"fuzz{suffix}"
        path.write_text(text, encoding="utf-8")
        argv = [str(path) if a == "SCENARIO" else a for a in args]
        code, out, err = redzone_main(*argv)
        tally[code] = tally.get(code, 0) + 1
        _check(code, out, err, argv)

    return run


def test_fuzz_every_command(redzone_main: Any, tmp_path: Path) -> None:
    """500 random command lines: no traceback, no exit 1, one-line errors naming where."""
    tally: dict[int, int] = {}
    _fuzzer(redzone_main, tmp_path, 500, tally)()
    assert sum(tally.values()) >= 500 and set(tally) <= {0, 2}
    assert tally.get(0, 0) >= 50 and tally.get(2, 0) >= 50  # both answers and errors exercised


@pytest.mark.slow
def test_fuzz_every_command_long(redzone_main: Any, tmp_path: Path,
                                 request: pytest.FixtureRequest) -> None:
    """The same with 5,000 command lines; runs only under ``pytest -m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("long property run: select it with -m slow")
    tally: dict[int, int] = {}
    _fuzzer(redzone_main, tmp_path, 5000, tally)()
    assert sum(tally.values()) >= 5000 and set(tally) <= {0, 2}


def test_the_examples_pass_the_same_checks(redzone_main: Any) -> None:
    """The fuzz checks on the real examples (each command that reads them): status 0."""
    for example in sorted(EXAMPLES.glob("*.yaml"))[:6]:
        for command in ("attack", "block", "damage"):
            code, out, err = redzone_main(command, str(example), "--json")
            _check(code, out, err, [command, str(example)])
