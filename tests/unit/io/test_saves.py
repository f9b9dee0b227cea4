"""Saves are accepted exactly as written or refused with one short line: every field tampered,
whole files corrupted, special files in their place."""

import json
import os
import random

import pytest

from chutes_tui.engine.game import Game
from chutes_tui.io.saves import SaveError, parse_save, read_save
from chutes_tui.model.players import parse_player_spec

MARKUP = ["[/]", "[/b]", "[bold red]x[/", "[link=https://example.com]x[/link]", "\x1b[31m", "x" * 10_000]
ODD_VALUES = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**64,
    -(2**200),
    10**40,
    "",
    "false",
    "1",
    [],
    [[]],
    {},
    {"a": 1},
    *MARKUP,
]


@pytest.fixture
def save_data(standard):
    game = Game.new(standard, parse_player_spec("Ann,cpu:Bob"), seed=42)
    for _ in range(9):
        game.roll()
    return json.loads(json.dumps(game.saved().to_json()))


def _fields(value, path=()):
    """Every path to a value inside the save (dict keys and list indexes)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _fields(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from _fields(item, (*path, index))


def _set(data, path, value):
    data = json.loads(json.dumps(data))
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def _check(data, original):
    """Accepted exactly as written (and it replays to the same game), or one short refusal."""
    try:
        game = Game.from_saved(parse_save(data))
    except SaveError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) <= 300, message[:400]
        return "refused"
    assert game.saved().to_json() == data
    return "accepted"


def test_every_field_tampered_is_refused_or_kept_exactly(save_data):
    outcomes = {"accepted": 0, "refused": 0}
    paths = [p for p in _fields(save_data) if p]
    assert len(paths) > 25
    for path in paths:
        for value in ODD_VALUES:
            outcomes[_check(_set(save_data, path, value), save_data)] += 1
    # Removing each field, and adding an unknown one, are refused.
    for path in paths:
        data = json.loads(json.dumps(save_data))
        target = data
        for step in path[:-1]:
            target = target[step]
        if isinstance(target, dict):
            del target[path[-1]]
            assert _check(data, save_data) == "refused", path
    assert _check({**save_data, "extra": 1}, save_data) == "refused"
    assert outcomes["refused"] > outcomes["accepted"] > 0


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("players", 0, "human"), "false", "human must be true or false"),
        (("players", 0, "color"), "[/]", "colour"),
        (("players", 1, "token"), "X", "token"),
        (("players", 0, "name"), "\x1b[31m", "control characters"),
        (("players", 0, "name"), "x" * 10_000, "at most 40 characters"),
        (("seed",), -1, "the seed must be"),
        (("seed",), 2**64, "the seed must be"),
        (("rng", "state", "inc"), 2**128, "rng.state.inc"),
        (("rng", "state", "inc"), 4, "odd"),
        (("rng", "uinteger"), 2**40, "rng.uinteger"),
        (("rng", "bit_generator"), "MT19937", "PCG64"),
        (("board",), 5, "TOML text"),
        (("board",), "squares = 0", "saved board is invalid"),
        (("rolls", 0), [9], "rolls"),
        (("rolls", 0), [], "without rolls"),
        (("rolls", 0), [1.0], "rolls"),
        (("positions",), [0], "one square per player"),
        (("to_move",), 2, "to_move"),
        (("version",), 99, "incompatible version"),
    ],
)
def test_tampered_fields_say_what_is_wrong(save_data, path, value, words):
    with pytest.raises(SaveError, match=words):
        Game.from_saved(parse_save(_set(save_data, path, value)))


def test_absurd_history_lengths_are_refused_without_replaying(save_data):
    data = dict(save_data, rolls=[[1]] * 200_001)
    with pytest.raises(SaveError, match="at most 200,000"):
        parse_save(data)


def test_corrupt_files_are_refused_in_one_line(save_data, tmp_path):
    good = json.dumps(save_data, separators=(",", ":"))
    rng = random.Random(7)
    cases = {
        "truncated": good[: len(good) // 2],
        "empty": "",
        "list": "[]",
        "deep": "[" * 100_000 + "]" * 100_000,
        "huge-int": good.replace('"seed":42', '"seed":' + "9" * 5_000),
        "nul": good.replace("Ann", "A\x00n"),
        "bytes": "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(500)),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        with pytest.raises(SaveError) as info:
            Game.load(path)
        message = str(info.value)
        assert "\n" not in message and len(message) < 300, (name, message[:300])
    (tmp_path / "latin1.json").write_bytes(good.replace("Ann", "Änn").encode("latin-1"))
    with pytest.raises(SaveError, match="not UTF-8"):
        read_save(tmp_path / "latin1.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (10 * 1024 * 1024 + 1))
    with pytest.raises(SaveError, match="too large"):
        read_save(big)


def test_special_files_are_refused_at_once(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    for path, words in ((fifo, "FIFO"), (tmp_path, "directory"), ("/dev/zero", "device")):
        with pytest.raises(SaveError, match=words):
            read_save(path)


def test_markup_names_survive_a_round_trip(standard, tmp_path):
    for name in MARKUP[:-1]:
        if "\x1b" in name:
            continue
        game = Game.new(standard, parse_player_spec(f"{name},cpu:{name}"), seed=1)
        game.roll()
        game.save(tmp_path / "s.json")
        assert [p.spec.name for p in Game.load(tmp_path / "s.json").players] == [name, name]


def test_players_cannot_share_a_token(save_data):
    data = _set(save_data, ("players", 1, "token"), save_data["players"][0]["token"])
    with pytest.raises(SaveError, match="cannot share a token"):
        parse_save(data)


def test_a_key_written_twice_is_refused_not_read_as_its_last(save_data, tmp_path):
    """A save edited to say "seed" twice was read as its last seed (JSON's default), then
    replayed as another game: a save is accepted exactly as written or refused, as a board file
    with a key twice is."""
    good = json.dumps(save_data, separators=(",", ":"))
    path = tmp_path / "twice.json"
    path.write_text(good[:-1] + ',"seed":8}', encoding="utf-8")
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert str(info.value) == f"{path}: not a save: the key 'seed' is written twice"
    path.write_text(good.replace('"name":"Ann"', '"name":"Ann","name":"Zoe"'), encoding="utf-8")
    with pytest.raises(SaveError, match="the key 'name' is written twice"):
        read_save(path)
    path.write_text(good, encoding="utf-8")
    assert read_save(path).seed == 42
