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


async def edit_in_ladder_27_29(pilot, app):
    """Open the editor and add Hochman's ladder 27→29; the editor screen."""
    await pilot.press("e")
    await pilot.pause(0.1)
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
