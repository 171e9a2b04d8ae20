"""A season's standing from its results: the mode's score and the tie-break chain, ranked by the competition core."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ...competition import ranking as competition
from ...competition.ranking import Score, Standing
from .messages import RankingError
from .modes import Mode, parse_mode
from .results import EveningResult, Tally, tally
from .tiebreaks import SHARED, TIEBREAKS, parse_tiebreaks


class Ranked(Protocol):
    @property
    def rank(self) -> int | None: ...


R = TypeVar("R", bound=Ranked)


@dataclass(frozen=True, slots=True)
class Ranking:
    """A mode and its tie-break chain, as a season stores them."""

    mode: Mode
    tiebreaks: tuple[str, ...] = ()

    @classmethod
    def from_config(cls, mode: Mode | Mapping[str, Any], tiebreaks: Iterable[Any] = ()) -> Ranking:
        return cls(parse_mode(mode), parse_tiebreaks(tiebreaks))

    @property
    def chain(self) -> tuple[str, ...]:
        """The tie-breaks in the order they apply: the mode's own first, then the season's, none twice, up to and
        without ``shared``."""
        chain: list[str] = []
        for key in (*self.mode.builtin_tiebreaks, *self.tiebreaks):
            if key == SHARED:
                break
            if key not in chain:
                chain.append(key)
        return tuple(chain)

    def standings(
        self,
        results: Iterable[EveningResult],
        names: Mapping[str, str] | None = None,
        unranked: Collection[str] = (),
    ) -> list[Standing]:
        return rank(results, self.mode, self.tiebreaks, names=names, unranked=unranked)


def rank(
    results: Iterable[EveningResult],
    mode: Mode | Mapping[str, Any],
    tiebreaks: Iterable[Any] = (),
    *,
    names: Mapping[str, str] | None = None,
    unranked: Collection[str] = (),
) -> list[Standing]:
    """The standing: the eligible players by rank (level players share a rank and the next rank skips: 1, 2, 2, 4),
    then the players below the minimum attendance and those ``unranked`` (a members-only season's guests), without
    a place, by score. Players of one rank (and level players without a place) appear by name, whatever its case
    (``names`` by player; the key where none is given)."""
    ranking = Ranking.from_config(mode, tiebreaks)
    mode = ranking.mode
    chain = [TIEBREAKS[key] for key in ranking.chain]
    results = list(mode.within_window(list(results)))
    found = names or {}
    tallies = sorted(tally(results).values(), key=lambda t: (found.get(t.player, t.player).casefold(), t.player))
    scores = mode.standing_scores(tallies, results)

    def row(place: int | None, t: Tally, tiebreaks: tuple[tuple[str, Score | None], ...]) -> Standing:
        return Standing(
            place, t.player, scores[t.player], tiebreaks, mode.counted(t), t.played, t.deals, place is not None
        )

    ranked = {t.player for t in tallies if mode.eligible(t) and t.player not in unranked}
    eligible = [t for t in tallies if t.player in ranked]
    rows = [row(p.place, p.tally, p.tiebreaks) for p in competition.rank(eligible, lambda t: scores[t.player], chain)]
    below = sorted((t for t in tallies if t.player not in ranked), key=lambda t: scores[t.player], reverse=True)
    rows.extend(row(None, t, tuple(competition.values(t, chain).items())) for t in below)  # stable: by name
    return rows


def best_per_group(rows: Iterable[R], group_of: Callable[[R], Hashable]) -> list[R]:
    """Each group's best ranked row (a club's best player), in the standing's order, keeping its place in the
    whole standing; groups with no ranked player are left out."""
    seen: set[Hashable] = set()
    best: list[R] = []
    for row in rows:
        group = group_of(row)
        if row.rank is not None and group not in seen:
            seen.add(group)
            best.append(row)
    return best


# ------------------------------------------------------------------------------------------------------- movement


def movement(before: Sequence[Standing], after: Sequence[Standing]) -> dict[str, int | None]:
    """Every player of ``after``: places gained since ``before`` (2: up two places, −1: down one, 0: held), or None
    for a player unranked in either."""
    was = {s.player: s.rank for s in before}
    moved: dict[str, int | None] = {}
    for s in after:
        old = was.get(s.player)
        moved[s.player] = old - s.rank if old is not None and s.rank is not None else None
    return moved


def without_last_evening(results: Iterable[EveningResult]) -> list[EveningResult]:
    """The results without those of the latest date."""
    results = list(results)
    if not results:
        return []
    last = max(r.date for r in results)
    return [r for r in results if r.date != last]


def rank_with_movement(
    results: Iterable[EveningResult], mode: Mode | Mapping[str, Any], tiebreaks: Iterable[Any] = ()
) -> tuple[list[Standing], dict[str, int | None]]:
    """The standing, and each player's movement since the standing without the last evening."""
    results = list(results)
    ranking = Ranking.from_config(mode, tiebreaks)
    now = ranking.standings(results)
    return now, movement(ranking.standings(without_last_evening(results)), now)


# ---------------------------------------------------------------------------------------------- sub-standings

PERIODS = ("quarter", "month")


def period_of(date: datetime.date, by: str) -> str:
    """``2026-Q2`` for a quarter, ``2026-05`` for a month; both sort in time order."""
    if by == "quarter":
        return f"{date.year}-Q{(date.month - 1) // 3 + 1}"
    if by == "month":
        return f"{date.year}-{date.month:02d}"
    raise RankingError("unknown_period", choices=", ".join(PERIODS), got=repr(by))


def period_bounds(period: str) -> tuple[datetime.date, datetime.date]:
    """The first and last day of ``2026-Q2`` or ``2026-05``; ValueError for anything else (the inverse of
    :func:`period_of`)."""
    year, part = period.split("-")
    first_month, months = (3 * int(part[1:]) - 2, 3) if part.startswith("Q") else (int(part), 1)
    if not 1 <= first_month <= 12 or (months == 3 and len(part) != 2):
        raise ValueError(period)
    first = datetime.date(int(year), first_month, 1)
    following = datetime.date(first.year + (first_month + months > 12), (first_month + months - 1) % 12 + 1, 1)
    return first, following - datetime.timedelta(days=1)


def sub_standings(
    results: Iterable[EveningResult],
    mode: Mode | Mapping[str, Any],
    tiebreaks: Iterable[Any] = (),
    *,
    by: str = "quarter",
    names: Mapping[str, str] | None = None,
    unranked: Collection[str] = (),
) -> dict[str, list[Standing]]:
    """A standing per quarter or month that has results, in time order. The mode's minimum attendance applies
    to each period as it is: pass a mode without one (or a smaller one) for periods."""
    if by not in PERIODS:
        raise RankingError("unknown_period", choices=", ".join(PERIODS), got=repr(by))
    ranking = Ranking.from_config(mode, tiebreaks)
    periods: dict[str, list[EveningResult]] = {}
    for r in results:
        periods.setdefault(period_of(r.date, by), []).append(r)
    return {key: ranking.standings(periods[key], names, unranked) for key in sorted(periods)}
