"""The tail law's C when λ is rational (a minimal polynomial of degree 1): then C is rational,
worked out exactly and printed exactly. On the jump-free board from squares 88..99 the tail is
exactly C·(5/6)ⁿ after a few turns, so C is the exact pmf's tail over (5/6)ⁿ (exact_terms, not
the closed form's own series): 1 from 94..99, 6/5 from 93, 1.24, 1.288, 1.3456, 1.497664 further
back. Before, C's ball straddled those terminating decimals and "0", "1", "1.2", … were printed."""

from __future__ import annotations

import pytest
from flint import fmpq

from chutes_tui.exact.closedform import closed_form
from chutes_tui.exact.length import exact_terms
from chutes_tui.io.boardfile import load_board

TURNS = 300


def exact_c(board, square, rate):
    """``P(T > n)/λⁿ`` at two far turns, from the exact pmf: equal, as the tail is geometric."""
    pmf = exact_terms(board, [square], TURNS).turns
    survival, running = [], fmpq(1)
    for term in pmf:
        running -= term
        survival.append(running)
    first, last = (survival[n] / rate**n for n in (TURNS - 100, TURNS))
    assert first == last
    return first


@pytest.mark.parametrize(
    ("name", "square", "shown"),
    [
        ("no-jumps", 99, "1"),
        ("no-jumps", 94, "1"),
        ("no-jumps", 93, "1.2"),
        ("no-jumps", 92, "1.24"),
        ("no-jumps", 91, "1.288"),
        ("no-jumps", 90, "1.3456"),
        ("no-jumps", 88, "1.497664"),
        ("standard", 99, "1"),
        ("classic-1952", 99, "1"),
    ],
)
def test_a_rational_lambda_gives_c_exactly(name, square, shown):
    board = load_board(name)
    report = closed_form(board, square)
    tail = report.tail
    assert tail.polynomial.degree() == 1
    rate = tail.low
    assert tail.constant_low == tail.constant_high == exact_c(board, square, rate)
    assert tail.constant_exact == tail.constant_low
    assert tail.constant_text(30) == shown
    data = report.to_json()["tail"]
    assert (
        data["constant"] == shown
        and fmpq(*map(int, (data["constant_exact"] + "/1").split("/")[:2])) == tail.constant_low
    )


def test_a_rational_c_that_does_not_terminate_shows_its_fraction_and_certain_digits():
    """A die of 1, 2 or 3 with chances 1/4, 1/4, 1/2 on the jump-free board (exact end): λ = 3/4
    from 94..97, C = 104/81, 35/27, 11/9, 2/3: each as p/q and its first digits, cut."""
    board = load_board("no-jumps").replace(die=(1, 1, 2))
    shown = []
    for square in range(94, 98):
        tail = closed_form(board, square).tail
        assert tail.polynomial.degree() == 1
        value = tail.constant_exact
        assert value is not None and value == exact_c(board, square, tail.low)
        fraction, _, digits = tail.constant_text(12).partition(" = ")
        assert fraction == f"{value.p}/{value.q}" and digits.endswith("…")
        whole, _, decimals = digits.removesuffix("…").partition(".")
        assert (
            fmpq(int(whole + decimals), 10 ** len(decimals))
            <= value
            < fmpq(int(whole + decimals) + 1, 10 ** len(decimals))
        )
        shown.append(fraction)
    assert shown == ["104/81", "35/27", "11/9", "2/3"]


def test_an_irrational_lambda_keeps_c_in_certain_digits():
    tail = closed_form(load_board("tiny-10")).tail
    assert tail.constant_exact is None and tail.constant_low < tail.constant_high
    assert tail.constant_text(12).count(".") == 1 and "…" not in tail.constant_text(12)


def test_the_note_on_the_block_at_zero_says_what_each_number_is():
    """No-jumps, exact end: one Jordan block of size 95 at 0 (it touches P(T = n) = e Qⁿ⁻¹ r for
    n ≤ 95), while P's degree exceeds Q's by 94 from the start: two numbers, each named."""
    report = closed_form(load_board("no-jumps"))
    excess = report.numerator.degree() - report.denominator.degree()
    assert (report.matrix.zero_block, excess) == (95, 94)
    note = next(note for note in report.notes() if "Jordan block" in note)
    assert "size 95" in note and "P(T = n) for n ≤ 95" in note
    assert "degree exceeds Q's by 94" in note and "first 95 turns (the numerator" not in note
