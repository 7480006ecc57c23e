"""The combat AI: ``choose_attack`` and ``choose_blocks`` (docs/ai.md).

The decisions and their answers are in :mod:`.decisions`; the search in :mod:`.search`
with its parts beside it (docs/architecture.md has the map).
"""

from redzone.solver.ai.decisions import AttackDecision, BlockDecision, choose_attack, choose_blocks, replay

__all__ = ["AttackDecision", "BlockDecision", "choose_attack", "choose_blocks", "replay"]
