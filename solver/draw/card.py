"""The pieces of a combat diagram (:mod:`redzone.solver.draw.render`): text metrics, the short
labels a card shows, a card-shaped box, a player's band.

Pure SVG text; nothing here runs a solver. Colours are from the Okabe-Ito palette (Okabe &
Ito 2008, "Color Universal Design"), distinct for the common forms of colour blindness.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from redzone.models.abilities import (
    KEYWORDS,
    AttackCap,
    AttacksEachCombat,
    AttackTax,
    BlockCap,
    BlocksEachCombat,
    BlockTax,
    CanBlockAdditional,
    CantAttack,
    CantBeBlocked,
    CantBlock,
    DamageModifier,
    Landwalk,
    MustBeAttacked,
    PreventDamage,
    PreventDamageToPlayer,
    Protection,
    Toxic,
)
from redzone.models.board import Board, Permanent

ATTACK = "#D55E00"   # vermillion: attacks
BLOCK = "#0072B2"    # blue: blocks
DAMAGE = "#CC79A7"   # reddish purple: damage along no attack or block
TAG = "#F0E442"      # yellow: damage tags
INK = "#1A1A1A"
MUTED = "#5A5A5A"
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"

CARD_W, CARD_H = 104, 156
BAND_H = 30


# ----------------------------------------------------------------------------- text


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A conservative width estimate in px for a sans-serif face (DejaVu Sans is wide);
    East Asian wide characters (Japanese names in Duel Masters) count a full em."""
    full = sum(1 for ch in text if unicodedata.east_asian_width(ch) in ("W", "F"))
    wide = sum(1 for ch in text if ch.isupper() or ch in "mwMW@%")
    return size * ((0.66 if bold else 0.6) * (len(text) - full) + full + 0.12 * wide)


def fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: float, width: float, lines: int, bold: bool = False) -> list[str]:
    """Word-wrap ``text`` into at most ``lines`` lines of ``width`` px; the last is cut
    with an ellipsis when needed."""
    words: list[str] = []
    for word in text.split():
        # A word wider than a line (a Japanese name has no spaces) breaks between characters.
        while text_width(word, size, bold) > width and len(word) > 1:
            cut = max(k for k in range(1, len(word) + 1) if k == 1 or text_width(word[:k], size, bold) <= width)
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    out: list[str] = []
    current = ""
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if text_width(trial, size, bold) <= width or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        out.append(current)
    out = [fit(line, size, width, bold) for line in out[:lines]]
    return out


