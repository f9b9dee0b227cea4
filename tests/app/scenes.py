"""Every screen of the app in a fixed state, for the snapshot tests and for looking at them:

python -m tests.app.scenes OUT_DIR     # writes OUT_DIR/<scene>-<W>x<H>.svg for every size
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from chutes_tui.app.app import ChutesApp
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import default_players, parse_player_spec
from tests.app.helpers import settle, wait_for

# The sizes the brief names: the least every screen must work at (60×20), the usual terminal
# (80×24) and one that must use the space (160×50). 120×40 was dropped to keep the suite's time
# (its layout, the roomy one, is 160×50's; tests that drive the app still run at 120×40).
SIZES = [(60, 20), (80, 24), (160, 50)]
Before = Callable[..., Awaitable[None]] | None


def mid_game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob,Cy"), seed=7)
    for _ in range(14):
        game.roll()
    return game


def two_player_game() -> Game:
    game = Game.new(load_board("standard"), parse_player_spec("Ann,Bob"), seed=11)
    for _ in range(8):
        game.roll()
    return game


def finished_game() -> Game:
    game = Game.new(load_board("classic-1952"), parse_player_spec("Ann,cpu:Robo"), seed=3)
    game.play_out()
    return game


def leela_game() -> Game:
    """Leela (goal 68 inside 72 squares, a 6 to enter) a few turns in, both pieces entered."""
    game = Game.new(load_board("leela"), parse_player_spec("Ann,Bob"), seed=26)
    for _ in range(12):
        game.roll()
    return game


def twelve_players_game() -> Game:
    """Twelve players (the most a game has) well into a game, two of them on one square."""
    game = Game.new(load_board("standard"), default_players(12, humans=2), seed=5)
    for _ in range(60):
        game.roll()
    return game


def twelve_players_finished() -> Game:
    game = Game.new(load_board("standard"), default_players(12), seed=5)
    game.play_out()
    return game


def choosing_game() -> Game:
    """A board with four dice to choose from and a coin to flip, two turns in."""
    dice = ((5, 5, 5, 1, 1, 1), (4, 4, 4, 4, 0, 0), (3, 3, 3, 3, 3, 3), (6, 6, 2, 2, 2, 2))
    board = load_board("standard").replace(dice_choice=dice, after_roll="flip")
    game = Game.new(board, parse_player_spec("Ann,cpu:best"), seed=3)
    for _ in range(2):
        game.roll()
    return game


def three_choosing() -> Game:
    """Three players on the board with dice to choose from, three turns in: their odds exact,
    each assumed to choose for the fewest turns (engine/fewest.py)."""
    game = Game.new(choosing_game().board, parse_player_spec("Ann,cpu:best,cpu:naive"), seed=3)
    for _ in range(3):
        game.roll()
    return game


def pawns_game() -> Game:
    """Two pawns each under the bump rule, Ann against cpu:best, 16 turns in (three captures)."""
    board = load_board("standard").replace(pawns=2, bump=True)
    game = Game.new(board, parse_player_spec("Ann,cpu:best"), seed=5)
    for _ in range(16):
        game.roll()
    return game


def odds_shown(estimated: bool = False) -> Callable[..., Awaitable[None]]:
    """The game's odds worked out and shown (``estimated``: by the live feed's worker, beyond
    the solvers)."""

    async def run(pilot) -> None:
        game = pilot.app.screen.game

        def shown() -> bool:
            snapshot = pilot.app.screen.controller.live.snapshot(game)
            return (snapshot.estimate if estimated else snapshot.odds) is not None

        await wait_for(pilot, shown)
        await settle(pilot)

    return run


def panel_shown(before: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """``before``, then 'w': the side panel shown where the terminal is too narrow for it."""

    async def run(pilot) -> None:
        await before(pilot)
        await pilot.press("w")
        await settle(pilot)

    return run


def pawn_choice_with_hints() -> Callable[..., Awaitable[None]]:
    """Ann's roll, then which pawn moves, hints on: each pawn's expected turns from the solver."""

    async def run(pilot) -> None:
        from chutes_tui.engine.advice import advised

        game = pilot.app.screen.game
        await odds_shown(estimated=True)(pilot)
        await wait_for(pilot, lambda: advised(game.board, 2) is not None)
        await pilot.press("space")
        await until(pilot, "ChoiceScreen")
        await pilot.press("k")
        await pilot.pause()

    return run


def choice_with_hints() -> Callable[..., Awaitable[None]]:
    """Ann's die asked for, hints on (k): each die's chance to win, once the solver has it."""

    async def run(pilot) -> None:
        await settle(pilot)
        await pilot.press("space")
        await until(pilot, "ChoiceScreen")
        await pilot.press("k")
        await settle(pilot)  # the hints come with the solver's answer, which the question waits for

    return run


def keys(*pressed: str, cursor: int | None = None) -> Callable[..., Awaitable[None]]:
    async def run(pilot) -> None:
        if cursor is not None:
            pilot.app.screen.board.set_cursor(cursor)
        for key in pressed:
            await pilot.press(key)
        await pilot.pause()

    return run


def review(*pressed: str) -> Callable[..., Awaitable[None]]:
    """The review opened ('v'), the keys pressed, once its line of lead changes has the
    expected number (or says where it is worked out)."""

    async def run(pilot) -> None:
        await keys("v", *pressed)(pilot)

        def counted() -> bool:
            line = str(pilot.app.screen.query_one("#review-drama").render())
            return "expected" in line and "working" not in line

        await wait_for(pilot, counted)
        await pilot.pause()

    return run


def exact_dialog() -> Callable[..., Awaitable[None]]:
    async def run(pilot) -> None:
        await pilot.press("x")
        await until(pilot, "ExactScreen")
        await pilot.pause()

    return run


async def until(pilot, screen: str) -> None:
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == screen)


def question_after_a_turn() -> Callable[..., Awaitable[None]]:
    """One turn played (its move drawn to the end), then ctrl+q: the question before quitting."""

    async def run(pilot) -> None:
        await pilot.press("space")
        controller = pilot.app.screen.controller
        for _ in range(200):
            if not controller.animating:
                break
            await pilot.pause(0.05)
        await dialog("ConfirmScreen", "ctrl+q")(pilot)

    return run


def dialog(screen: str, *pressed: str, typed: str | None = None) -> Callable[..., Awaitable[None]]:
    """Keys that open a dialog; its fields' cursors kept still (they blink). ``typed``: the first
    field's text instead of the one offered (a path offered names the day and the home folder)."""

    async def run(pilot) -> None:
        for key in pressed:
            await pilot.press(key)
        await until(pilot, screen)
        if typed is not None:
            pilot.app.screen.query("Input").first().value = typed
        await still_cursor()(pilot)

    return run


