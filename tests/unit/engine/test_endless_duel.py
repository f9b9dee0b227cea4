"""Two players with decisions under the bump rule who may keep each other from ever finishing
(issue 27): refused up front, fast; the duel solved once however many ask at once."""

import threading
import time

import pytest

from chutes_tui.analysis import duel
from chutes_tui.engine import advice as advice_module
from chutes_tui.engine.game import Game, GameError
from chutes_tui.engine.playable import endless_problem
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.ruletable import DICE_CHOICE, EFRON

EFRON_DICE = DICE_CHOICE.kind.parse(EFRON, "dice")


def endless_board(**more):
    rules = dict(end_rule="reach", chain_jumps=True, bump=True, dice_choice=EFRON_DICE, after_roll="flip")
    return load_board("tiny-10").replace(**(rules | more))


def test_two_players_who_may_bump_each_other_back_for_ever_are_refused_within_a_few_hundred_sweeps(
    monkeypatch,
):
    # The duel's sweeps alternate between two tables (a gap of 0.208 from sweep 155 on): the
    # game cut after an odd or an even number of turns gives other chances, for ever.
    sweeps = []
    original = duel.die_values
    monkeypatch.setattr(duel, "die_values", lambda *args: sweeps.append(1) or original(*args))
    board = endless_board(pawns=2)
    problem = endless_problem(board, 2)
    assert problem is not None and "players here may send each other back for ever" in problem
    assert "alternate by 0.208" in problem and "\n" not in problem
    assert len(sweeps) < 200  # not the 20,000 sweeps of a solve that never settles
    with pytest.raises(GameError, match="send each other back for ever"):
        Game.new(board, parse_player_spec("Ann,cpu:best"), 1)
    assert endless_problem(endless_board(pawns=2), 1) is None  # alone, a player finishes when it likes
    assert endless_problem(endless_board(pawns=2, bump=False), 2) is None  # nobody sends anyone back


def test_the_duel_is_solved_once_when_the_advice_and_the_live_odds_ask_at_once(monkeypatch):
    # A game that ends (no bump): the advice worker and the live feed both want the duel.
    board = load_board("tiny-10").replace(dice_choice=EFRON_DICE, after_roll="flip")
    solves = []
    again = threading.Event()
    original = duel.value_iteration

    def counted(*args, **kwargs):
        solves.append(threading.current_thread().name)
        if len(solves) > 1:
            again.set()
        # The first solve lingers while the other thread asks: unshared, the other would be in
        # here within milliseconds (what ``again`` would say); shared, it waits for the lock.
        again.wait(1.0)
        return original(*args, **kwargs)

    monkeypatch.setattr(duel, "value_iteration", counted)
    answers = {}

    def ask(name, work):
        answers[name] = work()

    first = threading.Thread(target=ask, args=("advice", lambda: advice_module.advice(board, 2)))
    first.start()
    while not solves:
        time.sleep(0.001)  # the first solve has begun (a condition, polled)
    second = threading.Thread(
        target=ask, args=("odds", lambda: advice_module.duel_odds(board, ((0, 0), (0, 0)), 0))
    )
    second.start()
    first.join(30)
    second.join(30)
    assert len(solves) == 1
    odds, _, _ = answers["odds"]
    assert odds[0] == pytest.approx(float(answers["advice"].dice_values[0, 0].max()), abs=1e-15)


def test_a_stopped_solve_raises_between_sweeps_and_keeps_nothing():
    from chutes_tui.engine.live import StopRequested

    board = load_board("tiny-10").replace(dice_choice=EFRON_DICE, after_roll="flip")
    asked = []
    with pytest.raises(StopRequested):
        advice_module.advice(board, 2, stop=lambda: asked.append(1) or len(asked) > 3)
    assert len(asked) == 4 and advice_module.advised(board, 2) is None
    assert advice_module.advice(board, 2).dice_values is not None  # asked again: solved whole
