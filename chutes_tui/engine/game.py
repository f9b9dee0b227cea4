"""The game engine: players, turns, a seeded die, the odds after every move, save and load.

No terminal here: the app drives a :class:`Game` and draws what it reports; tests drive it
directly. The odds after each move come from the analysis core through the game's
:class:`~chutes_tui.engine.live.StatsSource`: with every turn on boards where they are instant;
on the others a front end may work them out elsewhere and answer through a source of its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from chutes_tui.engine.choice import ChoiceMade, choice_move, choice_problem, roll_die, toss, tossed
from chutes_tui.engine.live import WHEN_INSTANT, LiveStats, StatsSource, instant, live_refusal
from chutes_tui.engine.turn import SWING_LEAST, Snapshot, Summary, Swing, Turn, swings  # noqa: F401 -- the engine's names
from chutes_tui.io.saves import (
    MAX_ROLLS_PER_TURN,
    MAX_SAVED_TURNS,
    SavedGame,
    SaveError,
    read_save,
    save_text,
    write_save,
)
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.decisions import decides
from chutes_tui.model.inputs import SEED_MAX, InputError, checked_seed
from chutes_tui.model.players import PlayerSpec, check_players
from chutes_tui.model.rules import JumpKind, Move, bumped, jump_kind, move, rolls_again
from chutes_tui.model.text import path_text

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds  # the analysis loads when odds are worked out


def endless_problem(board: Board, players: int) -> str | None:
    """Why ``players`` seats on ``board`` might never finish a game (the bump rule with a die
    that leaves pieces no choice: they can send each other back forever), or cannot play the
    board's decisions, else ``None``."""
    if decides(board):
        return _choices_problem(board)
    if not board.bump or players < 2:
        return None
    from chutes_tui.analysis.bump import check_games_end  # scipy: only for such boards

    try:
        check_games_end(board, players)
    except BoardError as error:
        return error.reason
    return None


def _choices_problem(board: Board) -> str | None:
    """Why the game cannot play a board with decisions (the solver's refusals, and pawns)."""
    if board.pawns != 1:
        return "the game plays one pawn each so far (chutes-tui strategy solves pawns)"
    from chutes_tui.analysis.choices import choices  # check_decisions, kept with the board

    try:
        choices(board)
    except BoardError as error:
        return error.reason
    return None


class GameError(ValueError):
    """A game that cannot be set up, played on, or loaded (with the reason)."""


