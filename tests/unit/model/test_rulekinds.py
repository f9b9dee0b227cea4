"""The kinds of rule value: each typed, shown, written to a file and remembered one way, and
what is not one refused in a line naming it (the kinds of issue 26's rows: optional whole
numbers, sets of squares or faces, a word or a square)."""

import json
import tomllib

import pytest

from chutes_tui.io import settings
from chutes_tui.io.settings import load_settings
from chutes_tui.model.dice import Dice
from chutes_tui.model.errors import BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.rulekinds import (
    Choice,
    ChoiceOrWhole,
    DiceKind,
    DiceList,
    MaybeWhole,
    OnOff,
    Squares,
    Whole,
)
from chutes_tui.model.rules import EndRule, Penalty
from chutes_tui.model.ruletable import BUMP, DIE, END_RULE, EXTRA_ROLL, RuleOverrides

KINDS = [
    (OnOff(), True),
    (Choice(EndRule), EndRule.BOUNCE),
    (DiceKind(), Dice(6, 2)),
    (DiceKind(), Dice.spinner([1, 1, 2])),
    (Whole(1, 100), 68),
    (MaybeWhole(Whole(1, 100)), 68),
    (MaybeWhole(Whole(1, 100)), None),
    (Squares(100), (12, 34)),
    (ChoiceOrWhole(Choice(Penalty), Whole(0, 100), "start"), Penalty.START),
    (ChoiceOrWhole(Choice(Penalty), Whole(0, 100), "start"), 40),
]
PENALTY = ChoiceOrWhole(Choice(Penalty), Whole(0, 100), "start")


@pytest.mark.parametrize(("kind", "value"), KINDS, ids=lambda x: type(x).__name__)
def test_a_value_survives_typing_the_file_and_the_settings(kind, value):
    assert kind.parse(kind.text(value), "it") == value
    assert kind.remembered(json.loads(json.dumps(kind.stored(value)))) == value
    if value is not None:  # TOML has no null: an unset optional rule is left out of a file
        written = tomllib.loads(f"key = {kind.toml(value)}")["key"]
        assert written == kind.json(value) and kind.read(written, "key") == value


@pytest.mark.parametrize(
    ("kind", "key", "raw", "words"),
    [
        (OnOff(), "bump", 1, "bump must be true or false, not 1"),
        (
            Choice(EndRule),
            "end_rule",
            "fly",
            "unknown end rule text 'fly' (expected one of: exact, reach, bounce)",
        ),
        (Choice(EndRule), "end_rule", 3, "end_rule must be text, not 3"),
        (Whole(1, 100), "goal", 0, "goal must be 1..100 (got 0)"),
        (Whole(1, 100), "goal", True, "goal must be a whole number, not true/false"),
        (Squares(100), "miss_turn", 5, "miss_turn must be a list of squares, not 5"),
        (Squares(100), "miss_turn", [5, 101], "miss_turn must be 0..100 (got 101)"),
        (Squares(100, noun="moves"), "enter_faces", "6", "enter_faces must be a list of moves, not text '6'"),
        (
            PENALTY,
            "streak_penalty",
            "home",
            "streak_penalty must be one of: forfeit, start, or a square 0..100, not text 'home'",
        ),
        (PENALTY, "streak_penalty", 101, "streak_penalty must be 0..100 (got 101)"),
        (
            PENALTY,
            "streak_penalty",
            True,
            "streak_penalty must be one of: forfeit, start, or a square 0..100, not true/false",
        ),
    ],
)
def test_a_file_value_of_the_wrong_kind_is_refused_naming_its_key(kind, key, raw, words):
    with pytest.raises(BoardError) as error:
        kind.read(raw, key)
    assert str(error.value) == words and error.value.field == key


