"""The turn state machine without a screen: a fake clock, a view that records what it is told."""

import math

import pytest

from chutes_tui.app.controller import LOOP_PAUSE, SPEEDS, SPIN_FACES, Step, TurnController, nearest_speed
from chutes_tui.engine.game import Game
from chutes_tui.model.players import default_players, parse_player_spec

MAX = len(SPEEDS) - 1


class FakeTimer:
    def __init__(self, clock, due, callback, interval):
        self.clock, self.due, self.callback, self.interval = clock, due, callback, interval
        self.active = True

    def stop(self):
        self.active = False


class FakeClock:
    """A scheduler whose time moves only when told to."""

    def __init__(self):
        self.now = 0.0
        self.timers = []

    def after(self, delay, callback):
        timer = FakeTimer(self, self.now + delay, callback, None)
        self.timers.append(timer)
        return timer

    def every(self, interval, callback):
        timer = FakeTimer(self, self.now + interval, callback, interval)
        self.timers.append(timer)
        return timer

    @property
    def pending(self):
        return [t for t in self.timers if t.active]

    def advance(self, seconds, limit=1_000_000):
        end = self.now + seconds
        for _ in range(limit):
            due = [t for t in self.pending if t.due <= end]
            if not due:
                break
            timer = min(due, key=lambda t: t.due)
            self.now = timer.due
            if timer.interval is None:
                timer.active = False
            else:
                timer.due += timer.interval
            timer.callback()
        self.now = end


class RecordingView:
    def __init__(self):
        self.games, self.steps, self.turns, self.winners, self.errors = [], [], [], [], []
        self.states = 0

    def show_game(self, game):
        self.games.append(game)

    def show_step(self, step):
        self.steps.append(step)

    def show_turn(self, turn):
        self.turns.append(turn)

    def show_state(self):
        self.states += 1

    def announce_winner(self, game, loop):
        self.winners.append((game, loop))

    def report_error(self, message):
        self.errors.append(message)


def controller(board, players, seed, **options):
    clock, view = FakeClock(), RecordingView()
    game = Game.new(board, players, seed)
    control = TurnController(game, view, clock, **options)
    control.start(game)
    return control, clock, view


def test_computers_play_to_the_engines_winner(standard):
    expected = Game.new(standard, default_players(3), seed=99).play_out()
    control, clock, view = controller(standard, default_players(3), 99, watch=True, speed=MAX)
    clock.advance(60)
    assert control.game.finished and control.game.winner == expected
    assert len(view.turns) == len(control.game.history) and view.winners == [(control.game, False)]
    assert not clock.pending  # a finished game (not looping) waits for the winner dialog


def test_a_person_is_waited_for(standard):
    control, clock, _view = controller(standard, parse_player_spec("Ann,cpu:Robo"), 4, speed=MAX)
    clock.advance(30)
    assert len(control.game.history) == 0 and not clock.pending and control.waiting_for_person
    control.roll()
    clock.advance(30)  # the computer answers; then it is Ann's turn again
    assert len(control.game.history) == 2 and control.waiting_for_person


def test_a_persons_turn_spins_the_die_then_walks(standard):
    control, clock, view = controller(standard, parse_player_spec("Ann,Bob"), 5, speed=2)
    control.roll()
    assert control.animating
    clock.advance(10)
    turn = control.game.history[0]
    faces = [s.face for s in view.steps if s.face is not None]
    assert len(faces) == SPIN_FACES + 1 and faces[-1] == turn.rolls[0].roll
    squares = [s.square for s in view.steps if s.square is not None]
    assert squares[-1] == turn.final and not control.animating and view.turns == [turn]


def test_only_a_persons_die_spins(standard):
    """The spin is the turn's player's: the person's, not the computer's after it (the game
    has passed the turn on when its frames are made)."""
    control, clock, view = controller(standard, parse_player_spec("Ann,cpu:Robo"), 5, speed=2)
    control.roll()
    clock.advance(10)  # Ann's turn, then Robo's
    assert [turn.seat for turn in view.turns] == [0, 1]
    faces = [s.face for s in view.steps if s.face is not None]
    first, second = view.turns
    assert faces == [*faces[:SPIN_FACES], first.rolls[0].roll, second.rolls[0].roll]


def test_skip_ends_the_animation_at_once(standard):
    control, clock, view = controller(standard, parse_player_spec("Ann,Bob"), 5, speed=0)
    control.roll()
    control.skip()
    assert not control.animating and len(view.turns) == 1
    assert all(not t.active for t in clock.timers if t.interval is not None)


def test_pause_stops_and_step_plays_one_turn(standard):
    control, clock, _view = controller(standard, default_players(2), 6, watch=True, speed=MAX)
    clock.advance(0.01)
    control.set_paused(True)
    played = len(control.game.history)
    clock.advance(30)
    assert len(control.game.history) == played and not clock.pending
    control.step()
    assert len(control.game.history) == played + 1
    control.set_paused(False)
    clock.advance(60)
    assert control.game.finished


def test_loop_mode_starts_the_next_game(standard):
    _control, clock, view = controller(standard, default_players(2), 7, watch=True, speed=MAX, loop=True)
    clock.advance(2)
    assert len(view.games) >= 3 and len({id(g) for g in view.games}) == len(view.games)
    assert all(loop for _, loop in view.winners) and all(game.finished for game in view.games[:-1])
    assert [game for game, _ in view.winners] == view.games[: len(view.winners)]


def test_a_stale_timer_never_plays(standard):
    control, _clock, _view = controller(standard, default_players(2), 8, watch=True, speed=0)
    old = control._pending
    control.faster()  # reschedules: the first timer is replaced
    assert old is not None and not old.active
    old.callback()  # a tick that was already queued when it was stopped
    assert len(control.game.history) == 0


def test_loop_pause_and_speeds():
    assert LOOP_PAUSE > 0
    assert nearest_speed(math.inf) == MAX and SPEEDS[nearest_speed(3.0)] == 4.0
    assert Step(face=3).seat is None


@pytest.mark.parametrize("speed", [0, 3, MAX])
def test_every_speed_finishes_a_game(tiny, speed):
    control, clock, _view = controller(tiny, default_players(2), 9, watch=True, speed=speed)
    clock.advance(10_000)
    assert control.game.finished and not control.animating
