"""Small JSON files the program keeps for itself (recent boards, settings): read quietly,
written best effort.

A missing or damaged file -- not JSON, too deep, too large, a FIFO or a device in its place --
reads as ``None``: such files only remember conveniences, and losing them must never stop the
program. Writing is atomic (:func:`~chutes_tui.io.atomic.atomic_write_text`) and an
unwritable home is not an error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chutes_tui.io.atomic import atomic_write_text
from chutes_tui.io.files import FileReadError, read_text
from chutes_tui.io.scan import structure_problem

MAX_BYTES = 64 * 1024


def read_quietly(path: Path, limit: int = MAX_BYTES) -> Any | None:
    """The JSON value in ``path``, or ``None`` when it is missing or cannot be read safely."""
    try:
        text = read_text(path, limit=limit)
        if structure_problem(text, toml=False) is not None:
            return None
        return json.loads(text)
    except (FileReadError, ValueError, RecursionError):
        return None


def write_quietly(path: Path, data: Any) -> bool:
    """Write ``data`` as JSON (creating the folder); ``False`` when it could not be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except (OSError, ValueError):
        return False
    return True
