"""Drama (issue 28): the joint chain's expected lead changes, comeback chance and decisive turn
against every game of tiny boards enumerated from the rules' text (tests/dramaref.py), against
the exact two-player fraction, and against games played at random, the favourite read from odds
worked out apart from the joint chain."""

from __future__ import annotations

import math

import numpy as np
import pytest

from chutes_tui.analysis import build_chain
from chutes_tui.analysis.drama import NO_FAVOURITE, decisions, drama, expected_lead_changes
from chutes_tui.analysis.dramachain import DramaError, drama_chain
from chutes_tui.analysis.multi import two_player_table
from chutes_tui.exact.drama import exact_decisions, exact_lead_changes, game_drama
from chutes_tui.model.board import Board
from tests.dramaref import enumerate_games, joint_odds_in_floats
from tests.independent import reference_move, transient_squares

# Tiny boards with something to count: a comeback for two (a d2 bouncing off the end below a
# chute), three seats, exact ties of the odds (decided by fractions), the bump rule.
COMEBACK = Board(6, die=2, jumps=((4, 0), (2, 3)), end_rule="bounce")
THREE = Board(7, jumps=((2, 5), (6, 1)), end_rule="reach")
TIES = Board(7, jumps=((5, 0), (2, 4)), end_rule="reach")
TIES_OF_THREE = Board(7, die=2, end_rule="reach")  # 0.5 each for two seats, exactly
BUMPED = Board(6, die=2, jumps=((4, 0), (2, 3)), end_rule="bounce", bump=True)


def _agree(board, players, positions=None, to_move=0):
    want = enumerate_games(board, players, positions, to_move)
    got = game_drama(board, players, positions, to_move)
    assert want.unfinished < 1e-14
    assert got.lead_changes == pytest.approx(want.lead_changes, abs=1e-12)
    assert got.comeback == pytest.approx(want.comeback, abs=1e-12)
    pmf = got.decisive.pmf
    for t in range(max(len(pmf), max(want.decisive) + 1)):
        p = pmf[t] if t < len(pmf) else 0.0
        assert p == pytest.approx(want.decisive.get(t, 0.0), abs=1e-13), t
    mean = math.fsum(t * p for t, p in want.decisive.items())
    assert got.decisive.mean == pytest.approx(mean, abs=1e-12)
    assert got.decisive_mean_solved == pytest.approx(mean, abs=1e-12)
    assert got.error < 1e-11
    return got, want


@pytest.mark.parametrize(
    ("board", "players", "positions", "to_move"),
    [
        (COMEBACK, 2, None, 0),
        (COMEBACK, 2, (3, 0), 1),
        (THREE, 3, None, 0),
        (THREE, 3, (1, 0, 5), 2),
        (TIES, 2, None, 0),
        (TIES_OF_THREE, 3, None, 0),
        (BUMPED, 2, None, 0),
        (THREE.replace(bump=True), 3, None, 0),
    ],
)
def test_every_game_of_a_tiny_board_enumerated_gives_the_same_figures(board, players, positions, to_move):
    _, want = _agree(board, players, positions, to_move)
    assert want.lead_changes > 0.25  # something to count


def test_the_tiny_boards_have_what_they_are_there_for():
    assert enumerate_games(COMEBACK, 2, decisive_law=False).comeback > 0.04
    assert enumerate_games(THREE, 3, decisive_law=False).comeback > 0.08
    chain = drama_chain(TIES, 2)
    floats = decisions(chain.chance)
    assert floats.unsure.size  # odds the floats cannot tell from a tie …
    decided = exact_decisions(chain, floats)
    assert (decided.favourite[floats.unsure] == NO_FAVOURITE).any()  # … some of them exact ties
    chain = drama_chain(TIES_OF_THREE, 3)  # three: the enclosures are points where games end
    floats = decisions(chain.chance)
    decided = exact_decisions(chain, floats)
    assert floats.unsure.size and (decided.favourite[floats.unsure] == NO_FAVOURITE).any()


def test_the_exact_fraction_of_two_players_is_the_floats_and_the_enumeration():
    for board in (COMEBACK, TIES, Board(10, jumps=((4, 7), (9, 2)), end_rule="exact")):
        chain = drama_chain(board, 2)
        decided = exact_decisions(chain, decisions(chain.chance))
        exact = exact_lead_changes(chain, decided)
        enumerated = enumerate_games(board, 2, decisive_law=False).lead_changes
        assert float(exact) == pytest.approx(enumerated, abs=1e-12)
        assert float(exact) == pytest.approx(drama(chain, decided, chain.start()).lead_changes, abs=1e-12)
        alone, error = expected_lead_changes(chain, decided, chain.start())  # the review's one solve
        assert float(exact) == pytest.approx(alone, abs=1e-12) and error < 1e-11


@pytest.fixture(scope="module")
def standard_drama(standard):
    """The standard board's joint chain for two, its favourites and its drama in floats (1.4 CPU-s,
    its LUs): worked out once for the two tests that check it (one ``xdist_group``: one process)."""
    chain = drama_chain(standard, 2)
    decided = decisions(chain.chance)
    return chain, decided, drama(chain, decided, chain.start())


