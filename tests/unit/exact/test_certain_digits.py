"""Certain digits of an enclosure ``lower ≤ x ≤ upper`` (exact/fractions.certain_digits, shared
by the tail law's λ and C and by every seat's chance): the text printed is a prefix of the
decimal expansion of every number in the enclosure, or it says the enclosure's two ends."""

from __future__ import annotations

from fractions import Fraction

from flint import fmpq
from hypothesis import given
from hypothesis import strategies as st

from chutes_tui.exact.fractions import certain_digits, exact_decimal


def truncated(x: Fraction, places: int) -> str:
    """``x ≥ 0`` cut (never rounded) after ``places`` decimals."""
    scaled = x.numerator * 10**places // x.denominator
    text = str(scaled).rjust(places + 1, "0")
    return f"{text[:-places]}.{text[-places:]}" if places else text


def begins(value: Fraction, shown: str) -> bool:
    """``shown`` (``"1.24"``) is how ``value``'s expansion begins."""
    places = len(shown.partition(".")[2])
    return truncated(value, places) == shown


def holds(lower: Fraction, upper: Fraction, wanted: int) -> None:
    digits, text = certain_digits(
        fmpq(lower.numerator, lower.denominator), fmpq(upper.numerator, upper.denominator), wanted
    )
    assert -1 <= digits <= wanted
    if " to " in text:  # an enclosure: each end shown as its own expansion begins
        assert digits < wanted
        low, high = (end.removesuffix("…") for end in text.split(" to "))
        assert begins(lower, low) and begins(upper, high), text
        assert "…" in text
    else:
        assert "…" not in text and len(text.partition(".")[2]) == digits == wanted
        for x in (lower, (lower + upper) / 2, upper):
            assert begins(x, text), (lower, upper, text)


def test_an_enclosure_across_one_shows_both_ends_never_0():
    """The bug: [1 − ε, 1 + ε] printed "0" (the lower end's whole part, as if certain)."""
    eps = Fraction(1, 10**60)
    digits, text = certain_digits(fmpq(1) - fmpq(1, 10**60), fmpq(1) + fmpq(1, 10**60), 30)
    assert digits == -1 and text == "0.99999… to 1.00000…"
    holds(1 - eps, 1 + eps, 30)


def test_an_enclosure_across_a_decimal_boundary_says_so():
    """[1.24 − ε, 1.24 + ε]: "1.2" was printed as if it were C; now both ends."""
    eps = Fraction(1, 10**60)
    _, text = certain_digits(fmpq(124, 100) - fmpq(1, 10**60), fmpq(124, 100) + fmpq(1, 10**60), 30)
    assert text == "1.239999… to 1.240000…"
    holds(Fraction(124, 100) - eps, Fraction(124, 100) + eps, 30)


def test_an_exact_value_and_a_narrow_one_show_every_digit_wanted():
    assert certain_digits(fmpq(5, 6), fmpq(5, 6), 4) == (4, "0.8333")
    assert certain_digits(fmpq(1), fmpq(1), 3) == (3, "1.000")
    assert certain_digits(fmpq(1, 3), fmpq(1, 3) + fmpq(1, 10**9), 5) == (5, "0.33333")


@given(
    st.integers(0, 10**6),
    st.integers(0, 6),
    st.integers(0, 10**8),
    st.integers(0, 10**8),
    st.integers(8, 40),
    st.integers(0, 12),
)
def test_near_terminating_decimals_the_text_is_a_prefix_or_an_enclosure(
    whole, places, below, above, scale, wanted
):
    """Around a terminating decimal ``whole/10^places``, at any widths on either side."""
    centre = Fraction(whole, 10**places)
    lower = max(Fraction(0), centre - Fraction(below, 10**scale))
    holds(lower, centre + Fraction(above, 10**scale), wanted)


@given(
    st.fractions(min_value=0, max_value=1000, max_denominator=10**9),
    st.fractions(min_value=0, max_value=1, max_denominator=10**12),
    st.integers(0, 20),
)
def test_around_any_rational_the_text_is_a_prefix_or_an_enclosure(x, width, wanted):
    holds(x, x + width * width, wanted)


@given(st.fractions(min_value=0, max_value=10**6, max_denominator=10**6), st.integers(1, 40))
def test_an_exact_decimal_is_the_value_or_its_fraction_with_certain_digits(x, digits):
    """``"1.24"`` when the expansion ends within ``digits`` places (no trailing zeros), else
    ``"p/q = 0.8333…"`` with ``digits`` certain decimals."""
    text = exact_decimal(fmpq(x.numerator, x.denominator), digits)
    if "=" in text:
        fraction, _, shown = text.partition(" = ")
        assert Fraction(fraction) == x and shown.endswith("…")
        shown = shown.removesuffix("…")
        assert begins(x, shown) and len(shown.partition(".")[2]) == digits
        assert x * 10**digits != int(x * 10**digits)  # it does not end within the places asked
    else:
        assert Fraction(text) == x
        assert "." not in text or not text.endswith("0")


def test_design_fair_reads_an_enclosure_by_its_lower_end():
    """fair's gap compares seats by their digits' text: an enclosure reads as its lower end."""
    from chutes_tui.research.fair import _digits_ratio

    _, text = certain_digits(fmpq(124, 100) - fmpq(1, 10**60), fmpq(124, 100) + fmpq(1, 10**60), 30)
    assert _digits_ratio(text) == (1239999, 10**6)
    assert _digits_ratio("0.3336") == (3336, 10**4)
