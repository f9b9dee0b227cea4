"""The app, driven as a person would: keys, clicks, resizes, and what the screen then shows."""

import pytest
from textual.widgets import Button, Input, Select, Static

from chutes_tui.analysis import build_chain, expected_turns, seat_odds
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import LOOP_PAUSE_AT_MAX, SPEEDS
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players, parse_player_spec
from chutes_tui.model.text import percent_shares
from tests.app.helpers import edit_in_ladder_27_29, settle, wait_for

MAX = len(SPEEDS) - 1


def shown_odds(app):
    """The win percentages as the players table shows them."""
    table = app.screen.query_one(PlayersTable)
    return [str(table.get_cell(str(seat), "win")).strip() for seat in range(len(table.specs))]


async def test_watch_game_runs_to_the_engines_winner(standard):
    expected = Game.new(standard, default_players(3), seed=99).play_out()
    app = ChutesApp(board=standard, players=default_players(3), seed=99, watch=True, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.pause()  # let the dialog compose
        game = app.screen_stack[-2].game
        assert game.winner == expected
        title = str(app.screen.query_one("#winner-title").render())
        assert game.players[expected].spec.name in title


async def test_human_rolls_with_a_key_and_with_a_click(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.game.to_move == 0
        await pilot.press("space")
        await wait_for(pilot, lambda: len(screen.game.history) == 1 and not screen.controller.animating)
        assert screen.game.to_move == 1
        await pilot.click("#roll")
        await wait_for(pilot, lambda: len(screen.game.history) == 2 and not screen.controller.animating)
        assert screen.query_one(BoardView).positions == screen.game.positions
        log = screen.query_one("#log", TurnLog)
        assert any("Ann rolled" in line for line in log.lines)
        assert any("Bob rolled" in line for line in log.lines)


async def test_computer_waits_for_the_human(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("cpu:Robo,Ann"), seed=8, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.game.history) == 1 and not screen.controller.animating)
        await pilot.pause(0.2)
        assert len(screen.game.history) == 1 and screen.game.to_move == 1
        assert not screen.query_one("#roll", Button).disabled


async def test_speed_keys_change_the_pace(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=1, watch=True, speed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("plus", "plus")
        assert screen.controller.speed_index == 4
        await pilot.press("minus")
        assert screen.controller.speed_index == 3
        assert f"Speed {SPEEDS[3]:g}/s" in str(screen.query_one("#info").render())
        # At max speed many turns pass in a short time; at the slowest, almost none.
        for _ in range(MAX):
            await pilot.press("plus")
        await pilot.pause(0.5)
        fast = len(screen.game.history)
        assert fast >= 10
        for _ in range(MAX):
            await pilot.press("minus")
        await pilot.pause(0.2)
        before = len(screen.game.history)
        await pilot.pause(0.5)
        assert len(screen.game.history) - before <= 1


async def test_pause_and_step(standard):
    app = ChutesApp(board=standard, players=default_players(3), seed=2, watch=True, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("p")
        await settle(pilot)
        paused_at = len(screen.game.history)
        await pilot.pause(0.3)
        assert len(screen.game.history) == paused_at
        assert "paused" in str(screen.query_one("#info").render())
        await pilot.press("full_stop")
        await wait_for(pilot, lambda: len(screen.game.history) == paused_at + 1)
        await pilot.pause(0.2)
        assert len(screen.game.history) == paused_at + 1
        await pilot.press("p")
        await wait_for(pilot, lambda: len(screen.game.history) > paused_at + 3)


async def test_save_and_resume_continue_identically(standard, tmp_path):
    path = tmp_path / "saved.json"
    app = ChutesApp(
        board=standard, players=default_players(3), seed=31, watch=True, speed=MAX, save_path=path
    )
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.game.history) >= 12)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        saved_turns = len(screen.game.history)
        original = screen.game
    assert path.exists()
    resumed_game = Game.load(path)
    assert len(resumed_game.history) == saved_turns
    app2 = ChutesApp(game=resumed_game, watch=True, speed=MAX)
    async with app2.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app2.screen, WinnerScreen))
        finished = app2.screen_stack[-2].game
    original.play_out()
    rolls = lambda game: [[m.roll for m in t.rolls] for t in game.history]  # noqa: E731
    assert rolls(finished) == rolls(original) and finished.winner == original.winner


