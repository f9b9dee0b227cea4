"""The per-turn law: where a turn from a piece state ends, and with what exact chance, built
from the turn machine (:mod:`chutes_tui.model.turns`) alone.

**The turn's sub-chain** (:class:`TurnChain`). From a piece state that rolls, the within-turn
states its turn can reach are the transient states ``W`` (``W[0]`` the turn's first), and the
piece states a roll can end it on are the exits. A roll from ``W[i]`` with face ``f`` (weight
``c_f``, the dice's counts over their total ``D``) goes to ``W[j]`` or ends on exit ``e``:
``going[i][j]`` and ``ending[i][e]`` sum those weights, so each row's weights sum to ``D``.
With ``T = going / D`` and ``X = ending / D`` the turn ends on ``e`` with chance

    ``P(e) = (e_0ᵀ (I - T)⁻¹ X)[e]``,

the absorbing chain's exit law (Kemeny & Snell), and it ends at all with chance one exactly
when every state of ``W`` reaches an exit (:attr:`TurnChain.endless` is empty). Under the
extra roll alone ``T`` holds the top faces, and this is the turn matrix's row
``Q = (I - T)⁻¹ B`` of ``analysis/chain.py`` and ``exact/chain.py``.

A sum that no later roll can change the outcome of is capped (:func:`canonical`): under
``exact`` a total past the end square is lost whatever is added, under ``reach`` it lands on the
end square; so ``W`` is finite for every board the board's checks accept (under ``bounce`` a
sum is bounded by the streak limit). Memory no rule reads is cleared: where the turn began (read
by a forfeit only) and whether a move came to rest (read by ``miss_turn`` only), so that turns
from different squares share their within-turn states, as today's roll chain shares squares.

:func:`turn_law` solves the sub-chain exactly (fractions): in topological order when the only
cycles are self-loops (a top face lost to the exact rule, a sum past the end), each state's
self-loop ``w`` dividing its other weights by ``D - w``; by elimination otherwise (a cycle of
``throw_again`` squares through jumps). A piece that skips its turn ends it on its own square
with chance one. :func:`reached_pieces` follows the laws' supports from the start: the piece
states a game can stand on, the next chain's states.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction

from chutes_tui.model.errors import BoardError
from chutes_tui.model.rules import TURN_WALK_MAX_STATES, EndRule, Penalty
from chutes_tui.model.turns import PieceState, Rolling, TurnBoard, after_roll, begin_turn


def canonical(board: TurnBoard, state: Rolling) -> Rolling:
    """``state`` with a sum capped where adding more cannot change the move's outcome, and the
    memory no rule of ``board`` reads cleared: equal states behave alike from here on."""
    pending = state.pending
    room = board.end - state.square  # the largest move that stays on the board
    if board.end_rule is EndRule.EXACT:
        pending = min(pending, room + 1)  # past the end: lost, whatever is added
    elif board.end_rule is EndRule.REACH:
        pending = min(pending, room)  # at the end or past it: on the end square
    moved = state.moved and bool(board.miss_turn)
    # Where the turn began is read only by a forfeit: without one, turns from different squares
    # share their within-turn states (as the extra roll's roll chain shares its squares today).
    forfeit = board.streak_limit is not None and board.streak_penalty is Penalty.FORFEIT
    began = state.began if forfeit else 0
    if (began, pending, moved) == (state.began, state.pending, state.moved):
        return state
    return Rolling(began, state.square, pending, state.streak, moved)


@dataclass(frozen=True, eq=False)
class TurnChain:
    """One turn from ``piece`` as an absorbing chain of within-turn states (module docstring)."""

    piece: PieceState
    total: int  # D: every row's weights sum to it
    states: tuple[Rolling, ...]  # W; states[0] is the turn's first
    going: tuple[dict[int, int], ...]  # going[i][j]: weight of a roll from W[i] to W[j]
    ending: tuple[dict[PieceState, int], ...]  # ending[i][e]: weight of a roll from W[i] ending on e

    @property
    def exits(self) -> tuple[PieceState, ...]:
        """Every piece state a roll can end the turn on, sorted."""
        return tuple(sorted({exit for row in self.ending for exit in row}))

    @property
    def endless(self) -> tuple[Rolling, ...]:
        """The within-turn states from which no roll sequence ever ends the turn."""
        ends = {i for i, row in enumerate(self.ending) if row}
        before: dict[int, list[int]] = {}
        for i, row in enumerate(self.going):
            for j in row:
                before.setdefault(j, []).append(i)
        todo = list(ends)
        while todo:
            for i in before.get(todo.pop(), ()):
                if i not in ends:
                    ends.add(i)
                    todo.append(i)
        return tuple(state for i, state in enumerate(self.states) if i not in ends)

    @property
    def bounded(self) -> bool:
        """Whether the turn's rolls are bounded: no cycle, self-loops included."""
        return _order(self.going, self_loops=False) is not None

    def expected_rolls(self) -> Fraction:
        """The expected number of rolls in this turn, exactly: ``e_0ᵀ (I - T)⁻¹ 1`` (each visit
        to a within-turn state is one roll)."""
        if self.endless:
            raise ValueError(f"a turn from square {self.piece.square} may never end")
        return sum(_visits(self), Fraction(0))

    def law(self) -> dict[PieceState, Fraction]:
        """Each exit's exact chance (:class:`ValueError` when the turn may never end)."""
        if self.endless:
            raise ValueError(f"a turn from square {self.piece.square} may never end")
        visits = _visits(self)
        law: dict[PieceState, Fraction] = {}
        for i, row in enumerate(self.ending):
            for exit, weight in row.items():
                law[exit] = law.get(exit, Fraction(0)) + visits[i] * Fraction(weight, self.total)
        return dict(sorted(law.items()))


