"""Issue 28, point 2: the spectrum screen (z) from a game, the editor and the palette shows the
closed form's numbers -- λ, C, the relaxation time, the notes -- for the board on screen, and
says why when it cannot."""

from __future__ import annotations

import pytest
from flint import fmpq
from rich.text import Text
from textual.widgets import Static

from chutes_tui.analysis.limits import SPECTRUM_IN_APP_MAX_STATES
from chutes_tui.app.app import ChutesApp
from chutes_tui.app.screens.editor import EditorScreen
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.spectrum import DIGITS, ComplexPlane, SpectrumScreen, TailChart
from chutes_tui.engine.game import Game
from chutes_tui.exact.closedform import closed_form, tail_curves
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import parse_player_spec
from tests.app.helpers import settle, wait_for


def shown_text(screen) -> str:
    rendered = screen.query_one("#spectrum-numbers", Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


async def open_from(pilot, app, key="z"):
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen) and app.screen.form is not None)
    await settle(pilot)
    return app.screen


async def test_the_numbers_shown_are_the_closed_form_s():
    board = load_board("standard")
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann,Bob"), seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from(pilot, app)
        form = closed_form(board)  # the same report, worked out again here
        tail, text = form.tail, shown_text(screen)
        assert screen.form.numerator == form.numerator and screen.form.denominator == form.denominator
        assert f"λ = {tail.lambda_text(DIGITS)}…" in text and tail.lambda_text(DIGITS) == "0.960342570338067"
        assert f"C = {tail.constant_text(DIGITS)}…" in text
        assert f"{tail.relaxation:.2f} turns" in text and "24.71 turns" in text
        assert f"half-life {tail.half_life:.1f} turns" in text
        accurate = tail_curves(form).accurate_from()
        assert f"within 1% from turn {accurate} on" in text
        assert "degree 75" in text and "81 × 81, 78 distinct eigenvalues" in text
        assert "one Jordan block of size 4 at eigenvalue 0" in " ".join(text.split())
        # The picture: every eigenvalue is drawn, λ named; the chart has the exact tail and the law.
        plane = screen.query_one(ComplexPlane).picture().plain
        assert "λ" in plane and "eigenvalue" in plane
        chart = screen.query_one(TailChart)
        assert chart.curves == tail_curves(form) and "C·λⁿ" in chart.picture().plain
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_from_the_editor_the_spectrum_is_the_edited_board_s(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = ChutesApp(board=load_board("tiny-10"), edit=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, EditorScreen))
        editor = app.screen
        editor.view.set_cursor(9)  # the chute 9→2 goes: the tail law changes
        await pilot.press("delete")
        await wait_for(pilot, lambda: (9, 2) not in editor.board.jumps)
        screen = await open_from(pilot, app)
        assert screen.board.jumps == editor.board.jumps
        expected = closed_form(editor.board).tail.lambda_text(DIGITS)
        assert f"λ = {expected}…" in shown_text(screen)
        assert expected != closed_form(load_board("tiny-10")).tail.lambda_text(DIGITS)


@pytest.mark.parametrize("where", ["game", "editor"])
async def test_the_palette_opens_it_in_the_game_and_the_editor(where, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = load_board("tiny-10")
    if where == "game":
        app = ChutesApp(game=Game.new(board, parse_player_spec("Ann,Bob"), seed=2))
    else:
        app = ChutesApp(board=board, edit=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen | EditorScreen))
        await settle(pilot)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SafeCommandPalette")
        await pilot.press(*"Spectrum")
        await settle(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen) and app.screen.form is not None)


async def test_a_bounded_game_has_no_tail_law_and_says_why():
    """The jump-free board with the reach rule: every eigenvalue 0, one Jordan block."""
    board = load_board("no-jumps").replace(end_rule="reach")
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann"), seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_from(pilot, app)
        text = " ".join(shown_text(screen).split())
        assert "No tail law: every game ends within 100 turns." in text
        assert "Every eigenvalue of Q is 0, in one Jordan block" in text
        chart = screen.query_one(TailChart)
        assert chart.curves.law is None and "C·λⁿ" not in chart.picture().plain


