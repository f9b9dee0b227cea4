"""The brute force the duel's tests share: the two-player game's value over a list of stationary
policies, max over the first player's of min over the second's, each pair evaluated by one
sparse solve (analysis/duel.py's ``evaluate``)."""

from chutes_tui.analysis import duel


def max_min(model, policies):
    """The first mover's best chance from the start against the worst reply, over ``policies``."""
    s = model.start
    return max(min(duel.evaluate(model, mine, theirs)[0][s, s] for theirs in policies) for mine in policies)
