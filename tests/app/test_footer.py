"""The footer's keys are one widget (issue 25, point 8: Textual's footer mounts a widget a key,
a tenth of a game screen's start), and do what Textual's keys do: a click presses the key, a
disabled key only rings, the key under the mouse is lit and says its tooltip."""

from textual.widgets._footer import FooterKey

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.setup import SetupScreen
from chutes_tui.app.widgets.footer import FittingFooter, FooterKeys
from chutes_tui.model.players import default_players, parse_player_spec
from tests.app.helpers import settle, wait_for


async def test_the_keys_are_one_widget_beside_the_palette_key(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(160, 50)) as pilot:
        footer = app.screen.query_one(FittingFooter)
        await wait_for(pilot, lambda: len(footer.shown_keys) > 8)
        drawn = footer.query_one(FooterKeys)
        assert [type(w) for w in footer.children] == [FooterKeys, FooterKey]  # the palette's key
        assert drawn.keys == footer.shown_keys
        # Drawn as Textual draws compact keys: "key words", a space between two.
        line = "".join(segment.text for segment in drawn.render_line(0))
        assert line.startswith("space Roll ? Help ")
        for key, (start, end) in zip(drawn.keys, drawn.spans(), strict=True):
            assert line[start:end] == f"{key.key_display} {key.description}"


async def test_the_keys_are_in_the_first_frame_and_made_once(standard, monkeypatch):
    """Textual's footer shows no key until the screen's first bindings update, then is made
    again: its keys came a frame late, and its widgets were mounted twice."""
    first: dict[str, object] = {}
    mount = GameScreen.on_mount

    def on_mount(screen):  # the screen's children are mounted, nothing is painted yet
        footer = screen.query_one(FittingFooter)
        first["keys"] = footer.shown_keys
        first["children"] = list(footer.children)
        mount(screen)

    monkeypatch.setattr(GameScreen, "on_mount", on_mount)
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(FittingFooter)
        assert len(footer.shown_keys) > 8
        assert first["keys"] == footer.shown_keys
        assert first["children"] == list(footer.children)


async def test_a_click_presses_the_key_and_the_mouse_lights_it(standard):
    app = ChutesApp(board=standard, players=parse_player_spec("Ann,Bob"), seed=4)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = app.screen
        footer = screen.query_one(FittingFooter)
        await wait_for(pilot, lambda: len(footer.shown_keys) > 8)
        await settle(pilot)
        drawn = footer.query_one(FooterKeys)
        start, end = drawn.spans()[1]
        assert drawn.keys[1].description == "Help"
        unlit = drawn.render_line(0)
        await pilot.hover(FooterKeys, offset=(start + 1, 0))
        assert drawn.tooltip == drawn.keys[1].tooltip != ""
        lit = drawn.render_line(0)
        assert lit != unlit
        assert {s.style for s in lit.crop(start, end)} != {s.style for s in unlit.crop(start, end)}
        assert lit.crop(0, start) == unlit.crop(0, start)  # only the key under the mouse
        await pilot.click(FooterKeys, offset=(start, 0))
        await wait_for(pilot, lambda: app.screen is not screen)  # "?" opened the help
        assert type(app.screen).__name__ == "HelpScreen"


async def test_a_disabled_key_is_dimmed_and_a_click_only_rings(monkeypatch):
    app = ChutesApp(players=default_players(12, humans=2))  # the most seats: "Add seat" is off
    rings = []
    monkeypatch.setattr(app, "bell", lambda: rings.append(1))
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        footer = app.screen.query_one(FittingFooter)
        await wait_for(pilot, lambda: any(k.description == "Add seat" for k in footer.shown_keys))
        await settle(pilot)
        drawn = footer.query_one(FooterKeys)
        index = [k.description for k in drawn.keys].index("Add seat")
        assert drawn.keys[index].disabled
        start, end = drawn.spans()[index]
        assert all(s.style.dim for s in drawn.render_line(0).crop(start, end) if s.text.strip())
        seats = len(app.screen.seats())
        await pilot.click(FooterKeys, offset=(start, 0))
        await pilot.pause()
        assert rings == [1]
        assert len(app.screen.seats()) == seats