def turn_chain(board: TurnBoard, piece: PieceState) -> TurnChain:
    """The within-turn chain of a turn from ``piece`` (a piece that rolls: not on the goal,
    not skipping its turn)."""
    first = begin_turn(board, piece)
    if not isinstance(first, Rolling):
        raise ValueError(f"a piece on {piece.square} skips this turn: it rolls nothing")
    faces = tuple(zip(board.die.values, board.die.counts, strict=True))
    first = canonical(board, first)
    index = {first: 0}
    states = [first]
    going: list[dict[int, int]] = []
    ending: list[dict[PieceState, int]] = []
    for state in states:  # grows as states are found: breadth first
        to: dict[int, int] = {}
        out: dict[PieceState, int] = {}
        for face, weight in faces:
            after = after_roll(board, state, face).next
            if isinstance(after, PieceState):
                out[after] = out.get(after, 0) + weight
                continue
            after = canonical(board, after)
            if after not in index:
                index[after] = len(states)
                states.append(after)
            j = index[after]
            to[j] = to.get(j, 0) + weight
        going.append(to)
        ending.append(out)
    return TurnChain(piece, board.die.total, tuple(states), tuple(going), tuple(ending))


def turn_law(board: TurnBoard, piece: PieceState) -> dict[PieceState, Fraction]:
    """Where a turn from ``piece`` ends, each piece state with its exact chance (sorted)."""
    first = begin_turn(board, piece)
    if isinstance(first, PieceState):  # the turn is skipped
        return {first: Fraction(1)}
    return turn_chain(board, piece).law()


def _order(going: tuple[dict[int, int], ...], self_loops: bool) -> list[int] | None:
    """A topological order of the states (Kahn), self-loops ignored when ``self_loops``;
    ``None`` when another cycle remains."""
    into = [0] * len(going)
    for i, row in enumerate(going):
        for j in row:
            if j != i or not self_loops:
                into[j] += 1
    ready = deque(i for i, count in enumerate(into) if count == 0)
    order: list[int] = []
    while ready:
        i = ready.popleft()
        order.append(i)
        for j in going[i]:
            if j != i or not self_loops:
                into[j] -= 1
                if into[j] == 0:
                    ready.append(j)
    return order if len(order) == len(going) else None


