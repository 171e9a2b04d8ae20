"""Byes (Freilos): who sits a round out when the field cannot be seated, and what a bye scores.

A bye scores the tournament's bye value: a fixed number of points, or ``average`` (the default): the round's average
of the players who played it, rounded down. The average is fair whatever the scoring: 0 in a zero-sum list (DDV), and
a plus-only Schafkopf list or table points do not punish the player who could not play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .fields import seatable
from .ranking import RoundResult

AVERAGE = "average"


def bye_points(value: int | str, played: Sequence[int]) -> int:
    """What a bye scores in a round whose players scored ``played``."""
    if value == AVERAGE:
        return sum(played) // len(played) if played else 0
    return int(value)


def bye_results(byes: Iterable[tuple[int, int]], value: int | str, results: Iterable[RoundResult]) -> list[RoundResult]:
    """Each bye (start number, round) of a round under way as a result of that round: the bye ``value`` of the points
    of those who played it (``results``), alone at a table of its own (numbered minus the start number). A bye of a
    round not yet started counts nothing yet. The ranking page and ``rank`` both add the byes so."""
    played: dict[int, list[int]] = {}
    for r in results:
        played.setdefault(r.round, []).append(r.points)
    return [
        RoundResult(player=number, round=round_, table=-number, points=bye_points(value, played[round_]))
        for number, round_ in byes
        if round_ in played
    ]


def drawn_byes(
    field: Sequence[int], base: int, byes_so_far: Mapping[int, int], seed: int, round_number: int
) -> list[int]:
    """The fewest players (start numbers) who must sit the round out so that the rest can be seated at tables of
    ``base`` and ``base + 1``: those with the fewest byes so far, then by a lot seeded by the tournament and round, so
    that the same field gives the same byes. None when the field can be seated, or has fewer than two tables' players
    (a field of six or seven is better told to grow than half of it sent home)."""
    if len(field) < 2 * base:
        return []
    out = next((k for k in range(len(field)) if seatable(len(field) - k, base)), None)
    if not out:
        return []
    order = sorted(field)
    random.Random(f"schreiber-tournament bye {seed} {round_number}").shuffle(order)
    order.sort(key=lambda number: byes_so_far.get(number, 0))  # stable: the lot decides among equals
    return sorted(order[:out])
