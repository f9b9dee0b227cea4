"""Issue 24: one keymap (a key means one thing on every screen), every mode shows itself in the
footer and has a way out, and ``play BOARD`` plays."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Button, Input, Select

import chutes_tui.app
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.save_as import SaveScreen
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.keymap import ARROWS, CONTROL_KEYS, KEYMAP, keymap_markdown
from chutes_tui.app.palette import Dialog
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.cli import build_parser
from chutes_tui.cli.parsing import UsageError
from chutes_tui.cli.play import app_options
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.settings import LastSetup, Settings, save_settings
from chutes_tui.model.players import default_players, parse_player_spec
from tests.app.helpers import play_turns, settle, wait_for

ROOT = Path(__file__).resolve().parents[2]


def app_classes() -> list[type[DOMNode]]:
    """Every screen, dialog and widget class of the app, and the app itself."""
    found: dict[str, type[DOMNode]] = {}
    for module in pkgutil.walk_packages(chutes_tui.app.__path__, "chutes_tui.app."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__.startswith("chutes_tui.app"):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return list(found.values())


def test_no_key_has_two_meanings_across_the_screens():
    meanings: dict[str, dict[str, str]] = {}  # key → meaning → where
    for cls in app_classes():
        control = issubclass(cls, Dialog) or not issubclass(cls, (Screen, App))  # a dialog, a widget
        for binding in cls.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding), (cls, binding)
            for key in binding.key.split(","):
                if key in ARROWS or (control and key in CONTROL_KEYS):
                    continue  # the arrows move what is shown; a dialog's or control's own keys
                meanings.setdefault(key, {}).setdefault(binding.description, cls.__qualname__)
    clashes = {key: where for key, where in meanings.items() if len(where) > 1}
    assert clashes == {}
    # ...and each is the table's word for that key (no hand-kept copy of a description).
    table = {key: entry.meaning for entry in KEYMAP.values() for key in entry.keys.split(",")}
    assert {key: next(iter(where)) for key, where in meanings.items()} == {
        key: table[key] for key in meanings
    }
    # The keys the issue named, one meaning each.
    assert (table["s"], table["ctrl+s"], table["p"], table["d"]) == ("Save", "Save", "Pause", "Why first")


def test_the_readme_prints_the_keymap():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    _, _, rest = readme.partition("<!-- keymap -->\n")
    printed, _, _ = rest.partition("\n<!-- /keymap -->")
    assert printed == keymap_markdown()
    assert "| `s` `ctrl+s` | Save |" in printed and "| `j` | Next swing |" in printed


def footer(app) -> list[str]:
    return [k.description for footer in app.screen.query(FittingFooter) for k in footer.shown_keys]


async def settled_footer(pilot, app, wanted) -> list[str]:
    """The footer once it shows ``wanted`` (it recomposes after a refresh)."""
    await wait_for(pilot, lambda: wanted(footer(app)))
    return footer(app)


# -- point 1: play BOARD plays ----------------------------------------------------------------------


def play_app(*argv: str) -> ChutesApp:
    return ChutesApp(**app_options(build_parser().parse_args(["play", *argv])))


async def test_play_board_starts_a_game_you_against_a_computer_the_first_time():
    app = play_app("standard", "--seed", "3")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        specs = [p.spec for p in app.screen.game.players]
        assert specs == default_players(2, humans=1) and specs[0].human and not specs[1].human
        assert app.screen.game.board.name == "standard" and app.screen.game.seed == 3


async def test_play_board_starts_with_the_last_setups_players_and_play_alone_opens_setup():
    save_settings(Settings(setup=LastSetup(parse_player_spec("Zoë,cpu:Robo,cpu:Ada"), "classic-1952")))
    app = play_app("tiny-10")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert [p.spec.name for p in app.screen.game.players] == ["Zoë", "Robo", "Ada"]
        assert app.screen.game.board.name == "tiny-10"  # the board named, not the last setup's
    app = play_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))


async def test_play_alone_presets_the_setups_rules_from_its_flags():
    """play --die 3 --end-rule reach, and play --die 2d6 --bump (refused on standard's exact
    end before), open the setup with those rules chosen, over the last setup's."""
    save_settings(Settings(setup=LastSetup(parse_player_spec("Zoë,cpu:Robo"), "classic-1952")))
    app = play_app("--die", "3", "--end-rule", "reach")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert setup.query_one("#setup-die", Input).value == "3"
        assert setup.query_one("#setup-end-rule", Select).value == "reach"
        board = setup.chosen_board()
        assert board is not None and board.name == "classic-1952"  # the last setup's board and players
        assert (board.die.text, board.end_rule.value) == ("d3", "reach")
    app = play_app("--die", "2d6", "--bump")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert setup.query_one("#setup-die", Input).value == "2d6"
        assert setup.query_one("#setup-bump", Select).value == "on"


