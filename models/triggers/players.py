"""Players, "those creatures", tokens for each opponent and amounts of triggered abilities of
combat (h16; docs/triggers.md, "Players, those creatures and tokens (h16)").

Reading (fallbacks of :mod:`redzone.models.triggers.parse`, tried after every other reader):

- :func:`more_obj`: "those creatures" / "they" after a "one or more" condition (603.2c: the
  creatures of the event, ``Who("those")``), "he" / "she" (the source), "the blocking
  creature" (the blocker of "becomes blocked by a creature"), "that <creature type>" (the
  creature of the event), "each creature you control with power N or greater / with a
  counter on it", "target creature you control with(out) flying";
- :func:`more_player`: "its owner" (of the source, or of the creature whose event it was, as
  it last existed: ``source_owner`` / ``trigger_owner``), "attacking player" (the active
  player, 506.2), "they" (the player of "that player");
- :func:`read_clause`: "that much" of a "one or more" attack (the number of those
  creatures), "twice that much", "you and that player each gain that much life", "P loses
  half their life, rounded down", "you gain life equal to the life lost this way" (the life
  the ability's earlier effects took, 608.2c), "P gets that many poison counters", rad
  counters (a value: they act in their player's precombat main phase, outside combat), "P
  can't cast spells this turn" (nobody casts in the play), "you gain life and draw cards
  equal to its power", "for each C, E" (E for each C), "create a number of ... equal to C",
  "E if <condition>" (a :class:`Conditional` checked on resolution, 608.2c), "for each
  opponent, [you] create ... tapped and attacking that player [or a planeswalker they
  control]" (``CreateTokens.attacks="each_opponent"``), a colorless noncreature artifact
  token with no rules text (a value: it can't become a creature in combat).

Playing: :func:`objects`, :func:`players` and :func:`amount` extend
:class:`redzone.models.triggers.resolve._Play` for these kinds. Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from redzone.models.ability_base import Quality
from redzone.models.triggers import reflexive  # h20: cards exiled from a graveyard as a cost
from redzone.models.triggers import token_copies  # h23: "that token", "those creatures"
from redzone.models.parser.vocabulary import CREATURE_TYPES
from redzone.models.triggers.board_effects import read_cost
from redzone.models.triggers.amounts import (MARK, _lift, _times,  # pyright: ignore[reportPrivateUsage]
                                             count_phrase, each_phrase)
from redzone.models.triggers.conditions import if_test
from redzone.models.triggers.types import (Amount, Conditional, Count, CreateTokens, Destroy, Effect,
                                           IfTest, LifeEffect, LoseGame, MustBlockSource, Pay,
                                           PoisonEffect, Sacrifice, TokensFor, Unless,
                                           ValueOnly, Who,
                                           flat_effects)

__all__ = ["EFFECTS", "graveyard_test", "read_whole", "split_sentences", "those_of", "amend", "amount", "checked", "resolution_choice", "choose_x", "if_clause", "x_clause", "legend_rule", "more_obj", "more_player", "objects", "players",
           "read_clause", "token_attacks", "token_name"]

_SELF = Who("source")
_TRIGGER = Who("trigger")
_CREATED = Who("created")
_DAMAGE_EVENTS = ("combat_damage_player", "combat_damage_creature", "combat_damage",
                  "dealt_damage", "deals_damage")
_NOT_CREATURE_TYPES = frozenset({"Food", "Equipment", "Vehicle", "Aura", "Treasure", "Clue",
                                 "Blood", "Gold", "Map", "Powerstone"})
Reader = Callable[[str], "tuple[Effect, ...] | None"]


EFFECTS = (LoseGame, TokensFor)
"""The effect classes :func:`resolve` plays."""


# ---------------------------------------------------------------- reading

def more_obj(s: str, refs: Any) -> Who | None:
    """Creatures the other readers don't name (module docstring), or ``None``."""
    those = token_copies.those_ref(s, refs)  # h23: the one reading of "those creatures"
    if those is not None:
        return those
    if s in ("he", "she") and refs.r.it == _SELF:
        return _SELF
    if token_copies.created_ref(s) is not None:  # h23: the one reading of "that token"
        return _CREATED  # the tokens this ability created (a sentence before created them)
    if s == "the blocking creature" and refs.r.event == "blocked_by" \
            and refs.r.that_creature == _TRIGGER:
        return _TRIGGER
    m = re.fullmatch(r"that ([A-Z][\w'-]*)", s)
    if m and refs.r.it == _TRIGGER and m[1] in CREATURE_TYPES and m[1] not in _NOT_CREATURE_TYPES \
            and any(m[1] in q.subtypes for q in refs.r.watch.qualities):
        return _TRIGGER  # "whenever a Sliver becomes blocked, that Sliver ..."
    m = re.fullmatch(r"each (other )?creature you control (with power (\d+) or greater|with a "
                     r"counter on it)", s)
    if m:
        q = Quality(power_at_least=int(m[3])) if m[3] else Quality(counter="any")
        return Who("each_creature", "you", other=bool(m[1]), qualities=(q,))
    m = re.fullmatch(r"target creature (defending player controls|an opponent controls|you don't "
                     r"control) with power less than ~'s power", s)
    if m:  # compared with the source's power as the target is chosen (603.3d)
        ctl = "opponents" if m[1] != "defending player controls" else refs.whose(m[1])
        if ctl is None:
            return None
        return Who("target_creature", ctl, qualities=(Quality(power_vs="less"),))
    m = re.fullmatch(r"(up to one )?target creature you control (with|without) flying", s)
    if m:
        q = Quality(keywords=("flying",)) if m[2] == "with" else Quality(without_keywords=("flying",))
        return Who("target_creature", "you", qualities=(q,), up_to=bool(m[1]))
    return None


