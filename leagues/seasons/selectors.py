"""Reads for leagues and seasons: who sees what, and a season's standing from the stored per-player results.

A season's standing, and each sub-period's, is read as stored (``StoredStanding``, written by ``standing_store``
whenever the results it ranks change): one row, none of the results. A standing narrowed to a club is worked out
from one query of ``PlayerResult`` rows (never a deal) by the ranking engine, and cached. A player is one person
across the league's clubs when their memberships are linked to the same login; otherwise each membership is a
player of its own.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import pickle
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import F, Q, QuerySet
from django.shortcuts import get_object_or_404

from schreiber import kept
from scorekeeper.models import Club, PlayerResult, Session

from ..public_links import shared
from .filters import StandingFilter
from .models import League, LeagueClub, Season, StoredStanding
from .ranking import (
    EveningResult,
    Ranking,
    Score,
    Standing,
    best_per_group,
    movement,
    period_bounds,
    period_of,
    sub_standings,
    without_last_evening,
)

CACHE_SECONDS = 7 * 24 * 60 * 60  # the stamp keeps an entry right; the time only frees the memory of stale ones
# The layout of a stored standing's document (a pickled ``StoredDocument``): moved whenever what it pickles changes
# shape, so that a document of another layout is never read (it is worked out again instead).
LAYOUT = 1

# The columns of a result row a standing reads, in the order ``evening_results`` unpacks them.
ROW = (
    "session_id", "member_id", "member__user_id", "session__club_id", "name", "played_on", "place", "points",
    "money_cents", "deals_played", "deals_won", "solos_played", "solos_won", "deals_out", "member__is_guest",
    "session__status",
)  # fmt: skip


# ------------------------------------------------------------------------------------------------------ who sees what


def leagues_of(club: Club) -> QuerySet[League]:
    """The leagues the club founded or joined."""
    joined = LeagueClub.objects.filter(club=club, joined_at__isnull=False).values("league_id")
    return League.objects.filter(Q(club=club) | Q(pk__in=joined)).select_related("club")


def league_invitations(club: Club) -> QuerySet[LeagueClub]:
    return LeagueClub.objects.filter(club=club, joined_at__isnull=True).select_related("league__club")


def league_of(club: Club, league_id: int) -> League:
    """One of the club's leagues; Http404 for any other."""
    return get_object_or_404(leagues_of(club), pk=league_id)


def season_of(club: Club, season_id: int) -> Season:
    """A season of one of the club's leagues; Http404 for any other."""
    return get_object_or_404(Season.objects.select_related("league__club"), pk=season_id, league__in=leagues_of(club))


def public_season(token: str) -> Season:
    return shared(Season.objects.select_related("league__club"), token)


# ---------------------------------------------------------------------------------------------------- the results


def season_rows(season: Season) -> QuerySet[PlayerResult]:
    """The stored results the season ranks: its league's game at its clubs in its dates, or its chosen sessions."""
    clubs = season.league.club_ids()
    rows = PlayerResult.objects.filter(
        game=season.league.game,
        played_on__gte=season.starts_on,
        played_on__lte=season.ends_on,
        session__club_id__in=clubs,
    )
    if season.selection == Season.Selection.CHOSEN:
        rows = rows.filter(session__in=season.sessions.values("pk"))
    return rows.order_by()  # the standing orders in Python: no sort by the session's date in the database


def season_days(season: Season, rows: QuerySet[PlayerResult]) -> int:
    """The days with results in the season (``rows``, its own): as stored with its standing when that reflects the
    league's revision (one row), else counted from the rows."""
    stored = (
        StoredStanding.objects.filter(season_id=season.pk, period="", revision=F("season__league__revision"))
        .values_list("days", flat=True)
        .first()
    )
    return stored if stored is not None else rows.order_by().values("played_on").distinct().count()


def player_key(member_id: int, user_id: int | None) -> str:
    """``u7`` for whoever signs in as user 7, in every club; ``m12`` for membership 12 without a login."""
    return f"u{user_id}" if user_id is not None else f"m{member_id}"


@dataclass
class PlayerTotals:
    """What a standing row shows beside the mode's score."""

    key: str
    name: str
    club_id: int
    member_id: int
    points: int = 0
    money_cents: int = 0
    deals: int = 0
    won: int = 0
    solos_played: int = 0
    solos_won: int = 0
    guest: bool = False
    correcting: bool = False  # an evening of the player's is reopened for a correction

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.deals) if self.deals else None


