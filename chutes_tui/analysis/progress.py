"""Who is told how a long series is going, and may stop it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Report = Callable[[int, float], None]  # ``report(turns summed, probability still unfinished)``

PROGRESS_EVERY = 256  # turns between progress reports (which may also stop a series)
# Who to tell how a long series is going (a :data:`Report`, which may raise to stop the work).
# A context variable rather than a parameter of every function a series runs under (seat odds,
# distributions, reports): a command line sets it around its work with :func:`series_progress`.
SERIES_PROGRESS: ContextVar[Report | None] = ContextVar("series_progress", default=None)


@contextmanager
def series_progress(report: Report) -> Iterator[None]:
    """Within this block, every series on a chain reports its progress to ``report``."""
    token = SERIES_PROGRESS.set(report)
    try:
        yield
    finally:
        SERIES_PROGRESS.reset(token)
