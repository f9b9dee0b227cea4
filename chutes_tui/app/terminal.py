"""The app's size is the terminal's, whatever ``COLUMNS`` and ``LINES`` say.

Textual 8.2's terminal driver sizes the app with ``shutil.get_terminal_size()``, which answers
``COLUMNS``/``LINES`` from the environment before it asks the terminal -- at start and on every
resize. Those variables are often stale (a shell exports its size once; a script sets them for
another tool), so ``COLUMNS=5 LINES=3 chutes-tui play`` pinned the whole app to a 5×3 corner of
a large terminal, and no resize could free it. In a terminal the terminal itself knows: its size
comes from the terminal (the ``TIOCGWINSZ`` ioctl behind ``os.get_terminal_size``), and only
when no terminal answers does the driver's own answer (the variables, else 80×25) stand.

Served (``chutes-tui serve``), the web driver is left alone: textual-serve passes the browser's
size in exactly those variables, and the browser reports every resize itself.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from textual.driver import Driver


def terminal_size(fallback: Callable[[], tuple[int, int]]) -> tuple[int, int]:
    """The size of the terminal on stderr, stdout or stdin (Textual draws on stderr); else
    ``fallback()`` (no terminal, or one that says 0×0)."""
    for stream in (sys.__stderr__, sys.__stdout__, sys.__stdin__):
        try:
            columns, lines = os.get_terminal_size(stream.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            continue
        if columns > 0 and lines > 0:
            return columns, lines
    return fallback()


def sized_by_the_terminal(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class``, asking the terminal for its size if it is Textual's terminal driver."""
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # no termios (Windows): Textual's own driver asks the console itself
        return driver_class
    if not issubclass(driver_class, LinuxDriver):
        return driver_class

    class TerminalSizedDriver(driver_class):  # type: ignore[valid-type,misc]
        def _get_terminal_size(self) -> tuple[int, int]:
            return terminal_size(super()._get_terminal_size)

    return TerminalSizedDriver
