"""Proved bounds of the AI's combat game (issue 9): what a position can be worth at
least, found without playing all of it — the least value of an attack whatever is blocked,
a floor under the crack-back when the next player's creatures can only deal so much, and
a block's value right after combat from below without its blocked attackers' damage game.
The search cuts with them, so each must be a true bound (tests/test_ai_search.py checks
them against searched values).

:class:`Bounds` is a part of :class:`redzone.solver.ai_game.Game` (a mixin: it reads the
game's board and caches set up by ``Game.__init__``).
"""

from __future__ import annotations

from collections.abc import Mapping

from redzone.models.abilities import LifeFloor, RedirectDamage, Toxic
from redzone.models.cleanup import ended
from redzone.solver.ai_units import INF, Leaf

# Abilities that leave a creature's damage to a player unchanged and its characteristics
# as printed: keywords (their damage effects are read by Game._floor_parts), toxic,
# landwalk, protection, and the rules of who may attack or block (509.1b-c, 508.1c-d).
_FLOOR_SAFE = frozenset({
    "Keyword", "Toxic", "Landwalk", "Protection", "CantAttack", "CantAttackAlone",
    "CanOnlyAttackAlone", "CantAttackUnlessOthersAttack", "CantAttackUnlessGreaterPowerAttacks",
    "CantAttackUnlessDefenderControls", "AttackCap", "CantAttackYou", "AttackTax",
    "AttacksEachCombat", "MustBeAttacked", "CantAttackOwner", "CantBlock", "CantBlockAlone",
    "CantBlockUnlessOthersBlock", "CantBlockUnlessGreaterPowerBlocks", "BlockCap",
    "CanBlockOnlyFliers", "CanBlockAdditional", "CantBeBlocked", "CantBeBlockedBy",
    "CantBeBlockedByMoreThan", "CantBeBlockedExceptByAtLeast", "BlocksEachCombat",
    "MustBeBlocked", "AllMustBlock", "CantBeBlockedExceptBy", "CantBlockCreatures",
    "CantBeBlockedUnlessAllBlock", "CanBlockShadow", "BlockTax", "AttackOnlyNearestOpponent",
    "CanAttackDespiteDefender"})


