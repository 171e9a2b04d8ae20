"""A season's options on the league checked by hand at four and five (``league_four_five``): members only (the
guest who won the table of five is listed without a place) and the public link without money."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League, Season
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.models import AuditEntry
from tests.leagues.conftest import Personas
from tests.leagues.league_four_five import GUEST, four_five_season
from tests.leagues.test_views import season_post

pytestmark = pytest.mark.django_db


def places(season: Season) -> list[tuple[int | None, str]]:
    return [(row.rank, row.totals.name) for row in selectors.standing(season).rows]


def test_a_guest_is_ranked_unless_the_season_is_for_members_only(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    assert places(season) == [(1, GUEST), (2, "Anna"), (3, "Caro"), (4, "Bert"), (5, "Dieter")]
    league_services.save_season(
        league=league, actor=personas.owner, season=season, name=season.name, period=season.period,
        starts_on=season.starts_on, ends_on=season.ends_on, ranking=season.ranking, members_only=True,
    )  # fmt: skip
    season.refresh_from_db()
    # the guest keeps the score, listed under the ranked players without a place; the members move up
    assert places(season) == [(1, "Anna"), (2, "Caro"), (3, "Bert"), (4, "Dieter"), (None, GUEST)]
    assert selectors.standing(season).rows[-1].score == 50


def test_the_options_are_set_in_the_season_form_and_audited(client: Client, personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    client.force_login(personas.owner)
    url = reverse("season_edit", args=[personas.club.slug, season.pk])
    form = client.get(url).content.decode()
    assert 'name="members_only"' in form
    assert 'name="public_money_hidden"' in form
    post = season_post(mode="total_points", members_only="on", public_money_hidden="on")
    assert client.post(url, post).status_code == 302
    season.refresh_from_db()
    assert season.members_only
    assert season.public_money_hidden
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.SEASON_SAVED).latest("pk")
    assert entry.before is not None
    assert entry.after is not None
    assert entry.before["members_only"] is False
    assert entry.after["public_money_hidden"] is True
    checkbox = re.search(r'<input[^>]*name="members_only"[^>]*>', client.get(url).content.decode())
    assert checkbox is not None
    assert "checked" in checkbox.group()


def money_texts(season: Season) -> list[str]:
    """Every member's money as a page shows it, in English and German (2.00 and 2,00)."""
    texts = []
    for row in selectors.standing(season).rows:
        euros = f"{abs(row.totals.money_cents) / 100:.2f}"
        texts += [euros, euros.replace(".", ",")]
    return texts


@pytest.mark.parametrize("mode", ["total_points", "total_money"])
def test_the_public_link_without_money_shows_none_by_name(
    client: Client, personas: Personas, league: League, mode: str
) -> None:
    season = four_five_season(personas, league, {"mode": mode}, public_money_hidden=True)
    season = league_services.change_public_link(season=season, actor=personas.owner, enabled=True)
    public = reverse("public_standing", args=[season.public_token])
    for language in ("en", "de"):
        page = client.get(public, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Anna" in page
        assert GUEST in page
        assert ">Money<" not in page
        assert ">Geld<" not in page
        assert "€" not in page
        assert not [text for text in money_texts(season) if text in page and text != "0.00"]
    # sorting by money on the public page is not offered: the standing stays in its order
    sorted_page = client.get(public, {"sort": "-money"}).content.decode()
    names = [name for _, name in places(season)]
    assert [sorted_page.index(f">{name}<") for name in names] == sorted(sorted_page.index(f">{n}<") for n in names)
    # the members still see the money on the club's page
    client.force_login(personas.member)
    page = client.get(reverse("season", args=[personas.club.slug, season.pk])).content.decode()
    assert ">Money<" in page
    assert "€" in page


def test_the_public_link_shows_the_money_unless_it_is_hidden(
    client: Client, personas: Personas, league: League
) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    season = league_services.change_public_link(season=season, actor=personas.owner, enabled=True)
    page = client.get(reverse("public_standing", args=[season.public_token])).content.decode()
    assert ">Money<" in page
    assert "€" in page


def test_a_club_backup_carries_the_options(personas: Personas, league: League) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"}, members_only=True, public_money_hidden=True)
    document = export_club(personas.club)
    assert document["leagues"][0]["seasons"][0]["members_only"] is True
    restored = import_club(document=document, slug="restored").club
    copy = Season.objects.exclude(pk=season.pk).get(league__club=restored)
    assert copy.members_only
    assert copy.public_money_hidden
    # a backup from before the options restores them off
    for key in ("members_only", "public_money_hidden"):
        del document["leagues"][0]["seasons"][0][key]
    older = import_club(document=document, slug="older").club
    assert not Season.objects.get(league__club=older).members_only
