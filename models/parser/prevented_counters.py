"""h38: damage prevented and turned into counters (CR 615, 616.1): the prevention form of
:class:`redzone.models.abilities.DamageAsCounters`.

| sentence (in our words) | reading |
|---|---|
| "If damage would be dealt to ~, prevent that damage and put that many +1/+1 counters on it / him" (Anti-Venom) | ``DamageAsCounters(prevention=True)`` |
| "If [noncombat] damage would be dealt to ~ / another creature you control, prevent that damage. Put a +1/+1 / -1/-1 counter on ~ / that creature for each 1 damage prevented this way" (Stormwild Capridor, Phyrexian Hydra, Vigor; the two sentences are read as one, :func:`joins_prevention_tail`) | the same, ``damage`` and ``affected`` as written |
| "If a creature would deal combat damage to ~, prevent that damage and put a +1/+1 counter on ~" (Ironscale Hydra) | ``per_event=True`` (one counter for each damage event), ``sources`` creatures |

Applied by :func:`redzone.models.damage_effects.prevented_as_counters` as damage is dealt.
Not read here: a condition ("while you're the monarch"), counters removed from the creature
with tokens made (Sekki), a control change (Khârn): reported.

Pure Python; one family of :data:`redzone.models.parser.SENTENCE_FAMILIES`.
"""

from __future__ import annotations

from redzone.models.abilities import SELF, Ability, DamageAsCounters, SourceFilter
from redzone.models.lazy_re import lazy_compile
from redzone.models.parser.subjects import _parse_subject

__all__ = ["joins_prevention_tail", "prevented_counters_static"]

_KIND = {None: "any", "": "any", "combat ": "combat", "noncombat ": "noncombat"}
_COUNTER = r"(?P<c>\+1/\+1|-1/-1)"
_THAT_MANY = lazy_compile(
    r"If (?P<kind>combat |noncombat )?damage would be dealt to (?P<who>~|another creature you "
    r"control|each other creature you control), prevent that damage(?: and put that many "
    + _COUNTER + r" counters on (?:~|it|him|her|that creature)|\. Put an? " + _COUNTER.replace(
        "?P<c>", "?P<c2>") + r" counter on (?:~|it|that creature) for each 1 damage prevented "
    r"this way)"
)
_ONE_EACH = lazy_compile(
    r"If (?P<src>a creature|a source) would deal (?P<kind>combat |noncombat )?damage to ~, "
    r"prevent that damage and put an? " + _COUNTER + r" counter on (?:~|it)"
)
_TAIL = lazy_compile(
    r"Put an? [+-]1/[+-]1 counter on (?:this creature|that creature|it|[^.]+?) for each 1 damage "
    r"prevented this way\.")


def joins_prevention_tail(before: str, sentence: str) -> bool:
    """Whether ``sentence`` ("Put a +1/+1 counter on ~ for each 1 damage prevented this way.")
    finishes the prevention ``before`` ("..., prevent that damage."): one effect written in
    two sentences, read as one."""
    return before.endswith("prevent that damage.") and before.startswith("If ") \
        and _TAIL.fullmatch(sentence) is not None


def prevented_counters_static(s: str, text: str) -> list[Ability] | None:
    """The :class:`DamageAsCounters` of a sentence above (``s`` normalised: "~", no final
    period), else ``None``."""
    m = _THAT_MANY.fullmatch(s)
    if m:
        affected = SELF if m["who"] == "~" else _parse_subject("other creatures you control")
        if affected is None:
            return None
        if m["c2"] is not None and m["who"] != "~" and "that creature" not in s.rsplit(". ", 1)[1]:
            return None  # "another creature ..., put ... on ~": not the creature dealt damage
        return [DamageAsCounters(affected=affected, counter=m["c"] or m["c2"],
                                 damage=_KIND[m["kind"]], prevention=True,  # type: ignore[arg-type]
                                 text=text)]
    m = _ONE_EACH.fullmatch(s)
    if m:
        sources = SourceFilter(creature=m["src"] == "a creature")
        return [DamageAsCounters(counter=m["c"], damage=_KIND[m["kind"]],  # type: ignore[arg-type]
                                 prevention=True, per_event=True, sources=sources, text=text)]
    return None
