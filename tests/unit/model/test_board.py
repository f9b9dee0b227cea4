import contextlib
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chutes_tui.io.boardfile import format_plain, format_toml, load_board, parse_plain, parse_toml, read_board
from chutes_tui.io.bundled import bundled_board_names
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.generate import jump_counts, random_board
from chutes_tui.model.rules import EndRule

STANDARD_JUMPS = {
    1: 38,
    4: 14,
    9: 31,
    16: 6,
    21: 42,
    28: 84,
    36: 44,
    48: 26,
    49: 11,
    51: 67,
    56: 53,
    62: 19,
    64: 60,
    71: 91,
    80: 100,
    87: 24,
    93: 73,
    95: 75,
    98: 78,
}


def test_bundled_boards_are_the_published_ones():
    names = bundled_board_names()
    assert {"standard", "classic-1952", "tiny-10", "no-jumps"} <= set(names)
    assert len(names) >= 6
    standard = load_board("standard")
    assert standard.jump_map == STANDARD_JUMPS  # seed 000's dictionary
    classic = load_board("classic-1952")
    assert classic.jump_map == {**{k: v for k, v in STANDARD_JUMPS.items() if k != 48}, 47: 26}
    assert load_board("tiny-10").jumps == ((4, 7), (9, 2))
    assert load_board("no-jumps").jumps == ()
    for name in names:
        board = load_board(name)
        assert board.name == name and board.description, name


def test_standable_squares(standard):
    # Seed 002: only 81 squares can hold the piece, plus the start.
    assert len(standard.standable_squares) == 82
    assert standard.is_standable(0) and not standard.is_standable(28) and standard.is_standable(100)


SEED_TINY = """
0
10
6
4 7
9 2
"""


def test_plain_format_reads_the_seed_notation():
    board = parse_plain(SEED_TINY, name="tiny")
    assert (board.start, board.end, board.die.sides, board.jumps) == (0, 10, 6, ((4, 7), (9, 2)))
    commented = "# a comment\n0  # start\n\n10\n6\n# jumps\n4 7\n9 2\n"
    assert parse_plain(commented).jumps == board.jumps


def bad_plain(text):
    with pytest.raises(BoardError) as info:
        parse_plain(text, path="b.txt")
    return info.value


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("0\n10\nsix\n", 3, "whole number"),
        ("0\n10\n6\n4 7 8\n", 4, "two squares"),
        ("0\n10\n6\n4 x\n", 4, "whole number"),
        ("0\n10\n6\n4 7\n4 8\n", 5, "two jumps"),
        ("0\n10\n6\n4 12\n", 4, "leaves the board"),
        ("1\n10\n6\n4 0\n", 4, "leaves the board"),  # back to 0 needs the start there
        ("0\n10\n6\n10 3\n", 4, "end square"),
        ("2\n10\n6\n2 8\n", 4, "start square"),
        ("0\n10\n6\n3 5\n5 8\n", 5, "chained"),
        ("0\n10\n6\n5 8\n3 5\n", 5, "chained"),
        ("0\n10\n0\n", 3, "at least 1 side"),
        ("0\n10\n", None, "ends before"),
        ("12\n10\n6\n", 1, "start square"),
    ],
)
def test_plain_errors_name_file_line_and_reason(text, line, words):
    error = bad_plain(text)
    assert error.path == "b.txt" and error.line == line and words in error.reason
    assert str(error).startswith(f"b.txt:{line}: " if line else "b.txt: ")


def test_unwinnable_board_says_which_square_and_why():
    # Six chutes on 94..99 block a 6-sided die from ever reaching 100 exactly.
    jumps = "\n".join(f"{s} {s - 30}" for s in range(94, 100))
    error = bad_plain(f"0\n100\n6\n{jumps}\n")
    assert "unwinnable" in error.reason and "start square 0" in error.reason
    assert "94→64" in error.reason


def test_unwinnable_near_the_end_only():
    # From 97 the exact rule needs a 3; chutes on 98, 99 and the need for exactness
    # leave 97 able to win, but a die of 1 on a board with a chute on 99 is stuck.
    with pytest.raises(BoardError, match=r"unwinnable.*square 0"):
        Board(end=10, die=1, jumps=((9, 2),))


TOML_GOOD = """\
name = "demo"
description = "a demo"
squares = 30
die = 4
start = 0
end_rule = "bounce"
width = 6
ladders = [[3, 11], [7, 19]]
chutes = [[27, 1]]
"""


