"""Crash logs: when something unexpected stops the program, the full traceback goes to a file
under the state directory and the user gets one line saying where.

At most :data:`KEEP` logs are kept (the oldest are removed), so a crash loop cannot fill a disk.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path

from chutes_tui.io.paths import state_dir

KEEP = 20


def write_crash_log(error: BaseException) -> Path | None:
    """Write ``error``'s traceback to a new log; its path, or ``None`` if nothing could be written."""
    from chutes_tui import __version__

    directory = state_dir() / "crashes"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = directory / f"crash-{stamp}-{os.getpid()}.log"
    lines = [
        f"chutes-tui {__version__}, Python {sys.version.split()[0]}, "
        f"{time.strftime('%Y-%m-%d %H:%M:%S %z')}\n",
        f"command: {' '.join(sys.argv)!r}\n\n",
        *traceback.format_exception(error),
    ]
    if not raised(error):  # handed over unraised (as Textual does a failed worker's): say from where
        lines += ["\nThe error was never raised; it was reported from here:\n", *traceback.format_stack()]
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8", errors="backslashreplace") as stream:
            stream.writelines(lines)
        old = sorted(directory.glob("crash-*.log"), key=lambda p: p.stat().st_mtime)[:-KEEP]
        for stale in old:
            stale.unlink(missing_ok=True)
    except OSError:
        return None
    return path


def raised(error: BaseException) -> bool:
    """Whether ``error`` or an error in its chain (cause, context) carries a traceback."""
    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        if link.__traceback__ is not None:
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def crash_line(error: BaseException, log: Path | None) -> str:
    """The one line a user sees: what happened and where the traceback is."""
    from chutes_tui.model.text import elide, printable

    what = elide(printable(f"{type(error).__name__}: {error}"), 100)
    where = f"the full traceback is in {log}" if log else "no crash log could be written"
    return f"stopped on an unexpected error ({what}); {where}. Please report it."
