"""What the app remembers between runs, and its small JSON files: damaged means defaults."""

import datetime as dt
import json
import os

import pytest

from chutes_tui.io import recent, settings
from chutes_tui.io.settings import LastSetup, Settings, default_save_name, latest_save, load_settings
from chutes_tui.model.dice import Dice
from chutes_tui.model.players import parse_player_spec
from chutes_tui.model.rules import EndRule
from chutes_tui.model.ruletable import DIE, END_RULE, EXTRA_ROLL, RuleOverrides


def test_settings_round_trip():
    rules = RuleOverrides().with_value(END_RULE, EndRule.BOUNCE).with_value(DIE, Dice(6, 2))
    setup = LastSetup(
        tuple(parse_player_spec("Ann,cpu:Robo")), "classic-1952", rules.with_value(EXTRA_ROLL, True)
    )
    assert settings.save_settings(Settings(theme="textual-light", setup=setup, hinted=True))
    assert load_settings() == Settings(theme="textual-light", setup=setup, hinted=True)


def test_missing_settings_are_the_defaults():
    assert load_settings() == Settings()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        "[" * 5000,
        '{"theme": 7, "setup": [], "hinted": "yes"}',
        '{"theme": "\\u001b[31m", "setup": {"players": []}}',
        '{"setup": {"players": [{"name": "[/]", "token": "?", "color": "red", "human": true}]}}',
        '{"setup": {"players": [{"name": "Ann", "token": "●", "color": "red", "human": true}],'
        ' "board": 5, "end_rule": "fly", "die": true, "extra_roll": 1}}',
        '{"theme": "' + "x" * 100_000 + '"}',
        '{"setup": {"players": [{"name": "Ann", "token": "●", "color": "red", "human": true}],'
        ' "end_rule": ["bounce"], "die": {"a": 1}, "board": ["x"]}}',
    ],
    ids=["text", "list", "deep", "types", "escape", "bad-player", "bad-fields", "huge", "unhashable"],
)
def test_damaged_settings_fall_back_field_by_field(text):
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text(text)
    loaded = load_settings()
    assert loaded.theme is None and loaded.hinted is False
    if '"name": "Ann"' in text:
        assert loaded.setup == LastSetup(tuple(parse_player_spec("Ann")), "standard")
    else:
        assert loaded.setup is None


def test_a_fifo_in_place_of_the_settings_is_no_settings():
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    assert load_settings() == Settings()  # refused at once, never read (no hang)
    assert not settings.save_settings(Settings(hinted=True))  # and never replaced


def test_recent_boards_damaged_or_fine(tmp_path):
    board = tmp_path / "b.toml"
    board.write_text("end = 10\n")
    recent.remember_board(board)
    assert recent.recent_boards() == [str(board.resolve())]
    (settings.config_dir() / "recent.json").write_text(json.dumps({"boards": [3, "\0x", "a" * 5000]}))
    assert recent.recent_boards() == []


def test_save_names_carry_the_players_and_the_date_and_are_safe_file_names():
    when = dt.datetime(2026, 11, 23, 8, 15)
    assert default_save_name(["Ann", "Bob"], when) == "Ann-vs-Bob-2026-11-23-08-15"
    assert (
        default_save_name(["../../etc", "A", "B", "C"], when) == "etc-vs-A-vs-B-and-others-2026-11-23-08-15"
    )


def test_latest_save_is_the_newest_file():
    assert latest_save() is None
    folder = settings.saves_dir(make=True)
    old, new = folder / "old.json", folder / "new.json"
    old.write_text("{}")
    new.write_text("{}")
    os.utime(old, (1_000_000, 1_000_000))
    assert latest_save() == new


def test_a_damaged_seat_is_dropped_and_the_rest_of_the_setup_kept():
    good = {"name": "Ann", "token": "●", "color": "red", "human": True}
    bad = [
        {"name": "Bob", "token": "●", "color": "no-such-colour", "human": True},
        {"name": "Cy\u202e", "token": "▲", "color": "red", "human": False},
        {"name": "Di", "token": "■", "color": "red", "human": True, "extra": 1},
        "not a seat",
    ]
    data = {"setup": {"players": [good, *bad], "board": "classic-1952", "die": 8}}
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_text(json.dumps(data))
    setup = load_settings().setup
    old_int = RuleOverrides().with_value(DIE, Dice(8))  # an old int
    assert setup == LastSetup(tuple(parse_player_spec("Ann")), "classic-1952", old_int)


def test_settings_that_cannot_be_read_are_not_overwritten(monkeypatch):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": "nord"}')
    monkeypatch.setattr(settings.os, "access", lambda *args: False)  # (root reads anything)
    assert not settings.save_settings(Settings(hinted=True))
    assert path.read_text() == '{"theme": "nord"}'


def test_a_broken_link_among_the_saves_does_not_hide_the_others():
    folder = settings.saves_dir(make=True)
    (folder / "good.json").write_text("{}")
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    assert latest_save() == folder / "good.json"
