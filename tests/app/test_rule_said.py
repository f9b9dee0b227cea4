"""Every row of the rule table in every summary of a board's rules: the command line's heading
(and analyze's end rule line), the editor's figures and the setup's board preview. Each says what
the rows say (:meth:`RuleOption.words`); here every row's words are marked with its name, so a
summary written by hand again (even one with today's words) loses the marks and fails."""

import io

import pytest
from rich.console import Console

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.keymap import keys
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.cli import common, main
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.ruletable import HOUSE_RULES, RULES, SAID, Offered, RuleOption, offered, said
from tests.app.helpers import wait_for
from tests.app.test_rule_table import GROUPS, SAMPLES, only, playable, setup_with_samples

REAL_WORDS = RuleOption.words


@pytest.fixture
def marked(monkeypatch):
    """Every row's words, followed by its name: ``exact end‹end-rule›``."""

    def words(row, rules, *, brief=False):
        real = REAL_WORDS(row, rules, brief=brief)
        return None if real is None else f"{real}‹{row.name}›"

    monkeypatch.setattr(RuleOption, "words", words)


def said_in_order(text, board, rows, *, brief=False):
    """Each of ``rows``, set on ``board``, is said in ``text`` with its words, in the summaries'
    order."""
    marks = [f"{REAL_WORDS(row, board, brief=brief)}‹{row.name}›" for row in SAID if row in rows]
    assert all(mark in text for mark in marks), (marks, text)
    assert [text.index(mark) for mark in marks] == sorted(text.index(mark) for mark in marks), text


@GROUPS
def test_a_rule_is_said_when_set_and_the_dice_and_end_rule_always(group):
    standard = load_board("standard")
    assert said(standard) == ["d6", "exact end"]  # the house rules are said only when set
    assert said(standard, brief=True) == ["d6", "exact"]
    board = standard.with_rules(SAMPLES[group])
    for row in playable(RULES)[group]:
        assert row.words(board) and row.words(board, brief=True), row.field
        assert (row.words(standard) is None) == (row in HOUSE_RULES), row.field
    dice = "d6" if group == 2 else "2d6"  # decisions: the die chosen of a list (said later)
    assert said(board)[:2] == [dice, "reach end"]  # the dice first, then the end
    third = ["goal square 90", "extra roll on the top face", "chained jumps"][group]
    assert said(board)[2] == third


@GROUPS
def test_the_heading_says_every_rule_set(group, marked):
    board = load_board("standard").with_rules(SAMPLES[group])
    out = io.StringIO()
    common.heading(Console(file=out, width=1000), board)
    said_in_order(out.getvalue(), board, playable(RULES)[group])


@GROUPS
def test_analyze_says_every_house_rule_set_after_the_end_rule(group, marked, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "600")  # the line whole
    rows = playable([row for row in HOUSE_RULES if row in offered(Offered.CLI)])[group]
    flags = [word for row in rows for word in _flag(row)]
    assert main(["analyze", "standard", *flags]) == 0, capsys.readouterr().err
    board = load_board("standard").with_rules(only(rows))
    line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("end rule"))
    said_in_order(line, board, rows)


def _flag(row):
    """``row``'s sample on the command line."""
    value = only([row]).value(row)
    return [row.flag] if value is True else [row.flag, row.kind.text(value)]


@GROUPS
async def test_the_editor_says_every_rule_of_its_dialog_set(group, marked):
    rows = playable(offered(Offered.DIALOG))[group]
    board = load_board("standard").with_rules(only(rows))  # the samples name its squares
    app = ChutesApp(board=board, edit=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        said_in_order(str(app.screen.query_one("#editor-stats").render()), board, rows, brief=True)


@GROUPS
async def test_the_setup_preview_says_every_rule_of_the_setup_set(group, marked):
    rows = playable(offered(Offered.SETUP))[group]
    async with setup_with_samples(rows) as (_, setup, pilot):
        board = load_board("tiny-10").with_rules(only(rows))
        preview = setup.query_one("#board-preview")
        await wait_for(pilot, lambda: "‹" + rows[-1].name in str(preview.render()))
        said_in_order(str(preview.render()), board, rows)


def test_the_rules_key_names_the_dialogs_rules_in_a_summarys_order():
    (key,) = keys("rules")
    names = [
        "dice",
        "end rule",
        "goal square",
        "extra roll",
        "add a turn's rolls",
        "top faces in a row",
        "after the streak",
        "faces that enter",
        "enter on square",
        "chained jumps",
        "bump",
        "miss a turn on",
        "roll again on",
        "dice to choose from",
        "after the roll",
        "pawns each",
    ]
    assert key.tooltip == "D" + ", ".join(names)[1:]
    assert [row.named for row in SAID if row in offered(Offered.DIALOG)] == names
