"""CLI polish (issue 24, point 8): `design` says which targets it missed and exits 4; `boards
random --help` documents every option with its default; `inspect` never splits an item of a
list across lines; every error is one line in one format, with the documented status."""

import json

import pytest

from chutes_tui.analysis.reports import inspect_square
from chutes_tui.cli import main
from chutes_tui.io.boardfile import load_board


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- inspect: a list breaks between its items, never inside one -----------------------------------


@pytest.mark.parametrize("columns", [80, 60, 50, 40])
@pytest.mark.parametrize(("board_name", "square"), [("standard", 1), ("standard", 99), ("classic-1952", 0)])
def test_inspect_never_splits_an_item_of_a_list(capsys, monkeypatch, columns, board_name, square):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "inspect", board_name, str(square))
    assert code == 0
    lines = [line.rstrip() for line in out.splitlines()]
    assert max(len(line) for line in lines) <= columns
    report = inspect_square(load_board(board_name), square, None)
    rolls = [f"{o.roll} {o.describe()}" for o in report.roll_outcomes]
    chances = [f"{n}: {p:.1%}" for n, p in report.p_finish_within.items()]
    assert len(rolls) == 6 and len(chances) == 3
    for item in rolls + chances:  # each whole on one line (a split one is on none)
        assert any(item in line for line in lines), (item, columns)


# -- design: a missed target is a documented status, and the JSON names it ------------------------


def test_design_that_misses_a_target_exits_4_and_its_json_names_the_target(capsys, tmp_path):
    path = tmp_path / "short.toml"
    argv = ["design", "--squares", "40", "--ladders", "1", "--chutes", "1", "--target-turns", "2"]
    argv += ["--max-first-player-edge", "50%", "--max-evaluations", "300", "--seed", "1"]
    code, out, err = run(capsys, *argv, "--output", str(path), "--json")
    data = json.loads(out)
    assert code == 4 and err == "" and path.exists()  # the closest board is written all the same
    assert data["met"] is False and data["missed"] == ["expected turns"]
    assert [t["name"] for t in data["targets"] if t["met"]] == ["first-player edge"]
    assert data["expected_turns"] > 2 * 1.01  # really missed: 2 turns on 40 squares cannot be


def test_design_that_meets_its_targets_exits_0_with_nothing_missed(capsys, tmp_path):
    argv = [
        "design",
        "--squares",
        "40",
        "--ladders",
        "3",
        "--chutes",
        "3",
        "--target-turns",
        "9",
        "--seed",
        "4",
    ]
    code, out, _ = run(capsys, *argv, "--output", str(tmp_path / "nine.toml"), "--json")
    assert code == 0 and json.loads(out)["missed"] == []


def test_exit_status_4_is_documented_where_the_others_are():
    from pathlib import Path

    import chutes_tui.cli

    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert "4 `design` missed a target" in readme
    assert "4 ``design`` missed a target" in " ".join(chutes_tui.cli.__doc__.split())
    help_text = " ".join(chutes_tui.cli.build_parser().format_help().split())
    assert "Exit status: 0 done, 1 a board" in help_text and "4 design missed a target" in help_text


# -- every option's help says what it is and, when it has one, its default ------------------------


def _options(parser, name="chutes-tui"):
    """(command, option) for every option of every verb and sub-verb."""
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for verb, sub in action.choices.items():
                yield from _options(sub, f"{name} {verb}")
        elif action.option_strings and not isinstance(action, argparse._HelpAction | argparse._VersionAction):
            yield name, action


def _default_texts(default):
    """The ways a help may write ``default`` (none to check for an object such as a die)."""
    if isinstance(default, float):
        return {f"{default:g}"}
    if isinstance(default, int):
        powers = {f"10^{len(str(default)) - 1}"} if str(default).strip("0") == "1" else set()
        return {str(default), f"{default:,}", *powers}
    return {default} if isinstance(default, str) else set()


def test_every_option_documents_itself_and_its_default():
    from chutes_tui.cli import build_parser

    options = list(_options(build_parser(every_verb=True)))
    assert len(options) > 100
    undocumented = []
    for command, action in options:
        flag, hidden = action.nargs == 0, action.help == "==SUPPRESS=="
        text = " ".join((action.help or "").split())
        shown = _default_texts(action.default)
        if hidden or not text:
            undocumented.append((command, action.option_strings[0], "no help"))
        elif not (flag or action.required or action.default in (None, [])) and (
            "default" not in text or (shown and not any(t in text for t in shown))
        ):
            undocumented.append((command, action.option_strings[0], action.default))
    assert undocumented == []


