"""Write the app's keymap into README.md, between ``<!-- keymap -->`` and ``<!-- /keymap -->``.

    python scripts/keymap_readme.py

The table comes from chutes_tui/app/keymap.py (the one the screens' bindings, the footer, the
help and the palette are made from); tests/app/test_keymap.py fails when README's copy differs.
"""

from __future__ import annotations

from pathlib import Path

from chutes_tui.app.keymap import keymap_markdown

README = Path(__file__).resolve().parent.parent / "README.md"
START, END = "<!-- keymap -->", "<!-- /keymap -->"


def with_keymap(text: str) -> str:
    """``text`` with the table between the markers replaced by the keymap's."""
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{keymap_markdown()}\n{END}{tail}"


if __name__ == "__main__":
    README.write_text(with_keymap(README.read_text(encoding="utf-8")), encoding="utf-8")
