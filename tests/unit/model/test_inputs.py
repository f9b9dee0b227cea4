"""Player names: anything visible goes (markup is just text); controls, invisible and
direction marks are refused with a message that does not itself turn around."""

import pytest

from chutes_tui.model.inputs import InputError, player_name


@pytest.mark.parametrize("name", ["[/]", "[bold red]x[/", "Zoë", "👩\u200d🚀", "a\u200cb", "李雷"])
def test_visible_names_are_kept(name):
    assert player_name(f"  {name} ") == name


@pytest.mark.parametrize(
    ("name", "code"),
    [("Ann\u202eboB", "U+202E"), ("a\u200bb", "U+200B"), ("\u2066x", "U+2066"), ("x\ufeff", "U+FEFF")],
)
def test_invisible_and_direction_marks_are_refused_by_code(name, code):
    with pytest.raises(InputError) as refused:
        player_name(name)
    message = str(refused.value)
    assert code in message and name not in message


@pytest.mark.parametrize("name", ["", "   ", "a\x1bb", "a\nb", "x" * 41])
def test_empty_control_and_long_names_are_refused(name):
    with pytest.raises(InputError):
        player_name(name)
