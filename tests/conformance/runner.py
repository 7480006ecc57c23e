"""Runs the conformance cases of tests/conformance/cases/ through redzone, in process.

Each case file (YAML) restates the tests of one source test class as data: a board, the
redzone command that answers the same question, and the facts the source test asserts
(life totals, poison, destroyed creatures, counters, legality). The case format is
described in tests/conformance/README.md.

A case runs through :func:`redzone.solver.frontends.commands.run_command`, the same job
functions the command line, batch work and ``redzone serve`` use, so a case checks the
answer a user of any front end gets.

Public API:

- :func:`load_cases` ``(directory) -> list[Case]``: every case of every ``*.yaml`` file,
  checked for shape (a malformed case file raises :class:`CaseFormatError`, naming the file
  and the field).
- :func:`run_case` ``(case) -> list[str]``: the mismatches between redzone's answers and the
  expected facts (``[]``: the case passes).
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

CASES = Path(__file__).resolve().parent / "cases"

#: Commands a case may run (options are given as in the JSON protocol, e.g. `declaration`).
COMMANDS = {"damage", "check-attack", "check-block", "check-damage", "attack", "block", "fight",
            "choose-block"}

#: Expected-fact keys per command family (documented in tests/conformance/README.md).
OUTCOME_KEYS = {"life", "poison", "destroyed", "destroyed_include", "destroyed_count", "survives",
                "counters", "loyalty", "damage", "lost"}
VERDICT_KEYS = {"legal", "violations"}
DECLARATION_KEYS = {"attackers", "blockers", "block_count"}
FIGHT_KEYS = {"fought"}

#: Time limit of every command of a case, in seconds (the boards are small; this only stops
#: a hang from stalling the suite).
TIME_LIMIT = 60.0


class CaseFormatError(ValueError):
    """A case file that does not follow the case format: ``"FILE: FIELD: PROBLEM"``."""


@dataclass(frozen=True)
class Check:
    """One command run on the case's board and the facts expected of its answer."""

    command: str
    options: dict[str, Any]
    expect: dict[str, Any]


@dataclass(frozen=True)
class Case:
    """One restated source test.

    ``id``: ``FILE-STEM::METHOD`` (a ``[n]`` suffix when one method gives several cases);
    ``source``: repository, path, commit, method; ``rule``: one line with the CR number;
    ``scenario``: a redzone scenario mapping; ``checks``: what to run and expect;
    ``xfail``: ``None`` or the reason the case is expected to fail today
    (``"issue 21: <trigger>"``).
    """

    id: str
    source: dict[str, str]
    rule: str
    scenario: dict[str, Any]
    checks: tuple[Check, ...]
    xfail: str | None = None
    notes: str = ""
    family: str = field(default="")


def _fail(where: str, message: str) -> CaseFormatError:
    return CaseFormatError(f"{where}: {message}")


def _check_of(raw: Any, where: str) -> Check:
    if not isinstance(raw, Mapping):
        raise _fail(where, "expected a mapping with command, options, expect")
    unknown = set(raw) - {"command", "options", "expect"}
    if unknown:
        raise _fail(where, f"unknown keys {sorted(unknown)}")
    command = raw.get("command")
    if command not in COMMANDS:
        raise _fail(f"{where}.command", f"expected one of {sorted(COMMANDS)} (got {command!r})")
    options = dict(raw.get("options") or {})
    expect = raw.get("expect")
    if not isinstance(expect, Mapping) or not expect:
        raise _fail(f"{where}.expect", "expected a non-empty mapping of facts")
    allowed = {
        "damage": OUTCOME_KEYS,
        "fight": OUTCOME_KEYS | FIGHT_KEYS,
        "check-attack": VERDICT_KEYS,
        "check-block": VERDICT_KEYS,
        "check-damage": VERDICT_KEYS,
        "attack": DECLARATION_KEYS | {"legal"},
        "block": DECLARATION_KEYS | {"legal"},
        "choose-block": DECLARATION_KEYS | OUTCOME_KEYS,
    }[command]
    bad = set(expect) - allowed
    if bad:
        raise _fail(f"{where}.expect", f"keys {sorted(bad)} don't apply to {command} "
                                       f"(allowed: {sorted(allowed)})")
    return Check(command=command, options=options, expect=dict(expect))


