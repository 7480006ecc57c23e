"""Combat diagrams: a board and a combat plan drawn as SVG text.

In the spirit of python-chess's ``chess.svg``: :func:`combat_svg` returns a string of SVG
(no browser, image library or font file is needed to produce it), and
:func:`combat_picture` finds what to draw — the scenario's own combat, or a plan one of the
solvers finds (an attack, a block, the combat damage steps, or an AI's choice).

What the picture shows:

- each player as a panel: a band with the name, life and poison (before → after when a
  plan changes them), and the permanents that player controls as card-shaped boxes: name,
  id, type line, power/toughness (or power alone in Duel Masters), loyalty or defense,
  marked damage, short labels for combat keywords and a few combat rules ("must attack"),
  tapped permanents hatched and labelled;
- attacking creatures → what they attack (solid vermillion arrows, CR 508.1), blocking
  creatures → the attackers they block (dashed blue arrows, 509.1), and damage that follows
  neither (e.g. trample over a planeswalker to its controller, 702.19c) as dotted purple
  arrows;
- damage on the arrows: a yellow tag next to the object that was dealt the damage
  (``fs 2 + 3``: 2 in the first-strike step and 3 in the regular step, 510.4;
  ``1→2``: 1 assigned, 2 dealt after prevention or replacement, 120.4b);
- the outcome: destroyed permanents struck through (704.5), life, poison, loyalty and
  defense before → after, marked damage.

Layout: the active player at the bottom with the attacking creatures in the row nearest
the centre; with one opponent, that player is at the top with each blocking creature drawn
opposite the attacker it blocks; with more, the opponents sit in an arc above the active
player in seat order from left to right (from three opponents on, the first and the last
on the sides), and the attackers are ordered by the seat of what they attack, so that
attack arrows do not cross. An arrow to a player ends on the edge of that player's panel,
beside (never under) the cards of its front row. Rows wrap after ``columns`` cards, and further rows
of attackers and blockers are staggered by half a card so that arrows pass between the
cards of the row in front. Colours are from the Okabe-Ito palette, which stays distinct
for the common forms of colour blindness, and every colour is doubled by a second cue
(solid / dashed / dotted strokes, text labels).

This module imports no solver at module level; :func:`combat_picture` imports the solver
it needs when called. The picture's contents (:class:`CombatPicture`, :func:`combat_picture`)
are in :mod:`redzone.solver.draw.picture`; this module lays them out and writes the SVG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from redzone.models.board import Board
from redzone.models.errors import ScenarioError
from redzone.models.limits import check_time
from redzone.solver.draw.picture import PLANS, CombatPicture, DamageMark, combat_picture
from redzone.solver.draw.card import (
    ATTACK,
    BAND_H,
    BLOCK,
    CARD_H,
    CARD_W,
    DAMAGE,
    FONT,
    INK,
    MUTED,
    TAG,
    attr,
    band,
    band_bits,
    commander_bits,
    card,
    dm_labels,
    fit,
    is_creature,
    labels_for,
    text,
    text_width,
)

__all__ = ["PLANS", "CombatPicture", "DamageMark", "combat_picture", "combat_svg"]


# ----------------------------------------------------------------------- palette and sizes

GAP = 14            # between cards of a row and between rows
PAD = 12            # inside a player's panel, above and below the rows
SIDE_PAD = 22       # inside a player's panel, left and right of the rows
FRONT_PAD = 30      # below an opponent's front row: arrows to the player end at the edge
REDZONE = 120       # the space between the active player and the opponents
MARGIN = 16
PANEL_GAP = 44      # between opponents' panels
MIN_PANEL_W = 300

_SLOT = CARD_W + GAP


# ------------------------------------------------------------------------------ layout


@dataclass
class _Panel:
    """One player's panel: ``rows`` of ``(id, slot)`` from top to bottom (slot: horizontal
    position in card widths, possibly fractional) and the band on its outer edge (top for
    opponents, bottom for the active player); the panel itself is the player as an attack
    target."""

    player: str
    rows: list[list[tuple[str, float]]]
    band_top: bool = True
    x: float = 0.0
    y: float = 0.0
    width: float = MIN_PANEL_W

    @property
    def height(self) -> float:
        n = len(self.rows)
        cards = n * CARD_H + max(0, n - 1) * GAP
        return BAND_H + PAD + cards + (FRONT_PAD if self.band_top else (PAD if n else 0))

    def content_width(self) -> float:
        widest = max((slot + 1 for row in self.rows for _, slot in row), default=0)
        return 2 * SIDE_PAD + widest * _SLOT - (GAP if widest else 0)

    def band(self) -> tuple[float, float, float, float]:
        y = self.y if self.band_top else self.y + self.height - BAND_H
        return (self.x, y, self.width, BAND_H)

    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.width, self.height)

    def boxes(self) -> dict[str, tuple[float, float]]:
        out = {}
        top = self.y + (BAND_H if self.band_top else 0)
        for i, row in enumerate(self.rows):
            y = top + PAD + i * (CARD_H + GAP)
            for pid, slot in row:
                out[pid] = (self.x + SIDE_PAD + slot * _SLOT, y)
        return out


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _plain_rows(ids: list[str], columns: int) -> list[list[tuple[str, float]]]:
    return [[(pid, float(j)) for j, pid in enumerate(chunk)] for chunk in _chunks(ids, columns)]


def _front_lines(groups: list[tuple[str, list[str]]], columns: int
                 ) -> tuple[list[list[tuple[str, float]]], list[list[tuple[str, float]]]]:
    """Pack attackers with the blockers drawn opposite them into lines of at most
    ``columns`` slots. ``groups``: (attacker, its blockers). Returns (attacker lines,
    blocker lines), line 0 nearest the centre; odd lines are staggered by half a slot."""
    att_lines: list[list[tuple[str, float]]] = []
    blk_lines: list[list[tuple[str, float]]] = []
    used = columns  # force a new line for the first group
    for attacker, blocks in groups:
        width = max(1, len(blocks))
        if used + width > columns:
            att_lines.append([])
            blk_lines.append([])
            used = 0
        shift = 0.5 * ((len(att_lines) - 1) % 2)
        att_lines[-1].append((attacker, used + (width - 1) / 2 + shift))
        blk_lines[-1].extend((b, used + k + shift) for k, b in enumerate(blocks))
        used += width
    return att_lines, blk_lines


def _free_slot(line: list[tuple[str, float]], want: float, columns: int) -> float:
    """The slot nearest ``want`` (never left of the line's first slot) that no card of
    ``line`` overlaps."""
    taken = [s for _, s in line]
    low = min(taken + [want]) % 1
    for d in range(2 * columns + 2):
        for candidate in (want + d, want - d):
            if candidate >= low and all(abs(candidate - s) >= 1 for s in taken):
                return candidate
    return max(taken + [want]) + 1


def _layout(board: Board, picture: CombatPicture, columns: int, min_width: float) -> list[_Panel]:
    """Place every permanent in its controller's panel and the panels on the canvas.

    The active player's attacking creatures fill the rows nearest the centre: first those
    attacking a player, then those attacking each permanent, grouped. With one opponent,
    each blocking creature is drawn opposite the first attacker it blocks and each attacked
    planeswalker or battle opposite its attackers where that place is free."""
    ap = board.active_player
    perms = board.permanents
    opponents = [p.name for p in board.players if p.name != ap]
    by_target: dict[str, list[str]] = {}
    for a, t in picture.attackers.items():
        by_target.setdefault(t, []).append(a)
    order = [a for a, t in picture.attackers.items() if t not in perms]
    order += [a for t, group in by_target.items() if t in perms for a in group]
    if len(opponents) > 1:
        # Attackers sorted by the seat of the player they attack (or who controls what
        # they attack), which runs left to right, so that attack arrows do not cross.
        def seat(a: str) -> int:
            t = picture.attackers[a]
            owner = perms[t].controller if t in perms else t
            return opponents.index(owner) if owner in opponents else len(opponents)

        order.sort(key=seat)
    ap_att = [a for a in order if perms[a].controller == ap]
    blocking = [b for b, attackers in picture.blockers.items() if attackers]

    two = len(board.players) == 2
    if two:
        # Each blocker is drawn with the first attacker it blocks (in drawing order).
        first: dict[str, list[str]] = {a: [] for a in ap_att}
        for b in blocking:
            blocked = [a for a in ap_att if a in picture.blockers[b]]
            if blocked and perms[b].controller == opponents[0]:
                first[blocked[0]].append(b)
        att_lines, blk_lines = _front_lines([(a, first[a]) for a in ap_att], columns)
        # An attacked planeswalker or battle goes in the front line: above its unblocked
        # attackers of that line when it has some, else at the right end (never above an
        # arrow that ends at the player's edge).
        where = {a: s for a, s in att_lines[0]} if att_lines else {}
        for t, group in by_target.items():
            if t not in perms or perms[t].controller != opponents[0] or not any(a in first for a in group):
                continue
            below = [where[a] for a in group if a in where and not first[a]]
            if below:
                slot = _free_slot(blk_lines[0], sum(below) / len(below), columns)
            else:
                slot = max(s for _, s in att_lines[0] + blk_lines[0]) + 1
            blk_lines[0].append((t, slot))
    else:
        att_lines, blk_lines = _plain_rows(ap_att, columns), []

    panels: dict[str, _Panel] = {}
    placed = {pid for line in att_lines + blk_lines for pid, _ in line}
    rest = [q for q in perms.values() if q.controller == ap and q.id not in placed]
    flow = [q.id for q in rest if is_creature(board, q)] + [q.id for q in rest if not is_creature(board, q)]
    panels[ap] = _Panel(ap, att_lines + _plain_rows(flow, columns), band_top=False)
    for name in opponents:
        lines = [line for line in blk_lines if line]
        if not two:
            front = [b for b in blocking if perms[b].controller == name]
            front += [t for t in by_target if t in perms and perms[t].controller == name]
            lines = _plain_rows(front, columns)
        inside = {pid for line in lines for pid, _ in line}
        mine = [q for q in perms.values() if q.controller == name and q.id not in inside]
        front_row = [b for b in blocking if b in {q.id for q in mine}]  # blockers not drawn opposite
        lines += _plain_rows(front_row, columns)
        mine = [q for q in mine if q.id not in front_row]
        attackable = [q.id for q in mine if "Planeswalker" in q.types or "Battle" in q.types]
        creatures = [q.id for q in mine if is_creature(board, q) and q.id not in attackable]
        other = [q.id for q in mine if q.id not in attackable and q.id not in creatures]
        # From the top: other permanents, creatures, attackable permanents (one flow), then
        # the blocking lines with line 0 nearest the centre.
        panels[name] = _Panel(name, _plain_rows(other + creatures + attackable, columns) + list(reversed(lines)))
    for panel in panels.values():
        panel.width = max(MIN_PANEL_W, panel.content_width())
        if commander_bits(board, panel.player, picture.outcome):
            # Commander damage (903.10a) lengthens the band's label: widen to show it whole.
            line = " · ".join([panel.player + " (active player)", *band_bits(
                board, panel.player, picture.outcome), "loses the game"])
            panel.width = max(panel.width, text_width(line, 12.5, True) + 40)
    _place(board, panels, opponents, two, min_width)
    return [panels[p.name] for p in board.players]


def _place(board: Board, panels: dict[str, _Panel], opponents: list[str], two: bool, min_width: float) -> None:
    """Put the panels on the canvas: opponents above (and, from three opponents on, the
    first and last beside the centre), the active player at the bottom, all centred."""
    ap = panels[board.active_player]
    top_y = MARGIN + 46
    if two:
        other = panels[opponents[0]]
        width = max(ap.width, other.width, min_width)
        ap.width = other.width = width
        other.x = ap.x = MARGIN
        other.y = top_y
        ap.y = other.y + other.height + REDZONE
        return
    # Seat order runs left to right: from three opponents on, the first and the last sit
    # on the sides, lower than the ones between them (an arc around the centre), and
    # still above the active player, so that every attack leaves upwards.
    side = [opponents[0], opponents[-1]] if len(opponents) >= 3 else []
    top = [o for o in opponents if o not in side]
    top_w = sum(panels[o].width for o in top) + PANEL_GAP * max(0, len(top) - 1)
    top_h = max((panels[o].height for o in top), default=0.0)
    left, right = (panels[side[0]], panels[side[1]]) if side else (None, None)
    wings = left.width + right.width + 2 * PANEL_GAP if left and right else 0.0
    inner = max(top_w + wings, ap.width, min_width)
    x = MARGIN + (left.width + PANEL_GAP if left else 0.0) + (inner - top_w - wings) / 2
    for o in top:
        p = panels[o]
        p.x, p.y = x, top_y  # the bands line up along the top
        x += p.width + PANEL_GAP
    lowest = top_y + top_h
    if left and right:
        left.x, left.y = MARGIN, top_y + top_h * 0.45
        right.x, right.y = MARGIN + inner - right.width, left.y
        lowest = max(lowest, left.y + left.height, right.y + right.height)
    ap.y = lowest + REDZONE
    ap.x = MARGIN + (inner - ap.width) / 2


# ------------------------------------------------------------------------------ geometry

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


def _toward(rect: Rect, point: Point, inset: float = 0.0) -> Point:
    """The point on the border of ``rect`` (x, y, w, h) facing ``point``: on the top or
    bottom edge when the point is above or below it, else on the left or right edge; kept
    ``inset`` px from the corners along the edge. A point inside gives the bottom centre."""
    x, y, w, h = rect
    px, py = point
    if py <= y or py >= y + h:
        return min(max(px, x + inset), x + w - inset), (y if py <= y else y + h)
    if px <= x or px >= x + w:
        return (x if px <= x else x + w), min(max(py, y + inset), y + h - inset)
    return x + w / 2, y + h


def _edge_end(panel: Rect, cards: Sequence[Rect], start: Point, side: int = 0) -> Point:
    """Where an arrow from ``start`` to a player ends: on the edge of the player's
    ``panel`` facing ``start``, and, on a top or bottom edge, never right under (or over)
    one of ``cards`` (the panel's cards) in the row next to that edge, so that it cannot
    be read as attacking a card —
    at the free point nearest ``start`` (with ``side`` 1 or -1, the nearest at or right,
    or at or left, of it when there is one, so as not to cross arrows leaving beside it)."""
    x, y, w, h = panel
    end = _toward(panel, start, inset=4)
    if end[1] not in (y, y + h):
        return end
    # Only the row next to that edge matters (arrows pass the rows behind unseen).
    near = [c for c in cards if (c[1] + c[3] >= y + h - FRONT_PAD - 2 if end[1] == y + h
                                 else c[1] <= y + BAND_H + PAD + 2)]
    blocked = sorted((cx - 3, cx + cw + 3) for cx, _, cw, _ in near)
    free: list[tuple[float, float]] = []
    lo = x + 4
    for b_lo, b_hi in blocked:
        if b_lo > lo:
            free.append((lo, b_lo))
        lo = max(lo, b_hi)
    if x + w - 4 > lo:
        free.append((lo, x + w - 4))
    if not free:
        return end
    if side > 0 and any(b - 1 >= start[0] for _, b in free):
        free = [(a, b) for a, b in free if b - 1 >= start[0]]
    elif side < 0 and any(a + 1 <= start[0] for a, _ in free):
        free = [(a, b) for a, b in free if a + 1 <= start[0]]
    best = min((min(max(start[0], a + 1), b - 1) for a, b in free), key=lambda px: abs(px - start[0]))
    return best, end[1]


def _arrow(start: Point, end: Point, colour: str, dash: str, kind: str, source: str, target: str,
           *, width: float = 2.6) -> str:
    """A straight arrow with a white halo and a filled head; a ``<g>`` whose class is
    ``arrow <kind>`` with ``data-from`` / ``data-to``."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 11.0
    bx, by = x2 - ux * head, y2 - uy * head
    px, py = -uy * head * 0.45, ux * head * 0.45
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    cap = ' stroke-linecap="round"' if dash.startswith("0") else ""
    return (
        f'<g class="arrow {kind}" data-from="{attr(source)}" data-to="{attr(target)}">'
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#ffffff" '
        f'stroke-width="{width + 3.4:.1f}" stroke-opacity="0.85"/>'
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" '
        f'stroke-width="{width}"{dash_attr}{cap}/>'
        f'<polygon points="{x2:.1f},{y2:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}" '
        f'fill="{colour}" stroke="#ffffff" stroke-width="1"/></g>'
    )


def _tag(at: Point, label: str, source: str, recipient: str) -> str:
    """A damage tag: black text on yellow, class ``tag damage``."""
    w = text_width(label, 11.5, True) + 10
    x, y = at
    return (f'<g class="tag damage" data-from="{attr(source)}" data-to="{attr(recipient)}">'
            f'<rect x="{x - w / 2:.1f}" y="{y - 9:.1f}" width="{w:.1f}" height="18" rx="4" '
            f'fill="{TAG}" stroke="{INK}" stroke-width="1"/>'
            + text(x, y + 4, label, 11.5, bold=True, anchor="middle") + "</g>")


def _along(start: Point, end: Point, t: float) -> Point:
    return start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t


def _damage_text(marks: list[DamageMark]) -> str:
    """``3``; ``fs 2 + 3`` for both steps; ``1→2`` when the amount dealt differs."""
    parts = []
    for m in marks:
        amount = str(m.dealt) if m.dealt == m.assigned else f"{m.assigned}→{m.dealt}"
        parts.append(("fs " if m.step == "first-strike" else "") + amount)
    return " + ".join(parts)


# ------------------------------------------------------------------------------- drawing


def _legend(y: float, width: float, items: list[str]) -> tuple[str, float]:
    """One or more lines explaining what is used; returns (svg, height)."""
    parts = []
    x, line_y = MARGIN, y + 14
    for item in items:
        kind, _, words = item.partition(":")
        w = 40 + text_width(words, 10.5) + 22
        if x + w > width - MARGIN and x > MARGIN:
            x, line_y = MARGIN, line_y + 20
        if kind in ("attack", "block", "other"):
            colour, dash = {"attack": (ATTACK, ""), "block": (BLOCK, "8 4"),
                            "other": (DAMAGE, "0.1 5")}[kind]
            parts.append(_arrow((x, line_y - 4), (x + 34, line_y - 4), colour, dash, f"legend {kind}", "", ""))
        elif kind == "tag":
            parts.append(f'<rect x="{x:.1f}" y="{line_y - 12:.1f}" width="34" height="16" rx="4" fill="{TAG}" '
                         f'stroke="{INK}"/>' + text(x + 17, line_y, "3", 11, bold=True, anchor="middle"))
        elif kind == "destroyed":
            parts.append(f'<rect x="{x:.1f}" y="{line_y - 12:.1f}" width="34" height="16" rx="3" fill="{INK}"/>'
                         f'<line x1="{x + 3:.1f}" y1="{line_y - 4:.1f}" x2="{x + 31:.1f}" y2="{line_y - 4:.1f}" '
                         f'stroke="#FFFFFF" stroke-width="1.5"/>')
        parts.append(text(x + 40, line_y, words.strip(), 10.5, fill=INK))
        x += w
    return '<g class="legend">' + "".join(parts) + "</g>", line_y - y + 8


def combat_svg(board: Board, picture: CombatPicture | None = None, *, caption: str = "",
               columns: int = 10) -> str:
    """The board (and ``picture``, default: nothing in combat) as an SVG document (text).

    ``caption``: a prefix for the title line, e.g. the scenario's file name. ``columns``:
    the most cards in one row (at least 2). The SVG is self-contained (no external
    resources, no scripts); each permanent is a ``<g class="card" data-id=...>``, each
    attack, block and other damage arrow a ``<g class="arrow attack|block|damage"
    data-from=... data-to=...>``, each damage tag a ``<g class="tag damage">``.

    Raises :class:`ScenarioError` when ``picture`` names a permanent or player the board
    does not have (field ``picture.attackers``, ``picture.blockers`` or ``picture.damage``).

    >>> from redzone.models.board import build_board
    >>> from redzone.models.scenario import parse_scenario
    >>> board = build_board(parse_scenario({
    ...     "players": [{"name": "Alice"}, {"name": "Bob"}],
    ...     "permanents": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
    ...                    {"id": "elves", "card": "Llanowar Elves", "controller": "Bob"}],
    ...     "combat": {"attackers": {"bears": "Bob"}, "blockers": {"elves": ["bears"]}}}))
    >>> svg = combat_svg(board, combat_picture(board))
    >>> svg.count('class="card"'), svg.count('class="arrow attack"'), svg.count('class="arrow block"')
    (2, 1, 1)
    """
    picture = picture or CombatPicture()
    columns = max(2, int(columns))
    _check(board, picture)
    title = (f"{caption}: " if caption else "") + (picture.title or "board")
    notes = " · ".join(picture.notes)
    min_width = min(1000.0, max(text_width(title, 15, True), text_width(notes, 11)) + 8)
    panels = _layout(board, picture, columns, min_width)
    boxes: dict[str, Rect] = {}
    for panel in panels:
        for pid, (x, y) in panel.boxes().items():
            boxes[pid] = (x, y, CARD_W, CARD_H)
    bands = {panel.player: panel.rect() for panel in panels}
    home = {pid: bands[board.permanents[pid].controller] for pid in boxes}
    cards_of = {panel.player: [boxes[pid] for pid in panel.boxes()] for panel in panels}
    right = max(p.x + p.width for p in panels) + MARGIN
    bottom = max(p.y + p.height for p in panels)

    arrows: list[str] = []
    tags: list[str] = []
    marks: dict[tuple[str, str], list[DamageMark]] = {}
    for m in picture.damage:
        marks.setdefault((m.source, m.recipient), []).append(m)
    used: set[tuple[str, str]] = set()

    def centre(rect: Rect) -> Point:
        return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2

    def tag_point(near: Point, far: Point, recipient: str, level: int) -> Point:
        """Where a tag for damage to ``recipient`` (at the ``near`` end) goes: just outside
        the recipient's panel on the side the arrow comes from (``level`` steps of 22 px
        further out), else three quarters of the way along."""
        _, py, _, ph = bands.get(recipient) or home[recipient]
        offset = 16 + 22 * level
        y = py + ph + offset if far[1] >= py + ph else (py - offset if far[1] <= py else None)
        if y is not None and min(near[1], far[1]) < y < max(near[1], far[1]):
            return _along(near, far, (y - near[1]) / (far[1] - near[1]))
        return _along(far, near, 0.75)

    placed: list[Rect] = []

    def free_point(at: Point, near: Point, far: Point, label: str) -> Point:
        """``at``, or the nearest point along the arrow (steps of 22 px in height, or of
        a tenth of its length when it is level) where the tag overlaps no tag placed."""
        w = text_width(label, 11.5, True) + 10
        dy = far[1] - near[1]
        t0 = (at[1] - near[1]) / dy if dy else 0.75
        step = 22 / abs(dy) if abs(dy) > 22 else 0.1
        for k in (0, 1, -1, 2, -2, 3, -3):
            t = t0 + k * step
            if not 0.12 <= t <= 0.92 and k:
                continue
            px, py = _along(near, far, t) if k else at
            rect = (px - w / 2 - 2, py - 11, w + 4, 22)
            if all(px2 + pw2 <= rect[0] or rect[0] + rect[2] <= px2 or py2 + ph2 <= rect[1]
                   or rect[1] + rect[3] <= py2 for px2, py2, pw2, ph2 in placed):
                placed.append(rect)
                return px, py
        placed.append((at[0] - w / 2, at[1] - 9, w, 18))
        return at

    def place_tag(near: Point, far: Point, source: str, recipient: str, level: int) -> None:
        found = marks.get((source, recipient))
        if found:
            used.add((source, recipient))
            label = _damage_text(found)
            at = free_point(tag_point(near, far, recipient, level), near, far, label)
            tags.append(_tag(at, label, source, recipient))

    blocked = {a for attackers in picture.blockers.values() for a in attackers}
    block_count: dict[str, int] = {}
    for b, attackers in picture.blockers.items():
        for a in attackers:
            block_count[a] = block_count.get(a, 0) + 1
    # Attacks: from the attacker's edge facing the target (left of centre when blocked) to
    # the target's card, or to the edge of the attacked player's panel. Tags of attackers
    # in rows further back sit one step further out, so neighbouring tags do not collide.
    front_y = min((boxes[a][1] for a in picture.attackers), default=0.0)
    for a, target in picture.attackers.items():
        ax, ay, aw, ah = boxes[a]
        goal = boxes.get(target) or bands[target]
        gx, gy = centre(goal)
        x0 = ax + aw / 2 - (aw / 4 if a in blocked else 0)
        if gy < ay or gy > ay + ah:
            start = (x0, ay if gy < ay else ay + ah)
        else:
            start = (ax if gx < ax else ax + aw, ay + ah / 2)
        end = _toward(goal, start, inset=10) if target in boxes else _edge_end(goal, cards_of[target], start)
        arrows.append(_arrow(start, end, ATTACK, "", "attack", a, target))
        place_tag(end, start, a, target, 0 if boxes[a][1] <= front_y + 1 else 2)
    # Blocks: from the blocker to the attacker's top edge (right of centre, spread).
    seen: dict[str, int] = {}
    for b, attackers in picture.blockers.items():
        for a in attackers:
            k = seen.get(a, 0)
            seen[a] = k + 1
            n = block_count[a]
            ax, ay, aw, ah = boxes[a]
            spread = min(14.0, (aw / 2 - 14) / (n - 1)) if n > 1 else 0.0
            end_x = ax + aw / 2 + 10 + spread * k
            bcx, bcy = centre(boxes[b])
            end = (end_x, ay) if bcy < ay else (end_x, ay + ah)
            start = _toward(boxes[b], end, inset=12)
            arrows.append(_arrow(start, end, BLOCK, "8 4", "block", b, a))
            place_tag(end, start, b, a, 1)
            place_tag(start, end, a, b, 1)
    others: list[tuple[str, str]] = []
    # Damage that follows no arrow (e.g. trample over a planeswalker to its controller).
    for (s, r), found in marks.items():
        if (s, r) in used or s not in boxes:
            continue
        others.append((s, r))
        # From a quarter of the source's facing edge (its attack arrow, if any, leaves
        # from the centre or the left quarter): the quarter away from what it attacks
        # when that is a card, else the right one.
        sx, sy, sw, sh = boxes[s]
        gx, gy = centre(boxes.get(r) or bands[r])
        attacked = boxes.get(picture.attackers.get(s, ""))
        side = -1 if attacked is not None and centre(attacked)[0] > sx + sw / 2 else 1
        if gy < sy or gy > sy + sh:
            start = (sx + sw / 2 + side * sw / 4, sy if gy < sy else sy + sh)
        else:
            start = _toward(boxes[s], (gx, gy), inset=12)
        end = (_toward(boxes[r], start, inset=10) if r in boxes
               else _edge_end(bands[r], cards_of[r], start, side=side))
        arrows.append(_arrow(start, end, DAMAGE, "0.1 5.5", "damage", s, r, width=3.2))
        place_tag(end, start, s, r, 0)

    # Title, notes and legend.
    head = [text(MARGIN, MARGIN + 14, fit(title, 15, right - 2 * MARGIN, True), 15, bold=True)]
    if notes:
        head.append(text(MARGIN, MARGIN + 32, fit(notes, 11, right - 2 * MARGIN), 11, fill=MUTED))
    items = []
    if picture.attackers:
        items.append("attack:attacks a card, or the player at the panel's edge (CR 508.1)")
    if any(picture.blockers.values()):
        items.append("block:blocks (509.1)")
    if others:
        items.append("other:other damage (e.g. trample, 702.19)")
    if marks:
        steps = {m.step for m in picture.damage}
        proposed = steps == {"proposed"}
        meaning = "damage assigned (proposed, not dealt)" if proposed else "damage dealt"
        meaning += " to the nearer end"
        if "first-strike" in steps:
            meaning += "; fs: first-strike step"
        if any(m.assigned != m.dealt for m in picture.damage):
            meaning += "; a→b: a assigned, b dealt"
        items.append(f"tag:{meaning}")
    if picture.outcome and picture.outcome.get("destroyed"):
        items.append("destroyed:destroyed (struck through)")
    legend, legend_h = _legend(bottom + 10, right, items) if items else ("", 0.0)
    height = bottom + 10 + legend_h + MARGIN

    body = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{right:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {right:.0f} {height:.0f}" font-family="{FONT}">',
            f"<title>{escape(title)}</title>",
            '<defs><pattern id="tapped" width="8" height="8" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="8" height="8" fill="#E9E9E9"/>'
            '<line x1="0" y1="0" x2="0" y2="8" stroke="#C4C4C4" stroke-width="3"/></pattern></defs>',
            '<rect width="100%" height="100%" fill="#FFFFFF"/>']
    labels = []
    for panel in panels:
        bg, label = band(board, panel.player, panel.rect(), panel.band(), picture.outcome)
        body.append(bg)
        labels.append(label)
    dm = dm_labels(board) if board.game != "magic" else None
    for i, (pid, rect) in enumerate(boxes.items()):
        if (i & 63) == 63:
            check_time("drawing the cards")  # 4,000 cards: seconds (issue 25 §1)
        perm = board.permanents[pid]
        role = "attacking" if pid in picture.attackers else ("blocking" if picture.blockers.get(pid) else "")
        body.append(card(board, perm, rect[0], rect[1], labels_for(board, perm, dm), role=role,
                         outcome=picture.outcome, note=picture.reasons.get(pid, ""),
                         stats=picture.stats.get(pid)))
    body.extend(arrows)
    body.extend(labels)
    body.extend(tags)
    body.extend(head)
    body.append(legend)
    body.append("</svg>")
    return "\n".join(body) + "\n"


def _check(board: Board, picture: CombatPicture) -> None:
    """Refuse a picture naming what the board does not have."""
    players = {p.name for p in board.players}

    def known(name: str, field_: str, permanent: bool = False) -> None:
        if name in board.permanents or (not permanent and name in players):
            return
        raise ScenarioError(field_, f"unknown {'permanent' if permanent else 'permanent or player'} {name!r}")

    for a, t in picture.attackers.items():
        known(a, "picture.attackers", permanent=True)
        known(t, "picture.attackers")
    for b, attackers in picture.blockers.items():
        known(b, "picture.blockers", permanent=True)
        for a in attackers:
            if a not in picture.attackers:
                raise ScenarioError("picture.blockers", f"{b!r} blocks {a!r}, which is not attacking")
    for m in picture.damage:
        known(m.source, "picture.damage", permanent=True)
        known(m.recipient, "picture.damage")
