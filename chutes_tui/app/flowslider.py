"""The flow overlay's slider: ``<``/``>`` move the turn ``n`` the board shows, ``a`` plays it
forward a frame every :data:`FLOW_FRAME` seconds (and pauses it), and the slider under the board
says where ``n`` is and how much has finished by then -- testable without a screen.

The numbers come from :class:`~chutes_tui.analysis.flow.Flow` through the
:class:`~chutes_tui.app.overlays.OverlayCycle` the slider shares with the statistics presenter
(:mod:`chutes_tui.app.statistics`), which redraws the board and calls :meth:`FlowSlider.show_bar`
after every overlay change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.app.controller import Cancel, Scheduler
from chutes_tui.app.overlays import OverlayCycle
from chutes_tui.engine.game import Game

if TYPE_CHECKING:
    from chutes_tui.analysis.flow import FlowStep  # made by the overlays, when the flow is shown

FLOW_FRAME = 0.35  # seconds a turn is shown while the flow plays


class FlowView(Protocol):
    def show_flow_bar(self, step: FlowStep | None, last: int, playing: bool) -> None:
        """The slider under the board at ``step`` of ``last`` turns (``None``: no slider), and
        the footer's flow keys (whether ``a`` plays or pauses)."""


class FlowSlider:
    """The flow's ``n`` and its playing; ``game()`` is the game shown, ``redraw()`` shows the
    overlay chosen again (and then this slider's bar)."""

    def __init__(
        self,
        overlays: OverlayCycle,
        view: FlowView,
        scheduler: Scheduler,
        game: Callable[[], Game],
        redraw: Callable[[], None],
    ) -> None:
        self.overlays = overlays
        self.view = view
        self.scheduler = scheduler
        self.game = game
        self.redraw = redraw
        self._timer: Cancel | None = None

    @property
    def flowing(self) -> bool:
        """The flow overlay is shown (its keys work)."""
        return self.overlays.kind(self.game()) is OverlayKind.FLOW

    @property
    def playing(self) -> bool:
        return self._timer is not None

    def move(self, step: int) -> None:
        """``n`` moved by ``step`` turns (and the playing stopped). Past either end (Home, End):
        the overlay keeps ``n`` between 0 and the slider's last turn."""
        self.stop()
        self.overlays.flow_turns += step
        self.redraw()

    def play_or_pause(self) -> None:
        """The flow shown plays forward (from the start again when it is at its end), or pauses."""
        if self.playing:
            self.stop()
            self.show_bar()
            return
        if self.overlays.flow_turns >= self.overlays.flow_last:
            self.overlays.flow_turns = 0
        self._timer = self.scheduler.every(FLOW_FRAME, self._next_frame)
        self.redraw()

    def _next_frame(self) -> None:
        if not self.flowing or self.overlays.flow_turns >= self.overlays.flow_last:
            self.stop()
            self.show_bar()
            return
        self.overlays.flow_turns += 1
        self.redraw()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def show_bar(self) -> None:
        """After every overlay change: the slider shows while the flow overlay is on (and stops
        playing when it goes)."""
        step = self.overlays.flow_step
        if step is None:
            self.stop()
        self.view.show_flow_bar(step, self.overlays.flow_last, self.playing)
