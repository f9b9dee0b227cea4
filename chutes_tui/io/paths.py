"""Where chutes-tui keeps things between runs.

* the config directory (recent boards, and later remembered settings):
  ``$CHUTES_TUI_CONFIG_DIR``, else the platform's user config directory
  (``~/.config/chutes-tui`` on Linux);
* the data directory (saved games, and screenshots in ``screenshots/``): ``$CHUTES_TUI_DATA_DIR``,
  else the platform's user data directory (``~/.local/share/chutes-tui`` on Linux);
* the state directory (crash logs): ``$CHUTES_TUI_STATE_DIR``, else the platform's user
  state directory (``~/.local/state/chutes-tui`` on Linux).

The environment variables exist so that tests and sandboxes can point both elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_config_dir, user_data_dir, user_state_dir

APP_NAME = "chutes-tui"


def config_dir() -> Path:
    configured = os.environ.get("CHUTES_TUI_CONFIG_DIR")
    return Path(configured) if configured else Path(user_config_dir(APP_NAME, appauthor=False))


def state_dir() -> Path:
    configured = os.environ.get("CHUTES_TUI_STATE_DIR")
    return Path(configured) if configured else Path(user_state_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    configured = os.environ.get("CHUTES_TUI_DATA_DIR")
    return Path(configured) if configured else Path(user_data_dir(APP_NAME, appauthor=False))


def screenshots_dir() -> Path:
    """Where the app's screenshots go (not the Downloads folder, which a server may not have)."""
    return data_dir() / "screenshots"
