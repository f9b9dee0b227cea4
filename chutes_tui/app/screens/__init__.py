"""The app's screens: setup, the game, the winner, help."""