class Bounds:
    """Proved lower bounds used by :class:`redzone.solver.ai_game.Game`'s search (a mixin)."""

    def _floor_parts(self) -> tuple[dict[str, tuple[int, int, int]], tuple[int, int, int]] | None:
        """What :meth:`crack_back_floor` needs, worked out once per game, or ``None`` when it
        does not apply. It applies with two players, lookahead 1, the perspective attacking
        (the next player is the opponent), no planeswalker or battle (the next player's
        creatures can then attack only the perspective, 508.1b), no scenario effect, no
        combat-dependent power or toughness, and no ability but keywords, toxic, landwalk,
        protection and the rules of who may attack or block: nothing that prevents,
        replaces, redirects or doubles damage, grants abilities or changes
        characteristics, so the position's value when the next player does not attack is
        its value right after this combat and an attack changes only life totals and
        poison. Returns (per creature of the next player: (life damage, poison, life
        gained) it can deal the perspective at most, 510.1a: its power, twice with double
        strike, 702.4c; as poison with infect, 702.90b, plus toxic, 702.164c; gained with
        lifelink, 702.15b), and their totals."""
        got = self._floor_cache
        if got is not False:
            return got  # type: ignore[return-value]
        out = None
        board = self.board
        if self.lookahead == 1 and self.sign == 1 and self._plain_board():
            o = self._opponents[0]
            kw = board.has_keyword
            parts: dict[str, tuple[int, int, int]] = {}
            for p in board.permanents.values():
                if p.controller != o:
                    continue
                p = ended(p)  # as on the next turn: "until end of turn" effects ended (514.2)
                power = max(p.power or 0, 0)
                strikes = 2 if kw(p, "double strike") else 1
                infect = kw(p, "infect")
                toxic = sum(a.amount for a in p.abilities if isinstance(a, Toxic))
                parts[p.id] = (0 if infect else power * strikes,
                               (power if infect else 0) * strikes + toxic * strikes,
                               power * strikes if kw(p, "lifelink") else 0)
            total = tuple(sum(x[i] for x in parts.values()) for i in range(3))
            out = (parts, total)
        self._floor_cache = out
        return out

    def _plain_board(self) -> bool:
        """Two players, no planeswalker or battle (every creature attacks the defending
        player, 508.1b), no scenario effect, no combat-dependent power or
        toughness, and no ability but keywords, toxic, landwalk, protection and the rules
        of who may attack or block (:data:`_FLOOR_SAFE`): nothing prevents, replaces,
        redirects or doubles damage, grants abilities or changes characteristics, and no
        permanent couples units. Worked out once per game."""
        got = self._plain
        if got is None:
            board = self.board
            got = self._plain = bool(
                self._two and not board.has_combat_effects
                and not getattr(board.scenario, "effects", None)
                and all(not p.is_a("Planeswalker") and not p.is_a("Battle")
                        and all(type(a).__name__ in _FLOOR_SAFE for a in p.abilities)
                        for p in board.permanents.values()))
        return got

    def _blockless(self, attack: Mapping[str, str]) -> bool:
        """Whether :meth:`crack_back_floor` applies after ``attack``: :meth:`_floor_parts`
        does, and the perspective (the attacking player) has no creature left to block in
        the next turn: each is tapped already or attacks without vigilance and stays
        tapped (302.6, 502.3; 509.1a: only untapped creatures block)."""
        if self._floor_parts() is None:
            return False
        seen = self._seen_blockless
        if seen is not None and seen[0] is attack:
            return seen[1]
        me = self.perspective
        vigilant = self._vigilant
        ok = all(p.tapped or (p.id in attack and p.id not in vigilant)
                 for p in self.board.permanents.values() if p.controller == me and p.is_creature)
        self._seen_blockless = (attack, ok)
        return ok

    def crack_back_floor(self, leaves: list[Leaf]) -> int | None:
        """A proved lower bound of the perspective value after the next player's best attack
        (:meth:`crack_back`) in the position after this combat (the units' ``leaves``), when
        :meth:`_blockless` holds for the combat's attack (the caller checks it): nobody can
        block the next player's creatures, so their attack only takes life from the
        perspective (or gives poison) and gains the next player life, by at most what the
        creatures that survived this combat can deal (:meth:`_floor_parts`); the evaluation
        only falls as that happens (``life_value`` grows with life, ``poison_value`` falls
        with poison), and the next player's attack costs (mana, or life they pay) only
        raise it. Only for a combat
        that does not finish the game (the caller has a finished game's exact value);
        ``None`` when it does not apply."""
        facts = self._floor_parts()
        if facts is None:
            return None
        parts, (dmg, psn, gain) = facts
        # A first-strike step that ended the game makes the combat a finished game, never
        # asked about here; otherwise the units' whole changes stand (combine).
        life, poison, v = self._totals(leaves)
        for leaf in leaves:
            for pid in leaf.delta[3]:
                x = parts.get(pid)
                if x is not None:
                    dmg, psn, gain = dmg - x[0], psn - x[1], gain - x[2]
        me, o = self.perspective, self._opponents[0]
        ev = self.ev
        if life[o] <= 0 or poison[o] >= 10 or life[me] <= 0 or poison[me] >= 10:
            return None  # a finished game: the caller has its exact value
        if life[me] - dmg <= 0 or poison[me] + psn >= 10:
            return -ev.win
        v += ev.player_score(me, life[me] - dmg, poison[me] + psn)
        v += ev.player_score(o, life[o] + gain, poison[o])
        return ev.clamp(v)

    def least_value(self, attack_cost: int) -> int:
        """A proved lower bound of the attacker-view value of every block against an attack
        costing ``attack_cost`` mana: a lost game for the attacking player (``-win``, CR
        104.3a; every other score is above it, :meth:`Evaluator.clamp`) less the attack's
        mana (block costs only raise it). A block that makes the attacking player lose is
        then the defending players' best answer and ends the search of that attack. At
        lookahead 1 with two players the crack-back keeps the bound: the next player's
        opponent may always answer with a block that costs nothing (509.1c-d: the maximum
        of requirements is counted over blocks without costs), so their value is at least a
        lost game too. ``-INF`` (no bound) for lookahead 1 with more players."""
        if self.lookahead == 1 and not self._two:
            return -INF
        return -self.ev.win - int(round(self._mana_w * 1000)) * attack_cost

    def forced_floor(self, attack: Mapping[str, str], attack_cost: int) -> int:
        """A proved lower bound of the attacker-view value of every block against ``attack``
        (``-INF`` when none is proved): a won game (less the attack's mana) when the
        attackers no creature can block, whose damage involves no choice, make the defending
        player lose whatever the blocks (704.5a, 704.5c). Proved for two players when
        nothing can raise the defending player's life or take damage elsewhere (no
        lifelink among their permanents, 702.15b; no damage prevention, replacement,
        redirection, life floor or grants on the board, so other units only add damage and
        poison), and
        when the attacking player can't lose in this combat (blocking creatures deal damage
        only to attacking creatures, 510.1b-c). The value of a won game is then the
        evaluation's ``win`` plus the mana term, which block costs only raise."""
        key = ("floor", self.attack_facts(attack)[0], attack_cost)
        got = self._fixed.get(key)
        if got is not None:
            return got
        got = -INF
        if self._floor_facts is None:
            board = self.board
            safe = fs = False
            if (self._two and not self._coupling
                    and not board.abilities_of_kind((RedirectDamage, LifeFloor))):
                o = self._opponents[0]
                ap = self.ap
                safe = self._base_life[ap] > 0 and self._base_poison[ap] < 10 and not any(
                    p.controller == o and board.has_keyword(p, "lifelink")
                    for p in board.permanents.values())
                fs = any(p.controller == o and p.id in self._strikes_first
                         for p in board.permanents.values())
            self._floor_facts = (safe, fs)
        safe, fs = self._floor_facts
        if safe and attack:
            o = self._opponents[0]
            plain = self.steps_for(attack, {})
            kinds = {plain, ("first-strike", "regular")} if fs else {plain}
            dead = True
            for steps in kinds:
                if not dead:
                    break
                fixed = self._fixed_part(attack, steps)
                leaf = fixed[0] if fixed is not None else None
                if leaf is None:
                    dead = False
                    break
                life = self._base_life[o] + sum(d for p, d in leaf.delta[0] if p == o)
                poison = self._base_poison[o] + sum(d for p, d in leaf.delta[1] if p == o)
                dead = life <= 0 or poison >= 10
            if dead:
                got = self.ev.win - int(round(self._mana_w * 1000)) * attack_cost
        self._fixed[key] = got
        return got

    def _blocker_harm(self, pid: str) -> int:
        """The most combat damage the blocking creature ``pid`` deals the creatures it
        blocks (its power, twice with double strike, 510.1c, 702.4c), or :data:`INF` when
        any of it may destroy or weaken one (deathtouch 702.2b, infect 702.90b, wither
        702.80a); for :meth:`static_floor`."""
        got = self._harm.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            if kw(perm, "deathtouch") or kw(perm, "infect") or kw(perm, "wither"):
                got = INF
            else:
                got = max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
            self._harm[pid] = got
        return got

    def _blocker_gain(self, pid: str) -> int:
        """The most life the blocking creature ``pid`` gains its controller in this combat:
        its combat damage with lifelink (702.15b), else 0; for :meth:`static_floor`."""
        got = self._gain.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            got = (max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
                   if kw(perm, "lifelink") else 0)
            self._gain[pid] = got
        return got

    def _attacker_room(self, pid: str) -> int:
        """The damage the attacking creature ``pid`` can be dealt and survive with nothing
        changed but marked damage (less than lethal damage, 704.5g; indestructible
        ignored: a bound); for :meth:`static_floor`."""
        perm = self.board.permanents[pid]
        return (perm.toughness or 0) - perm.damage

    def static_floor(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                     mana: int) -> int | None:
        """A proved lower bound of :meth:`static_value` (attacker view: ``sign`` × the
        perspective value with ``mana``, the mana term in perspective milli-points) built
        without the blocked attackers' units, or ``None`` when it does not apply (where
        :meth:`_plain_board` does not hold, or with bands). Every blocked attacking creature is taken as
        destroyed (unless its blockers can't deal it lethal damage and none has
        deathtouch, infect or wither: it then survives with marked damage only, which the
        evaluation ignores, 514.2) and dealing no damage to the player, every blocking
        creature as surviving unchanged and gaining its controller the most its lifelink
        can (its power, twice with double strike, 702.15b, 702.4c); the unblocked
        attackers' damage, which involves no choice, is their units' (:meth:`_fixed_part`).
        Blocking creatures deal combat damage only to the attacking creatures they block
        (510.1c-d), so any result of the damage game differs from this one only in ways
        the evaluation values at least as much for the attacking player: an attacking
        creature kept or weakened (its value is at least 0, the value of one that left), a
        blocking creature destroyed or weakened (-1/-1 counters, 702.90b), the defending
        player dealt damage or poison, the attacking player gaining life, the defending
        player gaining less (the weights are at least 0 and ``life_scale`` positive, so the
        evaluation moves with every one of these: :class:`Weights`). At lookahead 0 this
        bounds the block's value itself (:meth:`block_value`); at lookahead 1 only its
        static value (:meth:`_block_order`). The life paid for the declarations
        (:meth:`payment`, 119.4) is counted as it is (the attacking player's own payment
        lowers the bound); ``None`` when that payment ends the game alone."""
        if not self._plain_board() or getattr(getattr(self.board.scenario, "combat", None), "bands", None):
            return None
        steps = self.steps_for(attack, blocks)
        key = ("static floor", self.attack_facts(attack)[0], steps)
        per = self._fixed.get(key)
        if per is None:
            # Per attacking creature: (id, the damage it survives, its value, its unit's
            # outcome when unblocked or None when that involves a choice); the merged
            # outcome of those nobody can block. (No coupling here: the units are apart,
            # with no creature nobody can block when _fixed_part is None.)
            fixed = self._fixed_part(attack, steps)
            merged, rest = fixed if fixed is not None else (None, attack)
            rows = []
            for a, t in rest.items():
                tree = self.unit_tree((((a, t),), ()), steps)
                rows.append((a, self._attacker_room(a), self.ev.permanent_score(a),
                             tree if isinstance(tree, Leaf) else None))
            per = self._fixed[key] = (merged, rows)
        merged, rows = per
        hit: dict[str, int] = {}
        gain = 0
        harm, life_gain = self._harm, self._gain
        for b, lst in blocks.items():
            if lst:
                x = life_gain.get(b)
                gain += x if x is not None else self._blocker_gain(b)
            h = harm.get(b)
            if h is None:
                h = self._blocker_harm(b)
            for a in lst:
                hit[a] = hit.get(a, 0) + h
        ev = self.ev
        v = 0
        leaves = [merged] if merged is not None else []
        pay = self.payment(attack, blocks)
        if pay is not None:
            # The life paid for the declarations (119.4) is the same in every result of
            # the damage game: part of the bound as it is; a payment that ends the game
            # alone is valued exactly by damage_value (no bound needed).
            if self._pay_ends(pay):
                return None
            leaves.append(pay)
        for a, room, score, leaf in rows:
            got = hit.get(a)
            if got is not None:
                if got >= room:
                    v -= score
                continue
            if leaf is None:
                return None
            leaves.append(leaf)
        life, poison, total = self._totals(leaves)
        v += total
        o = self._opponents[0]
        life[o] += gain
        me = self.perspective
        if life[me] <= 0 or poison[me] >= 10:
            v = -ev.win
        elif any(life[p] <= 0 or poison[p] >= 10 for p in life if p != me):
            v = ev.win
        else:
            for p in life:
                v += ev.player_score(p, life[p], poison[p])
            v = ev.clamp(v)
        return self.sign * (v + mana)
