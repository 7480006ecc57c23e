"""Proved bounds of the AI's combat game (issue 9): what a position can be worth at
least, found without playing all of it — the least value of an attack whatever is blocked,
a floor under the crack-back, and a block's value right after combat from below without
its blocked attackers' damage game. The search cuts with them, so each must be a true bound
(tests/test_ai_search.py checks them against searched values).

Owns :class:`Combatants` (what each creature deals and takes, read once) and
:class:`Bounds`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from redzone.models.abilities import LifeFloor, LifeGain, Protection, RedirectDamage, Toxic
from redzone.models.cleanup import ended
from redzone.solver.ai.tree import INF, Leaf

if TYPE_CHECKING:
    from redzone.models.evaluation import Evaluator
    from redzone.solver.ai.declarations import Declarations
    from redzone.solver.ai.facts import Facts, Status
    from redzone.solver.ai.units import UnitGames

# Abilities that leave a creature's damage to a player unchanged and its characteristics
# as printed: keywords (their damage effects are read by Bounds.floor_parts), toxic,
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


class Combatants:
    """What each creature can deal and take in a combat, read from its characteristics once
    and cached: read by the bounds, the prefix floor, the lords' links and the branch and
    bound."""

    def __init__(self, facts: Facts, ev: Evaluator) -> None:
        self.facts = facts
        self.ev = ev
        # Facts read here, bound once (several are read in inner loops).
        self.board = facts.board
        self.perspective = facts.perspective
        self.harm_of: dict[str, int] = {}
        self.hurt_of: dict[str, tuple[int, int]] = {}
        self.gain_of: dict[str, int] = {}
        self._weak_parts: dict[tuple[str, int], int] = {}
        self.through_of: dict[str, tuple[int, int, bool, int, bool, bool, int]] = {}
        """Per creature, what :func:`redzone.solver.ai.block_search.shortfall` reads (filled
        there)."""

    def harm(self, pid: str) -> int:
        """The most combat damage the blocking creature ``pid`` deals the creatures it
        blocks (its power, twice with double strike, 510.1c, 702.4c), or :data:`INF` when
        any of it may destroy or weaken one (deathtouch 702.2b, infect 702.90b, wither
        702.80a); for :meth:`static_floor`."""
        got = self.harm_of.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            if kw(perm, "deathtouch") or kw(perm, "infect") or kw(perm, "wither"):
                got = INF
            else:
                got = max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
            self.harm_of[pid] = got
        return got

    def hurt(self, pid: str) -> tuple[int, int]:
        """(the most combat damage the blocking creature ``pid`` deals the creatures it
        blocks, the most -1/-1 counters it puts on them): its power, twice with double
        strike (510.1c, 702.4c), as damage, or as -1/-1 counters with wither or infect
        (702.80a, 702.90b); the damage is :data:`INF` with deathtouch and some power (any
        of it destroys, 702.2b); for :meth:`static_floor`."""
        got = self.hurt_of.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            amount = max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
            if amount and kw(perm, "deathtouch"):
                got = (INF, 0)
            elif kw(perm, "infect") or kw(perm, "wither"):
                got = (0, amount)
            else:
                got = (amount, 0)
            self.hurt_of[pid] = got
        return got

    def gain(self, pid: str) -> int:
        """The most life the blocking creature ``pid`` gains its controller in this combat:
        its combat damage with lifelink (702.15b), else 0; for :meth:`static_floor`."""
        got = self.gain_of.get(pid)
        if got is None:
            perm = self.board.permanents[pid]
            kw = self.board.has_keyword
            got = (max(perm.power or 0, 0) * (2 if kw(perm, "double strike") else 1)
                   if kw(perm, "lifelink") else 0)
            self.gain_of[pid] = got
        return got

    def weakened(self, pid: str, counters: int) -> int:
        """The evaluation's part (:meth:`Evaluator.permanent_score`, perspective
        milli-points) of the creature ``pid`` with ``counters`` more -1/-1 counters (each
        -1/-1, 122.1a, 613.4c); for :meth:`static_floor`."""
        got = self._weak_parts.get((pid, counters))
        if got is None:
            perm = self.board.permanents[pid]
            v = self.ev.creature_value(pid, (perm.power or 0) - counters, (perm.toughness or 0) - counters)
            got = self._weak_parts[(pid, counters)] = v if perm.controller == self.perspective else -v
        return got

    def room(self, pid: str) -> int:
        """The damage the attacking creature ``pid`` can be dealt and survive with nothing
        changed but marked damage (less than lethal damage, 704.5g; indestructible
        ignored: a bound); for :meth:`static_floor`."""
        perm = self.board.permanents[pid]
        return (perm.toughness or 0) - perm.damage


class Bounds:
    """Proved lower bounds the search of :class:`redzone.solver.ai.search.Game` cuts with:
    :meth:`static_floor` (a block's value right after combat), :meth:`forced_floor`,
    :meth:`least_value` (an attack's), :meth:`crack_back_floor` (the crack-back's); each
    worked out from :class:`Facts`, the units' trees and :class:`Combatants`."""

    def __init__(self, facts: Facts, status: Status, ev: Evaluator, declarations: Declarations,
                 units: UnitGames, combatants: Combatants) -> None:
        self.facts = facts
        self.status = status
        self.ev = ev
        self.declarations = declarations
        self.units = units
        self.combatants = combatants
        # Facts read here, bound once (several are read in inner loops).
        self._base_life = facts.base_life
        self._base_perm = facts.base_perm
        self._base_poison = facts.base_poison
        self._block_life = facts.block_life
        self._coupling = facts.coupling
        self._mana_w = facts.mana_w
        self._opponents = facts.opponents
        self._strikes_first = facts.strikes_first
        self._two = facts.two
        self._commander = facts.commander
        self._vigilant = facts.vigilant
        self.ap = facts.ap
        self.attack_paid = facts.attack_paid
        self.board = facts.board
        self.perspective = facts.perspective
        self.problem = facts.problem
        self.sign = facts.sign
        self._floor_cache: Any = False
        self._plain: bool | None = None
        self._seen_blockless: tuple[Any, bool] | None = None
        self._floor_facts: tuple[bool, bool] | None = None
        self._floor_ok: bool | None = None
        self._kills: dict[Any, tuple[int, bool]] = {}
        self._player_parts: dict[tuple[int, int, int, int], Any] = {}
        self._floor_row: dict[tuple[str, str, tuple[str, ...]], Any] = {}
        self._per_attack: dict[Any, Any] = {}

    def floor_ok(self) -> bool:
        """Whether :meth:`static_floor` applies on this board: a :meth:`plain_board`
        without bands. Worked out once."""
        ok = self._floor_ok
        if ok is None:
            ok = self._floor_ok = self.plain_board() and not getattr(
                getattr(self.board.scenario, "combat", None), "bands", None)
        return ok

    def floor_parts(self) -> tuple[dict[str, tuple[int, int, int]], tuple[int, int, int]] | None:
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
        if self.status.lookahead == 1 and self.sign == 1 and self.plain_board():
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
            total = (sum(x[0] for x in parts.values()), sum(x[1] for x in parts.values()),
                     sum(x[2] for x in parts.values()))
            out = (parts, total)
        self._floor_cache = out
        return out

    def plain_board(self) -> bool:
        """Two players, no planeswalker or battle (every creature attacks the defending
        player, 508.1b), no scenario effect, no combat-dependent power or
        toughness, no ability under a condition combat can change (611.3a), and no ability but keywords, toxic, landwalk, protection and the rules
        of who may attack or block (:data:`_FLOOR_SAFE`): nothing prevents, replaces,
        redirects or doubles damage, grants abilities or changes characteristics, and no
        permanent couples units. Worked out once per game."""
        got = self._plain
        if got is None:
            board = self.board
            got = self._plain = bool(
                self._two and not self._commander  # (the floors know no commander damage)
                and not board.has_combat_effects and not self.ev.condition_sources
                and not getattr(board.scenario, "effects", None)
                and all(not p.is_a("Planeswalker") and not p.is_a("Battle")
                        and all(type(a).__name__ in _FLOOR_SAFE for a in p.abilities)
                        for p in board.permanents.values()))
        return got

    def blockless(self, attack: Mapping[str, str]) -> bool:
        """Whether :meth:`crack_back_floor` applies after ``attack``: :meth:`Bounds.floor_parts`
        does, and the perspective (the attacking player) has no creature left to block in
        the next turn: each is tapped already or attacks without vigilance and stays
        tapped (302.6, 502.3; 509.1a: only untapped creatures block)."""
        if self.floor_parts() is None:
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
        :meth:`Bounds.blockless` holds for the combat's attack (the caller checks it): nobody can
        block the next player's creatures, so their attack only takes life from the
        perspective (or gives poison) and gains the next player life, by at most what the
        creatures that survived this combat can deal (:meth:`Bounds.floor_parts`); the evaluation
        only falls as that happens (``life_value`` grows with life, ``poison_value`` falls
        with poison), and the next player's attack costs (mana, or life they pay) only
        raise it. Only for a combat
        that does not finish the game (the caller has a finished game's exact value);
        ``None`` when it does not apply."""
        facts = self.floor_parts()
        if facts is None:
            return None
        parts, (dmg, psn, gain) = facts
        # A first-strike step that ended the game makes the combat a finished game, never
        # asked about here; otherwise the units' whole changes stand (combine).
        life, poison, v = self.units.totals(leaves)
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
        if self.status.lookahead == 1 and not self._two:
            return -INF
        return -self.ev.win - int(round(self._mana_w * 1000)) * attack_cost

    def forced_floor(self, attack: Mapping[str, str], attack_cost: int) -> int:
        """A proved lower bound of the attacker-view value of every block against ``attack``
        (``-INF`` when none is proved): a won game (less the attack's mana) when the
        attackers no creature can block, whose damage involves no choice, make the defending
        player lose whatever the blocks (704.5a, 704.5c). Proved for two players when
        nothing can raise the defending player's life or take damage elsewhere (no
        lifelink among their permanents, 702.15b; no damage prevention, replacement,
        redirection, life floor, life gain rule or grants on the board, so other units only add damage and
        poison), and
        when the attacking player can't lose in this combat (blocking creatures deal damage
        only to attacking creatures, 510.1b-c). The value of a won game is then the
        evaluation's ``win`` plus the mana term, which block costs only raise."""
        key = ("floor", self.declarations.attack_facts(attack)[0], attack_cost)
        got = self._per_attack.get(key)
        if got is not None:
            return got
        got = -INF
        if self._floor_facts is None:
            board = self.board
            safe = fs = False
            if (self._two and not self._coupling
                    and not board.abilities_of_kind((RedirectDamage, LifeFloor, LifeGain))):
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
            plain = self.declarations.steps_for(attack, {})
            kinds = {plain, ("first-strike", "regular")} if fs else {plain}
            dead = True
            for steps in kinds:
                if not dead:
                    break
                fixed = self.units.fixed_part(attack, steps)
                leaf = fixed[0] if fixed is not None else None
                if leaf is None:
                    dead = False
                    break
                life = self._base_life[o] + sum(d for p, d in leaf.delta[0] if p == o)
                poison = self._base_poison[o] + sum(d for p, d in leaf.delta[1] if p == o)
                dead = life <= 0 or poison >= 10
            if dead:
                got = self.ev.win - int(round(self._mana_w * 1000)) * attack_cost
        self._per_attack[key] = got
        return got

    def kill_claim(self, a: str, blockers: tuple[str, ...]) -> tuple[int, bool]:
        """What the blocked attacking creature ``a`` is sure to do to ``blockers`` (the
        creatures blocking it and nothing else) when its controller assigns its combat
        damage to destroy as many of them as it can, whatever the defending player does:
        (the evaluation's gain for the attacking player, attacker-view milli-points, from
        the blockers so destroyed; whether ``a`` is then sure to survive). For
        :meth:`static_floor`, on a :meth:`Bounds.plain_board` without bands.

        The strategy: ``a`` assigns lethal damage (toughness less damage marked, 120.4a; 1
        from a deathtouch source, 702.2c) to each creature of a set S of its blockers and
        the rest of its damage to one of them (legal: 510.1c-d; trample excess is optional,
        702.19b; under the 2023 rules, only with one blocker, where no damage assignment
        order constrains it). Nothing on a plain board prevents, redirects or replaces
        that damage, and only ``a`` deals damage to these blockers (510.1c-d: a blocking
        creature is dealt damage by the creatures it blocks only), so each creature of S is
        destroyed by state-based actions (704.5g; 704.5h deathtouch; 704.5f when wither or
        infect turn the damage into -1/-1 counters, 702.80a, 702.90b) — provided ``a``
        deals its damage at all: it does in the first-strike step when it has first or
        double strike (510.4, 702.7b, 702.4b), and otherwise in the regular step when the
        blockers that deal first-strike damage can't destroy it first (their power, twice
        with double strike, below lethal damage, none with deathtouch, wither or infect,
        :meth:`Combatants.harm`). Left out of S: indestructible creatures (702.12b) and
        creatures with protection (702.16e, damage prevented), and everything when ``a`` or
        a blocker has banding (702.22j: the defending player would divide ``a``'s damage).
        ``a`` survives for sure when it strikes first, S is all its blockers and none of
        them has first or double strike: they leave after the first-strike step and deal
        no damage (510.4). S is chosen for the most value (all the blockers when their
        lethal damage adds up to at most ``a``'s power; otherwise the best subset that
        fits, by brute force over at most six blockers, else none). The value of a creature
        destroyed is 0, so each destroyed blocker changes the evaluation by minus its
        :meth:`Evaluator.permanent_score`, which is at least 0 for the attacking player (a
        defending player's creature; the creature weights are at least 0)."""
        key = (a, blockers)
        got = self._kills.get(key)
        if got is not None:
            return got
        got = (0, False)
        board = self.board
        perms = board.permanents
        kw = board.has_keyword
        perm = perms[a]
        power = max(perm.power or 0, 0)
        fs = self._strikes_first
        if (power > 0 and (len(blockers) == 1 or board.rules != "2023")
                and not kw(perm, "banding") and not any(kw(perms[b], "banding") for b in blockers)):
            strikes_first = a in fs
            if strikes_first:
                deals = True
            else:
                harm = 0
                for b in blockers:
                    if b in fs:
                        harm += self.combatants.harm(b)
                deals = harm < self.combatants.room(a)
            if deals:
                deathtouch = kw(perm, "deathtouch")
                ev = self.ev
                rows = []  # (blocker's lethal damage, attacker-view gain when destroyed)
                for b in blockers:
                    bp = perms[b]
                    need = (bp.toughness or 0) - bp.damage
                    if (need <= 0 or kw(bp, "indestructible")
                            or any(isinstance(x, Protection) for x in bp.abilities)):
                        continue
                    rows.append((1 if deathtouch else need, -self.sign * ev.permanent_score(b)))
                gain = 0
                if len(rows) == len(blockers) and sum(n for n, _ in rows) <= power:
                    gain = sum(g for _, g in rows)
                    got = (gain, strikes_first and not any(b in fs for b in blockers))
                elif len(rows) <= 6:
                    for mask in range(1, 1 << len(rows)):
                        chosen = [rows[i] for i in range(len(rows)) if mask >> i & 1]
                        if sum(n for n, _ in chosen) <= power:
                            gain = max(gain, sum(g for _, g in chosen))
                    got = (gain, False)
        self._kills[key] = got
        return got

    def floor_rows(self, attack: Mapping[str, str], steps: tuple[str, ...]) -> Any:
        """What :meth:`static_floor` reads of ``attack`` with these damage steps, worked out
        once: (per attacking creature not merged by :meth:`UnitGames.fixed_part`, (id, the damage it
        survives, its value, its unit's outcome when unblocked as (value, life and poison
        changes of the attacking and the defending player), or ``None`` when that involves
        a choice); the base position (permanents' part, life and poison of the attacking
        and the defending player) with the merged outcome of those nobody can block)."""
        key = ("static floor", self.declarations.attack_facts(attack)[0], steps)
        per = self._per_attack.get(key)
        if per is not None:
            return per
        ap, o = self.ap, self._opponents[0]
        # Per attacking creature: (id, the damage it survives, its value, its unit's
        # outcome when unblocked as (value, life and poison changes of the attacking
        # and the defending player), or None when that involves a choice); the base
        # position with the merged outcome of those nobody can block added. (No
        # coupling here: the units are apart, with no creature nobody can block when
        # _fixed_part is None.)
        fixed = self.units.fixed_part(attack, steps)
        merged, rest = fixed if fixed is not None else (None, attack)

        def changes(leaf: Leaf) -> tuple[int, int, int, int, int]:
            life, poison = dict(leaf.delta[0]), dict(leaf.delta[1])
            return (leaf.value, life.get(ap, 0), life.get(o, 0), poison.get(ap, 0), poison.get(o, 0))

        rows = []
        cached = self._floor_row
        for a, t in rest.items():
            row = cached.get((a, t, steps))
            if row is None:
                tree = self.units.unit_tree((((a, t),), ()), steps)
                row = cached[(a, t, steps)] = (a, self.combatants.room(a), self.ev.permanent_score(a),
                                               changes(tree) if isinstance(tree, Leaf) else None)
            rows.append(row)
        m = changes(merged) if merged is not None else (0, 0, 0, 0, 0)
        base = (self._base_perm + m[0], self._base_life[ap] + m[1], self._base_life[o] + m[2],
                self._base_poison[ap] + m[3], self._base_poison[o] + m[4])
        per = self._per_attack[key] = (rows, base)
        return per

    def static_floor(self, attack: Mapping[str, str], blocks: Mapping[str, list[str]],
                     mana: int) -> int | None:
        """A proved lower bound of :meth:`static_value` (attacker view: ``sign`` × the
        perspective value with ``mana``, the mana term in perspective milli-points) built
        without the blocked attackers' units, or ``None`` when it does not apply (where
        :meth:`Bounds.plain_board` does not hold, or with bands). Every blocked attacking creature is taken as
        destroyed unless its blockers can't deal it lethal damage: their damage and -1/-1
        counters (:meth:`Combatants.hurt`; any deathtouch damage destroys) add up to less
        than its toughness less the damage marked on it (704.5f-g), when it survives with
        marked damage only (ignored by the evaluation, 514.2) and at worst all those
        counters (valued as such, :meth:`Combatants.weakened`; fewer counters leave it worth more).
        It deals no damage to the player and destroys only the blockers
        :meth:`Bounds.kill_claim` shows it can destroy whatever the defending player does (then,
        when it strikes first and destroys all of them, it survives); the other blocking
        creatures survive unchanged, each gaining its controller the most its lifelink
        can (its power, twice with double strike, 702.15b, 702.4c); the unblocked
        attackers' damage, which involves no choice, is their units' (:meth:`UnitGames.fixed_part`).
        This is the position after one strategy of the attacking player (the
        assignments of :meth:`Bounds.kill_claim`) and the worst the defending player can make
        of it, so the damage game's value (the attacking player's best) is at least it:
        blocking creatures deal combat damage only to the attacking creatures they block
        (510.1c-d), so any result differs from this one only in ways the evaluation values
        at least as much for the attacking player: an attacking creature kept or weakened
        less (its value is at least 0, the value of one that left), a blocking creature
        destroyed or weakened (-1/-1 counters, 702.90b), the defending player dealt damage
        or poison, the attacking player gaining life, the defending player gaining less
        (the weights are at least 0 and ``life_scale`` positive, so the evaluation moves
        with every one of these: :class:`Weights`). At lookahead 0 this
        bounds the block's value itself (:meth:`block_value`); at lookahead 1 only its
        static value (:meth:`BlockOrder.block_order`). The life paid for the declarations
        (:meth:`payment`, 119.4) is counted as it is (the attacking player's own payment
        lowers the bound); ``None`` when that payment ends the game alone."""
        ok = self._floor_ok
        if ok is None:
            ok = self._floor_ok = self.plain_board() and not getattr(
                getattr(self.board.scenario, "combat", None), "bands", None)
        if not ok:
            return None
        fs = self._strikes_first
        steps = (("first-strike", "regular") if fs and (self.declarations.attack_facts(attack)[1] or any(
            b in fs for b, a in blocks.items() if a)) else ("regular",))
        per = self._per_attack.get(("static floor", self.declarations.attack_facts(attack)[0], steps))
        if per is None:
            per = self.floor_rows(attack, steps)
        ap, o = self.ap, self._opponents[0]
        rows, base = per
        hit: dict[str, int] = {}
        weak: dict[str, int] = {}
        by: dict[str, list[str]] = {}
        shared: set[str] = set()
        gain = 0
        hurt, life_gain = self.combatants.hurt_of, self.combatants.gain_of
        for b, lst in blocks.items():
            if not lst:
                continue
            x = life_gain.get(b)
            gain += x if x is not None else self.combatants.gain(b)
            h = hurt.get(b)
            if h is None:
                h = self.combatants.hurt(b)
            dmg, ctr = h
            for a in lst:
                hit[a] = hit.get(a, 0) + dmg + ctr
                if ctr:
                    weak[a] = weak.get(a, 0) + ctr
            if len(lst) == 1:
                mine = by.get(lst[0])
                if mine is None:
                    by[lst[0]] = [b]
                else:
                    mine.append(b)
            else:
                shared.update(lst)  # a blocker of several attackers: no claim there
        v, life_ap, life_o, poison_ap, poison_o = base
        if (self.attack_paid and self.problem.life_costs) or self._block_life:
            pay = self.units.payment(attack, blocks)
            if pay is not None:
                # The life paid for the declarations (119.4) is the same in every result
                # of the damage game: part of the bound as it is; a payment that ends the
                # game alone is valued exactly by damage_value (no bound needed).
                if self.units.pay_ends(pay):
                    return None
                paid = dict(pay.delta[0])
                life_ap += paid.get(ap, 0)
                life_o += paid.get(o, 0)
        sign = self.sign
        kills = self._kills
        for a, room, score, leaf in rows:
            got = hit.get(a)
            if got is not None:
                mine = by.get(a)
                if mine is not None and a not in shared:
                    claim = (a, tuple(mine))
                    kv = kills.get(claim)
                    if kv is None:
                        kv = self.kill_claim(*claim)
                    v += sign * kv[0]
                    if kv[1]:
                        continue
                if got >= room:
                    v -= score
                else:
                    c = weak.get(a)
                    if c:
                        v += self.combatants.weakened(a, c) - score
                continue
            if leaf is None:
                return None
            v += leaf[0]
            life_ap += leaf[1]
            life_o += leaf[2]
            poison_ap += leaf[3]
            poison_o += leaf[4]
        life_o += gain
        return self.floor_end(v, life_ap, poison_ap, life_o, poison_o, mana)

    def floor_end(self, v: int, life_ap: int, poison_ap: int, life_o: int, poison_o: int,
                   mana: int) -> int:
        """Attacker-view value (:meth:`static_floor`) of the position whose permanents' part
        is ``v`` (perspective milli-points) with these life totals and poison counters of
        the attacking and the defending player, and the mana term ``mana``: a lost game for
        the perspective when it is at 0 life or 10 poison (704.5a, 704.5c), else a won one
        when the other player is, else the clamped evaluation. It never falls when
        ``sign × v`` rises, the attacking player's life rises or poison falls, or the
        defending player's life falls or poison rises (``life_value`` rises with life,
        ``poison_value`` falls with poison, a finished game lies beyond every clamped
        score)."""
        ap = self.ap
        players = (life_ap, poison_ap, life_o, poison_o)
        part = self._player_parts.get(players)
        if part is None:
            ev = self.ev
            if self.perspective == ap:
                mine_lost = life_ap <= 0 or poison_ap >= 10
                other_lost = life_o <= 0 or poison_o >= 10
            else:
                mine_lost = life_o <= 0 or poison_o >= 10
                other_lost = life_ap <= 0 or poison_ap >= 10
            # (the players' part, or the value of a finished game)
            part = ((-ev.win,) if mine_lost else (ev.win,) if other_lost else
                    ev.player_score(ap, life_ap, poison_ap) + ev.player_score(self._opponents[0], life_o, poison_o))
            self._player_parts[players] = part
        sign = self.sign
        if isinstance(part, tuple):
            return sign * (part[0] + mana)
        return sign * (self.ev.clamp(v + part) + mana)
