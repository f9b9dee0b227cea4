"""Polynomials written out: as text a computer algebra system reads back (``55*z^8``), or as
LaTeX (``55 z^{8}``), one term at a time so that a front end wraps them between terms
(:func:`wrapped`: lists broken between items, never inside one)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len


def polynomial_terms(coefficients: Sequence[int], variable: str = "z", *, latex: bool = False) -> list[str]:
    """The non-zero terms of ``Σ cᵢ variableⁱ`` in ascending powers, each with its sign before
    it (``"- 3*z^9"``) but the first (``"-3*z^9"``); ``["0"]`` for the zero polynomial."""
    terms: list[str] = []
    for power, coefficient in enumerate(coefficients):
        if coefficient == 0:
            continue
        magnitude = abs(coefficient)
        if power == 0:
            body = str(magnitude)
        else:
            raised = f"{variable}^{{{power}}}" if latex else f"{variable}^{power}"
            unknown = variable if power == 1 else raised
            times = " " if latex else "*"
            body = unknown if magnitude == 1 else f"{magnitude}{times}{unknown}"
        if not terms:
            terms.append(f"-{body}" if coefficient < 0 else body)
        else:
            terms.append(f"{'-' if coefficient < 0 else '+'} {body}")
    return terms or ["0"]


def latex_fraction(numerator: Sequence[int], denominator: Sequence[int], variable: str = "z") -> str:
    """``\\frac{…}{…}`` of two polynomials, a term a line (LaTeX joins them)."""
    top = "\n  ".join(polynomial_terms(numerator, variable, latex=True))
    bottom = "\n  ".join(polynomial_terms(denominator, variable, latex=True))
    return f"\\frac{{\n  {top}\n}}{{\n  {bottom}\n}}"


def wrapped(items: Sequence[str], separator: str, width: int) -> list[str]:
    """``items`` joined by ``separator`` in lines of at most ``width`` cells, broken only between
    items: an item wider than a line has a line of its own, whole."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}{separator}{item}" if lines else item
        if lines and cell_len(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(item)
    return [line.rstrip() for line in lines]
