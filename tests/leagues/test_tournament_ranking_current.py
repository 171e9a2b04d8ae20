"""The hall screen and the public link render the ranking once per change and show it again until the next: every
change of what a ranking shows — a deal, a correction, a closed table, a penalty, a substitute, a bye, a lot, a
withdrawal, time called — is on the next look, as a page rendered afresh shows it; the round clock is never kept."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.core.cache import cache
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.models import Tournament
from leagues.tournaments import printing, selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.models import TournamentRound
from leagues.tournaments.rules.samples import next_deal
from leagues.tournaments.services import teams
from scorekeeper import services
from scorekeeper.models import Deal
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db

Change = Callable[[Personas, Tournament, TournamentRound], object]


def views(client: Client, personas: Personas, tournament: Tournament) -> list[str]:
    """The hall screen and the public link."""
    tournament = teams.change_public_link(tournament=tournament, actor=personas.owner, enabled=True)
    client.force_login(personas.member)
    return [
        reverse("tournament_hall", args=[personas.club.slug, tournament.pk]),
        reverse("public_tournament", args=[tournament.public_token]),
    ]


def shown(client: Client, urls: list[str]) -> list[str]:
    """The ranking each refresh shows (the kept rendering while it is current), the same as rendered afresh; the
    fresh renderings are kept for the next look."""
    kept = [str(client.get(url, HTTP_HX_REQUEST="true").context["ranking_html"]) for url in urls]
    cache.clear()
    assert [str(client.get(url, HTTP_HX_REQUEST="true").context["ranking_html"]) for url in urls] == kept
    return kept


def a_deal(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    table = this_round.tables.order_by("number").first()
    assert table is not None
    facts = next_deal(tournaments.table_sheet(table))
    assert facts is not None
    services.record_deal(session=table.session, actor=personas.owner, facts=facts)


def a_correction(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    deal = Deal.objects.filter(session__tournament_table__round=this_round).order_by("pk").first()
    assert deal is not None
    facts = {**deal.facts, "re_points": 100 if deal.facts["re_points"] != 100 else 130}  # the other side wins
    services.correct_deal(deal=deal, actor=personas.owner, facts=facts, revision=deal.revision)


def a_penalty(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    tournaments.add_penalty(
        this_round=this_round, actor=personas.owner, participant=tournament.participants.get(name="Gast 3"),
        kind="deduction", points=7, reason="late back", official="TL",
    )  # fmt: skip


def a_substitute(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    tournaments.substitute(
        tournament=tournament, actor=personas.owner, participant=tournament.participants.get(name="Gast 2"),
        from_round=1, name="Ersatz",
    )  # fmt: skip


def a_lot(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    level = selectors.ranking(tournament).rows  # no game yet: everybody level
    tournaments.draw_lot(tournament=tournament, actor=personas.owner, winner=level[5].participant)


def a_withdrawal(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    tournaments.withdraw(participant=tournament.participants.get(name="Gast 4"), actor=personas.owner)


def time_called(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    tournaments.call_time(this_round=this_round, actor=personas.owner)


def a_table_closed(personas: Personas, tournament: Tournament, this_round: TournamentRound) -> None:
    table = this_round.tables.order_by("number").first()
    assert table is not None
    play_out(table, personas.owner)
    services.close_session(session=table.session, actor=personas.owner)


@pytest.mark.parametrize(
    "change", [a_deal, a_correction, a_penalty, a_substitute, a_lot, a_withdrawal, time_called, a_table_closed]
)
def test_a_change_is_on_the_next_look(
    client: Client, personas: Personas, tournament: Tournament, change: Change
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    if change is a_correction:
        a_deal(personas, tournament, this_round)
    urls = views(client, personas, tournament)
    before = shown(client, urls)
    change(personas, tournament, this_round)
    after = shown(client, urls)
    assert all(b != a for b, a in zip(before, after, strict=True)), change.__name__


def test_a_bye_for_the_next_round_is_on_the_next_look(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    tournaments.add_participant(tournament=tournament, actor=personas.owner, name="Gast 9")  # a bye leaves eight
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    for table in this_round.tables.all():
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=this_round, actor=personas.owner)
    urls = views(client, personas, tournament)
    before = shown(client, urls)
    tournaments.give_bye(
        tournament=tournament, actor=personas.owner, participant=tournament.participants.get(name="Gast 1")
    )
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    after = shown(client, urls)
    assert all("bye in round 2" in a and "bye in round 2" not in b for b, a in zip(before, after, strict=True))


def test_the_round_clock_is_read_at_every_look(client: Client, personas: Personas, tournament: Tournament) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    url = views(client, personas, tournament)[0]
    assert 'data-state="waiting"' in client.get(url, HTTP_HX_REQUEST="true").content.decode()
    tournaments.start_clock(this_round=this_round, actor=personas.owner)
    assert 'data-state="running"' in client.get(url, HTTP_HX_REQUEST="true").content.decode()


def test_an_unchanged_ranking_is_not_read_again(client: Client, personas: Personas, tournament: Tournament) -> None:
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    for url in views(client, personas, tournament):
        client.get(url, HTTP_HX_REQUEST="true")
        with CaptureQueriesContext(connection) as again:
            client.get(url, HTTP_HX_REQUEST="true")
        assert not [q for q in again.captured_queries if "leagues_participant" in q["sql"]], url


def test_the_rows_escape_names_and_speak_the_pages_language(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tournaments.substitute(
        tournament=tournament, actor=personas.owner, participant=tournament.participants.get(name="Gast 2"),
        from_round=1, name="<b>Ersatz</b>",
    )  # fmt: skip
    a_lot(personas, tournament, this_round)
    hall = views(client, personas, tournament)[0]
    shown_in = {language: client.get(hall, HTTP_ACCEPT_LANGUAGE=language).content.decode() for language in ("en", "de")}
    assert "&lt;b&gt;Ersatz&lt;/b&gt;" in shown_in["en"]
    assert "<b>Ersatz" not in shown_in["en"]
    assert "decided by lot" in shown_in["en"]
    assert "decided by lot" not in shown_in["de"]


def test_a_deal_reads_the_sheets_again_and_not_the_field(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    a_penalty(personas, tournament, this_round)  # a field with something in each part the director sets
    a_substitute(personas, tournament, this_round)
    hall = views(client, personas, tournament)[0]
    client.get(hall, HTTP_HX_REQUEST="true")
    a_deal(personas, tournament, this_round)
    with CaptureQueriesContext(connection) as again:
        client.get(hall, HTTP_HX_REQUEST="true")
    read = " ".join(q["sql"] for q in again.captured_queries)
    assert '"scorekeeper_session"."totals"' in read  # the sheets, read again
    for table in ("participant", "penalty", "bye", "halllot", "substitution"):
        assert f'FROM "leagues_{table}"' not in read, table


def test_the_printed_ranking_names_each_player_as_the_pages_do(
    client: Client, personas: Personas, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row's name and notes (withdrawn, substitute, bye, decided by lot) are made once, for the pages' rows and the
    printed ranking's alike."""
    for name in ("Gast 9", "Gast 10"):  # a withdrawal and a bye leave two tables of four
        tournaments.add_participant(tournament=tournament, actor=personas.owner, name=name)
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    a_substitute(personas, tournament, first)
    for table in first.tables.all():
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)
    tournaments.close_round(this_round=first, actor=personas.owner)
    a_withdrawal(personas, tournament, first)
    tournaments.give_bye(
        tournament=tournament, actor=personas.owner, participant=tournament.participants.get(name="Gast 1")
    )
    second = tournaments.start_round(tournament=tournament, actor=personas.owner)
    level = selectors.ranking(tournament, round_number=2).rows  # no game yet: everybody level in round 2
    tournaments.draw_lot(tournament=tournament, actor=personas.owner, winner=level[3].participant, round_number=2)
    printed: list[str] = []
    monkeypatch.setattr(
        printing, "pdf_from_template", lambda template, context: printed.append(render_to_string(template, context))
    )
    printing.ranking_pdf(tournament)
    printing.round_results_pdf(tournament, second)
    hall = views(client, personas, tournament)[0]
    for asked, html in zip(("", "?round=2"), printed, strict=True):
        page = str(client.get(hall + asked, HTTP_HX_REQUEST="true").context["ranking_html"])
        names = re.findall(r'<tr><td class="num">\d+\.</td><td class="num">\d+</td><td>(.*?)</td>', page)
        assert names == re.findall(r'<td class="name clip">(.*?)</td>', html)
    notes = ("withdrew after round 1", "substitute: Ersatz from round 1", "bye in round 2", "decided by lot")
    assert all(any(note in html for html in printed) for note in notes)
