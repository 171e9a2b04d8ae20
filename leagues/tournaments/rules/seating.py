"""The seat order at each table: seat 1 deals first, the last seat keeps the list.

Once the tables are drawn, each table of each planned round is put in the order that gives its players the seats
they have had least often (the rounds played count too), one table at a time and over and over until no table's
order changes. What that leaves uneven is evened out along chains: if Anna has had seat 1 twice more than seat 3,
she takes seat 3 at one of her tables and its seat-3 player takes seat 1; that player gives seat 1 up at another of
their tables, and so on, until the chain reaches a player who had seat 3 more often than seat 1. On a fresh draw
such a chain always exists, so every player ends with each seat as often as any other, give or take one (a seat
that only five-tables have aside). After rounds played it may not; then the tables are shuffled among their best
orders and the chains tried again, a few times, keeping the most even result.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

Counts = list[list[int]]  # counts[player][seat]: how often the player sat there (seat 0 deals first)
Rounds = list[list[list[int]]]

PASSES = 20  # rounds of putting each table in its best order, at most (they stop when nothing changes)
SHAKES = 30  # fresh starts for the chains, at most, when the rounds played leave some player uneven


def seat(rounds: Rounds, counts: Counts, base: int, rng: random.Random) -> Rounds:
    """The planned rounds with every table in seat order. ``counts``: the seats of the rounds played; ``base``: the
    seats every table has (a five-table's fifth seat is left out of the evenness check)."""
    counts = [row[:] for row in counts]
    ordered = [[table[:] for table in tables] for tables in rounds]
    for tables in ordered:
        for table in tables:
            for s, p in enumerate(table):
                counts[p][s] += 1
    for _ in range(PASSES):
        changed = False
        for tables in ordered:
            for t, table in enumerate(tables):
                best = best_order(table, counts)
                if best != table:
                    tables[t] = best
                    changed = True
        if not changed:
            break
    even_out(ordered, counts)
    best_score, best_ordered = score(counts), [[table[:] for table in tables] for tables in ordered]
    for _ in range(SHAKES):
        if all(max(row[:base]) - min(row[:base]) <= 1 for row in counts):
            break
        shake(ordered, counts, rng)
        even_out(ordered, counts)
        if score(counts) < best_score:
            best_score, best_ordered = score(counts), [[table[:] for table in tables] for tables in ordered]
    return best_ordered


def score(counts: Counts) -> int:
    """Lower is more even: a seat had twice counts 4, two seats had once count 2."""
    return sum(c * c for row in counts for c in row)


def shake(ordered: Rounds, counts: Counts, rng: random.Random) -> None:
    """Every table in an order drawn from its best few, so that the chains can start from somewhere new (the rounds
    played can leave a player no chain at all)."""
    for tables in ordered:
        for t, table in enumerate(tables):
            for s, p in enumerate(table):
                counts[p][s] -= 1
            orders = [
                (sum(counts[p][s] for s, p in enumerate(order)), order) for order in itertools.permutations(table)
            ]
            worst = min(total for total, _ in orders) + (rng.random() < 1 / 3)  # now and then the next best too
            chosen = rng.choice([order for total, order in orders if total <= worst])
            for s, p in enumerate(chosen):
                counts[p][s] += 1
            tables[t] = list(chosen)


def best_order(table: Sequence[int], counts: Counts) -> list[int]:
    """The order of this table's players with the seats they have had least often elsewhere (the first such order
    in the order of permutations, so the current order stays on a tie if it is among the best)."""
    for s, p in enumerate(table):
        counts[p][s] -= 1
    best = min(itertools.permutations(table), key=lambda order: sum(counts[p][s] for s, p in enumerate(order)))
    for s, p in enumerate(best):
        counts[p][s] += 1
    return list(best)


def even_out(ordered: Rounds, counts: Counts) -> None:
    """Swap seats along chains until no player has had one seat at least twice more often than another that a chain
    can reach."""
    tables_of: list[list[list[int]]] = [[] for _ in counts]
    for tables in ordered:
        for table in tables:
            for p in table:
                tables_of[p].append(table)
    seats = len(counts[0]) if counts else 0
    improved = True
    while improved:
        improved = False
        for p, row in enumerate(counts):
            for s, t in itertools.permutations(range(seats), 2):
                if row[s] >= row[t] + 2 and swap_along_chain(p, s, t, tables_of, counts):
                    improved = True


def swap_along_chain(start: int, s: int, t: int, tables_of: list[list[list[int]]], counts: Counts) -> bool:
    """Move ``start`` from seat s to seat t at one table, and whoever that displaces on along a shortest chain to a
    player who had seat t more often than seat s. False if there is no such chain."""
    came_from: dict[int, tuple[int, list[int]]] = {start: (start, [])}
    frontier = [start]
    while frontier:
        following = []
        for p in frontier:
            for table in tables_of[p]:
                if len(table) <= max(s, t) or table[s] != p:  # a five-table's last seat: not at a four
                    continue
                q = table[t]
                if q in came_from:
                    continue
                came_from[q] = (p, table)
                if counts[q][t] > counts[q][s]:
                    while q != start:
                        p, table = came_from[q]
                        table[s], table[t] = q, p
                        counts[p][s] -= 1
                        counts[p][t] += 1
                        counts[q][t] -= 1
                        counts[q][s] += 1
                        q = p
                    return True
                following.append(q)
        frontier = following
    return False
