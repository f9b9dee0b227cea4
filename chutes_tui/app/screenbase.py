"""Screens styled once as they open: a screen's first resume restyles nothing, and a screen
with breakpoints has its breakpoint classes before its widgets are styled.

Textual sends a screen it pushes a ``ScreenResume`` asking it to restyle itself and every
widget under it, in the same turn in which they were composed and each styled as it was
mounted: the whole stylesheet matched against the whole tree again, to the same styles. On the
setup screen (a hundred widgets) that was a fifth of its start; on a game screen a tenth. A
screen's later resumes (back from a screen pushed over it) restyle as Textual decides, and a
change of theme restyles every screen on the stack at once (``App.refresh_css``), so skipping
the first one loses nothing.

Textual gives a screen its breakpoint classes (``HORIZONTAL_BREAKPOINTS``) on its first
``Resize``, after every widget was styled without them: the class change restyles the whole
tree again. :func:`start_at_breakpoints` gives them at once, so that ``Resize`` finds them set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.geometry import Size
from textual.screen import Screen

# Textual walks a class's *first* DOMNode base for its CSS and component classes, so a mixin is
# a plain class placed before the screen class (as a Screen subclass it would hide the screen's
# own styles). For the type checker it is a Screen.
if TYPE_CHECKING:
    ScreenMixin = Screen[Any]
else:
    ScreenMixin = object


class StyledOnce(ScreenMixin):
    """Mix into a screen (first): its first ``ScreenResume`` leaves the styles its widgets were
    given as they were mounted (Textual calls this handler before ``Screen``'s own)."""

    _resumed_once = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_once:
            self._resumed_once = True
            event.refresh_styles = False


def start_at_breakpoints(screen: Screen[Any], size: Size) -> None:
    """Give ``screen``, before it is mounted, the breakpoint classes Textual's ``Screen._on_resize``
    would give it at ``size`` (the app's): of its horizontal breakpoints, and of its vertical ones,
    the class of the largest not above the width (the height); the others' classes off."""
    app = screen.app
    horizontal = (
        app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS
    )
    vertical = (
        app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS
    )
    classes = {name: False for _, name in (horizontal or []) + (vertical or [])}
    for breakpoints, extent in ((horizontal or [], size.width), (vertical or [], size.height)):
        reached = [point for point in breakpoints if extent >= point[0]]
        if reached:
            classes[max(reached)[1]] = True
    screen.update_classes(classes, update=False)
