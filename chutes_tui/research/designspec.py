"""What a designed board must meet: the request (:class:`DesignSpec`), its targets, and the
search's objective ``J`` (see :mod:`chutes_tui.research.design`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from chutes_tui.analysis.incremental import rules_problem, system_problem
from chutes_tui.analysis.limits import DESIGN_CHAIN_MAX_SQUARES
from chutes_tui.model.board import Board, BoardError, Jump
from chutes_tui.model.dice import D6, Dice
from chutes_tui.model.rules import EndRule, Penalty
from chutes_tui.model.ruletable import RuleOverrides
from chutes_tui.research.edgebound import edge_bound

TOLERANCE = 0.01  # a length or spread target is met within 1 % of it
EDGE_SCALE = 0.001  # an edge 0.1 percentage point too large weighs like a length 1 % off
LEAD_SCALE = 0.1  # 0.1 expected lead changes short weighs like a length 1 % off


class DesignError(ValueError):
    """A request no board can meet (too many jumps, a target out of reach…): one line."""


@dataclass(frozen=True)
class DesignSpec:
    """What board is wanted (see the module docstring)."""

    squares: int = 100
    ladders: int = 9
    chutes: int = 10
    die: Dice = D6
    end_rule: EndRule = EndRule.EXACT
    target_turns: float | None = None
    target_sd: float | None = None
    players: int = 2
    max_edge: float | None = None
    min_jump: int = 1
    min_lead_changes: float | None = None  # at least this many expected lead changes (drama)
    # The other rules every designed board is played by (the extra roll, issue 26's turn rules).
    rules: RuleOverrides = field(default_factory=RuleOverrides)

    @property
    def has_targets(self) -> bool:
        wanted = (self.target_turns, self.target_sd, self.max_edge, self.min_lead_changes)
        return any(target is not None for target in wanted)

    def board(self, jumps: tuple[Jump, ...] | list[Jump] = ()) -> Board:
        """A board of these squares, dice and rules with ``jumps`` (:class:`BoardError`: invalid)."""
        rules: dict[str, Any] = self.rules.fields()
        return Board(end=self.squares, die=self.die, end_rule=self.end_rule, jumps=tuple(jumps), **rules)

    def blank(self) -> Board:
        """The board without jumps (checks the squares, dice and rules)."""
        return self.board()

    @property
    def by_chain(self) -> bool:
        """Whether each candidate is evaluated on its turn chain: a rule the jump system does
        not count (the extra roll, chained jumps, a turn rule of issue 26)."""
        return rules_problem(self.blank()) is not None

    def reserved(self) -> frozenset[int]:
        """The squares the rules name, where no jump may lie: the goal, the miss-turn and
        throw-again squares and the streak penalty's square (the board refuses a jump's tail
        on them; a head there would make them other squares' business)."""
        board = self.blank()
        named = {board.goal_square, *board.miss_turn, *board.throw_again}
        if not isinstance(board.streak_penalty, Penalty):
            named.add(int(board.streak_penalty))
        return frozenset(named)

    def fewest_turns(self) -> int:
        """No game on such a board can last fewer turns: one if a roll may reach the end from
        the start; else two with a ladder (onto it, then to the end); else the rolls of the
        largest move that cover the board."""
        blank = self.blank()
        length = blank.goal_square - blank.start
        # A turn of several rolls (a top face, a throw-again square) may cover any distance.
        if length <= self.die.top or blank.extra_roll or blank.throw_again:
            return 1
        return 2 if self.ladders else math.ceil(length / self.die.top)

    def check(self) -> None:
        """Raise :class:`DesignError` (one line) for what no board can meet."""
        try:
            blank = self.blank()
        except BoardError as error:
            raise DesignError(error.reason) from None
        if self.by_chain:
            if self.squares > DESIGN_CHAIN_MAX_SQUARES:
                raise DesignError(
                    "under a rule that gives a turn more than one roll or a memory, each candidate "
                    f"board is evaluated on its own turn chain: at most {DESIGN_CHAIN_MAX_SQUARES:,} "
                    f"squares (this one has {self.squares:,})"
                )
        else:
            problem = system_problem(blank)
            if problem is not None:
                raise DesignError(problem)
        if self.ladders < 0 or self.chutes < 0:
            raise DesignError("the numbers of ladders and chutes cannot be negative")
        jumps, usable = self.ladders + self.chutes, self.squares - 1
        if 2 * jumps > usable:
            raise DesignError(
                f"{jumps} jumps need {2 * jumps} squares of their own; a {self.squares}-square board "
                f"has {usable} (squares 1-{usable})"
            )
        if jumps and not 1 <= self.min_jump <= self.squares - 2:
            raise DesignError(
                f"the shortest jump must be 1-{self.squares - 2} squares long on {self.squares} squares "
                f"(jumps lie on squares 1-{usable}), not {self.min_jump}"
            )
        fewest = self.fewest_turns()
        if self.target_turns is not None and not self.target_turns >= fewest:
            raise DesignError(
                f"no game on {self.squares} squares with {self.die.text} can last fewer than {fewest} "
                f"turn{'s' if fewest > 1 else ''} on average (target {self.target_turns:g})"
            )
        if self.target_sd is not None and not self.target_sd > 0:
            raise DesignError(f"the target spread must be above 0 turns, not {self.target_sd:g}")
        if self.max_edge is not None and not 0 <= self.max_edge < 1:
            raise DesignError(f"the largest first-player edge must lie in [0, 1), not {self.max_edge:g}")
        if self.players < 2:
            raise DesignError("a first-player edge needs at least 2 players")
        if self.min_lead_changes is not None:
            from chutes_tui.analysis.dramachain import DramaError, check_drama

            try:
                check_drama(blank, self.players)
            except DramaError as refused:
                raise DesignError(f"lead changes: {refused}") from None


