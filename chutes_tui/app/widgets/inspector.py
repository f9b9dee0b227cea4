"""The square inspector: what standing on the cursor's square means -- it formats the same
:class:`~chutes_tui.analysis.reports.SquareReport` that ``chutes-tui inspect`` prints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from chutes_tui.app.widgets.chart import LineChart
from chutes_tui.app.widgets.wrap import Items, item
from chutes_tui.render.squares import THROW_AGAIN, square_says

if TYPE_CHECKING:
    from chutes_tui.analysis.reports import SquareReport  # formatted here, made by the screen


def report_text(report: SquareReport, mover: str | None = None) -> Text:
    """The report as lines; ``mover`` names the player to move for the two-player line."""
    square = report.square
    heading = Text(f"Square {square}", style="bold")
    if report.statistics_from != square and report.jump is not None:
        heading.append(f" — {report.sends()} (its statistics)")
    low, high = report.range_5_95
    within = item(" ".join(f"{p:.0%}" for p in report.p_finish_within.values()))
    lines = [
        f"Turns left {report.expected_turns:.1f} ± {report.sd_turns:.1f} · median {report.median_turns}"
        f" · 5–95% {low}–{high}",
        # "Finish within" and its turns are items of their own: one item of the three was folded
        # inside a number ("Finish within 1" / "0/20/50:") in the panel at 60 columns.
        f"{item('Finish within')} {'/'.join(map(str, report.p_finish_within))}: {within}",
        f"From the start: {report.expected_visits:.2f} turns here · P(ever) {report.p_visit:.0%}",
        roll_line(report),
    ]
    if report.jump is not None:
        jump = report.jump
        without = (
            " turns; unwinnable without it"
            if jump.expected_without is None
            else f", without it {jump.expected_without:.2f} turns"
        )
        lines.append(
            f"{jump.kind.value.title()} {jump.tail}→{jump.head}: game {jump.expected_with:.2f}{without}"
        )
        lines.append(
            f"Used {jump.uses_per_game:.2f} times a game · P(at least once) {jump.chance_of_use:.0%}"
        )
    if report.win_probability is not None:
        who = mover or "The player"
        lines.append(f"{who} to move here vs {report.opponent}: wins {report.win_probability:.1%}")
    says = square_says(report.board, square)  # its marks: the goal, a turn to miss, a throw again
    return Text("\n").join([heading, *(Text(line) for line in [*says, *lines])])


def roll_line(report: SquareReport) -> str:
    """``Each roll leads to (* by a jump, ↻ then rolls again): 1→11  2→8*  …  6→4*↻`` (the
    marks' key names those the line shows): from where a landing here leaves the piece, as
    the statistics are (``Each roll from 84 leads to``)."""
    if not report.roll_outcomes:
        from chutes_tui.analysis.reports import NO_ROLLS  # loaded: the report was made there

        return f"No rolls: {NO_ROLLS}"
    lead = (
        "Each roll" if report.statistics_from == report.square else f"Each roll from {report.statistics_from}"
    )
    again = THROW_AGAIN.mark  # the square's mark for another roll in the same turn
    rolls = "  ".join(
        f"{o.roll}→{o.final}{'*' if o.jump else ''}{again if o.again else ''}" for o in report.roll_outcomes
    )
    marks = [
        words
        for shown, words in (("*", "* by a jump"), (again, f"{again} then rolls again"))
        if any(shown in part for part in rolls.split())
    ]
    return f"{lead} leads to ({', '.join(marks)}): {rolls}" if marks else f"{lead} leads to: {rolls}"


class InspectorPanel(VerticalScroll):
    """Text and a pmf/cdf chart for one square; it scrolls where the panel is short."""

    def compose(self) -> ComposeResult:
        yield Static(id="inspect-text")
        yield LineChart(
            id="inspect-chart",
            title="Finishing from here",
            short_title="Finishing",
            x_label="turns",
            y_range=(0.0, 1.0),
        )

    def show_note(self, square: int, note: str) -> None:
        """A square without statistics: its number and why, and no chart."""
        self.query_one("#inspect-text", Static).update(
            Text("\n").join([Text(f"Square {square}", style="bold"), Text(note)])
        )
        self.query_one("#inspect-chart", LineChart).load(["cyan", "magenta"], [])

    def show(self, report: SquareReport, mover: str | None = None) -> None:
        # The text's height varies (wrapped lines, a jump's line): a layout pass places the chart.
        self.query_one("#inspect-text", Static).update(Items(report_text(report, mover)))
        first = report.pmf[: max(2, report.range_5_95[1] * 2)]
        peak = float(first.max()) or 1.0
        cdf = first.cumsum()
        # One axis, two units: the axis is the chance of being done by turn n; the chance of
        # finishing on turn n is drawn scaled to its peak, and the legend gives that peak.
        self.query_one("#inspect-chart", LineChart).load(
            ["cyan", "magenta"],
            [(float(c), float(p) / peak) for p, c in zip(first, cdf, strict=True)],
            legend=[("P(done by turn n)", "cyan"), (f"P(done on turn n), top = {peak:.1%}", "magenta")],
            short_legend=[("by n", "cyan"), (f"on n, top = {peak:.1%}", "magenta")],
        )
