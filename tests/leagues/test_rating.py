"""The skill rating: what the places at a table do to it, and a season's ratings from the stored results."""

from __future__ import annotations

import contextlib
import copy
import datetime
import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from leagues.models import League, Season
from leagues.seasons import services as league_services
from leagues.seasons.rating import PlayerRating, Table, rate_sessions
from leagues.seasons.rating_store import refresh_league, season_ratings
from leagues.seasons.tasks import rate_league
from schreiber.after_commit import Enqueue
from scorekeeper import services
from scorekeeper.models import PlayerResult, Session
from scorekeeper.signals import ResultsChanged
from tests.leagues.conftest import Personas, play_evening, sauspiel
from tests.leagues.test_seasons import replayed
from tests.scorekeeper.conftest import start

DAY = datetime.date(2026, 1, 1)


def evening(number: int, **places: int) -> Table:
    """Evening ``number`` (a day and a session of its own) with each player's place."""
    return Table(DAY + datetime.timedelta(days=number), number, places)


# ----------------------------------------------------------------------------------------------- the places at a table


def test_a_player_who_always_wins_ends_above_one_who_always_loses() -> None:
    ratings = rate_sessions(evening(n, anna=1, bert=2, caro=3, dieter=4) for n in range(10))
    assert ratings["anna"].ordinal > ratings["bert"].ordinal > ratings["caro"].ordinal > ratings["dieter"].ordinal
    assert {r.sessions for r in ratings.values()} == {10}


def test_everybody_starts_at_25_and_shows_0() -> None:
    fresh = rate_sessions([evening(0, anna=1, bert=1)])["anna"]  # a draw of equals moves no rating
    assert fresh.mu == pytest.approx(25)
    assert fresh.sigma < 25 / 3
    assert fresh.ordinal == fresh.mu - 3 * fresh.sigma


def test_beating_a_strong_table_gains_more_than_beating_a_weak_one() -> None:
    # The strong three always beat the weak three; then a newcomer wins at each table on the same day.
    history = [evening(n, s1=1 + n % 3, s2=1 + (n + 1) % 3, s3=1 + (n + 2) % 3, w1=4, w2=5, w3=6) for n in range(10)]
    ratings = rate_sessions([*history, evening(20, strong=1, s1=2, s2=3, s3=4), evening(21, weak=1, w1=2, w2=3, w3=4)])
    assert ratings["strong"].mu > ratings["weak"].mu > 25


def test_a_beginner_moves_fast_and_a_regular_slowly() -> None:
    history = [
        evening(n, regular=1 + n % 4, a=1 + (n + 1) % 4, b=1 + (n + 2) % 4, c=1 + (n + 3) % 4) for n in range(30)
    ]
    before = rate_sessions(history)["regular"]
    after = rate_sessions([*history, evening(30, regular=1, beginner=2)])
    assert abs(after["regular"].mu - before.mu) < abs(after["beginner"].mu - 25)
    assert after["regular"].sigma < after["beginner"].sigma


def test_players_who_share_a_place_share_its_rating() -> None:
    ratings = rate_sessions([evening(0, anna=1, bert=1, caro=3, dieter=4, emil=5)])
    assert ratings["anna"] == ratings["bert"]
    # Sharing first is worth more than third alone (openskill's Plackett–Luce has it the other way round).
    assert ratings["anna"].mu > ratings["caro"].mu > ratings["dieter"].mu > ratings["emil"].mu
    middle = rate_sessions([evening(0, anna=1, bert=2, caro=2, dieter=4)])
    assert middle["bert"] == middle["caro"]
    assert middle["bert"].mu == pytest.approx(25)


def test_a_table_of_one_rates_nobody() -> None:
    assert rate_sessions([evening(0, anna=1)]) == {}


# ------------------------------------------------------------------------------------------------- reproducible


