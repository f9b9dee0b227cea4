"""The game's session without a screen (app/screens/gamesession.py): what leaving a game would
lose, and saving it, with a stand-in for the screen that records its notes."""

from types import SimpleNamespace

from chutes_tui.app.controller import TurnController
from chutes_tui.app.screens.gamesession import GameSession
from chutes_tui.engine.game import Game
from chutes_tui.model.players import default_players, parse_player_spec
from tests.app.test_controller import FakeClock, RecordingView


class StandIn:
    """The screen as the session uses it: an app that is not served, notes."""

    def __init__(self):
        self.app = SimpleNamespace(is_web=False)
        self.notes = []

    def notify(self, message, **options):
        self.notes.append(message)


def session(board, players, *, turns=0, save_path=None, save_replaces=True, board_unsaved=False):
    game = Game.new(board, players, 5)
    for _ in range(turns):
        game.roll()
    control = TurnController(game, RecordingView(), FakeClock())
    screen = StandIn()
    kept = GameSession(
        screen,
        control,
        control.start,
        save_path=save_path,
        save_replaces=save_replaces,
        board_unsaved=board_unsaved,
    )
    return kept, screen


def test_a_game_in_progress_that_a_person_plays_is_at_stake(standard):
    fresh, _ = session(standard, parse_player_spec("Ann,Bob"))
    assert not fresh.at_stake and fresh.unsaved_work() == []
    game = fresh.controller.game
    for _ in range(3):
        game.roll()
    assert fresh.at_stake and fresh.unsaved_work() == ["the game (3 turns, not saved)"]
    watched, _ = session(standard, default_players(2))
    watched.controller.game.roll()
    assert not watched.at_stake  # nobody plays in a watched game
    game.play_out()
    assert not fresh.at_stake  # a game that is over loses nothing


def test_a_resumed_game_counts_the_turns_since_its_file(standard):
    resumed, _ = session(standard, parse_player_spec("Ann,Bob"), turns=4)
    assert not resumed.at_stake  # its turns are in the file it came from
    resumed.controller.game.roll()
    assert resumed.unsaved_work() == ["the game (1 turn since its last save)"]


def test_a_board_from_the_editor_is_lost_unless_the_next_game_keeps_it(standard):
    edited, _ = session(standard, default_players(2), board_unsaved=True)
    board = "the board edited in the editor that this game is played on"
    assert edited.unsaved_work() == [board] and edited.unsaved_work(keeping_board=True) == []
    done = []
    edited.confirm_then("Rematch?", lambda: done.append("rematch"), keeping_board=True)
    assert done == ["rematch"]  # nothing lost: no question


def test_a_save_keeps_the_game_and_the_board(standard, tmp_path):
    path = tmp_path / "g.json"
    kept, screen = session(standard, parse_player_spec("Ann,Bob"), save_path=path, board_unsaved=True)
    game = kept.controller.game
    game.roll()
    game.roll()
    kept.save()
    assert Game.load(path).positions == game.positions and kept.unsaved_work() == []
    assert screen.notes[-1].startswith(f"Saved to {path}") and "--resume" in screen.notes[-1]


def test_a_save_that_would_replace_someone_elses_file_asks_for_a_name(standard, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("theirs")
    kept, screen = session(standard, parse_player_spec("Ann,Bob"), save_path=path, save_replaces=False)
    kept.controller.game.roll()
    kept.save()
    assert path.read_text() == "theirs" and kept.save_path is None and kept.at_stake
    assert screen.notes == [f"Not saved: {path} appeared since the game began; press s to choose a name"]
