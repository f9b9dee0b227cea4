"""A rule's field in the app, made from its row of the rule table (``model/ruletable.py``):
a tick box, a list of choices or a line of text, by the kind of its value. The setup screen and
the editor's rules dialog make theirs here, so a new row is a new field on both.

On the setup screen a rule may be left as the board has it (``board_own``): a choice offers
"… of the board", a text field may stay empty ("dice: the board's (e.g. 2d6)"), and a rule that
is on or off is a choice of three ("bump of the board", "bump: on", "bump: off"; a tick box
could not say "the board's own" and still switch a board's rule off). In the dialog every field
shows the board's value and may change it, a tick box for on or off.
"""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select

from chutes_tui.app.widgets.tick import TickBox
from chutes_tui.model.rulekinds import Choice, Form
from chutes_tui.model.ruletable import RuleOption, RuleOverrides

BOARD_OWN = "board"  # a choice's value meaning "as the board has it"
SWITCH = {"on": True, "off": False}  # an on/off rule's words where it is a choice (the setup's)
MAX_TEXT = 200  # a rule typed in: the longest dice text is far shorter


def tooltip(row: RuleOption[Any]) -> str:
    return row.help[:1].upper() + row.help[1:]


def what(row: RuleOption[Any]) -> str:
    """How a refusal names the field, by its label quoted: "“miss a turn on” must be …" (a
    label is not always a noun: "the miss a turn on must be" read badly)."""
    return f"“{row.label}”"


def rule_field(row: RuleOption[Any], value: object, *, prefix: str = "", board_own: bool = False) -> Widget:
    """The field of ``row`` showing ``value`` (``None``, with ``board_own``: the board's own),
    named ``prefix`` + the rule's flag without its dashes (``#rules-end-rule``)."""
    kind = row.kind
    name = prefix + row.name
    field: Widget
    if kind.form is Form.TICK and not board_own:
        field = TickBox(row.label, bool(value), id=name, classes="rule", compact=True)
    elif kind.form is Form.TICK or isinstance(kind, Choice):
        choices = _choices(row, kind, board_own)
        shown = BOARD_OWN if value is None else _word(kind, value)
        field = Select(choices, value=shown, allow_blank=False, id=name, classes="rule", compact=True)
        if board_own:  # the setup's grid of fields: as wide as its longest choice
            field.styles.width = field_width(row)
    else:
        typed = "" if value is None else kind.text(value)
        placeholder = f"the board's (e.g. {kind.example})" if board_own else kind.example
        if value is None and not board_own:  # an optional rule the board has not set
            placeholder = f"none (e.g. {kind.example})"
        field = Input(
            typed, placeholder=placeholder, id=name, classes="rule", max_length=MAX_TEXT, compact=True
        )
    field.tooltip = tooltip(row)
    return field


def _choices(row: RuleOption[Any], kind: Any, board_own: bool) -> list[tuple[str, str]]:
    own = [(f"{row.label} of the board", BOARD_OWN)] if board_own else []
    words = list(SWITCH) if kind.form is Form.TICK else kind.words()
    return own + [(f"{row.label}: {word}" if board_own else word, word) for word in words]


def _word(kind: Any, value: object) -> str:
    """The choice showing ``value``: an on/off rule's word, or the choice's own text."""
    if kind.form is Form.TICK:
        return "on" if value else "off"
    return str(kind.text(value))


# On the setup screen: a text field's width, and the room between two fields on a line.
TEXT_WIDTH, GAP = 24, 2


def field_width(row: RuleOption[Any], board_own: bool = True) -> int:
    """The columns a rule's field takes (with its name, for a text field): a tick box's
    ``▐✓▌`` and a space before its label; a list as wide as its longest choice and its arrow;
    a text field after its name and a space."""
    kind = row.kind
    if kind.form is Form.TICK and not board_own:
        return len(row.label) + 4
    if kind.form is Form.TICK or isinstance(kind, Choice):
        return max(len(label) for label, _ in _choices(row, kind, board_own)) + 4
    return len(row.label) + 2 + TEXT_WIDTH


def fitting_columns(widths: list[int], room: int, gap: int = GAP) -> int:
    """The most columns the fields (in order, a line at a time) fit in ``room`` with: each
    column as wide as its widest field, ``gap`` between two (at least one column)."""
    for columns in range(len(widths), 1, -1):
        needed = sum(max(widths[column::columns]) for column in range(columns)) + gap * (columns - 1)
        if needed <= room:
            return columns
    return 1


def labelled(row: RuleOption[Any], field: Widget, label_class: str) -> Widget:
    """A text field with its rule's name before it and a colon ("top faces in a row: the
    board's (e.g. 3)": a value alone would not say what it is, and the name and a placeholder
    would run into one phrase); a tick box or a choice names itself."""
    if row.kind.form is not Form.TEXT:
        return field
    return Horizontal(Label(f"{row.label}:", classes=label_class), field, classes="rule-cell")


def field_value(row: RuleOption[Any], field: Widget, *, board_own: bool = False) -> object:
    """What ``field`` says of ``row`` (``None``: the board's own); a text that is not a value
    of the rule: :class:`~chutes_tui.model.inputs.InputError`, naming the field."""
    kind = row.kind
    if isinstance(field, Checkbox):  # the dialog's (the setup's on/off rules are choices)
        return field.value
    if isinstance(field, Select):
        word = str(field.value)
        if word == BOARD_OWN:
            return None
        return SWITCH[word] if kind.form is Form.TICK else kind.parse(word, what(row))
    assert isinstance(field, Input)
    if board_own and not field.value.strip():
        return None
    return kind.parse(field.value, what(row))


def overrides_of(
    rows: tuple[RuleOption[Any], ...], form: Widget, *, prefix: str = "", board_own: bool = False
) -> RuleOverrides:
    """What the fields of ``rows`` in ``form`` ask for (with ``board_own``, a field left as the
    board has it asks nothing); :class:`~chutes_tui.model.inputs.InputError`: a text refused."""
    overrides = RuleOverrides()
    for row in rows:
        value = field_value(row, form.query_one(f"#{prefix}{row.name}"), board_own=board_own)
        if value is not None or not board_own:  # in the dialog, none may be a rule's value
            overrides = overrides.with_value(row, value)
    return overrides
