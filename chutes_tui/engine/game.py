"""The game engine: players, turns, a seeded die, the odds after every move, save and load.

No terminal here: the app drives a :class:`Game` and draws what it reports; tests drive it
directly. The odds after each move come from the analysis core through the game's
:class:`~chutes_tui.engine.live.StatsSource`: with every turn on boards where they are instant;
on the others a front end may work them out elsewhere and answer through a source of its own.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from chutes_tui.engine.choice import (
    ChoiceMade,
    choice_move,
    choice_problem,
    recorded,
    replayed,
    roll_die,
    whole_choice,
)
from chutes_tui.engine.gameview import GameView
from chutes_tui.engine.live import (
    WHEN_INSTANT,
    StatsSource,
)
from chutes_tui.engine.playable import endless_problem
from chutes_tui.engine.seats import PlayerState, send_back, summary
from chutes_tui.engine.turn import Summary, Turn, pawns_moved, penalties
from chutes_tui.io.saves import (
    MAX_ROLLS_PER_TURN,
    MAX_SAVED_TURNS,
    SavedGame,
    SaveError,
    read_save,
    save_text,
    write_save,
)
from chutes_tui.model.board import Board
from chutes_tui.model.decisions import decides
from chutes_tui.model.inputs import SEED_MAX, InputError, checked_seed
from chutes_tui.model.players import PlayerSpec, check_players
from chutes_tui.model.rules import Move
from chutes_tui.model.text import path_text
from chutes_tui.model.turns import PieceState, Rolling, Step, after_roll, begin_turn

if TYPE_CHECKING:
    import numpy as np

    from chutes_tui.analysis.multi import SeatOdds


class GameError(ValueError):
    """A game that cannot be set up, played on, or loaded (with the reason)."""


@dataclass
class Game(GameView):
    """A game in progress. ``roll()`` plays the current player's turn; what it shows, where its
    pieces stand and the statistics there, is :class:`~.gameview.GameView`'s."""

    board: Board
    players: list[PlayerState]
    seed: int | None = None
    to_move: int = 0
    winner: int | None = None
    history: list[Turn] = field(default_factory=list)
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
            seed = random.SystemRandom().randint(0, SEED_MAX) if seed is None else seed
            checked_seed(seed)
        except InputError as error:
            raise GameError(str(error)) from None
        problem = endless_problem(board, len(specs))
        if problem is not None:
            raise GameError(problem)
        players = [PlayerState(spec, [board.start] * board.pawns) for spec in specs]
        return cls(board, players, seed=seed)

    def rematch(self, seed: int | None = None) -> Game:
        """A new game with the same board and players (a fresh seed unless given)."""
        return Game.new(self.board, [p.spec for p in self.players], seed)

    # -- play ------------------------------------------------------------------------------

    @cached_property
    def rng(self) -> np.random.Generator:
        """The seeded die: numpy's generator from :attr:`seed` (none: a fresh one), made at the
        first roll -- numpy is imported then, not with the game, whose first frame needs none."""
        import numpy as np

        return np.random.default_rng(self.seed)

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
        (:mod:`.advice`).
        """
        if self.finished:
            raise GameError("the game is over")
        player = self.current
        began = player.square
        sent: list[tuple[int, int]] = []
        # The two ways a turn goes never meet: a board with decisions refuses every turn rule of
        # issue 26 (model/decisions.py's check_decisions), so its turn is one roll of the chosen
        # die, and every other board's turn goes roll by roll through after_roll.
        if self.deciding:
            choice = self._chosen(choice)
            began = player.pawns[choice.pawn]
            made = choice_move(self.board, began, choice)
            self._moved(made, sent, choice.pawn)
            state = PieceState(made.final)
            rolled, steps = [choice.face], [Step((made,), state)]
        else:
            rolled, steps, state = self._rolled(faces, sent)
            player.square = state.square
        player.miss = state.miss
        player.turns += 1
        seat = self.to_move
        won = all(square == self.board.goal_square for square in player.pawns)
        if won:
            self.winner = seat
        else:
            self.to_move = (seat + 1) % len(self.players)
        words = "" if choice is None else choice.describe(self.board)
        turn = Turn(
            len(self.history) + 1,
            seat,
            tuple(rolled),
            tuple(steps),
            began,
            state,
            won,
            self.odds(),
            tuple(seat for seat, _ in sent),
            self.board.throw_again,
            choice,
            words,
            tuple(pawn for _, pawn in sent) if self.board.pawns > 1 else (),
        )
        self.history.append(turn)
        return turn

    def _chosen(self, choice: ChoiceMade | None) -> ChoiceMade:
        """The turn's choice made whole (:func:`~.choice.whole_choice`); :class:`GameError` when
        the rules do not offer it to the player to move (a pawn on the goal, say)."""
        self.drawn = None
        spec, squares = self.current.spec, tuple(self.current.pawns)
        choice = whole_choice(self.board, choice, spec.play, self.standings, self.to_move, self.rng)
        problem = choice_problem(self.board, choice, squares)
        if problem is not None:
            raise GameError(problem)
        return choice

    def _rolled(
        self, faces: Iterable[int] | None, sent: list[tuple[int, int]]
    ) -> tuple[list[int], list[Step], PieceState]:
        """The turn's rolls, one by one (:meth:`play_roll`) until the rules end it: the faces,
        what each did, where the piece ends."""
        next_face = iter(faces).__next__ if faces is not None else self.roll_die
        state = begin_turn(self.board, self.current.piece)
        rolled: list[int] = []
        steps: list[Step] = []
        while isinstance(state, Rolling):
            if len(rolled) >= MAX_ROLLS_PER_TURN:  # a save's cap: the turn ends where it stands
                return rolled, steps, PieceState(state.square)
            rolled.append(next_face())
            steps.append(self.play_roll(state, rolled[-1], sent))
            state = steps[-1].next
        return rolled, steps, state

    def play_roll(self, state: Rolling, face: int, sent: list[tuple[int, int]]) -> Step:
        """One roll of the player to move, in the turn at ``state``: the rules' step
        (:func:`~chutes_tui.model.turns.after_roll`), its moves made on the board
        (:meth:`_moved`)."""
        step = after_roll(self.board, state, face)
        for made in step.moves:
            self._moved(made, sent)
        if isinstance(step.next, PieceState):
            self.current.square = step.next.square
        return step

    def _moved(self, made: Move, sent: list[tuple[int, int]], pawn: int = 0) -> None:
        """The player to move made ``made`` with its ``pawn``: the bump rule's victims added to
        ``sent`` as ``(seat, pawn)`` (:func:`~.seats.send_back`), the jumps counted."""
        self.current.moved(made, pawn)
        sent += send_back(self.board, self.players, self.to_move, made.final)

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
        return summary(self.board, self.players, self.winner, self.history, self.odds_history)

    # -- save and load ---------------------------------------------------------------------

    def saved(self) -> SavedGame:
        """What a save records (:mod:`chutes_tui.io.saves` writes it)."""
        if len(self.history) > MAX_SAVED_TURNS:
            raise GameError(f"a game of more than {MAX_SAVED_TURNS:,} turns cannot be saved")
        return SavedGame(
            board=self.board,
            seed=int(self.seed or 0),
            players=tuple(p.spec for p in self.players),
            rolls=tuple(turn.faces for turn in self.history),
            positions=self.standings,
            to_move=self.to_move,
            rng=dict(self.rng.bit_generator.state),
            seeded_from=self.seeded_from,
            penalties=self.penalties(),
            choices=tuple(recorded(turn.choice) for turn in self.history if turn.choice is not None),
            pawns=pawns_moved(self.history) if self.board.pawns > 1 else (),
        )

    def penalties(self) -> tuple[tuple[int, int], ...]:
        """``(turn index, square)`` of every turn a streak too long ended (a save records them)."""
        return penalties(self.history)

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
            made = None
            if game.deciding:
                record, squares = saved.choices[number], tuple(game.current.pawns)
                made = replayed(game.board, record, number, faces, squares, saved.pawn_moved(number))
            try:
                turn = game.roll(faces, made)
            except StopIteration:
                raise SaveError(f"rolls[{number}]: fewer rolls than the rules need in that turn") from None
            if turn.skipped and faces:
                raise SaveError(
                    f"rolls[{number}]: that turn is skipped (a miss-turn square), yet it records rolls"
                )
            if len(turn.faces) != len(faces):
                raise SaveError(f"rolls[{number}]: more rolls than the rules allow in that turn")
        saved.check_penalties(game.penalties())
        if game.standings != saved.positions or game.to_move != saved.to_move:
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
