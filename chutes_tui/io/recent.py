"""Recently opened board files, remembered between runs.

Kept in ``recent.json`` in the config directory (:mod:`chutes_tui.io.paths`). A missing or
damaged file -- not JSON, wrong types, too deep, too large, a FIFO or a device in its place --
just means no recent files; writing it is best effort.
"""

from __future__ import annotations

import os
from pathlib import Path

from chutes_tui.io.jsonfile import read_quietly, write_quietly
from chutes_tui.io.paths import config_dir

LIMIT = 10
MAX_BYTES = 64 * 1024
MAX_PATH_LENGTH = 4096


def _path() -> Path:
    return config_dir() / "recent.json"


def recent_boards() -> list[str]:
    """Up to ``LIMIT`` paths, newest first (an empty list when the file is missing or damaged)."""
    data = read_quietly(_path(), limit=MAX_BYTES)
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
    write_quietly(_path(), {"boards": boards[:LIMIT]})
