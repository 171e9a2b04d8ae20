"""The player page and the season reports, as each persona sees them."""

from __future__ import annotations

import datetime
import re
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from leagues.models import Season
from leagues.seasons import services as league_services
from leagues.seasons.views import players
from scorekeeper.models import Session
from tests.leagues.conftest import Personas
from tests.test_printing import flat, needs_weasyprint, pdf_pages
from tests.test_settlement_views import words

pytestmark = pytest.mark.django_db

MEMBERS = ["owner", "scorer", "member"]


def user(personas: Personas, persona: str) -> User:
    return getattr(personas, persona)


def key_of(personas: Personas, name: str) -> str:
    member = personas.players[name]
    return f"u{member.user_id}" if member.user_id else f"m{member.pk}"


def get(client: Client, who: User | None, name: str, *args: Any) -> Any:
    if who is not None:
        client.force_login(who)
    return client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.parametrize("persona", MEMBERS)
def test_every_member_sees_a_players_season(client: Client, personas: Personas, season: Season, persona: str) -> None:
    anna = key_of(personas, "Anna")
    response = get(client, user(personas, persona), "season_player", personas.club.slug, season.pk, anna)
    assert response.status_code == 200
    page = words(response)
    # 8 January: Anna + Caro win a Sauspiel (72), +20; Bert + Dieter win one Schneider (95), −30. 15 January: Caro
    # + Dieter lose one Schneider (30), +30. Both evenings of the season, 3 deals, 2 won: with Caro 2 (1 won),
    # against Dieter 3 (2 won).
    for text in (
        "Evenings 2", "Deals played 3", "Won 67 %", "Points +20", "Sauspiel 1 1 100 %", "Caro 2 1 50 %",
        "Dieter 3 2 67 %",
    ):  # fmt: skip
        assert text in page
    html = response.content.decode()
    assert html.count('role="img"') == 3
    assert reverse("season_player", args=[personas.club.slug, season.pk, key_of(personas, "Caro")]) in html
    assert reverse("season_player_pdf", args=[personas.club.slug, season.pk, anna]) in html
    assert reverse("season_report_pdf", args=[personas.club.slug, season.pk]) in html


def evenings_listed(response: Any) -> str:
    found = re.search(r'<section aria-labelledby="evenings">.*?</section>', response.content.decode(), re.DOTALL)
    assert found is not None
    return found[0]


def test_the_evenings_are_listed_newest_first_a_page_at_a_time(
    client: Client, personas: Personas, season: Season
) -> None:
    """Anna's two evenings, 15 and 8 January, one a page; the rest of the page counts and charts both."""
    args = (personas.club.slug, season.pk, key_of(personas, "Anna"))
    links = [
        reverse("session", args=[personas.club.slug, pk])
        for pk in Session.objects.filter(played_on__year=2026).order_by("-played_on").values_list("pk", flat=True)
    ]
    both = evenings_listed(get(client, personas.member, "season_player", *args))
    assert both.index(links[0]) < both.index(links[1])
    assert "?page=" not in both
    with mock.patch.object(players, "EVENINGS_PER_PAGE", 1):
        newest, older = (client.get(reverse("season_player", args=args) + query) for query in ("", "?page=2"))
    assert links[0] in evenings_listed(newest)
    assert links[1] not in evenings_listed(newest)
    assert 'href="?page=2" rel="next">Older' in evenings_listed(newest)
    assert links[1] in evenings_listed(older)
    assert links[0] not in evenings_listed(older)
    assert 'href="?page=1" rel="prev">Newer' in evenings_listed(older)
    for page in (newest, older):
        assert "Evenings 2" in words(page)
        assert "2 evenings: 1 in the plus, 1 in the minus." in words(page)


def test_the_standing_links_both_reports(client: Client, personas: Personas, season: Season) -> None:
    html = get(client, personas.member, "season", personas.club.slug, season.pk).content.decode()
    assert reverse("season_report_pdf", args=[personas.club.slug, season.pk]) in html
    assert reverse("season_player", args=[personas.club.slug, season.pk, key_of(personas, "Dieter")]) in html


@pytest.mark.parametrize("name", ["season_player", "season_player_pdf"])
def test_an_outsider_or_a_stranger_finds_no_player(
    client: Client, personas: Personas, season: Season, name: str
) -> None:
    args = (personas.club.slug, season.pk, key_of(personas, "Anna"))
    assert get(client, None, name, *args).status_code == 404
    assert get(client, personas.outsider, name, *args).status_code == 404
    assert get(client, None, "season_report_pdf", *args[:2]).status_code == 404
    assert get(client, personas.outsider, "season_report_pdf", *args[:2]).status_code == 404


@pytest.mark.parametrize("key", ["u999999", "m999999", "nobody"])
def test_an_unknown_player_is_not_found(client: Client, personas: Personas, season: Season, key: str) -> None:
    assert get(client, personas.owner, "season_player", personas.club.slug, season.pk, key).status_code == 404


def test_a_player_of_another_season_is_not_found(client: Client, personas: Personas, season: Season) -> None:
    """Emil never played in 2026; a season without evenings has no player at all."""
    empty = league_services.save_season(
        league=season.league, actor=personas.owner, name="2027", period="year", starts_on=datetime.date(2027, 1, 1),
        ends_on=datetime.date(2027, 12, 31), ranking={"mode": "total_points"},
    )  # fmt: skip
    for season_id, name in ((season.pk, "Emil"), (empty.pk, "Anna")):
        response = get(client, personas.owner, "season_player", personas.club.slug, season_id, key_of(personas, name))
        assert response.status_code == 404


@pytest.mark.pdf
@needs_weasyprint
@pytest.mark.parametrize("persona", MEMBERS)
def test_every_member_prints_a_players_season_report(
    client: Client, personas: Personas, season: Season, persona: str
) -> None:
    response = get(
        client, user(personas, persona), "season_player_pdf", personas.club.slug, season.pk, key_of(personas, "Anna")
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = flat(" ".join(pdf_pages(b"".join(response.streaming_content)))).casefold()  # print headings are capitals
    for words_ in ("Anna", "Hirschen-Liga", "Running total of points", "Games led", "With each partner"):
        assert words_.casefold() in text


@pytest.mark.pdf
@needs_weasyprint
@pytest.mark.parametrize("persona", MEMBERS)
def test_every_member_prints_the_clubs_season_report(
    client: Client, personas: Personas, season: Season, persona: str
) -> None:
    season = league_services.save_season(
        league=season.league, actor=personas.owner, season=season, name="2026", period="year",
        starts_on=season.starts_on, ends_on=season.ends_on, ranking=season.ranking, tiebreaks=season.tiebreaks,
        sub_period="month",
    )  # fmt: skip
    response = get(client, user(personas, persona), "season_report_pdf", personas.club.slug, season.pk)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = flat(" ".join(pdf_pages(b"".join(response.streaming_content)))).casefold()  # print headings are capitals
    for words_ in ("Hirschen-Liga", "2026-01", "The players", "Anna", "Bert", "Caro", "Dieter"):
        assert words_.casefold() in text
