"""The game engine: players, turns, a seeded die, the odds after every move, save and load.

No terminal here: the app drives a :class:`Game` and draws what it reports; tests drive it
directly. The odds after each move come from the analysis core -- the two-player table for two
players, :func:`~chutes_tui.analysis.seat_odds` otherwise -- so the app shows exactly what
``chutes-tui analyze`` computes.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from chutes_tui.analysis import build_chain, expected_turns, seat_odds, two_player_table
from chutes_tui.analysis.chain import Chain
from chutes_tui.analysis.limits import LIVE_ODDS_MAX_STATES, ODDS_CACHE_SIZE
from chutes_tui.analysis.multi import SeatOdds, curves_affordable, two_player_table_affordable
from chutes_tui.io.saves import (
    MAX_ROLLS_PER_TURN,
    MAX_SAVED_TURNS,
    SavedGame,
    SaveError,
    read_save,
    write_save,
)
from chutes_tui.model.board import Board
from chutes_tui.model.inputs import SEED_MAX, InputError, checked_seed
from chutes_tui.model.players import PlayerSpec, check_players
from chutes_tui.model.rules import JumpKind, Move, move, rolls_again
from chutes_tui.model.text import path_text


class GameError(ValueError):
    """A game that cannot be set up, played on, or loaded (with the reason)."""


@dataclass
class PlayerState:
    spec: PlayerSpec
    square: int
    turns: int = 0
    ladders: int = 0
    chutes: int = 0


@dataclass(frozen=True)
class Turn:
    """One player's turn: every roll in it (several under the extra-roll rule)."""

    number: int  # 1-based count of turns played in this game
    seat: int
    rolls: tuple[Move, ...]
    won: bool
    odds: SeatOdds | None  # after this turn (None: the board is too large for live odds)

    @property
    def start(self) -> int:
        return self.rolls[0].square

    @property
    def final(self) -> int:
        return self.rolls[-1].final

    def describe(self, name: str) -> str:
        """``"Ann rolled 4: 24 → 28 ladder → 84"``."""
        parts = [f"rolled {m.roll}: {m.describe()}" for m in self.rolls]
        text = f"{name} " + ", then ".join(parts)
        return text + (" — wins!" if self.won else "")


@dataclass(frozen=True)
class Swing:
    """The largest change in one seat's win probability caused by one turn."""

    turn: Turn
    seat: int
    before: float
    after: float


@dataclass(frozen=True)
class Snapshot:
    """A game at one moment, frozen: what every panel shows (front ends format it)."""

    turn: int  # turns played so far
    names: tuple[str, ...]
    positions: tuple[int, ...]
    turns_left: tuple[float, ...]  # each player's expected turns on their own
    odds: SeatOdds | None  # None: the board is too large for live odds
    to_move: int
    winner: int | None


@dataclass(frozen=True)
class Summary:
    winner: int
    turns: int
    per_player: tuple[tuple[str, int, int, int], ...]  # name, turns, ladders, chutes
    biggest_swing: Swing | None


def live_odds_available(board: Board) -> bool:
    """Odds after every move cost a few vector operations only when every state's curves can be
    kept (a 1,000-square board with 5,000-turn games cannot: see ``CURVES_MAX_VALUES``)."""
    chain = build_chain(board)
    return chain.size <= LIVE_ODDS_MAX_STATES and curves_affordable(chain)


def _odds(board: Board, positions: Sequence[int], to_move: int) -> SeatOdds | None:
    """Live odds from the core: the two-player table for two players, seat odds otherwise
    (``None`` when the board is too large to compute them after every move).

    Positions recur (a long game, a replayed save), so the odds of up to ``ODDS_CACHE_SIZE``
    positions are kept with the chain: replaying 100,000 turns costs seconds, not minutes.
    """
    if not live_odds_available(board):
        return None
    chain = build_chain(board)
    known: dict[tuple[tuple[int, ...], int], SeatOdds] = chain.memo.get("live_odds", dict)
    key = (tuple(positions), to_move)
    odds = known.get(key)
    if odds is None:
        odds = _compute_odds(chain, positions, to_move)
        if len(known) < ODDS_CACHE_SIZE:
            known[key] = odds
    return odds


def _compute_odds(chain: Chain, positions: Sequence[int], to_move: int) -> SeatOdds:
    board = chain.board
    odds = seat_odds(chain, positions, to_move)
    if len(positions) == 2 and board.end not in positions and two_player_table_affordable(chain):
        table = two_player_table(chain)
        mover = table.probability(positions[to_move], positions[1 - to_move])
        win = [0.0, 0.0]
        win[to_move], win[1 - to_move] = mover, 1.0 - mover
        odds = replace(odds, win=tuple(win))
    return odds


