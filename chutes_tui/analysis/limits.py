"""Every size threshold in one place: how big a board or a request may be before a computation
is done differently, done elsewhere, or refused -- and why.

The numbers were measured on a 2-core machine (see ``benchmarks/``); each says what happens
past it. Front ends name the limit when they refuse something.
"""

from __future__ import annotations

# -- live odds in a game --------------------------------------------------------------------------

# Exact live odds cost a few milliseconds up to about this many states and then grow fast (a
# 10,000-square board needs seconds per move); above it a game runs without them, and says so.
LIVE_ODDS_MAX_STATES = 1_500
# Every state's finishing curves are kept (odds for any position are then a few vector
# operations) when states × turns stays below this many values per curve (two curves of 32 MB);
# otherwise odds are computed from the players' own states. On a 1,000-square board with
# 5,000-turn games keeping them all took 7.7 GiB.
CURVES_MAX_VALUES = 4_000_000
# A two-player table holds states² doubles (4,000² = 128 MB).
TABLE_MAX_STATES = 4_000
# Live odds of the positions most recently asked for are kept (with the chain), this many: a
# game's own positions as it is watched or reviewed (a four-player game on the standard board
# lasts 76 turns on average, one in a hundred over 167), ~0.7 kB each. 100,000 kept for good grew
# `watch --speed max --loop` by 2 MB a minute (3,000 new positions a minute, three players).
ODDS_CACHE_SIZE = 1_000
# The app's square inspector and board overlays solve on the UI thread: beyond this they would
# freeze it for seconds, so the app points to ``chutes-tui inspect`` instead.
INSPECTOR_MAX_STATES = 1_500
# The setup screen's line about the chosen board gives the expected length (one solve on the UI
# thread) up to this many squares; a 100,000-square board took minutes.
PREVIEW_MAX_SQUARES = 10_000

# -- float analysis ------------------------------------------------------------------------------

# One sparse LU of I - Q serves every linear solve on a chain; its fill grows fast with the
# chutes' long edges (0.3 s at 30,000 squares, 1.4 s at 50,000, 10 s and 300 MB at 100,000).
# Above this many states a start's mean and sd come from its series and tail law instead.
SOLVE_MAX_STATES = 30_000
# ... unless no turn moves a piece further than this many states up or down (no long jumps: the
# band of I - Q, whose LU then stays inside it: 0.07 s on a 100,000-square board with a d6, 2 s
# and 10 million entries with a d100), where the series would need the whole game and more (a
# 100,000-square board without jumps: 144,000 turns, and no tail law settled). The LU's work
# grows like states × band²; MAX_DIE is 100, so every board without long jumps is solved.
SOLVE_MAX_BAND = 100

# Under the bump rule the game is one joint chain of every piece's square: two players make
# 13,122 states on the standard board (a sparse LU, under two seconds), three make 1.6 million
# (Gauss–Seidel sweeps: about 23 s CPU and 0.8 GB); four would make 170 million. Monte Carlo
# (simulate --bump) estimates more players.
BUMP_MAX_PLAYERS = 3
# Joint chains up to this many states (resting squares^players × players) are built and solved:
# three players on a 150-square board. Two on a 2,500-square board would be 12.5 million.
BUMP_MAX_STATES = 12_000_000
# ... and where the answer is wanted at once: simulate's exact column beside its estimate.
BUMP_QUICK_PLAYERS = 2
# ... on joint chains up to this many states: two players on a 220-square board with jumps (97,000
# states) take under a second, on 400 squares (318,000) nine.
BUMP_QUICK_STATES = 100_000

# -- drama (analyze --drama: lead changes, comebacks, the decisive turn) ---------------------------

# The joint chain of every seat's piece state and the seat to move, one step a turn, with every
# state's odds: two players on the standard board make 13,122 states (well under a second),
# three 1.6 million (sparse sweeps: one to two minutes); four would make 172 million.
DRAMA_MAX_PLAYERS = 3
DRAMA_MAX_STATES = 2_000_000
# The review screen counts the expected lead changes beside a game's own up to this many joint
# states (two players on the standard board: 13,122, a second), in a worker that cannot stop
# inside a sparse LU; beyond, it names analyze --drama.
DRAMA_QUICK_STATES = 100_000

# A finishing distribution is held turn by turn (its pmf, survival and running sum: 8 bytes each a
# turn). A 100,000-square board with twenty long chutes back near its start plays 824,000-turn
# games on average, and analyze's distribution (to 1e-3) needs 5.7 million turns; with thirty,
# 8.4 million on average and 58 million: refused, naming this limit and the mean (which needs
# no distribution).
DISTRIBUTION_MAX_TURNS = 20_000_000