def more_player(s: str, refs: Any) -> Who | None:
    """Players the other readers don't name (module docstring), or ``None``."""
    if s == "its owner":
        if refs.r.it == _SELF:
            return Who("source_owner")
        if refs.r.it == _TRIGGER:
            return Who("trigger_owner")
        return None
    if s in ("attacking player", "the attacking player"):
        return Who("attacking_player")
    if s == "they" and refs.r.that_player is not None:
        return refs.r.that_player
    return None


_GROUP = re.compile(r"(?:^|\b(?:on|to) )(each (?:other )?creature you control|other creatures you control|"
                    r"creatures you control)\b")


def those_of(sent: str, before: str) -> str:
    """``sent`` with "those creatures" written as the group of creatures the sentence
    ``before`` named ("put a +1/+1 counter on each other creature you control. Those
    creatures gain trample ..."; "You gain 1 life for each of those creatures"): the same
    creatures, as nothing happens in between (608.2c; state-based actions wait, 704.3);
    ``sent`` unchanged otherwise."""
    if "those creatures" not in sent:
        return sent
    groups = {m[1] for m in _GROUP.finditer(before.strip().rstrip(".").lower())}
    if len(groups) != 1:
        return sent
    (group,) = groups
    each = group if group.startswith("each ") else "each " + group.replace("creatures", "creature")
    plain = each[len("each "):]
    sent = re.sub(r"\bfor each of those creatures\b", f"for each {plain}", sent)
    return re.sub(r"^those creatures\b", each, sent)


def split_sentences(rest: str) -> list[str]:
    """The sentences of an effect text, a quoted ability (a token's "{T}: ... . Activate only
    as a sorcery.") kept whole within its sentence."""
    out: list[str] = []
    for x in re.split(r"(?:(?<=\.)|(?<=\.\")|(?<=\.”))\s+(?=[A-Z])", rest):
        if not x:
            continue
        if out and (out[-1].count('"') + out[-1].count("“") + out[-1].count("”")) % 2:
            out[-1] += " " + x  # inside a quotation
        else:
            out.append(x)
    return out


def _that_much(refs: Any) -> str | None:
    """What "that much" counts: the damage of the event, or the creatures of a "one or
    more" attack (their number); ``None`` otherwise."""
    if refs.r.event in _DAMAGE_EVENTS:
        return "damage_dealt"
    if refs.r.once and refs.r.event == "attacks":
        return "those"
    return None


