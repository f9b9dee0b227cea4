"""User text in the app: shown literally in every place it appears, and a crash is never silent."""

import json

import pytest
from textual.widgets import Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.dialogs.exact import ExactScreen
from chutes_tui.app.dialogs.picker import BoardPicker
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.recent import remember_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for

MAX = len(SPEEDS) - 1
# Two sessions cover the corpus: markup as both players' names, and as the board's name and
# description with an escape sequence in one and 10,000 characters in the other.
SESSIONS = [
    (("[/]", "[bold red]x[/"), "\x1b[31m[/b]"),
    (("[/b]", "[link=https://example.com]x[/link]"), "x" * 10_000),
]


def rendered(widget) -> str:
    return str(widget.render())


@pytest.mark.parametrize(("names", "text"), SESSIONS, ids=["escape-board", "long-board"])
async def test_user_text_is_shown_literally_everywhere(names, text, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board_path = tmp_path / "board.toml"
    escaped = json.dumps(text)
    board_path.write_text(
        f"name = {escaped}\ndescription = {escaped}\nsquares = 20\ndie = 4\nladders = [[3, 11]]\n"
        "chutes = [[17, 2]]\n"
    )
    (tmp_path / "[b]x[-b].toml").write_text("squares = 12\n")
    remember_board(tmp_path / "[bold red]recent[.toml")
    (tmp_path / "[bold red]recent[.toml").write_text("squares = 12\n")
    board = load_board(str(board_path))
    name, robot = names
    app = ChutesApp(board=board, players=parse_player_spec(f"{name},cpu:{robot}"), seed=5, speed=MAX)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one("#log", TurnLog)
        assert log.lines[0].startswith(text[:20]) or "\\x1b[31m" in log.lines[0]
        # Inspector: the mover's name in the two-player line.
        await pilot.press("i")
        await settle(pilot)
        assert name in str(screen.query_one("#inspect-text", Static).content)
        await pilot.press("i")
        # Exact dialog: both names in its title.
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ExactScreen))
        title = rendered(app.screen.query_one(".title"))
        assert name in title and robot in title
        await pilot.press("escape")
        # Picker: file names with markup, literally.
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPicker))
        labels = [str(o.prompt) for o in app.screen.query_one("#board-options").options]
        assert any("[b]x[-b].toml" in label for label in labels)
        assert any("[bold red]recent[.toml" in label for label in labels)
        await settle(pilot)
        await pilot.press("escape")
        # Editor: the board's name in its statistics.
        await pilot.press("e")
        await settle(pilot)
        stats = rendered(app.screen.query_one("#editor-stats"))
        assert text[:20] in stats or "\\x1b[31m" in stats
        await pilot.press("escape")
        await settle(pilot)
        # Play to the end: the turn log and the winner screen.
        assert app.screen is screen
        screen.controller.set_paused(False)
        for _ in range(400):
            if isinstance(app.screen, WinnerScreen):
                break
            await pilot.press("space")
            await settle(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        winner = screen.game.players[screen.game.winner].spec.name
        assert f"{winner} wins" in rendered(app.screen.query_one("#winner-title"))
        for who in names:
            assert any(f"{who} rolled" in line for line in log.lines)
        screen.game.save(tmp_path / "save.json")


async def test_setup_refuses_bad_fields_beside_them(standard):
    from textual.widgets import Input

    from chutes_tui.app.screens.setup import SetupScreen

    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        for field, value, words in (
            ("#seed", "-", "the seed must be a whole number"),
            ("#seed", "-5", "the seed must be 0.."),
            ("#setup-die", "-", "“dice” must be a whole number of sides (6), dice summed (2d6)"),
            ("#setup-die", "0", "the die needs at least 1 side"),
            ("#setup-die", "0,0", "weight"),
        ):
            setup.query_one(field, Input).value = value
            await pilot.press("ctrl+b")
            await settle(pilot)
            assert app.screen is setup
            # The dice are said in the board's preview (once: tests/app/test_app_dice.py).
            note = setup.query_one("#board-preview" if field == "#setup-die" else f"{field}-error")
            assert note.display and words in rendered(note), (field, value, rendered(note))
            assert app.focused is setup.query_one(field, Input)
            setup.query_one(field, Input).value = ""
        # A markup name is fine and is kept literally; a control character is refused.
        setup.query_one("#name-0", Input).value = "[/b]"
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.players[0].spec.name == "[/b]"


async def test_setup_refuses_a_control_character_in_a_name():
    from textual.widgets import Input

    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        setup.query_one("#name-0", Input).value = "a\x1bb"
        await pilot.press("ctrl+b")
        await settle(pilot)
        assert app.screen is setup
        assert "control characters" in rendered(setup.query_one("#name-0-error"))


def test_an_app_crash_exits_non_zero_with_one_line_and_a_log(standard, capsys, monkeypatch, private_dirs):
    from chutes_tui.cli.play import run_app as _run_app

    def broken(self):
        raise RuntimeError("the help broke [/]")

    monkeypatch.setattr(GameScreen, "action_help", broken)
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=1)

    async def press_help(pilot):
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    code = _run_app(app, headless=True, auto_pilot=press_help, size=(100, 30))
    _, err = capsys.readouterr()
    assert code == 3  # the documented status of an unexpected error (Textual's is 1)
    assert err.count("\n") == 1 and "RuntimeError: the help broke [/]" in err, err[:500]
    logs = list((private_dirs / "state" / "crashes").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err and "in broken" in logs[0].read_text()
