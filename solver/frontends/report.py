"""``redzone report``: statistics and plots of a batch's results.

Reads the ``--json`` output of a batch (one JSON object per line, as written by
``redzone <command> rows.jsonl --json``: each row's ``where``, the command's JSON object and
the ``batch`` object with its time and board size, or an ``error`` object) and makes:

- statistics (numpy): rows, answers, errors by kind, statuses, legal / illegal counts, time
  per row (p50, p95, p99, max, mean, in milliseconds) overall and by board size, requirement
  shortfalls of check results, damage dealt to players and creatures destroyed per combat,
  attacking creatures per declaration, lethal attacks found (AI results with ``lethal``);
- PNG plots (matplotlib), each with titled axes and units, for the parts the results have;
- ``report.html``: one self-contained page (the plots embedded as data URIs) with the
  statistics.

Public API: :func:`load_results` (path -> :class:`Results`), :func:`statistics`
(:class:`Results` -> dict), :func:`build_report` (:class:`Results`, folder ->
:class:`Report`). Needs matplotlib (``pip install 'redzone[report]'``); raises
:class:`redzone.models.errors.RedzoneError` without it or for unreadable input.
"""

from __future__ import annotations

import base64
import html
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Board-size bins (permanents in the scenario) for time per row.
SIZE_BINS: tuple[int, ...] = (0, 5, 10, 20, 40, 80, 160, 320, 10**9)


@dataclass
class Results:
    """The columns of a batch's results that the report uses, one entry per row.

    ``ms`` / ``permanents``: the row's time (milliseconds) and board size (``nan`` when the
    row does not have them); ``outcome``: ``"answer"``, ``"bad_input"``, ``"internal"``;
    ``status`` and ``legal`` (``None`` when the answer has none); ``shortfall``: for check
    results, the maximum number of requirements obeyable minus the number obeyed;
    ``player_damage`` / ``destroyed``: for damage play-outs, damage dealt to players and
    creatures destroyed; ``attackers``: attacking creatures in an attack declaration;
    ``lethal``: AI results with a ``lethal`` key.
    """

    ms: list[float] = field(default_factory=list)
    permanents: list[float] = field(default_factory=list)
    outcome: list[str] = field(default_factory=list)
    status: list[str | None] = field(default_factory=list)
    legal: list[bool | None] = field(default_factory=list)
    shortfall: list[int] = field(default_factory=list)
    player_damage: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)
    attackers: list[int] = field(default_factory=list)
    lethal: list[bool] = field(default_factory=list)
    unreadable: int = 0

    def add(self, row: dict[str, Any]) -> None:
        """Take the columns of one result row."""
        from redzone.solver.frontends.batch import answer_status

        given = row.get("batch")
        batch = given if isinstance(given, dict) else {}
        ms, perms = batch.get("ms"), batch.get("permanents")
        self.ms.append(float(ms) if isinstance(ms, (int, float)) else float("nan"))
        self.permanents.append(float(perms) if isinstance(perms, (int, float)) else float("nan"))
        error = row.get("error")
        if error is not None:
            kind = error.get("kind") if isinstance(error, dict) else "bad_input"
            self.outcome.append("internal" if kind == "internal" else "bad_input")
            self.status.append(None)
            self.legal.append(None)
            return
        self.outcome.append("answer")
        self.status.append(answer_status(row))
        legal = row.get("legal")
        self.legal.append(legal if isinstance(legal, bool) else None)
        req = row.get("requirements")
        if "violations" in row and isinstance(req, dict) and isinstance(req.get("maximum"), int) \
                and isinstance(req.get("obeyed"), int):
            self.shortfall.append(max(0, req["maximum"] - req["obeyed"]))
        if isinstance(row.get("steps"), list) and isinstance(row.get("outcome"), dict):
            players = set((row["outcome"].get("life") or {}).keys())
            self.player_damage.append(sum(
                int(d.get("amount", 0)) for step in row["steps"] for d in step.get("dealt", [])
                if d.get("recipient") in players))
            self.destroyed.append(len(row["outcome"].get("destroyed") or []))
        if isinstance(row.get("attackers"), dict):
            self.attackers.append(len(row["attackers"]))
        if isinstance(row.get("lethal"), bool):
            self.lethal.append(row["lethal"])

    @property
    def rows(self) -> int:
        """Number of rows read."""
        return len(self.outcome)


