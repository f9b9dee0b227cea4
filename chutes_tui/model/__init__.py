"""The nouns of the game and what a user may type: boards, players, inputs, safe text."""
