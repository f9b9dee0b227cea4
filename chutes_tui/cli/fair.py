"""``chutes-tui fair BOARD``: head starts that make K seats as equal as possible, exactly.

A verb of its own, not ``design --fair``: ``design`` makes a new board to order and writes it,
while this question takes a board as it is (any board file, with rule flags and jump edits like
``analyze``) and answers with squares, writing nothing.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from chutes_tui.analysis.limits import (
    CURVES_MAX_VALUES,
    ENCLOSURE_MAX_DIGITS,
    EXACT_MAX_STATES,
    FAIR_EXHAUSTIVE_WORK,
    FAIR_ROUND_WORK,
)
from chutes_tui.cli import bars, common
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.text import count

if TYPE_CHECKING:
    from chutes_tui.research.fair import FairReport

DIGITS = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Find head starts that make K seats' chances to win as equal as possible. Seat 1 moves first "
        "from the board's start; each later seat starts on a square of its own at or past it (a head "
        "start of that many squares; a square that is a jump's tail counts as its head, where a move "
        "there would end). The best arrangement has the least largest gap max_k |P(seat k wins) - 1/K|, "
        "ties going to the least total head start. Every arrangement is weighed when that is at most "
        f"{FAIR_EXHAUSTIVE_WORK:.0e} multiply-adds (seats^(K-1) x K x turns: four players on the "
        "standard board); beyond, a pair search from a few starts (a local optimum, said so). The "
        "chances are reported exactly: fractions for two players, certain digits for more (up to "
        f"{EXACT_MAX_STATES} squares to stand on; beyond, floats to 1e-15). Beside them, seat 1's edge "
        "with identical starts and the least edge any board of the same spread could have (Hodges & "
        "Lehmann 1956; see chutes-tui design --help)."
    )
    common.add_board_arguments(parser)
    parser.add_argument(
        "--players", type=common.players(2), default=2, help=f"K seats (2-{MAX_PLAYERS}, default 2)"
    )
    parser.add_argument(
        "--digits",
        type=common.bounded_int("--digits", 1, ENCLOSURE_MAX_DIGITS),
        default=DIGITS,
        help=f"decimal digits of each exact chance (default {DIGITS}, at most {ENCLOSURE_MAX_DIGITS})",
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args)
    common.check_bump(board, args.players, "fair", 1)
    players = args.players
    from chutes_tui.analysis.chain import build_chain
    from chutes_tui.analysis.multi import curves_affordable
    from chutes_tui.research.headstarts import plan

    chain = build_chain(board)
    if not curves_affordable(chain):
        raise common.UsageError(
            f"{common.name(board)} is too long for head starts: they weigh every square's finishing "
            f"curves, past CURVES_MAX_VALUES ({CURVES_MAX_VALUES:,} values) here"
        )
    size = plan(chain, players)
    if not size.affordable:
        raise common.UsageError(
            f"{players} players on {common.name(board)}: {size.states:,} squares a seat may start on make "
            f"{size.round_work:.1e} multiply-adds a pair search round, past FAIR_ROUND_WORK "
            f"({FAIR_ROUND_WORK:.0e}); fewer players fit"
        )
    from chutes_tui.research.fair import fair_report

    with bars.progress_bar("head starts") as step:
        report = fair_report(
            board,
            players,
            args.digits,
            lambda done, total, what: step(done, total, description=what),
        )
    if args.json:
        return common.print_json(console, report.to_json())
    show(console, report)
    return 0


def _percent(value: float) -> str:
    return f"{value:.4%}"


def show(console: Console, report: FairReport) -> None:
    board, k, best, identical = report.board, report.players, report.best, report.identical
    common.heading(console, board, f"; {k} players, seat 1 moves first from square {board.start}")
    table = Table(title="Head starts that make the seats as equal as possible", title_justify="left")
    for column in ("seat", "identical starts", "square", "head start", "P(win)"):
        table.add_column(column, justify="right")
    for seat, (square, start, chance, alone) in enumerate(
        zip(best.squares, best.head_starts, best.chances, identical.chances, strict=True), 1
    ):
        table.add_row(str(seat), f"{alone.value:.10f}", str(square), str(start), f"{chance.value:.10f}")
    console.print(table)
    if best.squares == identical.squares:
        console.print(
            Text(f"No head start does better than identical starts (largest gap {_percent(best.gap)}).")
        )
    else:
        console.print(
            Text(
                f"largest gap |P(win) - 1/{k}|: {_percent(identical.gap)} from identical starts, "
                f"{_percent(best.gap)} with these head starts "
                f"({count(sum(best.head_starts), 'square')} in all)"
            )
        )
    _exact(console, report)
    if report.others:
        listed = "; ".join(
            f"{', '.join(map(str, seats.squares))} ({_percent(seats.gap)})" for seats in report.others
        )
        console.print(Text(f"next best (squares, largest gap): {listed}", style="dim"), soft_wrap=True)
    found = report.found
    how = (
        f"every one of the {found.arrangements:,} arrangements weighed"
        if found.exhaustive
        else f"a pair search: {found.arrangements:,} arrangements weighed in {count(found.rounds, 'round')}; "
        "no move of one or two seats does better, but every arrangement "
        f"({report.players - 1} later seats) is past FAIR_EXHAUSTIVE_WORK ({FAIR_EXHAUSTIVE_WORK:.0e})"
    )
    console.print(Text(f"search: {how}", style="dim"))
    console.print(
        Text(
            f"With identical starts seat 1's edge here is {report.edge:+.4%}; no board with this spread "
            f"(sd {report.sd:.2f} turns) can have less than {report.least_edge:+.4%} (Hodges & Lehmann 1956"
            f"{'' if k == 2 else ', and a K-player bound'}: see chutes-tui design --help)."
        )
    )


def _exact(console: Console, report: FairReport) -> None:
    if not report.exact:
        console.print(
            Text(
                f"Floats: over {EXACT_MAX_STATES} squares to stand on, no exact values; each series is "
                "summed until its proven remainder is below 1e-15."
            )
        )
        return
    what = "fractions rounded to" if report.players == 2 else "every digit certain,"
    console.print(Text(f"Exactly ({what} {report.digits} digits):", style="italic"))
    for label, seats in (("identical starts", report.identical), ("head starts", report.best)):
        console.print(Text(f"  {label}:"))
        for seat, chance in enumerate(seats.chances, 1):
            console.print(Text(f"    seat {seat}  {chance.digits}"), soft_wrap=True)
    if report.players == 2:
        console.print(Text("(--json prints every fraction whole)", style="dim"))