def load_results(path: str) -> Results:
    """Read a batch's ``--json`` output (``-``: standard input), one row at a time.
    Lines that are not JSON objects are counted in ``unreadable``. Raises RedzoneError if the
    file can't be read."""
    from redzone.models.errors import RedzoneError

    results = Results()
    try:
        handle = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise RedzoneError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        for line in handle:
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                results.unreadable += 1
                continue
            if isinstance(row, dict):
                results.add(row)
            else:
                results.unreadable += 1
    except UnicodeDecodeError:
        raise RedzoneError(f"{path}: not UTF-8 text") from None
    finally:
        if handle is not sys.stdin:
            handle.close()
    if not results.rows:
        raise RedzoneError(f"{path}: no result rows (expected the --json output of a batch)")
    return results


def _describe(values: Any) -> dict[str, float | int | None]:
    import numpy as np

    v = np.asarray(values, dtype=np.float64)
    v = v[~np.isnan(v)]
    if v.size == 0:
        return {"n": 0, "mean": None, "p50": None, "p95": None, "p99": None, "max": None}
    p50, p95, p99 = np.percentile(v, [50, 95, 99])
    return {"n": int(v.size), "mean": round(float(v.mean()), 3), "p50": round(float(p50), 3),
            "p95": round(float(p95), 3), "p99": round(float(p99), 3), "max": round(float(v.max()), 3)}


def _counts(values: Any) -> dict[str, int]:
    import numpy as np

    if len(values) == 0:
        return {}
    keys, counts = np.unique(np.asarray(values), return_counts=True)
    order = np.argsort(-counts, kind="stable")
    return {str(keys[i]): int(counts[i]) for i in order}


def statistics(results: Results) -> dict[str, Any]:
    """The report's numbers as a JSON object: ``rows``, ``answered``, ``bad_input``,
    ``internal``, ``unreadable_lines``, ``statuses``, ``legal``, ``illegal``,
    ``time_per_row_ms`` (n, mean, p50, p95, p99, max), ``time_by_size`` (one entry per board
    size bin: ``permanents`` range, ``rows``, ``p50_ms``, ``p95_ms``), and when the results
    have them ``shortfall``, ``player_damage``, ``destroyed``, ``attackers`` (each described
    like the time, plus ``histogram``: value -> rows) and ``lethal`` (found / not found)."""
    import numpy as np

    outcome = np.asarray(results.outcome)
    stats: dict[str, Any] = {
        "rows": results.rows,
        "answered": int((outcome == "answer").sum()),
        "bad_input": int((outcome == "bad_input").sum()),
        "internal": int((outcome == "internal").sum()),
        "unreadable_lines": results.unreadable,
        "statuses": _counts([s for s in results.status if s is not None]),
        "legal": sum(1 for x in results.legal if x is True),
        "illegal": sum(1 for x in results.legal if x is False),
        "time_per_row_ms": _describe(results.ms),
    }
    ms = np.asarray(results.ms, dtype=np.float64)
    perms = np.asarray(results.permanents, dtype=np.float64)
    by_size = []
    for lo, hi in zip(SIZE_BINS, SIZE_BINS[1:]):
        mask = (perms >= lo) & (perms < hi) & ~np.isnan(ms)
        if mask.any():
            p50, p95 = np.percentile(ms[mask], [50, 95])
            label = f"{lo}-{hi - 1}" if hi < 10**9 else f"{lo}+"
            by_size.append({"permanents": label, "rows": int(mask.sum()), "p50_ms": round(float(p50), 3),
                            "p95_ms": round(float(p95), 3)})
    stats["time_by_size"] = by_size
    for name in ("shortfall", "player_damage", "destroyed", "attackers"):
        values = getattr(results, name)
        if values:
            keys, counts = np.unique(np.asarray(values), return_counts=True)
            stats[name] = {**_describe(values), "histogram": {str(int(k)): int(c) for k, c in zip(keys, counts)}}
    if results.lethal:
        found = sum(results.lethal)
        stats["lethal"] = {"found": found, "not_found": len(results.lethal) - found}
    return stats


@dataclass
class Report:
    """What :func:`build_report` made: ``statistics`` (see :func:`statistics`), ``files``
    (the PNG plots and ``report.html``, in that order) and ``folder``."""

    statistics: dict[str, Any]
    files: list[Path]
    folder: Path

    def render(self, console: Any) -> None:
        """Print the main figures and the files written."""
        s = self.statistics
        t = s["time_per_row_ms"]
        console.print(f"[bold]{s['rows']} rows[/bold]: {s['answered']} answered, {s['bad_input']} bad input, "
                      f"{s['internal']} internal errors")
        if s["statuses"]:
            console.print("statuses: " + ", ".join(f"{k} {v}" for k, v in s["statuses"].items()))
        if s["legal"] or s["illegal"]:
            console.print(f"legal {s['legal']}, illegal {s['illegal']}")
        if t["n"]:
            console.print(f"time per row: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, max {t['max']:.2f} ms")
        for path in self.files:
            console.print(f"wrote {path}")


