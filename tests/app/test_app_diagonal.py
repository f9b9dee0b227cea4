"""The diagonal picture (d): the bounds shown are the report's, they bracket the exact fraction
the screen works out, and they close in on it as the turns counted grow."""

from __future__ import annotations

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.diagonal import DiagonalScreen, HeatMap
from chutes_tui.exact.two_player import exact_two_player
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for


def _text(renderable) -> str:
    from rich.console import Console

    console = Console(width=60, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


async def test_the_bounds_close_in_on_the_exact_fraction():
    standard = load_board("standard")
    exact = float(exact_two_player(standard).first_player)
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        screen = app.screen
        assert isinstance(screen, DiagonalScreen) and screen.turns == 7
        await wait_for(pilot, lambda: screen.exact is not None)
        gaps = []
        # Turns 9, 19, 99 and the last (each key a heat map drawn at 120×40: few keys, far apart).
        for keys in (["right"] * 2, ["pagedown"], ["pagedown"] * 8, ["end"]):
            await pilot.press(*keys)
            low, high = screen.report.bounds(screen.turns)
            assert low <= exact <= high
            gaps.append(high - low)
            shown = _text(screen.bounds_text())
            assert f"{100 * low:.13f} %" in shown and f"{100 * high:.13f} %" in shown
        assert gaps == sorted(gaps, reverse=True) and gaps[-1] < 1e-9
        assert "0.507802773460913977873" in shown and "4,453 digits over 4,453 digits" in shown
        assert screen.turns == screen.report.last
        await pilot.press("home", "pagedown", "right", "right")  # turns 7..19: thirteen ◆, the rest ◇
        heatmap = str(screen.query_one(HeatMap).render())
        assert screen.turns == 19 and heatmap.count("◆") == 13 + 1  # and one in the legend
        await pilot.press("escape")
        assert not isinstance(app.screen, DiagonalScreen)


async def test_not_under_the_bump_rule():
    board = load_board("standard").replace(bump=True)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("d")
        await settle(pilot)
        assert not isinstance(app.screen, DiagonalScreen)


async def test_the_exact_value_is_in_sight_at_60x20():
    """At 60x20 the panel beside the heat map holds 17 lines: the exact value came after the
    table of milestones, below them."""
    from rich.console import Console

    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("d")
        screen = app.screen
        assert isinstance(screen, DiagonalScreen)
        await wait_for(pilot, lambda: screen.exact is not None)
        await settle(pilot)
        bounds = screen.query_one("#bounds")
        console = Console(width=bounds.content_region.width)
        lines = [
            "".join(s.text for s in line) for line in console.render_lines(screen.bounds_text(), pad=False)
        ]
        seen = lines[: bounds.content_region.height]
        assert any("0.507802773460913977873" in line for line in seen), "\n".join(seen)
