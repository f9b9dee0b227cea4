"""Issue 24's tour, findings 4 to 7: the board fits beside its panel at 60×20, reads without
colour (jump marks, checkboxes), and zooming keeps in view what is looked at, never leaving
stray dots or empty lines."""

import re

from textual.widgets import Checkbox

from chutes_tui.app.app import ChutesApp
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for
from tests.app.scenes import mid_game, two_player_game

BRAILLE = re.compile("[\u2800-\u28ff]")
UP, DOWN = "↑", "↓"  # boardpaint.JUMP_MARKS: after a ladder's tail, a chute's


def board_lines(board) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


def assert_whole_board_shows(board) -> None:
    """Every column and the start line on screen: no horizontal scrolling, no line scrolled off."""
    assert not board.show_horizontal_scrollbar
    assert board.grid.width <= board.scrollable_content_region.width
    assert board.grid.height <= board.scrollable_content_region.height
    assert board.region.right <= board.screen.size.width
    lines = board_lines(board)
    assert any(line.strip().startswith("start") for line in lines)
    numbers = {int(n) for line in lines for n in re.findall(r"\d+", line)}
    assert set(range(1, 101)) <= numbers


async def test_the_editors_board_fits_beside_its_panel_at_60x20():
    async with ChutesApp(game=two_player_game()).run_test(size=(60, 20)) as pilot:
        await pilot.press("e")
        await settle(pilot)
        assert_whole_board_shows(pilot.app.screen.view)
        assert pilot.app.screen.query_one("#side").region.width >= 18


async def test_the_games_board_fits_beside_the_side_panel_at_60x20():
    async with ChutesApp(game=mid_game()).run_test(size=(60, 20)) as pilot:
        await pilot.press("w")  # 60 columns open with the board alone; w shows the panel
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.query_one("#side").region.width >= 18
        assert_whole_board_shows(screen.board)
        table = screen.players_table
        assert "win" in [column.key for column in table.columns()]  # what the panel is for
        assert sum(c.width for c in table.columns()) + len(table.columns()) - 1 <= table.size.width


async def test_ladders_and_chutes_differ_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = "\n".join(board_lines(pilot.app.screen.board))
        up, down = UP, DOWN
        board = load_board("standard")
        # 80↑ 28↑ … and 98↓ 87↓ …: every tail carries its kind after its number
        assert {int(n) for n in re.findall(rf"(\d+){up}", text)} == {t for t, _ in board.ladders}
        assert {int(n) for n in re.findall(rf"(\d+){down}", text)} == {t for t, _ in board.chutes}
        await pilot.press("question_mark")
        await settle(pilot)
        help_text = " ".join(str(s.render()) for s in pilot.app.screen.query("Static"))
        assert f"followed by {up} starts a ladder" in help_text
        assert "underlined" in help_text


async def test_rules_checkboxes_read_checked_or_not_without_colour(monkeypatch):
    """The editor's rules dialog ticks its on/off rules (the setup offers them as choices)."""
    monkeypatch.setenv("NO_COLOR", "1")
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=1)
    async with ChutesApp(game=game).run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "EditorScreen")
        await pilot.press("l")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "RulesScreen")
        await settle(pilot)
        box = pilot.app.screen.query_one("#rules-bump", Checkbox)
        assert not box.value and "✓" not in str(box.render()) and "X" not in str(box.render())
        box.value = True
        await settle(pilot)
        assert "✓" in str(box.render())


async def test_zooming_in_keeps_the_player_to_move_in_view():
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=3)
    async with ChutesApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = pilot.app.screen.board
        for key in ("w", "right_square_bracket", "right_square_bracket", "right_square_bracket"):
            await pilot.press(key)
            await settle(pilot)
        assert board.zoom == 3 and board.grid.height > board.size.height  # it scrolls now
        top = board.scroll_offset.y
        assert top <= board.grid.grid_height < top + board.scrollable_content_region.height  # start
        board.set_cursor(100)
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert board.scroll_offset.y == 0  # square 100's row, the top one


async def test_zooming_out_of_a_board_in_full_view_changes_nothing():
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = pilot.app.screen.board
        before = board_lines(board)
        await pilot.press("left_square_bracket")
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert board.zoom == 0 and board_lines(board) == before
        assert any("whole board" in str(n.message) for n in pilot.app._notifications)


async def test_one_line_rows_draw_every_jump_or_none():
    """A board whose rows are one line each (40 rows in 22 lines): no jump drawn, not even the
    dots there was room for after each one-digit number on the bottom row; the tails' marks
    still show where the jumps are."""
    board = random_board(3, squares=400, ladders=30, chutes=30)
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=3)
    async with ChutesApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = pilot.app.screen.board
        assert view.grid.grid_height == view.grid.rows
        lines = board_lines(view)
        assert not any(BRAILLE.search(line) for line in lines)
        assert re.search(r"\b1 +2 +3 +4 +5 +6 +7 +8. +9 +10\b", lines[-2])


async def test_the_win_chart_names_its_lines_by_token_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with ChutesApp(game=mid_game()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        chart = pilot.app.screen.chart
        plot = [chart.render_line(y).text for y in range(1, chart.size.height - 1)]  # not the legend
        # at each line's last point, side by side where they meet (highest first)
        ends = "".join(m.group() for line in plot if (m := re.search("[●▲■]+$", line.rstrip())))
        assert sorted(ends) == sorted("●▲■")  # Ann, Bob, Cy


async def test_the_overlays_scale_ends_on_a_narrow_board():
    """The editor's turns-left overlay on tiny-10 at 60×20: the scale's high end shows (a label
    held to at least 8 cells pushed it off: "turns l…: 0.0 ▇▇▇…")."""
    async with ChutesApp(board=load_board("tiny-10"), edit=True).run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        view = pilot.app.screen.view
        overlay = view.overlay
        assert overlay is not None
        start = next(line for line in board_lines(view) if line.strip().startswith("start"))
        assert start.rstrip().endswith(overlay.fmt.format(overlay.high)), start
        assert overlay.fmt.format(overlay.low) in start
