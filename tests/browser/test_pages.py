"""Every page of a club, as the owner's phone shows it: nothing the Content-Security-Policy blocks, no script
error, and nothing wider than the phone, with the browser's text size at 100 % and at 200 % (WCAG 1.4.10, 1.4.4)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from leagues.tournaments import services as tournaments
from scorekeeper import services
from scorekeeper.models import Club

from .conftest import Requests
from .games import play_every_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# Five-digit totals: ten won Solo Tout with Kontra and Re at 10/20/50.
BIG_DEAL = {"contract": "solo", "suit": "eichel", "tout": True, "won": True, "declarer": "Anna", "kontra": 2}


@pytest.fixture
def club(make_user: Any) -> tuple[Club, Any]:
    """A club with a session of every game, one with five-digit totals, and saved house rules."""
    owner = make_user("anna")
    club = services.create_club(owner=owner, name="Stammtisch Zum Hirschen", owner_name="Anna")
    names = ("Bert", "Caro", "Dieter", "Emil Maximilian")
    members = [club.members.get()] + [services.add_member(club=club, name=n) for n in names]
    play_every_game(club, owner, members)
    big = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="10/20/50", players=members[:4]
    )
    for _ in range(10):
        services.record_deal(session=big, actor=owner, facts=BIG_DEAL)
    big.refresh_from_db()
    assert big.totals[0] >= 10_000
    return club, owner


def club_pages(club: Club) -> list[str]:
    slug = club.slug
    paths = [
        reverse("home"),
        reverse("club", args=[slug]),
        reverse("members", args=[slug]),
        reverse("club_settings", args=[slug]),
        reverse("club_history", args=[slug]),
        reverse("session_new", args=[slug]),
    ]
    for session in club.sessions.order_by("pk"):
        pk, deal = session.pk, session.deals.order_by("number")[0]
        paths += [
            reverse("session_start", args=[slug, session.game]),
            reverse("session", args=[slug, pk]),
            reverse("deal_new", args=[slug, pk]),
            reverse("deal_edit", args=[slug, pk, deal.pk]),
            reverse("deal_dealers", args=[slug, pk, deal.pk]),
            reverse("session_history", args=[slug, pk]),
            reverse("session_settlement", args=[slug, pk]),
            reverse("session_money", args=[slug, pk]),
        ]
    return [*paths, reverse("session_abandon", args=[slug, pk])]


def tournament_pages(club: Club, owner: Any) -> list[str]:
    """A Doppelkopf tournament of nine in its first round: its pages a phone opens, and the hall screen (made for the
    big screen, it must still not scroll sideways on a phone or at 200 % text)."""
    found = tournaments.create_tournament(
        club=club, actor=owner, name="Herbstturnier", preset="ddv", played_on=datetime.date(2026, 11, 28), rounds=2
    )
    for n in range(1, 10):
        tournaments.add_participant(tournament=found, actor=owner, name=f"Gast Nummer {n}")
    tournaments.start_round(tournament=found, actor=owner)
    at = [club.slug, found.pk]
    names = ("tournament", "tournament_draw", "tournament_ranking", "tournament_prizes")
    return [
        reverse("tournaments", args=[club.slug]),
        reverse("tournament_import", args=[club.slug]),
        *(reverse(name, args=at) for name in names),
        reverse("tournament_round", args=[*at, 1]),
        reverse("tournament_hall", args=at),
    ]


SIDEWAYS = (Path(__file__).parent / "scripts" / "sideways.js").read_text()  # what scrolls sideways, and where
TEXT_SIZES = {"100 %": 16, "200 %": 32}  # the browser's default font size in px, as its text-size setting sets it


def test_no_page_is_blocked_broken_or_wider_than_the_narrowest_phone(
    open_phone: Callable[..., Any], club: tuple[Club, Any]
) -> None:
    """At 320 px (the narrowest phone in use; every other browser test runs at 375 px), at the usual text size and
    at 200 %: a wide table may scroll only inside its own labelled region, and the score sheet not at all at 100 %."""
    club_, owner = club
    width = 320
    page = open_phone(owner, width)
    browser = page.context.new_cdp_session(page)
    problems: list[str] = []

    def on_console(message: Any) -> None:
        if message.type == "error":  # a CSP violation, a failed load, an uncaught exception
            problems.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    requests = Requests(page)
    sideways = []
    paths = [*club_pages(club_), *tournament_pages(club_, owner)]
    for text, size in TEXT_SIZES.items():
        browser.send("Page.setFontSizes", {"fontSizes": {"standard": size, "fixed": size * 13 // 16}})
        for path in paths:
            response = page.goto(path)
            assert response is not None
            assert response.status == 200, path
            requests.wait()  # what the page asks for once loaded (a preview, the offline copy) is in
            sideways += [f"{path} at {text} text: {found}" for found in page.evaluate(SIDEWAYS)]
            if size == 16:  # a sheet of five fits a 320 px phone, without scrolling inside its box
                sheet = page.query_selector(".sheet-table")
                if sheet is not None and sheet.evaluate("box => box.scrollWidth > box.clientWidth + 1"):
                    sideways.append(f"{path}: the score sheet scrolls sideways at 320 px")
    assert sideways == [], "\n".join(sideways)
    assert problems == []
