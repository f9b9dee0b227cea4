"""Work around Textual 8.2.8 command-palette races that fast typing (or a screen pushed
over an open palette) turns into crashes -- each found by key storms sent straight to the
driver (``tests/app/test_palette.py``; a Pilot waits for idle between keys and hides them).
Remove when Textual fixes them upstream; pyproject pins Textual below 8.3 meanwhile, since
this overrides some of the palette's private methods.

1. pageup/pagedown on an OptionList before its first layout (the palette's list just after it
   opens, a Select's list in a dialog opened a key earlier) or with no room at all: it has options
   and highlighted == 0 but no lines yet, so OptionList._move_page raises KeyError
   (textual/widgets/_option_list.py:1002). And an OptionList so narrow that an option's text
   has no cell (a palette at a tiny terminal size) wrapped its options in 0 cells: rich's
   chop_cells raised ValueError (range() arg 3 must not be zero). Patched on OptionList itself,
   for every one of them: a page key waits for the lines; with no room there are no lines, and
   a page is no move.
2. enter enter: both Input.Submitted events select the command, so the palette is dismissed
   twice; Screen.dismiss() pops whatever screen is on top (the screen below the palette, or
   ScreenStackError when there is none) and the command runs twice.
3. The palette's code running when its children are not there (not composed yet, or taken
   down by a dismiss): NoMatches("No nodes match 'CommandList'"). From the search (a Textual
   worker that ends the app on any error; command.py:1065: the palette's mount, queued behind a
   fast Escape, starts it on a palette already taken down), the watchers it triggers
   (_watch__list_visible), and key actions (_action_command_list, _action_cursor_down). The
   search runs through app/workers.py like every worker of the app (an error while the palette
   is open: one dialog), one whose palette has gone ends quietly, and actions other than
   Escape are refused while there is no list.
4. Screen.dismiss() pops the *top* screen even when the dismissing screen is not on top
   (textual/screen.py:2067), so a screen that handles a late key/selection after a palette
   opened over it pops the palette instead (and the palette's starting search worker then
   fails with NoMatches at command.py:1065). DismissOnlyWhenOnTop guards every app screen.
5. ctrl+p while a palette is open *under* another screen (a screen pushed by a worker or a
   timer): CommandPalette.is_open() only looks at the top screen, so a second palette with
   the same id is pushed -> DuplicateIds.
6. A command chosen in the palette runs a moment later (call_later); by then the screen it was
   chosen on may be gone (Escape in a storm leaving the editor, the app closing: Textual's
   "Keys" then mounted its help panel on the bare default screen, MountError). A chosen
   command runs only while the screen it was chosen on is still there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Literal

from textual import on
from textual.app import App, RenderResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.message import Message
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, ScreenResultType
from textual.theme import ThemeProvider
from textual.widgets import Button, Input, LoadingIndicator, OptionList

from chutes_tui.app.dimmed import DimmedScreen
from chutes_tui.app.screenbase import ScreenMixin, StyledOnce
from chutes_tui.app.widgets.footer import FittingFooter
from chutes_tui.app.workers import start_worker


class DismissOnlyWhenOnTop(ScreenMixin):
    """Mix into a screen (first): a dismiss() from a screen that is not on top pops nothing (4)."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)


class Dialog(StyledOnce, DismissOnlyWhenOnTop, ModalScreen[ScreenResultType]):
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

    def on_mount(self) -> None:
        # The dialog's own keys at the foot of the screen, over those of the screen beneath,
        # which do not work while the dialog is open.
        self.mount(FittingFooter())

    def render(self) -> RenderResult:  # type: ignore[override]  # Screen's says a Rich renderable;
        # a Visual renders as any widget's does. The screen beneath, dimmed (app/dimmed.py).
        beneath = super().render()
        if type(beneath) is BackgroundScreen and beneath.color.a > 0:
            return DimmedScreen(beneath.screen, beneath.color)
        return beneath


_move_page = OptionList._move_page
_update_lines = OptionList._update_lines
_content_height = OptionList.get_content_height


def _option_room(options: OptionList, width: int) -> int:
    """The cells an option's text has in ``width`` (the option's padding taken off)."""
    return width - options.get_component_styles("option-list--option").padding.width


def _update_lines_with_room(self: OptionList) -> None:
    """1: no lines while an option's text has no cell (rich cannot wrap text in 0 cells)."""
    region = self.scrollable_content_region
    if region and _option_room(self, region.width - self._get_left_gutter_width()) < 1:
        return  # render_line draws blanks, scroll_to_highlight and page keys do nothing
    _update_lines(self)


def _content_height_with_room(self: OptionList, container: Size, viewport: Size, width: int) -> int:
    return _content_height(self, container, viewport, width) if _option_room(self, width) > 0 else 0


def _move_page_once_laid_out(self: OptionList, direction: Literal[-1, 1], retried: bool = False) -> None:
    """1: OptionList._move_page, waiting for the list's lines (a refresh), or dropped without any."""
    if self.option_count and (self.highlighted or 0) not in self._index_to_line:
        if not retried and self.is_attached:
            self.call_after_refresh(_move_page_once_laid_out, self, direction, True)
        return
    _move_page(self, direction)


OptionList._move_page = _move_page_once_laid_out  # type: ignore[method-assign]
OptionList._update_lines = _update_lines_with_room  # type: ignore[method-assign]
OptionList.get_content_height = _content_height_with_room  # type: ignore[method-assign]


class SafeCommandPalette(DismissOnlyWhenOnTop, CommandPalette):
    """A CommandPalette that tolerates keys arriving faster than it can lay itself out."""

    _palette_dismissed = False

    @property
    def _palette_gone(self) -> bool:
        return self._palette_dismissed or self not in self.app.screen_stack or not self.is_attached

    # 3: a key reaching the palette before its children are composed, or while a dismiss takes
    # them down: its actions (all but Escape) would query a CommandList that is not there.
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action != "escape" and (self._palette_gone or not self.query(CommandList)):
            return False
        return super().check_action(action, parameters)

    # 3: the search goes through start_worker, and a closed palette's search stops quietly
    def _gather_commands(self, search_value: str) -> None:  # type: ignore[override]
        search = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]

        async def gather() -> None:
            if self._palette_gone:
                return
            try:
                await search(self, search_value)
            except NoMatches:
                if not self._palette_gone:
                    raise

        start_worker(self, gather, name="command search", group=self._GATHER_COMMANDS_GROUP, exclusive=True)

    # 6: the chosen command, kept wrapped (Textual sets and reads this attribute)
    @property
    def _selected_command(self) -> DiscoveryHit | Hit | None:
        return self._chosen_hit

    @_selected_command.setter
    def _selected_command(self, hit: DiscoveryHit | Hit | None) -> None:
        self._chosen_hit = (
            None if hit is None else replace(hit, command=partial(self._run_if_there, hit.command))
        )

    def _run_if_there(self, command: Callable[[], Any]) -> Any:
        if self._calling_screen is not None and self._calling_screen in self.app.screen_stack:
            return command()  # a coroutine, if the command is one: Textual awaits it
        return None

    # 2, 3: once dismissed, ignore late events and never pop someone else's screen
    @on(Input.Changed)
    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    @on(Button.Pressed)
    def _ignore_once_dismissed(self, event: Message) -> None:
        # Runs before CommandPalette's own handlers (subclass first in the MRO);
        # prevent_default() stops them (no second select/dismiss, no new search).
        if self._palette_gone:
            event.stop()
            event.prevent_default()

    def dismiss(self, result: object = None) -> AwaitComplete:
        if self.is_active:
            self._palette_dismissed = True
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
