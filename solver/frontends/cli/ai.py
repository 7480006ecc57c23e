"""``redzone choose-attack`` and ``redzone choose-block`` (issue 9: the AI's combat
decisions); jobs in :mod:`redzone.solver.frontends.commands.ai`."""

from __future__ import annotations

import click

from redzone.models.styles import DEFAULT_STYLE, STYLES
from redzone.solver.frontends.cli.common import cli, json_opt, run, scenario_arg, strict_opt, time_opt

lookahead_opt = click.option("--lookahead", type=int, default=1, show_default=True,
                             help="1: also weigh the next player's best attack back; 0: only this combat.")
style_opt = click.option("--style", type=click.Choice(STYLES), default=DEFAULT_STYLE, show_default=True,
                         help="exact: the minimax choice; pressure: among attacks whose proved worst case is "
                              "within a margin of the best, the best against an imperfect defender (docs/ai.md, Styles).")
weights_opt = click.option("--weights", "weights", default=None, metavar="FILE",
                           type=click.Path(dir_okay=False),
                           help="YAML/JSON file of evaluation weights (docs/ai.md); default weights otherwise.")


@cli.command("choose-attack")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@lookahead_opt
@weights_opt
@style_opt
def choose_attack_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                      lookahead: int, weights: str | None, style: str) -> None:
    """Choose the best legal attack for the active player (docs/ai.md).

    Max over legal declarations (CR 508.1) of the defending players' best blocks (509.1)
    and the best damage assignments (510.1), valued by the evaluation after this combat
    (--lookahead 0) or after the next player's best attack back (--lookahead 1). With
    --time-limit the best attack found is returned as feasible, with a proved bound; the
    board is read and a legal choice made whatever the limit (never 'unknown'). Also
    feasible when an attack has more than 200,000 blocks (after symmetry) and the
    defending players' answer to it could not be proved: at lookahead 0 on boards of
    keywords only a branch and bound proves it; otherwise their answer is the best block
    found, improved until no change of one creature's block improves it.
    """
    from redzone.solver.frontends.commands.ai import ChooseAttackOptions

    run(scenario, as_json, "choose-attack",
        ChooseAttackOptions(strict=strict, time_limit=time_limit, lookahead=lookahead, weights=weights,
                            style=style))  # type: ignore[arg-type]


@cli.command("choose-block")
@scenario_arg
@json_opt
@strict_opt
@time_opt
@lookahead_opt
@weights_opt
@style_opt
def choose_block_cmd(scenario: str, as_json: bool, strict: bool, time_limit: float | None,
                     lookahead: int, weights: str | None, style: str) -> None:
    """Choose the defending players' best legal blocks against combat.attackers (docs/ai.md).

    Min over legal blocks (CR 509.1) of the attacking player's best damage assignments
    (510.1), valued like choose-attack; --time-limit as for choose-attack. With more than
    200,000 blocks (after symmetry) a greedy block comes first; at lookahead 0 on boards of
    keywords only a branch and bound proves the best block (optimal); otherwise the answer
    may be feasible (also with --time-limit): the best block found, improved until no
    change of one creature's block improves it, which the reasons say.
    """
    from redzone.solver.frontends.commands.ai import ChooseBlockOptions

    run(scenario, as_json, "choose-block",
        ChooseBlockOptions(strict=strict, time_limit=time_limit, lookahead=lookahead, weights=weights,
                           style=style))  # type: ignore[arg-type]
