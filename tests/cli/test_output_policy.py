"""The one output policy (issue 23 §2), verb by verb: every verb that writes a file refuses an
existing file without --force, refuses a symbolic link, a device, a FIFO or a folder even with
--force (leaving the link's target untouched), and writes atomically (no temporary file left)."""

import os
import stat
from pathlib import Path

import pytest

from chutes_tui.cli import build_parser
from chutes_tui.cli.verbs import VERBS
from chutes_tui.io.atomic import WriteRefusedError, atomic_write_text
from tests.cli.test_cli_hostile import one_line, run

SMALL_DESIGN = ["--squares", "40", "--ladders", "3", "--chutes", "3", "--target-turns", "9", "--seed", "4"]
# Every verb that writes a file, with the option that names it and a file name it accepts.
WRITERS = {
    "boards random": (["boards", "random", "--seed", "3", "--output"], "b.toml"),
    "design": (["design", *SMALL_DESIGN, "--max-evaluations", "40", "--output"], "d.toml"),
    "exact --table": (["exact", "tiny-10", "--table"], "t.csv"),
    "play --save": (["play", "tiny-10", "--players", "Ann", "--save"], "g.json"),
    "watch --save": (["watch", "tiny-10", "--save"], "g.json"),
}
# play and watch check --save up front and write only when a person presses s: run them no further.
APPS = {"play --save", "watch --save"}


@pytest.fixture
def no_app(monkeypatch):
    """play and watch get as far as starting the app, and stop there with status 0."""

    def started(app, **options):
        return 0

    monkeypatch.setattr("chutes_tui.cli.play.run_app", started)
    monkeypatch.setattr("chutes_tui.cli.watch.run_app", started)


@pytest.mark.parametrize("verb", WRITERS)
def test_an_existing_file_needs_force(capsys, tmp_path, verb, no_app):
    argv, name = WRITERS[verb]
    target = tmp_path / name
    target.write_text("keep")
    code, _, err = run(capsys, *argv, str(target))
    assert code == 2 and "exists (add --force to overwrite it)" in one_line(err)
    assert target.read_text() == "keep"
    code, _out, err = run(capsys, *argv, str(target), "--force")
    assert code == (4 if verb == "design" else 0), err  # design's 40 evaluations miss its target
    if verb not in APPS:
        assert target.read_text() != "keep"
        assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no temporary file left


@pytest.mark.parametrize("verb", WRITERS)
@pytest.mark.parametrize("dangling", [False, True])
def test_a_link_is_refused_even_with_force(capsys, tmp_path, verb, dangling, no_app):
    argv, name = WRITERS[verb]
    elsewhere = tmp_path / "elsewhere.txt"
    if not dangling:
        elsewhere.write_text("not yours")
    link = tmp_path / name
    link.symlink_to(elsewhere)
    code, _, err = run(capsys, *argv, str(link), "--force")
    assert code == 2 and "symbolic link" in one_line(err)
    assert link.is_symlink() and os.readlink(link) == str(elsewhere)
    assert elsewhere.read_text() == "not yours" if not dangling else not elsewhere.exists()


@pytest.mark.parametrize("verb", WRITERS)
@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_special_files_are_refused_even_with_force(capsys, tmp_path, verb, kind, no_app):
    argv, name = WRITERS[verb]
    target = tmp_path / name
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        target = "/dev/null"
    code, _, err = run(capsys, *argv, str(target), "--force")
    # /dev/null has no .csv or .toml ending, which exact --table and design refuse first.
    assert code == 2 and ("cannot write" in one_line(err) or kind == "device")
    mode = os.stat(target).st_mode
    assert {"fifo": stat.S_ISFIFO, "folder": stat.S_ISDIR, "device": stat.S_ISCHR}[kind](mode)


def test_every_verb_with_an_output_file_offers_force():
    """A verb that gains a file to write gets --force with it (and so a row in WRITERS)."""
    parser = build_parser(every_verb=True)
    found = set()

    def walk(parser, words):
        for action in parser._actions:
            if action.choices and isinstance(action.choices, dict):
                for name, sub in action.choices.items():
                    walk(sub, [*words, name])
        options = {string for action in parser._actions for string in action.option_strings}
        for option in ("--output", "--table", "--save"):
            if option in options:
                found.add(" ".join(words) if option == "--output" else f"{words[-1]} {option}")
                assert "--force" in options, words

    walk(parser, [])
    assert found == set(WRITERS)


