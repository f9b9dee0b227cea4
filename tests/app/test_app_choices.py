"""A board with decisions in the app (issue 27): a person is asked, hints show the solver's
numbers, cpu:best plays the solver's policy in watch mode, and review marks the blunders."""

import pytest

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.dialogs.choice import ChoiceScreen
from chutes_tui.app.dialogs.winner import WinnerScreen, summary_table
from chutes_tui.app.screens.game import GameScreen
from chutes_tui.app.screens.review import ReviewScreen
from chutes_tui.app.widgets.players import PlayersTable
from chutes_tui.app.widgets.status import StatusPanel
from chutes_tui.cli.watch import seats
from chutes_tui.engine.advice import advice
from chutes_tui.engine.blunders import choice_costs
from chutes_tui.engine.fewest import fewest_odds
from chutes_tui.engine.game import Game
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.players import Play, parse_player_spec
from chutes_tui.model.text import percent_shares
from tests.app.helpers import asked_with_hints, settle, text_of, wait_for

DICE = ((5, 5, 5, 1, 1, 1), (4, 4, 4, 4, 0, 0), (3, 3, 3, 3, 3, 3), (6, 6, 2, 2, 2, 2))


def choosing_board():
    return load_board("standard").replace(dice_choice=DICE, after_roll="flip")


async def test_a_person_is_asked_and_the_hints_are_the_solvers():
    board = choosing_board()
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best"), seed=3, play_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        shown = await asked_with_hints(pilot, "to win")
        values = advice(board, 2).dice((0, 0), 0)  # the duel's value of each die from the start
        for number, (faces, value) in enumerate(zip(DICE, values, strict=True), start=1):
            line = next(line for line in shown.splitlines() if f"die {','.join(map(str, faces))}" in line)
            assert line.split()[0] == str(number) and f"{value:.1%} to win" in line
        starred = [line for line in shown.splitlines() if "★" in line]
        assert len(starred) == 1 and f"{max(values):.1%} to win" in starred[0]
        await pilot.press("4")  # die 4: (6,6,2,2,2,2)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ChoiceScreen) and app.screen.prompt.options[0].words.startswith("move")
            ),
        )
        die, face = screen.game.drawn
        assert die == 3 and face in (2, 6)
        shown = text_of(app.screen.query_one("#choice-options").content)
        after = advice(board, 2).options((0, 0), 0, 3, face)
        assert f"{after[0]:.1%} to win" in shown and f"{after[1]:.1%} to win" in shown
        await pilot.press("escape")  # put off: the die stays rolled, and is asked about again
        await settle(pilot)
        assert screen.game.drawn == (3, face) and not screen.game.history
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("2")  # flip
        await wait_for(pilot, lambda: len(screen.game.history) >= 1)
        turn = screen.game.history[0]
        assert (turn.choice.die, turn.choice.face, turn.choice.option) == (3, face, 1)
        assert turn.choice.coin in (0, 1)


async def test_watch_cpu_best_against_cpu_naive_plays_the_policies_through():
    board = choosing_board()
    players = seats("cpu:best,cpu:naive")
    assert [p.play for p in players] == [Play.BEST, Play.NAIVE] and [p.name for p in players] == [
        "Best",
        "Naive",
    ]
    app = ChutesApp(board=board, players=players, seed=4, watch=True, speed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen), timeout=60)
        game = app.screen.game
        pair = advice(board, 2)
        positions = [0, 0]
        for turn in game.history:
            if turn.seat == 0:
                assert turn.choice.die == pair.die(Play.BEST, tuple(positions), 0)
                assert (turn.choice.pawn, turn.choice.option) == pair.choice(
                    Play.BEST, tuple(positions), 0, turn.choice.die, turn.choice.face
                )
            else:
                assert (turn.choice.die, turn.choice.option) == (0, 0)
            positions[turn.seat] = turn.final
        counted = [
            sum(c.blunder for c in choice_costs(board, 2, game.history) if c.seat == s) for s in (0, 1)
        ]
        assert counted[0] == 0 and game.summary().blunders == tuple(counted)
        table = text_of(summary_table(game))
        assert "blunders ??" in table


async def test_review_marks_the_blunders():
    board = choosing_board()
    game = Game.new(board, parse_player_spec("cpu:naive,cpu:best"), seed=2)
    game.play_out()
    costs = choice_costs(board, 2, game.history)
    blunders = [c.turn for c in costs if c.blunder]
    assert blunders and all(c.seat == 0 for c in costs if c.blunder)
    app = ChutesApp(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, WinnerScreen))
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        lines = app.screen.log_view.lines
        marked = [line for line in lines if "?? cost " in line]
        assert len(marked) == len(blunders)
        first = next(c for c in costs if c.blunder)
        assert any(
            f"{first.turn:>3}. " in line and f"?? cost {first.cost:.1%} to win" in line for line in marked
        )


