"""Several rolls per random number: the Monte Carlo simulator's inner loop.

One uniform draw ``c`` in ``[0, d**k)`` (``rng.integers``: Lemire's method with rejection, so
no modulo bias) is ``k`` independent rolls of a ``d``-sided die, its base-``d`` digits. A
table indexed by ``state + c`` plays all ``k`` at once, so one draw, one add and one lookup
replace ``k`` of each: the draws dominate the cost, and one draw of a 16-bit code costs about
what one roll did.

Rows ``0..end-1`` are squares; a game that finishes within a group lands on a *finished row*
that says on which roll of the group it finished (``j``, 1..k) and, as later groups are played,
how many groups ago (``s``, saturating at ``CHECK_EVERY - 1``). Games are checked every
``CHECK_EVERY`` groups, so a finished game's turn is read from its row alone: no per-game
turn counter is kept, and the result is exact even when the game ends mid-group. Under the
extra-roll rule a group's turn count depends on its rolls, so a second table gives the turns
each group used and a per-game counter adds them (one more lookup per group).

Dice other than one fair die: a roll whose chances are whole numbers over a small total ``t``
(2d6: 36 ways) is a fair ``t``-sided die whose faces map to moves (several faces to one move),
so it packs just the same. A larger total (a spinner with fine decimal weights) plays one roll
per draw: a uniform whole number below ``t`` picks its move from the cumulative weights, exactly.

Finished slots are refilled with the next game of the block rather than compacted away, so the
arrays stay full until the block's last games drain. Each game's rolls are fresh draws taken
after it was given its slot and result index, so the results are i.i.d. in index order, which
seating consecutive games as one K-player game relies on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from chutes_tui.model.board import MAX_DIE, Board
from chutes_tui.model.dice import Dice
from chutes_tui.model.turns import beyond_rolls
from chutes_tui.sim.turnstates import turn_table

CHECK_EVERY = 2  # groups between looks for finished games: 3 and 4 measured no faster, and waste more draws
SLOTS = 1 << 15  # games in flight at once: arrays of a few hundred kB, calls long enough to amortise
TABLE_ENTRIES = 1 << 19  # bound on a multi-roll table (2 MB as int32): cache-sized lookups
# Relative cost of one group (draw + add + lookup) when codes and states are 16-bit against
# 32-bit, measured (benchmarks/bench_simulate.py): 32-bit draws cost half as much again.
COST_16, COST_32 = 1.0, 1.4
INT16_LIMIT = int(np.iinfo(np.int16).max)


@dataclass(frozen=True, eq=False)
class Plan:
    """A board's packed tables: ``table[row * codes + c]`` is the next row times ``codes``."""

    end: int
    rolls: int  # k: rolls per draw
    codes: int  # d**k
    table: np.ndarray
    used: np.ndarray | None  # turns each group used (extra-roll rule only)
    dtype: np.dtype
    # Dice too fine to pack: each code is a column, drawn by its weight (codes = columns).
    weighted: Dice | None = None
    # Under issue 26's turn rules rows are states, not squares: a game's first row from each
    # square it may begin on (None: a square is its own row).
    entries: dict[int, int] | None = None

    def row(self, square: int) -> int:
        """The row a game begun on ``square`` starts from."""
        if self.entries is None:
            return square
        if square not in self.entries:
            raise ValueError(f"the simulator plays these rules from the start square only, not {square}")
        return self.entries[square]

    def draw(self, rng: np.random.Generator, size: int) -> np.ndarray:
        """``size`` codes: uniform below ``codes``, or columns drawn by their weights."""
        if self.weighted is None:
            return rng.integers(0, self.codes, size, dtype=self.dtype)
        return self.weighted.columns(rng, size).astype(self.dtype)

    @property
    def finished(self) -> int:
        """Rows from here on are finished games."""
        return self.end * self.codes

    @cached_property
    def unplayed(self) -> np.ndarray:
        """``unplayed[state - finished]``: the turns counted past a finished game's last one.

        On finished row ``m = s·k + (j - 1)`` (roll j of a group s groups ago) a game begun on
        group ``b`` finished on turn ``(step - 1 - s - b)·k + j``, i.e. ``(step - b)·k`` turns
        less ``s·k + k - j``; indexed by the state itself, so no division is needed.
        """
        k, rows = self.rolls, self.rolls * CHECK_EVERY
        m = np.arange(rows)
        ago, j = m // k, m % k + 1
        unplayed = np.zeros(rows * self.codes, dtype=np.int32)
        unplayed[m * self.codes] = ago * k + k - j
        return unplayed


