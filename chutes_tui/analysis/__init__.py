"""The analysis core: pure numpy/scipy, no terminal. See each module's docstring for the maths.

The names below load their modules on first use (PEP 562), so that ``analysis.limits`` -- the
size thresholds every front end reads -- can be imported without scipy: ``chutes-tui --help``,
``--version`` and ``boards`` start without it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "Chain": "chain",
    "build_chain": "chain",
    "SeatOdds": "multi",
    "TwoPlayerTable": "multi",
    "seat_odds": "multi",
    "two_player_table": "multi",
    "Distribution": "single",
    "Visits": "single",
    "expected_from_start": "single",
    "expected_turns": "single",
    "finishing_distribution": "single",
    "sd_turns": "single",
    "visit_statistics": "single",
}

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


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # once loaded, an ordinary attribute
    return value
