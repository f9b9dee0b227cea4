"""Boards: the model and its validation.

A board has squares ``1..end`` (``end`` is the winning square), a start square (``0`` by
default, off the board), dice (:class:`~chutes_tui.model.dice.Dice`: one fair die, the sum of
several, or a spinner), an end rule, and jumps ``tail → head``: ladders go up, chutes go down
(a chute's head may be the start square 0, off the board: "go back to start"). Every invalid
board raises :class:`BoardError` saying what is wrong; a parser adds where (file, line).
Constructing a :class:`Board` validates it, winnability included
(:mod:`chutes_tui.model.validate`), so every ``Board`` in the program can be played.
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

# Re-exported: a board's error and its jumps belong to the board.
from chutes_tui.model.decisions import check_goal_reached, decides
from chutes_tui.model.dice import MAX_DIE as MAX_DIE
from chutes_tui.model.errors import BoardError as BoardError
from chutes_tui.model.errors import Jump as Jump
from chutes_tui.model.memo import Memo, MemoKey
from chutes_tui.model.rules import MAX_SQUARES as MAX_SQUARES
from chutes_tui.model.rules import EndRule, JumpKind, landing_table, roll_cells, roll_table
from chutes_tui.model.rules import jump_kind as jump_kind
from chutes_tui.model.ruletable import RULES, Offered, RuleChoices, RuleOverrides, deciding
from chutes_tui.model.text import kind_of, number
from chutes_tui.model.turnchecks import check_turn_rules
from chutes_tui.model.validate import Pieces, check_winnable, reached_squares

if TYPE_CHECKING:
    import numpy as np  # the analysis' views of the tables (the board itself needs no numpy)

MAX_WIDTH = 1_000

T = TypeVar("T")

# The squares a game with decisions can stand on before the goal (model/decisions.reached): the
# board walks them once when it is made, to refuse a trap; the strategy solver reads them here.
REACHED: MemoKey[Board, tuple[int, ...]] = MemoKey("reached")
# Likewise with a turn rule of issue 26, the piece states a game stands on between turns and where
# each one's turn can end (model/turnlaw.reached_pieces): walked once when the board is made, to
# refuse an endless turn or a trap; the chain's states (analysis/states.py) read them here.
PIECES: MemoKey[Board, Pieces] = MemoKey("pieces")


def _chain_ends(jumps: dict[int, int]) -> dict[int, int]:
    """Where a piece landing on each tail comes to rest, following chained jumps; a cycle is
    refused naming it. Linear: each square is followed once (a chain's squares share its end)."""
    rest: dict[int, int] = {}
    for first in jumps:
        path: list[int] = []
        on_path: set[int] = set()
        square = first
        while square in jumps and square not in rest:
            if square in on_path:
                cycle = [*path[path.index(square) :], square]
                raise BoardError(
                    f"jumps {'→'.join(map(str, cycle))} form a cycle", jump=(cycle[-2], cycle[-1])
                )
            path.append(square)
            on_path.add(square)
            square = jumps[square]
        end = rest.get(square, square)
        for square in path:
            rest[square] = end
    return rest


@dataclass(frozen=True)
class Board(RuleChoices):
    """A Chutes and Ladders board and its rules. Constructing one validates it.

    Its rule fields (dice, end rule, house rules) are :class:`RuleChoices`' (keywords only:
    ``Board(30, die=8, jumps=…)``); :attr:`rules` is them alone, :meth:`with_rules` a board
    with some changed."""

    end: int = 100
    start: int = 0
    jumps: tuple[Jump, ...] = ()
    name: str = "custom"
    description: str = ""
    width: int = 10
    # Where the board came from, for error messages; not part of its identity.
    source: str | None = field(default=None, compare=False, repr=False)
    # What other layers derive from this board (its Markov chain, exact chain…), kept with it.
    # Not part of its identity, and not copied by :meth:`replace`.
    memo: Memo[Board] = field(default_factory=Memo, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for row in RULES:  # each rule's value read as a board file's would be (end_rule="reach")
            object.__setattr__(self, row.field, row.kind.read(row.of(self), row.field))
        self._check_numbers()
        object.__setattr__(self, "jumps", self._checked_jumps())
        check_turn_rules(self)
        if decides(self):  # winnable by some choices (the roll table is not a turn here)
            squares = check_goal_reached(self)  # a walk of every square: kept for the solvers
            self.memo.get(REACHED, lambda: squares)
        else:
            pieces = check_winnable(self)  # issue 26's rules: a walk of every piece state, kept
            if pieces is not None:
                self.memo.get(PIECES, lambda: pieces)

    # -- validation -----------------------------------------------------------------------

    def _check_numbers(self) -> None:
        for name, value in (("end", self.end), ("start", self.start)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BoardError(f"{name} must be a whole number, not {kind_of(value)}", field=name)
        if self.end < 1:
            raise BoardError(f"the end square must be at least 1 (got {number(self.end)})", field="end")
        if self.end > MAX_SQUARES:
            raise BoardError(
                f"a board has at most {MAX_SQUARES:,} squares (got {number(self.end)})", field="end"
            )
        if not 0 <= self.start < self.end:
            raise BoardError(
                f"the start square {number(self.start)} must lie in 0..{self.end - 1}", field="start"
            )
        for name, text in (("name", self.name), ("description", self.description)):
            if not isinstance(text, str):
                raise BoardError(f"{name} must be text, not {kind_of(text)}", field=name)
        if (
            isinstance(self.width, bool)
            or not isinstance(self.width, int)
            or not 1 <= self.width <= MAX_WIDTH
        ):
            raise BoardError(f"width must be 1..{MAX_WIDTH} (got {kind_of(self.width)})", field="width")
        if self.extra_roll and len(self.die.values) == 1:
            what = "a 1-sided die" if self.die.is_fair else f"dice that always move {self.die.top}"
            raise BoardError(
                f"the extra-roll rule with {what} would make every turn endless", field="extra_roll"
            )
        if self.end_rule is EndRule.BOUNCE and self.die.top > self.end:
            what = f"a {self.die.sides}-sided die" if self.die.is_fair else self.die.text
            raise BoardError(
                f"under the bounce rule {what} could bounce a piece off the board before "
                f"square 1 (a roll may move at most {self.end} squares here)",
                field="die",
            )

    def _checked_jumps(self) -> tuple[Jump, ...]:
        pairs = list(self.jumps.items()) if isinstance(self.jumps, Mapping) else list(self.jumps)
        seen: dict[int, int] = {}
        heads: dict[int, int] = {}
        for pair in pairs:
            try:
                tail, head = pair
            except (TypeError, ValueError):
                raise BoardError(f"a jump must be a pair of squares, not {kind_of(pair)}") from None
            if any(isinstance(v, bool) or not isinstance(v, int) for v in (tail, head)):
                raise BoardError(
                    f"a jump must join two whole squares, not {kind_of(tail)} and {kind_of(head)}"
                )
            jump = (tail, head)
            for square in (tail, head):
                # A chute may send a piece back to the start off the board ("go back to start").
                back_to_start = square == head == self.start == 0
                if not 1 <= square <= self.end and not back_to_start:
                    raise BoardError(
                        f"jump {number(tail)}→{number(head)} leaves the board: "
                        f"square {number(square)} is not in 1..{self.end}",
                        jump=jump,
                    )
            if tail == head:
                raise BoardError(f"jump {tail}→{head} goes nowhere", jump=jump)
            if tail == self.goal_square:
                where = "the end square" if self.goal is None else f"the goal {tail}"
                raise BoardError(f"jump {tail}→{head} starts on {where}", jump=jump)
            if tail == self.start:
                raise BoardError(f"jump {tail}→{head} starts on the start square", jump=jump)
            if tail in seen:
                raise BoardError(
                    f"square {tail} has two jumps: {tail}→{seen[tail]} and {tail}→{head}", jump=jump
                )
            # Blame the jump that completes a chain, i.e. the later one in the file.
            if head in seen and not self.chain_jumps:
                raise BoardError(
                    f"chained jumps: {tail}→{head} lands on the tail of {head}→{seen[head]}",
                    jump=jump,
                )
            if tail in heads and not self.chain_jumps:
                raise BoardError(
                    f"chained jumps: {heads[tail]}→{tail} lands on the tail of {tail}→{head}",
                    jump=jump,
                )
            seen[tail] = head
            heads[head] = tail
        if self.chain_jumps:  # chains may be followed, but must end
            _chain_ends(seen)
        return tuple(sorted(seen.items()))

    # -- derived views --------------------------------------------------------------------

    @property
    def goal_square(self) -> int:
        """The square that wins: the goal, or the end square when no goal is set."""
        return self.end if self.goal is None else self.goal

    @cached_property
    def jump_map(self) -> dict[int, int]:
        return dict(self.jumps)

    @cached_property
    def resolve(self) -> tuple[int, ...]:
        """``resolve[s]``: where a piece landing on ``s`` ends its move."""
        table = list(range(self.end + 1))
        ends = _chain_ends(self.jump_map) if self.chain_jumps else self.jump_map
        for tail, head in ends.items():
            table[tail] = head
        return tuple(table)

    @cached_property
    def head_map(self) -> dict[int, int]:
        """``head → tail`` (a head that several jumps share maps to the first of them)."""
        heads: dict[int, int] = {}
        for tail, head in self.jumps:
            heads.setdefault(head, tail)
        return heads

    def jump_at(self, square: int) -> Jump | None:
        """The jump whose tail or head is ``square`` (the tail's, when a chain makes it both)."""
        if square in self.jump_map:
            return square, self.jump_map[square]
        if square in self.head_map:
            return self.head_map[square], square
        return None

    @property
    def ladders(self) -> tuple[Jump, ...]:
        return tuple((t, h) for t, h in self.jumps if jump_kind(t, h) is JumpKind.LADDER)

    @property
    def chutes(self) -> tuple[Jump, ...]:
        return tuple((t, h) for t, h in self.jumps if jump_kind(t, h) is JumpKind.CHUTE)

    def jump_kind(self, tail: int) -> JumpKind | None:
        """The kind of the jump starting on ``tail`` (``None``: no jump starts there)."""
        head = self.jump_map.get(tail)
        return None if head is None else jump_kind(tail, head)

    def _engines_play(self) -> None:
        """Refuse the per-roll tables, which the chains' engines read, on a board with a decision
        of issue 27 (:func:`~chutes_tui.model.decisions.decides`): they assume nobody chooses
        (the game and the strategy solvers play those through model/decisions.py)."""
        if decides(self):
            chosen = [row.field for row in RULES if row.decision and row.written(self)]
            raise ValueError(f"the chains assume nobody chooses: not {', '.join(chosen)} (see decisions.py)")

    @cached_property
    def _roll_cells(self) -> array[int]:
        self._engines_play()
        return roll_cells(self)

    @property
    def roll_cells(self) -> memoryview:
        """:func:`chutes_tui.model.rules.roll_cells` of this board, computed once, read-only:
        where each move from each square ends, ``roll_cells[s * len(die.values) + c]``. (The
        board keeps the array, which pickles and copies, and hands out a read-only view.)"""
        return memoryview(self._roll_cells).toreadonly()

    @cached_property
    def roll_table(self) -> np.ndarray:
        """:func:`chutes_tui.model.rules.roll_table` of this board: :attr:`roll_cells` as a
        read-only array (squares × moves), for the analysis."""
        return roll_table(self)

    @property
    def face_probabilities(self) -> np.ndarray:
        """The chance of each column of :attr:`roll_table` and :attr:`landing_table`: column
        ``c`` moves ``die.values[c]`` squares (a fair die: ``1/die`` each). Analyses weigh the
        tables' columns by it (exactly: ``die.counts[c] / die.total``), never by ``1/sides``."""
        return self.die.probabilities

    @cached_property
    def landing_table(self) -> np.ndarray:
        """:func:`chutes_tui.model.rules.landing_table` of this board, computed once."""
        self._engines_play()
        return landing_table(self)

    @cached_property
    def standable(self) -> tuple[int, ...]:
        """Squares a turn can end on in some game, ascending: the start, and every square its
        rolls reach (never a jump's tail; with a die that skips squares, not every other square
        either). These are the states of every chain, and the squares a position may name."""
        return reached_squares(self)

    @cached_property
    def standable_squares(self) -> np.ndarray:
        """:attr:`standable` as a read-only array, for the analysis."""
        import numpy as np

        squares = np.array(self.standable, dtype=np.int64)
        squares.setflags(write=False)
        return squares

    @cached_property
    def _standable_mask(self) -> bytearray:
        mask = bytearray(self.end + 1)
        for square in self.standable:
            mask[square] = 1
        return mask

    def is_standable(self, square: int) -> bool:
        return 0 <= square <= self.end and bool(self._standable_mask[square])

    def replace(self, **changes: Any) -> Board:
        """A validated copy with some fields changed (``die=8``, ``end_rule="reach"``…)."""
        return dataclasses.replace(self, **changes)

    def with_rules(self, overrides: RuleOverrides) -> Board:
        """A validated copy with the rules ``overrides`` changes (:class:`BoardError`: the board
        refuses them; the caller says which were asked for)."""
        return self.replace(**overrides.fields()) if overrides else self

    def to_dict(self) -> dict[str, Any]:
        """The board as plain JSON-ready data, in the TOML format's terms."""
        return {
            "name": self.name,
            "description": self.description,
            "squares": self.end,
            "start": self.start,
            **{row.key: row.kind.json(row.of(self)) for row in deciding(Offered.FILE) if row.written(self)},
            "width": self.width,
            "ladders": [list(j) for j in self.ladders],
            "chutes": [list(j) for j in self.chutes],
        }