def random_evenings(count: int = 60) -> list[Table]:
    """Tables of three to five of seven players, two a day, with points in tens: many players share a place."""
    rng = random.Random(13)
    names = ["anna", "bert", "caro", "dieter", "emil", "franz", "gerda"]
    tables = []
    for n in range(count):
        seated = rng.sample(names, rng.choice((3, 4, 5)))
        points = {name: rng.randrange(-3, 4) * 10 for name in seated}
        places = {name: 1 + sum(other > mine for other in points.values()) for name, mine in points.items()}
        tables.append(Table(DAY + datetime.timedelta(days=n // 2), n, places))
    return tables


def test_the_same_results_give_the_same_ratings_however_they_are_read() -> None:
    tables = random_evenings()
    first = rate_sessions(tables)
    assert rate_sessions(tables) == first
    reread = [Table(t.played_on, t.session_id, dict(reversed(list(t.places.items())))) for t in tables]
    random.Random(7).shuffle(reread)
    assert rate_sessions(reread) == first


def test_only_the_order_of_play_matters() -> None:
    # Anna beats Bert once and loses to him once: the later evening weighs a little more.
    won, lost = evening(0, anna=1, bert=2), evening(1, anna=2, bert=1)
    won_last = Table(DAY + datetime.timedelta(days=2), won.session_id, won.places)
    assert rate_sessions([won, lost])["anna"].mu < 25 < rate_sessions([won_last, lost])["anna"].mu
    # On one day, the session started first is rated first; how many days apart makes no difference.
    same_day = [Table(DAY, 2, won.places), Table(DAY, 1, lost.places)]
    assert rate_sessions(same_day) == rate_sessions([lost, won_last])


# ------------------------------------------------------------------------------------------ a season's ratings


def fresh(season: Season) -> dict[str, PlayerRating]:
    """The ratings worked out afresh: every session they count, up to the season's last day, replayed by the engine."""
    history = copy.copy(season)
    history.starts_on = datetime.date.min
    places: dict[int, dict[str, int]] = defaultdict(dict)
    days = {}
    for result in replayed(history):
        session_id = cast(int, result.session)
        places[session_id][result.player] = result.place
        days[session_id] = result.date
    return rate_sessions(Table(days[s], s, seats) for s, seats in places.items())


def let_go_of_refreshes() -> None:
    """A test's transaction never commits: forget the on-commit work it holds (the scorekeeper's announcements of
    changed results, the ratings' rebuilds enqueued), as a commit would."""
    connection.run_on_commit = [entry for entry in connection.run_on_commit
                                if not isinstance(entry[1], ResultsChanged) and not rebuilds([entry[1]])]  # fmt: skip


def rebuilds(done: list[Callable[[], Any]]) -> list[Enqueue]:
    return [work for work in done if isinstance(work, Enqueue) and work.task is rate_league]


@pytest.fixture
def commit(django_capture_on_commit_callbacks):
    """``with commit() as done:`` runs the on-commit work of the changes inside, as their commit would (a rebuild
    enqueued runs at once: the tests' task backend is the immediate one)."""

    @contextlib.contextmanager
    def committed() -> Iterator[list[Callable[[], Any]]]:
        with django_capture_on_commit_callbacks(execute=True) as done:
            yield done
        let_go_of_refreshes()

    return committed


@pytest.fixture
def rated(season: Season) -> Season:
    """The season with its ratings written, as the background task enqueued by its last change would."""
    refresh_league(season.league)
    let_go_of_refreshes()
    return season


def current(season: Season) -> bool:
    return League.objects.get(pk=season.league_id).rating_current


@pytest.mark.django_db
def test_a_seasons_ratings_count_every_evening_of_the_leagues_game_up_to_its_last_day(
    personas: Personas, rated: Season, commit
) -> None:
    with commit() as later:
        play_evening(personas, datetime.date(2027, 1, 7), [sauspiel("Dieter", "Bert", 60)])  # after the season
        services.close_session(session=start(personas, game="doppelkopf", played_on=DAY), actor=personas.owner)
    assert later  # the changes are announced once committed …
    assert not rebuilds(later)  # … but neither changes what the season's ratings count
    assert current(rated)
    assert PlayerResult.objects.filter(game="doppelkopf").count() == 4  # another game: not rated
    ratings = season_ratings(rated)
    assert ratings == fresh(rated)
    assert {r.sessions for r in ratings.values()} == {3}  # the 2025 evening and the season's two
    assert len(ratings) == 4


@pytest.mark.django_db
def test_closing_the_newest_evenings_rates_each_at_once_as_a_rebuild_would(
    personas: Personas, rated: Season, commit
) -> None:
    with CaptureQueriesContext(connection) as read:
        season_ratings(rated)
    assert len(read) == 1  # a page reads the stored ratings only
    before = season_ratings(rated)
    places = [("Dieter", "Bert", 60), ("Anna", "Caro", 91), ("Bert", "Anna", 30), ("Caro", "Dieter", 120)]
    for n, (declarer, partner, points) in enumerate(places):
        with commit() as later:
            play_evening(personas, datetime.date(2026, 2, 1 + n), [sauspiel(declarer, partner, points)])
        assert not rebuilds(later)  # rated in the request that closed it, nothing left for the background
        assert current(rated)
    once = season_ratings(rated)
    assert once != before
    assert once == fresh(rated)
    refresh_league(rated.league)  # from scratch: the very same numbers, to the last bit
    assert season_ratings(rated) == once


@pytest.mark.django_db
def test_a_change_further_back_is_rated_again_in_the_background(personas: Personas, rated: Season, commit) -> None:
    before = season_ratings(rated)
    last = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    with commit() as later:
        services.reopen_session(session=last, actor=personas.owner)
    assert len(rebuilds(later)) == 0  # a reopened evening keeps its last closed result until it is closed again
    assert current(rated)
    assert season_ratings(rated) == before

    deal = last.deals.get()
    won = sauspiel("Caro", "Dieter", 91)  # they lost it: the places turn round
    with commit() as later:
        services.correct_deal(deal=deal, actor=personas.scorer, facts=won, revision=deal.revision)
        services.close_session(session=last, actor=personas.owner)  # not the newest any more: rated before
        play_evening(personas, datetime.date(2026, 1, 10), [sauspiel("Dieter", "Bert", 60)])  # entered late
    assert len(rebuilds(later)) == 1  # one rebuild of the league for the changes
    assert current(rated)
    assert season_ratings(rated) == fresh(rated) != before


@pytest.mark.django_db
def test_a_correction_years_back_enqueues_the_task_and_ends_as_a_rebuild(personas: Personas, commit) -> None:
    league = League.objects.create(club=personas.club, name="Alt", game="schafkopf")
    for year in (2023, 2024, 2025, 2026):
        league_services.save_season(
            league=league, actor=personas.owner, name=str(year), period="year", starts_on=datetime.date(year, 1, 1),
            ends_on=datetime.date(year, 12, 31), ranking={"mode": "total_points"},
        )  # fmt: skip
    first = play_evening(personas, datetime.date(2023, 3, 3), [sauspiel("Anna", "Bert", 80)])
    for year in (2024, 2025, 2026):
        play_evening(personas, datetime.date(year, 5, 5), [sauspiel("Caro", "Dieter", 70)])
    refresh_league(league)
    let_go_of_refreshes()
    seasons = list(league.seasons.order_by("starts_on"))
    with commit() as later:
        services.reopen_session(session=first, actor=personas.owner)
        deal = first.deals.get()
        services.correct_deal(deal=deal, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 30), revision=1)
        services.close_session(session=first, actor=personas.owner)
    assert [work.args for work in rebuilds(later)] == [(league.pk,)]
    league.refresh_from_db()
    assert league.rating_current
    for season in seasons:
        assert season_ratings(season) == fresh(season)


@pytest.mark.django_db(transaction=True)
def test_the_task_waits_in_the_database_for_the_worker(personas: Personas, league: League) -> None:
    from django_tasks_db.models import DBTaskResult

    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        season = league_services.save_season(
            league=league, actor=personas.owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
            ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"},
        )  # fmt: skip
        play_evening(personas, datetime.date(2026, 1, 8), [sauspiel("Anna", "Caro", 72)])
        # Queued: the new season's ratings, and again for the evening closed while they were behind.
        assert DBTaskResult.objects.filter(status="READY").count() == 2
        assert not current(season)
        call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)
    assert set(DBTaskResult.objects.values_list("status", flat=True)) == {"SUCCESSFUL"}  # the second found them current
    assert current(season)
    assert season_ratings(season) == fresh(season)


@pytest.mark.django_db
def test_a_membership_linked_to_a_login_is_rated_as_that_player(
    personas: Personas, rated: Season, make_user, commit
) -> None:
    dieter = personas.players["Dieter"]
    assert f"m{dieter.pk}" in season_ratings(rated)
    invitation = services.create_invitation(club=personas.club, actor=personas.owner, member=dieter)
    login = make_user("dieter")
    with commit() as later:
        services.accept_invitation(invitation=invitation, user=login)
    assert len(rebuilds(later)) == 1
    ratings = season_ratings(rated)
    assert f"m{dieter.pk}" not in ratings
    assert ratings[f"u{login.pk}"].sessions == 3
    assert ratings == fresh(rated)
