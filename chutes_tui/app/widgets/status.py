"""Where the game stands, in words: whose turn, what a person should press, how long is left,
the computer players' pace."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from chutes_tui.engine.game import Snapshot


@dataclass(frozen=True)
class Status:
    snapshot: Snapshot
    person_to_move: bool
    speed: str  # "": no speed line (a review)
    paused: bool


class StatusPanel(Static):
    """Shows ``status``; a new value repaints it (fixed size: no layout pass)."""

    status: reactive[Status | None] = reactive(None, layout=False)

    def watch_status(self, status: Status | None) -> None:
        if status is not None:
            self.update(status_text(status, narrow=self.size.width < NARROW), layout=False)

    def on_resize(self) -> None:
        self.watch_status(self.status)


NARROW = 40  # below this many columns the status uses its short words


def status_text(status: Status, *, narrow: bool) -> Text:
    """Whose turn, what to press, how long the game has left (in turns by anyone and in rounds:
    the mean of the first finish over all players), the pace."""
    game = status.snapshot
    prompt = "press Space to roll" if status.person_to_move else ""
    if game.winner is not None:
        lines = [f"{game.names[game.winner]} has won"]
        if status.speed:  # the game, not a review of it
            lines.append("r: rematch · n: new game")
    else:  # the turn about to be played, numbered as the log and review number turns (from 1)
        mover = f"Turn {game.turn + 1}: {game.names[game.to_move]} to move"
        lines = [mover, prompt] if narrow else [mover + (f" — {prompt}" if prompt else "")]
    odds = game.odds
    if odds is None and game.winner is None:
        lines.append(game.no_odds if game.no_odds is not None else "Working out the odds…")
    elif odds is not None and game.winner is None:
        moves, rounds = odds.expected_total_moves, odds.expected_rounds
        # While a long board's newest position is worked out, the latest known odds say whose.
        if game.stale:  # short: at 80 columns a longer line wraps over the speed line
            lines.append(f"≈ {moves:.0f} more turns (as of turn {game.odds_turn})")
        else:
            lines.append(
                f"≈ {moves:.1f} more turns in all"
                if narrow
                else f"≈ {moves:.1f} more turns in all ({rounds:.1f} rounds) until someone wins"
            )
    if status.speed:
        lines.append(f"Speed {status.speed}" + (" · paused" if status.paused else ""))
    return Text("\n".join(lines))
