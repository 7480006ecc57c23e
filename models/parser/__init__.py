"""The Oracle-text parser: card text -> typed combat abilities (:mod:`redzone.models.abilities`).

One grammar serves real cards' Oracle text and the inline ``text`` / ``abilities`` of
scenario permanents. The parser is a small hand-written grammar over regular expressions:

1. Reminder text (parenthesised) is removed and the text is split into *abilities* (lines).
2. Each line is classified structurally: keyword line ("Flying, trample"), triggered ability
   ("When/Whenever/At ..."), activated or loyalty ability ("cost: effect"), modal line
   ("Choose one —", "• ..."), saga chapter, leveler/class/max-speed conditional section, or a
   static-text line, which is split into sentences.
3. Each static sentence is matched against the sentence templates (whole-sentence forms such
   as attack caps and attack taxes, then *subject + predicates*: "Enchanted creature gets
   +2/+2 and attacks each combat if able").
4. Every sentence ends in exactly one of: understood (it produced abilities), unparsed
   (combat-relevant but not understood), or ignored (not combat-relevant, or not a static
   ability: triggered, activated, one-shot). A sentence is either understood as a whole or
   reported unparsed — a partly understood sentence never yields abilities.

The package holds one module per template family: :mod:`.vocabulary` (words, keyword
tables, relevance rule), :mod:`.subjects` (self references, creature groups),
:mod:`.keywords`, :mod:`.predicates`, :mod:`.sentences` (whole-sentence templates),
:mod:`.blocks`, :mod:`.damage` and :mod:`.layers` (CR 613); :data:`SENTENCE_FAMILIES` and the predicate table fix
the order in which they are tried.

See ``docs/parser.md`` for the templates, the combat-relevance rule and coverage figures.
Pure Python; never imports ortools. Results are cached by ``(text, names)``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from redzone.models.abilities import (
    Ability,
    Affected,
    Condition,
    Conditional,
    Grant,
    Keyword,
    Landwalk,
    LifeFloor,
    PAIRED,
    ParsedText,
    PreventDamage,
    Protection,
)
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.vocabulary import (
    _PT_ONLY,
    is_combat_relevant,
    singular,
)
from redzone.models.parser.subjects import (
    _normalise_self,
    _parse_subject,
    self_names,
)
from redzone.models.parser.keywords import (
    _keyword_item,
    _split_keyword_line,
)
import redzone.models.parser.predicates as _predicates
from redzone.models.parser.predicates import (
    _SUBJECT_SPLIT,
    _PREDICATES,
    _parse_predicates,
    _subject_predicates,
)
from redzone.models.parser.sentences import (
    _whole_sentence,
)
from redzone.models.parser.blocks import (
    _BLOCK_PREDICATES,
    _block_static,
)
from redzone.models.parser.combat_state import combat_conditioned
from redzone.models.parser.conditions import defender_controls, split_condition
from redzone.models.parser.damage import (
    _damage_static,
)
from redzone.models.parser.layers import (
    _LAYER_PREDICATES,
    _layer_fallback,
    _layer_static,
)

from redzone.models.parser.assignment import _assignment_static
from redzone.models.parser.comparisons import _comparison_static
from redzone.models.parser.life import _life_static
from redzone.models.parser.permanents import _permanents_static
from redzone.models.parser.prevention import _prevention_static
from redzone.models.parser.same_is_true import same_is_true
from redzone.models.parser.self_and_group import _self_and_group
from redzone.models.parser.spells import _spell_static
from redzone.models.parser.prevention_riders import prevention_rider_static
from redzone.models.parser.named import named_static
from redzone.models.parser.defending_player import defending_player_static
from redzone.models.parser.counter_costs import counter_cost_static
from redzone.models.parser.player_requirements import player_requirement_static
from redzone.models.parser.tapped_blockers import per_attached_block_static, tapped_blockers_static
from redzone.models.parser.casting import casting_static, enters_grant_static
from redzone.models.parser.companions import companion_static
from redzone.models.parser.unless_requirements import unless_requirement_static
from redzone.models.parser.mana_values import mana_value_static
from redzone.models.parser.more_subjects import more_subjects_static
from redzone.models.parser.condition_lists import condition_list_static
from redzone.models.parser.outside_combat import ability_word_trigger, outside_combat_static
from redzone.models.parser.two_subjects import clause_list_static, spells_too_static, two_subjects_static
from redzone.models.parser.colour_grants import colour_grants_static
from redzone.models.parser.filtered_redirects import filtered_redirect_static
from redzone.models.parser.block_as_though import block_as_though_static
from redzone.models.parser.entry_copies import entry_copy_static
from redzone.models.parser.prevented_counters import joins_prevention_tail, prevented_counters_static
from redzone.models.parser.additional_triggers import additional_trigger_static
from redzone.models.parser.counter_limits import counter_limit_static
from redzone.models.parser.planeswalker_taxes import planeswalker_tax_static
from redzone.models.parser.turn_history import turn_history_static
from redzone.models.parser.player_protection import player_protection_static

# Whole-sentence template families, tried in this order before subject + predicates; each
# takes (normalised sentence, original text) and returns abilities, an ignore reason or None.
SENTENCE_FAMILIES: tuple[Callable[[str, str], list[Ability] | str | None], ...] = (
    _whole_sentence,  # attack/block caps, attack taxes, Lure, exert (.sentences)
    _damage_static,  # damage prevention and replacement (.damage)
    _block_static,  # block templates (.blocks)
    _layer_static,  # characteristic-changing statics, CR 613 (.layers)
    _life_static,  # life gained: "can't gain life", gain replacements (.life, h4)
    _prevention_static,  # prevention filtered by source or recipient (.prevention, h4)
    _assignment_static,  # damage assigned as though unblocked (.assignment, h4)
    _permanents_static,  # "~ is indestructible", "permanents you control have ..." (h4)
    _self_and_group,  # "~ and other Knights you control have ...", "also get" (h4)
    _comparison_static,  # "can't attack unless you control more creatures than ..." (h4)
    _spell_static,  # damage statics about spells only: ignored (h4)
    prevention_rider_static,  # "prevent that damage and mill ..." (.prevention_riders, h17)
    named_static,  # "Creatures named Rock Lobster can't attack or block" (.named, h17)
    defending_player_static,  # "can't attack unless defending player is poisoned" (h17)
    counter_cost_static,  # "can't attack unless you pay {1} for each +1/+1 counter" (h17)
    player_requirement_static,  # "Each opponent must attack with at least one creature" (h17)
    tapped_blockers_static,  # "Tapped creatures can block" (h17)
    per_attached_block_static,  # "an additional creature for each Equipment attached" (h17)
    casting_static,  # "defending player can't cast spells": ignored, about spells (h17)
    enters_grant_static,  # 'As long as C, ~ has "When ~ enters, ..."': ignored (h17)
    companion_static,  # "can't attack unless a black or green creature also attacks" (h17)
    unless_requirement_static,  # "attacks each combat if able unless you control ..." (h17)
    mana_value_static,  # "can't block with creatures with even mana values" (h17)
    more_subjects_static,  # "Green creatures and white creatures have ...", "Lands you control" (h17)
    condition_list_static,  # "~ has trample as long as ..., haste as long as ..." (h17)
    outside_combat_static,  # "~ doesn't untap during your untap step if ...": ignored (h27)
    two_subjects_static,  # "~ gets +2/+2 and other creatures you control have trample" (h27)
    colour_grants_static,  # "has vigilance if it's white, ... and trample if it's green" (h27)
    filtered_redirect_static,  # "all damage ... dealt to you by artifacts is dealt to ~" (h27)
    clause_list_static,  # "prevent all combat damage it would deal and it has defender" (h27)
    spells_too_static,  # "Noble creatures you control and Lesson spells you control have ..." (h27)
    block_as_though_static,  # "~ can block Dragons as though it had reach" (h27)
    entry_copy_static,  # "enter as a copy of ..., except it has haste": ignored, entry (h38)
    prevented_counters_static,  # "prevent that damage and put that many +1/+1 counters" (h38)
    additional_trigger_static,  # "... causes a triggered ability ... an additional time" (h38)
    counter_limit_static,  # "~ can't have counters put on it", "You can't get poison counters" (h38)
    planeswalker_tax_static,  # "Creatures can't attack planeswalkers you control unless ..." (h38)
    turn_history_static,  # "~ can't attack during extra turns": a stated condition (h38)
    player_protection_static,  # "You have protection from each of your opponents" (h38)
)
# Predicate families after a subject, in order: the first-pass ones (.predicates) keep their
# readings ("can't be blocked by Walls", "must be blocked if able"); the block ones (.blocks)
# only see what those could not place.
_PREDICATES.extend(_BLOCK_PREDICATES)
_PREDICATES.extend(_LAYER_PREDICATES)  # then the layer ones (.layers)

__all__ = [
    "Sentence",
    "analyse_text",
    "parse_text",
    "parse_sentence",
    "is_combat_relevant",
    "self_names",
    "singular",
    "silently_set_aside",
    "protection_qualities_lost",
]

Status = Literal["understood", "unparsed", "ignored"]


@dataclass(frozen=True)
class Sentence:
    """How one unit of text was classified.

    ``text``: the sentence (or keyword, or whole triggered/activated ability) with reminder
    text removed. ``status``: ``"understood"``, ``"unparsed"`` or ``"ignored"``. ``reason``:
    a short tag saying why (``"keyword"``, ``"template"``, ``"triggered"``, ``"activated"``,
    ``"not combat-relevant"``, ``"no template"``, ``"conditional"``, ...; listed in
    ``docs/parser.md``). ``abilities``: what an understood sentence produced (empty
    otherwise).
    """

    text: str
    status: Status
    reason: str
    abilities: tuple[Ability, ...] = ()


# ==================================================================== sentences

# One-shot instructions of spells and of triggered/activated abilities (a static ability
# never "destroys" or "creates"): ignored.
_ONE_SHOT = lazy_compile(
    r"^(?:Untap|Tap|Return|Create|Destroy|Exile|Search|Draw|Discard|Put|Remove|Sacrifice|"
    r"Gain control|Look|Reveal|Shuffle|Counter|Copy|Add|Mill|Scry|Surveil|Investigate|"
    r"Proliferate|Attach|Choose|Flip|Roll|Then|Repeat|Separate|Switch|Double|Fateseal|"
    r"Each player (?:loses|gains|sacrifices|discards|draws|mills|puts|returns|exiles|"
    r"creates|may)|Each opponent (?:loses|sacrifices|discards|mills|creates)|"
    r"You (?:gain|lose|draw|create|put|get|may put|may draw|may return|may search)|"
    r"~ deals|~ fights|Prevent\b.*\bthis turn)\b"
)
# A replacement or prevention effect with no duration is a static ability (CR 614.1, 615.1)
# even when it says "this way" (Bloatfly Swarm's "... remove that many +1/+1 counters ...
# for each +1/+1 counter removed this way") or starts like an instruction ("Double all
# damage ~ would deal"): never a one-shot effect.
_STATIC_REPLACEMENT = lazy_compile(
    r"^(?!.*\bthis turn\b)(?:If\b.*\bwould\b|Double all damage\b.*\bwould deal\b)")
_ABOUT_SPELLS = lazy_compile(
    r"^(?:(?:Instant|Sorcery|Creature|Noncreature|Artifact|Enchantment|Instant and sorcery|"
    r"Multicolored|Colorless)(?: and \w+)? spells\b|(?:Your opponents|Players|Each opponent|"
    r"Opponents) can't cast spells\b)")
_CONTINUES = lazy_compile(r"^(?:It|They|That creature|Those creatures|That player|Its|Their|"
                        r"Each of (?:them|those creatures))\b")
_CASTING = lazy_compile(
    r"(?i)^(?:cast this spell|this spell|as an additional cost to cast|you may cast|"
    r"spend only|~ costs|this (?:creature|card) costs)"
)


def _outside_quotes(s: str) -> str:
    return re.sub(r'"[^"]*"', '""', s)


def parse_sentence(sentence: str, *, names: Sequence[str] = (),
                   previous: Affected | None = None) -> Sentence:
    """Classify one static sentence (reminder text already removed).

    ``previous`` is the subject of the sentence before it in the same ability, used for a
    leading "It"/"They". A sentence no template reads as a whole may be a static under a
    condition the scenario decides ("During your turn, ...", "... as long as you control
    an artifact"; CR 611.3a): it is then understood as a
    :class:`redzone.models.abilities.Conditional`. Returns a :class:`Sentence`; never raises
    on odd text.
    """
    got = _parse_plain(sentence, names=names, previous=previous)
    if got.status != "unparsed":
        return got
    s = _normalise_self(sentence.strip(), tuple(names)).strip()
    s = s[:-1] if s.endswith(".") else s

    def whole(rest: str) -> tuple[Ability, ...] | None:
        inner = _parse_plain(rest, names=names, previous=previous)
        return inner.abilities if inner.status == "understood" and inner.abilities else None

    paired = _PAIRED.fullmatch(s)
    if paired:
        rest = paired["rest"]
        if rest.startswith('"') and rest.endswith('"') and '"' not in rest[1:-1] and all(
                x.status == "ignored" and x.reason.startswith("triggered")
                for x in analyse_text(rest[1:-1], names=names)):
            # "... each of those creatures has "Whenever this creature attacks, ..."": a
            # granted triggered ability (not a combat rule, like any trigger).
            return Sentence(sentence.strip(), "ignored", "granted non-static ability")
        inner_abilities = whole("~ has " + rest)
        if inner_abilities and all(isinstance(a, (Keyword, Protection, Landwalk))
                                   for a in inner_abilities):
            # Soulbond (702.95): "both creatures have reach" while paired.
            text = sentence.strip()
            return Sentence(text, "understood", "template", (Grant(
                affected=PAIRED, abilities=tuple(_rewrite_text(a, text) for a in inner_abilities),
                text=text),))
    defender = defender_controls(s)
    if defender is not None:
        text = sentence.strip()
        return Sentence(text, "understood", "template",
                        tuple(_rewrite_text(a, text) for a in defender))  # type: ignore[arg-type]
    in_combat = combat_conditioned(s, whole)
    if in_combat is not None:
        # "has first strike as long as it's attacking" (506.4, 611.3a; .combat_state)
        text = sentence.strip()
        return Sentence(text, "understood", "template (combat condition)",
                        tuple(_rewrite_text(a, text) for a in in_combat))
    split = split_condition(s)
    if split is None:
        return got
    condition, rest = split
    inner = _parse_plain(rest, names=names, previous=previous)
    if inner.status != "understood" or not inner.abilities:
        return got
    if any(isinstance(a, LifeFloor) for a in inner.abilities):
        # Elderscale Wurm's "As long as you have 7 or more life, ...": life changes during
        # combat (lifelink between the damage steps), so a condition decided once from the
        # scenario could be stale: reported.
        return got
    text = sentence.strip()
    return Sentence(text, "understood", "template (condition)", (Conditional(
        condition=condition, abilities=tuple(_rewrite_text(a, text) for a in inner.abilities),
        text=text),))


def _rewrite_text(a: Ability, text: str) -> Ability:
    """``a`` quoting the whole conditional sentence ``text`` (for explanations)."""
    if isinstance(a, Grant):
        return replace(a, text=text, abilities=tuple(_rewrite_text(x, text) for x in a.abilities))
    return replace(a, text=text)


def _parse_plain(sentence: str, *, names: Sequence[str] = (),
                 previous: Affected | None = None) -> Sentence:
    """:func:`parse_sentence` without the condition wrapper."""
    text = sentence.strip()
    s = _normalise_self(text, tuple(names)).strip()
    s = s[:-1] if s.endswith(".") else s
    if not s:
        return Sentence(text, "ignored", "empty")
    if previous is not None:
        s = re.sub(r"^(?:It|They) ", "~ " if previous.kind == "self" else "\0 ", s)
    got: list[Ability] | str | None = None
    for family in SENTENCE_FAMILIES:
        got = family(s, text)
        if got is not None:
            break
    if isinstance(got, str):
        return Sentence(text, "ignored", got)
    if got is not None:
        return Sentence(text, "understood", "template", tuple(got))
    if "\0" not in s:
        sp = _subject_predicates(s)
    else:
        pred = s.split("\0 ", 1)[1]
        abil = _parse_predicates(pred, previous, "") if previous is not None else None
        sp = (previous, abil) if abil is not None else None  # type: ignore[assignment]
    if sp is not None:
        _, abil = sp
        abil = [_with_text(a, text) for a in abil]
        if abil:
            return Sentence(text, "understood", "template", tuple(abil))
        unapplied = _layer_fallback(s, text)  # a layer effect half read (.layers)
        if unapplied is not None:
            return Sentence(text, "understood", "template", tuple(unapplied))
        if not is_combat_relevant(_outside_quotes(s)):
            return Sentence(text, "ignored", "not combat-relevant")
        if _pt_only(s):
            return Sentence(text, "ignored", "power/toughness")  # "Creatures with flying get +1/+1"
        # Everything was understood and nothing combat-relevant came out: e.g. a granted
        # triggered ability. That is not a restriction or requirement either.
        return Sentence(text, "ignored", "granted non-static ability")
    unapplied = _layer_fallback(s, text)  # a P/T effect no template reads (.layers)
    if unapplied is not None:
        return Sentence(text, "understood", "template", tuple(unapplied))
    if _CASTING.match(s):
        return Sentence(text, "ignored", "casting")
    if _ABOUT_SPELLS.match(s):
        # "Instant and sorcery spells you control have lifelink", "Creature spells with
        # flying you cast cost {1} less", "Your opponents can't cast spells during combat":
        # about spells, never about creatures' attacks, blocks or combat damage.
        return Sentence(text, "ignored", "about spells")
    if (_ONE_SHOT.match(s) or re.search(r"\bthis way\b", s)) and not _STATIC_REPLACEMENT.match(s):
        return Sentence(text, "ignored", "one-shot effect")
    bare = _outside_quotes(s)
    if re.search(r"\benters?\b", bare) and not re.search(r"\bcan't|\bcan\b|\bhas\b", bare):
        return Sentence(text, "ignored", "enters the battlefield")
    if re.search(r"(?i)\btargets?\b", bare):
        return Sentence(text, "ignored", "one-shot effect (targets)")
    if re.search(r"(?i)\buntil end of turn\b", bare) and not re.search(r"(?i)\bas long as\b", bare):
        # A static ability has no duration: "Until end of turn, creatures you control gain
        # trample ..." is a spell's or an ability's effect (CR 611.2).
        return Sentence(text, "ignored", "one-shot effect (until end of turn)")
    if _pt_only(s) or re.match(
            r"^(?:~'s|Its|Enchanted creature's|Equipped creature's) (?:base )?power"
            r"(?: and toughness)? (?:is|are)\b", s):
        return Sentence(text, "ignored", "power/toughness")
    if not is_combat_relevant(s):
        return Sentence(text, "ignored", "not combat-relevant")
    cond = re.search(r"(?i)\b(?:unless|if|as long as|during|while|except|until)\b", bare)
    return Sentence(text, "unparsed", "conditional" if cond else "no template")


# A clause of a power/toughness sentence other than the "gets +N/+M" itself: "has flying as
# long as you control an Island" (Tek), "lose all abilities" (Margle). Issue 10 §3: such a
# sentence is not a power/toughness-only sentence when a clause is combat-relevant.
_OTHER_CLAUSE = lazy_compile(
    r"(?:^|\s)(?P<clause>(?:has|have|gains?|loses?|lose|can't|cannot|can|must|assigns?|"
    r"deals?)\b[^,]*)"
)


def _drop_pt_clause(s: str) -> str:
    """``s`` without its "gets +N/+M" change and that change's "for each ..." / "where X
    is ..." amount (which may mention attacking: Moraug)."""
    s = re.sub(r"\b(?:for each|where X is) [^,]*", "", s)
    return re.sub(r"\bgets? [+\-−][\dX]+/[+\-−][\dX]+", ",", s)


def _pt_only(s: str) -> bool:
    """Whether ``s`` (normalised) only changes power/toughness: it matches the
    power/toughness pattern and none of its other clauses is combat-relevant."""
    if not _PT_ONLY.fullmatch(s):
        return False
    rest = _drop_pt_clause(_outside_quotes(s))
    return not any(is_combat_relevant(m["clause"]) for m in _OTHER_CLAUSE.finditer(rest))


# Reasons for ignoring a sentence that is (or may be) a static ability: the shapes that could
# hide a combat-relevant clause, checked by :func:`silently_set_aside`.
_STATIC_SHORTCUTS = frozenset({"not combat-relevant", "power/toughness",
                               "granted non-static ability"})


def silently_set_aside(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The sentences of one text (as :func:`analyse_text` returns them) that were ignored
    although they hold a combat-relevant clause: the parser's shortcuts must never hide
    one (issue 10 §3). Empty for a correct parse.

    Checked shapes: a static sentence ignored as "power/toughness", "not combat-relevant" or
    "granted non-static ability" with a clause headed by has/gains/loses/can't/can/must/
    assigns/deals that is combat-relevant (Tek's "has flying ...", Margle's "lose all
    abilities"); damage replaced or redirected set aside as not combat-relevant (Pariah);
    an "It ..." sentence taken as the tail of a sentence that is not a one-shot effect
    (Retro-Mutation). A protection list cut short (only some of "protection from white,
    blue, and red" understood) is checked by :func:`protection_qualities_lost`.
    """
    out: list[Sentence] = []
    for i, sent in enumerate(sentences):
        if sent.status != "ignored":
            continue
        bare = _outside_quotes(sent.text)
        if sent.reason in _STATIC_SHORTCUTS:
            rest = _drop_pt_clause(bare)
            if any(is_combat_relevant(m["clause"]) for m in _OTHER_CLAUSE.finditer(rest)):
                out.append(sent)
            elif is_combat_relevant(bare) and sent.reason == "not combat-relevant":
                out.append(sent)
        elif sent.reason == "continues the previous sentence":
            before = sentences[i - 1] if i else None
            if before is None or before.reason not in _ONE_SHOT_REASONS:
                out.append(sent)
    return out


def protection_qualities_lost(sentence: Sentence) -> bool:
    """Whether an understood ``sentence`` names more protection qualities than it produced
    :class:`Protection` abilities for ("protection from white, blue, and red" read as
    white only). Counts colour words after "protection from"."""
    if sentence.status != "understood":
        return False
    named = 0
    for m in re.finditer(r"(?i)protection from ([^.;:\"()]*)", sentence.text):
        named += len(re.findall(r"(?i)\b(?:white|blue|black|red|green)\b", m.group(1)))
    if not named:
        return False
    got = 0
    for a in sentence.abilities:
        inner = getattr(a, "abilities", None)
        for x in (inner if inner is not None else (a,)):
            if isinstance(x, Protection) and x.quality in ("white", "blue", "black", "red", "green"):
                got += 1
    return got < named


def _with_text(a: Ability, text: str) -> Ability:
    if a.text:
        return a
    if isinstance(a, Grant):
        return replace(a, text=text, abilities=tuple(_with_text(x, text) for x in a.abilities))
    return replace(a, text=text)


def _subject_of(sentence: Sentence, names: tuple[str, ...]) -> Affected | None:
    """The subject a following "It ..." sentence refers to."""
    s = _normalise_self(sentence.text, names)
    for sm in _SUBJECT_SPLIT.finditer(s):
        a = _parse_subject(s[: sm.start()])
        if a is not None:
            return a
    return None


# ==================================================================== lines

_REMINDER = lazy_compile(r"\s*\((?:[^()]|\([^()]*\))*\)")
_ABILITY_WORD = lazy_compile(
    r"^(?P<word>(?:\{TK\})+|[A-Z0-9][^—:\"•]{0,60}?) — (?P<rest>.+)$"
)
_CONDITIONAL_WORDS = ("max speed", "solved", "to solve")
_CHAPTER = lazy_compile(r"^[IVX]+(?:, [IVX]+)* — ")
_LEVEL_MARKER = lazy_compile(r"^(?:LEVEL \d+(?:-\d+|\+)|Level \d+\+?)$")
_PT_LINE = lazy_compile(r"^[\d*X+]+/[\d*X+]+$")
_TRIGGERED = lazy_compile(r"^(?:When|Whenever|At the|At end|At each)\b")


def _split_sentences(line: str) -> list[str]:
    out: list[str] = []
    buf: list[str] = []
    inq = False
    for i, ch in enumerate(line):
        buf.append(ch)
        if ch == '"':
            inq = not inq
        elif ch == "." and not inq and (i + 1 == len(line) or line[i + 1] == " "):
            out.append("".join(buf).strip())
            buf = []
    rest = "".join(buf).strip()
    if rest:
        out.append(rest)
    return out


def _colon_outside_quotes(line: str) -> bool:
    inq = False
    for ch in line:
        if ch == '"':
            inq = not inq
        elif ch == ":" and not inq:
            return True
        elif ch == "." and not inq:
            return False
    return False


def _line(line: str, names: tuple[str, ...], conditional: str | None) -> list[Sentence]:
    """Classify one ability (line of text)."""
    if line.startswith("•"):
        return [Sentence(line, "ignored", "modal choice")]
    if re.match(r"^Choose (?:one|two|three|any number|one or more|up to)\b", line):
        return [Sentence(line, "ignored", "modal choice")]
    if _CHAPTER.match(line):
        return [Sentence(line, "ignored", "triggered (chapter)")]
    if _LEVEL_MARKER.match(line) or _PT_LINE.match(line):
        return [Sentence(line, "ignored", "level marker")]
    items = _split_keyword_line(line)
    if items is not None and ability_word_trigger(line, items):
        items = None  # h27: "Protection Fighting Style — When ...": the ability word path below
    if items is not None:
        out: list[Sentence] = []
        for it in items:
            kind, abil = _keyword_item(it)
            if conditional and kind in ("combat", "unparsed"):
                out.append(_in_section(Sentence(it, "understood" if kind == "combat" else
                                                "unparsed", "keyword", tuple(abil)), conditional))
            elif kind == "combat":
                out.append(Sentence(it, "understood", "keyword", tuple(abil)))
            elif kind == "unparsed":
                out.append(Sentence(it, "unparsed", "keyword not modelled"))
            elif kind == "triggered":
                out.append(Sentence(it, "ignored", "triggered keyword"))
            else:
                out.append(Sentence(it, "ignored", "keyword not combat-relevant"))
        return out
    m = _ABILITY_WORD.match(line)
    if m and not _colon_outside_quotes(m["word"]):
        word = m["word"].strip().lower()
        if word in _CONDITIONAL_WORDS:
            return _line(m["rest"], names, conditional or word)
        if word == "companion":
            return [Sentence(line, "ignored", "deck construction")]
        line = m["rest"]
    if _TRIGGERED.match(line):
        return [Sentence(line, "ignored", "triggered")]
    if re.match(r"^\[[+\-−]?[\dX]+\]:", line):
        return [Sentence(line, "ignored", "loyalty ability")]
    if _colon_outside_quotes(line):
        return [Sentence(line, "ignored", "activated")]
    out = []
    previous: Affected | None = None
    sentences = _join_phantom(_split_sentences(line))
    for k, sent in enumerate(sentences):
        if out and out[-1].status == "ignored" and out[-1].reason in _ONE_SHOT_REASONS \
                and _CONTINUES.match(sent):
            # "Put a +1/+1 counter on target creature. It gains ..." — still that effect.
            # Only after a one-shot: after a static ("Enchanted creature is a Turtle ...")
            # "It can't attack" is a static of its own (issue 10 §3, Retro-Mutation).
            out.append(Sentence(sent, "ignored", "continues the previous sentence"))
            continue
        if sent.endswith(".") and _split_keyword_line(sent[:-1].strip()) is not None:
            # "Flying. Trample." on one line (an inline card's text): each sentence is a
            # keyword line of its own.
            out.extend(_line(sent[:-1].strip(), names, conditional))
            previous = None
            continue
        r = parse_sentence(sent, names=names, previous=previous)
        if r.status == "unparsed" and out:
            same = same_is_true(sent, out[-1])  # h4: "The same is true for ..." (.same_is_true)
            if same is not None:
                r = Sentence(r.text, same[0], same[1], same[2])  # type: ignore[arg-type]
        if r.status == "understood" and k + 1 < len(sentences) \
                and _CHANGES_AFTER_PREVENTION.search(sentences[k + 1]) \
                and any(isinstance(a, PreventDamage) for a in r.abilities):
            # "Prevent that damage. Put a -1/-1 counter on this creature for each 1 damage
            # prevented this way" (Phyrexian Hydra): the prevention alone would be half read.
            r = Sentence(r.text, "unparsed", "no template")
        if conditional and r.status != "ignored":
            r = _in_section(r, conditional)
        out.append(r)
        static = r.status == "understood" or r.reason in _STATIC_IGNORED
        subject = _subject_of(r, names) if static else None
        if subject is None and static and _CONTINUES.match(sent):
            subject = previous  # "Its toughness becomes its loyalty." keeps the subject
        previous = subject
    return out


_PAIRED = lazy_compile(r"As long as ~ is paired with another creature, (?:both creatures have|each "
                       r"of those creatures has) (?P<rest>.+)")
_PHANTOM_TAIL = lazy_compile(r"^Remove a \+1/\+1 counter from ")
# A sentence after a prevention that changes what combat leaves behind with the damage
# prevented: counters put or removed, life gained (not a "When ..." trigger).
_CHANGES_AFTER_PREVENTION = lazy_compile(r"^(?!When)(?=.*\bthis way\b).*(?:\bcounters?\b|\blife\b)")


def _join_phantom(sentences: list[str]) -> list[str]:
    """Phantom Centaur's "If damage would be dealt to ~, prevent that damage. Remove a +1/+1
    counter from ~." is one prevention effect in two sentences (its rulings: one counter per
    damage event): they are read as one sentence."""
    out: list[str] = []
    for sent in sentences:
        if out and _PHANTOM_TAIL.match(sent) and out[-1].endswith("prevent that damage."):
            out[-1] = out[-1] + " " + sent
        elif out and joins_prevention_tail(out[-1], sent):  # h38: Phyrexian Hydra, Vigor
            out[-1] = out[-1] + " " + sent
        else:
            out.append(sent)
    return out


# Reasons of ignored sentences that are one-shot effects (a following "It ..." sentence
# continues them) and of ignored sentences that are statics with a subject (a following
# "It ..." sentence is about that subject).
_ONE_SHOT_REASONS = frozenset({
    "one-shot effect", "one-shot effect (targets)", "one-shot effect (until end of turn)",
    "continues the previous sentence", "enters the battlefield", "casting",
})
_STATIC_IGNORED = frozenset({"not combat-relevant", "power/toughness",
                             "granted non-static ability"})


def _in_section(r: Sentence, conditional: str) -> Sentence:
    """A sentence of a conditional section: under a leveler's "LEVEL 2-6" marker an
    understood sentence applies while the permanent has that many level counters (CR
    711.2a-b): a :class:`Conditional`; anything else there is reported."""
    m = re.fullmatch(r"level (\d+)(?:-(\d+)|\+)", conditional)
    if m and r.status == "understood" and r.abilities:
        cond = Condition(kind="counters", counter="level", count=int(m[1]),
                         at_most=int(m[2]) if m[2] else None)
        return Sentence(r.text, "understood", "template (level)",
                        (Conditional(condition=cond, abilities=r.abilities, text=r.text),))
    if conditional in ("max speed", "solved") and r.status == "understood" and r.abilities:
        # "Max speed — ..." (702.179: the player's speed is 4), "Solved — ..." (a solved
        # Case, 719.3): the scenario states it in the permanent's conditions.
        phrase = "you have max speed" if conditional == "max speed" else "~ is solved"
        cond = Condition(kind="stated", phrase=phrase)
        return Sentence(r.text, "understood", "template (" + conditional + ")",
                        (Conditional(condition=cond, abilities=r.abilities, text=r.text),))
    word = "level" if m else conditional
    return Sentence(r.text, "unparsed", "conditional (" + word + ")")


@lru_cache(maxsize=65536)
def _analyse(text: str, names: tuple[str, ...]) -> tuple[Sentence, ...]:
    out: list[Sentence] = []
    conditional: str | None = None
    for raw in text.replace("\r", "").split("\n"):
        line = _REMINDER.sub("", raw).strip()
        if not line:
            continue
        marker = re.fullmatch(r"LEVEL (\d+(?:-\d+|\+))", line)
        if marker:
            conditional = "level " + marker[1]  # a leveler's section (711.2)
        elif _LEVEL_MARKER.match(line) or re.search(r": Level \d+$", line):
            conditional = "class level"  # a Class's level (716): not in a scenario
        out.extend(_real_words(_line(line, names, conditional), line, names))
    return tuple(out)


# Ignored for their shape alone (a whole triggered, activated or modal ability, a marker):
# a misspelt word in them changes nothing, so they are not checked word by word.
_SHAPE_REASONS = frozenset({"triggered", "activated", "loyalty ability", "modal choice",
                            "triggered (chapter)", "level marker", "deck construction",
                            "empty"})


def _real_words(sentences: list[Sentence], line: str, names: tuple[str, ...]) -> list[Sentence]:
    """Issue 25 §2: a sentence set aside (ignored) must be a real sentence, and one
    understood must not have skipped a word. A sentence with a word that is in no Oracle
    text (``Fliyng``, ``can't blokc``, "gets +1/+1 and has flyng"; :mod:`.words`), or a short
    line set aside as not combat-relevant that is no keyword (``Fly``), is reported as not
    understood instead — reason ``unknown word`` / ``not a keyword`` — so that ``--strict``
    refuses it and the notes say "did you mean ...". Real Oracle text is unchanged: its
    words make the list (a short line of real text is checked by the coverage figures)."""
    from redzone.models.parser.words import not_a_keyword, unknown_words

    out = sentences
    for i, s in enumerate(sentences):
        if s.status == "unparsed" or s.reason in _SHAPE_REASONS:
            continue
        if unknown_words(s.text, names):
            reason = "unknown word"
        elif s.reason == "not combat-relevant" and s.text.strip() == line and not_a_keyword(line):
            reason = "not a keyword"
        else:
            continue
        if out is sentences:
            out = list(sentences)
        out[i] = Sentence(s.text, "unparsed", reason)
    return out


def analyse_text(text: str, *, names: Sequence[str] = ()) -> tuple[Sentence, ...]:
    """Classify every ability/sentence of ``text`` (Oracle text, abilities separated by
    newlines). ``names`` are the object's own names (see :func:`self_names`).

    Returns the :class:`Sentence` records in text order. Cached by ``(text, names)``.
    """
    return _analyse(text or "", tuple(names))


# The grammar is recursive (a quoted granted ability is a whole text): the predicates read
# one with analyse_text itself.
_predicates.use_grammar(analyse_text)


@lru_cache(maxsize=65536)
def _parse(text: str, names: tuple[str, ...]) -> ParsedText:
    sents = _analyse(text, names)
    return ParsedText(
        abilities=tuple(a for s in sents for a in s.abilities),
        unparsed=tuple(s.text for s in sents if s.status == "unparsed"),
        ignored=tuple(s.text for s in sents if s.status == "ignored"),
    )


def parse_text(text: str, *, names: Sequence[str] = ()) -> ParsedText:
    """Parse a card's Oracle text (or a scenario's inline ``text``/``abilities``).

    ``text``: abilities separated by ``"\\n"``; reminder text in parentheses is ignored.
    ``names``: the names that refer to the object itself — its card name (for a multi-face
    card, the face name); the short name before a comma and, as a sentence subject, the
    first word of the name are accepted too, as are "this creature", "this permanent",
    "CARDNAME" and "~".

    Returns a :class:`redzone.models.abilities.ParsedText`: understood abilities in text order, the
    combat-relevant sentences that were not understood (``unparsed``, never dropped) and the
    ignored ones. Never raises on unexpected text. Rules: CR 508.1c-d (attack restrictions
    and requirements), 509.1b-c (blocks), 702 (keywords).
    """
    return _parse(text or "", tuple(names))
