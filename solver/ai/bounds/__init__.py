"""Proved bounds the AI's search cuts with: static floors (:mod:`.static`), floors of runs of
blocks sharing their first choices (:mod:`.prefix`), the next player's attack ceiling and
the block floor (:mod:`.ceiling`), and the exact branch and bound over blocks
(:mod:`.branch_bound`). Each must be a true bound: the proofs are in docs/ai.md."""