async def test_three_players_odds_on_a_board_with_choices_say_what_they_assume():
    """Three players each play for fewest turns (cpu:best's policy with more than two): without
    the bump rule the odds are exact and say so; with it the players interact, and the odds are
    an estimate, said so too. The cpu:naive seat is counted as playing so too, which the status
    says on a line of its own (at 80x24 it makes the estimated status seven lines)."""
    board = choosing_board()
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best,cpu:naive"), seed=3, play_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.game
        assert game.no_odds is None and game.instant and screen.has_class("deciding")
        exact = fewest_odds(board, (0, 0, 0), 0)
        status = text_of(screen.query_one(StatusPanel).content)
        said = "if all play for fewest turns\ncpu:naive too"
        assert f"≈ {exact.expected_total_moves:.1f} more turns in all\n{said}" in status
        assert "Speed" in status and "estimated" not in status
        table = screen.query_one(PlayersTable)
        cells = [table.get_cell(str(seat), "win") for seat in range(3)]
        assert cells == list(percent_shares(exact.win, 1))
    bumping = board.replace(bump=True)
    app = ChutesApp(board=bumping, players=parse_player_spec("Ann,cpu:best,cpu:naive"), seed=3, play_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game = screen.game
        assert game.no_odds is None and not game.instant  # the feed's worker estimates them
        await wait_for(pilot, lambda: screen.controller.live.snapshot(game).estimate is not None)
        snapshot = screen.controller.live.snapshot(game)
        status = text_of(screen.query_one(StatusPanel).content)
        error = max(snapshot.estimate.chance_se(seat) for seat in range(3))
        assert f"{said}\nestimated: 2,000 games ±{error:.1%}\nSpeed" in status
        assert "Working out" not in status
        # Every line shown: the status is taller on a board with decisions (it cut the speed off),
        # one line taller still with the estimate's and cpu:naive's.
        assert screen.query_one(StatusPanel).size.height == 7 == len(status.rstrip("\n").splitlines())
        table = screen.query_one(PlayersTable)
        cells = [table.get_cell(str(seat), "win") for seat in range(3)]
        assert cells == [f"≈{win}" for win in percent_shares(snapshot.odds.win)]
        assert sum(snapshot.odds.win) == pytest.approx(1.0) and snapshot.estimate.games == 2_000


async def test_the_setup_screen_seats_a_naive_computer(private_dirs):
    from chutes_tui.app.screens.setup import SetupScreen
    from chutes_tui.app.widgets.cycle import Cycle

    app = ChutesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        kind = setup.query_one("#kind-1", Cycle)
        assert kind.value == "cpu"
        kind.choose("cpu:naive")
        players = setup.chosen_players()
        assert (players[1].human, players[1].play) == (False, Play.NAIVE)
        kind.choose("cpu")
        assert setup.chosen_players()[1].play is Play.BEST


async def test_a_question_asked_before_the_solver_finished_shows_its_values_when_it_does(monkeypatch):
    """The person rolls before the solver's worker is done: the question opens without values,
    and shows them (the same as when solved first) once the worker finishes, still open."""
    import threading

    from chutes_tui.app.screens import game as game_screen

    board = choosing_board()
    gate = threading.Event()

    def held(board, players, stop=None):
        gate.wait(20)
        return advice(board, players, stop)

    monkeypatch.setattr(game_screen, "advice", held)
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best"), seed=3, play_now=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        shown = await asked_with_hints(pilot, "to win")
        asking = app.screen
        assert "working out…" in shown and asking.prompt.scale is None
        gate.set()
        await wait_for(pilot, lambda: asking.prompt.scale is not None)
        assert app.screen is asking  # the same question, still open
        values = advice(board, 2).dice((0, 0), 0)
        shown = text_of(asking.query_one("#choice-options").content)
        assert "working out…" not in shown
        assert all(f"{value:.1%} to win" in shown for value in values)
        assert sum("★" in line for line in shown.splitlines()) == 1


async def test_a_persons_die_spins_the_chosen_dies_faces_and_shows_a_0_as_0(monkeypatch):
    """The die a person chose spins its own faces, shown as the squares they move ([0] stays
    put), never as a d6's pips (a 0 was drawn as ⚅ before)."""
    from chutes_tui.app.controller import SPIN_FACES
    from chutes_tui.app.widgets.panels import GamePanels

    shown_faces = []
    real = GamePanels.show_die

    def recording(self, game, roll, turn):
        real(self, game, roll, turn)
        if roll is not None and turn is not None and turn.number == 1:  # the person's turn
            shown_faces.append((roll, str(self.query_one("#die").content)))

    monkeypatch.setattr(GamePanels, "show_die", recording)
    board = choosing_board()
    app = ChutesApp(board=board, players=parse_player_spec("Ann,cpu:best"), seed=3, play_now=True, speed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("space")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("2")  # die 4,4,4,4,0,0
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen) and screen.game.drawn is not None)
        await pilot.press("1")  # move
        await wait_for(pilot, lambda: len(screen.game.history) >= 1 and not screen.controller.animating)
        turn = screen.game.history[0]
        assert turn.choice.die == 1
        assert len(shown_faces) > SPIN_FACES and shown_faces[-1][0] == turn.last_face
        assert {roll for roll, _ in shown_faces} == {0, 4}  # the spin showed both faces
        assert all(text == f"[{roll}]" for roll, text in shown_faces)


async def test_the_help_says_how_cpu_best_breaks_ties():
    """With three or more players the exact chances depend on which of several equally good
    choices cpu:best takes: the help's choices note names the rule (analysis/ties.py)."""
    app = ChutesApp(
        board=choosing_board(), players=parse_player_spec("Ann,cpu:best,Cy"), seed=3, play_now=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        notes = dict(app.screen.notes)
        assert "two choices are exactly as good, cpu:best takes the first listed" in notes["Choices"]
