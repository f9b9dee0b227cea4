"""``chutes-tui design``: search for a board that meets targets, and write it (TOML)."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.analysis.limits import DESIGN_CHAIN_MAX_SQUARES, DESIGN_CHAIN_SAMPLE
from chutes_tui.cli import bars, common, parsing
from chutes_tui.io.boardfile import format_toml
from chutes_tui.model import inputs
from chutes_tui.model.board import MAX_SQUARES
from chutes_tui.model.dice import D6
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.rules import EndRule
from chutes_tui.model.ruletable import BUMP, CHAIN_JUMPS, DIE, END_RULE, Offered, RuleOption, offered
from chutes_tui.model.text import count, path_text, printable

if TYPE_CHECKING:
    from chutes_tui.research.design import DesignReport, DesignSpec

TIME_LIMIT = 60.0  # seconds, when none is given: the example takes a few
MAX_TIME_LIMIT = 24 * 3600.0
MAX_EVALUATIONS = 10**12
STOPPED = {
    "met": "every target met",
    "time": "the time limit",
    "budget": "the budget of evaluations",
    "no targets": "no targets were given: a valid random board",
}


def rule_rows() -> tuple[RuleOption[Any], ...]:
    """The rules a designed board is played by besides its dice and end rule (flags of their
    own here, with defaults): every rule of the command line but chained jumps (a designed
    board's jumps never chain: each end has a square of its own) and the bump rule (it makes
    the players interact: the first player's edge is then no race of independent games)."""
    return tuple(row for row in offered(Offered.CLI) if row not in (DIE, END_RULE, CHAIN_JUMPS, BUMP))


def _number(name: str, high: float = float("inf")) -> Callable[[str], Any]:
    return common.argument(name, lambda text: inputs.positive_number(text, name, high))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Search for a valid board (no chained jumps, winnable, every jump at least --min-jump long) "
        "whose one-player game lasts --target-turns on average (within 1%), with spread --target-sd "
        "(within 1%), a first player's edge P(seat 1 wins) - 1/K of at most "
        "--max-first-player-edge for K = --players and at least --min-lead-changes expected lead "
        "changes among them (analyze --drama: each candidate counted exactly, so slower); then "
        "write it and report it from a fresh analysis. The same --seed and --max-evaluations "
        "always give the same board. Exit status: "
        f"0 every target met, {parsing.EXIT_MISSED} a target missed (the closest board found is still "
        'written; --json lists the missed targets under "missed"), 2 a wrong command line. '
        "Under the extra roll or a turn rule, each candidate board is evaluated exactly on its "
        f"own turn chain (up to {DESIGN_CHAIN_MAX_SQUARES} squares, {DESIGN_CHAIN_SAMPLE} moves "
        "drawn at random a step): slower, so a budget goes less far than on one-roll boards; no "
        "jump lies on a square a rule names. Targets may conflict: with identical starts the first "
        "player's edge cannot be made arbitrarily small at a given spread. For two players it is half "
        "the chance of a tie, Σ p(n)² / 2, and Σ p(n)² ≥ 3/(5√5·√(σ²+1/12)) for a length of standard "
        "deviation σ (the parabolic density's, Hodges & Lehmann, Ann. Math. Statist. 27 (1956) 324-335: "
        "0.52% at the standard board's σ = 25.6, whose edge is 0.78%); for K players a weaker one "
        "from the pairs tied at the minimum (a fifth of the standard board's edge with three players). "
        "design warns in one line before searching when "
        "--max-first-player-edge is below it at --target-sd (chutes-tui fair finds head starts instead)."
    )
    count_of = common.bounded_int
    parser.add_argument(
        "--squares", type=count_of("--squares", 2, MAX_SQUARES), default=100, help="default 100"
    )
    parser.add_argument("--ladders", type=count_of("--ladders", 0, MAX_SQUARES), default=9, help="default 9")
    parser.add_argument("--chutes", type=count_of("--chutes", 0, MAX_SQUARES), default=10, help="default 10")
    parser.add_argument(
        "--die",
        type=common.argument("--die", inputs.dice),
        default=D6,
        metavar="DICE",
        help="6 (one fair die, the default), 2d6 (two dice summed) or 1,2,0.5 (a spinner's weights)",
    )
    parser.add_argument(
        "--end-rule",
        choices=[rule.value for rule in EndRule],
        default=EndRule.EXACT.value,
        help="default exact",
    )
    for row in rule_rows():
        common.add_rule(parser, row)
    parser.add_argument("--target-turns", type=_number("--target-turns"), metavar="T", help="expected turns")
    parser.add_argument(
        "--target-sd", type=_number("--target-sd"), metavar="S", help="their standard deviation"
    )
    parser.add_argument(
        "--players",
        type=common.players(2),
        default=2,
        help=f"K for the first player's edge (2-{MAX_PLAYERS}, default 2)",
    )
    parser.add_argument(
        "--max-first-player-edge",
        type=common.argument(
            "--max-first-player-edge", lambda text: inputs.share(text, "--max-first-player-edge")
        ),
        metavar="E",
        help="the largest P(seat 1 wins) - 1/K: a fraction (0.01) or a percentage (1%%)",
    )
    parser.add_argument(
        "--min-lead-changes",
        type=_number("--min-lead-changes"),
        metavar="L",
        help="at least L expected lead changes with --players (2-3; analyze --drama says how they count)",
    )
    parser.add_argument(
        "--min-jump",
        type=count_of("--min-jump", 1, MAX_SQUARES),
        default=1,
        metavar="L",
        help="shortest jump (default 1)",
    )
    common.add_seed(parser)
    parser.add_argument(
        "--time-limit",
        type=_number("--time-limit", MAX_TIME_LIMIT),
        default=TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop searching after this long (default {TIME_LIMIT:g}; sooner once every target is met)",
    )
    parser.add_argument(
        "--max-evaluations",
        type=count_of("--max-evaluations", 1, MAX_EVALUATIONS),
        metavar="N",
        help="stop after N candidate boards: a budget that gives the same board on any machine",
    )
    parser.add_argument("--output", required=True, metavar="FILE", help="where to write the board (.toml)")
    common.add_force(parser)
    common.add_json(parser)


