"""``chutes-tui inspect BOARD SQUARE``: what standing on one square means (the same report the
app's inspector shows)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from chutes_tui.cli import bars, common
from chutes_tui.render.formula import wrapped

if TYPE_CHECKING:
    from chutes_tui.analysis.reports import SquareReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    common.add_board_arguments(parser)
    parser.add_argument("square", type=common.square("SQUARE"), metavar="SQUARE")
    parser.add_argument(
        "--opponent", type=common.square("--opponent"), metavar="B", help="two players: the opponent's square"
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    if not (0 <= args.square <= board.end) or (args.square == 0 and board.start != 0):
        raise common.UsageError(
            f"argument SQUARE: {args.square} is not a square of {common.name(board)} (0..{board.end})"
        )
    rests = int(board.resolve[args.square])
    if not board.is_standable(rests) and rests != board.goal_square:
        from chutes_tui.analysis.reports import unreached

        raise common.UsageError(f"argument SQUARE: {unreached(board, args.square)}")
    if args.opponent is not None:
        common.square_argument(board, args.opponent, "--opponent", allow_end=True)
        common.check_bump(board, 2, "inspect --opponent", 1)
    with bars.series_bar("inspecting"):
        from chutes_tui.analysis.reports import inspect_square  # scipy: only when inspecting

        report = inspect_square(board, args.square, args.opponent)
    if args.json:
        return common.print_json(console, {"board": board.name, **report.to_json()})
    console.print(grid(report, console.width))
    return 0


class Items:
    """A list (the rolls, the chances to finish) broken only between its items, never inside
    one: ``4 → 14`` stays on one line. An item wider than the whole line is the one thing that
    still folds."""

    def __init__(self, items: list[str], separator: str) -> None:
        self.items, self.separator = items, separator

    @property
    def widest(self) -> int:
        return max((cell_len(item) for item in self.items), default=0)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = cell_len(self.separator.join(self.items))
        return Measurement(self.widest, whole).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(wrapped(self.items, self.separator, options.max_width)))


LABEL_GAP = 2  # columns between a label and its value
INDENT = 2  # a value under its label, when the two do not fit side by side


def grid(report: SquareReport, width: int = 80) -> RenderableType:
    """The report as labelled rows; at a width where a label and its widest item do not fit
    side by side, each value goes under its label instead (an item is never split)."""
    rows = _rows(report)
    labels = max(cell_len(label) for label, _ in rows)
    widest = max((value.widest for _, value in rows if isinstance(value, Items)), default=0)
    if labels + LABEL_GAP + widest <= width:
        table = Table.grid(padding=(0, LABEL_GAP))
        table.add_column(style="bold")
        table.add_column()
        for label, value in rows:
            table.add_row(label, value)
        return table
    return Group(
        *(
            part
            for label, value in rows
            for part in (Text(label, style="bold"), Padding(value, (0, 0, 0, INDENT)))
        )
    )


def _rows(report: SquareReport) -> list[tuple[str, RenderableType]]:
    board = report.board
    rows: list[tuple[str, RenderableType]] = []
    title = f"square {report.square}"
    if report.statistics_from != report.square:
        title += f" ({report.sends()}: "
        title += "its statistics are those of where it sends you)"
    rows.append(("square", title))
    rows.append(("expected turns to finish", f"{report.expected_turns:.4f} ± {report.sd_turns:.4f}"))
    low, high = report.range_5_95
    rows.append(("median, 5–95 % range", f"{report.median_turns} turns, {low}–{high}"))
    rows.append(
        ("P(finish within n)", Items([f"{n}: {p:.1%}" for n, p in report.p_finish_within.items()], ", "))
    )
    rows.append(
        (
            f"from the start ({board.start})",
            f"{report.expected_visits:.4f} turns end here on average; P(ever) = {report.p_visit:.4f}",
        )
    )
    if report.statistics_from == board.goal_square:
        from chutes_tui.analysis.reports import NO_ROLLS  # loaded: the report was made there

        rows.append(("rolls", f"none: {NO_ROLLS}"))
    else:
        rolls = "rolls" if report.statistics_from == report.square else f"rolls from {report.statistics_from}"
        rows.append((rolls, Items([f"{o.roll} {o.describe()}" for o in report.roll_outcomes], "   ")))
    if report.jump is not None:
        jump = report.jump
        without = "unwinnable" if jump.expected_without is None else f"{jump.expected_without:.4f}"
        rows.append(
            (
                f"{jump.kind.value} {jump.tail}→{jump.head}",
                f"game length {jump.expected_with:.4f} turns; without it {without}",
            )
        )
        rows.append(
            (
                "its use per game",
                f"{jump.uses_per_game:.4f} times on average; P(at least once) = {jump.chance_of_use:.4f}",
            )
        )
    if report.win_probability is not None:
        rows.append(
            (f"to move here vs {report.opponent}", f"wins with probability {report.win_probability:.6f}")
        )
    return rows