@dataclass
class SeasonResults:
    """The season's results as the ranking engine takes them, and each player's totals."""

    results: list[EveningResult]
    players: dict[str, PlayerTotals] = field(default_factory=dict)
    correcting: set[datetime.date] = field(default_factory=set)  # the days of reopened evenings

    def names(self) -> dict[str, str]:
        return {key: totals.name for key, totals in self.players.items()}

    def unranked(self, season: Season) -> set[str]:
        """The players a season does not rank: the guests of a members-only season."""
        return {key for key, totals in self.players.items() if totals.guest} if season.members_only else set()


def evening_results(rows: Iterable[Sequence[Any]]) -> SeasonResults:
    """The ranking engine's input from result rows (``ROW`` columns), in date order."""
    rows = sorted(rows, key=lambda r: (r[5], r[0]))
    table_size = Counter(r[0] for r in rows)
    found = SeasonResults([])
    players = found.players
    for (
        session, member, user, club, name, day, place, points, money, deals, won, solos, solos_won, out, guest, status,
    ) in rows:  # fmt: skip
        key = player_key(member, user)
        found.results.append(
            EveningResult(key, session, day, table_size[session], place, points, money, deals, solos_won, out)
        )
        totals = players.get(key)
        if totals is None:
            totals = players[key] = PlayerTotals(key, name, club, member)
        totals.name, totals.club_id, totals.member_id = name, club, member  # the latest
        totals.guest = guest
        if status == Session.Status.OPEN:  # reopened: its last closed result counts until it is closed again
            totals.correcting = True
            found.correcting.add(day)
        totals.points += points
        totals.money_cents += money
        totals.deals += deals
        totals.won += won
        totals.solos_played += solos
        totals.solos_won += solos_won
    return found


def season_results(season: Season) -> SeasonResults:
    return evening_results(season_rows(season).values_list(*ROW))


# ---------------------------------------------------------------------------------------------------- the standing


@dataclass
class StandingRow:
    standing: Standing
    totals: PlayerTotals
    moved: int | None  # places gained since the standing before the last evening

    @property
    def rank(self) -> int | None:
        return self.standing.rank

    @property
    def score(self) -> Score:
        return self.standing.score


@dataclass
class SeasonStanding:
    season: Season
    ranking: Ranking
    rows: list[StandingRow]
    period: str | None  # the sub-period shown, or None for the whole season
    last_evening: datetime.date | None
    stamp: str = ""  # what it was kept under (``stamp``): what is made of it can be kept under it too
    correcting: list[datetime.date] = field(default_factory=list)  # the days of evenings reopened for a correction
    updating: bool = False  # stored before the latest change of the league: a background task works it out again


@dataclass
class StoredDocument:
    """What ``StoredStanding.document`` pickles: the standing as worked out (without its season, which the reader
    has) and, for the whole season, the sub-periods that have results."""

    standing: SeasonStanding
    periods: list[str]


def ranking_of(season: Season, *, period: bool = False) -> Ranking:
    """The season's ranking; for a sub-period without its minimum attendance, which is the season's."""
    ranking = Ranking.from_config(season.ranking, season.tiebreaks)
    if not period:
        return ranking
    minimums = {name: 0 for name in ("min_sessions", "min_rounds") if hasattr(ranking.mode, name)}
    return Ranking(dataclasses.replace(ranking.mode, **minimums), ranking.tiebreaks)


def season_periods(season: Season) -> list[str]:
    """The sub-standings' periods (``2026-Q1``, ``2026-03``) that have results, in time order: as stored with the
    season's standing, or else read once per change (cached like a standing)."""
    if not season.sub_period:
        return []
    stored = _stored(season, "")
    if stored is not None:
        return stored[0].periods
    rows = season_rows(season)
    return kept.kept(
        "season-periods",
        (season.pk, stamp(season, rows, season.sub_period)),
        lambda: periods_of(season, rows.dates("played_on", "month")),
        CACHE_SECONDS,
    )


def periods_of(season: Season, days: Iterable[datetime.date]) -> list[str]:
    """The season's sub-periods that ``days`` fall in, in time order."""
    return sorted({period_of(day, season.sub_period) for day in days}) if season.sub_period else []


