"""Snapshots of every screen at 60×20, 80×24 and 160×50 (scenes.SIZES), and of the board on a
light theme and without colour (pytest-textual-snapshot). Update: pytest --snapshot-update
tests/app/test_snapshots.py; look at them: python -m tests.app.scenes OUT_DIR, then rsvg-convert
the SVGs to PNG.

A scene is played once and its picture taken at each size in turn, smallest first, the terminal
resized between them: a resize lays every screen out again, so the pictures are a fresh start's
at that size (checked when this came in: all but review-swing's 80×24, whose log keeps the
scroll it had at 60×20), and a screen that does not follow a resize fails here. It costs one
app and one scene's keys instead of three."""

from __future__ import annotations

import pickle

import pytest
from pytest_textual_snapshot import (
    PseudoApp,
    PseudoConsole,
    SVGImageExtension,
    node_to_report_path,
)
from rich.console import Console

from tests.app.scenes import SCENES, SIZES


class SizedSVG(SVGImageExtension):
    """One SVG file per size of a test: ``test_screen[setup-60x20].svg`` for the size "60x20"
    of ``test_screen[setup]`` (the names the pictures had when each size was its own test)."""

    @classmethod
    def get_snapshot_name(cls, *, test_location, index=0) -> str:
        name = super().get_snapshot_name(test_location=test_location, index=0)
        return f"{name[:-1]}-{index}]" if isinstance(index, str) else name


@pytest.fixture(autouse=True)
def empty_directory(tmp_path, monkeypatch):
    """The board picker lists the current directory's board files: let it be the same everywhere."""
    monkeypatch.chdir(tmp_path)


async def picture(pilot) -> str:
    """The screen as an SVG once it is still (what pytest-textual-snapshot's snap_compare waits
    for before its picture)."""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    return pilot.app.export_screenshot(title=pilot.app.title, simplify=True)


def same_as_kept(snapshot, request, label: str, svg: str) -> bool:
    """Whether ``svg`` is the kept picture named ``label``; a picture that differs goes into
    pytest-textual-snapshot's HTML report as snap_compare's do."""
    kept = snapshot.use_extension(SizedSVG)
    same = kept(name=label) == svg
    full_path, line_number, name = request.node.reportinfo()
    console = Console(legacy_windows=False, force_terminal=True)
    data = (
        same,
        str(kept),
        svg,
        PseudoApp(PseudoConsole(console.legacy_windows, console.size)),
        full_path,
        line_number,
        f"{name[:-1]}-{label}]",
        request.node.function.__doc__ or "",
        "",
        True,
    )
    report = node_to_report_path(request.node)
    report.with_name(f"{report.name}_{label}").write_bytes(pickle.dumps(data))
    return same


@pytest.mark.parametrize("scene", sorted(SCENES))
async def test_screen(snapshot, request, scene):
    make, before = SCENES[scene]
    app = make()
    differ = []
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        if before is not None:
            await before(pilot)
        for size in SIZES:
            if size != SIZES[0]:
                await pilot.resize_terminal(*size)
            label = f"{size[0]}x{size[1]}"
            if not same_as_kept(snapshot, request, label, await picture(pilot)):
                differ.append(label)
    assert not differ, f"{scene}: the picture differs from the kept one at {', '.join(differ)}"


def on_a_light_theme(before):
    async def light(pilot):
        pilot.app.theme = "textual-light"
        await before(pilot)

    return light


@pytest.mark.parametrize("scene", ["game", "spectrum"])
def test_on_a_light_theme(snap_compare, scene):
    make, before = SCENES[scene]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=on_a_light_theme(before))


@pytest.mark.parametrize("scene", ["game", "spectrum"])
def test_without_colour(snap_compare, monkeypatch, scene):
    monkeypatch.setenv("NO_COLOR", "1")
    make, before = SCENES[scene]
    assert snap_compare(make(), terminal_size=(100, 30), run_before=before)
