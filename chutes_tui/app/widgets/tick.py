"""A checkbox that reads without colour."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox


class TickBox(Checkbox):
    """Textual's checkbox shows an ``X`` whether checked or not, told apart only by its tint
    (one grey or another under ``NO_COLOR``); this one shows ``✓`` when checked and nothing when
    not."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = self._inner()

    def _inner(self) -> str:
        return "✓" if self.value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self._inner()
        super().watch_value()
