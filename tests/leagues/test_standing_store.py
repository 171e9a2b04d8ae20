"""Stored standings (``standing_store``): always the standing worked out from scratch, after any sequence of
evenings closed, corrected and reopened across seasons, at once or by the background task; a page reads one stored
row, never the result rows; a standing behind a change says it is being updated."""

from __future__ import annotations

import dataclasses
import datetime
import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import QuerySet
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.models import League, Season, StoredStanding
from leagues.seasons import selectors, standing_store
from leagues.seasons import services as league_services
from leagues.seasons.tasks import update_standings
from schreiber.after_commit import Enqueue
from scorekeeper import services
from scorekeeper.models import PlayerResult, Session
from tests.leagues.conftest import Personas, play_evening
from tests.scorekeeper.conftest import sauspiel

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bert", "Caro", "Dieter", "Emil"]
DAYS = [datetime.date(2025, 11, 20), datetime.date(2025, 12, 30), datetime.date(2026, 1, 8),
        datetime.date(2026, 2, 12), datetime.date(2026, 5, 7)]  # fmt: skip
CHAIN = ["more_sessions", "direct_comparison", "best_evening", "shared"]


def seasons_of(personas: Personas, league: League) -> list[Season]:
    """Three seasons over the days: a year by points, one by placement points in quarters, one by money with only
    members ranked (the 2026 ones overlap)."""
    made = []
    for name, first, last, ranking, more in (
        ("2025", "2025-01-01", "2025-12-31", {"mode": "total_points"}, {}),
        ("2026 Q", "2026-01-01", "2026-12-31", {"mode": "placement_points", "formula": "linear_100"},
         {"sub_period": "quarter"}),
        ("2026 money", "2025-12-01", "2026-03-31", {"mode": "total_money"}, {"members_only": True}),
    ):  # fmt: skip
        saved = league_services.save_season(
            league=league, actor=personas.owner, name=name, period="free",
            starts_on=datetime.date.fromisoformat(first), ends_on=datetime.date.fromisoformat(last),
            ranking=ranking, tiebreaks=CHAIN, **more,
        )  # fmt: skip
        made.append(saved)
    return made


def rows_of(season: Season, period: str | None) -> QuerySet[PlayerResult]:
    rows = selectors.season_rows(season)
    return rows if period is None else rows.filter(played_on__range=selectors.period_bounds(period))


def from_scratch(season: Season, period: str | None) -> selectors.SeasonStanding:
    return selectors.worked_out(season, rows_of(season, period).values_list(*selectors.ROW), period)


def comparable(standing: selectors.SeasonStanding) -> selectors.SeasonStanding:
    return dataclasses.replace(standing, season=None, stamp="", updating=False)  # type: ignore[arg-type]


def assert_stored_as_from_scratch(season: Season) -> None:
    season.refresh_from_db()
    months = selectors.season_rows(season).dates("played_on", "month")
    periods = selectors.periods_of(season, months)
    assert selectors.season_periods(season) == periods
    for period in [None, *periods]:
        stored = selectors.standing(season, period=period)
        assert stored.stamp.startswith("stored:"), (season, period)  # read as stored, not worked out
        assert not stored.updating
        assert comparable(stored) == comparable(from_scratch(season, period)), (season.name, period)
    days = dict(season.stored_standings.values_list("period", "days"))
    assert set(days) == {"", *periods}
    for period in [None, *periods]:  # the days played, stored with each standing
        assert days[period or ""] == rows_of(season, period).dates("played_on", "day").count(), (season, period)


@contextmanager
def rolled_back() -> Iterator[None]:
    point = transaction.savepoint()
    try:
        yield
    finally:
        transaction.savepoint_rollback(point)


EVENING = st.tuples(
    st.sampled_from(DAYS),
    st.permutations(NAMES).map(lambda names: names[:4]),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(20, 110)), min_size=1, max_size=3),
)
STEP = st.one_of(
    st.tuples(st.just("close"), EVENING),
    st.tuples(st.just("reopen"), st.integers(0, 9)),
    st.tuples(st.just("correct"), st.tuples(st.integers(0, 9), st.integers(20, 110))),
)


def deals_of(names: list[str], deals: list[tuple[int, int, int]]) -> list[dict[str, Any]]:
    return [sauspiel(names[a], names[b if b != a else (a + 1) % 4], points) for a, b, points in deals]


def take_step(personas: Personas, step: tuple[str, Any]) -> None:
    kind, what = step
    sessions = list(Session.objects.filter(club=personas.club).order_by("pk"))
    if kind == "close":
        day, names, deals = what
        play_evening(personas, day, deals_of(names, deals), names=names)
    elif kind == "reopen" and sessions:
        session = sessions[what % len(sessions)]
        if session.status == Session.Status.CLOSED:
            services.reopen_session(session=session, actor=personas.owner)
    elif kind == "correct" and sessions:
        number, points = what
        session = sessions[number % len(sessions)]
        if session.status == Session.Status.CLOSED:
            services.reopen_session(session=session, actor=personas.owner)
        deal = session.deals.filter(deleted_at__isnull=True).order_by("sequence").first()
        assert deal is not None
        facts = {**deal.facts, "points": points}
        services.correct_deal(deal=deal, actor=personas.scorer, facts=facts, revision=deal.revision)
        services.close_session(session=Session.objects.get(pk=session.pk), actor=personas.owner)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=6), at_once=st.booleans())
