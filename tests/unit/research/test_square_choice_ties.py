"""The inspector's best choice on a square (research/strategy.square_choice, from the additive
policy's floats) breaks exact ties as cpu:best plays them (analysis/ties.fewest_policy: the first
listed die and option among the tied ones), on every square. On the standard board with Efron's
dice a plain argmin of the floats chose another die on squares 3, 22 and 30, and with flip
another option on 17 and 89."""

import pytest

from chutes_tui.analysis.choices import choices
from chutes_tui.analysis.ties import fewest_policy
from chutes_tui.io.boardfile import load_board
from chutes_tui.research.strategy import square_choice
from tests.efron import EFRON_DICE


@pytest.mark.parametrize("after_roll", ["move", "flip"])
def test_the_square_by_square_choice_is_the_tie_breaks(after_roll):
    board = load_board("standard").replace(dice_choice=EFRON_DICE, after_roll=after_roll)
    model = choices(board)
    policy, _, _, ties = fewest_policy(model)
    assert ties.count > 1  # the board has exact ties to break
    for s, square in enumerate(model.squares):
        chosen = square_choice(board, square)
        assert chosen is not None
        die = int(policy.die[s])
        options = [
            model.options[int(policy.option[s, die, c])]
            for c in range(model.faces.shape[1])
            if model.chances[die, c] > 0
        ]
        assert (chosen.die, [option for _, option in chosen.after]) == (die, options), square
