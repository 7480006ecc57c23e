"""Old import paths of modules that moved in the 0.2 layout (issue 24), kept for one release.

``import redzone.solver.ai_game`` still works and gives the module now at
``redzone.solver.ai.search``, with a :class:`DeprecationWarning` naming the new path; the
table below is the whole list (CHANGELOG.md, 0.2.0). Nothing inside redzone imports an old
path. The paths go in 0.3. The finder is :mod:`redzone.models._moved`'s (solver may import
models, never the reverse).
"""

from __future__ import annotations

from collections.abc import Mapping

from redzone.models._moved import install as _install

__all__ = ["MOVED", "install"]

MOVED: Mapping[str, str] = {
    "redzone.solver.ai_game": "redzone.solver.ai.search",
    "redzone.solver.ai_values": "redzone.solver.ai.evaluate",
    "redzone.solver.ai_order": "redzone.solver.ai.order",
    "redzone.solver.ai_bounds": "redzone.solver.ai.bounds.static",
    "redzone.solver.ai_prefix": "redzone.solver.ai.bounds.prefix",
    "redzone.solver.ai_ceiling": "redzone.solver.ai.bounds.ceiling",
    "redzone.solver.ai_branch_bound": "redzone.solver.ai.bounds.branch_bound",
    "redzone.solver.ai_crack_back": "redzone.solver.ai.crack_back",
    "redzone.solver.ai_reasons": "redzone.solver.ai.reasons",
    "redzone.solver.ai_reference": "redzone.solver.ai.reference",
    "redzone.solver.ai_board": "redzone.solver.ai.position",
    "redzone.solver.ai_units": "redzone.solver.ai.tree",
    "redzone.solver.ai_damage": "redzone.solver.ai.units",
    "redzone.solver.ai_lords": "redzone.solver.ai.lords",
    "redzone.solver.ai_declarations": "redzone.solver.ai.declarations",
    "redzone.solver.ai_blocks": "redzone.solver.ai.block_search",
    "redzone.solver.attack_direct": "redzone.solver.attack.direct",
    "redzone.solver.results": "redzone.solver.attack.results",
    "redzone.solver.block_model": "redzone.solver.block.model",
    "redzone.solver.block_results": "redzone.solver.block.results",
    "redzone.solver.damage_model": "redzone.solver.damage.model",
    "redzone.solver.draw_card": "redzone.solver.draw.card",
    "redzone.solver.draw_picture": "redzone.solver.draw.picture",
    "redzone.solver.serve": "redzone.solver.frontends.serve",
    "redzone.solver.client": "redzone.solver.frontends.client",
    "redzone.solver.batch": "redzone.solver.frontends.batch",
    "redzone.solver.report": "redzone.solver.frontends.report",
    "redzone.solver.output": "redzone.solver.frontends.output",
    "redzone.solver.phase_bridge": "redzone.solver.bridges.phase",
    "redzone.solver.cli": "redzone.solver.frontends.cli",
    "redzone.solver.commands": "redzone.solver.frontends.commands",
}
"""Old dotted path -> new dotted path. A submodule of a moved package moves with it
(``redzone.solver.cli.common`` -> ``redzone.solver.frontends.cli.common``)."""


def install(table: Mapping[str, str] = MOVED) -> None:
    """Put the finder of ``table``'s old paths on ``sys.meta_path`` (once;
    :func:`redzone.models._moved.install`)."""
    _install(table)
