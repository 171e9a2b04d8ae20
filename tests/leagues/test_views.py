"""League and season pages by persona: members look, the founding club's owners manage, outsiders get 404; the
standing's exports; the public link."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.models import League, LeagueClub, Season
from leagues.seasons import selectors
from leagues.seasons.rating_store import refresh_league
from scorekeeper import services
from scorekeeper.models import AuditEntry, Member
from tests.leagues.conftest import Personas
from tests.test_printing import pdf_pages

pytestmark = pytest.mark.django_db


def member_urls(slug: str, season: Season) -> list[str]:
    return [
        reverse("leagues", args=[slug]),
        reverse("league", args=[slug, season.league_id]),
        reverse("season", args=[slug, season.pk]),
        reverse("season_export", args=[slug, season.pk, "csv"]),
        reverse("season_export", args=[slug, season.pk, "xlsx"]),
    ]


def owner_urls(slug: str, season: Season) -> list[str]:
    return [reverse("season_edit", args=[slug, season.pk]), reverse("season_create", args=[slug, season.league_id])]


def test_members_see_the_standing_and_only_owners_manage(client: Client, personas: Personas, season: Season) -> None:
    slug = personas.club.slug
    for user in (personas.owner, personas.scorer, personas.member):
        client.force_login(user)
        for url in member_urls(slug, season):
            assert client.get(url).status_code == 200, (user, url)
        for url in owner_urls(slug, season):
            assert client.get(url).status_code == (200 if user == personas.owner else 403), (user, url)
    client.force_login(personas.member)
    page = client.get(reverse("season", args=[slug, season.pk])).content.decode()
    assert "public-link" not in page
    assert reverse("season_edit", args=[slug, season.pk]) not in page


def test_an_outsider_and_a_visitor_get_404_for_everything(client: Client, personas: Personas, season: Season) -> None:
    slug = personas.club.slug
    posts = [
        reverse("season_public_link", args=[slug, season.pk]),
        reverse("season_delete", args=[slug, season.pk]),
        reverse("league_create", args=[slug]),
    ]
    for login in (personas.outsider, None):
        client.logout()
        if login:
            client.force_login(login)
        for url in [*member_urls(slug, season), *owner_urls(slug, season)]:
            assert client.get(url).status_code == 404, url
        for url in posts:
            assert client.post(url, {"link": "enable"}).status_code == 404, url
    # the outsider's own club cannot reach the season either
    other = Member.objects.get(user=personas.outsider).club.slug
    client.force_login(personas.outsider)
    assert client.get(reverse("season", args=[other, season.pk])).status_code == 404
    assert client.get(reverse("league", args=[other, season.league_id])).status_code == 404
    assert Season.objects.get().public_token is None


def german_csv(content: bytes) -> list[list[str]]:
    """A CSV as a German spreadsheet reads it: UTF-8 with a byte order mark, semicolons between the fields."""
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


def test_the_csv_is_the_standing_as_shown(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    response = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "csv"]), {"sep": "semicolon"})
    rows = german_csv(response.getvalue())
    standing = selectors.standing(season)
    assert rows[0][:6] == ["Place", "Move", "Player", "Score", "Points", "Money"]
    assert [(r[0], r[2], r[3]) for r in rows[1:]] == [(str(s.rank), s.totals.name, str(s.score)) for s in standing.rows]
    # money with a decimal comma, as the German spreadsheet reads a number
    assert [r[5] for r in rows[1:]] == [f"{s.totals.money_cents / 100:.2f}".replace(".", ",") for s in standing.rows]
    assert response["Content-Disposition"].endswith('.csv"')


def test_the_xlsx_opens_in_a_spreadsheet(client: Client, personas: Personas, season: Season) -> None:
    from openpyxl import load_workbook

    client.force_login(personas.member)
    response = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "xlsx"]))
    sheet = load_workbook(io.BytesIO(response.getvalue())).active
    assert sheet is not None
    assert sheet.title == season.name
    values = list(sheet.iter_rows(values_only=True))
    assert values[0][2] == "Player"
    assert len(values) == 1 + len(selectors.standing(season).rows)
    rows = selectors.standing(season).rows
    # numbers as numbers: the money a spreadsheet can add up
    assert [(v[0], v[5]) for v in values[1:]] == [(s.rank, s.totals.money_cents / 100) for s in rows]


def test_an_unknown_export_format_is_404(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    assert client.get(reverse("season_export", args=[personas.club.slug, season.pk, "exe"])).status_code == 404


@pytest.mark.pdf
def test_the_printed_standing_names_every_player_and_the_mode(
    client: Client, personas: Personas, season: Season
) -> None:
    client.force_login(personas.member)
    response = client.get(reverse("season_export", args=[personas.club.slug, season.pk, "pdf"]))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_pages(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    for name in ("Anna", "Bert", "Caro", "Dieter", "Hirschen-Liga", "Total points", "More evenings"):
        assert name in text


def test_sorting_by_a_column(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    page = client.get(reverse("season", args=[personas.club.slug, season.pk]), {"sort": "-score"})
    assert page.status_code == 200
    names = [r.totals.name for r in selectors.standing(season).rows]
    body = page.content.decode()
    assert [body.index(f">{n}</a>") for n in names] == sorted(body.index(f">{n}</a>") for n in names)


def test_the_public_link_shows_the_standing_only_and_a_new_one_retires_the_old(
    client: Client, personas: Personas, season: Season
) -> None:
    slug = personas.club.slug
    client.force_login(personas.owner)
    client.post(reverse("season_public_link", args=[slug, season.pk]), {"link": "enable"})
    first = Season.objects.get().public_token
    assert first
    client.logout()
    page = client.get(reverse("public_standing", args=[first]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Bert" in body
    assert f"/c/{slug}/" not in body
    client.force_login(personas.owner)
    client.post(reverse("season_public_link", args=[slug, season.pk]), {"link": "enable"})
    second = Season.objects.get().public_token
    assert second
    assert second != first
    client.logout()
    assert client.get(reverse("public_standing", args=[first])).status_code == 404
    assert client.get(reverse("public_standing", args=[second])).status_code == 200
    client.force_login(personas.owner)
    client.post(reverse("season_public_link", args=[slug, season.pk]), {"link": "disable"})
    client.logout()
    assert client.get(reverse("public_standing", args=[second])).status_code == 404
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PUBLIC_LINK_CHANGED).count() == 3


def season_post(**more: str) -> dict[str, str]:
    return {
        "name": "Frühjahr", "period": "quarter", "starts_on": "2026-01-01", "ends_on": "", "selection": "all",
        "mode": "average", "per": "round", "round_length": "", "min_rounds": "2", "min_sessions": "0", "n": "",
        "formula": "", "points_3": "", "points_4": "", "points_5": "", "sub_period": "month",
        "tiebreak_1": "best_evening", "tiebreak_2": "shared", "tiebreak_3": "", "tiebreak_4": "", **more,
    }  # fmt: skip


def test_the_season_form_stores_the_mode_its_fields_describe(
    client: Client, personas: Personas, league: League
) -> None:
    client.force_login(personas.owner)
    response = client.post(reverse("season_create", args=[personas.club.slug, league.pk]), season_post())
    season = Season.objects.get()
    assert response.status_code == 302
    assert season.ranking == {
        "mode": "average",
        "per": "round",
        "round_length": None,
        "min_rounds": 2,
        "min_sessions": 0,
        "window_months": None,
        "missed_penalty": 0,
        "free_misses": 0,
    }
    assert season.tiebreaks == ["best_evening", "shared"]
    assert (season.starts_on, season.ends_on) == (datetime.date(2026, 1, 1), datetime.date(2026, 3, 31))
    response = client.post(
        reverse("season_edit", args=[personas.club.slug, season.pk]),
        season_post(mode="placement_points", points_4="3, 1, -1, -3", points_3="2, 0, -2"),
    )
    season.refresh_from_db()
    assert season.ranking["points_by_size"] == {"3": [2, 0, -2], "4": [3, 1, -1, -3]}
    client.post(
        reverse("season_edit", args=[personas.club.slug, season.pk]),
        season_post(mode="evenings_won", window_months="24", missed_penalty="5", free_misses="2"),
    )
    season.refresh_from_db()  # evenings won takes no points off: the penalty's fields are not its own
    assert (season.ranking["mode"], season.ranking["window_months"], season.ranking["missed_penalty"]) == (
        "evenings_won", 24, 0,
    )  # fmt: skip
    client.post(
        reverse("season_edit", args=[personas.club.slug, season.pk]),
        season_post(mode="total_points", window_months="", missed_penalty="5", free_misses="2"),
    )
    season.refresh_from_db()
    assert (season.ranking["window_months"], season.ranking["missed_penalty"], season.ranking["free_misses"]) == (
        None, 5, 2,
    )  # fmt: skip
    form = client.get(reverse("season_edit", args=[personas.club.slug, season.pk])).content.decode()
    assert 'data-modes="total_points best_n placement_points' in form


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"points_4": "3, 1", "formula": ""}, "points_4"),
        ({"points_4": "three"}, "points_4"),
        ({"mode": "best_n", "n": ""}, "n"),
        ({"tiebreak_1": "shared", "tiebreak_2": "more_sessions"}, "tiebreak_1"),
        ({"period": "free", "ends_on": ""}, "ends_on"),
        ({"starts_on": "2026-13-45"}, "starts_on"),
    ],
)
def test_a_bad_season_form_names_the_field_and_saves_nothing(
    client: Client, personas: Personas, league: League, changes: dict[str, str], field: str
) -> None:
    client.force_login(personas.owner)
    post = season_post(**{"mode": "placement_points", "formula": "descending", **changes})
    response = client.post(reverse("season_create", args=[personas.club.slug, league.pk]), post)
    assert response.status_code == 200
    assert list(response.context["form"].errors) == [field]
    assert not Season.objects.exists()


def test_a_club_joins_a_league_from_its_own_page(client: Client, personas: Personas, season: Season) -> None:
    other = Member.objects.get(user=personas.outsider).club
    client.force_login(personas.owner)
    client.post(reverse("league", args=[personas.club.slug, season.league_id]), {"club": other.slug})
    invitation = LeagueClub.objects.get()
    client.force_login(personas.outsider)
    assert "Hirschen-Liga" in client.get(reverse("leagues", args=[other.slug])).content.decode()
    assert client.get(reverse("season", args=[other.slug, season.pk])).status_code == 404  # not joined yet
    client.post(reverse("league_membership", args=[other.slug, invitation.pk, "join"]))
    assert client.get(reverse("season", args=[other.slug, season.pk])).status_code == 200
    # a member of the joined club sees it, but cannot change the founding club's season
    assert client.get(reverse("season_edit", args=[other.slug, season.pk])).status_code == 404
    services.add_member(club=other, name="Xaver")
    client.post(reverse("league_membership", args=[other.slug, invitation.pk, "leave"]))
    assert client.get(reverse("season", args=[other.slug, season.pk])).status_code == 404


def test_the_club_history_tells_what_happened_to_its_leagues(
    client: Client, personas: Personas, season: Season
) -> None:
    client.force_login(personas.owner)
    client.post(reverse("season_public_link", args=[personas.club.slug, season.pk]), {"link": "enable"})
    page = client.get(reverse("club_history", args=[personas.club.slug])).content.decode()
    for sentence in (
        "Anna founded the league Hirschen-Liga",
        "Anna saved the season 2026",
        "Anna made a new public link for the season 2026",
    ):
        assert sentence in page


def test_the_season_form_opens_with_the_seasons_days_in_either_language(
    client: Client, personas: Personas, season: Season
) -> None:
    client.force_login(personas.owner)
    for language in ("de", "en"):
        page = client.get(reverse("season_edit", args=[personas.club.slug, season.pk]), HTTP_ACCEPT_LANGUAGE=language)
        body = page.content.decode()
        assert 'value="2026-01-01"' in body
        assert 'value="2026-12-31"' in body


def test_the_page_says_while_the_rating_is_being_updated(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    url = reverse("season", args=[personas.club.slug, season.pk])
    # The season is new: its ratings wait for the background task, which a test's transaction never commits to.
    assert "Rating being updated" in client.get(url).content.decode()
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spielstärke wird aktualisiert" in german
    refresh_league(season.league)  # what the task does
    assert "Rating being updated" not in client.get(url).content.decode()


def test_a_standing_page_from_the_cache_reads_no_result_row(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    for url in (
        reverse("season", args=[personas.club.slug, season.pk]),
        reverse("season_export", args=[personas.club.slug, season.pk, "csv"]),
    ):
        client.get(url)
        with CaptureQueriesContext(connection) as again:
            assert client.get(url).status_code == 200
        assert not [q["sql"] for q in again.captured_queries if "playerresult" in q["sql"].lower()], url
