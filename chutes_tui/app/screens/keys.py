"""The game screen's and review's keys, from the one keymap (:mod:`chutes_tui.app.keymap`).

The help dialog, the footer and the command palette are made from these. The footer shows them in
this order as far as they fit (and only those that work now: see ``footer_label``), so the most
used come first; the rest are one '?' (help) or ctrl+p (palette) away.
"""

from __future__ import annotations

from textual.binding import BindingType

from chutes_tui.app.keymap import key, keys, moved

GAME_KEYS: list[BindingType] = [
    *keys("roll", "pause", "step", "faster", "slower", "help", "save", "review", "board_only"),
    *keys("inspector", "overlay", "exact", "flow", "diagonal", "new_game", "rematch"),
    *keys("load_board", "edit_board", "flow_earlier", "flow_later", "spectrum", "back"),
    key("first", "flow_turn(-1000000)", show=False, system=True),  # the help's note says Home, End
    key("last", "flow_turn(1000000)", show=False, system=True),
    # Other apps quit on q: here it says how (q quits from the winner's dialog only).
    moved("quit_q", "ctrl+q quits (it asks first if the game is not saved)."),
]

# Review mode (screens/review.py). The arrows are the screen's, before the board's cursor keys.
REVIEW_KEYS: list[BindingType] = [
    key("earlier", priority=True),
    key("later", priority=True),
    *keys("swing", "play_on", "back", "help"),
    key("first", priority=True),
    key("last", priority=True),
    key("board_only"),
    key("spectrum"),
    moved("save", "j jumps to the next swing; the game saves from its own screen (s)."),
]
