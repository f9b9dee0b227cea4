"""Charts: braille lines that never hide each other, y ranges that fit the values, and a frame
with a title, a legend and true axis labels."""

from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.render.braille import braille_chart
from chutes_tui.render.textchart import framed_chart, nice_range


def test_lines_that_run_together_alternate_instead_of_hiding_each_other():
    same = [0.5] * 20
    raster = braille_chart([same, same, same], width=12, height=4)
    owners = [owner for row in raster for _, owner in row if owner is not None]
    assert set(owners) == {0, 1, 2}
    row = next(r for r in raster if any(owner is not None for _, owner in r))
    assert [owner for _, owner in row[:6]] == [0, 1, 2, 0, 1, 2]


def test_a_line_alone_keeps_its_colour():
    raster = braille_chart([[0.0, 1.0], [0.9, 0.9]], width=10, height=5)
    assert {owner for row in raster[3:] for _, owner in row} <= {0, None}


def test_nice_range_widens_to_round_steps_with_a_round_middle():
    assert nice_range([[0.31, 0.35], [0.33]]) == (0.2, 0.5)
    low, high = nice_range([[0.31, 0.35], [0.33]])
    assert round((high - low) / 0.05) % 2 == 0 and high - low >= 0.2 - 1e-9
    assert nice_range([]) == (0.0, 1.0)
    assert nice_range([[0.0, 1.0]]) == (0.0, 1.0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.floats(0, 1), min_size=1, max_size=30), min_size=1, max_size=6))
def test_nice_range_holds_every_value_within_zero_and_one(series):
    low, high = nice_range(series)
    assert 0.0 <= low < high <= 1.0
    assert all(low - 1e-9 <= v <= high + 1e-9 for s in series for v in s)
    assert high - low >= 0.2 - 1e-9


def test_framed_chart_has_a_title_a_legend_and_labelled_axes():
    lines = framed_chart(
        [[0.3, 0.4], [0.7, 0.6]],
        ["red", "blue"],
        width=40,
        height=8,
        title="Chance to win",
        short_title="Win",
        legend=[("● Ann", "red"), ("▲ Bob", "blue")],
        low=0.2,
        high=0.8,
        x_label="turn 0 … 1",
    )
    assert len(lines) == 8
    assert lines[0].plain == "Chance to win  ● Ann  ▲ Bob"
    assert [span.style for span in lines[0].spans][-2:] == ["red", "blue"]
    assert lines[1].plain.startswith("80%┤") and lines[-2].plain.startswith("20%┤")
    assert "50%┤" in [line.plain[:4] for line in lines]
    assert lines[-1].plain.strip() == "turn 0 … 1"
    narrow = framed_chart(
        [[0.5]],
        ["red"],
        width=20,
        height=5,
        title="Chance to win",
        short_title="Win",
        legend=[("● Ann", "red"), ("▲ Bob", "blue")],
        low=0,
        high=1,
    )
    assert narrow[0].plain == "Win  ● Ann  ▲ Bob"
