import pytest

from chutes_tui.io.boardfile import load_board


@pytest.fixture(autouse=True)
def private_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the real config or state directories."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CHUTES_TUI_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CHUTES_TUI_STATE_DIR", str(base / "state"))
    monkeypatch.setenv("CHUTES_TUI_DATA_DIR", str(base / "data"))
    return base


@pytest.fixture(scope="session")
def standard():
    return load_board("standard")


@pytest.fixture(scope="session")
def classic():
    return load_board("classic-1952")


@pytest.fixture(scope="session")
def tiny():
    return load_board("tiny-10")
