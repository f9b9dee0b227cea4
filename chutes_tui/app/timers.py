"""Timers for the turn controller that always fire.

Textual 8.2's one-shot ``set_timer`` reads the clock twice at its start; if more than its delay
passes between the reads (the thread preempted, the GIL held by Textual's writer thread) it ends
without ever calling back. With a 1 ms delay at max speed that stopped play for good, four times
in 12 minutes of ``watch --speed max --loop``. A repeating timer only skips ahead to its next
tick, so it always fires: :meth:`TextualScheduler.after` uses one and stops it on its first
tick (a second, back-to-back tick is ignored).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer


class TextualScheduler:
    """:class:`~chutes_tui.app.controller.Scheduler` on a widget's (or screen's) timers."""

    def __init__(self, owner: MessagePump) -> None:
        self.owner = owner

    def after(self, delay: float, callback: Callable[[], None]) -> Timer:
        fired = False

        def fire() -> None:
            nonlocal fired
            timer.stop()
            if not fired:
                fired = True
                self.owner.call_next(callback)

        timer = self.owner.set_interval(delay, fire)
        return timer

    def every(self, interval: float, callback: Callable[[], None]) -> Timer:
        return self.owner.set_interval(interval, callback)
