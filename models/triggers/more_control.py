"""Control and tokens, more readings (h39; docs/triggers.md "Control and tokens, more (h39)").

Reading, each form general over the effects it wraps:

- :func:`read_first` — "sacrifice it" where "it" is the creature whose event triggered the
  ability and the watched creatures are ones its controller controls ("Whenever a Goblin or
  Orc you control deals combat damage to a player, you may sacrifice it"): that creature
  sacrificed (701.21a), not once it has left; :func:`reflexive` is its "When you do"
  (603.12). "Destroy / exile [up to one] target nonland, nontoken permanent" (111.1).
  "Exile it [with a hit counter on it]" after a permanent of the watched kind died: its card,
  in a graveyard now (700.4), exiled from there — a value.
- :func:`read_early` — two effects on one object in one clause: "put two +1/+1 counters and
  a flying counter on X" (122.1); "target X gets +1/+0 until end of turn for each ... and
  can't be blocked this turn".
- :func:`read_clause` — a modal "choose one — • A. • B." whose every mode is a value, as one
  clause (after "When you do, "): one ``ValueOnly`` (700.2); "choose a card name and add it
  to your favorites list" (a note of the player: a value).
- :func:`otherwise` — "A if C. Otherwise, B." as one ``Conditional`` (608.2c), with "it was
  attacking" (``IfTest("was_attacking")``, 608.2h; :func:`was_attacking` plays it).
- :func:`life_for_value` — "you may draw ... If you do, you lose N life": life paid for a
  value only, never chosen (as ``board_effects.paid``).
- :func:`in_reflexive` — the reflexive ability of "When you do" is the rest of the text.
- :func:`read_whole` — :class:`LookPut` ("look at the top N cards of your library. You may
  put a <kinds> card from among them onto the battlefield ...") and :class:`TopCardLife`
  (Yuriko's revealed top card), from the scenario's ``players[].library``; :func:`resolve`
  plays them and :func:`unplayed` tells ``solver/not_played.py`` when the library stated is
  too short.

Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from redzone.models.triggers.types import Destroy, Effect, EntersFromCard, ValueOnly, Who

__all__ = ["EFFECTS", "LookPut", "TopCardLife", "in_reflexive", "life_for_value", "otherwise",
           "read_clause", "read_early", "read_first", "read_whole", "reflexive", "resolve",
           "unplayed", "was_attacking"]

Reader = Callable[[str], "tuple[Effect, ...] | None"]

_TRIGGER = Who("trigger")
_GONE = ("dies", "leaves")


_COUNTER = r"(?:a|an|one|two|three|four|\d+) [+\-\w/]+ counters?"
_TWO_COUNTERS = re.compile(rf"put ({_COUNTER}) and ({_COUNTER}) on (.+)")

_GETS_AND = re.compile(r"((?:up to one |another )?target [^.]+?) (gets? [+\-−]\d+/[+\-−]\d+ until end of "
                       r"turn[^.]*?) and (can't be blocked this (?:turn|combat)|can't block this "
                       r"(?:turn|combat))")

_VALUES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"choose a (?:nonland )?card name and add it to your favorites list for this "
                r"game"), "favorites list"),
]


def read_first(s: str, refs: Any) -> tuple[Effect, ...] | None:
    """The forms read before the parser's own "sacrifice ~" (module docstring), or
    ``None``. ``refs``: the parser's references of the trigger condition."""
    r = refs.r
    if (s == "sacrifice it" and r.it == _TRIGGER and r.watch.kind == "creatures"
            and r.watch.controller == "you" and r.event not in _GONE and not r.once):
        # 701.21a: its controller (the ability's) sacrifices the creature of the event
        return (Destroy(_TRIGGER, sacrifice=True),)
    m = re.fullmatch(r"(destroy|exile) (up to one )?target (?:nonland, nontoken|nontoken, nonland) "
                     r"permanent", s)
    if m:  # "exile up to one target nonland, nontoken permanent" (Mistmeadow Vanisher, 111.1)
        from redzone.models.ability_base import Quality

        who = Who("target_permanent", up_to=bool(m[2]), exclude_types=("Land",),
                  qualities=(Quality(token=False),))
        return (Destroy(who, exile=m[1] == "exile"),)
    m = re.fullmatch(r"exile it(?: with an? [a-z-]+ counter on it)?", s)
    if m and r.event == "dies" and (r.it == _TRIGGER or r.it is None and r.watch.kind == "creatures"
                                    and not r.once):
        # the card of the permanent that died, in its owner's graveyard now (700.4, 404.2):
        # exiled from there, with a counter on the exiled card (122.1) — a value
        return (ValueOnly("exile from graveyard"),)
    return None


