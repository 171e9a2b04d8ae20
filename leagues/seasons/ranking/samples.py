"""A random club season for the ranking's tests and benchmark: every player plays every evening."""

from __future__ import annotations

import datetime
import random

from .results import EveningResult


def random_season(players: int, evenings: int, seed: int = 1) -> list[EveningResult]:
    """``evenings`` club evenings of all ``players`` at tables of four (the last table smaller when the count needs
    it), every third day from 1 January 2026; the same seed gives the same season."""
    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(players)]
    out: list[EveningResult] = []
    for evening in range(evenings):
        date = datetime.date(2026, 1, 1) + datetime.timedelta(days=3 * evening)
        rng.shuffle(names)
        for table, start in enumerate(range(0, players, 4)):
            seats = names[start : start + 4]
            points = [rng.randrange(-20, 21) * 5 for _ in seats]
            for seat, player in enumerate(seats):
                place = 1 + sum(p > points[seat] for p in points)
                out.append(
                    EveningResult(
                        player, f"{evening}-{table}", date, len(seats), place, points[seat],
                        money_cents=points[seat] * 10, deals=24, solos_won=rng.randrange(3),
                    )
                )  # fmt: skip
    return out