def table_dtype(end: int, die: int, rolls: int) -> np.dtype:
    """16-bit states and codes when every table index fits, else 32-bit."""
    entries = (end + rolls * CHECK_EVERY) * die**rolls
    return np.dtype(np.int16) if entries <= INT16_LIMIT else np.dtype(np.int32)


def choose_rolls(end: int, die: int) -> int:
    """Rolls per draw: the most rolls per unit cost whose table stays within
    :data:`TABLE_ENTRIES`; ``k = 1`` (the per-roll table, as large as the board's own roll
    table) is always allowed."""
    best, value = 1, 0.0
    k = 1
    while k == 1 or (die > 1 and (end + k * CHECK_EVERY) * die**k <= TABLE_ENTRIES):
        cost = COST_16 if table_dtype(end, die, k) == np.int16 else COST_32
        if k / cost > value:
            best, value = k, k / cost
        k += 1
    return best


def packable(end: int, total: int) -> bool:
    """Whether dice whose chances are whole numbers over ``total`` pack as a fair
    ``total``-sided die: its per-roll table no larger than a 100-sided die's, or cache-sized."""
    return total <= MAX_DIE or (end + CHECK_EVERY) * total <= TABLE_ENTRIES


def plan_for(board: Board, rolls: int | None = None) -> Plan:
    """The packed tables of ``board`` (``rolls`` per draw, or the cheapest choice)."""
    dice = board.die
    columns = len(dice.values)
    if beyond_rolls(board):  # issue 26's turn rules: rows are the turn machine's states
        turns = turn_table(board)
        end, step, count = turns.rows, turns.step, turns.used
        entries: dict[int, int] | None = {board.start: 0}
    else:  # rows are squares, and a turn is its rolls joined by the extra roll
        end, entries = board.end, None
        step = np.asarray(board.roll_table)[:end]  # rows 0..end-1; the end row is replaced below
        count = None
        if board.extra_roll:  # a top face rolls again within the same turn, unless it just won
            top = np.arange(columns) == dice.top_column
            count = ((step == end) | ~top[None, :]).astype(np.int8)
    if count is not None and (count == 1).all():
        count = None  # every roll is a turn: the turn is read from the finished row alone
    weighted = None
    if packable(end, dice.total):
        # Each of the total's equally likely faces moves its column's amount (fair: face = column).
        face_column = np.repeat(np.arange(columns), dice.counts)
        die = dice.total
    else:
        face_column, die, rolls = np.arange(columns), columns, 1
        weighted = dice
    k = choose_rolls(end, die) if rolls is None else rolls
    dtype = table_dtype(end, die, k)
    codes = die**k
    if die != columns:
        step = step[:, face_column]
        count = None if count is None else count[:, face_column]
    finished_rows = k * CHECK_EVERY
    # Finished row m = s·k + (j - 1): finished on roll j, s groups ago; s saturates.
    m = np.arange(finished_rows)
    after = np.broadcast_to((end + np.where(m + k < finished_rows, m + k, m))[:, None], (m.size, codes))
    if k == 1:
        # The per-roll table as it is (a roll onto the end lands on finished row end + 0), built
        # without (end, d) temporaries: on a 100,000-square board with a 100-sided die it is
        # 10 M entries.
        table = np.empty((end + finished_rows, codes), dtype=dtype)
        table[:end] = step
        table[end:] = after
        table *= dtype.type(codes)
        used = None
        if count is not None:
            used = np.zeros((end + finished_rows, codes), dtype=np.int8)
            used[:end] = count
        return Plan(
            end, k, codes, table.ravel(), None if used is None else used.ravel(), dtype, weighted, entries
        )
    # Roll i of code c is digit i of c in base d (faces 0..d-1 index the roll table's columns).
    square = np.broadcast_to(np.arange(end)[:, None], (end, codes)).copy()
    finish = np.zeros((end, codes), dtype=np.int64)
    groups = np.zeros((end, codes), dtype=np.int8) if count is not None else None
    for i in range(k):
        face = (np.arange(codes) // die**i) % die
        playing = finish == 0
        moved = step[square, face[None, :]]
        won = playing & (moved == end)
        finish[won] = i + 1
        if groups is not None and count is not None:
            groups += np.where(playing, count[square, face[None, :]], 0).astype(np.int8)
        square = np.where(playing & ~won, moved, square)
    rows = np.empty((end + finished_rows, codes), dtype=np.int64)
    rows[:end] = np.where(finish > 0, end + finish - 1, square)
    rows[end:] = after
    table = (rows * codes).astype(dtype).ravel()
    used = None
    if groups is not None:
        used = np.zeros((end + finished_rows, codes), dtype=np.int8)
        used[:end] = groups
    return Plan(end, k, codes, table, None if used is None else used.ravel(), dtype, None, entries)


def play_block(
    plan: Plan,
    origin: int,
    results: np.ndarray,
    rng: np.random.Generator,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Play ``results.size`` games from row ``origin`` (``plan.row``: a square, < end), writing
    their finishing turns; ``progress(games finished in this block)`` as they finish (a block
    of a long board's games takes hours).

    The draws taken depend on the block alone, so blocks played in turn on one generator give
    the same numbers however they are grouped into calls.
    """
    ended = 0
    games = results.size
    width = min(games, SLOTS)
    dtype, codes = plan.dtype, plan.codes
    start = dtype.type(origin * codes)
    finished = dtype.type(plan.finished)
    state = np.full(width, start, dtype=dtype)
    began = np.zeros(width, dtype=np.int32)  # the turn before each slot's game: its first group × k
    ident = np.arange(width, dtype=np.int64)  # each slot's index into ``results``
    counted = np.zeros(width, dtype=np.int32) if plan.used is not None else None
    index = np.empty(width, dtype=dtype)
    table, used = plan.table, plan.used
    started = width
    step = 0
    while state.size:
        size = state.size
        here = index[:size]
        for _ in range(CHECK_EVERY):
            np.add(state, plan.draw(rng, size), out=here)
            if used is not None and counted is not None:
                counted += used.take(here)
            np.take(table, here, out=state)
        step += CHECK_EVERY
        over = state >= finished
        if not over.any():
            continue
        done = np.flatnonzero(over)
        ended += done.size
        if progress is not None:
            progress(ended)
        if counted is None:
            over_by = plan.unplayed.take(state[done] - finished)
            results[ident[done]] = step * plan.rolls - began[done] - over_by
        else:
            results[ident[done]] = counted[done]
        fresh = min(done.size, games - started)
        if fresh:
            slots = done[:fresh]
            state[slots] = start
            began[slots] = step * plan.rolls
            ident[slots] = np.arange(started, started + fresh)
            if counted is not None:
                counted[slots] = 0
            started += fresh
        if fresh < done.size:
            # No games left to start: drop the idle slots so the draining arrays shrink.
            over[done[:fresh]] = False
            keep = np.flatnonzero(~over)
            state, began, ident = state[keep], began[keep], ident[keep]
            if counted is not None:
                counted = counted[keep]
