"""The pages of issue 25's faults 8 and 9: each club's best player, the rating explained on the player's page, the
standing's scroll region on a phone."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, Season
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from leagues.seasons.rating_store import refresh_league, season_ratings
from scorekeeper import services
from tests.leagues.conftest import Personas, play_evening, sauspiel
from tests.leagues.test_rating import let_go_of_refreshes

pytestmark = pytest.mark.django_db


def test_each_club_s_best_player_at_their_league_place(client: Client, personas: Personas, league: League) -> None:
    other = services.create_club(owner=personas.outsider, name="Gasthof Post", owner_name="Olga")
    invitation = league_services.invite_club(league=league, actor=personas.owner, club_slug=other.slug)
    league_services.join_league(invitation=invitation, actor=personas.outsider)
    day = datetime.date(2026, 3, 1)
    play_evening(personas, day, [sauspiel("Anna", "Caro", 72)])  # Anna and Caro +, Bert and Dieter −
    session = services.start_session(
        club=other, actor=personas.outsider, game="schafkopf", rules="classic", tariff="10/20/50",
        players=[other.members.get(user=personas.outsider), "Xaver", "Yvonne", "Zenzi"], played_on=day,
    )  # fmt: skip
    services.record_deal(session=session, actor=personas.outsider, facts=sauspiel("Xaver", "Yvonne", 30))
    services.close_session(session=session, actor=personas.outsider)
    season = league_services.save_season(
        league=league, actor=personas.owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"},
    )  # fmt: skip
    whole, _filters = selectors.filtered_standing(season, {})
    assert len(whole.rows) == 8
    # at the Post Xaver and Yvonne lost their Sauspiel Schneider (30): Olga and Zenzi share first place; at the
    # Hirschen Anna and Caro won theirs (72), a plain Sauspiel: third place, shared
    best, filters = selectors.filtered_standing(season, {"show": "club_best"})
    assert filters.club_best
    assert [(row.rank, row.totals.club_id) for row in best.rows] == [(1, other.pk), (3, personas.club.pk)]
    client.force_login(personas.owner)
    page = client.get(reverse("season", args=[personas.club.slug, season.pk]), {"show": "club_best"})
    body = page.content.decode()
    assert "each club&#x27;s best player" in body
    assert len(page.context["body"].split("<tr")) - 1 == 2  # two clubs, two rows


def rated_newcomer(season: Season) -> tuple[str, float]:
    refresh_league(season.league)
    let_go_of_refreshes()
    key, rating = min(season_ratings(season).items(), key=lambda item: item[1].ordinal)
    return key, rating.ordinal


def test_the_player_page_shows_the_rating_and_why_a_newcomer_s_is_below_zero(
    client: Client, personas: Personas, season: Season
) -> None:
    key, ordinal = rated_newcomer(season)
    assert ordinal < 0  # three evenings are too few to be sure of anybody
    client.force_login(personas.member)
    url = reverse("season_player", args=[personas.club.slug, season.pk, key])
    body = client.get(url).content.decode()
    assert f"Rating: {ordinal:.1f}" in body.replace("&#x2212;", "-")
    assert "rating is often below zero: the number shown" in body
    assert "After 3 evenings rated" in body
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Warum die Spielstärke von Neuen oft unter null liegt" in german
    assert f"Spielstärke: {ordinal:.1f}".replace(".", ",") in german
    client.force_login(personas.outsider)
    assert client.get(url).status_code == 404


def test_the_standing_explains_a_negative_rating_too(client: Client, personas: Personas, season: Season) -> None:
    client.force_login(personas.member)
    body = client.get(reverse("season", args=[personas.club.slug, season.pk])).content.decode()
    assert "rating is often below zero: the number shown" in body


def test_the_standing_scrolls_sideways_in_a_labelled_region_with_a_hint(
    client: Client, personas: Personas, season: Season
) -> None:
    client.force_login(personas.member)
    for url in (
        reverse("season", args=[personas.club.slug, season.pk]),
        reverse("public_standing", args=[league_services.change_public_link(
            season=season, actor=personas.owner, enabled=True
        ).public_token]),
    ):  # fmt: skip
        body = client.get(url).content.decode()
        region = re.search(r'<div class="table-wrap"[^>]*>\s*<table class="standing"', body)
        assert region is not None
        assert 'role="region"' in region[0]
        assert 'tabindex="0"' in region[0]
        assert 'aria-label="Standing"' in region[0]
        assert "Swipe the table sideways for more columns." in body
