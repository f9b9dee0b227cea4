"""The game's panels together: the board beside the side panel (players, odds chart, status,
roll button and die, turn log, inspector). The game screen tells it what to show; it formats."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Static

from chutes_tui.app.screenbase import StyledOnce
from chutes_tui.app.widgets.board import BoardView, give_board_room
from chutes_tui.app.widgets.chart import LineChart
from chutes_tui.app.widgets.inspector import InspectorPanel
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.status import Status, StatusPanel
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.app.widgets.wrap import item, joined
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import estimated
from chutes_tui.engine.turn import Snapshot, Turn
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import choice_dice, decides
from chutes_tui.model.dice import Dice
from chutes_tui.model.text import shown

if TYPE_CHECKING:
    from chutes_tui.analysis.reports import SquareReport  # made by the statistics, shown here

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
# A turn's line breaks between its items, never inside "rolled 3:", "0 → 3" or "(bounced)".
_MOVE = re.compile(r"rolled \d+:| → | \(bounced\)")
COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34
NARROW_WIDTH = 64


def die_face(roll: int, board: Board, turn: Turn | None = None) -> str:
    """The face ``turn`` rolled: a fair d6's as its pip glyph, any other die's as the squares it
    moves (``[0]``: it stays put). On a board with decisions the die rolled is the one chosen,
    which may have a 0 or faces past 6 (never the board's die's pips)."""
    if turn is not None and turn.choice is not None:
        fair = sorted(choice_dice(board)[turn.choice.die].faces) == [1, 2, 3, 4, 5, 6]
    else:
        fair = board.die == Dice(6)
    return DIE_FACES[roll - 1] if fair and 1 <= roll <= 6 else f"[{roll}]"


def chart_rows(height: int, players: int, compact: bool, bars: int = 0, status: int = 4) -> int:
    """Rows for the odds chart in a screen ``height`` lines tall (``bars``: lines under the
    panels, a review's bar): what the side panel's other parts leave, the log keeping at least
    :data:`LOG_LEAST` lines (compact) or sharing the spare rows half and half with the chart (9
    rows or more). 0: no room for a chart of :data:`CHART_LEAST` rows; it gives way, so the roll
    button stays in sight (12 players at 80×24). ``status``: the status's lines (more on a board
    with decisions: :func:`status_rows`)."""
    left = height - 2 - bars - table_rows(height, players, bars, status)  # header, footer, bars; the table
    if compact:  # then the status, the roll button (3), the log
        room = left - status - BUTTON_ROWS
        return max(CHART_LEAST, min(8, room - 4)) if room - LOG_LEAST >= CHART_LEAST else 0
    # the table's note (3 lines + 1), the chart's margin, status, button (3 + 1), log's margin
    spare = left - 3 - 1 - 1 - status - 4 - 1 - CHART_ROWS - LOG_ROWS
    return CHART_ROWS + max(0, spare // 2)


def table_rows(height: int, players: int, bars: int = 0, status: int = 4) -> int:
    """The players table's rows (its header and a line a player, at most 13): fewer, and it
    scrolls, where a whole table would leave no room for the status, the button and the log."""
    return max(3, min(13, players + 1, height - 2 - bars - status - BUTTON_ROWS - LOG_LEAST))


CHART_ROWS, LOG_ROWS = 9, 10
CHART_LEAST, LOG_LEAST, BUTTON_ROWS = 5, 2, 3
# The status's lines (chutes.tcss: #info): a board with decisions (a screen of class "deciding")
# says too what the odds assume of the players, and where they are estimated from how many games;
# one more line where they are estimated with a cpu:naive seat (class "naive-estimated": at 80
# columns ", cpu:naive too" takes a line of its own).
STATUS_ROWS, DECIDING_STATUS_ROWS, NAIVE_STATUS_ROWS = 4, 6, 7


def status_rows(screen: Screen[Any]) -> int:
    if screen.has_class("naive-estimated"):
        return NAIVE_STATUS_ROWS
    return DECIDING_STATUS_ROWS if screen.has_class("deciding") else STATUS_ROWS


def fit_panels(screen: Screen[Any], size: Size, board_only: bool | None, bars: int = 0) -> None:
    """The screen's classes for its size: ``compact`` below 110×34 (no spacing), ``board-only``
    below 64 columns unless ``board_only`` (the 'w' key) says otherwise; the chart's and the
    players table's rows (:func:`chart_rows`, :func:`table_rows`)."""
    compact = size.width < COMPACT_WIDTH or size.height < COMPACT_HEIGHT
    screen.set_class(compact, "compact")
    table = screen.query_one(PlayersTable)
    table.set_compact(compact)
    players = len(table.specs) or len(screen.query_one(GamePanels).first.players)  # before its reset
    status = status_rows(screen)
    table.styles.max_height = table_rows(size.height, players, bars, status)
    chart = screen.query_one("#chart", LineChart)
    rows = chart_rows(size.height, players, compact, bars, status)
    chart.display = rows > 0
    chart.styles.height = max(rows, CHART_LEAST)
    side = screen.query_one("#side")
    give_board_room(screen.query_one(BoardView), side, size.width, size.height - 2 - bars)
    if board_only is None:  # until 'w' is pressed, very narrow terminals show the board alone
        screen.set_class(size.width < NARROW_WIDTH, "board-only")
    # While the panel is hidden, a line under the board says how to show it (the key the
    # screen's bindings give the action, so it follows the keymap).
    keys = [
        screen.app.get_key_display(active.binding)
        for active in screen.active_bindings.values()
        if active.binding.action == "board_only"
    ]
    hint = f"{keys[0]}: show the odds panel" if keys else "The odds panel is hidden"
    screen.query_one("#panel-hint", Static).update(hint)