async def test_resize_never_breaks(standard):
    app = ChutesApp(board=standard, players=default_players(4), seed=3, watch=True, speed=MAX - 1)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        for size in [(80, 24), (120, 40), (40, 12), (200, 60), (81, 25), (20, 8), (120, 40)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            app.screen.refresh()
        await settle(pilot)
        assert isinstance(app.screen, GameScreen | WinnerScreen)
        assert app.screen.has_class("compact") is False or isinstance(app.screen, WinnerScreen)


async def test_the_odds_on_screen_are_the_cores(standard):
    app = ChutesApp(board=standard, players=default_players(3), seed=12, watch=True, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.game.history) >= 9)
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.controller.animating)
        await settle(pilot)
        positions = screen.query_one(BoardView).positions
        chain = build_chain(standard)
        odds = seat_odds(chain, positions, screen.game.to_move)
        # The table shows the set by largest remainder (it adds up to 100%): each value within
        # 0.1 of the core's chance, not each rounded alone.
        shown = shown_odds(app)
        assert shown == list(percent_shares(odds.win, 1))
        pairs = zip(shown, odds.win, strict=True)
        assert all(abs(float(text[:-1]) - 100 * p) < 0.1 + 1e-9 for text, p in pairs)
        table = screen.query_one(PlayersTable)
        mean = expected_turns(chain)
        for seat, square in enumerate(positions):
            assert str(table.get_cell(str(seat), "square")) == str(square)
            assert str(table.get_cell(str(seat), "left")) == f"{mean[chain.row(square)]:.1f}"
        assert f"{odds.expected_total_moves:.1f}" in str(screen.query_one("#info").render())


async def test_setup_screen_starts_the_chosen_game(tmp_path):
    app = ChutesApp(board_name="classic-1952")
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        game = app.screen.game
        assert game.board.name == "classic-1952" and len(game.players) == 2
        assert [p.spec.human for p in game.players] == [True, False]


async def test_setup_screen_reports_a_bad_board_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("squares = 30\nladders = [[5, 3]]\n")
    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        # The preview's game length arrives from a thread and may wrap to a second line, moving
        # the Start button down: click once it is in (the click would miss otherwise).
        preview = app.screen.query_one("#board-preview")
        await wait_for(pilot, lambda: "on average" in str(preview.render()))
        await settle(pilot)
        app.screen.query_one("#board-path").value = str(bad)
        assert await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        message = str(app.screen.query_one("#setup-error").render())
        assert "bad.toml:2" in message and "list it under chutes" in message


async def test_setup_lays_the_rules_over_a_board_file_before_checking_it(tmp_path):
    """A file that is a board only with chained jumps is one when the setup ticks them."""
    chained = tmp_path / "c.toml"
    chained.write_text('name = "c"\nsquares = 10\nwidth = 5\nladders = [[2, 5], [5, 8]]\n')
    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        setup.query_one("#board-path", Input).value = str(chained)
        await pilot.press("ctrl+b")
        await pilot.pause(0.1)
        message = str(setup.query_one("#setup-error").render())
        assert app.screen is setup and "c.toml:4: chained jumps: 2→5 lands on the tail of 5→8" in message
        setup.query_one("#setup-chain-jumps", Select).value = "on"
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        board = app.screen.game.board
        assert (board.name, board.chain_jumps, board.ladders) == ("c", True, ((2, 5), (5, 8)))


@pytest.mark.parametrize("bump", [False, True])
async def test_help_says_what_the_numbers_rest_on_under_the_boards_rules(standard, bump):
    """Under bump players interact: the help no longer says they never do."""
    board = standard.replace(bump=bump)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        notes = " ".join(note.plain if hasattr(note, "plain") else note for _, note in app.screen.notes)
        alone = ["players never interact", "the other players do not change it"]
        bumping = ["joint Markov chain", "bumps included", "they can send this player back"]
        assert all((words in notes) is not bump for words in alone)
        assert all((words in notes) is bump for words in bumping)


