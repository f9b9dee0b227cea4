"""What can colour a board: one statistic for every square a turn can end on.

:class:`OverlayKind` names each one with its words and the format of its numbers;
:func:`overlay_values` computes a statistic's values. The front ends build what is drawn from
them (the core draws nothing):

* expected turns left from each square, ``E_s = 1 + Σ_t Q_{st} E_t`` (0 on the end);
* expected visits from the start, the row of the fundamental matrix ``N = (I - Q)⁻¹`` at the
  start (how many turns end on each square);
* the chance of ever landing, ``P(visit s) = N_{start,s} / N_{ss}``;
* the win chance of the player to move standing on each square, against an opponent on a given
  square (two players who never interact);
* the flow, where the player to move may stand after ``n`` turns (:mod:`.flow`: its values
  depend on ``n``, so :func:`overlay_values` does not give them).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from chutes_tui.model.board import Board
from chutes_tui.model.text import percent_digits

if TYPE_CHECKING:
    from chutes_tui.analysis.states import Position


class OverlayKind(Enum):
    """An overlay, in the order ``o`` cycles through them. ``needs_opponent``: its values are
    against the other player's square (two players only); ``needs_mover``: it follows the player
    to move, so a finished game has none, and it changes whenever a piece moves."""

    TURNS_LEFT = ("expected turns left", "turns left", "{:.1f}", False, False)
    VISITS = ("expected visits from the start", "visits", "{:.1f}", False, False)
    EVER_LAND = ("chance of ever landing", "P(ever land)", "{:.0%}", False, False)
    WIN_CHANCE = ("win chance vs opponent", "win chance", "{:.0%}", True, True)
    FLOW = ("where the player to move may be after n turns", "flow", "{:.1%}", False, True)

    def __init__(self, label: str, short: str, fmt: str, needs_opponent: bool, needs_mover: bool) -> None:
        self.label = label
        self.short = short  # the same in a few words, for a legend where the label does not fit
        self.fmt = fmt
        self.needs_opponent = needs_opponent
        self.needs_mover = needs_mover

    def number_format(self, high: float) -> str:
        """The format of a value when the largest shown is ``high``: the flow's last turns leave
        chances of 0.01% and less, so it shows the digits they need (at least ``fmt``'s)."""
        if self is OverlayKind.FLOW:
            return f"{{:.{percent_digits(high, least=1)}%}}"
        return self.fmt


def overlay_values(board: Board, kind: OverlayKind, opponent: Position | None = None) -> dict[int, float]:
    """A statistic for every square a turn can end on (the board overlays' data).

    The win chance needs the opponent's square and is the two-player chance of a player to move
    standing on each square (with no turn to miss, where a turn rule of issue 26 gives a square
    two states). The flow's values come from :class:`~chutes_tui.analysis.flow.Flow`.
    """
    if kind is OverlayKind.FLOW:
        raise ValueError("the flow's values depend on the turn: Flow(chain, square).at(turns) gives them")
    if kind is OverlayKind.WIN_CHANCE and opponent is None:
        raise ValueError("the win-chance overlay needs the opponent's square")
    # The chain's modules (scipy among them) load when a statistic is first shown: the app's
    # first frame names the overlays, it colours nothing.
    from chutes_tui.analysis import build_chain, expected_turns, two_player_table, visit_statistics

    chain = build_chain(board)
    squares = sorted(set(chain.squares.tolist()))
    goal = chain.goal
    if kind is OverlayKind.TURNS_LEFT:
        values = expected_turns(chain)
        return {**{s: float(values[chain.row(s)]) for s in squares}, goal: 0.0}
    if opponent is not None and kind is OverlayKind.WIN_CHANCE:
        table = two_player_table(chain)
        return {s: table.probability(s, opponent) for s in [*squares, goal]}
    visits = visit_statistics(chain, board.start)
    array = visits.expected if kind is OverlayKind.VISITS else visits.probability
    return {s: float(array[s]) for s in [*squares, goal] if s != board.start}