ResultType = TypeVar("ResultType")


class PanelScreen(StyledOnce, Screen[ResultType]):
    """A screen that shows :class:`GamePanels` (the game's and its review's), with their widgets
    by name."""

    BARS: ClassVar[int] = 0  # lines under the panels (a review's bar)
    _board_only: bool | None = None  # None: the terminal's width decides (else the 'w' key)

    def fit(self, size: Size | None = None) -> None:
        """The panels fitted to the screen's size (:func:`fit_panels`)."""
        fit_panels(self, size or self.size, self._board_only, self.BARS)

    @property
    def panels(self) -> GamePanels:
        return self.query_one(GamePanels)

    @property
    def board(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def players_table(self) -> PlayersTable:
        return self.query_one("#players", PlayersTable)

    @property
    def chart(self) -> LineChart:
        return self.query_one("#chart", LineChart)


def players_note(board: Board, assumed: str) -> str:
    """The line under the players' table: what its columns say (on a board with decisions what
    the figures ``assumed`` the players do: :func:`~chutes_tui.engine.live.assumed`; with pawns
    the squares are each pawn's)."""
    where = "pawns: each pawn's square" if board.pawns > 1 else "sq: square"
    if not decides(board):
        return (
            f"{where} · left: turns a player still needs on their own, on average · win: exact "
            "chance to win from here (? explains every number)"
        )
    return (
        f"{where} · left: turns a player still needs on their own, on average, playing for fewest "
        f"turns · win: chance to win from here, {assumed} "
        "(? explains every number)"
    )


class GamePanels(Horizontal):
    def __init__(self, game: Game, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.first = game

    def compose(self) -> ComposeResult:
        yield BoardView(self.first.board, [p.spec for p in self.first.players], id="board")
        with Vertical(id="side"):
            yield PlayersTable(id="players")
            yield Static(players_note(self.first.board, self.first.assumed), id="players-note")
            yield LineChart(id="chart", title="Chance to win", short_title="Win", readout=True)
            yield StatusPanel(id="info")
            with Horizontal(id="controls"):
                yield Button("Roll", id="roll", variant="primary")
                yield Static("", id="die")
            yield TurnLog(id="log")
            yield InspectorPanel(id="inspector")
        yield Static("", id="panel-hint")  # shown while the side panel is hidden

    def show_game(self, game: Game, trail: list[int], marks: Mapping[int, str] | None = None) -> None:
        """Everything from scratch (a new game, a rematch, a resumed save); ``marks`` add words
        to turns' lines in the log (a review's swings, by turn number)."""
        specs = [p.spec for p in game.players]
        screen = self.screen
        naive = any(s.naive for s in specs) and estimated(game.board, len(specs))
        classes = {"deciding": decides(game.board), "naive-estimated": naive}  # a taller status
        if isinstance(screen, PanelScreen) and any(screen.has_class(c) != on for c, on in classes.items()):
            for name, on in classes.items():
                screen.set_class(on, name)
            if screen.size.height:  # else its first resize fits it (status_rows)
                screen.fit()
        self.query_one(BoardView).reset(game.board, specs, game.piece_squares())
        self.query_one(PlayersTable).reset(specs, game.board.end, game.board.pawns)
        self.query_one("#players-note", Static).update(players_note(game.board, game.assumed))
        self.query_one(LineChart).load(
            [s.color for s in specs],
            [odds.win for odds in game.odds_history if odds is not None],
            legend=[(f"{s.token} {shown(s.name, 10)}", s.color) for s in specs],
            short_legend=[(s.token, s.color) for s in specs],  # the players table names them
            turns=[turn for turn, odds in enumerate(game.odds_history) if odds is not None],
        )
        log = self.query_one(TurnLog)
        log.clear()
        log.write(joined((shown(game.board.name, 60), "bold"), f"{len(specs)} players", f"seed {game.seed}"))
        for turn in game.history:
            self.log_turn(game, turn, (marks or {}).get(turn.number))
        self.query_one(BoardView).set_trail(trail)
        last = game.history[-1] if game.history else None
        self.show_die(game, None if last is None else last.last_face, last)

    def show_turn(self, game: Game, turn: Turn, trail: list[int]) -> None:
        self.show_die(game, turn.last_face, turn)
        board = self.query_one(BoardView)
        board.place_all(game.piece_squares())  # the mover, and any piece the bump rule sent back
        board.set_trail(trail)
        board.reveal(turn.final)
        if turn.odds is not None:
            self.query_one(LineChart).extend(turn.odds.win, turn.number)
        self.log_turn(game, turn)

    def show_state(
        self, snapshot: Snapshot, status: Status, roll_enabled: bool, button: str = "Roll"
    ) -> None:
        """``button``: what the button under the status does (watch mode: Pause or Resume)."""
        self.query_one(PlayersTable).snapshot = snapshot
        self.query_one(BoardView).to_move = snapshot.to_move
        self.query_one(StatusPanel).status = status
        roll = self.query_one("#roll", Button)
        roll.disabled = not roll_enabled
        if str(roll.label) != button:  # a new label lays the row out again: only when it changes
            roll.label = button

    def show_die(self, game: Game, roll: int | None, turn: Turn | None) -> None:
        """``roll`` of the die ``turn`` rolled (a person's spin: of the die it spins)."""
        # Fixed-size widgets: no layout pass (a layout repaints the whole screen).
        text = "" if roll is None else die_face(roll, game.board, turn)
        self.query_one("#die", Static).update(text, layout=False)

    def log_turn(self, game: Game, turn: Turn, mark: str | None = None) -> None:
        spec = game.players[turn.seat].spec
        names = [player.spec.name for player in game.players]
        described = _MOVE.sub(lambda found: item(found.group()), turn.describe(spec.name, names))
        line = Text.assemble((spec.token, spec.color), f" {turn.number:>3}. {described}")
        if mark is not None:
            line.append(f" {mark}", style="bold")
        self.query_one(TurnLog).write(line)

    def show_inspector(self, report: SquareReport, mover: str | None) -> None:
        self.query_one(InspectorPanel).show(report, mover)

    def show_inspector_note(self, square: int, note: str) -> None:
        self.query_one(InspectorPanel).show_note(square, note)
