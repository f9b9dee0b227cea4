"""Nothing is thrown away by one key: every way to lose a game or edits asks first (Enter
confirms, Esc cancels), the editor undoes and redoes, and a dialog closed with Esc leaves the
game exactly as it was — paused or playing."""

import pytest

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.confirm import ConfirmScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import edit_in_ladder_27_29, play_turns, settle, wait_for


def person_mid_game(standard):
    return ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)


async def test_leaving_a_game_in_progress_asks_first(standard):
    """Rematch, load a board and new game each ask before a game in progress is lost: one app
    through the three in turn (rematch and load board leave a fresh game, played on again
    before the next), as three apps cost 0.6 CPU-s more."""
    app = person_mid_game(standard)
    async with app.run_test(size=(120, 40)) as pilot:
        for keys, after_yes in ((["r"], GameScreen), (["b", "enter"], GameScreen), (["n"], SetupScreen)):
            await play_turns(pilot, app, 3)
            screen = app.screen
            game, history = screen.game, list(screen.game.history)
            for key in keys:  # b: the picker first (its first board), then the question
                await pilot.press(key)
                await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen), keys
            await pilot.press("escape")  # cancelled: the very same game, move for move
            await settle(pilot)
            assert app.screen is screen and screen.game is game and list(game.history) == history, keys
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            await pilot.press("enter")  # Enter keeps the game: only y leaves it
            await settle(pilot)
            assert app.screen is screen and screen.game is game, keys
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, after_yes), keys
            if after_yes is GameScreen:  # a fresh game (on the picked board)
                assert screen.game is not game and not screen.game.history, keys
            if keys[0] == "b":
                assert screen.game.board.name == "classic-1952"


async def test_nothing_is_asked_before_the_first_roll_or_in_a_watched_game(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")  # no roll yet: nothing to lose
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
    app = ChutesApp(board=standard, players=parse_player_spec("cpu:A,cpu:B"), seed=4, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: len(app.screen.game.history) > 2)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_quitting_mid_game_asks_and_esc_keeps_playing(standard):
    app = person_mid_game(standard)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and app.is_running
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("enter")  # the quit question's default keeps the game
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.return_code == 0


@pytest.mark.parametrize("paused", [False, True], ids=["playing", "paused"])
async def test_a_dialog_closed_with_esc_restores_pause_and_play(standard, paused):
    """While a dialog is open the computers wait; Esc gives back exactly the state before. Each
    dialog in turn on one game (an app a dialog cost 0.2 CPU-s more): after each Esc the game is
    back where the next dialog finds it, playing or paused."""
    app = ChutesApp(board=standard, players=parse_player_spec("cpu:A,cpu:B"), seed=8, speed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.game.history) >= 2)
        if paused:
            await pilot.press("p")
        for key in ("question_mark", "e", "b", "x"):  # help, editor, picker, exact
            await pilot.press(key)
            await wait_for(pilot, lambda: app.screen is not screen)
            frozen = len(screen.game.history)
            await settle(pilot)
            assert len(screen.game.history) == frozen, f"the computers moved under the dialog of {key}"
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            assert screen.controller.paused is paused, key
            if paused:
                await settle(pilot)
                assert len(screen.game.history) == frozen, key
            else:
                await wait_for(pilot, lambda f=frozen: len(screen.game.history) > f or screen.game.finished)


