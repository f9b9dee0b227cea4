"""Live statistics off the UI thread, for boards where they are not instant (:mod:`chutes_tui.
engine.live`): a 10,000-square position takes about 0.1 s, a 100,000-square one a second or two.
Every board's first position is worked out here too, with the board's chain and whether it is
instant (:mod:`chutes_tui.app.liveodds` answers the game until then): the first frame does not
wait for scipy or the chain.

One worker thread at a time, always on the newest position: while it works, newer positions
only replace the one waiting, so a game at full speed is never queued behind stale work, and no
two threads ever grow a chain's series at once. A worker whose game is gone (a new game, the
screen closing) is told to stop at its next progress report, so quitting never waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.worker import Worker, WorkerState

from chutes_tui.app.workers import start_worker
from chutes_tui.engine.game import Game
from chutes_tui.engine.live import LiveStats, StopRequested, instant, live_stats

if TYPE_CHECKING:
    from chutes_tui.engine.live import Placed

GROUP = "live-stats"


@dataclass(frozen=True)
class Request:
    game: Game
    positions: tuple[Placed, ...]  # as the odds see them (``Game.live_positions``)
    to_move: int
    turn: int  # turns played when the position arose


class LiveFeed:
    """Asks for statistics (:meth:`want`) and hands each answer to ``deliver`` on the UI thread."""

    def __init__(self, screen: Screen[Any], deliver: Callable[[Request, LiveStats], None]) -> None:
        self.screen = screen
        self.deliver = deliver
        self.waiting: Request | None = None
        self.running: Request | None = None
        self.closed = False

    def want(self, game: Game) -> None:
        """The statistics of ``game``'s position now, unless they are known (or instant)."""
        if self.closed or game.finished or game.no_odds is not None or game.stats() is not None:
            return
        self.waiting = Request(game, game.live_positions, game.to_move, len(game.history))
        if self.running is None:
            self._start()

    def close(self) -> None:
        """No more answers are wanted: a running worker stops at its next progress report."""
        self.closed = True
        self.waiting = None

    def _start(self) -> None:
        request, self.waiting = self.waiting, None
        if request is None or self.closed:
            return
        self.running = request

        def stale() -> bool:
            waiting = self.waiting
            return self.closed or (waiting is not None and waiting.game is not request.game)

        def work() -> LiveStats:
            board = request.game.board
            stats = live_stats(board, request.positions, request.to_move, stop=stale)
            instant(board)  # decided here, off the UI thread, from the chain just built
            return stats

        start_worker(self.screen, work, name="live statistics", group=GROUP)

    def finished(self, worker: Worker[object]) -> bool:
        """Take a worker's end (from the screen's ``on_worker_state_changed``); ``False`` if it
        was not one of ours. An unexpected failure ends the feed (the app's error dialog says
        what failed): the game plays on without live statistics."""
        if worker.group != GROUP or worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return worker.group == GROUP
        request, self.running = self.running, None
        if worker.state is WorkerState.ERROR and not isinstance(worker.error, StopRequested):
            self.closed = True
            return True
        result = worker.result
        if isinstance(result, LiveStats) and request is not None and not self.closed:
            self.deliver(request, result)
        self._start()
        return True
