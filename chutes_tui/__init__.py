"""chutes-tui: play, watch and analyse Chutes and Ladders in the terminal."""

__version__ = "0.1.0"