def _visits(chain: TurnChain) -> list[Fraction]:
    """``e_0ᵀ (I - T)⁻¹``: the expected visits of each within-turn state in one turn."""
    n, total = len(chain.states), chain.total
    order = _order(chain.going, self_loops=True)
    if order is not None:  # forward, each state's self-loop summed as a geometric series
        visits = [Fraction(0)] * n
        visits[0] = Fraction(1)
        for i in order:
            stay = chain.going[i].get(i, 0)
            visits[i] *= Fraction(total, total - stay)
            for j, weight in chain.going[i].items():
                if j != i:
                    visits[j] += visits[i] * Fraction(weight, total)
        return visits
    # (I - T)ᵀ y = e_0 by Gauss-Jordan elimination: the states of one turn are few.
    rows = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(int(i == 0))] for i in range(n)]
    for i, row in enumerate(chain.going):
        for j, weight in row.items():
            rows[j][i] -= Fraction(weight, total)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]


def reached_pieces(board: TurnBoard) -> tuple[dict[PieceState, tuple[PieceState, ...]], tuple[Rolling, ...]]:
    """Every piece state a game can stand on between turns (the start's, and every turn's ends
    from there; the goal included), each with the piece states its turn can end on (the goal:
    none); and the within-turn states found from which a turn never ends (empty on a board the
    checks accept).

    The walk is bounded (:data:`TURN_WALK_MAX_STATES`). A turn's within-turn states grow with
    the squares it can cross (``L(s) ≈ L₀ (g - s) / (g - s₀)`` from square ``s``, for the
    first turn's ``L₀`` from ``s₀``, goal ``g``: a run of sixes under the extra roll), so the
    walk over every square is about ``L₀ (g - s₀ + 1) / 2`` states (within 2% on the extra
    roll with a miss-turn square, 300 to 1,500 squares). Past twice the limit the board is
    refused up front, after its first turn (twice: the estimate stands a piece on every square,
    and jumps skip some), where a turn from halfway to the goal has at least a quarter of the
    first turn's states (``L(s)`` falls as ``g - s``: half, on the model): the reach is the
    board's. A turn made long by squares near the start alone (throw again on the first
    hundred) foresees nothing of the others'; there the count as it is walked decides."""
    start = PieceState(board.start)
    after: dict[PieceState, tuple[PieceState, ...]] = {}
    endless: list[Rolling] = []
    todo = [start]
    walked = 0
    while todo:
        piece = todo.pop()
        if piece in after:
            continue
        if piece.square == board.goal_square:
            after[piece] = ()
            continue
        first = begin_turn(board, piece)
        if isinstance(first, PieceState):
            ends: tuple[PieceState, ...] = (first,)
        else:
            chain = turn_chain(board, piece)
            if not walked:  # the first turn walked: how far turns reach
                reach, span = len(chain.states), board.goal_square - piece.square + 1
                about = reach * span // 2
                if about > 2 * TURN_WALK_MAX_STATES and _reach_scales(board, piece, reach, span):
                    raise _walk_refused(
                        f"would pass through about {about:,} within-turn states, more than "
                        f"{TURN_WALK_MAX_STATES:,}"
                    )
            walked += len(chain.states)
            if walked > TURN_WALK_MAX_STATES:
                raise _walk_refused(f"pass through more than {TURN_WALK_MAX_STATES:,} within-turn states")
            endless.extend(chain.endless)
            ends = chain.exits
        after[piece] = ends
        todo.extend(end for end in ends if end not in after)
    return dict(sorted(after.items())), tuple(endless)


def _reach_scales(board: TurnBoard, piece: PieceState, reach: int, span: int) -> bool:
    """Whether the first rolling square from halfway to the goal has a turn of at least a
    quarter of ``reach`` states (the first turn's, from ``piece``, ``span`` squares to go)."""
    for square in range(piece.square + span // 2, board.goal_square):
        halfway = PieceState(square)
        if isinstance(begin_turn(board, halfway), Rolling):
            return 4 * len(turn_chain(board, halfway).states) >= reach
    return False


def _walk_refused(count: str) -> BoardError:
    """The refusal of a board whose turns' walk is too long: ``count`` says how long."""
    return BoardError(
        f"this board's turns {count} (TURN_WALK_MAX_STATES): a turn can cross much of the board "
        "(an extra roll or throw-again squares); a streak limit or fewer squares bound it"
    )
