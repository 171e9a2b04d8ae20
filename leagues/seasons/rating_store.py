"""Seasons' skill ratings (``rating``), written whenever the results they count change, read by the pages.

A rating needs a player's history, so a season's ratings count every result of the league's game at the league's
clubs up to the season's last day, not only the season's. Rating a few thousand evenings takes a tenth of a second:
too slow for a page, so the ratings are stored (``SeasonRating``). The scorekeeper says when a club's results
change (``scorekeeper.signals.results_changed``: a session closed, corrected, reopened or abandoned, a member linked
to a login or let go of one); the ratings of every league of that club are then worked out again once the change is
committed, however many sessions it touched (a club restored from a backup writes hundreds).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Q

from scorekeeper.models import PlayerResult

from .models import League, LeagueClub, Season, SeasonRating
from .rating import PlayerRating, Table, ratings_on
from .selectors import player_key


def season_ratings(season: Season) -> dict[str, PlayerRating]:
    """Each player's rating (by ``selectors.player_key``) after every evening the season's ratings count."""
    rows = season.ratings.values_list("player", "mu", "sigma", "sessions")
    return {player: PlayerRating(mu, sigma, sessions) for player, mu, sigma, sessions in rows}


def player_rating(season: Season, player: str) -> PlayerRating | None:
    """One player's rating of the season (by ``selectors.player_key``), or None for a player not rated."""
    row = season.ratings.filter(player=player).values_list("mu", "sigma", "sessions").first()
    return PlayerRating(*row) if row is not None else None


def refresh_league(league: League) -> None:
    """Work out every season's ratings of ``league`` again, in one pass over its history, and store them."""
    seasons = list(league.seasons.all())
    if not seasons:
        return
    last_day = max(s.ends_on for s in seasons)
    rows = PlayerResult.objects.filter(
        game=league.game, played_on__lte=last_day, session__club_id__in=league.club_ids()
    ).order_by()
    columns = rows.values_list("session_id", "played_on", "place", "member_id", "member__user_id")
    found = ratings_on(tables(columns), [s.ends_on for s in seasons])
    with transaction.atomic():
        SeasonRating.objects.filter(season__in=seasons).delete()
        SeasonRating.objects.bulk_create(
            SeasonRating(season=s, player=key, mu=r.mu, sigma=r.sigma, sessions=r.sessions)
            for s in seasons
            for key, r in found[s.ends_on].items()
        )


class Refresh:
    """The on-commit work for one league; a transaction holds at most one (a rolled-back one holds none)."""

    def __init__(self, league_id: int) -> None:
        self.league_id = league_id

    def __call__(self) -> None:
        league = League.objects.filter(pk=self.league_id).first()
        if league is not None:
            refresh_league(league)


def refresh_after_commit(league_ids: Iterable[int]) -> None:
    """Refresh these leagues' ratings once the current transaction commits (at once outside one), each once."""
    waiting = {entry[1].league_id for entry in connection.run_on_commit if isinstance(entry[1], Refresh)}
    for league_id in league_ids:
        if league_id not in waiting:
            transaction.on_commit(Refresh(league_id))


def on_results_changed(sender: Any, *, club_id: int, game: str | None, since: datetime.date | None, **_: Any) -> None:
    """The leagues of the club (founded or joined) whose seasons count results of that game from ``since`` on."""
    joined = LeagueClub.objects.filter(club_id=club_id, joined_at__isnull=False).values("league_id")
    leagues = League.objects.filter(Q(club_id=club_id) | Q(pk__in=joined))
    if game is not None:
        leagues = leagues.filter(game=game)
    if since is not None:
        leagues = leagues.filter(seasons__ends_on__gte=since)
    refresh_after_commit(leagues.values_list("pk", flat=True).distinct())


def tables(rows: Iterable[tuple[int, datetime.date, int, int, int | None]]) -> list[Table]:
    """The evenings of result rows (session, day, place, member, login): each player's place at each table."""
    places: dict[int, dict[str, int]] = {}
    days: dict[int, datetime.date] = {}
    for session_id, played_on, place, member_id, user_id in rows:
        places.setdefault(session_id, {})[player_key(member_id, user_id)] = place
        days[session_id] = played_on
    return [Table(days[session_id], session_id, seats) for session_id, seats in places.items()]