async def test_beyond_the_app_s_limit_it_says_so_and_works_nothing_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = load_board("no-jumps").replace(end=SPECTRUM_IN_APP_MAX_STATES + 20)
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann"), seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("z")
        await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen))
        await settle(pilot)
        assert f"up to {SPECTRUM_IN_APP_MAX_STATES}" in shown_text(app.screen)
        assert "chutes-tui closed-form" in shown_text(app.screen)
        assert app.screen.form is None and not app.screen.workers


async def test_z_in_review_shows_the_game_s_board():
    board = load_board("tiny-10")
    game = Game.new(board, parse_player_spec("Ann,Bob"), seed=4)
    game.play_out()
    app = ChutesApp(game=game)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("escape", "v")  # the winner's dialog closed, then the review
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReviewScreen")
        screen = await open_from(pilot, app)
        assert screen.board == board
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ReviewScreen")


@pytest.mark.parametrize("why", ["choices", "size"])
async def test_when_it_cannot_the_note_has_the_width_not_a_blank_picture_aside(why, tmp_path, monkeypatch):
    """Found on the tour: on a board with choices (or past the limit) the note sat in the right
    column beside an empty plane and chart, half the screen blank; it takes the width, and says
    where the question is answered."""
    monkeypatch.chdir(tmp_path)
    if why == "choices":
        board = load_board("standard").replace(after_roll="flip")
    else:
        board = load_board("no-jumps").replace(end=SPECTRUM_IN_APP_MAX_STATES + 20)
    app = ChutesApp(game=Game.new(board, parse_player_spec("cpu:Ann"), seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "z")
        await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen))
        await settle(pilot)
        screen = app.screen
        assert not screen.query_one("#spectrum-left").display
        assert screen.query_one("#spectrum-numbers").size.width >= 70
        assert "chutes-tui " in shown_text(screen)  # the verb that answers it


async def test_one_eigenvalue_is_said_in_the_singular_and_no_lambda_is_named_without_one():
    board = load_board("no-jumps").replace(end_rule="reach")
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann"), seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_from(pilot, app)
        assert "1 distinct eigenvalue\n" in shown_text(screen)
        assert "distinct eigenvalues" not in " ".join(shown_text(screen).split())
        legend = screen.query_one(ComplexPlane).picture().plain.splitlines()[-1]
        assert "eigenvalue" in legend and "dominant" not in legend
    standard = load_board("standard")
    app = ChutesApp(game=Game.new(standard, parse_player_spec("Ann"), seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_from(pilot, app)
        assert "78 distinct eigenvalues" in shown_text(screen)
        assert "λ dominant" in screen.query_one(ComplexPlane).picture().plain


async def test_leaving_and_coming_back_works_the_spectrum_out_once(monkeypatch):
    """Found on the tour: its thread cannot be stopped, so z, Esc, z, Esc, z on a 160-square
    board with the extra roll left three solves of 7 s running at once; a board's spectrum is
    worked out once, a second screen waiting for the first one's."""
    import threading

    import chutes_tui.exact.closedform as closedform

    solves: list[int] = []
    gate = threading.Event()
    real = closedform.closed_form

    def slow(board, *args, **kwargs):
        solves.append(1)
        gate.wait(10)  # still working when the screen is left and opened again
        return real(board, *args, **kwargs)

    monkeypatch.setattr(closedform, "closed_form", slow)
    board = load_board("tiny-10")
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann,Bob"), seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await pilot.press("z")
            await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen))
            await pilot.pause()  # not settle: the solve is held at the gate (settle waited 10 s for it)
            assert app.screen.form is None
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("z")
        await wait_for(pilot, lambda: isinstance(app.screen, SpectrumScreen))
        gate.set()
        await wait_for(pilot, lambda: app.screen.form is not None)
        assert solves == [1] and "λ = " in shown_text(app.screen)


async def test_a_rational_lambda_s_c_is_shown_exactly():
    """The jump-free board from square 88 (a five-square board would do too): λ = 5/6 and C =
    1.497664 exactly, the closed form's; main showed the ball's lower digits, "1.49766…"."""
    board = load_board("no-jumps")
    board = board.replace(start=88)
    app = ChutesApp(game=Game.new(board, parse_player_spec("Ann,Bob"), seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from(pilot, app)
        text = shown_text(screen)
        assert closed_form(board).tail.constant_exact == fmpq(1497664, 10**6)
        assert "C = 1.497664 exactly" in text and "λ = 0.833333333333333…" in text
