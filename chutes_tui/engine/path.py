"""The squares a piece walks on screen for one roll: forward, back after a bounce, then along the
jump's drawn path. Pure: front ends animate it, tests check it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chutes_tui.model.rules import Move

# At most this many squares are shown along a jump's path: a standard board's longest path is
# shorter, while a long board's ladder passes thousands (one frame each stalled the game).
SLIDE_STEPS = 32


def walk(step: Move, end: int, slide: Callable[[int, int], list[int]] | None = None) -> list[int]:
    """The squares a piece passes through for one roll: forward (or backward), back after a bounce, then
    along the jump, or each jump of a chain (``slide(tail, head)`` gives the squares under its
    drawn path)."""
    if step.lost:
        return []
    if step.roll < 0:  # a move backward (issue 27's choices): down to where it lands
        squares = list(range(step.square - 1, step.landing - 1, -1))
    else:
        forward = min(step.square + step.roll, end)
        squares = list(range(step.square + 1, forward + 1))
        if not step.bounced and step.landing != forward:  # placed, not walked: entering on a square
            squares = [step.landing]
    if step.bounced:
        squares += list(range(end - 1, step.landing - 1, -1))
    for tail, head in step.hops:  # each jump of a chain in turn
        path = slide(tail, head) if slide is not None else []
        inner = [s for s in path if s not in (tail, head)]
        if len(inner) > SLIDE_STEPS:  # a 66,000-square ladder must not take minutes to climb
            inner = [inner[round(i * (len(inner) - 1) / (SLIDE_STEPS - 1))] for i in range(SLIDE_STEPS)]
        squares += [*inner, head]
    return squares


def trail(moves: Sequence[Move], end: int, slide: Callable[[int, int], list[int]] | None = None) -> list[int]:
    """Every square a turn's piece passed through, roll after roll (:func:`walk`)."""
    return [square for step in moves for square in walk(step, end, slide)]
