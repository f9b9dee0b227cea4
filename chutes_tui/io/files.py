"""Reading files a user names: regular files only, of a bounded size, as UTF-8 text.

A board file, a save and the recent-boards list may each be anything a path can name: a FIFO
(reading it would hang until someone writes), a device (``/dev/zero`` never ends), a directory,
a 10 GB log, a path too long for the system. :func:`read_text` refuses all of these at once
with a one-line reason, before reading a byte it does not need.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from chutes_tui.model.text import path_text, quote

MAX_FILE_BYTES = 10 * 1024 * 1024
# Why the limit: the largest board the tools handle (100,000 squares, every jump listed) is
# about 2 MB of TOML; a longest save is a few MB. Anything bigger is not one of ours.
LIMIT_REASON = "board files and saves are at most 10 MB"


class FileReadError(Exception):
    """A file that cannot be read as asked; ``reason`` says why in a few words."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"{path_text(path)}: {reason}")
        self.path = str(path)
        self.reason = reason


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _os_reason(error: OSError) -> str:
    return (error.strerror or type(error).__name__).lower()


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not an existing regular file (``None`` when it is one)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return _os_reason(error)
    except ValueError:  # an embedded NUL byte
        return "not a valid path"
    return None if stat.S_ISREG(mode) else f"is {_kind(mode)}, not a regular file"


def read_bytes(path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES) -> bytes:
    """The contents of a regular file of at most ``limit`` bytes, or :class:`FileReadError`."""
    problem = regular_file_problem(path)
    if problem is not None:
        raise FileReadError(path, f"cannot read: {problem}")
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO since the check, opening does not wait.
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise FileReadError(path, f"cannot read: {_os_reason(error)}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError(path, f"cannot read: is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise FileReadError(path, f"too large ({info.st_size / 1e6:,.1f} MB; {LIMIT_REASON})")
        chunks = []
        size = 0
        # Files under /proc report size 0 and still have contents: read to the limit, no further.
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileReadError(path, f"too large (over {limit / 1e6:,.0f} MB; {LIMIT_REASON})")
        return b"".join(chunks)
    except OSError as error:
        raise FileReadError(path, f"cannot read: {_os_reason(error)}") from None
    finally:
        os.close(handle)


def read_text(path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES) -> str:
    """:func:`read_bytes`, decoded as UTF-8 (a byte-order mark is allowed)."""
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise FileReadError(path, f"line {line}: not UTF-8 text") from None


def is_regular_file(path: str | os.PathLike[str]) -> bool:
    """Like ``Path.is_file`` but never raises (a path too long, a NUL byte: not a file)."""
    return regular_file_problem(path) is None


def writable_target_problem(path: str | os.PathLike[str]) -> str | None:
    """Why writing ``path`` would destroy something other than a file's contents (a symbolic
    link, a device, a FIFO, a directory), or why it cannot be written; ``None`` when it may be
    (over)written. A link is judged itself, not its target: a write never goes through one."""
    target = Path(path)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        parent = target.parent
        problem = regular_file_problem(parent)
        if problem is None:
            return "its folder is a file"
        if not os.path.isdir(parent):
            return f"its folder {quote(str(parent))} does not exist"
        return None
    except OSError as error:
        return _os_reason(error)
    except ValueError:
        return "not a valid path"
    if stat.S_ISLNK(mode):
        return "is a symbolic link (files are never written through a link)"
    return None if stat.S_ISREG(mode) else f"is {_kind(mode)}, not a regular file"