_PLAYER_WORDS = (r"(?:you|each player|each opponent|that player|defending player|they|"
                 r"target player|target opponent|its owner)")


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One effect clause of this module's kinds (module docstring), or ``None``."""
    m = re.fullmatch(r"pay \{X\}((?:\{[^}X]+\})*)", s)
    if m:  # "you may pay {X}{R}": X chosen as it is paid (107.3a)
        fixed = read_cost(m[1]) if m[1] else Pay()
        return None if fixed is None or fixed.energy else (dataclasses.replace(fixed, x=True),)
    if s.startswith("sacrifice ") and token_copies.created_ref(s[len("sacrifice "):]):  # h23
        return (Destroy(_CREATED, sacrifice=True),)
    m = re.fullmatch(r"(.+?) (gains?|loses?) (twice )?that much life", s)
    if m:
        per = _that_much(refs)
        who = refs.player(m[1])
        if per is None or who is None:
            return None
        return (LifeEffect(who, Amount(2 if m[3] else 1, per), gain=m[2].startswith("gain")),)  # type: ignore[arg-type]
    m = re.fullmatch(r"you and (that player|defending player|target opponent) each (gain|lose) "
                     r"(\d+|that much) life", s)
    if m:
        other = refs.player(m[1])
        per = None if m[3].isdigit() else _that_much(refs)
        if other is None or (per is None and not m[3].isdigit()):
            return None
        amt = Amount(int(m[3])) if m[3].isdigit() else Amount(1, per)  # type: ignore[arg-type]
        return (LifeEffect(Who("you"), amt, gain=m[2] == "gain"),
                LifeEffect(other, amt, gain=m[2] == "gain"))
    m = re.fullmatch(r"(.+?) loses? half (?:their|your|his or her) life, rounded down", s)
    if m:
        who = refs.player(m[1])
        return None if who is None else (LifeEffect(who, Amount(1, "half_life_down"), gain=False),)
    m = re.fullmatch(r"(.+?) (gains?|loses?) life equal to the life lost this way", s)
    if m:
        who = refs.player(m[1])
        return None if who is None else (
            LifeEffect(who, Amount(1, "lost_this_way"), gain=m[2].startswith("gain")),)
    m = re.fullmatch(r"(.+?) gets? that many poison counters", s)
    if m and refs.r.event in _DAMAGE_EVENTS:
        who = refs.player(m[1])
        return None if who is None else (PoisonEffect(who, Amount(1, "damage_dealt")),)
    if re.fullmatch(_PLAYER_WORDS + r" gets? (?:a|an|one|two|three|four|five|\d+|that many|a "
                    r"number of) rad counters?(?: equal to (?:its|~'s) power)?", s):
        return (ValueOnly("rad counters"),)
    if re.fullmatch(r"(?:defending player|each opponent|that player|target opponent|target "
                    r"player) can't cast spells this turn", s):
        return (ValueOnly("can't cast spells"),)  # nobody casts spells in the play of combat
    m = re.fullmatch(r"you gain life and draw cards equal to (its|~'s) power", s)
    if m and refs.r.it == _SELF:
        return (LifeEffect(Who("you"), Amount(1, "power"), gain=True), ValueOnly("draw"))
    m = re.fullmatch(r"for each (?!opponent,)([^,]+), (.+)", s)
    if m and m[1] in ("token you control", "creature token you control"):
        # counted on the battlefield as it resolves (608.2h)
        q = Quality(token=True, types=("Creature",) if m[1].startswith("creature") else ())
        got = sentence(m[2])
        amt = Amount(1, "count", count=Count("permanents", (q,), controller="you"))
        return None if got is None else _times(got, amt)
    if m:
        return sentence(f"{m[2]} for each {m[1]}")
    m = re.fullmatch(r"create a number of (.+?) equal to (.+)", s)
    if m and "token" in m[1]:
        amt = count_phrase(m[2], refs)
        got = sentence(f"create {MARK} {m[1]}") if amt is not None else None
        if got is None or len(got) != 1 or not isinstance(got[0], CreateTokens) \
                or got[0].amount != Amount(MARK) or got[0].size is not None:
            return None
        return (dataclasses.replace(got[0], amount=amt),)
    got = _for_each_opponent(s, refs, sentence)
    if got is not None:
        return got
    m = re.fullmatch(r"(that player|defending player|each opponent|target opponent) creates (.+)",
                     s)
    if m:  # "that player creates a 0/1 ... token" (Relic Robber): theirs (111.2)
        who = refs.player(m[1])
        got = sentence(f"create {m[2]}") if who is not None else None
        if who is None or got is None or len(got) != 1 or not isinstance(got[0], CreateTokens) \
                or got[0].attacking or got[0].attacks or got[0].size is not None:
            return None
        return (TokensFor(who, got[0]),)
    m = re.fullmatch(r"the exiled card's owner creates an X/X (.+?) tokens?, where X is the mana "
                     r"value of the exiled card", s)
    if m and refs.r.it == _SELF and refs.r.event == "leaves":
        got = sentence(f"create a {MARK}/{MARK} {m[1]} token")
        if got is None or len(got) != 1 or not isinstance(got[0], CreateTokens):
            return None
        return (TokensFor(Who("you"), dataclasses.replace(got[0], power=0, toughness=0),
                          exiled=True),)
    m = re.fullmatch(r"(.+) blocks (it|~) this combat if able", s)
    if m and refs.r.event in ("attacks", "attacks_alone") and refs.r.it == _SELF:
        # "target creature defending player controls blocks it this combat if able" (509.1c:
        # a requirement of the blocks declared after the attack window, as provoke's)
        who = refs.obj(m[1])
        if who is None or who.kind != "target_creature":
            return None
        return (MustBlockSource(who),)
    m = re.fullmatch(r"each player who controls the most lands sacrifices (a|one|two|three) lands? "
                     r"of their choice", s)
    if m:  # 701.21a: each such player's own choice, decided as it resolves
        n = {"a": 1, "one": 1, "two": 2, "three": 3}[m[1]]
        return (Sacrifice(Who("most_lands"), Amount(n), kinds=(Quality(types=("Land",)),)),)
    m = re.fullmatch(r"defending player loses (\d+) life for each card in their graveyard", s)
    if m and refs.player("defending player") == Who("defending_player"):
        return (LifeEffect(Who("defending_player"), Amount(int(m[1]), "defending_graveyard"),
                           gain=False),)
    m = re.fullmatch(r"each opponent who doesn't control an? ([A-Z][\w'-]*) (loses|gains) (\d+) "
                     r"life", s)
    if m and m[1] in CREATURE_TYPES:  # each opponent for whom it holds as it resolves (608.2c)
        who = Who("opponents_without", qualities=(Quality(subtypes=(m[1],)),))
        return (LifeEffect(who, Amount(int(m[3])), gain=m[2] == "gains"),)
    m = re.fullmatch(r"(that player|defending player|target opponent|target player) loses the "
                     r"game", s)
    if m:  # 104.3e (an effect says so); not while an effect says they can't (104.3a, 614)
        who = refs.player(m[1])
        return None if who is None else (LoseGame(who),)
    m = re.fullmatch(r"(.+), where X is the number of (Equipment|Auras?) attached to (it|him|her|~)",
                     s)
    if m and (m[3] == "~" or refs.r.it == _SELF):
        head = re.sub(r"(?<!\w)X(?!\w)", str(MARK), m[1])
        got = sentence(head)
        amt = each_phrase(f"{m[2].rstrip('s')} attached to ~", refs)
        return None if got is None or amt is None else _lift(got, amt)
    m = re.fullmatch(r"(.+), where X is the number of counters (it|~) had on (it|~)", s)
    if m:  # as it last existed (608.2h): the counters on it, counted from the game state
        return sentence(f"{m[1]}, where X is the number of counters on {m[2]}")

    m = re.fullmatch(r"create (?:a|an) (tapped )?colorless artifact token named [A-Z][\w'-]*", s)
    if m:  # no rules text: it can never be a creature in combat (a value, like a Treasure)
        return (ValueOnly("token"),)
    m = re.fullmatch(r"(.+) if (you (?:don't )?control [^,]+)", s)
    if m and " if " not in m[1]:
        test = if_test(m[2], defending=False, it_is_source=refs.r.it == _SELF)
        got = sentence(m[1]) if test is not None else None
        if test is None or not got or _has_target(got):
            return None  # a target is chosen whatever the condition (603.3d): not read
        if all(isinstance(e, ValueOnly) for e in got):
            return got
        from redzone.models.triggers.conditions import _PLAYED

        if not all(isinstance(e, _PLAYED) for e in got):
            return None
        return (Conditional(test, got),)
    return None


