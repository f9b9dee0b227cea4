"""Recently opened board files, remembered between runs.

Kept in ``$CHUTES_TUI_CONFIG_DIR/recent.json`` (default ``~/.config/chutes-tui``); a missing or
damaged file just means no recent files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from chutes_tui.fileio import atomic_write_text

LIMIT = 10


def config_dir() -> Path:
    configured = os.environ.get("CHUTES_TUI_CONFIG_DIR")
    return Path(configured) if configured else Path.home() / ".config" / "chutes-tui"


def recent_boards() -> list[str]:
    try:
        data = json.loads((config_dir() / "recent.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return (
        [str(p) for p in data.get("boards", []) if isinstance(p, str)][:LIMIT]
        if isinstance(data, dict)
        else []
    )


def remember_board(path: str | os.PathLike[str]) -> None:
    """Put ``path`` first in the recent list (best effort: an unwritable home is not an error)."""
    entry = str(Path(path).resolve())
    boards = [entry] + [p for p in recent_boards() if p != entry]
    try:
        config_dir().mkdir(parents=True, exist_ok=True)
        atomic_write_text(config_dir() / "recent.json", json.dumps({"boards": boards[:LIMIT]}, indent=1))
    except OSError:
        pass
