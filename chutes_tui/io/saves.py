"""The save file: a game as JSON, read back field by field.

A save is either accepted exactly as written or refused with a :class:`SaveError` that names the
file, the field (and the line, for text that is not JSON) and why -- never a file's contents. It
records the board (as TOML text), the seed, the players, every roll of every turn (the squares
each roll moved: a fair die's faces), where the pieces stand, who moves next, and the die's
generator state; the engine replays the rolls and checks that they lead to the recorded
position.

Format (version 1)::

    {"format": "chutes-tui-save", "version": 1, "board": "<TOML>", "seed": 7,
     "players": [{"name": "Ann", "token": "●", "color": "red", "human": true}, ...],
     "rolls": [[4], [6, 2], ...], "positions": [12, 0], "to_move": 1,
     "rng": {"bit_generator": "PCG64", "state": {"state": ..., "inc": ...},
             "has_uint32": 0, "uinteger": 0}}

A game played on from another game's turn k also records ``"seeded_from": k``: its first k turns
are that game's (replayed as recorded), and the seed's dice roll from turn k + 1.

Under issue 26's turn rules (:mod:`chutes_tui.model.turns`) a turn's list holds every face
rolled, those that moved nothing too (a face added to a sum, one that did not enter, the face
that ended a streak); a skipped turn (a miss-turn square) is ``[]``; and a save whose turns
were penalised for a streak records ``"penalties": [[turn, square], ...]`` (the turn's index in
``rolls``, where the piece was sent), which the replay must make exactly. Older saves have
neither, and read the same.

A game on a board with decisions (issue 27) records each turn's choice beside its roll,
``"choices": [[die, option], [die, option, coin], ...]`` (indices from 0; the coin, 0 for +1 and
1 for -1, only after a flip), and a computer that does not play its best says how it plays
(``"play": "naive"`` in its player). Saves without them read as before.

With ``pawns = K > 1`` each player's position is the list of its pawns' squares by number
(``"positions": [[0, 17], [5, 5]]``), and ``"pawns": [0, 1, 1, ...]`` records the pawn each turn
moved (from 0), one per turn; a save on any other board has neither.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.boardfile import format_toml, parse_toml
from chutes_tui.io.files import FileReadError, read_text
from chutes_tui.io.scan import structure_problem
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.decisions import MAX_CHOICE_DICE, choice_dice, decides
from chutes_tui.model.inputs import MAX_PLAYERS, InputError, checked_seed
from chutes_tui.model.players import Play, PlayerSpec, check_players
from chutes_tui.model.text import kind_of, path_text, quote

SAVE_FORMAT = "chutes-tui-save"
SAVE_VERSION = 1
# Far longer than any real game (a 100,000-square board plays about 37,000 turns a player); the
# limit keeps a tampered save from replaying for minutes (replay: about 30 µs a turn).
MAX_SAVED_TURNS = 200_000
MAX_ROLLS_PER_TURN = 1_000
_KEYS = {"format", "version", "board", "seed", "players", "rolls", "positions", "to_move", "rng"}
_OPTIONAL_KEYS = frozenset({"seeded_from", "penalties", "choices", "pawns"})
_PLAYER_KEYS = {"name", "token", "color", "human"}
_PLAYER_OPTIONAL = frozenset({"play"})
_RNG_KEYS = {"bit_generator", "state", "has_uint32", "uinteger"}


class SaveError(ValueError):
    """A save that cannot be used, with the reason (and the file, when there is one)."""


@dataclass(frozen=True)
class SavedGame:
    """Everything a save records, checked; the engine turns it back into a game."""

    board: Board
    seed: int
    players: tuple[PlayerSpec, ...]
    rolls: tuple[tuple[int, ...], ...]
    positions: tuple[int | tuple[int, ...], ...]  # with pawns: each pawn's square, by number
    to_move: int
    rng: dict[str, Any]
    seeded_from: int = 0  # turns replayed as recorded before the seed's dice took over
    # (turn index, square): the turns a streak too long ended, and where it sent the piece
    penalties: tuple[tuple[int, int], ...] = ()
    # Each turn's choice on a board with decisions: (die, option) or (die, option, coin).
    choices: tuple[tuple[int, ...], ...] = ()
    pawns: tuple[int, ...] = ()  # with pawns: the pawn each turn moved (from 0)

    def pawn_moved(self, turn: int) -> int:
        """The pawn turn ``turn`` (from 0) moved (one pawn each: the only one)."""
        return self.pawns[turn] if self.pawns else 0

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "board": format_toml(self.board),
            "seed": self.seed,
            "players": [player_to_json(p) for p in self.players],
            "rolls": [list(turn) for turn in self.rolls],
            "positions": [list(p) if isinstance(p, tuple) else p for p in self.positions],
            "to_move": self.to_move,
            "rng": self.rng,
        }
        if self.seeded_from:  # older saves never have it, and read the same
            data["seeded_from"] = self.seeded_from
        if self.penalties:
            data["penalties"] = [list(pair) for pair in self.penalties]
        if self.choices:
            data["choices"] = [list(choice) for choice in self.choices]
        if self.pawns:
            data["pawns"] = list(self.pawns)
        return data

    def check_penalties(self, made: tuple[tuple[int, int], ...]) -> None:
        """The penalties a replay of the rolls ``made`` against those recorded: :class:`SaveError`
        (one line, the first turn they differ on) unless they are the same."""
        if made == self.penalties:
            return
        index, square = wrong = sorted(set(made) ^ set(self.penalties))[0]
        if wrong in self.penalties:
            raise SaveError(f"penalties: rolls[{index}] make no penalty to square {square}")
        raise SaveError(
            f"penalties: rolls[{index}] make a penalty to square {square} the save does not record"
        )


def save_text(saved: SavedGame) -> str:
    """A save file's text: compact JSON, one line."""
    return json.dumps(saved.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write atomically (a kill mid-save leaves the old file whole)."""
    atomic_write_text(path, save_text(saved))


class _RepeatedKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each written once (JSON itself would keep the last)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _RepeatedKeyError(key)
        data[key] = value
    return data


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read and check a save file; :class:`SaveError` names the file and says why."""
    where = path_text(path)
    try:
        text = read_text(path)
    except FileReadError as error:
        raise SaveError(f"{where}: {error.reason}") from None
    problem = structure_problem(text, toml=False)
    if problem is not None:
        raise SaveError(f"{where}:{problem[1]}: not a save: {problem[0]}")
    try:
        data = json.loads(text, object_pairs_hook=_once_each)
    except json.JSONDecodeError as error:
        raise SaveError(f"{where}:{error.lineno}: not valid JSON ({error.msg})") from None
    except _RepeatedKeyError as error:
        raise SaveError(f"{where}: not a save: the key {quote(error.key)} is written twice") from None
    except (ValueError, RecursionError) as error:
        raise SaveError(f"{where}: not a save: the JSON cannot be read ({type(error).__name__})") from None
    try:
        return parse_save(data)
    except SaveError as error:
        raise SaveError(f"{where}: {error}") from None


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SaveError(message)


def _whole(value: Any, field: str, low: int, high: int) -> int:
    _require(
        not isinstance(value, bool) and isinstance(value, int) and low <= value <= high,
        f"{field} must be a whole number {low:,}..{high:,}, not {kind_of(value)}",
    )
    return int(value)


def _move(value: Any, field: str, board: Board) -> int:
    """A recorded roll: the squares it moved (a fair die's face), one the board's dice can make
    (with decisions: a face of some die to choose from, which may be 0)."""
    if decides(board):
        return _whole(value, field, 0, max(max(die.faces) for die in choice_dice(board)))
    if board.die.is_fair:  # the message saves have always given
        return _whole(value, field, 1, board.die.sides)
    _require(
        not isinstance(value, bool) and isinstance(value, int) and value in board.die.values,
        f"{field} must be a move of {board.die.text} ({board.die.values[0]}..{board.die.top}), "
        f"not {kind_of(value)}",
    )
    return int(value)


def _list(value: Any, field: str, longest: int) -> list[Any]:
    _require(isinstance(value, list), f"{field} must be a list, not {kind_of(value)}")
    _require(len(value) <= longest, f"{field} has {len(value):,} entries (at most {longest:,})")
    return list(value)


def _exact_keys(
    value: Any, field: str, keys: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    _require(isinstance(value, dict), f"{field} must be a table, not {kind_of(value)}")
    missing, unknown = keys - set(value), set(value) - keys - optional
    if missing:
        raise SaveError(f"{field} lacks {', '.join(sorted(missing))}")
    if unknown:
        raise SaveError(f"{field} has an unknown field {quote(sorted(unknown)[0], 30)}")
    return dict(value)


def player_to_json(spec: PlayerSpec) -> dict[str, Any]:
    data: dict[str, Any] = {"name": spec.name, "token": spec.token, "color": spec.color, "human": spec.human}
    if not spec.human and spec.play is not Play.BEST:  # older saves never have it
        data["play"] = str(spec.play)
    return data


def player_from_json(value: Any, field: str) -> PlayerSpec:
    """A seat as :func:`player_to_json` wrote it, checked; :class:`SaveError` says why not."""
    entry = _exact_keys(value, field, _PLAYER_KEYS, _PLAYER_OPTIONAL)
    _require(isinstance(entry["human"], bool), f"{field}.human must be true or false")
    for key in ("name", "token", "color"):
        _require(isinstance(entry[key], str), f"{field}.{key} must be text, not {kind_of(entry[key])}")
    play = entry.get("play", "best")
    _require(play in tuple(Play), f"{field}.play must be {' or '.join(Play)}, not {kind_of(play)}")
    try:
        return PlayerSpec(entry["name"], entry["token"], entry["color"], entry["human"], Play(play))
    except InputError as error:
        raise SaveError(f"{field}: {error}") from None


def _rng_state(value: Any) -> dict[str, Any]:
    """numpy's PCG64 state: two 128-bit words (the increment odd) and a buffered 32-bit word."""
    rng = _exact_keys(value, "rng", _RNG_KEYS)
    _require(rng["bit_generator"] == "PCG64", "rng.bit_generator must be PCG64")
    words = _exact_keys(rng["state"], "rng.state", {"state", "inc"})
    state = _whole(words["state"], "rng.state.state", 0, 2**128 - 1)
    inc = _whole(words["inc"], "rng.state.inc", 0, 2**128 - 1)
    _require(inc % 2 == 1, "rng.state.inc must be odd")
    has = _whole(rng["has_uint32"], "rng.has_uint32", 0, 1)
    spare = _whole(rng["uinteger"], "rng.uinteger", 0, 2**32 - 1)
    return {
        "bit_generator": "PCG64",
        "state": {"state": state, "inc": inc},
        "has_uint32": has,
        "uinteger": spare,
    }


def parse_save(data: Any) -> SavedGame:
    """Check every field of a decoded save (see the module docstring)."""
    _require(isinstance(data, dict) and data.get("format") == SAVE_FORMAT, "not a chutes-tui saved game")
    version = data.get("version")
    _require(
        version == SAVE_VERSION and not isinstance(version, bool),
        f"saved by an incompatible version ({kind_of(version)}; this is {SAVE_VERSION})",
    )
    fields = _exact_keys(data, "the save", _KEYS, _OPTIONAL_KEYS)
    _require(isinstance(fields["board"], str), f"board must be TOML text, not {kind_of(fields['board'])}")
    try:
        board = parse_toml(fields["board"], path="(saved board)", deciding=True)
    except BoardError as error:
        raise SaveError(f"the saved board is invalid: {error}") from None
    try:
        seed = checked_seed(fields["seed"])
    except InputError as error:
        raise SaveError(str(error)) from None
    entries = _list(fields["players"], "players", MAX_PLAYERS)
    _require(len(entries) >= 1, "players is empty")
    players = tuple(player_from_json(entry, f"players[{i}]") for i, entry in enumerate(entries))
    try:
        check_players(players)
    except InputError as error:
        raise SaveError(f"players: {error}") from None
    turns = _list(fields["rolls"], "rolls", MAX_SAVED_TURNS)
    rolls = []
    for number, turn in enumerate(turns):
        faces = _list(turn, f"rolls[{number}]", MAX_ROLLS_PER_TURN)
        # Only a miss-turn square skips a turn (the replay checks that this one was skipped).
        _require(bool(faces) or bool(board.miss_turn), f"rolls[{number}] records a turn without rolls")
        rolls.append(tuple(_move(face, f"rolls[{number}]", board) for face in faces))
    squares = _positions(fields["positions"], board, len(players))
    to_move = _whole(fields["to_move"], "to_move", 0, len(players) - 1)
    seeded_from = _whole(fields.get("seeded_from", 0), "seeded_from", 0, len(rolls))
    rng = _rng_state(fields["rng"])
    penalties = _penalties(fields.get("penalties", []), board, len(rolls))
    choices = _choices(fields.get("choices"), board, len(rolls))
    pawns = _pawns(fields.get("pawns"), board, len(rolls))
    return SavedGame(
        board, seed, players, tuple(rolls), squares, to_move, rng, seeded_from, penalties, choices, pawns
    )


def _positions(value: Any, board: Board, players: int) -> tuple[int | tuple[int, ...], ...]:
    """Where the pieces stand: a square per player, or with pawns a list of each pawn's."""
    positions = _list(value, "positions", MAX_PLAYERS)
    if board.pawns == 1:
        _require(len(positions) == players, "positions must give one square per player")
        return tuple(_whole(square, "positions", 0, board.end) for square in positions)
    _require(len(positions) == players, f"positions must give a list of {board.pawns} squares per player")
    found = []
    for seat, pawns in enumerate(positions):
        field = f"positions[{seat}]"
        squares = _list(pawns, field, board.pawns)
        _require(len(squares) == board.pawns, f"{field} must give {board.pawns} squares, one per pawn")
        found.append(tuple(_whole(square, field, 0, board.end) for square in squares))
    return tuple(found)


def _pawns(value: Any, board: Board, turns: int) -> tuple[int, ...]:
    """The pawn each turn moved: one a turn with pawns (from 0), none on any other board."""
    if board.pawns == 1:
        _require(value is None, "pawns are recorded only for a board with pawns")
        return ()
    entries = _list([] if value is None else value, "pawns", MAX_SAVED_TURNS)
    _require(len(entries) == turns, f"pawns must give one per turn ({turns:,}), not {len(entries):,}")
    return tuple(_whole(pawn, f"pawns[{number}]", 0, board.pawns - 1) for number, pawn in enumerate(entries))


def _penalties(value: Any, board: Board, turns: int) -> tuple[tuple[int, int], ...]:
    """The recorded penalties: ``[turn, square]`` pairs, in turn order, on a board that has a
    streak limit."""
    entries = _list(value, "penalties", MAX_SAVED_TURNS)
    _require(
        not entries or board.streak_limit is not None,
        "penalties: the saved board has no streak limit, so no turn is penalised",
    )
    found: list[tuple[int, int]] = []
    for i, entry in enumerate(entries):
        field = f"penalties[{i}]"
        _require(isinstance(entry, list) and len(entry) == 2, f"{field} must be a pair [turn, square]")
        turn = _whole(entry[0], f"{field}'s turn", 0, max(turns - 1, 0))
        square = _whole(entry[1], f"{field}'s square", 0, board.end)
        _require(not found or turn > found[-1][0], f"{field}: the turns must be in order, each once")
        found.append((turn, square))
    return tuple(found)


def _choices(value: Any, board: Board, turns: int) -> tuple[tuple[int, ...], ...]:
    """Each turn's recorded choice (see the module docstring): one a turn on a board with
    decisions, none on any other. Whether the rules offer each is the engine's to say."""
    if not decides(board):
        _require(value is None, "choices are recorded only for a board with decisions")
        return ()
    entries = _list([] if value is None else value, "choices", MAX_SAVED_TURNS)
    _require(len(entries) == turns, f"choices must give one per turn ({turns:,}), not {len(entries):,}")
    found = []
    for number, entry in enumerate(entries):
        parts = _list(entry, f"choices[{number}]", 3)
        _require(len(parts) >= 2, f"choices[{number}] must be [die, option] or [die, option, coin]")
        found.append(tuple(_whole(part, f"choices[{number}]", 0, MAX_CHOICE_DICE) for part in parts))
    return tuple(found)
