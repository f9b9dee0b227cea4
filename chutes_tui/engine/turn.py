"""What a game reports: a :class:`Turn` (every roll of one player's turn, and the choice made
on a board with decisions), the swings of the odds, a :class:`Snapshot` of the game at one
moment and the :class:`Summary` of a finished game. Front ends format them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chutes_tui.engine.choice import ChoiceMade
from chutes_tui.model.rules import Move, RuledBoard

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds


@dataclass(frozen=True)
class Turn:
    """One player's turn: every roll in it (several under the extra-roll rule)."""

    number: int  # 1-based count of turns played in this game
    seat: int
    rolls: tuple[Move, ...]
    won: bool
    odds: SeatOdds | None  # after this turn (None: not worked out, see :mod:`.live`)
    bumped: tuple[int, ...] = ()  # seats the bump rule sent back to the start, in order
    choice: ChoiceMade | None = None  # on a board with decisions: what the player chose
    choice_words: str = ""  # the choice as the log says it (:meth:`ChoiceMade.describe`)

    @property
    def start(self) -> int:
        return self.rolls[0].square

    @property
    def final(self) -> int:
        return self.rolls[-1].final

    def describe(self, name: str, names: Sequence[str] = ()) -> str:
        """``"Ann rolled 4: 24 → 28 ladder → 84"`` (a choice: ``"Ann die 2 (3,3,3,3,3,3), rolled
        3, flip +1: 24 → 28"``); ``names`` (every seat's) name the pieces
        the bump rule sent back."""
        if self.choice is not None:
            text = f"{name} {self.choice_words}: {self.rolls[0].describe()}"
        else:
            text = f"{name} " + ", then ".join(f"rolled {m.roll}: {m.describe()}" for m in self.rolls)
        if self.bumped:
            who = [names[seat] if seat < len(names) else f"seat {seat + 1}" for seat in self.bumped]
            text += f", bumping {' and '.join(who)} back to the start"
        return text + (" — wins!" if self.won else "")


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


def swings(history: Sequence[Turn], odds: Sequence[SeatOdds | None]) -> list[Swing]:
    """Each turn's swing, in turn order: the largest change |P_after - P_before| in one seat's
    chance to win (the lowest seat on a tie), where ``odds[k]`` are the odds after ``k`` turns
    (0: the start). Turns whose odds are unknown on either side are left out, and so is the
    winning turn: it settles the game, it does not swing it; so is a turn whose largest change
    is at most :data:`SWING_LEAST` (one percentage point), which is a nudge, not a swing (one
    player's chance is always 100%; a die that always rolls the same never changes it)."""
    found = []
    for turn, previous, after in zip(history, odds, odds[1:], strict=False):
        if after is None or previous is None or turn.won:
            continue
        changes = [abs(a - b) for a, b in zip(after.win, previous.win, strict=True)]
        if max(changes) <= SWING_LEAST:
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
    no_odds: str | None = None  # why there are none at all (one line), not even later

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


def moments(board: RuledBoard, players: int, history: tuple[Turn, ...]) -> list[Moment]:
    """Every moment of a game from its turns (see the module docstring)."""
    positions = [board.start] * players
    found = [Moment(0, tuple(positions), 0, None, None)]
    for turn in history:
        positions[turn.seat] = turn.final
        for seat in turn.bumped:
            positions[seat] = board.start
        to_move = turn.seat if turn.won else (turn.seat + 1) % players
        found.append(Moment(turn.number, tuple(positions), to_move, turn.seat if turn.won else None, turn))
    return found
