"""A game's end and its review: the winner's dialog and what it offers (a rematch, a new game,
quit, the review), the review of the game's turns, and a new game played on from one of them.

A collaborator of :class:`~chutes_tui.app.screens.game.GameScreen`: it opens the dialogs over
the screen it is given, asks the :class:`~chutes_tui.app.screens.gamesession.GameSession` for
a rematch or a new game (which ask first when work would be lost), and starts a game played on
through the screen's ``play``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.screen import Screen

from chutes_tui.app.controller import TurnController
from chutes_tui.app.screens.gamesession import GameSession
from chutes_tui.app.widgets.turnlog import TurnLog
from chutes_tui.engine.game import Game

# The review screen and the winner's dialog are imported when they open: the first frame needs
# neither.


class GameEnd:
    """``replay``: the game is a replayed save, to open in review mode from its start with this
    line (until the review opens); ``play(game, afresh)``: see the game screen's ``play``."""

    def __init__(
        self,
        screen: Screen[Any],
        controller: TurnController,
        session: GameSession,
        play: Callable[[Game, bool], None],
        replay: tuple[str, ...] | None,
    ) -> None:
        self.screen = screen
        self.controller = controller
        self.session = session
        self.play = play
        self.replay = replay

    @property
    def game(self) -> Game:
        return self.controller.game

    def started(self) -> None:
        """The screen is up: a replayed save opens in review mode from its start."""
        if self.replay is not None and not self.game.finished:
            self.review(0, notice=self.replay)

    def announce_winner(self, game: Game, loop: bool) -> None:
        summary = game.summary()
        if loop:
            name = game.players[summary.winner].spec.name
            # In the header, not a toast: a toast is a new widget every game, and Textual 8.2 keeps
            # every removed widget's rendered lines alive (StylesCache.get_inner_outer has an
            # lru_cache keyed on the instance, Textualize/textual#6665): ~1 MB a minute.
            self.screen.sub_title = f"last game: {name} won in {summary.turns} turns"
            return
        if self.replay is not None:  # a replayed save that ends in a win: its review comes first
            self.review(0, notice=self.replay, then_winner=True)
            return
        self._winner_dialog(game)

    def _winner_dialog(self, game: Game) -> None:
        from chutes_tui.app.dialogs.winner import WinnerScreen

        self.screen.app.push_screen(WinnerScreen(game), self._after_winner)

    def _after_winner(self, choice: str | None) -> None:
        if choice == "rematch":
            self.session.rematch()
        elif choice == "new":
            self.session.new_game()
        elif choice == "quit":  # as ctrl+q: asks when any screen holds work
            self.screen.call_later(self.screen.app.run_action, "quit")
        elif choice == "review":
            self.review(then_winner=True)

    def review(
        self, turn: int | None = None, notice: tuple[str, ...] = (), then_winner: bool = False
    ) -> None:
        """Review this game from ``turn`` (``None``: the last); ``then_winner``: Esc goes back to
        the winner's dialog."""
        from chutes_tui.app.screens.review import PlayOn, ReviewScreen
        from chutes_tui.engine.review import Review

        self.replay = None

        def back(choice: PlayOn | None) -> None:
            if isinstance(choice, PlayOn):
                self._play_on_from(choice.turn)
            elif then_winner and self.game.finished:
                self._winner_dialog(self.game)

        self.screen.app.push_screen(ReviewScreen(Review(self.game), turn, notice), back)

    def _play_on_from(self, turn: int) -> None:
        """A new game from this game's position after ``turn`` turns, with fresh dice, said so in
        the log and in a note."""
        from chutes_tui.engine.review import play_on

        game = play_on(self.game, turn)  # the review asked first
        self.play(game, True)
        words = f"Played on from turn {turn} with fresh dice (seed {game.seed})"
        self.screen.query_one(TurnLog).write(Text(f"— {words} —", style="bold"))
        self.screen.notify(words, markup=False)
