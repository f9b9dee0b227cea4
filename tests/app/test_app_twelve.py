"""Twelve players, the most a game has: set up at 80×24 from the keyboard, and watched to the end."""

from textual.containers import VerticalScroll
from textual.widgets import Button, Input

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.controller import SPEEDS
from chutes_tui.app.dialogs.winner import WinnerScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.cycle import Cycle
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.players import TOKENS, default_players
from tests.app.helpers import settle, wait_for


async def test_setup_adds_seats_up_to_twelve_removes_any_and_starts_the_game():
    app = ChutesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen) and len(setup.seats()) == 2  # only the seats in use
        for _ in range(MAX_PLAYERS - 2):
            await pilot.press("ctrl+n")
        await settle(pilot)
        assert len(setup.seats()) == MAX_PLAYERS and not app._notifications
        await pilot.press("ctrl+n")  # one more than there is room for: no seat, and it says why
        await settle(pilot)
        assert len(setup.seats()) == MAX_PLAYERS
        assert [n.message for n in app._notifications] == [
            f"A game has at most {MAX_PLAYERS} players: every seat is taken."
        ]
        assert not setup.query_one("#add-seat", Button).display
        assert setup.focused is setup.query_one("#name-11", Input)  # the new seat's name, to type over
        assert sorted(seat.fields()[2] for seat in setup.seats()) == sorted(TOKENS)
        assert setup.check_action("add_seat", ()) is None  # dimmed in the footer
        await pilot.press("shift+tab", "left")  # Tab order: a seat's kind comes before its name (← Person)
        assert setup.focused is setup.query_one("#kind-11", Cycle)
        assert setup.query_one("#kind-11", Cycle).value == "human"
        # Every token is taken: a step of one seat's token finds none free and keeps it.
        setup.query_one("#token-5", Cycle).focus()
        await pilot.press("right", "left")
        assert setup.query_one("#token-5", Cycle).value == TOKENS[5]

        # ctrl+r removes the seat being edited; the seats after it move up.
        setup.query_one("#name-3", Input).focus()
        await pilot.press("ctrl+r")
        await settle(pilot)
        names = [seat.fields()[1] for seat in setup.seats()]
        assert len(names) == 11 and names[3] == "Hopper" and setup.query_one("#add-seat", Button).display
        assert setup.focused is setup.query_one("#name-3", Input)
        # Now one token is free, and a step of any seat's token goes to it.
        setup.query_one("#token-0", Cycle).focus()
        await pilot.press("right")
        assert setup.query_one("#token-0", Cycle).value == "◆"

        await pilot.press("ctrl+n", "ctrl+b")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.game.players) == 12
        assert len({p.spec.token for p in screen.game.players}) == 12
        assert screen.game.players[10].spec.human  # seat 12 as chosen, moved up to seat 11
        assert len({p.spec.name for p in screen.game.players}) == 12  # a new seat's name is its own


async def test_a_twelve_player_game_is_watched_to_the_end_at_80_by_24(standard):
    players = default_players(12)
    app = ChutesApp(board=standard, players=players, seed=12, watch=True, speed=len(SPEEDS) - 1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        table = screen.query_one(PlayersTable)
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen), timeout=60)
        game = screen.game
        assert game.winner is not None
        for seat, spec in enumerate(players):  # every player has a line, whole at 80 columns
            assert spec.name in table.get_cell(str(seat), "name")
            assert table.get_cell(str(seat), "square") == str(game.positions[seat])
        assert table.size.height == 13
        await settle(pilot)
        shown = app.export_screenshot().replace("&#160;", " ")
        winner = players[game.winner].name
        assert f"{winner} wins" in shown
        assert "Rematch" in shown and "Quit" in shown  # in sight, below the players' lines
        body = app.screen.query_one(".body", VerticalScroll)  # which scroll at 80×24
        assert body.max_scroll_y > 0
        body.scroll_end(animate=False)
        await settle(pilot)
        assert "Biggest swing" in app.export_screenshot().replace("&#160;", " ")
        log = "\n".join(screen.query_one(TurnLog).lines)
        assert "12 players" in log and f"{winner}" in log
