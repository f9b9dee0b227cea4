"""The error every invalid board raises: what is wrong, and where (file, line) when known; and
the stop of work whose answer is no longer wanted."""

from __future__ import annotations

import os

from chutes_tui.model.text import path_text

Jump = tuple[int, int]


class BoardError(ValueError):
    """An invalid board: what is wrong, and where (file, line) when known.

    ``jump`` or ``field`` name the offending part so that a parser can add the line it
    came from.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | os.PathLike[str] | None = None,
        line: int | None = None,
        jump: Jump | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = None if path is None else str(path)
        self.line = line
        self.jump = jump
        self.field = field

    def located(self, path: str | os.PathLike[str] | None, line: int | None) -> BoardError:
        """A copy of this error that also says where it happened."""
        return BoardError(
            self.reason,
            path=path if path is not None else self.path,
            line=line if line is not None else self.line,
            jump=self.jump,
            field=self.field,
        )

    def __str__(self) -> str:
        where = path_text(self.path) if self.path else ""
        if self.line is not None:
            where = f"{where}:{self.line}" if where else f"line {self.line}"
        return f"{where}: {self.reason}" if where else self.reason


class StopRequested(Exception):  # noqa: N818 -- a request, not an error
    """Work was told to stop (its answer is no longer wanted): a live statistic, a solver's
    sweeps (engine/live.py, engine/advice.py)."""