def refused_rules() -> Callable[..., Awaitable[None]]:
    """The editor's rules dialog refusing a 1-sided die that rolls again (an endless turn)."""

    async def run(pilot) -> None:
        await dialog("RulesScreen", "e", "l", typed="1")(pilot)
        pilot.app.screen.query_one("#rules-extra-roll").value = True
        await pilot.pause()
        await pilot.click("#apply")
        await pilot.pause(0.3)

    return run


def setup_choices() -> Callable[..., Awaitable[None]]:
    """The setup's choices: Efron's dice typed, a coin to flip after the roll, the form scrolled
    to them (their hint under the dice) once the preview has the game's length."""

    async def run(pilot) -> None:
        from chutes_tui.model.ruletable import EFRON

        setup = pilot.app.screen
        setup.query_one("#setup-after-roll").value = "flip"
        setup.query_one("#setup-dice-choice").value = EFRON
        await wait_for(pilot, lambda: "choosing best" in str(setup.query_one("#board-preview").render()))
        setup.query_one("#setup").scroll_end(animate=False)
        await still_cursor()(pilot)

    return run


def rules_choices() -> Callable[..., Awaitable[None]]:
    """The rules dialog of a board with choices, scrolled to them (the dice to choose from)."""

    async def run(pilot) -> None:
        await dialog("RulesScreen", "e", "l")(pilot)
        pilot.app.screen.query_one("#rules-dice-choice").scroll_visible(animate=False, top=True)
        await pilot.pause()

    return run


def suggestion(target: str | None) -> Callable[..., Awaitable[None]]:
    """The editor's suggestion: the target asked (``None``), or the edit offered for ``target``."""

    async def run(pilot) -> None:
        await pilot.press("e")
        await until(pilot, "EditorScreen")
        await pilot.press("g")
        await until(pilot, "TargetScreen")
        field = pilot.app.screen.query_one("Input")
        field.cursor_blink = False
        if target is not None:
            field.value = target
            await pilot.press("enter")
            await until(pilot, "ConfirmScreen")
        await pilot.pause()

    return run


def diagonal() -> Callable[..., Awaitable[None]]:
    """The diagonal picture once its exact fraction is in, five turns counted past the first."""

    async def run(pilot) -> None:
        await pilot.press("d")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "exact", None) is not None)
        await pilot.press(*["right"] * 5)
        await pilot.pause()

    return run


