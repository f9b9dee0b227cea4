"""The designer's search (see :mod:`chutes_tui.research.design` for what it does and why)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.incremental import JumpSystem
from chutes_tui.analysis.limits import DESIGN_CHAIN_SAMPLE
from chutes_tui.analysis.multi import first_seat_chances
from chutes_tui.analysis.single import moments_from
from chutes_tui.model.board import Board, BoardError, Jump
from chutes_tui.research.designspec import DesignError, DesignSpec, Figures, objective, targets_met

SHORT_LIST = 8  # moves whose edge is computed exactly, each step (in one batch)
KICK_MOVES = 2  # random moves that kick the board out of a local minimum
KICKS = 12  # fruitless kicks before a restart
EDGE_TAIL = 1e-10  # the search's edges are summed to this (the report's to 1e-15)
REFRESH = 32  # systems updated by Sherman–Morrison before one is built afresh
ATTEMPTS = 500  # random layouts tried for a fresh board
# On the turn chain (a rule the jump system does not count) every candidate costs a chain of its
# own, so each step weighs this many moves drawn at random (without replacement) from them all.
SAMPLE = DESIGN_CHAIN_SAMPLE

Progress = Callable[[float, str], None]  # (share of the time limit used, best so far)


@dataclass(frozen=True, eq=False)
class State:
    board: Board
    system: JumpSystem | None  # None: evaluated on its turn chain
    figures: Figures


@dataclass(frozen=True)
class Candidates:
    """Every single-end move of a board: which jump, which end (0 tail, 1 head), where to."""

    jump: np.ndarray
    end: np.ndarray
    square: np.ndarray
    mean: np.ndarray
    sd: np.ndarray

    @property
    def usable(self) -> Candidates:
        """The moves whose figures are known (an edit may leave a board no one can finish)."""
        keep = np.isfinite(self.mean) & np.isfinite(self.sd) & (self.mean > 0)
        return Candidates(self.jump[keep], self.end[keep], self.square[keep], self.mean[keep], self.sd[keep])


def joined(parts: list[tuple[int, int, np.ndarray, np.ndarray, np.ndarray]]) -> Candidates:
    """The moves of each ``(jump, end, squares, means, sds)`` part, one after another."""
    if not parts:
        nothing = np.empty(0, dtype=int)
        return Candidates(nothing, nothing, nothing, np.empty(0), np.empty(0))
    return Candidates(
        np.concatenate([np.full(part[2].size, part[0]) for part in parts]),
        np.concatenate([np.full(part[2].size, part[1]) for part in parts]),
        np.concatenate([part[2] for part in parts]),
        np.concatenate([part[3] for part in parts]),
        np.concatenate([part[4] for part in parts]),
    )


@dataclass
class Search:
    spec: DesignSpec
    rng: np.random.Generator
    budget: int | None
    deadline: float
    progress: Progress | None
    evaluations: int = 0
    exact: int = 0
    moves: int = 0
    restarts: int = 0
    stopped: str = ""
    best: State | None = None
    seen: dict[tuple[Jump, ...], Figures] = field(default_factory=dict)
    started: float = field(default_factory=time.monotonic)
    told: float = 0.0
    updates: int = 0  # systems updated since one was built afresh
    # The boards of this step's sampled moves, by their jumps: each keeps its chain (its memo)
    # for the short list's edges.
    built: dict[tuple[Jump, ...], Board] = field(default_factory=dict)
    by_chain: bool = field(init=False)
    reserved: np.ndarray = field(init=False)  # squares no jump may lie on

    def __post_init__(self) -> None:
        self.by_chain = self.spec.by_chain
        self.reserved = np.array(sorted(self.spec.reserved()), dtype=int)

    # -- boards and their figures -------------------------------------------------------------

    def board(self, jumps: list[Jump] | tuple[Jump, ...]) -> Board:
        built = self.built.get(tuple(jumps))
        return built if built is not None else self.spec.board(jumps)

    def figures(self, boards: list[Board], means: list[float], sds: list[float]) -> list[Figures]:
        """The boards' figures (each edge computed once, when wanted, all in one batch),
        remembered by their jumps."""
        new = [i for i, board in enumerate(boards) if board.jumps not in self.seen]
        edges: list[float | None] = [None] * len(new)
        leads: list[float | None] = [None] * len(new)
        if self.spec.min_lead_changes is not None and new:
            from chutes_tui.exact.drama import start_lead_changes

            self.exact += len(new)
            leads = [start_lead_changes(boards[i], self.spec.players) for i in new]
        if self.spec.max_edge is not None and new:
            self.exact += len(new)
            players = self.spec.players
            chances = first_seat_chances([build_chain(boards[i]) for i in new], players, EDGE_TAIL)
            # The sums fall short by less than EDGE_TAIL: the edge's upper bound, so that a board
            # the search calls fair enough is.
            edges = [float(chance) + EDGE_TAIL - 1.0 / players for chance in chances]
        for i, edge, lead in zip(new, edges, leads, strict=True):
            value = objective(
                self.spec,
                np.array(means[i]),
                np.array(sds[i]),
                None if edge is None else np.array(edge),
                None if lead is None else np.array(lead),
            )
            self.seen[boards[i].jumps] = Figures(means[i], sds[i], edge, float(value), lead)
        return [self.seen[board.jumps] for board in boards]

    def state(self, board: Board, previous: State | None = None) -> State:
        """``board`` and its solved system: updated from ``previous`` (one jump away) by
        Sherman–Morrison, or built afresh every :data:`REFRESH` updates (rounding adds up); on
        the turn chain, its moments from the start solved on its chain."""
        if self.by_chain:
            mean, sd = chain_moments(board)
            return self.keep(State(board, None, self.figures([board], [mean], [sd])[0]))
        if previous is None or self.updates >= REFRESH:
            system, self.updates = JumpSystem(board), 0
        else:
            assert previous.system is not None
            system, self.updates = previous.system.moved(board), self.updates + 1
        return self.keep(State(board, system, self.figures([board], [system.mean], [system.sd])[0]))

    def keep(self, state: State) -> State:
        if self.best is None or state.figures.objective < self.best.figures.objective:
            self.best = state
        return state

    def met(self, figures: Figures) -> bool:
        edge = figures.edge if figures.edge is not None else 0.0
        met = targets_met(self.spec, figures.mean, figures.sd, edge, figures.lead)
        return all(target.met for target in met)

    # -- the search -----------------------------------------------------------------------------

    def run(self) -> State:
        while True:
            current = home = self.state(self.fresh())
            if not self.spec.has_targets:
                self.stopped = "no targets"
                return current
            kicks = 0
            while kicks < KICKS:
                if self.done():
                    assert self.best is not None
                    return self.best
                better = self.descend(current)
                if better is not None:
                    current = better
                    continue
                if current.figures.objective < home.figures.objective:
                    home, kicks = current, 0
                else:
                    current, kicks = home, kicks + 1
                current = self.kick(current)
            self.restarts += 1

    def done(self) -> bool:
        assert self.best is not None
        if self.met(self.best.figures):
            self.stopped = "met"
        elif self.budget is not None and self.evaluations >= self.budget:
            self.stopped = "budget"
        elif time.monotonic() >= self.deadline:
            self.stopped = "time"
        self.tell()
        return bool(self.stopped)

    def tell(self) -> None:
        """The progress callback, at most ten times a second (and when the search stops)."""
        assert self.best is not None
        now = time.monotonic()
        if self.progress is not None and (self.stopped or now - self.told >= 0.1):
            self.told = now
            span = self.deadline - self.started
            share = (
                1.0 if self.stopped else min((now - self.started) / span, 1.0) if math.isfinite(span) else 0.0
            )
            best = self.best.figures
            edge = "" if best.edge is None else f", edge {best.edge:.2%}"
            lead = "" if best.lead is None else f", {best.lead:.2f} lead changes"
            self.progress(share, f"best: {best.mean:.2f} turns, sd {best.sd:.2f}{edge}{lead}")

    def descend(self, current: State) -> State | None:
        """The best of the short list of moves, if it improves on ``current``. The lead changes
        have no cheap prediction: the short list is the moves that keep the other targets best
        (the lead taken as the current board's), each then counted exactly."""
        moves = self.candidates(current)
        edge, lead = current.figures.edge, current.figures.lead
        predicted_edge = None if edge is None else edge * current.figures.sd / np.maximum(moves.sd, 1e-12)
        predicted = objective(
            self.spec, moves.mean, moves.sd, predicted_edge, None if lead is None else np.array(lead)
        )
        exact = edge is not None or lead is not None
        short = np.argsort(predicted, kind="stable")[: SHORT_LIST if exact else 1]
        boards, means, sds = [], [], []
        for i in short.tolist():
            try:
                boards.append(self.board(self.moved(current.board.jumps, moves, i)))
            except BoardError:  # unwinnable after all (a nearly singular update)
                continue
            means.append(float(moves.mean[i]))
            sds.append(float(moves.sd[i]))
        values = [figures.objective for figures in self.figures(boards, means, sds)]
        if not values or min(values) >= current.figures.objective - 1e-12:
            return None
        self.moves += 1
        return self.state(boards[int(np.argmin(values))], current)

    @staticmethod
    def moved(jumps: tuple[Jump, ...], moves: Candidates, i: int) -> list[Jump]:
        changed = list(jumps)
        tail, head = changed[int(moves.jump[i])]
        square = int(moves.square[i])
        changed[int(moves.jump[i])] = (square, head) if moves.end[i] == 0 else (tail, square)
        return changed

    def places(self, jumps: tuple[Jump, ...], index: int, end: int) -> np.ndarray:
        """Where end ``end`` (0 tail, 1 head) of jump ``index`` may go: a square of its own in
        ``1..end-1``, keeping the jump's direction and at least ``min_jump`` long."""
        spec = self.spec
        tail, head = jumps[index]
        squares = np.arange(1, spec.squares)
        free = np.ones(spec.squares + 1, dtype=bool)
        free[[square for jump in jumps for square in jump]] = False
        free[self.reserved] = False
        other = head if end == 0 else tail
        # The moved end, relative to the other one: a ladder's head above its tail, a chute's below.
        up = (head > tail) == (end == 1)
        span = squares - other if up else other - squares
        return squares[free[squares] & (span >= spec.min_jump)]

    def candidates(self, current: State) -> Candidates:
        if self.by_chain:
            return self.sampled(current)
        jumps, system = current.board.jumps, current.system
        assert system is not None
        parts: list[tuple[int, int, np.ndarray, np.ndarray, np.ndarray]] = []
        for index, (tail, _) in enumerate(jumps):
            for end in (0, 1):
                squares = self.places(jumps, index, end)
                found = system.tail_moves(tail, squares) if end == 0 else system.head_moves(tail, squares)
                parts.append((index, end, squares, found.mean, found.sd))
        self.evaluations += sum(part[2].size for part in parts)
        return joined(parts).usable

    def sampled(self, current: State) -> Candidates:
        """:data:`SAMPLE` moves of ``current`` drawn from all of them, each board evaluated on
        its own turn chain (one at a time: the budget, the time limit and the progress line are
        minded between them)."""
        jumps = current.board.jumps
        unknown = np.full(self.spec.squares + 1, np.nan)
        parts = []
        for index in range(len(jumps)):
            for end in (0, 1):
                squares = self.places(jumps, index, end)
                parts.append((index, end, squares, unknown[: squares.size], unknown[: squares.size]))
        every = joined(parts)
        drawn = np.sort(self.rng.choice(every.square.size, min(SAMPLE, every.square.size), replace=False))
        # Fancy indexing copies: the figures are filled in below.
        moves = Candidates(
            every.jump[drawn], every.end[drawn], every.square[drawn], every.mean[drawn], every.sd[drawn]
        )
        self.built = {}
        for i in range(drawn.size):
            if (
                self.budget is not None and self.evaluations >= self.budget
            ) or time.monotonic() >= self.deadline:
                break
            self.evaluations += 1
            try:
                board = self.spec.board(self.moved(jumps, moves, i))
            except BoardError:  # unwinnable, or a rule refuses the layout
                continue
            self.built[board.jumps] = board
            moves.mean[i], moves.sd[i] = chain_moments(board)
            self.tell()
        return moves.usable

    def kick(self, current: State) -> State:
        """``current`` after :data:`KICK_MOVES` random valid moves."""
        state = current
        for _ in range(KICK_MOVES):
            board = state.board
            for _ in range(ATTEMPTS):
                if not board.jumps:
                    break
                index = int(self.rng.integers(len(board.jumps)))
                end = int(self.rng.integers(2))
                places = self.places(board.jumps, index, end)
                if places.size == 0:
                    continue
                square = int(self.rng.choice(places))
                tail, head = board.jumps[index]
                changed = list(board.jumps)
                changed[index] = (square, head) if end == 0 else (tail, square)
                try:
                    board = self.board(changed)
                except BoardError:
                    continue
                self.moves += 1
                state = self.state(board, state)
                break
        return state

    def fresh(self) -> Board:
        """A random valid layout (every jump at least ``min_jump`` long, winnable)."""
        spec = self.spec
        error: BoardError | None = None
        for _ in range(ATTEMPTS):
            free = np.ones(spec.squares, dtype=bool)
            free[0] = False
            free[self.reserved[self.reserved < spec.squares]] = False
            jumps: list[Jump] = []
            for number in range(spec.ladders + spec.chutes):
                squares = np.flatnonzero(free)
                if squares.size < 2:
                    break
                first = int(self.rng.choice(squares))
                partners = squares[np.abs(squares - first) >= max(spec.min_jump, 1)]
                if partners.size == 0:
                    break
                second = int(self.rng.choice(partners))
                low, high = sorted((first, second))
                jumps.append((low, high) if number < spec.ladders else (high, low))
                free[[low, high]] = False
            else:
                try:
                    return self.board(jumps)
                except BoardError as problem:
                    error = problem
        why = f": {error.reason}" if error is not None else " (the jumps do not fit at that length)"
        raise DesignError(f"no valid random board found in {ATTEMPTS} tries{why}")


def chain_moments(board: Board) -> tuple[float, float]:
    """The mean and standard deviation of a game's turns from the start, on ``board``'s turn
    chain (the extended chain of piece states under a turn rule of issue 26)."""
    chain = build_chain(board)
    return moments_from(chain, chain.row(board.start))
