from pathlib import Path

import pytest

from chutes_tui.board import load_board

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.fixture(scope="session")
def standard():
    return load_board("standard")


@pytest.fixture(scope="session")
def classic():
    return load_board("classic-1952")


@pytest.fixture(scope="session")
def tiny():
    return load_board("tiny-10")
