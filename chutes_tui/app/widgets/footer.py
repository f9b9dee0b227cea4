"""A footer that shows the keys that fit, in their order, and never a cut one.

Textual's footer lays every key out and lets the row overflow: at 80 columns the last key is
cut ("w Board") and, in Textual 8.2, a character of the overflow is drawn after the palette
key ("^p palettee"). The screens list their keys most used first, so keeping the first that
fit is the right cut; the others are one '?' or ctrl+p away.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PALETTE_ROOM = 14  # "▏^p palette" and its padding, docked on the right


def key_width(key: FooterKey) -> int:
    """Cells a compact key takes: its key, a space, its words, a space."""
    return len(key.key_display) + len(key.description) + 2


class FittingFooter(Footer):
    """The keys that fit. It is asked to recompose whenever the screen's bindings may have
    changed (Textual's footer), and on every resize; a recompose removes and mounts every key
    (a tenth of a game screen's first frame), so it is made only when the keys would change."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: tuple[tuple[object, ...], ...] | None = None  # what the keys on show say

    def _keys(self) -> list[Widget]:
        """The keys that fit, most used first, then the footer's other widgets."""
        room = self.size.width - PALETTE_ROOM
        label = getattr(self.screen, "footer_label", None)
        first: tuple[str, ...] = getattr(self.screen, "footer_first", tuple)()
        keys: list[FooterKey] = []
        others: list[Widget] = []
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # Bound to the footer's compact, a key sets its class when mounted, and a new
                # class styles the key again: given at once, it is styled once.
                widget.set_class(self.compact, "-compact", update=False)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                words = widget.description if label is None else label(widget.action, widget.description)
                if words is not None:
                    widget.description = words
                    keys.append(widget)
            else:
                others.append(widget)

        def rank(widget: FooterKey) -> int:  # first() in its order, then the rest as bound
            name = widget.action.partition("(")[0]
            return first.index(name) if name in first else len(first)

        keys.sort(key=rank)
        kept: list[Widget] = []
        for widget in keys:
            room -= key_width(widget)
            if room >= 0:
                kept.append(widget)
        return kept + others

    def compose(self) -> ComposeResult:
        kept = self._keys()
        self._shown = _shown(kept)
        self.styles.grid_size_columns = sum(
            1 for w in kept if isinstance(w, FooterKey) and not w.has_class("-command-palette")
        )
        yield from kept

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached:
            # The keys bind to this footer's reactives (data_bind reads the active message
            # pump): made in its context whichever pump asked (a signal's, a timer's).
            with self._context():
                same = _shown(self._keys()) == self._shown
            if same:
                return
        await super().recompose()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.recompose)


def _shown(widgets: list[Widget]) -> tuple[tuple[object, ...], ...] | None:
    """Everything a footer's keys show and do: equal, a recompose would change nothing. ``None``
    (always recomposed) if the footer shows anything else (a binding group's label and keys)."""
    if not all(isinstance(w, FooterKey) for w in widgets):
        return None
    return tuple(
        (w.key, w.key_display, w.description, w.action, w.tooltip, tuple(sorted(w.classes)))
        for w in widgets
        if isinstance(w, FooterKey)
    )
