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


@pytest.mark.parametrize(
    ("text", "flags", "shown"),
    [
        # Valid only with chained jumps: 2→5 lands on the tail of 5→8.
        (
            'name="c"\nsquares=10\nwidth=5\nladders=[[2,5],[5,8]]\n',
            ["--chain-jumps"],
            "d6, exact end, chained jumps",
        ),
        # An extra roll on a 1-sided die is endless: another die, or no extra roll, rescues it.
        ('name="c"\nsquares=10\ndie=1\nextra_roll=true\n', ["--die", "6"], "d6, exact end, extra roll"),
        ('name="c"\nsquares=10\ndie=1\nextra_roll=true\n', ["--no-extra-roll"], "d1, exact end"),
        # 2d6 can never move 1 under the exact end: the reach rule wins from square 9.
        ('name="c"\nsquares=10\ndie="2d6"\n', ["--end-rule", "reach"], "2d6, reach end"),
    ],
)
def test_overrides_apply_before_a_board_file_is_checked(capsys, tmp_path, text, flags, shown):
    board = tmp_path / "c.toml"
    board.write_text(text)
    code, out, err = run(capsys, "analyze", str(board))
    assert code == 1 and out == "" and "board error: " in err  # refused under its own rules
    code, out, err = run(capsys, "analyze", str(board), *flags)
    assert (code, err) == (0, "") and f"c — 10 squares, {shown}" in out
    data = expected(capsys, str(board), *flags)
    assert data["board"]["squares"] == 10 and data["expected_turns"] > 1


def test_a_board_file_refused_under_an_override_names_both(capsys, tmp_path):
    board = tmp_path / "c.toml"
    board.write_text('name="c"\nsquares=10\ndie=1\nextra_roll=true\n')
    code, out, err = run(capsys, "analyze", str(board), "--die", "2d6")
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert f"board error: {board}: with die=2d6: unwinnable board: the end square 10" in err
    code, out, err = run(capsys, "edit", str(board), "--die", "2d6")  # refused before the editor opens
    assert (code, out) == (1, "") and f"{board}: with die=2d6: unwinnable board" in err


@pytest.mark.parametrize(
    ("board", "argv", "rules"),
    [
        ("standard", ["--goal", "48", "--end-rule", "bounce"], {"goal": 48, "end_rule": "bounce"}),
        ("standard", ["--miss-turn", "48"], {"miss_turn": (48,)}),
        ("standard", ["--throw-again", "48"], {"throw_again": (48,)}),
        ("leela", ["--goal", "72"], {"goal": 72}),
    ],
)
def test_rules_are_checked_on_the_edited_board(capsys, board, argv, rules):
    # Square 48 (72 on leela) holds a chute: the rule fits only once --remove-jump takes it away.
    from chutes_tui.analysis import expected_from_start
    from chutes_tui.io.boardfile import load_board

    square = 72 if board == "leela" else 48
    plain = load_board(board)
    edited = plain.replace(jumps=tuple(j for j in plain.jumps if j[0] != square), **rules)
    got = expected(capsys, board, *argv, "--remove-jump", str(square))["expected_turns"]
    assert got == pytest.approx(expected_from_start(edited), rel=1e-12)


def test_a_rule_the_edited_board_refuses_names_the_rule(capsys):
    code, out, err = run(
        capsys, "analyze", "standard", "--goal", "48", "--remove-jump", "48", "--add-jump", "48", "30"
    )
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert "standard: with goal=48: jump 48→30 starts on the goal 48" in err