def read_early(s: str, sentence: Reader) -> tuple[Effect, ...] | None:
    """Two effects on one object in one clause, read before the parser's own forms (which
    would refuse the clause): "put two +1/+1 counters and a flying counter on X", "target X
    gets +1/+0 until end of turn for each ... and can't be blocked this turn"; or ``None``."""
    m = _GETS_AND.fullmatch(s)
    if m:  # "X gets +1/+0 until end of turn for each ... and can't be blocked this turn": one
        # subject, both effects (the same object, 611.2c)
        a, b = sentence(f"{m[1]} {m[2]}"), sentence(f"{m[1]} {m[3]}")
        if not a or not b or len(b) != 1 or any(getattr(e, "who", None) != getattr(b[0], "who", 0)
                                                for e in a):
            return None
        return a + b
    m = _TWO_COUNTERS.fullmatch(s)
    if m:  # "put two +1/+1 counters and a flying counter on X": one object, both kinds (122.1)
        a, b = sentence(f"put {m[1]} on {m[3]}"), sentence(f"put {m[2]} on {m[3]}")
        if not a or not b or len(a) != 1 or len(b) != 1 \
                or getattr(a[0], "who", None) != getattr(b[0], "who", 0):
            return None
        return a + b
    return None


def read_clause(s: str, refs: Any, sentence: Reader) -> tuple[Effect, ...] | None:
    """One clause of this module read last (module docstring), or ``None``. ``sentence``:
    the parser's reader of one sentence (the delayed effect must read)."""
    del refs
    for rx, tag in _VALUES:
        if rx.fullmatch(s):
            return (ValueOnly(tag),)
    if s.startswith("choose "):
        return _value_modes(s, sentence)
    return None


def _value_modes(s: str, sentence: Reader) -> tuple[Effect, ...] | None:
    """"choose one — • Draw a card. • Create a Treasure token." as one clause (after "When you
    do, "): every mode a value, so whichever is chosen (700.2) nothing changes in combat —
    one :class:`ValueOnly`; ``None`` when a mode is not a value."""
    from redzone.models.triggers.board_effects import read_modes

    def effects(x: str) -> tuple[tuple[Effect, ...], bool] | None:
        x = x.strip()
        got = sentence(x if x.startswith("~") else x[:1].lower() + x[1:])
        return None if got is None else (got, False)

    modal, got = read_modes(s, effects)
    if not modal or got is None:
        return None
    (modes,), _ = got
    inner = [e for mode in getattr(modes, "modes", ()) for e in mode]
    if not inner or not all(isinstance(e, ValueOnly) for e in inner):
        return None  # (modes inside a reflexive ability are not played: only values here)
    return (ValueOnly("a mode of value (700.2)"),)


