"""Lines and panels at 80×24 (issue 24's tour): nothing cut or wrapped inside an item, the roll
button in sight with 12 players, words that agree."""

from dataclasses import replace

from rich.console import Console
from textual.widgets import Button, Input, Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.dialogs.save_as import SaveScreen
from chutes_tui.app.widgets.flowbar import FlowBar
from chutes_tui.app.widgets.status import StatusPanel
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.model.players import PlayerSpec, default_players
from tests.app.helpers import settle, wait_for

SEED = 6924191965929629756  # the tour's first game


def shown_lines(widget, content) -> list[str]:
    """``content`` as the widget draws it at its width."""
    console = Console(width=widget.content_region.width)
    return [
        "".join(segment.text for segment in line).rstrip()
        for line in console.render_lines(content, console.options, pad=False)
    ]


async def test_twelve_players_at_80_by_24_keep_the_roll_button_and_the_log_in_sight(standard):
    players = [*default_players(12)]
    app = ChutesApp(board=standard, players=players, seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        side, roll, log = (
            screen.query_one("#side"),
            screen.query_one("#roll", Button),
            screen.query_one(TurnLog),
        )
        assert roll.display and roll.region.height == 3
        assert side.region.contains_region(roll.region)  # was below the screen's last line
        assert log.region.height >= 2 and side.region.contains_region(log.region)
        assert not screen.query_one("#chart").display  # the chart gave way


async def test_log_lines_break_between_items_and_the_seed_keeps_its_label(standard):
    players = [
        PlayerSpec(f"Player {n}", spec.token, spec.color, human=False)
        for n, spec in enumerate(default_players(2), 1)
    ]
    app = ChutesApp(board=standard, players=players, seed=SEED, watch=True, speed=len(SPEEDS) - 1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        log = screen.query_one(TurnLog)
        await settle(pilot)
        header = [strip.text.rstrip() for strip in log._wrapped]
        assert any(line.strip().startswith(f"seed {SEED}") for line in header), header  # never a bare seed
        await wait_for(pilot, lambda: screen.game.winner is not None, timeout=30)
        wrapped = [strip.text.rstrip() for strip in log._wrapped]
        assert len(wrapped) > len(log.entries)  # some lines wrapped at this width
        for line in wrapped:
            assert not line.endswith("→") and not line.lstrip().startswith("→"), line
            assert not line.strip().isdigit(), line
            assert not line.endswith(("rolled", ":")) or line.endswith("rolled " + line.split()[-1]), line


async def test_the_inspector_breaks_finish_within_between_items(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("i")
        screen.board.set_cursor(28)
        await settle(pilot)
        text = screen.query_one("#inspect-text", Static)
        lines = shown_lines(text, text.content)
        within = next(k for k, line in enumerate(lines) if line.startswith("Finish within"))
        assert lines[within] == "Finish within 10/20/50:"  # not "…: 7%" / "32% 79%"
        assert len(lines[within + 1].split("%")) == 4  # the three figures together


async def test_the_save_box_shows_the_end_of_a_long_path(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveScreen))
        await settle(pilot)
        box = app.screen.query_one("#save-path", Input)
        assert len(box.value) > box.content_region.width  # a long path: only part of it shows
        assert box.render_line(0).text.rstrip().endswith(".json")


async def test_the_flow_bar_says_after_1_turn(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("a", "a", "home", "greater_than_sign")
        await settle(pilot)
        bar = str(app.screen.query_one(FlowBar).render())
        assert "after 1 turn " in bar and "1 turns" not in bar


async def test_the_status_numbers_turns_as_the_log_and_review_do(standard):
    app = ChutesApp(board=standard, players=default_players(2), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        status = screen.query_one(StatusPanel)
        # Nothing played yet (waited for: under load the first paint of the status may lag).
        await wait_for(pilot, lambda: str(status.render()).startswith("Turn 1: "))
        names = [player.spec.name for player in screen.game.players]
        assert any(str(status.render()).startswith(f"Turn 1: {name} to move") for name in names)
        await pilot.press("space")
        await wait_for(pilot, lambda: len(screen.game.history) >= 2)  # the computer answers
        await settle(pilot)
        played = len(screen.game.history)
        await pilot.press("v")
        await settle(pilot)
        review = app.screen
        bar = str(review.query_one("#review-bar", Static).render())
        assert bar.startswith(f"Review turn {played} of {played}")
        mover = review.review.names[review.review.moments[played].to_move]
        assert str(review.query_one(StatusPanel).render()).startswith(f"Turn {played + 1}: {mover} to move")


def test_the_status_fits_its_lines_to_the_panels_width():
    """A wide status drops "until someone wins" rather than wrap (at 160×50 it wrapped onto a
    line of its own), and on a board with decisions says what the odds assume on the odds line
    where that fits, on a line of its own where it would wrap."""
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.app.widgets.status import NARROW, Status, status_text
    from chutes_tui.engine.live import FEWEST_WORDS, NAIVE_TOO
    from chutes_tui.engine.turn import Snapshot

    odds = SeatOdds((0.644, 0.222, 0.134), 21.04, 7.51)
    names, squares = ("Ann", "Best", "Naive"), (38, 6, 5)
    plain = Snapshot(3, names, squares, None, odds, 0, None, 3)
    choosing = Snapshot(3, names, squares, None, odds, 0, None, 3, assumed=FEWEST_WORDS)

    def lines(snapshot, width):
        text = status_text(Status(snapshot, True, "2/s", False), narrow=width < NARROW, width=width)
        return text.plain.splitlines()

    full = "≈ 21.0 more turns in all (7.5 rounds) until someone wins"
    for width in (NARROW - 12, NARROW, 50, 56, 90):
        shown, said = lines(plain, width), lines(choosing, width)
        assert all(len(line) <= width for line in shown[1:] + said[1:]), (width, shown, said)
        assert shown[-1] == said[-1] == "Speed 2/s"
        assert len(shown) <= 4 and len(said) <= 5  # the status's rows: 4, 6 with decisions
    assert lines(plain, 56)[1] == lines(plain, 90)[1] == full
    assert lines(plain, 55)[1] == lines(choosing, 55)[1] == "≈ 21.0 more turns in all (7.5 rounds)"
    assert lines(choosing, 56)[1:3] == [full, FEWEST_WORDS]
    assert lines(choosing, 90)[1] == f"{full}, {FEWEST_WORDS}"
    assert lines(choosing, NARROW - 12)[2:4] == ["≈ 21.0 more turns in all", FEWEST_WORDS]
    # A cpu:naive seat, counted as playing for fewest turns too: said on a line of its own where
    # the words would wrap.
    naive = replace(choosing, assumed=f"{FEWEST_WORDS}, {NAIVE_TOO}")
    said = f"{FEWEST_WORDS}, {NAIVE_TOO}"  # 43 columns
    for width in (NARROW - 12, NARROW, len(said) - 1):
        shown = lines(naive, width)
        assert shown[-3:-1] == [FEWEST_WORDS, NAIVE_TOO] and len(shown) <= 6, (width, shown)
        assert all(len(line) <= width for line in shown[1:]), (width, shown)
    assert lines(naive, len(said))[2] == lines(naive, 90)[2] == said
    assert lines(naive, 110)[1] == f"{full}, {said}"
