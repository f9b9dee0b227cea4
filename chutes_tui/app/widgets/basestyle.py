"""The style a line-API widget lays under its segments, worked out once per style change.

``Widget.rich_style`` walks the DOM and combines every ancestor's colours each time it is read;
the line-API widgets read it for every line they paint, and after each move that was about a
tenth of the update. Textual calls ``notify_style_update`` whenever the widget's styles may
have changed (a theme, a class, a stylesheet), which is when the cached value is dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from textual.widget import Widget

# A mixin, not a Widget subclass: as a subclass it would put Widget's default CSS ahead of a
# ScrollView's in the cascade (the board stopped scrolling). Type checkers see a Widget.
if TYPE_CHECKING:
    _Base = Widget
else:
    _Base = object


class CachedBaseStyle(_Base):
    """Mix in before the widget class: ``class Board(CachedBaseStyle, ScrollView)``."""

    _base_style: Style | None = None

    @property
    def base_style(self) -> Style:
        if self._base_style is None:
            self._base_style = self.rich_style
        return self._base_style

    def notify_style_update(self) -> None:
        self._base_style = None
        super().notify_style_update()
