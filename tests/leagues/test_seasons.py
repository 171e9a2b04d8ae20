"""Seasons rank the stored per-player results exactly as a fresh replay of every counted session would."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.models import League, Season
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from leagues.seasons.ranking import EveningResult, rank
from scorekeeper import engine, services
from scorekeeper.models import Session
from scorekeeper.stored.documents import session_document
from tests.leagues.conftest import Personas, play_evening, sauspiel
from tests.scorekeeper.conftest import start

pytestmark = pytest.mark.django_db


def replayed(season: Season) -> list[EveningResult]:
    """Every counted session of the season scored afresh by the engine, as the ranking engine takes it."""
    found = []
    sessions = Session.objects.filter(
        club__in=season.league.club_ids(),
        game=season.league.game,
        status=Session.Status.CLOSED,
        played_on__range=(season.starts_on, season.ends_on),
    ).prefetch_related("seats__member")
    for session in sessions:
        parsed = engine.load(session_document(session))
        results = parsed.results()
        totals = [results[-1].totals[p] for p in parsed.players] if results else [0] * len(parsed.players)
        for seat, points in zip(session.seats.all(), totals, strict=True):
            played = sum(seat.name not in r.sitting_out for r in results)
            out = len(results) - played
            key = selectors.player_key(seat.member_id, seat.member.user_id)
            place = 1 + sum(other > points for other in totals)
            found.append(
                EveningResult(key, session.pk, session.played_on, len(totals), place, points, deals=played, sat_out=out)
            )
    return found


def assert_fresh(season: Season) -> None:
    stored = selectors.standing(season)
    names = {r.standing.player: r.totals.name for r in stored.rows}
    fresh = rank(replayed(season), season.ranking, season.tiebreaks, names=names)
    assert [(r.rank, r.standing.player, r.score) for r in stored.rows] == [(s.rank, s.player, s.score) for s in fresh]


def test_a_season_ranks_its_own_dates_only(personas: Personas, season: Season) -> None:
    standing = selectors.standing(season)
    # 2026: Anna+Caro won a Sauspiel, Bert+Dieter won one, Caro+Dieter lost one; the 2025 evening is not counted.
    by_name = {row.totals.name: row for row in standing.rows}
    assert {name: row.totals.deals for name, row in by_name.items()} == {"Anna": 3, "Bert": 3, "Caro": 3, "Dieter": 3}
    assert sum(row.totals.points for row in standing.rows) == 0
    assert standing.last_evening == datetime.date(2026, 1, 15)
    assert_fresh(season)


def test_reopening_keeps_the_last_closed_result_and_closing_and_abandoning_change_it_as_a_replay_would(
    personas: Personas, season: Season
) -> None:
    last = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    before = [(r.rank, r.totals.name, r.score) for r in selectors.standing(season).rows]
    services.reopen_session(session=last, actor=personas.owner)
    # reopened: its last closed result stays in the standing, marked as being corrected, until it is closed again
    reopened = selectors.standing(season)
    assert [(r.rank, r.totals.name, r.score) for r in reopened.rows] == before
    assert reopened.correcting == [last.played_on]
    assert {r.totals.name for r in reopened.rows if r.totals.correcting} == {"Anna", "Bert", "Caro", "Dieter"}
    deal = last.deals.get()
    services.correct_deal(
        deal=deal, actor=personas.scorer, facts=sauspiel("Caro", "Dieter", 91), revision=deal.revision
    )
    assert [(r.rank, r.totals.name, r.score) for r in selectors.standing(season).rows] == before
    services.close_session(session=last, actor=personas.owner)
    assert_fresh(season)
    assert [(r.rank, r.totals.name, r.score) for r in selectors.standing(season).rows] != before
    assert selectors.standing(season).correcting == []
    services.abandon_session(session=last, actor=personas.owner, member=personas.players["Anna"])
    assert_fresh(season)
    assert {r.totals.deals for r in selectors.standing(season).rows} == {2}


def test_movement_is_the_places_gained_since_the_standing_before_the_last_evening(
    personas: Personas, league: League, season: Season
) -> None:
    rows = selectors.standing(season).rows
    day_before = league_services.save_season(
        league=league, actor=personas.owner, name="To 14 January", period="free", starts_on=season.starts_on,
        ends_on=datetime.date(2026, 1, 14), ranking=season.ranking, tiebreaks=season.tiebreaks,
    )  # fmt: skip
    was: dict[str, Any] = {r.standing.player: r.rank for r in selectors.standing(day_before).rows}
    assert {r.standing.player: r.moved for r in rows} == {
        r.standing.player: was[r.standing.player] - r.rank for r in rows if r.rank is not None
    }
    assert any(r.moved for r in rows)


def test_chosen_sessions_only(personas: Personas, league: League, season: Season) -> None:
    chosen = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    season = league_services.save_season(
        league=league, actor=personas.owner, season=season, name="Cup", period="free",
        starts_on=season.starts_on, ends_on=season.ends_on, ranking={"mode": "total_points"},
        selection=Season.Selection.CHOSEN, sessions=[chosen],
    )  # fmt: skip
    assert {r.totals.deals for r in selectors.standing(season).rows} == {1}


@pytest.mark.parametrize(
    ("ranking", "tiebreaks", "field"),
    [
        ({"mode": "nonsense"}, [], "mode"),
        ({"mode": "best_n", "n": 0}, [], "n"),
        ({"mode": "average", "per": "week"}, [], "per"),
        ({"mode": "total_points"}, ["shared", "more_sessions"], "tiebreaks"),
        ({"mode": "placement_points", "points_by_size": {"4": [3, 1]}}, [], "points_by_size.4"),
        ({"mode": "placement_points"}, [], "mode"),
    ],
)
def test_a_bad_ranking_names_its_field_and_writes_nothing(
    personas: Personas, league: League, ranking: dict, tiebreaks: list, field: str
) -> None:
    with pytest.raises(services.ServiceError) as raised:
        league_services.save_season(
            league=league, actor=personas.owner, name="X", period="year", starts_on=datetime.date(2026, 1, 1),
            ends_on=datetime.date(2026, 12, 31), ranking=ranking, tiebreaks=tiebreaks,
        )  # fmt: skip
    assert field in raised.value.errors
    assert not Season.objects.exists()


def test_the_last_day_before_the_first_is_refused(personas: Personas, league: League) -> None:
    with pytest.raises(services.ServiceError) as raised:
        league_services.save_season(
            league=league, actor=personas.owner, name="X", period="free", starts_on=datetime.date(2026, 2, 1),
            ends_on=datetime.date(2026, 1, 1), ranking={"mode": "total_points"},
        )  # fmt: skip
    assert list(raised.value.errors) == ["ends_on"]


def test_a_league_across_clubs_knows_a_linked_player_as_one(personas: Personas, league: League, make_user) -> None:
    other = services.create_club(owner=personas.outsider, name="Gasthof Post", owner_name="Olga")
    # Caro also plays at the Post, signed in as the same user.
    caro = services.add_member(club=other, name="Caroline")
    caro.user = personas.member
    caro.save()
    invitation = league_services.invite_club(league=league, actor=personas.owner, club_slug=other.slug)
    assert selectors.leagues_of(other).count() == 0
    league_services.join_league(invitation=invitation, actor=personas.outsider)
    assert list(selectors.leagues_of(other)) == [league]
    day = datetime.date(2026, 3, 1)
    play_evening(personas, day, [sauspiel("Anna", "Caro", 72)])
    session = services.start_session(
        club=other, actor=personas.outsider, game="schafkopf", rules="classic", tariff="10/20/50",
        players=[other.members.get(user=personas.outsider), caro, "Xaver", "Yvonne"], played_on=day,
    )  # fmt: skip
    services.record_deal(session=session, actor=personas.outsider, facts=sauspiel("Caroline", "Olga", 80))
    services.close_session(session=session, actor=personas.outsider)
    season = league_services.save_season(
        league=league, actor=personas.owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"},
    )  # fmt: skip
    rows = selectors.standing(season).rows
    caro_rows = [r for r in rows if r.standing.player == f"u{personas.member.pk}"]
    assert len(caro_rows) == 1
    assert caro_rows[0].standing.played == 2
    assert len(rows) == 7  # Anna, Bert, Caro, Dieter, Olga, Xaver, Yvonne
    assert_fresh(season)
    assert (
        selectors.standing(season, selectors.season_rows(season).filter(session__club=other)).rows[0].standing.played
        == 1
    )


def test_inviting_a_club_twice_or_an_unknown_one_names_the_field(personas: Personas, league: League) -> None:
    for slug in ("no-such-club", personas.club.slug):
        with pytest.raises(services.ServiceError) as raised:
            league_services.invite_club(league=league, actor=personas.owner, club_slug=slug)
        assert list(raised.value.errors) == ["club"]


def test_a_standing_is_worked_out_once_per_change_of_its_rows(personas: Personas, season: Season) -> None:
    first = selectors.standing(season)
    with CaptureQueriesContext(connection) as again:
        assert selectors.standing(season).rows == first.rows
    assert len(again) == 1  # the stamp of the rows only
    last = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    services.reopen_session(session=last, actor=personas.owner)
    assert selectors.standing(season).rows != first.rows


def revision(season: Season) -> int:
    return League.objects.values_list("revision", flat=True).get(pk=season.league_id)


def test_a_cached_standing_is_read_without_a_result_row(personas: Personas, season: Season) -> None:
    filtered = {"club": str(personas.club.pk)}
    first, _ = selectors.filtered_standing(season, filtered)
    with CaptureQueriesContext(connection) as again:
        assert selectors.filtered_standing(season, filtered)[0].rows == first.rows
    assert len(again) == 1  # the league's revision
    assert not [q for q in again.captured_queries if "playerresult" in q["sql"].lower()]


def test_every_write_that_changes_a_standing_moves_the_leagues_revision(
    personas: Personas, season: Season, make_user: Any
) -> None:
    """Closing, reopening and correcting an evening, a login for a member, a season's settings: each moves the
    revision that keys the cached standings in its own transaction; what changes no standing moves nothing."""
    first = selectors.standing(season).rows
    last = Session.objects.get(played_on=datetime.date(2026, 1, 15))
    deal = last.deals.get()

    def moves(change: Any) -> bool:
        before = revision(season)
        change()
        return revision(season) > before

    assert moves(lambda: services.reopen_session(session=last, actor=personas.owner))
    assert selectors.standing(season).rows != first
    evening = Session.objects.filter(status=Session.Status.OPEN)
    assert not moves(  # an open evening counts in no standing yet
        lambda: services.correct_deal(
            deal=deal, actor=personas.scorer, facts=sauspiel("Caro", "Dieter", 91), revision=deal.revision
        )
    )
    assert evening.count() == 1
    assert moves(lambda: services.close_session(session=last, actor=personas.owner))
    corrected = selectors.standing(season).rows
    assert corrected != first
    assert not moves(lambda: league_services.change_public_link(season=season, actor=personas.owner, enabled=True))
    assert not moves(lambda: start(personas, game="doppelkopf", played_on=datetime.date(2026, 3, 1)))
    assert selectors.standing(season).rows == corrected  # from the cache: nothing it reads has changed
    dieter = personas.players["Dieter"]
    invitation = services.create_invitation(club=personas.club, actor=personas.owner, member=dieter)
    assert moves(lambda: services.accept_invitation(invitation=invitation, user=make_user("dieter")))

    def shorten() -> None:
        league_services.save_season(
            league=season.league, season=season, actor=personas.owner, name="2026", period="year",
            starts_on=season.starts_on, ends_on=datetime.date(2026, 1, 10), ranking={"mode": "total_points"},
        )  # fmt: skip

    assert moves(shorten)
