"""The command line's new rules: --die in every form, on every verb that takes a board."""

import json

import pytest

from chutes_tui.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def expected(capsys, *argv):
    code, out, err = run(capsys, "analyze", *argv, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)


def test_a_spinner_of_six_equal_sections_is_the_die(capsys):
    d6 = expected(capsys, "standard")
    spinner = expected(capsys, "standard", "--die", "1,2,3,4,5,6")
    same = expected(capsys, "standard", "--die", "1,1,1,1,1,1")
    assert d6["expected_turns"] == pytest.approx(39.5983656, abs=1e-7)
    assert spinner["board"]["die"] == [1, 2, 3, 4, 5, 6] and d6["board"]["die"] == 6
    assert same["expected_turns"] == d6["expected_turns"] != spinner["expected_turns"]


def test_two_dice(capsys):
    data = expected(capsys, "standard", "--die", "2d6", "--end-rule", "reach")
    assert data["board"]["die"] == "2d6" and data["min_turns"] < 7  # a d6 needs 7 turns at least
    code, out, _ = run(capsys, "analyze", "standard", "--die", "2d6", "--end-rule", "reach")
    assert code == 0 and "100 squares, 2d6" in out


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["--die", "0,0"], 2, "argument --die: a spinner needs a face with a positive weight"),
        (
            ["--die", "2d6"],
            1,
            "with die=2d6: unwinnable board: the end square 100 can never be reached from square 99",
        ),
        (["--die", "1e400,1"], 2, "argument --die: spinner weight 1"),
        (["--die", "1," * 200], 2, "at most 100 faces"),
    ],
)
def test_bad_dice_are_one_line(capsys, argv, code, words):
    got, out, err = run(capsys, "analyze", "standard", *argv)
    assert (got, out) == (code, "") and words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("verb", ["analyze", "exact", "simulate", "inspect", "distribution"])
def test_every_board_verb_takes_the_dice(capsys, verb):
    extra = {"simulate": ["--games", "2000", "--seed", "1"], "inspect": ["0"]}.get(verb, [])
    code, out, err = run(capsys, verb, "tiny-10", "--die", "1,0,2", *extra, "--json")
    assert code == 0 and err == "", err
    board = json.loads(out)["board"]
    assert board == "tiny-10" or board["die"] == [1, 0, 2]


EDIT = ["--add-jump", "30", "70", "--remove-jump", "48"]


@pytest.mark.parametrize("verb", ["analyze", "exact", "simulate", "inspect", "distribution"])
def test_every_board_verb_tries_jump_edits_without_a_file(capsys, verb):
    extra = {"simulate": ["--games", "2000", "--seed", "1"], "inspect": ["30"]}.get(verb, [])
    code, out, err = run(capsys, verb, "standard", *EDIT, *extra, "--json")
    assert code == 0 and err == "", err
    data = json.loads(out)
    if verb == "inspect":  # the roll from 29 onto 30 now climbs to 70
        assert data["jump"]["to"] == 70
    elif isinstance(data["board"], dict):
        assert [30, 70] in data["board"]["ladders"] and [48, 26] not in data["board"]["chutes"]
    if verb == "analyze":
        assert data["expected_turns"] != expected(capsys, "standard")["expected_turns"]


def test_edits_equal_the_edited_board(capsys, standard):
    from chutes_tui.analysis import expected_from_start
    from chutes_tui.model.edits import add_jump, remove_jump

    edited = add_jump(remove_jump(standard, 48), 30, 70)
    assert expected(capsys, "standard", *EDIT)["expected_turns"] == pytest.approx(
        expected_from_start(edited), rel=1e-15
    )


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["--add-jump", "30", "30"], 1, "--add-jump 30 30: a jump needs two different squares"),
        (["--remove-jump", "55"], 1, "--remove-jump 55: no ladder or chute starts or ends on square 55"),
        (["--add-jump", "30", "200"], 1, "--add-jump 30 200: jump 30→200 leaves the board"),
        (["--add-jump", "2", "4"], 1, "--add-jump 2 4: chained jumps"),
        (["--add-jump", "30"], 2, "argument --add-jump: expected 2 arguments"),
        (["--add-jump", "30", "-1"], 2, "argument --add-jump"),
    ],
)
def test_bad_edits_are_one_line_naming_them(capsys, argv, code, words):
    got, out, err = run(capsys, "analyze", "standard", *argv)
    assert (got, out) == (code, "") and words in err and err.count("\n") == 1, err