# -- exact arithmetic -----------------------------------------------------------------------------

# Above this many states an exact two-player fraction takes more than a second or so, too long
# for the app's worker thread (thread workers cannot be interrupted, and quitting waits).
EXACT_IN_APP_MAX_STATES = 120
# The CLI's exact fractions: time grows about as the cube of the states (the autocorrelation's
# primes and polynomials both grow with the degree): 200 squares 1.3-2 s, 400 squares 6-18 s and
# under 200 MB, so 450 states stays under about half a minute.
EXACT_MAX_STATES = 450
# exact --bump: two players' folded joint chain, n² unknowns for n squares to rest on (6,724 on
# the standard board, about 1 s; the work grows like n⁴: the lifting's steps and each step's solve).
EXACT_BUMP_MAX_STATES = 12_000
# ... and its work: bits to find × entries a lifting step touches (exact.bump.lifting_work), about
# 3·10⁻¹¹ s each. The standard board makes 2.9·10¹⁰ (0.9 s), 109 squares with a d6 3.6·10¹⁰ (1.3 s);
# with a 100-face spinner the same 11,881 positions make 1.2·10¹² (half a minute or more): refused.
EXACT_BUMP_MAX_WORK = 2e11
# Certain digits for 3-12 players: each doubling of the rounds summed costs four times the last;
# 300 digits take about 15 s on the standard board. More players cost no more (4.0 s for 6, 3.6 s
# for 12 at 300 digits): everyone's survival shrinks the remainder faster, so fewer rounds do.
ENCLOSURE_MAX_DIGITS = 300
ENCLOSURE_MAX_ROUNDS = 1 << 17
# ``distribution --exact``: the first terms' fractions grow by a factor of d^K a round (about 78
# digits a term for one player with a d6 at 100 rounds); 200 rounds stay within seconds.
EXACT_TERMS_MAX = 200
# ``closed-form``: the transient matrix's characteristic polynomial, factored, the Jordan blocks'
# ranks and every eigenvalue's certified enclosure (FLINT); the root finding grows about as the
# cube of the states: 81 (the standard board) 0.07 s CPU, 162 states 1.7 s, 243 states 3-4 s.
# The extra roll makes the matrix dense and its entries long: 243 states 11 s. The worst case is
# a long Jordan block (the jump-free board: one of size 245 at 250 states): 21 s, 56 s with the
# extra roll (CPU; a progress line shows and Ctrl-C stops it).
CLOSED_FORM_MAX_STATES = 250
# ... and λ's and C's certain digits: a bisection step of λ's polynomial for each 3.3 bits.
CLOSED_FORM_MAX_DIGITS = 200
# The app's spectrum screen works it out in a thread it cannot interrupt (its screen says it is
# working; the result is kept with the board, so reopening waits for it): the standard board
# 0.1 s CPU, but the jump-free board of 160 squares (one Jordan block of size 155) 3 s, and 7.5 s
# with the extra roll.
SPECTRUM_IN_APP_MAX_STATES = 160
# The seed's bounds after M moves: one integer vector, numbers growing with M (10,000: ~10 s).
BOUNDS_MAX_MOVES = 10_000

# -- experiments ----------------------------------------------------------------------------------

# The add-jump sweep needs the dense inverse of the chain and every pair of squares.
ADD_JUMP_MAX_SQUARES = 1_000
# ... under a turn rule of issue 26 each candidate is a new board solved on its own chain (its
# validation and its chain: about 0.1 s on the 1952 board with three sixes and the bounce), so
# the sweep stops at this many candidates (about two minutes there; a longer --min-length
# asks for fewer).
ADD_JUMP_CHAIN_MAX_CANDIDATES = 1_500
# ``chutes-tui design`` and the editor's suggestions keep the dense inverse of the board's jump
# system (one row per square) and update it per candidate: 8 MB and a 0.1 s inversion at 1,000.
DESIGN_MAX_SQUARES = 1_000
# ... but under a rule the jump system does not count (the extra roll, issue 26's turn rules) each
# candidate is a board validated and its own turn chain built, every turn's sub-chain solved:
# 0.05-0.15 s on 100 squares with three sixes and the bounce, 0.23 s on 400 (2-core machine), so
# a minute's search weighs about 250 candidates (ten steps) there; beyond it, too few to search.
DESIGN_CHAIN_MAX_SQUARES = 400
# ... and each step of that search weighs this many moves drawn at random from all of a board's.
DESIGN_CHAIN_SAMPLE = 24
# The editor's suggestion weighs every single-jump edit (about squares² of them) in a thread the
# app cannot interrupt: 300 squares take about half a second.
SUGGEST_MAX_SQUARES = 300
# Another Game: the chain has a state per split of the coins, and long games slow the simulation.
ANOTHER_GAME_MAX_COINS = 30
ANOTHER_GAME_MAX_GAMES = 1_000_000

