"""Lines that break between items, never inside one: ``"Ann rolled 3:"`` / ``"0 → 3"``, not
``"Ann rolled 3: 0 →"`` / ``"3"``.

An item's own spaces are no-break spaces (:func:`item`). Rich breaks at any whitespace, no-break
spaces included, so they become a printable stand-in while a line is wrapped and plain spaces
again after: a copied line holds ordinary spaces. An item wider than the whole line is still
folded (nothing else would show it).
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Lines, Text

NO_BREAK = "\u00a0"
_HELD = "\ue000"  # a private-use character: one cell, not whitespace, never in shown text


def item(words: str) -> str:
    """``words`` kept on one line (their spaces no-break)."""
    return words.replace(" ", NO_BREAK)


def joined(*items: str | tuple[str, str]) -> Text:
    """Items (a string, or a string and its style) joined by ``" · "``, each separator kept with
    the item before it."""
    parts: list[str | tuple[str, str]] = []
    for index, part in enumerate(items):
        if index:
            parts.append(NO_BREAK + "· ")
        parts.append((item(part[0]), part[1]) if isinstance(part, tuple) else item(part))
    return Text.assemble(*parts)


def wrap_items(text: Text, console: Console, width: int) -> Lines:
    """``text`` wrapped to ``width`` cells, breaking only at its ordinary spaces."""
    held = _swap(text, NO_BREAK, _HELD)
    return Lines(_swap(line, _HELD, " ") for line in held.wrap(console, width))


def _swap(text: Text, old: str, new: str) -> Text:
    if old not in text.plain:
        return text
    # One character for another: the spans' offsets hold.
    swapped = Text(text.plain.replace(old, new), style=text.style, end=text.end, no_wrap=text.no_wrap)
    swapped.spans = list(text.spans)
    return swapped


class Items:
    """A :class:`~rich.text.Text` drawn wrapped by items (for a Static)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text.plain.replace(NO_BREAK, " ")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from wrap_items(self.text, console, options.max_width)