def test_a_file_that_appears_meanwhile_is_not_replaced(tmp_path, monkeypatch):
    """Without replace, the new file takes the name only if it is still free (a hard link):
    a file created between the check and the write survives."""
    target = tmp_path / "out.csv"
    monkeypatch.setattr("chutes_tui.io.atomic.output_problem", lambda *a, **k: None)
    target.write_text("theirs")
    with pytest.raises(WriteRefusedError, match="exists"):
        atomic_write_text(target, "ours", replace=False)
    assert target.read_text() == "theirs" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_a_link_put_in_place_meanwhile_is_replaced_not_followed(tmp_path, monkeypatch):
    """With replace, the rename replaces the name: a link that appeared after the check is
    replaced by the file, and its target keeps its contents."""
    target, victim = tmp_path / "out.csv", tmp_path / "victim"
    victim.write_text("theirs")
    target.symlink_to(victim)
    monkeypatch.setattr("chutes_tui.io.atomic.output_problem", lambda *a, **k: None)
    atomic_write_text(target, "ours")
    assert not target.is_symlink() and target.read_text() == "ours" and victim.read_text() == "theirs"


@pytest.mark.parametrize(
    "argv",
    [
        ["boards", "random", "--output", "{tmp}/b.toml/"],
        ["play", "tiny-10", "--players", "Ann", "--save", "{tmp}/g.json/"],
        ["exact", "tiny-10", "--table", "{tmp}/t.csv/", "--force"],
    ],
)
def test_a_name_ending_in_a_slash_names_a_folder(capsys, tmp_path, argv, no_app):
    code, _, err = run(capsys, *[a.format(tmp=tmp_path) for a in argv])
    assert code == 2 and one_line(err) and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("verb", WRITERS)
@pytest.mark.parametrize("given", ["", "   "])
def test_an_empty_file_name_is_said_so(capsys, tmp_path, monkeypatch, verb, given, no_app):
    """An empty name is no file: it is refused as such, not as "cannot write : is a directory"
    (Path('') is the current folder)."""
    monkeypatch.chdir(tmp_path)
    argv, _name = WRITERS[verb]
    code, _, err = run(capsys, *argv, given, "--force")
    line = one_line(err)
    assert code == 2 and "empty" in line and "directory" not in line, line
    assert list(tmp_path.iterdir()) == []


def test_long_and_undecodable_file_names(capsys, tmp_path):
    """A 250-byte name (the temporary file's name once went past the system's 255) and a name
    that is not UTF-8 (the board's name comes from it) are written like any other."""
    long = tmp_path / ("q" * 245 + ".toml")
    assert run(capsys, "boards", "random", "--seed", "1", "--output", str(long))[0] == 0
    odd = os.path.join(os.fsencode(tmp_path), b"bad\x80name.toml")
    assert run(capsys, "boards", "random", "--seed", "1", "--output", os.fsdecode(odd))[0] == 0
    assert 'name = "bad\\\\udc80name"' in Path(os.fsdecode(odd)).read_text(encoding="utf-8")  # escaped
    assert sorted(len(p.name) for p in tmp_path.iterdir()) == [len("bad\udc80name.toml"), 250]


def test_a_full_disk_is_one_line():
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "chutes_tui", "analyze", "standard", "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert (
        done.returncode == 1
        and done.stderr == "chutes-tui analyze: cannot write the output: no space left on device\n"
    )


def test_a_wrong_verb_lists_every_verb_whole(capsys):
    code, _, err = run(capsys, "nope")
    listed = one_line(err)
    assert code == 2 and "…" not in err
    assert all(f"'{verb}'" in listed for verb in VERBS)
    code, _, err = run(capsys, "x" * 5000)
    assert code == 2 and len(one_line(err)) < 400


def test_json_is_written_as_it_is_encoded_never_as_one_string():
    """A law of millions of turns: its answer streams out in small pieces (it was one string,
    then rich's copies of it: 7.6 GB for a 4.4 million-turn distribution), and reads back."""
    import io
    import json

    from rich.console import Console

    from chutes_tui.cli.common import print_json

    class Pieces(io.StringIO):
        largest = 0

        def write(self, text):
            Pieces.largest = max(Pieces.largest, len(text))
            return super().write(text)

    data = {"pmf": [i / 7 for i in range(200_000)], "name": "ünïcode"}
    out = Pieces()
    assert print_json(Console(file=out), data) == 0
    assert Pieces.largest < 100 and json.loads(out.getvalue()) == data
    assert out.getvalue().isascii()  # any output encoding takes it


@pytest.mark.parametrize(("columns", "lines"), [(80, 2), (120, 1)])
def test_a_long_heading_puts_its_question_on_a_line_of_its_own(capsys, monkeypatch, columns, lines):
    # At 80 columns fair's heading wrapped by word and left its start square, "0", alone.
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "fair", "standard", "--players", "2")
    heading = out.splitlines()[:lines]
    assert code == 0 and heading[0].startswith("standard — 100 squares, d6")
    assert heading[-1].endswith("2 players, seat 1 moves first from square 0")
    assert all(len(line) <= columns for line in heading)
