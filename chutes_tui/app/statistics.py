"""The game screen's statistics, testable without a screen: the board's overlays (``o`` cycles
them, Esc takes them off), the flow's slider (:mod:`chutes_tui.app.flowslider`), the square
inspector, the live odds the background feed answers, the exact fraction of a two-player
position, and the diagonal picture.

:class:`GameStatistics` decides; a :class:`StatisticsView` (the game screen) shows what it is
told. Every number comes from the analysis reports: overlays and the inspector solve on the UI
thread, so boards that would freeze it are refused with a note
(:func:`~chutes_tui.app.overlays.statistics_refusal`), and the exact fraction is worked out in a
thread (the view starts it; :meth:`GameStatistics.exact_answered` takes its answer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from chutes_tui.analysis.limits import EXACT_IN_APP_MAX_STATES
from chutes_tui.app.controller import Scheduler, TurnController
from chutes_tui.app.flowslider import FlowSlider
from chutes_tui.app.overlays import OverlayCycle, statistics_refusal
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import LiveStats
from chutes_tui.model.board import Board
from chutes_tui.model.text import path_text
from chutes_tui.render.boardpaint import Overlay
from chutes_tui.render.squares import square_says

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import FlowStep
    from chutes_tui.analysis.reports import SquareReport
    from chutes_tui.app.livefeed import Request
    from chutes_tui.research.diagonal import DiagonalReport


NOT_FOR_BUMP = "The diagonal picture is for players who never interact: not under bump."
GAME_OVER_NO_FLOW = "The game is over: no one is to move, so there is no flow to show."
WORKING_OUT = "Working out the exact fraction…"


class StatisticsView(Protocol):
    """What the statistics show through (the game screen)."""

    def tell(self, message: str, timeout: float) -> None:
        """A short note for ``timeout`` seconds (a refusal: why a statistic is off here)."""

    def show_overlay(self, overlay: Overlay | None) -> None:
        """The board coloured by ``overlay`` (``None``: plain)."""

    def show_flow_bar(self, step: FlowStep | None, last: int, playing: bool) -> None:
        """See :class:`~chutes_tui.app.flowslider.FlowView`."""

    def show_state(self) -> None:
        """The players' odds and the status (new live statistics arrived)."""

    def extend_chart(self, win: tuple[float, ...], turn: int) -> None:
        """One more point on the odds chart: each seat's chance to win after ``turn`` turns."""

    def show_inspecting(self, inspecting: bool) -> None:
        """The inspector panel shown (with the side panel it lives in) or hidden."""

    def cursor_square(self) -> int | None:
        """The square under the board's cursor (``None``: no cursor)."""

    def put_cursor(self, square: int) -> None:
        """The board's cursor on ``square`` (its move comes back as :meth:`GameStatistics.cursor_moved`)."""

    def focus_board(self) -> None: ...

    def show_inspector(self, report: SquareReport, mover: str | None) -> None:
        """A square's statistics; ``mover``: whose two-player chance it gives (``None``: none)."""

    def show_inspector_note(self, square: int, note: str) -> None:
        """Why ``square`` has no statistics."""

    def work_out_exact(self, game: Game) -> None:
        """:func:`exact_answer` of ``game`` in a thread, handed to :meth:`GameStatistics.exact_answered`."""

    def show_exact(self, answer: ExactAnswer) -> None: ...

    def show_diagonal(self, report: DiagonalReport) -> None: ...


@dataclass(frozen=True)
class ExactAnswer:
    """A two-player position's exact chance for the player to move: ``fraction`` ``"p/q"``."""

    title: str
    fraction: str
    decimal: str


