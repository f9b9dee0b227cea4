import pytest

from chutes_tui.board import load_board


@pytest.fixture(scope="session")
def standard():
    return load_board("standard")


@pytest.fixture(scope="session")
def classic():
    return load_board("classic-1952")


@pytest.fixture(scope="session")
def tiny():
    return load_board("tiny-10")
