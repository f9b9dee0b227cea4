"""Which statistic colours the board: ``o`` cycles none → turns left → visits → P(ever landing)
→ (two players) the win chance against the opponent → where the player to move may stand after
``n`` turns (the flow, :mod:`chutes_tui.analysis.flow`, with ``n`` on a slider). The values come
from the analysis core; the board widget only draws them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chutes_tui.analysis.limits import INSPECTOR_MAX_STATES
from chutes_tui.analysis.overlays import OverlayKind, overlay_values
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import instant
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.text import shown
from chutes_tui.render.boardpaint import Overlay, flow_overlay

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import Flow, FlowStep

# The chain's modules are imported where a statistic is first asked for, not with the game
# screen: its first frame shows no statistic (the live feed brings them after it).


# Issue 27's decisions: a chain's statistic assumes nobody chooses.
DECISIONS_NOTE = (
    "On a board with decisions every statistic depends on the choices made: the overlays are off "
    "here (the inspector gives each square's best choice; chutes-tui strategy solves the board)."
)


def statistics_refusal(board: Board, *, series: bool = False, inspector: bool = False) -> str | None:
    """Why the inspector (``inspector``) or the overlays are off on ``board`` (``None``: they are
    on). They solve on the UI thread, so boards that would freeze it are refused (the
    inspector's ``series`` also refuses boards whose games last thousands of turns). On a board
    with decisions the overlays are off, and the inspector gives each square's best choice."""
    if decides(board):
        from chutes_tui.analysis.choices import choices

        if not inspector:
            return DECISIONS_NOTE
        squares = choices(board).n
        if squares <= INSPECTOR_MAX_STATES:
            return None
        return (
            f"This board has {squares:,} squares to stand on: solving it takes seconds, so the "
            "inspector is off here (chutes-tui strategy solves it)."
        )
    from chutes_tui.analysis import build_chain
    from chutes_tui.analysis.multi import curves_affordable

    states = len(board.standable) - 1
    long = series and not curves_affordable(build_chain(board))
    if states <= INSPECTOR_MAX_STATES and not long:
        return None
    why = f"{states:,} squares to stand on" if not long else "games of thousands of turns"
    return (
        f"This board has {why}: its statistics take seconds each, so the inspector and overlays "
        "are off here (chutes-tui inspect BOARD SQUARE gives them)."
    )


def statistic_overlay(board: Board, kind: OverlayKind) -> Overlay:
    """The board coloured by a statistic that needs no player (turns left, visits, landing)."""
    values = overlay_values(board, kind)
    return Overlay(kind.label, values, min(values.values()), max(values.values()), kind.fmt, kind.short)


class OverlayCycle:
    """The overlay chosen, by name: which ones a game offers changes as it goes (the win chance
    and the flow need a player to move), so an index into them would change meaning (the win
    chance turned into the flow when a game ended). One not offered now shows nothing, and
    comes back when it is (a rematch in ``watch --loop``)."""

    def __init__(self) -> None:
        self.chosen: OverlayKind | None = None  # None: no overlay
        self.flow_turns = 1  # the flow's n (the slider)
        self._flow: Flow | None = None  # from the mover's square, kept while it stays the same
        self.flow_step: FlowStep | None = None  # what the flow overlay shows now

    @staticmethod
    def kinds(game: Game) -> tuple[OverlayKind, ...]:
        # A finished game has no player to move: neither the win chance nor the flow.
        if game.finished:
            return tuple(kind for kind in OverlayKind if not kind.needs_mover)
        # The win-chance overlay needs the two-player table, which only boards of a few thousand
        # states (and not too long a game) can keep.
        # Not under the bump rule: the table assumes players who never interact.
        two_players = len(game.players) == 2 and not game.board.bump and instant(game.board)
        return tuple(kind for kind in OverlayKind if two_players or not kind.needs_opponent)

    def kind(self, game: Game) -> OverlayKind | None:
        if self.chosen is None:
            return None  # without asking kinds(), which builds the chain (not for the first frame)
        return self.chosen if self.chosen in self.kinds(game) else None

    def advance(self, game: Game) -> None:
        """The next overlay the game offers after the one shown (after none: the first)."""
        kinds = (None, *self.kinds(game), None)
        shown_now = self.kind(game)
        self.chosen = kinds[kinds.index(shown_now) + 1]

    def show_flow(self, game: Game) -> bool:
        """Go straight to the flow overlay; ``False`` if the game does not offer it (finished)."""
        if OverlayKind.FLOW not in self.kinds(game):
            return False
        self.chosen = OverlayKind.FLOW
        return True

    @property
    def flow_last(self) -> int:
        """The slider's last turn (almost every game from the square has finished by then)."""
        return 0 if self._flow is None else self._flow.last_turns

    @property
    def depends_on_positions(self) -> bool:
        """The win-chance overlay changes whenever the opponent moves, the flow whenever
        anyone does (it starts from the square of the player to move); both go when the game
        is won (chosen, not necessarily shown: the move that wins must take them off)."""
        return self.chosen is not None and self.chosen.needs_mover

    def overlay(self, game: Game) -> Overlay | None:
        kind = self.kind(game)
        self.flow_step = None
        if kind is None:
            return None
        if kind is OverlayKind.FLOW:
            return self._flow_overlay(game)
        if not kind.needs_opponent:
            return statistic_overlay(game.board, kind)
        # Whose chance, against whom: the legend must say it.
        opponent = game.next_square
        # The opponent as the odds see it: a turn to miss is a state of its own.
        values = overlay_values(game.board, kind, game.odds_positions[(game.to_move + 1) % 2])
        mover, other = game.current.spec, game.players[(game.to_move + 1) % 2].spec
        label = f"{shown(mover.name, 12)} to move here wins, vs {shown(other.name, 12)} on {opponent}"
        short = f"{shown(mover.name, 8)} wins vs {shown(other.name, 8)} on {opponent}"
        shorter = f"{mover.token} wins vs {other.token}"  # the board shows where {other.token} stands
        return Overlay(label, values, min(values.values()), max(values.values()), kind.fmt, short, shorter)

    def _flow_overlay(self, game: Game) -> Overlay:
        position = game.odds_positions[game.to_move]  # a turn to miss delays the flow by one
        flow = self._flow
        if flow is None or flow.position != position or flow.chain.board is not game.board:
            from chutes_tui.analysis import build_chain
            from chutes_tui.analysis.flow import Flow

            flow = self._flow = Flow(build_chain(game.board), position)
        self.flow_turns = min(max(self.flow_turns, 0), flow.last_turns)
        step = self.flow_step = flow.at(self.flow_turns)
        return flow_overlay(
            step, shown(game.current.spec.name, 12), OverlayKind.FLOW.number_format(step.high)
        )
