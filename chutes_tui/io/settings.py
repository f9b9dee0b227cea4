"""What the app remembers between runs, like other apps do: the theme, the last game's setup,
whether the first-run hint was shown -- in ``settings.json`` in the config directory -- and
where saved games go (the ``saves`` folder of the data directory, named by default after the
players and the date).

Settings only remember conveniences: a missing or damaged file (or any damaged field) means the
defaults for what is damaged, never an error.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from stat import S_ISREG
from typing import Any

from chutes_tui.io.jsonfile import read_quietly, write_quietly
from chutes_tui.io.paths import config_dir, data_dir
from chutes_tui.io.saves import SaveError, player_from_json, player_to_json
from chutes_tui.model.inputs import MAX_PLAYERS
from chutes_tui.model.players import PlayerSpec
from chutes_tui.model.ruletable import Offered, RuleOverrides, offered
from chutes_tui.model.text import file_stem

MAX_TEXT = 200  # a theme's or a board's name (a board may be a path)


@dataclass(frozen=True)
class LastSetup:
    """The setup screen's choices when a game last started (the seed is not remembered)."""

    players: tuple[PlayerSpec, ...]
    board: str = "standard"
    # What the setup changed of the board's rules.
    rules: RuleOverrides = field(default_factory=RuleOverrides)


@dataclass(frozen=True)
class Settings:
    theme: str | None = None
    setup: LastSetup | None = None
    hinted: bool = False  # the first-run hint has been shown


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    data = read_quietly(settings_path())
    if not isinstance(data, dict):
        return Settings()
    theme = data.get("theme")
    theme = theme if isinstance(theme, str) and _short_text(theme) else None
    return Settings(theme=theme, setup=_setup(data.get("setup")), hinted=data.get("hinted") is True)


def save_settings(settings: Settings) -> bool:
    """Write the settings (best effort: ``False`` when the config directory is not writable)."""
    data: dict[str, Any] = {"hinted": settings.hinted}
    if settings.theme is not None:
        data["theme"] = settings.theme
    if settings.setup is not None:
        setup = settings.setup
        data["setup"] = {
            "players": [player_to_json(p) for p in setup.players],
            "board": setup.board,
            # Each rule the setup offers, by its board-file key (null: the board's own).
            **{
                row.key: row.kind.stored(setup.rules.value(row)) if row in setup.rules else None
                for row in offered(Offered.SETUP)
            },
        }
    path = settings_path()
    if os.path.lexists(path) and not os.access(path, os.R_OK):
        return False  # a file we cannot read may hold settings we would lose by writing
    return write_quietly(path, data)


def update_settings(**changes: Any) -> Settings:
    """Load, change some fields, save; the new settings."""
    settings = replace(load_settings(), **changes)
    save_settings(settings)
    return settings


def _player(value: Any) -> PlayerSpec | None:
    """One remembered seat, or ``None`` when it is damaged (the others are kept)."""
    try:
        return player_from_json(value, "player")
    except SaveError:
        return None


def _short_text(text: str) -> bool:
    return 0 < len(text) <= MAX_TEXT and text.isprintable()


def _setup(value: Any) -> LastSetup | None:
    if not isinstance(value, dict):
        return None
    entries = value.get("players")
    if not isinstance(entries, list):
        return None
    players = tuple(p for p in map(_player, entries[: MAX_PLAYERS * 2]) if p is not None)[:MAX_PLAYERS]
    if not players or len({p.token for p in players}) < len(players):
        return None
    board = value.get("board")
    return LastSetup(
        players=players,
        board=board if isinstance(board, str) and _short_text(board) else "standard",
        rules=_rules(value),
    )


def _rules(value: dict[str, Any]) -> RuleOverrides:
    """The remembered rules (one that is damaged, or missing: the board's own)."""
    rules = RuleOverrides()
    for row in offered(Offered.SETUP):
        remembered = row.kind.remembered(value.get(row.key))
        if remembered is not None:
            rules = rules.with_value(row, remembered)
    return rules


# -- saved games -------------------------------------------------------------------------------


def saves_dir(*, make: bool = False) -> Path:
    """The saves folder (``make``: created if missing, best effort)."""
    folder = data_dir() / "saves"
    if make:
        with contextlib.suppress(OSError, ValueError):
            folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_save_name(names: list[str], when: dt.datetime | None = None) -> str:
    """``Ann vs Bob 2026-11-23 08-15`` (a file name on every system: no colons or slashes)."""
    when = when or dt.datetime.now()
    who = " vs ".join(names[:3]) + (" and others" if len(names) > 3 else "")
    return file_stem(f"{who} {when:%Y-%m-%d %H-%M}")


def latest_save() -> Path | None:
    """The most recently written save in :func:`saves_dir` (whether it loads is checked when it
    is opened)."""
    newest: tuple[float, Path] | None = None
    try:
        candidates = list(saves_dir().glob("*.json"))
    except OSError:
        return None
    for path in candidates:
        try:  # a dangling link or a loop is skipped, not the end of the search
            stat = path.stat()
        except (OSError, ValueError):
            continue
        if S_ISREG(stat.st_mode) and (newest is None or stat.st_mtime > newest[0]):
            newest = (stat.st_mtime, path)
    return newest[1] if newest else None
