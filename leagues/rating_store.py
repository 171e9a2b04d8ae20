"""A season's skill ratings (``leagues.rating``) from the stored per-player results, cached until a result changes.

A rating needs a player's history, so a season's ratings count every result of the league's game at the league's
clubs up to the season's last day, not only the season's. Rating a few thousand evenings takes a tenth of a second,
too slow for every view of a standing: the ratings are cached under a stamp of the results they count, which every
change to those results moves. Closing or correcting a closed session bumps its revision and writes its rows,
reopening or abandoning one deletes them, and linking a membership to a login makes it another player.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable

from django.core.cache import cache
from django.db.models import Count, Max, QuerySet, Sum

from scorekeeper.models import PlayerResult

from .models import Season
from .rating import PlayerRating, Table, rate_sessions
from .selectors import player_key

CACHE_SECONDS = 7 * 24 * 60 * 60  # the stamp keeps an entry right; the time only frees the memory of stale ones


def rated_rows(game: str, last_day: datetime.date, club_ids: list[int]) -> QuerySet[PlayerResult]:
    """Every result a season's ratings count: its league's game at the league's clubs, up to its last day."""
    return PlayerResult.objects.filter(game=game, played_on__lte=last_day, session__club_id__in=club_ids)


def season_ratings(season: Season) -> dict[str, PlayerRating]:
    """Each player's rating (by ``selectors.player_key``) after every evening the season's ratings count."""
    counted = (season.league.game, season.ends_on, season.league.club_ids())
    rows = rated_rows(*counted)
    key = f"season-ratings:{season.pk}:{stamp(counted, rows)}"
    ratings: dict[str, PlayerRating] | None = cache.get(key)
    if ratings is None:
        columns = rows.order_by().values_list("session_id", "played_on", "place", "member_id", "member__user_id")
        ratings = rate_sessions(tables(columns))
        cache.set(key, ratings, CACHE_SECONDS)
    return ratings


def stamp(counted: tuple[str, datetime.date, list[int]], rows: QuerySet[PlayerResult]) -> str:
    """A digest of what the ratings count (the game, the last day, the clubs) and of the counted rows, read in one
    aggregate query: whatever changes in them, the digest does."""
    totals = rows.aggregate(
        rows=Count("id"), last=Max("id"), revisions=Sum("session__revision"), users=Sum("member__user_id")
    )
    return hashlib.sha256(repr((counted, sorted(totals.items()))).encode()).hexdigest()[:32]


def tables(rows: Iterable[tuple[int, datetime.date, int, int, int | None]]) -> list[Table]:
    """The evenings of result rows (session, day, place, member, login): each player's place at each table."""
    places: dict[int, dict[str, int]] = {}
    days: dict[int, datetime.date] = {}
    for session_id, played_on, place, member_id, user_id in rows:
        places.setdefault(session_id, {})[player_key(member_id, user_id)] = place
        days[session_id] = played_on
    return [Table(days[session_id], session_id, seats) for session_id, seats in places.items()]
