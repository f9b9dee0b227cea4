"""Every key of the app, once: what it means, on every screen.

Each screen's ``BINDINGS`` is made here (:func:`keys`), so the footer, the help dialog and the
command palette all read the same words; the README prints :func:`keymap_markdown` (a test
checks it is the table's). A key means one thing wherever it is bound: ``s`` saves (the game,
or in the editor the board), ``p`` pauses, ``d`` opens the diagonal picture, Esc goes back
(closes what is on top, leaves an overlay). The arrows move what is shown (the board cursor; in
review and the diagonal picture the turn), and inside a dialog Enter, Space and the arrows work
its buttons and scroll it (and a focused control, as a seat's value on the setup screen).

The order of a screen's keys is the footer's: the most used first, so that the keys that do not
fit are the rarer ones (one ``?`` or ctrl+p away).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding

from chutes_tui.model.ruletable import SAID, Offered, offered

# The rules dialog's rules, named in a summary's order: "Dice, end rule, extra roll, …".
_DIALOG = ", ".join(row.named for row in SAID if row in offered(Offered.DIALOG))
RULES_NAMED = _DIALOG[:1].upper() + _DIALOG[1:]


@dataclass(frozen=True)
class Key:
    """``keys``: Textual key names (the first is the one shown); ``meaning``: the words on the
    footer, in the help and in the palette; ``tooltip``: the palette's and the help's longer
    line; ``action``: the action it runs (a screen may give the action its own arguments)."""

    keys: str
    meaning: str
    tooltip: str
    action: str


# Grouped as the README prints them: (title, entries).
GROUPS: tuple[tuple[str, dict[str, Key]], ...] = (
    (
        "Everywhere (where they apply)",
        {
            "help": Key("question_mark", "Help", "List every key and what the numbers mean", "help"),
            "back": Key("escape", "Back", "Close what is on top, leave an overlay, review or screen", "back"),
            "palette": Key("ctrl+p", "Palette", "Search every command by name", "command_palette"),
            "screenshot": Key("ctrl+g", "Screenshot", "Save an SVG picture of the screen", "screenshot"),
            "quit": Key("ctrl+q", "Quit", "Quit (asks first when something is unsaved)", "quit"),
            "save": Key("s,ctrl+s", "Save", "Write the game (in the editor: the board) to a file", "save"),
            "board_only": Key("w", "Board only", "Hide or show the side panel", "board_only"),
            "zoom_in": Key("right_square_bracket", "Zoom in", "Larger squares", "zoom(1)"),
            "zoom_out": Key("left_square_bracket", "Zoom out", "Smaller squares", "zoom(-1)"),
        },
    ),
    (
        "A game",
        {
            "roll": Key("space,enter", "Roll", "Roll the die for the player to move", "roll"),
            "pause": Key("p", "Pause", "Stop or restart computer turns (then: Resume)", "pause"),
            "step": Key("full_stop", "Step", "Play one computer turn while paused", "step"),
            "faster": Key("plus,equals_sign", "Faster", "Speed up computer turns", "faster"),
            "slower": Key("minus", "Slower", "Slow down computer turns", "slower"),
            "inspector": Key("i", "Inspector", "What standing on the cursor's square means", "inspector"),
            "overlay": Key("o", "Overlay", "Colour the board by the next statistic", "overlay"),
            "exact": Key("x", "Exact odds", "The position's exact chance to win, as a fraction", "exact"),
            "review": Key("v", "Review", "Step through every turn of this game, and play on", "review"),
            "new_game": Key("n", "New game", "Choose players, board and rules", "new_game"),
            "rematch": Key("r", "Rematch", "Same players and board, a fresh game", "rematch"),
            "load_board": Key(
                "b", "Load board", "Bundled boards, files here, recent files, or a path", "load_board"
            ),
            "edit_board": Key("e", "Edit board", "Add, move and delete ladders and chutes", "edit_board"),
            "diagonal": Key(
                "d", "Why first", "Why going first helps: the diagonal of ties, the bounds", "diagonal"
            ),
            "spectrum": Key(
                "z",
                "Spectrum",
                "The turn chain's eigenvalues, its relaxation time and the tail law C·λⁿ",
                "app.spectrum",
            ),
            "flow": Key(
                "a", "Flow", "Where the player to move may be, turn by turn (play, pause)", "flow_play"
            ),
            "flow_earlier": Key(
                "less_than_sign", "Flow: earlier", "The flow a turn earlier", "flow_turn(-1)"
            ),
            "flow_later": Key("greater_than_sign", "Flow: later", "The flow a turn later", "flow_turn(1)"),
            "quit_q": Key("q", "Quit", "Quit, from the winner's dialog (asks first as ctrl+q)", "quit"),
            "choose": Key(
                "1,2,3,4,5,6,7,8",
                "Choose",
                "On a board with choices: pick the die, or what to do with the roll, by its number",
                "choose",
            ),
            "hints": Key("k", "Hints", "On a board with choices: each option's value beside it", "hints"),
        },
    ),
    (
        "Review, the diagonal picture, the flow",
        {
            "earlier": Key("left", "Earlier", "The turn before", "step(-1)"),
            "later": Key("right", "Later", "The turn after", "step(1)"),
            "ten_earlier": Key("pageup", "10 earlier", "Ten turns fewer", "turns(-10)"),
            "ten_later": Key("pagedown", "10 later", "Ten turns more", "turns(10)"),
            "first": Key("home", "First", "The first turn (the flow: its start)", "first"),
            "last": Key("end", "Last", "The last turn (the diagonal: every turn, exact)", "last"),
            "swing": Key("j", "Next swing", "Jump to the next turn that swung the odds most (◆)", "swing"),
            "play_on": Key("f", "Play on", "A new game from this turn's position, fresh dice", "play_on"),
        },
    ),
    (
        "Setup and the editor",
        {
            "play": Key("ctrl+b", "Play", "Start the game: these players, or the board edited", "play"),
            "add_seat": Key("ctrl+n", "Add seat", "One more player", "add_seat"),
            "remove_seat": Key("ctrl+r", "Remove seat", "Remove the seat being edited", "remove_seat"),
            "continue": Key(
                "ctrl+o", "Continue saved", "The newest saved game, where it was left", "continue"
            ),
            "mark_tail": Key("t", "Tail here", "Mark a jump's tail on the cursor's square", "mark_tail"),
            "place_head": Key("h", "Head here", "Put the marked jump's head under the cursor", "place_head"),
            "delete": Key("delete,backspace", "Delete", "Delete the jump under the cursor", "delete"),
            "move": Key("m", "Move end", "Pick up a jump's end; m again puts it down", "move"),
            "undo": Key("u,ctrl+z", "Undo", "Undo the last edit", "undo"),
            "redo": Key("U,ctrl+y", "Redo", "Redo the edit undone", "redo"),
            "suggest": Key("g", "Suggest", "The one jump edit closest to a goal length", "suggest"),
            "randomize": Key(
                "R", "Random board", "New random ladders and chutes, the same rules", "randomize"
            ),
            "rules": Key("l", "Rules", RULES_NAMED, "rules"),
            "copy": Key("c", "Copy fraction", "Copy the exact fraction (its dialog)", "copy"),
            "yes": Key(
                "y",
                "Yes",
                "Answer a question yes (Esc says no, and Enter where work is at stake)",
                "answer(True)",
            ),
        },
    ),
)

KEYMAP: dict[str, Key] = {name: key for _, group in GROUPS for name, key in group.items()}

# Inside a dialog these work its buttons and scroll it, and on a focused control (a seat's value
# on the setup screen, like a checkbox) Enter and Space work it; the arrows move what a screen shows.
CONTROL_KEYS = frozenset({"enter", "space", "up", "down", "pageup", "pagedown", "home", "end"})
ARROWS = frozenset({"up", "down", "left", "right"})


def key(
    name: str,
    action: str | None = None,
    *,
    show: bool = True,
    system: bool = False,
    priority: bool = False,
    keys: str | None = None,
) -> Binding:
    """The binding for the table's key ``name`` (``action``: this screen's own; ``keys``: some
    of the entry's keys only)."""
    entry = KEYMAP[name]
    if keys is not None and not set(keys.split(",")) <= set(entry.keys.split(",")):
        raise ValueError(f"{keys!r} are not all keys of {name!r}")
    return Binding(
        keys or entry.keys,
        action or entry.action,
        entry.meaning,
        show=show,
        system=system,
        priority=priority,
        tooltip=entry.tooltip,
    )


