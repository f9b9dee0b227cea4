"""Printing exact fractions: ``"p/q"`` and decimal expansions, at any length.

FLINT integers print natively, so Python's 4,300-digit limit on ``str(int)`` does not apply.
"""

from __future__ import annotations

from flint import fmpq, fmpz


def fraction_text(value: fmpq) -> str:
    """``"p/q"`` (``"p"`` when the denominator is 1)."""
    return str(value.p) if value.q == 1 else f"{value.p}/{value.q}"


def decimal_digits(value: fmpq, digits: int) -> str:
    """``value`` correctly rounded (half up) to ``digits`` decimal places: ``"0.5078…"``."""
    if digits < 0:
        raise ValueError("digits must be at least 0")
    sign = "-" if value < 0 else ""
    magnitude = -value if value < 0 else value
    scaled = (2 * magnitude.p * fmpz(10) ** digits + magnitude.q) // (2 * magnitude.q)
    text = str(scaled).rjust(digits + 1, "0")
    whole, fraction = text[: len(text) - digits], text[len(text) - digits :]
    return f"{sign}{whole}.{fraction}" if digits else f"{sign}{whole}"


def certain_digits(lower: fmpq, upper: fmpq, wanted: int) -> tuple[int, str]:
    """How many leading decimals ``lower ≤ upper`` (both ``≥ 0``) share, at most ``wanted``
    (−1: not even the whole part), and the text to print. When all ``wanted`` are shared,
    those digits (``"0.5078"``): every number between the two begins so. Otherwise the
    enclosure, each end cut after the first decimal where they part and 4 more
    (``"0.99999… to 1.00000…"``): fewer shared digits than asked are never printed alone, as
    they would read as the value (``[1 − ε, 1 + ε]`` shares no digit, not even the whole part)."""
    assert 0 <= lower <= upper
    scale = fmpz(10) ** wanted
    low = lower.p * scale // lower.q
    high = upper.p * scale // upper.q
    if low == high:
        return wanted, _cut_text(low, wanted)
    digits = wanted
    while digits > 0 and low != high:
        low //= 10
        high //= 10
        digits -= 1
    shared = digits if low == high else -1  # -1: the whole parts differ
    places = min(wanted, max(shared, 0) + 5)
    return shared, f"{_cut(lower, places)}… to {_cut(upper, places)}…"


def _cut(value: fmpq, places: int) -> str:
    """``value ≥ 0`` cut (not rounded) after ``places`` decimals."""
    return _cut_text(value.p * fmpz(10) ** places // value.q, places)


def _cut_text(scaled: fmpz, places: int) -> str:
    text = str(scaled).rjust(places + 1, "0")
    return f"{text[:-places]}.{text[-places:]}" if places else text


def exact_decimal(value: fmpq, digits: int, fraction: bool = True) -> str:
    """An exact ``value ≥ 0`` in full: its decimal expansion when it ends within ``digits``
    places (``"1.24"``, ``"1"``), else ``"p/q = "`` (unless not ``fraction``) and its first
    ``digits`` decimals, cut (``"5/6 = 0.8333…"``). The expansion ends when ``q`` has no prime
    but 2 and 5, but maybe beyond ``digits`` places."""
    assert value >= 0
    for places in range(digits + 1):
        scaled = value * fmpz(10) ** places
        if scaled.q == 1:
            return _cut_text(scaled.p, places)
    cut = f"{_cut(value, digits)}…"
    return f"{fraction_text(value)} = {cut}" if fraction else cut
