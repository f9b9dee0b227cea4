"""Themes for every eye (issue 24, point 7): a colour-blind-safe theme whose board colours stay
apart under simulated protanopia and deuteranopia, a high-contrast theme whose text meets WCAG's
enhanced contrast, both chosen in the theme palette and remembered like any other theme."""

import itertools

import numpy as np
import pytest
from textual.color import Color

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.widgets.board import BoardView
from chutes_tui.io.settings import load_settings
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle

# -- colour science -------------------------------------------------------------------------------

# Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of color
# vision deficiency", IEEE TVCG 15(6), table of matrices at severity 1.0 (full dichromacy),
# applied to linear sRGB.
PROTANOPIA = np.array(
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
)
DEUTERANOPIA = np.array(
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
)
VISIONS = {"normal": np.eye(3), "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
# Two colours are told apart at a glance when their CIE76 distance ΔE*ab is at least 15 (a
# just-noticeable difference is about 2.3; 15 is over six of them).
MIN_DELTA_E = 15.0
# WCAG 2.x success criterion 1.4.6, Contrast (Enhanced): 7:1 for text.
MIN_CONTRAST = 7.0
SRGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
)
D65 = np.array([0.95047, 1.0, 1.08883])


def linear(rgb):
    c = np.asarray(rgb, dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(rgb, vision=VISIONS["normal"]):
    """CIELAB (D65) of ``rgb`` as a viewer with ``vision`` sees it."""
    xyz = SRGB_TO_XYZ @ np.clip(vision @ linear(rgb), 0, 1) / D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(a, b, vision):
    return float(np.linalg.norm(lab(a, vision) - lab(b, vision)))


def contrast(a, b):
    """WCAG's contrast ratio (L1 + 0.05) / (L2 + 0.05) of relative luminances."""
    la, lb = (float(np.array([0.2126, 0.7152, 0.0722]) @ linear(c)) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_the_colour_science_matches_published_figures():
    """White on black is 21:1 (WCAG's maximum); #767676 on white is WCAG's 4.54:1 example; a
    dichromat's simulation leaves greys alone, and turns red and green into near neighbours."""
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast((0x76, 0x76, 0x76), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    for vision in (PROTANOPIA, DEUTERANOPIA):
        assert delta_e((128, 128, 128), (128, 128, 128), vision) == 0
        assert np.allclose(vision @ np.ones(3), 1, atol=1e-3)  # white stays white
    red, green = (220, 50, 50), (100, 140, 40)  # far apart, and a deuteranope's confusion pair
    assert delta_e(red, green, np.eye(3)) > 90 and delta_e(red, green, DEUTERANOPIA) < 5


# -- what the board shows -------------------------------------------------------------------------


def rgb(color):
    return tuple(color.get_truecolor()) if hasattr(color, "get_truecolor") else Color.parse(color).rgb


async def board_colours(app, pilot, theme):
    """The board's key colours as painted on ``theme``: ladder, chute and lit-jump strokes,
    each seat's token (as drawn on its square), and the two cell backgrounds."""
    app.theme = theme
    await settle(pilot)
    board = app.screen.query_one(BoardView)
    colors = board._colors()
    for seat, square in zip(range(len(board.players)), (3, 4, 5, 6, 7), strict=False):  # both shades
        board.place(seat, square)
    await settle(pilot)
    tokens = {}
    for y in range(board.size.height):
        for segment in board.render_line(y):
            for seat, spec in enumerate(board.players):
                if segment.text.strip() == spec.token and segment.style and segment.style.color:
                    tokens.setdefault(seat, set()).add(rgb(segment.style.color))
    keys = {
        "ladder": rgb(colors["ladder"]),
        "chute": rgb(colors["chute"]),
        "lit jump": rgb(colors["highlight"]),
    }
    return keys, tokens, [rgb(colors["cell"]), rgb(colors["cell_alt"])]


FIVE = "Ann,Bob,Cy,Di,Ed"


def too_close(keys, tokens, cells):
    """The pairs of board colours closer than :data:`MIN_DELTA_E` for some vision: the jumps'
    and the lit jump's strokes, the seats' tokens, the jumps against the tokens, and each of
    them against the squares."""
    assert sorted(tokens) == [0, 1, 2, 3, 4]
    # A token shown in one colour on either shade of square (legible() kept its hue).
    inks = {f"seat {seat + 1}": next(iter(shades)) for seat, shades in tokens.items() if len(shades) == 1}
    assert len(inks) == 5, tokens
    colours = {**keys, **inks}
    pairs = [*itertools.combinations(keys, 2), *itertools.combinations(inks, 2)]
    pairs += [(key, seat) for key in ("ladder", "chute") for seat in inks]
    distances = {}
    for vision_name, vision in VISIONS.items():
        for a, b in pairs:
            distances[vision_name, a, b] = delta_e(colours[a], colours[b], vision)
        for name, colour in colours.items():
            distances[vision_name, name, "square"] = min(delta_e(colour, cell, vision) for cell in cells)
    assert len(distances) == 3 * (3 + 10 + 10 + 8)
    return {k: round(v, 1) for k, v in distances.items() if v < MIN_DELTA_E}


async def test_colorblind_safe_board_colours_stay_apart_for_protanopes_and_deuteranopes(standard):
    app = ChutesApp(board=standard, players=parse_player_spec(FIVE), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert too_close(*await board_colours(app, pilot, "colorblind-safe")) == {}
        # What the theme fixes: on Textual's default dark theme some tokens and strokes merge
        # for a protanope or a deuteranope.
        default = too_close(*await board_colours(app, pilot, "textual-dark"))
    assert {vision for vision, _, _ in default} >= {"protanopia", "deuteranopia"}, default


def over(color, background):
    """``color`` (with its alpha) drawn over an opaque ``background``, as RGB; ``auto N%`` is
    Textual's text colour chosen for the background, at N% (as its CSS resolves it)."""
    if color.startswith("auto"):
        share = float(color.split()[1].rstrip("%")) / 100 if " " in color else 1.0
        parsed = background.get_contrast_text(share)
    else:
        parsed = Color.parse(color)
    return background.blend(parsed.with_alpha(1), parsed.a).rgb if parsed.a < 1 else parsed.rgb


TEXTS = (
    "foreground",
    "text-muted",
    "text-primary",
    "text-secondary",
    "text-accent",
    "text-warning",
    "text-error",
    "text-success",
)


async def low_contrast(app, pilot, theme):
    """The text colours below :data:`MIN_CONTRAST` on ``theme``: every text colour on the
    backgrounds text is drawn on (the screen, surfaces, panels), the footer's keys and words on
    the footer, and the board's numbers and strokes on both shades of square."""
    keys, _, cells = await board_colours(app, pilot, theme)
    variables = app.get_css_variables()
    number = rgb(app.screen.query_one(BoardView)._colors()["number"])
    ratios = {}
    for back in ("background", "surface", "panel"):
        behind = Color.parse(variables[back])
        for text in TEXTS:
            ratios[text, back] = contrast(over(variables[text], behind), behind.rgb)
    footer = Color.parse(variables["footer-background"])
    for text in ("footer-key-foreground", "footer-description-foreground"):
        ratios[text, "footer-background"] = contrast(over(variables[text], footer), footer.rgb)
    for name, colour in {**keys, "square number": number}.items():
        for cell in cells:
            ratios[name, f"square {cell}"] = contrast(colour, cell)
    assert len(ratios) == 3 * len(TEXTS) + 2 + 4 * 2
    return {k: round(v, 2) for k, v in ratios.items() if v < MIN_CONTRAST}


async def test_high_contrast_text_meets_wcag_enhanced_contrast(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await low_contrast(app, pilot, "high-contrast") == {}
        # Textual's default dark theme does not meet it (its muted text on a panel, for one).
        assert len(await low_contrast(app, pilot, "textual-dark")) >= 3


@pytest.mark.parametrize("theme", ["colorblind-safe", "high-contrast"])
async def test_the_new_themes_are_chosen_in_the_palette_and_remembered(standard, theme):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        app.search_themes()
        await settle(pilot)
        await pilot.press(*theme)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.theme == theme
    assert load_settings().theme == theme
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.theme == theme
