"""``chutes-tui strategy BOARD [--players N] [--pawns K] [--json]``: a board with decisions
(issue 27: ``--dice-choice``, ``--after-roll``, ``--pawns``), solved: the board drawn with the
best choice on each square, the optimum (an exact fraction, with its proof), and naive
policies' values; beyond the solvers' state counts, the limit named and a Monte Carlo estimate
(``--games``, ``--seed``; progress on stderr, Ctrl-C stops it)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from chutes_tui.analysis.limits import STRATEGY_ESTIMATE_GAMES, STRATEGY_TIE_POLICIES
from chutes_tui.cli import bars, common
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.render.squares import GOAL

if TYPE_CHECKING:  # numpy, scipy, flint: imported when solving
    from chutes_tui.research.estimate import EstimatePart
    from chutes_tui.research.strategy import OnePlayer, StrategyReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve a board whose player chooses (a die of --dice-choice before each roll; with "
        "--after-roll, what to do with the roll): one player, the least expected turns, exactly, "
        "with its proof; two players, the best chance to win."
    )
    common.add_board_arguments(parser, decisions=True)
    parser.add_argument(
        "--players",
        type=common.players(),
        default=1,
        help=f"1: the fewest expected turns; 2: the best chance to win; 1-{MAX_PLAYERS} (default 1; "
        "beyond the solvers, a Monte Carlo estimate)",
    )
    parser.add_argument(
        "--games",
        type=common.bounded_int("--games", 100, 10**7),
        default=STRATEGY_ESTIMATE_GAMES,
        help="games each figure of an estimate plays, beyond the solvers' limits, 100..10^7 "
        f"(default {STRATEGY_ESTIMATE_GAMES:,})",
    )
    common.add_seed(parser)
    common.add_json(parser)


def run(args: argparse.Namespace, console: Console) -> int:
    board = common.board_from_args(args, decisions=True)
    from chutes_tui.research.strategy import strategy_report  # scipy, flint: when solving

    seed = 0 if args.seed is None else args.seed
    with bars.progress_bar("solving", 2 * args.games) as step:

        def estimating(done: int, total: int) -> bool:  # beyond the solvers: games played
            step(done, total, description=f"estimating: {total:,} games")
            return False

        try:
            report = strategy_report(board, args.players, args.games, seed, estimating)
        except ValueError as error:  # a size limit, named
            raise BoardError(str(error)) from None
    if args.json:
        return common.print_json(console, report.to_json())
    common.heading(console, board)
    letters = "  ".join(f"{chr(ord('A') + d)} = {text}" for d, text in enumerate(report.dice))
    console.print(Text(f"dice: {letters}; after a roll: {' or '.join(report.options)}"))
    console.print()
    one = report.one
    if one is not None and one.squares:
        for line in drawn(board, {c.square: c.label for c in one.squares}, console.width):
            console.print(Text(line), no_wrap=True, overflow="ellipsis")
        console.print(
            Text(
                f"each square: the die to pick, then what to do after a roll other than move "
                f"(→ a ladder or chute to, {GOAL.mark} the goal)",
                style="dim",
            )
        )
    else:
        console.print(
            Text(
                f"{board.pawns} pawns: a choice on each of {report.states:,} states (not drawn; "
                "pawns are counted from the rearmost)"
            ),
            soft_wrap=True,
        )
    if one is not None:
        console.print()
        _one_player(console, one)
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
    if report.naive:
        console.print()
        heading = "Naive policies" + (
            " (chance to win moving first, against the optimal player)" if duel else " (expected turns)"
        )
        console.print(Text(heading, style="bold underline"))
        for naive in report.naive:
            console.print(Text(f"  {naive.name}: {naive.value:.6g}"))
    if report.fewest is not None:
        console.print()
        console.print(
            Text(
                f"{report.players} players, each playing for fewest turns (cpu:best): exact, the "
                "players independent without the bump rule",
                style="bold underline",
            ),
            soft_wrap=True,
        )
        for line in _fewest_lines(report):
            console.print(Text(line), soft_wrap=True)
    if report.estimate is not None:
        console.print()
        for line in estimate_lines(report.estimate):
            console.print(Text(line, style="bold underline" if line == line.lstrip() else ""), soft_wrap=True)
    return 0


def _one_player(console: Console, one: OnePlayer) -> None:
    console.print(Text("One player: the fewest expected turns", style="bold underline"))
    exact = f"= {one.exact}" if one.exact is not None else "(in floats: too many states for fractions)"
    console.print(Text(f"  optimum  {one.value:.10g} {exact}"), soft_wrap=True)
    console.print(Text(f"  value iteration  {one.iterated:.12g} ({one.sweeps} sweeps)"))
    how = "exactly" if one.exact is not None else "in floats, to 1e-12"
    proof = (
        f"  proof: no single-step improvement on any state ({one.iterations} policies evaluated "
        f"{how}; least slack {one.slack or 'none'}, {one.ties} ties)"
        if one.improvements == 0
        else f"  NOT PROVED: {one.improvements} improving choices remain"
    )
    console.print(Text(proof), soft_wrap=True)
    tied = len(one.tied)
    ties = (
        f"  ties: {tied} square{'s' * (tied != 1)} with choices exactly as good "
        f"({one.optimal_policies:,} optimal policies); shown and played: {one.tie_break}"
        if tied
        else "  no ties: one optimal policy"
    )
    console.print(Text(ties), soft_wrap=True)


def _fewest_lines(report: StrategyReport) -> list[str]:
    """Each seat's chance and the turns in all, with their range over every optimal policy
    where the squares tie (or a line saying the figures depend on the tie-break)."""
    assert report.fewest is not None and report.one is not None
    spread = report.fewest_range
    tied = bool(report.one.tied)

    def beside(low: float, high: float, form: str) -> str:
        assert spread is not None
        return f"  ({low:{form}} to {high:{form}} over the {spread.policies:,} optimal policies)"

    lines = [
        f"  player {seat} (moving {_ordinal(seat)}) wins  {chance:.4%}"
        + (beside(*spread.win[seat - 1], ".4%") if spread else "")
        for seat, chance in enumerate(report.fewest.win, start=1)
    ]
    turns = report.fewest.expected_total_moves
    lines.append(f"  turns in all  {turns:.4f}" + (beside(*spread.moves, ".4f") if spread else ""))
    if tied and not spread:
        lines.append(
            f"  these depend on the tie-break: {report.one.optimal_policies:,} optimal policies, "
            f"more than the {STRATEGY_TIE_POLICIES:,} ranged over"
        )
    return lines


def estimate_lines(part: EstimatePart) -> list[str]:
    """The estimate, each figure with its standard error, the limit passed and the policy."""
    who = "One player" if part.players == 1 else f"{part.players} players"
    lines = [
        f"{who}: a Monte Carlo estimate, not solved",
        f"  beyond the solvers: {part.limit}",
        f"  {part.games:,} games a figure (seed {part.seed}), every player playing {part.policy}",
    ]
    if part.players == 1:
        assert part.naive_turns is not None
        lines.append(f"  expected turns  {part.turns.text()}")
        lines.append(f"  naive ({part.naive_policy})  {part.naive_turns.text()}")
    else:
        for seat, chance in enumerate(part.chances, start=1):
            lines.append(f"  player {seat} (moving {_ordinal(seat)}) wins  {chance.text(percent=True)}")
        lines.append(f"  turns in all  {part.turns.text()}")
        assert part.naive_first is not None
        lines.append(
            f"  player 1 playing naively ({part.naive_policy}) wins  {part.naive_first.text(percent=True)}"
        )
    if part.cut:
        lines.append(f"  {part.cut:,} games cut at the engine's turn limit (counted in no figure)")
    return lines


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


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
