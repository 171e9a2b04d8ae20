"""Every page of a club, as the owner's phone shows it: nothing the Content-Security-Policy blocks, no script
error, and nothing wider than the phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club(make_user: Any) -> tuple[Club, Any]:
    owner = make_user("anna")
    club = services.create_club(owner=owner, name="Stammtisch Zum Hirschen", owner_name="Anna")
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in ("Bert", "Caro", "Dieter")]
    session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="classic", players=players
    )
    sauspiel = {"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 70}
    services.record_deal(session=session, actor=owner, facts=sauspiel)
    services.save_house_rules(
        club=club, name="Dienstag", game="schafkopf", rules="classic", tariff="classic", cents_per_point=10
    )
    return club, owner


def test_no_page_is_blocked_broken_or_wider_than_a_phone(
    open_phone: Callable[[Any], Any], club: tuple[Club, Any]
) -> None:
    club_, owner = club
    session = club_.sessions.get()
    deal = session.deals.get()
    slug, pk = club_.slug, session.pk
    paths = [
        reverse("home"),
        reverse("club", args=[slug]),
        reverse("members", args=[slug]),
        reverse("club_settings", args=[slug]),
        reverse("club_history", args=[slug]),
        reverse("session_new", args=[slug]),
        reverse("session_start", args=[slug, "doppelkopf"]),
        reverse("session", args=[slug, pk]),
        reverse("deal_new", args=[slug, pk]),
        reverse("deal_edit", args=[slug, pk, deal.pk]),
        reverse("session_history", args=[slug, pk]),
        reverse("session_settlement", args=[slug, pk]),
        reverse("session_abandon", args=[slug, pk]),
    ]
    page = open_phone(owner)
    problems: list[str] = []

    def on_console(message: Any) -> None:
        if message.type == "error":  # a CSP violation, a failed load, an uncaught exception
            problems.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    for path in paths:
        response = page.goto(path)
        assert response is not None
        assert response.status == 200, path
        page.wait_for_load_state("networkidle")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} is {overflow}px wider than the phone"
    assert problems == []