@dataclass
class PlayerState:
    spec: PlayerSpec
    square: int
    turns: int = 0
    ladders: int = 0
    chutes: int = 0
    bumped: int = 0  # times the bump rule sent this piece back to the start


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
    # Where each position's statistics come from: worked out when asked, on boards where that is
    # instant. A front end that works them out elsewhere plugs in its own source.
    stats_source: StatsSource = WHEN_INSTANT
    # A game played on from another's turn k (:func:`.review.play_on`): its first k turns are
    # that game's, replayed as recorded; the seed's dice roll from turn k + 1.
    seeded_from: int = 0
    drawn: tuple[int, int] | None = None  # a person's chosen die and its face, the option to pick

    @classmethod
    def new(cls, board: Board, specs: Sequence[PlayerSpec], seed: int | None = None) -> Game:
        """A game from the start; ``seed`` (see :mod:`chutes_tui.model.inputs`) or a fresh one."""
        try:
            check_players(specs)
            seed = int(np.random.default_rng().integers(0, SEED_MAX, endpoint=True)) if seed is None else seed
            checked_seed(seed)
        except InputError as error:
            raise GameError(str(error)) from None
        problem = endless_problem(board, len(specs))
        if problem is not None:
            raise GameError(problem)
        players = [PlayerState(spec, board.start) for spec in specs]
        return cls(board, players, seed=seed, rng=np.random.default_rng(seed))

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

    @property
    def instant(self) -> bool:
        """Whether this board's live statistics can come with every turn (else a front end works
        them out elsewhere, and :meth:`record_odds` keeps them with the turns)."""
        return instant(self.board)

    @property
    def no_odds(self) -> str | None:
        """Why this game has no live odds at all (``None``: it has them, now or later)."""
        return live_refusal(self.board, len(self.players))

    def stats(self) -> LiveStats | None:
        """The statistics of the position now, if its :attr:`stats_source` has them."""
        if self.no_odds is not None:
            return None
        return self.stats_source.stats(self.board, tuple(self.positions), self.to_move)

    def odds(self) -> SeatOdds | None:
        """Each seat's chance to win and the expected remaining moves, from here (if known)."""
        stats = self.stats()
        return None if stats is None else stats.odds

    def record_odds(self, turn: int, odds: SeatOdds) -> None:
        """Odds worked out later for the position after turn ``turn`` (0: before the first),
        kept with that turn for the odds' history unless it has some."""
        if turn == 0 and self.start_odds is None:
            self.start_odds = odds
        elif 0 < turn <= len(self.history) and self.history[turn - 1].odds is None:
            self.history[turn - 1] = replace(self.history[turn - 1], odds=odds)

    def snapshot(self) -> Snapshot:
        """The game now, with this position's statistics if they are known."""
        stats = self.stats()
        return Snapshot(
            turn=len(self.history),
            names=tuple(p.spec.name for p in self.players),
            positions=tuple(self.positions),
            turns_left=None if stats is None else stats.turns_left,
            odds=None if stats is None else stats.odds,
            to_move=self.to_move,
            winner=self.winner,
            odds_turn=None if stats is None else len(self.history),
            no_odds=self.no_odds,
        )

    @property
    def odds_history(self) -> list[SeatOdds | None]:
        """Odds before the first turn and after each turn."""
        if self.start_odds is None and self.no_odds is None:
            start = (self.board.start,) * len(self.players)
            stats = self.stats_source.stats(self.board, start, 0)
            self.start_odds = None if stats is None else stats.odds
        return [self.start_odds, *(turn.odds for turn in self.history)]

    # -- play ------------------------------------------------------------------------------

    def roll_die(self) -> int:
        """One roll's move, from the seeded generator (:meth:`Dice.roll`)."""
        return self.board.die.roll(self.rng)

    @property
    def deciding(self) -> bool:
        """Whether the players choose (issue 27's decisions: :mod:`.choice`)."""
        return decides(self.board)

    def draw(self, die: int) -> int:
        """A person's chosen die, rolled before they pick what to do with it (the face is kept
        for :meth:`roll`, which they call with their :class:`ChoiceMade`)."""
        face = roll_die(self.board, die, self.rng)
        self.drawn = (die, face)
        return face

    def roll(self, faces: Iterable[int] | None = None, choice: ChoiceMade | None = None) -> Turn:
        """Play the current player's whole turn and pass the die on.

        ``faces`` replaces the die (a replayed save); otherwise the seeded die rolls. On a board
        with decisions ``choice`` is what the player chose (a person, a replayed save; a coin
        not given is tossed here); without it the seat's computer player chooses
        (:mod:`.advice`)."""
        if self.finished:
            raise GameError("the game is over")
        player = self.current
        moves: list[Move] = []
        sent: list[int] = []
        if self.deciding:
            choice = self._chosen(choice)
            moves.append(choice_move(self.board, player.square, choice))
            self._moved(moves[-1], sent)
        else:
            next_face = iter(faces).__next__ if faces is not None else self.roll_die
            while True:
                moves.append(move(self.board, player.square, next_face()))
                self._moved(moves[-1], sent)
                if not rolls_again(self.board, moves[-1]) or len(moves) >= MAX_ROLLS_PER_TURN:
                    break
        player.turns += 1
        seat = self.to_move
        won = player.square == self.board.goal_square
        if won:
            self.winner = seat
        else:
            self.to_move = (seat + 1) % len(self.players)
        words = "" if choice is None else choice.describe(self.board)
        turn = Turn(len(self.history) + 1, seat, tuple(moves), won, self.odds(), tuple(sent), choice, words)
        self.history.append(turn)
        return turn

    def _chosen(self, choice: ChoiceMade | None) -> ChoiceMade:
        """The turn's choice made whole: a computer's when none is given, the coin tossed."""
        self.drawn = None
        if choice is None:
            from chutes_tui.engine.advice import advice  # the solver: only for computer players

            adviser = advice(self.board, len(self.players))
            play = self.current.spec.play
            positions, seat = tuple(self.positions), self.to_move
            die = adviser.die(play, positions, seat)
            face = roll_die(self.board, die, self.rng)
            choice = ChoiceMade(die, face, adviser.option(play, positions, seat, die, face))
        if tossed(self.board, choice.option) and choice.coin is None:
            choice = replace(choice, coin=toss(self.rng))
        return choice

    def _moved(self, step: Move, sent: list[int]) -> None:
        """The player to move made ``step``: the bump rule, and the jumps counted."""
        player = self.current
        player.square = step.final
        others = [seat for seat in range(len(self.players)) if seat != self.to_move]
        hit = bumped(self.board, step.final, [self.players[seat].square for seat in others])
        for seat in np.asarray(others)[hit].tolist():
            self.players[seat].square = self.board.start
            self.players[seat].bumped += 1
            sent.append(seat)
        for tail, head in step.hops:  # every jump of a chain
            if jump_kind(tail, head) is JumpKind.LADDER:
                player.ladders += 1
            else:
                player.chutes += 1

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
        each = swings(self.history, self.odds_history)
        swing = max(each, key=Swing.size) if each else None  # the first of the largest
        bumps = tuple(p.bumped for p in self.players)
        blunders: tuple[int, ...] = ()
        if self.deciding:
            from chutes_tui.engine.blunders import blunder_counts  # the solver: only for choices

            blunders = blunder_counts(self.board, len(self.players), self.history)
        return Summary(self.winner, len(self.history), per_player, swing, bumps, blunders)

    # -- save and load ---------------------------------------------------------------------

    def saved(self) -> SavedGame:
        """What a save records (:mod:`chutes_tui.io.saves` writes it)."""
        if len(self.history) > MAX_SAVED_TURNS:
            raise GameError(f"a game of more than {MAX_SAVED_TURNS:,} turns cannot be saved")
        return SavedGame(
            board=self.board,
            seed=int(self.seed or 0),
            players=tuple(p.spec for p in self.players),
            rolls=tuple(
                (turn.choice.face,) if turn.choice is not None else tuple(m.roll for m in turn.rolls)
                for turn in self.history
            ),
            positions=tuple(self.positions),
            to_move=self.to_move,
            rng=dict(self.rng.bit_generator.state),
            seeded_from=self.seeded_from,
            choices=tuple(_recorded(turn.choice) for turn in self.history if turn.choice is not None),
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game as JSON, atomically (a kill mid-save leaves the old file intact)."""
        write_save(path, self.saved())

    def save_text(self) -> str:
        """What :meth:`save` writes (a browser's visitor downloads it instead)."""
        return save_text(self.saved())

    @classmethod
    def from_saved(cls, saved: SavedGame) -> Game:
        """Rebuild a saved game by replaying its rolls, then restore the die's exact state."""
        game = cls.new(saved.board, saved.players, saved.seed)
        for number, faces in enumerate(saved.rolls):
            if game.finished:
                raise SaveError(f"rolls[{number}]: the save records turns after the game was won")
            try:
                turn = game.roll(faces, _replayed(game, saved, number, faces))
            except StopIteration:
                raise SaveError(f"rolls[{number}]: fewer rolls than the rules need in that turn") from None
            if len(turn.rolls) != len(faces):
                raise SaveError(f"rolls[{number}]: more rolls than the rules allow in that turn")
        if tuple(game.positions) != saved.positions or game.to_move != saved.to_move:
            raise SaveError("the recorded rolls do not lead to the saved positions")
        game.rng.bit_generator.state = saved.rng
        game.seeded_from = saved.seeded_from
        return game

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """A saved game; :class:`~chutes_tui.io.saves.SaveError` (one line) when it cannot be."""
        saved = read_save(path)
        try:
            return cls.from_saved(saved)
        except SaveError as error:
            raise SaveError(f"{path_text(path)}: {error}") from None


def _recorded(choice: ChoiceMade) -> tuple[int, ...]:
    """A choice as a save records it (the face is the turn's roll)."""
    kept = (choice.die, choice.option)
    return kept if choice.coin is None else (*kept, choice.coin)


def _replayed(game: Game, saved: SavedGame, number: int, faces: tuple[int, ...]) -> ChoiceMade | None:
    """Turn ``number``'s recorded choice, if the board has decisions; one line when its rules
    do not offer it."""
    if not game.deciding:
        return None
    die, option, *coin = saved.choices[number]
    made = ChoiceMade(die, faces[0], option, coin[0] if coin else None)
    if len(faces) != 1:
        raise SaveError(f"rolls[{number}]: a turn with a choice has one roll")
    problem = choice_problem(game.board, made)
    if problem is not None:
        raise SaveError(f"choices[{number}]: {problem}")
    return made
