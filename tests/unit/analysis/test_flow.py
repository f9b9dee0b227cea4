"""Probability flowing over the board: the chain's own powers, the length law's cdf, and mass
kept (what stands plus what finished is 1)."""

from __future__ import annotations

import numpy as np
import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.flow import CHECKPOINT, UNFINISHED, Flow
from chutes_tui.analysis.length import game_length
from chutes_tui.analysis.overlays import OverlayKind
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.generate import random_board
from chutes_tui.render.boardpaint import flow_overlay


@pytest.mark.parametrize(
    "board",
    [load_board("standard"), load_board("classic-1952"), random_board(8, squares=50, end_rule="bounce")],
    ids=lambda b: b.name,
)
def test_the_flow_is_the_chains_powers(board):
    chain = build_chain(board)
    Q = chain.Q.toarray()
    flow = Flow(chain, board.start)
    law = game_length(chain, [board.start]).turns
    for turns in (0, 1, 7, CHECKPOINT - 1, CHECKPOINT, 3 * CHECKPOINT + 5, 150, 2, 40):  # back and forth
        step = flow.at(turns)
        u = np.linalg.matrix_power(Q, turns)[chain.row(board.start)]
        assert [step.standing[int(s)] for s in chain.squares] == pytest.approx(u, abs=1e-15)
        assert sum(step.standing.values()) + step.finished == pytest.approx(1.0, abs=1e-13)
        assert step.finished == pytest.approx(float(law.cdf[turns]), abs=1e-13)


def test_the_slider_ends_when_almost_everyone_has_finished():
    chain = build_chain(load_board("standard"))
    flow = Flow(chain, 50)
    last = flow.last_turns
    assert 1 - flow.at(last).finished < UNFINISHED <= 1 - flow.at(last - 1).finished
    assert flow.at(0).likeliest(3) == [(50, 1.0)] and flow.at(0).standing[50] == 1.0
    assert flow.at(last + 10).likeliest(2)[0][1] < UNFINISHED


def test_the_overlay_shows_what_may_be_there():
    """The step gives the values (the squares a piece may be on, the largest chance); the board's
    colours and legend are built from them outside the core."""
    chain = build_chain(load_board("standard"))
    step = Flow(chain, 0).at(1)
    assert set(step.possible) == {2, 3, 5, 6, 14, 38}  # 1 → 38 and 4 → 14 are ladders
    assert step.high == pytest.approx(1 / 6) and step.possible[38] == pytest.approx(1 / 6)
    overlay = flow_overlay(step, "a piece", OverlayKind.FLOW.number_format(step.high))
    assert overlay.values == step.possible and (overlay.low, overlay.high) == (0.0, step.high)
    assert overlay.label == "where a piece stands after 1 turn from the start"
    assert (overlay.short, overlay.shorter, overlay.fmt) == ("a piece after 1", "after 1", "{:.1%}")
    later = Flow(chain, 50).at(2)
    assert flow_overlay(later, "Ann", "{:.1%}").label == "where Ann stands after 2 turns from square 50"
    with pytest.raises(ValueError):
        Flow(chain, 0).at(-1)