def test_toml_format():
    board = parse_toml(TOML_GOOD, path="demo.toml")
    assert board.name == "demo" and board.end == 30 and board.die.sides == 4 and board.width == 6
    assert board.end_rule is EndRule.BOUNCE
    assert board.ladders == ((3, 11), (7, 19)) and board.chutes == ((27, 1),)
    assert parse_toml(format_toml(board)) == board


@pytest.mark.parametrize(
    ("edit", "line", "words"),
    [
        (
            ("ladders = [[3, 11], [7, 19]]", "ladders = [[3, 11], [19, 7]]"),
            8,
            "goes down: list it under chutes",
        ),
        (("chutes = [[27, 1]]", "chutes = [[1, 27]]"), 9, "goes up: list it under ladders"),
        (("die = 4", "die = 0"), 4, "at least 1 side"),
        (("die = 4", 'die = "four"'), 4, "whole number"),
        (("squares = 30", "squares = 3.5"), 3, "whole number"),
        (('end_rule = "bounce"', 'end_rule = "sideways"'), 6, "unknown end rule"),
        (("width = 6", "widht = 6"), 7, "unknown key 'widht'"),
        (("chutes = [[27, 1]]", "chutes = [[27, 1], [19, 2]]"), 9, "chained"),
        (("chutes = [[27, 1]]", "chutes = [[27, 1"), 9, "not valid TOML"),
        (("ladders = [[3, 11], [7, 19]]", "ladders = [[3, 11, 12]]"), 8, "pair"),
        (("ladders = [[3, 11], [7, 19]]", "ladders = [[3, 31]]"), 8, "leaves the board"),
    ],
)
def test_toml_errors_name_file_line_and_reason(edit, line, words):
    text = TOML_GOOD.replace(*edit)
    assert text != TOML_GOOD
    with pytest.raises(BoardError) as info:
        parse_toml(text, path="demo.toml")
    assert info.value.line == line, str(info.value)
    assert words in info.value.reason
    assert str(info.value).startswith(f"demo.toml:{line}: ")


def test_bounce_refuses_a_die_bigger_than_the_board():
    with pytest.raises(BoardError, match="bounce"):
        Board(end=4, die=6, end_rule=EndRule.BOUNCE)


def test_extra_roll_with_a_one_sided_die_is_refused():
    with pytest.raises(BoardError, match="endless"):
        Board(end=10, die=1, extra_roll=True)


def test_read_board_errors(tmp_path):
    with pytest.raises(BoardError, match="cannot read"):
        read_board(tmp_path / "missing.toml")
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BoardError, match="UTF-8"):
        read_board(binary)
    with pytest.raises(BoardError, match="no bundled board or file"):
        load_board("definitely-not-a-board")


def test_load_by_path_both_formats(tmp_path):
    plain = tmp_path / "mine.txt"
    plain.write_text(SEED_TINY)
    assert load_board(str(plain)).jumps == ((4, 7), (9, 2))
    toml = tmp_path / "mine.toml"
    toml.write_text(TOML_GOOD)
    assert load_board(toml).name == "demo"


def test_replace_revalidates(standard):
    assert standard.replace(die=8).die.sides == 8
    with pytest.raises(BoardError):
        standard.replace(die=0)


def test_random_board_is_valid_and_reproducible():
    a = random_board(7, squares=60, ladders=5, chutes=5)
    assert a == random_board(7, squares=60, ladders=5, chutes=5)
    assert len(a.ladders) == 5 and len(a.chutes) == 5
    with pytest.raises(BoardError, match="distinct squares"):
        random_board(1, squares=10, ladders=5, chutes=5)


def test_the_standard_boards_jump_counts_fit_every_board_size():
    """The editor's R draws the standard board's 9 ladders and 10 chutes, fewer on a small board:
    on 10 squares 19 jumps were refused ("19 jumps need 38 distinct squares")."""
    assert jump_counts(100) == jump_counts(10_000) == (9, 10)
    assert jump_counts(10) == (1, 1)
    for squares in range(2, 101):
        ladders, chutes = jump_counts(squares)
        assert 2 * (ladders + chutes) <= squares - 1, squares
        random_board(squares, squares=squares, ladders=ladders, chutes=chutes)  # never refused


# -- property tests ---------------------------------------------------------------------------


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=string.printable + "→é\x00", max_size=200))
def test_random_text_only_ever_raises_board_error(text):
    for parse in (parse_plain, parse_toml):
        with contextlib.suppress(BoardError):
            parse(text)


