"""The tournament draw: who sits at which table, in which seat, in every round. Pure Python, no Django.

    from leagues.tournaments.rules.draw import plan
    drawn = plan(["Anna", "Bert", …], rounds=5, seed=20260314)
    drawn.next_round          # the round to announce: tables, each in seat order
    drawn.stats.repeats       # pairs meeting again, over the whole tournament

What the draw does, for a tournament director:

- It plans all remaining rounds at once, so that the last rounds do not have to seat players together again because
  the first rounds used up the good tables (a draw one round at a time does that at exactly the field sizes clubs
  use most: 16 players over 4 or 5 rounds). Only the next round is announced; after a withdrawal, a late arrival or
  a director's swap the rest is planned again from the rounds played, which never change.
- Tables seat four (Doppelkopf, Schafkopf) plus as many tables of five, where the dealer sits out, as the field
  needs (13 players: 4 + 4 + 5); Sheepshead seats five plus sixes. Tables are numbered ordinary ones first.
  Nobody sits at a five-table more often than necessary: the five-table seats go round (:mod:`.fields`).
- Nobody meets anybody twice if that can be helped; where it cannot, the plan shows how close it came to the
  fewest repeats any plan of this field could have (:func:`lower_bound`). A fresh draw of 16, 32 or 64 players
  starts from a known perfect draw (:mod:`.designs`), every other draw from a greedy one; a tabu search then
  improves all remaining rounds together (:mod:`.search`) until it reaches the lower bound or its budget.
- Seat 1 deals first and the last seat keeps the list; every player gets each seat about equally often
  (:mod:`.seating`).
- The same field, rounds played, wishes and seed always give the same plan (the search counts its steps; it never
  looks at the clock), so a draw can be checked afterwards from its recorded seed.
- A director can fix a player to one table for every round (limited mobility) and keep pairs apart in round 1
  (same household, same club).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from . import designs, fields, search, seating
from .fields import DEFAULT_GAME, lower_bound, table_sizes
from .words import DrawError

__all__ = ["DrawError", "DrawStats", "Plan", "Round", "Table", "lower_bound", "plan", "stats", "table_sizes"]

Table = tuple[str, ...]
"""The players of one table in seat order: seat 1 deals first, the last seat keeps the list."""
Round = tuple[Table, ...]
"""The tables of one round: table 1, table 2, …"""

MOST_ROUNDS = 99
SWAPS_WEIGHED = 300_000  # the search's budget: swaps it may weigh up (under a second on a slow machine)


@dataclass(frozen=True, slots=True)
class DrawStats:
    """What the draw page shows about a plan (or about the rounds played so far).

    ``meetings`` has every pair that met, as (first, second) in alphabetical order. ``repeats`` counts meetings
    beyond each pair's first (a pair that met three times counts two). ``five_seats`` counts each player's seats at
    a five-table (Sheepshead: a six-table), ``seats`` how often each player sat in seat 1, 2, ….
    """

    meetings: Mapping[tuple[str, str], int]
    repeats: int
    max_meetings: int
    five_seats: Mapping[str, int]
    seats: Mapping[str, tuple[int, ...]]

    @property
    def repeated(self) -> dict[tuple[str, str], int]:
        """The pairs that met more than once, with how often: the repeat meetings the page lists."""
        return {pair: count for pair, count in self.meetings.items() if count > 1}


@dataclass(frozen=True, slots=True)
class Plan:
    """Every round of the tournament: the ``played`` rounds as they were played, then the planned ones.

    ``lower_bound`` is the fewest repeats any plan could have given the rounds played (:func:`lower_bound` for a
    fresh field); ``stats`` describes the whole plan.
    """

    rounds: tuple[Round, ...]
    played: int
    seed: int
    game: str
    lower_bound: int
    stats: DrawStats

    @property
    def next_round(self) -> Round | None:
        """The round to announce now, or None once every round is played."""
        return self.rounds[self.played] if self.played < len(self.rounds) else None


def plan(
    players: Sequence[str],
    rounds: int,
    *,
    seed: int,
    played: Sequence[Sequence[Sequence[str]]] = (),
    fixed: Mapping[str, int] | None = None,
    apart_in_first_round: Sequence[tuple[str, str]] = (),
    game: str = DEFAULT_GAME,
) -> Plan:
    """Plan the tournament of ``rounds`` rounds for the field ``players``.

    ``played``: the rounds played so far (tables of players, in seat order), kept exactly; they count towards who
    met whom, the five-table seats and the seats, and may name players who have withdrawn since. ``fixed`` pins a
    player to a table number (1, 2, …) in every planned round. ``apart_in_first_round`` lists pairs who must not sit
    together in round 1 (ignored once round 1 is played). Raises :class:`DrawError` for a field that cannot be
    seated, a bad fixed table, or pairs that cannot all be kept apart.
    """
    names = sorted(players)
    for first, second in itertools.pairwise(names):
        if first == second:
            raise DrawError("duplicate_player", player=first)
    if not max(1, len(played)) <= rounds <= MOST_ROUNDS:
        raise DrawError("rounds_out_of_range", rounds=rounds, played=len(played), most=MOST_ROUNDS)
    sizes = table_sizes(len(names), game)
    base = fields.ordinary_size(game)
    history = stats(played, game)
    number = {name: i for i, name in enumerate(names)}
    pinned = check_fixed(fixed or {}, number, sizes)
    apart = [] if played else check_apart(apart_in_first_round, number, pinned)
    least = least_repeats(names, sizes, base, rounds - len(played), history)
    problem = search.Problem(
        players=len(names),
        sizes=sizes,
        rounds=rounds - len(played),
        base=base,
        met=[[history.meetings.get(pair_key(p, q), 0) for q in names] for p in names],
        big_seats=[history.five_seats.get(name, 0) for name in names],
        fixed=pinned,
        apart=apart,
        least_repeats=least - repeats_beyond(history, number.keys()),
        budget=SWAPS_WEIGHED,
    )
    rng = random.Random(seed)
    designed = [] if played or len(set(sizes)) > 1 else relabelled(designs.designed_rounds(len(names)), rng)
    tables = search.search(problem, rng, designed)
    for p, q in apart:
        if any(p in table and q in table for table in tables[0]):
            raise DrawError("apart_impossible", first=names[p], second=names[q], tables=len(sizes))
    ordered = seating.seat(tables, seat_counts(history, names, base + 1), base, rng)
    every_round = tuple(tuple(tuple(table) for table in tables) for tables in played) + tuple(
        tuple(tuple(names[p] for p in table) for table in tables) for tables in ordered
    )
    return Plan(every_round, len(played), seed, game, least, stats(every_round, game))


def stats(rounds: Sequence[Sequence[Sequence[str]]], game: str = DEFAULT_GAME) -> DrawStats:
    """Who met whom how often, the five-table seats and the seats of these rounds (a plan's, or those played)."""
    base = fields.ordinary_size(game)
    meetings: dict[tuple[str, str], int] = {}
    five_seats: dict[str, int] = {}
    seats: dict[str, list[int]] = {}
    for r, tables in enumerate(rounds, start=1):
        seen: set[str] = set()
        for table in tables:
            for s, player in enumerate(table):
                if player in seen:
                    raise DrawError("player_twice_in_round", player=player, round=r)
                seen.add(player)
                row = seats.setdefault(player, [])
                row.extend([0] * (s + 1 - len(row)))
                row[s] += 1
                five_seats[player] = five_seats.get(player, 0) + (len(table) > base)
            for first, second in itertools.combinations(table, 2):
                key = pair_key(first, second)
                meetings[key] = meetings.get(key, 0) + 1
    width = max((len(row) for row in seats.values()), default=0)
    return DrawStats(
        meetings=dict(sorted(meetings.items())),
        repeats=sum(m - 1 for m in meetings.values()),
        max_meetings=max(meetings.values(), default=0),
        five_seats=dict(sorted(five_seats.items())),
        seats={player: tuple(row + [0] * (width - len(row))) for player, row in sorted(seats.items())},
    )


def repeats_beyond(history: DrawStats, field: Iterable[str]) -> int:
    """The repeats played with a player who is no longer in the field: settled, out of the search's reach."""
    current = set(field)
    return sum(m - 1 for (first, second), m in history.meetings.items() if not {first, second} <= current)


def seat_counts(history: DrawStats, names: Sequence[str], width: int) -> list[list[int]]:
    """How often each player sat in each seat in the rounds played, as a row as wide as the widest table."""
    width = max([width, *(len(row) for row in history.seats.values())])
    return [[*history.seats.get(name, ()), *[0] * width][:width] for name in names]


def pair_key(first: str, second: str) -> tuple[str, str]:
    return (first, second) if first < second else (second, first)


def check_fixed(fixed: Mapping[str, int], number: Mapping[str, int], sizes: Sequence[int]) -> dict[int, int]:
    """The fixed tables as player number → table index (0-based), checked."""
    pinned: dict[int, int] = {}
    for name, table in sorted(fixed.items()):
        if name not in number:
            raise DrawError("unknown_player", player=name)
        if not 1 <= table <= len(sizes):
            raise DrawError("no_such_table", player=name, table=table, tables=len(sizes))
        pinned[number[name]] = table - 1
    for t, size in enumerate(sizes):
        count = sum(1 for table in pinned.values() if table == t)
        if count > size:
            raise DrawError("fixed_table_overfull", count=count, table=t + 1, size=size)
    return pinned


def check_apart(
    pairs: Sequence[tuple[str, str]], number: Mapping[str, int], pinned: Mapping[int, int]
) -> list[tuple[int, int]]:
    """The pairs to keep apart as player numbers, checked."""
    apart = set()
    for first, second in pairs:
        for name in (first, second):
            if name not in number:
                raise DrawError("unknown_player", player=name)
        if first == second:
            raise DrawError("apart_same_player", player=first)
        p, q = sorted((number[first], number[second]))
        if p in pinned and pinned.get(q) == pinned[p]:
            raise DrawError("apart_fixed_together", first=first, second=second)
        apart.add((p, q))
    return sorted(apart)


def least_repeats(names: Sequence[str], sizes: Sequence[int], base: int, planned: int, history: DrawStats) -> int:
    """The fewest repeats the whole tournament can have after the rounds played: those played, or more by
    :func:`lower_bound`'s counts, the first over everybody who ever played (a player who withdrew meets nobody
    new), the others over the rounds still to play."""
    current = set(names)
    met_before: dict[str, set[str]] = {}
    meetings_before: dict[str, int] = {}
    for (first, second), count in history.meetings.items():
        for p, q in ((first, second), (second, first)):
            met_before.setdefault(p, set()).add(q)
            meetings_before[p] = meetings_before.get(p, 0) + count
    slack = []
    for name in sorted(current | met_before.keys()):
        others = met_before.get(name, set())
        can_meet = len(names) - 1 + len(others - current) if name in current else len(others)
        meets = meetings_before.get(name, 0) + ((base - 1) * planned if name in current else 0)
        slack.append(can_meet - meets)
    big_seats = sum(size for size in sizes if size > base) * planned
    counted = fields.counting_bound(slack, planned, big_seats)
    # the five-table count needs everybody's five-table seats to be shared out afresh: only before round 1
    five_tables = fields.five_table_bound(sizes, planned, base) if not history.meetings else 0
    return max(history.repeats, counted, fields.coincidence_bound(sizes, planned), five_tables)


def relabelled(rounds: list[list[list[int]]], rng: random.Random) -> list[list[list[int]]]:
    """A perfect draw with the players numbered afresh and its rounds in a new order, both from the seed."""
    players = sorted(p for table in rounds[0] for p in table) if rounds else []
    rng.shuffle(players)
    renamed = [[sorted(players[p] for p in table) for table in tables] for tables in rounds]
    rng.shuffle(renamed)
    return renamed
