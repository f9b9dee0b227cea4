"""Exact rational arithmetic: expected lengths and two-player win probabilities as fractions.

Built on python-flint (FLINT's exact matrices and polynomials). See :mod:`.two_player` for the
derivation that turns the seed's hours of elimination into a fraction of a second.
"""

from chutes_tui.exact.chain import ExactChain, exact_chain, exact_expected_turns
from chutes_tui.exact.fractions import decimal_digits, fraction_text
from chutes_tui.exact.two_player import ExactTwoPlayer, exact_two_player, seed_bounds

__all__ = [
    "ExactChain",
    "ExactTwoPlayer",
    "decimal_digits",
    "exact_chain",
    "exact_expected_turns",
    "exact_two_player",
    "fraction_text",
    "seed_bounds",
]