def reflexive(sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is the reflexive "When you do, ..." (603.12) of "you may sacrifice it"
    where "it" is the creature of the event (:func:`read_first`): done only if it was
    sacrificed, as "If you do" (the resolver stops after a sacrifice that took nothing).
    Not read when the effect after it has a target (chosen before the sacrifice here)."""
    if not sent.startswith("when you do, ") or len(effects) != 1:
        return False
    e = effects[0]
    if not (isinstance(e, Destroy) and e.sacrifice and e.who == _TRIGGER and not e.at_end_of_combat):
        return False
    return "target" not in sent


# ---------------------------------------------------------------- "A if C. Otherwise, B."


def otherwise(before: str, sent: str, read: Reader, refs: Any) -> tuple[Effect, ...] | None:
    """"A if C. Otherwise, B." / "If C, A. Otherwise, B." (608.2c: C is checked as the
    ability resolves; one of A and B is done): the ability's two first sentences ``before``
    and ``sent`` (``sent`` begins "otherwise, ") as one
    :class:`~redzone.models.triggers.types.Conditional` with ``otherwise`` B; ``None`` when
    C, A or B is not read, when A is a choice ("you may"), or when A or B has a target (a
    target is chosen whatever the condition, 603.3d). ``read``: the parser's reader of one
    sentence; ``refs``: its references of the trigger condition."""
    from redzone.models.triggers.types import Conditional

    text = before.strip().rstrip(".")
    text = text[:1].lower() + text[1:]
    m = re.fullmatch(r"if ([^,]+), (.+)", text) or re.fullmatch(r"(.+?) if (.+)", text)
    if not m or not sent.startswith("otherwise, "):
        return None
    cond, first = (m[1], m[2]) if text.startswith("if ") else (m[2], m[1])
    if re.search(r"\b(?:you may|if you do|unless|if)\b", first) or " if " in cond:
        return None
    test = _test(cond, refs)
    a = read(first)
    b = read(sent[len("otherwise, "):].strip().rstrip("."))
    if test is None or a is None or b is None or any(_targeted(e) for e in (*a, *b)):
        return None
    if refs.r.event in _GONE and any(getattr(e, "who", None) == Who("source") for e in (*a, *b)):
        return None  # the source has left: "put a counter on it" after a return is not said
    return (Conditional(test, a, otherwise=b),)


def _targeted(e: Effect) -> bool:
    who = getattr(e, "who", None)
    return who is not None and (who.kind.startswith("target") or who.kind == "any_target")


def _test(cond: str, refs: Any) -> Any:
    """The :class:`~redzone.models.triggers.types.IfTest` of ``cond``: the conditions
    grammar's (:func:`redzone.models.triggers.conditions.if_test`), or "it was attacking"
    (the creature of a "dies" / "leaves" event, or the source, as it last existed: 608.2h)."""
    from redzone.models.triggers.conditions import if_test
    from redzone.models.triggers.types import IfTest

    r = refs.r
    if cond in ("it was attacking", "~ was attacking") and r.event in _GONE:
        if cond == "it was attacking" and r.it == _TRIGGER:
            return IfTest("was_attacking", of_trigger=True)
        if cond == "~ was attacking" or r.it == Who("source"):
            return IfTest("was_attacking")
        return None
    return if_test(cond, defending=refs.player("defending player") == Who("defending_player"),
                   it_is_source=r.it == Who("source"), it_is_trigger=r.it == _TRIGGER,
                   that_is_trigger=r.that_creature == _TRIGGER)


def was_attacking(play: Any, f: Any, t: Any) -> bool:
    """Whether the creature of ``f``'s event (``t.of_trigger``) or its source was an
    attacking creature as it last existed on the battlefield (608.2h): one the play counts
    among the attackers (declared, or put onto the battlefield attacking, 508.4) and did
    not remove from combat (506.4)."""
    pid = f.trigger if t.of_trigger else f.source
    return isinstance(pid, str) and pid in play.attackers and pid not in play.edit.removed


# ---------------------------------------------------------------- the top cards of a library


@dataclass(frozen=True)
class LookPut:
    """h39: "look at (reveal) the top ``n`` cards of your library. You may put a <kinds> card
    [with mana value N or less] from among them onto the battlefield [tapped [and
    attacking]]. [It gains <keywords> until end of turn.] Put the rest on the bottom of your
    library in a random order." (Jet, Rebel Leader; Winota, Joiner of Forces): the cards are
    the top ``n`` of the scenario's ``players[].library`` (top first); ``card`` the kinds,
    bound and tapped / attacking (an :class:`EntersFromCard` ``"hand_card"``); ``gains`` the
    keywords the card put gains until end of turn."""

    n: int
    """How many; 0: X, ``card.x`` counted as it resolves (608.2h: "where X is its power")."""
    card: EntersFromCard
    gains: tuple[str, ...] = ()



_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}
_LOOK = re.compile(
    r"(?:look at|reveal) the top (?P<n>\w+) cards of your library(?:, where X is (?P<x>[^.]+))?\. "
    r"you may put (?P<card>an? "
    r"[^.]+? card(?: with mana value (?:\d+|X) or less)?) from among them onto the battlefield"
    r"(?P<tap> tapped and attacking| tapped)?\. (?:(?:it|that creature) gains (?P<gains>[^.]+?) "
    r"until end of turn\. )?put the rest (?:of the cards )?on the bottom (?:of your library )?in a "
    r"random order\.?")


def _looked(play: Any, player: str, perms: Any) -> dict[str, Any] | None:
    """This play's record of ``player``'s library as the looks of this module took from it
    (``{"seen": cards gone from the top, "ids": cards put onto the battlefield}``), or
    ``None`` when another effect took cards from it in this combat (a card of it on the
    battlefield that these looks didn't put, or a look of ``zone_moves``' TopCards): its
    order is then not known."""
    record: dict[str, Any] = play.__dict__.setdefault("_h39_looked", {})
    mine = record.setdefault(player, {"seen": 0, "ids": set()})
    prefix = f"{player}~library"
    if any(pid.startswith(prefix) and pid not in mine["ids"] for pid in perms) \
            or player in play.__dict__.get("_h37_looked", ()):
        return None
    return mine


def read_whole(rest: str, refs: Any) -> tuple[tuple[Effect, ...], bool] | None:
    """The whole effect text of :class:`LookPut` (not optional as a whole: the "may" is the
    choice of a card or none as it resolves, 608.2d) or of :class:`TopCardLife`, or
    ``None``."""
    top = read_top_life(rest)
    if top is not None:
        return top
    from redzone.models.triggers.control import KEYWORDS
    from redzone.models.triggers.moves import _hand_card  # pyright: ignore[reportPrivateUsage]

    text = rest.strip()
    text = re.sub(r"(^|\. )([A-Z])", lambda m: m[1] + m[2].lower(), text)
    m = _LOOK.fullmatch(text)
    if not m or m["n"] not in _NUMBERS and not (m["n"] == "X" and m["x"]):
        return None
    where = f", where X is {m['x']}" if m["x"] else ""
    got = _hand_card(f"put {m['card']} from your hand onto the battlefield{m['tap'] or ''}{where}",
                     refs)
    if not got or len(got) != 1 or not isinstance(got[0], EntersFromCard) \
            or got[0].what != "hand_card" or got[0].bound not in ("", "x") \
            or (got[0].x is None) != (m["n"] != "X"):
        return None  # X: the number looked at is the card's bound too (Emergent Woodwurm)
    gains: tuple[str, ...] = ()
    if m["gains"]:
        gains = tuple(w for w in re.split(r", and |, | and ", m["gains"]) if w)
        if not all(w in KEYWORDS for w in gains):
            return None
    look = cast("Effect", LookPut(_NUMBERS.get(m["n"], 0), got[0], gains))  # (played by resolve)
    return (look,), False


def _library(board: Any, player: str) -> tuple[str, ...]:
    return next((tuple(p.library) for p in board.players if p.name == player), ())


def unplayed(board: Any, perm: Any, sentence: str, names: tuple[str, ...]) -> bool:
    """Whether the read triggered ability ``sentence`` of ``perm`` looks at more top cards of
    a library than the scenario states (``players[].library``; unstated, empty): the cards
    are not known, so the ability is not played (``solver/not_played.py`` lists it)."""
    from redzone.models.triggers.parse import parse_triggers
    from redzone.models.triggers.types import flat_effects

    return any(isinstance(e, (LookPut, TopCardLife))
               and len(_library(board, perm.controller)) < max(getattr(e, "n", 1), 1)
               for t in parse_triggers(sentence, names) for e in flat_effects(t.effects))


def resolve(play: Any, f: Any, e: Effect, chosen: dict[str, Any]) -> str:
    """Resolve one of :data:`EFFECTS` for ``f`` in the window ``play``: a line of what it did."""
    if isinstance(e, TopCardLife):
        return _top_life(play, f)
    assert isinstance(e, LookPut)
    return _look_put(play, f, e, chosen)


def _look_put(play: Any, f: Any, e: LookPut, chosen: dict[str, Any]) -> str:
    """:class:`LookPut`: the controller chooses one card of the kinds and bound among the top
    ``e.n`` of their stated library, or none (608.2d), put onto the battlefield as
    ``<player>~library<i>`` [tapped [and attacking]: 508.4, never declared]; the rest go to
    the bottom in a random order (401.4). A second look in the same window sees the next
    ``e.n`` cards (those looked at went to the bottom); a look after another effect took
    cards from that library in this combat is not played (the order then is not modelled),
    nor one with no library stated."""
    from redzone.models.triggers.entries import _bounds, _fits, put_card  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.resolve import Choice
    from redzone.models.triggers.types import GainKeywords

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = _library(base, f.controller)
    if not library:
        return "not played: the cards looked at are not stated (players[].library)"
    mine = _looked(play, f.controller, perms)
    if mine is None:
        return "not played: another effect took cards from the library in this combat"
    n = e.n or (max(0, play.amount(f, e.card.x)) if e.card.x is not None else 0)
    start = mine["seen"]
    if start + n > len(library):
        return "not played: the library stated is shorter than the cards looked at"
    mine["seen"] = start + n
    bounds = _bounds(play, f, e.card)
    options: list[Any] = []
    names: dict[str, str] = {}
    for i in range(start, start + n):
        cid, name = f"{f.controller}~library{i}", library[i]
        if name in names.values() or not _fits(name, e.card, bounds):
            continue
        options.append(cid)
        names[cid] = name
    if not options:
        return f"no such card among the top {n} of {f.controller}'s library"
    options.append(None)
    pick = play.choose(Choice(f.controller, "chosen", f.source, f.ability.text, tuple(options),
                              f.trigger))
    chosen["chosen"] = pick
    if pick is None:
        return "no card put onto the battlefield; the rest on the bottom of the library"
    index = len(base.permanents) + 1000 + play.tokens + len(perms)
    refused, tail = put_card(play, f, names[pick], pick, "library", index, tapped=e.card.tapped,
                             attacking=e.card.attacking)
    if refused is not None:
        return refused
    mine["ids"].add(pick)
    line = f"{names[pick]} put onto the battlefield from {f.controller}'s library as {pick}" + tail
    if e.gains:
        line += "; " + play.effect(dataclasses.replace(f, trigger=pick),
                                   GainKeywords(Who("trigger"), e.gains), chosen)
    return line


# ---------------------------------------------------------------- life paid for a value

_LIFE_FOR_VALUE = re.compile(r"if you do, you lose (?:\d+|X|that much) life\.?")


def life_for_value(before: str, sent: str, effects: list[Effect]) -> bool:
    """Whether ``sent`` is "If you do, you lose N (X) life" after ``before``, a sentence whose
    "you may" chose a value only ("you may draw X cards, where X is ...": Bebop; "if that
    creature was a Cleric, you may draw a card": Taborax): the life is paid for a value,
    and as for a payment of mana or energy for a value only
    (:func:`redzone.models.triggers.board_effects.paid`) the play never chooses it — the card
    is not drawn and no life is lost, a legal choice (608.2d) that changes nothing in
    combat. The value read (``effects[-1]``) becomes that one ``ValueOnly`` (``effects``
    changed in place)."""
    if not (_LIFE_FOR_VALUE.fullmatch(sent) and effects and isinstance(effects[-1], ValueOnly)
            and re.search(r"(?:^|, )you may (?:draw|scry|surveil|investigate|create a "
                          r"(?:Treasure|Clue|Food) token)\b", before.strip()[:1].lower()
                          + before.strip()[1:])):
        return False
    effects[-1] = ValueOnly("a value for life: not chosen")
    return True


def in_reflexive(sentences: list[str], i: int) -> bool:
    """Whether sentence ``i`` of an ability's effect text comes after a "When you do, ..."
    sentence (603.12): the reflexive ability is the rest of the text ("When you do, put two
    +1/+1 counters ... on target attacking creature. It becomes an Angel ...": Guide of
    Souls), so it belongs to the choice that ability depends on."""
    return any(sentences[j].strip().lower().startswith("when you do, ") for j in range(1, i))


@dataclass(frozen=True)
class TopCardLife:
    """h39: "reveal the top card of your library and put that card into your hand. Each
    opponent loses life equal to that card's mana value." (Yuriko, the Tiger's Shadow): the
    card is the next of the scenario's ``players[].library`` (top first; a second reveal in
    the same window sees the card after it, 121.1); each opponent loses life equal to its
    mana value (202.3)."""


_TOP_LIFE = re.compile(r"reveal the top card of your library and put that card into your hand\. "
                       r"each opponent loses life equal to that card's mana value\.?")


def read_top_life(rest: str) -> tuple[tuple[Effect, ...], bool] | None:
    """The whole effect text of :class:`TopCardLife`, or ``None``."""
    text = rest.strip()
    text = re.sub(r"(^|\. )([A-Z])", lambda m: m[1] + m[2].lower(), text)
    if not _TOP_LIFE.fullmatch(text):
        return None
    return (cast("Effect", TopCardLife()),), False


def _top_life(play: Any, f: Any) -> str:
    """:class:`TopCardLife` (module docstring); not played (the line says why) when the card
    is not stated or another effect took cards from that library in this combat."""
    from redzone.models.triggers.entries import _card_of  # pyright: ignore[reportPrivateUsage]
    from redzone.models.triggers.types import Amount, LifeEffect

    base = play.edit.base
    perms = play.edit.perms if play.edit.perms is not None else base.permanents
    library = _library(base, f.controller)
    mine = _looked(play, f.controller, perms)
    if mine is None:
        return "not played: another effect took cards from the library in this combat"
    if mine["seen"] >= len(library):
        return "not played: the card revealed is not stated (players[].library)"
    name = library[mine["seen"]]
    mine["seen"] += 1
    got = _card_of(name)
    if got is None:
        return f"not played: {name}'s mana value is not in the card data"
    mv = int(got[1].mana_value)
    lost = play.effect(f, LifeEffect(Who("each_opponent"), Amount(mv), gain=False), {})
    return f"{f.controller} reveals {name} (mana value {mv}) and puts it into their hand; {lost}"


EFFECTS = (LookPut, TopCardLife)
"""The effect classes :func:`resolve` plays."""
