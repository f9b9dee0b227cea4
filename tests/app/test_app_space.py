"""Issue 24, points 4 to 6: the board reads at 80×24, space is used at every size, and every
label is true and fits."""

import dataclasses
import re

from rich.text import Text

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.winner import swing_text
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game
from chutes_tui.engine.review import Review
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players, parse_player_spec
from chutes_tui.model.text import percent_shares
from tests.app.helpers import settle, wait_for
from tests.app.scenes import finished_game, mid_game, two_player_game

BRAILLE = re.compile("[\u2800-\u28ff]")
CURSOR = "◂"  # boardpaint.CURSOR


def board_lines(board) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


def start_line(board) -> str:
    return next(line for line in board_lines(board) if "start" in line)


async def test_no_braille_dot_touches_a_square_number_at_80x24():
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = board_lines(pilot.app.screen.board)
        touching = [
            line[max(0, m.start() - 1) : m.end() + 1]
            for line in lines
            for m in re.finditer(r"\d+", line)
            if BRAILLE.match(line[m.start() - 1 : m.start()]) or BRAILLE.match(line[m.end() : m.end() + 1])
        ]
        assert sum(bool(re.search(r"\d", line)) for line in lines) == 10  # every row's numbers
        assert touching == []


async def test_the_cursor_carries_a_glyph_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        board = pilot.app.screen.board
        board.set_cursor(28)
        await settle(pilot)
        assert sum(line.count(f"28{CURSOR}") for line in board_lines(board)) == 1
        board.set_cursor(0)
        await settle(pilot)
        assert any(f"start{CURSOR}" in line for line in board_lines(board))


async def test_the_board_fills_the_height_at_160x50():
    async with ChutesApp(game=mid_game()).run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        board = pilot.app.screen.board
        # the whole height: 10 rows share 47 lines (7 of 5, 3 of 4), then the start line
        assert board.grid.height == board.size.height == 48
        assert sorted(board.grid.row_height(row) for row in range(10)) == [4] * 3 + [5] * 7
        last = board_lines(board)[-1]
        assert "start" in last


async def test_the_odds_chart_has_more_than_three_rows_at_80x24_and_takes_spare_rows_at_160x50():
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        chart = pilot.app.screen.chart
        assert chart.size.height - 2 == 5  # lines of plot, between the legend and the axis
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert chart.size.height == 14
        assert pilot.app.screen.query_one(TurnLog).size.height >= 14


async def test_a_wrapped_log_line_continues_under_its_words():
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        log = pilot.app.screen.query_one(TurnLog)
        log.write(Text("●  11. Player 1 rolled 6: 22 → 28 ladder → 84 and on and on"))
        await settle(pilot)
        lines = [log.render_line(y).text.rstrip() for y in range(log.size.height)]
        first = next(i for i, line in enumerate(lines) if "11. Player 1" in line)
        assert lines[first + 1].startswith(" " * 7) and lines[first + 1].strip()


async def test_the_winner_dialog_fits_60x20_and_is_not_wider_than_its_content_at_160x50():
    for size, widest in (((60, 20), 60), ((160, 50), 76)):
        async with ChutesApp(game=finished_game()).run_test(size=size) as pilot:
            await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "WinnerScreen")
            await settle(pilot)
            dialog = pilot.app.screen.query_one("#winner-dialog")
            assert dialog.region.width <= widest
            for button in pilot.app.screen.query("Button"):
                assert button.region.right <= size[0] and button.region.width >= len(str(button.label))


async def test_the_help_is_wide_enough_for_its_notes_at_160x50():
    async with ChutesApp(game=two_player_game()).run_test(size=(160, 50)) as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        assert pilot.app.screen.query_one("#help-dialog").region.width == 88


async def test_a_hidden_odds_panel_says_how_to_show_it_at_60x20():
    async with ChutesApp(game=mid_game()).run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        hint = pilot.app.screen.query_one("#panel-hint")
        assert hint.display and hint.region.height == 1
        assert str(hint.render()) == "w: show the odds panel"
        await pilot.press("w")
        await settle(pilot)
        assert not hint.display or hint.region.height == 0


async def test_setup_with_twelve_seats_at_80x24_keeps_start_in_sight():
    async with ChutesApp(players=default_players(12, humans=2)).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = pilot.app.screen.query_one("#start")
        assert start.region.y > 0 and start.region.bottom <= 23  # above the footer
        form = pilot.app.screen.query_one("#setup")
        assert form.max_scroll_y > 0  # the seats scroll


def test_a_one_player_game_names_no_swing():
    game = Game.new(load_board("standard"), parse_player_spec("Ann"), seed=3)
    game.play_out()
    assert Review(game).swings() == [] and game.summary().biggest_swing is None
    assert swing_text(game).plain == "One player: the chance to win is 100% from the first turn to the last."


async def test_the_win_overlay_legend_is_whole_at_80x24():
    game = Game.new(load_board("standard"), default_players(2, humans=2), seed=11)
    for _ in range(8):
        game.roll()
    async with ChutesApp(game=game).run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "o", "o", "o")
        await settle(pilot)
        last = start_line(pilot.app.screen.board)
        assert "wins vs" in last and "…" not in last


async def test_the_chart_axis_counts_turns_when_odds_were_skipped():
    game = mid_game()
    for number in (3, 4, 5):  # a fast game records no odds for some turns
        game.history[number - 1] = dataclasses.replace(game.history[number - 1], odds=None)
    async with ChutesApp(game=game).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        chart = pilot.app.screen.chart
        assert len(chart.series[0]) == 12  # the start and 11 of 14 turns
        assert chart._lines[-1].plain.strip() == "turn 0 … 14"


async def test_the_inspector_labels_its_second_curve_with_its_scale():
    async with ChutesApp(game=two_player_game()).run_test(size=(160, 50)) as pilot:
        pilot.app.screen.board.set_cursor(28)
        await pilot.press("i")
        await settle(pilot)
        chart = pilot.app.screen.query_one("#inspect-chart")
        head = chart._lines[0].plain
        assert re.search(r"on (turn )?n\)?, top = \d+\.\d%", head), head


async def test_the_flow_at_its_end_agrees_with_its_legend():
    async with ChutesApp(game=two_player_game()).run_test(size=(80, 24)) as pilot:
        await pilot.press(*["o"] * 5, "end")
        await settle(pilot)
        screen = pilot.app.screen
        step = screen.stats.overlays.flow_step
        assert 0.999 < step.finished < 1
        bar = str(screen.query_one("#flowbar").render())
        assert "100%" not in bar and "99.99%" in bar
        legend = start_line(screen.board)
        assert not re.search(r"0\.0%\s*\S*\s*0\.0%", legend)
        assert max(step.standing.values()) > 0


async def test_the_chart_reads_out_its_values_at_the_review_cursor_and_under_the_mouse():
    async with ChutesApp(game=mid_game()).run_test(size=(120, 40)) as pilot:
        await pilot.press("v", "left", "left")
        await settle(pilot)
        screen = pilot.app.screen
        chart = screen.chart
        odds = screen.review.odds[12].win
        head = str(chart.render_line(0).text)
        assert head.startswith("turn 12") and list(percent_shares(odds)) == re.findall(r"\d+%", head)
        await pilot.hover(chart, offset=(chart.size.width - 1, 3))
        await settle(pilot)
        assert str(chart.render_line(0).text).startswith("turn 14")
