"""Seasons' skill ratings (``rating``), kept up to date as results change, read by the pages.

A rating needs a player's history, so a season's ratings count every result of the league's game at the league's
clubs up to the season's last day, not only the season's. Working them out from scratch takes seconds at a
federation's scale: too slow for a page or for the request that closes an evening, so the ratings are stored
(``SeasonRating``) and kept up to date in two ways:

- **At once**, in the transaction of the change, when an evening is closed that comes after every evening rated
  (``League.rated_through_…``): only its table is rated, on top of the stored ratings of its players, exactly the
  step a rebuild would take last (``rating.rate_after``).
- **In the background** for anything else (an evening corrected, reopened or abandoned, an evening entered late,
  a member linked to a login, a season's dates, a club joining or leaving): the league's revision moves on, the
  stored ratings stay as they were, marked as behind (``League.rating_current``: the page says they are being
  updated), and a task (``tasks.rate_league``, run by ``manage.py db_worker``) works them all out again.

Either way the numbers are the same as from scratch (``tests/leagues/test_rating.py`` checks it).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import transaction

from scorekeeper.models import PlayerResult
from scorekeeper.signals import ResultsChange

from .models import League, Season, SeasonRating
from .rating import PlayerRating, Table, rate_after, ratings_on
from .selectors import player_key

RESULT_COLUMNS = ("session_id", "played_on", "place", "member_id", "member__user_id")  # ``tables`` unpacks them


def season_ratings(season: Season) -> dict[str, PlayerRating]:
    """Each player's rating (by ``selectors.player_key``) after every evening the season's ratings count."""
    rows = season.ratings.values_list("player", "mu", "sigma", "sessions")
    return {player: PlayerRating(mu, sigma, sessions) for player, mu, sigma, sessions in rows}


def player_rating(season: Season, player: str) -> PlayerRating | None:
    """One player's rating of the season (by ``selectors.player_key``), or None for a player not rated."""
    row = season.ratings.filter(player=player).values_list("mu", "sigma", "sessions").first()
    return PlayerRating(*row) if row is not None else None


# ---------------------------------------------------------------- following a change (``refresh.follow_results``)


def counted(league: League, change: ResultsChange) -> bool:
    """Whether the change touches results the league's ratings count (an evening after every season's last day
    counts in none)."""
    last_day = league.seasons.order_by("-ends_on").values_list("ends_on", flat=True).first()
    return last_day is not None and (change.since is None or change.since <= last_day)


def newest_evening(league: League, change: ResultsChange) -> bool:
    """Whether the change is one evening's results written, an evening played after every evening rated."""
    if change.session_id is None or change.removed or change.since is None or league.rated_through_day is None:
        return False
    return (change.since, change.session_id) > (league.rated_through_day, league.rated_through_session or 0)


def rate_evening(league: League, change: ResultsChange) -> None:
    """Rate the evening on top of the stored ratings of every season that counts it; they all hold the same
    ratings, those after every evening rated, since the evening comes after all of them."""
    assert change.session_id is not None
    assert change.since is not None
    seasons = list(league.seasons.filter(ends_on__gte=change.since).order_by("pk"))
    rows = PlayerResult.objects.filter(session_id=change.session_id).values_list(*RESULT_COLUMNS)
    [table] = tables(rows) or [Table(change.since, change.session_id, {})]
    before = {
        player: PlayerRating(mu, sigma, sessions)
        for player, mu, sigma, sessions in SeasonRating.objects.filter(
            season=seasons[0], player__in=table.places
        ).values_list("player", "mu", "sigma", "sessions")
    }
    after = rate_after(table, before)
    SeasonRating.objects.bulk_create(
        [
            SeasonRating(season=s, player=key, mu=r.mu, sigma=r.sigma, sessions=r.sessions)
            for s in seasons
            for key, r in after.items()
        ],
        update_conflicts=True,
        unique_fields=["season", "player"],
        update_fields=["mu", "sigma", "sessions"],
    )
    league.rated_revision = league.revision
    league.rated_through_day, league.rated_through_session = change.since, change.session_id


# -------------------------------------------------------------------------------------------- working them all out


def refresh_league(league: League) -> None:
    """Work out every season's ratings of ``league`` again, in one pass over its history, and store them as current
    for the revision read first (a change committed meanwhile has enqueued a rebuild of its own)."""
    revision = League.objects.values_list("revision", flat=True).get(pk=league.pk)
    seasons = list(league.seasons.all())
    last_day = max((s.ends_on for s in seasons), default=None)
    found: dict[datetime.date, dict[str, PlayerRating]] = {}
    last: tuple[datetime.date, int] | None = None
    if last_day is not None:
        rows = PlayerResult.objects.filter(
            game=league.game, played_on__lte=last_day, session__club_id__in=league.club_ids()
        ).order_by()
        evenings = tables(rows.values_list(*RESULT_COLUMNS))
        found = ratings_on(evenings, [s.ends_on for s in seasons])
        last = max(((t.played_on, t.session_id) for t in evenings), default=None)
    with transaction.atomic():
        locked = League.objects.select_for_update().get(pk=league.pk)
        if revision < locked.rated_revision:
            return  # a later rebuild has been stored already
        SeasonRating.objects.filter(season__league=locked).delete()
        SeasonRating.objects.bulk_create(
            SeasonRating(season=s, player=key, mu=r.mu, sigma=r.sigma, sessions=r.sessions)
            for s in seasons
            for key, r in found[s.ends_on].items()
        )
        locked.rated_revision = revision
        # Nothing rated yet: every evening comes after the start of time.
        locked.rated_through_day, locked.rated_through_session = last or (datetime.date.min, 0)
        locked.save(update_fields=["rated_revision", "rated_through_day", "rated_through_session"])


def tables(rows: Iterable[tuple[int, datetime.date, int, int, int | None]]) -> list[Table]:
    """The evenings of result rows (session, day, place, member, login): each player's place at each table."""
    places: dict[int, dict[str, int]] = {}
    days: dict[int, datetime.date] = {}
    for session_id, played_on, place, member_id, user_id in rows:
        places.setdefault(session_id, {})[player_key(member_id, user_id)] = place
        days[session_id] = played_on
    return [Table(days[session_id], session_id, seats) for session_id, seats in places.items()]
