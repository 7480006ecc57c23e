"""``draw``: a combat diagram of a scenario as SVG (:mod:`redzone.solver.draw.render`).

Without a plan the scenario's own ``combat`` is drawn; ``plan`` draws what a solver finds
(``attack``, ``block``, ``damage``) or what the AI chooses (``choose-attack``,
``choose-block``). JSON keys: ``svg`` (the document as text), ``plan``, ``title``,
``notes``, ``attackers``, ``blockers``, ``damage`` (list of ``{source, recipient, step,
assigned, dealt}``), ``outcome`` (``null`` when nothing was played out), ``reasons`` (the
AI's one-line reason per creature; ``{}`` for the other plans), ``unparsed``, ``triggers``
(the triggered abilities of combat that resolved on what is drawn, in order, as the
``damage`` answer's; issue 21).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from redzone.solver.frontends.commands.common import PlayedAnswer, board_of, unparsed_json
from redzone.solver.frontends.commands.options import bounded

if TYPE_CHECKING:  # annotations only
    from redzone.models.scenario import Scenario

Objective = Literal["max-player-damage", "max-kills", "min-losses"]
Plan = Literal["attack", "block", "damage", "choose-attack", "choose-block"]


@dataclass(frozen=True)
class DrawOptions:
    """Options of ``draw``: ``plan`` (``None``: the scenario's own combat), ``objective`` of
    the active player's damage assignments (plan ``damage``), ``columns`` (most cards in a
    row, 2 to 40), ``caption`` (a prefix for the title, e.g. the file name), ``output``
    (where the text form writes the SVG; ``None``: standard output — the JSON form always
    carries the SVG in ``svg`` and ignores it)."""

    strict: bool = False
    time_limit: float | None = None
    plan: Plan | None = None
    objective: Objective = "max-player-damage"
    columns: int = bounded(10, 2, 40)
    caption: str = ""
    output: str | None = field(default=None, metadata={
        "local": "the command line's file for the picture; a request's answer holds the SVG in 'svg'"})


@dataclass(frozen=True)
class DrawAnswer(PlayedAnswer):
    """``draw``: the picture (:class:`redzone.solver.draw.render.CombatPicture`) and its SVG, with
    ``not_played`` (:class:`redzone.solver.frontends.commands.common.PlayedAnswer`: the outcome drawn
    is played without them)."""

    picture: Any
    svg: str
    plan: str | None
    output: str | None = None

    def played_triggers(self) -> tuple[Any, ...]:
        """The abilities resolved in the outcome drawn (h34: for ``not_played``)."""
        return tuple(self.picture.triggers)

    def to_json(self) -> dict[str, Any]:
        """The ``draw`` JSON object."""
        p = self.picture
        return {
            "svg": self.svg, "plan": self.plan, "title": p.title, "notes": list(p.notes),
            "attackers": dict(p.attackers), "blockers": {b: list(a) for b, a in p.blockers.items()},
            "damage": [{"source": m.source, "recipient": m.recipient, "step": m.step,
                        "assigned": m.assigned, "dealt": m.dealt} for m in p.damage],
            "outcome": p.outcome, "reasons": dict(p.reasons), "unparsed": unparsed_json(self.board),
            "not_played": self.not_played_json(), "triggers": [dict(t) for t in p.triggers],
        }

    def render(self, con: Any) -> None:
        """The SVG, as is, on the console's file (standard output); or, with ``output``,
        written to that file, with one line saying what it holds."""
        if self.output is None:
            con.file.write(self.svg)
            con.file.flush()
            return
        with open(self.output, "w", encoding="utf-8") as handle:
            handle.write(self.svg)
        p = self.picture
        blocks = sum(len(a) for a in p.blockers.values())
        con.print(f"Wrote {self.output}: {p.title} — {len(self.board.permanents)} permanent(s), "
                  f"{len(p.attackers)} attack(s), {blocks} block(s), {len(p.damage)} damage mark(s)",
                  markup=False)


def draw(scenario: Scenario, options: DrawOptions) -> DrawAnswer:
    """Draw the scenario (and ``options.plan``) as SVG: :func:`redzone.solver.draw.render.combat_picture`
    then :func:`redzone.solver.draw.render.combat_svg`.

    Raises :class:`redzone.models.errors.RedzoneError` subclasses for bad input (an unknown
    plan, a plan on a Duel Masters board, what the solver refuses).
    """
    from redzone.solver.draw.render import combat_picture, combat_svg

    board = board_of(scenario, options.strict)
    picture = combat_picture(board, options.plan, time_limit=options.time_limit, objective=options.objective)
    svg = combat_svg(board, picture, caption=options.caption, columns=options.columns)
    return DrawAnswer(board=board, picture=picture, svg=svg, plan=options.plan, output=options.output)
