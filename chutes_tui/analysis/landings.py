"""Where the die puts a piece: the expected landings on every square per game, the use of every
ladder and chute, and the chance of ever landing anywhere.

Landings count rolls, not turns (with the extra-roll rule a turn has several rolls, and each
lands somewhere), so the chain here is the *roll* chain ``R``: the turn chain without the extra
roll, one roll a step. A roll from state ``i`` lands on square ``x`` with probability

    P[i, x] = Σ_f p_f · [landing(i, f) = x]

over the dice's faces ``f``, counting only rolls that move the piece (an overshoot under the
exact rule leaves it where it is: no landing). With ``N = (I - R)⁻¹``, whose row ``s`` counts
the start itself, the expected landings on ``x`` from ``s`` are

    L_s(x) = Σ_i N[s, i] · P[i, x].

A jump is used exactly when its tail is landed on, and then the piece rests where the jump
leads, ``r`` -- every time. The uses ``U`` are a renewal count, ``E_s[U] = P_s(U ≥ 1)·(1 + E_r[U])``:

    P(ever landing on t) = L_s(t) / (1 + L_r(t)),

and the same holds for any square ``x`` a piece rests on after landing there (``r = x``). For a
square that is no jump's destination (nor the start), the first time a piece stands on it it got
there by landing, so the chance is the chance of ever standing there, ``N[s, x] / N[x, x]``
(:mod:`.fundamental` gives both the row and the diagonal); the others take one row of ``N``
each.

On a board with a turn rule of issue 26 there is no roll chain (a roll's effect depends on the
turn so far): the landings are the extended chain's visits times each roll's moves, and each
chance is solved on its own (:mod:`.piecelandings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from chutes_tui.analysis.chain import Chain, build_chain, roll_chain
from chutes_tui.model.board import Board, jump_kind
from chutes_tui.model.memo import MemoKey
from chutes_tui.model.rules import JumpKind
from chutes_tui.model.turns import PieceState


@dataclass(frozen=True, eq=False)
class Landings:
    """Per game from ``origin``, indexed by square ``0..end``: ``expected[x]`` landings on ``x``
    and ``chance[x]`` of landing there at least once; for each jump, its uses (a chained jump is
    also used by the pieces that a chain brings through it)."""

    board: Board
    origin: int
    expected: np.ndarray
    chance: np.ndarray
    uses: dict[int, tuple[float, float]]  # a jump's tail → (uses per game, chance of a use)


def _landing_matrix(chain: Chain) -> np.ndarray:
    """The entries of ``P`` as three rows: state, square landed on, probability."""
    board = chain.board
    squares = chain.squares
    where = board.landing_table[squares]  # states × faces
    chances = np.broadcast_to(board.face_probabilities, where.shape)
    moved = where != squares[:, None]
    states = np.broadcast_to(np.arange(squares.size)[:, None], where.shape)
    return np.stack([states[moved], where[moved], chances[moved]])


# The board's landings from its start.
LANDINGS: MemoKey[Board, Landings] = MemoKey("landings")


def landings(board: Board, origin: int | None = None) -> Landings:
    """Expected landings and the chance of ever landing on each square, from ``origin`` (the
    board's start unless given) -- see the module docstring. Kept with the board for its start
    (the app's inspector asks again on every jump square the cursor visits)."""
    start = board.start if origin is None else origin
    if start == board.start:
        return board.memo.get(LANDINGS, lambda: _landings(board, start))
    return _landings(board, start)


def _landings(board: Board, start: int) -> Landings:
    import scipy.sparse as sp

    from chutes_tui.analysis.fundamental import fundamental_row, inverse_diagonal, row_blocks

    if build_chain(board).extended:
        return _piece_landings(board, start)
    chain = roll_chain(board)
    states, squares, chances = _landing_matrix(chain)
    land = sp.csr_matrix(
        (chances, (states.astype(np.int64), squares.astype(np.int64))), shape=(chain.size, board.end + 1)
    )
    squares = set(chain.squares.tolist())
    visits = fundamental_row(chain, chain.row(start))
    expected = np.asarray(land.T @ visits)
    chance = np.zeros(board.end + 1)
    diagonal = inverse_diagonal(chain)
    for i, square in enumerate(chain.squares.tolist()):
        if square != start:
            chance[square] = visits[i] / diagonal[i]
    # Renewals need the landings from where a piece then rests: a jump's tail rests where its
    # jump (or chain of jumps) leads; a jump is *used* by landing on any tail whose chain passes
    # through it, and rests at the same square; any other square rests on itself.
    feeders: dict[int, list[int]] = {}  # a jump's tail → the tails whose landing uses it
    for tail, _ in board.jumps:
        for passed in _passes(board, tail):
            feeders.setdefault(passed, []).append(tail)
    wanted: dict[int, list[tuple[str, int, list[int]]]] = {}
    for tail, _ in board.jumps:
        rest = int(board.resolve[tail])
        wanted.setdefault(rest, []).append(("land", tail, [tail]))
        wanted.setdefault(rest, []).append(("use", tail, feeders[tail]))
    for rest in ({int(board.resolve[tail]) for tail, _ in board.jumps} | {start}) & squares:
        wanted.setdefault(rest, []).append(("land", rest, [rest]))
    uses: dict[int, tuple[float, float]] = {}

    def renew(kind: str, square: int, landed: list[int], again: float) -> None:
        first = float(expected[landed].sum())
        if kind == "land":
            chance[square] = first / (1.0 + again)
        else:
            uses[square] = (first, min(first / (1.0 + again), 1.0))

    # A jump whose head no game reaches is never used (its tail is never landed on): like the
    # end, no second time to count. Every other rest is a state of the chain.
    unreached = [rest for rest in wanted if rest != board.end and rest not in squares]
    rests = [rest for rest in wanted if rest != board.end and rest in squares]
    for some, rows in row_blocks(chain, [chain.row(rest) for rest in rests]):
        again = rows @ land  # landings on every square, from each rest in the block
        for k, i in enumerate(some):
            for kind, square, landed in wanted[int(chain.squares[i])]:
                renew(kind, square, landed, float(again[k, landed].sum()))
    for rest in [board.end, *unreached]:  # the game is over, or never there: no second time
        for kind, square, landed in wanted.get(rest, []):
            renew(kind, square, landed, 0.0)
    chance[board.end] = expected[board.end]  # the game ends there: landed on once at most
    chance = np.clip(chance, 0.0, 1.0)
    expected.setflags(write=False)  # kept with the board and shared: nobody may change them
    chance.setflags(write=False)
    return Landings(board, start, expected, chance, uses)


def _piece_landings(board: Board, start: int) -> Landings:
    """:func:`landings` on a board with a turn rule of issue 26
    (:mod:`chutes_tui.analysis.piecelandings`: the extended chain's visits times each roll's
    moves; each chance solved with the landings in its set absorbing)."""
    from chutes_tui.analysis.fundamental import fundamental_row
    from chutes_tui.analysis.piecelandings import chances_of_landing, expected_landings

    chain = build_chain(board)
    expected = expected_landings(chain, fundamental_row(chain, chain.row(start)))
    squares = list(range(1, board.end + 1))
    # A jump is used by landing on any tail whose chain passes through it.
    uses_of = {
        tail: frozenset(t for t, _ in board.jumps if tail in _passes(board, t)) for tail, _ in board.jumps
    }
    found = chances_of_landing(chain, start, [frozenset({s}) for s in squares] + list(uses_of.values()))
    chance = np.zeros(board.end + 1)
    chance[squares] = found[: len(squares)]
    uses = {
        tail: (float(expected[sorted(feeders)].sum()), found[len(squares) + k])
        for k, (tail, feeders) in enumerate(uses_of.items())
    }
    expected.setflags(write=False)
    chance.setflags(write=False)
    return Landings(board, start, expected, chance, uses)


def _resting(chain: Chain, square: int) -> int:
    """The state of a piece whose turn ended by coming to rest on ``square``: with a turn to
    miss on a ``miss_turn`` square (the extended chain), else the square's own."""
    if square in chain.board.miss_turn:
        return chain.state(PieceState(square, True))
    return chain.row(square)


def _passes(board: Board, tail: int) -> list[int]:
    """The tails a piece landing on ``tail`` passes: itself, then any chain it follows."""
    passed = []
    while tail in board.jump_map:
        passed.append(tail)
        tail = board.jump_map[tail]
    return passed


# -- reports ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class JumpUse:
    tail: int
    head: int
    kind: JumpKind
    expected_uses: float  # per game
    chance: float  # of using it at least once


@dataclass(frozen=True, eq=False)
class JumpsReport:
    """``chutes-tui jumps``: every ladder's and chute's use per game, from the start."""

    board: Board
    jumps: tuple[JumpUse, ...]

    @property
    def ladders_climbed(self) -> float:
        return sum(j.expected_uses for j in self.jumps if j.kind is JumpKind.LADDER)

    @property
    def chutes_slid(self) -> float:
        return sum(j.expected_uses for j in self.jumps if j.kind is JumpKind.CHUTE)

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.to_dict(),
            "per_game": {"ladders_climbed": self.ladders_climbed, "chutes_slid": self.chutes_slid},
            "jumps": [
                {
                    "tail": j.tail,
                    "head": j.head,
                    "kind": j.kind.value,
                    "expected_uses": j.expected_uses,
                    "chance_of_use": j.chance,
                }
                for j in self.jumps
            ],
        }


def jumps_report(board: Board) -> JumpsReport:
    found = landings(board)
    uses = (JumpUse(tail, head, jump_kind(tail, head), *found.uses[tail]) for tail, head in board.jumps)
    return JumpsReport(board, tuple(uses))


SORTS = {"landings": "landings", "visits": "turn_endings", "turns-left": "expected_turns_left"}


@dataclass(frozen=True)
class SquareRow:
    square: int
    landings: float  # where the die puts a piece, before any jump, per game
    turn_endings: float  # where turns end, after jumps, per game (turn 0 on the start not counted)
    chance: float  # of ever landing there
    # from a piece resting there (a tail: where its jump leads); None where no game rests (a die
    # that skips the square)
    expected_turns_left: float | None
    jump: tuple[int, int] | None  # the jump starting here


@dataclass(frozen=True, eq=False)
class SquaresReport:
    """``chutes-tui squares``: every square ranked by ``sort`` (a key of :data:`SORTS`)."""

    board: Board
    sort: str
    rows: tuple[SquareRow, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board.to_dict(),
            "sort": self.sort,
            "squares": [
                {
                    "rank": rank,
                    "square": row.square,
                    "landings": row.landings,
                    "turn_endings": row.turn_endings,
                    "chance_of_landing": row.chance,
                    "expected_turns_left": row.expected_turns_left,
                    "jump": None
                    if row.jump is None
                    else {"to": row.jump[1], "kind": jump_kind(*row.jump).value},
                }
                for rank, row in enumerate(self.rows, start=1)
            ],
        }


def squares_report(board: Board, sort: str = "landings") -> SquaresReport:
    """Every square from 1 to the end, ranked by ``sort``, highest first (ties by square)."""
    if sort not in SORTS:
        raise ValueError(f"unknown sort {sort!r} (one of: {', '.join(SORTS)})")
    from chutes_tui.analysis.single import expected_turns, visit_statistics

    chain = build_chain(board)
    found = landings(board)
    endings = visit_statistics(chain, board.start).expected
    left = expected_turns(chain)
    rows = []
    for square in range(1, board.end + 1):
        rest = int(board.resolve[square])
        turns = None
        if rest == chain.goal:
            turns = 0.0
        elif board.is_standable(rest):
            turns = float(left[_resting(chain, rest)])
        jump = (square, rest) if square in board.jump_map else None
        rows.append(
            SquareRow(
                square,
                float(found.expected[square]),
                float(endings[square]),
                float(found.chance[square]),
                turns,
                jump,
            )
        )
    field = SORTS[sort]
    # Squares no game rests on have no turns left to rank: they come last.
    rows.sort(key=lambda row: (getattr(row, field) is None, -(getattr(row, field) or 0.0), row.square))
    return SquaresReport(board, sort, tuple(rows))
