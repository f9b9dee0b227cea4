"""Snapshots of every screen at 60×20, 80×24 and 160×50 (scenes.SIZES), and of the board on a
light theme and without colour (pytest-textual-snapshot). Update: pytest --snapshot-update
tests/app/test_snapshots.py; look at them: python -m tests.app.scenes OUT_DIR, then rsvg-convert
the SVGs to PNG."""

import pytest

from tests.app.scenes import SCENES, SIZES


@pytest.fixture(autouse=True)
def empty_directory(tmp_path, monkeypatch):
    """The board picker lists the current directory's board files: let it be the same everywhere."""
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_screen(snap_compare, scene, size):
    make, before = SCENES[scene]
    assert snap_compare(make(), terminal_size=size, run_before=before)


def on_a_light_theme(before):
    async def light(pilot):
        pilot.app.theme = "textual-light"
        await before(pilot)

    return light


def test_board_on_a_light_theme(snap_compare):
    make, before = SCENES["game"]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=on_a_light_theme(before))


def test_board_without_colour(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    make, before = SCENES["game"]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=before)


def test_spectrum_on_a_light_theme(snap_compare):
    make, before = SCENES["spectrum"]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=on_a_light_theme(before))


def test_spectrum_without_colour(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    make, before = SCENES["spectrum"]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=before)
