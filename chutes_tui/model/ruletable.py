"""The rules a game is played by: one typed value, and one table of the ways to choose them.

:class:`RuleChoices` holds a board's rule fields (:class:`~chutes_tui.model.board.Board` is
built on it: the fields are declared once, here). :data:`RULES` has a row per rule
(:class:`RuleOption`): its field, the kind of its value (:mod:`chutes_tui.model.rulekinds`),
its command-line flag, its label and help, and where it is offered. The command line's
arguments, the setup screen's and the rules dialog's fields, the remembered setup, the board
file's reader and writer and the summaries of a board's rules (:func:`said`) are all made by
walking the rows, and what a user changed travels as
:class:`RuleOverrides`, typed by the rows. What a rule *does* is said in
:mod:`chutes_tui.model.rules`.

Adding a rule: a field of :class:`RuleChoices`, a row of :data:`RULES` (with its words in a
summary when the default ones read badly), its semantics in
``rules.py`` (what one move does) or ``turns.py`` (what a turn is: rolls again, sums, streaks,
entering, special squares), its refusals in ``board.py`` (or ``turnchecks.py``), and every
engine made to play it (or to refuse it in one line, as the bump engines refuse the turn rules).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from chutes_tui.model.decisions import MAX_CHOICE_DICE, MAX_PAWNS, AfterRoll
from chutes_tui.model.dice import MAX_DIE
from chutes_tui.model.rulekinds import (
    Choice,
    ChoiceOrWhole,
    DiceKind,
    DiceList,
    Form,
    MaybeWhole,
    OnOff,
    Squares,
    Whole,
)

# The row's types, re-exported: every front end imports the table from here.
from chutes_tui.model.rulerow import DEFAULT as DEFAULT
from chutes_tui.model.rulerow import EVERYWHERE as EVERYWHERE
from chutes_tui.model.rulerow import Offered as Offered
from chutes_tui.model.rulerow import RuleChoices as RuleChoices
from chutes_tui.model.rulerow import RuleOption as RuleOption
from chutes_tui.model.rules import BUMP_EFFECT, MAX_SQUARES, MAX_STREAK, EndRule, Penalty
from chutes_tui.model.text import elide

T = TypeVar("T")


END_RULE = RuleOption(
    "end_rule",
    Choice(EndRule),
    "--end-rule",
    "end rule",
    "override the board's end rule",
    always_written=True,
    said="{} end",
    said_brief="{}",
    always_said=True,
)
DIE = RuleOption(
    "die",
    DiceKind(),
    "--die",
    "dice",
    "override the dice: 6 (one fair die), 2d6 (two dice summed) or 1,2,0.5 "
    "(a spinner's weights: face i moves i squares)",
    metavar="DICE",
    always_written=True,
    hint="6 · 2d6 (summed) · 1,1,2 (a spinner's weights)",
    said="{}",
    always_said=True,
    said_order=-1,
)
EXTRA_ROLL = RuleOption(
    "extra_roll",
    OnOff(),
    "--extra-roll",
    "top face rolls again",
    "house rule: the top face (the largest move: 6 on a d6, 12 on 2d6) gives another roll in the same turn",
    always_written=True,
    said="extra roll on the top face",
    said_brief="extra roll",
    noun="extra roll",
)
CHAIN_JUMPS = RuleOption(
    "chain_jumps",
    OnOff(),
    "--chain-jumps",
    "chained jumps",
    "a jump's head may be another jump's tail: the piece follows the chain until it rests "
    "(a cycle of jumps is refused)",
)
BUMP = RuleOption(
    "bump",
    OnOff(),
    "--bump",
    "bump",
    "house rule: a piece that comes to rest (after its jump) where other pieces stand, other than "
    "the start and the end, sends them back to the start; " + BUMP_EFFECT,
)

# Issue 26's rules (model/turns.py says what a turn is under them). A rule naming a square of the board
# is chosen with the board (its file, the editor's dialog, the command line), not at setup, where
# it would be laid on whichever board is picked.
BOARD_SQUARE = Offered.CLI | Offered.PLAY | Offered.DIALOG | Offered.FILE
ON_THE_BOARD = "it names a square of the board: set with the board, not laid on any board at setup"
GOAL = RuleOption(
    "goal",
    MaybeWhole(Whole(1, MAX_SQUARES, example=90)),
    "--goal",
    "goal square",
    "the square that wins, by coming to rest on it (default: the last square); the squares past "
    "it are ordinary, and the end rule governs only moves past the last square",
    metavar="SQUARE",
    offered=BOARD_SQUARE,
    why=ON_THE_BOARD,
)
SUM_ROLLS = RuleOption(
    "sum_rolls",
    OnOff(),
    "--sum-rolls",
    "add a turn's rolls",
    "with the extra roll: the rolls of a turn are added, and the piece moves once by their total",
    said="a turn's rolls added",
)
STREAK_LIMIT = RuleOption(
    "streak_limit",
    MaybeWhole(Whole(1, MAX_STREAK, example=3)),
    "--streak-limit",
    "top faces in a row",
    "with the extra roll: the N-th top face in a row in one turn ends the turn, and the piece goes "
    "where --streak-penalty says (no jump applied)",
    metavar="N",
    said="{} top faces in a row end the turn",
)
STREAK_PENALTY = RuleOption(
    "streak_penalty",
    ChoiceOrWhole(Choice(Penalty), Whole(0, MAX_SQUARES), example="start"),
    "--streak-penalty",
    "after the streak",
    "where a streak too long sends the piece: forfeit (back to where the turn began), start, or a square",
    metavar="WHERE",
    hint="forfeit · start · a square (e.g. 40)",
    said="after the streak: {}",
)
ENTER_FACES = RuleOption(
    "enter_faces",
    Squares(MAX_SQUARES, example="6", noun="moves"),
    "--enter-faces",
    "faces that enter",
    "a piece on the start moves only on one of these faces (empty: any face)",
    metavar="FACES",
    said="enter on {}",
)
ENTER_SQUARE = RuleOption(
    "enter_square",
    MaybeWhole(Whole(1, MAX_SQUARES, example=1)),
    "--enter-square",
    "enter on square",
    "an entering roll places the piece on this square (its jump applies) instead of moving it",
    metavar="SQUARE",
    offered=BOARD_SQUARE,
    why=ON_THE_BOARD,
)
MISS_TURN = RuleOption(
    "miss_turn",
    Squares(MAX_SQUARES, example="12, 34"),
    "--miss-turn",
    "miss a turn on",
    "squares where a piece that comes to rest skips its next turn",
    metavar="SQUARES",
    offered=BOARD_SQUARE,
    why=ON_THE_BOARD,
)
THROW_AGAIN = RuleOption(
    "throw_again",
    Squares(MAX_SQUARES, example="13, 35"),
    "--throw-again",
    "roll again on",
    "squares where a piece that comes to rest rolls again in the same turn",
    metavar="SQUARES",
    offered=BOARD_SQUARE,
    why=ON_THE_BOARD,
)

# Issue 27's decisions (model/decisions.py): the game plays them (the setup, the rules dialog,
# play, watch and serve) and the strategy solver solves them; the analysis verbs, whose chains
# assume nobody chooses, do not offer their flags and refuse a board file that sets them.
#
# Efron's four nontransitive dice, as typed: a board with them to choose from (the field's hint).
EFRON = "4,4,4,4,0,0 / 3,3,3,3,3,3 / 6,6,2,2,2,2 / 5,5,5,1,1,1"
DECIDED = Offered.PLAY | Offered.SETUP | Offered.DIALOG | Offered.FILE
A_DECISION = (
    "a decision: the game and chutes-tui strategy play it; the analysis verbs' chains assume "
    "nobody chooses (analyze, exact, distribution, …)"
)
# How the analysis verbs refuse a decision's flag or board-file key (after "--pawns is a decision").
NOT_ANALYZED = "the analysis assumes nobody chooses (chutes-tui play, watch and strategy play it)"
DICE_CHOICE = RuleOption(
    "dice_choice",
    DiceList(MAX_DIE, MAX_CHOICE_DICE, MAX_DIE),
    "--dice-choice",
    "dice to choose from",
    "before each roll the player picks one of these dice, each a list of equally likely faces "
    f"(0 stays put), dice split by /: Efron's are {EFRON}",
    metavar="DICE",
    offered=DECIDED,
    why=A_DECISION,
    hint="Efron's dice: " + EFRON,
    said="a die chosen of {}",
    decision=True,
)
AFTER_ROLL = RuleOption(
    "after_roll",
    Choice(AfterRoll),
    "--after-roll",
    "after the roll",
    "what the player may do with a roll before moving: move (nothing), flip (a fair coin adds or "
    "takes 1) or either (move it forward or backward, never below the start)",
    offered=DECIDED,
    why=A_DECISION,
    said="after the roll: {}",
    decision=True,
)
PAWNS = RuleOption(
    "pawns",
    Whole(1, MAX_PAWNS, example=2),
    "--pawns",
    "pawns each",
    "each player has this many pawns and picks, after the roll, which one moves; all must reach "
    "the goal (with bump a capture sends a pawn to the start)",
    metavar="K",
    offered=DECIDED,
    why=A_DECISION,
    said="{} pawns each",
    decision=True,
)

# The rows, in the order every front end offers them.
RULES: tuple[RuleOption[Any], ...] = (
    END_RULE,
    GOAL,
    DIE,
    EXTRA_ROLL,
    SUM_ROLLS,
    STREAK_LIMIT,
    STREAK_PENALTY,
    ENTER_FACES,
    ENTER_SQUARE,
    CHAIN_JUMPS,
    BUMP,
    MISS_TURN,
    THROW_AGAIN,
    DICE_CHOICE,
    AFTER_ROLL,
    PAWNS,
)
DECISIONS: tuple[RuleOption[Any], ...] = (DICE_CHOICE, AFTER_ROLL, PAWNS)


# The rows in the order a summary says them, and those it says only when set (the house rules).
SAID: tuple[RuleOption[Any], ...] = tuple(sorted(RULES, key=lambda row: row.said_order))
HOUSE_RULES = tuple(row for row in SAID if not row.always_said)


def said(rules: RuleChoices, rows: tuple[RuleOption[Any], ...] = SAID, *, brief: bool = False) -> list[str]:
    """What a summary of ``rules`` says, rule by rule, of ``rows`` (in their order):
    ``d6, exact end, extra roll on the top face, bump``."""
    return [words for row in rows if (words := row.words(rules, brief=brief)) is not None]


def offered(where: Offered) -> tuple[RuleOption[Any], ...]:
    """The rows offered ``where``, in the table's order: those the game plays (a row not played
    yet is offered nowhere; a decision not played yet only to the strategy solver:
    :func:`deciding`)."""
    return tuple(row for row in RULES if where in row.offered and row.played)


def deciding(where: Offered) -> tuple[RuleOption[Any], ...]:
    """The rows offered ``where`` to the strategy solver: those played, and every decision (the
    solver plays them all, the game perhaps not yet)."""
    return tuple(row for row in RULES if where in row.offered and (row.played or row.decision))


@dataclass(frozen=True)
class RuleOverrides:
    """What a user changed of a board's rules: a value for some rows, each of its row's type
    (set with :meth:`with_value`, read with :meth:`value`), kept in the table's order."""

    values: tuple[tuple[RuleOption[Any], object], ...] = ()

    def with_value(self, row: RuleOption[T], value: T) -> RuleOverrides:
        """These overrides, with ``row`` set to ``value`` (replacing any value it had)."""
        given = {**dict(self.values), row: value}
        return RuleOverrides(tuple((r, given[r]) for r in RULES if r in given))

    def __contains__(self, row: object) -> bool:
        return any(given is row for given, _ in self.values)

    def value(self, row: RuleOption[T]) -> T:
        """The value given ``row`` (:class:`KeyError`: none)."""
        for given, value in self.values:
            if given is row:
                return cast(T, value)
        raise KeyError(row.field)

    def fields(self) -> dict[str, object]:
        """``{field: value}`` of the overrides: what ``Board(**…)`` or ``replace`` is given."""
        return {row.field: value for row, value in self.values}

    def __iter__(self) -> Iterator[RuleOption[Any]]:
        return (row for row, _ in self.values)

    def __bool__(self) -> bool:
        return bool(self.values)

    def differing(self, rules: RuleChoices) -> RuleOverrides:
        """Only the overrides that change ``rules``."""
        return RuleOverrides(tuple((row, value) for row, value in self.values if row.of(rules) != value))

    @classmethod
    def of(cls, rules: RuleChoices, where: Offered = EVERYWHERE) -> RuleOverrides:
        """Every rule offered ``where``, set as ``rules`` have it."""
        return cls(tuple((row, row.of(rules)) for row in offered(where)))

    def words(self) -> str:
        """The changes in words, each rule by its name and its value as summaries say it:
        ``miss a turn on 50, extra roll off, goal square: none`` (the editor's line)."""
        parts = []
        for row, value in self.values:
            text = ("on" if value else "off") if row.kind.form is Form.TICK else row.kind.said(value)
            parts.append(f"{row.named} {text}" if text else f"{row.named}: none")
        return ", ".join(parts)

    def __str__(self) -> str:
        """``die=2d6, extra_roll=True``: how the command line's refusals name them (a long
        value elided: ``miss_turn=1, 2, …, 99`` stays a short line)."""
        return ", ".join(f"{row.field}={elide(row.kind.text(value))}" for row, value in self.values)
