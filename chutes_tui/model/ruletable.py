"""The rules a game is played by: one typed value, and one table of the ways to choose them.

:class:`RuleChoices` holds a board's rule fields (:class:`~chutes_tui.model.board.Board` is
built on it: the fields are declared once, here). :data:`RULES` has a row per rule
(:class:`RuleOption`): its field, the kind of its value (:mod:`chutes_tui.model.rulekinds`),
its command-line flag, its label and help, and where it is offered. The command line's
arguments, the setup screen's and the rules dialog's fields, the remembered setup and the board
file's reader and writer are all made by walking the rows, and what a user changed travels as
:class:`RuleOverrides`, typed by the rows. What a rule *does* is said in
:mod:`chutes_tui.model.rules`.

Adding a rule: a field of :class:`RuleChoices`, a row of :data:`RULES`, its semantics in
``rules.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Flag, auto
from typing import Any, Generic, TypeVar, cast

from chutes_tui.model.dice import D6, Dice
from chutes_tui.model.rulekinds import Choice, DiceKind, Kind, OnOff
from chutes_tui.model.rules import BUMP_EFFECT, EndRule

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class RuleChoices:
    """The rule choices of a board (one field per row of :data:`RULES`, in its order)."""

    end_rule: EndRule = EndRule.EXACT
    # The dice; ``Board(die=8)`` (a whole number) means one fair 8-sided die.
    die: Dice = D6
    extra_roll: bool = False
    # A jump's head may be another jump's tail: the piece follows the chain until it rests.
    chain_jumps: bool = False
    # The bump house rule (:func:`~chutes_tui.model.rules.bumped`): players then interact.
    bump: bool = False

    @property
    def rules(self) -> RuleChoices:
        """These choices alone (of a board: its rules, without its squares and jumps)."""
        return RuleChoices(**{row.field: row.of(self) for row in RULES})


class Offered(Flag):
    """Where a rule may be chosen."""

    CLI = auto()  # a flag of every verb that takes a board
    SETUP = auto()  # the setup screen (and the setup it remembers)
    DIALOG = auto()  # the editor's rules dialog
    FILE = auto()  # a key of the TOML board file (and of a board's JSON)


EVERYWHERE = Offered.CLI | Offered.SETUP | Offered.DIALOG | Offered.FILE


@dataclass(frozen=True, eq=False)  # a row is itself: it keys the overrides by identity
class RuleOption(Generic[T]):
    """One rule's row: everything a front end needs to offer it."""

    field: str  # of RuleChoices (and so of Board), and the board file's key
    kind: Kind[T]
    flag: str  # on the command line ("--end-rule"); widgets are named after it
    label: str  # a few words, beside its field in the app
    help: str  # the command line's help, the app's tooltip
    offered: Offered = EVERYWHERE
    why: str = ""  # why a row is not offered everywhere (required then)
    metavar: str | None = None
    # In every board file and board JSON, even when the default (else only when it differs):
    # the rules older than chained jumps were always written, and still are.
    always_written: bool = False
    hint: str = ""  # the dialog's line of examples under a text field

    def __post_init__(self) -> None:
        if self.offered != EVERYWHERE and not self.why:
            raise ValueError(f"the rule {self.field} is not offered everywhere: its row must say why")

    @property
    def key(self) -> str:
        """The board file's key."""
        return self.field

    @property
    def name(self) -> str:
        """The flag without its dashes: the app's widgets are named after it."""
        return self.flag.removeprefix("--")

    @property
    def default(self) -> T:
        return self.of(DEFAULT)

    def of(self, rules: RuleChoices) -> T:
        """This rule's value in ``rules`` (a :class:`Board` is one)."""
        return cast(T, getattr(rules, self.field))

    def written(self, rules: RuleChoices) -> bool:
        """Whether a board file (and a board's JSON) names this rule."""
        return self.always_written or self.of(rules) != self.default


END_RULE = RuleOption(
    "end_rule",
    Choice(EndRule),
    "--end-rule",
    "end rule",
    "override the board's end rule",
    always_written=True,
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
)
EXTRA_ROLL = RuleOption(
    "extra_roll",
    OnOff(),
    "--extra-roll",
    "top face rolls again",
    "house rule: the top face (the largest move: 6 on a d6, 12 on 2d6) gives another roll in the same turn",
    always_written=True,
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

# The rows, in the order every front end offers them.
RULES: tuple[RuleOption[Any], ...] = (END_RULE, DIE, EXTRA_ROLL, CHAIN_JUMPS, BUMP)
DEFAULT = RuleChoices()


def offered(where: Offered) -> tuple[RuleOption[Any], ...]:
    """The rows offered ``where``, in the table's order."""
    return tuple(row for row in RULES if where in row.offered)


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

    def __str__(self) -> str:
        """``die=2d6, extra_roll=True``: how the command line's refusals name them."""
        return ", ".join(f"{row.field}={row.kind.text(value)}" for row, value in self.values)
