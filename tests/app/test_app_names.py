"""Our Textual subclasses must not shadow what Textual's base classes define.

Shadowing a base attribute breaks Textual silently (a method named ``_animate`` stopped every
timer; an attribute named ``watch`` would replace the reactive-watch method), so every name a
subclass adds -- methods, properties and the instance attributes set in ``__init__`` -- is
checked against its Textual bases.
"""

import ast
import inspect

import pytest
from textual.app import App
from textual.dom import DOMNode

import chutes_tui.app

# Names we deliberately override: Textual's documented extension points.
EXTENSION_POINTS = {
    "BINDINGS",
    "DEFAULT_CSS",
    "CSS_PATH",
    "TITLE",
    "compose",
    "render_line",
    "render",  # a one-line widget's content
    "get_system_commands",
    "can_focus",
    # Overridden on purpose: a crash writes a log and exits non-zero with one line
    # (tests/test_app.py checks that the override keeps Textual's behaviour otherwise).
    "_handle_exception",
    "notify_style_update",  # Textual's hook for a theme or stylesheet change
    "get_content_height",  # a line-API widget says how tall its content is
    "get_content_width",  # a choice control's natural width: its longest label (widgets/cycle.py)
    "HORIZONTAL_BREAKPOINTS",  # Textual's width classes: setup's narrow seat rows (screens/setup.py)
    "VERTICAL_BREAKPOINTS",  # Textual's height classes: the board picker's list (dialogs/picker.py)
    "AUTO_FOCUS",  # the widget a screen focuses first (screens/setup.py: the first name)
    "BUTTON_INNER",  # a toggle's inside, documented for changing (widgets/tick.py: ✓ or blank)
    "action_command_palette",  # both open the race-free palette (app/palette.py)
    "search_themes",
    "on_event",  # keys after the last screen is gone are dropped
    "check_action",  # Textual's hook to hide or disable a binding
    "action_quit",  # asks first while any screen holds work (app/work.py)
    "deliver_screenshot",  # the palette's Screenshot: to chutes-tui's folder (app/screenshot.py)
    "get_driver_class",  # the terminal's size, not COLUMNS/LINES (app/terminal.py)
    "COMPONENT_CLASSES",
    "ALLOW_SELECT",  # the footer's keys are not text to select, as Textual's are not
    "stylesheet",  # the app's, replaced at once by one that keeps parsed rules (app/stylecache.py)
    "_load_screen_css",  # the other screens' rules come with the first of them (app/app.py)
    # The footer skips a recompose that would show the same keys (app/widgets/footer.py;
    # tests/app/test_app_confirm.py checks that it still recomposes when they change).
    "recompose",
}


def subclasses():
    import importlib
    import pkgutil

    for info in pkgutil.walk_packages(chutes_tui.app.__path__, "chutes_tui.app."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, DOMNode | App):
                yield cls


def init_attributes(cls):
    """Names that ``cls.__init__`` itself assigns on ``self``."""
    init = vars(cls).get("__init__")
    if init is None:
        return set()
    tree = ast.parse(inspect.cleandoc("\n" + inspect.getsource(init)))
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        and isinstance(node.ctx, ast.Store)
    }


def added_names(cls):
    return {name for name in vars(cls) if not name.startswith("__")} | init_attributes(cls)


# The palette workaround overrides these on purpose (each documented in app/palette.py).
PALETTE_OVERRIDES = {
    "dismiss",
    "_gather_commands",
    "_selected_command",
    "_watch__list_visible",
    "_watch__show_busy",
}


@pytest.mark.parametrize("cls", list(subclasses()), ids=lambda c: c.__name__)
def test_no_textual_name_is_shadowed(cls):
    textual_bases = [b for b in cls.__mro__[1:] if b.__module__.startswith("textual")]
    # Textual's __init_subclass__ writes some class attributes on every subclass.
    generated = set(vars(type("Probe", (textual_bases[0],), {})))
    clashes = set()
    allowed = PALETTE_OVERRIDES if cls.__module__.endswith(".palette") else set()
    for name in added_names(cls) - EXTENSION_POINTS - generated - allowed:
        if name.startswith(("on_", "action_", "watch_", "_on_")):
            continue
        if any(
            name in vars(base)
            or name in getattr(base, "__annotations__", {})
            or name in init_attributes(base)
            for base in textual_bases
        ):
            clashes.add(name)
    assert not clashes, f"{cls.__name__} shadows Textual's {sorted(clashes)}"
