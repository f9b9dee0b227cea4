"""The game screen's flow overlay: ``<``/``>`` move the turn ``n`` the board shows, ``a``
plays it forward (and pauses), the slider under the board says where ``n`` is and how much has
finished by then.

A mixin for :class:`~chutes_tui.app.screens.game.GameScreen`; the numbers come from
:class:`~chutes_tui.analysis.flow.Flow` through the screen's :class:`OverlayCycle`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.timer import Timer

from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.app.overlays import OverlayCycle
from chutes_tui.app.widgets.flowbar import FlowBar

if TYPE_CHECKING:
    from chutes_tui.app.widgets.board import BoardView
    from chutes_tui.engine.game import Game

    _Base = Screen[None]
else:
    _Base = object

FLOW_FRAME = 0.35  # seconds a turn is shown while the flow plays


class GameFlow(_Base):
    """Mix in before ``Screen``."""

    overlays: OverlayCycle
    _flow_timer: Timer | None = None

    if TYPE_CHECKING:  # the game screen's own

        @property
        def game(self) -> Game: ...
        @property
        def board(self) -> BoardView: ...
        def _show_overlay(self) -> None: ...
        def _too_large_for_statistics(self, *, series: bool = False) -> bool: ...
        def follow_mode(self) -> None: ...

    @property
    def flowing(self) -> bool:
        return self.overlays.kind(self.game) is OverlayKind.FLOW

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # < > Home End choose the flow's turn only while it shows (the arrows stay the cursor's).
        if action == "flow_turn":
            return self.flowing
        return super().check_action(action, parameters)

    def action_flow_turn(self, step: int) -> None:
        self._stop_flow()
        # Past either end (Home, End): the overlay keeps n between 0 and the slider's last turn.
        self.overlays.flow_turns += step
        self._show_overlay()

    def action_flow_play(self) -> None:
        """Show the flow (from any overlay), and play it forward or pause it."""
        if not self.flowing:
            if self._too_large_for_statistics():
                return
            if not self.overlays.show_flow(self.game):
                self.notify("The game is over: no one is to move, so there is no flow to show.", timeout=4)
                return
            self._show_overlay()
        if self._flow_timer is not None:
            self._stop_flow()
            self._show_flow_bar()
            return
        if self.overlays.flow_turns >= self.overlays.flow_last:
            self.overlays.flow_turns = 0  # from the start again
        self._flow_timer = self.set_interval(FLOW_FRAME, self._next_flow_frame)
        self._show_overlay()

    def _next_flow_frame(self) -> None:
        if not self.flowing or self.overlays.flow_turns >= self.overlays.flow_last:
            self._stop_flow()
            self._show_flow_bar()
            return
        self.overlays.flow_turns += 1
        self._show_overlay()

    def _stop_flow(self) -> None:
        if self._flow_timer is not None:
            self._flow_timer.stop()
            self._flow_timer = None

    def _show_flow_bar(self) -> None:
        """After every overlay change: the slider shows while the flow overlay is on."""
        step = self.overlays.flow_step
        self.set_class(step is not None, "flowing")
        if step is None:
            self._stop_flow()
        else:
            self.query_one(FlowBar).show(step, self.overlays.flow_last, self._flow_timer is not None)
        self.follow_mode()  # the footer: the flow's keys, and whether a plays or pauses it
