"""``chutes-tui serve``'s command line: wrong arguments are one line and status 2 before anything
listens; the command each visitor runs; the address it prints. (The page in a real browser:
tests/serve/test_browser.py.)"""

import shlex
import socket
import sys

import pytest

from chutes_tui.cli import main
from chutes_tui.cli.serve import play_command, url
from chutes_tui.cli.serveguard import default_max_visitors, memory_bytes


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--port", "0"], 2, "chutes-tui serve: argument --port: --port must be 1..65,535, not 0"),
        (["--port", "65536"], 2, "--port must be 1..65,535, not 65536"),
        (["--port", "eighty"], 2, "--port must be a whole number 1..65,535, not 'eighty'"),
        (
            ["--", "--frob"],
            2,
            "chutes-tui serve: in the play arguments: chutes-tui play: unrecognized arguments: --frob",
        ),
        (
            ["--", "--players", "Ann,"],
            2,
            "chutes-tui serve: in the play arguments: chutes-tui play: argument --players:",
        ),
        (
            ["--", "--seed", "-1"],
            2,
            "chutes-tui serve: in the play arguments: chutes-tui play: argument --seed:",
        ),
        (["--", "--save", "x.json"], 2, "--save: a visitor's saves are downloads to their browser"),
        (["--", "--resume", "no-such-save.json"], 2, "chutes-tui play: cannot resume:"),
        (
            ["--", "no-such-board"],
            1,
            "chutes-tui serve: board error: no bundled board or file named 'no-such-board'",
        ),
        (["--players", "2"], 2, "unrecognized arguments: --players"),  # play's arguments go after --
        (["--host", "a" * 64], 2, "is 64 characters; a name's parts have at most 63"),
        (["--host", ".".join(["a" * 60] * 5)], 2, "a host name has at most 253 characters, not 304"),
        (["--host", "class room"], 2, "'class room' is neither an IP address nor a host name"),
        (["--host", "bad_name!"], 2, "is neither an IP address nor a host name"),
        (["--host", "ünï.example"], 2, "is neither an IP address nor a host name"),
        (["--max-visitors", "0"], 2, "--max-visitors must be 1..10,000, not 0"),
    ],
)
def test_wrong_arguments_are_one_line_before_anything_listens(capsys, argv, code, message):
    got, out, err = run(capsys, "serve", *argv)
    assert got == code and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])  # a name passes --host's check
def test_a_port_in_use_is_one_line_and_status_2(capsys, host):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--host", host, "--port", str(port))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"chutes-tui serve: cannot listen on {host} port {port}: "
        "another program is using that port; choose another --port (try 'chutes-tui serve --help')"
    )


def test_help_shows_the_play_arguments_and_the_missing_password(capsys):
    with pytest.raises(SystemExit) as done:
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith(
        "usage: chutes-tui serve [-h] [--host HOST] [--port PORT] [--max-visitors N] "
        "[--max-per-address N] [-- PLAY-ARGUMENTS]"
    )
    words = " ".join(out.split())
    assert "127.0.0.1" in out and "no password" in words
    most = default_max_visitors(memory_bytes())
    assert f"(default {most}: half this computer's memory at 150 MB a game, at most 200)" in words


def test_each_visitor_runs_this_python_s_play_with_the_arguments_quoted():
    command = play_command(["classic-1952", "--players", "Ann Lee,cpu:Robo; rm -rf ~"])
    assert shlex.split(command) == [
        "exec",
        sys.executable,
        "-m",
        "chutes_tui",
        "play",
        "classic-1952",
        "--players",
        "Ann Lee,cpu:Robo; rm -rf ~",
    ]


def test_the_address_printed():
    assert url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert url("::1", 8080) == "http://[::1]:8080"
    assert url("0.0.0.0", 8000) == f"http://{socket.gethostname()}:8000"