def test_typed_values_are_refused_naming_the_field():
    with pytest.raises(InputError, match=r"the goal must be a whole number 1\.\.100"):
        Whole(1, 100).parse("x", "the goal")
    with pytest.raises(InputError, match="the end rule must be one of: exact, reach, bounce"):
        Choice(EndRule).parse("fly", "the end rule")
    assert Squares(100).parse(" 34, 12 ", "it") == (12, 34)  # in order
    with pytest.raises(InputError, match=r"^--miss-turn lists 12 twice$"):
        Squares(100).parse(" 34, 12 12 ", "--miss-turn")  # a slip, said rather than merged
    with pytest.raises(BoardError, match=r"^miss_turn lists 12 twice$"):
        Squares(100).read([12, 34, 12], "miss_turn")
    assert MaybeWhole(Whole(1, 100)).parse("  ", "it") is None
    with pytest.raises(InputError, match=r"the penalty must be one of: forfeit, start, or a square 0\.\.100"):
        PENALTY.parse("home", "the penalty")
    assert PENALTY.parse(" 7 ", "it") == 7 and PENALTY.parse("forfeit", "it") is Penalty.FORFEIT


@pytest.mark.parametrize("text", [",,", "12,,34", "12, 34,", ", 12"])
def test_an_empty_place_between_commas_is_refused_not_dropped(text):
    with pytest.raises(InputError, match=r"^--miss-turn has an empty place between commas: "):
        Squares(100).parse(text, "--miss-turn")
    with pytest.raises(InputError, match=r"^--dice-choice has an empty place between commas: "):
        DiceList(100, 8, 100).parse(f"3 / {text}", "--dice-choice")
    assert Squares(100).parse("", "it") == () and Squares(100).parse(" 12 34 ", "it") == (12, 34)
    assert DiceList(100, 8, 100).parse("1, 2 / 3 3", "it") == ((1, 2), (3, 3))


def test_a_file_listing_no_dice_to_choose_from_is_refused():
    with pytest.raises(BoardError, match=r"^dice_choice = \[\] lists no dice: leave the key out"):
        DiceList(100, 8, 100).read([], "dice_choice")
    assert DiceList(100, 8, 100).read((), "dice_choice") == ()  # the board's own default


def test_settings_written_before_the_rule_table_are_read_as_they_were_meant():
    """The old format: every rule under its key, null or false for the board's own."""
    old = {
        "players": [{"name": "Ann", "token": "●", "color": "red", "human": True}],
        "board": "standard",
        "end_rule": "reach",
        "die": "2d6",
        "extra_roll": True,
        "bump": False,
    }
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text(json.dumps({"setup": old}))
    rules = load_settings().setup.rules
    expected = (
        RuleOverrides()
        .with_value(END_RULE, EndRule.REACH)
        .with_value(DIE, Dice(6, 2))
        .with_value(EXTRA_ROLL, True)
        .with_value(BUMP, False)
    )
    assert rules == expected
    assert str(rules) == "end_rule=reach, die=2d6, extra_roll=True, bump=False"


def test_a_long_value_is_elided_where_the_refusals_name_the_overrides():
    from chutes_tui.model.ruletable import MISS_TURN

    said = str(RuleOverrides().with_value(MISS_TURN, tuple(range(1, 100))).with_value(BUMP, True))
    assert said == "bump=True, miss_turn=1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …, 95, 96, 97, 98, 99"


def test_changes_are_said_in_words_not_as_python_values():
    # The editor's line after the rules dialog read "Rules: miss turn (50,)".
    from chutes_tui.model.ruletable import GOAL, MISS_TURN

    changes = RuleOverrides().with_value(MISS_TURN, (12, 50)).with_value(EXTRA_ROLL, False)
    changes = changes.with_value(DIE, Dice(6, 2)).with_value(GOAL, None).with_value(END_RULE, EndRule.BOUNCE)
    assert changes.words() == (
        "end rule bounce, goal square: none, dice 2d6, extra roll off, miss a turn on 12, 50"
    )