def choice_note(board: Board, square: int) -> str:
    """The inspector on a board with decisions: one pawn's best choice on ``square`` and its
    expected turns left playing best (:func:`~chutes_tui.research.strategy.square_choice`)."""
    from chutes_tui.model.decisions import choice_dice
    from chutes_tui.research.strategy import square_choice

    said = square_says(board, square)
    best = square_choice(board, square)
    if best is None:
        return " ".join([*said, "No turn ends here (a jump's tail, or a square no roll reaches)."])
    dice = choice_dice(board)
    changed = [f"after a {face}, {words}" for face, words in best.after if words not in ("move", "forward")]
    best_die = [f"die {best.die + 1} ({dice[best.die].text})"] if len(dice) > 1 else []
    choice = "; ".join([*best_die, *changed]) or "nothing to choose (the roll is moved)"
    lines = [*said, f"One pawn here, playing best: {best.turns:.2f} turns left.", f"Best: {choice}."]
    if board.pawns > 1:
        lines.append(f"With {board.pawns} pawns which one moves depends on them all: the hints (k) give it.")
    return "\n".join(lines)


def why_no_exact(game: Game) -> str | None:
    """Why the app will not work out this position's fraction (``None``: it will)."""
    if game.deciding:
        return "Exact fractions are for boards without decisions; chutes-tui strategy solves this one."
    if len(game.players) != 2:
        return "Exact fractions are for two-player games; try chutes-tui exact --players N."
    if game.board.bump:
        return "Exact fractions are for games without the bump rule (its odds here are exact to 1e-12)."
    if game.finished:
        return "The game is over: the chances are 1 and 0."
    states = len(game.board.standable) - 1
    if states > EXACT_IN_APP_MAX_STATES:
        # Thread workers cannot be interrupted, and quitting waits for them: keep them short.
        where = path_text(game.board.source or game.board.name)
        return (
            f"Exact fractions take minutes on a board with {states} squares to stand on; "
            f"run chutes-tui exact {where} --position A B instead."
        )
    return None


def exact_answer(game: Game) -> ExactAnswer:
    """The two-player position's exact chance for the player to move (seconds of work: run it in
    a thread). python-flint is imported here, on first use, to keep it out of start-up."""
    from chutes_tui.exact.fractions import decimal_digits, fraction_text
    from chutes_tui.exact.two_player import exact_two_player

    mover, opponent = game.to_move, 1 - game.to_move
    position = (game.positions[mover], game.positions[opponent])
    value = exact_two_player(game.board).probability(
        game.odds_positions[mover], game.odds_positions[opponent]
    )
    names = [game.players[seat].spec.name for seat in (mover, opponent)]
    title = f"{names[0]} (to move, on {position[0]}) beats {names[1]} (on {position[1]}) with probability"
    return ExactAnswer(title, fraction_text(value), decimal_digits(value, 60))


