"""The round clock: started, paused, resumed and extended by the director, read from the round by any server, shown
on the hall screen and on each table's phone; time up is called by the director's one button (TSR 8.5)."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from leagues.models import Tournament, TournamentRound
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.clock import Clock
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.models import TableLink
from scorekeeper.services import ServiceError
from scorekeeper.table import polling
from tests.leagues.conftest import Personas
from tests.scorekeeper.conftest import start

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 11, 28, 19, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    return START + datetime.timedelta(minutes=minutes)


def test_the_time_left_is_read_from_what_the_round_stores() -> None:
    assert Clock(None, None, 0, 0).remaining(100, at(30)) == 100 * 60  # not started: the whole time
    assert Clock(START, None, 0, 0).remaining(100, at(30)) == 70 * 60
    assert Clock(START, at(30), 0, 0).remaining(100, at(50)) == 70 * 60  # paused at 30: it stands
    assert Clock(START, None, 20 * 60, 0).remaining(100, at(50)) == 70 * 60  # resumed after 20 minutes
    assert Clock(START, None, 0, 10).remaining(100, at(100)) == 10 * 60  # extended by 10
    assert Clock(START, None, 0, 0).remaining(100, at(130)) == 0  # never below 0
    assert [Clock(*c).state() for c in ((None, None, 0, 0), (START, None, 0, 0), (START, START, 0, 0))] == [
        "waiting",
        "running",
        "paused",
    ]


def started(personas: Personas, tournament: Tournament, minutes_ago: float) -> TournamentRound:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tournaments.start_clock(this_round=this_round, actor=personas.owner)
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=minutes_ago)
    )
    this_round.refresh_from_db()
    return this_round


def test_the_director_starts_pauses_resumes_and_extends(personas: Personas, tournament: Tournament) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    with pytest.raises(ServiceError):
        tournaments.pause_clock(this_round=this_round, actor=personas.owner)  # not started yet
    this_round = tournaments.start_clock(this_round=this_round, actor=personas.owner)
    assert selectors.round_clock(this_round).sizes[0][1].header == "6000 running"
    this_round = tournaments.pause_clock(this_round=this_round, actor=personas.owner)
    now = timezone.now()
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=now - datetime.timedelta(minutes=10), clock_paused_at=now - datetime.timedelta(minutes=5)
    )  # started 10 minutes ago, paused 5 minutes ago
    this_round = tournaments.resume_clock(this_round=this_round, actor=personas.owner)
    this_round = tournaments.extend_clock(this_round=this_round, actor=personas.owner, minutes=10)
    assert 6000 - 5 * 60 + 10 * 60 - 2 <= selectors.round_clock(this_round).tables[0].remaining <= 6300
    for bad in (0, -5, 601, "5"):
        with pytest.raises(ServiceError):
            tournaments.extend_clock(this_round=this_round, actor=personas.owner, minutes=bad)  # type: ignore[arg-type]
    entries = personas.club.audit_entries.filter(after__has_key="what").order_by("pk")
    what = [entry.after["what"] for entry in entries if entry.after]
    assert what[-4:] == ["clock_started", "clock_paused", "clock_resumed", "clock_extended"]


def test_time_up_is_called_by_the_director_not_by_itself(personas: Personas, tournament: Tournament) -> None:
    this_round = started(personas, tournament, minutes_ago=99)
    with pytest.raises(ServiceError):
        tournaments.time_up(this_round=this_round, actor=personas.owner)  # a minute to go
    this_round = started_again(this_round, minutes_ago=101)
    clock = selectors.round_clock(this_round)
    assert clock.time_up
    assert clock.sizes[0][1].header == "0 running"
    assert not this_round.tables.filter(time_called_after__isnull=False).exists()  # reading the clock calls nothing
    tournaments.time_up(this_round=this_round, actor=personas.owner)
    this_round.refresh_from_db()
    assert this_round.time_called_at is not None
    assert all(t.session.rules["time_called_after"] == 0 for t in this_round.tables.select_related("session"))
    assert selectors.round_clock(this_round).sizes[0][1].state == "called"


def started_again(this_round: TournamentRound, minutes_ago: float) -> TournamentRound:
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=minutes_ago)
    )
    this_round.refresh_from_db()
    return this_round


def test_a_table_of_five_has_its_own_time(personas: Personas) -> None:
    tournament = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Fünfer", preset="ddv",
        played_on=datetime.date(2026, 11, 28), rounds=1, seed=3,
    )  # fmt: skip
    for n in range(1, 10):
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=f"Gast {n}")
    this_round = started(personas, tournament, minutes_ago=110.5)
    clock = selectors.round_clock(this_round)
    assert [(size, c.remaining // 60) for size, c in clock.sizes] == [(4, 0), (5, 14)]
    tournaments.time_up(this_round=this_round, actor=personas.owner)  # the table of four only
    sizes = {t.table.pk: t.size for t in clock.tables}
    called = {t.pk: t.time_called_after is not None for t in this_round.tables.all()}
    assert all(called[pk] == (size == 4) for pk, size in sizes.items())
    this_round.refresh_from_db()
    assert this_round.time_called_at is None  # not yet at the table of five
    tournaments.set_clock_minutes(tournament=tournament, actor=personas.owner, minutes={4: 100, 5: 105})
    tournaments.time_up(this_round=this_round, actor=personas.owner)
    this_round.refresh_from_db()
    assert this_round.time_called_at is not None
    with pytest.raises(ServiceError):
        tournaments.set_clock_minutes(tournament=tournament, actor=personas.owner, minutes={4: 0})


def test_owners_run_the_clock_scorers_and_members_cannot_outsiders_get_404(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    args = [personas.club.slug, tournament.pk, 1]
    start = reverse("tournament_round_action", args=[*args, "clock_start"])
    for user, status in ((personas.scorer, 403), (personas.member, 403), (personas.outsider, 404)):
        client.force_login(user)
        assert client.post(start).status_code == status, user
    assert tournament.played_rounds.get().clock_started_at is None
    client.force_login(personas.owner)
    actions: tuple[tuple[str, dict[str, str]], ...] = (
        ("clock_start", {}),
        ("clock_pause", {}),
        ("clock_resume", {}),
        ("clock_extend", {"minutes": "5"}),
    )
    for action, data in actions:
        assert client.post(reverse("tournament_round_action", args=[*args, action]), data).status_code == 302
    this_round = tournament.played_rounds.get()
    assert this_round.clock_started_at is not None
    assert this_round.clock_paused_at is None
    assert this_round.clock_extra_minutes == 5
    response = client.post(reverse("tournament_round_action", args=[*args, "time_up"]), follow=True)
    assert "No table&#x27;s time is up yet." in response.content.decode()
    panel = client.get(reverse("tournament_round", args=args), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in panel
    assert "data-clock" in panel
    assert "clock_pause" in panel
    started_again(this_round, minutes_ago=120)
    panel = client.get(reverse("tournament_round", args=args), HTTP_HX_REQUEST="true").content.decode()
    assert "Time is up — call time" in panel


def test_the_minutes_are_the_directors_setting(client: Client, personas: Personas, tournament: Tournament) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    client.force_login(personas.owner)
    url = reverse("tournament_round_action", args=[personas.club.slug, tournament.pk, 1, "clock_minutes"])
    client.post(url, {"minutes_4": "90", "minutes_5": "120"})
    tournament.refresh_from_db()
    assert tournament.settings["clock_minutes"] == {"4": 90, "5": 120}
    client.post(url, {"minutes_4": "0", "minutes_5": "120"})  # refused
    tournament.refresh_from_db()
    assert selectors.clock_minutes(tournament) == {4: 90, 5: 120}


def test_the_table_phone_shows_the_clock_and_each_poll_sets_it(personas: Personas, tournament: Tournament) -> None:
    this_round = started(personas, tournament, minutes_ago=40)
    table = this_round.tables.select_related("session").first()
    assert table is not None
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = phone.get(reverse("table_link", args=[TableLink.objects.live().get(session=table.session).token]))
    sheet = phone.get(page["Location"]).content.decode()
    assert 'role="timer"' in sheet
    assert "1:00:00" in sheet
    assert "js/clock.js" in sheet
    live = reverse("session_live", args=[personas.club.slug, table.session.pk])
    shape = re.search(r'data-shape="([^"]+)"', sheet)
    assert shape is not None
    polled = phone.get(live, {"rev": str(table.session.revision), "shape": shape[1]})
    assert polled.status_code == 204
    assert polled["X-Clock"] in ("3600 running", "3599 running")
    token = re.findall(r'data-poll-token="([^"]*)"', sheet)[0]  # the unchanged poll's short way sets it too
    unchanged = {"rev": str(table.session.revision), "shape": "en.1.0", "t": token}
    assert phone.get(live, unchanged)["X-Clock"] in ("3600 running", "3599 running")
    tournaments.pause_clock(this_round=this_round, actor=personas.owner)
    assert phone.get(live, {"rev": str(table.session.revision)})["X-Clock"].endswith(" paused")
    assert phone.get(live, unchanged)["X-Clock"].endswith(" paused")


def test_the_hall_shows_the_round_and_its_clock(client: Client, personas: Personas, tournament: Tournament) -> None:
    started(personas, tournament, minutes_ago=30)
    client.force_login(personas.member)
    url = reverse("tournament_hall", args=[personas.club.slug, tournament.pk])
    whole = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1 von 2" in whole
    assert "Rundenuhr" in whole
    assert "1:10:00" in whole
    part = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="hall-now"' in part
    assert "data-clock" in part


def test_the_clubs_backup_carries_the_round_clock(personas: Personas, tournament: Tournament) -> None:
    """Started, paused, the seconds paused and the minutes added come back as they stood; a backup written before the
    clock restores its rounds with the clock not started."""
    this_round = started(personas, tournament, minutes_ago=30)
    TournamentRound.objects.filter(pk=this_round.pk).update(clock_paused_seconds=90)
    tournaments.extend_clock(this_round=this_round, actor=personas.owner, minutes=5)
    tournaments.pause_clock(this_round=this_round, actor=personas.owner)
    this_round.refresh_from_db()
    document = export_club(personas.club)
    clock = document["tournaments"][0]["rounds"][0]["clock"]
    assert (clock["paused_seconds"], clock["extra_minutes"]) == (90, 5)
    import_club(document=document, slug="copy")
    copy = TournamentRound.objects.get(tournament__club__slug="copy")
    fields = ("clock_started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes")
    assert [getattr(copy, f) for f in fields] == [getattr(this_round, f) for f in fields]
    del document["tournaments"][0]["rounds"][0]["clock"]  # as written before the round clock
    import_club(document=document, slug="older")
    older = TournamentRound.objects.get(tournament__club__slug="older")
    assert [getattr(older, f) for f in fields] == [None, None, 0, 0]


def test_a_table_phones_unchanged_poll_reads_the_clock_in_its_one_query(
    personas: Personas, tournament: Tournament, django_assert_num_queries: Any
) -> None:
    """The short answer (``scorekeeper.table.polling``) reads the round's clock with the session's revision: after a
    pause, a resume and an extension it shows what the full view would."""
    this_round = started(personas, tournament, minutes_ago=40)
    table = this_round.tables.select_related("session").first()
    assert table is not None
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    sheet = phone.get(phone.get(TableLink.objects.live().get(session=table.session).get_absolute_url())["Location"])
    html = sheet.content.decode()
    live = reverse("session_live", args=[personas.club.slug, table.session.pk])
    unchanged = {
        "rev": str(table.session.revision),
        "shape": re.findall(r'data-shape="([^"]+)"', html)[0],
        "t": re.findall(r'data-poll-token="([^"]*)"', html)[0],
    }

    def shown() -> tuple[int, str]:
        with django_assert_num_queries(1):
            polled = phone.get(live, unchanged)
        assert polled.status_code == 204
        assert polling.TOKEN_HEADER not in polled  # the short answer, not the view's
        full = phone.get(live, {k: v for k, v in unchanged.items() if k != "t"})
        seconds, state = polled["X-Clock"].split()
        assert full["X-Clock"] in (f"{seconds} {state}", f"{int(seconds) - 1} {state}")
        return int(seconds), state

    assert shown() in ((3600, "running"), (3599, "running"))
    this_round = tournaments.pause_clock(this_round=this_round, actor=personas.owner)
    assert shown() in ((3600, "paused"), (3599, "paused"))
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=F("clock_started_at") - datetime.timedelta(minutes=15),
        clock_paused_at=F("clock_paused_at") - datetime.timedelta(minutes=15),
    )  # it has stood paused for a quarter of an hour
    assert shown() in ((3600, "paused"), (3599, "paused"))
    this_round = tournaments.resume_clock(this_round=this_round, actor=personas.owner)
    assert shown() in ((3600, "running"), (3599, "running"), (3598, "running"))
    tournaments.extend_clock(this_round=this_round, actor=personas.owner, minutes=5)
    assert shown()[0] in (3900, 3899, 3898)


def test_a_page_reads_the_clock_and_whether_it_is_a_table_in_one_query_each(
    personas: Personas, tournament: Tournament, django_assert_num_queries: Any
) -> None:
    this_round = started(personas, tournament, minutes_ago=40)
    table = this_round.tables.select_related("session").get(number=1)
    with django_assert_num_queries(1):
        clock = selectors.table_clock(table.session)
    assert clock is not None
    assert clock.header in ("3600 running", "3599 running")
    TournamentRound.objects.filter(pk=this_round.pk).update(closed_at=timezone.now())
    with django_assert_num_queries(1):
        assert selectors.table_clock(table.session) is None  # the round is over
    club_session = start(personas)  # an evening of the club: no table
    with django_assert_num_queries(1):
        assert selectors.table_clock(club_session) is None
    with django_assert_num_queries(2):  # whether a sheet offers a change of players: one query each
        assert selectors.is_table(table.session)
        assert not selectors.is_table(club_session)
