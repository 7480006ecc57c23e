"""`redzone report`: statistics, plots and the self-contained HTML page of a batch's results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redzone.solver.frontends.report import Results, build_report, load_results, statistics

pytest.importorskip("matplotlib")


def _rows() -> list[dict]:
    rows: list[dict] = []
    # check-attack results: requirements obeyed against the maximum (CR 508.1d).
    for i, (obeyed, maximum) in enumerate([(2, 2), (0, 2), (1, 3), (1, 3)]):
        rows.append({"where": f"line {i + 1}", "legal": obeyed == maximum, "status": "optimal",
                     "requirements": {"obeyed": obeyed, "maximum": maximum}, "violations": [],
                     "batch": {"ms": float(i + 1), "permanents": 4 + i}})
    # attack plans: the declaration's attackers.
    rows.append({"where": "line 5", "legal": True, "status": "feasible", "attackers": {"a": "B", "b": "B"},
                 "requirements": {"obeyed": 1, "maximum": 1}, "batch": {"ms": 10.0, "permanents": 30}})
    # a damage play-out: 3 to Bob in the first-strike step, 2 in the regular one; two destroyed.
    rows.append({"where": "line 6", "status": "optimal", "steps": [
        {"step": "first-strike", "status": "optimal", "dealt": [{"recipient": "Bob", "amount": 3},
                                                                 {"recipient": "x", "amount": 2}]},
        {"step": "regular", "status": "optimal", "dealt": [{"recipient": "Bob", "amount": 2}]}],
        "outcome": {"life": {"Alice": 20, "Bob": 15}, "destroyed": ["x", "y"]},
        "batch": {"ms": 5.0, "permanents": 12}})
    rows.append({"where": "line 7", "error": {"kind": "bad_input", "message": "line 7: players: required"},
                 "batch": {"ms": 0.5, "permanents": None}})
    rows.append({"where": "line 8", "error": {"kind": "internal", "message": "line 8: KeyError"},
                 "batch": {"ms": 0.7, "permanents": None}})
    return rows


@pytest.fixture()
def results_file(tmp_path: Path) -> Path:
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in _rows()) + "\nnot json\n")
    return path


def test_statistics_from_rows(results_file: Path) -> None:
    results = load_results(str(results_file))
    stats = statistics(results)
    assert (stats["rows"], stats["answered"], stats["bad_input"], stats["internal"]) == (8, 6, 1, 1)
    assert stats["unreadable_lines"] == 1
    assert stats["statuses"] == {"optimal": 5, "feasible": 1}
    assert (stats["legal"], stats["illegal"]) == (2, 3)
    # Shortfalls of the four check results: 0, 2, 2, 2.
    assert stats["shortfall"]["histogram"] == {"0": 1, "2": 3}
    assert stats["player_damage"]["histogram"] == {"5": 1}  # 3 + 2 to Bob; 2 to a creature not counted
    assert stats["destroyed"]["histogram"] == {"2": 1}
    assert stats["attackers"]["histogram"] == {"2": 1}
    times = stats["time_per_row_ms"]
    assert times["n"] == 8 and times["max"] == 10.0 and times["p50"] == pytest.approx(2.5)
    assert [b["permanents"] for b in stats["time_by_size"]] == ["0-4", "5-9", "10-19", "20-39"]


def test_report_files_and_self_contained_page(results_file: Path, tmp_path: Path) -> None:
    made = build_report(load_results(str(results_file)), tmp_path / "out", source="results.jsonl")
    names = [p.name for p in made.files]
    assert names == ["time_vs_size.png", "status.png", "shortfall.png", "damage.png", "attackers.png", "report.html"]
    for path in made.files[:-1]:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (tmp_path / "out" / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 5
    assert "src=\"http" not in page and "<link" not in page  # nothing outside the page
    assert "internal errors" in page


def test_report_cli(results_file: Path, tmp_path: Path, redzone_main) -> None:
    code, out, _ = redzone_main("report", str(results_file), "--out", str(tmp_path / "r"), "--json")
    data = json.loads(out)
    assert code == 0 and data["rows"] == 8 and data["files"][-1].endswith("report.html")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    code, out, err = redzone_main("report", str(empty))
    assert code == 2 and "no result rows" in err


def test_empty_results_object() -> None:
    stats = statistics(Results())
    assert stats["rows"] == 0 and stats["time_per_row_ms"]["p50"] is None
