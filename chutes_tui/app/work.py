"""What leaving the app would lose.

Every screen that can hold work (the editor's edits, a game with moves since its last save)
says what closing it would lose (:class:`HoldsWork`); :func:`unsaved_work` asks every screen on
every stack the app has, not only the one on top, so that quitting from a dialog, a review or
an editor opened over a game still names the game under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from textual.app import App


@runtime_checkable
class HoldsWork(Protocol):
    """A screen that can hold work a person would not want to lose."""

    def unsaved_work(self) -> list[str]:
        """What closing this screen would lose, each in a few words ("the board edits in the
        editor"); empty when nothing would be lost."""
        ...


def unsaved_work(app: App) -> list[str]:
    """What quitting would lose: every screen of every mode (Textual keeps a stack per mode;
    ``App.screen_stack`` is only the current one's), the one on top first."""
    return [
        what
        for stack in app._screen_stacks.values()
        for screen in reversed(stack)
        if isinstance(screen, HoldsWork)
        for what in screen.unsaved_work()
    ]


def listed(parts: Sequence[str]) -> str:
    """``a``; ``a, and b``; ``a, b, and c`` (the comma keeps a part's own brackets apart)."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]


def losing(question: str, lost: Sequence[str]) -> str:
    """``question`` followed by what the answer Yes would lose."""
    return f"{question} Unsaved: {listed(lost)}."
