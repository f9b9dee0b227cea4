"""Where the game stands, in words: whose turn, what a person should press, how long is left,
the computer players' pace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from chutes_tui.engine.turn import Snapshot

if TYPE_CHECKING:
    from chutes_tui.engine.estimate import Estimate  # numpy: only once a game is estimated


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
            width = self.size.width
            self.update(status_text(status, narrow=width < NARROW, width=width), layout=False)

    def on_resize(self) -> None:
        self.watch_status(self.status)


NARROW = 40  # below this many columns the status uses its short words


def status_text(status: Status, *, narrow: bool, width: int = 0) -> Text:
    """Whose turn, what to press, how long the game has left (in turns by anyone and in rounds:
    the mean of the first finish over all players), the pace. The odds' lines fit ``width``
    where they can (0: any width): a wrapped line takes a row the status does not have to spare
    (at 160×50 'until someone wins' wrapped onto a line of its own)."""

    def fits(line: str) -> bool:
        return not width or len(line) <= width

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
        lines.append(game.no_odds or "Working out the odds…")
    elif odds is not None and game.winner is None:
        moves, rounds = odds.expected_total_moves, odds.expected_rounds
        # While a long board's newest position is worked out, the latest known odds say whose.
        if game.stale:  # short: at 80 columns a longer line wraps over the speed line
            line = f"≈ {moves:.0f} more turns (as of turn {game.odds_turn})"
        else:
            short = f"≈ {moves:.1f} more turns in all"
            full = f"{short} ({rounds:.1f} rounds) until someone wins"
            line = short if narrow else full if fits(full) else f"{short} ({rounds:.1f} rounds)"
        # On a board with decisions: what the odds assume the players do (its own line when
        # narrow, or when it would make the line wrap; "…, cpu:naive too" two where one wraps).
        joined, said = f"{line}, {game.assumed}", game.assumed
        if not said:
            lines.append(line)
        elif not narrow and fits(joined):
            lines.append(joined)
        else:
            lines += [line, *([said] if fits(said) and not narrow else said.split(", "))]
        if game.estimate is not None:  # beyond the solvers (issue 27): a Monte Carlo estimate
            lines.append(estimate_words(game.estimate, narrow=narrow))
    if status.speed:
        lines.append(f"Speed {status.speed}" + (" · paused" if status.paused else ""))
    return Text("\n".join(lines))


def estimate_words(estimate: Estimate, *, narrow: bool) -> str:
    """``estimated from 2,000 games (± 1.1%)`` (what the players do is said above it:
    ``Snapshot.assumed``)."""
    error = max(estimate.chance_se(seat) for seat in range(len(estimate.wins)))
    if len(estimate.wins) == 1:
        error = estimate.turns_se  # one player: the turns are the estimate
        spread = f"± {error:.1f} turns"
    else:
        spread = f"± {error:.1%}"
    if narrow:  # 28 columns at most: the side panel at 80
        return f"estimated: {estimate.games:,} games {spread.replace('± ', '±')}"
    return f"estimated from {estimate.games:,} games ({spread})"