def moved(name: str, note: str) -> Binding:
    """The key ``name`` on a screen where it used to do something that has moved to another
    key: it does nothing else here, it says where that went (``note``, a notice)."""
    return key(name, f"app.moved_key({note!r})", show=False, system=True)


def keys(*names: str) -> list[Binding]:
    """Bindings for these table entries, with their own actions, in this order."""
    return [key(name) for name in names]


KEY_NAMES = {
    "space": "Space",
    "enter": "Enter",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "full_stop": ".",
    "less_than_sign": "<",
    "greater_than_sign": ">",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "question_mark": "?",
    "escape": "Esc",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "delete": "Del",
    "backspace": "Backspace",
}


def key_label(keys: str) -> str:
    """``"space,enter"`` as a person reads it: ``"Space / Enter"``."""
    return " / ".join(KEY_NAMES.get(k, k) for k in keys.split(","))


def keymap_markdown() -> str:
    """The README's table of keys, from :data:`GROUPS`."""
    lines: list[str] = []
    for title, group in GROUPS:
        lines += [f"**{title}**", "", "| Key | Does | What it is |", "| --- | --- | --- |"]
        lines += [
            f"| `{key_label(entry.keys).replace(' / ', '` `')}` | {entry.meaning} | {entry.tooltip} |"
            for entry in group.values()
        ]
        lines.append("")
    lines.append("The arrows move the board cursor; in review and the diagonal picture, the turn.")
    return "\n".join(lines)