async def test_help_and_winner_choices(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=5, watch=True, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p", "question_mark")
        await settle(pilot)
        described = dict(app.screen.keys)
        for key in (
            "space,enter",
            "plus,equals_sign",
            "minus",
            "p",
            "full_stop",
            "r",
            "n",
            "s,ctrl+s",
            "ctrl+q",
        ):
            assert key in described
        assert {"Rematch", "Save", "Quit"} <= set(described.values())
        await pilot.press("escape", "p")
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        game_screen = app.screen_stack[-2]
        first_game = game_screen.game
        await pilot.press("r")
        await settle(pilot)
        assert game_screen.game is not first_game
        assert [p.spec for p in game_screen.game.players] == [p.spec for p in first_game.players]


async def test_board_cursor_follows_keys_and_mouse(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.screen.query_one(BoardView)
        board.focus()
        await pilot.press("right")
        assert board.cursor == 0 or board.cursor == 1
        board.set_cursor(28)
        await pilot.press("up")
        assert board.cursor == 33  # the square drawn above 28 in the serpentine
        x, y = board.grid.origin(84)
        await pilot.hover(BoardView, offset=(x + board.x_offset + 1, y))
        assert board.cursor == 84
        assert set(board.grid.path(28, 84)) <= board._highlighted()


@pytest.mark.parametrize("spec", ["Ann,cpu:Robo"])
async def test_command_palette_lists_the_game_actions(standard, spec):
    app = ChutesApp(board=standard, players=parse_player_spec(spec), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        # Every key with a description is also a palette command, with the same words.
        for binding in GameScreen.BINDINGS:
            if binding.show:
                assert commands[binding.description].help == binding.tooltip
        paused = app.screen.controller.paused
        commands["Pause"].callback()
        await settle(pilot)
        assert app.screen.controller.paused is not paused


async def test_loop_mode_starts_the_next_game_even_after_a_pause(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=6, watch=True, speed=MAX, loop=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        first = screen.game
        announce = screen.announce_winner

        def announce_then_pause(game, loop):
            """Pause right after the win: p's action queued as the win is shown, run before the
            next game's 0.3 s can pass (polling for the win and pressing p missed it under load)."""
            announce(game, loop)
            if game is first:
                app.call_later(screen.run_action, "pause")

        screen.announce_winner = announce_then_pause
        await wait_for(pilot, lambda: first.finished and screen.controller.paused)
        await pilot.pause(LOOP_PAUSE_AT_MAX + 0.2)  # past the time the next game would start
        assert screen.game is first and not isinstance(app.screen, WinnerScreen)
        await pilot.press("p")  # ... and resume: the next game must come
        await wait_for(pilot, lambda: screen.game is not first and len(screen.game.history) > 3)


async def test_new_game_goes_back_to_setup_with_the_same_players(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,cpu:Robo,Cy"), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert [s.name for s in app.screen.chosen_players()] == ["Ann", "Robo", "Cy"]
        assert app.screen.chosen_board() == standard


async def test_exact_fraction_in_a_worker_while_play_goes_on(standard):
    from flint import fmpq, fmpz

    from chutes_tui.app.dialogs.exact import ExactScreen
    from chutes_tui.exact import exact_two_player, fraction_text

    app = ChutesApp(board=standard, players=default_players(2), seed=21, watch=True, speed=MAX - 1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.game.history) >= 4 and not screen.controller.animating)
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.controller.animating)
        mover, other = screen.game.to_move, 1 - screen.game.to_move
        position = (screen.game.positions[mover], screen.game.positions[other])
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ExactScreen), timeout=30)
        expected = exact_two_player(standard).probability(*position)
        assert app.screen.fraction == fraction_text(expected)
        numerator, denominator = app.screen.fraction.split("/")
        assert fmpq(fmpz(numerator), fmpz(denominator)) == expected
        await pilot.press("c")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_exact_key_explains_itself_for_three_players(standard):
    app = ChutesApp(board=standard, players=default_players(3), seed=21, watch=True, speed=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert any("two-player" in str(n.message) for n in app._notifications)


def test_walk_forward_bounce_and_slide():
    from chutes_tui.engine.path import walk
    from chutes_tui.model.rules import move

    board = load_board("standard-bounce")
    assert walk(move(board, 10, 3), 100) == [11, 12, 13]
    assert walk(move(board, 99, 3), 100) == [100, 99, 98, 78]  # bounce back, then the chute
    path = lambda tail, head: [tail, 60, 70, head]  # noqa: E731
    assert walk(move(board, 94, 4), 100, path) == [95, 96, 97, 98, 60, 70, 78]
    assert walk(move(load_board("standard"), 97, 5), 100) == []  # a lost roll stays put


@pytest.mark.parametrize("players", [6, 12])
async def test_crowded_cells_show_or_count_every_token(players):
    """At each size in turn, one app resized smallest first (an app a size cost 0.08 CPU-s)."""
    seated = default_players(players)
    app = ChutesApp(board=load_board("tiny-10"), players=seated, seed=1, watch=True, speed=0)
    async with app.run_test(size=(20, 14)) as pilot:
        await pilot.press("p")
        # A move begun before the pause would slide a token off square 5 (seen under load).
        await wait_for(pilot, lambda: app.screen.controller.paused and not app.screen.controller.animating)
        board = app.screen.query_one(BoardView)
        for seat in range(players):
            board.place(seat, 5)
        for size in ((20, 14), (40, 14), (80, 24), (160, 50)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            board.set_cursor(5)  # scrolled into view where the board is larger than its widget
            await pilot.pause()
            x, y = board.grid.origin(5)
            scroll_x, scroll_y = board.scroll_offset
            line = "".join(segment.text for segment in board.render_line(y + 1 - scroll_y))
            left = board.x_offset + x - scroll_x
            cell = line[left : left + board.grid.cell_width]
            shown = sum(cell.count(spec.token) for spec in seated)
            counted = int(cell.split("+")[1]) if "+" in cell else 0
            assert shown + counted == players, (size, cell)
            assert ("+" in cell) == (board.grid.cell_width < players), (size, cell)


async def test_cursor_updates_the_inspector(standard):
    from chutes_tui.analysis.reports import inspect_square

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("i")
        await settle(pilot)
        assert screen.has_class("inspecting") and screen.board.cursor == 0
        for square in (28, 95, 99):
            screen.board.set_cursor(square)
            await settle(pilot)
            text = str(screen.query_one("#inspect-text", Static).content)
            report = inspect_square(standard, square, opponent=0)
            assert f"Square {square}" in text
            assert f"Turns left {report.expected_turns:.1f}" in text
            assert f"wins {report.win_probability:.1%}" in text
        await pilot.press("right")  # the keyboard moves the cursor too
        await settle(pilot)
        assert f"Square {screen.board.cursor}" in str(screen.query_one("#inspect-text", Static).content)
        await pilot.press("i")
        assert not screen.has_class("inspecting")


async def test_overlays_cycle_and_show_the_cores_values(standard):
    from chutes_tui.analysis.overlays import OverlayKind, overlay_values

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.screen.query_one(BoardView)
        seen = []
        for _ in range(6):
            await pilot.press("o")
            seen.append(None if board.overlay is None else board.overlay.label)
        assert seen == [
            "expected turns left",
            "expected visits from the start",
            "chance of ever landing",
            "Ann to move here wins, vs Bob on 0",
            "where Ann stands after 1 turn from the start",
            None,
        ]
        await pilot.press("o")
        assert board.overlay.values == overlay_values(standard, OverlayKind.TURNS_LEFT)
        legend = "".join(segment.text for segment in board.render_line(board.grid.grid_height))
        assert "expected turns left: 0.0" in legend


async def test_three_players_have_no_win_chance_overlay(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob,Cy"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.screen.query_one(BoardView)
        labels = []
        for _ in range(5):
            await pilot.press("o")
            labels.append(None if board.overlay is None else board.overlay.label)
        assert labels[-1] is None and len([x for x in labels if x]) == 4 and "after 1 turn" in labels[3]


async def test_board_picker_loads_good_boards_and_refuses_bad_ones(standard, tmp_path, monkeypatch):
    from chutes_tui.app.dialogs.error import ErrorScreen
    from chutes_tui.app.dialogs.picker import BoardPicker
    from chutes_tui.io.recent import recent_boards

    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.toml").write_text("squares = 30\nladders = [[5, 12]]\nchutes = [[12, 3]]\n")
    (tmp_path / "good.txt").write_text("0\n20\n4\n3 11\n17 2\n")
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        game_before = screen.game
        await pilot.press("b")
        await settle(pilot)
        assert isinstance(app.screen, BoardPicker)
        labels = [str(o.prompt) for o in app.screen.query_one("#board-options").options]
        assert not any("bad.toml" in label for label in labels) and any(
            "classic-1952" in label for label in labels
        )
        # A bad file: its error is shown, the game is untouched.
        app.screen.query_one("#board-file").value = "bad.toml"
        await pilot.click("#load")
        await settle(pilot)
        assert isinstance(app.screen, ErrorScreen)
        assert "bad.toml:3" in app.screen.message and "chained jumps" in app.screen.message
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BoardPicker) and screen.game is game_before
        # A good plain file loads, the same players start on it, and it becomes recent.
        app.screen.query_one("#board-file").value = "good.txt"
        await pilot.click("#load")
        await settle(pilot)
        assert app.screen is screen and screen.game is not game_before
        assert screen.game.board.end == 20 and [p.spec.name for p in screen.game.players] == ["Ann", "Bob"]
        assert recent_boards() == [str((tmp_path / "good.txt").resolve())]
        # A bundled board from the list.
        await pilot.press("b")
        await settle(pilot)
        options = app.screen.query_one("#board-options")
        index = next(i for i, o in enumerate(options.options) if o.id == "bundled:classic-1952")
        options.highlighted = index
        options.action_select()
        await settle(pilot)
        assert screen.game.board.name == "classic-1952"


async def test_editor_session_adds_a_ladder_saves_and_the_file_loads_identically(classic, tmp_path):
    from chutes_tui.analysis.reports import edit_stats
    from chutes_tui.app.dialogs.confirm import ConfirmScreen
    from chutes_tui.app.dialogs.save_as import SaveScreen
    from chutes_tui.io.boardfile import load_board

    app = ChutesApp(board=classic, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        game_screen = app.screen
        # Hochman's ladder 27→29: the game gets longer (40.20 turns).
        editor = await edit_in_ladder_27_29(pilot, app)
        await settle(pilot)
        assert (27, 29) in editor.board.ladders
        stats = str(editor.query_one("#editor-stats").render())
        assert "40.202" in stats and "+0.977" in stats
        # A chained jump is refused with the reason, and the board is unchanged.
        editor.view.set_cursor(84)
        await pilot.press("t")
        editor.view.set_cursor(90)
        await pilot.press("h")
        await settle(pilot)
        assert "chained jumps" in str(editor.query_one("#editor-status").render())
        assert (84, 90) not in editor.board.jumps
        # Save; saving over an existing file asks first.
        target = tmp_path / "longer.toml"
        target.write_text("old")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SaveScreen)
        app.screen.query_one("#save-path").value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and target.read_text() == "old"
        await pilot.press("y")
        await settle(pilot)
        saved = load_board(target)
        assert saved.jumps == editor.board.jumps and saved.name == "longer"
        assert edit_stats(saved, classic).expected_turns == pytest.approx(40.2021, abs=5e-4)
        # Move the new ladder's head, delete it again, then play on the result.
        editor.view.set_cursor(29)
        await pilot.press("m")
        editor.view.set_cursor(30)
        await pilot.press("m")
        assert (27, 30) in editor.board.ladders
        await pilot.press("delete")
        editor.view.set_cursor(27)
        await pilot.press("delete")
        assert editor.board.jumps == classic.jumps
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert app.screen is game_screen and game_screen.game.board.jumps == classic.jumps


async def test_a_10000_square_board_stays_responsive(tmp_path):
    import time

    from chutes_tui.model.generate import random_board

    huge = random_board(1, squares=10_000, ladders=300, chutes=300)
    app = ChutesApp(board=huge, players=parse_player_spec("Ann,Bob"), seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        began = time.perf_counter()
        for _ in range(3):
            await pilot.press("space")
            await wait_for(pilot, lambda: not screen.controller.animating, timeout=10)
            await pilot.press("escape")
        assert time.perf_counter() - began < 10
        assert len(screen.game.history) >= 3
        # Live odds come from a worker thread, after every move (issue 13).
        # (The table shows the last known odds, marked stale, while the new position's are worked
        # out: wait for the position's own, not for a percent sign.)
        await wait_for(pilot, lambda: screen.game.odds() is not None, timeout=10)
        await wait_for(pilot, lambda: "%" in str(screen.players_table.get_cell("0", "win")), timeout=10)
        assert "Working out" not in str(screen.query_one("#info").render())
        assert screen.chart.series[0]
        board = screen.board
        _, y = board.grid.origin(screen.game.history[-1].final)  # the last mover is in view
        assert board.scroll_offset.y <= y < board.scroll_offset.y + board.size.height
        square = next(c for c in screen.players_table.columns() if c.key == "square")
        assert square.width == 5  # "10000" whole: three digits showed "100" for 10,000
        # Laid out at its smallest readable cells, larger than the widget: it scrolls.
        assert board.virtual_size.height > board.size.height and board.grid.cell_width == 6
        assert board.scroll_offset.y > 0  # the start, where the pieces are, is in view
        board.reveal(9_990)  # a token that climbed a long ladder: the view goes with it
        await pilot.pause()
        assert board.scroll_offset.y < board.size.height
        board.set_cursor(9_999)  # the top row: the view follows the cursor
        await pilot.pause()
        assert board.scroll_offset.y == 0 and "9999" in "".join(s.text for s in board.render_line(0))
        await pilot.press("x")
        await settle(pilot)
        assert any("take minutes" in str(n.message) for n in app._notifications)


async def test_quitting_in_the_middle_of_an_exact_computation_is_prompt(standard):
    import time

    fresh = load_board("standard")  # a new board keeps no exact results yet: 'x' does real work
    app = ChutesApp(board=fresh, players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("x")
        began = time.perf_counter()
        await pilot.press("ctrl+q")
    assert time.perf_counter() - began < 1.5


async def test_board_colours_come_from_the_theme(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.screen.query_one(BoardView)
        for theme in ("textual-dark", "textual-light", "nord"):
            app.theme = theme
            await settle(pilot)
            colors = board._colors()
            variables = app.get_css_variables()
            assert colors["cell"].triplet.hex.lower() == variables["surface"].lower()[:7], theme
            assert colors["cell"] != colors["cell_alt"]


def test_turns_left_fit_their_five_characters():
    from chutes_tui.app.widgets.players import _turns

    shown = [_turns(v) for v in (12.34, 999.94, 999.96, 37_567.4, 123_456.0)]
    assert shown == ["12.3", "999.9", "1000", "37567", "123k"]
    assert all(len(text) <= 5 for text in shown)


async def test_the_inspector_explains_a_square_no_game_reaches(standard):
    """Issue 23 §10: with a die that always rolls 5, square 2 is never stood on; the inspector
    says so instead of keeping the last square's figures."""
    from chutes_tui.model.dice import Dice

    board = standard.replace(die=Dice.parse("0,0,0,0,1,0"))
    app = ChutesApp(board=board, players=parse_player_spec("Ann"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("i")
        await settle(pilot)
        screen.board.set_cursor(75)
        await settle(pilot)
        assert "Turns left 1.0" in str(screen.query_one("#inspect-text", Static).content)
        screen.board.set_cursor(2)
        await settle(pilot)
        text = str(screen.query_one("#inspect-text", Static).content)
        assert "Square 2" in text and "never reach" in text and "Turns left" not in text
