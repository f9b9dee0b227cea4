"""Every background worker of the app starts here, so that none can end the app.

Textual's default (``exit_on_error=True``) turns a worker's exception into a crash, and a
worker's ``StateChanged`` message goes only to the node that started it (it does not bubble),
so the app cannot see a screen's worker fail. :func:`start_worker` always runs with
``exit_on_error=False`` and, when the work raises, posts :class:`WorkFailed` to the app, which
shows one error dialog (:meth:`ChutesApp.on_work_failed`) and goes on; the worker still ends
in ``WorkerState.ERROR`` for the screen that started it to tidy up. ``StopRequested`` (the
engine's "this answer is no longer wanted") is a stop, not a failure.

A thread worker's work sees the app that started it as the active app, as the event loop's
code does: Textual's ``node.app`` otherwise walks up the DOM from a thread, and a screen left
while its worker runs (a review escaped before its expected lead changes come) has no way up,
so handing the answer back (``self.app.call_from_thread``) raised ``NoActiveAppError`` into the
error dialog.

``tests/app/test_workers.py`` fails on a worker started any other way (``run_worker``,
``@work``) and injects a failure into every worker named here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from textual._context import active_app
from textual.dom import DOMNode
from textual.message import Message
from textual.worker import Worker, get_current_worker

from chutes_tui.engine.live import StopRequested


class WorkFailed(Message):
    """A worker raised: ``name`` says what was being worked out."""

    def __init__(self, name: str, error: BaseException) -> None:
        super().__init__()
        self.name = name
        self.error = error


def run_work(name: str, work: Callable[[], Any]) -> Any:
    """What the worker ``name`` runs (a seam: the tests make each worker fail here)."""
    return work()


def cancelled() -> bool:
    """Whether the thread worker running this has been cancelled (its screen removed: the app
    quitting), for work that asks between its steps (a solver's sweeps) and stops."""
    return get_current_worker().is_cancelled


def start_worker(
    node: DOMNode, work: Callable[[], Any], *, name: str, group: str, exclusive: bool = False
) -> Worker[Any]:
    """Run ``work`` for ``node`` (its ``on_worker_state_changed`` sees the end): in a thread,
    or on the event loop when it is a coroutine function.

    ``name`` finishes "The … failed" in the error dialog; ``exclusive`` cancels the ``group``'s
    running workers first (a newer question replaces an older one)."""
    app = node.app

    def failed(error: Exception) -> None:
        if not isinstance(error, StopRequested):
            app.post_message(WorkFailed(name, error))  # thread-safe; the app shows the dialog

    if inspect.iscoroutinefunction(work):

        async def awaited() -> Any:
            try:
                return await run_work(name, work)
            except Exception as error:
                failed(error)
                raise

        runner: Callable[[], Any] = awaited
    else:

        def runner() -> Any:
            active_app.set(app)  # this thread's context: node.app answers off the DOM too
            try:
                return run_work(name, work)
            except Exception as error:
                failed(error)
                raise

    thread = not inspect.iscoroutinefunction(work)
    return node.run_worker(
        runner, name=name, group=group, exclusive=exclusive, thread=thread, exit_on_error=False
    )
