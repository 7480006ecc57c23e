"""Who loses at the next check of state-based actions (:func:`redzone.models.outcome.losing_players`,
:func:`out_of_game`): 0 or less life (CR 704.5a), 10 or more poison counters (704.5c), 21 or
more combat damage from one commander (903.10a, 704.6c), unless an effect says the player
can't (104.3: Phyrexian Unlife, "You don't lose the game for having 0 or less life";
Platinum Angel, "You can't lose the game"). The AI's play-outs ask it of states not yet
checked (the next player, the next turn's board: a player who lost leaves a multiplayer
game with their permanents, 800.4a), so they agree with :func:`state_based_actions`."""

from __future__ import annotations

from typing import Any

from redzone.models.board import build_board
from redzone.models.outcome import GameState, losing_players, out_of_game, state_based_actions
from redzone.models.scenario import parse_scenario
from redzone.solver.ai.position import next_player, next_turn_board


def four_players(shield: str | None = None, **bob: Any) -> Any:
    """Alice (Wilhelt, the Rotcleaver, her commander), Bob, Carol, Dave; Bob has a Grizzly
    Bears and, when given, the ``shield`` card."""
    perms: list[dict[str, Any]] = [
        {"id": "wilhelt", "card": "Wilhelt, the Rotcleaver", "controller": "Alice", "commander": True},
        {"id": "kalemne", "card": "Kalemne, Disciple of Iroas", "controller": "Carol", "commander": True},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}]
    if shield:
        perms.append({"id": "shield", "card": shield, "controller": "Bob"})
    return build_board(parse_scenario({
        "format": "commander",
        "players": [{"name": "Alice"}, {"name": "Bob", "life": 40, **bob}, {"name": "Carol"}, {"name": "Dave"}],
        "permanents": perms}))


def test_the_three_roads_and_the_shields() -> None:
    board = four_players()
    s = GameState.from_board(board)
    assert losing_players(board, s) == []
    s.commander_damage.setdefault("Bob", {})["wilhelt"] = 21  # 704.6c, at 40 life
    assert losing_players(board, s) == ["Bob"]
    s.commander_damage["Bob"] = {"wilhelt": 20, "kalemne": 20}  # 20 + 20 from two: no loss
    assert losing_players(board, s) == []
    s.poison["Bob"] = 10  # 704.5c
    assert losing_players(board, s) == ["Bob"]
    s.poison["Bob"] = 0
    s.life["Bob"] = 0  # 704.5a
    assert losing_players(board, s) == ["Bob"]
    s.lost.append("Bob")  # already out: not losing again, but out of the game
    assert losing_players(board, s) == [] and out_of_game(board, s) == {"Bob"}


def test_shields_and_state_based_actions_agree() -> None:
    # Phyrexian Unlife: 0 life doesn't lose (704.5a doesn't apply), 10 poison or 21 from a
    # commander still does; Platinum Angel: nothing loses (104.3).
    for shield, life, poison, commander, loses in [
            ("Phyrexian Unlife", -3, 0, 0, False), ("Phyrexian Unlife", -3, 10, 0, True),
            ("Phyrexian Unlife", -3, 0, 21, True), ("Platinum Angel", -3, 10, 21, False),
            (None, 1, 9, 20, False), (None, 1, 9, 21, True)]:
        board = four_players(shield)
        s = GameState.from_board(board)
        s.life["Bob"], s.poison["Bob"] = life, poison
        if commander:
            s.commander_damage.setdefault("Bob", {})["wilhelt"] = commander
        assert (losing_players(board, s) == ["Bob"]) is loses, shield
        checked = s.copy()
        state_based_actions(board, checked)
        assert ("Bob" in checked.lost) is loses, shield


def test_next_turn_board_keeps_a_player_unlife_keeps_in_the_game() -> None:
    # Bob at -3 with Phyrexian Unlife has not lost (104.3): the next turn's board keeps him
    # and his Grizzly Bears, and he is the next player (Alice's turn ends, Bob's begins;
    # 101.4 turn order). Before, the AI took any player at 0 or less life as gone.
    board = four_players("Phyrexian Unlife", life=-3)
    s = GameState.from_board(board)
    assert next_player(board, out_of_game(board, s)) == "Bob"
    nxt = next_turn_board(board, s, {}, "Bob")
    assert "bears" in nxt.permanents and "Bob" not in nxt.departed
    # Without Unlife he has lost (704.5a) and leaves with his permanents (800.4a); Carol is next.
    board = four_players(life=-3)
    s = GameState.from_board(board)
    assert next_player(board, out_of_game(board, s)) == "Carol"
    nxt = next_turn_board(board, s, {}, "Carol")
    assert "bears" not in nxt.permanents
