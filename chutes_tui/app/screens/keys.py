"""The game screen's keys.

The help dialog and the command palette are made from these: descriptions and tooltips are
written once. The footer shows them in this order as far as they fit, so the most used come
first; the rest are one '?' (help) or ctrl+p (palette) away.
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

GAME_KEYS: list[BindingType] = [
    Binding("space,enter", "roll", "Roll", tooltip="Roll the die for the player to move"),
    Binding("question_mark", "help", "Help", tooltip="List every key and what the numbers mean"),
    Binding("i", "inspector", "Inspector", tooltip="What standing on the cursor's square means"),
    Binding("o", "overlay", "Overlay", tooltip="Colour the board by the next statistic"),
    Binding("p", "pause", "Pause", tooltip="Stop or restart computer turns"),
    Binding("x", "exact", "Exact odds", tooltip="The position's exact chance to win, as a fraction"),
    Binding("w", "board_only", "Board only", tooltip="Hide or show the side panel"),
    Binding("s", "save", "Save", tooltip="Write the game to the save file"),
    Binding("n", "new_game", "New game", tooltip="Choose players, board and rules"),
    Binding("r", "rematch", "Rematch", tooltip="Same players and board, a fresh game"),
    Binding("b", "load_board", "Load board", tooltip="Bundled boards, files here, recent files, or a path"),
    Binding("e", "edit_board", "Edit board", tooltip="Add, move and delete ladders and chutes"),
    Binding("v", "review", "Review", tooltip="Step through every turn of this game, and play on from one"),
    Binding("plus,equals_sign", "faster", "Faster", tooltip="Speed up computer turns"),
    Binding("minus", "slower", "Slower", tooltip="Slow down computer turns"),
    Binding("full_stop", "step", "Step", tooltip="Play one computer turn while paused"),
    Binding("d", "diagonal", "Why first", tooltip="Why going first helps: the diagonal of ties, the bounds"),
    Binding("a", "flow_play", "Flow", tooltip="Where the player to move may be, turn by turn (play, pause)"),
    # system: not listed on their own (the help's note explains ←/→ with the flow on).
    Binding("left", "flow_turn(-1)", "Flow: a turn earlier", show=False, system=True),
    Binding("right", "flow_turn(1)", "Flow: a turn later", show=False, system=True),
    Binding("home", "flow_turn(-1000000)", "Flow: the start", show=False, system=True),
    Binding("end", "flow_turn(1000000)", "Flow: the last turn", show=False, system=True),
    Binding("escape", "skip", "Skip animation", show=False),
]

# Review mode (screens/review.py). The arrows are the screen's, before the board's cursor keys.
REVIEW_KEYS: list[BindingType] = [
    Binding("left", "step(-1)", "Back", priority=True, tooltip="The turn before"),
    Binding("right", "step(1)", "Forward", priority=True, tooltip="The turn after"),
    Binding("home", "first", "Start", priority=True, tooltip="Before the first turn"),
    Binding("end", "last", "End", priority=True, tooltip="After the last turn"),
    Binding("s", "swing", "Next swing", tooltip="The next of the turns that swung the odds most (◆)"),
    Binding("f", "play_on", "Play on", tooltip="A new game from this turn's position, with fresh dice"),
    Binding("question_mark", "help", "Help", tooltip="List every key"),
    Binding("w", "board_only", "Board only", tooltip="Hide or show the side panel"),
    Binding("escape", "leave", "Leave review", tooltip="Back to the game"),
]
