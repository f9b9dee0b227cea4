"""Which of the game screen's keys work now, and what the footer calls them: the footer follows
the game's mode (watching, paused, over, an overlay or the inspector shown, the flow's slider).

The help dialog and the command palette still list every key; the footer shows only those that
do something now (:func:`footer_label`), the mode's own first (:func:`footer_first`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameMode:
    """What decides which keys work now (the footer is made again only when it changes)."""

    watch: bool  # every seat a computer
    paused: bool
    over: bool
    players: int
    overlay: bool  # an overlay chosen (not necessarily one the game offers now)
    inspecting: bool
    flowing: bool  # the flow overlay shown, with its slider
    flow_playing: bool

    @property
    def something_on_top(self) -> bool:
        """An overlay or the inspector shows: Esc takes it away."""
        return self.overlay or self.inspecting


def footer_label(mode: GameMode, action: str, words: str) -> str | None:
    """The footer's words for ``action`` in ``mode`` (``words``: its usual ones), ``None`` when
    it does nothing now."""
    name = action.partition("(")[0]
    over, watch, paused = mode.over, mode.watch, mode.paused
    if name == "roll":
        return None if watch or over else words
    if name == "pause":
        return None if over or not (watch or paused) else ("Resume" if paused else words)
    if name == "step":
        return words if paused and not over else None
    if name in ("faster", "slower"):
        return words if watch and not over else None
    if name == "exact":
        return words if mode.players == 2 and not over else None
    if name == "flow_play":
        if over:
            return None
        return ("Flow: pause" if mode.flow_playing else "Flow: play") if mode.flowing else words
    if name == "flow_turn":
        return words if mode.flowing and action in ("flow_turn(-1)", "flow_turn(1)") else None
    if name == "back":
        return words if mode.something_on_top else None
    return words


def footer_first(mode: GameMode) -> tuple[str, ...]:
    """The actions the footer puts first, in this order: the mode's own."""
    if mode.flowing:
        return ("flow_play", "flow_turn", "back")
    if mode.over:
        return ("rematch", "new_game", "review")
    if mode.something_on_top:
        return ("back",)  # the way out first
    return ()