def _matplotlib() -> Any:
    from redzone.models.errors import RedzoneError

    try:
        import matplotlib
    except ImportError:
        raise RedzoneError("redzone report needs matplotlib: pip install 'redzone[report]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _plot_time(plt: Any, results: Results, path: Path) -> bool:
    import numpy as np

    ms = np.asarray(results.ms, dtype=np.float64)
    perms = np.asarray(results.permanents, dtype=np.float64)
    ok = ~np.isnan(ms) & ~np.isnan(perms) & (ms > 0)
    if not ok.any():
        return False
    fig, ax = plt.subplots(figsize=(7.5, 4.5), dpi=110)
    rng = np.random.default_rng(0)
    jitter = rng.uniform(-0.3, 0.3, size=int(ok.sum()))
    ax.scatter(perms[ok] + jitter, ms[ok], s=6, alpha=0.35, color="#0072B2", linewidths=0, label="one row")
    sizes = np.unique(perms[ok])
    medians = [float(np.median(ms[ok][perms[ok] == s])) for s in sizes]
    ax.plot(sizes, medians, color="#D55E00", linewidth=2, label="median at each size")
    ax.set_yscale("log")
    ax.set_xlabel("board size (permanents in the scenario)")
    ax.set_ylabel("time per row (ms, log scale)")
    ax.set_title("Time per row against board size")
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _plot_status(plt: Any, stats: dict[str, Any], path: Path) -> bool:
    labels: list[str] = []
    values: list[int] = []
    colors: list[str] = []
    for status, n in stats["statuses"].items():
        labels.append(f"answer: {status}")
        values.append(n)
        colors.append("#009E73" if status in ("optimal", "complete") else "#E69F00")
    for key, label in (("bad_input", "error: bad input"), ("internal", "error: internal")):
        if stats[key]:
            labels.append(label)
            values.append(stats[key])
            colors.append("#CC79A7" if key == "bad_input" else "#D55E00")
    if not values:
        return False
    total = stats["rows"]
    shares = [100.0 * v / total for v in values]
    fig, ax = plt.subplots(figsize=(7.5, 0.6 * len(values) + 1.6), dpi=110)
    bars = ax.barh(labels, shares, color=colors)
    for bar, v, share in zip(bars, values, shares):
        ax.text(bar.get_width() + 1, bar.get_y() + bar.get_height() / 2, f"{share:.1f} % ({v:,} rows)",
                va="center", fontsize=9)
    ax.set_xlim(0, 125)
    ax.set_xlabel("share of rows (%)")
    ax.set_ylabel("row outcome")
    ax.invert_yaxis()
    ax.set_title(f"Status shares ({total:,} rows)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _plot_histogram(plt: Any, values: list[int], path: Path, *, title: str, xlabel: str, ylabel: str,
                    color: str) -> bool:
    import numpy as np

    if not values:
        return False
    v = np.asarray(values)
    keys, counts = np.unique(v, return_counts=True)
    fig, ax = plt.subplots(figsize=(7.5, 4.0), dpi=110)
    ax.bar(keys, counts, width=0.8, color=color)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if keys.size <= 30:
        ax.set_xticks(keys)
    ax.grid(True, axis="y", alpha=0.25)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _plot_damage(plt: Any, results: Results, path: Path) -> bool:
    import numpy as np

    if not results.player_damage:
        return False
    fig, (left, right) = plt.subplots(1, 2, figsize=(9.5, 4.0), dpi=110)
    for ax, values, color, xlabel, title in (
            (left, results.player_damage, "#D55E00", "damage dealt to players (life points)",
             "Damage to players per combat"),
            (right, results.destroyed, "#0072B2", "creatures and planeswalkers destroyed (count)",
             "Permanents destroyed per combat")):
        keys, counts = np.unique(np.asarray(values), return_counts=True)
        ax.bar(keys, counts, width=0.8, color=color)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("combats (rows)")
        ax.set_title(title)
        ax.grid(True, axis="y", alpha=0.25)
    fig.suptitle("Combat damage outcomes")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _plot_lethal(plt: Any, stats: dict[str, Any], path: Path) -> bool:
    lethal = stats.get("lethal")
    if not lethal:
        return False
    fig, ax = plt.subplots(figsize=(6, 2.6), dpi=110)
    total = lethal["found"] + lethal["not_found"]
    shares = [100.0 * lethal["found"] / total, 100.0 * lethal["not_found"] / total]
    ax.barh(["lethal attack found", "no lethal attack"], shares, color=["#009E73", "#999999"])
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of AI results (%)")
    ax.set_ylabel("AI choice")
    ax.set_title(f"Lethal attacks found ({total:,} results)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def build_report(results: Results, folder: str | Path, *, source: str = "") -> Report:
    """Write the plots and ``report.html`` into ``folder`` (created if needed). ``source``
    names the results file in the page. Returns the :class:`Report`. Raises RedzoneError if
    matplotlib is missing or the folder can't be written."""
    from redzone.models.errors import RedzoneError

    plt = _matplotlib()
    stats = statistics(results)
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RedzoneError(f"--out {folder}: cannot create ({exc.strerror or exc})") from None
    plots: list[tuple[Path, str]] = []

    def keep(made: bool, name: str, caption: str) -> None:
        if made:
            plots.append((folder / name, caption))

    keep(_plot_time(plt, results, folder / "time_vs_size.png"), "time_vs_size.png",
         "Time per row against board size: each dot is one row; the line is the median at each size.")
    keep(_plot_status(plt, stats, folder / "status.png"), "status.png",
         "How the rows ended: answers by status, and error rows by kind.")
    keep(_plot_histogram(plt, results.shortfall, folder / "shortfall.png",
                         title="Requirement shortfall of checked declarations",
                         xlabel="requirements short of the maximum obeyable (count, CR 508.1d / 509.1c)",
                         ylabel="check results (rows)", color="#CC79A7"),
         "shortfall.png", "Check results: how many requirements each checked declaration fell short of "
                          "the maximum (0: it obeys as many as possible).")
    keep(_plot_damage(plt, results, folder / "damage.png"), "damage.png",
         "Damage play-outs: damage dealt to players, and permanents destroyed, per combat.")
    keep(_plot_histogram(plt, results.attackers, folder / "attackers.png",
                         title="Attacking creatures per declaration",
                         xlabel="attacking creatures in the declaration (count)",
                         ylabel="declarations (rows)", color="#56B4E9"),
         "attackers.png", "Attack declarations: how many creatures each one sends.")
    keep(_plot_lethal(plt, stats, folder / "lethal.png"), "lethal.png",
         "AI attacks: the share of results that found a lethal attack.")
    page = folder / "report.html"
    page.write_text(_html(stats, plots, source), encoding="utf-8")
    return Report(stats, [p for p, _ in plots] + [page], folder)


def _html(stats: dict[str, Any], plots: list[tuple[Path, str]], source: str) -> str:
    def row(key: str, value: Any) -> str:
        return f"<tr><th>{html.escape(key)}</th><td>{html.escape(str(value))}</td></tr>"

    t = stats["time_per_row_ms"]
    rows = [row("rows", f"{stats['rows']:,}"), row("answered", f"{stats['answered']:,}"),
            row("bad input", f"{stats['bad_input']:,}"), row("internal errors", f"{stats['internal']:,}")]
    rows += [row(f"status {k}", f"{v:,}") for k, v in stats["statuses"].items()]
    if stats["legal"] or stats["illegal"]:
        rows += [row("legal", f"{stats['legal']:,}"), row("illegal", f"{stats['illegal']:,}")]
    if t["n"]:
        rows += [row(f"time per row, {k}", f"{t[k]:.2f} ms") for k in ("p50", "p95", "p99", "max", "mean")]
    if stats["unreadable_lines"]:
        rows.append(row("lines that were not result rows", stats["unreadable_lines"]))
    size_rows = "".join(
        f"<tr><td>{html.escape(b['permanents'])}</td><td>{b['rows']:,}</td><td>{b['p50_ms']:.2f}</td>"
        f"<td>{b['p95_ms']:.2f}</td></tr>" for b in stats["time_by_size"])
    figures = []
    for path, caption in plots:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        figures.append(f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{html.escape(caption)}</figcaption></figure>")
    title = f"redzone batch report{': ' + source if source else ''}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; margin: 1rem 0; }}
th, td {{ padding: .25rem .75rem; border-bottom: 1px solid #ddd; text-align: left; }}
td {{ font-variant-numeric: tabular-nums; }}
figure {{ margin: 2rem 0; }} img {{ max-width: 100%; }} figcaption {{ color: #555; font-size: .9rem; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<h2>Summary</h2>
<table>{''.join(rows)}</table>
<h2>Time per row by board size</h2>
<table><tr><th>permanents</th><th>rows</th><th>p50 (ms)</th><th>p95 (ms)</th></tr>{size_rows}</table>
<h2>Plots</h2>
{''.join(figures)}
</body></html>
"""
