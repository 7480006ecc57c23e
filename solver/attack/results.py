"""Result types of the attack-declaration solver (CR 508.1).

Plain dataclasses (no ortools) returned by :mod:`redzone.solver.attack.solve`. Each has ``to_json()``
giving the keys fixed by the command-line contract (``docs/scenario-format.md``) plus a few
extra ones.

``status`` is the solver's honest verdict about the maximum number of requirements M
(CR 508.1d): ``"optimal"`` only when it was proved (by CP-SAT, or trivially, e.g. with no
requirements), ``"feasible"`` when a declaration was found but the proof did not finish
within the time limit, ``"infeasible"`` when no declaration exists at all (impossible for a
well-formed problem: the empty declaration is always available).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from redzone.models.attack_problem import Violation

Status = Literal["optimal", "feasible", "infeasible"]

UNPROVED_REASON = "the maximum was not proved within the time limit"
"""Why a verdict is ``legal: None`` (unknown): it rests on the maximum number of
requirements M (CR 508.1d, 509.1c), and the time limit cut the proof of M."""


def listing_status(complete: bool) -> Status:
    """The status of a listing (``attack --all``, ``block --all``): ``optimal`` only when it
    is proved complete (every legal declaration, CR 508.1, 509.1); a list cut short, or
    resting on a maximum M not proved (508.1d, 509.1c), is ``feasible``."""
    return "optimal" if complete else "feasible"


def violations_from_json(items: Any) -> list[Violation]:
    """:class:`Violation` objects from a result's ``violations`` list
    (``[{"kind", "source", "message"}, ...]``). Raises KeyError/TypeError for anything else."""
    return [Violation(kind=v["kind"], source=v["source"], message=v["message"]) for v in items]


@dataclass(frozen=True)
class AttackPlan:
    """A declaration of attackers found by :func:`redzone.solver.attack.solve.plan_attack` (CR 508.1).

    - ``legal``: True when the declaration is proved legal: it breaks no restriction
      (508.1c), pays nothing and obeys M requirements (508.1d). ``None`` (unknown) when M was
      not proved within the time limit: the declaration breaks no restriction and pays
      nothing, but a declaration obeying more requirements may exist; ``reason`` says so.
    - ``status``: ``"optimal"`` when the whole choice (requirements first, then the
      documented tie-break) was proved optimal; ``"feasible"`` otherwise.
    - ``attackers``: attacking creature id -> attack target id (player name or permanent id).
    - ``obeyed``: requirement instances the declaration obeys; ``maximum``: M (or the best
      known lower bound of M when not proved); ``maximum_proved``: whether M is proved.
    - ``mana_paid``: generic mana the declaration costs — always 0 (costs are never forced).
    - ``build_ms`` / ``solve_ms``: wall-clock milliseconds spent building / solving the model.
    - ``reason``: why ``legal`` is ``None`` (:data:`UNPROVED_REASON`), else ``None``.
    """

    legal: bool | None
    status: Status
    attackers: dict[str, str]
    obeyed: int
    maximum: int
    mana_paid: int
    build_ms: float
    solve_ms: float
    maximum_proved: bool = True
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON object: ``legal``, ``status``, ``reason``, ``attackers``,
        ``requirements`` (``obeyed``, ``maximum``), ``mana_paid``, plus timings."""
        return {
            "legal": self.legal,
            "status": self.status,
            "reason": self.reason,
            "attackers": dict(self.attackers),
            "requirements": {"obeyed": self.obeyed, "maximum": self.maximum,
                             "maximum_proved": self.maximum_proved},
            "mana_paid": self.mana_paid,
            "build_ms": round(self.build_ms, 3),
            "solve_ms": round(self.solve_ms, 3),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AttackPlan:
        """The plan of an ``attack`` JSON object (:meth:`to_json`, a batch row, a protocol
        result); other keys (``unable``, ``unparsed``, ``where``) are ignored. Timings are
        the JSON's (rounded to 0.001 ms). Raises KeyError/TypeError for another object."""
        req = data["requirements"]
        return cls(legal=data["legal"], status=data["status"], attackers=dict(data["attackers"]),
                   obeyed=req["obeyed"], maximum=req["maximum"], mana_paid=data["mana_paid"],
                   build_ms=data.get("build_ms", 0.0), solve_ms=data.get("solve_ms", 0.0),
                   maximum_proved=req.get("maximum_proved", True), reason=data.get("reason"))


@dataclass(frozen=True)
class AttackCheck:
    """Verdict of :func:`redzone.solver.attack.solve.check_attack` on a proposed declaration (CR 508.1).

    - ``legal``: True when proved legal; False when a violation is proved (restriction
      508.1c, availability 508.1a, unknown ids, cost above the mana available 508.1h-j, fewer
      requirements obeyed than a declaration found obeys 508.1d); ``None`` (unknown) when the
      only open question is whether more requirements could be obeyed and M was not proved
      within the time limit (``reason`` says so).
    - ``violations``: every reason it is illegal (:class:`redzone.models.attack_problem.Violation`).
    - ``obeyed``: requirement instances the proposal obeys; ``maximum``: M.
    - ``mana_paid``: the generic mana the proposal costs (508.1h), whether or not affordable.
    - ``witness``: a declaration proved legal (the plan of :func:`plan_attack`) when the
      proposal is illegal; ``None`` when it is legal, or when M was not proved (no
      declaration is then known to be legal).
    - ``status`` / ``maximum_proved``: whether M is proved (see the module docstring).
    - ``reason``: why ``legal`` is ``None`` (:data:`UNPROVED_REASON`), else ``None``.
    """

    legal: bool | None
    violations: list[Violation]
    obeyed: int
    maximum: int
    mana_paid: int
    witness: dict[str, str] | None
    status: Status
    maximum_proved: bool = True
    build_ms: float = 0.0
    solve_ms: float = 0.0
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON object: ``legal``, ``reason``, ``requirements``, ``violations``,
        ``witness``."""
        return {
            "legal": self.legal,
            "status": self.status,
            "reason": self.reason,
            "requirements": {"obeyed": self.obeyed, "maximum": self.maximum,
                             "maximum_proved": self.maximum_proved},
            "violations": [{"kind": v.kind, "source": v.source, "message": v.message}
                           for v in self.violations],
            "witness": None if self.witness is None else dict(self.witness),
            "mana_paid": self.mana_paid,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AttackCheck:
        """The verdict of a ``check-attack`` JSON object (other keys, e.g. ``declaration``,
        are ignored; timings are not in it and read 0). Raises KeyError/TypeError for
        another object."""
        req = data["requirements"]
        witness = data.get("witness")
        return cls(legal=data["legal"], violations=violations_from_json(data["violations"]),
                   obeyed=req["obeyed"], maximum=req["maximum"], mana_paid=data["mana_paid"],
                   witness=None if witness is None else dict(witness), status=data["status"],
                   maximum_proved=req.get("maximum_proved", True), reason=data.get("reason"))


@dataclass(frozen=True)
class AttackEnumeration:
    """Every legal declaration, from :func:`redzone.solver.attack.solve.enumerate_attacks` (CR 508.1).

    - ``declarations``: attacking creature id -> target id maps, sorted by number of attackers,
      then by the (creature position, target position) pairs in ``problem`` order.
    - ``count``: ``len(declarations)``.
    - ``complete``: False when the limit or the time limit cut the enumeration, or M was not
      proved (then the list may also hold declarations obeying fewer than the true M).
    - ``maximum``: the M used; ``maximum_proved``: whether M is proved (when not, a
      declaration listed may obey fewer requirements than a legal one must).
    - ``status``: the listing's, as ``complete`` says it: ``"optimal"`` when it is complete
      (proved to be every legal declaration), ``"feasible"`` when it was cut short or M was
      not proved — never ``"optimal"`` for a partial list.
    """

    declarations: list[dict[str, str]]
    count: int
    complete: bool
    maximum: int = 0
    status: Status = "optimal"
    build_ms: float = 0.0
    solve_ms: float = 0.0
    maximum_proved: bool = True

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON object: ``declarations`` (list of ``attackers`` maps), ``count``,
        ``complete``, ``status``, ``requirements`` (``maximum``, ``maximum_proved``)."""
        return {
            "declarations": [dict(d) for d in self.declarations],
            "count": self.count,
            "complete": self.complete,
            "status": self.status,
            "requirements": {"maximum": self.maximum, "maximum_proved": self.maximum_proved},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AttackEnumeration:
        """The listing of an ``attack --all`` JSON object (timings read 0). Raises
        KeyError/TypeError for another object."""
        req = data["requirements"]
        return cls(declarations=[dict(d) for d in data["declarations"]], count=data["count"],
                   complete=data["complete"], maximum=req["maximum"], status=data["status"],
                   maximum_proved=req.get("maximum_proved", data["complete"]))
