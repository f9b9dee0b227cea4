"""The app served to a browser (``chutes-tui serve``, issue 16): a save or a board is sent to the
visitor as a download, without asking where, and nothing is written on the server. (The real
browser: tests/serve/test_browser.py; here Textual's ``is_web`` is set and the delivery kept.)"""

import io

import pytest
from textual.widgets import Input, OptionList, Select

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.picker import BoardPicker
from chutes_tui.app.dialogs.save_as import download_name
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.io.recent import remember_board
from chutes_tui.io.settings import saves_dir, settings_path
from chutes_tui.model.generate import random_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import play_turns, settle, wait_for


@pytest.fixture
def served(monkeypatch):
    """Run the app as if in a browser; the files it delivers, as (name, text, options)."""
    delivered = []

    def deliver_text(self, file, **options):
        assert isinstance(file, io.StringIO)
        delivered.append((options.pop("save_filename"), file.getvalue(), options))
        return "key"

    monkeypatch.setattr(ChutesApp, "is_web", property(lambda self: True))
    monkeypatch.setattr(ChutesApp, "deliver_text", deliver_text)
    return delivered


async def test_a_served_save_downloads_the_game_and_writes_nothing(served, standard, tmp_path):
    resumed = tmp_path / "resumed.json"  # as `serve -- --resume FILE`: 's' must not write back
    app = ChutesApp(board=standard, players=parse_player_spec("Zoë,Bob"), seed=12, save_path=resumed)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_turns(pilot, app, 3)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)  # no dialog: the browser asks where, if at all
        [(name, text, options)] = served
        assert name.startswith("Zoe-vs-Bob-") and name.endswith(".json") and options["name"] == "save"
        saved = tmp_path / "downloaded.json"
        saved.write_text(text, encoding="utf-8")
        game, copy = app.screen.game, Game.load(saved)
        assert copy.positions == game.positions and copy.to_move == game.to_move
        assert [p.spec.name for p in copy.players] == ["Zoë", "Bob"]
        assert any(f"Saved to {name}" in str(n.message) for n in app._notifications)
        await play_turns(pilot, app, 1)  # a second save: the same name, the newer game
        await pilot.press("s")
        await settle(pilot)
        assert [delivery[0] for delivery in served] == [name, name] and served[1][1] != text
    assert not resumed.exists() and not list(saves_dir().glob("*"))


async def test_a_served_editor_downloads_the_board(served, classic, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where a board would be written, were it not served
    app = ChutesApp(board=classic, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, EditorScreen)
        [(name, text, _)] = served
        assert name == "classic-1952.toml"
        (tmp_path / "downloaded.toml").write_text(text, encoding="utf-8")
        assert load_board(str(tmp_path / "downloaded.toml")).jumps == classic.jumps
    assert sorted(p.name for p in tmp_path.iterdir()) == ["downloaded.toml"]


@pytest.mark.parametrize(
    ("name", "plain"),
    [
        ("Zoë vs Ann 2026-11-23 08-15.json", "Zoe-vs-Ann-2026-11-23-08-15.json"),
        ('a;b"c\r\n.json', "a-b-c.json"),
        ("a/b.c.toml", "a-b-c.toml"),
        ("日本.toml", "download.toml"),
        ("棋", "download"),
    ],
)
def test_a_download_name_has_nothing_a_header_would_misread(name, plain):
    assert download_name(name) == plain


async def test_a_served_picker_offers_no_server_file(served, standard, tmp_path, monkeypatch):
    """In a browser 'b' offers the bundled boards, a random board and the editor: no file in the
    server's directory, no recent file of the server user's, no path to type."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "teachers.txt").write_text("0\n20\n4\n3 11\n17 2\n")
    remember_board(str(tmp_path / "teachers.txt"))
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPicker))
        options = app.screen.query_one("#board-options", OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        assert ids == [f"bundled:{name}" for name in bundled_board_names()] + ["random:", "editor:"]
        assert not app.screen.query("#board-file") and not app.screen.query("#load")
        options.highlighted = ids.index("random:")
        await pilot.press("enter")  # a random board, named by its seed; then "Play it?"
        await settle(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.game.board.name.startswith("random-"))
        seed = int(screen.game.board.name.removeprefix("random-"))
        assert screen.game.board.jumps == random_board(seed).jumps
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, BoardPicker))
        app.screen.query_one("#board-options", OptionList).highlighted = len(ids) - 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))


async def test_a_served_setup_has_no_path_to_type(served, tmp_path):
    """The setup screen's board path is hidden in a browser: the board the server was started
    with is one of the choices (the only file), and any other path is dropped."""
    board = tmp_path / "class.txt"
    board.write_text("0\n20\n4\n3 11\n17 2\n")
    for board_name, start in (("standard", "standard"), (str(board), str(board))):
        settings_path().unlink(missing_ok=True)  # no setup remembered from the last game
        app = ChutesApp(board_name=board_name)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda app=app: isinstance(app.screen, SetupScreen))
            typed = app.screen.query_one("#board-path", Input)
            choice = app.screen.query_one("#board-select", Select)
            assert not typed.display and typed.value == "" and choice.value == start
            await pilot.press("ctrl+b")
            await wait_for(pilot, lambda app=app: isinstance(app.screen, GameScreen))
            assert app.screen.game.board.end == (20 if start == str(board) else 100)
    app = ChutesApp(board_name="standard")
    async with app.run_test(size=(120, 40)) as pilot:  # a path from elsewhere (a new game's board)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.push_screen(SetupScreen(str(board)))
        await wait_for(pilot, lambda: app.screen.query("#board-select"))
        assert app.screen.query_one("#board-path", Input).value == ""
        assert app.screen.query_one("#board-select", Select).value == "standard"
