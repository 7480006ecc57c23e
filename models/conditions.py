"""Static abilities that apply only while a condition holds (issue 10 coverage; CR 611.3a).

"During your turn, this creature has first strike", "As long as you control an artifact,
this creature has flying", "This creature has trample as long as it has a +1/+1 counter on
it": the parser reads them as :class:`redzone.models.abilities.Conditional`; this module
decides each condition from the scenario (whose turn it is, what each player controls,
counters, attachments, life totals) and puts the inner abilities in force when it holds
(CR 611.3a: a static ability's effect applies whenever its condition is true).

A condition the scenario can't decide is never guessed: the sentence is reported with the
permanent's unparsed sentences (``"condition not decided: ..."``).

Plain Python; never imports ortools.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from redzone.models.abilities import Ability, Condition, Conditional, ParsedText
from redzone.models.battlefield import Board, Permanent, matches_quality
from redzone.models.parser import self_names
from redzone.models.parser.subjects import _normalise_self


# Condition kinds whose truth combat damage and state-based actions can change (CR 611.3a:
# checked continuously): what a player controls and what is attached (a permanent leaves,
# 704.5g, 704.5m), counters (wither, infect, +1/+1 counters put instead of damage, 120.3d),
# life totals (combat damage, lifelink, 119.3, 702.15b). Whose turn it is and tapped status
# change only between turns (502.3): :func:`refresh` decides those again on a next turn's board.
CHANGING_KINDS = frozenset({"you control", "opponent controls", "attached", "counters",
                            "life at most", "life at least", "more than attacking player"})


def holds(board: Board, source: Permanent, condition: Condition,
          counters: dict[str, int] | None = None) -> bool | None:
    """:func:`_holds`, negated for an "unless ..." condition (``negate``). ``counters``: the
    source's counters as they now are (``None``: the permanent's own)."""
    got = _holds(board, source, condition, counters)
    if got is not None and condition.negate:
        got = not got
    if condition.also is None:
        return got
    # h17: both conditions must hold; a false one decides even when the other is undecided
    other = holds(board, source, condition.also, counters)
    if got is False or other is False:
        return False
    return None if got is None or other is None else True


def _holds(board: Board, source: Permanent, condition: Condition,
           counters: dict[str, int] | None = None) -> bool | None:
    """Whether ``condition`` holds for the permanent ``source`` on ``board`` (a
    :class:`redzone.models.battlefield.Board` / :class:`~redzone.models.battlefield.Permanent`);
    ``None`` when the scenario does not say. Rules: CR 611.3a (conditions of static
    abilities are checked continuously), 102.1 (whose turn), 122 (counters), 301.5 / 303.4
    (Equipment and Auras attached), 119 (life)."""
    kind = condition.kind
    you = source.controller
    if kind == "your turn":
        return board.active_player == you
    if kind == "not your turn":
        return board.active_player != you
    if kind in ("you control", "opponent controls"):
        opponents = set(board.opponents(you))
        n = 0
        for perm in board.permanents.values():
            if condition.other and perm.id == source.id:
                continue
            owner_ok = perm.controller == you if kind == "you control" else perm.controller in opponents
            if not owner_ok:
                continue
            if condition.quality is not None and not matches_quality(board, perm, condition.quality):
                continue
            n += 1
        return n >= condition.count if not condition.none else n == 0
    if kind == "attached":
        for perm in board.permanents.values():
            if perm.attached_to != source.id:
                continue
            if condition.attached in ("any",) or condition.attached in perm.subtypes:
                return True
        return False
    if kind == "counters":
        if counters is None:
            counters = source.counters
        if condition.counter is None:
            n = sum(max(0, v) for v in counters.values())
        else:
            n = counters.get(condition.counter, 0)
        return n >= condition.count and (condition.at_most is None or n <= condition.at_most)
    if kind == "more than attacking player":
        # h4: "can't block unless you control more creatures than attacking player"
        # (Goblin Goon, 509.1b): counted as blockers are declared.
        def count(player: str) -> int:
            return sum(1 for perm in board.controlled_by(player)
                       if condition.quality is None or matches_quality(board, perm, condition.quality))
        return count(you) > count(board.active_player)
    if kind == "attacked this turn":  # h25: the scenario's combat_number (505.1)
        if getattr(board.scenario, "combat_number", 1) == 1:
            return True  # the grant is limited to the source while attacking (combat_state)
        combat = getattr(board, "combat", None) or getattr(board.scenario, "combat", None)
        attacking = getattr(combat, "attacking", None) or getattr(combat, "attackers", None) or {}
        return True if source.id in attacking else None  # declared this turn: it attacked
    if kind == "stated":
        return _stated(source, condition.phrase)
    if kind in ("life at most", "life at least"):
        life = board.player(you).life
        return life <= condition.count if kind == "life at most" else life >= condition.count
    if kind == "untapped":
        return not source.tapped
    if kind == "tapped":
        return bool(source.tapped)
    return None


def _stated(source: Permanent, phrase: str) -> bool | None:
    """The value the scenario states for ``phrase`` in the permanent's ``conditions``
    (matched case-insensitively, the permanent's name, "this creature" and "~" alike)."""
    given = getattr(source, "conditions", None) or {}
    if not given:
        return None
    names = tuple(n for n in (source.name, source.card) if n)

    def key(text: str) -> str:
        return " ".join(_normalise_self(text.strip().rstrip("."), self_names(names)).lower().split())

    want = key(phrase)
    for text, value in given.items():
        if key(text) == want:
            return bool(value)
    return None


def resolve(board: Board) -> None:
    """Replace every :class:`Conditional` of every permanent by its abilities when its
    condition holds, drop it when it doesn't, and report it (in the permanent's
    ``unparsed``) when the scenario can't decide it. Called once by
    :func:`redzone.models.board.build_board`, after all permanents exist."""
    for perm in board.permanents.values():
        parsed: ParsedText = perm.parsed
        if not any(_has_conditional(a) for a in parsed.abilities):
            continue
        perm.conditional = parsed  # kept: decided again as the game changes (refresh)
        unparsed = list(parsed.unparsed)
        out: list[Ability] = []
        for ability in parsed.abilities:
            out.extend(_resolved(board, perm, ability, unparsed))
        perm.parsed = ParsedText(tuple(out), tuple(unparsed), parsed.ignored)
    if hasattr(board, "_grants"):
        board._grants = None
    if hasattr(board, "_index"):
        board._index = None


def condition_sources(board: Board, changing: bool = True) -> frozenset[str]:
    """Ids of the permanents of ``board`` with a static ability under a condition the
    scenario decides (:func:`resolve` kept their text): with ``changing``, only those with a
    condition combat can change (:data:`CHANGING_KINDS`: a permanent leaving, counters put,
    a life total changing; CR 611.3a). Empty on most boards."""
    out = []
    for perm in board.permanents.values():
        text = getattr(perm, "conditional", None)
        if text is None:
            continue
        if not changing or any(isinstance(a, Conditional) and _changing(a.condition)
                               for a in text.abilities):
            out.append(perm.id)
    return frozenset(out)


def decided_again(board: Board, ids: Iterable[str], *, life: Mapping[str, int] | None = None,
                  counters: Mapping[str, dict[str, int]] | None = None) -> dict[str, ParsedText]:
    """The permanents among ``ids`` (on ``board``, whose ``permanents`` are those on the
    battlefield now) whose abilities under a condition change when the conditions are decided
    again as the game now is (CR 611.3a: a static ability's condition is checked
    continuously): id -> the parsed text with the abilities now in force (the undecided
    ones stay reported as they were). ``life``: player -> life total now (``None``: the
    board's players'); ``counters``: permanent id -> counters now (``None``: the
    permanents' own). ``board`` is not changed."""
    out: dict[str, ParsedText] = {}
    view = board
    if life is not None:
        players = tuple(dataclasses.replace(p, life=life.get(p.name, p.life))
                        for p in board.players)
        view = dataclasses.replace(board, players=players)
    for pid in ids:
        perm = board.permanents.get(pid)
        if perm is None or perm.conditional is None:
            continue
        text = perm.conditional
        now = counters.get(pid) if counters is not None else None
        abilities: list[Ability] = []
        for ability in text.abilities:
            if not isinstance(ability, Conditional):
                abilities.append(ability)
                continue
            verdict = holds(view, perm, ability.condition, now)
            if verdict:
                abilities.extend(ability.abilities)
        got = tuple(abilities)
        if got != perm.parsed.abilities:
            out[pid] = ParsedText(got, perm.parsed.unparsed, perm.parsed.ignored)
    return out


def _changing(condition: Condition | None) -> bool:
    """Whether ``condition`` or one it is joined with (``also``) is of a changing kind."""
    while condition is not None:
        if condition.kind in CHANGING_KINDS:
            return True
        condition = condition.also
    return False


def _has_conditional(ability: Ability) -> bool:
    return isinstance(ability, Conditional)


def _resolved(board: Board, perm: Permanent, ability: Ability, unparsed: list[str]) -> Iterable[Ability]:
    if not isinstance(ability, Conditional):
        return (ability,)
    verdict = holds(board, perm, ability.condition)
    if verdict is None:
        phrase = ability.condition.phrase.replace("~", perm.name)
        how = (f' (state it: "conditions": {{"{phrase}": true}})' if phrase else "")
        note = f"condition not decided from the scenario{how}: {ability.text}"
        if note not in unparsed:
            unparsed.append(note)
        return ()
    return ability.abilities if verdict else ()


def hand_costs(board: Board) -> None:
    """Report, instead of playing, each attack or block cost whose X is the number of cards
    in a hand the scenario does not state (``players[].hand`` unstated is unknown, never
    empty; Cowed by Wisdom, CR 508.1d, 509.1d): the ability goes to the permanent's
    unparsed sentences as ``"cost not decided from the scenario ..."``. Called by
    :func:`redzone.models.board.build_board` and, for the abilities an "until end of turn"
    part gives back, :func:`redzone.models.cleanup.end_turn`. Changes ``board``'s
    permanents in place."""
    from redzone.models.abilities import AttackTax, BlockTax

    for perm in board.permanents.values():
        parsed = perm.parsed
        gone = [a for a in parsed.abilities if isinstance(a, (AttackTax, BlockTax))
                and a.x is not None and a.x.what == "cards in hand"
                and board.player(perm.controller).hand is None]
        if not gone:
            continue
        notes = list(parsed.unparsed)
        for ability in gone:
            note = (f"cost not decided from the scenario (state {perm.controller}'s hand: "
                    f"players[].hand): {ability.text}")
            if note not in notes:
                notes.append(note)
        perm.parsed = ParsedText(tuple(a for a in parsed.abilities if a not in gone),
                                 tuple(notes), parsed.ignored)


__all__ = ["CHANGING_KINDS", "condition_sources", "decided_again", "hand_costs", "holds", "resolve"]
