"""``chutes-tui strategy BOARD [--players 1|2] [--json]``: a board with decisions (issue 27:
``--dice-choice``, ``--after-roll``), solved: the board drawn with the best choice on each
square, the optimum (an exact fraction, with its proof), and naive policies' values."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.text import Text

from chutes_tui.cli import common
from chutes_tui.model.board import Board, BoardError
from chutes_tui.render.squares import GOAL


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve a board whose player chooses (a die of --dice-choice before each roll; with "
        "--after-roll, what to do with the roll): one player, the least expected turns, exactly, "
        "with its proof; two players, the best chance to win."
    )
    common.add_board_arguments(parser, decisions=True)
    parser.add_argument(
        "--players",
        type=common.bounded_int("--players", 1, 2),
        default=1,
        help="1: the fewest expected turns; 2: the best chance to win (default 1)",
    )
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args, decisions=True)
    from chutes_tui.research.strategy import strategy_report  # numpy, scipy, flint: when solving

    try:
        report = strategy_report(board, args.players)
    except ValueError as error:  # a size limit, named
        raise BoardError(str(error)) from None
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    letters = "  ".join(f"{chr(ord('A') + d)} = {text}" for d, text in enumerate(report.dice))
    console.print(Text(f"dice: {letters}; after a roll: {' or '.join(report.options)}"))
    console.print()
    if report.squares:
        for line in drawn(board, {c.square: c.label for c in report.squares}, console.width):
            console.print(Text(line), no_wrap=True, overflow="ellipsis")
        console.print(
            Text(
                f"each square: the die to pick, then what to do after a roll other than move "
                f"(→ a ladder or chute to, {GOAL.mark} the goal)",
                style="dim",
            )
        )
    else:
        console.print(Text(f"{board.pawns} pawns: a choice on each of {report.states:,} states (not drawn)"))
    console.print()
    console.print(Text("One player: the fewest expected turns", style="bold underline"))
    exact = f"= {report.exact}" if report.exact is not None else "(in floats: too many states for fractions)"
    console.print(Text(f"  optimum  {report.value:.10g} {exact}"), soft_wrap=True)
    console.print(Text(f"  value iteration  {report.iterated:.12g} ({report.sweeps} sweeps)"))
    how = "exactly" if report.exact is not None else "in floats, to 1e-12"
    proof = (
        f"  proof: no single-step improvement on any state ({report.iterations} policies evaluated "
        f"{how}; least slack {report.slack or 'none'}, {report.ties} ties)"
        if report.improvements == 0
        else f"  NOT PROVED: {report.improvements} improving choices remain"
    )
    console.print(Text(proof), soft_wrap=True)
    duel = report.duel
    if duel is not None:
        console.print()
        console.print(Text("Two players: the best chance to win", style="bold underline"))
        exact = f"exactly {duel.exact}" if duel.exact is not None else f"not exactly: {duel.exact_refused}"
        console.print(
            Text(f"  first to move, both optimal  {duel.value:.10f} ({duel.sweeps} sweeps; {exact})"),
            soft_wrap=True,
        )
        if duel.gain is not None:
            console.print(
                Text(
                    f"  exact check: another choice gains {duel.gain} "
                    f"on any of the {duel.pair_states:,} pair states"
                )
            )
        console.print(Text(f"  optimal first against the fewest-turns player  {duel.best_vs_shortest:.6f}"))
        console.print(Text(f"  fewest-turns first against the optimal player  {duel.shortest_vs_best:.6f}"))
        console.print(
            Text(f"  fewest-turns against itself, first to move      {duel.shortest_vs_shortest:.6f}")
        )
        console.print(
            Text(
                f"  the two choose differently (and it matters) on {duel.differing:,} "
                f"of {duel.pair_states:,} pair states"
            )
        )
        for d in duel.differences:
            console.print(
                Text(
                    f"    on {d.mover} against {d.other}: {d.best} (best) rather than {d.shortest}: "
                    f"{d.loss:.4f} of the chance"
                )
            )
    console.print()
    heading = "Naive policies" + (
        " (chance to win moving first, against the optimal player)" if duel else " (expected turns)"
    )
    console.print(Text(heading, style="bold underline"))
    for naive in report.naive:
        console.print(Text(f"  {naive.name}: {naive.value:.6g}"))
    return 0


def drawn(board: Board, labels: dict[int, str], columns: int) -> list[str]:
    """The board as text rows, the last row on top, serpentine: each square's number and its
    label (a jump's tail: ``80→100``, where it goes; the goal: ``⌂``). A cell is 6 to 12
    characters, as ``columns`` allow, and never narrower than a jump's or the goal's text (a
    cut ``80→10`` would read as another jump); a long choice may be cut."""
    width = min(board.width, board.end)
    digits = len(str(board.end))

    def text(square: int) -> str:
        head = board.jump_map.get(square)
        if square == board.goal_square:
            return f"{square:>{digits}} {GOAL.mark}"
        if head is not None:
            return f"{square:>{digits}}→{head}"
        return f"{square:>{digits}} {labels.get(square, '')}"

    texts = {square: text(square) for square in range(1, board.end + 1)}
    fixed = max(len(texts[s]) for s in (*board.jump_map, board.goal_square) if s in texts)
    cell = max(6, fixed, min(12, (columns + 1) // width - 1))
    rows = []
    for first in range(1, board.end + 1, width):
        cells = [
            f"{texts[square]:<{cell}}"[:cell] for square in range(first, min(first + width, board.end + 1))
        ]
        if (first - 1) // width % 2:
            cells.reverse()
        rows.append(" ".join(cells))
    rows.reverse()
    if board.start in labels:
        rows.append(f"start {board.start}: {labels[board.start]}")
    return rows
