"""Lines and panels at 80×24 (issue 24's tour): nothing cut or wrapped inside an item, the roll
button in sight with 12 players, words that agree."""

from dataclasses import replace

from rich.cells import cell_len
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


async def inspected_28(board, size) -> tuple[str, list[str]]:
    """The inspector's text on square 28 at ``size``, and its lines as drawn."""
    app = ChutesApp(board=board, players=default_players(2), seed=5)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await pilot.press("i")
        screen.board.set_cursor(28)
        await settle(pilot)
        text = screen.query_one("#inspect-text", Static)
        return str(text.content), shown_lines(text, text.content)


async def test_the_inspector_breaks_finish_within_between_items(standard):
    _, lines = await inspected_28(standard, (80, 24))
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
    for width in (PANEL_AT_60, 21, NARROW - 12, NARROW, 50, 56, 90):
        shown, said = lines(plain, width), lines(choosing, width)
        assert all(len(line) <= width for line in shown + said), (width, shown, said)
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
        assert all(len(line) <= width for line in shown), (width, shown)
    assert lines(naive, len(said))[2] == lines(naive, 90)[2] == said
    assert lines(naive, 110)[1] == f"{full}, {said}"
    # The side panel at 60×20 (17 columns): the same words, fewer of them, each line whole.
    assert lines(naive, PANEL_AT_60) == [
        "Turn 4 · Ann",
        "Space to roll",
        "≈21.0 turns left",
        "all: fewest turns",
        NAIVE_TOO,
        "Speed 2/s",
    ]


PANEL_AT_60 = 17  # the side panel's width at 60×20 ('w' shows it): the narrowest status


def test_the_narrowest_status_says_everything_in_fewer_words():
    """At 60×20 every line of the status fits the side panel's 17 columns, in fewer words (it
    wrapped, and what the odds assume fell off the end): the stale odds, a long name, the
    winner, an estimate, a game without live odds, a paused game."""
    from chutes_tui.analysis.multi import SeatOdds
    from chutes_tui.app.widgets.status import NARROW, Status, status_text
    from chutes_tui.engine.estimate import Estimate
    from chutes_tui.engine.live import BUMP_REFUSAL
    from chutes_tui.engine.turn import Snapshot

    odds = SeatOdds((0.644, 0.222, 0.134), 121.04, 47.51)
    names, squares = ("Alexandra Lovelace", "Best", "Naive"), (38, 6, 5)
    now = Snapshot(13, names, squares, None, odds, 0, None, 13)
    games = Estimate(2000, (1288, 444, 268), 121.0, 40.0, 47.5, 0, ("person", "best", "naive"))

    def lines(snapshot, person=True, speed="0.5/s", paused=False, width=PANEL_AT_60):
        status = Status(snapshot, person, speed, paused)
        return status_text(status, narrow=width < NARROW, width=width).plain.splitlines()

    assert lines(now) == ["Turn 14 · Alex…ce", "Space to roll", "≈121.0 turns left", "Speed 0.5/s"]
    assert lines(now, paused=True)[-1] == "Paused at 0.5/s"
    assert lines(replace(now, odds_turn=11))[2] == "≈121 (turn 11)"  # as of turn 11's odds
    assert lines(replace(now, odds_turn=11), width=21)[2] == "turn 11: ≈121 left"
    assert lines(replace(now, odds=None))[2] == "Working out odds…"
    assert lines(replace(now, winner=0)) == ["Alexa…ace has won", "r: rematch", "n: new game", "Speed 0.5/s"]
    assert lines(replace(now, winner=0), speed="") == ["Alexa…ace has won"]  # a review
    assert lines(replace(now, estimate=games))[3] == "2,000 games ±1.1%"
    one = replace(games, wins=(1288,))
    assert lines(replace(now, estimate=one))[3] == "est. ±0.9 turns"  # 40 / √2000
    # Under the bump rule with more players than its joint chain holds: no odds, said whole at
    # 160×50's 55 columns (it wrapped onto three lines there) and at 80×24's 29.
    refused = replace(now, odds=None, no_odds=BUMP_REFUSAL)
    assert lines(refused)[2] == "No live odds"
    assert lines(refused, width=29)[2] == "No odds: bump, 4+ players"
    assert lines(refused, width=55)[-2] == "No live odds under the bump rule past 3 players"
    for width in range(PANEL_AT_60, 111):
        for snapshot in (now, replace(now, odds_turn=11), replace(now, winner=0), refused):
            shown = lines(snapshot, paused=True, width=width)
            assert all(len(line) <= width for line in shown), (width, shown)
            assert len(shown) <= 4  # the status's rows


