"""Tournament pages by persona: members follow, the club's owners direct, outsiders get 404; the tables' phones."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.models import Tournament
from leagues.tournaments import services as tournaments
from scorekeeper import services
from scorekeeper.models import AuditEntry, TableLink
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db


def pages(slug: str, tournament: Tournament) -> list[str]:
    args = [slug, tournament.pk]
    return [
        reverse("tournaments", args=[slug]),
        reverse("tournament", args=args),
        reverse("tournament_draw", args=args),
        reverse("tournament_ranking", args=args),
        reverse("tournament_hall", args=args),
        reverse("tournament_snapshot", args=args),
        reverse("tournament_round", args=[*args, 1]),
    ]


def test_members_follow_and_outsiders_get_404(client: Client, personas: Personas, tournament: Tournament) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    slug = personas.club.slug
    for user in (personas.owner, personas.scorer, personas.member):
        client.force_login(user)
        for url in pages(slug, tournament):
            assert client.get(url).status_code == 200, (user, url)
    directing = [
        reverse("tournament_round_start", args=[slug, tournament.pk]),
        reverse("tournament_round_action", args=[slug, tournament.pk, 1, "time"]),
        reverse("tournament_withdraw", args=[slug, tournament.pk, tournament.participants.first().pk]),  # type: ignore[union-attr]
    ]
    client.force_login(personas.member)
    for url in directing:
        assert client.post(url).status_code == 403, url
    for login in (personas.outsider, None):
        client.logout()
        if login:
            client.force_login(login)
        for url in pages(slug, tournament):
            assert client.get(url).status_code == 404, url
        for url in directing:
            assert client.post(url).status_code == 404, url
    assert tournament.played_rounds.get().time_called_at is None


def test_the_director_runs_a_round_from_the_pages(client: Client, personas: Personas) -> None:
    slug = personas.club.slug
    client.force_login(personas.owner)
    response = client.post(
        reverse("tournaments", args=[slug]),
        {"name": "Cup", "preset": "ddv", "played_on": "2026-12-05", "rounds": "2", "entry_fee": "10",
         "tiebreak_1": "solos_won", "tiebreak_2": "lot"},
    )  # fmt: skip
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert (tournament.entry_fee_cents, tournament.tiebreaks) == (1000, ["solos_won", "lot"])
    for n in range(8):
        client.post(reverse("tournament", args=[slug, tournament.pk]), {"name": f"Gast {n}"})
    assert tournament.participants.count() == 8
    client.post(reverse("tournament_round_start", args=[slug, tournament.pk]))
    this_round = tournament.played_rounds.get()
    assert this_round.tables.count() == 2
    page = client.get(reverse("tournament_round", args=[slug, tournament.pk, 1])).content.decode()
    for table in this_round.tables.all():
        assert TableLink.objects.live().get(session=table.session).token in page  # the phone's link and QR code
    assert "<svg" in page


def test_a_tables_phone_link_ends_with_the_round(client: Client, personas: Personas, tournament: Tournament) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tokens = [TableLink.objects.live().get(session=t.session).token for t in this_round.tables.all()]
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert phone.get(reverse("table_link", args=[tokens[0]])).status_code == 302
    for table in this_round.tables.select_related("session", "round__tournament"):
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=this_round, actor=personas.owner)
    assert phone.get(reverse("table_link", args=[tokens[0]])).status_code == 410


def test_the_hall_screen_refreshes_its_table_alone(client: Client, personas: Personas, tournament: Tournament) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    client.force_login(personas.member)
    url = reverse("tournament_hall", args=[personas.club.slug, tournament.pk])
    whole = client.get(url).content.decode()
    assert 'hx-trigger="every 4s"' in whole
    part = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in part
    assert "Gast 1" in part


def test_the_snapshot_stands_alone(client: Client, personas: Personas, tournament: Tournament) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    client.force_login(personas.member)
    response = client.get(reverse("tournament_snapshot", args=[personas.club.slug, tournament.pk]))
    body = response.content.decode()
    assert response["Content-Disposition"].startswith("attachment")
    assert "<script" not in body
    assert "<link" not in body
    assert "Gast 8" in body


def test_the_demo_league_and_tournament_load_once(client: Client) -> None:
    from io import StringIO

    from django.core.management import call_command

    for _ in range(2):  # safe to run again
        for command in ("load_demo", "load_demo_league", "load_demo_tournament"):
            call_command(command, stdout=StringIO())
    tournament = Tournament.objects.get()
    assert tournament.participants.count() == 13
    assert tournament.played_rounds.get().tables.count() == 3
    assert tournament.club.leagues.get().seasons.count() == 1


WRITES = ("INSERT", "UPDATE", "DELETE")


def test_reading_any_tournament_page_writes_nothing(client: Client, personas: Personas, tournament: Tournament) -> None:
    """Not even the plan: a page draws what is not kept and keeps nothing (the draw page reads; a POST keeps)."""
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    Tournament.objects.update(plan={})  # as if the field had changed since the plan was kept
    args = [personas.club.slug, tournament.pk]
    reads = [
        *pages(personas.club.slug, tournament),
        reverse("tournament_export", args=args),
        reverse("tournament_prizes", args=args),
        *(reverse(name, args=[*args, 1]) for name in ("tournament_seating_pdf", "tournament_sheets_pdf")),
        reverse("tournament_round_results_pdf", args=[*args, 1]),
        reverse("tournament_ranking_pdf", args=args),
    ]
    client.force_login(personas.owner)
    client.get(reverse("tournaments", args=[personas.club.slug]))  # the login's first request may touch its session
    rows = AuditEntry.objects.count()
    for url in reads:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
            if response.streaming:
                b"".join(response.streaming_content)  # type: ignore[attr-defined]
        assert response.status_code == 200, url
        writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
        assert not writes, url
    tournament.refresh_from_db()
    assert tournament.plan == {}
    assert AuditEntry.objects.count() == rows


def test_the_director_keeps_the_draw_with_a_post(client: Client, personas: Personas, tournament: Tournament) -> None:
    url = reverse("tournament_draw", args=[personas.club.slug, tournament.pk])
    client.force_login(personas.member)
    assert "Keep this draw" not in client.get(url).content.decode()
    assert client.post(url).status_code == 403
    client.force_login(personas.owner)
    assert "Keep this draw" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    tournament.refresh_from_db()
    assert tournament.plan["rounds"]
    page = client.get(url).content.decode()
    assert "Keep this draw" not in page
    assert "Start round 1" in page


def test_closing_a_table_that_still_owes_says_why_on_its_page(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    session = this_round.tables.get(number=1).session
    client.force_login(personas.scorer)
    response = client.post(reverse("session_close", args=[personas.club.slug, session.pk]), follow=True)
    assert response.status_code == 200
    assert "still owe their Pflichtsolo" in response.content.decode()
    session.refresh_from_db()
    assert session.is_open


def test_a_tables_session_is_neither_closed_early_nor_deleted_from_its_page(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    session = tournaments.start_round(tournament=tournament, actor=personas.owner).tables.earliest("number").session
    client.force_login(personas.owner)
    slug = personas.club.slug
    for action in ("session_close", "session_delete"):
        response = client.post(reverse(action, args=[slug, session.pk]), follow=True)
        assert response.status_code == 200
        assert [m.level_tag for m in response.context["messages"]] == ["error"]
    session.refresh_from_db()
    assert session.is_open


def test_removing_a_registered_member_who_has_not_played_keeps_the_name(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    guest = tournament.participants.earliest("number").member
    client.force_login(personas.owner)
    response = client.post(reverse("member_remove", args=[personas.club.slug, guest.pk]))
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.is_guest
    assert tournament.participants.filter(member=guest).exists()


def test_the_director_enters_a_penalty_during_a_solo_and_a_bad_context_points_at_its_field(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    table = this_round.tables.get(number=1)
    offender, soloist, *_ = [row.participant for row in table.seat_rows.order_by("position")]
    url = reverse("tournament_round", args=[personas.club.slug, tournament.pk, 1])
    post = {"participant": offender.pk, "kind": "serious", "reason": "Karten gezeigt", "official": "TL"}
    client.force_login(personas.owner)
    response = client.post(url, {**post, "sitting_out": soloist.pk})  # a table of four: nobody sits out
    assert response.status_code == 200
    assert "Only at a table of five does a dealer sit out." in response.content.decode()
    assert not this_round.penalties.exists()
    assert client.post(url, {**post, "soloist": soloist.pk}).status_code == 302
    assert this_round.penalties.get().soloist == soloist


def test_the_draw_page_says_what_a_field_of_six_can_do(client: Client, personas: Personas) -> None:
    """Six players: one table plays and the others would sit out every round; the draw sends nobody home, the page
    says to register two more or to give byes, and one bye given leaves a table of five to draw."""
    six = tournaments.create_tournament(
        club=personas.club,
        actor=personas.owner,
        name="Klein",
        preset="ddv",
        played_on=datetime.date(2026, 11, 28),
        rounds=2,
        seed=1,
    )
    for n in range(1, 7):
        tournaments.add_participant(tournament=six, actor=personas.owner, name=f"Gast {n}")
    url = reverse("tournament_draw", args=[personas.club.slug, six.pk])
    client.force_login(personas.owner)
    page = " ".join(client.get(url).content.decode().split())
    assert "6 players are too many for one table and too few for two" in page
    assert "register 2 more (8 play at two tables), or give 1 of them a bye for the round" in page
    german = " ".join(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode().split())
    assert "6 Spieler sind zu viele für einen Tisch und zu wenige für zwei" in german
    tournaments.give_bye(tournament=six, actor=personas.owner, participant=six.participants.get(number=6))
    this_round = tournaments.start_round(tournament=six, actor=personas.owner)
    assert [t.session.seats.count() for t in this_round.tables.all()] == [5]