def load_file(path: Path) -> list[Case]:
    """The cases of one case file. Raises :class:`CaseFormatError`."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    where = path.name
    if not isinstance(data, Mapping) or not isinstance(data.get("cases"), list):
        raise _fail(where, "expected a mapping with source and cases (a list)")
    unknown = set(data) - {"source", "family", "cases"}
    if unknown:
        raise _fail(where, f"unknown top-level keys {sorted(unknown)}")
    source = data.get("source")
    if not isinstance(source, Mapping) or not {"repository", "path", "commit"} <= set(source):
        raise _fail(f"{where}: source", "needs repository, path and commit")
    family = str(data.get("family", ""))
    cases: list[Case] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(data["cases"]):
        at = f"{where}: cases[{i}]"
        if not isinstance(raw, Mapping):
            raise _fail(at, "expected a mapping")
        unknown = set(raw) - {"method", "rule", "scenario", "command", "options", "expect",
                              "checks", "xfail", "notes", "family"}
        if unknown:
            raise _fail(at, f"unknown keys {sorted(unknown)}")
        method = raw.get("method")
        rule = raw.get("rule")
        if not isinstance(method, str) or not method:
            raise _fail(f"{at}.method", "the source test method's name is required")
        if not isinstance(rule, str) or "CR" not in rule:
            raise _fail(f"{at}.rule", "one line citing the CR rule is required")
        if not isinstance(raw.get("scenario"), Mapping):
            raise _fail(f"{at}.scenario", "a scenario mapping is required")
        if "checks" in raw:
            if "command" in raw or "expect" in raw:
                raise _fail(at, "give either checks or command/expect, not both")
            if not isinstance(raw["checks"], list) or not raw["checks"]:
                raise _fail(f"{at}.checks", "expected a non-empty list")
            checks = tuple(_check_of(c, f"{at}.checks[{j}]") for j, c in enumerate(raw["checks"]))
        else:
            checks = (_check_of({k: raw[k] for k in ("command", "options", "expect") if k in raw},
                                at),)
        xfail = raw.get("xfail")
        if xfail is not None and (not isinstance(xfail, str)
                                  or not xfail.startswith(("issue 21: ", "redzone bug: "))):
            raise _fail(f"{at}.xfail", "expected 'issue 21: <trigger>' or 'redzone bug: <what>'")
        n = seen.get(method, 0)
        seen[method] = n + 1
        case_id = f"{path.stem}::{method}" + (f"[{n + 1}]" if n else "")
        cases.append(Case(id=case_id, source={**source, "method": method}, rule=rule,
                          scenario=dict(raw["scenario"]), checks=checks, xfail=xfail,
                          notes=str(raw.get("notes", "")),
                          family=str(raw.get("family", family))))
    return cases


def load_cases(directory: Path = CASES) -> list[Case]:
    """Every case of every ``*.yaml`` file under ``directory``, files in name order."""
    cases: list[Case] = []
    for path in sorted(directory.glob("*.yaml")):
        cases.extend(load_file(path))
    return cases


def _compare_outcome(outcome: Mapping[str, Any], expect: Mapping[str, Any],
                     before: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Mismatches of an ``outcome`` object (CR 120, 704 results) against the expected facts.
    ``before``: each permanent's counters in the scenario (the outcome lists only the
    permanents whose counters changed)."""
    bad: list[str] = []
    destroyed = set(outcome.get("destroyed", []))
    for key in ("life", "poison", "loyalty", "damage"):
        for who, value in (expect.get(key) or {}).items():
            got = outcome.get(key, {}).get(who, 0 if key in ("damage", "poison") else None)
            if got != value:
                bad.append(f"{key}[{who}]: expected {value}, got {got}")
    if "destroyed" in expect and destroyed != set(expect["destroyed"]):
        bad.append(f"destroyed: expected {sorted(expect['destroyed'])}, got {sorted(destroyed)}")
    for who in expect.get("destroyed_include", []):
        if who not in destroyed:
            bad.append(f"destroyed: expected {who} among {sorted(destroyed)}")
    for who in expect.get("survives", []):
        if who in destroyed:
            bad.append(f"survives: {who} was destroyed ({outcome.get('reasons', {}).get(who)})")
    for who, kinds in (expect.get("counters") or {}).items():
        for kind, n in kinds.items():
            now = outcome.get("counters", {}).get(who, before.get(who, {}))
            got = now.get(kind, 0)
            if got != n:
                bad.append(f"counters[{who}][{kind}]: expected {n}, got {got}")
    if "destroyed_count" in expect and len(destroyed) != expect["destroyed_count"]:
        bad.append(f"destroyed: expected {expect['destroyed_count']} permanents, got {sorted(destroyed)}")
    if "lost" in expect and set(outcome.get("lost", [])) != set(expect["lost"]):
        bad.append(f"lost: expected {sorted(expect['lost'])}, got {sorted(outcome.get('lost', []))}")
    return bad


