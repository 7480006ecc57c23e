"""h25: more "if" conditions of triggered abilities of combat, read into the one
:class:`redzone.models.triggers.types.IfTest` evaluator (CR 603.4 intervening "if"s, 608.2c
conditions checked on resolution; issue 21; docs/triggers.md "Conditions of effects").

:func:`read` is hooked into :func:`redzone.models.triggers.conditions.if_test` (after the
conditions read there and in :mod:`redzone.models.triggers.reflexive`); :func:`holds` into
``resolve._Play.test``. Read here, each decided from the scenario and the play:

- "it's the first combat phase of the turn" / "of your turn" (``"first_combat"``): the
  scenario's ``combat_number`` is 1 (505.1; 500.8 adds combat phases), and for "your turn"
  the ability's controller is the active player;
- "you have no cards in hand", "you have N or more cards in [your] hand", "defending player
  has N or fewer cards in hand" (``"hand_at_least"`` / ``"hand_at_most"``, ``measure``
  ``"you"`` / ``"defending"``): the scenario's ``players[].hand`` (what it says is there)
  less the cards put from it onto the battlefield in this combat (cards a value-only effect
  draws or discards are not tracked: the known limit of values, docs/triggers.md); h34: a
  hand the scenario doesn't state is unknown, never taken as empty — the ability is not
  played (:func:`hand_not_stated`, its line says so and ``not_played`` lists it);
- "~ is untapped" / "~ is tapped" (``"source_untapped"``, ``none``: tapped), the source now;
- "~ is monstrous" (``"source_monstrous"``, 701.37b): the permanent's ``conditions``
  ``{"monstrous": true}`` (a designation no combat gives: monstrosity is activated);
  unstated, it isn't (like ``renowned``);
- "you have the city's blessing" (``"city_blessing"``, 702.131): stated in the source's
  ``conditions`` (``{"city's blessing": true}``: a designation kept for the rest of the
  game, 702.131c), or you control ten or more permanents now, one of them with ascend (it
  gives the blessing at once, 702.131b); unstated otherwise, you haven't it;
- "you're the defending player" (``"you_defending"``): the creature whose attack it was
  attacks the ability's controller or a planeswalker or battle they defend (506.2);
- "that player has more life than each other player" (``"player_most_life"``): the player
  of the event (dealt the damage) has a greater life total now than every other player
  still in the game (119);
- "it didn't die" (``"trigger_not_died"``: the creature of a "leaves the battlefield" event
  was exiled or returned to a hand, 700.4), "it had / didn't have decayed" (a keyword of the
  creature of the event as it last existed, 608.2h), "it isn't being declared as an
  attacker" (``"not_declared_tapped"``: a "becomes tapped" event not of 508.1f);
- "defending player controls no <color> [nontoken] permanents", "... no Glimmer
  creatures", "you [don't] control a creature named <name>" (``"defending_controls"`` /
  ``"you_control"`` [with ``none``]: the existing kinds, with a colour, subtype, nontoken or
  name quality);
- "that creature was a Goblin or Orc" (``"was_type"``, either subtype), and the tests of
  :func:`instead` and :func:`unless_sacrifice` below.

Anything else is not read (``None``): e.g. "your life total is greater than your starting
life total" (a starting life total can be raised by an eminence, Theopholos's own, which no
scenario says). Pure Python.
"""

from __future__ import annotations

import re
from typing import Any

from collections.abc import Callable

from redzone.models.ability_base import Quality
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers.types import (Conditional, Effect, IfTest, Pay, Sacrifice, Unless,
                                           ValueOnly, Who)

__all__ = ["HAND_NOT_STATED", "KINDS", "decide", "hand_not_stated", "stated_hand", "holds", "if_may", "instead", "read", "unless_sacrifice", "unless_sacrificed",
           "values_whatever"]

KINDS = frozenset({"first_combat", "hand_at_least", "hand_at_most", "source_monstrous",
                   "city_blessing", "you_defending", "player_most_life", "trigger_not_died",
                   "trigger_had_keyword", "not_declared_tapped", "source_untapped"})
