"""Writing files: the one output policy every verb and screen follows.

* A write is atomic: a temporary file beside the target, fsync, then a rename, so a crash or a
  kill never leaves a half-written file and readers see the old file or the new one.
* A write never destroys anything but the contents of a regular file: a symbolic link, a device,
  a FIFO, a socket or a directory in the target's place is refused, whatever the caller allows
  (renaming over ``/dev/null`` would replace it with a file; writing through a link would change a
  file the user never named).
* An existing file is replaced only when the caller says so (``replace=True``: the CLI's
  ``--force``, an Overwrite the app asked for, the program's own settings). Without it the new file
  is put in place with a hard link, which fails if the name was taken meanwhile, so even a file
  created after the check is never replaced.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from chutes_tui.io.files import writable_target_problem
from chutes_tui.model.text import quote

EXISTS = "exists"


class WriteRefusedError(OSError):
    """The target may not be written (not a regular file, or it exists and may not be replaced);
    ``reason`` (also ``strerror``) says why in a few words."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.strerror = reason
        self.filename = str(path)

    def __str__(self) -> str:
        return f"{quote(self.filename)}: {self.strerror}"


def output_problem(path: str | os.PathLike[str], *, replace: bool) -> str | None:
    """Why ``path`` may not be written under the policy (``None`` when it may): something other
    than a regular file (never, whatever ``replace`` says), or an existing file when ``replace``
    is false (the reason is then :data:`EXISTS`)."""
    problem = writable_target_problem(path)
    if problem is not None:
        return problem
    if not replace and os.path.lexists(path):
        return EXISTS
    return None


def atomic_write_text(path: str | os.PathLike[str], text: str, *, replace: bool = True) -> None:
    """Write ``text`` to ``path`` all at once under the module's policy.

    On failure the temporary file is removed and an old file is untouched. A refusal raises
    :class:`WriteRefusedError`; other failures raise the system's ``OSError``.
    """
    target = Path(path)
    problem = output_problem(target, replace=replace)
    if problem is not None:
        raise WriteRefusedError(path, problem)
    # The name's start only: a 250-byte name plus the temporary's own part would pass the
    # system's 255-byte limit, and the target's own name was within it.
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".tmp", dir=target.parent)
    try:
        # mkstemp makes the file private; give it the mode a plain open() would have.
        try:
            mode = target.stat(follow_symlinks=False).st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if replace:
            # rename() replaces the name itself: a link put there meanwhile is replaced, not followed.
            os.replace(temporary, target)
        else:
            _place_new(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _place_new(temporary: str, target: Path) -> None:
    """Give ``temporary`` the name ``target`` only if nothing has that name (atomically: link()
    fails on an existing name); on a file system without hard links, rename after a last check."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise WriteRefusedError(target, EXISTS) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(target):
            raise WriteRefusedError(target, EXISTS) from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def write_new_text(folder: str | os.PathLike[str], stem: str, suffix: str, text: str) -> Path:
    """Write ``text`` to a new file in ``folder`` named ``stem + suffix``, or ``stem-2``,
    ``stem-3``... while a name is taken (by anything: a file, a link, a folder), under the
    module's policy without ``replace``: never over anything, even a file that appears meanwhile.
    The path written; ``OSError`` with the reason when the folder cannot take it."""
    for number in range(1, 10_000):
        target = Path(folder) / f"{stem}{'' if number == 1 else f'-{number}'}{suffix}"
        try:
            atomic_write_text(target, text, replace=False)
        except WriteRefusedError:
            if os.path.lexists(target):
                continue
            raise
        return target
    raise WriteRefusedError(Path(folder) / f"{stem}{suffix}", "this name and 9,998 more are taken")
