"""Every form of the leagues and tournaments, as a screen reader meets it (``tests/a11y.py``): each field named by what
it is, its help and its error linked to it, groups with their own legends."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, Season, Tournament
from leagues.tournaments import services as tournaments
from tests.a11y import form_problems
from tests.leagues.conftest import Personas

pytestmark = pytest.mark.django_db


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_league_forms(client: Client, personas: Personas, league: League, season: Season) -> None:
    client.force_login(personas.owner)
    slug = personas.club.slug
    urls = [
        reverse("leagues", args=[slug]),
        reverse("league_create", args=[slug]),
        reverse("league", args=[slug, league.pk]),
        reverse("season_create", args=[slug, league.pk]),
        reverse("season_edit", args=[slug, season.pk]),
        reverse("season", args=[slug, season.pk]),
    ]
    for url in urls:
        assert form_problems(page(client, url)) == [], url


def test_the_tournament_forms(client: Client, personas: Personas, tournament: Tournament) -> None:
    client.force_login(personas.owner)
    slug = personas.club.slug
    tournaments.start_round(tournament=tournament, actor=personas.owner)
    urls = [
        reverse("tournaments", args=[slug]),
        reverse("tournament_import", args=[slug]),
        reverse("tournament", args=[slug, tournament.pk]),
        reverse("tournament_round", args=[slug, tournament.pk, 1]),
        reverse("tournament_prizes", args=[slug, tournament.pk]),
    ]
    for url in urls:
        assert form_problems(page(client, url)) == [], url


def test_a_season_with_errors_links_each_to_its_field(client: Client, personas: Personas, league: League) -> None:
    client.force_login(personas.owner)
    response = client.post(reverse("season_create", args=[personas.club.slug, league.pk]), {"name": ""})
    html = response.content.decode()
    assert 'id="id_name_error"' in html
    assert re.search(r'<input[^>]*name="name"[^>]*aria-invalid="true"', html)
    assert re.search(r'<input[^>]*name="name"[^>]*aria-describedby="[^"]*id_name_error', html)
    assert html.count('role="alert"') == 1
    assert form_problems(html) == []


def test_a_prize_with_errors_links_it_to_its_field(client: Client, personas: Personas, tournament: Tournament) -> None:
    client.force_login(personas.owner)
    response = client.post(reverse("tournament_prizes", args=[personas.club.slug, tournament.pk]), {"percent_0": "500"})
    html = response.content.decode()
    assert 'id="id_percent_0_error"' in html
    assert html.count('role="alert"') == 1
    assert form_problems(html) == []
