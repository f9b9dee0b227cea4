"""A game reviewed turn by turn, a new game played on from any of its turns, and a save's
replay checked against its seed.

Moment ``k`` is the game after ``k`` turns (0: before the first): where every piece stood, who
was to move, and the live statistics there. Positions come from the turns themselves -- after
turn ``k`` its mover stands on the turn's final square and every seat it bumped is back at the
start, exactly what :meth:`Game.roll` did -- so stepping costs nothing. The odds are the ones
the game recorded with each turn (what its odds-history chart drew); those it never worked out
(a long board's skipped positions, a game's first turns before its board was known instant)
come from :func:`~chutes_tui.engine.live.live_stats`, at once where that is instant and
otherwise from a front end's worker (:meth:`Review.wanted`, :meth:`Review.work`,
:meth:`Review.take`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from chutes_tui.engine.choice import from_record
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import WHEN_KNOWN_INSTANT, LiveStats, known_instant, live_stats
from chutes_tui.engine.turn import Snapshot, Swing, moments, swing_least, swings
from chutes_tui.io.saves import SavedGame

if TYPE_CHECKING:
    from chutes_tui.analysis.multi import SeatOdds

SWINGS = 3  # how many of the largest swings a review marks
FILL_AT_MOST = 400  # odds the winner's summary may work out to find the biggest swing


class Review:
    """A game's moments and the statistics at each (the game itself is not changed)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board = game.board
        self.names = tuple(p.spec.name for p in game.players)
        # What the odds assume of the players, as the game says it (its status did, a review's not).
        self.assumed = game.assumed
        self.turns = tuple(game.history)
        self.moments = moments(game.board, len(game.players), self.turns, game.board.pawns)
        self.no_odds = game.no_odds
        recorded = game.odds_history
        self.odds: list[SeatOdds | None] = [None] * len(self.moments)
        if self.no_odds is None:
            self.odds[: len(recorded)] = recorded
        self._stats: dict[int, LiveStats] = {}

    @property
    def last(self) -> int:
        """The last moment's number (the turns played)."""
        return len(self.moments) - 1

    @property
    def instant(self) -> bool:
        """Whether a moment's statistics may be worked out at once (else :meth:`work`, off the UI
        thread). Decided by whoever built the board's chain: this never builds it."""
        return self.no_odds is None and known_instant(self.board, len(self.names))

    def stats(self, turn: int) -> LiveStats | None:
        """The statistics after ``turn`` turns, if known (always, where they are instant)."""
        known = self._stats.get(turn)
        if known is None and self.instant:
            known = self.work(turn)
            self.take(turn, known)
        return known

    def wanted(self, first: int) -> int | None:
        """The next moment a worker should work out: ``first`` unless known, then the earliest
        whose odds are missing (the chart and the swings need them); ``None``: nothing. (Where
        statistics are instant, :meth:`stats` works the turn shown out at once.)"""
        if self.no_odds is not None:
            return None
        if first not in self._stats and not self.instant:
            return first
        return next((k for k, odds in enumerate(self.odds) if odds is None), None)

    def work(self, turn: int, stop: Callable[[], bool] | None = None) -> LiveStats:
        """Work out the statistics after ``turn`` turns (seconds on a long board; ``stop`` as
        for :func:`live_stats`)."""
        moment = self.moments[turn]
        return live_stats(self.board, moment.live_positions, moment.to_move, stop)

    def take(self, turn: int, stats: LiveStats) -> None:
        self._stats[turn] = stats
        if self.odds[turn] is None:
            self.odds[turn] = stats.odds

    def snapshot(self, turn: int) -> Snapshot:
        """What the players table and the status show after ``turn`` turns: the odds the game
        recorded there (else worked out), each player's turns left when known."""
        moment = self.moments[turn]
        stats = self.stats(turn)
        odds = self.odds[turn]
        return Snapshot(
            turn=turn,
            names=self.names,
            positions=moment.positions,
            pawns=moment.pawns,
            turns_left=None if stats is None else stats.turns_left,
            odds=odds,
            to_move=moment.to_move,
            winner=moment.winner,
            odds_turn=None if odds is None else turn,
            no_odds=self.no_odds,
            estimate=None if stats is None else stats.estimate,
            assumed=self.assumed,
        )

    def swings(self) -> list[Swing]:
        """The :data:`SWINGS` largest swings (:func:`~.game.swings`), in turn order; the largest
        is the one the winner's summary names."""
        each = swings(self.turns, self.odds, swing_least(self.board, len(self.names)))
        largest = sorted(each, key=Swing.size, reverse=True)[:SWINGS]  # stable: the first of equals
        return sorted(largest, key=lambda swing: swing.turn.number)

    def biggest_swing(self) -> Swing | None:
        """The game's largest swing, the odds a fast game skipped worked out first where they
        are instant (a game watched at full speed records few)."""
        missing = sum(odds is None for odds in self.odds)
        if self.instant and missing <= FILL_AT_MOST:  # milliseconds each: keep the dialog prompt
            for turn, odds in enumerate(self.odds):
                if odds is None:
                    self.stats(turn)
        each = swings(self.turns, self.odds, swing_least(self.board, len(self.names)))
        return max(each, key=Swing.size) if each else None  # the first of the largest

    def lead_changes(self) -> int | None:
        """This game's lead changes so far (:func:`~chutes_tui.analysis.drama.lead_changes_in`:
        the favourite read from the odds at each moment); ``None`` while some are missing (a
        front end's worker fills them in) or where the game has no odds."""
        if self.no_odds is not None or any(odds is None for odds in self.odds):
            return None
        from chutes_tui.analysis.drama import lead_changes_in

        return lead_changes_in([odds.win for odds in self.odds if odds is not None])

    def next_swing(self, turn: int) -> int | None:
        """The first marked swing's turn after ``turn`` (after the last: the first again)."""
        marked = [swing.turn.number for swing in self.swings()]
        return next((k for k in marked if k > turn), marked[0] if marked else None)