async def test_play_players_without_a_board_opens_the_setup_with_those_seats():
    """play --players X without BOARD: the setup screen, as its help says (it started a game on
    the standard board at once), its seats filled and the rules flags still preset."""
    save_settings(Settings(setup=LastSetup(parse_player_spec("Zoë,cpu:Robo,cpu:Ada"), "classic-1952")))
    app = play_app("--players", "Ann,cpu:Bob", "--die", "3")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert [setup.query_one(f"#name-{i}", Input).value for i in range(2)] == ["Ann", "Bob"]
        assert not setup.query("#name-2")  # two seats, not the last setup's three
        assert setup.query_one("#setup-die", Input).value == "3"


async def test_the_setup_switches_a_boards_own_rule_off(tmp_path):
    """A board file with bump on: the setup offers "bump of the board" first, and "bump: off"
    plays it without (a tick box could only add a rule; play --no-bump was refused without a
    BOARD). play --no-bump presets "bump: off"."""
    bumpy = tmp_path / "bumpy.toml"
    bumpy.write_text('name = "bumpy"\nsquares = 20\nwidth = 5\nbump = true\nladders = [[3, 11]]\n')
    app = play_app("--no-bump")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        switch = setup.query_one("#setup-bump", Select)
        assert switch.value == "off"
        switch.value = "board"  # the board's own first: bump stays on
        setup.query_one("#board-path", Input).value = str(bumpy)
        assert setup.chosen_board().bump is True
        switch.value = "off"
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        board = app.screen.game.board
        assert (board.name, board.bump) == ("bumpy", False)


async def test_a_refused_setup_says_why_where_it_is_seen():
    """At 80×24 the setup's form scrolls: Play refused by the board's check put its reason under
    the form, out of sight. It is scrolled into view."""
    app = play_app("--extra-roll", "--streak-limit", "1")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+b")
        error = app.screen.query_one("#setup-error")
        await wait_for(pilot, lambda: "streak limit of 1" in str(error.render()))
        await pilot.pause()
        region = error.region
        assert region.height > 0 and app.screen.get_widget_at(region.x, region.y)[0] is error


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "Ann,,Bob"], "argument --players"),
        (["--add-jump", "3", "5"], "--add-jump and --remove-jump need a BOARD"),
    ],
)
def test_play_alone_refuses_the_flags_its_setup_cannot_hold(argv, words):
    with pytest.raises(UsageError, match=words):
        app_options(build_parser().parse_args(["play", *argv]))


# -- point 2: every mode shows itself and has a way out ----------------------------------------------


async def test_esc_leaves_the_flow_and_the_arrows_keep_the_cursor():
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=4)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("a", "a")  # the flow on, paused
        assert screen.stats.flow.flowing
        shown = await settled_footer(pilot, app, lambda keys: "Flow: earlier" in keys)
        assert shown[:4] == ["Flow: play", "Flow: earlier", "Flow: later", "Back"]  # the flow's keys lead
        screen.board.set_cursor(33)
        screen.board.focus()
        turns = screen.stats.overlays.flow_turns
        await pilot.press("right")
        assert screen.board.cursor != 33 and screen.stats.overlays.flow_turns == turns  # the cursor moved
        await pilot.press("greater_than_sign")
        assert screen.stats.overlays.flow_turns == turns + 1
        await pilot.press("escape")
        assert (
            not screen.stats.flow.flowing and screen.board.overlay is None and not screen.has_class("flowing")
        )
        shown = await settled_footer(pilot, app, lambda keys: "Flow: earlier" not in keys)
        assert "Back" not in shown and shown[0] == "Roll"