def read_whole(rest: str, refs: Any, sentence: Reader) -> tuple[tuple[Effect, ...], bool] | None:
    """A whole effect text of two sentences: "P may pay C. If that player doesn't, E" — E
    unless P pays C (118.12: P's choice, only with the resources to pay it, 118.3); ``None``
    otherwise."""
    m = re.fullmatch(r"defending player chooses an untapped creature they control\. That creature "
                     r"blocks (?:~|this creature) this (?:turn|combat) if able\.?", rest.strip())
    if m and refs.r.event in ("attacks", "attacks_alone") and refs.r.it == _SELF:
        # the defending player's choice, not a target (509.1c: a requirement of the blocks)
        return (MustBlockSource(Who("defender_chooses", qualities=(Quality(tapped=False),))),), False
    m = re.fullmatch(r"(defending player|that player) may pay ((?:\{[^}]+\})+)\. If (?:that "
                     r"player|they) (?:doesn't|don't), (.+?)\.?", rest.strip())
    if not m:
        return None
    payer = refs.player(m[1])
    cost = read_cost(m[2])
    inner = sentence(m[3]) if payer is not None and cost is not None and not cost.x else None
    if inner is None or payer is None or cost is None or cost.energy or _has_target(inner):
        return None
    return (Unless(payer, cost, inner),), False


