"""The game engine: players, turns, a seeded die, the odds after every move, save and load.

No terminal here: the app drives a :class:`Game` and draws what it reports; tests drive it
directly. The odds after each move come from the analysis core -- the two-player table for two
players, :func:`~chutes_tui.analysis.seat_odds` otherwise -- so the app shows exactly what
``chutes-tui analyze`` computes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from chutes_tui.analysis import build_chain, expected_turns, seat_odds, two_player_table
from chutes_tui.analysis.multi import SeatOdds
from chutes_tui.board import Board, BoardError, parse_toml
from chutes_tui.board import format_toml as _board_toml
from chutes_tui.fileio import atomic_write_text
from chutes_tui.rules import JumpKind, Move, move, rolls_again

# Exact live odds cost a few milliseconds up to about this many states and then grow fast (a
# 10,000-square board needs seconds per move); above it a game runs without them, and says so.
LIVE_ODDS_MAX_STATES = 1_500
SAVE_FORMAT = "chutes-tui-save"
SAVE_VERSION = 1
MAX_PLAYERS = 6
TOKENS = ("●", "▲", "■", "◆", "★", "♥")
COLORS = ("red", "dodger_blue1", "gold1", "medium_orchid", "spring_green2", "dark_orange")
# A die can in principle roll the top face forever under the extra-roll rule; a real turn
# never gets near this, and stopping keeps a pathological seed from hanging the app.
MAX_ROLLS_PER_TURN = 1_000


class GameError(ValueError):
    """A game that cannot be set up, played on, or loaded (with the reason)."""


@dataclass(frozen=True)
class PlayerSpec:
    """Who sits at a seat: a name, a glyph and colour, and whether a person rolls for them."""

    name: str
    token: str = "●"
    color: str = "red"
    human: bool = True


def default_players(count: int, humans: int = 0, names: Sequence[str] = ()) -> list[PlayerSpec]:
    """``count`` players with distinct tokens and colours; the first ``humans`` are people."""
    if not 1 <= count <= MAX_PLAYERS:
        raise GameError(f"a game has 1 to {MAX_PLAYERS} players, not {count}")
    robots = ("Robo", "Ada", "Turing", "Lovelace", "Hopper", "Knuth")
    players = []
    for seat in range(count):
        human = seat < humans
        name = names[seat] if seat < len(names) else (f"Player {seat + 1}" if human else robots[seat])
        players.append(PlayerSpec(name, TOKENS[seat], COLORS[seat], human))
    return players


def parse_player_spec(text: str) -> list[PlayerSpec]:
    """``"Ann,Bob,cpu:Robo"`` → two people and a computer player, with distinct tokens."""
    names = [part.strip() for part in text.split(",")]
    if not 1 <= len(names) <= MAX_PLAYERS or any(not name for name in names):
        raise GameError(
            f"give 1 to {MAX_PLAYERS} comma-separated names, e.g. 'Ann,Bob,cpu:Robo' (got {text!r})"
        )
    players = []
    for seat, name in enumerate(names):
        human = not name.lower().startswith("cpu:")
        label = name if human else name[4:].strip() or f"CPU {seat + 1}"
        players.append(PlayerSpec(label, TOKENS[seat], COLORS[seat], human))
    return players


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
class Summary:
    winner: int
    turns: int
    per_player: tuple[tuple[str, int, int, int], ...]  # name, turns, ladders, chutes
    biggest_swing: Swing | None


def live_odds_available(board: Board) -> bool:
    return build_chain(board).size <= LIVE_ODDS_MAX_STATES


def _odds(board: Board, positions: Sequence[int], to_move: int) -> SeatOdds | None:
    """Live odds from the core: the two-player table for two players, seat odds otherwise
    (``None`` when the board is too large to compute them after every move)."""
    if not live_odds_available(board):
        return None
    chain = build_chain(board)
    odds = seat_odds(chain, positions, to_move)
    if len(positions) == 2 and board.end not in positions and chain.size <= 1_500:
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
        if not 1 <= len(specs) <= MAX_PLAYERS:
            raise GameError(f"a game has 1 to {MAX_PLAYERS} players, not {len(specs)}")
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
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

    def odds(self) -> SeatOdds | None:
        """Each seat's chance to win and the expected remaining moves, from here."""
        return _odds(self.board, self.positions, self.to_move)

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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "board": _board_toml(self.board),
            "seed": self.seed,
            "players": [
                {"name": p.spec.name, "token": p.spec.token, "color": p.spec.color, "human": p.spec.human}
                for p in self.players
            ],
            "rolls": [[m.roll for m in turn.rolls] for turn in self.history],
            "positions": self.positions,
            "to_move": self.to_move,
            "rng": self.rng.bit_generator.state,
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game as JSON, atomically (a kill mid-save leaves the old file intact)."""
        atomic_write_text(path, json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """Rebuild a saved game by replaying its rolls, then restore the die's exact state."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise GameError("not a chutes-tui saved game")
        if data.get("version") != SAVE_VERSION:
            raise GameError(
                f"saved by an incompatible version ({data.get('version')!r}; this is {SAVE_VERSION})"
            )
        try:
            board = parse_toml(data["board"], path="(saved board)")
            specs = [
                PlayerSpec(str(p["name"]), str(p["token"]), str(p["color"]), bool(p["human"]))
                for p in data["players"]
            ]
            game = cls.new(board, specs, data["seed"])
            for rolls in data["rolls"]:
                if game.finished:
                    raise GameError("the save records turns after the game was won")
                game._replay(rolls)
            if game.positions != data["positions"] or game.to_move != data["to_move"]:
                raise GameError("the recorded rolls do not lead to the saved positions")
            game.rng.bit_generator.state = data["rng"]
        except BoardError as error:
            raise GameError(f"the saved board is invalid: {error}") from None
        except GameError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise GameError(f"the save is damaged ({type(error).__name__}: {error})") from None
        return game

    def _replay(self, rolls: Any) -> None:
        """Play one recorded turn with the recorded faces instead of the die."""
        if not isinstance(rolls, list) or not rolls:
            raise GameError(f"the save records a turn without rolls ({rolls!r})")
        faces = [_checked_face(face, self.board.die) for face in rolls]
        try:
            turn = self.roll(faces)
        except StopIteration:
            raise GameError("the save records fewer rolls in a turn than the rules need") from None
        if len(turn.rolls) != len(faces):
            raise GameError("the save records more rolls in a turn than the rules allow")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise GameError(f"{path}: cannot read the save ({error})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameError(
                f"{path}: the save is not valid JSON (line {error.lineno}: {error.msg})"
            ) from None
        try:
            return cls.from_json(data)
        except GameError as error:
            raise GameError(f"{path}: {error}") from None


def _checked_face(face: Any, die: int) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= die:
        raise GameError(f"the save records an impossible roll {face!r} for a {die}-sided die")
    return face