def spectrum() -> Callable[..., Awaitable[None]]:
    """The spectrum screen (z) once its closed form is worked out."""

    async def run(pilot) -> None:
        await pilot.press("z")
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "form", None) is not None)
        await settle(pilot)

    return run


def still_cursor() -> Callable[..., Awaitable[None]]:
    """A focused field's cursor blinks: keep it still, or pictures differ by their timing."""

    async def run(pilot) -> None:
        for field in pilot.app.screen.query("Input"):
            field.cursor_blink = False
        await pilot.pause()

    return run


# name → (a new app, what to do before the picture)
SCENES: dict[str, tuple[Callable[[], ChutesApp], Before]] = {
    "setup": (lambda: ChutesApp(board_name="standard"), still_cursor()),
    "game": (lambda: ChutesApp(game=mid_game()), keys(cursor=28)),
    "leela": (lambda: ChutesApp(game=leela_game()), keys(cursor=68)),
    "inspector": (lambda: ChutesApp(game=two_player_game()), keys("i", cursor=28)),
    "overlay": (lambda: ChutesApp(game=two_player_game()), keys("o")),
    "overlay-win": (lambda: ChutesApp(game=two_player_game()), keys("o", "o", "o", "o")),
    "flow": (lambda: ChutesApp(game=two_player_game()), keys(*["o"] * 5, *["greater_than_sign"] * 11)),
    "diagonal": (lambda: ChutesApp(game=two_player_game()), diagonal()),
    "spectrum": (lambda: ChutesApp(game=two_player_game()), spectrum()),
    "help": (lambda: ChutesApp(game=two_player_game()), keys("question_mark")),
    "exact": (lambda: ChutesApp(game=two_player_game()), exact_dialog()),
    "picker": (lambda: ChutesApp(game=two_player_game()), keys("b")),
    "editor": (lambda: ChutesApp(game=two_player_game()), keys("e")),
    "suggest-target": (lambda: ChutesApp(game=two_player_game()), suggestion(None)),
    "suggest": (lambda: ChutesApp(game=two_player_game()), suggestion("30")),
    "winner": (lambda: ChutesApp(game=finished_game()), None),
    "setup-12": (lambda: ChutesApp(players=default_players(12, humans=2)), still_cursor()),
    "game-12": (lambda: ChutesApp(game=twelve_players_game()), keys(cursor=28)),
    "winner-12": (lambda: ChutesApp(game=twelve_players_finished()), None),
    # The dialogs: the editor's rules, where to save a game, a question before losing one.
    "rules": (lambda: ChutesApp(game=two_player_game()), dialog("RulesScreen", "e", "l")),
    "rules-refused": (lambda: ChutesApp(game=two_player_game()), refused_rules()),
    # The choices (issue 27's decisions) in the setup and in the rules dialog.
    "setup-choices": (lambda: ChutesApp(board_name="standard"), setup_choices()),
    "rules-choices": (lambda: ChutesApp(game=choosing_game()), rules_choices()),
    "save-as": (lambda: ChutesApp(game=two_player_game()), dialog("SaveScreen", "s", typed="Ann.json")),
    "confirm": (lambda: ChutesApp(game=two_player_game()), question_after_a_turn()),
    # Review mode: a game in progress stepped back two turns; a finished one at its first swing.
    "review": (lambda: ChutesApp(game=mid_game()), review("left", "left")),
    "review-swing": (lambda: ChutesApp(game=finished_game()), review("home", "j")),
    # A board with choices (issue 27): the die asked for, each with the solver's value.
    "choice-hints": (lambda: ChutesApp(game=choosing_game()), choice_with_hints()),
    # Pawns: two a player, numbered on the board and in the players' table; which pawn moves.
    # Three players choosing: exact odds, and the status says what they assume.
    "choice-three": (lambda: ChutesApp(game=three_choosing()), odds_shown()),
    # The same with the side panel shown ('w') at 60×20: the status in its 17 columns' words.
    "choice-three-panel": (lambda: ChutesApp(game=three_choosing()), panel_shown(odds_shown())),
    "pawns": (lambda: ChutesApp(game=pawns_game()), odds_shown(estimated=True)),
    "pawn-choice": (lambda: ChutesApp(game=pawns_game()), pawn_choice_with_hints()),
}


async def write_all(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, (make, before) in SCENES.items():
        for width, height in SIZES:
            app = make()
            async with app.run_test(size=(width, height)) as pilot:
                await pilot.pause()
                if before is not None:
                    await before(pilot)
                app.save_screenshot(str(directory / f"{name}-{width}x{height}.svg"))


if __name__ == "__main__":
    asyncio.run(write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "gallery")))
