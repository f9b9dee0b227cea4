"""Every row of the rule table on every surface that offers it: the command line, the setup
screen, the rules dialog, the remembered setup and the board file. Each surface is made from the
table, so a row is offered everywhere its row says; a surface written by hand again, or a row it
leaves out, fails here.

Each rule is set to a value other than its default (all at once: two dice need the reach rule on
the standard board) and must come back on the board, the settings or the file it went to. The app
tests play on tiny-10, whose bump odds are instant (the standard board's keep a worker busy)."""

import argparse
import dataclasses
from contextlib import asynccontextmanager

import pytest
from textual.widgets import Checkbox, Input, Select

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.rules import RulesScreen
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.cli import common
from chutes_tui.io.boardfile import format_toml, load_board, parse_toml
from chutes_tui.io.settings import LastSetup, Settings, load_settings, save_settings
from chutes_tui.model import ruletable
from chutes_tui.model.board import BoardError
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.rulekinds import Choice, Form
from chutes_tui.model.ruletable import (
    DECISIONS,
    PAWNS,
    RULES,
    Offered,
    RuleChoices,
    RuleOverrides,
    deciding,
    offered,
)
from tests.app.helpers import wait_for


def sample(row):
    """A value of ``row`` other than its default, that the standard board and tiny-10 accept with
    the others."""
    kind = row.kind
    if kind.form is Form.TICK:
        return not row.default
    if isinstance(kind, Choice):
        return kind.values[1] if kind.values[0] == row.default else kind.values[0]
    return kind.parse(kind.example, row.label)


# The turn rules of issue 26: a board refuses the bump rule with any of them in one line
# (model/turnchecks.py), so a board takes the samples of one group or the other.
TURN_RULE_FIELDS = {
    "goal",
    "sum_rolls",
    "streak_limit",
    "streak_penalty",
    "enter_faces",
    "enter_square",
    "miss_turn",
    "throw_again",
}


# Issue 27's decisions: a board with them plays one roll a turn of its own dice
# (model/decisions.check_decisions), so they go with neither the turn rules, the extra roll nor
# another die.
DECISION_FIELDS = {row.field for row in DECISIONS}
NOT_WITH_DECISIONS = TURN_RULE_FIELDS | {"die", "extra_roll"}


def playable(rows):
    """``rows`` in groups a game plays together: all but bump and the decisions, then all but
    the turn rules and the decisions, then the decisions with the rules they go with."""
    return [
        tuple(row for row in rows if row.field != "bump" and row.field not in DECISION_FIELDS),
        tuple(row for row in rows if row.field not in TURN_RULE_FIELDS | DECISION_FIELDS),
        tuple(row for row in rows if row.field not in NOT_WITH_DECISIONS),
    ]


def only(rows):
    """The samples of ``rows`` alone."""
    rules = RuleOverrides()
    for row in rows:
        rules = rules.with_value(row, sample(row))
    return rules


# Every row's sample, in the two groups a board takes together (:func:`playable`).
SAMPLES = [only(group) for group in playable(RULES)]
GROUPS = pytest.mark.parametrize("group", [0, 1, 2], ids=["turn rules", "bump", "decisions"])


def check_board(board, rows):
    for row in rows:
        assert row.of(board) == sample(row) != row.default, row.field


@GROUPS
def test_every_row_is_a_field_of_the_rule_choices_and_of_the_board(group, standard):
    assert [row.field for row in RULES] == list(RuleChoices.__dataclass_fields__)
    assert standard.rules == RuleChoices()  # the standard board plays by every default
    rows = playable(RULES)[group]
    board = standard.with_rules(SAMPLES[group])
    check_board(board, rows)
    assert board.rules == RuleChoices(**{row.field: sample(row) for row in rows})


def test_the_bump_rule_is_refused_with_a_turn_rule_in_one_line(standard):
    with pytest.raises(BoardError, match=r"^the bump rule is not played with goal, miss_turn: "):
        standard.replace(bump=True, goal=90, jumps=((80, 99), (100, 85)), miss_turn=(12,))


@GROUPS
@pytest.mark.parametrize(
    ("where", "decisions"), [(Offered.CLI, False), (Offered.PLAY, True)], ids=["every verb", "play"]
)
def test_every_row_offered_on_the_command_line_is_a_flag(group, where, decisions, standard):
    rows = playable(offered(where))[group]
    parser = argparse.ArgumentParser()
    common.add_board_arguments(parser, decisions=decisions)
    words = ["standard"]
    for row in rows:
        assert row.flag in parser.format_help()
        value = sample(row)
        if row.kind.form is Form.TICK:
            words.append(row.flag if value else "--no-" + row.name)
        else:
            words += [row.flag, row.kind.text(value)]
    check_board(common.board_from_args(parser.parse_args(words), decisions=decisions), rows)
    assert common.rule_overrides(parser.parse_args(["standard"]), decisions=decisions) == RuleOverrides()


@GROUPS
def test_every_row_offered_in_a_board_file_is_written_and_read_back(group, standard):
    rows = playable(offered(Offered.FILE))[group]
    board = standard.with_rules(only(rows))
    text = format_toml(board)
    data = board.to_dict()
    for row in rows:
        assert f"\n{row.key} = {row.kind.toml(row.of(board))}\n" in text
        assert data[row.key] == row.kind.json(row.of(board))
    again = parse_toml(text, deciding=True)  # as the game reads it
    check_board(again, rows)
    assert again == board


