"""A tournament's printouts (seating plan, table sheets, round results, final ranking with prizes) and its prizes."""

from __future__ import annotations

import datetime
import io
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Tournament, TournamentRound
from leagues.tournaments import printing, prize_selectors, selectors
from leagues.tournaments import services as tournaments
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
    ("tournament_table_cards_pdf", True),
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
    assert "Seating plan" in text
    assert "Round 1" in text
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
    assert "Provisional standing" in ranking  # round 2 is still to play
    assert "1 of the 2 rounds is still to play." in ranking
    assert "Best round" in ranking  # the tie-break column
    for printed in ("Place 1", "€65.00", "Beste Dame", "€15.00"):
        assert printed in ranking


# the wall printouts for a field of sixty ---------------------------------------------------------------------------

FIRST_NAMES = ["Anneliese", "Bärbel", "Christoph", "Dieter", "Elisabeth", "Franz-Xaver", "Gisela", "Hildegard",
               "Ignaz", "Jürgen", "Käthe", "Leopold", "Magdalena", "Norbert", "Ottilie"]  # fmt: skip
SURNAMES = ["Oberhuber", "Schwarzenberger", "Müller", "Zöllner"]
SIXTY = [f"{first} {last}" for last in SURNAMES for first in FIRST_NAMES]  # up to 28 letters, umlauts
A4 = (595, 842)  # points, portrait
A5 = (420, 595)


@pytest.fixture
def sixty(personas: Personas) -> TournamentRound:
    """Round 1 of a tournament of sixty, drawn and started: fifteen tables of four."""
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Großes Herbstturnier des Vereins", preset="ddv",
        played_on=DAY, rounds=3, seed=11,
    )  # fmt: skip
    for name in SIXTY:
        tournaments.add_participant(tournament=found, actor=personas.owner, name=name)
    return tournaments.start_round(tournament=found, actor=personas.owner)


def pdf_of(client: Client, name: str, this_round: TournamentRound, language: str = "en") -> bytes:
    args = [this_round.tournament.club.slug, this_round.tournament.pk, this_round.number]
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


def page_size(pdf: bytes, index: int) -> tuple[int, int]:
    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(pdf)).pages[index].mediabox
    return round(float(box.width)), round(float(box.height))


def printed_sizes(pdf: bytes, index: int) -> dict[str, float]:
    """Each piece of text on a page and the size it is printed at, in points (the font's size times the text and
    page matrices' vertical scale; the smallest where a text is printed twice)."""
    from pypdf import PdfReader

    sizes: dict[str, float] = {}

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        text = text.strip()
        if text:
            printed = round(size * abs(tm[3]) * abs(cm[3]), 1)
            sizes[text] = min(sizes.get(text, printed), printed)

    PdfReader(io.BytesIO(pdf)).pages[index].extract_text(visitor_text=visit)
    return sizes


def a_name(text: str) -> bool:
    """Whether a piece of printed text is a name of the sixty, or a part of one wrapped onto two lines."""
    return any(text in name or name in text for name in SIXTY)


@pytest.mark.pdf
@needs_weasyprint
def test_the_seating_plan_of_sixty_is_a_wall_page_by_table_and_one_by_name(
    client: Client, personas: Personas, sixty: TournamentRound
) -> None:
    client.force_login(personas.scorer)
    pdf = pdf_of(client, "tournament_seating_pdf", sixty)
    by_table, by_name = pdf_pages(pdf)
    assert page_size(pdf, 0) == A4[::-1]  # landscape, for a table a line
    assert page_size(pdf, 1) == A4
    tables = selectors.tables_of(sixty)
    assert len(tables) == 15
    lines = by_table.splitlines()
    for table in tables:  # a table a line: its number and its players in seat order
        assert " ".join([str(table.number), *(p.name for p in table.players)]) in lines
    assert min(size for text, size in printed_sizes(pdf, 0).items() if a_name(text)) >= 16
    assert "Where do I sit?" in by_name
    seat_of = {p.name: (t.number, seat) for t in tables for seat, p in enumerate(t.players, start=1)}
    lines = [f"{name} {table} {seat}" for name, (table, seat) in sorted(seat_of.items(), key=lambda i: i[0].casefold())]
    listed = flat(by_name)
    assert all(line in listed for line in lines)  # a name wrapped onto two lines reads as one here
    assert [listed.index(line) for line in lines] == sorted(listed.index(line) for line in lines)  # alphabetical
    assert min(size for text, size in printed_sizes(pdf, 1).items() if a_name(text)) >= 14