def if_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"if <condition>, <effects>" with a condition of :func:`_extra_test` (what
    :func:`redzone.models.triggers.conditions.if_effects` doesn't read): a
    :class:`Conditional` (608.2c; an intervening "if" when it begins the ability, 603.4),
    not over a target or a choice; ``None`` otherwise."""
    m = re.fullmatch(r"if ([^,]+), (.+)", s)
    if m is None or " instead" in s:
        return None
    test = _extra_test(m[1], refs)
    got = sentence(m[2]) if test is not None else None
    if test is None or not got or _has_target(got):
        return None
    from redzone.models.triggers.conditions import _PLAYED  # pyright: ignore[reportPrivateUsage]

    if not all(isinstance(e, _PLAYED) for e in got):
        return None
    return (Conditional(test, got),)


def x_clause(s: str, sentence: Reader) -> tuple[Effect, ...] | None:
    """An effect clause with the X of a "you may pay {X} ..." before it ("it deals X damage
    to any target", "you gain X life"): X is ``Amount(per="x_paid")`` (:func:`checked` makes
    sure the ability pays {X}); ``None`` otherwise."""
    if not re.search(r"(?<![\w{])X(?![\w}])", s) or "where X is" in s:
        return None
    got = sentence(re.sub(r"(?<![\w{])X(?![\w}])", str(MARK), s))
    return None if got is None else _lift(got, Amount(1, "x_paid"))


def resolution_choice(e: Effect) -> bool:
    """Whether ``e`` makes a choice on resolution stated as ``trigger_choices[].chosen``: the
    X of {X}, the permanent a legendary token's controller keeps (704.5j), the creature a
    defending player chooses to block."""
    return ((isinstance(e, Pay) and e.x) or (isinstance(e, CreateTokens) and e.legendary)
            or (isinstance(e, MustBlockSource) and e.who.kind == "defender_chooses"))


def checked(got: tuple[tuple[Effect, ...], bool] | None) -> tuple[tuple[Effect, ...], bool] | None:
    """An ability's effects (:func:`redzone.models.triggers.board_effects.paid`'s answer)
    with X read only after a payment of {X} and "that token" only where the ability creates
    tokens: ``None`` when an amount is ``x_paid`` and the ability doesn't begin with such a
    :class:`Pay`, or ``Who("created")`` acts where no token is created."""
    if got is None:
        return None
    effects = got[0]
    x_pay = bool(effects) and isinstance(effects[0], Pay) and effects[0].x
    makes = any(isinstance(e, (CreateTokens, TokensFor, *token_copies.EFFECTS))  # h23
                for e in flat_effects(effects))
    for e in flat_effects(effects):
        if getattr(e, "who", None) == _CREATED and not makes:
            return None  # "that token" names a token this ability doesn't create: not read
        for a in (getattr(e, "amount", None), getattr(e, "size", None)):
            if isinstance(a, Amount) and a.per == "x_paid" and not x_pay:
                return None
    return got


def choose_x(play: Any, f: Any, e: Pay, chosen: dict[str, Any] | None = None) -> int:
    """X of a payment of {X} (107.3a): chosen by the payer among 0 up to the mana they have
    left after the rest of the cost (a ``Choice`` ``"chosen"`` of the number as text)."""
    from redzone.models.triggers.board_effects import available
    from redzone.models.triggers.resolve import Choice

    mana, _, _ = available(play, f.controller)
    options = tuple(str(i) for i in range(max(0, mana - e.mana) + 1))
    x = int(options[0] if len(options) == 1 else play.choose(
        Choice(f.controller, "chosen", f.source, f.ability.text, options, f.trigger)))
    play.x_paid = x
    if chosen is not None:
        chosen["chosen"] = str(x)  # in the answer's choices (combat.trigger_choices[].chosen)
    return x


def _has_target(effects: tuple[Effect, ...]) -> bool:
    return any((w := getattr(e, "who", None)) is not None
               and (w.kind.startswith("target") or w.kind == "any_target") for e in effects)


def _extra_test(cond: str, refs: Any) -> IfTest | None:
    """Conditions :func:`redzone.models.triggers.conditions.if_test` doesn't read: "he's /
    she's equipped" (the source), "it had counters on it" (looking back, 608.2h), "you
    control a creature with a counter on it", "you control a <subtype> planeswalker";
    ``None`` otherwise."""
    it_source = refs.r.it == _SELF
    it_trigger = refs.r.it == _TRIGGER
    m = re.fullmatch(r"(?:he|she)'s (equipped|enchanted)", cond)
    if m and it_source:
        return if_test(f"it's {m[1]}", defending=False, it_is_source=True)
    if cond == "it had counters on it":
        return if_test("it had one or more counters on it", defending=False,
                       it_is_source=it_source, it_is_trigger=it_trigger)
    if cond == "you control a creature with a counter on it":
        return IfTest("you_control", 1, Quality(types=("Creature",), counter="any"))
    m = re.fullmatch(r"there(?: are (\w+) or more| is an?|'s an?) ((?:permanent |creature |land |"
                     r"artifact |[A-Z][\w'-]* )?)cards? in your graveyard", cond)
    if m:
        n = _NUMBER.get(m[1] or "one", 0)
        word = m[2].strip()
        if not n:
            return None
        q = (Quality(types=_PERMANENT_TYPES) if word == "permanent"
             else Quality(types=(word.capitalize(),)) if word in ("creature", "land", "artifact")
             else Quality(subtypes=(word,)) if word else None)
        return IfTest("graveyard_cards", n, q)
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", cond)
    if m and _NUMBER.get(m[1]):  # h25: delirium, one reading (reflexive.graveyard_test)
        return IfTest("graveyard_at_least", _NUMBER[m[1]], measure="card_types")
    m = re.fullmatch(r"you control an? ([A-Z][\w'-]*) planeswalker", cond)
    if m:
        return IfTest("you_control", 1, Quality(types=("Planeswalker",), subtypes=(m[1],)))
    return None


_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}
_PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")


def _graveyard_names(play: Any, player: str) -> list[str]:
    """The names of the cards in ``player``'s graveyard now (:func:`graveyard_cards`)."""
    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    given: tuple[str, ...] = tuple(next((p.graveyard for p in base.players if p.name == player), ()))
    out: list[str] = [name for i, name in enumerate(given) if f"{player}~graveyard{i}" not in perms
                      and not reflexive.gone(play.state, f"{player}~graveyard{i}")]  # h20: exiled as a cost
    for pid in play.state.destroyed:
        perm = base.permanents.get(pid)
        if (perm is None or perm.token or perm.owner != player
                or play.state.reasons.get(pid, "").startswith(("exiled", "returned"))
                or f"{pid}~returned" in perms):
            continue
        out.append(perm.card or perm.name)
    return out


