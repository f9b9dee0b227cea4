"""The game screen's statistics without a screen (app/statistics.py, app/flowslider.py): a fake
clock plays the flow, a view records what it is told."""

import pytest

from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.app.controller import TurnController
from chutes_tui.app.flowslider import FLOW_FRAME
from chutes_tui.app.livefeed import Request
from chutes_tui.app.liveodds import LiveOdds
from chutes_tui.app.overlays import statistics_refusal
from chutes_tui.app.statistics import (
    GAME_OVER_NO_FLOW,
    NOT_FOR_BUMP,
    WORKING_OUT,
    GameStatistics,
    exact_answer,
    why_no_exact,
)
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import live_stats
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.model.board import Board
from chutes_tui.model.dice import Dice
from chutes_tui.model.players import parse_player_spec
from tests.app.test_controller import FakeClock, RecordingView

WIN = OverlayKind.WIN_CHANCE


class FakeView:
    """Records what the statistics show; the board's cursor answers as the board does (a move
    comes back as ``cursor_moved``)."""

    def __init__(self):
        self.notes, self.overlays, self.bars, self.chart = [], [], [], []
        self.inspected, self.notes_on_squares, self.inspecting = [], [], []
        self.exact_work, self.exact_shown, self.diagonals = [], [], []
        self.cursor, self.focused, self.states = None, 0, 0
        self.stats = None

    def tell(self, message, timeout):
        self.notes.append(message)

    def show_overlay(self, overlay):
        self.overlays.append(overlay)

    def show_flow_bar(self, step, last, playing):
        self.bars.append((None if step is None else step.turns, last, playing))

    def show_state(self):
        self.states += 1

    def extend_chart(self, win, turn):
        self.chart.append((win, turn))

    def show_inspecting(self, inspecting):
        self.inspecting.append(inspecting)

    def cursor_square(self):
        return self.cursor

    def put_cursor(self, square):
        self.cursor = square
        self.stats.cursor_moved(square)

    def focus_board(self):
        self.focused += 1

    def show_inspector(self, report, mover):
        self.inspected.append((report.square, mover))

    def show_inspector_note(self, square, note):
        self.notes_on_squares.append((square, note))

    def work_out_exact(self, game):
        self.exact_work.append(game)

    def show_exact(self, answer):
        self.exact_shown.append(answer)

    def show_diagonal(self, report):
        self.diagonals.append(report)


def statistics(board, players, seed=7):
    clock, view = FakeClock(), FakeView()
    game = Game.new(board, players, seed)
    control = TurnController(game, RecordingView(), clock)
    control.start(game)
    view.stats = stats = GameStatistics(control, view, clock)
    return stats, view, clock


def cycle(stats):
    """What ``o`` shows, pressed until the board is plain again."""
    chosen = []
    while True:
        stats.next_overlay()
        chosen.append(stats.overlays.chosen)
        if chosen[-1] is None:
            return chosen


def test_the_overlays_cycle_skips_the_win_chance_without_an_opponent(standard):
    alone, view, _ = statistics(standard, parse_player_spec("Ann"))
    assert cycle(alone) == [
        OverlayKind.TURNS_LEFT,
        OverlayKind.VISITS,
        OverlayKind.EVER_LAND,
        OverlayKind.FLOW,
        None,
    ]
    labels = [o.label if o is not None else None for o in view.overlays]
    assert labels[:3] == [
        k.label for k in (OverlayKind.TURNS_LEFT, OverlayKind.VISITS, OverlayKind.EVER_LAND)
    ]
    assert view.overlays[-1] is None and view.bars[-1][0::2] == (None, False)  # plain, no slider

    two, view, _ = statistics(standard, parse_player_spec("Ann,Bob"))
    assert WIN in cycle(two)
    win = view.overlays[3]
    assert win.label == "Ann to move here wins, vs Bob on 0"  # whose chance, against whom


def test_the_overlays_cycle_skips_the_win_chance_under_bump(standard):
    stats, _, _ = statistics(standard.replace(bump=True), parse_player_spec("Ann,Bob"))
    assert WIN not in cycle(stats) and OverlayKind.FLOW in cycle(stats)


def test_overlays_and_the_inspector_are_refused_on_a_board_too_large_for_the_ui_thread():
    board = Board(end=2_000, die=6)
    stats, view, _ = statistics(board, parse_player_spec("Ann,Bob"))
    stats.next_overlay()
    stats.toggle_inspector()
    stats.flow_play()
    assert stats.overlays.chosen is None and not stats.inspecting and not stats.flow.playing
    assert view.overlays == [] and view.inspecting == [] and view.inspected == []
    refusal, inspector = statistics_refusal(board), statistics_refusal(board, series=True)
    assert view.notes == [refusal, inspector, refusal] and "2,000 squares to stand on" in refusal


def test_the_inspector_opens_on_the_movers_square_and_follows_the_cursor(standard):
    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.toggle_inspector()
    assert stats.inspecting and view.inspecting == [True] and view.focused == 1
    assert view.cursor == 0 and view.inspected == [(0, "Ann")]  # no cursor yet: the mover's square
    view.put_cursor(28)
    assert view.inspected[-1] == (28, "Ann")
    stats.controller.game.roll()  # Bob to move now: the chance shown is Bob's
    stats.turn_shown()
    assert view.inspected[-1] == (28, "Bob")
    stats.back()  # no overlay: Esc closes the inspector
    assert not stats.inspecting and view.inspecting == [True, False]
    view.put_cursor(40)
    assert view.inspected[-1] == (28, "Bob")  # closed: the cursor alone shows nothing


