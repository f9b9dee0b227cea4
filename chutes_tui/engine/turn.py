"""What a game reports. A :class:`Turn`: one player's turn as the game played it, roll by roll
(:func:`~chutes_tui.model.turns.after_roll`), or on a board with decisions the one roll of the
chosen die and the choice made (:mod:`.choice`); and its words in the game's log: ``Ann rolled
4: 24 → 28 ladder → 84``, ``Bob misses a turn``, ``rolled 6: three sixes: back to 24``, ``Ann
die 2 (3,3,3,3,3,3), rolled 3, flip +1: 24 → 28``. Also the turns that swung the game, a
:class:`Snapshot` of the game at one moment, the :class:`Summary` of a finished game, and every
:class:`Moment` of a game from its turns. Front ends format them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chutes_tui.engine.choice import ChoiceMade
from chutes_tui.engine.live import estimated, odds_position
from chutes_tui.model.board import Board
from chutes_tui.model.rules import Move, RuledBoard
from chutes_tui.model.turns import PieceState, Rolling, Step

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.analysis.states import Position
    from chutes_tui.engine.advice import Standing
    from chutes_tui.engine.estimate import Estimate
    from chutes_tui.engine.live import Placed


@dataclass(frozen=True)
class Turn:
    """One player's turn, roll by roll (:func:`~chutes_tui.model.turns.after_roll`): every face
    rolled and what each did. A skipped turn (a miss-turn square) rolls nothing. On a board with
    decisions a turn is one roll of the chosen die, one step, and ``choice`` says what was
    chosen."""

    number: int  # 1-based count of turns played in this game
    seat: int
    faces: tuple[int, ...]  # every face rolled, in order (a save records these)
    steps: tuple[Step, ...]  # what each face did: its moves, a penalty, the turn going on or not
    began: int  # the square the turn began on
    end: PieceState  # where it ended, and whether the piece skips its next turn
    won: bool
    odds: SeatOdds | None  # after this turn (None: not worked out, see :mod:`.live`)
    bumped: tuple[int, ...] = ()  # seats the bump rule sent back to the start, in order
    throw_again: tuple[int, ...] = ()  # the board's throw-again squares (the log names them)
    choice: ChoiceMade | None = None  # on a board with decisions: what the player chose
    choice_words: str = ""  # the choice as the log says it (:meth:`ChoiceMade.describe`)
    # With pawns: which pawn of each seat in ``bumped`` was sent back (from 0, by number).
    bumped_pawns: tuple[int, ...] = ()

    @property
    def rolls(self) -> tuple[Move, ...]:
        """The moves the turn made (a face that was added to a sum, failed to enter or ended a
        streak made none)."""
        return tuple(move for step in self.steps for move in step.moves)

    @property
    def start(self) -> int:
        return self.began

    @property
    def final(self) -> int:
        return self.end.square

    @property
    def last_face(self) -> int | None:
        """The die as the turn left it (``None``: a skipped turn rolled nothing)."""
        return self.faces[-1] if self.faces else None

    @property
    def skipped(self) -> bool:
        """The piece missed this turn (it had come to rest on a miss-turn square)."""
        return not self.faces

    @property
    def penalty(self) -> int | None:
        """Where a streak of top faces too long sent the piece (``None``: no penalty)."""
        return next((step.penalty for step in self.steps if step.penalty is not None), None)

    def describe(self, name: str, names: Sequence[str] = ()) -> str:
        """``"Ann rolled 4: 24 → 28 ladder → 84"`` (a choice: ``"Ann die 2 (3,3,3,3,3,3), rolled
        3, flip +1: 24 → 28"``); ``names`` (every seat's) name the pieces the bump rule sent
        back."""
        if self.skipped:
            return f"{name} misses a turn"
        if self.choice is not None:
            text = f"{name} {self.choice_words}: {self.rolls[0].describe()}"
        else:
            parts = [
                _roll_words(self.faces[: i + 1], step, self.throw_again) for i, step in enumerate(self.steps)
            ]
            text = f"{name} " + ", then ".join(parts)
        if self.bumped:
            who = [names[seat] if seat < len(names) else f"seat {seat + 1}" for seat in self.bumped]
            if self.bumped_pawns:
                who = [f"{name}'s pawn {pawn + 1}" for name, pawn in zip(who, self.bumped_pawns, strict=True)]
            text += f", bumping {' and '.join(who)} back to the start"
        if self.end.miss:
            text += ", and misses the next turn"
        return text + (" — wins!" if self.won else "")


def penalties(history: Sequence[Turn]) -> tuple[tuple[int, int], ...]:
    """``(turn index, square)`` of every turn a streak too long ended (a save records them)."""
    return tuple((i, turn.penalty) for i, turn in enumerate(history) if turn.penalty is not None)


def pawns_moved(history: Sequence[Turn]) -> tuple[int, ...]:
    """The pawn each turn with a choice moved (a save on a board with pawns records them)."""
    return tuple(turn.choice.pawn for turn in history if turn.choice is not None)


_COUNTS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_FACES = ("", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens")


def _in_words(count: int, face: int) -> str:
    """``three sixes``: a streak of ``count`` faces ``face``."""
    many = _COUNTS[count] if count < len(_COUNTS) else str(count)
    faces = _FACES[face] if 0 < face < len(_FACES) else f"{face}s"
    return f"{many} {faces}"


def _roll_words(faces: tuple[int, ...], step: Step, throw_again: tuple[int, ...]) -> str:
    """What the last of ``faces`` (the turn's so far) did: ``rolled 4: 24 → 28 ladder → 84``,
    ``rolled 6 (6 so far)``, ``rolled 2: does not enter``, ``three sixes: back to 24``."""
    face = faces[-1]
    if step.penalty is not None:
        return f"rolled {face}: {_in_words(_run(faces), face)}: back to {step.penalty}"
    if not step.moves:
        if isinstance(step.next, Rolling) and step.next.pending:
            return f"rolled {face} ({step.next.pending} so far)"
        return f"rolled {face}: does not enter"
    made = step.moves[0]
    rolled = f"rolled {face}" if made.roll == face else f"rolled {face}, {made.roll} in all"
    again = isinstance(step.next, Rolling) and not made.lost and made.final in throw_again
    return f"{rolled}: {made.describe()}" + (" (throw again)" if again else "")


def _run(faces: tuple[int, ...]) -> int:
    """How many of ``faces`` at its end are its last face."""
    last, count = faces[-1], 0
    for face in reversed(faces):
        if face != last:
            break
        count += 1
    return count


@dataclass(frozen=True)
class Swing:
    """The largest change in one seat's win probability caused by one turn."""

    turn: Turn
    seat: int
    before: float
    after: float

    def size(self) -> float:
        return abs(self.after - self.before)


# A turn swings the game only if it moves someone's chance to win by more than this (one
# percentage point): every roll nudges the odds, and a mark on each nudge would mark them all.
SWING_LEAST = 0.01


def swing_least(board: Board, players: int) -> float:
    """The least change of a seat's chance a swing is (:func:`swings`): one percentage
    point, and where the odds are estimated four standard errors more (a chance near one half
    from :data:`~chutes_tui.analysis.limits.LIVE_ESTIMATE_GAMES` games: 4.5 points), so the
    estimate's noise marks no swing."""
    if not estimated(board, players):
        return SWING_LEAST
    from chutes_tui.analysis.limits import LIVE_ESTIMATE_GAMES

    return SWING_LEAST + 4 * math.sqrt(0.25 / LIVE_ESTIMATE_GAMES)


def swings(
    history: Sequence[Turn], odds: Sequence[SeatOdds | None], least: float = SWING_LEAST
) -> list[Swing]:
    """Each turn's swing, in turn order: the largest change |P_after - P_before| in one seat's
    chance to win (the lowest seat on a tie), where ``odds[k]`` are the odds after ``k`` turns
    (0: the start). Turns whose odds are unknown on either side are left out, and so is the
    winning turn: it settles the game, it does not swing it; so is a turn whose largest change
    is at most ``least`` (:data:`SWING_LEAST`, one percentage point; more where the odds are
    estimated: :func:`swing_least`), which is a nudge, not a swing (one player's chance
    is always 100%; a die that always rolls the same never changes it)."""
    found = []
    for turn, previous, after in zip(history, odds, odds[1:], strict=False):
        if after is None or previous is None or turn.won:
            continue
        changes = [abs(a - b) for a, b in zip(after.win, previous.win, strict=True)]
        if max(changes) <= least:
            continue
        seat = changes.index(max(changes))
        found.append(Swing(turn, seat, previous.win[seat], after.win[seat]))
    return found


@dataclass(frozen=True)
class Snapshot:
    """A game at one moment, frozen: what every panel shows (front ends format it)."""

    turn: int  # turns played so far
    names: tuple[str, ...]
    positions: tuple[int, ...]
    turns_left: tuple[float, ...] | None  # each player's expected turns on their own
    odds: SeatOdds | None  # these two are None until first worked out (:mod:`.live`)
    to_move: int
    winner: int | None
    odds_turn: int | None = None  # the turn after which ``odds`` and ``turns_left`` held
    no_odds: str | None = None  # why this game has no live odds at all (``Game.no_odds``)
    pawns: tuple[tuple[int, ...], ...] = ()  # with pawns: each player's pawns' squares by number
    estimate: Estimate | None = None  # the games behind estimated odds (``LiveStats.estimate``)
    # What the odds assume of the players on a board with decisions (:func:`.live.assumed`).
    assumed: str = ""

    @property
    def stale(self) -> bool:
        """Whether the statistics shown are an earlier position's, while this one's are worked out."""
        return self.odds_turn is not None and self.odds_turn != self.turn


@dataclass(frozen=True)
class Summary:
    winner: int
    turns: int
    per_player: tuple[tuple[str, int, int, int], ...]  # name, turns, ladders, chutes
    biggest_swing: Swing | None
    bumped: tuple[int, ...] = ()  # times each player was sent back by the bump rule
    blunders: tuple[int, ...] = ()  # each player's blunders on a board with decisions (.blunders)


@dataclass(frozen=True)
class Moment:
    """The game after ``turn`` turns."""

    turn: int
    positions: tuple[int, ...]
    to_move: int
    winner: int | None
    last: Turn | None  # the turn that led here (None: the start)
    pieces: tuple[PieceState, ...] = ()  # each piece: its square and whether it skips a turn
    pawns: tuple[tuple[int, ...], ...] = ()  # with pawns: each player's pawns' squares by number

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Every player's place: its square, or with pawns each pawn's square by number."""
        return self.pawns if self.pawns else self.positions

    @property
    def piece_squares(self) -> list[int]:
        """Every piece's square, each player's pawns in turn (``Game.piece_squares``)."""
        return [square for pawns in self.pawns for square in pawns] if self.pawns else list(self.positions)

    @property
    def odds_positions(self) -> tuple[Position, ...]:
        """Where each piece stands as the chains' odds see it (:func:`~.live.odds_position`)."""
        return tuple(odds_position(piece) for piece in self.pieces)

    @property
    def live_positions(self) -> tuple[Placed, ...]:
        """Where each player stands as the live statistics see it (``Game.live_positions``)."""
        return self.pawns if self.pawns else self.odds_positions


def moments(board: RuledBoard, players: int, history: tuple[Turn, ...], pawns: int = 1) -> list[Moment]:
    """Every moment of a game from its turns: each turn moves its seat's piece (with ``pawns``:
    the pawn it chose) to where the turn ended, and the bump rule's victims back to the start."""
    pieces = [PieceState(board.start)] * players
    squares = [[board.start] * pawns for _ in range(players)]

    def each() -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(row) for row in squares) if pawns > 1 else ()

    found = [Moment(0, (board.start,) * players, 0, None, None, tuple(pieces), each())]
    for turn in history:
        squares[turn.seat][turn.choice.pawn if turn.choice is not None else 0] = turn.final
        for seat, pawn in zip(turn.bumped, turn.bumped_pawns or (0,) * len(turn.bumped), strict=True):
            squares[seat][pawn] = board.start
            pieces[seat] = PieceState(squares[seat][0])
        pieces[turn.seat] = PieceState(squares[turn.seat][0], turn.end.miss)
        to_move = turn.seat if turn.won else (turn.seat + 1) % players
        winner = turn.seat if turn.won else None
        first = tuple(row[0] for row in squares)
        found.append(Moment(turn.number, first, to_move, winner, turn, tuple(pieces), each()))
    return found
