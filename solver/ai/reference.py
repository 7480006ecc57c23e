"""Exhaustive reference minimax of the AI's combat game (issue 9), for tiny boards: every
legal declaration, block and damage assignment of each step, dealt on the whole combat by
:mod:`redzone.models.outcome` (the same rules as the search, departures and lords that
leave included), with no units, caches, symmetry or cut-offs. It exists to cross-check
:mod:`redzone.solver.ai.decisions` (``tests/test_ai_differential.py``). Slow by design.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from redzone.models.attack_problem import cost_of as attack_cost_of
from redzone.models.attack_problem import life_cost_of as attack_life_of
from redzone.models.attack_rules import attack_problem
from redzone.models.block_problem import cost_of as block_cost_of
from redzone.models.block_problem import life_cost_of as block_life_of
from redzone.models.block_rules import block_problems
from redzone.models.board import Board
from redzone.models.damage_problem import Step
from redzone.models.damage_rules import damage_problem, remaining_steps
from redzone.models.evaluation import Evaluator, Weights
from redzone.models.leaving import losers_leave
from redzone.models.outcome import (DamageEvent, GameState, deal_damage, out_of_game,
                                    relayered_after_departures, state_based_actions)
from redzone.models.triggers.creatures import blocks_in_combat
from redzone.models.triggers.resolve import (Node, Outcome, attack_window, block_window, damage_window, end_of_combat,
                                             has_combat_triggers, outcomes)
from redzone.solver.ai.position import departure, next_player, next_turn_board, with_combat
from redzone.solver.reference import (
    reference_legal_blocks,
    reference_legal_damage,
    reference_legal_declarations,
)

INF = 1 << 62

__all__ = ["reference_attack_values", "reference_block_value", "reference_game_value"]


def _mana(weights: Weights, attack_cost: int, block_cost: int, sign: int) -> int:
    m = int(round(weights.mana * 1000))
    return m * (block_cost - attack_cost) * sign


def _legal_blocks(board: Board, attack: Mapping[str, str]
                  ) -> list[tuple[dict[str, list[str]], int, dict[str, int]]]:
    """Every legal block with its mana cost and the life each defending player pays for it
    (Phyrexian mana, CR 107.4f, 509.1d)."""
    per_player = []
    for problem in block_problems(board, dict(attack)):
        per_player.append([(d, block_cost_of(problem, d), problem.defending_player,
                            block_life_of(problem, d)) for d in reference_legal_blocks(problem)])
    out = []
    for combo in itertools.product(*per_player):
        d: dict[str, list[str]] = {}
        cost = 0
        paid: dict[str, int] = {}
        for part, c, player, life in combo:
            d.update(part)
            cost += c
            if life:
                paid[player] = paid.get(player, 0) + life
        out.append((d, cost, paid))
    return out


def _pay(board: Board, state: GameState, paid: Mapping[str, int]) -> None:
    """Take the life paid for combat costs from ``state`` (CR 119.4: paid while declaring,
    before any damage); a player at 0 life or less then loses at once (704.5a: state-based
    actions are checked before the damage step)."""
    for p, n in paid.items():
        state.life[p] -= n
    if any(state.life[p] <= 0 for p in paid):
        state_based_actions(board, state)


class _Ref:
    def __init__(self, board: Board, perspective: str, weights: Weights, lookahead: int,
                 against: str | None = None) -> None:
        self.board = board
        self.perspective = perspective
        self.against = perspective if against is None else against
        """Whose value is proved: random results are taken worst for them (as the search's
        ``TriggerGame.against``)."""
        self.weights = weights
        self.lookahead = lookahead
        self.sign = 1 if board.active_player == perspective else -1
        self.ev = Evaluator(board, perspective, weights)
        self.triggers = _TriggerRef(self) if has_combat_triggers(board) else None

    def leaf(self, attack: Mapping[str, str], state: GameState, mana: int) -> int:
        v = self.ev.score(state)
        if abs(v) == self.ev.win or self.lookahead == 0:
            return v + mana
        # (A player who lost stays lost: a lifelinker of theirs dealing damage later in the
        # combat does not bring them back, 104.3, 800.4.)
        lost = out_of_game(self.board, state)  # 704.5a, 704.5c, 704.6c
        player = next_player(self.board, lost)
        if player is None:
            return v + mana
        board2 = next_turn_board(self.board, state, attack, player)
        return reference_game_value(board2, self.perspective, self.weights, 0, self.against) + mana

    def damage(self, board: Board, attack: Mapping[str, str], steps: list[Step], i: int,
               state: GameState, dealt: list[str], mana: int, cur: Board | None = None) -> int:
        """Attacker-view value of the rest of the combat damage. ``board``: the combat as
        declared; ``cur``: the board this step is dealt on (``board`` re-layered when a lord
        left in an earlier step, 611.3a, 613; ``None``: ``board``)."""
        cur = board if cur is None else cur
        ap = board.active_player
        opponents = board.opponents(ap)
        if i == len(steps) or ap in state.lost or all(o in state.lost for o in opponents):
            return self.sign * self.leaf(attack, state, mana)
        problem = damage_problem(cur, steps[i], state=state, first_strike_dealt=dealt)
        mine = {s.id for s in problem.sources if s.decider == ap}
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        for a in reference_legal_damage(problem):
            key = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(key, []).append(a)
        nxt = list(dealt)
        if steps[i] == "first-strike":
            nxt.extend(s.id for s in problem.sources if s.id not in nxt)
        best = None
        for completions in groups.values():
            worst = None
            for a in completions:
                s2 = state.copy()
                deal_damage(cur, s2, [DamageEvent(s, r, n) for s, row in a.items() for r, n in row.items()],
                            combat=True)
                state_based_actions(cur, s2)
                # 104.5, 800.4a: a defending player who lost leaves a game that goes on, with
                # everything they own or control, before the next step; a lord that left
                # (theirs too): the layers apply again, then state-based actions (611.3a,
                # 613, 704.3), as in redzone.solver.damage.solve.play_out.
                losers_leave(cur, s2)
                after, _ = relayered_after_departures(board, s2)
                v = self.damage(board, attack, steps, i + 1, s2, nxt, mana, after)
                worst = v if worst is None or v < worst else worst
            assert worst is not None
            best = worst if best is None or worst > best else best
        assert best is not None, "a damage step always has a legal assignment"
        return best

    def combat(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]], mana: int,
               paid: Mapping[str, int]) -> int:
        """Attacker-view value of the combat after these blocks; ``paid``: life each player
        paid for the declarations (taken before the damage steps)."""
        dep = departure(self.board, paid) if len(self.board.players) > 2 else None
        if dep is not None:
            # 704.5a, 800.4a: defending players paid down to 0 and left the game before
            # damage, with their permanents: the combat goes on on the board that remains
            # (life paid already in its totals; the departed listed as lost).
            attack2, blocks2, _ = dep.declarations(attack, blocks)
            sub = _Ref(dep.board, self.perspective, self.weights, self.lookahead, self.against)
            board = with_combat(dep.board, attack2, blocks2)
            state = GameState.from_board(board)
            state.lost.extend(sorted(dep.departed))
            return sub.damage(board, attack2, remaining_steps(board), 0, state, [], mana)
        board = with_combat(self.board, attack, blocks)
        steps = remaining_steps(board)
        state = GameState.from_board(board)
        _pay(board, state, paid)
        return self.damage(board, attack, steps, 0, state, [], mana)

    def attack_value(self, attack: Mapping[str, str], attack_cost: int, attack_life: int = 0) -> int:
        """Attacker-view value of a declaration: min over legal blocks. ``attack_life``: life
        the attacking player pays for it; paying down to 0 loses the game before any block
        (704.5a): the position after paying is the leaf."""
        if self.triggers is not None:  # triggered abilities of combat (issue 21)
            return self.triggers.attack_value(attack, attack_cost, attack_life)
        ap = self.board.active_player
        if attack_life and self.board.player(ap).life - attack_life <= 0:
            board = with_combat(self.board, attack, {})
            state = GameState.from_board(board)
            _pay(board, state, {ap: attack_life})
            return self.sign * self.leaf(attack, state, _mana(self.weights, attack_cost, 0, self.sign))
        out = INF
        for blocks, cost, paid in _legal_blocks(self.board, attack):
            if attack_life:
                paid = {**paid, ap: paid.get(ap, 0) + attack_life}
            out = min(out, self.combat(attack, blocks, _mana(self.weights, attack_cost, cost, self.sign), paid))
        return out


def reference_attack_values(board: Board, weights: Weights | None = None, lookahead: int = 1,
                            perspective: str | None = None, against: str | None = None
                            ) -> list[tuple[dict[str, str], int]]:
    """Every legal declaration of attackers with its value (milli-points, ``perspective``'s
    view, default the active player), by exhaustive search; random results worst for
    ``against`` (default ``perspective``)."""
    weights = weights or Weights()
    ref = _Ref(board, perspective or board.active_player, weights, lookahead, against)
    problem = attack_problem(board)
    out = []
    for d in reference_legal_declarations(problem):
        out.append((d, ref.sign * ref.attack_value(d, attack_cost_of(problem, d),
                                                   attack_life_of(problem, d))))
    return out


def reference_game_value(board: Board, perspective: str, weights: Weights | None = None,
                         lookahead: int = 1, against: str | None = None) -> int:
    """The value of the combat game (``perspective``'s milli-points; the active player
    maximises it when it is the perspective, minimises it otherwise; random results worst
    for ``against``, default ``perspective``)."""
    values = reference_attack_values(board, weights, lookahead, perspective, against)
    sign = 1 if board.active_player == perspective else -1
    return sign * max(sign * v for _, v in values)


def reference_block_value(board: Board, weights: Weights | None = None, lookahead: int = 1
                          ) -> list[tuple[dict[str, list[str]], int]]:
    """Every legal block against ``combat.attackers`` with its value (the active player's
    milli-points): the attacking player's best damage against it. The attackers are taken
    as declared and paid for (the scenario's life totals); only the blocks' life is paid."""
    weights = weights or Weights()
    # the defending players' value is what a block answer proves: random results are taken
    # worst for them (as the search's answer_blocks)
    defender = next(iter(board.opponents(board.active_player)), board.active_player)
    ref = _Ref(board, board.active_player, weights, lookahead, defender)
    if ref.triggers is not None:  # triggered abilities of combat (issue 21)
        return ref.triggers.declared_block_values(board)
    scenario: Any = board.scenario
    attack = dict(scenario.combat.attackers)
    return [(blocks, ref.combat(attack, blocks, _mana(weights, 0, cost, 1), paid))
            for blocks, cost, paid in _legal_blocks(board, attack)]


# ============================================================================ triggered abilities


def battlefield_view(board: Board, state: GameState, attackers: Mapping[str, str]
                     ) -> tuple[Board, dict[str, str]]:
    """``board`` without the permanents ``state`` says left the battlefield, and the
    attacking creatures still on it (506.4: a creature that left is removed from combat):
    the board blocks are declared on after the attack triggers resolved (509.1)."""
    gone = [pid for pid in board.permanents if not state.on_battlefield(pid)]
    live = {a: t for a, t in attackers.items() if state.on_battlefield(a)}
    if not gone:
        return board, live
    import dataclasses

    perms = {pid: p for pid, p in board.permanents.items() if state.on_battlefield(pid)}
    out = dataclasses.replace(board, permanents=perms)
    out.combat = board.combat
    return out, live


def window_board(board: Board, before: Mapping[str, str], out: Outcome,
                 blocks: Mapping[str, list[str]]) -> Board:
    """The board a window left (``out.board``), with its combat's attackers replaced when
    the window put creatures onto the battlefield attacking (508.4)."""
    if dict(out.attackers) == dict(before):
        return out.board
    return with_combat(out.board, out.attackers, blocks)


class _TriggerRef:
    """The exhaustive reference on a board with triggered abilities of combat (CR 603; issue
    21): the attack window's outcomes (508.2), every legal block on the board they left
    (509.1; targets that can't block, pumped creatures, creatures put onto the battlefield
    attacking), the block window's outcomes (509.2), each damage step (every legal
    assignment, 510.1) followed by its damage window (510.3). Choices of triggered abilities
    (targets, "may", sacrifices) are moves of the player who makes them: the attacking
    player's maximise the attacker-view value, the other players' minimise it. A player
    losing ends the play-out there (704.5a; in a two-player game the game is over). Values
    are attacker-view milli-points (``perspective`` sign applied at the leaves), as
    :class:`_Ref`'s."""

    def __init__(self, ref: _Ref) -> None:
        self.ref = ref
        self.ap = ref.board.active_player
        self.opponents = ref.board.opponents(self.ap)
        self.evaluators: dict[int, tuple[Board, Evaluator]] = {}

    def over(self, state: GameState) -> bool:
        lost = out_of_game(self.ref.board, state)  # 704.5a, 704.5c, 704.6c
        return self.ap in lost or all(o in lost for o in self.opponents)

    def maximises(self, choice: Any) -> bool:
        """Whether ``choice`` maximises the attacker-view value: the attacking player's; a
        random result (705, 706) worst for the perspective, as the search takes it."""
        if choice.random:
            return self.ref.against != self.ap
        return choice.player == self.ap

    def tree(self, node: Node, value: Any) -> int:
        if node.outcome is not None:
            return value(node.outcome)
        assert node.choice is not None
        vals = [self.tree(c, value) for c in node.children]
        return max(vals) if self.maximises(node.choice) else min(vals)

    def leaf(self, board: Board, attackers: Mapping[str, str], state: GameState, mana: int) -> int:
        """Attacker-view value of the end of combat on ``board`` (the board the windows
        left: its pumps end in cleanup, 514.2; its tokens are scored; what is destroyed at
        end of combat is, 511.2)."""
        state = end_of_combat(board, state)
        ref = self.ref
        if board is ref.board:
            ev = ref.ev
        else:
            got = self.evaluators.get(id(board))
            if got is None:
                got = (board, Evaluator(board, ref.perspective, ref.weights))
                self.evaluators[id(board)] = got
            ev = got[1]
        v = ev.score(state)
        if abs(v) == ev.win or ref.lookahead == 0:
            return ref.sign * (v + mana)
        lost = out_of_game(board, state)  # 704.5a, 704.5c, 704.6c
        player = next_player(board, lost)
        if player is None:
            return ref.sign * (v + mana)
        board2 = next_turn_board(board, state, attackers, player)
        return ref.sign * (reference_game_value(board2, ref.perspective, ref.weights, 0) + mana)

    def attack_value(self, attack: Mapping[str, str], attack_cost: int, attack_life: int) -> int:
        ref = self.ref
        board = with_combat(ref.board, attack, {})
        state = GameState.from_board(board)
        if attack_life:
            _pay(board, state, {self.ap: attack_life})
        if self.over(state) or not attack:
            return self.blocks(board, dict(attack), state, attack_cost, window=False)
        tree = outcomes(lambda ch: attack_window(board, state.copy(), attack, ch))
        return self.tree(tree, lambda o: self.blocks(window_board(board, attack, o, {}), o.attackers,
                                                     o.state, attack_cost))

    def blocks(self, board: Board, attackers: dict[str, str], state: GameState, attack_cost: int,
               window: bool = True) -> int:
        """Min over every legal block on ``board`` (after the attack window)."""
        ref = self.ref
        if self.over(state):
            return self.leaf(board, attackers, state, _mana(ref.weights, attack_cost, 0, ref.sign))
        return min(v for _, v in self.block_values(board, attackers, state, attack_cost))

    def block_values(self, board: Board, attackers: dict[str, str], state: GameState, attack_cost: int
                     ) -> list[tuple[dict[str, list[str]], int]]:
        """Every legal block on ``board`` (after the attack window; 509.1 on what is still
        on the battlefield) with its attacker-view value."""
        ref = self.ref
        view, live = battlefield_view(board, state, attackers)
        out = []
        for blocks, cost, paid in _legal_blocks(view, live):
            mana = _mana(ref.weights, attack_cost, cost, ref.sign)
            b2 = with_combat(board, attackers, blocks)
            st = state.copy()
            _pay(b2, st, paid)
            if self.over(st) or not attackers:
                out.append((blocks, self.damage(b2, b2, attackers, blocks, None, 0, st, [], mana)))
                continue
            tree = outcomes(lambda ch: block_window(b2, st.copy(), attackers, blocks, ch))
            out.append((blocks, self.tree(tree, lambda o: self.after_blocks(b2, attackers, blocks, o, mana))))
        return out

    def principal(self, node: Node, value: Any) -> Outcome:
        """The outcome a window's choices reach when each chooser plays best (the attacking
        player maximising ``value``, the others minimising it)."""
        while node.outcome is None:
            assert node.choice is not None
            vals = [self.tree(c, value) for c in node.children]
            pick = max(vals) if self.maximises(node.choice) else min(vals)
            node = node.children[vals.index(pick)]
        return node.outcome

    def declared_block_values(self, board: Board) -> list[tuple[dict[str, list[str]], int]]:
        """``reference_block_value`` on a board with triggers: the attackers as the scenario
        declares them; the attack window resolved first unless the scenario says it has
        (``combat.triggers_resolved``), its choices made best (the blocks answer the line it
        reaches); then every legal block with its value."""
        from redzone.solver.damage.solve import pending_windows

        scenario: Any = board.scenario
        attack = dict(scenario.combat.attackers)
        b0 = with_combat(board, attack, {})
        state = GameState.from_board(b0)
        if attack and "attack" in pending_windows(board):
            from redzone.models.triggers.scenario import ScenarioChoices

            given = ScenarioChoices(board)  # the scenario's combat.trigger_choices (issue 21)
            tree = outcomes(given.wrap("attack", lambda ch: attack_window(b0, state.copy(), attack, ch)))
            o = self.principal(tree, lambda o: self.blocks(window_board(b0, attack, o, {}), o.attackers,
                                                           o.state, 0))
            return self.block_values(window_board(b0, attack, o, {}), dict(o.attackers), o.state, 0)
        return self.block_values(b0, attack, state, 0)

    def after_blocks(self, board: Board, attackers: dict[str, str], blocks: dict[str, list[str]],
                     o: Outcome, mana: int) -> int:
        kept = blocks_in_combat(blocks, o.attackers)  # h15: one removed from combat (506.4)
        cur = window_board(board, attackers, o, kept)
        return self.damage(cur, cur, dict(o.attackers), kept, None, 0, o.state, [], mana)

    def damage(self, base: Board, cur: Board, attackers: dict[str, str], blocks: dict[str, list[str]],
               steps: list[Step] | None, i: int, state: GameState, dealt: list[str], mana: int) -> int:
        """Attacker-view value of the rest of combat from damage step ``i`` (``steps``:
        ``None`` before the first, worked out then from the board the windows left, 510.4)."""
        if self.over(state):
            return self.leaf(cur, attackers, state, mana)
        if steps is None:
            steps = remaining_steps(cur, state)
        if i == len(steps):
            return self.leaf(cur, attackers, state, mana)
        problem = damage_problem(cur, steps[i], state=state, first_strike_dealt=dealt)
        mine = {s.id for s in problem.sources if s.decider == self.ap}
        groups: dict[Any, list[dict[str, dict[str, int]]]] = {}
        for a in reference_legal_damage(problem):
            key = tuple(sorted((s, tuple(sorted(r.items()))) for s, r in a.items() if s in mine))
            groups.setdefault(key, []).append(a)
        nxt = list(dealt)
        if steps[i] == "first-strike":
            nxt.extend(s.id for s in problem.sources if s.id not in nxt)
        best = None
        for completions in groups.values():
            worst = None
            for a in completions:
                s2 = state.copy()
                got = deal_damage(cur, s2, [DamageEvent(s, r, n) for s, row in a.items() for r, n in row.items()],
                                  combat=True)
                before = len(s2.destroyed)
                state_based_actions(cur, s2)
                died = list(s2.destroyed[before:])
                losers_leave(cur, s2)
                after, _ = relayered_after_departures(base, s2)
                v = self.after_step(base, after, attackers, blocks, steps, i, s2, nxt, mana, got, died)
                worst = v if worst is None or v < worst else worst
            assert worst is not None
            best = worst if best is None or worst > best else best
        assert best is not None, "a damage step always has a legal assignment"
        return best

    def after_step(self, base: Board, cur: Board, attackers: dict[str, str], blocks: dict[str, list[str]],
                   steps: list[Step], i: int, state: GameState, dealt: list[str], mana: int,
                   got: Any, died: list[str]) -> int:
        """The damage window of step ``i`` (510.3), then the next step."""
        if self.over(state):
            return self.leaf(cur, attackers, state, mana)

        def go(o: Outcome) -> int:
            nxt_cur = window_board(cur, attackers, o, blocks)
            nxt_base = nxt_cur if nxt_cur is not cur else base
            return self.damage(nxt_base, nxt_cur, dict(o.attackers), blocks, steps, i + 1, o.state, dealt,
                               mana)

        last = steps[i] != "first-strike"  # h31: the regular step is the last (510.4)
        tree = outcomes(lambda ch: damage_window(cur, state.copy(), attackers, blocks, got, died, ch,
                                                 last_step=last))
        return self.tree(tree, go)
