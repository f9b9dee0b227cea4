"""The setup screen's rules and choices: a field for every row of the rule table the setup offers
(:mod:`.rulefields` makes each from its row), each left as the board has it until changed.

Two blocks, each beside its title: the rules, then issue 27's decisions ("Choices"). A block is
a grid of as many fields a line as the width fits (:meth:`SetupRules.fit`), and after it any
field whose text runs long (a list of dice to choose from): as wide as the form, its hint under
it, and under that its refusal, said as it is typed (:meth:`SetupRules.refused_under_fields`).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from chutes_tui.app.widgets.rulefields import (
    field_width,
    fitting_columns,
    labelled,
    overrides_of,
    rule_field,
    what,
)
from chutes_tui.model.inputs import InputError
from chutes_tui.model.ruletable import Offered, RuleOption, RuleOverrides, offered

ROWS = offered(Offered.SETUP)
BLOCKS = (
    ("Rules", "rule-fields", tuple(row for row in ROWS if not row.decision)),
    ("Choices", "choice-fields", tuple(row for row in ROWS if row.decision)),
)
PREFIX = "setup-"  # a rule's field: #setup-die (the game screen has a #die)
LABEL_WIDTH = 8  # screens.tcss: #setup .label
# The rules' fields flow within 104 of the form's 120 columns (screens.tcss: #setup > *):
# rulefields.field_width counts a tick box and a text field's name short (by 1 and 2), and the
# slack keeps a line of them whole.
RULES_WIDTH = 104


def typed_rule(row: RuleOption[Any], text: str) -> object:
    """A rule's text field as typed (empty: the board's own)."""
    return row.kind.parse(text, what(row)) if text.strip() else None


class SetupRules(Vertical):
    """Every rule's field, each showing ``remembered``'s value or else the board's own."""

    def __init__(self, remembered: RuleOverrides | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.remembered = remembered or RuleOverrides()

    def compose(self) -> ComposeResult:
        for title, grid, rows in BLOCKS:
            if rows:
                yield from self._block(title, grid, rows)

    def _block(self, title: str, grid: str, rows: tuple[RuleOption[Any], ...]) -> ComposeResult:
        def field(row: RuleOption[Any]) -> Widget:
            value = self.remembered.value(row) if row in self.remembered else None
            return labelled(row, rule_field(row, value, prefix=PREFIX, board_own=True), "inline-label")

        with Horizontal(classes="row"):
            yield Label(title, classes="label")
            with Vertical(classes="rule-block"):
                with Grid(id=grid, classes="rule-grid"):  # as many a line as fit (fit)
                    for row in rows:
                        if not row.kind.wide:
                            yield field(row)
                for row in rows:
                    if row.kind.wide:
                        yield field(row).add_class("wide")
                        if row.hint:
                            yield Static(Text(row.hint), classes="hint")
                        yield Static("", id=f"{PREFIX}{row.name}-error", classes="field-error")

    def fit(self, width: int) -> None:
        """The fields flowed onto as many lines as a screen ``width`` wide needs (the form's
        padding, its label column and a scroll bar aside; at most :data:`RULES_WIDTH`)."""
        room = min(width - 5, RULES_WIDTH) - LABEL_WIDTH
        for _, grid, rows in BLOCKS:
            widths = [field_width(row) for row in rows if not row.kind.wide]
            for fields in self.query(f"#{grid}"):
                fields.styles.grid_size_columns = fitting_columns(widths, room)

    def overrides(self) -> RuleOverrides:
        """What the fields ask for (one left as the board has it: nothing);
        :class:`~chutes_tui.model.inputs.InputError`: a text refused."""
        return overrides_of(ROWS, self, prefix=PREFIX, board_own=True)

    def refused_under_fields(self) -> str:
        """The fields with a refusal line of their own (a long one: a list of dice), each
        checked as typed: its reason shown under it, or taken away; the names of those
        refused ("“dice to choose from”"), or ""."""
        refused = []
        for row in ROWS:
            if row.kind.wide:
                note = self.query_one(f"#{PREFIX}{row.name}-error", Static)
                try:
                    typed_rule(row, self.query_one(f"#{PREFIX}{row.name}", Input).value)
                except InputError as error:
                    note.update(Text(str(error)))
                    note.display = True
                    refused.append(what(row))
                    continue
                note.update("")
                note.display = False
        return " and ".join(refused)
