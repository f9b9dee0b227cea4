"""Key storms on the command palette, sent straight to the driver as a fast typist's terminal
delivers them (a Pilot waits for idle between keys and hides these races): no key sequence may
end the app. Each case crashed Textual 8.2.8's own palette (see chutes_tui/app/palette.py)."""

import random

import pytest
from textual import events

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players

STORM_KEYS = ["ctrl+p", "backspace", "pageup", "pagedown", "up", "down", "enter", "escape", "r", "a", "e"]


async def send(app, pilot, keys, gap=0.0):
    for key in keys:
        app._driver.send_message(events.Key(key, None))
        if gap:
            await pilot.pause(gap)


def watch_app():
    return ChutesApp(
        board=load_board("standard"), players=default_players(3), watch=True, speed=len(SPEEDS) - 1, loop=True
    )


@pytest.mark.parametrize(
    "keys",
    [
        ["ctrl+p", "pageup"],  # KeyError: 0 -- the list filled but not laid out yet
        ["ctrl+p", "ctrl+p", "backspace", "pageup"],
        ["ctrl+p", "pagedown"],
        ["ctrl+p", "enter", "enter"],  # dismissed twice: popped the game screen
    ],
)
async def test_fast_palette_keys_never_end_the_app(keys):
    app = watch_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        await send(app, pilot, keys)
        await pilot.pause(0.5)
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)
    assert app.return_code in (None, 0)


async def test_random_palette_storms():
    rng = random.Random(20261123)
    app = watch_app()
    exits = []
    app.exit = lambda *args, **kwargs: exits.append(args)  # typing "quit" may run Quit: count it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        for _ in range(3):
            await send(app, pilot, [rng.choice(STORM_KEYS) for _ in range(40)], gap=rng.choice([0, 0.005]))
            await pilot.pause(0.2)
            await send(app, pilot, ["escape", "escape", "escape"])
            await pilot.pause(0.1)
        assert any(isinstance(screen, GameScreen) for screen in app.screen_stack)


async def test_keys_typed_while_quitting_from_the_palette_go_nowhere():
    app = watch_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        await send(app, pilot, ["ctrl+p", "q", "u", "i", "t"], gap=0.05)
        await pilot.pause(0.3)
        await send(app, pilot, ["enter", *("x" * 30), "escape", "ctrl+p", "pageup"])
        await pilot.pause(0.5)
    assert app.return_code in (None, 0)


def editor_app():
    return ChutesApp(board=load_board("standard"), edit=True)


async def opened_and_closed_palette(pilot, app):
    """The editor's palette, opened and closed again (Esc)."""
    await pilot.pause(0.2)
    await pilot.press("ctrl+p")
    await pilot.pause(0.2)
    palette = app.screen
    await pilot.press("escape")
    await pilot.pause(0.2)
    assert palette not in app.screen_stack
    return palette


async def test_a_search_that_starts_after_the_palette_closed_ends_quietly():
    """Key storms in the editor (ctrl+p, Esc, letters) crashed the app 2 times in 5 in a real
    terminal: the palette's search worker started on a palette already taken down (its mount
    or a typed letter queued behind the Escape) and its first query_one(CommandList) raised
    NoMatches in a worker that ends the app (command.py:1065). Here that late start, directly."""
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        palette = await opened_and_closed_palette(pilot, app)
        palette._gather_commands("a")
        await pilot.pause(0.3)
        assert app._exception is None and isinstance(app.screen, EditorScreen)


def one_list(style: str):
    """An app of one OptionList (styled ``style``, no border) of three options."""
    from textual.app import App
    from textual.widgets import OptionList

    class OneList(App[None]):
        CSS = f"OptionList {{ {style} border: none; }}"

        def compose(self):
            yield OptionList("Keys", "Quit", "Theme")

    return OneList()


async def highlight_the_first(app):
    from textual.widgets import OptionList

    options = app.query_one(OptionList)
    options.focus()
    options.highlighted = 0
    return options


async def test_page_keys_on_a_list_with_no_lines_are_no_move():
    """A Select's list (the editor's rules dialog) or any OptionList paged before its first
    layout, or with no room at all: OptionList._move_page raised KeyError: 0."""
    app = one_list("height: 0;")
    async with app.run_test(size=(40, 10)) as pilot:
        options = await highlight_the_first(app)
        await pilot.press("pagedown", "pageup", "pagedown")
        await pilot.pause(0.1)
        assert app._exception is None and options.highlighted == 0


async def test_keys_reaching_a_palette_whose_list_is_gone_are_refused():
    """A storm's key dispatched to the palette while its dismiss took its children down:
    _action_command_list and _action_cursor_down queried the CommandList (NoMatches)."""
    app = editor_app()
    async with app.run_test(size=(120, 40)) as pilot:
        palette = await opened_and_closed_palette(pilot, app)
        for action in ("cursor_down", "command_list('page_down')", "command_list('cursor_up')"):
            assert await app.run_action(action, palette) is False  # as Textual runs a key's binding
        assert app._exception is None and isinstance(app.screen, EditorScreen)


async def test_a_command_chosen_on_a_screen_that_has_gone_does_not_run():
    """A storm in the editor chose "Keys" in the palette, and an Escape left the editor before
    the command ran (a moment later): Textual mounted its help panel on the bare default screen
    (MountError), ending the app as it closed."""
    from textual.command import Hit

    app = editor_app()
    app.exit = lambda *args, **kwargs: None  # the app would be closing: see what still runs
    ran = []

    def show_keys():
        ran.append(True)
        app.action_show_help_panel()

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        palette = app.screen
        palette._selected_command = Hit(1.0, "Keys", show_keys)  # chosen: Enter would run it later
        chosen = palette._selected_command.command
        await pilot.press("escape")  # the palette closes
        await pilot.pause(0.1)
        app.pop_screen()  # the editor leaves (as 'p' or a dismissal would) before the command runs
        await pilot.pause(0.2)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Screen"]
        chosen()  # what Textual's call_later runs
        await pilot.pause(0.1)
        assert ran == [] and app._exception is None


async def test_keys_after_the_last_screen_left_go_nowhere():
    """The last screen leaving ends the app, but a storm's next keys were already queued: ctrl+p
    opened a palette over Textual's bare default screen, and its "Keys" command mounted a help
    panel there (MountError) as the app closed."""
    app = editor_app()
    app.exit = lambda *args, **kwargs: None  # the app would be closing: see what the keys do
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        app.pop_screen()  # the last screen leaves as the app closes
        await pilot.pause(0.1)
        app._driver.send_message(events.Key("ctrl+p", None))
        await pilot.pause(0.3)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Screen"]  # no palette
        for key in "keys":
            app._driver.send_message(events.Key(key, key))
        await pilot.pause(0.5)
        await send(app, pilot, ["down", "enter"])
        await pilot.pause(0.5)
        assert [type(screen).__name__ for screen in app.screen_stack] == ["Screen"]
        assert app._exception is None


async def test_a_list_too_narrow_for_a_cell_of_text_draws_nothing():
    """The app fuzzer (scenario finished, seed 2026, event 355): the palette open at a terminal
    a few cells wide; its list wrapped "Keys" in 0 cells and rich raised ValueError."""
    app = one_list("width: 2;")  # the option's padding takes both cells
    async with app.run_test(size=(40, 10)) as pilot:
        options = await highlight_the_first(app)
        await pilot.press("down", "pagedown", "pageup")
        await pilot.resize_terminal(3, 3)
        await pilot.pause(0.1)
        assert app._exception is None and options.highlighted == 1
