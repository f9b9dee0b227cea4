"""Which keys the game screen's footer shows in each mode, without a screen (app/gamemode.py)."""

from dataclasses import replace

from chutes_tui.app.gamemode import GameMode, footer_first, footer_label

PLAYING = GameMode(
    watch=False,
    paused=False,
    over=False,
    players=2,
    overlay=False,
    inspecting=False,
    flowing=False,
    flow_playing=False,
)
WATCHING = replace(PLAYING, watch=True)


def shown(mode, *actions):
    return [footer_label(mode, action, action.title()) for action in actions]


def test_a_person_rolls_and_a_watcher_pauses():
    assert shown(PLAYING, "roll", "pause", "step", "faster") == ["Roll", None, None, None]
    assert shown(WATCHING, "roll", "pause", "step", "faster") == [None, "Pause", None, "Faster"]
    paused = replace(WATCHING, paused=True)
    assert shown(paused, "pause", "step") == ["Resume", "Step"]
    over = replace(paused, over=True)
    assert shown(over, "roll", "pause", "step", "faster", "exact") == [None, None, None, None, None]


def test_the_exact_fraction_is_offered_for_two_players_only():
    assert shown(PLAYING, "exact") == ["Exact"]
    assert shown(replace(PLAYING, players=3), "exact") == [None]


def test_the_flows_keys_follow_the_slider():
    assert shown(PLAYING, "flow_play", "flow_turn(1)") == ["Flow_Play", None]
    flowing = replace(PLAYING, overlay=True, flowing=True)
    assert shown(flowing, "flow_play", "flow_turn(1)", "flow_turn(-1)", "flow_turn(1000000)") == [
        "Flow: play",
        "Flow_Turn(1)",
        "Flow_Turn(-1)",
        None,  # Home and End are in the help, not the footer
    ]
    assert shown(replace(flowing, flow_playing=True), "flow_play") == ["Flow: pause"]
    assert footer_first(flowing) == ("flow_play", "flow_turn", "back")


def test_esc_is_shown_and_first_while_something_is_on_the_board():
    assert shown(PLAYING, "back") == [None] and footer_first(PLAYING) == ()
    for on_top in (replace(PLAYING, overlay=True), replace(PLAYING, inspecting=True)):
        assert shown(on_top, "back") == ["Back"] and footer_first(on_top) == ("back",)
    assert footer_first(replace(PLAYING, over=True, inspecting=True)) == ("rematch", "new_game", "review")


def test_a_change_of_mode_is_a_different_value():
    assert replace(PLAYING) == PLAYING and replace(PLAYING, inspecting=True) != PLAYING
