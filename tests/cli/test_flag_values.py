"""A flag's value as typed reaches the flag's own one-line refusal: a value beginning with a dash
(``--miss-turn -1,2``), which argparse would read as an option; a decision's flag on a verb whose
chain assumes nobody chooses; and ``--players N`` meaning N seats on every verb that seats them."""

import pytest

from chutes_tui.cli import build_parser, main
from chutes_tui.cli.parsing import UsageError
from chutes_tui.cli.play import app_options
from chutes_tui.cli.serve import check_play_arguments
from chutes_tui.model.rulekinds import Form
from chutes_tui.model.ruletable import DECISIONS, Offered, offered


def one_line(capsys, argv, code=2):
    got = main(argv)
    out, err = capsys.readouterr()
    assert (got, out) == (code, "") and err.count("\n") == 1, err
    return err


# Every rule flag that takes a value, with a value beginning with a dash.
VALUED = [row for row in offered(Offered.CLI) if row.kind.form is not Form.TICK]


@pytest.mark.parametrize("row", VALUED, ids=[row.name for row in VALUED])
@pytest.mark.parametrize("value", ["-1,2", "-5", "-x"])
def test_a_rule_value_beginning_with_a_dash_reaches_the_rules_refusal(capsys, row, value):
    err = one_line(capsys, ["analyze", "standard", row.flag, value])
    assert f"argument {row.flag}: " in err and "expected one argument" not in err, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["analyze", "standard", "--miss-turn", "-1,2"],
            "argument --miss-turn: --miss-turn must be 0..100,000, not -1",
        ),
        (["analyze", "standard", "--goal", "-5"], "argument --goal: --goal must be 1..100,000, not -5"),
        (
            ["simulate", "standard", "--games", "-5"],
            "argument --games: --games must be 1..1,000,000,000, not -5",
        ),
        (
            ["strategy", "standard", "--dice-choice", "-1,2 / 3"],
            "argument --dice-choice: --dice-choice must be",
        ),
        (["strategy", "standard", "--pawns", "-2"], "argument --pawns: --pawns must be 1..4, not -2"),
    ],
)
def test_negative_numbers_are_refused_by_their_validator(capsys, argv, words):
    assert words in one_line(capsys, argv)


def test_a_dash_led_word_that_names_an_option_is_still_an_option(capsys):
    # --bump is analyze's own flag: the value is missing, as argparse says.
    assert "argument --miss-turn: expected one argument" in one_line(
        capsys, ["analyze", "standard", "--miss-turn", "--bump"]
    )
    assert main(["analyze", "standard", "--goal=-1"]) == 2  # glued already: the same refusal
    assert "--goal must be 1..100,000, not -1" in capsys.readouterr().err


ANALYSIS = ["analyze", "exact", "distribution", "simulate", "jumps", "squares", "paths"]


@pytest.mark.parametrize("verb", ANALYSIS)
@pytest.mark.parametrize("row", DECISIONS, ids=[row.name for row in DECISIONS])
def test_the_analysis_verbs_refuse_a_decisions_flag_in_one_line_naming_it(capsys, verb, row):
    err = one_line(capsys, [verb, "standard", row.flag, row.kind.example or "flip"])
    assert f"chutes-tui {verb}: {row.flag} is a decision: the analysis assumes nobody chooses" in err
    assert row.flag not in main_help(verb)


def main_help(verb):
    return build_parser(every_verb=True)._subparsers._group_actions[0].choices[verb].format_help()


def play_args(*argv):
    args = build_parser().parse_args(["play", *argv])
    return app_options(args)


def test_a_bare_number_of_players_is_that_many_seats_on_play_watch_and_serve():
    seats = play_args("standard", "--players", "3")["players"]
    assert [spec.human for spec in seats] == [True, False, False]  # you and two computers
    assert len({spec.token for spec in seats}) == 3
    assert [spec.human for spec in play_args("--players", "2")["players"]] == [True, False]  # the setup
    named = play_args("standard", "--players", "Ann,3")["players"]
    assert [spec.name for spec in named] == ["Ann", "3"]  # in a list, a name
    watched = build_parser().parse_args(["watch", "--players", "4"]).players
    assert len(watched) == 4 and not any(spec.human for spec in watched)
    check_play_arguments(["standard", "--players", "3"])  # serve: accepted


@pytest.mark.parametrize("count", ["-3", "0", "13"])
def test_a_bare_number_of_players_out_of_range_is_refused_in_one_line(capsys, count):
    for verb in ("play", "watch"):
        err = one_line(capsys, [verb, "standard", "--players", count])
        assert (
            f"chutes-tui {verb}: argument --players: the number of players must be 1..12, not {count}" in err
        )
    with pytest.raises(UsageError, match=f"the number of players must be 1..12, not {count}"):
        check_play_arguments(["standard", "--players", count])
