"""Why going first is worth 0.78 %: seed 001's picture, for the board being played.

On the left, the grid of (player one's finishing turn × player two's) as a heat map, each cell
``P(T₁ = i) P(T₂ = j)``; the diagonal (ties, which player one wins) is marked ◆ for the turns
counted so far. On the right, the bounds on P(first player wins) knowing the first ``n``
diagonal squares, closing in on the exact fraction (worked out in a thread) as ``n`` grows:
←/→ (PageUp/PageDown ten, Home/End) choose ``n``. Every number comes from
:class:`~chutes_tui.research.diagonal.DiagonalReport`.
"""

from __future__ import annotations

import os

from rich.color import Color
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import Worker, WorkerState

from chutes_tui.app.keymap import key
from chutes_tui.app.screenbase import StyledOnce
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.workers import start_worker
from chutes_tui.model.text import shown
from chutes_tui.render.boardpaint import SCALE, SCALE_TEXT
from chutes_tui.research.diagonal import DiagonalReport, ExactFirst, exact_first

MILESTONES = (20, 50, 100, 200, 500)


class HeatMap(Static):
    """The grid of finishing turns, as many as fit (two columns a turn)."""

    def __init__(self, report: DiagonalReport, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.report = report
        self.turns = report.fewest
        self._kept: list[list[Style]] | None = None

    def show(self, turns: int) -> None:
        self.turns = turns
        self.update(self._text(), layout=False)

    def on_resize(self) -> None:
        self.update(self._text(), layout=False)

    def _text(self) -> Text:
        report, width, height = self.report, self.size.width, self.size.height
        first = report.fewest
        count = max(min((width - 4) // 2, height - 3), 1)
        cell = min(4, max(2, (width - 4) // count))  # wider cells where the width allows
        styles = self._styles(count)
        text = Text("    ")
        for j in range(first, first + count, 5):  # player two's turns along the top, every fifth
            text.append(f"{j:<{5 * cell}}", style="dim")
        text.truncate(width)
        text.append("\n")
        for row in range(count):
            i = first + row
            text.append(f"{i:>3} ", style="dim")
            for column in range(count):
                glyph = " " * cell
                if row == column:
                    glyph = ("◆" if i <= self.turns else "◇").ljust(cell)
                text.append(glyph, styles[row][column])
            text.append("\n")
        if width >= 70:
            text.append("rows: player one finishes on turn i · columns: player two on turn j\n", style="dim")
            text.append("◆ a tie (player one wins it), counted in the bounds so far", style="dim")
        else:  # one line each, or the grid would lose rows to the wrapping
            text.append("↓ player one · → player two\n", style="dim")
            text.append("◆ a tie: player one wins it", style="dim")
        return text

    def _styles(self, count: int) -> list[list[Style]]:
        """Each cell's colours for a grid of ``count`` turns (kept: only the ◆ change with n)."""
        if self._kept is None or len(self._kept) != count:
            cells = self.report.cells(self.report.fewest, count)
            high = float(cells.max()) or 1.0
            self._kept = []
            for row in cells:
                painted = [heat(value / high) for value in row]
                self._kept.append([Style(bgcolor=color, color=ink, bold=True) for color, ink in painted])
        return self._kept


def heat(value: float) -> tuple[Color, str]:
    """The colour of ``value`` in [0, 1] on the viridis scale, blended between its steps, and
    the ink that reads on it."""
    position = min(max(value, 0.0), 1.0) * (len(SCALE) - 1)
    step = min(int(position), len(SCALE) - 2)
    low, high = Color.parse(SCALE[step]).get_truecolor(), Color.parse(SCALE[step + 1]).get_truecolor()
    share = position - step
    blend = [round(a + (b - a) * share) for a, b in zip(low, high, strict=True)]
    return Color.from_rgb(*blend), SCALE_TEXT[min(round(position), len(SCALE) - 1)]


class DiagonalScreen(StyledOnce, Screen[None]):
    """Opened from a game (``d``) for its board; Esc goes back."""

    BINDINGS = [
        key("later", "turns(1)"),
        key("earlier", "turns(-1)"),
        key("ten_later", "turns(10)"),
        key("ten_earlier", "turns(-10)"),
        key("last", "turns(100000)"),
        key("first", "turns(-100000)", show=False),
        key("back"),
    ]

    def __init__(self, report: DiagonalReport) -> None:
        super().__init__()
        self.report = report
        self.turns = report.fewest
        self.exact: ExactFirst | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="diagonal"):
            yield HeatMap(self.report, id="heatmap")
            yield Static("", id="bounds")
        yield FittingFooter()

    def on_mount(self) -> None:
        self._name_it(self.app.size.width)
        self._show()
        self.work_out_exact()

    def on_resize(self, event: events.Resize) -> None:
        self._name_it(event.size.width)

    def _name_it(self, width: int) -> None:
        """The header's subtitle for a screen ``width`` wide, chosen again on each resize."""
        name = shown(self.report.board.name, 40)
        # The header has the app's title too: at 60 columns the long form loses its end.
        wide = width >= 80
        self.sub_title = f"why going first helps, two players · {name}" if wide else f"why first · {name}"

    def work_out_exact(self) -> None:
        board = self.report.board
        start_worker(
            self,
            lambda: exact_first(board),
            name="exact first-player chance",
            group="diagonal-exact",
            exclusive=True,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "diagonal-exact" and event.state is WorkerState.SUCCESS:
            self.exact = event.worker.result
            self._show()

    def action_turns(self, change: int) -> None:
        self.turns = min(max(self.turns + change, self.report.fewest), self.report.last)
        self._show()

    def action_back(self) -> None:
        self.dismiss()

    def _show(self) -> None:
        self.query_one(HeatMap).show(self.turns)
        self.query_one("#bounds", Static).update(self.bounds_text(), layout=False)

    def bounds_text(self) -> Group:
        report, n = self.report, self.turns
        low, high = report.bounds(n)
        edge = 100 * (report.first_player - 0.5)
        # The point of the picture first: on a short screen what comes last is out of sight.
        head = Text.assemble(("P(first player wins)", "bold"), " = ½ + ½ × (the diagonal squares' area)\n")
        head.append(f"Going first is worth {edge:.2f} points: player one wins every tie.\n\n", style="italic")
        head.append_text(Text.assemble("Knowing the first ", (f"{n}", "bold"), " turns (←/→, End: all):"))
        # The digits both bounds share: character by character is the point (decimals, not paths).
        certain = os.path.commonprefix([f"{100 * low:.13f} %", f"{100 * high:.13f} %"])  # noqa: RUF071
        for label, value in (("at least", low), ("at most ", high)):
            digits = f"{100 * value:.13f} %"
            shared, rest = digits[: len(certain)], digits[len(certain) :]
            head.append_text(Text.assemble(f"\n  {label} ", (shared, "bold"), rest))
        table = Table(box=None, padding=(0, 1), header_style="dim")
        for name in ("n", "at least", "at most"):
            table.add_column(name, justify="right")
        for m in sorted({report.fewest + 2, *MILESTONES}):
            if m <= report.last:
                a, b = report.bounds(m)
                shown_now = "reverse" if m == n else ""
                table.add_row(str(m), f"{100 * a:.7f} %", f"{100 * b:.7f} %", style=shown_now)
        if self.exact is None:
            tail = Text("exact: working it out…", style="italic")
        else:
            exact = self.exact
            tail = Text.assemble(("exact ", "bold"), exact.decimal + "…\n")
            tail.append(
                f"a fraction: {exact.numerator_digits:,} digits over {exact.denominator_digits:,} digits",
                style="dim",
            )
        # The exact value before the table of milestones: at 60x20 the table's end is out of
        # sight (its last rows are the exact value's first digits), and the exact value was.
        return Group(head, Text(), tail, Text(), table)
