"""Choose players, board and rules before a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Header, Input, Label, Select, Static

from chutes_tui.app.dialogs.error import ErrorScreen
from chutes_tui.app.keymap import KEYMAP, keys, moved
from chutes_tui.app.messages import StartGame
from chutes_tui.app.screenbase import StyledOnce, start_at_breakpoints
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.themes import seat_color
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.widgets.preview import BoardPreview
from chutes_tui.app.widgets.seats import FIELDS, Seat, kind_spec
from chutes_tui.app.widgets.setuprules import PREFIX, ROWS, SetupRules, typed_rule
from chutes_tui.engine.game import Game, GameError
from chutes_tui.io.boardfile import load_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.io.saves import SaveError
from chutes_tui.io.settings import LastSetup, latest_save, update_settings
from chutes_tui.model import inputs
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.inputs import MAX_PLAYERS, InputError
from chutes_tui.model.players import PlayerSpec, default_players
from chutes_tui.model.rulekinds import Form
from chutes_tui.model.text import path_text, shown

T = TypeVar("T")


class SetupScreen(StyledOnce, Screen):
    """The seats in play (1 to ``MAX_PLAYERS``: a person or the computer), a board, the rules,
    a seed. Only the seats in use are shown (and composed: the first paint stays quick); ctrl+n
    adds one, ctrl+r removes the one being edited."""

    # Narrower than this, a seat's colour shows its swatch without its name (screens.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (76, "-wide")]
    # The first name has the focus from the start (typing a name is the first thing to do): by
    # default the form would have it first, and each change of focus restyles the form's hundred
    # widgets (0.07 CPU-s of a setup's 0.37 before its first frame).
    AUTO_FOCUS = "#name-0"

    BINDINGS = [
        *keys("play", "add_seat", "remove_seat", "continue", "back"),
        moved("save", "Nothing to save here: ctrl+b starts the game."),
    ]

    def __init__(
        self,
        board: str = "standard",
        players: Sequence[PlayerSpec] | None = None,
        seed: int | None = None,
        remembered: LastSetup | None = None,
    ) -> None:
        """``remembered``: the last game's setup (its rules, with the command line's over them):
        the starting point, its players and board too when no ``players`` are given."""
        super().__init__()
        start_at_breakpoints(self, self.app.size)  # the form styled once, not again at its first Resize
        self.remembered = remembered
        self._preview_due = False  # a preview is asked for after the next refresh (_preview)
        if players is None and remembered is not None:
            players, board = remembered.players, remembered.board
        self.initial_board = board
        self.initial_players = list(players) if players else default_players(2, humans=1)
        self.initial_seed = seed
        self.latest_save = latest_save()
        self.errors = 0  # fields refused by the last attempt to start

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup"):
            yield Static(
                Text.assemble(("New game", "bold"), " — who plays, on which board, by which rules"),
                classes="title",
            )
            with Vertical(id="seats"):
                for seat, spec in enumerate(self.initial_players):
                    yield Seat(seat, spec, self._taken, self._paint)
            add = Button("+ Add a seat (ctrl+n)", id="add-seat", compact=True)
            add.display = len(self.initial_players) < MAX_PLAYERS  # a full table has no room
            yield add
            names = bundled_board_names()
            chosen = self.initial_board if self.initial_board in names else "standard"
            path = "" if self.initial_board in names else self.initial_board
            boards = [(n, n) for n in names]
            served = self.app.is_web  # a visitor may open no file of the server's but its board
            if served and path:
                if path == getattr(self.app, "board_name", None):
                    boards.append((f"{shown(path_text(path), 30)} (the server's)", path))
                    chosen = path
                path = ""
            with Horizontal(classes="row"):
                yield Label("Board", classes="label")
                yield Select(boards, value=chosen, allow_blank=False, id="board-select", compact=True)
                typed = Input(path, placeholder="…or a board file (Enter)", id="board-path", compact=True)
                typed.display = not served
                yield typed
            yield BoardPreview(id="board-preview")
            yield SetupRules(None if self.remembered is None else self.remembered.rules, id="setup-rules")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(
                    value="" if self.initial_seed is None else str(self.initial_seed),
                    placeholder="random",
                    id="seed",
                    max_length=24,
                    compact=True,
                )
            yield Static("", id="seed-error", classes="field-error")
            yield Static("", id="setup-error")
        with Vertical(id="setup-actions"), Horizontal(classes="row buttons"):
            yield Button("Play (ctrl+b)", id="start", variant="primary", compact=True)
            if self.latest_save is not None:
                yield Button(
                    Text(f"Continue {shown(self.latest_save.stem, 32)} (ctrl+o)"),
                    id="continue",
                    compact=True,
                )
        yield FittingFooter()

    def on_resize(self, event: events.Resize) -> None:  # header, Start's row, footer: in sight
        self.query_one("#setup").styles.max_height = max(3, event.size.height - 4)
        self.rules.fit(event.size.width)

    def on_mount(self) -> None:
        self._preview()

    @on(Select.Changed, "#board-select, .rule")
    @on(Input.Submitted, "#board-path, .rule")
    @on(Input.Changed, ".rule")
    @on(Checkbox.Changed, ".rule")
    def _preview(self) -> None:
        """The line about the chosen board, after the screen's next refresh: changes that come
        together (every field's first value as the screen opens: eight) make one preview, which
        reads a board file once, not once a field (a 100,000-square file's 0.17 s, eight times
        on the UI thread before the screen settled)."""
        if not self._preview_due:
            self._preview_due = True
            self.call_after_refresh(self._show_preview)

    def _show_preview(self) -> None:
        """The line about the chosen board (:class:`BoardPreview`). A choice that changed clears
        the last attempt's board error (the preview says whether it still holds)."""
        self._preview_due = False
        self.query_one("#setup-error", Static).update("")
        preview = self.query_one("#board-preview", BoardPreview)
        refused = self.rules.refused_under_fields()
        if refused:  # said under the field: the preview points there
            preview.show_problem(f"No board yet: {refused} refused below.")
            return
        try:
            board = self._board_or_error()
        except (BoardError, InputError) as problem:
            preview.show_problem(problem)
            return
        preview.show_board(board)

    @property
    def rules(self) -> SetupRules:
        return self.query_one(SetupRules)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # "Back to the game" only when this screen was opened from one; "Continue" only when
        # there is a save to continue.
        if action == "back":
            return self._game_below()
        if action == "continue":
            return self.latest_save is not None
        if action == "add_seat":  # dimmed, not hidden: the footer keeps its place
            return len(self.seats()) < MAX_PLAYERS or None
        if action == "remove_seat":
            return len(self.seats()) > 1 or None
        return True

    def _game_below(self) -> bool:
        return any(isinstance(screen, GameScreen) for screen in self.app.screen_stack[:-1])

    def action_back(self) -> None:
        """Esc: back to the game this screen was opened from, as it was."""
        if self._game_below():
            self.app.pop_screen()

    @on(Input.Changed)
    def _clear_refusal(self, event: Input.Changed) -> None:
        """A refused field's reason goes once the field is changed (Start checks it again; a
        rule's long field is checked as it is typed: ``SetupRules.refused_under_fields``)."""
        if event.input.has_class("rule"):
            return
        for note in self.query(f"#{event.input.id}-error"):
            if isinstance(note, Static) and note.display:
                note.update("")
                note.display = False

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_play()

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
        """``check`` the input ``#field``; a refusal focuses it and is shown under it (a rule's
        field has no line of its own: the board preview says why, as it did while it was typed)."""
        notes = self.query(f"#{field}-error").results(Static)
        try:
            value = check(self._value(f"#{field}"))
        except InputError as error:
            for note in notes:
                note.update(Text(str(error)))
                note.display = True
            if self.errors == 0:
                self.query_one(f"#{field}").focus()
            self.errors += 1
            return None
        for note in notes:
            note.update("")
            note.display = False
        return value

    def _board_or_error(self) -> Board:
        """The board and rules asked for, or the error that refuses them."""
        path = self._value("#board-path").strip()
        rules = self.rules.overrides()
        return load_board(path or self._value("#board-select"), rules, deciding=True)

    def chosen_board(self) -> Board | None:
        """The board and rules asked for (``None``: a refusal is shown beside its field)."""
        refused = self.errors
        for row in ROWS:
            if row.kind.form is Form.TEXT:
                self._field(PREFIX + row.name, partial(typed_rule, row))
        if self.errors > refused:
            return None
        try:
            return self._board_or_error()
        except BoardError as problem:
            self._refuse(Text.assemble(("Board error", "bold"), f": {problem}"))
            self.errors += 1
            return None

    def _refuse(self, message: Text) -> None:
        """Say why Play did not start a game, under the form and scrolled into sight (the form
        scrolls on a small terminal: the line was below what a person saw)."""
        error = self.query_one("#setup-error", Static)
        error.update(message)
        self.call_after_refresh(error.scroll_visible, animate=False)

    def seats(self) -> list[Seat]:
        # The seats' own container, not the whole form: the footer asks twice at each change of
        # bindings (check_action), and the form's hundred widgets made that a walk each time.
        try:
            table = self.query_one("#seats", Vertical)
        except NoMatches:  # not composed yet
            return []
        return list(table.query_children(Seat))

    def _paint(self, color: str) -> str:
        return seat_color(self.app, color)

    def _taken(self, field: str, seat: int) -> set[str]:
        """The tokens (``field`` "token") or colours the seats other than ``seat`` have."""
        index = FIELDS.index(field)
        return {other.fields()[index] for other in self.seats() if other.seat != seat}

    def chosen_players(self) -> list[PlayerSpec]:
        players = []
        for seat in self.seats():
            kind, _, token, color = seat.fields()

            def named(text: str, number: int = seat.seat + 1) -> str:
                return inputs.player_name(text.strip() or f"Player {number}")

            name = self._field(f"name-{seat.seat}", named)
            if name is not None:
                players.append(PlayerSpec(name, token, color, *kind_spec(kind)))
        return players

    def on_key(self, event: events.Key) -> None:
        # A full table dims the key (check_action), and a dimmed key runs nothing: say why here.
        if event.key in KEYMAP["add_seat"].keys.split(",") and len(self.seats()) >= MAX_PLAYERS:
            event.stop()
            self.notify(f"A game has at most {MAX_PLAYERS} players: every seat is taken.", timeout=4)

    async def action_add_seat(self) -> None:
        """A computer player at a new seat, with a name, token and colour no other seat has;
        its name is focused, to be typed over."""
        seats = self.seats()
        if len(seats) >= MAX_PLAYERS:
            return
        number = len(seats)
        spare = default_players(MAX_PLAYERS)
        tokens, colors = self._taken("token", number), self._taken("color", number)
        token = next(spec.token for spec in spare if spec.token not in tokens)
        color = next(spec.color for spec in spare if spec.color not in colors)
        names = {seat.fields()[1].strip() for seat in seats}
        name = next(spec.name for spec in spare[number:] + spare if spec.name not in names)
        spec = PlayerSpec(name, token, color, human=False)
        await self.query_one("#seats", Vertical).mount(Seat(number, spec, self._taken, self._paint))
        self.query_one("#add-seat", Button).display = number + 1 < MAX_PLAYERS
        self.query_one(f"#name-{number}", Input).focus()
        self.refresh_bindings()

    async def action_remove_seat(self) -> None:
        """Removes the seat being edited (else the last): the seats after it move up one."""
        seats = self.seats()
        if len(seats) <= 1:
            return
        editing = self.focused.ancestors_with_self if self.focused is not None else []
        gone = next((node.seat for node in editing if isinstance(node, Seat)), len(seats) - 1)
        await self._remove(seats, gone)

    @on(Button.Pressed, ".remove")
    async def _remove_pressed(self, event: Button.Pressed) -> None:
        seats = self.seats()
        if len(seats) > 1:
            await self._remove(seats, int(str(event.button.id).rsplit("-", 1)[1]))

    async def _remove(self, seats: list[Seat], gone: int) -> None:
        for seat, after in zip(seats[gone:], seats[gone + 1 :], strict=False):
            seat.fill(*after.fields())
        await seats[-1].remove()
        self.query_one("#add-seat", Button).display = True
        self.query_one(f"#name-{min(gone, len(seats) - 2)}", Input).focus()
        self.refresh_bindings()

    @on(Button.Pressed, "#add-seat")
    async def _add_pressed(self) -> None:
        await self.action_add_seat()

    def action_play(self) -> None:
        error = self.query_one("#setup-error", Static)
        error.update("")
        self.errors = 0
        players = self.chosen_players()
        seed = self._field("seed", lambda text: inputs.seed(text) if text.strip() else None)
        board = self.chosen_board()
        if self.errors:
            return
        if not players:
            self._refuse(Text("Choose at least one player (a person or a computer)."))
            return
        assert board is not None
        try:
            game = Game.new(board, players, seed)
        except GameError as problem:  # e.g. two seats with the same token
            self._refuse(Text(str(problem)))
            return
        self._remember(players)
        self.post_message(StartGame(game))

    def _remember(self, players: list[PlayerSpec]) -> None:
        """The next setup screen starts from these choices (the seed excepted)."""
        setup = LastSetup(
            players=tuple(players),
            board=self._value("#board-path").strip() or self._value("#board-select"),
            rules=self.rules.overrides(),  # already checked by chosen_board
        )
        update_settings(setup=setup)
