"""The boards that ship with chutes-tui: TOML files inside the package (``chutes_tui/boards``;
the repository's top-level ``boards`` is a link to the same files, so there is one copy).

They are found beside this package's own files: the package is installed as files (never run
from a zip, where they would have no path to read), so ``importlib.resources`` (and the zipfile
module it imports, a few milliseconds of every start) is not needed to find them."""

from __future__ import annotations

from pathlib import Path


def bundled_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "boards"


def bundled_board_names() -> list[str]:
    return sorted(path.stem for path in bundled_dir().glob("*.toml"))


def bundled_board_path(name: str) -> Path | None:
    """The file of the bundled board ``name`` (``None``: there is none)."""
    return bundled_dir() / f"{name}.toml" if name in bundled_board_names() else None
