"""Whether a board can be won: from every square a game can stand on, the end square must be
reachable. The squares a game can stand on are those the start's rolls reach (a die that always
rolls 5 never stands on square 2, so a trap there harms no game). A board that fails is refused
naming the first trapped square, the squares its rolls can reach, and the jumps that send every
other landing back.

With that, the turn chain on the reached squares is absorbing: the set is closed under rolls and
every member reaches the end, so from each the game ends with probability 1 and ``I - Q`` is
invertible.

A board with a turn rule of issue 26 (:func:`~chutes_tui.model.turns.beyond_rolls`) is checked
on its piece states instead (:func:`~chutes_tui.model.turnlaw.reached_pieces`): every turn must
end with chance one, and from every piece state a game can stand on the goal must be reachable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from chutes_tui.model.errors import BoardError, Jump
from chutes_tui.model.rules import EndRule, RuledBoard
from chutes_tui.model.text import elide
from chutes_tui.model.turns import PieceState, TurnBoard, beyond_rolls

# Every piece state a game stands on between turns, each with the piece states its turn can end
# on (:func:`~chutes_tui.model.turnlaw.reached_pieces`).
Pieces = dict[PieceState, tuple[PieceState, ...]]


class CheckedBoard(TurnBoard, Protocol):
    """What the check reads of a board besides what the rules read (:class:`~chutes_tui.model.
    board.Board`, which checks itself with this module on construction, is one)."""

    @property
    def jumps(self) -> tuple[Jump, ...]: ...
    @property
    def standable(self) -> tuple[int, ...]:
        """:func:`reached_squares` of this board, kept with it."""


def _compact(squares: Iterable[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` → ``"1–3, 7, 9–10"``."""
    values = sorted(set(squares))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    return ", ".join(parts)


def _search(following: Sequence[int], bounds: Sequence[int], starts: Iterable[int], n: int) -> bytearray:
    """``seen[v] = 1`` for every node reachable from ``starts``, where node ``v``'s edges lead
    to ``following[bounds[v]:bounds[v + 1]]`` (the compressed-row layout of the graph's matrix):
    a depth-first search that reads each edge once. A board has one roll edge per square and
    move, few enough that the model needs neither numpy nor a compiled graph library (the
    analysis searches the far larger state graphs of several pieces with scipy's:
    :func:`chutes_tui.analysis.bump.reachable_states`)."""
    seen = bytearray(n)
    todo = list(starts)
    for node in todo:
        seen[node] = 1
    while todo:
        node = todo.pop()
        for target in following[bounds[node] : bounds[node + 1]]:
            if not seen[target]:
                seen[target] = 1
                todo.append(target)
    return seen


def _grouped(sources: Sequence[int], targets: Sequence[int], n: int) -> tuple[list[int], list[int]]:
    """The edges ``sources[i] → targets[i]`` in the compressed-row layout (``following``,
    ``bounds``) of :func:`_search`, by a counting sort (linear: each edge placed once)."""
    bounds = [0] * (n + 1)
    for source in sources:
        bounds[source + 1] += 1
    for node in range(n):
        bounds[node + 1] += bounds[node]
    following = [0] * len(targets)
    fill = bounds[:-1]
    for source, target in zip(sources, targets, strict=True):
        following[fill[source]] = target
        fill[source] += 1
    return following, bounds


def reachable(
    sources: Sequence[int], targets: Sequence[int], start: int | Iterable[int], n: int
) -> list[int]:
    """Every node reachable from ``start`` (a node, or several) along the edges
    ``sources[i] → targets[i]``, ascending."""
    following, bounds = _grouped(sources, targets, n)
    seen = _search(following, bounds, [start] if isinstance(start, int) else start, n)
    return [node for node in range(n) if seen[node]]


def _rows(board: RuledBoard) -> tuple[memoryview, range]:
    """The roll table as the compressed rows of its graph: square ``s``'s rolls lead to
    ``cells[s·C : (s + 1)·C]`` (``C`` the dice's moves), every square and move."""
    moves = len(board.die.values)
    return board.roll_cells, range(0, (board.end + 1) * moves + 1, moves)


def _can_finish(board: RuledBoard) -> bytearray:
    """Which squares reach the end along the roll table's edges (searched backwards from the
    end: every edge reversed)."""
    n, moves = board.end + 1, len(board.die.values)
    sources = [row for row in range(n) for _ in range(moves)]
    mask = bytearray(n)
    for square in reachable(board.roll_cells, sources, board.end, n):
        mask[square] = 1
    return mask


