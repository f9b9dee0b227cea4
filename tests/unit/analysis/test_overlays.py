"""The overlays: one member each, with its words and number format, and the core's values for
the standard board (published figures: a game from the start lasts 39.6 turns on average)."""

from __future__ import annotations

import pytest

from chutes_tui.analysis import build_chain, expected_turns
from chutes_tui.analysis.overlays import OverlayKind, overlay_values
from chutes_tui.io.boardfile import load_board


def test_the_overlays_in_the_order_o_cycles_them():
    assert [kind.label for kind in OverlayKind] == [
        "expected turns left",
        "expected visits from the start",
        "chance of ever landing",
        "win chance vs opponent",
        "where the player to move may be after n turns",
    ]
    assert [kind for kind in OverlayKind if kind.needs_opponent] == [OverlayKind.WIN_CHANCE]
    assert [kind for kind in OverlayKind if kind.needs_mover] == [OverlayKind.WIN_CHANCE, OverlayKind.FLOW]
    assert [kind.fmt for kind in OverlayKind][:4] == ["{:.1f}", "{:.1f}", "{:.0%}", "{:.0%}"]


def test_the_flow_shows_the_digits_its_last_chances_need():
    """A chance short of 1 never shows as 100%, one above 0 never as 0%."""
    assert OverlayKind.FLOW.number_format(1 / 6) == "{:.1%}"
    assert OverlayKind.FLOW.number_format(7.6e-6) == "{:.3%}"
    assert OverlayKind.FLOW.number_format(7.6e-6).format(7.6e-6) == "0.001%"
    assert OverlayKind.TURNS_LEFT.number_format(7.6e-6) == "{:.1f}"


def test_the_values_are_the_cores():
    board = load_board("standard")
    turns = overlay_values(board, OverlayKind.TURNS_LEFT)
    assert turns[board.start] == pytest.approx(39.5984, abs=1e-4) and turns[board.end] == 0.0
    chain = build_chain(board)
    assert turns[50] == pytest.approx(float(expected_turns(chain)[chain.row(50)]))
    visits = overlay_values(board, OverlayKind.VISITS)
    landing = overlay_values(board, OverlayKind.EVER_LAND)
    assert board.start not in visits and visits[board.end] == 1.0 == landing[board.end]
    assert 0.0 < landing[99] < 1.0 and landing[99] <= visits[99]
    win = overlay_values(board, OverlayKind.WIN_CHANCE, opponent=board.start)
    assert 0.5 < win[board.start] < 1.0  # the player to move has the edge
    assert win[board.end] == 1.0


def test_values_that_cannot_be_given_are_refused():
    board = load_board("standard")
    with pytest.raises(ValueError, match="opponent"):
        overlay_values(board, OverlayKind.WIN_CHANCE)
    with pytest.raises(ValueError, match="turn"):
        overlay_values(board, OverlayKind.FLOW)
