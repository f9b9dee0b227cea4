"""``experiments jump-impact --exact`` (research/jumpimpact.py): each jump's exact effect on the
expected length and the first player's edge, against the float analysis, an independent
Gauss-Jordan of brute-forced turn laws under a turn rule of issue 26, and by hand."""

import json
from fractions import Fraction

import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.multi import two_player_table
from chutes_tui.cli import common, main
from chutes_tui.io.boardfile import load_board
from chutes_tui.model.board import Board
from chutes_tui.model.edits import remove_jump
from chutes_tui.model.turns import PieceState
from chutes_tui.research.hochman import jump_impact
from chutes_tui.research.jumpimpact import jump_impact_exact
from tests.unit.analysis.test_turn_rule_chain import RULES, brute_expected, brute_game


def _fraction(value):
    return Fraction(int(value.p), int(value.q))


def test_the_exact_effects_are_the_float_ones_on_the_standard_board():
    board = load_board("standard")
    report = jump_impact_exact(board)
    base, rows = jump_impact(board)
    assert float(report.base.expected_turns) == pytest.approx(base, rel=1e-12)
    assert float(report.base.edge) == pytest.approx(
        two_player_table(build_chain(board)).first_player - 0.5, abs=1e-12
    )
    assert [(e.tail, e.head) for e in report.jumps] == [(t, h) for t, h, _, _ in rows]
    for effect, (_, _, _, without) in zip(report.jumps, rows, strict=True):
        assert float(effect.without.expected_turns) == pytest.approx(without, rel=1e-12)
    # The ladder 80→100 is worth most: without it the game is 19.8 turns longer and the first
    # player's edge shrinks from 0.78 to 0.50 points.
    ladder = next(e for e in report.jumps if e.tail == 80)
    length, edge = report.change(ladder)
    assert round(float(length), 4) == 19.8165 and round(float(edge), 4) == -0.0028
    smaller = remove_jump(board, 80)
    assert float(ladder.without.edge) == pytest.approx(
        two_player_table(build_chain(smaller)).first_player - 0.5, abs=1e-12
    )


@pytest.mark.parametrize("name", ["miss a turn", "enter faces", "goal inside"])
def test_under_a_turn_rule_each_removal_is_its_brute_force(name):
    board = RULES[name]
    report = jump_impact_exact(board)
    assert any(effect.without is not None for effect in report.jumps)
    for effect in report.jumps:
        if effect.without is None:  # unwinnable without it (past the goal, only its chute leads back)
            continue
        smaller = remove_jump(board, effect.tail)
        expected = brute_expected(smaller, brute_game(smaller))[PieceState(smaller.start)]
        assert _fraction(effect.without.expected_turns) == expected, effect


def test_the_cli_gives_fractions_and_null_where_a_removal_leaves_the_board_unwinnable(capsys, monkeypatch):
    # A die that always moves 2 on nine squares (exact end): only the ladder 4→5 reaches the odd
    # squares, so 9. With it: 0 → 2 → 5 → 7 → 9 in four turns, both players alike (edge 1/2).
    board = Board(end=9, die=[0, 1], jumps=((4, 5),))
    monkeypatch.setattr(common, "board_from_args", lambda args: board)
    assert main(["experiments", "jump-impact", "x", "--exact", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["base"]["expected_turns"] == "4" and data["base"]["first_player_edge"] == "1/2"
    assert data["jumps"] == [{"from": 4, "to": 5, "kind": "ladder", "without": None, "change": None}]
    assert main(["experiments", "jump-impact", "x", "--exact"]) == 0
    assert "unwinnable" in capsys.readouterr().out
