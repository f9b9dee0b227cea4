"""Output on any encoding: a terminal or pipe set to ASCII or Latin-1 (``PYTHONIOENCODING=ascii``,
``LANG=C`` on an old system) gets the same content in plain characters instead of an error.

Rich already draws tables' boxes in ASCII when the stream's encoding is not UTF; every other
character the stream cannot carry goes through :func:`chutes_tui.model.text.ascii_form` by a codec
error handler, so a character the encoding has (``±`` in Latin-1) is kept as it is.
"""

from __future__ import annotations

import codecs
import io
import sys

HANDLER = "chutes-tui-ascii"


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    from chutes_tui.model.text import ascii_form  # with decimal and fractions: not for --help

    return "".join(ascii_form(char) for char in error.object[error.start : error.end]), error.end


def degrade_gracefully() -> None:
    """Make stdout and stderr write stand-ins for the characters their encoding lacks."""
    try:
        codecs.lookup_error(HANDLER)
    except LookupError:
        codecs.register_error(HANDLER, _stand_in)
    for stream in (sys.stdout, sys.stderr):
        # stderr's own default (backslashreplace) would write é as \xe9 where stdout writes e.
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "backslashreplace"):
            stream.reconfigure(errors=HANDLER)
