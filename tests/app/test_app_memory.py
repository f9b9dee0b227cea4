"""Saves and settings remembered like in other apps: 's' names a save after the players and the
date, the setup screen offers to continue it, and the theme, the last setup and the first-run
hint are remembered between runs."""

import datetime as dt

from textual.widgets import Button, Input, Select

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.save_as import SaveScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.cycle import Cycle
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.io.settings import load_settings, saves_dir
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.rules import EndRule
from chutes_tui.model.ruletable import DIE, END_RULE, EXTRA_ROLL
from tests.app.helpers import play_turns, settle


async def test_a_save_is_named_by_date_and_the_setup_screen_continues_it(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=12)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        game = app.screen.game
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, SaveScreen)
        suggested = app.screen.query_one(Input).value
        today = dt.date.today().isoformat()
        assert suggested.startswith(str(saves_dir() / f"Ann-vs-Bob-{today}")) and suggested.endswith(".json")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        path = app.screen.session.save_path
        assert path is not None and str(path) == suggested and path.is_file()
        await play_turns(pilot, app, 1)  # one more turn, then 's' writes to the same file at once
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        positions, to_move = list(game.positions), game.to_move

    app = ChutesApp()  # `chutes-tui play`: the setup screen, with the save to continue
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        button = app.screen.query_one("#continue", Button)
        assert path.stem in str(button.label)
        await pilot.press("ctrl+o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.game.positions == positions and screen.game.to_move == to_move
        assert len(screen.game.history) == 4 and screen.session.save_path == path


async def test_theme_and_last_setup_are_remembered_and_the_hint_shown_once(standard):
    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        setup = app.screen
        await pilot.press("ctrl+n")  # a third seat: a computer player
        setup.query_one("#name-0", Input).value = "Zoë"
        setup.query_one("#board-select", Select).value = "classic-1952"
        setup.query_one("#setup-end-rule", Select).value = "bounce"
        setup.query_one("#setup-extra-roll", Select).value = "on"
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        log = "\n".join(line.plain for line in app.screen.query_one(TurnLog).entries)
        assert "Space rolls" in log  # the very first game: one line of hints
        app.theme = "textual-light"
        await settle(pilot)
    remembered = load_settings()
    assert remembered.theme == "textual-light" and remembered.hinted
    assert remembered.setup is not None
    assert [p.name for p in remembered.setup.players] == ["Zoë", "Ada", "Turing"]
    rules = remembered.setup.rules
    assert remembered.setup.board == "classic-1952" and rules.value(END_RULE) is EndRule.BOUNCE
    assert rules.value(EXTRA_ROLL) is True and DIE not in rules  # the board's own dice

    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.theme == "textual-light"
        setup = app.screen
        assert setup.query_one("#name-0", Input).value == "Zoë"
        assert setup.query_one("#kind-2", Cycle).value == "cpu"
        assert setup.query_one("#board-select", Select).value == "classic-1952"
        assert setup.query_one("#setup-end-rule", Select).value == "bounce"
        assert setup.query_one("#setup-extra-roll", Select).value == "on"
        await pilot.press("ctrl+b")
        await settle(pilot)
        game = app.screen.game
        assert game.board.name == "classic-1952" and game.board.end_rule.value == "bounce"
        log = "\n".join(line.plain for line in app.screen.query_one(TurnLog).entries)
        assert "Space rolls" not in log  # shown once only


async def test_save_as_refuses_a_folder_path_and_an_unknown_home_with_a_dialog(standard):
    from chutes_tui.app.dialogs.error import ErrorScreen

    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=12)
    async with app.run_test(size=(100, 30)) as pilot:
        for answer in ("~no-such-user-here/x.json", str(saves_dir(make=True)) + "/"):
            await pilot.press("s")
            await settle(pilot)
            app.screen.query_one(Input).value = answer
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ErrorScreen), answer
            await pilot.press("escape")
            await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running


async def test_the_setup_line_leaves_out_the_length_of_a_board_too_large_to_solve_at_once(monkeypatch):
    from chutes_tui.app.widgets import preview

    monkeypatch.setattr(preview, "PREVIEW_MAX_SQUARES", 50)
    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        line = str(app.screen.query_one("#board-preview").render())
        assert "100 squares" in line and "chutes-tui analyze" in line and "turns on average" not in line


async def test_a_remembered_board_file_is_read_once_as_the_setup_opens(tmp_path, monkeypatch):
    """Every field's first value comes as the setup screen opens (eight changes); the board
    preview they ask for is made once, so a remembered board file is read once, not eight times
    on the UI thread (a 100,000-square file: 1.4 s before the screen settled)."""
    from chutes_tui.io import boardfile
    from chutes_tui.io.settings import LastSetup, Settings, save_settings

    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nsquares = 30\nladders = [[3, 22]]\n', encoding="utf-8")
    save_settings(Settings(setup=LastSetup(players=tuple(parse_player_spec("Ann,Bob")), board=str(path))))
    reads, read = [], boardfile.read_board

    def counted(spec, *args, **kwargs):
        reads.append(spec)
        return read(spec, *args, **kwargs)

    monkeypatch.setattr(boardfile, "read_board", counted)
    app = ChutesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#board-path", Input).value == str(path)
        assert "mine" in str(app.screen.query_one("#board-preview").render())
        assert reads == [str(path)]