line_strategy = st.one_of(
    st.integers(-5, 120).map(str),
    st.tuples(st.integers(-5, 120), st.integers(-5, 120)).map(lambda p: f"{p[0]} {p[1]}"),
    st.sampled_from(["", "# comment", "x", "1 2 3", "99999999999999"]),
)


@settings(max_examples=300)
@given(st.lists(line_strategy, max_size=12))
def test_near_valid_plain_files_only_raise_board_error(lines):
    try:
        board = parse_plain("\n".join(lines))
    except BoardError:
        return
    assert board.end >= 1 and board.die.sides >= 1


@st.composite
def boards(draw):
    end = draw(st.integers(2, 60))
    die = draw(st.integers(1, 8))
    rule = draw(st.sampled_from(list(EndRule)))
    count = draw(st.integers(0, max(0, (end - 1) // 2)))
    cells = draw(st.permutations(range(1, end)))[: 2 * count]
    jumps = []
    for i in range(0, len(cells) - 1, 2):
        a, b = cells[i], cells[i + 1]
        jumps.append((a, b) if draw(st.booleans()) else (b, a))
    name = draw(st.text(min_size=1, max_size=20))
    description = draw(st.text(max_size=40))
    try:
        return Board(
            end=end,
            die=die,
            end_rule=rule,
            jumps=tuple(jumps),
            name=name,
            description=description,
            width=draw(st.integers(1, 12)),
            extra_roll=draw(st.booleans()) and die > 1,
        )
    except BoardError:
        return Board(end=end, die=die, end_rule=rule if die <= end else EndRule.EXACT, name=name)


@settings(max_examples=200)
@given(boards())
def test_toml_round_trip(board):
    assert parse_toml(format_toml(board)) == board


@settings(max_examples=200)
@given(boards())
def test_plain_round_trip_keeps_what_the_format_holds(board):
    back = parse_plain(format_plain(board).replace("\r", ""), name=board.name)
    assert (back.start, back.end, back.die.sides, back.jumps) == (
        board.start,
        board.end,
        board.die.sides,
        board.jumps,
    )


def test_jump_at_finds_a_jump_by_either_end(standard):
    assert standard.jump_at(28) == (28, 84) and standard.jump_at(84) == (28, 84)
    assert standard.jump_at(26) == (48, 26) and standard.jump_at(30) is None
    assert standard.head_map[100] == 80


def test_loading_does_not_rescan_the_text_per_jump(monkeypatch, tmp_path):
    """Line numbers for jumps come from one pass over the text: a lookup per jump made 8,000
    jumps take 26 s. Count the whole-text scans instead of timing them."""
    import chutes_tui.io.boardfile as board_module

    calls = []
    real = board_module.key_line
    monkeypatch.setattr(board_module, "key_line", lambda text, key: calls.append(key) or real(text, key))
    ladders = ", ".join(f"[{2 * i}, {2 * i + 1}]" for i in range(1, 2_001))
    path = tmp_path / "many.toml"
    path.write_text(f"squares = 5000\nladders = [{ladders}]\n")
    board = board_module.read_board(path)
    assert len(board.jumps) == 2_000 and len(calls) <= 10
    chained = path.read_text().replace("[4000, 4001]", "[3999, 4001]\n")
    path.write_text(chained)
    with pytest.raises(BoardError) as info:
        board_module.read_board(path)
    assert info.value.line == 2 and len(calls) <= 20


@pytest.mark.parametrize(
    ("text", "words", "line"),
    [
        ("a" + ".a" * 100_000 + " = 1\n", "more than 64 dots", 1),  # tomllib: quadratic in the parts
        ("squares = 10\n[" + "a." * 50_000 + "a]\n", "more than 64 dots", 2),
        ('":smile:" = 1\nsquares = 10\n', "unknown key ':smile:'", 1),
        ("squares = 0x" + "f" * 5_000 + "\n", "at most 100,000 squares", 1),
    ],
)
def test_hostile_toml_is_refused_quickly_with_its_line(text, words, line):
    with pytest.raises(BoardError) as info:
        parse_toml(text, path="x.toml")
    assert words in str(info.value) and info.value.line == line and len(str(info.value)) < 200


def test_an_unwinnable_board_message_stays_short():
    chutes = [[k, 1] for k in range(3, 99_990, 3)] + [[k, 1] for k in range(99_994, 100_000)]
    text = f"squares = 100000\nchutes = {chutes}\n"
    with pytest.raises(BoardError, match="unwinnable") as info:
        parse_toml(text, path="x.toml")
    assert len(str(info.value)) < 400
