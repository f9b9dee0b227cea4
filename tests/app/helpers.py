"""What the app tests share."""

import asyncio
import contextlib
import fcntl
import os
import struct
import sys
import termios

from chutes_tui.app.screens.editor import EditorScreen


async def wait_for(pilot, condition, timeout=20.0):
    """Let the app run until ``condition()`` holds (fail after ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out waiting for the app"
        await pilot.pause(0.02)


async def settle(pilot, timeout=20.0):
    """Let the app run until it has nothing left to do: every worker (odds, exact fractions,
    suggestions) finished and every message its results posted handled. What a fixed pause was
    for, without the guess at how long that takes."""
    app = pilot.app
    await pilot.pause()
    while any(not worker.is_finished for worker in app.workers):
        await asyncio.wait_for(app.workers.wait_for_complete(), timeout)
        await pilot.pause()


def text_of(renderable, width=100):
    """What a Rich renderable reads as, plain text."""
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


async def asked_with_hints(pilot, hidden):
    """A person's roll (Space) up to the choice's question, whose options show no values
    (``hidden``: their unit) until k: the options' text with the values."""
    from chutes_tui.app.dialogs.choice import ChoiceScreen

    app = pilot.app
    await pilot.press("space")
    await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
    assert hidden not in text_of(app.screen.query_one("#choice-options").content)  # hints are off
    await pilot.press("k")
    await pilot.pause()
    return text_of(app.screen.query_one("#choice-options").content)


async def edit_in_ladder_27_29(pilot, app):
    """Open the editor and add Hochman's ladder 27→29; the editor screen."""
    await pilot.press("e")
    await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
    editor = app.screen
    assert isinstance(editor, EditorScreen)
    await add_jump(pilot, editor, 27, 29)
    return editor


async def add_jump(pilot, editor, tail, head):
    """In ``editor``: t on ``tail``, h on ``head``."""
    editor.view.set_cursor(tail)
    await pilot.press("t")
    editor.view.set_cursor(head)
    await pilot.press("h")


@contextlib.contextmanager
def pseudo_terminal(columns, lines, monkeypatch):
    """A pseudo-terminal of ``columns``×``lines`` as the process's stderr and stdout (where
    Textual's driver looks for the terminal's size)."""
    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    with os.fdopen(follower, "w") as stream, monkeypatch.context() as patch:
        patch.setattr(sys, "__stderr__", stream)
        patch.setattr(sys, "__stdout__", stream)
        try:
            yield stream
        finally:
            os.close(leader)


async def play_turns(pilot, app, turns):
    """``turns`` person's rolls on the game screen, each turn's animation skipped at once (the
    controller's skip, what a second space does): for tests whose point is what follows the
    turns, not the animation (test_app.py watches animations through; at speed 2 each one takes
    0.3 s of frames, each frame a board drawn)."""
    screen = app.screen
    for _ in range(turns):
        played = len(screen.game.history)
        await pilot.press("space")
        await wait_for(pilot, lambda played=played: len(screen.game.history) > played)
        screen.controller.skip()  # no-op once the animation is over: never a second roll
        await wait_for(pilot, lambda: not screen.controller.animating)