def _spec(args: argparse.Namespace) -> DesignSpec:
    from chutes_tui.research.designspec import DesignError, DesignSpec

    spec = DesignSpec(
        squares=args.squares,
        ladders=args.ladders,
        chutes=args.chutes,
        die=args.die,
        end_rule=EndRule(args.end_rule),
        target_turns=args.target_turns,
        target_sd=args.target_sd,
        players=args.players,
        max_edge=args.max_first_player_edge,
        min_lead_changes=args.min_lead_changes,
        min_jump=args.min_jump,
        rules=common.rule_overrides(args, rule_rows()),
    )
    try:
        spec.check()
    except DesignError as error:
        raise common.UsageError(f"{error}") from None
    return spec


def command(args: argparse.Namespace, seed: int, evaluations: int, output: Path) -> str:
    """The command that makes the same board again: every choice spelled out, the seed, and
    the evaluations the search made as its budget."""
    words = [
        "chutes-tui", "design",
        "--squares", str(args.squares),
        "--ladders", str(args.ladders),
        "--chutes", str(args.chutes),
        "--die", args.die.option,
        "--end-rule", args.end_rule,
    ]  # fmt: skip
    rules = common.rule_overrides(args, rule_rows())
    for row in rules:
        value = rules.value(row)
        if isinstance(value, bool):
            words.append(row.flag if value else f"--no-{row.name}")
        else:
            words += [row.flag, row.kind.text(value)]
    for option, value in (
        ("--target-turns", args.target_turns),
        ("--target-sd", args.target_sd),
        ("--max-first-player-edge", args.max_first_player_edge),
        ("--min-lead-changes", args.min_lead_changes),
    ):
        if value is not None:
            words += [option, f"{value:.15g}"]
    words += ["--players", str(args.players), "--min-jump", str(args.min_jump), "--seed", str(seed)]
    # At least one: a board made without targets evaluated no candidate, and 0 is refused.
    words += ["--max-evaluations", str(max(evaluations, 1)), "--output", output.name]
    return shlex.join(words)