async def test_at_60_by_20_the_side_panels_status_shows_every_line_whole():
    """60×20 with the side panel shown ('w'): three players on a board with dice to choose from
    and the bump rule (odds estimated, a cpu:naive seat): the status's lines each fit the panel
    and all are in sight (it wrapped "Turn 1: Ann to / move" and cut off what the odds assume),
    in the game and in its review."""
    from chutes_tui.app.dialogs.choice import ChoiceScreen
    from chutes_tui.app.screens.review import ReviewScreen
    from chutes_tui.engine.live import NAIVE_TOO
    from chutes_tui.model.players import parse_player_spec
    from tests.app.test_app_choices import choosing_board

    board = choosing_board().replace(bump=True)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best,cpu:naive"), seed=3, play_now=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.press("w")
        screen = app.screen
        status = screen.query_one(StatusPanel)
        await wait_for(pilot, lambda: screen.controller.live.snapshot(screen.game).estimate is not None)
        await settle(pilot)
        assert status.size.width == PANEL_AT_60
        words = status.content.plain.splitlines()
        assert shown_lines(status, status.content) == words and len(words) <= status.size.height
        assert words[:2] == ["Turn 1 · Ann", "Space to roll"] and words[3:5] == [
            "all: fewest turns",
            NAIVE_TOO,
        ]
        assert words[2].startswith("≈") and words[2].endswith(" turns left")
        assert words[5].endswith(" games ±" + words[5].split("±")[1]) and words[6] == "Speed 2/s"
        await pilot.press("space")  # Ann's turn: a choice of dice
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("2")  # die 4,4,4,4,0,0
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and screen.game.drawn is not None)
        await pilot.press("1")  # move
        await wait_for(pilot, lambda: len(screen.game.history) >= 3)  # the computers answer
        await settle(pilot)
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert review.has_class("board-only")  # a review at 60 columns starts with the board alone
        await pilot.press("w")
        await settle(pilot)
        status = review.query_one(StatusPanel)
        words = status.content.plain.splitlines()
        assert status.size.width == PANEL_AT_60 and words[0].startswith("Turn ") and " · " in words[0]
        assert shown_lines(status, status.content) == words and len(words) <= status.size.height
        assert "all: fewest turns" in words and NAIVE_TOO in words
        # The bar under the panels: which turn, and what it did, in one line's words.
        bar = review.query_one("#review-bar", Static)
        said = bar.content.plain
        assert said.startswith("Review 3/3 · ") and " → " in said, said
        assert cell_len(said) <= bar.content_region.width == 58, said


async def test_the_inspector_at_60_by_20_never_breaks_a_word(standard):
    """The panel beside the board at 60 columns is narrower than "Finish within 10/20/50:": the
    lines break between words, never inside one ("Finish within 1" / "0/20/50:")."""
    text, lines = await inspected_28(standard, (60, 20))
    assert max(map(cell_len, lines)) < len("Finish within 10/20/50:")  # narrower than the item was
    drawn = {word for line in lines for word in line.split()}
    assert set(text.split()) <= drawn, lines


def test_the_inspectors_rolls_are_from_where_a_landing_leaves_the_piece(standard):
    """A jump's tail: the rolls of its head, named (no piece stands on the tail); a ladder to
    the goal: none, said in the words of `inspect`."""
    from chutes_tui.analysis.reports import inspect_square
    from chutes_tui.app.widgets.inspector import roll_line

    assert roll_line(inspect_square(standard, 28)).startswith(
        "Each roll from 84 leads to (* by a jump): 1→85"
    )
    assert roll_line(inspect_square(standard, 27)).startswith("Each roll leads to (* by a jump): 1→84*")
    assert roll_line(inspect_square(standard, 80)) == "No rolls: this is the goal, the game is over there"