def test_the_stored_standings_are_those_worked_out_from_scratch(
    personas: Personas, league: League, steps: list[tuple[str, Any]], at_once: bool
) -> None:
    """At once (a club's small league) or by the background task (``at_once`` False: every change too big), after
    any evenings closed, reopened and corrected, each season's stored standing and sub-periods' are those worked
    out from scratch."""
    with rolled_back(), mock.patch.object(standing_store, "AT_ONCE_RESULTS", 10_000 if at_once else -1):
        seasons = seasons_of(personas, league)
        for step in steps:
            take_step(personas, step)
        if not at_once:  # what the task enqueued by the changes does
            update_standings.call(league.pk)
        for season in seasons:
            assert_stored_as_from_scratch(season)


@pytest.fixture
def stored(personas: Personas, league: League) -> list[Season]:
    """The three seasons, with two evenings played, their standings stored at once."""
    play_evening(personas, DAYS[1], [sauspiel("Anna", "Bert", 80)])
    play_evening(personas, DAYS[2], [sauspiel("Caro", "Dieter", 95)], names=["Bert", "Caro", "Dieter", "Emil"])
    return seasons_of(personas, league)


def test_a_page_reads_the_stored_standing_in_a_few_queries_and_no_result_row(
    client: Client, personas: Personas, stored: list[Season]
) -> None:
    client.force_login(personas.member)
    for season in stored:
        path = reverse("season", args=[personas.club.slug, season.pk])
        client.get(path)  # what a process does once (its templates read)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(path)
        assert page.status_code == 200
        read = [query["sql"] for query in queries.captured_queries]
        assert not [sql for sql in read if "scorekeeper_playerresult" in sql], season.name
        assert len(read) <= 9, "\n".join(read)


def test_a_change_too_big_for_the_request_shows_the_standing_before_it_marked_being_updated(
    client: Client, personas: Personas, stored: list[Season]
) -> None:
    season = stored[0]  # 2025: one evening, on 30 December
    before = selectors.standing(season)
    with mock.patch.object(standing_store, "AT_ONCE_RESULTS", 0):
        play_evening(personas, DAYS[0], [sauspiel("Dieter", "Emil", 100)], names=["Bert", "Caro", "Dieter", "Emil"])
    behind = selectors.standing(season)
    assert behind.updating
    assert comparable(behind) == comparable(before)
    client.force_login(personas.member)
    path = reverse("season", args=[personas.club.slug, season.pk])
    assert "Standing being updated" in client.get(path).content.decode()
    assert "Tabelle wird aktualisiert" in client.get(path, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    # the seasons the evening is not in stay current, without being worked out again
    assert not selectors.standing(stored[1]).updating
    update_standings.call(season.league_id)  # the task
    assert_stored_as_from_scratch(season)
    assert "Standing being updated" not in client.get(path).content.decode()


def test_changing_a_seasons_ranking_stores_it_ranked_anew_and_leaves_the_others(
    personas: Personas, stored: list[Season]
) -> None:
    season, other = stored[0], stored[1]
    kept = StoredStanding.objects.get(season=other, period="").document
    league_services.save_season(
        league=season.league, actor=personas.owner, name=season.name, period=season.period,
        starts_on=season.starts_on, ends_on=season.ends_on, ranking={"mode": "total_money"}, tiebreaks=CHAIN,
        season=season,
    )  # fmt: skip
    assert selectors.standing(season).ranking.mode.config()["mode"] == "total_money"
    assert_stored_as_from_scratch(season)
    assert StoredStanding.objects.get(season=other, period="").document == kept
    assert not selectors.standing(other).updating


def test_a_change_while_the_task_works_gets_another_run_of_it(
    personas: Personas, stored: list[Season], django_capture_on_commit_callbacks: Any
) -> None:
    """A change committed while the task works a season out (here one that touches no season) moves the revision
    past the one the task stores it for: the task runs again, and every season ends current."""
    league = League.objects.get(pk=stored[0].league_id)
    with mock.patch.object(standing_store, "AT_ONCE_RESULTS", -1):
        play_evening(personas, DAYS[0], [sauspiel("Dieter", "Emil", 100)], names=["Bert", "Caro", "Dieter", "Emil"])
    # the task it enqueued is the one run below (a test's transaction never commits: the enqueueing stays waiting)
    connection.run_on_commit = [entry for entry in connection.run_on_commit if not isinstance(entry[1], Enqueue)]
    worked_out = standing_store.documents

    def meanwhile(season: Season) -> list[standing_store.Made]:
        made = worked_out(season)
        if not changed:
            locked = League.objects.select_for_update().get(pk=league.pk)
            locked.revision += 1
            locked.save(update_fields=["revision"])
            standing_store.follow(locked, locked.revision - 1, lambda s: False)
            changed.append(season)
        return made

    changed: list[Season] = []
    with mock.patch.object(standing_store, "documents", meanwhile), django_capture_on_commit_callbacks(execute=True):
        update_standings.call(league.pk)
    assert changed
    for season in stored:
        assert_stored_as_from_scratch(season)
    assert not StoredStanding.objects.filter(days=None).exists()


def test_refresh_standings_stores_what_an_upgrade_left_missing(stored: list[Season]) -> None:
    """Seasons from before standings were stored (none stored), or stored without their days, get theirs from the
    command, as from scratch."""
    StoredStanding.objects.filter(season=stored[0]).delete()
    StoredStanding.objects.filter(season=stored[1]).update(days=None)
    assert not selectors.standing(stored[0]).stamp.startswith("stored:")
    out = io.StringIO()
    call_command("refresh_standings", stdout=out)
    assert "Leagues with their standings up to date: 1" in out.getvalue()
    for season in stored:
        assert_stored_as_from_scratch(season)
    assert not StoredStanding.objects.filter(days=None).exists()
