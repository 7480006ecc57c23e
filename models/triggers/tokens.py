"""Creature tokens with rules text, several tokens at once, and X/X tokens, for triggered
abilities of combat (CR 111; docs/triggers.md, "Tokens (h7)").

Reading (:func:`token_clause`, called by :mod:`redzone.models.triggers.parse` after its own
forms): a 1/1 black Rat creature token with the quoted ability "this creature can't block",
one "with toxic 1 and" a quoted ability, "create a 3/3 ... token with deathtouch and a 3/3
... token with lifelink" (each its own :class:`redzone.models.triggers.types.CreateTokens`), "... named
Twin". The token's keywords and quoted abilities are read by the static parser
(:func:`redzone.models.parser.parse_text`): every one must be understood, none may change
characteristics or grant abilities (613: no layer is applied again for a token made in
combat), and a triggered
ability of combat among them must be one :mod:`redzone.models.triggers.parse` reads (the
token plays it); otherwise the sentence is not read. "Create an X/X ... token, where X is
..." is :mod:`redzone.models.triggers.amounts`' (``CreateTokens.size``).

Playing: :func:`token_parsed` (the token's parsed text) and :func:`layered_tokens` (the
effects of other permanents on a token made in combat, 613). Pure Python.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any

from redzone.models.abilities import Keyword, ParsedText
from redzone.models.triggers.types import Amount, CreateTokens, Effect

__all__ = ["layered_tokens", "token_clause", "token_parsed"]

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": ""}
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7}
_NAME = r"(?:[A-Z][\w'-]*|~(?:'s)?)(?: (?:[A-Z][\w'-]*|of|the))*"
_ONE = re.compile(
    r"(?:(?P<lname>" + _NAME + r"), a (?P<legendary>legendary) |"
    r"(?P<n>a|an|one|two|three|four|five|six|seven|\d+) )(?P<tapped>tapped )?"
    r"(?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:(?:white|blue|black|red|green|colorless)"
    r"(?:, and |, | and )?)+) (?P<subs>(?:[A-Z][\w'-]* )+)(?P<art>artifact )?creature tokens?"
    r"(?: named (?P<name>" + _NAME + r"))?(?: with (?P<with>.+?))?"
    r"(?: named (?P<name2>" + _NAME + r"))?"
    r"(?P<att> (?:that's|that are) (?:tapped and attacking|attacking))?")
_KEYWORD_WORDS = re.compile(r"[a-z][a-z ]*(?: \d+)?")


@lru_cache(maxsize=1024)
def _understood(text: str, name: str) -> bool:
    """Whether the static parser understands every line of ``text`` (a token's), and every
    triggered ability of combat among them is read."""
    from redzone.models.parser import parse_text
    from redzone.models.triggers.classify import in_combat
    from redzone.models.triggers.parse import is_read

    parsed = parse_text(text, names=(name,))
    if parsed.unparsed:
        return False
    from redzone.models.abilities import Conditional, Grant
    from redzone.models.layers import _LAYER_CLASSES

    if any(isinstance(a, _LAYER_CLASSES + (Grant, Conditional)) for a in parsed.abilities):
        # a characteristic-changing or granting static ability (613): a token made in
        # combat is put on the board as it is, with no layer applied again for it
        return False
    from redzone.models.abilities import AttackTax, BlockTax

    if any(isinstance(a, (AttackTax, BlockTax)) and a.x is not None and a.x.what == "cards in hand"
           for a in parsed.abilities):
        # a cost counted by a hand (Cowed by Wisdom's kind): decided from the stated hand only
        # as a board is built (conditions.hand_costs), never for a token made in combat
        return False
    return all(not in_combat(s, (name,)) or is_read(s, (name,)) for s in parsed.ignored)


def _one(words: str, quoted: list[str]) -> CreateTokens | None:
    m = _ONE.fullmatch(words)
    if not m:
        return None
    subtypes = tuple(m["subs"].split())
    if m["name"] and m["name2"]:
        return None
    given = m["lname"] or m["name"] or m["name2"] or ""  # h16: a named token
    name = given or " ".join(subtypes)
    keywords: list[str] = []
    lines: list[str] = []
    for part in re.split(r", and |, | and ", m["with"] or ""):
        part = part.strip()
        if not part:
            continue
        q = re.fullmatch(r"@(\d+)", part)
        if q:  # a quoted ability; "~" is the token itself
            line = quoted[int(q[1])].strip().rstrip(",")
            lines.append(re.sub(r"~", "this creature", line))
            continue
        if not _KEYWORD_WORDS.fullmatch(part):
            return None
        lines.append(part[0].upper() + part[1:])
        keywords.append(part)
    text = "\n".join(lines)
    if text and not _understood(text, name):
        return None
    simple = all(" " not in k or k in ("first strike", "double strike") for k in keywords)
    colors = tuple(c for c in (_COLORS[w] for w in re.split(r", and |, | and ", m["colors"])
                               if w) if c)
    n = 1 if m["lname"] else _COUNT[m["n"]] if m["n"] in _COUNT else int(m["n"])
    return CreateTokens(Amount(n), int(m["p"]), int(m["t"]), subtypes, colors,
                        tuple(keywords) if simple and len(lines) == len(keywords) else (),
                        attacking=bool(m["att"]), tapped=bool(m["tapped"]) or bool(m["att"]),
                        artifact=bool(m["art"]),
                        text="" if simple and len(lines) == len(keywords) else text,
                        name=given, legendary=bool(m["legendary"]))


def token_clause(s: str) -> tuple[Effect, ...] | None:
    """"create <token>[, <token>,] and <token>" with keywords and quoted abilities; ``None``
    when not read."""
    m = re.fullmatch(r"create (.+)", s)
    if not m:
        return None
    quoted: list[str] = []

    def hide(q: re.Match[str]) -> str:
        quoted.append(q[1])
        return f"@{len(quoted) - 1}"

    body = re.sub(r"[\"“]([^\"”]*)[\"”]", hide, m[1])
    parts = re.split(r",? and (?=(?:a|an|one|two|three) \d+/\d+ )|, (?=(?:a|an|one|two|three) "
                     r"\d+/\d+ )", body)
    out: list[Effect] = []
    for part in parts:
        got = _one(part.strip(), quoted)
        if got is None:
            return None
        out.append(got)
    return tuple(out)


def token_parsed(e: CreateTokens, name: str) -> ParsedText:
    """The parsed text of a token ``e`` creates: its keywords, and its rules text read by the
    static parser."""
    if not e.text:
        return ParsedText(tuple(Keyword(name=k, text=k) for k in e.keywords))
    from redzone.models.parser import parse_text

    return parse_text(e.text, names=(name,))


def layered_view(play: Any, leave_out: str | None = None) -> dict[str, Any]:
    """Copies of the permanents on the battlefield in the window ``play`` (but
    ``leave_out``) with the layers applied to them (613) on a board of their own, in the
    combat as it stands (the attackers and blockers still there): what each would be now."""
    import copy

    from redzone.models.battlefield import Board, combat_state
    from redzone.models.layers import apply_layers

    board = play.board
    perms = {pid: copy.copy(p) for pid, p in board.permanents.items()
             if play.state.on_battlefield(pid) and pid != leave_out}
    view = Board(scenario=board.scenario, players=board.players, permanents=perms,
                 active_player=board.active_player, rules=board.rules, game=board.game,
                 departed=board.departed)
    view.combat = combat_state(view, {a: t for a, t in play.attackers.items() if a in perms},
                               {b: a for b, a in play.blockers.items() if b in perms})
    apply_layers(view, view.combat)
    return perms


def layered_tokens(play: Any, ids: list[str]) -> None:
    """Give the creature tokens ``ids`` just created in the window ``play`` the effects of
    the permanents on the battlefield (613: an anthem's "+1/+1", "attacking creatures get
    +1/+0" for a token put onto the battlefield attacking, 508.4): the layers applied to a
    copy of the board, and the tokens' characteristics taken from it (their abilities
    granted by others are looked up on the board as always)."""
    from redzone.models.layers import layer_sources

    if not ids or not layer_sources(play.board):
        return
    perms = layered_view(play)
    for tid in ids:
        t = perms.get(tid)
        if t is None:
            continue
        play.edit.put(dataclasses.replace(
            play.edit.perm(tid), power=t.power, toughness=t.toughness, types=t.types,
            subtypes=t.subtypes, colors=t.colors, combat_delta=t.combat_delta,
            lost_abilities_at=t.lost_abilities_at, lost_keywords=t.lost_keywords))


_CDA_CREATURES = re.compile(
    r"[^.]*?(?:'s|\bits) (?P<what>power|power and toughness) (?:is|are each) equal to the "
    r"number of creatures you control\.?", re.IGNORECASE)


def _creature_count_cda(perm: Any) -> str | None:
    """``"power"`` / ``"power and toughness"`` when ``perm``'s own characteristic-defining
    ability counts "the number of creatures you control" (604.3: Adeline's power, Silverwing
    Squadron's power and toughness), else ``None``."""
    texts = list(perm.parsed.ignored) + [getattr(a, "text", "") for a in perm.parsed.abilities]
    for s in texts:
        m = _CDA_CREATURES.fullmatch(s.strip())
        if m:
            return m["what"].lower()
    return None


def recount_creature_cdas(play: Any, controller: str, n: int) -> None:
    """h21: ``n`` creature tokens just entered under ``controller``: a permanent of theirs
    whose characteristic-defining ability counts the creatures they control (604.3, 613.4a:
    applied continuously) grows by ``n`` at once (the scenario gives its current power and
    toughness, so the change is exact). Adeline's "whenever you attack, ... create a 1/1
    ... token" makes her one bigger before damage."""
    if n <= 0:
        return
    for pid, perm in list((play.edit.perms or play.edit.base.permanents).items()):
        if perm.controller != controller or not play.state.on_battlefield(pid) \
                or perm.power is None or perm.lost_abilities_at is not None:
            continue
        what = _creature_count_cda(perm)
        if what is None:
            continue
        dt = n if what == "power and toughness" and perm.toughness is not None else 0
        changes: dict[str, Any] = {"power": perm.power + n}
        if dt:
            changes["toughness"] = (perm.toughness or 0) + dt
        b = perm.base
        if b is not None:
            changes["base"] = dataclasses.replace(
                b, power=None if b.power is None else b.power + n,
                toughness=None if b.toughness is None or not dt else b.toughness + dt)
        play.edit.put(dataclasses.replace(play.edit.perm(pid), **changes))
