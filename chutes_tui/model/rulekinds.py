"""The kinds of value a rule may take, each typed, shown and stored one way everywhere.

A rule's row in :data:`chutes_tui.model.ruletable.RULES` names its kind; every front end asks
the kind, never the rule: the command line and the app's fields read what a user types
(:meth:`Kind.parse`, refusing with an :class:`~chutes_tui.model.inputs.InputError` that names
the field) and show a value back the same way (:meth:`Kind.text`, so ``parse(text(v)) == v``);
a board file holds :meth:`Kind.json` (written as TOML by :meth:`Kind.toml`) and is read by
:meth:`Kind.read` (a :class:`BoardError` naming the key, which the reader turns into a line);
the settings remember :meth:`Kind.stored` and forget, quietly, what :meth:`Kind.remembered`
cannot read. :attr:`Kind.form` says which field shows it: a tick box, a list of choices or a
line of text.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence, Sized
from enum import Enum, StrEnum
from typing import ClassVar, Generic, TypeVar

from chutes_tui.model import inputs
from chutes_tui.model.dice import Dice
from chutes_tui.model.errors import BoardError
from chutes_tui.model.inputs import InputError
from chutes_tui.model.text import kind_of, quote

T = TypeVar("T")
E = TypeVar("E", bound=Enum)


class Form(StrEnum):
    """How a front end asks for a value of a kind."""

    TICK = "tick"  # on or off: a tick box (the setup: a choice with "of the board"), --rule/--no-rule
    CHOICE = "choice"  # one of a few words: a list to choose from
    TEXT = "text"  # anything else: a line to type into, refused with a reason


class Kind(ABC, Generic[T]):
    """One kind of rule value (see the module docstring)."""

    form: ClassVar[Form] = Form.TEXT
    # Its text runs long (a list of dice): a field as wide as the form, its hint and refusal under it.
    wide: ClassVar[bool] = False
    # A value as a user would type it, for a field's placeholder ("the board's (e.g. 2d6)").
    example: str = ""

    @abstractmethod
    def parse(self, text: str, what: str) -> T:
        """The value a user typed (:class:`InputError` naming ``what`` when it is none)."""

    @abstractmethod
    def text(self, value: T) -> str:
        """``value`` as a user would type it."""

    def said(self, value: T) -> str:
        """``value`` in a sentence about the rules (a summary's: :meth:`RuleOption.words`)."""
        return self.text(value)

    @abstractmethod
    def json(self, value: T) -> object:
        """``value`` in a board file and in a board's JSON (``Board.to_dict``)."""

    @abstractmethod
    def read(self, raw: object, key: str) -> T:
        """A board file's (or a program's) value for ``key``; anything else: :class:`BoardError`
        with ``field=key`` (the reader adds the line)."""

    def toml(self, value: T) -> str:
        """``value`` as written in a TOML board file."""
        return _toml(self.json(value))

    def stored(self, value: T) -> object:
        """``value`` as the settings keep it (JSON)."""
        return self.text(value)

    def remembered(self, raw: object) -> T | None:
        """What the settings kept, or ``None`` when it is damaged (a whole number is read as the
        text of one: older settings kept the dice's sides as a number)."""
        if type(raw) is int:
            raw = str(raw)
        if not isinstance(raw, str):
            return None
        try:
            return self.parse(raw, "a remembered rule")
        except InputError:
            return None


def _toml(value: object) -> str:
    """A TOML literal of a board file's value (true/false, a number, text, a list of them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_toml, value)) + "]"
    if isinstance(value, str):  # JSON's escapes are TOML's (but for DEL, which TOML refuses raw)
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")
    return str(value)


class OnOff(Kind[bool]):
    """On or off (``true``/``false`` in a file)."""

    form = Form.TICK

    def parse(self, text: str, what: str) -> bool:
        word = text.strip().lower()
        if word not in ("true", "false"):
            raise InputError(f"{what} must be true or false")
        return word == "true"

    def text(self, value: bool) -> str:
        return str(value)  # "with extra_roll=True": the command line's refusals say it so

    def json(self, value: bool) -> object:
        return value

    def read(self, raw: object, key: str) -> bool:
        if not isinstance(raw, bool):
            raise BoardError(f"{key} must be true or false, not {kind_of(raw)}", field=key)
        return raw

    def stored(self, value: bool) -> object:
        return value

    def remembered(self, raw: object) -> bool | None:
        return raw if isinstance(raw, bool) else None


class Choice(Kind[E]):
    """One member of an enumeration of words (``end_rule = "bounce"``)."""

    form = Form.CHOICE

    def __init__(self, values: type[E]) -> None:
        self.values: tuple[E, ...] = tuple(values)

    def words(self) -> list[str]:
        return [self.text(value) for value in self.values]

    def parse(self, text: str, what: str) -> E:
        for value in self.values:
            if self.text(value) == text.strip():
                return value
        raise InputError(f"{what} must be one of: {', '.join(self.words())}")

    def text(self, value: E) -> str:
        return str(value.value)

    def json(self, value: E) -> object:
        return value.value

    def read(self, raw: object, key: str) -> E:
        if isinstance(raw, self.values[0].__class__):
            return raw
        if not isinstance(raw, str):
            raise BoardError(f"{key} must be text, not {kind_of(raw)}", field=key)
        for value in self.values:
            if value.value == raw:
                return value
        what = key.replace("_", " ")
        raise BoardError(
            f"unknown {what} {kind_of(raw)} (expected one of: {', '.join(self.words())})", field=key
        )


class DiceKind(Kind[Dice]):
    """Dice: ``6`` (one fair die), ``"2d6"`` (two summed) or a spinner's weights."""

    example = "2d6"

    def parse(self, text: str, what: str) -> Dice:
        return inputs.dice(text, what)

    def text(self, value: Dice) -> str:
        return value.option

    def said(self, value: Dice) -> str:
        return value.text  # d6, 2d6, spinner 1,1,2 (typed: 6, 2d6, 1,1,2)

    def json(self, value: Dice) -> object:
        return value.json

    def toml(self, value: Dice) -> str:
        return value.toml

    def read(self, raw: object, key: str) -> Dice:
        return Dice.of(raw)  # its errors name the die (field "die")


class Whole(Kind[int]):
    """A whole number in ``low..high`` (whether it suits the board, the board says)."""

    def __init__(self, low: int, high: int, example: int | None = None) -> None:
        self.low, self.high = low, high
        self.example = str(low if example is None else example)

    def parse(self, text: str, what: str) -> int:
        return inputs.whole(text, what, self.low, self.high)

    def text(self, value: int) -> str:
        return str(value)

    def json(self, value: int) -> object:
        return value

    def read(self, raw: object, key: str) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise BoardError(f"{key} must be a whole number, not {kind_of(raw)}", field=key)
        if not self.low <= raw <= self.high:
            raise BoardError(f"{key} must be {self.low}..{self.high} (got {raw:,})", field=key)
        return raw


class MaybeWhole(Kind[int | None]):
    """A whole number, or none (empty when typed; left out of a file): e.g. a goal short of the
    end square, none meaning the end square itself."""

    def __init__(self, whole: Whole) -> None:
        self.whole = whole
        self.example = whole.example

    def parse(self, text: str, what: str) -> int | None:
        return self.whole.parse(text, what) if text.strip() else None

    def text(self, value: int | None) -> str:
        return "" if value is None else self.whole.text(value)

    def json(self, value: int | None) -> object:
        return value

    def toml(self, value: int | None) -> str:
        # TOML has no null: a row of this kind is written only when it is set.
        assert value is not None, "an unset optional rule is left out of a board file"
        return self.whole.toml(value)

    def read(self, raw: object, key: str) -> int | None:
        return None if raw is None else self.whole.read(raw, key)

    def remembered(self, raw: object) -> int | None:
        return None if raw == "" else super().remembered(raw)


class Squares(Kind[tuple[int, ...]]):
    """A set of squares (or of the dice's moves: ``noun``), in ascending order, each once:
    ``12, 34`` typed, ``[12, 34]`` in a file."""

    def __init__(self, high: int, example: str = "12, 34", noun: str = "squares") -> None:
        self.square = Whole(0, high)
        self.example, self.noun = example, noun

    def parse(self, text: str, what: str) -> tuple[int, ...]:
        words = _items(text, what)
        values = [self.square.parse(word, what) for word in words]
        twice = _twice(values)
        if twice is not None:
            raise InputError(f"{what} lists {twice} twice")
        return tuple(sorted(values))

    def text(self, value: tuple[int, ...]) -> str:
        return ", ".join(map(str, value))

    def json(self, value: tuple[int, ...]) -> object:
        return list(value)

    def read(self, raw: object, key: str) -> tuple[int, ...]:
        if not isinstance(raw, list | tuple):
            raise BoardError(f"{key} must be a list of {self.noun}, not {kind_of(raw)}", field=key)
        values = [self.square.read(square, key) for square in raw]
        twice = _twice(values)
        if twice is not None:
            raise BoardError(f"{key} lists {twice} twice", field=key)
        return tuple(sorted(values))


def _items(text: str, what: str) -> list[str]:
    """The numbers of a typed list, split by commas or spaces: an empty place between commas
    (``1,,2``, ``,,``) is a slip, said rather than silently dropped."""
    pieces = text.split(",")
    if len(pieces) > 1 and any(not piece.strip() for piece in pieces):
        raise InputError(f"{what} has an empty place between commas: {quote(text)}")
    return [word for piece in pieces for word in piece.split()]


def _twice(values: list[int]) -> int | None:
    """The first value listed a second time (``None``: each is listed once): a list of squares
    with a repeat is a typing slip, said rather than silently merged."""
    seen: set[int] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


class ChoiceOrWhole(Kind[E | int]):
    """One of a few words, or a whole number in ``low..high`` (``streak_penalty = "start"`` or
    ``= 40``): typed and shown as text."""

    def __init__(self, words: Choice[E], whole: Whole, example: str) -> None:
        self.words, self.whole, self.example = words, whole, example

    def _expected(self) -> str:
        return f"one of: {', '.join(self.words.words())}, or a square {self.whole.low}..{self.whole.high}"

    def parse(self, text: str, what: str) -> E | int:
        if text.strip().isdigit():
            return self.whole.parse(text, what)
        try:
            return self.words.parse(text, what)
        except InputError:
            raise InputError(f"{what} must be {self._expected()}") from None

    def text(self, value: E | int) -> str:
        return self.whole.text(value) if isinstance(value, int) else self.words.text(value)

    def json(self, value: E | int) -> object:
        return value if isinstance(value, int) else self.words.json(value)

    def read(self, raw: object, key: str) -> E | int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return self.whole.read(raw, key)
        if isinstance(raw, self.words.values[0].__class__):
            return raw
        if isinstance(raw, str) and raw in self.words.words():
            return self.words.read(raw, key)
        raise BoardError(f"{key} must be {self._expected()}, not {kind_of(raw)}", field=key)


class DiceList(Kind[tuple[tuple[int, ...], ...]]):
    """Dice to choose from, each a list of faces, each face a move of ``0..high`` squares (0
    stays put), equally likely (a face listed twice is twice as likely): ``[[4, 4, 0], [3]]`` in
    a file, ``4,4,0 / 3`` typed (dice split by ``/``). Empty: no choice of dice."""

    example = "4,4,4,4,0,0 / 3,3,3,3,3,3"
    wide = True

    def __init__(self, high: int, most_dice: int, most_faces: int) -> None:
        self.face = Whole(0, high)
        self.most_dice, self.most_faces = most_dice, most_faces

    def _problem(self, dice: Sequence[Sized]) -> str | None:
        """What is wrong with the counts of ``dice`` (checked before any face is read)."""
        if len(dice) > self.most_dice:
            return f"at most {self.most_dice} dice to choose from (got {len(dice):,})"
        for number_, faces in enumerate(dice, start=1):
            if not 1 <= len(faces) <= self.most_faces:
                return f"die {number_} needs 1..{self.most_faces} faces (got {len(faces):,})"
        return None

    def parse(self, text: str, what: str) -> tuple[tuple[int, ...], ...]:
        if not text.strip():
            return ()
        words = [_items(die, what) for die in text.split("/")]
        problem = self._problem(words)
        if problem is not None:
            raise InputError(f"{what}: {problem}")
        return tuple(tuple(self.face.parse(face, what) for face in die) for die in words)

    def text(self, value: tuple[tuple[int, ...], ...]) -> str:
        return " / ".join(",".join(map(str, faces)) for faces in value)

    def json(self, value: tuple[tuple[int, ...], ...]) -> object:
        return [list(faces) for faces in value]

    def read(self, raw: object, key: str) -> tuple[tuple[int, ...], ...]:
        if not isinstance(raw, list | tuple) or not all(isinstance(die, list | tuple) for die in raw):
            raise BoardError(
                f"{key} must be a list of dice, each a list of faces, not {kind_of(raw)}", field=key
            )
        if isinstance(raw, list) and not raw:  # a file's []; the board's own default is ()
            raise BoardError(
                f"{key} = [] lists no dice: leave the key out to roll the board's die", field=key
            )
        problem = self._problem(raw)
        if problem is not None:
            raise BoardError(f"{key}: {problem}", field=key)
        return tuple(tuple(self.face.read(face, key) for face in die) for die in raw)
