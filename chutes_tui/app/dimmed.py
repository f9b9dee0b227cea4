"""The screen under a dialog, dimmed as Textual dims it, for a fraction of the work.

Textual draws a dialog's translucent background (``ModalScreen``: ``$background 60%``) as a Rich
renderable (``BackgroundScreen``): the whole screen beneath rendered to lines, the lines joined
into one stream of segments, every segment's colours blended with the tint (four colour
conversions, two blends and two styles made for each of a game screen's ~2,000 segments), the
stream styled with the dialog's base style and cut back into lines by Rich. A dialog does it on
every repaint, and it repaints whenever anything beneath changes (a game pausing as the dialog
opens, say): a third of a dialog's opening.

Here the lines beneath are tinted line by line, straight into the dialog's lines, and each
(style, tint) pair is blended once, by Textual's own ``BackgroundScreen.process_segments``, then
looked up: the same segments with the same styles, so the picture is Textual's to the pixel.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

# (style, tint) -> the tinted style: a few dozen a theme; emptied when a long session's themes
# and screens have made this many.
MAX_TINTED = 4096
_tinted: dict[tuple[RichStyle | None, Color], RichStyle | None] = {}


def tinted(style: RichStyle | None, color: Color) -> RichStyle | None:
    """``style`` blended with ``color`` as Textual blends the screen under a dialog."""
    key = (style, color)
    if key not in _tinted:
        if len(_tinted) >= MAX_TINTED:
            _tinted.clear()
        _tinted[key] = next(iter(BackgroundScreen.process_segments([Segment(" ", style)], color))).style
    return _tinted[key]


class DimmedScreen(Visual):
    """``screen`` (the one beneath a dialog) tinted with ``color``: what Textual's
    ``BackgroundScreen`` shows, through its ``RichVisual``, line for line (see the module)."""

    def __init__(self, screen: Screen[object], color: Color) -> None:
        self.screen = screen
        self.color = color

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        color = self.color
        base = style.rich_style  # the dialog's own style under every segment, as RichVisual gives it
        lines = []
        for strip in self.screen._compositor.render_strips()[:height]:
            if strip.cell_length > width:
                strip = strip.crop(0, width)
            segments = []
            for text, segment_style, control in strip:
                if control:  # as Textual passes it (and Rich styles it, dropping the control)
                    segments.append(
                        Segment(text, base + segment_style, None)
                        if base
                        else Segment(text, segment_style, control)
                    )
                    continue
                dim = tinted(segment_style, color)
                segments.append(Segment(text, base + dim if base else dim))
            lines.append(Strip(segments, strip.cell_length))
        return lines

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen._compositor.size.height
