"""The turn state machine of a game on screen: who rolls when, the animation of a turn, pause,
speed, step, and the next game in loop mode -- testable without a screen.

The controller owns the :class:`~chutes_tui.engine.game.Game` and decides; a :class:`View`
shows what it is told, and a :class:`Scheduler` calls back later (the screen's timers in the
app, a fake clock in tests). States::

    waiting  ── a person's roll, or a computer's timer ──▶  animating  ── last step / skip ──▶ waiting
       │                                                                                      │
       └──────────────── paused (no timers; ``step`` plays one computer turn) ◀───────────────┘

A finished game waits for the winner dialog (or, in loop mode, schedules a rematch).

On a board with decisions (issue 27) a person's roll asks first: the die (when there are
several), which is then rolled, and what to do with the roll (when there is a choice), each
through the view's :meth:`View.ask`. A die rolled stays rolled: putting the second question off
asks it again, never rolls again. Computer turns wait until the solver's advice is known
(:attr:`TurnController.advice_ready`; the screen works it out in a worker).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from chutes_tui.app.liveodds import LiveOdds
from chutes_tui.engine.advice import Advice, advised
from chutes_tui.engine.choice import ChoiceMade
from chutes_tui.engine.game import Game, GameError
from chutes_tui.engine.path import trail, walk
from chutes_tui.engine.turn import Turn
from chutes_tui.model.decisions import choice_dice, pawn_options

if TYPE_CHECKING:
    from chutes_tui.engine.prompt import Prompt  # what a person is asked: boards with decisions

# Computer turns per second at each speed setting; infinity is "max": no pauses, no animation.
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, math.inf)
DEFAULT_SPEED = 2
# Even at max speed each turn waits for the event loop, so keys stay responsive (and Textual's
# timers divide by their interval, so it must not be 0).
MAX_SPEED_DELAY = 0.001
LOOP_PAUSE = 1.5  # seconds between games in watch --loop
LOOP_PAUSE_AT_MAX = 0.3
SPIN_FACES = 4  # faces a person's die shows before it settles


def nearest_speed(turns_per_second: float) -> int:
    """The speed setting closest (by ratio) to a requested pace."""
    if math.isinf(turns_per_second):
        return len(SPEEDS) - 1
    finite = range(len(SPEEDS) - 1)
    return min(finite, key=lambda i: abs(math.log(SPEEDS[i] / turns_per_second)))


def speed_label(speed: float) -> str:
    return "max" if math.isinf(speed) else f"{speed:g}/s"


@dataclass(frozen=True)
class Step:
    """One frame of a turn's animation: the die shows ``face``, or ``seat``'s token (with pawns:
    its pawn ``pawn``) is on ``square``."""

    face: int | None = None
    seat: int | None = None
    square: int | None = None
    pawn: int = 0


class Cancel(Protocol):
    def stop(self) -> None: ...


class Scheduler(Protocol):
    def after(self, delay: float, callback: Callable[[], None]) -> Cancel:
        """Call ``callback`` once, ``delay`` seconds from now (it must always fire)."""
        ...

    def every(self, interval: float, callback: Callable[[], None]) -> Cancel: ...


class View(Protocol):
    def show_game(self, game: Game) -> None:
        """Everything from scratch: a new game, a rematch, a resumed save."""

    def show_step(self, step: Step) -> None:
        """One animation frame."""

    def show_turn(self, turn: Turn) -> None:
        """Every panel after a turn (also when its animation was skipped)."""

    def show_state(self) -> None:
        """The status lines: who is to move, speed, paused."""

    def announce_winner(self, game: Game, loop: bool) -> None:
        """The game is over (in loop mode the next one is already scheduled)."""

    def report_error(self, message: str) -> None: ...

    def ask(self, prompt: Prompt, answer: Callable[[int | None], None], again: bool = False) -> None:
        """Ask the person to move ``prompt`` (a board with decisions); ``answer`` gets the
        option's index, or ``None`` when they put it off. ``again``: only show the question
        open now with ``prompt``'s values (asked nothing when none is open)."""


