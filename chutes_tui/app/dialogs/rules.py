"""The editor's rules: every rule the rule table offers in this dialog, a field each."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from chutes_tui.app.keymap import key
from chutes_tui.app.palette import Dialog
from chutes_tui.app.widgets.rulefields import overrides_of, rule_field, what
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.rulekinds import Form
from chutes_tui.model.ruletable import Offered, RuleOverrides, offered

ROWS = offered(Offered.DIALOG)
PREFIX = "rules-"
# A field's name, before it: the longest name of a field that is no tick box, and a space.
LABEL_WIDTH = max([10, *(len(row.label) + 1 for row in ROWS if row.kind.form is not Form.TICK)])


class RulesScreen(Dialog[RuleOverrides | None]):
    """Dismissed with the rules that changed, or ``None``."""

    BINDINGS = [key("back", "cancel")]

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-dialog", classes="dialog"):
            with VerticalScroll(classes="body"):  # scrolls above the buttons when it does not fit
                yield Static(Text("The board's rules", style="bold"), classes="title")
                for row in ROWS:
                    if row.kind.form is Form.TICK:
                        continue
                    field = rule_field(row, row.of(self.board), prefix=PREFIX)
                    with Horizontal(classes="field"):
                        label = Label(row.label[:1].upper() + row.label[1:])
                        label.styles.width = LABEL_WIDTH
                        yield label
                        yield field
                    if row.hint:
                        yield Static(Text(row.hint, style="dim"))
                    if row.kind.form is Form.TEXT:
                        yield Static("", id=f"{PREFIX}{row.name}-error", classes="field-error")
                with Vertical(id="rules-ticks"):  # one block: a line each
                    for row in ROWS:
                        if row.kind.form is Form.TICK:
                            yield rule_field(row, row.of(self.board), prefix=PREFIX)
                yield Static("", id="rules-refusal", classes="field-error")
            with Horizontal(classes="buttons"):  # docked at the bottom, after the fields in Tab order
                yield Button("Apply", id="apply", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def _changes(self) -> RuleOverrides | None:
        """What differs from the board (``None``: a field is refused, and the reason shown)."""
        for row in ROWS:
            if row.kind.form is Form.TEXT:
                error = self.query_one(f"#{PREFIX}{row.name}-error", Static)
                try:
                    row.kind.parse(self.query_one(f"#{PREFIX}{row.name}", Input).value, what(row))
                except InputError as problem:
                    self._show(error, str(problem))
                    return None
                error.display = False
        return overrides_of(ROWS, self, prefix=PREFIX).differing(self.board)

    def _show(self, note: Static, reason: str) -> None:
        """A refusal, wrapped, scrolled whole into view (the fields scroll above the buttons:
        on a small screen it would else lie under them)."""
        note.update(Text(reason))
        note.display = True
        self.call_after_refresh(note.scroll_visible, animate=False)

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _clear_refusals(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        """A refusal goes once a field changes (Apply checks again): the board's refusal, which
        any field may have caused, and the changed field's own."""
        for note in self.query(f"#rules-refusal, #{event.control.id}-error"):
            if isinstance(note, Static):
                note.update("")
                note.display = False

    def _apply(self) -> None:
        changes = self._changes()
        if changes is None:
            return
        try:  # refused here, with the fields as typed, rather than after the dialog has closed
            self.board.with_rules(changes)
        except BoardError as problem:
            self._show(self.query_one("#rules-refusal", Static), problem.reason)
            return
        self.dismiss(changes)

    def on_input_submitted(self) -> None:
        self._apply()

    @on(Button.Pressed, "#apply")
    def apply_pressed(self) -> None:
        self._apply()

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
