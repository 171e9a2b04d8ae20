"""The background work of seasons, run by ``manage.py db_worker`` (django-tasks with its database backend)."""

from __future__ import annotations

from django_tasks import task

from .models import League
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
def update_standings(league_id: int) -> None:
    """Work out again the stored standings of a league's seasons that are behind its revision (none, when an
    earlier task caught up with the change that enqueued this one), unless the league is gone."""
    league = League.objects.filter(pk=league_id).first()
    if league is not None:
        refresh_standings(league)