def test_every_row_offered_in_setup_is_remembered():
    rows = offered(Offered.SETUP)
    rules = only(rows)
    setup = LastSetup(tuple(parse_player_spec("Ann,cpu:Robo")), "standard", rules)
    assert save_settings(Settings(setup=setup))
    remembered = load_settings().setup
    assert remembered == setup
    for row in rows:
        assert remembered.rules.value(row) == sample(row)


def _set(field, row):
    value = sample(row)
    if isinstance(field, Checkbox):
        field.value = value
    elif isinstance(field, Select):  # the setup's on/off rules are choices of "on" and "off"
        field.value = ("on" if value else "off") if row.kind.form is Form.TICK else row.kind.text(value)
    else:
        assert isinstance(field, Input)
        field.value = row.kind.text(value)


@asynccontextmanager
async def setup_with_samples(rows, players=None):
    """The setup screen on tiny-10, with the samples of ``rows`` set in its fields (and the seats
    of ``players``, else its own: a person against a computer)."""
    app = ChutesApp(board_name="tiny-10", players=players)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        for row in rows:
            _set(setup.query_one(f"#setup-{row.name}"), row)
        yield app, setup, pilot


@GROUPS
async def test_every_row_offered_in_setup_is_a_field_that_makes_the_game(group):
    rows = playable(offered(Offered.SETUP))[group]
    # The decisions' game is played by one seat: against a computer, the solvers' two threads would
    # look for the duel's value on this board (bump, reach, Efron's dice, flip, two pawns), 20,000
    # sweeps each, not stoppable, after the test is over (30 CPU-s of its teardown, none checked here).
    players = parse_player_spec("Ann") if group == 2 else None
    async with setup_with_samples(rows, players) as (app, _, pilot):
        await pilot.press("ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        check_board(app.screen.game.board, rows)
    for row in rows:  # and the next setup starts from them
        assert load_settings().setup.rules.value(row) == sample(row)


@GROUPS
async def test_every_row_offered_in_the_rules_dialog_is_a_field_that_changes_the_board(group):
    rows = playable(offered(Offered.DIALOG))[group]
    app = ChutesApp(board=load_board("standard"), edit=True)  # the samples name its squares
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        for row in rows:
            _set(app.screen.query_one(f"#rules-{row.name}"), row)
        await pilot.click("#apply")
        await wait_for(pilot, lambda: app.screen is editor)
        check_board(editor.board, rows)


def test_the_setup_and_the_dialog_offer_the_same_rules_unless_a_row_says_why():
    for row in RULES:
        if (Offered.SETUP in row.offered) != (Offered.DIALOG in row.offered):
            assert row.why, row.field
    on_the_board = [row.field for row in RULES if row.played and Offered.SETUP not in row.offered]
    assert on_the_board == ["goal", "enter_square", "miss_turn", "throw_again"]  # name a square
    played = tuple(row for row in RULES if row.played)
    assert offered(Offered.DIALOG) == offered(Offered.PLAY) == offered(Offered.FILE) == played
    assert offered(Offered.CLI) == tuple(row for row in played if not row.decision)


def test_the_decisions_are_offered_where_the_game_plays_them():
    """Issue 27's decisions: the game plays them (the setup, the dialog, play and watch, board
    files) and the strategy solver; the analysis verbs' flags leave them out (and refuse them:
    tests/cli/test_flag_values.py)."""
    assert [row.field for row in RULES if row.decision] == ["dice_choice", "after_roll", "pawns"]
    for row in DECISIONS:
        assert row.played and row.why, row.field
        for where in (Offered.PLAY, Offered.SETUP, Offered.DIALOG, Offered.FILE):
            assert row in offered(where), (row.field, where)
        assert row not in offered(Offered.CLI)
    assert deciding(Offered.PLAY) == offered(Offered.PLAY)  # every decision played


def test_a_decision_the_game_does_not_play_yet_is_offered_only_to_the_strategy_solver(monkeypatch):
    # A row says whether the game plays it; the surfaces follow (pawns were such a row).
    waiting = dataclasses.replace(PAWNS, played=False)
    monkeypatch.setattr(ruletable, "RULES", tuple(waiting if row is PAWNS else row for row in RULES))
    for where in Offered:
        assert waiting not in offered(where), where
    assert waiting in deciding(Offered.PLAY) and waiting in deciding(Offered.FILE)  # strategy's


def test_a_row_says_honestly_where_it_is_offered():
    with pytest.raises(ValueError, match=r"do not play the decision pawns: not Offered\.CLI"):
        dataclasses.replace(PAWNS, offered=ruletable.EVERYWHERE)
    with pytest.raises(ValueError, match=r"a flag of every verb: Offered\.PLAY too"):
        dataclasses.replace(PAWNS, decision=False, offered=Offered.CLI | Offered.FILE)


def test_every_rule_of_issue_26_is_offered():
    """The rules of issue 26 are played by every engine: each is a flag, a file key and a field
    of the rules dialog, and those not naming a square a field of the setup too."""
    for field in ("sum_rolls", "streak_limit", "streak_penalty", "enter_faces"):
        assert field in [row.field for row in offered(Offered.SETUP)]
    for field in ("goal", "enter_square", "miss_turn", "throw_again"):
        assert field in [row.field for row in offered(Offered.DIALOG)]


def test_a_refusal_names_a_field_by_its_label_quoted():
    # "the miss a turn on must be a whole number …" read badly: a label is not always a noun.
    from chutes_tui.app.widgets.rulefields import what
    from chutes_tui.model.inputs import InputError
    from chutes_tui.model.ruletable import MISS_TURN

    with pytest.raises(InputError) as refused:
        MISS_TURN.kind.parse("x", what(MISS_TURN))
    assert str(refused.value) == "“miss a turn on” must be a whole number 0..100,000, not 'x'"
