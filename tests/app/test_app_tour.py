"""Issue 24's new-user tour: what it found, checked on the real app."""

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.help import HelpScreen
from chutes_tui.app.widgets.footer import FittingFooter
from tests.app.helpers import settle, wait_for
from tests.app.scenes import mid_game


def footer_words(screen) -> list[str]:
    footer = screen.query_one(FittingFooter)
    return [key.description for key in footer.shown_keys]


async def test_a_dialog_shows_its_own_keys_at_the_foot_not_the_games(monkeypatch, tmp_path):
    """Under the help dialog the footer said "space Roll p Resume . Step", none of which works
    while the dialog is open."""
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    async with ChutesApp(game=mid_game()).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Roll" in footer_words(pilot.app.screen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        await wait_for(pilot, lambda: bool(pilot.app.screen.query(FittingFooter)))
        await settle(pilot)
        words = footer_words(pilot.app.screen)
        assert words and "Roll" not in words and "Save" not in words


async def test_the_inspector_shows_the_hidden_side_panel_at_60x20(monkeypatch, tmp_path):
    """At 60×20 the side panel hides itself; `i` turned the inspector on inside it, unseen."""
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    async with ChutesApp(game=mid_game()).run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert screen.has_class("board-only")
        await pilot.press("i")
        await settle(pilot)
        assert screen.has_class("inspecting") and not screen.has_class("board-only")
        assert screen.query_one("#side").display


async def test_q_in_a_game_says_how_to_quit_and_quits_nothing(monkeypatch, tmp_path):
    """lazygit, btop and harlequin quit on q; here q was silent in a game."""
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    app = ChutesApp(game=mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is screen and app.is_running
        assert any("ctrl+q quits" in str(n.message) for n in app._notifications)


async def test_the_setup_fields_for_dice_and_seed_say_what_they_are(monkeypatch, tmp_path):
    """'▐X▌ bump seed (random)' read as one phrase, and a filled dice box had no name at all."""
    from textual.widgets import Label

    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    async with ChutesApp().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row_of = {}
        for label in pilot.app.screen.query(Label).filter(".inline-label"):
            row_of[str(label.render())] = label.parent
        # Each typed rule's label shares its field's row; the seed has a line of its own, named
        # as Board and Rules.
        from chutes_tui.model.rulekinds import Form
        from chutes_tui.model.ruletable import Offered, offered

        typed = [row for row in offered(Offered.SETUP) if row.kind.form is Form.TEXT]
        # A colon between the name and the field: "top faces in a row: the board's (e.g. 3)".
        assert set(row_of) == {f"{row.label}:" for row in typed} and "dice:" in row_of
        for row in typed:
            assert row_of[f"{row.label}:"] is pilot.app.screen.query_one(f"#setup-{row.name}").parent
        seed_row = pilot.app.screen.query_one("#seed").parent
        assert [str(label.render()) for label in seed_row.query(Label)] == ["Seed"]


async def test_the_colour_picker_paints_its_swatch_in_the_themes_colour(monkeypatch, tmp_path):
    """Under colorblind-safe the tokens are Okabe-Ito colours, but setup's swatches showed the
    named colours ("■ red" in plain red)."""
    from chutes_tui.app.themes import seat_color
    from chutes_tui.app.widgets.cycle import Cycle

    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    app = ChutesApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.theme = "colorblind-safe"
        await pilot.press("ctrl+n")  # a seat made under the theme
        await settle(pilot)
        picker = app.screen.query_one("#color-2", Cycle)
        label = picker.labels[picker.index]
        swatch = str(label.spans[0].style) if label.spans else str(label.style)
        painted = seat_color(app, picker.value)
        assert painted != picker.value  # the theme has its own colour for this seat colour
        assert swatch == painted


async def test_the_help_lists_its_keys_in_two_columns_on_a_wide_screen(monkeypatch, tmp_path):
    """At 160×50 the help's keys were one narrow column in an 88-column box."""
    from rich.table import Table
    from textual.widgets import Static

    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    for size, pairs in (((160, 50), 2), ((80, 24), 1)):
        async with ChutesApp(game=mid_game()).run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
            help_screen = pilot.app.screen
            [table] = [w.content for w in help_screen.query(Static) if isinstance(w.content, Table)]
            assert len(table.columns) == 2 * pairs
            shown = [cell for column in table.columns[::2] for cell in column._cells if cell]
            assert len(shown) == len(help_screen.keys)  # every key once


async def test_the_diagonal_picture_says_its_point_and_names_itself_at_60x20(monkeypatch, tmp_path):
    """At 60×20 its title ended 'two p…' and its closing sentence was out of sight."""
    from chutes_tui.app.screens.diagonal import DiagonalScreen

    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(tmp_path))
    from chutes_tui.io.boardfile import load_board
    from chutes_tui.model.players import parse_player_spec

    app = ChutesApp(board=load_board("standard"), players=parse_player_spec("Ann,Bob"), seed=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, DiagonalScreen))
        await settle(pilot)
        shown = app.export_screenshot()
        assert "Going first is worth" in shown.replace("&#160;", " ")
        assert "…" not in app.screen.sub_title and len(app.title) + len(app.screen.sub_title) + 3 <= 56