def text(x: float, y: float, content: str, size: float = 11, *, bold: bool = False, fill: str = INK,
         anchor: str = "start", extra: str = "") -> str:
    """A ``<text>`` element (``content`` is escaped)."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{weight} fill="{fill}" '
            f'text-anchor="{anchor}"{extra}>{escape(content)}</text>')


def attr(value: str) -> str:
    """``value`` escaped for a double-quoted attribute."""
    return escape(value, {'"': "&quot;"})


# ---------------------------------------------------------------------- what a card shows

_SHORT = {
    "first strike": "first strike", "double strike": "double strike",
    "trample over planeswalkers": "trample over PW", "indestructible": "indestructible",
    "horsemanship": "horsemanship",
}


def rule_labels(board: Board, perm: Permanent) -> list[str]:
    """Short labels for the combat keywords (own or granted, CR 613.1f) and a few combat
    rules of ``perm``, in a fixed order."""
    out: list[str] = []
    for name in KEYWORDS:
        if board.has_keyword(perm, name):
            out.append(_SHORT.get(name, name))
    granted = [a for a, _ in board.granted(perm)]
    for ability in (*perm.abilities, *granted):
        if isinstance(ability, Protection):
            out.append(f"pro {ability.quality}")
        elif isinstance(ability, Landwalk):
            out.append(f"{ability.land.lower()}walk")
        elif isinstance(ability, Toxic):
            out.append(f"toxic {ability.amount}")
    if not perm.is_creature:
        return list(dict.fromkeys(out + [label for a in perm.abilities if (label := static_label(a))]))
    rules = (
        (AttacksEachCombat, "must attack"), (BlocksEachCombat, "must block"),
        (CantAttack, "can't attack"), (CantBlock, "can't block"),
        (CantBeBlocked, "unblockable"), (CanBlockAdditional, "extra blocks"),
    )
    for cls, label in rules:
        if board.abilities_affecting(perm, cls):
            out.append(label)
    return list(dict.fromkeys(out))


def static_label(ability: Any) -> str:
    """A short label for a static combat ability of a non-creature permanent ("" for
    none): caps (508.1c, 509.1b), taxes (508.1d, 509.1d), "must be attacked", damage
    replacement (614.1a) and prevention (615)."""
    if isinstance(ability, AttackCap):
        plural = "s" if ability.maximum != 1 else ""
        return f"≤{ability.maximum} attacker{plural}" + (" at you" if ability.you_only else "")
    if isinstance(ability, BlockCap):
        return f"≤{ability.maximum} blocker" + ("s" if ability.maximum != 1 else "")
    if isinstance(ability, (AttackTax, BlockTax)):
        cost = "X" if ability.x is not None and not ability.generic else (
            f"{ability.generic}+X" if ability.x is not None else str(ability.generic))
        return f"{'attack' if isinstance(ability, AttackTax) else 'block'} tax {cost}"
    if isinstance(ability, MustBeAttacked):
        return "must be attacked"
    if isinstance(ability, DamageModifier):
        if ability.factor != 1:
            return f"damage ×{ability.factor}"
        return f"damage {ability.plus:+d}" if ability.plus else ""
    if isinstance(ability, (PreventDamage, PreventDamageToPlayer)):
        return "prevents damage"
    return ""


def type_line(perm: Permanent) -> str:
    """"Creature — Bear": card types, then subtypes (supertypes left out for room)."""
    types = " ".join(perm.types)
    subtypes = " ".join(perm.subtypes)
    return f"{types} — {subtypes}" if types and subtypes else (types or subtypes)


def is_creature(board: Board, perm: Permanent) -> bool:
    """Creatures (CR 302); a Duel Masters permanent with power is one too."""
    return perm.is_creature or (board.game != "magic" and perm.power is not None)


def stat(board: Board, perm: Permanent, outcome: Mapping[str, Any] | None,
         after: tuple[int | None, int | None] | None = None) -> tuple[str, str]:
    """The corner box and its caption: power/toughness (caption ""; ``after``: the values
    triggered abilities left, drawn before → after), or loyalty / defense before → after
    (caption "loyalty" / "defense")."""
    if is_creature(board, perm) and perm.power is not None:
        if perm.toughness is None:
            return str(perm.power), ""
        if after is not None and after != (perm.power, perm.toughness):
            return f"{perm.power}/{perm.toughness}→{after[0]}/{after[1]}", ""
        return f"{perm.power}/{perm.toughness}", ""
    for key in ("loyalty", "defense"):
        before = getattr(perm, key)
        if before is None:
            continue
        after = (outcome or {}).get(key, {}).get(perm.id, before)
        return (f"{before}→{after}" if after != before else str(before)), key
    return "", ""


def chips(labels: Sequence[str], left: float, top: float, right: float, bottom: float) -> list[str]:
    """SVG for ``labels`` as small rounded chips flowed into rows between ``left`` and
    ``right`` from ``top`` down to ``bottom``; when they do not all fit, the last ones give
    way to a "+N" chip. The label "tapped" is drawn inverted (white on black)."""

    def flow(items: list[str]) -> list[tuple[float, float, float, str]] | None:
        cx, cy, out = left, top, []
        for label in items:
            w = min(text_width(label, 8.5) + 8, right - left)
            if cx + w > right and cx > left:
                cx, cy = left, cy + 15
            if cy + 13 > bottom:
                return None
            out.append((cx, cy, w, label))
            cx += w + 4
        return out

    items = list(labels)
    placed = flow(items)
    keep = len(items)
    while placed is None and keep > 0:
        keep -= 1
        placed = flow(items[:keep] + [f"+{len(items) - keep}"])
    parts = []
    for cx, cy, w, label in placed or []:
        dark = label == "tapped"
        parts.append(f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{w:.1f}" height="13" rx="3" '
                     f'fill="{INK if dark else "#FFFFFF"}" stroke="{INK}" stroke-width="0.7"/>'
                     + text(cx + w / 2, cy + 9.6, fit(label, 8.5, w - 6), 8.5,
                            fill="#FFFFFF" if dark else INK, anchor="middle"))
    return parts


def effect_labels(board: Board, perm: Permanent) -> list[str]:
    """Labels for the scenario's effects on ``perm``: goad (CR 701.15), "attacks X if
    able" (508.1d), "blocks X if able" (509.1c)."""
    out = []
    for effect in getattr(board.scenario, "effects", ()) or ():
        if getattr(effect, "goad", None) == perm.id:
            out.append(f"goaded by {effect.by}")
        must = getattr(effect, "must_attack", None)
        if must is not None and must.attacker == perm.id:
            out.append(f"must attack {must.target}")
        must = getattr(effect, "must_block", None)
        if must is not None and must.blocker == perm.id:
            out.append(f"must block {must.attacker}")
    return out


