"""Where the game stands, in words: whose turn, what a person should press, how long is left,
the computer players' pace."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from chutes_tui.engine.live import shorter
from chutes_tui.engine.turn import Snapshot
from chutes_tui.model.text import shown

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


def fitted(width: int, *forms: str) -> str:
    """The first of ``forms`` (the longest first) that fits ``width`` columns (0: any), else the
    last: a shorter set of words, never a line cut mid-word."""
    return next((form for form in forms if not width or cell_len(form) <= width), forms[-1])


def status_text(status: Status, *, narrow: bool, width: int = 0) -> Text:
    """Whose turn, what to press, how long the game has left (in turns by anyone and in rounds:
    the mean of the first finish over all players), the pace. Every line fits ``width`` where it
    can (0: any width), in shorter words where the longer would wrap: a wrapped line takes a row
    the status does not have to spare (at 160×50 'until someone wins' wrapped onto a line of its
    own; the side panel at 60×20 is 17 columns)."""

    def fits(line: str) -> bool:
        return not width or cell_len(line) <= width

    def named(name: str, around: str) -> str:
        """``around`` with ``name`` in it (``{}``), the name elided where the line would wrap."""
        room = width - cell_len(around.format(""))
        return around.format(name if not width or room >= cell_len(name) else shown(name, max(room, 4)))

    game = status.snapshot
    prompt = fitted(width, "press Space to roll", "Space to roll") if status.person_to_move else ""
    if game.winner is not None:
        lines = [named(game.names[game.winner], "{} has won")]
        if status.speed:  # the game, not a review of it
            keys = "r: rematch · n: new game"
            lines += [keys] if fits(keys) else keys.split(" · ")
    else:  # the turn about to be played, numbered as the log and review number turns (from 1)
        turn, name = game.turn + 1, game.names[game.to_move]
        mover = f"Turn {turn}: {name} to move"
        joined = mover + (f" — {prompt}" if prompt else "")
        if not narrow and fits(joined):
            lines = [joined]
        else:  # narrow: the prompt's line even when empty, so the lines below stay put
            mover = mover if fits(mover) else named(name, f"Turn {turn} · {{}}")
            lines = [mover, prompt] if narrow or prompt else [mover]
    odds = game.odds
    if odds is None and game.winner is None:
        if game.no_odds:
            lines.append(fitted(width, game.no_odds, *shorter(game.no_odds)))
        else:
            lines.append(fitted(width, "Working out the odds…", "Working out odds…"))
    elif odds is not None and game.winner is None:
        moves, rounds = odds.expected_total_moves, odds.expected_rounds
        # While a long board's newest position is worked out, the latest known odds say whose.
        if game.stale:  # short: at 80 columns a longer line wraps over the speed line
            was = game.odds_turn
            line = fitted(
                width,
                f"≈ {moves:.0f} more turns (as of turn {was})",
                f"as of turn {was}: ≈{moves:.0f} left",
                f"turn {was}: ≈{moves:.0f} left",
                f"≈{moves:.0f} (turn {was})",
            )
        else:
            short = f"≈ {moves:.1f} more turns in all"
            full = f"{short} ({rounds:.1f} rounds) until someone wins"
            if narrow:
                line = fitted(width, short, f"≈{moves:.1f} turns left", f"≈{moves:.0f} turns left")
            else:
                line = full if fits(full) else f"{short} ({rounds:.1f} rounds)"
        # On a board with decisions: what the odds assume the players do (its own line when
        # narrow, or when it would make the line wrap; "…, cpu:naive too" two where one wraps;
        # each in its short words where the long ones wrap).
        joined, said = f"{line}, {game.assumed}", game.assumed
        if not said:
            lines.append(line)
        elif not narrow and fits(joined):
            lines.append(joined)
        elif fits(said) and not narrow:
            lines += [line, said]
        else:
            lines += [line, *(fitted(width, part, *shorter(part)) for part in said.split(", "))]
        if game.estimate is not None:  # beyond the solvers (issue 27): a Monte Carlo estimate
            lines.append(estimate_words(game.estimate, narrow=narrow, width=width))
    if status.speed:
        speed = f"Speed {status.speed}"
        lines.append(
            fitted(width, f"{speed} · paused", f"Paused at {status.speed}") if status.paused else speed
        )
    return Text("\n".join(lines))


def estimate_words(estimate: Estimate, *, narrow: bool, width: int = 0) -> str:
    """``estimated from 2,000 games (± 1.1%)`` (what the players do is said above it:
    ``Snapshot.assumed``), in fewer words where ``width`` is narrow."""
    error = max(estimate.chance_se(seat) for seat in range(len(estimate.wins)))
    if len(estimate.wins) == 1:
        error = estimate.turns_se  # one player: the turns are the estimate
        spread = f"± {error:.1f} turns"
    else:
        spread = f"± {error:.1%}"
    tight, games = spread.replace("± ", "±"), f"{estimate.games:,} games"
    if narrow:  # 28 columns at 80, 17 at 60×20 (the side panel)
        return fitted(width, f"estimated: {games} {tight}", f"{games} {tight}", f"est. {tight}")
    return f"estimated from {games} ({spread})"
