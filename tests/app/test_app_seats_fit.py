"""Every control of a seat row is on screen at 60×20 and 80×24 (the outside check found the
colour cut to "re" and the ✕ off the edge at 60×20), and the row uses the form's width at 160×50."""

import pytest

from chutes_tui.app.app import ChutesApp
from chutes_tui.model.inputs import MAX_NAME_LENGTH
from chutes_tui.model.players import default_players
from tests.app.helpers import settle

CONTROLS = ("kind", "name", "token", "color", "remove")


@pytest.mark.parametrize("seats", [2, 12])
async def test_every_control_of_a_seat_row_is_inside_the_screen(seats):
    # One app at 60×20, then widened to 80×24 (an app started at 160×50 and narrowed takes the
    # other way below): a start of the setup screen for each size cost 0.6 CPU-s.
    app = ChutesApp(players=default_players(seats, humans=1))
    async with app.run_test(size=(60, 20)) as pilot:
        for size in ((60, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            form = pilot.app.screen.query_one("#setup")
            # Inside the form's scrolling window (its scroll bar aside), not only the terminal.
            window = form.scrollable_content_region
            for name in CONTROLS:
                region = pilot.app.screen.query_one(f"#{name}-0").region
                assert window.contains_region(region), (size, name, region, window)
            for name in ("kind", "token", "color"):  # each choice whole in its place, arrows and all
                cycle = pilot.app.screen.query_one(f"#{name}-0")
                shown = cycle.render()
                assert shown.cell_len <= cycle.region.width, (size, name, shown.plain, cycle.region)
                assert shown.plain.startswith("‹ ") and shown.plain.endswith(" ›")
            assert "■" in pilot.app.screen.query_one("#color-0").render().plain
            assert pilot.app.screen.query_one("#remove-0").region.width == 3, size
            assert pilot.app.screen.query_one("#name-0").region.width >= 12, size  # a name reads as typed


async def test_the_setup_form_uses_the_width_at_160x50():
    async with ChutesApp(players=default_players(2, humans=1)).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.query_one("#name-0").region.width == MAX_NAME_LENGTH + 1  # a longest name whole
        assert screen.query_one("#board-path").region.right > 28 + 104  # wider than the old form
        assert screen.query_one("#color-0").render().plain.rstrip(" ›").endswith("red")  # named


async def test_every_rule_field_is_whole_inside_the_form():
    async with ChutesApp(players=default_players(2, humans=1)).run_test(size=(160, 50)) as pilot:
        for size in ((160, 50), (120, 40), (80, 24), (60, 20)):  # one app, narrowed step by step
            await pilot.resize_terminal(*size)
            await settle(pilot)
            screen = pilot.app.screen
            window = screen.query_one("#setup").scrollable_content_region
            for field in screen.query("#rule-fields > *"):
                assert window.x <= field.region.x and field.region.right <= window.right, (
                    size,
                    field,
                    window,
                )


async def test_the_swatch_alone_steps_by_the_same_keys_at_60x20():
    async with ChutesApp(players=default_players(2, humans=1)).run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        await pilot.press("tab", "tab")  # from the name: the token, then the colour, as before
        colour = screen.query_one("#color-0")
        assert pilot.app.focused is colour
        before = colour.value
        await pilot.press("right")
        await settle(pilot)
        assert colour.value not in (before, screen.query_one("#color-1").value)
        assert colour.render().plain == "‹ ■ ›"