_DM_LABELS = {
    "wins_all": "wins all battles", "slayer": "slayer", "no_battle": "does not battle",
    "destroy_instead": "destroys instead", "return_instead": "returns to hand",
    "indestructible": "indestructible", "on_win": "on win", "on_lose": "on loss",
}


def dm_labels(board: Board) -> dict[str, list[str]]:
    """Duel Masters boards: id -> short English labels of each creature's abilities (as
    :func:`redzone.models.duel_masters.parse_dm_ability` reads them, Japanese included)."""
    from redzone.models.duel_masters import dm_board

    out: dict[str, list[str]] = {}
    for cid, creature in dm_board(board.scenario).creatures.items():
        labels = []
        for a in creature.abilities:
            if a.kind == "power_attacker":
                labels.append(f"power atk +{a.amount}")
            elif a.kind == "battle_power":
                labels.append(f"+{a.amount} in battle")
            else:
                labels.append(_DM_LABELS.get(a.kind, a.text))
        out[cid] = labels
    return out


def labels_for(board: Board, perm: Permanent, dm: Mapping[str, list[str]] | None = None) -> list[str]:
    """Every label a card shows, in order: tapped, summoning sick, the scenario's effects,
    keywords and rules (or, on a Duel Masters board, ``dm[perm.id]``)."""
    out = ["tapped"] if perm.tapped else []
    if perm.summoning_sick and is_creature(board, perm):
        out.append("summoning sick")
    if dm is not None:
        return out + list(dm.get(perm.id, ()))
    return out + effect_labels(board, perm) + rule_labels(board, perm)


# ----------------------------------------------------------------------------- the card


