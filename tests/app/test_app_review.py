"""Review mode and replay, driven as a person would: what each turn shows is the engine's."""

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import live_stats
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.text import percent_shares
from tests.app.helpers import settle, wait_for


def finished(board, seed=11):
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=seed)
    game.play_out()
    return game


def in_progress(board, turns=9):
    game = Game.new(board, parse_player_spec("Ann,Bob,cpu:Cy"), seed=7)
    for _ in range(turns):
        game.roll()
    return game


def shown(screen):
    """What the review shows: the tokens' squares, the table's squares and chances, the chart's
    cursor and the highlighted log entry."""
    table = screen.query_one(PlayersTable)
    seats = [str(seat) for seat in range(len(table.specs))]
    return (
        list(screen.board.positions),
        [int(table.get_cell(seat, "square")) for seat in seats],
        [table.get_cell(seat, "win") for seat in seats],
        screen.chart.cursor,
        screen.log_view.highlighted,
    )


def expected(board, game, turn):
    """The same moment from the engine: replay the rolls, then the live statistics there."""
    again = Game.new(board, [p.spec for p in game.players], game.seed)
    for old in game.history[:turn]:
        again.roll(move.roll for move in old.rolls)
    odds = live_stats(board, again.positions, again.to_move).odds
    return again.positions, list(percent_shares(odds.win, 1))  # the table's set, adding up


async def test_stepping_shows_each_turn_as_the_engine_had_it(standard):
    game = in_progress(standard)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert screen.turn == 9  # opens at the game as it stands
        for press, turn in [("home", 0), ("right", 1), ("right", 2), ("right", 3), ("left", 2), ("end", 9)]:
            await pilot.press(press)
            await pilot.pause()
            positions, odds = expected(standard, game, turn)
            board, squares, wins, cursor, highlighted = shown(screen)
            assert screen.turn == turn and board == squares == positions, press
            assert wins == odds and cursor == turn and highlighted == turn, press
        await pilot.press("left", "left", "left", "left", "left", "left", "left", "left", "left", "left")
        await pilot.pause()
        assert screen.turn == 0 and shown(screen)[0] == [0, 0, 0]  # stops at the start
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.game is game and len(game.history) == 9  # the game is untouched
        assert app.screen.board.positions == game.positions


async def test_swing_key_jumps_between_the_marked_swings(standard):
    game = finished(standard)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.press("v")  # from the winner's dialog
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        marked = [swing.turn.number for swing in screen.review.swings()]
        assert game.summary().biggest_swing.turn.number in marked
        assert screen.chart.marks == marked  # every odds point is known: point k is turn k
        await pilot.press("home")
        visited = []
        for _ in range(len(marked) + 1):
            await pilot.press("j")
            await pilot.pause()
            visited.append(screen.turn)
        assert visited == [*marked, marked[0]]
        assert any("◆ swing" in line for line in screen.log_view.lines)
        await pilot.press("f")  # the game is won at the last turn only: this one plays on ...
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("escape")  # ... once asked: Esc stays in the review, where it was
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert screen.turn == marked[0]
        await pilot.press("f", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("v", "end")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("escape")  # back to the game it came from (played on: not over)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_escape_goes_back_to_the_winner(standard):
    app = ChutesApp(game=finished(standard))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.click("#review")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("f")  # the last turn won the game: nothing to play on
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))


async def test_play_on_from_here_starts_that_position_with_a_different_seed(standard):
    game = finished(standard)
    app = ChutesApp(game=game, speed=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.press("v", "home", "right", "right", "right", "right", "right", "right", "f")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        new = screen.game
        positions, _ = expected(standard, game, 6)
        assert new is not game and new.seed != game.seed and new.seeded_from == 6
        assert new.positions == positions and len(new.history) == 6  # Ann and Bob: it waits for them
        assert [t.rolls for t in new.history[:6]] == [t.rolls for t in game.history[:6]]
        log = screen.query_one(TurnLog)
        assert any(f"Played on from turn 6 with fresh dice (seed {new.seed})" in line for line in log.lines)


async def test_replay_opens_the_save_in_review_at_the_start(standard):
    game = in_progress(standard, turns=12)
    app = ChutesApp(game=Game.from_saved(game.saved()), replay=("replayed 12 turns; matches the save",))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert screen.turn == 0 and "matches the save" in str(screen.query_one("#review-bar").render())
        await pilot.press("end")
        await pilot.pause()
        assert shown(screen)[0] == game.positions
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.controller.paused and len(app.screen.game.history) == 12  # waits for 'p'


async def test_a_review_left_before_its_expected_lead_changes_come_shows_no_error(standard, monkeypatch):
    """The expected lead changes are worked out in a thread; when the review is left first, the
    answer handed back finds no screen, and that is no error (it was NoActiveAppError in the
    error dialog, over the winner: seen under load)."""
    import threading

    from chutes_tui.exact import drama

    left, asked = threading.Event(), threading.Event()
    expected = drama.start_lead_changes

    def after_the_review_is_left(board, players):
        asked.set()
        left.wait(20)
        return expected(board, players)

    monkeypatch.setattr(drama, "start_lead_changes", after_the_review_is_left)
    app = ChutesApp(game=finished(standard))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.click("#review")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and asked.is_set())
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        left.set()
        await settle(pilot)
        assert [type(screen).__name__ for screen in app.screen_stack][-1] == "WinnerScreen"


async def test_a_replay_of_a_game_played_on_keeps_its_verdict_in_the_bar_at_80x24(standard):
    """`replay` of a save played on from another game: its line (71 characters) beside the turn
    was cut at 80 columns before "matches the save"; the bar takes a shorter form of it."""
    from chutes_tui.engine.review import ReplayCheck

    game = in_progress(standard, turns=12)
    forms = ReplayCheck(12, None, recorded=12).forms()
    assert len(forms[0]) > 70 and all(form.endswith("matches the save") for form in forms)
    app = ChutesApp(game=Game.from_saved(game.saved()), replay=forms)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        bar = app.screen.query_one("#review-bar")
        for key in ("home", "end", "left"):
            await pilot.press(key)
            await pilot.pause()
            line = bar.render_line(0).text.rstrip()
            assert line.endswith("matches the save"), line
