"""Who sits at each seat: a name, a token, a colour, and whether a person rolls for them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from chutes_tui.model.inputs import MAX_PLAYERS, InputError, player_count, player_name, player_spec

# One token and one colour per seat (``MAX_PLAYERS``). The tokens are single-cell shapes from
# the WGL4 set every common terminal font draws, none wide as an emoji, and each a different
# shape (filled and hollow circles differ), so seats are told apart without colour (NO_COLOR).
TOKENS = ("●", "▲", "■", "◆", "★", "♥", "♠", "♣", "▼", "○", "♪", "☼")
# Hues far apart; any of them is kept readable on a square by render/palette.py's legible().
COLORS = (
    "red",
    "dodger_blue1",
    "gold1",
    "medium_orchid",
    "spring_green2",
    "dark_orange",
    "turquoise2",
    "hot_pink",
    "chartreuse2",
    "slate_blue1",
    "tan",
    "grey70",
)
# Short names (at most 8 characters: "Lovelace·cpu" fits the players table).
COMPUTER_NAMES = (
    "Robo",
    "Ada",
    "Turing",
    "Lovelace",
    "Hopper",
    "Knuth",
    "Dijkstra",
    "Liskov",
    "Hamilton",
    "Shannon",
    "Babbage",
    "Johnson",
)


class Play(StrEnum):
    """How a computer player chooses on a board with decisions (issue 27; a person chooses for
    themselves, and on a board without decisions there is nothing to choose)."""

    BEST = "best"  # the solver's optimal policy (engine/advice.py says which)
    NAIVE = "naive"  # always the first die; never flip, always forward


# What the seat kinds are called where players are typed (``cpu:best``) and chosen (setup).
PLAY_HELP = (
    "cpu:best plays the solver's optimum (one player: fewest expected turns; two: the most wins; "
    "more: each its own fewest turns), cpu:naive always the first die and never flips or goes back"
)


class PlayersError(InputError):
    """Players that cannot sit down together (a count, a name, a token or colour)."""


@dataclass(frozen=True)
class PlayerSpec:
    """Who sits at a seat: a name, a glyph and colour, and whether a person rolls for them.

    Constructing one checks it: the name by :func:`~chutes_tui.model.inputs.player_name`, the
    token and colour against :data:`TOKENS` and :data:`COLORS`.
    """

    name: str
    token: str = TOKENS[0]
    color: str = COLORS[0]
    human: bool = True
    play: Play = Play.BEST  # a computer's choices (:class:`Play`)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", player_name(self.name))
        if self.token not in TOKENS:
            raise PlayersError(f"a token is one of {' '.join(TOKENS)}")
        if self.color not in COLORS:
            raise PlayersError(f"a colour is one of {', '.join(COLORS)}")
        if not isinstance(self.human, bool):
            raise PlayersError("whether a person plays must be true or false")
        if self.play not in tuple(Play):
            raise PlayersError(f"a computer plays {' or '.join(Play)}")
        object.__setattr__(self, "play", Play(self.play))

    @property
    def naive(self) -> bool:
        """A computer that plays naive (a person chooses for themselves)."""
        return not self.human and self.play is Play.NAIVE


def check_count(count: int) -> int:
    if not 1 <= count <= MAX_PLAYERS:
        raise PlayersError(f"a game has 1 to {MAX_PLAYERS} players, not {count}")
    return count


def check_players(specs: Sequence[PlayerSpec]) -> None:
    """Players who can sit down together: 1 to ``MAX_PLAYERS`` of them, each with a token of
    their own (two pieces that look alike cannot be told apart on the board)."""
    check_count(len(specs))
    tokens = [spec.token for spec in specs]
    shared = sorted({token for token in tokens if tokens.count(token) > 1})
    if shared:
        raise PlayersError(f"two players cannot share a token ({' '.join(shared)}): give each its own")


def default_players(count: int, humans: int = 0, names: Sequence[str] = ()) -> list[PlayerSpec]:
    """``count`` players with distinct tokens and colours; the first ``humans`` are people."""
    check_count(count)
    players = []
    for seat in range(count):
        human = seat < humans
        name = names[seat] if seat < len(names) else (f"Player {seat + 1}" if human else COMPUTER_NAMES[seat])
        players.append(PlayerSpec(name, TOKENS[seat], COLORS[seat], human))
    return players


def seats_of(text: str, humans: int = 0) -> list[PlayerSpec]:
    """Seats as a command line gives them: a bare number ``N`` is that many seats, the first
    ``humans`` people and the rest computers (``play --players 3``: you and two computers;
    ``watch --players 4``: four computers); anything else names them (:func:`parse_player_spec`)."""
    if text.strip().lstrip("+-").isdigit():  # a count (-3 and 0 refused as one, not as names)
        return default_players(player_count(text), humans=humans)
    return parse_player_spec(text)


def parse_player_spec(text: str) -> list[PlayerSpec]:
    """``"Ann,Bob,cpu:Robo"`` → two people and a computer player, with distinct tokens.

    ``cpu:best`` and ``cpu:naive`` (alone, or ``cpu:best:Robo`` to name it) seat a computer that
    plays that way (:class:`Play`; named ``Best``/``Naive`` when not named)."""
    players = []
    for seat, (name, human) in enumerate(player_spec(text)):
        play = Play.BEST
        if not human:
            kind, _, rest = name.partition(":")
            if kind.strip().lower() in tuple(Play):
                play = Play(kind.strip().lower())
                name = player_name(rest.strip() or play.capitalize())
        players.append(PlayerSpec(name, TOKENS[seat], COLORS[seat], human, play))
    return players
