"""Apps made one after another share their parsed stylesheets (app/stylecache.py): the next
app parses none again, and a theme's colours never reach an app on another theme."""

from textual.css import stylesheet

from chutes_tui.app.app import ChutesApp
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle


async def start(board, theme="textual-dark"):
    """A game started (and ended) on ``theme`` (an app starts on the last one it was given);
    the colours of its screen, side panel and board."""
    app = ChutesApp(board=board, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        app.theme = theme
        await settle(pilot)
        screen = app.screen
        return screen.styles.background, screen.query_one("#side").styles.border_left, screen.board.rich_style


async def test_a_second_app_parses_no_stylesheet_again(standard, monkeypatch):
    await start(standard)
    parsed = []
    parse = stylesheet.parse

    def counted(*args, **kwargs):
        parsed.append(args[2])  # where the source was read from
        return parse(*args, **kwargs)

    monkeypatch.setattr(stylesheet, "parse", counted)
    await start(standard)
    assert parsed == []


async def test_each_app_has_its_themes_colours(standard):
    dark = await start(standard)
    light = await start(standard, "textual-light")
    assert light != dark
    assert await start(standard) == dark
    assert await start(standard, "textual-light") == light


async def test_a_games_first_frame_has_none_of_the_other_screens_rules(standard, monkeypatch):
    """screens.tcss (two thirds of the app's rules) is parsed when the first screen but the
    game's opens, and styles it: the setup screen's form has its padding."""
    from chutes_tui.app.screens.game import GameScreen
    from chutes_tui.app.screens.setup import SetupScreen
    from tests.app.helpers import wait_for

    first = {}
    mount = GameScreen.on_mount

    def on_mount(screen):
        screen.call_after_refresh(lambda: first.update(rules=set(screen.app.stylesheet.rules_map)))
        mount(screen)

    monkeypatch.setattr(GameScreen, "on_mount", on_mount)
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "rules" in first)
        assert "#board" in first["rules"]
        assert not {"#setup", "#help-dialog", "ModalScreen"} & first["rules"]
        await pilot.press("n")  # a new game: the setup screen (nothing played yet to lose)
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await settle(pilot)
        assert tuple(app.screen.query_one("#setup").styles.padding) == (1, 2, 1, 2)  # screens.tcss
        assert "#setup" in app.stylesheet.rules_map
