from chutes_tui.cli import run

run()