@dataclass
class Game:
    """A game in progress. ``roll()`` plays the current player's turn."""

    board: Board
    players: list[PlayerState]
    seed: int | None = None
    to_move: int = 0
    winner: int | None = None
    history: list[Turn] = field(default_factory=list)
    rng: np.random.Generator = field(default_factory=np.random.default_rng)
    start_odds: SeatOdds | None = None

    @classmethod
    def new(cls, board: Board, specs: Sequence[PlayerSpec], seed: int | None = None) -> Game:
        """A game from the start; ``seed`` (see :mod:`chutes_tui.model.inputs`) or a fresh one."""
        try:
            check_players(specs)
            seed = int(np.random.default_rng().integers(0, SEED_MAX, endpoint=True)) if seed is None else seed
            checked_seed(seed)
        except InputError as error:
            raise GameError(str(error)) from None
        players = [PlayerState(spec, board.start) for spec in specs]
        game = cls(board, players, seed=seed, rng=np.random.default_rng(seed))
        game.start_odds = game.odds()
        return game

    def rematch(self, seed: int | None = None) -> Game:
        """A new game with the same board and players (a fresh seed unless given)."""
        return Game.new(self.board, [p.spec for p in self.players], seed)

    # -- state -----------------------------------------------------------------------------

    @property
    def positions(self) -> list[int]:
        return [p.square for p in self.players]

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> PlayerState:
        return self.players[self.to_move]

    @property
    def next_square(self) -> int:
        """Where the player after the one to move stands (two players: the opponent)."""
        return self.positions[(self.to_move + 1) % len(self.players)]

    def odds(self) -> SeatOdds | None:
        """Each seat's chance to win and the expected remaining moves, from here."""
        return _odds(self.board, self.positions, self.to_move)

    def snapshot(self) -> Snapshot:
        return Snapshot(
            turn=len(self.history),
            names=tuple(p.spec.name for p in self.players),
            positions=tuple(self.positions),
            turns_left=tuple(self.expected_turns_left()),
            odds=self.odds(),
            to_move=self.to_move,
            winner=self.winner,
        )

    def expected_turns_left(self) -> list[float]:
        chain = build_chain(self.board)
        mean = expected_turns(chain)
        return [0.0 if s == self.board.end else float(mean[chain.row(s)]) for s in self.positions]

    @property
    def odds_history(self) -> list[SeatOdds | None]:
        """Odds before the first turn and after each turn."""
        first = self.start_odds if self.start_odds is not None else self.odds()
        return [first, *(turn.odds for turn in self.history)]

    # -- play ------------------------------------------------------------------------------

    def roll_die(self) -> int:
        return int(self.rng.integers(1, self.board.die + 1))

    def roll(self, faces: Iterable[int] | None = None) -> Turn:
        """Play the current player's whole turn and pass the die on.

        ``faces`` replaces the die (a replayed save); otherwise the seeded die rolls.
        """
        if self.finished:
            raise GameError("the game is over")
        next_face = iter(faces).__next__ if faces is not None else self.roll_die
        player = self.current
        moves: list[Move] = []
        while True:
            step = move(self.board, player.square, next_face())
            moves.append(step)
            player.square = step.final
            if step.jump is JumpKind.LADDER:
                player.ladders += 1
            elif step.jump is JumpKind.CHUTE:
                player.chutes += 1
            if not rolls_again(self.board, step) or len(moves) >= MAX_ROLLS_PER_TURN:
                break
        player.turns += 1
        seat = self.to_move
        won = player.square == self.board.end
        if won:
            self.winner = seat
        else:
            self.to_move = (seat + 1) % len(self.players)
        turn = Turn(len(self.history) + 1, seat, tuple(moves), won, self.odds())
        self.history.append(turn)
        return turn

    def play_out(self, limit: int = 1_000_000) -> int:
        """Roll until someone wins; returns the winner's seat."""
        for _ in range(limit):
            if self.finished:
                break
            self.roll()
        if self.winner is None:
            raise GameError(f"no winner after {limit} turns")
        return self.winner

    def summary(self) -> Summary:
        if self.winner is None:
            raise GameError("the game is not over yet")
        per_player = tuple((p.spec.name, p.turns, p.ladders, p.chutes) for p in self.players)
        swing = None
        before = self.odds_history
        for turn, previous in zip(self.history, before, strict=False):
            if turn.odds is None or previous is None:
                continue  # no live odds on this board
            for seat in range(len(self.players)):
                change = abs(turn.odds.win[seat] - previous.win[seat])
                if turn.won:
                    continue  # the final turn settles the game; it is not a swing
                if swing is None or change > abs(swing.after - swing.before):
                    swing = Swing(turn, seat, previous.win[seat], turn.odds.win[seat])
        return Summary(self.winner, len(self.history), per_player, swing)

    # -- save and load ---------------------------------------------------------------------

    def saved(self) -> SavedGame:
        """What a save records (:mod:`chutes_tui.io.saves` writes it)."""
        if len(self.history) > MAX_SAVED_TURNS:
            raise GameError(f"a game of more than {MAX_SAVED_TURNS:,} turns cannot be saved")
        return SavedGame(
            board=self.board,
            seed=int(self.seed or 0),
            players=tuple(p.spec for p in self.players),
            rolls=tuple(tuple(m.roll for m in turn.rolls) for turn in self.history),
            positions=tuple(self.positions),
            to_move=self.to_move,
            rng=dict(self.rng.bit_generator.state),
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game as JSON, atomically (a kill mid-save leaves the old file intact)."""
        write_save(path, self.saved())

    @classmethod
    def from_saved(cls, saved: SavedGame) -> Game:
        """Rebuild a saved game by replaying its rolls, then restore the die's exact state."""
        game = cls.new(saved.board, saved.players, saved.seed)
        for number, faces in enumerate(saved.rolls):
            if game.finished:
                raise SaveError(f"rolls[{number}]: the save records turns after the game was won")
            try:
                turn = game.roll(faces)
            except StopIteration:
                raise SaveError(f"rolls[{number}]: fewer rolls than the rules need in that turn") from None
            if len(turn.rolls) != len(faces):
                raise SaveError(f"rolls[{number}]: more rolls than the rules allow in that turn")
        if tuple(game.positions) != saved.positions or game.to_move != saved.to_move:
            raise SaveError("the recorded rolls do not lead to the saved positions")
        game.rng.bit_generator.state = saved.rng
        return game

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """A saved game; :class:`~chutes_tui.io.saves.SaveError` (one line) when it cannot be."""
        saved = read_save(path)
        try:
            return cls.from_saved(saved)
        except SaveError as error:
            raise SaveError(f"{path_text(path)}: {error}") from None
