"""The public live ranking on a phone: it fits the screen (the ranking scrolls sideways, not the page), it says
the standing is provisional while tables play, and it follows a game entered at a table without a reload."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from leagues.models import Tournament
from leagues.tournaments import services as tournaments
from leagues.tournaments.rules.samples import next_deal
from leagues.tournaments.services import teams
from scorekeeper import services
from tests.leagues.conftest import play_out
from tests.scorekeeper.conftest import Personas, personas

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["personas"]


def live_tournament(personas: Personas) -> Tournament:
    """Eight guests in round 1: table 1 played out, table 2 not started; a team; the public link on."""
    owner = personas.owner
    tournament = tournaments.create_tournament(
        club=personas.club, actor=owner, name="Herbstturnier", preset="ddv", played_on=timezone.localdate(),
        rounds=2, seed=3,
    )  # fmt: skip
    for n in range(1, 9):
        tournaments.add_participant(tournament=tournament, actor=owner, name=f"Gast {n}")
    this_round = tournaments.start_round(tournament=tournament, actor=owner)
    play_out(this_round.tables.select_related("session", "round__tournament").get(number=1), owner)
    members = list(tournament.participants.filter(number__in=(1, 2, 3)))
    teams.add_team(tournament=tournament, actor=owner, name="Die Asse", members=members)
    return teams.change_public_link(tournament=tournament, actor=owner, enabled=True)


def test_the_public_ranking_fits_a_phone_and_follows_the_tables(open_phone: Any, personas: Personas) -> None:
    tournament = live_tournament(personas)
    page = open_phone(None)
    page.goto(reverse("public_tournament", args=[tournament.public_token]))
    expect(page.locator(".standing-provisional")).to_contain_text("Provisional standing")
    expect(page.locator("table.teams")).to_contain_text("Die Asse")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.locator(".mainnav a").count() == 0  # nothing leads into the club
    second = tournament.played_rounds.get().tables.select_related("session", "round__tournament").get(number=2)
    facts = next_deal(tournaments.table_sheet(second))
    assert facts is not None
    before = page.locator("table.ranking").first.inner_text()
    services.record_deal(session=second.session, actor=personas.owner, facts=facts)
    page.wait_for_function(
        "before => document.querySelector('table.ranking').innerText !== before", arg=before, timeout=20_000
    )
