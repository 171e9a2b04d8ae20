"""A tournament's printouts (seating plan, table sheets, round results, final ranking with prizes) and its prizes."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues import selectors
from leagues.models import Tournament, TournamentRound
from leagues.selectors import prizes as prize_selectors
from leagues.services import tournaments
from scorekeeper import services
from tests.leagues.conftest import Personas, play_out
from tests.test_printing import flat, needs_weasyprint, pdf_pages

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 11, 28)
NAMES = [f"Spieler {n:02d}" for n in range(1, 13)] + ["Zoë Ärger"]  # 13: tables of four, four and five
PRIZES = {
    "pool": [{"place": 1, "percent": 50}, {"place": 2, "percent": 30}, {"place": 3, "prize_cents": 1000}],
    "categories": [{"category": "women", "label": "Beste Dame", "prize_cents": 1500}],
}


@pytest.fixture
def tournament(personas: Personas) -> Tournament:
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbstturnier", preset="ddv", played_on=DAY, rounds=2,
        entry_fee_cents=1000, seed=7,
    )  # fmt: skip
    for name in NAMES:
        women = ["women"] if name in ("Spieler 02", "Zoë Ärger") else []
        tournaments.add_participant(tournament=found, actor=personas.owner, name=name, categories=women)
    found.refresh_from_db()
    return found


@pytest.fixture
def first_round(personas: Personas, tournament: Tournament) -> TournamentRound:
    """Round 1: a solo won at each table, by more at table 1 than at 2 and at 2 than at 3 (the places 1 to 3 are not
    shared); then time is called, the Pflichtsoli owed are played, every sheet closed and the round closed."""
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    for table, re_points in zip(
        this_round.tables.select_related("session").order_by("number"), (240, 181, 151), strict=True
    ):
        names = list(table.session.seats.order_by("position").values_list("name", flat=True))
        services.record_deal(
            session=table.session, actor=personas.owner,
            facts={"type": "solo", "solo": "damen", "re": [names[1]], "re_points": re_points, "forced": True},
        )  # fmt: skip
    tournaments.call_time(this_round=this_round, actor=personas.owner)
    for table in this_round.tables.select_related("session", "round__tournament"):
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)
    return tournaments.close_round(this_round=this_round, actor=personas.owner)


def pdf_text(client: Client, name: str, *args: object) -> list[str]:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return pdf_pages(b"".join(response.streaming_content))  # type: ignore[attr-defined]


# prizes ----------------------------------------------------------------------------------------------------------


def test_set_prizes_keeps_the_list_and_names_a_bad_field(personas: Personas, tournament: Tournament) -> None:
    tournaments.set_prizes(tournament=tournament, actor=personas.owner, prizes=PRIZES)
    tournament.refresh_from_db()
    assert tournament.settings["prizes"]["pool"][0] == {"place": 1, "percent": 50}
    assert tournament.settings["rules"]  # the rest of the settings stay
    with pytest.raises(services.ServiceError) as raised:
        tournaments.set_prizes(
            tournament=tournament, actor=personas.owner, prizes={"pool": [{"place": 1, "percent": 120}]}
        )
    assert list(raised.value.errors) == ["pool[0].percent"]


def test_the_prize_table_pays_the_ranking(personas: Personas, tournament: Tournament, first_round) -> None:
    tournament = tournaments.set_prizes(tournament=tournament, actor=personas.owner, prizes=PRIZES)
    ranked = selectors.ranking(tournament)
    lines = prize_selectors.prize_table(tournament, ranked)
    # 13 × 10 € = 130 €: 65 € and 39 € by percentage, 10 € fixed, 15 € for the best woman without a place prize
    assert [(line.what, line.cents) for line in lines[:3]] == [("Place 1", 6500), ("Place 2", 3900), ("Place 3", 1000)]
    assert [line.participant for line in lines[:3]] == [row.participant for row in ranked.rows[:3]]
    women = [line for line in lines[3:] if line.what == "Beste Dame"]
    assert sum(line.cents for line in women) == 1500
    best = max(row.standing.points for row in ranked.rows[3:] if "women" in row.participant.categories)
    assert {line.participant.name for line in women} == {
        row.participant.name
        for row in ranked.rows[3:]
        if "women" in row.participant.categories and row.standing.points == best
    }


def test_an_owner_sets_the_prizes_on_the_prize_page(client: Client, personas: Personas, tournament: Tournament) -> None:
    url = reverse("tournament_prizes", args=[personas.club.slug, tournament.pk])
    client.force_login(personas.owner)
    form = {"place_0": 1, "percent_0": "60", "place_1": 2, "amount_1": "12.50", "category_0": "women",
            "label_0": "Beste Dame", "category_amount_0": "15"}  # fmt: skip
    assert client.post(url, form).status_code == 302
    tournament.refresh_from_db()
    assert tournament.settings["prizes"] == {
        "pool": [{"place": 1, "percent": 60}, {"place": 2, "prize_cents": 1250}],
        "categories": [{"category": "women", "label": "Beste Dame", "prize_cents": 1500, "stacks": False}],
    }
    page = client.get(url).content.decode()
    assert 'value="Beste Dame"' in page
    bad = client.post(url, {"place_0": 1, "percent_0": "60", "amount_0": "5"})
    assert bad.status_code == 200
    assert "either a percentage of the fees or a fixed amount" in bad.content.decode()


def test_members_see_the_prizes_and_only_owners_set_them(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    url = reverse("tournament_prizes", args=[personas.club.slug, tournament.pk])
    client.force_login(personas.scorer)
    page = client.get(url)
    assert page.status_code == 200
    assert "place_0" not in page.content.decode()
    client.post(url, {"place_0": 1, "percent_0": "60"})
    tournament.refresh_from_db()
    assert "prizes" not in tournament.settings
    client.force_login(personas.outsider)
    assert client.get(url).status_code == 404


# printouts -------------------------------------------------------------------------------------------------------


PRINTOUTS = [
    ("tournament_seating_pdf", True),
    ("tournament_sheets_pdf", True),
    ("tournament_round_results_pdf", True),
    ("tournament_ranking_pdf", False),
]


@pytest.mark.parametrize(("name", "per_round"), PRINTOUTS)
def test_outsiders_cannot_print(
    client: Client, personas: Personas, tournament: Tournament, first_round, name: str, per_round: bool
) -> None:
    args = [personas.club.slug, tournament.pk, *([1] if per_round else [])]
    client.force_login(personas.outsider)
    assert client.get(reverse(name, args=args)).status_code == 404
    client.force_login(personas.scorer)
    if per_round:
        assert client.get(reverse(name, args=[*args[:2], 9])).status_code == 404  # no round 9


def test_the_round_and_tournament_pages_link_the_printouts(
    client: Client, personas: Personas, tournament: Tournament, first_round
) -> None:
    client.force_login(personas.scorer)
    args = [personas.club.slug, tournament.pk]
    page = client.get(reverse("tournament_round", args=[*args, 1])).content.decode()
    for name, per_round in PRINTOUTS:
        if per_round:
            assert reverse(name, args=[*args, 1]) in page
    page = client.get(reverse("tournament", args=args)).content.decode()
    assert reverse("tournament_ranking_pdf", args=args) in page
    assert reverse("tournament_prizes", args=args) in page


@pytest.mark.pdf
@needs_weasyprint
def test_the_sheets_have_a_page_per_table_with_its_players_and_a_row_per_game(
    client: Client, personas: Personas, tournament: Tournament, first_round
) -> None:
    client.force_login(personas.scorer)
    pages = pdf_text(client, "tournament_sheets_pdf", personas.club.slug, tournament.pk, 1)
    tables = selectors.tables_of(first_round)
    assert len(pages) == len(tables) == 3
    for page, table in zip(pages, tables, strict=True):
        text = flat(page)
        assert f"Table {table.number}" in text
        for participant in table.players:
            assert participant.name in text
        games = 30 if len(table.players) == 5 else 24
        assert f"{games} games" in text
        assert [int(n) for n in re.findall(r"^(\d+)$", page, re.MULTILINE)] == list(range(1, games + 1))
        assert "Pflichtsolo" in text
        assert "list keeper" in text


@pytest.mark.pdf
@needs_weasyprint
def test_the_seating_plan_names_everybody(
    client: Client, personas: Personas, tournament: Tournament, first_round
) -> None:
    client.force_login(personas.scorer)
    text = flat(" ".join(pdf_text(client, "tournament_seating_pdf", personas.club.slug, tournament.pk, 1)))
    assert "Seating plan of round 1" in text
    for name in NAMES:
        assert text.count(name) == 2  # at the table, and in "where do I sit"


@pytest.mark.pdf
@needs_weasyprint
def test_the_round_results_and_the_final_ranking_with_prizes(
    client: Client, personas: Personas, tournament: Tournament, first_round
) -> None:
    tournaments.set_prizes(tournament=tournament, actor=personas.owner, prizes=PRIZES)
    client.force_login(personas.scorer)
    args = [personas.club.slug, tournament.pk]
    results = flat(" ".join(pdf_text(client, "tournament_round_results_pdf", *args, 1))).casefold()  # capitals
    assert "results of round 1" in results
    assert "ranking of round 1" in results
    assert all(name.casefold() in results for name in NAMES)
    ranking = flat(" ".join(pdf_text(client, "tournament_ranking_pdf", *args)))
    assert "Final ranking" in ranking
    assert "Best round" in ranking  # the tie-break column
    for printed in ("Place 1", "€65.00", "Beste Dame", "€15.00"):
        assert printed in ranking
