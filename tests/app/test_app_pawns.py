"""Pawns in the app (issue 27): which pawn moves is asked with the solver's value of each, the
pawn chosen is the one that moves, the board and the players' table show every pawn, a capture
puts the pawns sent home back on the start, review steps through the pawns, and the inspector
and overlays of a board with decisions say what they give instead of failing."""

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.single import expected_turns
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.overlays import DECISIONS_NOTE
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.engine.advice import advice, advised
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.decisions import outcomes, pawn_options
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import asked_with_hints, settle, text_of, wait_for


def pawns_game():
    """The snapshot scene's game: two pawns each under bump, 16 turns in (Ann to move)."""
    from tests.app.scenes import pawns_game as scene

    return scene()


async def test_the_pawn_prompt_shows_the_solvers_numbers_and_moves_the_pawn_chosen():
    game = pawns_game()
    board = game.board
    assert game.to_move == 0 and game.players[0].pawns == [15, 22]
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: advised(board, 2) is not None)
        shown = await asked_with_hints(pilot, "turns")
        die, face = game.drawn
        values = advice(board, 2).options(game.standings, 0, die, face)
        offered = pawn_options(board, (15, 22))
        assert [pawn for pawn, _ in offered] == [0, 1]
        lines = [line for line in shown.splitlines() if line.strip()]
        for number, ((pawn, _), value) in enumerate(zip(offered, values, strict=True), start=1):
            square = (15, 22)[pawn]
            to = outcomes(board, square, face)[0][0]
            line = lines[number - 1]
            assert line.split()[0] == str(number)
            assert f"pawn {pawn + 1} on {square} → {to}" in line and f"{value:.2f} turns" in line
        best = values.index(min(values))
        assert "★" in lines[best] and sum("★" in line for line in lines) == 1
        worse = 1 - best  # the person picks the other pawn: that one moves, the best stays
        await pilot.press(str(worse + 1))
        await wait_for(pilot, lambda: len(game.history) == 17)
        turn = game.history[-1]
        assert turn.choice.pawn == worse and turn.began == (15, 22)[worse]
        moved = outcomes(board, (15, 22)[worse], face)[0][0]
        assert game.players[0].pawns[worse] == moved and game.players[0].pawns[best] == (15, 22)[best]


async def test_the_board_and_the_table_show_every_pawn_and_a_capture_sends_pawns_home():
    board = load_board("standard").replace(pawns=2, bump=True)
    game = Game.new(board, parse_player_spec("cpu:best,cpu:naive"), seed=9)
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        # The two computers play on their own once the solver's advice is in, on a loaded machine
        # before settle returns: the test pauses them first and plays their turns itself.
        screen.controller.set_paused(True)
        screen.controller.finish_turn()  # a turn under way: to its end
        await settle(pilot)
        assert len(game.history) < 24  # the capture (turn 24) is still to come
        assert len(screen.board.positions) == 4 and screen.board.positions == game.piece_squares()
        while not any(turn.bumped for turn in game.history):  # seed 9: pawn 2 of Best, turn 24
            screen.controller.step()  # one computer turn, animated…
            screen.controller.finish_turn()  # …to its end
            await pilot.pause()
        turn = game.history[-1]
        assert (turn.bumped, turn.bumped_pawns) == ((0,), (1,))
        assert game.players[0].pawns[1] == 0 and screen.board.positions == game.piece_squares()
        table = screen.query_one(PlayersTable)
        for seat, player in enumerate(game.players):
            assert table.get_cell(str(seat), "square") == "·".join(map(str, player.pawns))


async def test_review_steps_through_the_pawns():
    game = pawns_game()
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        for back in range(1, 6):
            await pilot.press("left")
            await pilot.pause()
            moment = review.review.moments[16 - back]
            assert review.board.positions == moment.piece_squares
            table = review.query_one(PlayersTable)
            assert table.get_cell("0", "square") == "·".join(map(str, moment.pawns[0]))


async def test_the_inspector_gives_a_squares_best_choice_and_overlays_say_why_they_are_off():
    game = pawns_game()
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        told = []
        screen.tell = lambda message, timeout: told.append(message)
        await pilot.press("o")
        await pilot.pause()
        assert told == [DECISIONS_NOTE]
        screen.board.set_cursor(22)
        await pilot.press("i")
        await pilot.pause()
        shown = text_of(screen.query_one("#inspect-text").content)
        chain = build_chain(load_board("standard"))  # one pawn, nothing to choose: the chain's
        turns = expected_turns(chain)[chain.row(22)]
        assert "Square 22" in shown and f"One pawn here, playing best: {turns:.2f} turns left." in shown
        assert "With 2 pawns which one moves depends on them all" in shown
