"""How a field is seated (tables of four plus the fewest fives) and the fewest repeat meetings it must have.

A table seats the players of one deal (four at Doppelkopf and Schafkopf, five at Sheepshead) or one more, who sits
out while dealing: a "five-table" (at Sheepshead a six). A field that is no multiple of the ordinary size needs as
many five-tables as the remainder: 13 players are 4 + 4 + 5, 14 are 4 + 5 + 5, 15 are 5 + 5 + 5. Some small fields
cannot be seated at all (at fours and fives: 1, 2, 3, 6, 7 and 11 players).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence

from scorekeeper.engine.tournament_presets import PRESETS

from .words import DrawError

# How many play each deal at a tournament table of each game: the smallest table its presets seat (the dealer of a
# bigger one sits out), which is the same for every preset of a game.
GAMES = {preset.game: min(preset.games) for preset in PRESETS.values()}
DEFAULT_GAME = PRESETS["ddv"].game  # a draw is for the DDV's game unless told


def ordinary_size(game: str) -> int:
    if game not in GAMES:
        raise DrawError("unknown_game", game=game, known=", ".join(GAMES))
    return GAMES[game]


def seatable(players: int, base: int) -> bool:
    return players >= base and players - (base + 1) * (players % base) >= 0


def table_sizes(players: int, game: str = DEFAULT_GAME) -> list[int]:
    """The tables of one round, ordinary ones first: as many as possible, then one bigger table per player over.

    >>> table_sizes(13)
    [4, 4, 5]
    """
    base = ordinary_size(game)
    if not seatable(players, base):
        more = next(n for n in range(players + 1, players + 2 * base * base) if seatable(n, base))
        fewer = next((n for n in range(players - 1, 0, -1) if seatable(n, base)), 0)
        sizes = f"{base} and {base + 1}"
        if base + 1 < players < 2 * base:  # 6 or 7 at fours: one table plays, and byes are the director's to give
            raise DrawError("field_one_table", players=players, missing=2 * base - players, two=2 * base,
                            byes=players - base - 1, one=base + 1)  # fmt: skip
        if not fewer:
            raise DrawError("field_too_small", players=players, sizes=sizes, least=more)
        raise DrawError("field_cannot_be_seated", players=players, sizes=sizes, fewer=fewer, more=more)
    big = players % base
    return [base] * ((players - (base + 1) * big) // base) + [base + 1] * big


def lower_bound(players: int, rounds: int, game: str = DEFAULT_GAME) -> int:
    """The fewest repeat meetings any draw of this field over this many rounds can have.

    A repeat is a pair meeting again: a pair that met three times counts two. Two counts give the bound, the larger
    one wins (both are exact for many fields, e.g. 8 × 3, 12 × 3 and 16 × 6):

    - counting: a player at a table of four meets 3 others a round; over more rounds than the field has others to
      meet, someone must be met again (:func:`counting_bound`);
    - pigeonholes: when a round has fewer tables than a table has seats, the players of one table in the next round
      cannot all come from different tables of this one (:func:`coincidence_bound`);
    - five-tables: nobody sits at a five-table more often than necessary, so the players of one round's five-tables
      have few tables to spread over in another round (:func:`five_table_bound`).
    """
    sizes = table_sizes(players, game)
    base = ordinary_size(game)
    slack = [players - 1 - (base - 1) * rounds] * players
    big_seats = sum(size for size in sizes if size > base) * rounds
    return max(
        counting_bound(slack, rounds, big_seats),
        coincidence_bound(sizes, rounds),
        five_table_bound(sizes, rounds, base),
    )


def counting_bound(slack: Sequence[int], rounds: int, big_seats: int) -> int:
    """The repeats forced by counting, for rounds still to play.

    ``slack[p]``: how many players p can still meet for the first time, less the meetings p will have at ordinary
    tables in these rounds (negative when p must meet that many again); ``big_seats``: the five-table seats of
    these rounds, each one meeting more. A five-table seat is a repeat unless it goes to a player with slack left.
    Each repeat is counted by both players of the pair, hence the half.
    """
    excess = sum(max(0, -s) for s in slack)
    room = sum(min(rounds, max(0, s)) for s in slack)
    return math.ceil((excess + max(0, big_seats - room)) / 2)


def coincidence_bound(sizes: Sequence[int], rounds: int) -> int:
    """The repeats forced because any two rounds share at least :func:`least_shared` pairs.

    A pair that meets m times is shared by m(m-1)/2 pairs of rounds and counts m - 1 repeats; so E repeats cover the
    most pairs of rounds when they are pairs meeting in every round. The bound is the least E that covers them all.
    """
    if rounds < 2:
        return 0
    needed = math.comb(rounds, 2) * least_shared(tuple(sorted(sizes)))
    repeats = 0
    while covered(repeats, rounds) < needed:
        repeats += 1
    return repeats


def covered(repeats: int, rounds: int) -> int:
    whole, rest = divmod(repeats, rounds - 1)
    return whole * math.comb(rounds, 2) + math.comb(rest + 1, 2)


@functools.cache
def least_shared(sizes: tuple[int, ...]) -> int:
    """The fewest pairs that sit together in two rounds with these tables: spreading each table of the second round
    over the tables of the first as evenly as their seats allow. None at all with at least as many tables as a
    table has seats."""
    if len(sizes) >= max(sizes):
        return 0
    return least_together(sizes, sizes)


def five_table_bound(sizes: Sequence[int], rounds: int, base: int) -> int:
    """The repeats forced by the five-tables (at Sheepshead the six-tables), given that nobody sits at one more
    often than necessary, that is more than ``most`` times: the total five-table seats shared out, rounded up.

    The players at the five-tables of round i sit at the tables of round j; when there are fewer tables for them
    than a five-table has players, some pairs of them sit together again (at least :func:`least_together`): a
    "need" of the ordered pair of rounds (i, j). A pair that meets m times sits at a five-table together in at most
    ``most`` of those rounds and so covers at most ``most`` · (m - 1) needs, with m - 1 repeats. Hence at least
    (the needs of all ordered pairs of rounds) / ``most`` repeats. When ``most`` is 1 the five-tables of different
    rounds share nobody, so the five-table players of round i sit only at the ordinary tables of round j: 17
    players over 3 rounds (4 4 4 5) then have 5 players for 3 tables, 2 pairs a need, 12 repeats at least.
    """
    big = tuple(size for size in sizes if size > base)
    if rounds < 2 or not big:
        return 0
    most = math.ceil(sum(big) * rounds / sum(sizes))
    tables = tuple(sorted(size for size in sizes if most > 1 or size == base))
    if len(tables) >= max(big):  # each five-table spreads over tables of its own, as they seat more than len(big)
        return 0
    return math.ceil(rounds * (rounds - 1) * least_together(big, tables) / most)


@functools.cache
def least_together(rows: tuple[int, ...], tables: tuple[int, ...]) -> int:
    """The fewest pairs of one row that sit at one table, when the players of each row (a table of one round) are
    seated at ``tables`` (another round's, each seating at most its size): every row spread as evenly as the seats
    left allow."""

    @functools.cache
    def least(row: int, seats_left: tuple[int, ...]) -> int:
        if row == len(rows):
            return 0
        return min(
            sum(math.comb(k, 2) for k in split) + least(row + 1, tuple(map(operator.sub, seats_left, split)))
            for split in splits(rows[row], seats_left)
        )

    return least(0, tables)


def splits(total: int, limits: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to split ``total`` into parts no larger than ``limits``."""
    if not limits:
        return [()] if total == 0 else []
    return [(k, *rest) for k in range(min(total, limits[0]) + 1) for rest in splits(total - k, limits[1:])]
