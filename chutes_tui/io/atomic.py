"""Writing files so that a crash or a kill never leaves a half-written one, and so that a
write never destroys anything but the contents of a regular file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from chutes_tui.io.files import writable_target_problem
from chutes_tui.model.text import quote


class WriteRefusedError(OSError):
    """The target is not a regular file (a device, a FIFO, a directory) or cannot be written;
    ``--force`` does not change that. ``strerror`` holds the reason in a few words."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{quote(self.filename)}: {self.strerror}"


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` all at once: a temporary file beside it, fsync, rename.

    Readers see either the old file or the new one, never a mixture; on failure the
    temporary file is removed and the old file is untouched. A symbolic link is written
    through (the link stays, its target gets the new contents). A target that is not a regular
    file is refused with :class:`WriteRefusedError`: renaming over ``/dev/null`` or a FIFO would
    replace it with a file.
    """
    target = Path(os.path.realpath(path))
    problem = writable_target_problem(target)
    if problem is not None:
        raise WriteRefusedError(path, problem)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file private; give it the mode a plain open() would have.
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
