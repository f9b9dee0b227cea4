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
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from chutes_tui.engine.choice import ChoiceMade, choice_move, recorded, replayed, roll_die, whole_choice
from chutes_tui.engine.live import WHEN_INSTANT, LiveStats, StatsSource, instant, live_refusal, odds_position
from chutes_tui.engine.playable import endless_problem
from chutes_tui.engine.turn import Snapshot, Summary, Swing, Turn, swings
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
from chutes_tui.model.rules import JumpKind, Move, bumped, jump_kind
from chutes_tui.model.text import path_text
from chutes_tui.model.turns import PieceState, Rolling, Step, after_roll, begin_turn

if TYPE_CHECKING:
    import numpy as np

    from chutes_tui.analysis.multi import SeatOdds  # the analysis loads when odds are worked out
    from chutes_tui.analysis.states import Position


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
    miss: bool = False  # it came to rest on a miss-turn square: it skips its next turn

    @property
    def piece(self) -> PieceState:
        return PieceState(self.square, self.miss)


@dataclass
class Game:
    """A game in progress. ``roll()`` plays the current player's turn."""

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
        players = [PlayerState(spec, board.start) for spec in specs]
        return cls(board, players, seed=seed)

    def rematch(self, seed: int | None = None) -> Game:
        """A new game with the same board and players (a fresh seed unless given)."""
        return Game.new(self.board, [p.spec for p in self.players], seed)

    # -- state -----------------------------------------------------------------------------

    @property
    def positions(self) -> list[int]:
        return [p.square for p in self.players]

    @property
    def odds_positions(self) -> tuple[Position, ...]:
        """Every player's position as the odds see it (:func:`~.live.odds_position`)."""
        return tuple(odds_position(piece) for piece in self.piece_states())

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
        return self.stats_source.stats(self.board, self.odds_positions, self.to_move)

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
        sent: list[int] = []
        # The two ways a turn goes never meet: a board with decisions refuses every turn rule of
        # issue 26 (model/decisions.py's check_decisions), so its turn is one roll of the chosen
        # die, and every other board's turn goes roll by roll through after_roll.
        if self.deciding:
            self.drawn = None
            spec, positions = self.current.spec, tuple(self.positions)
            choice = whole_choice(self.board, choice, spec.play, positions, self.to_move, self.rng)
            made = choice_move(self.board, began, choice)
            self._moved(made, sent)
            state = PieceState(made.final)
            rolled, steps = [choice.face], [Step((made,), state)]
        else:
            rolled, steps, state = self._rolled(faces, sent)
        player.square, player.miss = state.square, state.miss
        player.turns += 1
        seat = self.to_move
        won = player.square == self.board.goal_square
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
            tuple(sent),
            self.board.throw_again,
            choice,
            words,
        )
        self.history.append(turn)
        return turn

    def _rolled(
        self, faces: Iterable[int] | None, sent: list[int]
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

    def play_roll(self, state: Rolling, face: int, sent: list[int]) -> Step:
        """One roll of the player to move, in the turn at ``state``: the rules' step
        (:func:`~chutes_tui.model.turns.after_roll`), its moves made on the board
        (:meth:`_moved`)."""
        step = after_roll(self.board, state, face)
        for made in step.moves:
            self._moved(made, sent)
        if isinstance(step.next, PieceState):
            self.current.square = step.next.square
        return step

    def _moved(self, made: Move, sent: list[int]) -> None:
        """The player to move made ``made``: the bump rule's victims added to ``sent``, the jumps
        counted."""
        player = self.current
        player.square = made.final
        others = [seat for seat in range(len(self.players)) if seat != self.to_move]
        hit = bumped(self.board, made.final, [self.players[seat].square for seat in others])
        for seat in [seat for seat, sent_back in zip(others, hit.tolist(), strict=True) if sent_back]:
            self.players[seat].square = self.board.start
            self.players[seat].bumped += 1
            sent.append(seat)
        for tail, head in made.hops:  # every jump of a chain
            if jump_kind(tail, head) is JumpKind.LADDER:
                player.ladders += 1
            else:
                player.chutes += 1

    def piece_states(self) -> tuple[PieceState, ...]:
        """Every player's piece between turns, in seat order: its square and whether it skips
        its next turn (what the odds under issue 26's rules are worked out from)."""
        return tuple(p.piece for p in self.players)

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
            rolls=tuple(turn.faces for turn in self.history),
            positions=tuple(self.positions),
            to_move=self.to_move,
            rng=dict(self.rng.bit_generator.state),
            seeded_from=self.seeded_from,
            penalties=self.penalties(),
            choices=tuple(recorded(turn.choice) for turn in self.history if turn.choice is not None),
        )

    def penalties(self) -> tuple[tuple[int, int], ...]:
        """``(turn index, square)`` of every turn a streak too long ended (a save records them)."""
        return tuple((i, turn.penalty) for i, turn in enumerate(self.history) if turn.penalty is not None)

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
            made = replayed(game.board, saved.choices[number], number, faces) if game.deciding else None
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
