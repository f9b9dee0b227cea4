"""Quitting, and a new game replacing one, never wait for live odds still being worked out.

Under the bump rule a game's first odds solve the joint chain by a sparse LU: fifteen seconds on
the standard board with two dice, the reach rule, the extra roll, chained jumps and bump, in C
that cannot stop midway. The feed's worker thread sat in it, and quitting (asyncio joins its
worker threads at exit) waited for it. The LU now runs in a process of its own, killed when the
answer is no longer wanted: here it never ends (:func:`held`), and the worker must stop anyway."""

import asyncio
import os
import time
from pathlib import Path

import pytest

from chutes_tui.analysis import bump
from chutes_tui.analysis.bump import solved
from chutes_tui.app import workers
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.livefeed import GROUP
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import StopRequested
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import wait_for

# The LU in the process the program gives it, which these tests kill (tests/conftest.py).
pytestmark = pytest.mark.lu_in_its_process

PLAYERS = parse_player_spec("Ann,Bob")


def held(P, rhs):
    """The LU that never ends, in its process: it writes its pid where the test looks."""
    Path(os.environ["CHUTES_TEST_LU_PID"]).write_text(str(os.getpid()))
    time.sleep(120)
    raise AssertionError("the LU's process was left running")


@pytest.fixture
def held_lu(monkeypatch, tmp_path):
    """The standard board under bump (13,122 joint states: its LU runs in a process) whose LU
    never ends; where its process writes its pid; ``ends``: how each live statistics' work ended
    (its answer or its exception), in the worker's thread."""
    pid = tmp_path / "lu.pid"
    monkeypatch.setenv("CHUTES_TEST_LU_PID", str(pid))
    monkeypatch.setattr(bump, "_direct", held, raising=False)  # raising: the old code had none
    run = workers.run_work
    ends = []

    def recorded(name, work):
        try:
            answer = run(name, work)
        except Exception as error:
            ends.append(error)
            raise
        ends.append(answer)
        return answer

    monkeypatch.setattr(workers, "run_work", recorded)
    return load_board("standard").replace(bump=True), pid, ends


def running(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def ended(ends, count=1, timeout=20.0):
    """Wait (the app may be gone) until ``count`` works have ended in their threads."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while len(ends) < count:
        assert loop.time() < deadline, f"the live statistics worker is still in the LU: {ends}"
        await asyncio.sleep(0.02)


async def test_quitting_kills_the_bump_odds_lu_under_way(held_lu):
    board, pid, ends = held_lu
    app = ChutesApp(board=board, players=PLAYERS, seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, pid.exists)  # the first position's odds: the LU has begun
        await pilot.press("ctrl+q")  # no moves yet: nothing to lose, no question
        await wait_for(pilot, lambda: app.return_code is not None)
    await ended(ends)
    assert [type(end) for end in ends] == [StopRequested]
    assert not solved(board, 2) and not running(int(pid.read_text()))  # the LU was killed


async def test_a_new_game_gets_its_odds_at_once_and_the_old_ones_lu_is_killed(held_lu):
    board, pid, ends = held_lu
    app = ChutesApp(board=board, players=PLAYERS, seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, pid.exists)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        other = Game.new(load_board("standard"), PLAYERS, seed=5)  # no LU
        screen.play(other, afresh=True)
        await ended(ends, 2)
        await wait_for(pilot, lambda: other.stats() is not None)
        assert type(ends[0]) is StopRequested and not solved(board, 2)
        assert not running(int(pid.read_text()))
        assert other.stats().odds.win == pytest.approx((0.50780277, 0.49219723), abs=1e-8)
        assert not any(worker.group == GROUP and worker.is_running for worker in app.workers)
