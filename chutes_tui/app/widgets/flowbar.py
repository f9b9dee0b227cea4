"""The flow overlay's slider: which turn ``n`` the board shows, how far that is along the game,
and the chance of having finished by then (the board's colours are the rest of the picture)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from chutes_tui.model.text import percent_digits

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import FlowStep  # the chain's window: made by the overlays


class FlowBar(Static):
    """One line under the board while the flow overlay is on (the screen shows and hides it)."""

    DEFAULT_CSS = """
    FlowBar { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._shown: tuple[FlowStep, int, bool] | None = None

    def show(self, step: FlowStep, last: int, playing: bool) -> None:
        self._shown = (step, last, playing)
        self.update(self._text(self.size.width), layout=False)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.update(self._text(self.size.width), layout=False)

    def _text(self, width: int) -> Text:
        if self._shown is None:
            return Text()
        step, last, playing = self._shown
        room = max(width - 2, 20)
        noun = " turn " if step.turns == 1 else " turns "
        head = Text.assemble(("Flow", "bold"), " · after ", (f"{step.turns:,}", "bold"), noun)
        keys = "< > turn · a " + ("pause" if playing else "play") + " · Esc off"
        # 100% only once every game has finished, as the board's legend says (percent_digits)
        finished = f"{step.finished:.{percent_digits(step.finished, least=1)}%}"
        tail = Text.assemble(" finished by then ", (finished, "bold"), " · ", (keys, "dim"))
        if head.cell_len + tail.cell_len + 10 > room:  # narrow: the slider gives way first
            finished = f"{step.finished:.{percent_digits(step.finished)}%}"
            tail = Text.assemble(" done ", (finished, "bold"), " · ", ("< > · a · Esc", "dim"))
        track = max(room - head.cell_len - tail.cell_len, 4)
        at = 0 if last <= 0 else round(min(step.turns, last) / last * (track - 1))
        slider = Text.assemble(("━" * at, "bold"), ("●", "bold"), ("─" * (track - 1 - at), "dim"))
        return Text.assemble(head, slider, tail)
