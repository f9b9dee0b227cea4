"""Review mode: a game's every turn, one at a time, on the game's own panels.

← → Home End choose the turn; the board, the players' odds, the odds-history chart (a line at
that turn) and the turn log (that turn highlighted) show the game as it was after it. The
turns that swung the odds most are marked ◆ (in the log and under the chart) and 'j' jumps
between them; 'f' plays on from the turn shown with fresh dice; Esc goes back. Every number
comes from :class:`~chutes_tui.engine.review.Review`; statistics a board cannot give at once
are worked out in a thread, the turn shown first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Header, Static
from textual.worker import Worker, WorkerState, get_current_worker

from chutes_tui.app.dialogs.confirm import confirm_then
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.screens.keys import REVIEW_KEYS
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.widgets.panels import GamePanels, PanelScreen
from chutes_tui.app.widgets.status import Status
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.app.workers import start_worker
from chutes_tui.engine.blunders import choice_costs
from chutes_tui.engine.live import LiveStats, StopRequested
from chutes_tui.engine.path import trail
from chutes_tui.engine.review import Review
from chutes_tui.model.text import shown

GROUP = "review-stats"
DRAMA_GROUP = "review-drama"


@dataclass(frozen=True)
class PlayOn:
    """What the review is dismissed with when 'f' asks for a new game from ``turn``."""

    turn: int


class ReviewScreen(PanelScreen[PlayOn | None]):
    """Dismissed with ``None`` (Esc) or a :class:`PlayOn`."""

    BINDINGS = REVIEW_KEYS
    BARS = 2  # the review's bar and its line of lead changes, under the panels

    def __init__(self, review: Review, turn: int | None = None, notice: tuple[str, ...] = ()) -> None:
        """``turn``: where to start (``None``: the last); ``notice``: a line for the bar, in its
        forms, longest first (the first that fits is shown)."""
        super().__init__()
        self.review = review
        self.turn = review.last if turn is None else max(0, min(turn, review.last))
        self.notice = notice
        self._bar: tuple[int, bool] | None = None  # the turn the bar shows, and whether a swing
        self._working = False
        self._points: list[int] = []  # moment → its point on the chart (moments without odds share)
        # What each choice cost on a board with decisions (the solver's: quick, kept with the board).
        self._costs = choice_costs(review.board, len(review.names), review.turns)
        # The expected lead changes beside the game's own: worked out in a worker (None: not yet).
        self._drama: float | None = None
        self._drama_note = "expected: working it out…"

    # -- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield GamePanels(self.review.game, id="game")
        yield Static("", id="review-bar")
        yield Static("", id="review-drama")
        yield FittingFooter()

    @property
    def log_view(self) -> TurnLog:
        return self.query_one(TurnLog)

    def on_mount(self) -> None:
        self.sub_title = f"review of seed {self.review.game.seed}"
        self._load()
        self.show(self.turn)
        start_worker(self, self._count_drama, name="expected lead changes", group=DRAMA_GROUP)

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size)
        if self._bar is not None:
            self._show_bar(*self._bar, width=event.size.width)

    def action_board_only(self) -> None:
        self._board_only = not self.has_class("board-only")
        self.set_class(self._board_only, "board-only")

    def _load(self) -> None:
        """The log (swings marked) and the chart from the review's odds; again when a worker
        fills in odds that were missing."""
        review = self.review
        marks = {
            swing.turn.number: f"◆ swing: {review.names[swing.seat]} {swing.before:.0%} → {swing.after:.0%}"
            for swing in review.swings()
        }
        for weighed in self._costs:
            if weighed.cost > 0:  # a choice as good as the best goes unmarked
                marks[weighed.turn] = "; ".join(filter(None, (marks.get(weighed.turn), weighed.words)))
        self.panels.show_game(review.game, [], marks)
        self.log_view.highlight(self.turn)
        known = [odds.win for odds in review.odds if odds is not None]
        self._points, count = [], 0
        for odds in review.odds:
            count += odds is not None
            self._points.append(max(0, count - 1))
        chart = self.chart
        turns = [turn for turn, odds in enumerate(review.odds) if odds is not None]
        chart.load(chart.series_colors, known, chart.legend, short_legend=chart.short_legend, turns=turns)
        self._show_drama()

    # -- one moment ---------------------------------------------------------------------------------

    def show(self, turn: int) -> None:
        """Everything as it was after ``turn`` turns (the cheap parts only: see the benchmark)."""
        review = self.review
        self.turn = turn
        moment = review.moments[turn]
        board = self.board
        board.place_all(moment.piece_squares)
        last = moment.last
        board.set_trail([] if last is None else trail(last.rolls, review.board.end, board.grid.path))
        if last is not None:
            board.reveal(last.final)
        self.panels.show_die(review.game, None if last is None else last.last_face, last)
        snapshot = review.snapshot(turn)
        self.panels.show_state(snapshot, Status(snapshot, False, "", False), roll_enabled=False)
        swings = review.swings()
        self.chart.set_cursor(
            self._points[turn] if review.odds[turn] is not None or turn == 0 else None,
            [self._points[s.turn.number] for s in swings],
        )
        self.log_view.highlight(turn)
        self._show_bar(turn, any(s.turn.number == turn for s in swings))
        if review.wanted(turn) is not None:
            self._start_worker()

    def _show_bar(self, turn: int, swing: bool, width: int | None = None) -> None:
        """Which turn is shown and what it did, on one line of the screen's ``width``: in fewer
        words where the whole would be cut (at 60 columns "… ladder → 38" was), the turn's
        whole line being the log's (highlighted)."""
        self._bar = (turn, swing)
        review = self.review
        last = review.moments[turn].last
        headers = (f"turn {turn} of {review.last}", f"{turn}/{review.last}")
        if last is None:
            said = ["the start"]
        else:
            name = review.names[last.seat]
            said = [
                last.describe(shown(name, 20), review.names),
                last.describe(shown(name, 10), review.names),
            ]
            if not last.skipped:
                said.append(
                    f"{shown(name, 10)}: {last.start} → {last.final}" + (" — wins!" if last.won else "")
                )
        marks = Text()
        if swing:
            marks.append(" ◆ swing", style="bold")
        blunder = next((c for c in self._costs if c.turn == turn and c.blunder), None)
        if blunder is not None:
            marks.append(f" {blunder.words}", style="bold")
        room = (self.size.width if width is None else width) - 2  # the bar's padding
        forms = [(headers[0], said[0]), *((headers[1], what) for what in said)]
        # The notice in its longest form that fits beside the turn in any of its forms (the
        # turn's whole line is the log's; the notice is said nowhere else on the screen).
        candidates = [
            Text.assemble(("Review ", "bold"), f"{header} · {what}", marks, f" · {notice}" if notice else "")
            for notice in self.notice or ("",)
            for header, what in forms
        ]
        text = next((text for text in candidates if text.cell_len <= room), candidates[-1])
        self.query_one("#review-bar", Static).update(text, layout=False)

    def _show_drama(self) -> None:
        """The game's lead changes (the review's count) beside the expected number (the drama
        layer's, from the start): formatted here, computed below the app."""
        review = self.review
        count = review.lead_changes()
        finished = review.moments[-1].winner is not None
        text = Text.assemble(("Lead changes:", "bold"), " ")
        if count is None:
            text.append(
                "no odds in this game"
                if review.no_odds is not None
                else "counted once every turn's odds are known"
            )
        else:
            text.append(f"{count}", style="bold")
            text.append(" this game" if finished else " so far")
        if self._drama is not None:
            text.append(f" · {self._drama:.2f} expected")
            if not finished:
                text.append(" in a whole game")
        elif self._drama_note:
            text.append(f" · {self._drama_note}")
        self.query_one("#review-drama", Static).update(text, layout=False)

    def _count_drama(self) -> None:
        """In a thread: the expected lead changes of this many players from the start, where the
        joint chain gives them in a second or so (else the verb that works them out). The
        series and sweeps stop when the review is left (the worker cancelled)."""
        from chutes_tui.analysis.dramachain import DramaError, check_drama, drama_quick
        from chutes_tui.analysis.progress import series_progress
        from chutes_tui.exact.drama import ExactDramaError, start_lead_changes

        worker: Worker[Any] = get_current_worker()

        def check(turns: int, left: float) -> None:
            if worker.is_cancelled:
                raise StopRequested

        board, players = self.review.board, len(self.review.names)
        expected, note = None, ""
        try:
            check_drama(board, players)
            if drama_quick(board, players):
                with series_progress(check):
                    expected = start_lead_changes(board, players)
            else:
                note = "expected: analyze --drama"
        except (DramaError, ExactDramaError):
            pass  # the game's own count still stands; nothing is expected of such a game here
        except StopRequested:
            return
        self.app.call_from_thread(self._drama_counted, expected, note)

    def _drama_counted(self, expected: float | None, note: str) -> None:
        if self.is_attached:
            self._drama, self._drama_note = expected, note
            self._show_drama()

    # -- keys -------------------------------------------------------------------------------------

    def action_step(self, by: int) -> None:
        turn = max(0, min(self.turn + by, self.review.last))
        if turn != self.turn:
            self.show(turn)

    def action_first(self) -> None:
        self.show(0)

    def action_last(self) -> None:
        self.show(self.review.last)

    def action_swing(self) -> None:
        turn = self.review.next_swing(self.turn)
        if turn is None:
            self.notify("No turn swung the odds (no odds are known yet, or no turn changed them).")
        else:
            self.show(turn)

    def action_play_on(self) -> None:
        if self.review.moments[self.turn].winner is not None:
            self.notify("The game is won at this turn: step back to play on from an earlier one.")
            return
        turn, last = self.turn, self.review.last
        # Asked here, so that Esc leaves you in the review where you were.
        left = (
            f"turns {turn + 1}–{last} are left behind" if last > turn + 1 else f"turn {last} is left behind"
        )
        confirm_then(
            self.app,
            f"Play on from turn {turn} with fresh dice? This game's {left} (unless saved).",
            lambda: self.dismiss(PlayOn(turn)),
            "Play on",
        )

    def action_back(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        notes = [
            (
                "Review",
                "The game as it was after the turn shown: board, odds, chart (a line at the turn) and "
                "log. A swing is a turn that changed someone's chance to win the most; the three "
                "largest are marked ◆ and j jumps between them. f starts a new game from the turn "
                "shown with fresh dice (it asks first: the turns after it are left behind).",
            )
        ]
        self.app.push_screen(HelpScreen.from_bindings(self.BINDINGS, notes=notes))

    # -- statistics a board cannot give at once ------------------------------------------------------

    def _start_worker(self) -> None:
        if not self._working:
            self._working = True
            start_worker(self, self._work, name="review statistics", group=GROUP)

    def _work(self) -> None:
        """In a thread: the turn shown first, then every turn whose odds are missing."""
        worker: Worker[Any] = get_current_worker()
        review = self.review
        while not worker.is_cancelled:
            turn = review.wanted(self.turn)
            if turn is None:
                return
            try:
                stats = review.work(turn, stop=lambda: worker.is_cancelled)
            except StopRequested:
                return
            self.app.call_from_thread(self._took, turn, stats)

    def _took(self, turn: int, stats: LiveStats) -> None:
        if not self.is_attached:  # left while the thread worked
            return
        missing = self.review.odds[turn] is None
        self.review.take(turn, stats)
        if missing:  # the chart and the swings have a new point
            self._load()
            self.show(self.turn)
        elif turn == self.turn:
            snapshot = self.review.snapshot(turn)
            self.panels.show_state(snapshot, Status(snapshot, False, "", False), roll_enabled=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == GROUP and event.state in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            self._working = False