class TurnController:
    """See the module docstring. ``slide(tail, head)`` gives the squares under a jump's drawn
    path, for the animation."""

    def __init__(
        self,
        game: Game,
        view: View,
        scheduler: Scheduler,
        *,
        watch: bool = False,
        speed: int = DEFAULT_SPEED,
        loop: bool = False,
        slide: Callable[[int, int], list[int]] | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.scheduler = scheduler
        self.watch = watch
        self.speed_index = max(0, min(speed, len(SPEEDS) - 1))
        self.loop = loop
        self.paused = False
        self.slide = slide
        self._pending: Cancel | None = None
        self._animation: Cancel | None = None
        self._steps: list[Step] = []
        self._turn: Turn | None = None
        self.live = LiveOdds()  # the game's statistics, once started (:meth:`start`)

    # -- state ------------------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def animating(self) -> bool:
        return self._turn is not None

    @property
    def computer_to_move(self) -> bool:
        return self.watch or not self.game.current.spec.human

    @property
    def waiting_for_person(self) -> bool:
        return not self.game.finished and not self.computer_to_move and not self.animating

    def trail(self, turn: Turn) -> list[int]:
        """Every square the turn's piece passed through."""
        return trail(turn.rolls, self.game.board.end, self.slide)

    # -- lifecycle ----------------------------------------------------------------------------------

    def start(self, game: Game) -> None:
        """Show ``game`` from its current state and carry on from there."""
        self.stop()
        live = game.stats_source
        if not isinstance(live, LiveOdds):  # statistics come from the screen's feed
            live = game.stats_source = LiveOdds()
        self.live = live
        self.game = game
        self.view.show_game(game)
        if game.finished:
            self._game_over()
        else:
            self.schedule()

    def _game_over(self) -> None:
        self.view.announce_winner(self.game, self.loop)
        if self.loop:
            self.schedule()  # the next game starts by itself

    def stop(self) -> None:
        """Cancel every timer (the screen is going away, or another game starts)."""
        for timer in (self._pending, self._animation):
            if timer is not None:
                timer.stop()
        self._pending = self._animation = None
        self._steps = []
        self._turn = None

    def schedule(self) -> None:
        """Arrange the next computer turn (or the next game in loop mode), or wait for a person."""
        if self._pending is not None:
            self._pending.stop()
            self._pending = None
        if self.animating or self.paused:
            return
        if self.game.finished:
            if self.loop:
                pause = LOOP_PAUSE_AT_MAX if math.isinf(self.speed) else LOOP_PAUSE
                self._pending = self._once(pause, self.rematch)
            return
        if self.computer_to_move and self.advice_ready:
            delay = MAX_SPEED_DELAY if math.isinf(self.speed) else 1.0 / self.speed
            self._pending = self._once(delay, self.play_turn)

    def _once(self, delay: float, callback: Callable[[], None]) -> Cancel:
        """``callback`` after ``delay``, unless rescheduled or stopped first."""

        def fire() -> None:
            if self._pending is timer:
                self._pending = None
                callback()

        timer = self.scheduler.after(delay, fire)
        return timer

    # -- turns --------------------------------------------------------------------------------------

    @property
    def advice_ready(self) -> bool:
        """Whether the solver's advice for this game is known (a board without decisions needs
        none)."""
        game = self.game
        return not game.deciding or advised(game.board, len(game.players)) is not None

    def choose(self) -> None:
        """A person's turn on a board with decisions: the die, then what to do with the roll."""
        game = self.game
        if game.drawn is not None:
            self._ask_option()
        elif len(choice_dice(game.board)) > 1:
            self.view.ask(self._die_prompt(), self._die_chosen)
        else:
            self._die_chosen(0)

    def _advice(self) -> Advice | None:
        return advised(self.game.board, len(self.game.players))

    def advice_in(self) -> None:
        """The solver's advice is known (a worker's): computer players play on, and a question
        a person was asked before it shows its values."""
        self.schedule()
        game = self.game
        if not (game.deciding and self.waiting_for_person):
            return
        if game.drawn is not None and len(self._offered()) > 1:
            self.view.ask(self._option_prompt(), self._option_chosen, again=True)
        elif game.drawn is None and len(choice_dice(game.board)) > 1:
            self.view.ask(self._die_prompt(), self._die_chosen, again=True)

    def _die_prompt(self) -> Prompt:
        from chutes_tui.engine.prompt import die_prompt  # boards with decisions alone

        game = self.game
        return die_prompt(game.board, self._advice(), game.standings, game.to_move)

    def _option_prompt(self) -> Prompt:
        from chutes_tui.engine.prompt import option_prompt

        game = self.game
        assert game.drawn is not None
        die, face = game.drawn
        return option_prompt(game.board, self._advice(), game.standings, game.to_move, die, face)

    def _die_chosen(self, die: int | None) -> None:
        if die is None or not self.waiting_for_person or self.game.drawn is not None:
            return
        self.game.draw(die)
        self._ask_option()

    def _ask_option(self) -> None:
        if len(self._offered()) == 1:  # nothing to choose: one pawn free to move, the plain move
            self._option_chosen(0)
            return
        self.view.ask(self._option_prompt(), self._option_chosen)

    def _offered(self) -> tuple[tuple[int, int], ...]:
        """The ``(pawn, option)`` choices after the roll, in the prompt's order."""
        return pawn_options(self.game.board, tuple(self.game.current.pawns))

    def _option_chosen(self, index: int | None) -> None:
        drawn = self.game.drawn
        if index is None or drawn is None or not self.waiting_for_person:
            return
        pawn, option = self._offered()[index]
        self.play_turn(ChoiceMade(drawn[0], drawn[1], option, pawn=pawn))

    def play_turn(self, choice: ChoiceMade | None = None) -> None:
        """Roll for the player to move (``choice``: a person's, on a board with decisions), then
        animate (or, at max speed, just show) the turn."""
        if self.game.finished or self.animating:
            return
        try:
            turn = self.game.roll(choice=choice)
        except GameError as error:
            self.view.report_error(str(error))
            return
        self._turn = turn
        if math.isinf(self.speed):
            self.finish_turn()
            return
        self._steps = self.animation(turn)
        interval = min(0.09, 0.6 / (self.speed * max(len(self._steps), 1)))
        self._animation = self.scheduler.every(max(interval, 0.01), self._tick)

    def animation(self, turn: Turn) -> list[Step]:
        """A turn's frames: a person's die spins first; the token walks square by square."""
        steps: list[Step] = []
        spinner = random.Random(turn.number)
        pawn = 0 if turn.choice is None else turn.choice.pawn
        # The die rolled: the chosen one on a board with decisions.
        spun = (
            self.game.board.die.values
            if turn.choice is None
            else choice_dice(self.game.board)[turn.choice.die].faces
        )
        # The turn's player: the game has passed the turn on by now (to_move is the next one's).
        person = not self.watch and self.game.players[turn.seat].spec.human
        for face, made in zip(turn.faces, turn.steps, strict=True):  # a skipped turn has none
            if person:
                steps += [Step(face=spinner.choice(spun)) for _ in range(SPIN_FACES)]
            steps.append(Step(face=face))
            for move in made.moves:
                walked = walk(move, self.game.board.end, self.slide)
                steps += [Step(seat=turn.seat, square=s, pawn=pawn) for s in walked]
            if made.penalty is not None:  # a streak too long: the piece is put back, not walked
                steps.append(Step(seat=turn.seat, square=made.penalty))
        return steps

    def _tick(self) -> None:
        if self._steps:
            self.view.show_step(self._steps.pop(0))
        if not self._steps:
            self.finish_turn()

    def finish_turn(self) -> None:
        """Bring everything to the game's state after the turn (also when skipping)."""
        turn = self._turn
        if turn is None:
            return
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        self._steps = []
        self._turn = None
        self.view.show_turn(turn)
        if turn.won:
            self._game_over()
        else:
            self.schedule()

    # -- what a person asks for ---------------------------------------------------------------------

    def roll(self) -> None:
        """A person's roll (or, during an animation, skip to its end)."""
        if self.animating:
            self.finish_turn()
        elif self.waiting_for_person and self.game.deciding:
            self.choose()
        elif self.waiting_for_person:
            self.play_turn()

    def skip(self) -> None:
        if self.animating:
            self.finish_turn()

    def faster(self) -> None:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)
        self.view.show_state()
        self.schedule()

    def slower(self) -> None:
        self.speed_index = max(self.speed_index - 1, 0)
        self.view.show_state()
        self.schedule()

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        self.view.show_state()
        self.schedule()

    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)

    def step(self) -> None:
        """One computer turn while paused (or the end of the running animation)."""
        if self.animating:
            self.finish_turn()
        elif self.paused and not self.game.finished and (self.computer_to_move or not self.game.deciding):
            self.play_turn()  # (a person's choice is theirs: never made for them)

    def rematch(self) -> None:
        self.start(self.game.rematch())
