"""A reopened evening keeps its last closed result in the standing, marked as being corrected, on the club's page
and the public link, until it is closed again (the league checked by hand at four and five, ``league_four_five``)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import League
from leagues.seasons import selectors
from leagues.seasons import services as league_services
from scorekeeper import services
from tests.leagues.conftest import Personas
from tests.leagues.league_four_five import FIVE_DAY, GUEST, four_five_season
from tests.scorekeeper.conftest import sauspiel

pytestmark = pytest.mark.django_db


def test_a_reopened_evening_stays_in_the_standing_marked_until_it_is_closed_again(
    client: Client, personas: Personas, league: League
) -> None:
    season = four_five_season(personas, league, {"mode": "total_points"})
    season = league_services.change_public_link(season=season, actor=personas.owner, enabled=True)
    five = season.league.club.sessions.get(played_on=FIVE_DAY)
    services.reopen_session(session=five, actor=personas.owner)
    standing = selectors.standing(season)
    # the table of five still counts as it was closed: Gast 50, Anna 20, Caro 0, Bert −20, Dieter −50
    assert [(r.rank, r.totals.name, r.score) for r in standing.rows] == [
        (1, GUEST, 50), (2, "Anna", 20), (3, "Caro", 0), (4, "Bert", -20), (5, "Dieter", -50),
    ]  # fmt: skip
    assert standing.correcting == [FIVE_DAY]
    pages = {
        "member": reverse("season", args=[personas.club.slug, season.pk]),
        "public": reverse("public_standing", args=[season.public_token]),
    }
    client.force_login(personas.member)
    for url in pages.values():
        page = client.get(url).content.decode()
        assert page.count('<span class="tag">being corrected</span>') == 5  # everybody at the table of five
        assert "Being corrected: these evenings were reopened" in page
        german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
        assert german.count('<span class="tag">wird korrigiert</span>') == 5
        assert "15. Januar 2026" in german
    # the correction counts once the evening is closed again: the last deal was Bert and Caro's, not Gast and Bert's
    deal = five.deals.get(number=5)
    services.correct_deal(deal=deal, actor=personas.scorer, facts=sauspiel("Bert", "Caro", 61), revision=deal.revision)
    assert selectors.standing(season).rows[0].totals.name == GUEST  # not yet
    services.close_session(session=five, actor=personas.owner)
    standing = selectors.standing(season)
    assert standing.correcting == []
    # at five Caro +20 instead of −20, Gast −20 instead of +20: Caro 40, Anna 20, Gast 10
    assert [(r.totals.name, r.score) for r in standing.rows][:3] == [("Caro", 40), ("Anna", 20), (GUEST, 10)]
    assert "being corrected" not in client.get(pages["member"]).content.decode()