"""The :class:`IfTest` kinds :func:`holds` decides."""

_NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_COLORS = ("white", "blue", "black", "red", "green")


def _number(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def read(c: str, *, defending: bool, it_is_source: bool, it_is_trigger: bool = False,
         that_is_trigger: bool = False) -> IfTest | None:
    """The :class:`IfTest` of the condition phrase ``c`` (self references as "~"), or
    ``None`` (module docstring). ``defending``: "defending player" names a player here (an
    attack event); ``it_is_source``: "it" is the source; ``it_is_trigger`` /
    ``that_is_trigger``: "it" / "that creature" is the creature of the event."""
    c = c.strip()
    m = re.fullmatch(r"(it|that creature) was an? ([A-Z][\w'-]*) or (?:an? )?([A-Z][\w'-]*)", c)
    if m and m[2] in CREATURE_TYPES and m[3] in CREATURE_TYPES:
        # "if that creature was a Goblin or Orc" (608.2h: as it last existed)
        of_trigger = that_is_trigger if m[1] == "that creature" else it_is_trigger
        if of_trigger or (m[1] == "it" and it_is_source):
            return IfTest("was_type", quality=Quality(subtypes=(m[2], m[3])), of_trigger=of_trigger)
    m = re.fullmatch(r"you control another nontoken ([A-Z][\w'-]*)", c)
    if m and m[1] in CREATURE_TYPES:  # "another nontoken Pirate" (111.1: not a token)
        return IfTest("you_control", 1, Quality(subtypes=(m[1],), token=False), other=True)
    m = re.fullmatch(r"you control an? (creature|permanent) named ([A-Z][\w' ,-]*)", c)
    if m:
        return IfTest("you_control", 1, Quality(
            types=("Creature",) if m[1] == "creature" else (), names=(m[2],)))
    m = re.fullmatch(r"it's the first combat phase of (the|your) turn", c)
    if m:
        return IfTest("first_combat", none=m[1] == "your")
    if c == "you have no cards in hand":
        return IfTest("hand_at_most", 0, measure="you")
    m = re.fullmatch(r"you have (\w+) or more cards in (?:your )?hand", c)
    if m and _number(m[1]):
        return IfTest("hand_at_least", _number(m[1]) or 0, measure="you")
    m = re.fullmatch(r"(?:the )?defending player has (\w+) or fewer cards in (?:their )?hand", c)
    if m and defending and _number(m[1]) is not None:
        return IfTest("hand_at_most", _number(m[1]) or 0, measure="defending")
    if c == "~ is monstrous" or (c == "it's monstrous" and it_is_source):
        return IfTest("source_monstrous")
    if c == "you have the city's blessing":
        return IfTest("city_blessing")
    if c == "you're the defending player":
        return IfTest("you_defending")
    if c == "that player has more life than each other player":
        return IfTest("player_most_life")
    m = re.fullmatch(r"(?:the )?defending player controls no (" + "|".join(_COLORS)
                     + r") (nontoken )?permanents", c)
    if m and defending:
        q = Quality(colors=("WUBRG"[_COLORS.index(m[1])],), token=False if m[2] else None)
        return IfTest("defending_controls", 1, q, none=True)
    m = re.fullmatch(r"(?:the )?defending player controls no ([A-Z][\w'-]*) creatures", c)
    if m and defending and m[1] in CREATURE_TYPES:
        q = Quality(types=("Creature",), subtypes=(m[1],))
        return IfTest("defending_controls", 1, q, none=True)
    m = re.fullmatch(r"~ is (untapped|tapped)", c)
    if m:  # the source's status now (the play's taps and untaps)
        return IfTest("source_untapped", none=m[1] == "tapped")
    if c == "it didn't die" and it_is_trigger:  # a "leaves the battlefield" event (700.4)
        return IfTest("trigger_not_died")
    m = re.fullmatch(r"it (had|didn't have) (decayed|flying|deathtouch|trample|haste|menace)", c)
    if m and it_is_trigger:  # as it last existed (608.2h)
        return IfTest("trigger_had_keyword", measure=m[2], none=m[1] != "had")
    if c == "it isn't being declared as an attacker" and it_is_trigger:
        return IfTest("not_declared_tapped")  # "becomes tapped" not by 508.1f
    m = re.fullmatch(r"you don't control an? (creature|permanent) named ([A-Z][\w' ,-]*)", c)
    if m:
        q = Quality(types=("Creature",) if m[1] == "creature" else (), names=(m[2],))
        return IfTest("you_control", 1, q, none=True)
    return None


def holds(play: Any, f: Any, t: IfTest) -> bool:
    """Whether ``t`` (one of :data:`KINDS`) holds now for the ability ``f`` (a
    ``resolve.Fired``) in the play ``play`` (a ``resolve._Play``)."""
    board = play.edit.base
    if t.kind == "first_combat":  # 505.1, 500.8
        first = getattr(board.scenario, "combat_number", 1) == 1
        return first and (not t.none or board.active_player == f.controller)
    if t.kind in ("hand_at_least", "hand_at_most"):
        if t.measure == "defending":
            who = play.defending(f.trigger if f.trigger is not None else f.source)
        else:
            who = f.controller
        if who is None:
            return False
        n = hand_size(play, who)
        return n >= t.count if t.kind == "hand_at_least" else n <= t.count
    if t.kind == "trigger_not_died":  # it left the battlefield other than to a graveyard
        from redzone.models.triggers.resolve import _NOT_DIED

        return f.trigger is not None and play.state.reasons.get(f.trigger, "").startswith(_NOT_DIED)
    if t.kind == "trigger_had_keyword":  # as it last existed (608.2h; the board keeps it)
        if f.trigger is None or f.trigger not in play.edit.base.permanents:
            return False
        return play.board.has_keyword(play.edit.perm(f.trigger), t.measure) != t.none
    if t.kind == "not_declared_tapped":  # 508.1f: tapped as it was declared an attacker
        return not f.data.get("declared")
    if t.kind == "you_defending":  # 506.2
        attacker = f.trigger if f.trigger is not None else f.source
        return play.defending(attacker) == f.controller
    life = {p.name: play.state.life.get(p.name, p.life) for p in board.players
            if play.state.in_game(p.name)}
    if t.kind == "player_most_life":  # 119
        who = f.data.get("player")
        return who in life and all(life[who] > v for k, v in life.items() if k != who)
    here = play.edit.perms if play.edit.perms is not None else board.permanents
    src = here.get(f.source)
    if t.kind == "source_untapped":  # with none: "~ is tapped"
        return (src is not None and play.state.on_battlefield(f.source)
                and bool(play.edit.perm(f.source).tapped) == t.none)
    if t.kind == "source_monstrous":  # 701.37b: a designation the scenario states
        return src is not None and play.state.on_battlefield(f.source) and bool(
            src.conditions.get("monstrous"))
    if t.kind == "city_blessing":  # 702.131b, c
        if src is not None and src.conditions.get("city's blessing"):
            return True
        mine = [p for p in here.values()
                if p.controller == f.controller and play.state.on_battlefield(p.id)]
        return len(mine) >= 10 and any(_has_ascend(p.card or p.name) for p in mine)
    return False


def _has_ascend(name: str) -> bool:
    """Whether the card ``name`` has ascend (702.131a) in the card data."""
    from redzone.models.cards import lookup
    from redzone.models.errors import RedzoneError

    try:
        card = lookup(name)
    except RedzoneError:
        return False
    return card is not None and any(
        re.match(r"Ascend\b", line) for face in card.faces for line in face.text.splitlines())


def hand_size(play: Any, player: str) -> int:
    """How many cards ``player`` has in hand now: the scenario's ``players[].hand`` less
    those put onto the battlefield from it in this combat (id ``<player>~hand<i>``); an
    unstated hand counts 0 here (callers check :func:`hand_not_stated` first)."""
    board = play.edit.base
    here = play.edit.perms if play.edit.perms is not None else board.permanents
    hand = stated_hand(board, player) or ()
    return sum(1 for i in range(len(hand)) if f"{player}~hand{i}" not in here)


HAND_NOT_STATED = "not played: players[].hand not stated"
"""h34: the start of the result line of an ability that needs a hand the scenario doesn't
state (its size, or a card from it): never guessed as empty."""


def stated_hand(board: Any, player: str) -> tuple[str, ...] | None:
    """The card names of ``player``'s hand as the scenario states them (``board``: a
    :class:`redzone.models.board.Board`); ``None`` when ``players[].hand`` is not stated
    (h34: unknown, not empty); ``()`` for a name that is no player."""
    found = next((p for p in board.players if p.name == player), None)
    return () if found is None else found.hand


def _hand_tests(effects: tuple[Effect, ...]) -> list[IfTest]:
    """The hand-size tests (``hand_at_least`` / ``hand_at_most``) in ``effects``' conditions
    (608.2c), every branch and mode included."""
    out: list[IfTest] = []
    for e in effects:
        if isinstance(e, Conditional):
            out += _flat_tests(e.test)
            out += _hand_tests(tuple(e.effects) + tuple(e.otherwise))
            continue
        for mode in getattr(e, "modes", None) or ():  # Modes: each mode's effects
            out += _hand_tests(tuple(mode))
        for _, branch in getattr(e, "branches", None) or ():  # Chance: (when, effects)
            out += _hand_tests(tuple(branch))
        for attr in ("effects", "won"):
            sub = getattr(e, attr, None)
            if isinstance(sub, tuple):
                out += _hand_tests(sub)
    return out


def _flat_tests(t: IfTest) -> list[IfTest]:
    """``t`` and the tests it is made of ("either" / "both": ``parts``), the hand ones."""
    out = [t] if t.kind in ("hand_at_least", "hand_at_most") else []
    for part in t.parts or ():
        if isinstance(part, IfTest):
            out += _flat_tests(part)
    return out


def hand_not_stated(play: Any, f: Any) -> str | None:
    """h34: the result line of the ability ``f`` (a ``resolve.Fired``) when a hand-size
    condition of it — its intervening "if" (603.4) or a condition of an effect (608.2c):
    "if you have no cards in hand" (Bloodhall Priest), "if defending player has N or fewer
    cards in hand" — needs a hand the scenario doesn't state (``players[].hand``): the
    ability is then not played, as a guess could be wrong either way; so too when an effect
    takes a card from the controller's unstated hand (:func:`_from_hand`; checked before a
    "may" is chosen, so that declining doesn't hide it); ``None`` otherwise."""
    tests: list[IfTest] = []
    cond = getattr(f.ability, "intervening", None)
    if cond is not None and getattr(cond, "test", None) is not None:
        tests += _flat_tests(cond.test)
    tests += _hand_tests(tuple(f.ability.effects))
    board = play.edit.base
    for t in tests:
        who = (play.defending(f.trigger if f.trigger is not None else f.source)
               if t.measure == "defending" else f.controller)
        if who is not None and stated_hand(board, who) is None:
            return f"{HAND_NOT_STATED} ({who}'s hand decides \"{_said(t)}\"; 603.4, 608.2c)"
    if stated_hand(board, f.controller) is None and _from_hand(tuple(f.ability.effects)):
        return f"{HAND_NOT_STATED} (the cards of {f.controller}'s hand; 608.2b)"
    return None


def _from_hand(effects: tuple[Effect, ...]) -> bool:
    """Whether an effect of ``effects`` takes a card from the controller's hand: "put a ...
    card from your hand onto the battlefield" (``EntersFromCard`` ``"hand_card"``, after a
    draw too), "cast ... from your hand" (``CastCard``), "from your hand or graveyard"
    (``ZoneCards``)."""
    from redzone.models.triggers.types import CastCard, EntersFromCard, HandAfterDraw, ZoneCards, flat_effects

    for e in flat_effects(effects):
        if isinstance(e, EntersFromCard) and e.what == "hand_card" or isinstance(e, HandAfterDraw) \
                or isinstance(e, CastCard) and e.zone == "hand" or isinstance(e, ZoneCards) and "hand" in e.zones:
            return True
    return False


def _said(t: IfTest) -> str:
    """The hand condition in words, for :func:`hand_not_stated`'s line."""
    whose = "defending player has" if t.measure == "defending" else "you have"
    if t.kind == "hand_at_most":
        return f"{whose} no cards in hand" if t.count == 0 else f"{whose} {t.count} or fewer cards in hand"
    return f"{whose} {t.count} or more cards in hand"


# ----------------------------------------------------------------- the ability's target


def target_test(c: str) -> IfTest | None:
    """The :class:`IfTest` ``"target_is"`` of a condition on the ability's one target, named
    "that creature" / "it" (``c`` with that subject), or ``None``: "that creature is a Human"
    (a creature type), "... is a token", "... has two or more +1/+1 counters on it"."""
    m = re.fullmatch(r"(?:that creature|it) is an? ([A-Z][\w'-]*)", c)
    if m and m[1] in CREATURE_TYPES:
        return IfTest("target_is", quality=Quality(subtypes=(m[1],)))
    if re.fullmatch(r"(?:that creature|it)(?: is|'s) attacking a battle", c):  # 506.2
        return IfTest("target_is", measure="attacking_battle")
    if re.fullmatch(r"(?:that creature|it) is a token", c):
        return IfTest("target_is", quality=Quality(token=True))
    m = re.fullmatch(r"(?:that creature|it) has (\w+) or more (\+1/\+1) counters on it", c)
    if m and _number(m[1]):
        return IfTest("target_is", _number(m[1]) or 1, counter=m[2])
    return None


def decide(play: Any, f: Any, t: IfTest, chosen: dict[str, Any]) -> bool:
    """Whether ``t`` holds as the ability ``f`` resolves, ``chosen`` its choices: a
    ``"target_is"`` test on its target (a permanent still on the battlefield, 608.2b),
    else ``play.test``."""
    if t.kind != "target_is":
        return bool(play.test(f, t))
    tid = chosen.get("target")
    if not isinstance(tid, str) or not play.state.on_battlefield(tid):
        return False
    here = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    if tid not in here:
        return False
    perm = play.edit.perm(tid)
    if t.measure == "attacking_battle":  # what it attacks is a battle (506.2, 310)
        attacked = play.attackers.get(tid)
        return attacked is not None and attacked in here and here[attacked].is_a("Battle")
    if t.counter is not None:  # counters as the game state has them now (122)
        return play.state.counters.get(tid, perm.counters).get(t.counter, 0) >= t.count
    from redzone.models.battlefield import matches_quality

    return t.quality is None or matches_quality(play.board, perm, t.quality)


_PLAIN_KINDS = ("Pump", "Counters", "GainKeywords", "DamageEffect", "LifeEffect",
                "CantBeBlockedEffect", "CantBlockEffect", "TapEffect", "ValueOnly")


def instead(sent: str, effects: tuple[Effect, ...],
            read_sentence: Callable[[str, Who | None], tuple[Effect, ...] | None],
            read_test: Callable[[str], IfTest | None]) -> tuple[Effect, ...] | None:
    """The effects of an ability after its sentence ``sent`` (lower case, no final period)
    replaces or adds to the effects ``effects`` of the sentence before (608.2c, decided as it
    resolves), or ``None`` when ``sent`` is no such sentence or isn't read:

    - "if C, E2 instead" / "E2 instead if C" / "if C, instead E2": one
      :class:`Conditional` (``test`` C, ``effects`` E2, ``otherwise`` the effects before);
    - "if C, <subject> also E2": the effects before, then ``Conditional(C, E2)``.

    C about "that creature" / "it" where the effects before have one target is a test of
    that target (:func:`target_test`; "it" in E2 is then that target too); any other C is
    ``read_test``'s. ``read_sentence(s, it)``: the reader of an effect sentence, ``it`` the
    target "it" names (``None``: as the ability's words say). The effects on both sides
    must be plain (pumps, counters, keywords, damage, life, can't block / be blocked, tap,
    values) and neither side optional."""
    sent = sent.strip().rstrip(".")
    m = (re.fullmatch(r"if ([^,]+), (?:instead )?(.+?)(?: instead)?", sent)
         if re.fullmatch(r"if [^,]+, (?:instead .+|.+ instead)", sent) else None)
    also = False
    if m is None:
        m2 = re.fullmatch(r"(.+) instead if ([^,]+)", sent)
        if m2 is not None:
            cond, then = m2[2], m2[1]
        else:
            m3 = re.fullmatch(r"if ([^,]+), (.+?) also (.+)", sent)
            if m3 is None or " instead" in sent:
                return None
            cond, then, also = m3[1], f"{m3[2]} {m3[3]}", True
    else:
        cond, then = m[1], m[2]
    if not effects or any(type(e).__name__ not in _PLAIN_KINDS for e in effects):
        return None
    targets = {w for e in effects if (w := getattr(e, "who", None)) is not None
               and (w.kind.startswith("target") or w.kind == "any_target")}
    target = next(iter(targets)) if len(targets) == 1 else None
    test = target_test(cond) if target is not None else None
    it = target if test is not None else None
    if test is None:
        if re.match(r"(?:that creature|it)\b", cond) and target is not None:
            return None  # about the target, not read
        test = read_test(cond)
    if test is None:
        return None
    if it is None and target is not None and re.match(r"(?:it|its|that creature)\b", then):
        it = target  # "E1 on target creature. If C, it gets ... instead": that target
    got = read_sentence(then, it)
    if not got and re.search(r"\bgets? [+-]\d+/[+-]\d+$", then) and any(
            type(e).__name__ == "Pump" for e in effects):
        # "That creature gets -4/-4 instead": the duration of the pump it replaces (a Pump
        # lasts until end of turn)
        got = read_sentence(then + " until end of turn", it)
    if not got or any(type(e).__name__ not in _PLAIN_KINDS for e in got):
        return None
    if all(isinstance(e, ValueOnly) for e in got + effects):
        return effects + got if also else got
    if also:
        return effects + (Conditional(test, got),)
    return (Conditional(test, got, otherwise=effects),)


def values_whatever(effect: str, read: Callable[[str], tuple[Effect, ...] | None]
                    ) -> tuple[Effect, ...] | None:
    """The effects of "if <condition>, ``effect``" when the condition isn't read but every
    effect of ``effect`` is a value (:class:`ValueOnly`: nothing in combat depends on it, so
    the condition is never decided — as :func:`redzone.models.triggers.value.conditioned_value`
    for the value grammar's own phrases); ``None`` otherwise. ``read``: the effect reader."""
    got = read(effect)
    if got and all(isinstance(e, ValueOnly) for e in got):
        return got
    return None


# ----------------------------------------------------------------- "E unless P sacrifices X"


def unless_sacrifice(s: str, read: Callable[[str], tuple[Effect, ...] | None]
                     ) -> tuple[Effect, ...] | None:
    """"<E> unless <player> sacrifices <permanents> [of their choice]" / "<E> unless you
    sacrifice <a permanent>" (118.12: the player chooses whether to pay the sacrifice, 701.21a),
    as an :class:`Unless` with ``sacrifice``; ``None`` when ``s`` is not so or a part isn't
    read. "they" / "their" is the player E names first ("that player loses ... unless they
    sacrifice a creature"). ``read``: the effect sentence reader."""
    m = re.fullmatch(r"(.+) unless (defending player|that player|they|you) (sacrifices?) (.+?)"
                     r"(?: of their choice)?", s.strip().rstrip("."))
    if m is None or " unless " in m[1] or " if " in f" {m[1]} ":
        return None
    payer = m[2]
    if (payer in ("you", "they")) != (m[3] == "sacrifice"):
        return None
    if payer == "they":
        first = re.match(r"(defending player|that player)\b", m[1])
        if first is None:
            return None
        payer = first[1]
    cost = read(f"{payer} sacrifices {m[4]}" if payer != "you" else f"sacrifice {m[4]}")
    # "it gains "~ can't be blocked" until end of turn" (a granted static ability lasting the
    # turn) is "it can't be blocked this turn" in the play of combat (509.1b)
    effect = re.sub(r"^(it|~) gains \"~ can't be blocked\" until end of turn$",
                    r"\1 can't be blocked this turn", m[1])
    inner = read(effect)
    if not cost or len(cost) != 1 or not isinstance(cost[0], Sacrifice) or cost[0].to_hand:
        return None
    if not inner or any(isinstance(e, (Unless, Conditional)) for e in inner) or any(
            (w := getattr(e, "who", None)) is not None
            and (w.kind.startswith("target") or w.kind == "any_target") for e in inner):
        return None  # no target inside (chosen before the payer's choice, 603.3d): not read
    sac = cost[0]
    if sac.amount.per is not None or sac.amount.n != 1:
        return None
    return (Unless(sac.who, Pay(), inner, sacrifice=sac),)


def unless_sacrificed(play: Any, f: Any, e: Unless, chosen: dict[str, Any],
                      payers: list[str]) -> str:
    """Resolve :func:`unless_sacrifice`'s :class:`Unless`: the one payer, with a permanent
    they may sacrifice, chooses (a ``Choice`` ``"pay"``, stated as
    ``combat.trigger_choices[].may``) whether to sacrifice (then nothing else is done) or
    let the effects happen (118.12)."""
    from redzone.models.triggers.resolve import Choice
    from redzone.models.triggers.zones import may_sacrifice

    sac = e.sacrifice
    assert sac is not None
    if len(payers) == 1:
        p = payers[0]
        here = play.edit.perms or play.edit.base.permanents
        able = any(q.controller == p and play.state.on_battlefield(q.id)
                   and (q.is_creature or not sac.creature or sac.or_artifact and q.is_a("Artifact"))
                   and not (sac.other and q.id == f.source)
                   and may_sacrifice(play.board, q, sac) for q in here.values())
        if able:
            if play.choose(Choice(p, "pay", f.source, f.ability.text, (True, False), f.trigger)):
                chosen["pay"] = True
                return play.effect(f, sac, chosen) + " (nothing else is done)"
            chosen["pay"] = False
    return "; ".join(play.effect(f, inner, chosen) for inner in e.effects)


def if_may(sent: str, read_sentence: Callable[[str], tuple[Effect, ...] | None],
           read_test: Callable[[str], IfTest | None]) -> tuple[Effect, ...] | None:
    """"if C, you may E" as an ability's whole text: ``(Conditional(C, E),)``, the caller
    making the ability optional (603.5: "you may" is the controller's choice as it resolves;
    with C false nothing is done whatever the choice, 608.2c; as the ability's first words C
    is an intervening "if" too, 603.4). E: effects a :class:`Conditional` may hold, not all
    values (those read whatever the condition); ``None`` otherwise."""
    from redzone.models.triggers.conditions import _PLAYED  # pyright: ignore[reportPrivateUsage]

    m = re.fullmatch(r"if ([^,]+), you may (.+)", sent.strip().rstrip("."))
    if m is None or " you may " in m[2] or " if " in m[2]:
        return None
    test = read_test(m[1])
    got = read_sentence(m[2]) if test is not None else None
    if test is None or not got or not all(isinstance(e, _PLAYED) for e in got) or all(
            isinstance(e, ValueOnly) for e in got):
        return None
    return (Conditional(test, got),)