def test_boards_random_help_names_every_default(capsys):
    with pytest.raises(SystemExit) as done:
        main(["boards", "random", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert done.value.code == 0
    for option, default in (("--squares", 100), ("--ladders", 9), ("--chutes", 10), ("--die", 6)):
        assert f"{option} N " in out and f"default {default})" in out
    assert "(default: a fresh one, shown)" in out


# -- every error: one line, one format, the documented status --------------------------------------


def _commands():
    """Every command a user can type: the verbs, and the sub-verbs of boards and experiments."""
    import argparse

    from chutes_tui.cli import build_parser

    def walk(parser, words):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if words:
            yield words, parser
        for action in subs:
            for verb, sub in action.choices.items():
                yield from walk(sub, [*words, verb])

    return list(walk(build_parser(every_verb=True), []))


COMMANDS = _commands()
# What a command needs besides a board to get as far as reading it.
NEEDS = {"inspect": ["28"], "experiments another-game": None, "serve": None}


def assert_one_error_line(err, command, ending=True):
    prog = "chutes-tui " + " ".join(command)
    assert err.endswith("\n") and err.count("\n") == 1, err
    line = err.rstrip("\n")
    assert line.startswith(f"{prog}: "), line
    assert line.count(prog + ":") == 1 or "in the play arguments" in line, line  # said once
    if ending:
        assert line.endswith(f" (try '{prog} --help')"), line
    return line


def test_every_command_is_covered():
    names = {" ".join(words) for words, _ in COMMANDS}
    assert {"analyze", "boards random", "experiments convergence", "serve", "design"} <= names
    assert len(names) >= 22


@pytest.mark.parametrize(
    ("command", "parser"), COMMANDS, ids=lambda v: " ".join(v) if isinstance(v, list) else ""
)
def test_a_wrong_option_ends_the_same_way_on_every_command(capsys, command, parser):
    code, out, err = run(capsys, *command, "--no-such-option")
    assert code == 2 and out == ""
    assert_one_error_line(err, command)


BOARD_COMMANDS = [
    words
    for words, parser in COMMANDS
    if any(action.dest == "board" for action in parser._actions)
    and NEEDS.get(" ".join(words), []) is not None
]


@pytest.mark.parametrize("command", BOARD_COMMANDS, ids=" ".join)
def test_a_missing_board_ends_the_same_way_on_every_command(capsys, command):
    assert len(BOARD_COMMANDS) >= 15
    code, out, err = run(capsys, *command, "no-such-board", *NEEDS.get(" ".join(command), []))
    assert code == 1 and out == ""
    line = assert_one_error_line(err, command)
    assert ": board error: no bundled board or file named 'no-such-board'" in line


@pytest.mark.parametrize(
    "argv",
    [
        ["inspect", "standard", "9999"],  # refused by the verb, after parsing
        ["analyze", "standard", "--start", "300"],
        ["design", "--output", "board.txt"],
        ["exact", "standard", "--table", "table.txt"],
        ["replay", "/nonexistent/save.json"],
        ["play", "--resume", "/nonexistent/save.json"],
        ["serve", "--", "--frob"],
        ["boards", "random", "--output", "/nonexistent-dir/x.toml"],
    ],
    ids=" ".join,
)
def test_a_verbs_own_refusal_ends_the_same_way(capsys, argv):
    command = argv[:2] if argv[0] == "boards" else argv[:1]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, command)


def test_a_crash_and_an_interruption_name_the_command_too(capsys, monkeypatch):
    import chutes_tui.cli.analyze

    def crash(args, console):
        raise RuntimeError("a bug")

    monkeypatch.setattr(chutes_tui.cli.analyze, "run", crash)
    code, out, err = run(capsys, "analyze", "standard")
    line = assert_one_error_line(err, ["analyze"], ending=False)
    assert code == 3 and "stopped on an unexpected error (RuntimeError: a bug)" in line

    def interrupted(args, console):
        raise KeyboardInterrupt

    monkeypatch.setattr(chutes_tui.cli.analyze, "run", interrupted)
    code, out, err = run(capsys, "analyze", "standard")
    assert code == 130 and out == "" and err == "chutes-tui analyze: interrupted\n"


def test_no_verb_writes_its_own_error_prefix():
    """One function formats the line: a refusal says what went wrong, never the command's name
    (which a verb could get wrong, or say twice)."""
    import ast
    from pathlib import Path

    import chutes_tui.cli

    found = []
    for path in Path(chutes_tui.cli.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "UsageError"
            ):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.JoinedStr) and first.values:
                    first = first.values[0]
                if isinstance(first, ast.Constant) and str(first.value).startswith("chutes-tui"):
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []
