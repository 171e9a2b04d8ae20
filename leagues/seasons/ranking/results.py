"""What goes into a season's ranking: one player's result of one session, and each player's sums of them."""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...competition.ranking import Score, Standing
from .messages import RankingError

__all__ = ["EveningResult", "Score", "Standing", "Tally", "tally"]


@dataclass(frozen=True, slots=True)
class EveningResult:
    """One player's result of one session (one table on one evening).

    ``place`` is the place at that table, 1 the best; players level at the table share a place (two on place 2 at
    a table of four: 1, 2, 2, 4). The modes that give points by place expect every player of the table among the
    results, so that they can see who shares a place.
    """

    player: str
    session: Hashable  # the session's id; two results with one id sat at the same table
    date: datetime.date
    table_size: int  # players at that table (n)
    place: int  # 1 … n
    points: int = 0  # game points
    money_cents: int = 0
    deals: int = 0  # deals this player played at that table
    solos_won: int = 0
    sat_out: int = 0  # deals of that table this player sat out (the dealer at a table of five)

    def __post_init__(self) -> None:
        if self.table_size < 1:
            raise RankingError("table_size_too_small", got=self.table_size)
        if not 1 <= self.place <= self.table_size:
            raise RankingError("place_out_of_range", size=self.table_size, got=self.place)
        for name in ("deals", "solos_won", "sat_out"):
            if getattr(self, name) < 0:
                raise RankingError("negative_value", field=name, got=getattr(self, name))


class Tally:
    """One player's results of the season, with the sums every mode and tie-break reads."""

    __slots__ = (
        "best_evening", "deals", "evening_points", "money_cents", "player", "points", "results", "rounds", "sessions",
        "solos_won",
    )  # fmt: skip

    def __init__(self, first: EveningResult) -> None:
        self.player = first.player
        self.results = [first]
        self.sessions = {first.session}
        self.points = first.points
        self.money_cents = first.money_cents
        self.deals = first.deals
        self.solos_won = first.solos_won
        self.best_evening = first.points
        self.evening_points = [first.points]  # the game points of each result, in order
        self.rounds: dict[int | None, Fraction] = {}  # rounds played by round length, as the average works them out

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def points_at(self) -> dict[Hashable, int]:
        """The game points of each session, for the direct comparison."""
        return {r.session: r.points for r in self.results}

    @property
    def evenings_won(self) -> int:
        """The sessions the player finished first at (alone or level)."""
        return sum(1 for r in self.results if r.place == 1)

    def table_deals_by_size(self) -> dict[int, int]:
        """The deals of the player's tables while the player sat there (played or sat out), by table size."""
        found: dict[int, int] = {}
        for r in self.results:
            found[r.table_size] = found.get(r.table_size, 0) + r.deals + r.sat_out
        return found


def tally(results: Sequence[EveningResult]) -> dict[str, Tally]:
    """Every player's tally, by player; RankingError for two results of one player in one session.

    One pass in the order given, adding up every sum at once: a big season is tens of thousands of result objects,
    and reading them in order is several times faster than visiting each player's results once per sum.
    """
    tallies: dict[str, Tally] = {}
    find = tallies.get
    for r in results:
        t = find(r.player)
        if t is None:
            tallies[r.player] = Tally(r)
            continue
        points = r.points
        t.results.append(r)
        t.sessions.add(r.session)
        t.evening_points.append(points)
        t.points += points
        t.money_cents += r.money_cents
        t.deals += r.deals
        t.solos_won += r.solos_won
        if points > t.best_evening:
            t.best_evening = points
    for t in tallies.values():
        if len(t.sessions) != len(t.results):
            seen: set[Hashable] = set()
            for r in t.results:
                if r.session in seen:
                    raise RankingError("duplicate_result", player=t.player, session=str(r.session))
                seen.add(r.session)
    return tallies
