"""Combat diagrams as SVG: what to draw (:mod:`.picture`), one card (:mod:`.card`) and the
whole picture (:mod:`.render`)."""

from redzone.solver.draw.render import PLANS, CombatPicture, DamageMark, combat_picture, combat_svg

__all__ = ["PLANS", "CombatPicture", "DamageMark", "combat_picture", "combat_svg"]
