"""The app's size is the terminal's: COLUMNS and LINES in the environment (often stale, or set
for another tool) pinned the whole app to a corner of the terminal (COLUMNS=5 LINES=3: 5×3),
at start and after every resize. Served, they are the browser's size and are kept."""

from __future__ import annotations

import sys

import pytest

from chutes_tui.app.app import ChutesApp
from chutes_tui.app.terminal import sized_by_the_terminal, terminal_size
from tests.app.helpers import pseudo_terminal


@pytest.fixture
def terminal_100_by_30(monkeypatch):
    with pseudo_terminal(100, 30, monkeypatch) as stream:
        yield stream


@pytest.mark.parametrize("columns, lines", [("5", "3"), ("400", "200"), ("0", "0")])
def test_the_drivers_size_is_the_terminals_whatever_the_environment_says(
    terminal_100_by_30, monkeypatch, columns, lines
):
    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", lines)
    driver_class = ChutesApp().get_driver_class()
    driver = driver_class.__new__(driver_class)  # only its size is asked
    assert driver._get_terminal_size() == (100, 30)


def test_without_a_terminal_the_drivers_own_answer_stands(monkeypatch):
    monkeypatch.setattr(sys, "__stderr__", None)
    monkeypatch.setattr(sys, "__stdout__", None)
    monkeypatch.setattr(sys, "__stdin__", None)
    assert terminal_size(lambda: (81, 25)) == (81, 25)


def test_served_the_browsers_size_in_the_environment_is_kept():
    from textual.drivers.web_driver import WebDriver

    assert sized_by_the_terminal(WebDriver) is WebDriver