def _compare(answer: Mapping[str, Any], check: Check,
             before: Mapping[str, Mapping[str, int]]) -> list[str]:
    expect = check.expect
    bad: list[str] = []
    if check.command in ("damage", "fight", "choose-block"):
        bad += _compare_outcome(answer.get("outcome", {}), expect, before)
        if "fought" in expect and answer.get("fought") != expect["fought"]:
            bad.append(f"fought: expected {expect['fought']}, got {answer.get('fought')}")
    if "legal" in expect and answer.get("legal") != expect["legal"]:
        reasons = [v.get("message") for v in answer.get("violations", [])]
        bad.append(f"legal: expected {expect['legal']}, got {answer.get('legal')} {reasons}")
    if "violations" in expect:
        kinds = [v.get("kind") for v in answer.get("violations", [])]
        for kind in expect["violations"]:
            if kind not in kinds:
                bad.append(f"violations: expected a {kind!r} violation, got {kinds}")
    if "block_count" in expect:
        got = len(answer.get("blockers") or {})
        if got != expect["block_count"]:
            bad.append(f"blockers: expected {expect['block_count']} blocking creatures, "
                       f"got {answer.get('blockers')}")
    for key in {"attackers", "blockers"} & set(expect):
        got = answer.get(key)
        want = expect[key]
        if key == "blockers" and isinstance(got, Mapping):
            got = {b: sorted(a) for b, a in got.items()}
            want = {b: sorted(a) for b, a in want.items()}
        if got != want:
            bad.append(f"{key}: expected {want}, got {got}")
    return bad


def run_case(case: Case) -> list[str]:
    """Run every check of ``case`` in process; the mismatches, one line each, prefixed with
    the command (``[]``: the case passes). Bad input (a scenario redzone refuses) is a
    mismatch too, with redzone's one-line message."""
    from redzone.models.errors import RedzoneError
    from redzone.models.scenario import parse_scenario
    from redzone.solver.frontends.commands import run_command

    problems: list[str] = []
    try:
        loaded = parse_scenario(copy.deepcopy(case.scenario))
    except RedzoneError as exc:
        return [f"scenario refused: {exc}"]
    before = {p.id: dict(p.counters) for p in loaded.permanents}
    for check in case.checks:
        options = {"time_limit": TIME_LIMIT, **check.options}
        if check.command == "fight":
            options.pop("time_limit")
        try:
            answer = run_command(check.command, copy.deepcopy(case.scenario), options).to_json()
        except RedzoneError as exc:
            problems.append(f"{check.command}: refused: {exc}")
            continue
        for line in _compare(answer, check, before):
            extra = ""
            if answer.get("unparsed"):
                extra = f" (unparsed: {answer['unparsed']})"
            problems.append(f"{check.command}: {line}{extra}")
    return problems
