"""Screenshots work everywhere (issue 23, point 8): ctrl+g (from every screen, dialogs and the
setup screen's inputs included) and the palette's Screenshot save an SVG in chutes-tui's data
folder, under a new name, and say where; where it cannot be written they say why; served to a
browser, the picture is the visitor's download and nothing is written."""

import os
import sys
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import Input

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.confirm import ConfirmScreen
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.io.paths import data_dir
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for
from tests.app.test_app_served import served  # noqa: F401 (a fixture)


def screenshots_dir():
    """The documented folder: screenshots/ in the data folder ($CHUTES_TUI_DATA_DIR here)."""
    return data_dir() / "screenshots"


def messages(app):
    return [n.message for n in app._notifications]


def saved_pictures():
    folder = screenshots_dir()
    return sorted(folder.glob("*.svg")) if folder.exists() else []


async def open_screen(pilot, app, where):
    """Bring up ``where``: the screen class the picture is taken of."""
    await settle(pilot)
    if where is HelpScreen:
        await pilot.press("question_mark")
    elif where is ConfirmScreen:
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen.game.history)
        await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(app.screen, where))


@pytest.mark.parametrize(
    ("wheres", "options"),
    [
        ((GameScreen, HelpScreen, ConfirmScreen), {"players": "Ann,Bob"}),
        ((EditorScreen,), {"edit": True}),
        ((SetupScreen,), {}),
    ],
    ids=["game-help-confirm", "editor", "setup"],
)
async def test_ctrl_g_saves_the_screen_as_svg_and_says_where(standard, wheres, options):
    """The game, its help and its question in one app, Esc between them (an app a screen cost
    0.2 CPU-s): each ctrl+g one new picture."""
    players = parse_player_spec(options["players"]) if "players" in options else None
    app = ChutesApp(board=standard, players=players, seed=4, edit="edit" in options)
    async with app.run_test(size=(100, 30)) as pilot:
        for where in wheres:
            await open_screen(pilot, app, where)
            if where is SetupScreen:  # a name field has the focus: ctrl+g still reaches the app
                app.screen.query(Input).first().focus()
                await settle(pilot)
                assert isinstance(app.focused, Input)
            before = saved_pictures()
            await pilot.press("ctrl+g")
            await wait_for(pilot, lambda before=before: len(saved_pictures()) > len(before), timeout=5)
            [picture] = set(saved_pictures()) - set(before)
            assert picture.parent == screenshots_dir() and picture.name.startswith("chutes-tui "), where
            svg = picture.read_text(encoding="utf-8")
            assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), where
            assert f"Screenshot saved to {picture}" in messages(app), where
            assert isinstance(app.screen, where)  # nothing else happened
            if where is HelpScreen:
                await pilot.press("escape")
                await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_the_palettes_screenshot_and_two_in_one_second(standard, monkeypatch, tmp_path):
    """Textual's own wrote to ~/Downloads ("Failed to save screenshot" without one)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "no-downloads"))
    monkeypatch.setenv("CHUTES_TUI_DATA_DIR", str(tmp_path / "[b]data"))  # a name that is markup
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"screenshot", "enter")
        await wait_for(pilot, saved_pictures, timeout=5)  # after the palette has gone
        [picture] = saved_pictures()
        assert f"Screenshot saved to {picture}" in messages(app)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        help_text = Content.from_markup(commands["Screenshot"].help).plain  # as the palette shows it
        assert help_text.endswith(f"in {screenshots_dir()} (ctrl+g)")
        # Two in the same second: a second name, the first file kept.
        stem = picture.name.removesuffix(".svg")
        monkeypatch.setattr("chutes_tui.app.screenshot.screenshot_stem", lambda: stem)
        before = picture.read_text(encoding="utf-8")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: len(saved_pictures()) == 2, timeout=5)
        assert [p.name for p in saved_pictures()] == [f"{stem}-2.svg", picture.name]
        assert picture.read_text(encoding="utf-8") == before


async def test_the_key_is_in_the_help_and_the_footer(standard):
    """The footer lists the app's keys after the screen's, where they fit (the editor's at 200)."""
    app = ChutesApp(board=standard, edit=True)
    async with app.run_test(size=(200, 50)) as pilot:

        def shown():
            return [(key.key, key.description) for key in app.screen.query_one(FittingFooter).shown_keys]

        await wait_for(pilot, lambda: ("escape", "Back") in shown())  # the footer laid out
        assert ("ctrl+g", "Screenshot") in shown()
        await pilot.press("question_mark")
        await settle(pilot)
        assert ("ctrl+g", "Screenshot") in app.screen.keys


@pytest.mark.parametrize("problem", ["a file", "read-only", "proc"])
async def test_a_folder_that_cannot_take_it_gives_the_reason(standard, monkeypatch, tmp_path, problem):
    data = tmp_path / "[b]data"  # shown literally, not as markup
    if problem == "a file":
        data.write_text("", encoding="utf-8")  # screenshots/ cannot be made in a file
        reason = "Not a directory"
    elif problem == "read-only":
        if os.geteuid() == 0:
            pytest.skip("root writes anywhere")
        (data / "screenshots").mkdir(parents=True)
        (data / "screenshots").chmod(0o500)
        reason = "Permission denied"
    else:  # a folder that cannot be made, whoever asks
        if not sys.platform.startswith("linux"):
            pytest.skip("Linux's /proc")
        data = Path("/proc/self/[b]data")
        reason = "No such file or directory"
    monkeypatch.setenv("CHUTES_TUI_DATA_DIR", str(data))
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: any("screenshot" in n.message for n in app._notifications), timeout=5)
        [note] = [n for n in app._notifications if "screenshot" in n.message]
        assert note.message == f"Could not save the screenshot in {data / 'screenshots'}: {reason}"
        assert note.severity == "error" and not note.markup
    if problem == "read-only":
        assert list((data / "screenshots").iterdir()) == []


async def test_served_the_screenshot_is_a_download_and_nothing_is_written(served, standard):  # noqa: F811
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: served, timeout=5)
        [(name, text, options)] = served
        assert name.startswith("chutes-tui-") and name.endswith(".svg") and " " not in name
        assert text.startswith("<svg") and options["mime_type"] == "image/svg+xml"
        assert options["name"] == "screenshot"
        assert f"Screenshot sent to your browser: {name}" in messages(app)
    assert not screenshots_dir().exists()
