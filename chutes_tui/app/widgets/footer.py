"""A footer that shows the keys that fit, in their order, and never a cut one.

Textual's footer lays every key out and lets the row overflow: at 80 columns the last key is
cut ("w Board") and, in Textual 8.2, a character of the overflow is drawn after the palette
key ("^p palettee"). The screens list their keys most used first, so keeping the first that
fit is the right cut; the others are one '?' or ctrl+p away.

Textual's footer also mounts a widget a key, and makes them all again whenever the screen's
bindings may have changed: eleven keys were a tenth of a game screen's start. Here the keys
are one widget (:class:`FooterKeys`) drawn as Textual draws its keys (the same component
styles, margins, hover and dimmed keys), and a change of keys redraws that one widget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

PALETTE_ROOM = 14  # "▏^p palette" and its padding, docked on the right
# The palette key's binding: key, its display, words, action, disabled, tooltip.
PaletteKey = tuple[str, str, str, str, bool, str | None]


@dataclass(frozen=True)
class ShownKey:
    """One key on the footer: what it shows and what it does."""

    key: str  # what pressing it sends
    key_display: str
    description: str
    action: str
    disabled: bool = False  # shown dimmed: it does nothing now
    tooltip: str = ""

    @property
    def cells(self) -> int:
        """Cells it is drawn in, without the space after it: its key, then a space and its words."""
        return cell_len(self.key_display) + (1 + cell_len(self.description) if self.description else 0)


def key_width(key: ShownKey) -> int:
    """Room a compact key takes: its key, a space, its words, a space."""
    return len(key.key_display) + len(key.description) + 2


class FooterKeys(Widget):
    """The footer's keys in one widget, each as Textual's compact footer key draws it (its
    component styles; a space between two, their margin), lit under the mouse, dimmed when
    disabled; a click presses the key."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    # Textual's FooterKey's, for the keys (its hover as a component: only the key under the mouse).
    DEFAULT_CSS = """
    FooterKeys {
        width: auto;
        height: 1;
        margin-right: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        &:hover {
            pointer: pointer;
        }
    }
    """

    def __init__(self, keys: Sequence[ShownKey] = ()) -> None:
        super().__init__()
        self.keys: tuple[ShownKey, ...] = tuple(keys)
        self._hover: int | None = None  # the key under the mouse

    def show(self, keys: Sequence[ShownKey]) -> None:
        """Other keys: drawn again, and laid out again (the width follows them)."""
        self.keys = tuple(keys)
        self._hover = None
        self.tooltip = None
        self.refresh(layout=True)

    def spans(self) -> list[tuple[int, int]]:
        """Where each key is drawn: its first cell and the cell after its last, on this widget."""
        spans, x = [], 0
        for shown in self.keys:
            spans.append((x, x + shown.cells))
            x += shown.cells + 1
        return spans

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        # A key's words lie on the key's background: the hover's where the component's own is
        # transparent (so Textual's hovered key), the component's where it has one.
        lit = Style(bgcolor=self.get_component_rich_style("footer-key--hover").bgcolor)

        def under_mouse(style: Style, component: str) -> Style:
            return style if self.get_component_styles(component).background.a else style + lit

        key_lit = under_mouse(key_style, "footer-key--key")
        description_lit = under_mouse(description_style, "footer-key--description")
        text = Text(no_wrap=True, end="")
        for index, shown in enumerate(self.keys):
            hovered = index == self._hover
            keys, words = (key_lit, description_lit) if hovered else (key_style, description_style)
            if shown.disabled:  # the key's "-disabled" class: text-style dim
                keys, words = keys + Style(dim=True), words + Style(dim=True)
            if index:
                text.append(" ")  # the margin between two keys (the last one's is the widget's)
            text.append(shown.key_display, keys)
            if shown.description:
                text.append(" " + shown.description, words)
        text.stylize_before(self.rich_style)
        return text

    def _at(self, x: int) -> int | None:
        return next((index for index, (start, end) in enumerate(self.spans()) if start <= x < end), None)

    def _hovering(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.tooltip = (self.keys[index].tooltip or None) if index is not None else None
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hovering(self._at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hovering(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._at(event.x)
        if index is None:
            return
        if self.keys[index].disabled:
            self.app.bell()
        else:
            self.app.simulate_key(self.keys[index].key)


class FittingFooter(Footer):
    """The keys that fit, and Textual's palette key. Textual asks the footer to recompose
    whenever the screen's bindings may have changed, and on every resize (several times in a
    screen's first frame): the keys are read from the screen's bindings as data (Textual's
    compose makes a widget a key, a millisecond each time), their widget is drawn again when
    they change, and the footer is made again only when the palette key would change.

    Textual's footer shows a binding group's keys together under its label; no binding of this
    app has a group, so every key is shown on its own."""

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: tuple[tuple[ShownKey, ...], PaletteKey | None] | None = None

    @property
    def shown_keys(self) -> tuple[ShownKey, ...]:
        """The keys on show, in their order (the palette key aside)."""
        return self._shown[0] if self._shown is not None else ()

    def _bound(self) -> list[ShownKey]:
        """The keys Textual's footer would show, in its order: the first shown binding of each
        action, the palette's aside."""
        keys: dict[str, ShownKey] = {}
        display = self.app.get_key_display
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in keys:
                keys[binding.action] = ShownKey(
                    binding.key, display(binding), binding.description, binding.action, not enabled, tooltip
                )
        return list(keys.values())

    def _palette(self) -> PaletteKey | None:
        """The palette key's binding, as Textual's footer shows it (``None``: it shows none)."""
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _, binding, enabled, _ = found
        display = self.app.get_key_display(binding)
        return binding.key, display, binding.description, binding.action, not enabled, binding.tooltip

    def _keys(self) -> list[ShownKey]:
        """The keys that fit, most used first, as the screen words them."""
        room = (self.size.width or self.app.size.width) - PALETTE_ROOM  # before its first layout
        label = getattr(self.screen, "footer_label", None)
        first: tuple[str, ...] = getattr(self.screen, "footer_first", tuple)()
        keys: list[ShownKey] = []
        for shown in self._bound():
            words = shown.description if label is None else label(shown.action, shown.description)
            if words is not None:
                keys.append(replace(shown, description=words))

        def rank(shown: ShownKey) -> int:  # first() in its order, then the rest as bound
            name = shown.action.partition("(")[0]
            return first.index(name) if name in first else len(first)

        keys.sort(key=rank)
        kept: list[ShownKey] = []
        for shown in keys:
            room -= key_width(shown)
            if room >= 0:
                kept.append(shown)
        return kept

    def compose(self) -> ComposeResult:
        # Textual's footer shows no key until the screen's first bindings update, then composes
        # again; the screen's bindings are known now (it is the screen's last child, as wide as
        # the app): its keys are in the first frame, and the update finds them the same.
        self.set_reactive(Footer._bindings_ready, True)
        keys, palette = self._keys(), self._palette()
        self._shown = (tuple(keys), palette)
        yield FooterKeys(keys)
        if palette is not None:  # as Textual's footer makes it (compact: its class at once)
            key, display, description, action, disabled, tooltip = palette
            yield FooterKey(
                key,
                display,
                description,
                action,
                classes="-command-palette -compact",
                disabled=disabled,
                tooltip=tooltip or description,
            )

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached:
            keys, palette = self._keys(), self._palette()
            if palette == self._shown[1]:
                if tuple(keys) != self._shown[0]:
                    self._shown = (tuple(keys), palette)
                    self.query_one(FooterKeys).show(keys)
                return
        await super().recompose()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.recompose)
