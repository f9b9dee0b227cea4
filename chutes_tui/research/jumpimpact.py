"""Each jump's exact effect: the question of Dauenhauer & Dauenhauer (*Board Game Studies
Journal*, 2024), who removed one jump at a time from gyan chaupar boards and simulated 100,000
games per variation, answered with exact fractions.

For a board ``B`` and each of its jumps ``j``, ``B - j`` is the board without it. Its expected
length ``E[T]`` is the exact chain's ``(I - Q) t = 1`` from the start (:mod:`chutes_tui.exact.
chain`, the extended chain under a turn rule of issue 26), and the first of two players' edge
``P(seat 1 wins) - ½`` the exact two-player fraction (:mod:`chutes_tui.exact.two_player`). A
jump's effect is the difference ``B - j`` minus ``B`` of each; a removal that leaves the board
unwinnable has none (the board refuses it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flint import fmpq

from chutes_tui.exact.chain import exact_expected_turns
from chutes_tui.exact.fractions import decimal_digits, fraction_text
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.edits import remove_jump
from chutes_tui.model.rules import JumpKind, jump_kind

HALF = fmpq(1, 2)


@dataclass(frozen=True)
class Figures:
    """A board's exact expected length and first player's edge (two players)."""

    expected_turns: fmpq
    edge: fmpq

    def to_json(self, digits: int) -> dict[str, str]:
        return {
            "expected_turns": fraction_text(self.expected_turns),
            "expected_turns_decimal": decimal_digits(self.expected_turns, digits),
            "first_player_edge": fraction_text(self.edge),
            "first_player_edge_decimal": decimal_digits(self.edge, digits),
        }


def figures(board: Board) -> Figures:
    """:class:`Figures` of ``board``, exactly."""
    return Figures(exact_expected_turns(board), exact_two_player(board).first_player - HALF)


@dataclass(frozen=True)
class JumpEffect:
    """The board without one jump (``without`` ``None``: that leaves it unwinnable)."""

    tail: int
    head: int
    without: Figures | None

    @property
    def kind(self) -> JumpKind:
        return jump_kind(self.tail, self.head)


@dataclass(frozen=True, eq=False)
class JumpImpactReport:
    board: Board
    base: Figures
    jumps: tuple[JumpEffect, ...]

    def change(self, effect: JumpEffect) -> tuple[fmpq, fmpq] | None:
        """Removing the jump changes the expected length and the edge by these (exactly)."""
        if effect.without is None:
            return None
        return (
            effect.without.expected_turns - self.base.expected_turns,
            effect.without.edge - self.base.edge,
        )

    def to_json(self, digits: int) -> dict[str, Any]:
        rows = []
        for effect in self.jumps:
            change = self.change(effect)
            rows.append(
                {
                    "from": effect.tail,
                    "to": effect.head,
                    "kind": effect.kind.value,
                    "without": None if effect.without is None else effect.without.to_json(digits),
                    "change": None
                    if change is None
                    else {
                        "expected_turns": fraction_text(change[0]),
                        "expected_turns_decimal": decimal_digits(change[0], digits),
                        "first_player_edge": fraction_text(change[1]),
                        "first_player_edge_decimal": decimal_digits(change[1], digits),
                    },
                }
            )
        return {"board": self.board.name, "base": self.base.to_json(digits), "jumps": rows}


def jump_impact_exact(board: Board, progress: Callable[[int, int], None] | None = None) -> JumpImpactReport:
    """Each jump's exact effect on ``board`` (module docstring); ``progress(done, total)`` after
    each board solved."""
    total = len(board.jumps) + 1
    base = figures(board)
    effects = []
    for done, (tail, head) in enumerate(board.jumps, start=1):
        if progress is not None:
            progress(done, total)
        try:
            smaller = remove_jump(board, tail)
        except BoardError:  # unwinnable without it
            effects.append(JumpEffect(tail, head, None))
            continue
        effects.append(JumpEffect(tail, head, figures(smaller)))
    return JumpImpactReport(board, base, tuple(effects))