def run(args: argparse.Namespace, console: Console) -> int:
    spec = _spec(args)
    output = Path(args.output)
    common.check_output(args.output, force=args.force)
    if output.suffix.lower() != ".toml":  # the board is written as TOML; another name would not load
        raise common.UsageError(
            f"argument --output: the file must end in .toml, not {path_text(str(output))}"
        )
    seed = common.fresh_seed(args.seed)
    from chutes_tui.research.design import design  # scipy: only when designing
    from chutes_tui.research.designspec import DesignError

    _warn_conflict(spec)
    with bars.progress_bar("designing", total=1000) as step:
        try:
            report = design(
                spec,
                seed,
                args.time_limit,
                lambda share, best: step(round(share * 1000), description=f"designing ({best})"),
                args.max_evaluations,
            )
        except DesignError as error:  # e.g. no valid board at that jump length: one line
            raise common.UsageError(f"{error}") from None
    board = report.board.replace(
        name=printable(output.stem),  # undecodable bytes in a file name: escaped
        description=report.description(command(args, seed, report.stats.evaluations, output)),
    )
    common.write(output, format_toml(board), force=args.force)
    if args.json:
        common.print_json(console, {**report.to_json(), "board": board.to_dict(), "output": str(output)})
    else:
        show(console, report, output)
    return 0 if report.met else parsing.EXIT_MISSED


def _warn_conflict(spec: DesignSpec) -> None:
    """One line on stderr, before searching, when the edge target is out of reach at the
    spread target (:func:`chutes_tui.research.designspec.conflict`)."""
    from chutes_tui.research.designspec import conflict

    clash = conflict(spec)
    if clash is None or spec.max_edge is None:  # a conflict has an edge target
        return
    common.stderr().print(
        Text(
            f"warning: --max-first-player-edge {_edge(spec.max_edge)} is out of reach at --target-sd "
            f"{spec.target_sd:g}: with identical starts the first player's edge ({spec.players} players) "
            f"is at least {_edge(clash.least)} at a spread of {clash.sd:.4g} turns (Hodges & Lehmann "
            "1956; see --help); searching anyway"
        )
    )


def _edge(share: float) -> str:
    """An edge in per cent, never a positive one as 0.00% (the least edge at a spread of 10^12
    turns is 1.7e-13 %): two decimals, or two significant digits below 0.01 %."""
    if share == 0:
        return "0%"
    return f"{share:.2%}" if share >= 1e-4 else f"{100 * share:.2g}%"


def show(console: Console, report: DesignReport, output: Path) -> None:
    board, stats = report.board, report.stats
    console.print(
        Text(
            f"wrote {path_text(output)}: {board.end} squares, {count(len(board.ladders), 'ladder')}, "
            f"{count(len(board.chutes), 'chute')}, {board.die.text}, {board.end_rule.value} end"
            + "".join(f", {words}" for row in report.spec.rules if (words := row.words(board)))
            + f" (seed {report.seed})"
        ),
        soft_wrap=True,
    )
    if not report.targets:
        console.print(Text("No targets were given: this is a valid random board."))
    for target in report.targets:
        mark = Text("✔ ", style="green") if target.met else Text("✘ ", style="red")
        console.print(
            Text.assemble(mark, (target.name, "bold"), f" {target.reached} (wanted {target.wanted})")
        )
    dist, odds = report.analysis.distribution, report.analysis.odds
    table = Table(title="The board, analysed afresh", title_justify="left", show_header=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_row("expected turns", f"{dist.mean:.4f}")
    table.add_row("standard deviation", f"{dist.sd:.4f}")
    table.add_row("median, fewest", f"{dist.median}, {dist.minimum}")
    for seat, p in enumerate(odds.win, 1):
        table.add_row(f"seat {seat} of {len(odds.win)} wins", f"{p:.4%}")
    table.add_row("first player's edge", f"{report.first_player_edge:+.4%}")
    if report.lead_changes is not None:
        table.add_row("expected lead changes", f"{report.lead_changes:.4f}")
    console.print(table)
    console.print(
        Text(
            f"search: {stats.evaluations:,} candidates evaluated "
            f"({stats.exact:,} edges or lead changes computed in full), "
            f"{count(stats.moves, 'move')}, {count(stats.restarts, 'restart')}, {stats.seconds:.1f} s; "
            f"stopped at {STOPPED[stats.stopped]}",
            style="dim",
        )
    )