@pytest.mark.pdf
@needs_weasyprint
def test_the_seating_plan_speaks_german(client: Client, personas: Personas, sixty: TournamentRound) -> None:
    client.force_login(personas.owner)
    text = flat(" ".join(pdf_pages(pdf_of(client, "tournament_seating_pdf", sixty, "de"))))
    for words in ("Sitzplan", "Runde 1", "Tisch", "Platz 1 · gibt zuerst", "Wo sitze ich?"):
        assert words in text


@pytest.mark.pdf
@needs_weasyprint
def test_the_table_cards_are_an_a5_page_a_table_with_a_number_read_across_the_hall(
    client: Client, personas: Personas, sixty: TournamentRound
) -> None:
    client.force_login(personas.owner)
    pdf = pdf_of(client, "tournament_table_cards_pdf", sixty, "de")
    pages = pdf_pages(pdf)
    tables = selectors.tables_of(sixty)
    assert len(pages) == len(tables)
    for index, (page, table) in enumerate(zip(pages, tables, strict=True)):
        assert page_size(pdf, index) == A5[::-1]
        assert "Großes Herbstturnier des Vereins · Runde 1" in flat(page)
        assert "TISCH" in page
        assert all(p.name in flat(page) for p in table.players)
        assert printed_sizes(pdf, index)[str(table.number)] >= 300


@pytest.mark.pdf
@needs_weasyprint
def test_the_final_ranking_marks_who_withdrew(
    client: Client, personas: Personas, tournament: Tournament, first_round
) -> None:
    gone = tournament.participants.get(name="Zoë Ärger")
    tournaments.withdraw(participant=gone, actor=personas.owner)
    tournaments.set_prizes(tournament=tournament, actor=personas.owner, prizes=PRIZES)
    client.force_login(personas.owner)
    args = [personas.club.slug, tournament.pk]
    english = flat(" ".join(pdf_text(client, "tournament_ranking_pdf", *args)))
    assert english.count("withdrew after round") == 1
    assert "Zoë Ärger withdrew after round 1" in english
    response = client.get(reverse("tournament_ranking_pdf", args=args), HTTP_ACCEPT_LANGUAGE="de")
    german = flat(" ".join(pdf_pages(b"".join(response.streaming_content))))  # type: ignore[attr-defined]
    assert "Zoë Ärger nach Runde 1 ausgeschieden" in german
    assert "Beste Dame" in german


def test_the_fifth_seat_of_a_few_tables_of_five_leaves_the_others_room() -> None:
    def tables(*sizes: int) -> list:
        return [SimpleNamespace(players=[None] * size) for size in sizes]

    few_fives = printing.plan_seat_widths(tables(*[4] * 12, 5, 5))
    assert few_fives[0] == few_fives[3] > few_fives[4] == pytest.approx(0.6 * few_fives[0])
    assert sum(few_fives) == pytest.approx(printing.PLAN_SEATS_MM)
    assert len(set(printing.plan_seat_widths(tables(5, 5, 5, 4)))) == 1  # most tables have five: five equal seats
    assert printing.plan_seat_widths([]) == []


@pytest.mark.pdf
@needs_weasyprint
def test_the_seating_plan_and_the_table_cards_name_a_substitute_where_one_plays(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    replaced = tournament.participants.get(name="Spieler 03")
    tournaments.substitute(tournament=tournament, actor=personas.owner, participant=replaced, from_round=1,
                           name="Bert")  # fmt: skip
    client.force_login(personas.owner)
    pdf = pdf_of(client, "tournament_seating_pdf", this_round, "de")
    by_table, by_name = (flat(page) for page in pdf_pages(pdf))
    assert "Bert (für Spieler 03)" in by_table
    assert "Bert (für Spieler 03)" in by_name  # found under the name of who sits there
    assert by_name.index("Bert (für Spieler 03)") < by_name.index("Spieler 01")
    table = this_round.tables.get(seat_rows__participant=replaced).number
    cards = pdf_pages(pdf_of(client, "tournament_table_cards_pdf", this_round, "de"))
    assert "Bert (für Spieler 03)" in flat(cards[table - 1])
    shots = os.environ.get("SHOTS")  # SHOTS=/work/shots/NAME to look at the plan
    if shots:
        Path(shots, "seating_substitute.pdf").write_bytes(pdf)
