"""The dice: how far one roll moves a piece, and with what exact chance.

Three kinds, written the same way in a board file (``die = …``) and on the command line
(``--die …``):

* ``6`` -- one fair die: moves 1..6, each with chance 1/6;
* ``"2d6"`` -- the sum of N fair M-sided dice: moves N..N·M, with the convolution's chances;
* ``[w1, w2, …]`` (``1,2,3`` on the command line) -- a spinner with unequal sections: face i
  moves i squares with chance ``wi / Σw``; weights are whole or decimal numbers, kept exact,
  and may be zero as long as one is positive.

A roll's *moves* (:attr:`Dice.values`) are the amounts with a positive chance, ascending: they
are the columns of the board's roll and landing tables. The chances are whole numbers over one
total (:attr:`Dice.counts` / :attr:`Dice.total`), so the exact chain, the simulator and the
engine all use the same exact law; :attr:`Dice.probabilities` is its float form. The *top face*
of the extra-roll house rule is the largest move (:attr:`Dice.top`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from itertools import accumulate
from math import gcd, lcm
from typing import TYPE_CHECKING

from chutes_tui.model.errors import BoardError
from chutes_tui.model.text import kind_of, number

if TYPE_CHECKING:
    import numpy as np  # the float chances and the simulator's draws; a board needs none

MAX_DIE = 100  # the largest move any dice may make: the roll table's width stays as it was
# A roll is drawn as one uniform whole number below the total (exact, no rounding): numpy's
# 64-bit integers must hold it. The sum of up to 100 dice never needs more than 3^33.
MAX_TOTAL = 2**62
MAX_WEIGHT = 10**9
MAX_PLACES = 18  # decimal places of a spinner's weight

_SUM = re.compile(r"([0-9]{0,9})d([0-9]{1,9})")  # ASCII digits only, like every input
_WEIGHT = re.compile(r"[0-9]{1,20}(?:\.[0-9]{1,20})?")


def _error(reason: str) -> BoardError:
    return BoardError(reason, field="die")


def _weight(value: object, face: int) -> Fraction:
    """A spinner weight from a file or a program, exactly; refused when it is not a
    non-negative whole or decimal number of sensible size (never converted first: ``1e400``
    or ``1e-999999999`` would take ages as a fraction)."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal | Fraction | float):
        raise _error(f"spinner weight {face} must be a number, not {kind_of(value)}")
    if isinstance(value, float):
        value = Decimal(repr(value))  # as written in the file, not the binary double
    if isinstance(value, Decimal) and not value.is_finite():
        raise _error(f"spinner weight {face} must be a finite number")
    if value < 0 or value > MAX_WEIGHT:
        raise _error(f"spinner weight {face} must lie in 0..{MAX_WEIGHT:,}")
    if isinstance(value, Decimal):
        if value == 0:
            return Fraction(0)
        exponent = value.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_PLACES:
            raise _error(f"spinner weight {face} has more than {MAX_PLACES} decimal places")
    weight = Fraction(value)
    denominator = weight.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1 or 10**MAX_PLACES % weight.denominator:
        raise _error(
            f"spinner weight {face} must be a whole or decimal number of at most {MAX_PLACES} places"
        )
    return weight


def _decimal_text(weight: Fraction) -> str:
    """A spinner weight as written: ``2``, ``0.25`` (denominators divide 10^MAX_PLACES)."""
    if weight.denominator == 1:
        return str(weight.numerator)
    places = next(k for k in range(1, MAX_PLACES + 1) if 10**k % weight.denominator == 0)
    scaled = weight.numerator * 10**places // weight.denominator
    whole, part = divmod(scaled, 10**places)
    return f"{whole}.{part:0{places}d}"


