"""A game in progress: players, seeded turns, live odds, the squares a piece walks."""
