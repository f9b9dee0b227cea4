"""Issue 25 (4): what a board or a chain keeps is typed and named. Each value has a key constant
declared beside the function that computes it; a plain string is refused, so every value kept
can be found by searching for its constant."""

import ast
from pathlib import Path

import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.chain import CHAIN
from chutes_tui.analysis.series import START_SERIES
from chutes_tui.analysis.single import MOMENTS, sd_turns
from chutes_tui.model.memo import Memo, MemoFamily, MemoKey

ROOT = Path(__file__).resolve().parents[3]


def test_a_value_is_computed_once_and_found_by_its_key():
    memo: Memo[object] = Memo()
    key: MemoKey[object, list[int]] = MemoKey("numbers")
    calls = []

    def compute() -> list[int]:
        calls.append(1)
        return [1, 2, 3]

    assert not memo.has(key) and memo.peek(key) is None
    first = memo.get(key, compute)
    assert first == [1, 2, 3] and memo.get(key, compute) is first and len(calls) == 1
    assert memo.has(key) and memo.peek(key) is first
    assert repr(memo) == "Memo(['numbers'])"


def test_keys_compare_by_identity_and_family_members_by_family_and_parameter():
    memo: Memo[object] = Memo()
    one: MemoKey[object, str] = MemoKey("same name")
    other: MemoKey[object, str] = MemoKey("same name")
    memo.get(one, lambda: "one")
    assert memo.get(other, lambda: "other") == "other"  # a name alone shares nothing
    rows: MemoFamily[int, object, str] = MemoFamily("rows")
    cols: MemoFamily[int, object, str] = MemoFamily("rows")
    assert memo.get(rows.at(3), lambda: "row 3") == "row 3"
    assert memo.get(rows.at(3), lambda: "again") == "row 3"  # a new member object, the same key
    assert memo.get(rows.at(4), lambda: "row 4") == "row 4"
    assert memo.get(cols.at(3), lambda: "col 3") == "col 3"
    assert memo.has(rows.at(3)) and not memo.has(rows.at(5))
    assert repr(rows.at(3)) == "MemoKey('rows[3]')"


@pytest.mark.parametrize("ask", ["get", "has", "peek"])
def test_a_plain_string_key_is_refused(standard, ask):
    chain = build_chain(standard)
    sd_turns(chain)  # the moments are kept with the chain...
    assert chain.memo.has(MOMENTS)
    arguments = ("moments", lambda: None) if ask == "get" else ("moments",)
    with pytest.raises(TypeError, match="MemoKey constants, not str"):
        getattr(chain.memo, ask)(*arguments)  # ...and still a string cannot reach them


def test_the_board_and_chain_values_are_the_producers(standard):
    board = standard.replace(name="fresh")  # a new board keeps nothing yet
    assert not board.memo.has(CHAIN)
    chain = build_chain(board)
    assert board.memo.peek(CHAIN) is chain
    assert not chain.memo.has(START_SERIES.at(chain.row(board.start)))


def _string_keys(text: str, name: str) -> list[str]:
    """Where the source ``text`` gives a memo a string (or f-string) key: ``memo.get("…")``,
    ``memo.has(f"…")``, ``memo["…"]`` or ``"…" in x.memo``."""

    def is_memo(node: ast.expr) -> bool:
        named = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
        return named == "memo"

    def is_text(node: ast.expr) -> bool:
        return isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str)
        )

    def by_string(node: ast.AST) -> bool:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_memo(node.func.value):
            return bool(node.args) and is_text(node.args[0])
        if isinstance(node, ast.Subscript):
            return is_memo(node.value)
        return isinstance(node, ast.Compare) and any(is_memo(right) for right in node.comparators)

    return [f"{name}:{node.lineno}" for node in ast.walk(ast.parse(text, name)) if by_string(node)]


def test_no_memo_is_given_a_string_key_anywhere():
    files = sorted((ROOT / "chutes_tui").rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    assert len(files) > 100
    texts = [(path, path.read_text()) for path in files]
    # Only a file that names a memo can give one a key: the others are not parsed.
    found = [
        where
        for path, text in texts
        if "memo" in text
        for where in _string_keys(text, str(path.relative_to(ROOT)))
    ]
    assert found == []


def test_the_search_finds_string_keys():
    """The search itself sees each form it forbids (else the test above could not fail)."""
    sample = (
        'board.memo.get("chain", f)\nchain.memo.has(f"row:{n}")\nboard.memo["x"]\n'
        '"moments" not in chain.memo\nmemo.get(KEY, f)\nchain.memo.has(MOMENTS)\n'
    )
    assert _string_keys(sample, "sample") == ["sample:1", "sample:2", "sample:3", "sample:4"]