async def test_editor_undoes_redoes_and_asks_before_losing_edits(classic):
    app = ChutesApp(board=classic, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        await pilot.press("escape")  # nothing edited: leaves at once
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        editor = await edit_in_ladder_27_29(pilot, app)
        editor.view.set_cursor(29)
        await pilot.press("delete")
        assert editor.board.jumps == classic.jumps
        await pilot.press("ctrl+z")
        assert (27, 29) in editor.board.ladders
        await pilot.press("u")
        assert editor.board.jumps == classic.jumps
        await pilot.press("u")  # nothing left to undo
        assert "Nothing to undo" in str(editor.query_one("#editor-status").render())
        await pilot.press("ctrl+y")
        assert (27, 29) in editor.board.ladders
        assert "40.202" in str(editor.query_one("#editor-stats").render())  # the stats follow
        # Unsaved edits: R and Esc ask; Esc at the question keeps everything.
        edited = editor.board
        for key in ("R", "escape"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is editor and editor.board is edited
        await pilot.press("R", "y")
        await settle(pilot)
        assert app.screen is editor and editor.board is not edited
        await pilot.press("u")  # even a random board can be undone
        assert editor.board is edited
        await pilot.press("escape", "y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.game.board.jumps == classic.jumps


async def test_long_dialogs_scroll_with_their_buttons_in_view(standard):
    app = person_mid_game(standard)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("question_mark", "x"):  # help, then exact: each from the game screen
            await pilot.press(key)
            await wait_for(pilot, lambda: not isinstance(app.screen, GameScreen))
            await settle(pilot)
            body = app.screen.query_one(".body")
            assert body.max_scroll_y > 0, f"{key}: the body fits: this test needs a long one"
            for button in app.screen.query("Button"):
                assert app.screen.region.contains_region(button.region), (key, button.id)
            await pilot.press("pagedown", "end")
            await settle(pilot)
            assert body.scroll_y > 0, key
            for button in app.screen.query("Button"):
                assert app.screen.region.contains_region(button.region), (key, button.id)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_play_from_the_editor_asks_and_esc_keeps_the_edits(classic):
    app = ChutesApp(board=classic, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        game_screen, game = app.screen, app.screen.game
        editor = await edit_in_ladder_27_29(pilot, app)
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # not now: back in the editor, the ladder still there
        await settle(pilot)
        assert app.screen is editor and (27, 29) in editor.board.ladders
        assert game_screen.game is game
        await pilot.press("ctrl+b", "y")
        await settle(pilot)
        assert app.screen is game_screen and (27, 29) in game_screen.game.board.ladders


async def test_a_game_saved_since_its_last_move_is_left_without_asking(standard, tmp_path):
    app = ChutesApp(
        board=standard, players=parse_player_spec("Ann,Bob"), seed=4, save_path=tmp_path / "g.json"
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        screen = app.screen
        assert screen.session.at_stake
        await pilot.press("s")
        await settle(pilot)
        assert not screen.session.at_stake
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_footer_shows_whole_keys_that_fit_most_used_first(standard, size):
    from chutes_tui.app.widgets.footer import FittingFooter, FooterKeys, ShownKey

    app = person_mid_game(standard)
    async with app.run_test(size=size) as pilot:

        def keys() -> list[ShownKey]:
            return list(app.screen.query_one(FittingFooter).shown_keys)

        # The footer fills in after the first layout, and is made again when the mode or the
        # size settles (later on a loaded machine): wait for it to hold keys, then read them.
        await wait_for(pilot, lambda: len(keys()) > 4)
        await settle(pilot)
        await wait_for(pilot, lambda: len(keys()) > 4)
        shown = [k.description for k in keys()]
        assert shown[:5] == ["Roll", "Help", "Save", "Review", "Board only"]  # w s v at 80x24 too
        drawn = app.screen.query_one(FooterKeys)
        assert drawn.keys == tuple(keys())
        for key, (_, end) in zip(drawn.keys, drawn.spans(), strict=True):  # none cut by the edge
            assert drawn.region.x + end <= size[0] - 12, key.description
        line = app.export_screenshot()
        assert "palettee" not in line


async def test_names_and_odds_fit_the_players_panel_at_80x24(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,cpu:Ada,cpu:Turing"), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.players_table
        lines = ["".join(s.text for s in table.render_line(y)) for y in range(4)]
        assert "Ada·cpu" in lines[2] and "%" in lines[2]
        assert all(line.rstrip().endswith("%") for line in lines[1:])


async def test_the_inspector_is_off_where_a_games_series_would_freeze_the_screen():
    from chutes_tui.model.generate import random_board

    board = random_board(7, squares=1000, ladders=30, chutes=30)  # 5,000-turn games
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert not app.screen.has_class("inspecting")
        assert any("thousands of turns" in str(n.message) for n in app._notifications)
        # Live odds are worked out in the background instead.
        await wait_for(pilot, lambda: "%" in str(app.screen.players_table.get_cell("0", "win")), timeout=10)


async def test_saving_a_game_over_a_link_is_refused_with_the_reason(standard, tmp_path):
    """The output policy in the app: a save never writes through a symbolic link, even after an
    Overwrite; the link and its target stay as they were."""
    from chutes_tui.app.dialogs.error import ErrorScreen
    from chutes_tui.app.dialogs.save_as import SaveScreen

    victim = tmp_path / "notes.txt"
    victim.write_text("not a game")
    link = tmp_path / "game.json"
    link.symlink_to(victim)
    app = person_mid_game(standard)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 1)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#save-path").value = str(link)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ErrorScreen))
        assert "symbolic link" in str(app.screen.query_one("#error-message").render())
    assert link.is_symlink() and victim.read_text() == "not a game"


async def test_a_save_file_that_appears_after_the_start_is_not_replaced(standard, tmp_path):
    """--save without --force was checked when the game began; a file someone puts there later
    is not theirs to lose: s refuses it, says so, and asks for a name next time."""
    from chutes_tui.app.dialogs.save_as import SaveScreen

    path = tmp_path / "race.json"
    app = ChutesApp(
        board=standard, players=parse_player_spec("Ann,Bob"), seed=4, save_path=path, save_force=False
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 1)
        path.write_text("someone else's")
        await pilot.press("s")
        await settle(pilot)
        assert path.read_text() == "someone else's"
        assert any("appeared since the game began" in str(n.message) for n in app._notifications)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
    assert path.read_text() == "someone else's"


async def test_the_footer_is_made_again_only_when_its_keys_would_change(standard):
    """Textual asks the footer to recompose whenever the bindings may have changed, and it asks
    on every resize: keys that would come back the same are kept, not removed and mounted again
    (the game screen's first frame made them twice); a narrower footer still drops keys, drawing
    its keys' one widget again (issue 25: Textual's footer mounts a widget a key)."""
    from chutes_tui.app.widgets.footer import FittingFooter, FooterKeys

    app = person_mid_game(standard)
    async with app.run_test(size=(160, 50)) as pilot:
        footer = app.screen.query_one(FittingFooter)
        await wait_for(pilot, lambda: len(footer.shown_keys) > 4)
        await pilot.pause(0.1)
        before, widgets = footer.shown_keys, list(footer.children)
        footer.call_after_refresh(footer.recompose)  # as Textual asks: from the footer itself
        await pilot.pause(0.1)
        assert list(footer.children) == widgets  # the same widgets, not equal new ones
        assert footer.shown_keys == before
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: len(footer.shown_keys) < len(before))
        assert {k.description for k in footer.shown_keys} < {k.description for k in before}
        assert list(footer.children) == widgets  # the keys' widget drawn again, nothing mounted
        assert footer.query_one(FooterKeys).keys == footer.shown_keys


@pytest.mark.parametrize(
    ("pawns", "sizes"),
    [
        (2, {(60, 20): ["Ann", "Best"], (80, 24): ["Ann", "Best·cpu"]}),
        (3, {(80, 24): ["Ann", "Alexan…"]}),
        (4, {(80, 24): ["Ann", "Alexandrina·cpu"]}),
    ],
    ids=["2", "3", "4"],
)
async def test_a_computers_name_shows_beside_the_pawns_at_80x24(pawns, sizes):
    """The name takes the room the columns that give way leave ('Best·cpu' was cut to 'Be·cpu'
    with two pawns); a name cut short keeps its letters before its '·cpu' mark (three pawns: 7
    columns for the name, 'Ale·cpu' would say less than 'Alexan…'); four pawns leave no room
    for the squares (the board shows them). At 60x20 (the panel shown) the mark gives way
    whole ('Be·cpu' on main, not 'Best·cp'). Two sizes of one game in one app, smallest first
    and then widened (an app a size cost 0.8 CPU-s: cpu:best's strategy is solved at its start)."""
    board = load_board("standard").replace(pawns=pawns)
    second = "cpu:best" if pawns == 2 else "cpu:Alexandrina"
    app = ChutesApp(board=board, players=parse_player_spec(f"Ann,{second}"), seed=4)
    async with app.run_test(size=next(iter(sizes))) as pilot:
        for size, names in sizes.items():
            await pilot.resize_terminal(*size)
            await settle(pilot)
            if size[0] < 64:  # the board alone at first: w shows the panel
                await pilot.press("w")
                await settle(pilot)
            table = app.screen.players_table
            lines = ["".join(s.text for s in table.render_line(y)) for y in range(3)]
            for line, name in zip(lines[1:], names, strict=True):
                assert line[3:].startswith(name + " "), (size, lines)  # after the token and the arrow
            assert all(line.rstrip().endswith("%") for line in lines[1:]), (size, lines)


async def test_the_players_chances_add_up_to_100_percent(standard):
    """The win column and the chart's readout show the seats' chances as a set, by largest
    remainder: here, rounded one by one, they showed 32.3% + 37.4% + 30.2% = 99.9% (and
    32% + 37% + 30% = 99%)."""
    from chutes_tui.engine.game import Game

    game = Game.new(standard, parse_player_spec("Ann,Bob,Cy"), seed=1)
    for _ in range(3):
        game.roll()
    async with ChutesApp(game=game).run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        await wait_for(pilot, lambda: screen.controller.live.snapshot(game).odds is not None)
        await settle(pilot)
        win = screen.controller.live.snapshot(game).odds.win
        assert sum(round(p * 1000) for p in win) == 999  # what rounding each alone shows
        table = screen.players_table
        cells = [table.get_cell(str(seat), "win") for seat in range(3)]
        assert sum(round(float(cell.rstrip("%")) * 10) for cell in cells) == 1000, cells
        assert all(abs(float(cell.rstrip("%")) - 100 * p) < 0.1 for cell, p in zip(cells, win, strict=True))
        chart = screen.query_one("#chart")  # its readout of a turn's chances, in whole percents
        await wait_for(pilot, lambda: chart.series and chart.series[0])
        read = chart._readout(len(chart.series[0]) - 1).plain
        assert sum(int(part[:-1]) for part in read.split() if part.endswith("%")) == 100, read


async def test_names_cut_short_at_60x20_still_tell_the_players_apart(standard):
    """At 60x20 the name column holds 7 letters: "Player 1" and "Player 2" were both cut to
    "Player" (and at 80x24 "Turing·cpu" read "Turin·cpu"); a name cut short is marked "…" and,
    where another name starts the same, keeps its end (model/text.elide)."""
    players = parse_player_spec("Player 1,Player 2,cpu:Turing")
    app = ChutesApp(board=standard, players=players, seed=4)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.press("w")  # the board alone at first: w shows the panel
        await settle(pilot)
        table = app.screen.players_table
        names = ["".join(s.text for s in table.render_line(y))[3:].split("  ")[0] for y in (1, 2, 3)]
        assert names == ["Play… 1", "Play… 2", "Turing"], names
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        line = "".join(s.text for s in table.render_line(3))
        assert line[3:].startswith("Turi…·cpu "), line  # a name alone in its start: cut at the end


async def test_every_dialogs_cancel_button_names_its_key(standard):
    """The yes/no questions, the exact odds and the help say "Cancel (Enter, Esc)" or
    "Close (Esc)"; the save box, the board picker, the rules dialog and the goal-length box said
    "Cancel" alone (and "Save", "Suggest", which Enter in their field presses)."""
    from textual.widgets import Button

    from chutes_tui.app.dialogs.picker import BoardPicker
    from chutes_tui.app.dialogs.rules import RulesScreen
    from chutes_tui.app.dialogs.save_as import SaveScreen
    from chutes_tui.app.dialogs.target import TargetScreen

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,cpu:Bob"), seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        labels = {}
        for keys, dialog, back_to in (
            (("s",), SaveScreen, GameScreen),
            (("b",), BoardPicker, GameScreen),
            (("e", "l"), RulesScreen, EditorScreen),
            (("g",), TargetScreen, EditorScreen),
        ):
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
            assert isinstance(app.screen, dialog), (keys, app.screen)
            labels[dialog.__name__] = [str(b.label) for b in app.screen.query(Button)]
            await pilot.press("escape")
            await wait_for(pilot, lambda back_to=back_to: isinstance(app.screen, back_to))
        assert app.screen is not game  # in the editor, the last two
        for name, shown in labels.items():
            assert "Cancel (Esc)" in shown, (name, shown)
        assert "Save (Enter)" in labels["SaveScreen"] and "Suggest (Enter)" in labels["TargetScreen"]


async def test_the_board_pickers_path_field_is_in_sight_at_60x20(standard):
    """At 60x20 the list took 40% of the lines and the buttons, docked at the dialog's foot, lay
    over the path field (its placeholder showed after them, what was typed under them)."""
    from textual.widgets import Button, Input

    from chutes_tui.app.dialogs.picker import BoardPicker

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,cpu:Bob"), seed=4)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPicker))
        await settle(pilot)
        field = app.screen.query_one("#board-file", Input).region
        assert field.height == 1
        for button in app.screen.query(Button):
            assert not field.overlaps(button.region), (field, button.region)
        await pilot.resize_terminal(80, 24)  # a taller screen: the list as long as before
        await settle(pilot)
        assert app.screen.query_one("#board-options").region.height == 9
