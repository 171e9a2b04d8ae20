"""Seasons' standings as their pages, exports and public links read them (``StoredStanding``), written whenever the
results they rank change.

Working a standing out from its result rows takes seconds for a federation's season (27,000 rows, 1,000 players):
too slow for a page or for the request that closes an evening. So each season's standing, and each of its
sub-periods', is stored with the league revision it reflects, and kept up to date in the transaction of every
change of the league (``follow``):

- a season the change does not touch keeps its stored standing, which now reflects the new revision too;
- the seasons it touches are worked out again **at once** when together they rank few result rows
  (``AT_ONCE_RESULTS``: a club's league), or else **in the background** (``tasks.update_standings``, run by
  ``manage.py db_worker``): until then their pages show the standing stored before, saying that it is being updated.

Either way a stored standing is the one worked out from scratch (``tests/leagues/test_standing_store.py``).
"""

from __future__ import annotations

import dataclasses
import datetime
import pickle
from collections.abc import Callable
from typing import NamedTuple

from django.db import transaction
from django.db.models import QuerySet

from .models import League, Season, StoredStanding
from .ranking import period_bounds
from .selectors import LAYOUT, ROW, SeasonStanding, StoredDocument, periods_of, season_rows, worked_out

# The result rows the touched seasons may rank together for their standings to be worked out in the change's
# transaction (about 0.1 ms a row: a season of a club's weekly evenings); more are left to the background task.
AT_ONCE_RESULTS = 2000

Touched = Callable[[Season], bool]


def follow(league: League, before: int, touched: Touched) -> bool:
    """In the transaction of a change that moved the league (locked) from revision ``before`` to ``league.revision``:
    the stored standings of the seasons ``touched`` worked out again at once, or else True, for the background task
    (enqueued by the caller, ``refresh``); the others' reflect the new revision as they are."""
    seasons = list(league.seasons.all())
    changed = [season for season in seasons if touched(season)]
    kept = [season.pk for season in seasons if season not in changed]
    StoredStanding.objects.filter(season_id__in=kept, revision=before).update(revision=league.revision)
    if not changed or _results(changed) > AT_ONCE_RESULTS:
        return bool(changed)
    for season in changed:
        store(season, league.revision)
    return False


def _results(seasons: list[Season]) -> int:
    """The result rows the seasons rank: as stored with their standings (or counted, for a season without one)."""
    stored = dict(StoredStanding.objects.filter(season__in=seasons, period="").values_list("season_id", "results"))
    return sum(stored[s.pk] if s.pk in stored else season_rows(s).count() for s in seasons)


def touched_by_days(since: datetime.date | None, only: datetime.date | None = None) -> Touched:
    """The seasons whose results a change touches: those with a day from ``since`` on (any, for None), or with the
    one day ``only``."""

    def touched(season: Season) -> bool:
        if only is not None:
            return season.contains(only)
        return since is None or season.ends_on >= since

    return touched


def store(season: Season, revision: int) -> None:
    """Work the season's standing and its sub-periods' out from its result rows and store them as reflecting
    ``revision``."""
    _write(season, revision, documents(season))


class Made(NamedTuple):
    """A stored standing as worked out: its period, its pickled ``StoredDocument``, the result rows it ranks and
    the days they were played on."""

    period: str
    document: bytes
    results: int
    days: int


def documents(season: Season) -> list[Made]:
    """Each stored standing of the season (``""`` the whole season, then each sub-period with results), from one
    query of the season's rows."""
    rows = list(season_rows(season).values_list(*ROW))
    days = {row[5] for row in rows}
    periods = periods_of(season, days)
    made = [Made("", _pickled(worked_out(season, rows, None), periods), len(rows), len(days))]
    for period in periods:
        first, last = period_bounds(period)
        part = [row for row in rows if first <= row[5] <= last]
        document = _pickled(worked_out(season, part, period), [])
        made.append(Made(period, document, len(part), len({row[5] for row in part})))
    return made


def _pickled(standing: SeasonStanding, periods: list[str]) -> bytes:
    kept = dataclasses.replace(standing, season=None)  # type: ignore[arg-type]  # the reader has the season
    return pickle.dumps(StoredDocument(kept, periods), protocol=pickle.HIGHEST_PROTOCOL)


def refresh_standings(league: League) -> bool:
    """Work out again every stored standing of ``league`` that is behind its revision (or missing), for the revision
    read first, and store each unless a later one has been stored meanwhile. True when a change committed meanwhile
    left one behind again (it moved the revision past the one read): the task runs again."""
    revision = League.objects.values_list("revision", flat=True).get(pk=league.pk)
    for season in _behind(league, revision):
        made = documents(season)
        with transaction.atomic():
            League.objects.select_for_update().get(pk=league.pk)  # one writer of the league's standings at a time
            newer = StoredStanding.objects.filter(season=season, period="", revision__gt=revision).exists()
            if newer or not Season.objects.filter(pk=season.pk).exists():
                continue
            _write(season, revision, made)
    now = League.objects.values_list("revision", flat=True).get(pk=league.pk)
    return now != revision and _behind(league, now).exists()


def _behind(league: League, revision: int) -> QuerySet[Season]:
    """The league's seasons without a standing stored for ``revision`` (or stored before the days were kept with it)."""
    current = StoredStanding.objects.filter(
        season__league=league, period="", revision=revision, layout=LAYOUT, days__isnull=False
    )
    return league.seasons.exclude(pk__in=current.values("season_id"))


def _write(season: Season, revision: int, made: list[Made]) -> None:
    """Store ``documents(season)``; a sub-period without results any more goes."""
    for one in made:
        StoredStanding.objects.update_or_create(
            season=season,
            period=one.period,
            defaults={
                "revision": revision,
                "results": one.results,
                "days": one.days,
                "layout": LAYOUT,
                "document": one.document,
            },
        )
    StoredStanding.objects.filter(season=season).exclude(period__in=[one.period for one in made]).delete()
