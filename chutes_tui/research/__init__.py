"""The published experiments on the game, reproduced (each returns plain data)."""