class GameStatistics:
    """See the module docstring. The ``controller`` holds the game and its live odds; the
    ``scheduler`` plays the flow."""

    def __init__(self, controller: TurnController, view: StatisticsView, scheduler: Scheduler) -> None:
        self.controller = controller
        self.view = view
        self.overlays = OverlayCycle()
        self.flow = FlowSlider(self.overlays, view, scheduler, lambda: self.game, self.show_overlay)
        self.inspecting = False

    @property
    def game(self) -> Game:
        return self.controller.game

    # -- what the game screen tells it ------------------------------------------------------------

    def game_shown(self) -> None:
        """A game shown from scratch (new, rematch, resumed): its overlay."""
        self.show_overlay()

    def turn_shown(self) -> None:
        """After a turn: the overlays that follow the pieces, and the square inspected (its
        two-player chance is against the opponent's new square)."""
        if self.overlays.depends_on_positions:
            self.show_overlay()
        if self.inspecting:
            square = self.view.cursor_square()
            if square is not None:
                self.inspect(square)

    def new_game(self) -> None:
        """What was shown over the old game goes with it (a game played on from a review)."""
        self.overlays.chosen = None

    def take_live(self, request: Request, stats: LiveStats) -> None:
        """Statistics worked out in the background (boards where they are not instant); an
        answer about a game that is gone is dropped."""
        if request.game is self.game:
            self.controller.live.take(request.game, stats, request.turn)
            self.view.extend_chart(stats.odds.win, request.turn)
            self.view.show_state()

    # -- keys -------------------------------------------------------------------------------------

    def next_overlay(self) -> None:
        """Colour the board by the next statistic the game offers (after the last: none)."""
        if self.overlays.chosen is None and self._refused():
            return
        self.overlays.advance(self.game)
        self.show_overlay()

    def back(self) -> None:
        """Esc: the overlay off (the flow too), else the inspector closed, else the animation
        skipped."""
        if self.overlays.chosen is not None:
            self.overlays.chosen = None
            self.show_overlay()
        elif self.inspecting:
            self.toggle_inspector()
        else:
            self.controller.skip()

    def toggle_inspector(self) -> None:
        """The inspector on the square under the cursor (the mover's square when there is none), or off."""
        inspecting = not self.inspecting
        if inspecting and self._refused(series=True, inspector=True):
            return
        self.inspecting = inspecting
        self.view.show_inspecting(inspecting)
        if inspecting:
            square = self.view.cursor_square()
            if square is None:
                self.view.put_cursor(self.game.positions[self.game.to_move])
            else:
                self.inspect(square)
            self.view.focus_board()

    def cursor_moved(self, square: int | None) -> None:
        if self.inspecting and square is not None:
            self.inspect(square)

    def flow_play(self) -> None:
        """Show the flow (from any overlay), and play it forward or pause it."""
        if not self.flow.flowing:
            if self._refused():
                return
            if not self.overlays.show_flow(self.game):
                self.view.tell(GAME_OVER_NO_FLOW, 4)
                return
            self.show_overlay()
        self.flow.play_or_pause()

    def flow_turn(self, step: int) -> None:
        self.flow.move(step)

    def exact(self) -> None:
        """Work out the current two-player position's exact chance in a thread; play goes on."""
        refusal = why_no_exact(self.game)
        if refusal is not None:
            self.view.tell(refusal, 6)
            return
        self.view.tell(WORKING_OUT, 2)
        self.view.work_out_exact(self.game)

    def exact_answered(self, game: Game, answer: ExactAnswer) -> None:
        """The thread's answer, shown unless a new game started meanwhile (it is about the old one)."""
        if game is self.game:
            self.view.show_exact(answer)

    def diagonal(self) -> None:
        """Seed 001's picture for this board: why going first is worth something."""
        board = self.game.board
        if board.bump:
            self.view.tell(NOT_FOR_BUMP, 6)
            return
        if self._refused(series=True):
            return
        from chutes_tui.research.diagonal import diagonal_report  # as it opens: not at start-up

        self.view.show_diagonal(diagonal_report(board))

    # -- showing ----------------------------------------------------------------------------------

    def show_overlay(self) -> None:
        """The overlay chosen, as the game offers it now, and the flow's slider under it."""
        self.view.show_overlay(self.overlays.overlay(self.game))
        self.flow.show_bar()

    def inspect(self, square: int) -> None:
        from chutes_tui.analysis.reports import inspect_square  # the inspector's first square

        game = self.game
        if game.deciding:  # the square's best choice: a chain's statistics assume no choices
            self.view.show_inspector_note(square, choice_note(game.board, square))
            return
        two = len(game.players) == 2 and not game.finished
        # The opponent as the odds see it (a turn to miss is a state of its own).
        opponent = game.odds_positions[1 - game.to_move] if two else None
        try:
            report = inspect_square(game.board, square, opponent)
        except ValueError as error:  # a square no turn ends on (a die that skips it, a throw again)
            why = str(error)
            said = [*square_says(game.board, square), why[:1].upper() + why[1:] + "."]
            self.view.show_inspector_note(square, " ".join(said))
            return
        self.view.show_inspector(report, game.current.spec.name if two else None)

    def _refused(self, *, series: bool = False, inspector: bool = False) -> bool:
        """Whether the board is too large for the statistics on the UI thread, or has none
        (decisions: the overlays), the note saying so."""
        refusal = statistics_refusal(self.game.board, series=series, inspector=inspector)
        if refusal is not None:
            self.view.tell(refusal, 6)
        return refusal is not None
