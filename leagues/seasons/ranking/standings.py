"""A season's standing from its results: order by the mode's score, then the tie-break chain; shared places."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .messages import RankingError
from .modes import Mode, parse_mode
from .results import EveningResult, Score, Standing, Tally, tally
from .tiebreaks import DIRECT, SHARED, TIEBREAKS, direct_comparison, parse_tiebreaks


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

    def standings(self, results: Iterable[EveningResult]) -> list[Standing]:
        return rank(results, self.mode, self.tiebreaks)


def rank(
    results: Iterable[EveningResult], mode: Mode | Mapping[str, Any], tiebreaks: Iterable[Any] = ()
) -> list[Standing]:
    """The standing: the eligible players by rank (level players share a rank and the next rank skips: 1, 2, 2, 4),
    then the players below the minimum attendance, unranked, by score. Players of one rank appear by key."""
    ranking = Ranking.from_config(mode, tiebreaks)
    mode = ranking.mode
    chain = ranking.chain
    results = list(results)
    tallies = sorted(tally(results).values(), key=lambda t: t.player)
    scores = mode.scores(tallies, results)
    values: dict[str, dict[str, Score | None]] = {t.player: dict.fromkeys(chain) for t in tallies}
    for key in chain:
        value = TIEBREAKS[key].value
        if value is not None:  # the direct comparison's values are known once the tied groups are
            for t in tallies:
                values[t.player][key] = value(t)

    eligible: list[Tally] = []
    below: list[Tally] = []
    for t in tallies:
        (eligible if mode.eligible(t) else below).append(t)
    groups = _order(eligible, scores, values, chain)

    rows: list[Standing] = []
    place = 1
    for group in groups:
        for t in group:
            rows.append(_row(place, t, mode, scores, values, chain))
        place += len(group)
    below.sort(key=lambda t: scores[t.player], reverse=True)  # stable: by key within a score
    rows.extend(_row(None, t, mode, scores, values, chain) for t in below)
    return rows


def _order(
    tallies: list[Tally], scores: dict[str, Score], values: dict[str, dict[str, Score | None]], chain: Sequence[str]
) -> list[list[Tally]]:
    """The players in groups of equal standing, best group first; each group by key."""
    groups = _split([tallies], lambda group: scores)
    for key in chain:
        if all(len(g) == 1 for g in groups):
            break
        if key == DIRECT:

            def direct(group: list[Tally]) -> dict[str, Score]:
                found = direct_comparison(group)
                for player, value in found.items():
                    values[player][DIRECT] = value
                return found

            groups = _split(groups, direct)
        else:

            def known(group: list[Tally], key: str = key) -> dict[str, Score]:
                return {t.player: _known(values[t.player][key]) for t in group}

            groups = _split(groups, known)
    return groups


def _known(value: Score | None) -> Score:
    assert value is not None  # a tie-break of every player, worked out before the ordering
    return value


def _split(groups: list[list[Tally]], value_of: Callable[[list[Tally]], Mapping[str, Score]]) -> list[list[Tally]]:
    """Every group of more than one player sorted by ``value_of(group)[player]``, best first, and cut where the
    value changes."""
    out: list[list[Tally]] = []
    for group in groups:
        if len(group) <= 1:
            out.extend([group] if group else [])
            continue
        found = value_of(group)
        ordered = sorted(group, key=lambda t: found[t.player], reverse=True)  # stable: by key within a value
        current = [ordered[0]]
        for t in ordered[1:]:
            if found[t.player] == found[current[0].player]:
                current.append(t)
            else:
                out.append(current)
                current = [t]
        out.append(current)
    return out


def _row(
    place: int | None,
    t: Tally,
    mode: Mode,
    scores: dict[str, Score],
    values: dict[str, dict[str, Score | None]],
    chain: Sequence[str],
) -> Standing:
    return Standing(
        rank=place,
        player=t.player,
        score=scores[t.player],
        tiebreaks=tuple((key, values[t.player][key]) for key in chain),
        sessions=mode.counted(t),
        played=t.played,
        deals=t.deals,
        eligible=place is not None,
    )


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


def sub_standings(
    results: Iterable[EveningResult],
    mode: Mode | Mapping[str, Any],
    tiebreaks: Iterable[Any] = (),
    *,
    by: str = "quarter",
) -> dict[str, list[Standing]]:
    """A standing per quarter or month that has results, in time order. The mode's minimum attendance applies
    to each period as it is: pass a mode without one (or a smaller one) for periods."""
    if by not in PERIODS:
        raise RankingError("unknown_period", choices=", ".join(PERIODS), got=repr(by))
    ranking = Ranking.from_config(mode, tiebreaks)
    periods: dict[str, list[EveningResult]] = {}
    for r in results:
        periods.setdefault(period_of(r.date, by), []).append(r)
    return {key: ranking.standings(periods[key]) for key in sorted(periods)}
