"""``chutes-tui closed-form BOARD`` (issue 28, point 1): the same closed form as text at 80
columns (polynomials broken between terms, never inside one), as JSON (exact numbers as
strings) and as LaTeX (read back here to the JSON's polynomials); refusals in one line."""

from __future__ import annotations

import json
import re

import pytest
from flint import fmpq

from chutes_tui.analysis.limits import CLOSED_FORM_MAX_STATES
from chutes_tui.cli import main
from tests.cli.test_cli_reads_well import command


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_text_reads_at_80_columns_and_shows_the_json_s_numbers(capsys):
    code, out, err = command("closed-form", "standard")
    assert code == 0 and err == ""
    _, data, _ = run(capsys, "closed-form", "standard", "--json")
    data = json.loads(data)
    lines = out.splitlines()
    for line in lines:
        if len(line) > 80:  # only a number too long for any line: one term, or one fraction
            assert re.fullmatch(r"  ([-+] )?\d+(\*[zx](\^\d+)?)?|  P\(T = \d+\) = \d+/\d+", line), line
    assert f"λ = {data['tail']['lambda']}" in out and f"C = {data['tail']['constant']}" in out
    # Every coefficient of P, Q and λ's polynomial is printed whole, in order.
    printed = [int(n) for n in re.findall(r"(?<![\d^])(\d+)\*?[zx]?", out.partition("P(z), degree")[2])]
    for key in ("numerator", "denominator"):
        coefficients = [abs(int(c)) for c in data[key] if c != "0"]
        assert all(c in printed for c in coefficients)
    assert "P(z), degree 80:" in out and "Q(z), degree 76:" in out
    assert "irreducible, degree 75" in out and "one Jordan block of size 4 at eigenvalue 0" in out
    assert data["tail"]["lambda"].startswith("0.96034257033806725563")
    assert data["recurrence"]["holds_from"] == 81 == len(data["recurrence"]["initial"])


def test_the_json_is_exact(capsys):
    code, out, _ = run(capsys, "closed-form", "tiny-10", "--json", "--digits", "12")
    assert code == 0
    data = json.loads(out)
    assert data["numerator"] == ["0", "0", "18", "11", "1"]
    assert data["denominator"] == ["216", "-180", "-6"]
    assert data["recurrence"]["initial"] == ["0", "0", "1/12", "13/108", "139/1296"]
    # λ = (15 + √261)/36, the root of 36x² − 30x − 1: its first 12 decimals.
    assert data["tail"]["lambda_minimal_polynomial"] == ["-1", "-30", "36"]
    assert data["tail"]["lambda"] == "0.865430400594"
    assert data["matrix"]["zero_block"] == 2 and data["matrix"]["defective"] is True


def test_the_latex_fragment_is_the_json_s_fraction(capsys):
    _, out, _ = run(capsys, "closed-form", "classic-1952", "--latex")
    _, data, _ = run(capsys, "closed-form", "classic-1952", "--json")
    data = json.loads(data)
    assert out.startswith("G(z) = \\frac{") and out.count("{") == out.count("}")
    top, _, bottom = out.partition("}{")
    for text, key in ((top, "numerator"), (bottom, "denominator")):
        coefficients = {}
        for line in text.splitlines()[1:]:
            term = re.fullmatch(r"([-+]?) ?(\d*) ?(z(?:\^\{(\d+)\})?)?", line.strip())
            if term is None or not line.strip() or line.strip() == "}":
                continue
            sign, number, unknown, power = term.groups()
            exponent = int(power) if power else (1 if unknown else 0)
            coefficients[exponent] = int(f"{sign}{number or 1}")
        expected = {i: int(c) for i, c in enumerate(data[key]) if c != "0"}
        assert coefficients == expected, key


def test_a_bounded_game_and_another_square(capsys):
    code, out, _ = run(capsys, "closed-form", "no-jumps", "--end-rule", "reach")
    assert code == 0 and "Every game ends within 100 turns" in out and "in one Jordan block" in out
    assert "Tail:" not in out
    _, out, _ = run(capsys, "closed-form", "standard", "--square", "99", "--json")
    data = json.loads(out)
    assert data["square"] == 99 and data["denominator"] == ["6", "-5"]  # 1/6 a turn to finish
    assert fmpq(int(data["numerator"][1]), int(data["denominator"][0])) == fmpq(1, 6)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["standard", "--square", "100"], "argument --square: square 100: it is the goal"),
        (["standard", "--square", "16"], "square 16: it is the tail of the jump 16→6"),
        (["standard", "--digits", "0"], "argument --digits"),
        (["standard", "--json", "--latex"], "not allowed with argument"),
    ],
)
def test_refusals_are_one_line(capsys, argv, words):
    try:
        code = main(["closed-form", *argv])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_a_board_past_the_limit_is_refused_naming_it(tmp_path):
    board = tmp_path / "long.toml"
    board.write_text(f'name = "long"\nsquares = {CLOSED_FORM_MAX_STATES + 10}\n')
    code, out, err = command("closed-form", str(board))
    assert code == 2 and out == ""
    assert f"worked out up to {CLOSED_FORM_MAX_STATES}" in err and len(err.strip().splitlines()) == 1


def test_a_board_with_decisions_is_refused_in_one_line(tmp_path):
    board = tmp_path / "choose.toml"
    board.write_text('name = "choose"\nsquares = 20\ndice_choice = [[6], [4]]\n')
    code, out, err = command("closed-form", str(board))
    assert code != 0 and out == ""
    assert "is a decision" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (("--square", "99"), "C = 1 exactly"),
        (("--square", "92", "--digits", "40"), "C = 1.24 exactly"),
        ((), "C = 82511331060221979758924575844777424840809380743482712800495792937541/"),
        # Below 1 the digits asked start at the first digit: 5 sixes (it showed 0.666666…).
        (("--die", "1,1,2", "--square", "97", "--digits", "5"), "C = 2/3 = 0.66666…"),
    ],
)
def test_a_rational_lambda_s_c_is_printed_exactly(capsys, argv, shown):
    """No-jumps: λ = 5/6 and C rational (it printed "C = 0" from 99, "C = 1.2" from 92). From
    the start C's expansion runs past the digits asked: p/q and its digits, cut, not "exactly"."""
    _, out, _ = run(capsys, "closed-form", "no-jumps", *argv)
    line = next(line for line in out.splitlines() if line.startswith("  C = "))
    assert line.startswith(f"  {shown}")
    assert line.endswith("exactly") != line.endswith("…")
    _, data, _ = run(capsys, "closed-form", "no-jumps", *argv, "--json")
    tail = json.loads(data)["tail"]
    assert tail["constant_exact"] is not None and f"C = {tail['constant']}" in line
