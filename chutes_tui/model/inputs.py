"""What a user may type: one validator per kind of input, shared by the CLI, the setup screen,
the editor and the save loader, so that they accept and refuse exactly the same things.

Each validator takes the text as typed (or a value read from a save) and returns the value, or
raises :class:`InputError` whose message names the input, says why, and quotes at most a short,
escaped piece of what was given.

Seeds
-----
A seed is a whole number from 0 to 2⁶³ − 1 (``SEED_MAX``), written in decimal digits (at most
19, an optional ``+``). The same seed, board and players always give the same game. A game
started without one draws a fresh seed in that range and shows it, so any game can be replayed.
"""

from __future__ import annotations

import math
import re
import unicodedata

from chutes_tui.model.dice import MAX_DIE, Dice
from chutes_tui.model.errors import BoardError
from chutes_tui.model.text import INVISIBLE, number, quote

SEED_MAX = 2**63 - 1
MAX_PLAYERS = 12  # the product's promise: games of 1 to 12 players
MAX_NAME_LENGTH = 40
# Longer than any number these inputs accept, short enough that int() is instant.
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_UNSAFE_IN_NAMES = frozenset({"Cc", "Cs", "Zl", "Zp"})


class InputError(ValueError):
    """A value a user typed (or a save recorded) that is not acceptable, with the reason."""


def whole(text: str, what: str, low: int, high: int) -> int:
    """``text`` as a whole number in ``low..high``."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        if not stripped:
            raise InputError(f"{what} is empty: give a whole number {low:,}..{high:,}")
        raise InputError(f"{what} must be a whole number {low:,}..{high:,}, not {quote(stripped, 30)}")
    return in_range(int(stripped), what, low, high)


def in_range(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{what} must be a whole number {low:,}..{high:,}")
    if not low <= value <= high:
        raise InputError(f"{what} must be {low:,}..{high:,}, not {number(value)}")
    return value


def seed(text: str) -> int:
    """A seed typed by a user (see the module docstring)."""
    return whole(text, "the seed", 0, SEED_MAX)


def checked_seed(value: object) -> int:
    """A seed given as a value (a save, an API call)."""
    return in_range(value, "the seed", 0, SEED_MAX)


def die_sides(text: str) -> int:
    return whole(text, "the number of die sides", 1, MAX_DIE)


def dice(text: str, what: str = "--die") -> Dice:
    """Dice as typed: ``6`` (one fair die), ``2d6`` (two summed) or a spinner's weights
    ``1,2,0.5`` (see :mod:`chutes_tui.model.dice`)."""
    if len(text) > 4_000:  # a hundred weights of 40 characters: never split megabytes
        raise InputError(f"the dice {quote(text, 20)} are too long to be dice")
    try:
        return Dice.parse(text, what)
    except BoardError as error:
        raise InputError(error.reason) from None


def quantile_level(text: str) -> str:
    """A quantile level strictly between 0 and 1, kept as written (it names its answer)."""
    stripped = text.strip()
    if len(stripped) > 40 or not stripped.isascii():  # float() would read other scripts' digits
        raise InputError(
            f"a quantile level is a decimal number of at most 40 ASCII characters, not {quote(stripped, 30)}"
        )
    try:
        value = float(stripped)
    except ValueError:
        value = math.nan
    if not 0 < value < 1:
        raise InputError(
            f"a quantile level must be a number strictly between 0 and 1, not {quote(stripped, 30)}"
        )
    return stripped


def player_count(text: str, low: int = 1) -> int:
    return whole(text, "the number of players", low, MAX_PLAYERS)


def player_name(text: object) -> str:
    """A player's name: 1 to ``MAX_NAME_LENGTH`` characters, no control characters.

    Anything else is allowed and shown literally (``[/]`` is a fine name).
    """
    if not isinstance(text, str):
        raise InputError("a player's name must be text")
    name = text.strip()
    if not name:
        raise InputError("a player's name cannot be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise InputError(f"a player's name has at most {MAX_NAME_LENGTH} characters, not {len(name):,}")
    if any(unicodedata.category(char) in _UNSAFE_IN_NAMES for char in name):
        raise InputError(f"a player's name cannot contain control characters: {quote(name, 30)}")
    # A name with a mark that is invisible or turns text around could look like another
    # (U+202E shows "Ann\u202eboB" as "AnnBob"): refused, not just shown escaped.
    marks = sorted({f"U+{ord(char):04X}" for char in name if char in INVISIBLE})
    if marks:  # named by code, not shown: shown, they would turn the message around too
        raise InputError(f"a player's name cannot contain invisible or direction marks ({', '.join(marks)})")
    return name


def player_spec(text: str) -> list[tuple[str, bool]]:
    """``"Ann,Bob,cpu:Robo"`` → ``[("Ann", True), ("Bob", True), ("Robo", False)]``.

    ``cpu:`` marks a computer player; ``cpu:`` alone names it ``CPU n``.
    """
    parts = [part.strip() for part in text.split(",")]
    if not 1 <= len(parts) <= MAX_PLAYERS or any(not part for part in parts):
        raise InputError(f"give 1 to {MAX_PLAYERS} comma-separated names, e.g. 'Ann,Bob,cpu:Robo'")
    players = []
    for seat, part in enumerate(parts, start=1):
        human = not part.lower().startswith("cpu:")
        name = part if human else part[4:].strip() or f"CPU {seat}"
        players.append((player_name(name), human))
    return players


def turns_per_second(text: str) -> float:
    """A computer players' pace: turns per second (above 0), or ``max`` (infinity)."""
    if text.strip().lower() == "max":
        return math.inf
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"the speed must be turns per second or 'max', not {quote(text, 30)}") from None
    if not 0 < value < math.inf:
        raise InputError(f"the speed must be above 0 turns per second, not {quote(text, 30)}")
    return value


_DECIMAL = re.compile(r"[+]?(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})")


def positive_number(text: str, what: str, high: float = math.inf) -> float:
    """A decimal number above 0 (and at most ``high``), in ASCII digits: ``25``, ``0.5``."""
    stripped = text.strip()
    if not _DECIMAL.fullmatch(stripped):
        raise InputError(f"{what} must be a decimal number above 0, not {quote(stripped, 30)}")
    value = float(stripped)
    if not 0 < value <= high:
        limit = "" if high == math.inf else f" and at most {high:g}"
        raise InputError(f"{what} must be above 0{limit}, not {quote(stripped, 30)}")
    return value


def share(text: str, what: str) -> float:
    """A share in [0, 1): a fraction (``0.01``) or a percentage (``1%``), as other levels are
    fractions (quantile levels) but a chance is often said in per cent."""
    stripped = text.strip()
    percent = stripped.endswith("%")
    digits = stripped.removesuffix("%").strip()
    if not _DECIMAL.fullmatch(digits):
        raise InputError(
            f"{what} must be a fraction like 0.01 or a percentage like 1%, not {quote(stripped, 30)}"
        )
    value = float(digits) / (100.0 if percent else 1.0)
    if not 0 <= value < 1:
        raise InputError(f"{what} must lie in [0, 1) (0%-100%), not {quote(stripped, 30)}")
    return value
