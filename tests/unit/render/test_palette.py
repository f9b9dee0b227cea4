"""Player colours stay readable on any background, also as the greys of NO_COLOR."""

import pytest
from rich.terminal_theme import MONOKAI

from chutes_tui.model.players import COLORS
from chutes_tui.render.palette import MIN_DIFFERENCE, brightness, ink_on, legible, rgb_of

BACKGROUNDS = [(12, 12, 12), (30, 30, 30), (58, 58, 58), (128, 128, 128), (224, 224, 224), (247, 247, 247)]


@pytest.mark.parametrize("background", BACKGROUNDS)
@pytest.mark.parametrize("color", COLORS)
def test_every_player_colour_stands_out_from_every_background(color, background):
    hex_background = "#{:02x}{:02x}{:02x}".format(*background)
    shown = legible(color, hex_background, MONOKAI)
    gap = abs(brightness(rgb_of(shown, MONOKAI)) - brightness(background))
    # A mid grey cannot be escaped by MIN_DIFFERENCE both ways: then as far as black or white goes.
    assert gap >= MIN_DIFFERENCE or gap >= min(brightness(background), 255 - brightness(background)) - 1


def test_a_colour_that_already_stands_out_is_kept_by_name():
    assert legible("gold1", "#1e1e1e") == "gold1"
    assert legible("gold1", None) == "gold1"
    assert legible("gold1", "#e0e0e0") != "gold1"  # gold on light grey is moved towards black


def test_standard_colours_are_measured_as_the_front_end_shows_them():
    # "red" is (244, 0, 95) in Textual's dark ANSI theme, not Rich's default (128, 0, 0).
    assert rgb_of("red", MONOKAI) == (244, 0, 95)


def test_badge_ink_is_black_on_light_and_white_on_dark():
    assert ink_on("gold1") == "black" and ink_on("dodger_blue1") == "white"
