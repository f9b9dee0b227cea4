"""The players panel: token, name, square, expected turns left, chance to win (and a bar).

A line-API widget: a header and one line per player, drawn straight into segments. (A
DataTable re-rendered every cell after each move, about half of a move's whole update.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from chutes_tui.app.themes import ink
from chutes_tui.app.widgets.basestyle import CachedBaseStyle
from chutes_tui.engine.turn import Snapshot
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.text import elide, percent_shares

BAR_WIDTH = 10
NAME_WIDTH = 10
COMPACT_NAME_WIDTH = 7
MAX_NAME_WIDTH = 24
NAME_LEAST = 4  # letters of a cut name kept before its '·cpu' mark


def _bar(p: float) -> str:
    """``p`` of :data:`BAR_WIDTH` cells in eighths (the differences show, not only the whole)."""
    filled = p * BAR_WIDTH
    whole = int(filled)
    partial = " ▏▎▍▌▋▊▉"[int((filled - whole) * 8)] if whole < BAR_WIDTH else ""
    return ("█" * whole + partial.strip()).ljust(BAR_WIDTH)


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    width: int
    right: bool = False  # numbers are right-aligned


class PlayersTable(CachedBaseStyle, Widget):
    """One line per player, redrawn whenever ``snapshot`` (the game, frozen) changes.

    In compact mode (small terminals) the bar column is left out, names are shorter and the
    columns closer, so the win column always fits a 28-column panel.
    """

    COMPONENT_CLASSES = {"players--header", "players--stripe", "players--to-move"}

    DEFAULT_CSS = """
    PlayersTable { height: auto; max-height: 13; }
    PlayersTable > .players--header { color: $text-muted; text-style: bold; }
    PlayersTable > .players--stripe { background: $surface-lighten-1; }
    PlayersTable > .players--to-move { text-style: bold; }
    """

    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, layout=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.specs: list[PlayerSpec] = []
        self.mark_computers = False
        self.compact = False
        self.digits = 3  # the widest square number on the board (a 100,000-square one has 6)
        self.pawns = 1  # squares a player's line shows: one per pawn ("0·17")
        self.cells: dict[tuple[str, str], str] = {}  # (seat, column) → the text shown

    def reset(self, specs: Sequence[PlayerSpec], end: int = 100, pawns: int = 1) -> None:
        self.specs = list(specs)
        self.digits = max(3, len(str(end)))
        self.pawns = pawns
        # Mark computers only when people play too; in a watched game every seat is one.
        self.mark_computers = any(spec.human for spec in specs)
        self.snapshot = None
        self.refresh(layout=True)

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.refresh()

    def get_cell(self, seat: str, column: str) -> str:
        """What the table shows for ``seat`` (``"0"``, ``"1"``…) in ``column`` (tests read it)."""
        return self.cells.get((seat, column), "")

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + len(self.specs)

    def columns(self) -> list[Column]:
        """The columns that fit the panel: names take what the others leave (within limits),
        so "Turing·cpu" is whole where it fits. In compact mode a panel too narrow for the
        least name (beside a board at 80 columns with pawns) lets "left" go, then "sq" (the
        board shows the squares); the win column always stays."""
        squares = self.pawns * (self.digits + 1) - 1  # each pawn's square, "0·17"
        gap = 1 if self.compact else 2
        others = [
            Column("token", "", 1),
            Column("square", "sq" if self.pawns == 1 else "pawns", squares, True),
            Column("left", "left", 5, True),
            Column("win", "win", 6, True),
        ]
        if not self.compact:
            others.append(Column("bar", "", BAR_WIDTH))
        least = COMPACT_NAME_WIDTH if self.compact else NAME_WIDTH

        def room(columns: list[Column]) -> int:  # the name's, beside ``columns`` and the gaps
            return self.size.width - sum(c.width for c in columns) - gap * len(columns)

        for dropped in ("left", "square") if self.compact else ():
            if room(others) >= least:
                break
            others = [c for c in others if c.key != dropped]
        name = Column("name", "player", max(least, min(MAX_NAME_WIDTH, room(others))))
        return [others[0], name, *others[1:]]

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        """Work out every cell's text ("…" while the live statistics are being worked out)."""
        self.cells = {}
        if snapshot is None or len(snapshot.positions) != len(self.specs):
            self.refresh()
            return
        win = snapshot.odds.win if snapshot.odds is not None else None
        estimated = snapshot.estimate is not None  # a Monte Carlo estimate's: whole percents
        # The seats' chances as a set that adds up to 100% (rounded one by one: 101% at times).
        shown = None if win is None else percent_shares(win, 0 if estimated else 1)
        for seat, spec in enumerate(self.specs):
            key = str(seat)
            suffix = "·cpu" if self.mark_computers and not spec.human else ""
            arrow = "▶" if seat == snapshot.to_move else " "
            self.cells[key, "token"] = spec.token
            self.cells[key, "name"] = arrow + spec.name + suffix
            squares = snapshot.pawns[seat] if snapshot.pawns else (snapshot.positions[seat],)
            self.cells[key, "square"] = "·".join(map(str, squares))
            left = snapshot.turns_left
            pending = "—" if snapshot.winner is not None or snapshot.no_odds is not None else "…"
            self.cells[key, "left"] = pending if left is None else _turns(left[seat])
            self.cells[key, "win"] = pending if shown is None else ("≈" if estimated else "") + shown[seat]
            self.cells[key, "bar"] = "" if win is None else _bar(win[seat])
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        gap = " " if self.compact else "  "
        base = self.base_style
        if y == 0:
            header = self.get_component_rich_style("players--header")
            text = gap.join(self._fit(c.title, c) for c in self.columns())
            return Strip([Segment(text, header)]).adjust_cell_length(width, header).apply_style(base)
        seat = y - 1
        if seat >= len(self.specs):
            return Strip.blank(width, base)
        spec, key = self.specs[seat], str(seat)
        line = Style()
        if seat % 2:
            line += self.get_component_rich_style("players--stripe")
        if self.snapshot is not None and seat == self.snapshot.to_move:
            line += self.get_component_rich_style("players--to-move")
        segments = []
        for index, column in enumerate(self.columns()):
            if index:
                segments.append(Segment(gap, line))
            text = self._fit(self.cells.get((key, column.key), ""), column, seat)
            colored = column.key in ("token", "bar")
            if colored:  # the player's colour, readable on this line's background (and in grey)
                background = (base + line).bgcolor
                pen = Style(color=ink(self.app, spec.color, background), bold=True)
            segments.append(Segment(text, line + pen if colored else line))
        return Strip(segments).adjust_cell_length(width, line).apply_style(base)

    def _fit(self, text: str, column: Column, seat: int | None = None) -> str:
        if column.key == "name" and seat is not None and len(text) > column.width:
            # A long name is cut, not its "·cpu" mark -- unless the mark would leave fewer than
            # NAME_LEAST of the name's letters ("Be·cpu"): the name says who it is.
            spec = self.specs[seat]
            suffix = "·cpu" if self.mark_computers and not spec.human else ""
            arrow, room = text[0], column.width - 1  # 1: the arrow's place
            if room - len(suffix) >= NAME_LEAST:
                text = arrow + self._cut(spec.name, room - len(suffix)) + suffix
            else:  # the mark gives way whole (not "Best·cp")
                text = arrow + self._cut(spec.name, room)
        text = text[: column.width]
        return text.rjust(column.width) if column.right else text.ljust(column.width)

    def _cut(self, name: str, room: int) -> str:
        """``name`` in ``room`` letters, a cut marked "…": its start ("Turi…": cut bare, "Turing"
        read "Turin"), or where another player's name starts the same, its start and its end
        (cut at the end, "Player 1" and "Player 2" both read "Player" at 60x20: "Play… 1")."""
        if len(name) <= room:
            return name
        start = name[: room - 1]
        shared = sum(spec.name.startswith(start) for spec in self.specs) > 1
        return elide(name, room) if shared else start + "…"


def _turns(value: float) -> str:
    """Expected turns in the five characters of the ``left`` column (long boards: 37,000; nan:
    not known, beyond the solvers)."""
    if math.isnan(value):
        return "—"
    if value < 999.95:
        return f"{value:.1f}"
    return f"{value:.0f}" if value < 99_999.5 else f"{value / 1000:.0f}k"
