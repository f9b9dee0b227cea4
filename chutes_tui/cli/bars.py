"""Progress on the terminal for the verbs' long work: a transient bar on stderr, and a line for
the long series on big boards; nothing when stderr is not a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from chutes_tui.cli.common import stderr


@contextmanager
def progress_bar(what: str, total: int | None = None) -> Iterator[Callable[..., None]]:
    """A transient progress bar on stderr; yields ``step(done, total=None, description=None)``.

    Only on a terminal: piped or redirected, stderr stays empty unless something goes wrong."""
    console = stderr()
    if not console.is_terminal:
        yield lambda done, total=None, description=None: None
        return
    from rich.progress import Progress  # on a terminal only (3 ms of imports: play, exact need none)

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(what, total=total)

        def step(done: int, total: int | None = None, description: str | None = None) -> None:
            progress.update(task, completed=done, total=total or progress.tasks[0].total)
            if description is not None:
                progress.update(task, description=description)

        yield step


@contextmanager
def series_bar(what: str) -> Iterator[None]:
    """A progress line for the long series on big boards (turns summed, chance still unfinished);
    Ctrl-C stops them (exit 130)."""
    from chutes_tui.analysis.progress import series_progress

    with (
        progress_bar(what) as step,
        series_progress(lambda turns, left: step(0, description=_series_line(what, turns, left))),
    ):
        yield


def _series_line(what: str, turns: int, left: float) -> str:
    """Nothing summed yet: a solve in a process of its own (its report is ``(0, 1.0)`` while it
    works, see :func:`chutes_tui.analysis.progress.in_process`)."""
    if turns == 0:
        return f"{what}: solving"
    return f"{what}: {turns:,} turns summed, {left:.1e} unfinished"