def test_the_inspector_names_no_mover_without_one_opponent(standard):
    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob,Cy"))
    view.cursor = 50
    stats.toggle_inspector()
    assert view.inspected == [(50, None)]


def test_the_inspector_explains_a_square_no_game_reaches(standard):
    stats, view, _ = statistics(standard.replace(die=Dice.parse("0,0,0,0,1,0")), parse_player_spec("Ann"))
    stats.toggle_inspector()
    stats.cursor_moved(2)  # a die that always rolls 5 never stands on 2
    assert view.notes_on_squares == [(2, view.notes_on_squares[0][1])] and view.inspected == [(0, None)]
    assert "2" in view.notes_on_squares[0][1]


def test_esc_takes_the_overlay_off_before_closing_the_inspector(standard):
    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.toggle_inspector()
    stats.next_overlay()
    stats.back()
    assert stats.overlays.chosen is None and stats.inspecting and view.overlays[-1] is None
    stats.back()
    assert not stats.inspecting


def test_the_flow_plays_a_frame_a_turn_to_its_last_then_stops(standard):
    stats, view, clock = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.flow_play()
    assert stats.flow.flowing and stats.flow.playing
    last = stats.overlays.flow_last
    assert last > 10 and view.bars[-1] == (1, last, True)  # it starts at the slider's n: 1
    clock.advance(FLOW_FRAME * (last + 5))
    turns = [turns for turns, _, playing in view.bars if playing]
    assert turns == list(range(1, last + 1))  # every turn once, in order
    assert view.bars[-1] == (last, last, False) and not stats.flow.playing
    assert not clock.pending and 1 - stats.overlays.flow_step.finished < 1e-4
    stats.flow_play()  # at its end, it plays from the start again
    assert view.bars[-1] == (0, last, True)
    stats.flow_play()  # and pauses
    assert view.bars[-1] == (0, last, False) and not clock.pending


def test_the_flow_slider_moves_between_its_ends_and_stops_playing(standard):
    stats, view, clock = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.flow_play()
    stats.flow_turn(3)
    assert not stats.flow.playing and not clock.pending and view.bars[-1][0] == 4
    stats.flow_turn(1_000_000)  # End
    assert stats.overlays.flow_turns == stats.overlays.flow_last
    stats.flow_turn(-1_000_000)  # Home
    assert stats.overlays.flow_turns == 0 and view.bars[-1] == (0, stats.overlays.flow_last, False)


def test_the_flow_goes_with_the_overlay_when_another_is_chosen(standard):
    stats, view, clock = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.flow_play()
    stats.next_overlay()  # after the flow: none
    assert stats.overlays.chosen is None and not stats.flow.playing and not clock.pending
    assert view.bars[-1] == (None, stats.overlays.flow_last, False)


def test_a_finished_game_has_no_flow(standard):
    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob"))
    stats.controller.game.play_out()
    stats.flow_play()
    assert view.notes == [GAME_OVER_NO_FLOW] and view.overlays == [] and not stats.flow.playing


def test_the_feeds_answer_about_a_game_gone_is_dropped(standard):
    stats, view, _ = statistics(standard.replace(name="not known instant"), parse_player_spec("Ann,Bob"))
    game = stats.controller.game
    answer = live_stats(game.board, tuple(game.positions), game.to_move)
    other = Game.new(game.board, parse_player_spec("Ann,Bob"), 1)
    stats.take_live(Request(other, tuple(other.positions), 0, 0), answer)
    assert view.chart == [] and view.states == 0
    stats.take_live(Request(game, tuple(game.positions), 0, 0), answer)
    assert view.chart == [(answer.odds.win, 0)] and view.states == 1
    assert (
        isinstance(stats.controller.live, LiveOdds)
        and stats.controller.live.snapshot(game).odds == answer.odds
    )


def test_the_exact_fraction_is_refused_or_worked_out_for_the_game_still_shown(standard):
    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob,Cy"))
    stats.exact()
    assert view.notes == [why_no_exact(stats.controller.game)] and "two-player" in view.notes[0]
    assert view.exact_work == []

    stats, view, _ = statistics(standard, parse_player_spec("Ann,Bob"))
    old = stats.controller.game
    stats.exact()
    assert view.notes == [WORKING_OUT] and view.exact_work == [old]
    stats.controller.rematch()
    stats.exact_answered(old, "the old game's answer")
    assert view.exact_shown == []  # a new game started meanwhile
    stats.exact_answered(stats.controller.game, "this game's")
    assert view.exact_shown == ["this game's"]


def test_the_exact_answer_is_the_two_player_chance_of_the_player_to_move(tiny):
    game = Game.new(tiny, parse_player_spec("Ann,Bob"), 3)
    game.roll()
    answer = exact_answer(game)
    value = exact_two_player(tiny).probability(game.positions[1], game.positions[0])
    assert answer.fraction == f"{value.p}/{value.q}"
    assert answer.title.startswith(
        f"Bob (to move, on {game.positions[1]}) beats Ann (on {game.positions[0]})"
    )
    assert float(answer.decimal) == pytest.approx(float(value.p) / float(value.q))


def test_the_diagonal_is_refused_under_bump_and_shown_otherwise(tiny):
    stats, view, _ = statistics(tiny.replace(bump=True), parse_player_spec("Ann,Bob"))
    stats.diagonal()
    assert view.notes == [NOT_FOR_BUMP] and view.diagonals == []
    stats, view, _ = statistics(tiny, parse_player_spec("Ann,Bob"))
    stats.diagonal()
    assert view.notes == [] and len(view.diagonals) == 1 and view.diagonals[0].board is tiny
