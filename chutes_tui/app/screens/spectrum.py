"""The spectrum of a board's turn chain, for teaching: where the transient matrix's eigenvalues
lie, what the largest one means for a game's length, and the exact tail beside its law.

On the left the complex plane: the unit circle, the axes and every eigenvalue of ``Q`` (λ, the
dominant one, marked); beside it λ, C, the relaxation time and what the matrix's Jordan blocks
do; below, ``log10 P(T > n)`` exactly beside ``log10 C·λⁿ``. Every number comes from
:class:`~chutes_tui.exact.closedform.ClosedForm` and its :class:`TailCurves`, worked out in a
worker (:func:`open_spectrum` opens it from the game, the review or the editor: ``z``).
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static
from textual.worker import Worker, WorkerState

from chutes_tui.analysis.limits import SPECTRUM_IN_APP_MAX_STATES
from chutes_tui.app.keymap import key
from chutes_tui.app.palette import DismissOnlyWhenOnTop
from chutes_tui.app.screenbase import StyledOnce
from chutes_tui.app.themes import ink
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.workers import start_worker
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.text import count, shown
from chutes_tui.render.braille import braille_points
from chutes_tui.render.textchart import framed_chart

if TYPE_CHECKING:
    from chutes_tui.exact.closedform import ClosedForm, TailCurves

DIGITS = 15  # λ's and C's certain decimals shown (the CLI gives as many as asked)
EIGEN, DOMINANT = "cyan", "magenta"  # named colours, made readable on the theme (themes.ink)


def open_spectrum(app: App[None]) -> None:
    """``z``: the spectrum of the board the screen on top draws (a game's, a review's, the
    editor's)."""
    views = app.screen.query(BoardView)
    if views:
        app.push_screen(SpectrumScreen(views.first().board))


def spectrum_problem(board: Board) -> str | None:
    """Why the screen cannot show ``board``'s spectrum (``None``: it can)."""
    if decides(board):
        return (
            "On a board with choices the length depends on them: its chain is not one matrix. "
            "chutes-tui strategy BOARD solves it: the best choice on each square and the "
            "fewest expected turns."
        )
    from chutes_tui.analysis.states import chain_states

    states = chain_states(board).size
    if states > SPECTRUM_IN_APP_MAX_STATES:
        return (
            f"{states:,} states: the app works the spectrum out up to {SPECTRUM_IN_APP_MAX_STATES} "
            "(chutes-tui closed-form BOARD goes further)."
        )
    return None


# A board's spectrum, kept with it: the worker's thread cannot be stopped (FLINT), so a screen
# left and opened again waits for the solve under way instead of starting another beside it.
SPECTRUM: MemoKey[Board, tuple[ClosedForm, TailCurves]] = MemoKey("spectrum")
SPECTRUM_LOCK: MemoKey[Board, threading.Lock] = MemoKey("spectrum lock")


def work_out(board: Board) -> tuple[ClosedForm, TailCurves]:
    """The worker's work: the closed form from the start and its tail's curves, once a board
    (the lock is made on the UI thread, by :meth:`SpectrumScreen.on_mount`, before any worker)."""
    from chutes_tui.exact import closedform

    def solve() -> tuple[ClosedForm, TailCurves]:
        form = closedform.closed_form(board, digits=DIGITS + 5)
        return form, closedform.tail_curves(form)

    with board.memo.get(SPECTRUM_LOCK, threading.Lock):
        return board.memo.get(SPECTRUM, solve)


class Drawn(Static):
    """A picture drawn from what it was shown, at the widget's size: drawn again on a resize and
    on a new theme (its colours are made readable on the background)."""

    def picture(self) -> Text:
        raise NotImplementedError

    def redraw(self) -> None:
        self.update(self.picture(), layout=False)

    def on_resize(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self.is_mounted:
            self.call_later(self.redraw)


class ComplexPlane(Drawn):
    """The eigenvalues in braille dots (2 × 2 blocks), the unit circle and the axes, on the same
    scale both ways (a terminal's cell is twice as tall as wide)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.form: ClosedForm | None = None

    def show(self, form: ClosedForm) -> None:
        self.form = form
        self.redraw()

    def picture(self) -> Text:
        narrow = self.size.width < 34  # the legend takes two lines
        form, width, height = self.form, self.size.width, self.size.height - (3 if narrow else 2)
        if form is None or width < 4 or height < 2:
            return Text("")
        per_dot = max(2.3 / (2 * width), 2.3 / (4 * height))  # the disc of radius 1.15 fits
        half_x, half_y = width * per_dot, 2 * height * per_dot
        steps = 8 * (width + height)
        turns = [2 * math.pi * k / steps for k in range(steps)]
        circle = [(math.cos(angle), math.sin(angle)) for angle in turns]
        reach = int(1.15 / per_dot)  # the axes cross the disc and stop
        axes = [(x * per_dot, 0.0) for x in range(-reach, reach + 1)]
        axes += [(0.0, y * per_dot) for y in range(-reach, reach + 1)]
        roots = [(root.real, root.imag) for root, _ in form.matrix.eigenvalues()]
        dominant = [] if form.tail is None else [(form.tail.value, 0.0)]
        cells = braille_points(
            [axes, circle, roots, dominant],
            width,
            height,
            (-half_x, half_x),
            (-half_y, half_y),
            big=[False, False, True, True],
        )
        background = self.rich_style.bgcolor
        styles = ["dim", "dim", ink(self.app, EIGEN, background), ink(self.app, DOMINANT, background)]
        if dominant:  # its name in the cell above it: told apart without colour too
            column = min(int((dominant[0][0] + half_x) / (2 * half_x) * width), width - 1)
            row = max(min(int(half_y / (2 * half_y) * height), height - 1) - 1, 0)
            cells[row][column] = ("λ", 3)
        text = Text("eigenvalues of Q", style="bold")
        for row_cells in cells:
            text.append("\n")
            for char, owner in row_cells:
                text.append(char, style=styles[owner] if owner is not None else "")
        text.append("\n")
        text.append("⠛", style=styles[2])
        text.append(" eigenvalue  ")
        if dominant:  # a bounded game has no dominant eigenvalue: no λ to name
            text.append("λ", style=styles[3])
            text.append(" dominant" + ("\n" if narrow else "  "))
        text.append("○ |z| = 1")
        return text


class TailChart(Drawn):
    """``log10 P(T > n)`` exactly beside the law, on a framed braille chart."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.curves: TailCurves | None = None
        self.law_text = "C·λⁿ"

    def show(self, curves: TailCurves, law_text: str) -> None:
        self.curves, self.law_text = curves, law_text
        self.redraw()

    def picture(self) -> Text:
        curves = self.curves
        if curves is None or not curves.exact:
            return Text("")
        # C·λⁿ passes 1 for small n when C > 1 (the standard board's C is 1.87): on a probability's
        # axis the law is drawn up to 1, so that the top tick is 1e0 and not 1e1.
        law = [min(value, 0.0) for value in curves.law] if curves.law is not None else None
        series = [list(curves.exact)] + ([law] if law is not None else [])
        low = math.floor(min(min(line) for line in series))
        high = math.ceil(max(max(line) for line in series))
        if (high - low) % 2:  # an even span: the middle tick is a whole power of ten too
            low -= 1
        background = self.rich_style.bgcolor
        styles = [ink(self.app, EIGEN, background), ink(self.app, DOMINANT, background)]
        # Without colour the lines are told apart by a letter at their ends, which the legend names.
        marks = ["e", "λ"] if self.app.no_color else []
        words = ["e exact", f"λ {self.law_text}"] if marks else ["exact", self.law_text]
        legend = list(zip(words, styles, strict=True))[: len(series)]
        lines = framed_chart(
            series,
            styles[: len(series)],
            width=self.size.width,
            height=self.size.height,
            title="P(T > n), log scale",
            short_title="P(T > n)",
            legend=legend,
            low=low,
            high=high,
            fmt="1e{:.0f}",
            x_label=f"turns n = 0 … {len(curves.exact) - 1}",
            ends=marks[: len(series)],
        )
        return Text("\n").join(lines)


class SpectrumScreen(StyledOnce, DismissOnlyWhenOnTop, Screen[None]):
    """Opened with ``z`` for a board; Esc goes back."""

    BINDINGS = [key("back")]

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board
        self.form: ClosedForm | None = None
        self.curves: TailCurves | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="spectrum"), Horizontal(id="spectrum-body"):
            with Vertical(id="spectrum-left"):
                yield ComplexPlane(id="plane")
                yield TailChart(id="spectrum-tail")
            yield Static("", id="spectrum-numbers")
        yield FittingFooter()

    def on_mount(self) -> None:
        self._name_it(self.app.size.width)
        problem = spectrum_problem(self.board)
        if problem is not None:
            # Nothing to draw: the note takes the width, not a column beside a blank picture.
            self.query_one("#spectrum-left").display = False
            self.query_one("#spectrum-numbers", Static).update(Text(problem))
            return
        self.query_one("#spectrum-numbers", Static).update(Text("Working out the spectrum…", style="italic"))
        board = self.board
        board.memo.get(SPECTRUM_LOCK, threading.Lock)  # here, on the UI thread: one lock a board
        start_worker(self, lambda: work_out(board), name="spectrum", group="spectrum", exclusive=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "spectrum" and event.state is WorkerState.SUCCESS:
            form, curves = cast("tuple[ClosedForm, TailCurves]", event.worker.result)
            self.form, self.curves = form, curves
            self.query_one(ComplexPlane).show(form)
            self.query_one("#spectrum-numbers", Static).update(numbers_text(form, curves))
            self.query_one(TailChart).show(curves, form.tail.law_text if form.tail else "")

    def _name_it(self, width: int) -> None:
        """The header's subtitle for a screen ``width`` wide, chosen again on each resize (the
        header has the app's title too: at 60 columns the long form loses its end)."""
        name = shown(self.board.name, 40)
        self.sub_title = f"the spectrum of the turn chain · {name}" if width >= 80 else name

    def on_resize(self) -> None:
        """The picture and the chart share what the numbers leave: on a large terminal each
        grows (the chart takes the rest of the height), on a small one they scroll."""
        self._name_it(self.size.width)
        height = self.size.height - 2  # the header and the footer
        plane, chart = self.query_one(ComplexPlane), self.query_one(TailChart)
        if self.size.width >= 100 and height >= 26:
            plane.styles.height = height // 2
            chart.styles.height = height - height // 2 - 1
        else:
            plane.styles.height = 12 if height < 22 else 14
            chart.styles.height = 12

    def action_back(self) -> None:
        self.dismiss()


def numbers_text(form: ClosedForm, curves: TailCurves) -> Text:
    """λ, C, the relaxation time and what they mean; the matrix's Jordan blocks."""
    text = Text()
    tail = form.tail
    distinct = len(form.matrix.eigenvalues())
    if tail is None:
        text.append("No tail law: ", style="bold")
        text.append(f"every game ends within {form.numerator.degree()} turns.\n")
    else:
        text.append("λ = ", style="bold")
        text.append(f"{tail.lambda_text(DIGITS)}…\n")
        text.append(
            f"the largest eigenvalue (a root of an irreducible polynomial of degree "
            f"{tail.polynomial.degree()})\n",
            style="dim",
        )
        text.append("C = ", style="bold")
        shown = tail.constant_said(DIGITS, fraction=False)  # no long p/q in a side panel
        text.append(f"{shown}\n" if shown.endswith(("…", "exactly")) else f"{shown}…\n")
        text.append(f"P(T > n) ~ {tail.law_text}", style="bold")
        accurate = curves.accurate_from()
        if accurate is not None:
            text.append(f", within 1% from turn {accurate} on")
        text.append("\nrelaxation time −1/ln λ = ", style="bold")
        text.append(f"{tail.relaxation:.2f} turns\n")
        text.append(
            f"Each {tail.relaxation:.1f} turns more divide the chance that a game is still on by e "
            f"(half-life {tail.half_life:.1f} turns); the other eigenvalues' parts die out faster.\n",
            style="italic",
        )
    eigenvalues = count(distinct, "distinct eigenvalue")
    text.append(f"\nQ: {form.states} × {form.states}, {eigenvalues}\n", style="bold")
    for note in form.notes():
        text.append(note + "\n")
    return text
