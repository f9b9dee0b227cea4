"""The game screen: the board, the players' live odds, the odds history, the turn log."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Header, Static

from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.exact import ExactScreen
from chutes_tui.app.screens.help import HelpScreen
from chutes_tui.app.screens.picker import BoardPicker
from chutes_tui.app.screens.winner import WinnerScreen
from chutes_tui.app.widgets.board import BoardView, Overlay
from chutes_tui.app.widgets.chart import OddsChart
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.board import Board
from chutes_tui.game import Game, GameError, Turn
from chutes_tui.inspector import OVERLAYS, inspect_square, overlay_values
from chutes_tui.model.text import path_text, shown
from chutes_tui.rules import Move

# Computer turns per second at each speed setting; infinity is "max": no pauses, no animation.
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, math.inf)
DEFAULT_SPEED = 2
MAX_SPEED_DELAY = 0.001
# Above this many states an exact two-player fraction takes more than a second or so.
EXACT_IN_APP_MAX_STATES = 120
LOOP_PAUSE = 1.5  # seconds between games in watch --loop
LOOP_PAUSE_AT_MAX = 0.3
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
COMPACT_WIDTH = 110
COMPACT_HEIGHT = 34


def die_face(roll: int, sides: int) -> str:
    return DIE_FACES[roll - 1] if sides == 6 else f"[{roll}]"


def walk(step: Move, end: int, slide: Callable[[int, int], list[int]] | None = None) -> list[int]:
    """The squares a piece passes through for one roll: forward, back after a bounce, then
    along the jump (``slide(tail, head)`` gives the squares under its drawn path)."""
    if step.lost:
        return []
    forward = min(step.square + step.roll, end)
    squares = list(range(step.square + 1, forward + 1))
    if step.bounced:
        squares += list(range(end - 1, step.landing - 1, -1))
    if step.final != step.landing:
        path = slide(step.landing, step.final) if slide is not None else []
        squares += [s for s in path if s not in (step.landing, step.final)] + [step.final]
    return squares


def nearest_speed(turns_per_second: float) -> int:
    """The speed setting closest (by ratio) to a requested pace."""
    if math.isinf(turns_per_second):
        return len(SPEEDS) - 1
    finite = range(len(SPEEDS) - 1)
    return min(finite, key=lambda i: abs(math.log(SPEEDS[i] / turns_per_second)))


def speed_label(speed: float) -> str:
    return "max" if math.isinf(speed) else f"{speed:g}/s"


class GameScreen(Screen):
    """One game at a time; ``watch`` makes every seat a computer."""

    BINDINGS = [
        Binding("space,enter", "roll", "Roll"),
        Binding("plus,equals_sign", "faster", "Faster"),
        Binding("minus", "slower", "Slower"),
        Binding("p", "pause", "Pause"),
        Binding("full_stop", "step", "Step"),
        Binding("r", "rematch", "Rematch"),
        Binding("n", "new_game", "New game"),
        Binding("s", "save", "Save"),
        Binding("x", "exact", "Exact odds"),
        Binding("i", "inspector", "Inspector"),
        Binding("o", "overlay", "Overlay"),
        Binding("b", "load_board", "Load board"),
        Binding("e", "edit_board", "Edit board"),
        Binding("question_mark", "help", "Help"),
        Binding("escape", "skip", "Skip animation", show=False),
    ]

    def __init__(
        self,
        game: Game,
        *,
        watch: bool = False,
        speed: int = DEFAULT_SPEED,
        loop: bool = False,
        save_path: str | Path = "chutes-tui-save.json",
        new_game: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.watch_mode = watch
        self.speed_index = max(0, min(speed, len(SPEEDS) - 1))
        self.loop_games = loop
        self.paused = False
        self.save_path = Path(save_path)
        self._new_game = new_game
        self._auto: Timer | None = None
        self._animation: Timer | None = None
        self._steps: list[Callable[[], None]] = []
        self._turn: Turn | None = None
        self.overlay_index = -1  # -1: no overlay; else an index into the available overlays

    # -- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="game"):
            yield BoardView(self.game.board, [p.spec for p in self.game.players], id="board")
            with Vertical(id="side"):
                yield PlayersTable(id="players")
                yield OddsChart(id="chart")
                yield Static(id="info")
                with Horizontal(id="controls"):
                    yield Button("Roll", id="roll", variant="primary")
                    yield Static("", id="die")
                yield TurnLog(id="log")
                with Vertical(id="inspector"):
                    yield Static(id="inspect-text")
                    yield OddsChart(id="inspect-chart", x_label="turns")
        yield Footer()

    def on_mount(self) -> None:
        self.start(self.game)

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        self.set_class(compact, "compact")
        self.players_table.set_compact(compact)

    # -- game lifecycle ---------------------------------------------------------------------

    def start(self, game: Game) -> None:
        """Show ``game`` from its current state (a new game, a rematch or a resumed save)."""
        self._cancel_timers()
        self.game = game
        specs = [p.spec for p in game.players]
        self.board.reset(game.board, specs, game.positions)
        self.players_table.reset(specs)
        self.chart.load(
            [s.color for s in specs], [odds.win for odds in game.odds_history if odds is not None]
        )
        log = self.query_one("#log", TurnLog)
        log.clear()
        log.write(
            Text.assemble((shown(game.board.name, 60), "bold"), f" · {len(specs)} players · seed {game.seed}")
        )
        for turn in game.history:
            self._log_turn(turn)
        last = game.history[-1] if game.history else None
        self.board.set_trail(self._trail(last) if last else [])
        self._show_die(last.rolls[-1].roll if last else None)
        self._show_state()
        self._show_overlay()
        if game.finished:
            self._announce_winner()
        else:
            self._schedule()

    def _cancel_timers(self) -> None:
        for timer in (self._auto, self._animation):
            if timer is not None:
                timer.stop()
        self._auto = self._animation = None
        self._steps = []
        self._turn = None

    @property
    def board(self) -> BoardView:
        return self.query_one("#board", BoardView)

    @property
    def players_table(self) -> PlayersTable:
        return self.query_one("#players", PlayersTable)

    @property
    def chart(self) -> OddsChart:
        return self.query_one("#chart", OddsChart)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def animating(self) -> bool:
        return self._turn is not None

    def _computer_to_move(self) -> bool:
        return self.watch_mode or not self.game.current.spec.human

    def _schedule(self) -> None:
        """Arrange the next computer turn, or wait for a person."""
        if self._auto is not None:
            self._auto.stop()
            self._auto = None
        if self.animating or self.paused:
            return
        if self.game.finished:
            if self.loop_games:  # watch --loop: the next game starts by itself
                pause = LOOP_PAUSE_AT_MAX if math.isinf(self.speed) else LOOP_PAUSE
                self._auto = self._after(pause, self.action_rematch)
            return
        if not self._computer_to_move():
            return
        # Even at max speed each turn waits for the event loop, so keys stay responsive
        # (and Textual's timers divide by their interval, so it must not be 0).
        delay = MAX_SPEED_DELAY if math.isinf(self.speed) else 1.0 / self.speed
        self._auto = self._after(delay, self.play_turn)

    def _after(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` once, ``delay`` seconds from now, unless ``self._auto`` changes first.

        Not ``set_timer``: Textual's one-shot timer (8.2) skips ticks it is late for, and if more
        than ``delay`` passes between the two clock reads at its start (the thread preempted,
        the GIL held by Textual's writer thread) it ends without ever calling back -- and play
        stopped for good, four times in 12 minutes of ``watch --speed max --loop``. A repeating
        timer only skips ahead to its next tick, so it always fires; it stops itself on the
        first, and the identity check drops a second back-to-back tick and any tick queued
        before the timer was stopped or replaced.
        """

        def fire() -> None:
            timer.stop()
            self.call_next(run)

        def run() -> None:
            if self._auto is timer:
                self._auto = None
                callback()

        timer = self.set_interval(delay, fire)
        return timer

    def play_turn(self) -> None:
        """Roll for the player to move, then animate (or, at max speed, just show) the turn."""
        self._auto = None
        if self.game.finished or self.animating:
            return
        try:
            turn = self.game.roll()
        except GameError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self._turn = turn
        if math.isinf(self.speed):
            self._finish_turn()
            return
        self._steps = self._animation_steps(turn)
        interval = min(0.09, 0.6 / (self.speed * max(len(self._steps), 1)))
        self._animation = self.set_interval(max(interval, 0.01), self._animation_tick)

    def _animation_steps(self, turn: Turn) -> list[Callable[[], None]]:
        sides = self.game.board.die
        steps: list[Callable[[], None]] = []
        spinner = random.Random(turn.number)
        for step in turn.rolls:
            if not self._computer_to_move():
                for _ in range(4):
                    face = spinner.randint(1, sides)
                    steps.append(lambda face=face: self._show_die(face))
            steps.append(lambda roll=step.roll: self._show_die(roll))
            for square in walk(step, self.game.board.end, self._slide):
                steps.append(lambda square=square: self.board.place(turn.seat, square))
        return steps

    def _animation_tick(self) -> None:
        if self._steps:
            self._steps.pop(0)()
        if not self._steps:
            self._finish_turn()

    def _finish_turn(self) -> None:
        """Bring every widget to the game's state after the turn (also when skipping)."""
        turn = self._turn
        if turn is None:
            return
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        self._steps = []
        self._turn = None
        self._show_die(turn.rolls[-1].roll)
        self.board.place(turn.seat, turn.final)
        self.board.set_trail(self._trail(turn))
        if turn.odds is not None:
            self.chart.extend(turn.odds.win)
        self._log_turn(turn)
        self._show_state()
        if self._overlay_kind() == OVERLAYS[3]:
            self._show_overlay()  # the win-chance overlay depends on where the opponent stands
        if self.has_class("inspecting") and self.board.cursor is not None:
            self._show_inspector(self.board.cursor)
        if turn.won:
            self._announce_winner()
        else:
            self._schedule()

    def _show_die(self, roll: int | None) -> None:
        # Fixed-size widgets: no layout pass (a layout repaints the whole screen).
        text = "" if roll is None else die_face(roll, self.game.board.die)
        self.query_one("#die", Static).update(text, layout=False)

    def _slide(self, tail: int, head: int) -> list[int]:
        grid = self.board.grid
        return grid.path(tail, head) if grid.fits else []

    def _trail(self, turn: Turn) -> list[int]:
        return [square for step in turn.rolls for square in walk(step, self.game.board.end, self._slide)]

    def _log_turn(self, turn: Turn) -> None:
        spec = self.game.players[turn.seat].spec
        line = Text.assemble((spec.token, spec.color), f" {turn.number:>3}. {turn.describe(spec.name)}")
        self.query_one("#log", TurnLog).write(line)

    def _show_state(self) -> None:
        game = self.game
        odds = game.odds()
        win = odds.win if odds is not None else None
        self.players_table.show(game.positions, game.expected_turns_left(), win, game.to_move)
        if game.finished:
            status = f"{game.players[game.winner].spec.name} has won"  # type: ignore[index]
            prompt = ""
        else:
            status = f"{game.current.spec.name} to move"
            prompt = "press Space to roll" if not self._computer_to_move() else ""
        info = (
            f"Turn {len(game.history)}: {status}\n{prompt}\n"
            + (
                f"≈ {odds.expected_total_moves:.1f} moves ({odds.expected_rounds:.1f} rounds) to go\n"
                if odds is not None
                else "No live odds on a board this large: see chutes-tui analyze\n"
            )
            + f"Speed {speed_label(self.speed)}{' · paused' if self.paused else ''}"
        )
        self.query_one("#info", Static).update(Text(info), layout=False)
        self.query_one("#roll", Button).disabled = game.finished or self._computer_to_move()

    def _announce_winner(self) -> None:
        summary = self.game.summary()
        if self.loop_games:
            name = self.game.players[summary.winner].spec.name
            # In the header, not a toast: a toast is a new widget every game, and Textual 8.2 keeps
            # every removed widget's rendered lines alive (StylesCache.get_inner_outer has an
            # lru_cache keyed on the instance, Textualize/textual#6665): ~1 MB a minute.
            self.sub_title = f"last game: {name} won in {summary.turns} turns"
            self._schedule()
            return
        self.app.push_screen(WinnerScreen(self.game), self._after_winner)

    def _after_winner(self, choice: str | None) -> None:
        if choice == "rematch":
            self.action_rematch()
        elif choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.app.exit()

    # -- actions ----------------------------------------------------------------------------

    def action_roll(self) -> None:
        if self.animating:
            self._finish_turn()
        elif not self.game.finished and not self._computer_to_move():
            self.play_turn()

    def action_skip(self) -> None:
        if self.animating:
            self._finish_turn()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll":
            self.action_roll()

    def action_faster(self) -> None:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)
        self._show_state()
        self._schedule()

    def action_slower(self) -> None:
        self.speed_index = max(self.speed_index - 1, 0)
        self._show_state()
        self._schedule()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._show_state()
        self._schedule()

    def action_step(self) -> None:
        """One computer turn while paused."""
        if self.animating:
            self._finish_turn()
        elif self.paused and not self.game.finished:
            self.play_turn()

    def action_rematch(self) -> None:
        self.start(self.game.rematch())

    def action_new_game(self) -> None:
        if self._new_game is not None:
            self._cancel_timers()
            self._new_game()
        else:
            self.action_rematch()

    def action_save(self) -> None:
        try:
            self.game.save(self.save_path)
        except OSError as error:
            self.notify(
                f"Could not save to {path_text(self.save_path)}: {error.strerror or error}",
                severity="error",
                markup=False,
            )
            return
        where = path_text(self.save_path)
        self.notify(f"Saved to {where} — resume with: chutes-tui play --resume {where}", markup=False)

    def action_exact(self) -> None:
        """Work out the current two-player position's exact chance in a thread; play goes on."""
        game = self.game
        if len(game.players) != 2:
            self.notify("Exact fractions are for two-player games; try chutes-tui exact --players N.")
            return
        if game.finished:
            self.notify("The game is over: the chances are 1 and 0.")
            return
        states = len(game.board.standable_squares) - 1
        if states > EXACT_IN_APP_MAX_STATES:
            # Thread workers cannot be interrupted, and quitting waits for them: keep them short.
            self.notify(
                f"Exact fractions take minutes on a board with {states} squares to stand on; "
                f"run chutes-tui exact {path_text(game.board.source or game.board.name)} --position A B "
                "instead.",
                timeout=6,
                markup=False,
            )
            return
        mover, opponent = game.to_move, 1 - game.to_move
        position = (game.positions[mover], game.positions[opponent])
        self.notify("Working out the exact fraction…", timeout=2)
        self.run_worker(
            lambda: self._exact_in_thread(game, mover, opponent, position),
            thread=True,
            exclusive=True,
            group="exact",
        )

    def _exact_in_thread(self, game: Game, mover: int, opponent: int, position: tuple[int, int]) -> None:
        from chutes_tui.exact import decimal_digits, exact_two_player, fraction_text

        value = exact_two_player(game.board).probability(*position)
        names = [game.players[seat].spec.name for seat in (mover, opponent)]
        title = f"{names[0]} (to move, on {position[0]}) beats {names[1]} (on {position[1]}) with probability"
        self.app.call_from_thread(
            self._show_exact, game, title, fraction_text(value), decimal_digits(value, 60)
        )

    def _show_exact(self, game: Game, title: str, fraction: str, decimal: str) -> None:
        if game is not self.game:
            return  # a new game started meanwhile; the answer is about the old one
        self.app.push_screen(ExactScreen(title, fraction, decimal))

    # -- overlays and the inspector ---------------------------------------------------------

    def _overlays(self) -> tuple[str, ...]:
        two_players = len(self.game.players) == 2 and not self.game.finished
        return OVERLAYS if two_players else OVERLAYS[:3]

    def _overlay_kind(self) -> str | None:
        kinds = self._overlays()
        return kinds[self.overlay_index] if 0 <= self.overlay_index < len(kinds) else None

    def _opponent_square(self) -> int:
        game = self.game
        return game.positions[(game.to_move + 1) % len(game.players)]

    def action_overlay(self) -> None:
        """Colour the board by the next statistic (none → turns left → visits → P(visit) → win)."""
        kinds = self._overlays()
        self.overlay_index = self.overlay_index + 1 if self.overlay_index + 1 < len(kinds) else -1
        self._show_overlay()  # the legend under the board says which statistic is shown

    def _show_overlay(self) -> None:
        kind = self._overlay_kind()
        if kind is None:
            self.board.set_overlay(None)
            return
        opponent = self._opponent_square() if kind == OVERLAYS[3] else None
        values = overlay_values(self.game.board, kind, opponent)
        fmt = "{:.0%}" if kind in (OVERLAYS[2], OVERLAYS[3]) else "{:.1f}"
        label = kind if opponent is None else f"win chance vs {opponent}"
        self.board.set_overlay(Overlay(label, values, min(values.values()), max(values.values()), fmt))

    def action_inspector(self) -> None:
        inspecting = not self.has_class("inspecting")
        self.set_class(inspecting, "inspecting")
        if inspecting:
            board = self.board
            if board.cursor is None:
                board.set_cursor(self.game.positions[self.game.to_move])
            else:
                self._show_inspector(board.cursor)
            board.focus()

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        if self.has_class("inspecting") and message.square is not None:
            self._show_inspector(message.square)

    def _show_inspector(self, square: int) -> None:
        game = self.game
        two = len(game.players) == 2 and not game.finished
        try:
            report = inspect_square(game.board, square, self._opponent_square() if two else None)
        except ValueError:
            return
        heading = Text(f"Square {square}", style="bold")
        if report.statistics_from != square and report.jump is not None:
            heading.append(f" — {report.jump.kind} to {report.statistics_from} (its statistics)")
        lines: list[str] = []
        low, high = report.range_5_95
        lines.append(
            f"Turns left {report.expected_turns:.1f} ± {report.sd_turns:.1f} · median {report.median_turns}"
            f" · 5–95% {low}–{high}"
        )
        within = " ".join(f"{p:.0%}" for p in report.p_finish_within.values())
        lines.append(f"Finish within {'/'.join(map(str, report.p_finish_within))}: {within}")
        lines.append(
            f"From the start: {report.expected_visits:.2f} turns here · P(ever) {report.p_visit:.0%}"
        )
        lines.append(
            "Rolls: " + "  ".join(f"{o.roll}:{o.final}{'*' if o.jump else ''}" for o in report.roll_outcomes)
        )
        if report.jump is not None:
            jump = report.jump
            without = "unwinnable" if jump.expected_without is None else f"{jump.expected_without:.2f}"
            lines.append(
                f"{jump.kind.value.title()} {jump.tail}→{jump.head}: game {jump.expected_with:.2f}, "
                f"without it {without} turns"
            )
        if report.win_probability is not None:
            mover = game.current.spec.name
            lines.append(f"{mover} to move here vs {report.opponent}: wins {report.win_probability:.1%}")
        text = Text("\n").join([heading, *(Text(line) for line in lines)])
        self.query_one("#inspect-text", Static).update(text, layout=False)
        pmf = report.pmf
        first = pmf[: max(2, report.range_5_95[1] * 2)]
        peak = float(first.max()) or 1.0
        cdf = first.cumsum()
        self.query_one("#inspect-chart", OddsChart).load(
            ["cyan", "magenta"], [(float(p) / peak, float(c)) for p, c in zip(first, cdf, strict=True)]
        )

    def action_load_board(self) -> None:
        """Pick another board; the same players start a new game on it (a bad file changes nothing)."""
        self.app.push_screen(BoardPicker(), self._board_chosen)

    def _board_chosen(self, board: Board | None) -> None:
        if board is not None:
            self.paused = False
            self.start(Game.new(board, [p.spec for p in self.game.players]))

    def action_edit_board(self) -> None:
        """Open the editor on this board; 'p' there starts the same players on the result."""
        self.paused = True
        self._schedule()
        self._show_state()
        specs = [p.spec for p in self.game.players]
        self.app.push_screen(EditorScreen(self.game.board, specs), self._board_chosen)

    def action_help(self) -> None:
        keys = [(b.key, b.description) for b in self.BINDINGS if isinstance(b, Binding)]
        keys += [(b.key, b.description) for b in BoardView.BINDINGS if isinstance(b, Binding)]
        keys += [("ctrl+p", "Command palette"), ("ctrl+q", "Quit")]
        self.app.push_screen(HelpScreen(keys))

    def on_unmount(self) -> None:
        self._cancel_timers()
