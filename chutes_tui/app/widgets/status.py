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
    speed: str
    paused: bool


class StatusPanel(Static):
    """Shows ``status``; a new value repaints it (fixed size: no layout pass)."""

    status: reactive[Status | None] = reactive(None, layout=False)

    def watch_status(self, status: Status | None) -> None:
        if status is None:
            return
        game = status.snapshot
        if game.winner is not None:
            line, prompt = f"{game.names[game.winner]} has won", ""
        else:
            line = f"{game.names[game.to_move]} to move"
            prompt = "press Space to roll" if status.person_to_move else ""
        odds = game.odds
        moves = (
            f"≈ {odds.expected_total_moves:.1f} moves ({odds.expected_rounds:.1f} rounds) to go"
            if odds is not None
            else "No live odds on a board this large: see chutes-tui analyze"
        )
        paused = " · paused" if status.paused else ""
        text = f"Turn {game.turn}: {line}\n{prompt}\n{moves}\nSpeed {status.speed}{paused}"
        self.update(Text(text), layout=False)
