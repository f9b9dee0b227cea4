"""One player's turn as the game played it, roll by roll (:func:`~chutes_tui.model.turns.after_roll`),
and its words in the game's log: ``Ann rolled 4: 24 → 28 ladder → 84``, ``Bob misses a turn``,
``rolled 6: three sixes: back to 24``; and the turns that swung the game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chutes_tui.model.rules import Move
from chutes_tui.model.turns import PieceState, Rolling, Step

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds


@dataclass(frozen=True)
class Turn:
    """One player's turn, roll by roll (:func:`~chutes_tui.model.turns.after_roll`): every face
    rolled and what each did. A skipped turn (a miss-turn square) rolls nothing."""

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
        """``"Ann rolled 4: 24 → 28 ladder → 84"``; ``names`` (every seat's) name the pieces
        the bump rule sent back."""
        if self.skipped:
            return f"{name} misses a turn"
        parts = [
            _roll_words(self.faces[: i + 1], step, self.throw_again) for i, step in enumerate(self.steps)
        ]
        text = f"{name} " + ", then ".join(parts)
        if self.bumped:
            who = [names[seat] if seat < len(names) else f"seat {seat + 1}" for seat in self.bumped]
            text += f", bumping {' and '.join(who)} back to the start"
        if self.end.miss:
            text += ", and misses the next turn"
        return text + (" — wins!" if self.won else "")


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
