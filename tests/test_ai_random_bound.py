"""Random results (coin flips 705, die rolls 706) in the AI's proofs: the search takes each
result worst for the player whose value the answer proves, so ``value`` stays a proved
lower bound whatever the coins and dice do (docs/ai.md, "Coin flips and die rolls")."""

from __future__ import annotations

from redzone.solver.frontends.commands import run_command

_THRASH_BOARD = {"players": [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 5}],
                 "active_player": "Alice",
                 "permanents": [{"id": "t", "card": "Skyclaw Thrash", "controller": "Alice"},
                                {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]}


def test_choose_block_takes_the_attackers_flip_worst_for_the_defending_player() -> None:
    # Skyclaw Thrash (4/4) attacks Bob (5 life): as it attacks, Alice flips a coin; won, it
    # gets +1/+1 and flying (a 5/5 flyer the Bears can't block, 702.9b: 5 damage, Bob at 0
    # loses, 704.5a). Bob's proved value must assume the won flip: no block saves him, the
    # answer is a lost game for him, `survives` false.
    got = run_command("choose-block", {**_THRASH_BOARD, "combat": {"attackers": {"t": "Bob"}}},
                      {"lookahead": 0}).to_json()
    assert got["status"] == "optimal"
    assert got["survives"] is False and got["value"] <= -1_000_000
    assert got["triggers"][0]["choices"] == {"coin": 1}
    (warning,) = got["warnings"]  # the assumption is said, with whose value it protects
    assert "assumes 1 flip(s) won, the result worst for Bob" in warning


def test_choose_attack_takes_its_own_flip_worst_for_the_attacking_player() -> None:
    # The same board from Alice's side: her proved value assumes the lost flip (the Bears
    # chump-block the 4/4), so attacking is not a proved win (not lethal).
    got = run_command("choose-attack", _THRASH_BOARD, {"lookahead": 0}).to_json()
    assert got["lethal"] is False and got["value"] < 1_000_000
    assert any("assumes 0 flip(s) won, the result worst for Alice" in w for w in got["warnings"])


def test_a_stated_flip_is_taken_as_stated() -> None:
    # combat.trigger_choices[].coin states the result (705): lost, the Thrash stays a 4/4
    # without flying; unblocked it leaves Bob at 1, so he keeps his Bears home (no block).
    sc = {**_THRASH_BOARD, "combat": {"attackers": {"t": "Bob"}, "trigger_choices": [
        {"source": "t", "window": "attack", "coin": 0}]}}
    got = run_command("choose-block", sc, {"lookahead": 0}).to_json()
    assert got["survives"] is True and got["blockers"] == {}
    assert got["outcome"]["life"]["Bob"] == 1
    assert "warnings" not in got  # stated: nothing assumed