@dataclass(frozen=True)
class Conflict:
    """An edge target out of reach at the spread target: with identical starts no board whose
    game has standard deviation up to ``sd`` (the target's, plus the tolerance met within) has
    a first player's edge below ``least`` (:mod:`chutes_tui.research.edgebound`)."""

    sd: float
    least: float


def conflict(spec: DesignSpec) -> Conflict | None:
    """Whether ``spec``'s largest edge is below the least edge possible at its target spread
    (the bound falls as the spread grows, so it is taken at the widest spread that meets it)."""
    if spec.target_sd is None or spec.max_edge is None:
        return None
    widest = spec.target_sd * (1 + TOLERANCE)
    least = edge_bound(widest, spec.players)
    return Conflict(widest, least) if spec.max_edge < least else None


@dataclass(frozen=True)
class Figures:
    """One board's figures as the search sees them."""

    mean: float
    sd: float
    edge: float | None
    objective: float
    lead: float | None = None  # the expected lead changes, when a target asks for them


@dataclass(frozen=True)
class Target:
    """One target and how the designed board meets it."""

    name: str
    wanted: str  # e.g. "25 ± 0.25", "≤ 1.00%"
    value: float
    met: bool
    share: bool = False  # a chance (shown in per cent), not a number of turns

    @property
    def reached(self) -> str:
        return f"{self.value:.4%}" if self.share else f"{self.value:.4f}"


def targets_met(
    spec: DesignSpec, mean: float, sd: float, edge: float, lead: float | None = None
) -> tuple[Target, ...]:
    """Each target of ``spec``, with the value reached and whether it is met."""
    rows = []
    if spec.target_turns is not None:
        off = TOLERANCE * spec.target_turns
        within = abs(mean - spec.target_turns) <= off
        rows.append(Target("expected turns", f"{spec.target_turns:g} ± {off:.4g}", mean, within))
    if spec.target_sd is not None:
        off = TOLERANCE * spec.target_sd
        within = abs(sd - spec.target_sd) <= off
        rows.append(Target("standard deviation", f"{spec.target_sd:g} ± {off:.4g}", sd, within))
    if spec.max_edge is not None:
        wanted = f"≤ {spec.max_edge:.2%} with {spec.players} players"
        rows.append(Target("first-player edge", wanted, edge, edge <= spec.max_edge, share=True))
    if spec.min_lead_changes is not None and lead is not None:
        wanted = f"≥ {spec.min_lead_changes:g} with {spec.players} players"
        rows.append(Target("expected lead changes", wanted, lead, lead >= spec.min_lead_changes))
    return tuple(rows)


def objective(
    spec: DesignSpec,
    mean: np.ndarray,
    sd: np.ndarray,
    edge: np.ndarray | None,
    lead: np.ndarray | None = None,
) -> np.ndarray:
    """``J`` of the module docstring, element-wise (no edge or lead: its term is left out)."""
    total = np.zeros(np.shape(mean))
    if spec.target_turns is not None:
        total += np.abs(mean - spec.target_turns) / (TOLERANCE * spec.target_turns)
    if spec.target_sd is not None:
        total += np.abs(sd - spec.target_sd) / (TOLERANCE * spec.target_sd)
    if spec.max_edge is not None and edge is not None:
        total += np.maximum(edge - spec.max_edge, 0.0) / EDGE_SCALE
    if spec.min_lead_changes is not None and lead is not None:
        total += np.maximum(spec.min_lead_changes - lead, 0.0) / LEAD_SCALE
    return total
