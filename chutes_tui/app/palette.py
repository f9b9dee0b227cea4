"""Work around Textual 8.2.8 command-palette races that fast typing (or a screen pushed
over an open palette) turns into crashes -- each found by key storms sent straight to the
driver (``tests/app/test_palette.py``; a Pilot waits for idle between keys and hides them).
Remove when Textual fixes them upstream; pyproject pins Textual below 8.3 meanwhile, since
this overrides some of the palette's private methods.

1. pageup/pagedown just after the palette opens: the CommandList has options and
   highlighted == 0 before its first layout, so OptionList._move_page raises KeyError
   (textual/widgets/_option_list.py:1002).
2. enter enter: both Input.Submitted events select the command, so the palette is dismissed
   twice; Screen.dismiss() pops whatever screen is on top (the screen below the palette, or
   ScreenStackError when there is none) and the command runs twice.
3. A search worker or timer finishing after the palette's children were removed:
   NoMatches("No nodes match 'CommandList'") from _watch__list_visible (WorkerFailed).
4. Screen.dismiss() pops the *top* screen even when the dismissing screen is not on top
   (textual/screen.py:2067), so a screen that handles a late key/selection after a palette
   opened over it pops the palette instead (and the palette's starting search worker then
   fails with NoMatches at command.py:1065). DismissOnlyWhenOnTop guards every app screen.
5. ctrl+p while a palette is open *under* another screen (a screen pushed by a worker or a
   timer): CommandPalette.is_open() only looks at the top screen, so a second palette with
   the same id is pushed -> DuplicateIds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import ModalScreen, Screen, ScreenResultType
from textual.theme import ThemeProvider
from textual.widgets import Button, Input, LoadingIndicator, OptionList

_PAGE_ACTIONS = frozenset({"page_up", "page_down"})


# Textual walks a class's *first* DOMNode base for its CSS and component classes, so the guard is
# a plain mixin placed before the screen class (as a Screen subclass it would hide the palette's
# own styles). For the type checker it is a Screen.
if TYPE_CHECKING:
    _ScreenBase = Screen[Any]
else:
    _ScreenBase = object


class DismissOnlyWhenOnTop(_ScreenBase):
    """Mix into a screen (first): a dismiss() from a screen that is not on top pops nothing (4)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)


class Dialog(DismissOnlyWhenOnTop, ModalScreen[ScreenResultType]):
    """A modal dialog of this app (see :class:`DismissOnlyWhenOnTop`). Its ``.body``, when it has
    one, scrolls with the arrow and page keys whatever has focus (the buttons do not use them)."""

    BINDINGS = [
        Binding("up", "scroll_body('up')", show=False),
        Binding("down", "scroll_body('down')", show=False),
        Binding("pageup", "scroll_body('page_up')", show=False),
        Binding("pagedown", "scroll_body('page_down')", show=False),
        Binding("home", "scroll_body('home')", show=False),
        Binding("end", "scroll_body('end')", show=False),
    ]

    def action_scroll_body(self, how: str) -> None:
        for body in self.query(".body"):
            getattr(body, f"scroll_{how}")()


class SafeCommandPalette(DismissOnlyWhenOnTop, CommandPalette):
    """A CommandPalette that tolerates keys arriving faster than it can lay itself out."""

    # 1: page keys wait for the list's first layout
    def _list_laid_out(self) -> bool:
        try:  # not yet composed, or already taken down (a key in flight under load)
            command_list = self.query_one(CommandList)
        except NoMatches:
            return False
        return command_list.option_count == 0 or bool(command_list.scrollable_content_region)

    def _action_command_list(self, action: str) -> None:
        if action in _PAGE_ACTIONS and not self._list_laid_out():
            self.call_after_refresh(self._retry_page, action)  # options there, no size yet
            return
        super()._action_command_list(action)

    def _retry_page(self, action: str) -> None:
        if self.is_active and self._list_laid_out():  # else drop the key rather than crash
            super()._action_command_list(action)

    # 2, 3: once dismissed, ignore late events and never pop someone else's screen
    @on(Input.Changed)
    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    @on(Button.Pressed)
    def _ignore_once_dismissed(self, event: Message) -> None:
        # Runs before CommandPalette's own handlers (subclass first in the MRO);
        # prevent_default() stops them (no second select/dismiss, no new search).
        if self not in self.app.screen_stack:
            event.stop()
            event.prevent_default()

    def dismiss(self, result: object = None) -> AwaitComplete:
        if self.is_active:
            self._cancel_gather_commands()
            self._stop_busy_countdown()
            self._stop_no_matches_countdown()
        return super().dismiss(result)

    # 3: the watchers the search worker triggers must survive the children being removed
    def _watch__list_visible(self) -> None:
        if self.query(CommandList):
            super()._watch__list_visible()

    async def _watch__show_busy(self) -> None:
        if self.query(LoadingIndicator):
            await super()._watch__show_busy()


def palette_on_stack(app: App) -> bool:
    return any(isinstance(screen, CommandPalette) for screen in app.screen_stack)


def open_palette(app: App) -> None:
    """ctrl+p: a SafeCommandPalette, refused while another is open even under a screen (5)."""
    if app.use_command_palette and not palette_on_stack(app):
        app.push_screen(SafeCommandPalette())  # no fixed id: the last one may not be removed yet


def open_theme_palette(app: App) -> None:
    app.push_screen(SafeCommandPalette(providers=[ThemeProvider], placeholder="Search for themes…"))
