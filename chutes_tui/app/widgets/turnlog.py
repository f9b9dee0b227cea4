"""The turn log: newest line at the bottom, wrapped to the width between items (a hanging
indent: a turn's next lines start under its words, not under its number), scrollable with the
wheel.

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

from chutes_tui.app.themes import ink
from chutes_tui.app.widgets.basestyle import CachedBaseStyle
from chutes_tui.app.widgets.wrap import NO_BREAK, wrap_items


class TurnLog(CachedBaseStyle, Widget):
    COMPONENT_CLASSES = {"turnlog--highlight"}

    DEFAULT_CSS = """
    TurnLog { height: 1fr; min-height: 3; }
    TurnLog > .turnlog--highlight { background: $accent 35%; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None, max_entries: int = 2_000) -> None:
        super().__init__(id=id)
        self.entries: list[Text] = []
        self.max_entries = max_entries
        self.scrolled = 0  # lines scrolled back from the newest
        self.dropped = 0  # entries dropped from the front (over max_entries)
        self.highlighted: int | None = None  # an entry shown highlighted (counting dropped ones)
        self._reveal = False  # scroll the highlighted entry into view at the next paint
        self._wrapped: list[Strip] = []
        self._owners: list[int] = []  # the entry each wrapped line belongs to
        self._wrap_width = 0
        self._consoles: dict[int, Console] = {}

    def clear(self) -> None:
        self.entries = []
        self._wrapped, self._owners = [], []
        self.scrolled = self.dropped = 0
        self.highlighted = None
        self.refresh()

    def highlight(self, entry: int | None) -> None:
        """Highlight entry ``entry`` (0: the first written since :meth:`clear`) and scroll, as
        little as needed, to show it; ``None``: none, and the newest lines again."""
        self.highlighted = entry
        self._reveal = entry is not None
        if entry is None:
            self.scrolled = 0
        self.refresh()

    def write(self, entry: str | Text) -> None:
        """Add a line; a ``str`` is plain text (never markup)."""
        text = Text(entry) if isinstance(entry, str) else entry
        self.entries.append(text)
        if len(self.entries) > self.max_entries:
            self.dropped += len(self.entries) - self.max_entries
            self.entries = self.entries[-self.max_entries :]
            self._wrap_width = 0  # re-wrap from scratch
        elif self._wrap_width:
            strips = self._wrap(text, self._wrap_width)
            self._wrapped.extend(strips)
            self._owners.extend([len(self.entries) - 1] * len(strips))
        self.scrolled = 0
        self.refresh()

    @property
    def lines(self) -> list[str]:
        """The entries as plain text (oldest first; an item's no-break spaces as spaces)."""
        return [entry.plain.replace(NO_BREAK, " ") for entry in self.entries]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._wrap_width = 0  # a new theme: colours are made readable on it again (_wrap)

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        # A colour named by a span (a player's) is drawn readable on this background.
        background = self.base_style.bgcolor
        text = text.copy()
        text.spans = [
            Span(s.start, s.end, ink(self.app, s.style, background)) if _is_color(s.style) else s
            for s in text.spans
        ]
        console = self._consoles.get(width)
        if console is None:  # making a Console costs more than wrapping a line: one per width
            console = Console(width=width, no_color=False, color_system="truecolor", legacy_windows=False)
            self._consoles = {width: console}
        lines = _hanging(text, console, width)
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
            self._wrapped, self._owners = [], []
            for number, entry in enumerate(self.entries):
                strips = self._wrap(entry, width)
                self._wrapped.extend(strips)
                self._owners.extend([number] * len(strips))
        if self._reveal:
            self._reveal = False
            self._scroll_to_highlight(height)
        first = max(0, len(self._wrapped) - height - self.scrolled)
        index = first + y
        if 0 <= index < len(self._wrapped):
            strip = self._wrapped[index]
            if self.highlighted is not None and self._owners[index] == self.highlighted - self.dropped:
                style = self.get_component_rich_style("turnlog--highlight")
                return strip.apply_style(style).adjust_cell_length(width, style)
            return strip
        return Strip([Segment(" " * width)])

    def _scroll_to_highlight(self, height: int) -> None:
        local = (self.highlighted or 0) - self.dropped
        lines = [i for i, owner in enumerate(self._owners) if owner == local]
        if not lines:
            return
        total = len(self._wrapped)
        first = max(0, total - height - self.scrolled)
        if lines[0] < first:  # above the window: it becomes the top line
            first = lines[0]
        elif lines[-1] >= first + height:  # below: the bottom line
            first = lines[-1] - height + 1
        self.scrolled = max(0, total - height - first)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        limit = max(0, len(self._wrapped) - self.size.height)
        self.scrolled = min(self.scrolled + 2, limit)
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scrolled = max(0, self.scrolled - 2)
        self.refresh()


def _hanging(text: Text, console: Console, width: int) -> list[Text]:
    """``text`` wrapped to ``width``, its second and later lines indented past the turn's number
    (``"● 12. "``; two spaces when there is none), or not at all in a log too narrow for it."""
    lines = list(wrap_items(text, console, width))
    number = text.plain.find(". ", 0, 8)
    indent = number + 2 if number >= 0 else 2
    if len(lines) < 2 or width < 2 * indent + 8:
        return lines
    start = len(lines[0].plain)
    while start < len(text.plain) and text.plain[start] == " ":
        start += 1
    rest = wrap_items(text[start:], console, width - indent)
    return [lines[0], *(Text(" " * indent) + line for line in rest)]


def _is_color(style: object) -> TypeGuard[str]:
    if not isinstance(style, str):
        return False
    try:
        Color.parse(style)
    except ColorParseError:
        return False
    return True
