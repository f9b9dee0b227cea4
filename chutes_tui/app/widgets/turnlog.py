"""The turn log: newest line at the bottom, wrapped to the width, scrollable with the wheel.

A line-API widget of fixed size, so writing a line repaints the log alone; a RichLog grew its
virtual size on every write and so asked Textual for a full-screen layout after every move.
"""

from __future__ import annotations

from typing import TypeGuard

from rich.color import Color, ColorParseError
from rich.console import Console
from rich.segment import Segment
from rich.text import Span, Text
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.app.widgets.basestyle import CachedBaseStyle
from chutes_tui.render.palette import legible


class TurnLog(CachedBaseStyle, Widget):
    DEFAULT_CSS = """
    TurnLog { height: 1fr; min-height: 3; }
    """

    def __init__(self, *, id: str | None = None, max_entries: int = 2_000) -> None:
        super().__init__(id=id)
        self.entries: list[Text] = []
        self.max_entries = max_entries
        self.scrolled = 0  # lines scrolled back from the newest
        self._wrapped: list[Strip] = []
        self._wrap_width = 0
        self._consoles: dict[int, Console] = {}

    def clear(self) -> None:
        self.entries = []
        self._wrapped = []
        self.scrolled = 0
        self.refresh()

    def write(self, entry: str | Text) -> None:
        """Add a line; a ``str`` is plain text (never markup)."""
        text = Text(entry) if isinstance(entry, str) else entry
        self.entries.append(text)
        if len(self.entries) > self.max_entries:
            self.entries = self.entries[-self.max_entries :]
            self._wrap_width = 0  # re-wrap from scratch
        elif self._wrap_width:
            self._wrapped.extend(self._wrap(text, self._wrap_width))
        self.scrolled = 0
        self.refresh()

    @property
    def lines(self) -> list[str]:
        """The entries as plain text (oldest first)."""
        return [entry.plain for entry in self.entries]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._wrap_width = 0  # a new theme: colours are made readable on it again (_wrap)

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        # A colour named by a span (a player's) is drawn readable on this background.
        background, theme = self.base_style.bgcolor, self.app.ansi_theme
        text = text.copy()
        text.spans = [
            Span(s.start, s.end, legible(s.style, background, theme)) if _is_color(s.style) else s
            for s in text.spans
        ]
        console = self._consoles.get(width)
        if console is None:  # making a Console costs more than wrapping a line: one per width
            console = Console(width=width, no_color=False, color_system="truecolor", legacy_windows=False)
            self._consoles = {width: console}
        lines = text.wrap(console, width)
        return [Strip(list(line.render(console))).adjust_cell_length(width) for line in lines]

    def render_line(self, y: int) -> Strip:
        # Segments without colours of their own take the widget's (and so the theme's).
        return self._render_line(y).apply_style(self.base_style)

    def _render_line(self, y: int) -> Strip:
        width, height = self.size.width, self.size.height
        if width <= 0:
            return Strip.blank(0)
        if width != self._wrap_width:
            self._wrap_width = width
            self._wrapped = [strip for entry in self.entries for strip in self._wrap(entry, width)]
        first = max(0, len(self._wrapped) - height - self.scrolled)
        index = first + y
        if 0 <= index < len(self._wrapped):
            return self._wrapped[index]
        return Strip([Segment(" " * width)])

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        limit = max(0, len(self._wrapped) - self.size.height)
        self.scrolled = min(self.scrolled + 2, limit)
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scrolled = max(0, self.scrolled - 2)
        self.refresh()


def _is_color(style: object) -> TypeGuard[str]:
    if not isinstance(style, str):
        return False
    try:
        Color.parse(style)
    except ColorParseError:
        return False
    return True
