"""Colours that stay readable: a player's colour against the background it is drawn on.

The players' colours are fixed names (gold, dodger blue…) and the themes are many, light and
dark; a gold token on a light grey square, or any token under ``NO_COLOR`` (where every colour
becomes the grey of its brightness), can vanish into its square. :func:`legible` keeps the hue
but moves the colour towards black or white until its brightness differs from the
background's by :data:`MIN_DIFFERENCE` -- brightness measured as Textual's monochrome filter
measures it, so what is readable in colour stays readable in grey.
"""

from __future__ import annotations

from rich.color import Color
from rich.terminal_theme import TerminalTheme

RGB = tuple[int, int, int]
MIN_DIFFERENCE = 80  # of 255: a token reads in grey on every bundled theme


def brightness(rgb: RGB) -> float:
    """The grey Textual's monochrome filter turns this colour into (Rec. 709 weights)."""
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def rgb_of(color: str | Color, theme: TerminalTheme | None = None) -> RGB:
    """The colour's red, green and blue; the 16 standard colours as ``theme`` shows them (the
    front end's ANSI theme: "red" is not the same red everywhere)."""
    parsed = Color.parse(color) if isinstance(color, str) else color
    return tuple(parsed.get_truecolor(theme) if theme is not None else parsed.get_truecolor())  # type: ignore[return-value]


_cache: dict[tuple[str, RGB, int], str] = {}


def legible(color: str, background: str | Color | None, theme: TerminalTheme | None = None) -> str:
    """``color`` (a Rich colour name), or the nearest mix of it with black or white whose
    brightness differs from ``background``'s by at least :data:`MIN_DIFFERENCE`."""
    if background is None:
        return color
    behind_rgb = rgb_of(background, theme)
    key = (color, behind_rgb, id(theme))
    if key not in _cache:
        if len(_cache) > 4096:  # themes come and go; the cache must not grow without bound
            _cache.clear()
        _cache[key] = _moved(rgb_of(color, theme), behind_rgb) or color
    return _cache[key]


def _moved(rgb: RGB, background: RGB) -> str | None:
    """``rgb`` mixed with black or white in tenths until it stands out (``None``: it does)."""
    behind = brightness(background)
    if abs(brightness(rgb) - behind) >= MIN_DIFFERENCE:
        return None
    target = (0, 0, 0) if behind >= 128 else (255, 255, 255)
    mixed = rgb
    for step in range(1, 11):
        mixed = tuple(round(c + (t - c) * step / 10) for c, t in zip(rgb, target, strict=True))  # type: ignore[assignment]
        if abs(brightness(mixed) - behind) >= MIN_DIFFERENCE:
            break
    return "#{:02x}{:02x}{:02x}".format(*mixed)


def ink_on(color: str, theme: TerminalTheme | None = None) -> str:
    """Black or white: whichever reads better on ``color`` (a token's badge)."""
    return "black" if brightness(rgb_of(color, theme)) >= 128 else "white"
