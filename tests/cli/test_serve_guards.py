"""What ``chutes-tui serve`` accepts from browsers and the network (issue 23), decided without a
server: every malformed message class, sizes, origins, hosts, names, caps. (The real server
refusing them: tests/serve/test_rooms.py.)"""

import json

import pytest

from chutes_tui.cli.serveguard import (
    MAX_COLUMNS,
    MAX_ROWS,
    BadInputError,
    Message,
    Visitors,
    default_max_visitors,
    host_problem,
    origin_problem,
    parse_message,
    query_size,
    request_host_problem,
)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ('["stdin", "q"]', Message("stdin", text="q")),
        ('["stdin", "日本\\u001b[A"]', Message("stdin", text="日本\x1b[A")),
        ('["resize", {"width": 120, "height": 40}]', Message("resize", size=(120, 40))),
        ('["resize", {"width": 100000, "height": 100000}]', Message("resize", size=(MAX_COLUMNS, MAX_ROWS))),
        ('["ping", "1732500000000"]', Message("ping", text="1732500000000")),
        ('["focus"]', Message("focus")),
        ('["blur"]', Message("blur")),
    ],
)
def test_the_messages_the_page_sends(data, expected):
    assert parse_message(data) == expected


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ("notjson", "not JSON"),
        ("", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),  # nesting deeper than the parser goes
        ("[]", "not a list starting with its kind"),
        ("{}", "not a list starting with its kind"),
        ('"stdin"', "not a list starting with its kind"),
        ("[1, 2]", "not a list starting with its kind"),
        ("null", "not a list starting with its kind"),
        ('["frob"]', "unknown kind 'frob'"),
        ('["quit"]', "unknown kind 'quit'"),
        ('["stdin"]', "stdin message with 0 arguments, not 1"),
        ('["stdin", "a", "b"]', "stdin message with 2 arguments, not 1"),
        ('["resize", "x"]', "without exactly a width and a height"),
        ('["resize", {"width": 80}]', "without exactly a width and a height"),
        ('["resize", {"width": 80, "height": 24, "x": 1}]', "without exactly a width and a height"),
        ('["resize", {"width": "80", "height": 24}]', "not whole numbers from 1"),
        ('["resize", {"width": 80.5, "height": 24}]', "not whole numbers from 1"),
        ('["resize", {"width": true, "height": 24}]', "not whole numbers from 1"),
        ('["resize", {"width": 0, "height": 24}]', "not whole numbers from 1"),
        ('["resize", {"width": -5, "height": 24}]', "not whole numbers from 1"),
        ('["resize", {"width": 1e999, "height": 24}]', "not whole numbers from 1"),
        ('["stdin", 5]', "stdin message whose text is not a string"),
        ('["stdin", null]', "stdin message whose text is not a string"),
        ('["stdin", "\\ud800"]', "stdin message with a lone surrogate"),
        ('["ping", {}]', "ping message whose text is not a string"),
        (json.dumps(["ping", "9" * 33]), "a ping of 33 characters"),
        ('["focus", 1]', "focus message with arguments"),
        ('["blur", null]', "blur message with arguments"),
    ],
)
def test_every_other_message_is_refused_in_one_line(data, why):
    with pytest.raises(BadInputError) as refused:
        parse_message(data)
    assert why in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("query", "size"),
    [
        ({}, (80, 24)),
        ({"width": "120", "height": "40"}, (120, 40)),
        ({"width": "100000", "height": "100000"}, (400, 150)),
        ({"width": "9" * 5000, "height": "9" * 5000}, (80, 24)),
        ({"width": "0", "height": "-3"}, (1, 24)),
        ({"width": "١٢٠", "height": "x"}, (80, 24)),  # Arabic-Indic digits are not the page's
        ({"width": "undefined", "height": "NaN"}, (80, 24)),
    ],
)
def test_the_size_in_the_socket_address_is_capped(query, size):
    assert query_size(query) == size


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        (None, "127.0.0.1:8000", "ws", True),  # a program, not a page
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),
        ("http://LOCALHOST:8000", "localhost:8000", "ws", True),
        ("http://pc1:80", "pc1", "ws", True),  # the default port, written or not
        ("https://pc1", "pc1:443", "wss", True),
        ("http://[::1]:8000", "[::1]:8000", "ws", True),
        ("http://evil.example", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:8001", "127.0.0.1:8000", "ws", False),
        ("https://127.0.0.1:8000", "127.0.0.1:8000", "ws", False),
        ("null", "127.0.0.1:8000", "ws", False),
        ("", "127.0.0.1:8000", "ws", False),
        ("file://", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:99999", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:8000/x", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:8000\x1b", "127.0.0.1:8000", "ws", False),
    ],
)
def test_a_websocket_only_from_this_servers_page(origin, host, scheme, allowed):
    problem = origin_problem(origin, host, scheme)
    assert (problem is None) == allowed, problem
    assert problem is None or "\x1b" not in problem


