"""ctrl+g: an SVG picture of the screen.

Textual's own screenshot writes to the Downloads folder and says only "Failed to save
screenshot" where there is none (a server, a container). Here it goes to chutes-tui's data
folder (``screenshots/``, made when missing; ``$CHUTES_TUI_DATA_DIR`` moves it), under a new
name with the time, never over a file; the notification gives the path, or the reason it could
not be written. In a browser (``chutes-tui serve``) it is the visitor's download instead.
"""

from __future__ import annotations

import datetime as dt
import io

from textual.app import App

from chutes_tui.app.keymap import KEYMAP
from chutes_tui.io.atomic import write_new_text
from chutes_tui.io.paths import screenshots_dir
from chutes_tui.model.text import path_text, printable

SCREENSHOT_KEY = KEYMAP["screenshot"].keys  # ctrl+g: free on every screen, in inputs and in browsers


def screenshot_stem(when: dt.datetime | None = None) -> str:
    """``chutes-tui 2026-11-25 12-40-05`` (a file name on every system: no colons)."""
    return f"chutes-tui {when or dt.datetime.now():%Y-%m-%d %H-%M-%S}"


def take_screenshot(app: App) -> None:
    """Save (or in a browser, send) the screen as SVG, and say where or why not."""
    svg = app.export_screenshot()
    stem = screenshot_stem()
    if app.is_web:
        from chutes_tui.app.dialogs.save_as import download_name  # served only

        name = download_name(f"{stem}.svg")
        app.deliver_text(
            io.StringIO(svg),
            save_filename=name,
            mime_type="image/svg+xml",
            encoding="utf-8",
            name="screenshot",
        )
        app.notify(f"Screenshot sent to your browser: {name}", markup=False)
        return
    folder = screenshots_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = write_new_text(folder, stem, ".svg", svg)
    except OSError as error:
        reason = printable(error.strerror or str(error))  # one line
        app.notify(
            f"Could not save the screenshot in {path_text(folder)}: {reason}", severity="error", markup=False
        )
        return
    app.notify(f"Screenshot saved to {printable(str(path))}", markup=False)  # whole: where to find it
