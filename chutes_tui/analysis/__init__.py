"""The analysis core: pure numpy/scipy, no terminal. See each module's docstring for the maths."""

from chutes_tui.analysis.chain import Chain, build_chain
from chutes_tui.analysis.multi import SeatOdds, TwoPlayerTable, seat_odds, two_player_table
from chutes_tui.analysis.single import (
    Distribution,
    Visits,
    expected_from_start,
    expected_turns,
    finishing_distribution,
    sd_turns,
    visit_statistics,
)

__all__ = [
    "Chain",
    "Distribution",
    "SeatOdds",
    "TwoPlayerTable",
    "Visits",
    "build_chain",
    "expected_from_start",
    "expected_turns",
    "finishing_distribution",
    "sd_turns",
    "seat_odds",
    "two_player_table",
    "visit_statistics",
]
