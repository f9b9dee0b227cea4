"""A choice among a few values, shown one at a time: ←/→ step through them (Space and Enter step
forward, a click too).

One widget where a ``Select`` composes five and an overlay list: the setup screen has up to
three choices a seat and twelve seats, and its Selects were most of its time to first paint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget


class Cycle(Widget, can_focus=True):
    """``choices``: (what is shown, value) pairs; ``passes_over(value)``: values a step skips
    (e.g. a token another seat has), unless none is left; ``brief``: shorter labels, one a
    choice, shown while the CSS width leaves no room for the long ones (a narrow terminal)."""

    DEFAULT_CSS = """
    Cycle { height: 1; width: auto; }
    Cycle:hover { background: $boost; }
    Cycle:focus { background: $primary 45%; text-style: bold; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space,enter", "step(1)", "Next", show=False),
    ]

    class Changed(Message):
        """The value changed (by a person or by :meth:`choose`)."""

        def __init__(self, cycle: Cycle, value: str) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(
        self,
        choices: Sequence[tuple[str | Text, str]],
        value: str,
        *,
        passes_over: Callable[[str], bool] | None = None,
        brief: Sequence[str | Text] | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        # Labels as Text (user text is never markup), padded to the widest: the arrows stay
        # put and the width never changes.
        self.labels = _texts(label for label, _ in choices)
        self.brief = _texts(brief or ())
        self.values = [choice for _, choice in choices]
        self.label_width = max(label.cell_len for label in self.labels)
        self.passes_over = passes_over
        self.index = self.values.index(value)

    @property
    def value(self) -> str:
        return self.values[self.index]

    @value.setter
    def value(self, value: str) -> None:
        self.choose(value)

    def choose(self, value: str) -> None:
        index = self.values.index(value)
        if index != self.index:
            self.index = index
            self.refresh()
            self.post_message(self.Changed(self, value))

    def action_step(self, by: int) -> None:
        """The next value ``by`` (±1) along that is not passed over (wrapping round)."""
        for offset in range(1, len(self.values)):
            candidate = self.values[(self.index + by * offset) % len(self.values)]
            if self.passes_over is None or not self.passes_over(candidate):
                self.choose(candidate)
                return

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < 2 else 1)  # the "‹" steps back, the rest forward

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.label_width + 4  # "‹ " and " ›": the long labels, whatever is shown now

    def render(self) -> Text:
        labels = self.labels
        if self.brief and self.content_size.width < self.label_width + 4:
            labels = self.brief
        label = labels[self.index]
        width = max(label.cell_len for label in labels)
        return Text.assemble("‹ ", label, " " * (width - label.cell_len), " ›")


def _texts(labels: Iterable[str | Text]) -> list[Text]:
    return [Text(label) if isinstance(label, str) else label for label in labels]
