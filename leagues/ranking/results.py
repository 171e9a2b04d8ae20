"""What goes into a ranking (one player's result of one session) and what comes out (one standing row)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from operator import attrgetter

from .messages import RankingError

Score = int | Fraction
"""A score or tie-break value: an int, or an exact Fraction where a mode divides or averages (never a float, so
that equal scores are equal)."""


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

    def __post_init__(self) -> None:
        if self.table_size < 1:
            raise RankingError("table_size_too_small", got=self.table_size)
        if not 1 <= self.place <= self.table_size:
            raise RankingError("place_out_of_range", size=self.table_size, got=self.place)
        for name in ("deals", "solos_won"):
            if getattr(self, name) < 0:
                raise RankingError("negative_value", field=name, got=getattr(self, name))


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of a standing.

    ``rank`` is None for a player below the minimum attendance (listed after the ranked players). ``tiebreaks``
    pairs every tie-break key of the chain with the player's value (None for a direct comparison the player was not
    part of). ``sessions`` is what the mode counted (the best N of ``best_n``), ``played`` every session.
    """

    rank: int | None
    player: str
    score: Score
    tiebreaks: tuple[tuple[str, Score | None], ...]
    sessions: int
    played: int
    deals: int
    eligible: bool

    def tiebreak(self, key: str) -> Score | None:
        return dict(self.tiebreaks).get(key)


class Tally:
    """One player's results of the season; every sum a mode or tie-break reads is worked out once, when first read."""

    def __init__(self, player: str, results: list[EveningResult]) -> None:
        self.player = player
        self.results = results

    @property
    def played(self) -> int:
        return len(self.results)

    @cached_property
    def points(self) -> int:
        return sum(map(_points, self.results))

    @cached_property
    def money_cents(self) -> int:
        return sum(map(_money, self.results))

    @cached_property
    def deals(self) -> int:
        return sum(map(_deals, self.results))

    @cached_property
    def solos_won(self) -> int:
        return sum(map(_solos, self.results))

    @cached_property
    def best_evening(self) -> int:
        return max(map(_points, self.results))

    @cached_property
    def deals_by_table_size(self) -> dict[int, int]:
        found: dict[int, int] = {}
        for r in self.results:
            found[r.table_size] = found.get(r.table_size, 0) + r.deals
        return found


_points = attrgetter("points")
_money = attrgetter("money_cents")
_deals = attrgetter("deals")
_solos = attrgetter("solos_won")
_session = attrgetter("session")


def tally(results: list[EveningResult]) -> dict[str, Tally]:
    """Every player's tally, by player; RankingError for two results of one player in one session."""
    by_player: defaultdict[str, list[EveningResult]] = defaultdict(list)
    for result in results:
        by_player[result.player].append(result)
    for player, own in by_player.items():
        if len(set(map(_session, own))) != len(own):
            seen: set[Hashable] = set()
            for r in own:
                if r.session in seen:
                    raise RankingError("duplicate_result", player=player, session=str(r.session))
                seen.add(r.session)
    return {player: Tally(player, own) for player, own in by_player.items()}
