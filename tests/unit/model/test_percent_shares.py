"""Players' chances shown as a set (model/text.percent_shares): largest-remainder rounding, so
the percentages shown add up to 100% where the chances add up to 1, each within one unit."""

import math

from hypothesis import given
from hypothesis import strategies as st

from chutes_tui.model.text import percent_shares


def test_three_even_seats_add_up_to_100_not_101():
    # Rounded one by one: 34% + 34% + 33% = 101%.
    assert [f"{p:.0%}" for p in (0.335, 0.335, 0.33)] == ["34%", "34%", "33%"]
    assert percent_shares((0.335, 0.335, 0.33)) == ("34%", "33%", "33%")
    assert percent_shares((0.33335, 0.33335, 0.3333), 1) == ("33.4%", "33.3%", "33.3%")
    assert percent_shares((0.538, 0.462), 1) == ("53.8%", "46.2%")  # nothing to move
    assert percent_shares(()) == ()


@given(
    st.lists(st.floats(min_value=0.001, max_value=1.0), min_size=1, max_size=12), st.sampled_from([0, 1, 2])
)
def test_the_shown_set_adds_up_and_each_share_is_within_one_unit(weights, digits):
    total = math.fsum(weights)
    shares = [w / total for w in weights]
    shown = percent_shares(shares, digits)
    units = [round(float(text[:-1]) * 10**digits) for text in shown]
    assert sum(units) == 100 * 10**digits
    for share, unit in zip(shares, units, strict=True):
        assert abs(share * 100 * 10**digits - unit) < 1 + 1e-9
        assert f"{unit / 10**digits:.{digits}f}%" in shown
