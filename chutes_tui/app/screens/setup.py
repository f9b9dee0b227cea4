"""Choose players, board and rules before a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Header, Input, Label, Select, Static

from chutes_tui.analysis import expected_from_start
from chutes_tui.analysis.limits import PREVIEW_MAX_SQUARES
from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.messages import StartGame
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.engine.game import Game, GameError
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.io.saves import SaveError
from chutes_tui.io.settings import LastSetup, latest_save, update_settings
from chutes_tui.model import inputs
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.inputs import MAX_NAME_LENGTH, MAX_PLAYERS, InputError
from chutes_tui.model.players import COLORS, TOKENS, PlayerSpec, default_players
from chutes_tui.model.rules import EndRule
from chutes_tui.model.text import count, shown

T = TypeVar("T")
KINDS = (("Person", "human"), ("Computer", "cpu"), ("Empty", "off"))
BOARD_RULE = "board"


class SetupScreen(Screen):
    """Up to six seats (person, computer or empty), a board, the rules, a seed."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start game"),
        Binding("ctrl+o", "continue", "Continue saved game"),
        Binding("escape", "back", "Back to the game"),
    ]

    def __init__(
        self,
        board: str = "standard",
        players: Sequence[PlayerSpec] | None = None,
        seed: int | None = None,
        remembered: LastSetup | None = None,
    ) -> None:
        """``remembered``: the last game's setup, the starting point when no players are given."""
        super().__init__()
        self.remembered = remembered if players is None else None
        if players is None and remembered is not None:
            players, board = remembered.players, remembered.board
        self.initial_board = board
        self.initial_players = list(players) if players else default_players(2, humans=1)
        self.initial_seed = seed
        self.latest_save = latest_save()
        self.errors = 0  # fields refused by the last attempt to start
        self._previewed: Board | None = None  # the board the preview line describes

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static(
                Text.assemble(("New game", "bold"), " — who plays, on which board, by which rules"),
                classes="title",
            )
            for seat in range(MAX_PLAYERS):
                spec = self.initial_players[seat] if seat < len(self.initial_players) else None
                fallback = default_players(MAX_PLAYERS)[seat]
                kind = "off" if spec is None else ("human" if spec.human else "cpu")
                with Horizontal(classes="seat"):
                    yield Label(f"Seat {seat + 1}", classes="label")
                    yield Select(
                        KINDS, value=kind, allow_blank=False, id=f"kind-{seat}", classes="kind", compact=True
                    )
                    yield Input(
                        value=(spec or fallback).name,
                        placeholder="name",
                        id=f"name-{seat}",
                        classes="name",
                        max_length=MAX_NAME_LENGTH,
                        compact=True,
                    )
                    yield Select(
                        [(t, t) for t in TOKENS],
                        value=(spec or fallback).token,
                        allow_blank=False,
                        id=f"token-{seat}",
                        classes="token",
                        compact=True,
                    )
                    yield Select(
                        [(Text.assemble(("■ ", c), c.replace("_", " ")), c) for c in COLORS],
                        value=(spec or fallback).color,
                        allow_blank=False,
                        id=f"color-{seat}",
                        classes="color",
                        compact=True,
                    )
                yield Static("", id=f"name-{seat}-error", classes="field-error")
            names = bundled_board_names()
            chosen = self.initial_board if self.initial_board in names else "standard"
            path = "" if self.initial_board in names else self.initial_board
            with Horizontal(classes="row"):
                yield Label("Board", classes="label")
                yield Select(
                    [(n, n) for n in names], value=chosen, allow_blank=False, id="board-select", compact=True
                )
                yield Input(value=path, placeholder="…or a board file (Enter)", id="board-path", compact=True)
            yield Static("", id="board-preview")
            with Horizontal(classes="row"):
                yield Label("Rules", classes="label")
                rules = [("end rule of the board", BOARD_RULE)] + [
                    (f"end rule: {r.value}", r.value) for r in EndRule
                ]
                last = self.remembered
                yield Select(
                    rules,
                    value=last.end_rule if last and last.end_rule else BOARD_RULE,
                    allow_blank=False,
                    id="end-rule",
                    compact=True,
                )
                yield Input(
                    value=str(last.die) if last and last.die else "",
                    placeholder="die sides (board's)",
                    id="die-sides",
                    max_length=12,
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label("", classes="label")
                yield Checkbox(
                    "top face rolls again", bool(last and last.extra_roll), id="extra-roll", compact=True
                )
                yield Input(
                    value="" if self.initial_seed is None else str(self.initial_seed),
                    placeholder="seed (random)",
                    id="seed",
                    max_length=24,
                    compact=True,
                )
            yield Static("", id="die-sides-error", classes="field-error")
            yield Static("", id="seed-error", classes="field-error")
            yield Static("", id="setup-error")
            with Horizontal(classes="row buttons"):
                yield Button("Start game (ctrl+s)", id="start", variant="primary", compact=True)
                if self.latest_save is not None:
                    yield Button(
                        Text(f"Continue {shown(self.latest_save.stem, 32)} (ctrl+o)"),
                        id="continue",
                        compact=True,
                    )
        yield FittingFooter()

    def on_mount(self) -> None:
        self._preview()
        self.query_one("#name-0", Input).focus()  # typing a name is the first thing to do

    @on(Select.Changed, "#board-select, #end-rule")
    @on(Input.Submitted, "#board-path, #die-sides")
    @on(Checkbox.Changed, "#extra-roll")
    def _preview(self) -> None:
        """A line about the chosen board: its size, its jumps and (worked out in a thread: it
        needs the board's chain, and scipy the first time) how long a game lasts."""
        preview = self.query_one("#board-preview", Static)
        try:
            board = self._board_or_error()
        except (BoardError, InputError) as problem:
            self._previewed = None
            preview.update(Text(str(problem), style="italic"))
            return
        if board == self._previewed:
            return  # the same board and rules (the fields announce their first values on mount)
        self._previewed = board
        described = (
            f"{shown(board.name, 30)}: {board.end:,} squares, {count(len(board.ladders), 'ladder')}, "
            f"{count(len(board.chutes), 'chute')}, {board.die.text}, {board.end_rule} end"
        )
        if board.end > PREVIEW_MAX_SQUARES:
            length = "its expected length: chutes-tui analyze (too large to work out here)"
            preview.update(Text(f"{described} — {length}", style="italic"))
            return
        preview.update(Text(described, style="italic"))
        self._work_out_length(board, described)

    @work(thread=True, exclusive=True, group="setup-preview", name="board preview")
    def _work_out_length(self, board: Board, described: str) -> None:
        line = f"{described} — one player needs {expected_from_start(board):.1f} turns on average"
        self.app.call_from_thread(self._show_length, board, line)

    def _show_length(self, board: Board, line: str) -> None:
        if board is self._previewed:  # else the choice changed while the length was worked out
            self.query_one("#board-preview", Static).update(Text(line, style="italic"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # "Back to the game" only when this screen was opened from one; "Continue" only when
        # there is a save to continue.
        if action == "back":
            return self._game_below()
        if action == "continue":
            return self.latest_save is not None
        return True

    def _game_below(self) -> bool:
        return any(isinstance(screen, GameScreen) for screen in self.app.screen_stack[:-1])

    def action_back(self) -> None:
        """Esc: back to the game this screen was opened from, as it was."""
        if self._game_below():
            self.app.pop_screen()

    @on(Input.Changed)
    def _clear_refusal(self, event: Input.Changed) -> None:
        """A refused field's reason goes once the field is changed (Start checks it again)."""
        for note in self.query(f"#{event.input.id}-error"):
            if isinstance(note, Static) and note.display:
                note.update("")
                note.display = False

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#continue")
    def continue_pressed(self) -> None:
        self.action_continue()

    def action_continue(self) -> None:
        """The newest saved game, exactly where it was left; 's' saves back to it."""
        path = self.latest_save
        if path is None:
            self.notify("No saved game yet: press s during a game to save it.")
            return
        try:
            game = Game.load(path)
        except (GameError, SaveError) as error:
            self.app.push_screen(ErrorScreen("This save cannot be continued", str(error)))
            return
        self.post_message(StartGame(game, save_path=path))

    def _value(self, selector: str) -> str:
        widget = self.query_one(selector)
        return str(widget.value) if isinstance(widget, Select | Input) else ""

    def _field(self, field: str, check: Callable[[str], T]) -> T | None:
        """``check`` the input ``#field``; a refusal is shown beside it (and focuses it)."""
        note = self.query_one(f"#{field}-error", Static)
        try:
            value = check(self._value(f"#{field}"))
        except InputError as error:
            note.update(Text(str(error)))
            note.display = True
            if self.errors == 0:
                self.query_one(f"#{field}").focus()
            self.errors += 1
            return None
        note.update("")
        note.display = False
        return value

    def _board_or_error(self) -> Board:
        """The board and rules asked for, or the error that refuses them."""
        path = self._value("#board-path").strip()
        text = self._value("#die-sides")
        die = inputs.die_sides(text) if text.strip() else None
        board = load_board(path or self._value("#board-select"))
        changes: dict[str, Any] = {}
        if self._value("#end-rule") != BOARD_RULE:
            changes["end_rule"] = EndRule(self._value("#end-rule"))
        if die is not None:
            changes["die"] = die
        if self.query_one("#extra-roll", Checkbox).value:
            changes["extra_roll"] = True
        return board.replace(**changes) if changes else board

    def chosen_board(self) -> Board | None:
        """The board and rules asked for (``None``: a refusal is shown beside its field)."""
        refused = self.errors
        self._field("die-sides", lambda text: inputs.die_sides(text) if text.strip() else None)
        if self.errors > refused:
            return None
        try:
            return self._board_or_error()
        except BoardError as problem:
            self.query_one("#setup-error", Static).update(
                Text.assemble(("Board error", "bold"), f": {problem}")
            )
            self.errors += 1
            return None

    def chosen_players(self) -> list[PlayerSpec]:
        players = []
        for seat in range(MAX_PLAYERS):
            kind = self._value(f"#kind-{seat}")
            if kind == "off":
                self._field(f"name-{seat}", str)  # clears a stale refusal
                continue

            def named(text: str, seat: int = seat) -> str:
                return inputs.player_name(text.strip() or f"Player {seat + 1}")

            name = self._field(f"name-{seat}", named)
            if name is not None:
                players.append(
                    PlayerSpec(
                        name, self._value(f"#token-{seat}"), self._value(f"#color-{seat}"), kind == "human"
                    )
                )
        return players

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        error.update("")
        self.errors = 0
        players = self.chosen_players()
        seed = self._field("seed", lambda text: inputs.seed(text) if text.strip() else None)
        board = self.chosen_board()
        if self.errors:
            return
        if not players:
            error.update("Choose at least one player (a person or a computer).")
            return
        assert board is not None
        try:
            game = Game.new(board, players, seed)
        except GameError as problem:  # e.g. two seats with the same token
            error.update(Text(str(problem)))
            return
        self._remember(players)
        self.post_message(StartGame(game))

    def _remember(self, players: list[PlayerSpec]) -> None:
        """The next setup screen starts from these choices (the seed excepted)."""
        rule = self._value("#end-rule")
        die = self._value("#die-sides").strip()
        setup = LastSetup(
            players=tuple(players),
            board=self._value("#board-path").strip() or self._value("#board-select"),
            end_rule=None if rule == BOARD_RULE else rule,
            die=int(die) if die else None,  # already checked by chosen_board
            extra_roll=self.query_one("#extra-roll", Checkbox).value,
        )
        update_settings(setup=setup)