def play_on(game: Game, turn: int, seed: int | None = None) -> Game:
    """A new game from the moment after ``turn`` turns of ``game``: the same board (its rules),
    players and player to move; its first ``turn`` turns are ``game``'s, replayed as recorded
    (their odds kept), and from there a fresh seed's dice roll (never ``game``'s seed)."""
    specs = [p.spec for p in game.players]
    fresh = Game.new(game.board, specs, seed)
    while seed is None and fresh.seed == game.seed:
        fresh = Game.new(game.board, specs)
    fresh.stats_source = WHEN_KNOWN_INSTANT  # a front end's worker decides whether odds are instant
    fresh.seeded_from = turn
    fresh.start_odds = game.odds_history[0] if game.no_odds is None else None
    for old in game.history[:turn]:
        new = fresh.roll(old.faces, old.choice)  # a choice: as made
        if new.odds is None and old.odds is not None:
            fresh.history[-1] = replace(new, odds=old.odds)
    return fresh


@dataclass(frozen=True)
class ReplayCheck:
    """A save's rolls against its seed's dice: ``problem`` says where they part (``None``: the
    seed's dice roll every recorded roll, and the die ends in the saved state)."""

    turns: int  # turns replayed before they parted (all of them when they match)
    problem: str | None
    recorded: int = 0  # of which replayed as recorded (``SavedGame.seeded_from``)

    @property
    def matches(self) -> bool:
        return self.problem is None

    def line(self) -> str:
        return self.forms()[0]

    def forms(self) -> tuple[str, ...]:
        """The line, then shorter forms of it for a narrow place (the review's bar at 80
        columns cut the whole one before its verdict): without the note on turns replayed as
        recorded, then the verdict alone."""
        turns = f"replayed {self.turns:,} turns"
        verdict = "matches the save" if self.problem is None else f"does not match the save: {self.problem}"
        noted = ""
        if self.recorded:
            noted = f" (the first {self.recorded:,} as recorded: played on from another game)"
        return tuple(dict.fromkeys((f"{turns}{noted}; {verdict}", f"{turns}; {verdict}", verdict)))


def check_replay(saved: SavedGame) -> ReplayCheck:
    """Play the game again from its seed: the turns before ``saved.seeded_from`` as recorded (a
    game played on from another's), every later one with the seed's dice, and compare each roll
    with the save's, then the die's final state with the saved one. (The rolls' fit with the
    rules and the saved positions are checked by :meth:`Game.from_saved`.)"""
    rerun = Game.new(saved.board, saved.players, saved.seed)
    rerun.stats_source = WHEN_KNOWN_INSTANT  # only the dice matter here: no chain is built
    for number, recorded in enumerate(saved.rolls, start=1):
        if rerun.finished:
            return ReplayCheck(
                number - 1, f"the seed's game is won after turn {number - 1}", saved.seeded_from
            )
        seeded = number > saved.seeded_from
        if rerun.deciding:  # one roll of the chosen die: the recorded choice, the seed's die and coin
            kept = from_record(saved.choices[number - 1], recorded[0], saved.pawn_moved(number - 1))
            made = replace(kept, face=rerun.draw(kept.die), coin=None) if seeded else kept
            turn = rerun.roll(choice=made)
            if turn.faces == recorded and turn.choice is not None and turn.choice.coin != kept.coin:
                problem = f"turn {number}: seed {saved.seed} tosses another coin than the save records"
                return ReplayCheck(number - 1, problem, saved.seeded_from)
        else:
            turn = rerun.roll(None if seeded else iter(recorded))
        rolled = turn.faces
        if rolled != recorded:
            return ReplayCheck(
                number - 1,
                f"turn {number}: seed {saved.seed} rolls {_rolls(rolled)}; "
                f"the save records {_rolls(recorded)}",
                saved.seeded_from,
            )
    if rerun.rng.bit_generator.state != saved.rng:
        problem = "the die's state after the last turn is not the saved one"
        return ReplayCheck(len(saved.rolls), problem, saved.seeded_from)
    return ReplayCheck(len(saved.rolls), None, saved.seeded_from)


def _rolls(rolls: tuple[int, ...]) -> str:
    return ", ".join(str(roll) for roll in rolls) if rolls else "no rolls (a missed turn)"
