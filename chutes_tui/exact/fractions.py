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
    """How many leading decimals ``lower ≤ upper`` (both ``≥ 0``) share, at most ``wanted``, and
    those digits (``"0.5078"``): every number between them begins so."""
    assert 0 <= lower <= upper
    scale = fmpz(10) ** wanted
    low = lower.p * scale // lower.q
    high = upper.p * scale // upper.q
    digits = wanted
    while digits > 0 and low != high:
        low //= 10
        high //= 10
        digits -= 1
    text = str(low).rjust(digits + 1, "0")
    return digits, (text[:-digits] + "." + text[-digits:]) if digits else text
