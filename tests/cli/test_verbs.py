"""Verbs have a shape and load on demand (issue 25, point 7): one table of names and helps,
every verb module checked by mypy against ``Command``, and a verb's module imported only when
the verb is chosen, so ``chutes-tui --help`` starts as light as argparse."""

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chutes_tui.cli import build_parser, verbs

PROBE = """
import contextlib, io, sys
from chutes_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(sorted({name.split(".")[0] for name in sys.modules} & {NAMES}))
print(sorted(name for name in sys.modules if name.startswith("chutes_tui.cli.")))
"""
HEAVY = ("numpy", "scipy", "flint", "textual", "asyncio", "rich")


def loaded(*argv, names=HEAVY):
    """(heavy packages, chutes_tui.cli modules) in sys.modules after ``chutes-tui ARGV``, in a
    fresh interpreter."""
    probe = PROBE.replace("{NAMES}", repr(set(names)))
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    heavy, cli = done.stdout.strip().splitlines()[-2:]
    return ast.literal_eval(heavy), ast.literal_eval(cli)


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["--version"]], ids=" ".join)
def test_the_top_command_loads_no_verb_and_no_heavy_library(argv):
    heavy, cli = loaded(*argv)
    assert heavy == []
    assert cli == ["chutes_tui.cli.encoding", "chutes_tui.cli.parsing", "chutes_tui.cli.verbs"]


def test_a_verb_loads_its_own_module_only():
    heavy, cli = loaded("jumps", "--help", names=("numpy",))
    assert "chutes_tui.cli.jumps" in cli and "chutes_tui.cli.common" in cli
    others = {f"chutes_tui.cli.{verbs.module_name(name)}" for name in verbs.VERBS if name != "jumps"}
    assert others.isdisjoint(cli)
    assert heavy == []  # nor numpy: a board is built and checked in plain Python (model/rules.py)


def test_the_table_lists_the_verbs_and_their_help_in_order():
    (subcommands,) = [action for action in build_parser()._actions if action.choices]
    assert {choice.dest: choice.help for choice in subcommands._choices_actions} == verbs.VERBS
    assert list(subcommands.choices) == list(verbs.VERBS)
    help_text = " ".join(build_parser().format_help().split())
    assert "inspect what standing on one square means" in help_text


def test_every_verb_of_the_table_is_a_module_with_the_commands_shape():
    for name in verbs.VERBS:
        module = importlib.import_module(f"chutes_tui.cli.{verbs.module_name(name)}")
        assert callable(module.add_arguments) and callable(module.run), name
        assert not hasattr(module, "HELP"), f"{name}: its help lives in the table, once"


def test_mypy_checks_every_verb_of_the_table():
    """The TYPE_CHECKING block of cli/verbs.py, where mypy checks each module against Command,
    imports and lists exactly the verbs of the table."""
    tree = ast.parse(Path(verbs.__file__).read_text())
    guard = next(
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and ast.unparse(node.test) == "TYPE_CHECKING"
        and any(isinstance(n, ast.AnnAssign) for n in node.body)
    )
    imported = {alias.name for node in guard.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    (checked,) = [node for node in guard.body if isinstance(node, ast.AnnAssign)]
    assert ast.unparse(checked.annotation) == "tuple[Command, ...]"
    modules = [verbs.module_name(name) for name in verbs.VERBS]
    assert [element.id for element in checked.value.elts] == modules
    assert imported == set(modules)


def test_a_verbs_arguments_wait_until_it_is_chosen():
    parser = build_parser()
    (subcommands,) = [action for action in parser._actions if action.choices and "play" in action.choices]
    play = subcommands.choices["play"]
    assert {a.dest for a in play._actions} == {"help"}
    args = parser.parse_args(["play", "standard", "--players", "Ann,cpu:Robo"])
    assert args.players == "Ann,cpu:Robo" and args.command_parser is play
    assert {"board", "players", "seed", "save"} <= {a.dest for a in play._actions}
    assert play.description.startswith("Play at once on BOARD")
    assert subcommands.choices["analyze"]._actions[-1].dest == "help"  # still waiting


def test_exact_standard_works_its_fractions_out_without_scipy_or_gmpy2():
    """``exact`` needs the chain's states, not its float matrix (issue 25, point 8): the board,
    its states and the exact chain are plain Python and python-flint, without numpy; and its
    integers are FLINT's and Python's: gmpy2 (whose import reads the installed packages'
    metadata) loads for the seats' and the bounds' long sums only."""
    heavy, cli = loaded("exact", "standard", names=("numpy", "scipy", "flint", "gmpy2", "textual"))
    assert "chutes_tui.cli.exact" in cli
    assert heavy == ["flint"]


THREADS = """
import os, sys
from chutes_tui.cli import main
main(sys.argv[1:])
print(os.environ.get("OPENBLAS_NUM_THREADS"), os.environ.get("OMP_NUM_THREADS"))
"""


@pytest.mark.parametrize(
    ("argv", "given", "expected"),
    [
        (["exact", "tiny-10"], None, "1 1"),  # small algebra: one BLAS thread
        (["exact", "tiny-10"], "3", "3 1"),  # the user's own choice wins
        (["fair", "tiny-10"], None, "1 1"),  # many small products
        (["jumps", "tiny-10"], None, "None None"),  # large dense products may use every core
    ],
    ids=["exact", "exact-user-set", "fair", "jumps"],
)
def test_the_verbs_with_small_algebra_start_blas_with_one_thread(argv, given, expected):
    env = {k: v for k, v in os.environ.items() if k not in verbs.BLAS_THREADS}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    done = subprocess.run(
        [sys.executable, "-c", THREADS, *argv], capture_output=True, text=True, check=True, env=env
    )
    assert done.stdout.strip().splitlines()[-1] == expected
