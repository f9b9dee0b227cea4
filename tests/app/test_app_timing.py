"""No timing can stop play: computer turns keep coming when the clock jumps under Textual's
timers (a thread preempted, the GIL held elsewhere), and watch --loop keeps starting games."""

import asyncio
import itertools

import pytest
from textual import _time

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players


@pytest.fixture
def jumpy_clock(monkeypatch):
    """Every 7th clock read lands 3 ms later than the last: what a preempted thread sees.

    Textual 8.2's one-shot timer reads the clock twice at its start; a gap of more than its
    1 ms delay between the reads made it end without calling back, and play stopped for good.
    """
    real = _time.get_time
    offset = 0.0
    reads = itertools.count()

    def get_time() -> float:
        nonlocal offset
        if next(reads) % 7 == 0:
            offset += 0.003
        return real() + offset

    monkeypatch.setattr(_time, "get_time", get_time)


async def test_max_speed_play_never_stalls_under_a_jumpy_clock(jumpy_clock):
    app = ChutesApp(
        board=load_board("tiny-10"), players=default_players(3), watch=True, speed=len(SPEEDS) - 1, loop=True
    )
    async with app.run_test(size=(100, 30)) as pilot:
        loop = asyncio.get_running_loop()
        # The stall was for good: play until a third game starts, and call a turn that has not
        # come in 10 s a stall (a turn takes milliseconds; 10 s spares a loaded machine).
        seen, turns, games, quiet_since = None, 0, 0, loop.time()
        while games < 3:
            await pilot.pause(0.05)
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            if screen.game is not seen:
                seen, games = screen.game, games + 1
                turns = 0
            if len(screen.game.history) != turns or screen.game.finished:
                turns, quiet_since = len(screen.game.history), loop.time()
            assert loop.time() - quiet_since < 10.0, "no computer turn for 10 s: play stalled"


async def test_watch_loop_makes_no_widget_per_game():
    """Textual 8.2 keeps every removed widget's rendered lines alive (textual#6665), so a widget
    made per game -- a toast announcing each winner -- leaked ~1 MB a minute in a real terminal
    (headless runs skip the rendering that fills the cache, so count the cause instead; the RSS
    itself is measured by benchmarks/soak_watch.py)."""
    app = ChutesApp(
        board=load_board("tiny-10"), players=default_players(2), watch=True, speed=len(SPEEDS) - 1, loop=True
    )
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        seen = {id(screen.game)}
        widgets = len(list(app.query("*")))
        while len(seen) < 8:
            await pilot.pause(0.05)
            seen.add(id(screen.game))
        assert not app._notifications and len(list(app.query("*"))) == widgets
        assert "last game:" in screen.sub_title
