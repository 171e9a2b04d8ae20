"""A league follows every change of what its standings and ratings count, in the change's transaction: its revision
moves on, and its stored standings (``standing_store``) and ratings (``rating_store``) are brought up to date at once
or by a background task (``tasks``), enqueued once the change commits (``after_commit``)."""

from __future__ import annotations

from django.db.models import Q

from schreiber.after_commit import enqueue_once
from scorekeeper.signals import ResultsChange

from . import rating_store, standing_store, tasks
from .models import League, LeagueClub, Season


def follow_results(change: ResultsChange) -> None:
    """In the transaction of a change of a club's results: every league that counts them moves to a new revision,
    and its ratings are brought up to date at once or in the background (``rating_store``'s text)."""
    joined = LeagueClub.objects.filter(club_id=change.club_id, joined_at__isnull=False).values("league_id")
    leagues = League.objects.filter(Q(club_id=change.club_id) | Q(pk__in=joined))
    if change.game is not None:
        leagues = leagues.filter(game=change.game)
    only = change.since if change.session_id is not None else None  # one evening's results: only its day
    touched = standing_store.touched_by_days(change.since, only)
    for league in leagues.select_for_update().order_by("pk"):  # one order: two changes never wait on each other
        current = league.rating_current
        league.revision += 1
        _follow_standings(league, touched)
        if current and (change.kept or not rating_store.counted(league, change)):
            league.rated_revision = league.revision
        elif current and rating_store.newest_evening(league, change):
            rating_store.rate_evening(league, change)
        else:
            enqueue_once(tasks.rate_league, league.pk)
        league.save(update_fields=["revision", "rated_revision", "rated_through_day", "rated_through_session"])


def league_changed(league: League, *, ratings: bool, season: Season | None = None) -> None:
    """A write to the league or its seasons (``season``: to that one only) moved what its standings read (in the
    write's transaction); with ``ratings`` what its ratings count too, which a background task then works out
    again."""
    locked = League.objects.select_for_update().get(pk=league.pk)
    current = locked.rating_current
    locked.revision += 1
    _follow_standings(locked, standing_store.touched_by_days(None) if season is None else (lambda s: s.pk == season.pk))
    if current and not ratings:
        locked.rated_revision = locked.revision
    else:
        enqueue_once(tasks.rate_league, league.pk)
    locked.save(update_fields=["revision", "rated_revision"])
    league.revision, league.rated_revision = locked.revision, locked.rated_revision


def _follow_standings(league: League, touched: standing_store.Touched) -> None:
    """The stored standings of the league (locked, just moved on by one revision) follow it; those left behind are
    worked out by the background task."""
    if standing_store.follow(league, league.revision - 1, touched):
        enqueue_once(tasks.update_standings, league.pk)
