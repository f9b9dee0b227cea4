"""Who is told how a long series is going, and may stop it; and work that cannot be stopped
midway (a sparse LU, in C), which whoever waits for it may stop waiting for."""

from __future__ import annotations

import os
import pickle
import select
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

Report = Callable[[int, float], None]  # ``report(turns summed, probability still unfinished)``

PROGRESS_EVERY = 256  # turns between progress reports (which may also stop a series)
# Who to tell how a long series is going (a :data:`Report`, which may raise to stop the work).
# A context variable rather than a parameter of every function a series runs under (seat odds,
# distributions, reports): a command line sets it around its work with :func:`series_progress`.
SERIES_PROGRESS: ContextVar[Report | None] = ContextVar("series_progress", default=None)
# How often one waiting for work in a process of its own (:func:`in_process`) asks whether to go on.
WAIT_REPORT_SECONDS = 0.05


@contextmanager
def series_progress(report: Report) -> Iterator[None]:
    """Within this block, every series on a chain reports its progress to ``report``."""
    token = SERIES_PROGRESS.set(report)
    try:
        yield
    finally:
        SERIES_PROGRESS.reset(token)


def in_process(work: Callable[..., T], *args: object, name: str) -> T:
    """``work(*args)`` (both must pickle: module-level functions, arrays) in a Python process of
    its own, for work in C that cannot stop midway (a sparse LU). While it works the
    :data:`SERIES_PROGRESS` report is told, every :data:`WAIT_REPORT_SECONDS`, that nothing is
    summed yet and everything is unfinished (``report(0, 1.0)``): a report that raises (or
    Ctrl-C) kills the process at once. A thread would go on to the end: a front end's worker
    threads are joined when it quits (a 15-second LU held ctrl+q that long), and one left
    running in C may crash the interpreter's exit. A plain ``python -c``, not multiprocessing:
    that would run the caller's main script again in the child."""
    process = subprocess.Popen(
        [sys.executable, "-c", "from chutes_tui.analysis.progress import answer; answer()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # a front end's screen; a failure comes back pickled
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert process.stdin is not None and process.stdout is not None
    report = SERIES_PROGRESS.get()
    try:
        with process.stdin:
            pickle.dump((work, args), process.stdin)
        while not select.select([process.stdout], [], [], WAIT_REPORT_SECONDS)[0]:
            if report is not None:
                report(0, 1.0)
        try:
            done, answer = pickle.load(process.stdout)
        except EOFError:
            raise RuntimeError(f"the {name} process ended without an answer") from None
    finally:
        process.kill()  # nothing if it has ended
        process.wait()
        process.stdout.close()
    if not done:
        raise answer
    result: T = answer
    return result


def answer() -> None:
    """The process of :func:`in_process`: the work read from stdin, its answer (or its error)
    written to stdout."""
    work, args = pickle.load(sys.stdin.buffer)
    try:
        reply: tuple[bool, object] = (True, work(*args))
    except Exception as error:  # the caller raises it
        reply = (False, error)
    pickle.dump(reply, sys.stdout.buffer)
    sys.stdout.flush()