def graveyard_test(play: Any, f: Any, t: IfTest) -> bool:
    """The graveyard condition :class:`IfTest` ``graveyard_cards`` on the controller's
    graveyard now (608.2c), the card types and
    subtypes from the card data (a name not found counts as no type)."""
    from redzone.models.cards import lookup

    names = _graveyard_names(play, f.controller)  # h25: delirium is reflexive's (one reading)
    if t.quality is None:
        return len(names) >= t.count
    n = 0
    for name in names:
        card = lookup(name)
        face = card.faces[0] if card is not None else None
        if face is not None and (set(t.quality.types) & set(face.types)
                                 or set(t.quality.subtypes) & set(face.subtypes)):
            n += 1
    return n >= t.count


def _for_each_opponent(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """"for each opponent, [you] create <tokens> that's tapped and attacking that player
    [or a planeswalker they control] / that opponent" (Adeline, Stampede Surfer)."""
    m = re.fullmatch(r"for each opponent, (?:you )?create (.+?) (?:that's|that are) tapped and "
                     r"attacking (that player or a planeswalker they control|that player|"
                     r"that opponent)", s)
    if not m:
        return None
    got = sentence(f"create {m[1]}")
    if got is None or len(got) != 1 or not isinstance(got[0], CreateTokens) \
            or got[0].attacking or got[0].copy_of_source:
        return None
    attacks = "each_opponent_or_walker" if "planeswalker" in m[2] else "each_opponent"
    return (dataclasses.replace(got[0], attacking=True, tapped=True, attacks=attacks),)  # type: ignore[call-arg]


def amend(sentence: str, effects: list[Effect]) -> bool:
    """A sentence after a token is created that says how it enters ("Ragavan enters tapped
    and attacking.", "It enters tapped and attacking.", "The tokens enter tapped and
    attacking."): ``effects[-1]`` made attacking (508.4), ``True``; else ``False``."""
    m = re.fullmatch(r"([\w~][\w'-]*(?: [\w'-]+)*) enters? tapped and attacking\.?",
                     sentence.strip())
    if not m or not effects or not isinstance(effects[-1], CreateTokens) \
            or effects[-1].attacking or effects[-1].copy_of_source:
        return False
    last = effects[-1]
    named = m[1] not in ("it", "they", "the token", "the tokens", "that token")
    if named and m[1].lower() != last.name.lower():
        return False
    effects[-1] = dataclasses.replace(last, attacking=True, tapped=True)
    return True


# ---------------------------------------------------------------- playing

def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Play one of :data:`EFFECTS`; returns the result line."""
    from redzone.models.outcome import loss_shields

    if isinstance(e, TokensFor):
        return _tokens_for(play, f, e, chosen)
    assert isinstance(e, LoseGame)
    out = []
    for p in play.players(f, e.who, chosen):
        if p in play.state.lost:
            continue
        if loss_shields(play.board, play.state).get(p) == "all":
            out.append(f"{p} can't lose the game (104.3a)")
            continue
        play.state.lost.append(p)
        out.append(f"{p} loses the game")
    return ", ".join(out) or "no player"


def _tokens_for(play: Any, f: Any, e: TokensFor, chosen: dict[str, Any] | None = None) -> str:
    """Tokens created under other players' control (111.2: the player who creates a token
    controls it and owns it)."""
    from redzone.models.cards import lookup

    lines = []
    if e.exiled:
        src = play.edit.base.permanents.get(f.source)
        cards = list((src.exiled if src is not None else {}).items())
        if not cards:
            return "no card exiled with it (the scenario's exiled)"
        for name, owner in cards:
            if not play.state.in_game(owner):
                continue
            card = lookup(name)
            mv = card.mana_value if card is not None else 0
            x = int(mv) if isinstance(mv, (int, float)) else 0
            toks = dataclasses.replace(e.tokens, power=x, toughness=x, size=None)
            lines.append(f"{owner}: " + play.create(dataclasses.replace(f, controller=owner), toks))
        return "; ".join(lines) or "no player"
    for p in play.players(f, e.who, chosen or {}):  # h23: a target player too (603.3d)
        lines.append(f"{p}: " + play.create(dataclasses.replace(f, controller=p), e.tokens))
    return "; ".join(lines) or "no player"


def graveyard_cards(play: Any, player: str) -> int:
    """The cards in ``player``'s graveyard now: the scenario's ``graveyard`` (less those put
    onto the battlefield from it) and the nontoken permanents they own that went there in
    this combat (died: not exiled or returned to a hand or the battlefield). Cards a value
    moved (a mill, a discard) are not tracked (docs/triggers.md, "Known limit")."""
    return len(_graveyard_names(play, player))


def objects(play: Any, f: Any, who: Who, chosen: dict[str, Any] | None = None) -> list[str]:
    """The permanents of this module's kinds: ``defender_chooses`` (a creature the defending
    player chooses now among theirs of ``qualities``: a ``Choice`` ``"chosen"``, stated as
    ``combat.trigger_choices[].chosen``). (``those`` and ``created`` are
    :mod:`redzone.models.triggers.more_effects`' and :mod:`redzone.models.triggers.zones`'.)"""
    if who.kind == "defender_chooses":
        from redzone.models.battlefield import matches_quality
        from redzone.models.triggers.resolve import Choice

        if chosen is not None and "chosen" in chosen:
            c = chosen["chosen"]
            return [c] if play.state.on_battlefield(c) else []
        ds = play.players(f, Who("defending_player"), {})
        if not ds:
            return []
        options = tuple(c.id for c in play.creatures() if c.controller == ds[0]
                        and all(matches_quality(play.board, c, q) for q in who.qualities))
        if not options:
            return []
        pick = options[0] if len(options) == 1 else play.choose(
            Choice(ds[0], "chosen", f.source, f.ability.text, options, f.trigger))
        if chosen is not None:
            chosen["chosen"] = pick
        return [pick]
    return []


def players(play: Any, f: Any, who: Who) -> list[str]:
    """The players of this module's kinds: the owner of the source or of the creature whose
    event it was (as it last existed), the attacking (active) player."""
    base = play.edit.base
    if who.kind in ("source_owner", "trigger_owner"):
        pid = f.source if who.kind == "source_owner" else f.trigger
        perm = base.permanents.get(pid) if pid else None
        if perm is None:
            return []
        owner = perm.owner or perm.controller
        return [owner] if play.state.in_game(owner) else []
    if who.kind == "attacking_player":
        ap = base.active_player
        return [ap] if ap and play.state.in_game(ap) else []
    if who.kind == "most_lands":
        perms = play.edit.perms if play.edit.perms is not None else base.permanents
        alive = [p.name for p in base.players if play.state.in_game(p.name)]
        lands = {p: sum(1 for q in perms.values() if q.controller == p and q.is_a("Land")
                        and play.state.on_battlefield(q.id)) for p in alive}
        most = max(lands.values(), default=0)
        return [p for p in alive if lands[p] == most and most > 0]
    if who.kind == "opponents_without":
        from redzone.models.battlefield import matches_quality

        perms = play.edit.perms if play.edit.perms is not None else base.permanents
        return [p.name for p in base.players if p.name != f.controller
                and play.state.in_game(p.name)
                and not any(q.controller == p.name and play.state.on_battlefield(q.id)
                            and any(matches_quality(play.board, q, x) for x in who.qualities)
                            for q in perms.values())]
    return []


def amount(play: Any, f: Any, a: Amount) -> int | None:
    """The amounts of this module's kinds (``None`` when not one): ``those`` (how many
    creatures the event had), ``lost_this_way`` (life the ability's effects took so far)."""
    if a.per == "those":
        return a.n * len(f.data.get("those", ()))
    if a.per == "lost_this_way":
        return a.n * int(getattr(play, "lost_this_way", 0))
    if a.per == "x_paid":
        return a.n * int(getattr(play, "x_paid", 0))
    if a.per == "defending_graveyard":
        ds = play.players(f, Who("defending_player"), {})
        return a.n * graveyard_cards(play, ds[0]) if ds else 0
    return None


def token_attacks(play: Any, f: Any, e: CreateTokens, one: bool = False) -> list[str | None]:
    """What each batch of ``e``'s tokens attacks (508.4): for each opponent still in the game,
    in turn order, that player — or, with ``"each_opponent_or_walker"``, a planeswalker they
    control, the controller's choice (a ``Choice`` ``"attacked"``). ``one``: a token put onto
    the battlefield attacking when its source isn't attacking ("whenever you attack, create
    ... tapped and attacking"): one player or planeswalker among all the opponents', the
    controller's choice (508.4)."""
    from redzone.models.triggers.resolve import Choice

    perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    groups: list[list[str]] = []
    for p in play.edit.base.players:
        if p.name == f.controller or not play.state.in_game(p.name):
            continue
        options: list[str] = [p.name]
        if one or e.attacks == "each_opponent_or_walker":
            options += [q.id for q in perms.values() if q.controller == p.name
                        and q.is_a("Planeswalker") and play.state.on_battlefield(q.id)]
        groups.append(options)
    if one:
        groups = [[o for g in groups for o in g]]
    out: list[str | None] = []
    for options in groups:
        if not options:
            out.append(None)
            continue
        out.append(options[0] if len(options) == 1 else play.choose(
            Choice(f.controller, "attacked", f.source, f.ability.text, tuple(options), f.trigger)))
    return out


def token_name(play: Any, f: Any, e: CreateTokens) -> str:
    """The name of a token ``e`` creates: the name the effect gives ("~" the source's first
    word, as the card's own short name), else its subtypes."""
    if not e.name:
        return " ".join(e.subtypes) or "Token"
    src = play.edit.base.permanents.get(f.source)
    short = src.name.split()[0].rstrip(",") if src is not None else "~"
    return e.name.replace("~", short)


def legend_rule(play: Any, f: Any, tid: str) -> None:
    """704.5j, as a legendary token ``tid`` is created: with another legendary permanent of
    the same name its controller controls, the controller chooses one to keep (a ``Choice``
    ``"chosen"``) and the others are put into their owner's graveyard (they die, 700.4)."""
    from redzone.models.triggers.resolve import Choice

    tok = play.edit.perm(tid)
    perms = play.edit.perms if play.edit.perms is not None else play.edit.base.permanents
    same = [q.id for q in perms.values() if q.id != tid and q.name == tok.name
            and q.controller == tok.controller and "Legendary" in q.supertypes
            and play.state.on_battlefield(q.id)]
    if not same:
        return
    keep = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text,
                              (tid, *same), f.trigger))
    for pid in (tid, *same):
        if pid != keep:
            play.state.destroyed.append(pid)
            play.state.reasons[pid] = "the legend rule (704.5j)"
            play.state.damage.pop(pid, None)