@pytest.mark.xdist_group("drama-standard")
def test_the_standard_boards_exact_fraction_is_the_floats(standard_drama):
    chain, decided, floats = standard_drama
    assert not decided.unsure.size and not decided.close.size
    exact = exact_lead_changes(chain, decided)
    assert abs(float(exact) - floats.lead_changes) <= max(floats.error, 1e-12)
    assert floats.error < 1e-10
    assert float(exact) == pytest.approx(7.100151847279398, abs=1e-12)


def _played(board, players, chance_of, games, seed):
    """``games`` games at random: each one's lead changes, whether its winner came back, its
    decisive turn. ``chance_of(positions, mover)``: every seat's chances (games × players)."""
    squares = transient_squares(board)
    faces = np.array(board.die.values)
    table = {(s, m): reference_move(board, s, int(m)) for s in squares for m in faces}
    step = np.full((board.end + 1, faces.max() + 1), board.end)
    for (s, m), dest in table.items():
        step[s, m] = dest
    rng = np.random.default_rng(seed)
    pos = np.full((games, players), board.start)
    mover = np.zeros(games, dtype=int)
    live = np.ones(games, dtype=bool)
    odds = chance_of(pos, mover)
    favourite = _favourites(odds)
    below = odds < 0.1
    changes = np.zeros(games, dtype=int)
    decisive = np.zeros(games, dtype=int)
    comeback = np.zeros(games, dtype=bool)
    turn = 0
    while live.any():
        turn += 1
        idx = np.flatnonzero(live)
        rolls = rng.choice(faces, size=idx.size, p=board.face_probabilities)
        here = pos[idx, mover[idx]]
        dest = step[here, rolls]
        won = dest == board.end
        winners, seats = idx[won], mover[idx[won]]
        changed = favourite[winners] != seats
        changes[winners] += changed
        decisive[winners[changed]] = turn
        comeback[winners] = below[winners, seats]
        live[winners] = False
        going = idx[~won]
        pos[going, mover[going]] = dest[~won]
        mover[going] = (mover[going] + 1) % players
        odds = chance_of(pos[going], mover[going])
        now = _favourites(odds)
        changed = now != favourite[going]
        changes[going] += changed
        decisive[going[changed]] = turn
        favourite[going] = now
        below[going] |= odds < 0.1
    return changes, comeback, decisive


def _favourites(odds):
    ordered = np.sort(odds, axis=1)
    return np.where(ordered[:, -1] > ordered[:, -2], np.argmax(odds, axis=1), NO_FAVOURITE)


def _within_four_sigma(sample, value):
    se = sample.std(ddof=1) / math.sqrt(sample.size)
    assert abs(sample.mean() - value) < 4 * se, (sample.mean(), value, se)


@pytest.mark.xdist_group("drama-standard")
def test_standard_board_two_players_against_games_played_at_random(standard, standard_drama):
    chain = build_chain(standard)
    table = two_player_table(chain).matrix  # the mover's chance, from the finishing curves
    index = np.full(standard.end + 1, -1)
    for s in transient_squares(standard):
        index[s] = chain.state(s)

    def chance_of(pos, mover):
        a, b = index[pos[:, 0]], index[pos[:, 1]]
        first = np.where(mover == 0, table[a, b], 1.0 - table[b, a])
        return np.column_stack([first, 1.0 - first])

    changes, comeback, decisive = _played(standard, 2, chance_of, 20_000, seed=28)
    got = standard_drama[2]  # game_drama(standard, 2): no favourite there is left to the fractions
    _within_four_sigma(changes, got.lead_changes)
    _within_four_sigma(comeback.astype(float), got.comeback)
    _within_four_sigma(decisive, got.decisive.mean)
    _within_four_sigma((decisive == 0).astype(float), got.decisive.pmf[0])
    median = got.decisive.median
    _within_four_sigma((decisive <= median).astype(float), 1.0 - got.decisive.survival[median])


def test_three_players_against_games_played_at_random():
    board = Board(15, jumps=((14, 2), (3, 12), (9, 1)), end_rule="reach")
    odds = np.zeros((board.end + 1,) * 3 + (3, 3))
    for (pos, m), x in joint_odds_in_floats(board, 3).items():  # a solve from the rules' words
        odds[(*pos, m)] = x

    def chance_of(pos, mover):
        return odds[pos[:, 0], pos[:, 1], pos[:, 2], mover]

    changes, comeback, decisive = _played(board, 3, chance_of, 20_000, seed=3)
    got = game_drama(board, 3)
    assert got.comeback > 0.1
    _within_four_sigma(changes, got.lead_changes)
    _within_four_sigma(comeback.astype(float), got.comeback)
    _within_four_sigma(decisive, got.decisive.mean)


@pytest.mark.parametrize(
    ("board", "players", "words"),
    [
        (Board(10), 1, "2-3 players"),
        (Board(10), 4, "2-3 players"),
        (Board(10, bump=True, extra_roll=True), 2, "extra roll"),
        (Board(400), 3, "DRAMA_MAX_STATES"),
    ],
)
def test_games_beyond_the_joint_chain_are_refused_in_one_line_naming_the_limit(board, players, words):
    with pytest.raises(DramaError, match=words) as refused:
        drama_chain(board, players)
    assert "\n" not in str(refused.value)
