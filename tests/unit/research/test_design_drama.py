"""``design --min-lead-changes`` (issue 28): a board with more lead changes at the same length,
the lead changes counted afresh by the drama on the board written (checked in
tests/unit/analysis/test_drama.py)."""

import pytest

from chutes_tui.exact.drama import game_drama
from chutes_tui.research.design import DesignError, DesignSpec, design

BASE = DesignSpec(squares=30, ladders=2, chutes=3, target_turns=12)


def test_the_search_raises_the_lead_changes_while_holding_the_length():
    plain = design(BASE, seed=5, max_evaluations=3000)
    wanted = DesignSpec(squares=30, ladders=2, chutes=3, target_turns=12, min_lead_changes=7)
    dramatic = design(wanted, seed=5, max_evaluations=3000)
    before = game_drama(plain.board, 2).lead_changes
    after = game_drama(dramatic.board, 2).lead_changes
    assert dramatic.lead_changes == pytest.approx(after, abs=1e-9)
    assert after >= 7 > before + 0.5
    # The README's figures: from 6.12 to 7.08 expected lead changes …
    assert (f"{before:.2f}", f"{after:.2f}") == ("6.12", "7.08")
    assert f"{dramatic.analysis.distribution.mean:.2f}" == "12.02"
    for report in (plain, dramatic):  # … each game lasting 12 turns within 1 %
        assert report.analysis.distribution.mean == pytest.approx(12, rel=0.01)
    assert dramatic.met and [t.name for t in dramatic.targets] == ["expected turns", "expected lead changes"]
    assert "expected_lead_changes" in dramatic.to_json() and "expected_lead_changes" not in plain.to_json()


def test_a_lead_change_target_beyond_the_joint_chain_is_refused_up_front():
    with pytest.raises(DesignError, match="DRAMA_MAX_PLAYERS"):
        DesignSpec(target_turns=30, min_lead_changes=5, players=4).check()
