"""The boards that ship with chutes-tui: TOML files inside the package (``chutes_tui/boards``;
the repository's top-level ``boards`` is a link to the same files, so there is one copy)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def bundled_dir() -> Path:
    return Path(str(resources.files("chutes_tui") / "boards"))


def bundled_board_names() -> list[str]:
    return sorted(path.stem for path in bundled_dir().glob("*.toml"))


def bundled_board_path(name: str) -> Path | None:
    """The file of the bundled board ``name`` (``None``: there is none)."""
    return bundled_dir() / f"{name}.toml" if name in bundled_board_names() else None
