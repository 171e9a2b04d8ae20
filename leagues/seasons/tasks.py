"""The background work of seasons, run by ``manage.py db_worker`` (django-tasks with its database backend)."""

from __future__ import annotations

from django.utils import translation
from django_tasks import task

from schreiber.after_commit import enqueue_once
from scorekeeper.models import Club

from . import standing_files
from .models import League, Season
from .rating_store import refresh_league
from .standing_store import refresh_standings


@task()
def rate_league(league_id: int) -> None:
    """Work a league's ratings out again, unless they are current already (an earlier task caught up with the
    change that enqueued this one) or the league is gone."""
    league = League.objects.filter(pk=league_id).first()
    if league is not None and not league.rating_current:
        refresh_league(league)


@task()
def write_standing(club_id: int, season_id: int, fmt: str, query: str, language: str) -> None:
    """Write a season's standing as a club's export asked for it (``standing_files.write_standing``), unless the club
    or the season is gone."""
    club = Club.objects.filter(pk=club_id).first()
    season = Season.objects.select_related("league__club").filter(pk=season_id).first()
    if club is not None and season is not None:
        with translation.override(language):
            standing_files.write_standing(club, season, fmt, query, language)


@task()
def update_standings(league_id: int) -> None:
    """Work out again the stored standings of a league's seasons that are behind its revision (none, when an
    earlier task caught up with the change that enqueued this one), unless the league is gone; once more when a
    change committed meanwhile left one behind again."""
    league = League.objects.filter(pk=league_id).first()
    if league is not None and refresh_standings(league):
        enqueue_once(update_standings, league_id)
