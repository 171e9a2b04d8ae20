"""The numbers of a standing on the league checked by hand at four and five (``league_four_five``): rounds, rounding
half-up on the page and in every export, ties by name, the CSV in the reader's language, the XLSX's number formats."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from leagues.models import League, Season, SeasonRating, Tournament
from leagues.seasons import selectors
from leagues.seasons.ranking import EveningResult, rank
from leagues.shown import Figure, rounded
from scorekeeper.models import PlayerResult
from tests.leagues.conftest import Personas
from tests.leagues.league_four_five import GUEST, four_five_season
from tests.test_printing import pdf_pages

pytestmark = pytest.mark.django_db


def scores(season: object) -> dict[str, object]:
    return {row.totals.name: row.score for row in selectors.standing(season).rows}  # type: ignore[arg-type]


def test_the_stored_results_are_those_checked_by_hand(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    assert scores(season) == {GUEST: 50, "Anna": 20, "Caro": 0, "Bert": -20, "Dieter": -50}
    at_five = PlayerResult.objects.filter(played_on__day=15).values_list("deals_played", "deals_out")
    assert set(at_five) == {(4, 1)}


def test_a_round_counts_once_per_player_at_four_and_at_five(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "average", "per": "round", "min_rounds": 2})
    assert scores(season) == {"Anna": 10, "Caro": 0, "Bert": -10, "Dieter": Fraction(-25), GUEST: 50}
    # the members reach the minimum of two rounds with their second evening, the guest's one round does not
    rows = selectors.standing(season).rows
    assert [(r.rank, r.totals.name) for r in rows] == [(1, "Anna"), (2, "Caro"), (3, "Bert"), (4, "Dieter"),
                                                       (None, GUEST)]  # fmt: skip


# ------------------------------------------------------------------------------ rounding, ties, the exports


def test_rounding_is_half_up_to_the_places_shown() -> None:
    assert rounded(Fraction(200, 3), 2) == Decimal("66.67")  # cut, it read 66,66
    assert rounded(18.65, 1) == Decimal("18.7")  # the float 18.6499… as it reads
    assert rounded(Fraction(5, 2), 0) == 3
    assert rounded(Fraction(-5, 2), 0) == -3
    assert rounded(-0.04, 1) == Decimal("0.0")
    assert str(rounded(-0.04, 1)) == "0.0"
    assert Figure.share(Fraction(1, 8)).text() == "13 %"


def test_players_sharing_a_place_are_listed_by_name_whatever_its_case() -> None:
    results = [
        EveningResult(key, "s", datetime.date(2026, 1, 8), 4, 1 if i < 2 else 3, 0 if i < 2 else -1)
        for i, key in enumerate(["k1", "k2", "k3", "k4"])
    ]
    names = {"k1": "Bert", "k2": "anna", "k3": "Dora", "k4": "caro"}
    rows = rank(results, {"mode": "total_points"}, names=names)
    assert [(r.rank, names[r.player]) for r in rows] == [(1, "anna"), (1, "Bert"), (3, "caro"), (3, "Dora")]


LINEAR = {"mode": "placement_points", "formula": "linear_100"}


def placement_season(personas: Personas, league: League) -> Season:
    """Placement points 100 … 0: at four 100, 66⅔, 33⅓, 0; at five 100, 75, 50, 25, 0.
    Anna 100 + 25 = 125, Caro 66⅔ + 50 = 116⅔, Gast 100, Bert 0 + 75 = 75, Dieter 33⅓ + 0 = 33⅓."""
    season = four_five_season(personas, league, LINEAR)
    anna = selectors.player_key(personas.players["Anna"].pk, personas.owner.pk)
    SeasonRating.objects.create(season=season, player=anna, mu=18.65, sigma=0, sessions=2)
    return season


def test_the_page_and_the_pdf_table_round_half_up(client: Client, personas: Personas, league: League) -> None:
    season = placement_season(personas, league)
    client.force_login(personas.member)
    page = client.get(reverse("season", args=[personas.club.slug, season.pk])).content.decode()
    assert ">116.67<" in page
    assert ">33.33<" in page
    assert "116.66" not in page
    assert ">18.7<" in page  # the rating
    german = client.get(reverse("season", args=[personas.club.slug, season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert ">116,67<" in german.content.decode()


def read_csv(content: bytes, delimiter: str) -> list[list[str]]:
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))


def test_the_csv_follows_the_readers_language_and_the_other_is_a_click_away(
    client: Client, personas: Personas, league: League
) -> None:
    season = placement_season(personas, league)
    client.force_login(personas.member)
    url = reverse("season_export", args=[personas.club.slug, season.pk, "csv"])
    english = read_csv(client.get(url).getvalue(), ",")
    assert english[0][:6] == ["Place", "Move", "Player", "Score", "Points", "Money"]
    by_name = {row[2]: row for row in english[1:]}
    assert by_name["Caro"][3] == "116.67"
    assert by_name["Dieter"][3] == "33.33"
    assert by_name["Anna"][3] == "125"
    assert by_name["Anna"][5] == "2.00"
    assert by_name["Dieter"][5] == "-5.00"
    assert by_name["Anna"][-1] == "18.7"
    german = read_csv(client.get(url, HTTP_ACCEPT_LANGUAGE="de").getvalue(), ";")
    assert german[0][0] == "Platz"
    by_name = {row[2]: row for row in german[1:]}
    assert by_name["Caro"][3] == "116,67"
    assert by_name["Anna"][5] == "2,00"
    assert by_name["Anna"][-1] == "18,7"
    # the other one a click away, in either language
    assert read_csv(client.get(url, {"sep": "semicolon"}).getvalue(), ";")[1] == [
        cell.replace(".", ",") for cell in english[1]
    ]
    comma = read_csv(client.get(url, {"sep": "comma"}, HTTP_ACCEPT_LANGUAGE="de").getvalue(), ",")
    assert {row[2]: row[3] for row in comma[1:]}["Caro"] == "116.67"
    page = client.get(reverse("season", args=[personas.club.slug, season.pk])).content.decode()
    assert f'{url}?sep=semicolon" download>CSV (semicolon)<' in page
    german_page = client.get(reverse("season", args=[personas.club.slug, season.pk]), HTTP_ACCEPT_LANGUAGE="de")
    assert f'{url}?sep=comma" download>CSV (Komma)<' in german_page.content.decode()


def test_the_xlsx_holds_numbers_with_the_pages_number_formats(
    client: Client, personas: Personas, league: League
) -> None:
    season = placement_season(personas, league)
    client.force_login(personas.member)
    response = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "xlsx"]))
    book = load_workbook(io.BytesIO(response.getvalue()))
    sheet = book.active
    assert sheet is not None
    assert book.sheetnames == ["Winter 2026"]
    header = [cell.value for cell in sheet[1]]
    rows = {row[2].value: dict(zip(header, row, strict=True)) for row in sheet.iter_rows(min_row=2)}
    caro, anna = rows["Caro"], rows["Anna"]
    assert caro["Score"].value == 116.67
    assert caro["Score"].data_type == "n"
    assert caro["Score"].number_format == "0.00"
    assert anna["Score"].value == 125
    assert anna["Score"].number_format == "General"
    assert anna["Money"].value == 2
    assert anna["Money"].data_type == "n"
    assert anna["Money"].number_format == "0.00"
    assert sum(row["Money"].value for row in rows.values()) == 0  # a sum adds up
    assert anna["Rating"].value == 18.7
    assert anna["Rating"].number_format == "0.0"
    assert anna["Won"].number_format == "0%"
    assert anna["Won"].data_type == "n"
    assert sheet.freeze_panes == "A2"
    assert sheet["A1"].font.bold


def test_a_tournament_ranking_csv_follows_the_language_too(
    client: Client, personas: Personas, tournament: Tournament
) -> None:
    client.force_login(personas.member)
    url = reverse("tournament_ranking_export", args=[personas.club.slug, tournament.pk, "csv"])
    assert read_csv(client.get(url).getvalue(), ",")[0][:3] == ["Place", "No.", "Name"]
    assert read_csv(client.get(url, HTTP_ACCEPT_LANGUAGE="de").getvalue(), ";")[0][:3] == ["Platz", "Nr.", "Name"]


def test_a_shared_place_lists_its_players_by_name_not_by_key(personas: Personas, league: League) -> None:
    # 4, 3, 2, 1 at four and 5 … 1 at five: Anna 4 + 2 = 6, Caro 3 + 3 = 6, Bert 1 + 4 = 5, Gast 5, Dieter 2 + 1 = 3;
    # by key the guest (a membership, m…) came before Bert (a login, u…)
    season = four_five_season(personas, league, {"mode": "placement_points", "formula": "descending"})
    rows = selectors.standing(season).rows
    assert [(r.rank, r.totals.name) for r in rows] == [(1, "Anna"), (1, "Caro"), (3, "Bert"), (3, GUEST), (5, "Dieter")]


@pytest.mark.pdf
def test_the_printed_standing_rounds_as_the_page(client: Client, personas: Personas, league: League) -> None:
    season = placement_season(personas, league)
    client.force_login(personas.member)
    response = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "pdf"]))
    text = " ".join(pdf_pages(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    assert "116.67" in text
    assert "33.33" in text
    assert "18.7" in text
    assert "116.66" not in text