async def test_an_overlay_goes_when_play_on_starts_a_new_game():
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=4)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        for _ in range(4):
            await pilot.press("space")
            await wait_for(pilot, lambda: not screen.controller.animating)
        await pilot.press("a", "a")
        assert screen.stats.flow.flowing
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("home", "right", "f", "y")
        await wait_for(pilot, lambda: app.screen is screen and screen.game is not game)
        assert (
            screen.stats.overlays.chosen is None
            and screen.board.overlay is None
            and not screen.stats.flow.flowing
        )


async def test_watch_mode_shows_watch_controls_in_the_footer_and_the_button():
    game = Game.new(load_board("standard"), default_players(2), seed=4)
    app = ChutesApp(game=game, watch=True, speed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        button = screen.query_one("#roll", Button)
        shown = await settled_footer(pilot, app, lambda keys: "Pause" in keys)
        assert shown[:3] == ["Pause", "Faster", "Slower"] and "Roll" not in shown
        assert str(button.label) == "Pause" and not button.disabled
        await pilot.click("#roll")  # the button pauses ...
        assert screen.controller.paused
        shown = await settled_footer(pilot, app, lambda keys: "Resume" in keys)
        assert shown[:4] == ["Resume", "Step", "Faster", "Slower"] and "Pause" not in shown
        assert str(button.label) == "Resume"
        await pilot.press("p")  # ... and p resumes, as the label said
        assert not screen.controller.paused and str(button.label) == "Pause"


async def test_the_footer_shows_only_keys_that_work_now():
    """One player: no exact odds (two players only); after the win: no Roll, Rematch first."""
    game = Game.new(load_board("tiny-10"), parse_player_spec("Ann"), seed=1)
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        shown = await settled_footer(pilot, app, lambda keys: "Roll" in keys)
        assert "Exact odds" not in shown and "Pause" not in shown
        assert {"Save", "Review", "Board only"} <= set(shown)  # w, s, v fit at 80x24
        await pilot.press("o")  # an overlay on: the way out comes first
        assert (await settled_footer(pilot, app, lambda keys: "Back" in keys))[:2] == ["Back", "Roll"]
        await pilot.press("escape")
        assert screen.board.overlay is None
        while not game.finished:
            await play_turns(pilot, app, 1)  # the footer is the point, not the turns' animation
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.press("escape")
        shown = await settled_footer(pilot, app, lambda keys: "Roll" not in keys)
        assert shown[:3] == ["Rematch", "New game", "Review"] and "Flow" not in shown


# -- point 3: one meaning per key, and the old keys say where they went --------------------------------


async def test_s_saves_in_the_editor_and_the_keys_that_moved_say_so():
    app = ChutesApp(board=load_board("standard"), edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        editor.view.set_cursor(4)  # the ladder 4→14's foot: d used to delete it
        jumps = editor.board.jumps
        assert (4, 14) in jumps
        await pilot.press("d")  # was Delete: now it only says where Delete went
        await settle(pilot)
        assert app.screen is editor and editor.board.jumps == jumps
        assert "Del (or Backspace) deletes" in " ".join(str(n.message) for n in app._notifications)
        await pilot.press("p")  # was Play it: nothing to pause here, said
        await settle(pilot)
        assert app.screen is editor
        assert "ctrl+b plays the board" in " ".join(str(n.message) for n in app._notifications)
        await pilot.press("s")  # Save, as in a game
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))


@pytest.mark.parametrize("key", ["s", "ctrl+s"])
async def test_a_game_saves_with_s_and_ctrl_s(key, tmp_path):
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=4)
    path = tmp_path / "game.json"
    app = ChutesApp(game=game, save_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space")
        await wait_for(pilot, lambda: not app.screen.controller.animating)
        await pilot.press(key)
        await wait_for(pilot, lambda: path.is_file())
