"""Drawing without a terminal: the board grid and jump paths, braille and block charts, colours."""
