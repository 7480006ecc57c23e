"""Result types of the block-declaration solver (CR 509.1): :class:`BlockPlan`,
:class:`BlockCheck` and :class:`BlockEnumeration`, returned by :mod:`redzone.solver.block.solve`
(and importable from it).

Plain dataclasses (no ortools). Each has ``to_json()`` giving the keys fixed by the
command-line contract (``docs/scenario-format.md``) and ``from_json()`` reading them back.
``status`` is the solver's honest verdict about M, the most requirements a legal block
obeys (509.1c): ``"optimal"`` only when proved; several defending players (802.4) are
combined per player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redzone.models.attack_problem import Violation
from redzone.solver.attack.results import UNPROVED_REASON, Status, violations_from_json

__all__ = ["BlockCheck", "BlockEnumeration", "BlockPlan"]


def _plain(d: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    return {b: list(a) for b, a in d.items() if len(a) > 0}


@dataclass(frozen=True)
class BlockPlan:
    """A block declaration found by :func:`redzone.solver.block.solve.plan_block` / :func:`redzone.solver.block.solve.plan_blocks` (CR 509.1).

    - ``legal``: True when proved legal: it breaks no restriction (509.1b), pays nothing and
      obeys M requirements (509.1c). ``None`` (unknown) when M was not proved within the time
      limit (``maximum`` is then only the best value known); ``reason`` says so.
    - ``status``: ``"optimal"`` when M is proved (the declaration is then certainly legal);
      ``"feasible"`` when a time limit cut the proof.
    - ``blockers``: blocking creature id -> attacker ids it blocks (only creatures that block).
    - ``obeyed`` / ``maximum``: requirement instances obeyed / M (summed over defending
      players for a combined plan); ``maximum_proved``: whether M is proved.
    - ``mana_paid``: always 0 (costs are never forced, 509.1d).
    - ``players``: for a combined plan, defending player -> that player's own plan (802.4).
    - ``tie_break_proved``: whether the declaration is proved to be the documented
      tie-break's choice among the legal ones (see :func:`redzone.solver.block.solve.plan_block`).
    - ``build_ms`` / ``solve_ms``: wall-clock milliseconds building / solving.
    - ``reason``: why ``legal`` is ``None`` (:data:`redzone.solver.attack.results.UNPROVED_REASON`).
    """

    legal: bool | None
    status: Status
    blockers: dict[str, list[str]]
    obeyed: int
    maximum: int
    mana_paid: int
    build_ms: float
    solve_ms: float
    maximum_proved: bool = True
    players: dict[str, BlockPlan] = field(default_factory=dict)
    tie_break_proved: bool = True
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``legal``, ``status``, ``blockers``, ``requirements`` (``obeyed``, ``maximum``),
        ``mana_paid`` (the contract's keys), plus ``reason`` and timings."""
        return {
            "legal": self.legal,
            "status": self.status,
            "reason": self.reason,
            "blockers": _plain(self.blockers),
            "requirements": {"obeyed": self.obeyed, "maximum": self.maximum,
                             "maximum_proved": self.maximum_proved},
            "mana_paid": self.mana_paid,
            "tie_break_proved": self.tie_break_proved,
            "build_ms": round(self.build_ms, 3),
            "solve_ms": round(self.solve_ms, 3),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BlockPlan:
        """The plan of a ``block`` JSON object (:meth:`to_json`, a batch row, a protocol
        result). ``players`` comes from the command's ``defending_players`` (each player's
        ``blockers``, ``status`` and ``requirements``; their timings read 0); other keys are
        ignored. Raises KeyError/TypeError for another object."""
        req = data["requirements"]
        players: dict[str, BlockPlan] = {
            name: cls(legal=None if not p["requirements"].get("maximum_proved", True) else True,
                      status=p["status"], blockers=_plain(p["blockers"]),
                      obeyed=p["requirements"]["obeyed"], maximum=p["requirements"]["maximum"],
                      mana_paid=0, build_ms=0.0, solve_ms=0.0,
                      maximum_proved=p["requirements"].get("maximum_proved", True),
                      reason=None if p["requirements"].get("maximum_proved", True) else UNPROVED_REASON)
            for name, p in (data.get("defending_players") or {}).items()}
        return cls(legal=data["legal"], status=data["status"], blockers=_plain(data["blockers"]),
                   obeyed=req["obeyed"], maximum=req["maximum"], mana_paid=data["mana_paid"],
                   build_ms=data.get("build_ms", 0.0), solve_ms=data.get("solve_ms", 0.0),
                   maximum_proved=req.get("maximum_proved", True), players=players,
                   tie_break_proved=data.get("tie_break_proved", True), reason=data.get("reason"))


@dataclass(frozen=True)
class BlockCheck:
    """Verdict of :func:`redzone.solver.block.solve.check_block` / :func:`redzone.solver.block.solve.check_blocks` on a proposed declaration.

    - ``legal``: True when proved legal; False when a violation is proved — availability or
      restriction (509.1a-b, unknown ids), total cost above the mana (509.1d-f), fewer
      requirements obeyed than a block found obeys (509.1c); ``None`` (unknown) when M was not
      proved within the time limit and nothing else is wrong (``reason`` says so).
    - ``violations``: every reason it is illegal (:class:`redzone.models.attack_problem.Violation`).
    - ``obeyed`` / ``maximum``: requirement instances the proposal obeys / M.
    - ``mana_paid``: the generic mana the proposal costs, whether or not affordable.
    - ``witness``: a declaration proved legal when the proposal is illegal; ``None`` when it
      is legal, or when M was not proved (no block is then known to be legal).
    - ``status`` / ``maximum_proved``: whether M is proved.
    - ``reason``: why ``legal`` is ``None`` (:data:`redzone.solver.attack.results.UNPROVED_REASON`).
    """

    legal: bool | None
    violations: list[Violation]
    obeyed: int
    maximum: int
    mana_paid: int
    witness: dict[str, list[str]] | None
    status: Status
    maximum_proved: bool = True
    build_ms: float = 0.0
    solve_ms: float = 0.0
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``legal``, ``requirements``, ``violations``, ``witness`` (the contract's keys),
        plus ``reason``."""
        return {
            "legal": self.legal,
            "status": self.status,
            "reason": self.reason,
            "requirements": {"obeyed": self.obeyed, "maximum": self.maximum,
                             "maximum_proved": self.maximum_proved},
            "violations": [{"kind": v.kind, "source": v.source, "message": v.message}
                           for v in self.violations],
            "witness": None if self.witness is None else _plain(self.witness),
            "mana_paid": self.mana_paid,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BlockCheck:
        """The verdict of a ``check-block`` JSON object (other keys, e.g. ``blockers``, are
        ignored; timings read 0). Raises KeyError/TypeError for another object."""
        req = data["requirements"]
        witness = data.get("witness")
        return cls(legal=data["legal"], violations=violations_from_json(data["violations"]),
                   obeyed=req["obeyed"], maximum=req["maximum"], mana_paid=data["mana_paid"],
                   witness=None if witness is None else _plain(witness), status=data["status"],
                   maximum_proved=req.get("maximum_proved", True), reason=data.get("reason"))


@dataclass(frozen=True)
class BlockEnumeration:
    """Every legal block declaration, from :func:`redzone.solver.block.solve.enumerate_blocks` (CR 509.1).

    - ``declarations``: blocker -> attacker ids maps, sorted by number of (blocker, attacker)
      pairs, then by the sorted (blocker position, attacker position) pairs.
    - ``count``: ``len(declarations)``; ``complete``: False when the limit or the time limit
      cut the enumeration, or M was not proved.
    - ``maximum``: the M used; ``maximum_proved``: whether M is proved (when not, a
      declaration listed may obey fewer requirements than a legal one must).
    - ``status``: the listing's, as ``complete`` says it: ``"optimal"`` when it is complete
      (proved to be every legal declaration), ``"feasible"`` when it was cut short or M was
      not proved — never ``"optimal"`` for a partial list.
    """

    declarations: list[dict[str, list[str]]]
    count: int
    complete: bool
    maximum: int = 0
    status: Status = "optimal"
    build_ms: float = 0.0
    solve_ms: float = 0.0
    maximum_proved: bool = True

    def to_json(self) -> dict[str, Any]:
        """``declarations``, ``count``, ``complete`` (the contract's keys), ``status``,
        ``requirements`` (``maximum``, ``maximum_proved``)."""
        return {
            "declarations": [_plain(d) for d in self.declarations],
            "count": self.count,
            "complete": self.complete,
            "status": self.status,
            "requirements": {"maximum": self.maximum, "maximum_proved": self.maximum_proved},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BlockEnumeration:
        """The listing of a ``block --all`` JSON object (timings read 0). Raises
        KeyError/TypeError for another object."""
        req = data["requirements"]
        return cls(declarations=[_plain(d) for d in data["declarations"]], count=data["count"],
                   complete=data["complete"], maximum=req["maximum"], status=data["status"],
                   maximum_proved=req.get("maximum_proved", data["complete"]))
