"""The Textual app: play and watch games on a drawn board with live win probabilities."""