def reached_squares(board: TurnBoard) -> tuple[int, ...]:
    """The squares reachable from the start along the roll table, ascending; with a turn rule
    of issue 26, the squares of the piece states a game stands on between turns."""
    if beyond_rolls(board):
        from chutes_tui.model.turnlaw import reached_pieces  # issue 26's boards alone

        return tuple(sorted({piece.square for piece in reached_pieces(board)[0]}))
    cells, bounds = _rows(board)
    seen = _search(cells, bounds, [board.start], board.end + 1)
    return tuple(square for square in range(board.end + 1) if seen[square])


def stranded_squares(board: CheckedBoard) -> list[int]:
    """Every square that is no jump's tail, reached or not, from which the end can never be
    reached, ascending: traps that a die skipping them makes harmless to a game, but not to a
    method that counts every square. (A tail is worth its head, which is such a square or not.)"""
    can_finish = _can_finish(board)
    for tail, _ in board.jumps:
        can_finish[tail] = 1
    return [square for square in range(board.end + 1) if not can_finish[square]]


def check_turns_end(board: CheckedBoard) -> Pieces:
    """Refuse a board with a turn rule of issue 26 on which a turn may never end, or a piece
    state a game can stand on from which the goal can never be reached; else the piece states
    walked (:func:`~chutes_tui.model.turnlaw.reached_pieces`), for the board to keep."""
    from chutes_tui.model.turnlaw import reached_pieces

    after, endless = reached_pieces(board)
    if endless:
        again = _compact(state.square for state in endless if state.square in board.throw_again)
        raise BoardError(
            f"endless turns: a turn from square {endless[0].began} never ends (its rolls come to "
            f"rest on throw-again squares {elide(again, 100)} again and again)",
            field="throw_again",
        )
    # Backwards from the goal: a piece state finishes if some turn's end does (each state is
    # followed once, not every state again after each one found).
    before: dict[PieceState, list[PieceState]] = {}
    for piece, ends in after.items():
        for end in ends:
            before.setdefault(end, []).append(piece)
    goal = PieceState(board.goal_square)
    finishing, todo = {goal}, [goal]
    while todo:
        for piece in before.get(todo.pop(), ()):
            if piece not in finishing:
                finishing.add(piece)
                todo.append(piece)
    stuck = [piece for piece in after if piece not in finishing]
    if stuck:
        square = stuck[0].square
        where = "the start square" if square == board.start else "square"
        seen, todo = {stuck[0]}, [stuck[0]]
        while todo:  # where turns from there can lead
            for end in after[todo.pop()]:
                if end not in seen:
                    seen.add(end)
                    todo.append(end)
        trap = _compact(piece.square for piece in seen)
        raise BoardError(
            f"unwinnable board: the goal {board.goal_square} can never be reached from {where} "
            f"{square} (turns from there only ever end on {elide(trap, 100)})",
            field="jumps",
        )
    return after


def check_winnable(board: CheckedBoard) -> Pieces | None:
    """Refuse boards with a square a game can stand on from which the end can never be reached.
    With a turn rule of issue 26, the piece states walked to find out (:func:`check_turns_end`),
    else ``None``."""
    if beyond_rolls(board):
        return check_turns_end(board)
    # The standable squares are closed under rolls, so searching every square's edges finds
    # the same finishing squares and traps among them as searching theirs alone.
    can_finish = _can_finish(board)
    stuck = [square for square in board.standable if not can_finish[square]]
    if not stuck:
        return None
    square = stuck[0]
    cells, bounds = _rows(board)
    seen = _search(cells, bounds, [square], board.end + 1)
    trap = {s for s in range(board.end + 1) if seen[s]}
    culprits = [f"{tail}→{head}" for tail, head in board.jumps if head in trap and tail not in trap]
    noun = "square" if len(trap) == 1 else "squares"
    why = f"rolls from there only ever reach {noun} {elide(_compact(trap), 100)}"
    smallest = board.die.values[0]
    if board.end_rule is EndRule.EXACT and board.end - square < smallest:
        why += (
            f"; the exact end needs a roll of exactly {board.end - square}, and {board.die.text}'s "
            f"smallest move is {smallest} (the reach or bounce rule would end the game)"
        )
    if culprits:
        why += f", and jumps {', '.join(culprits[:6])}{' …' if len(culprits) > 6 else ''}"
        why += " send every other landing back"
    where = "the start square" if square == board.start else "square"
    raise BoardError(
        f"unwinnable board: the end square {board.end} can never be reached from {where} {square} ({why})",
        field="jumps",
    )