# -- decisions (issue 27: the strategy solvers) -------------------------------------------------

# One player: policy iteration solves (I - Q_π) V = 1 densely, in floats up to this many reached
# squares, and in exact fractions (FLINT's fmpq_mat) up to the second; the standard board has 82.
STRATEGY_MAX_STATES = 5_000
STRATEGY_EXACT_STATES = 1_000
# ... and every choice's outcome on every state is held and swept (states × dice × faces × options
# × 2): two pawns with a d6 on the standard board make 3,402 states and 81,648 outcomes (2.3 s),
# with a d20 272,160 (5.4 s), with a d50 680,400 (26 s: the sweeps grow too); eight 100-face dice
# would make 10.9 million (killed after 240 s and 2.5 GB).
STRATEGY_MAX_OUTCOMES = 500_000
# Two players: the state is both squares (and whose turn it is), squares² of them. Value
# iteration holds every choice's outcome for each (squares² × dice × faces × options × 2), so
# 40,000 pair states (200 squares) is its bound; the exact evaluation of the policy found is a
# dense rational solve of one unknown per pair state, done up to this many (a 35-square board).
# With pawns a player's state is its pawns' squares: two pawns on tiny-10 make 44 states, 1,936
# pairs (solved, not exactly); on the standard board 3,402, past the bound: estimated instead.
DUEL_MAX_PAIRS = 40_000
# ... and each sweep gathers every choice's outcome on every pair state: 8 bytes each, several
# arrays of them (the standard board with Efron's dice: 6,561 × 96 = 630,000).
DUEL_MAX_OUTCOMES = 8_000_000
DUEL_EXACT_PAIRS = 1_225
# Value iteration on the two-player game gives up after this many sweeps (the standard board
# takes 53; a sweep on 40,000 pair states well under a second) ...
DUEL_MAX_SWEEPS = 20_000
# ... and calls the game endless sooner, once the sweeps repeat with period two: the table two
# sweeps back is met again within the tolerance while consecutive sweeps still differ by more
# than this. The k-th sweep is the game cut after k turns, an unfinished game scored against
# the mover at the cut; a gap between odd and even cuts that stops shrinking is a chance, at
# least this large, that the game is still going however late the cut (tiny-10 with Efron's
# dice, a flip, bump and two pawns: a gap of 0.208 from sweep 155 on, in 0.25 s; games that end
# close their gap below 1e-11 before the tables repeat).
DUEL_ENDLESS_GAP = 1e-6
# Beyond these limits ``strategy`` estimates a game instead (research/estimate.py): this many
# games a figure unless told (--games), every seat playing the one-player optimum; a chance's
# standard error is then at most 0.35 percentage points. Two players of two pawns on the
# standard board: about 1.5 s a figure.
STRATEGY_ESTIMATE_GAMES = 20_000
# Several players each playing for fewest turns: their chances depend on which optimal policy is
# played where dice or options tie exactly. The report ranges each seat's chance over every
# optimal policy up to this many of them (each one's chain and seat odds: the standard board with
# Efron's dice has 1,024, about a millisecond each); beyond it, it says the figure depends on them.
STRATEGY_TIE_POLICIES = 2**12
# ... and a game's live odds are estimated (engine/estimate.py): this many games
# from each position, every seat playing the one-player optimum (a standard error of at most
# 1.1 percentage points). Two players of two pawns on the standard board: about 0.1 s a position.
LIVE_ESTIMATE_GAMES = 2_000

# -- head starts (``chutes-tui fair``) ----------------------------------------------------------

# Every arrangement of the later seats' start squares is weighed (m^(K-1) arrangements × K seats ×
# N turns of curves, one multiply-add each, as matrix products; N as curves_horizon estimates it)
# up to this much work: four players on the standard board make 81³ × 4 × 1,588 = 3.4·10⁹ (under a
# second of CPU); five would make 3.4·10¹¹ (33 s, where the pair search below finds the same best).
FAIR_EXHAUSTIVE_WORK = 5e9
# Beyond it a pair search: each round weighs every pair of later seats over every pair of squares
# (C(K-1, 2) × m² × K × N): twelve players on the standard board make 7.1·10⁹ a round (33 rounds,
# 10 s of CPU); four on a 400-square board 5·10⁹ (a minute); twelve there, 7·10¹¹, are refused.
FAIR_ROUND_WORK = 2e10