@dataclass(frozen=True)
class Dice:
    """One roll's law (see the module docstring). ``Dice(6)``: a fair d6; ``Dice(6, 2)``: 2d6;
    :meth:`spinner`: unequal sections. Constructing one validates it (:class:`BoardError`
    with ``field="die"``)."""

    sides: int = 6
    count: int = 1
    weights: tuple[Fraction, ...] = ()  # a spinner: face i + 1 has weight weights[i]

    def __post_init__(self) -> None:
        if self.weights:
            if len(self.weights) > MAX_DIE:
                raise _error(f"a spinner may have at most {MAX_DIE} faces (got {len(self.weights):,})")
            object.__setattr__(
                self, "weights", tuple(_weight(w, i) for i, w in enumerate(self.weights, start=1))
            )
            object.__setattr__(self, "sides", len(self.weights))
            object.__setattr__(self, "count", 1)
            if not any(self.weights):
                raise _error("a spinner needs a face with a positive weight")
            if self.total > MAX_TOTAL:
                raise _error("the spinner's weights are too finely divided to draw exactly")
            return
        for name, value in (("sides", self.sides), ("count", self.count)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise _error(f"the dice's {name} must be a whole number, not {kind_of(value)}")
        if self.count == 1 and self.sides < 1:
            raise _error(f"the die needs at least 1 side (got {number(self.sides)})")
        if self.sides < 1 or self.count < 1:
            raise _error(f"dice need at least 1 die of at least 1 side (got {self.count}d{self.sides})")
        if self.count == 1 and self.sides > MAX_DIE:
            raise _error(f"the die may have at most {MAX_DIE} sides (got {number(self.sides)})")
        if self.count * self.sides > MAX_DIE:
            raise _error(f"dice may move at most {MAX_DIE} squares a roll (got {self.count}d{self.sides})")

    @classmethod
    def spinner(cls, weights: Sequence[int | Decimal | Fraction]) -> Dice:
        if not weights:
            raise _error("a spinner needs at least one face")
        if len(weights) > MAX_DIE:  # before looking at a million entries
            raise _error(f"a spinner may have at most {MAX_DIE} faces (got {len(weights):,})")
        return cls(weights=tuple(_weight(w, i) for i, w in enumerate(weights, start=1)))

    @classmethod
    def of(cls, value: object) -> Dice:
        """Dice from a board file's value or a program's: ``Dice``, ``6``, ``"2d6"``, or a list
        of weights."""
        if isinstance(value, Dice):
            return value
        if isinstance(value, str):
            return cls.parse(value, "die")
        if isinstance(value, list | tuple):
            return cls.spinner(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _error(
                f'die must be a whole number, text like "2d6" or a list of weights, not {kind_of(value)}'
            )
        return cls(value)

    @classmethod
    def parse(cls, text: str, what: str = "the die") -> Dice:
        """What a user types: ``6``, ``2d6`` (or ``d6``), or weights ``1,2,0.5`` (``what``
        names it in the message when it is none of these)."""
        stripped = text.strip().lower()
        if "," in stripped:
            words = [word.strip() for word in stripped.split(",", MAX_DIE)]
            if len(words) == 2 and not words[1]:
                words = words[:1]  # "5,": a spinner of one face (a plain 5 is a 5-sided die)
            if len(words) > MAX_DIE:
                raise _error(f"a spinner may have at most {MAX_DIE} faces")
            for i, word in enumerate(words, start=1):
                if not _WEIGHT.fullmatch(word):
                    raise _error(
                        f"spinner weight {i} must be a whole or decimal number of at least 0, like 2 or 0.5"
                    )
            return cls.spinner([Decimal(word) for word in words])
        if re.fullmatch(r"[0-9]{1,9}", stripped):  # ASCII: \d would read other scripts' digits
            return cls(int(stripped))
        match = _SUM.fullmatch(stripped)
        if match is None:
            raise _error(f"{what} must be a whole number of sides (6), dice summed (2d6) or weights (1,2,3)")
        return cls(int(match.group(2)), int(match.group(1) or 1))

    # -- the law --------------------------------------------------------------------------

    @property
    def is_fair(self) -> bool:
        """One fair die (the classic game, and the plain file format's only kind)."""
        return self.count == 1 and not self.weights

    @cached_property
    def _law(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        if self.weights:
            scale = lcm(*(w.denominator for w in self.weights))
            whole = [int(w * scale) for w in self.weights]
            common = gcd(*whole)
            pairs = [(face, w // common) for face, w in enumerate(whole, start=1) if w]
            return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
        ways = [1]
        for _ in range(self.count):  # the chances of each sum, by convolution (exact integers)
            ways = [sum(ways[max(0, i - self.sides + 1) : i + 1]) for i in range(len(ways) + self.sides - 1)]
        return tuple(range(self.count, self.count * self.sides + 1)), tuple(ways)

    @property
    def values(self) -> tuple[int, ...]:
        """The moves a roll can make, ascending: the roll table's columns."""
        return self._law[0]

    @property
    def counts(self) -> tuple[int, ...]:
        """Each move's chance times :attr:`total` (whole numbers, without a common factor)."""
        return self._law[1]

    @cached_property
    def total(self) -> int:
        return sum(self.counts)

    @cached_property
    def listed(self) -> tuple[int, ...]:
        """The die as equally likely faces: each move listed :attr:`counts` times (a game with
        decisions reads it on every turn)."""
        return tuple(face for face, count in zip(self.values, self.counts, strict=True) for _ in range(count))

    @property
    def top(self) -> int:
        """The largest move: the extra-roll rule's top face."""
        return self.values[-1]

    @cached_property
    def chances(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(c, self.total) for c in self.counts)

    @cached_property
    def probabilities(self) -> np.ndarray:
        """The float chance of each move (a fair d-sided die: exactly ``1.0 / d`` each)."""
        import numpy as np

        chances = np.array(self.counts, dtype=np.float64) / float(self.total)
        chances.setflags(write=False)
        return chances

    @cached_property
    def _columns(self) -> dict[int, int]:
        return {value: column for column, value in enumerate(self.values)}

    def column(self, move: int) -> int:
        """The roll-table column of a move; ``ValueError`` when no roll makes it."""
        try:
            return self._columns[move]
        except (KeyError, TypeError):
            raise ValueError(f"{move!r} is not a possible move of {self.text}") from None

    @cached_property
    def cumulative(self) -> tuple[int, ...]:
        return tuple(accumulate(self.counts))

    @property
    def top_column(self) -> int:
        """The roll tables' column of :attr:`top` (the last: moves ascend)."""
        return len(self.values) - 1

    @cached_property
    def _cumulative_array(self) -> np.ndarray:
        import numpy as np

        return np.array(self.cumulative, dtype=np.int64)

    def columns(self, rng: np.random.Generator, size: int) -> np.ndarray:
        """``size`` rolls at once, as the roll tables' columns, drawn exactly like :meth:`roll`
        (a uniform whole number below :attr:`total` picks the column whose share holds it)."""
        import numpy as np

        if self.is_fair:
            return rng.integers(0, self.sides, size)
        drawn = rng.integers(0, self.total, size, dtype=np.int64)
        return np.searchsorted(self._cumulative_array, drawn, side="right")

    def roll(self, rng: np.random.Generator) -> int:
        """One roll's move, drawn exactly: a uniform whole number below :attr:`total` picks the
        move whose share of the total holds it. One fair die draws as it always has."""
        if self.is_fair:
            return int(rng.integers(1, self.sides + 1))
        return self.values[bisect_right(self.cumulative, int(rng.integers(0, self.total)))]

    # -- as written -----------------------------------------------------------------------

    def _weights_text(self, separator: str) -> str:
        return separator.join(_decimal_text(w) for w in self.weights)

    @property
    def text(self) -> str:
        """For display: ``d6``, ``2d6``, ``spinner 1,1,2``."""
        if self.weights:
            return "spinner " + self._weights_text(",")
        return f"{'' if self.count == 1 else self.count}d{self.sides}"

    @property
    def option(self) -> str:
        """As ``--die`` takes it: ``6``, ``2d6``, ``1,1,2`` (one face: ``5,``)."""
        if self.weights:
            return self._weights_text(",") + ("," if len(self.weights) == 1 else "")
        return str(self.sides) if self.count == 1 else f"{self.count}d{self.sides}"

    @property
    def toml(self) -> str:
        """The value of a board file's ``die`` key, in the form it was read."""
        if self.weights:
            return "[" + self._weights_text(", ") + "]"
        return str(self.sides) if self.count == 1 else f'"{self.count}d{self.sides}"'

    @property
    def json(self) -> int | str | list[int | float]:
        """The die as JSON: the board file's form (decimal weights as JSON numbers)."""
        if self.weights:
            return [w.numerator if w.denominator == 1 else float(w) for w in self.weights]
        return self.sides if self.count == 1 else f"{self.count}d{self.sides}"


D6 = Dice(6)  # the classic game's die
