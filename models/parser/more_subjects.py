"""More creature groups as subjects (h17, issue 21) — CR 613.1f (abilities granted in layer
6), 105.2, 205.3:

- "Green creatures and white creatures have protection from Gorgons" (Masked Gorgon): a
  creature of either colour (``Affected.qualities``, one per colour);
- "Other Treefolk and Forests you control have indestructible" (Timber Protector): creatures
  with either subtype; a land type counts for an animated land. As for "permanents you
  control have indestructible" (h4), only creatures are reached: no noncreature permanent
  is destroyed in the combat redzone plays;
- "Lands you control have trample and hexproof" (Avatar Kyoshi): the lands that are
  creatures (``Quality(types=("Land",))``); a land that is no creature deals no damage, so
  trample means nothing to it;
- "Skeletons you control and other Zombies you control get ... and have ..." (Death Baron):
  two groups, the second without the first's type (a creature of both is reached once);
- "Goaded creatures your opponents control can't block" (Bothersome Quasit): the creatures
  the scenario's ``effects`` goad (``Quality.goaded``, 701.15);
- "Creatures without flying or islandwalk can't attack" (Stormtide Leviathan): creatures
  with neither (``Quality.without_landwalk``).

The predicates are those of the subject+predicate grammar (:mod:`.predicates`).
Part of :mod:`redzone.models.parser`.
"""

from __future__ import annotations

import re

from redzone.models.abilities import KEYWORDS, Ability, Affected, Quality
from redzone.models.parser.predicates import _parse_predicates
from redzone.models.parser.vocabulary import CREATURE_TYPES, singular

_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLORS = re.compile(
    r"(?P<a>White|Blue|Black|Red|Green) creatures and (?P<b>white|blue|black|red|green) "
    r"creatures(?P<ctl> you control)? (?P<pred>(?:have|get) .+)")
_TYPE_AND_LAND = re.compile(
    r"(?P<other>Other )?(?P<t>[A-Z][\w'-]*) and (?P<land>Plains|Islands|Swamps|Mountains|Forests)"
    r" you control (?P<pred>(?:have|get) .+)")
_LANDS = re.compile(r"Lands you control (?P<pred>have .+)")
_GOADED = re.compile(r"Goaded creatures(?P<ctl> your opponents control| you control)? "
                     r"(?P<pred>can't .+)")
_TWO_GROUPS = re.compile(r"(?P<a>[A-Z][\w'-]*) you control and other (?P<b>[A-Z][\w'-]*) you control "
                         r"(?P<pred>(?:get|have) .+)")
_WITHOUT_WALK = re.compile(r"Creatures without (?P<kw>[a-z ]+?) or (?P<w>island|swamp|forest|"
                           r"mountain|plains)walk (?P<pred>can't .+)")
_LAND_ONE = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
             "Forests": "Forest"}


def more_subjects_static(s: str, text: str) -> list[Ability] | None:
    """The subjects above with their predicates (normalised ``s``), else ``None``."""
    m = _COLORS.fullmatch(s)
    if m:
        a = Affected(kind="creatures", controller="you" if m["ctl"] else "any",
                     qualities=(Quality(colors=(_COLOR[m["a"].lower()],)),
                                Quality(colors=(_COLOR[m["b"]],))))
        return _parse_predicates(m["pred"], a, text) or None
    m = _TYPE_AND_LAND.fullmatch(s)
    if m:
        one = m["t"] if m["t"] in CREATURE_TYPES else singular(m["t"])
        if one is None or one not in CREATURE_TYPES:
            return None
        a = Affected(kind="creatures", controller="you", other=bool(m["other"]),
                     subtypes=(one, _LAND_ONE[m["land"]]))
        return _parse_predicates(m["pred"], a, text) or None
    m = _GOADED.fullmatch(s)
    if m:
        # "Goaded creatures your opponents control can't block" (Bothersome Quasit; 701.15)
        ctl = {" your opponents control": "opponents", " you control": "you"}.get(m["ctl"] or "", "any")
        a = Affected(kind="creatures", controller=ctl,  # type: ignore[arg-type]
                     qualities=(Quality(goaded=True),))
        return _parse_predicates(m["pred"], a, text) or None
    m = _TWO_GROUPS.fullmatch(s)
    if m:
        # "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch"
        # (Death Baron): two groups, the second without the first's type so that a creature
        # of both types is reached once (the card's ruling), the source excluded from the
        # second only.
        a_one, b_one = (t if t in CREATURE_TYPES else singular(t) for t in (m["a"], m["b"]))
        if a_one not in CREATURE_TYPES or b_one not in CREATURE_TYPES:
            return None
        first = _parse_predicates(m["pred"], Affected(kind="creatures", controller="you",
                                                      subtypes=(a_one,)), text)
        second = _parse_predicates(m["pred"], Affected(
            kind="creatures", controller="you", other=True, subtypes=(b_one,),
            exclude_subtypes=(a_one,)), text)
        return (first + second) if first and second else None
    m = _WITHOUT_WALK.fullmatch(s)
    if m and m["kw"] in KEYWORDS:
        # "Creatures without flying or islandwalk can't attack" (Stormtide Leviathan): those
        # with neither (702.14)
        a = Affected(kind="creatures", qualities=(Quality(
            without_keywords=(m["kw"],), without_landwalk=(m["w"].capitalize(),)),))
        return _parse_predicates(m["pred"], a, text) or None
    m = _LANDS.fullmatch(s)
    if m:
        a = Affected(kind="creatures", controller="you", qualities=(Quality(types=("Land",)),))
        return _parse_predicates(m["pred"], a, text) or None
    return None
