"""The conformance suite (issue 21 §3): tests of a public engine (XMage, magefree/mage),
restated as data in tests/conformance/cases/, each run through the same job functions as the
CLI and compared with the facts the source test asserts. One test id per case; a case that
fails today only because redzone does not yet play a combat triggered ability carries
``xfail: "issue 21: <trigger>"`` and is a strict xfail (a case that starts passing fails the
run, so its mark gets removed). See tests/conformance/README.md."""
from __future__ import annotations

from pathlib import Path

import pytest

from conformance.runner import Case, CaseFormatError, load_cases, load_file, run_case

CASES = load_cases()


def _param(case: Case) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_case(case: Case) -> None:
    """The facts of the source test hold in redzone's answer (the case's ``rule`` cites the CR)."""
    problems = run_case(case)
    assert not problems, f"{case.id} ({case.rule}):\n  " + "\n  ".join(problems)


def test_case_ids_are_unique_and_every_case_names_its_source() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
    assert len(CASES) >= 100
    for case in CASES:
        assert case.source["repository"] == "magefree/mage"
        assert len(case.source["commit"]) == 40


def test_a_wrong_fact_is_caught(tmp_path: Path) -> None:
    """The comparison bites: Grizzly Bears unblocked deals 2 (CR 510.1a), so a case expecting
    Bob at 19 fails, and one expecting 18 passes."""
    text = """
source: {repository: magefree/mage, path: x.java, commit: %s}
cases:
  - method: planted
    rule: "CR 510.1a: an unblocked creature assigns its damage to the player it attacks"
    scenario:
      players: [{name: A}, {name: B}]
      permanents: [{id: bears, card: Grizzly Bears, controller: A}]
      combat: {attackers: {bears: B}}
    command: damage
    expect: {life: {B: %d}, destroyed: []}
"""
    path = tmp_path / "planted.yaml"
    path.write_text(text % ("0" * 40, 19), encoding="utf-8")
    (case,) = load_file(path)
    assert run_case(case) == ["damage: life[B]: expected 19, got 18"]
    path.write_text(text % ("0" * 40, 18), encoding="utf-8")
    (case,) = load_file(path)
    assert run_case(case) == []


def test_a_malformed_case_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("source: {repository: r, path: p, commit: c}\ncases:\n  - method: m\n"
                    "    rule: no rule number\n    scenario: {}\n    command: damage\n"
                    "    expect: {life: {}}\n", encoding="utf-8")
    with pytest.raises(CaseFormatError, match="rule"):
        load_file(path)
