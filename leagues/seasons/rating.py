"""A skill rating over every evening a player played, shown beside the official standing and never instead of it.

How it works, for a club:

- Everybody starts at 25 with an uncertainty of 8.33 (25 ± 8.33): nobody knows yet how good a new player is.
- After every evening the places at the table move each player's rating. How far depends on how surprising the
  result was given who sat at the table: beating three strong players gains more than beating three beginners, and
  losing to them costs less. Only the places count (1 best; players level on points share a place), not by how
  much: a big Solo decides at most one evening's place.
- The uncertainty shrinks with every evening. A beginner's rating moves fast, a regular's slowly, because the
  rating already knows a lot about the regular.
- The number shown is the rating minus three times its uncertainty: a cautious estimate that the player is at
  least this good. It starts at 0 and rises as the uncertainty shrinks with the evenings played, so a newcomer who
  won once is not put above a regular who has held their own for years.

This is the Bradley–Terry model with full pairing of Weng and Lin (2011) as the ``openskill`` package implements it,
with its default settings: an evening counts as a game between every two players at the table, won by the better
place and drawn when they share one. (The package's Plackett–Luce model, which rates a table as one ranking, is
not used: in openskill 6.2 a sole third place can gain more than two players sharing first, openskill.py #155.)
Evenings are rated in the order they were played (by day, then by the order the sessions were started), so the
same results always give the same ratings, however they are read.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

MODEL = BradleyTerryFull()  # 25 ± 25/3 to start; openskill's defaults throughout
CAUTION = 3  # the shown number is the rating minus this many uncertainties


@dataclass(frozen=True)
class Table:
    """One evening at one table: its day, its session (the order of a day's evenings) and each player's place."""

    played_on: datetime.date
    session_id: int
    places: Mapping[str, int]  # player key → place, 1 best, equal points sharing the better place


@dataclass(frozen=True)
class PlayerRating:
    mu: float  # the rating
    sigma: float  # its uncertainty
    sessions: int  # the evenings rated

    @property
    def ordinal(self) -> float:
        """The number to show: the rating minus three uncertainties."""
        return self.mu - CAUTION * self.sigma


def rate_sessions(tables: Iterable[Table]) -> dict[str, PlayerRating]:
    """Each player's rating after ``tables``, rated in the order they were played; a table of one rates nobody."""
    return ratings_on(tables, [datetime.date.max])[datetime.date.max]


def ratings_on(tables: Iterable[Table], days: Iterable[datetime.date]) -> dict[datetime.date, dict[str, PlayerRating]]:
    """Each player's rating after the evenings up to and including each of ``days``, in one pass over ``tables``
    (every season of a league ends on a day of its own)."""
    ratings: dict[str, BradleyTerryFullRating] = {}
    rated: Counter[str] = Counter()
    found: dict[datetime.date, dict[str, PlayerRating]] = {}
    ends = sorted(set(days))

    def snapshot(day: datetime.date) -> None:
        found[day] = {key: PlayerRating(r.mu, r.sigma, rated[key]) for key, r in sorted(ratings.items())}

    for table in sorted(tables, key=lambda t: (t.played_on, t.session_id)):
        while ends and table.played_on > ends[0]:
            snapshot(ends.pop(0))
        for key, rating in rate_table(table, ratings).items():
            ratings[key] = rating
            rated[key] += 1
    for day in ends:
        snapshot(day)
    return found


def rate_after(table: Table, before: Mapping[str, PlayerRating]) -> dict[str, PlayerRating]:
    """The ratings of ``table``'s players after it, rated on top of ``before`` (their ratings after every evening
    played before it): the same step ``ratings_on`` takes, so that one evening added gives what a rebuild gives."""
    start = {key: MODEL.rating(mu=r.mu, sigma=r.sigma) for key, r in before.items() if key in table.places}
    counted = {key: before[key].sessions if key in before else 0 for key in table.places}
    return {key: PlayerRating(r.mu, r.sigma, counted[key] + 1) for key, r in rate_table(table, start).items()}


def rate_table(table: Table, ratings: Mapping[str, BradleyTerryFullRating]) -> dict[str, BradleyTerryFullRating]:
    """The ratings of ``table``'s players after it (nobody's at a table of one), from theirs before (``ratings``)."""
    if len(table.places) < 2:
        return {}
    # A fixed seating order, so that the model's sums run the same way however the rows were read.
    seats = sorted(table.places.items(), key=lambda seat: (seat[1], seat[0]))
    teams = [[ratings.get(key) or MODEL.rating()] for key, _ in seats]
    after = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    return {key: rating for (key, _), [rating] in zip(seats, after, strict=True)}
