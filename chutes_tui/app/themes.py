"""Themes for every eye, chosen like Textual's own (ctrl+p, "theme") and remembered with them.

``colorblind-safe``: every colour the board tells something by -- ladders, chutes, the lit jump
and the players' tokens -- from the Okabe-Ito palette (M. Okabe and K. Ito, "Color Universal
Design (CUD): how to make figures and presentations that are friendly to colorblind people",
2008, https://jfly.uni-koeln.de/color/), which stays apart under protanopia, deuteranopia and
tritanopia. Ladders are sky blue and chutes vermillion (the blue-orange axis every form of red-
green colour blindness keeps); a seat's colour is shown as the Okabe-Ito colour its place in
:data:`~chutes_tui.model.players.COLORS` maps to. Okabe-Ito has eight colours: two are
the jumps', black is the board's, five are the first five seats'; seats 6-12 share hues with
seats 1-5 and are told apart by their token's shape (every token is a different glyph); the lit
jump is white. ``tests/app/test_themes.py`` simulates both colour blindnesses (Machado et al.
2009) and measures the distances.

``high-contrast``: white and pure colours on black, every text colour the app uses at least 7:1
against the backgrounds it is drawn on (WCAG 2.x, criterion 1.4.6, "Contrast (Enhanced)").
"""

from __future__ import annotations

from types import MappingProxyType

from rich.color import Color
from textual.app import App
from textual.theme import Theme

from chutes_tui.model.players import COLORS
from chutes_tui.render.palette import legible

# Okabe & Ito (2008), their table of the eight colours (sRGB).
OKABE_ITO = MappingProxyType(
    {
        "black": "#000000",
        "orange": "#E69F00",
        "sky blue": "#56B4E9",
        "bluish green": "#009E73",
        "yellow": "#F0E442",
        "blue": "#0072B2",
        "vermillion": "#D55E00",
        "reddish purple": "#CC79A7",
    }
)
# The five Okabe-Ito colours left for tokens (not the jumps' two, not black: the board is
# dark), most distinct first: under deuteranopia orange and yellow are the closest pair, so they
# sit three seats apart. The lit jump is white, a colour of its own.
SEAT_INKS = tuple(OKABE_ITO[hue] for hue in ("orange", "bluish green", "reddish purple", "yellow", "blue"))

COLORBLIND_SAFE = Theme(
    name="colorblind-safe",
    primary=OKABE_ITO["blue"],
    secondary=OKABE_ITO["sky blue"],
    accent=OKABE_ITO["yellow"],
    warning=OKABE_ITO["orange"],
    error=OKABE_ITO["vermillion"],
    success=OKABE_ITO["sky blue"],
    foreground="#F2F2F2",
    background="#000000",
    surface="#0C0C0C",
    panel="#1A1A1A",
    dark=True,
    variables={
        # The board's strokes in the palette's own colours (Textual would tint them).
        "text-success": OKABE_ITO["sky blue"],
        "text-error": OKABE_ITO["vermillion"],
        "text-accent": "#FFFFFF",
        "text-warning": OKABE_ITO["orange"],
    },
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    warning="#FFB000",
    error="#FF8080",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#161616",  # the board's other squares: still 7:1 under red text
    dark=True,
    variables={
        # Textual derives these by mixing with the background; here they are opaque and bright.
        "text-primary": "#FFFF00",
        "text-secondary": "#00FFFF",
        "text-accent": "#FFFF00",
        "text-warning": "#FFB000",
        "text-error": "#FF8080",
        "text-success": "#00FF00",
        "text-muted": "#E6E6E6",
        "foreground-muted": "#E6E6E6",
        "footer-background": "#000000",
        "footer-foreground": "#FFFFFF",
        "footer-key-foreground": "#FFFF00",
        "footer-key-background": "#000000",
        "footer-description-foreground": "#FFFFFF",
        "footer-description-background": "#000000",
        "footer-item-background": "#000000",
        "button-foreground": "#000000",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#FFFF00",
    },
)

THEMES = (COLORBLIND_SAFE, HIGH_CONTRAST)

# A seat's colour name -> how a theme shows it (themes not listed show the named colour).
_SEAT_COLORS: dict[str, dict[str, str]] = {
    COLORBLIND_SAFE.name: {name: SEAT_INKS[seat % len(SEAT_INKS)] for seat, name in enumerate(COLORS)},
}


def register_themes(app: App) -> None:
    for theme in THEMES:
        app.register_theme(theme)


def seat_colors(app: App) -> dict[str, str]:
    """Each seat colour name's colour on the current theme (empty: the names themselves)."""
    return _SEAT_COLORS.get(app.theme, {})


def seat_color(app: App, color: str) -> str:
    """A seat's colour as the current theme shows it."""
    return seat_colors(app).get(color, color)


def ink(app: App, color: str, background: str | Color | None) -> str:
    """A seat's (or any named) colour as this theme shows it, readable on ``background``
    (:func:`~chutes_tui.render.palette.legible`)."""
    return legible(seat_color(app, color), background, app.ansi_theme)
