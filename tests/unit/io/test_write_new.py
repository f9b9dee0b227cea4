"""write_new_text: a new file, all at once, never over anything (screenshots, issue 23.8)."""

import os

import pytest

from chutes_tui.io.atomic import write_new_text


@pytest.mark.parametrize("links", [True, False], ids=["hard-link", "no-hard-links"])
def test_a_taken_name_gets_the_next_number_and_keeps_its_contents(tmp_path, monkeypatch, links):
    if not links:  # some file systems (FAT, some network ones) refuse hard links

        def refuse(source, target):
            raise PermissionError(1, "Operation not permitted")

        monkeypatch.setattr(os, "link", refuse)
    (tmp_path / "shot.svg").write_text("mine", encoding="utf-8")
    first = write_new_text(tmp_path, "shot", ".svg", "<svg>1</svg>")
    second = write_new_text(tmp_path, "shot", ".svg", "<svg>2</svg>")
    assert (first.name, second.name) == ("shot-2.svg", "shot-3.svg")
    assert [p.read_text(encoding="utf-8") for p in (tmp_path / "shot.svg", first, second)] == [
        "mine",
        "<svg>1</svg>",
        "<svg>2</svg>",
    ]
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["shot-2.svg", "shot-3.svg", "shot.svg"]  # and no temporary file left


def test_a_dangling_link_under_the_name_is_not_written_through(tmp_path):
    (tmp_path / "shot.svg").symlink_to(tmp_path / "elsewhere.svg")
    written = write_new_text(tmp_path, "shot", ".svg", "<svg/>")
    assert written.name == "shot-2.svg" and not (tmp_path / "elsewhere.svg").exists()


def test_a_missing_folder_raises_with_the_reason(tmp_path):
    with pytest.raises(OSError) as raised:
        write_new_text(tmp_path / "nowhere", "shot", ".svg", "<svg/>")
    reason = raised.value.strerror
    assert reason.startswith("its folder '") and reason.endswith("nowhere' does not exist")