def card(board: Board, perm: Permanent, x: float, y: float, labels: Sequence[str], *,
         role: str = "", outcome: Mapping[str, Any] | None = None, note: str = "",
         stats: tuple[int | None, int | None] | None = None) -> str:
    """A card-shaped box for ``perm`` with its top-left corner at (``x``, ``y``):
    ``<g class="card" data-id=...>``. ``role``: ``"attacking"`` (thick vermillion border),
    ``"blocking"`` (thick dashed blue border) or ``""``. ``outcome``: the contract's outcome
    object; a destroyed permanent is struck through and crossed out, marked damage, loyalty
    and defense are shown after the damage, and -1/-1 counters it put on as a first label.
    ``note``: a further line for the card's tooltip (``<title>``), e.g. the AI's reason.
    ``stats``: (power, toughness) after the triggered abilities that resolved."""
    out = outcome or {}
    destroyed = perm.id in out.get("destroyed", ())
    creature = is_creature(board, perm)
    fill = "#EDEDED" if destroyed else ("#FFFFFF" if creature else "#F4F4F0")
    stroke, sw, dash = "#8A8A8A", 1.2, ""
    if role == "attacking":
        stroke, sw = ATTACK, 3.0
    elif role == "blocking":
        stroke, sw, dash = BLOCK, 3.0, ' stroke-dasharray="8 4"'
    tip = f"{perm.label}: {type_line(perm)}" + (f" ({role})" if role else "") + (" (destroyed)" if destroyed else "")
    tip += f"\n{note}" if note else ""
    box = f'x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="8"'
    parts = [f'<g class="card" data-id="{attr(perm.id)}" data-controller="{attr(perm.controller)}">'
             f"<title>{escape(tip)}</title>", f'<rect {box} fill="{fill}"/>']
    if perm.tapped:
        parts.append(f'<rect {box} fill="url(#tapped)"/>')
    parts.append(f'<rect {box} fill="none" stroke="{stroke}" stroke-width="{sw}"{dash}/>')
    inner = CARD_W - 12
    ty = y + 17
    for line in wrap(perm.name, 11.5, inner, 3, bold=True):
        parts.append(text(x + 6, ty, line, 11.5, bold=True))
        if destroyed:
            lw = min(inner, text_width(line, 11.5, True))
            parts.append(f'<line class="struck" x1="{x + 5:.1f}" y1="{ty - 4:.1f}" x2="{x + 7 + lw:.1f}" '
                         f'y2="{ty - 4:.1f}" stroke="{INK}" stroke-width="1.8"/>')
        ty += 14
    if perm.id != perm.name:
        parts.append(text(x + 6, ty - 1, fit(perm.id, 9, inner), 9, fill=MUTED, extra=f' font-family="{MONO}"'))
        ty += 11
    notes = [type_line(perm)] if type_line(perm) else []
    notes += [f"on {perm.attached_to}"] if perm.attached_to else []
    notes += [f"protector: {perm.protector}"] if perm.protector else []
    for note in notes:
        parts.append(text(x + 6, ty, fit(note, 8.5, inner), 8.5, fill=MUTED))
        ty += 11
    after = out.get("counters", {}).get(perm.id)
    added = (after or {}).get("-1/-1", 0) - perm.counters.get("-1/-1", 0)
    if added > 0:  # wither or infect damage (CR 120.3d)
        labels = [f"-1/-1 ×{added}", *labels]
    parts.extend(chips(labels, x + 6, ty + 1, x + CARD_W - 6, y + CARD_H - 28))
    # Bottom line: the stat box on the right; marked damage or the stat's name on the left.
    value, caption = stat(board, perm, out, stats)
    if caption:
        parts.append(text(x + 7, y + CARD_H - 11, caption, 9, fill=MUTED))
    if value:
        w = text_width(value, 12, True) + 10
        parts.append(f'<rect x="{x + CARD_W - 6 - w:.1f}" y="{y + CARD_H - 25:.1f}" width="{w:.1f}" '
                     f'height="19" rx="4" fill="#FFFFFF" stroke="{INK}" stroke-width="1"/>'
                     + text(x + CARD_W - 6 - w / 2, y + CARD_H - 11, value, 12, bold=True, anchor="middle"))
    if destroyed:
        x1, y1, x2, y2 = x + 4, y + 4, x + CARD_W - 4, y + CARD_H - 4
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{INK}" '
                     f'stroke-width="2" stroke-opacity="0.45"/><line x1="{x2:.1f}" y1="{y1:.1f}" '
                     f'x2="{x1:.1f}" y2="{y2:.1f}" stroke="{INK}" stroke-width="2" stroke-opacity="0.45"/>')
        mid = y + CARD_H * 0.6
        parts.append(f'<rect class="destroyed" x="{x + CARD_W / 2 - 34:.1f}" y="{mid - 10:.1f}" width="68" '
                     f'height="20" rx="4" fill="{INK}"/>'
                     + text(x + CARD_W / 2, mid + 4, "destroyed", 10, bold=True, fill="#FFFFFF", anchor="middle"))
    else:
        marked = out.get("damage", {}).get(perm.id, perm.damage)
        if marked and not caption:
            parts.append(text(x + 7, y + CARD_H - 11, f"{marked} dmg", 10, bold=True, fill=ATTACK))
    parts.append("</g>")
    return "".join(parts)


