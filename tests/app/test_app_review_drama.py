"""The review's line of lead changes: the game's own, counted from its record, beside the
expected number of the drama report (issue 28)."""

import itertools
import re

from textual.widgets import Static

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.engine.game import Game
from chutes_tui.exact.drama import start_lead_changes
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import text_of, wait_for


def counted_from_the_record(game):
    """The favourite at each moment the game recorded (the seat strictly ahead), and how often it
    changed -- the last moment's is the winner, so a win by the other seat is one."""
    favourites = []
    for odds in game.odds_history:
        top = max(odds.win)
        ahead = [seat for seat, chance in enumerate(odds.win) if chance == top]
        favourites.append(ahead[0] if len(ahead) == 1 else None)
    return sum(1 for before, after in itertools.pairwise(favourites) if before != after)


def line(app):
    return text_of(app.screen.query_one("#review-drama", Static).render())


async def test_the_games_lead_changes_beside_the_expected_number(standard):
    game = Game.new(standard, parse_player_spec("Ann,Bob"), seed=1)
    game.play_out()
    count = counted_from_the_record(game)
    assert count == 8  # the winner was not the favourite before its winning turn: that is one
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await wait_for(pilot, lambda: "expected" in line(app) and "working" not in line(app))
        shown = re.search(r"Lead changes: (\d+) this game · ([0-9.]+) expected", line(app))
        assert shown is not None, line(app)
        assert int(shown[1]) == count
        assert shown[2] == f"{start_lead_changes(standard, 2):.2f}" == "7.10"


async def test_a_game_under_way_counts_so_far_and_names_the_verb_beyond_the_quick_limit(standard):
    game = Game.new(standard, parse_player_spec("Ann,Bob,Cy"), seed=7)
    for _ in range(14):
        game.roll()
    app = ChutesApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: "analyze --drama" in line(app))
        assert f"Lead changes: {counted_from_the_record(game)} so far" in line(app)