def filtered_standing(season: Season, query: Mapping[str, Any] | None) -> tuple[SeasonStanding, StandingFilter]:
    """The standing narrowed as ``query`` asks (a sub-period, a club; all of it for a bad or no query), and the
    filter that says so: the page, its CSV, XLSX and PDF and the public page read this one call."""
    rows = season_rows(season)
    found = StandingFilter(query or None, rows, season=season, periods=season_periods(season))
    if found.is_valid() and found.form.cleaned_data.get("club"):
        shown = standing(season, found.qs, period=found.chosen_period)
    else:  # the whole league's: as stored
        shown = standing(season, period=found.chosen_period)
    if found.club_best:  # each club's best player, at their place in the whole league's standing
        shown = dataclasses.replace(shown, rows=best_per_group(shown.rows, lambda row: row.totals.club_id))
    return shown, found


def standing(
    season: Season, rows: QuerySet[PlayerResult] | None = None, *, period: str | None = None
) -> SeasonStanding:
    """The season's standing from ``rows`` (the season's, or a filtered part of them), with each player's movement
    since the standing without the last evening. With a sub-period (``2026-Q1``) the period's standing, ranked
    without the season's minimum attendance.

    The season's own (no ``rows``) is read as stored (``standing_store``); one not stored yet, or a filtered one, is
    worked out and cached under a stamp of what it is worked out from (the rows asked for, the ranking, and the
    league's revision, which every change to them moves), so that it is worked out once per change, not per view.
    """
    if rows is None:
        stored = _stored(season, period or "")
        if stored is not None:
            document, revision, current = stored
            key = f"stored:{season.pk}:{period or ''}:{revision}"
            return dataclasses.replace(document.standing, season=season, stamp=key, updating=not current)
    rows = season_rows(season) if rows is None else rows
    if period is not None:
        rows = rows.filter(played_on__range=period_bounds(period))
    made_of = f"{season.pk}:{stamp(season, rows, season.ranking, season.tiebreaks, season.members_only, period)}"
    found = kept.kept(
        "season-standing", made_of, lambda: worked_out(season, rows.values_list(*ROW), period), CACHE_SECONDS
    )
    return dataclasses.replace(found, season=season, stamp=f"standing:{made_of}")


def _stored(season: Season, period: str) -> tuple[StoredDocument, int, bool] | None:
    """The stored standing of the season or of one sub-period, the league revision it reflects and whether that is
    the league's revision now (one query); None when none of this layout is stored."""
    found = (
        StoredStanding.objects.filter(season_id=season.pk, period=period, layout=LAYOUT)
        .values_list("document", "revision", "season__league__revision")
        .first()
    )
    if found is None:
        return None
    document, revision, now = found
    return pickle.loads(document), revision, revision == now


def worked_out(season: Season, rows: Iterable[Sequence[Any]], period: str | None) -> SeasonStanding:
    """The standing of result rows (``ROW`` columns), from scratch."""
    found = evening_results(rows)
    ranking = ranking_of(season, period=period is not None)
    names, unranked = found.names(), found.unranked(season)
    now = ranking.standings(found.results, names, unranked)
    moved = movement(ranking.standings(without_last_evening(found.results), names, unranked), now)
    standing_rows = [StandingRow(s, found.players[s.player], moved[s.player]) for s in now]
    last = max((r.date for r in found.results), default=None)
    return SeasonStanding(season, ranking, standing_rows, period, last, correcting=sorted(found.correcting))


def stamp(season: Season, rows: QuerySet[PlayerResult], *more: Any) -> str:
    """A digest of the query of ``rows`` (the season's, or part of them: the query names the dates, clubs and
    sessions), of ``more``, and of the revision of the season's league, read from the database so that every
    server agrees on it. Every write that changes what the rows hold moves it in its own transaction
    (``refresh.follow_results``, ``refresh.league_changed``): one row read, none of the results."""
    revision = League.objects.filter(pk=season.league_id).values_list("revision", flat=True).first()
    sql, params = rows.query.sql_with_params()
    digest = repr((sql, params, more, revision))
    return hashlib.sha256(digest.encode()).hexdigest()[:32]


def period_standings(season: Season) -> dict[str, list[Standing]]:
    """Every sub-period's standing of the season (for its report)."""
    if not season.sub_period:
        return {}
    ranking = ranking_of(season, period=True)
    found = season_results(season)
    return sub_standings(
        found.results, ranking.mode, ranking.tiebreaks, by=season.sub_period, names=found.names(),
        unranked=found.unranked(season),
    )  # fmt: skip