def commander_bits(board: Board, player_name: str, outcome: Mapping[str, Any] | None) -> list[str]:
    """The band's commander-damage parts of a player (CR 903.10a): each commander's total
    over the game, before → after under ``outcome``, by the commander's short name (the
    part of a legendary name before its comma), e.g. ``"Atraxa 18 → 22 cmdr"``; ``[]`` when
    none (not a Commander game, or no damage from any commander)."""
    player = board.player(player_name)
    before = dict(player.commander_damage)
    after = (outcome or {}).get("commander_damage", {}).get(player.name, before)
    bits = []
    for cid in sorted(set(before) | set(after)):
        a, b = before.get(cid, 0), after.get(cid, 0)
        if a or b:
            who = board.permanents[cid].name.split(",")[0] if cid in board.permanents else cid
            bits.append(f"{who} {a} → {b} cmdr" if a != b else f"{who} {b} cmdr")
    return bits


def band_bits(board: Board, player_name: str, outcome: Mapping[str, Any] | None) -> list[str]:
    """The parts of a player's band label after the name: life and poison, before → after
    under ``outcome``, and commander damage (:func:`commander_bits`)."""
    player = board.player(player_name)
    out = outcome or {}
    life = out.get("life", {}).get(player.name, player.life)
    poison = out.get("poison", {}).get(player.name, player.poison)
    bits = [f"life {player.life} → {life}" if life != player.life else f"life {life}"]
    if poison or player.poison:
        bits.append(f"poison {player.poison} → {poison}" if poison != player.poison else f"poison {poison}")
    return bits + commander_bits(board, player_name, outcome)


def band(board: Board, player_name: str, panel: tuple[float, float, float, float],
         strip: tuple[float, float, float, float], outcome: Mapping[str, Any] | None) -> tuple[str, str]:
    """A player's panel background (``panel`` rectangle x, y, w, h) with its band
    (``strip``), and the band's label: name, life, poison and commander damage per
    commander (903.10a), before → after under ``outcome``, and "loses the game" (CR 104.3). Returns (background, label) so the label
    can be drawn above the arrows."""
    x, y, w, h = strip
    player = board.player(player_name)
    out = outcome or {}
    active = player.name == board.active_player
    bits = band_bits(board, player_name, outcome)
    lost = player.name in out.get("lost", ())
    px, py, pw, ph = panel
    bg = (f'<g class="panel" data-player="{attr(player.name)}">'
          f'<rect x="{px:.1f}" y="{py:.1f}" width="{pw:.1f}" height="{ph:.1f}" rx="10" fill="#FBFBFB" '
          f'stroke="{"#B5B5B5" if active else "#6F9BC2"}" stroke-width="{1 if active else 3}"/>'
          f'<rect class="band" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
          f'fill="{"#FFF1E0" if active else "#E3EEF7"}" stroke="#B5B5B5" stroke-width="1"/></g>')
    name = player.name + (" (active player)" if active else "")
    line = fit(f"{name} · " + " · ".join(bits) + (" · loses the game" if lost else ""), 12.5, w - 24, bold=True)
    tw = text_width(line, 12.5, True) + 14
    label = (f'<g class="player" data-player="{attr(player.name)}">'
             f'<rect x="{x + 6:.1f}" y="{y + 4:.1f}" width="{tw:.1f}" height="{h - 8:.1f}" rx="5" '
             f'fill="#FFFFFF" fill-opacity="0.92" stroke="{INK if lost else "#B5B5B5"}" '
             f'stroke-width="{2 if lost else 0.8}"/>'
             + text(x + 13, y + h / 2 + 4.5, line, 12.5, bold=True) + "</g>")
    return bg, label
