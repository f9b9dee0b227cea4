"""A rule's row and the value it sets: :class:`RuleChoices` (one frozen value, a field per rule)
and :class:`RuleOption` (everything a front end needs to offer one rule), the types of the table
of rules, :mod:`chutes_tui.model.ruletable` (which re-exports them; read it first).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Flag, auto
from typing import Generic, TypeVar, cast

from chutes_tui.model.decisions import AfterRoll
from chutes_tui.model.dice import D6, Dice
from chutes_tui.model.rulekinds import Form, Kind
from chutes_tui.model.rules import EndRule, Penalty

T = TypeVar("T")


@dataclass(frozen=True, kw_only=True)
class RuleChoices:
    """The rule choices of a board (one field per row of :data:`RULES`, in its order)."""

    end_rule: EndRule = EndRule.EXACT
    # The square that wins (None: the end square); past it, ordinary squares up to the end.
    goal: int | None = None
    # The dice; ``Board(die=8)`` (a whole number) means one fair 8-sided die.
    die: Dice = D6
    extra_roll: bool = False
    # The rolls of a turn are added, and the piece moves once by their total.
    sum_rolls: bool = False
    # The n-th top face in a row in one turn ends it (None: no limit), sending the piece to
    # where the penalty says, no jump applied.
    streak_limit: int | None = None
    streak_penalty: Penalty | int = Penalty.FORFEIT
    # A piece on the start moves only on these faces (none: on any), onto enter_square if set.
    enter_faces: tuple[int, ...] = ()
    enter_square: int | None = None
    # A jump's head may be another jump's tail: the piece follows the chain until it rests.
    chain_jumps: bool = False
    # The bump house rule (:func:`~chutes_tui.model.rules.bumped`): players then interact.
    bump: bool = False
    # Squares where a piece that comes to rest skips its next turn, or rolls again at once.
    miss_turn: tuple[int, ...] = ()
    throw_again: tuple[int, ...] = ()
    # Issue 27's decisions (:mod:`chutes_tui.model.decisions`): dice to choose from before each
    # roll (none: no choice), what may be done with the roll, and each player's pawns.
    dice_choice: tuple[tuple[int, ...], ...] = ()
    after_roll: AfterRoll = AfterRoll.MOVE
    pawns: int = 1

    @property
    def rules(self) -> RuleChoices:
        """These choices alone (of a board: its rules, without its squares and jumps)."""
        return RuleChoices(**{field.name: getattr(self, field.name) for field in fields(RuleChoices)})


class Offered(Flag):
    """Where a rule may be chosen."""

    CLI = auto()  # a flag of every verb that takes a board (the analysis verbs too)
    # A flag of the verbs that play a game or solve its choices: play, watch, serve, edit and
    # strategy (every rule offered on the CLI is offered there too).
    PLAY = auto()
    SETUP = auto()  # the setup screen (and the setup it remembers)
    DIALOG = auto()  # the editor's rules dialog
    FILE = auto()  # a key of the TOML board file (and of a board's JSON)


EVERYWHERE = Offered.CLI | Offered.PLAY | Offered.SETUP | Offered.DIALOG | Offered.FILE


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
    # The game plays it (and so does every engine that reads the rows its ``offered`` names):
    # else the row is offered nowhere yet (:func:`offered`), but, if it is a decision, to the
    # strategy solver (:func:`deciding`), and only a program sets it.
    played: bool = True
    # A decision of issue 27 (the player chooses): the game and the strategy solver play it, the
    # analysis of a chain does not (it assumes nobody chooses): its row is not offered on every
    # verb's command line (``Offered.CLI``), and a board file read for the analysis refuses it.
    decision: bool = False
    # How a summary of a board's rules says it (:func:`said`: the command line's heading, the
    # editor's figures, the setup's preview): ``said`` its words, ``{}`` standing for the value
    # (``kind.said``: "{} end" says "exact end"; default: the noun, then the value unless on/off);
    # ``said_brief`` a narrow line's words (the editor's figures; default: ``said``). A rule is
    # said when its value is not the default (an on/off rule: when on), or always if
    # ``always_said``. ``noun`` names it in a list of the rules (default: the label).
    said: str = ""
    said_brief: str = ""
    noun: str = ""
    always_said: bool = False
    # Summaries say the rows by this, ties in the table's order: the dice, after the end rule
    # in the table (and --help), come first in a sentence ("d6, exact end, bump").
    said_order: int = 0

    def __post_init__(self) -> None:
        if self.offered != EVERYWHERE and not self.why:
            raise ValueError(f"the rule {self.field} is not offered everywhere: its row must say why")
        if self.always_said and not self.played:
            raise ValueError(f"the rule {self.field} is not played yet: it is said only when set")
        if self.decision and Offered.CLI in self.offered:
            raise ValueError(f"the analysis verbs do not play the decision {self.field}: not Offered.CLI")
        if Offered.CLI in self.offered and Offered.PLAY not in self.offered:
            raise ValueError(f"the rule {self.field} is a flag of every verb: Offered.PLAY too")

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

    @property
    def named(self) -> str:
        """Its name in a list of the rules ("extra roll")."""
        return self.noun or self.label

    def words(self, rules: RuleChoices, *, brief: bool = False) -> str | None:
        """What a summary of ``rules`` says of this rule (``brief``: a narrow line's words), or
        ``None`` when it says nothing of it."""
        value = self.of(rules)
        if value == self.default and not self.always_said:
            return None
        template = (self.said_brief if brief else "") or self.said
        if not template:
            template = self.named if self.kind.form is Form.TICK else self.named + " {}"
        return template.format(self.kind.said(value))

    def written(self, rules: RuleChoices) -> bool:
        """Whether a board file (and a board's JSON) names this rule."""
        return self.always_written or self.of(rules) != self.default


DEFAULT = RuleChoices()
