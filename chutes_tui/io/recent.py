"""Recently opened board files, remembered between runs.

Kept in ``recent.json`` in the config directory (:mod:`chutes_tui.io.paths`). A missing or
damaged file -- not JSON, wrong types, too deep, too large, a FIFO or a device in its place --
just means no recent files; writing it is best effort.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.files import FileReadError, read_text
from chutes_tui.io.paths import config_dir
from chutes_tui.io.scan import structure_problem

LIMIT = 10
MAX_BYTES = 64 * 1024
MAX_PATH_LENGTH = 4096


def _path() -> Path:
    return config_dir() / "recent.json"


def recent_boards() -> list[str]:
    """Up to ``LIMIT`` paths, newest first (an empty list when the file is missing or damaged)."""
    try:
        text = read_text(_path(), limit=MAX_BYTES)
        if structure_problem(text, toml=False) is not None:
            return []
        data = json.loads(text)
    except (FileReadError, ValueError, RecursionError):
        return []
    entries = data.get("boards") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return []
    paths = [p for p in entries if isinstance(p, str) and 0 < len(p) <= MAX_PATH_LENGTH and "\0" not in p]
    return paths[:LIMIT]


def remember_board(path: str | os.PathLike[str]) -> None:
    """Put ``path`` first in the recent list (best effort: an unwritable home is not an error)."""
    try:
        entry = str(Path(path).resolve())
    except (OSError, ValueError, RuntimeError):
        return
    boards = [entry] + [p for p in recent_boards() if p != entry]
    try:
        config_dir().mkdir(parents=True, exist_ok=True)
        atomic_write_text(_path(), json.dumps({"boards": boards[:LIMIT]}, indent=1))
    except (OSError, ValueError):
        pass