@pytest.mark.parametrize(
    ("host", "loopback", "allowed"),
    [
        ("127.0.0.1:8000", True, True),
        ("localhost:8000", True, True),
        ("[::1]:8000", True, True),
        ("127.1.2.3", True, True),
        ("evil.example:8000", True, False),  # DNS rebinding onto a server for this computer only
        ("192.168.1.5:8000", True, False),
        ("pc1.school.example:8000", False, True),
        ("192.168.1.5", False, True),
        ("\udcff\udcfe:80", False, False),  # not UTF-8 (aiohttp's surrogate escapes)
        ('a"b:80', False, False),
        ("a<script>", False, False),
        ("pc1:99999", False, False),
        ("", False, False),
    ],
)
def test_a_requests_host(host, loopback, allowed):
    assert (request_host_problem(host, loopback_server=loopback) is None) == allowed


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "0.0.0.0", "::", "::1", "fe80::1", "localhost", "pc-1.school.example", "a" * 63, "x."],
)
def test_valid_addresses_and_names_may_be_listened_on(host):
    assert host_problem(host) is None


@pytest.mark.parametrize(
    "host",
    ["", " ", "a" * 64, "a..b", "-pc", "pc-", "a_b", "ünï", "1.2.3.4:80", "[::1"],
)
def test_bad_names_are_refused(host):
    assert host_problem(host) is not None


def test_the_default_cap_is_half_the_memory_at_150_mb_a_game():
    assert default_max_visitors(24 << 30) == 81  # 12 GiB / 150 MiB
    assert default_max_visitors(8 << 30) == 27
    assert default_max_visitors(200 << 20) == 1  # at least one
    assert default_max_visitors(1 << 40) == 200  # at most 200
    assert default_max_visitors(None) == 20


def test_visitors_are_counted_in_all_and_per_address():
    visitors = Visitors(3, per_address=2)
    assert [visitors.admit("a"), visitors.admit("a")] == [None, None]
    assert visitors.admit("a") == "a already has 2 games open (the most per address)"
    assert visitors.admit("b") is None
    assert visitors.admit("c") == "the server is full (3 games at once, --max-visitors)"
    visitors.leave("a")
    assert visitors.refusal("c") is None and visitors.admit("a") is None
    visitors.leave("b")
    assert "b" not in visitors.playing and visitors.playing.total() == 2


@pytest.mark.parametrize(
    ("host", "alone"),
    [
        ("127.1", True),
        ("0x7f.1", True),
        ("2130706433", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("192.0.2.1", False),
        ("no-such-name.invalid", False),
    ],
)
def test_a_server_knows_when_it_listens_on_this_computer_alone(host, alone):
    """The rebinding guard depends on it: 127.1 listens on 127.0.0.1 as surely as 127.0.0.1."""
    from chutes_tui.cli.serveguard import listens_on_loopback

    assert listens_on_loopback(host) is alone
