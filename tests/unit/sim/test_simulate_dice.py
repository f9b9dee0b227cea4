"""Monte Carlo with dice other than one fair die: 2d6 and spinners pack as fair dice of their
total's faces; a spinner with fine decimal weights draws each roll from its cumulative weights.
Both agree with the chain within 4σ."""

import numpy as np
import pytest

from chutes_tui.analysis import build_chain, finishing_distribution
from chutes_tui.model.dice import Dice
from chutes_tui.sim.montecarlo import simulate_turns, summarize
from chutes_tui.sim.packed import plan_for

CASES = {
    "2d6 reach": ("2d6", {"end_rule": "reach"}),
    "2d6 extra roll": ("2d6", {"end_rule": "bounce", "extra_roll": True}),
    "spinner": ("1,2,3,0,1,0.5", {}),
    "spinner extra roll": ("0,1,1,2", {"extra_roll": True, "end_rule": "reach"}),
    "fine spinner": ("0.123456789,1,2", {}),
    "fine spinner extra roll": ("0.123456789,1,2", {"extra_roll": True}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_games_agree_with_the_chain_within_4_sigma(standard, case):
    dice, rules = CASES[case]
    board = standard.replace(die=Dice.parse(dice), **rules)
    plan = plan_for(board)
    assert (plan.weighted is not None) == case.startswith("fine")  # the path under test
    turns = simulate_turns(board, 300_000, np.random.default_rng(17))
    summary = summarize(turns)
    exact = finishing_distribution(build_chain(board), board.start)
    assert abs(summary.mean - exact.mean) < 4 * summary.standard_error
    head = min(40, exact.pmf.size)
    counts = np.bincount(turns, minlength=head)[:head] / turns.size
    sigma = np.sqrt(exact.pmf[:head] * (1 - exact.pmf[:head]) / turns.size)
    assert np.all(np.abs(counts - exact.pmf[:head]) <= 4 * sigma + 1e-12)


def test_a_fair_die_plans_as_it_always_did(standard):
    plan = plan_for(standard)
    assert plan.weighted is None and plan.codes == 6**3
