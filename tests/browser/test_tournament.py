"""A Doppelkopf tournament of 13 players over 3 rounds (one table of five each round), end to end in Chromium: the
director creates it, registers, draws and starts each round; each table's phone opens its link with no account
and enters games (a Pflichtsolo among them); a penalty; the live ranking; the round closed."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from leagues.models import Tournament, TournamentTable
from leagues.tournaments import services as tournaments
from scorekeeper import services
from scorekeeper.models import Club, TableLink
from tests.leagues.conftest import play_out
from tests.test_printing import pdf_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GUESTS = [f"Gast {n:02d}" for n in range(1, 12)]  # with the two typed in the browser: 13


def quick(field: str, points: int) -> str:
    return f"[data-name={field}] .quick-set[data-value='{points}']"


def enter_on_the_tables_phone(chromium: Any, live_server: Any, table: TournamentTable, *, pflichtsolo: bool) -> None:
    """The table's phone (no account) opens the link, enters a normal game and, if asked, a Pflichtsolo."""
    context = chromium.new_context(viewport={"width": 375, "height": 812}, locale="en-GB", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    token = TableLink.objects.live().get(session=table.session).token
    page.goto(reverse("table_link", args=[token]))
    expect(page).to_have_url(f"{live_server.url}{table.session.get_absolute_url()}")
    names = list(table.session.seats.order_by("position").values_list("name", flat=True))
    page.click(f".scoreboard a.lead:has-text('{names[1]}')")  # seat 2 leads: at five the dealer (seat 1) sits out
    page.wait_for_load_state("domcontentloaded")  # its scripts wired before the next tap, as long before a finger
    page.click(f"[data-name=re] label.chip:has(span:text-is('{names[2]}'))")
    page.click(quick("re_points", 151))
    page.click("#save-deal")
    page.wait_for_selector(".sheet-table")
    if pflichtsolo:
        page.click("#new-deal")
        page.wait_for_load_state("domcontentloaded")
        page.click(".contract-types label.chip:has(span:text-is('Solo'))")
        page.click("[data-name=solo] label.chip:has(span:text-is('Damensolo'))")
        page.click(f"[data-name=re] label.chip:has(span:text-is('{names[3]}'))")
        expect(page.locator("[data-name=forced] input")).to_be_checked()  # he owes it: ticked for the scorer
        page.click(quick("re_points", 151))
        page.click("#save-deal")
        page.wait_for_selector(".sheet-table")
    assert table.session.deals.count() == 1 + pflichtsolo
    context.close()


def test_a_tournament_from_registration_to_the_last_ranking(
    chromium: Any, live_server: Any, open_phone: Any, make_user: Any
) -> None:
    director: User = make_user("anna")
    club: Club = services.create_club(owner=director, name="Doko-Freunde", owner_name="Anna")
    page = open_phone(director, width=1280)
    page.goto(reverse("tournaments", args=[club.slug]))
    page.fill("#id_name", "Herbstturnier")
    page.select_option("#id_preset", "ddv")
    page.fill("#id_played_on", "2026-11-28")
    page.fill("#id_rounds", "3")
    page.click("button:has-text('Create the tournament')")
    tournament = Tournament.objects.get()
    for name in ("Anna", "Bert"):  # two typed at the desk, the rest registered in advance
        page.fill("#id_name", name)
        page.click("button:has-text('Register')")
        expect(page.locator("table")).to_contain_text(name)
    for name in GUESTS:
        tournaments.add_participant(tournament=tournament, actor=director, name=name)
    base = reverse("tournament", args=[club.slug, tournament.pk])

    for number in (1, 2, 3):
        page.goto(f"{base}draw/")
        page.click(f"button:has-text('Start round {number}')")
        expect(page.locator("h1")).to_have_text(f"Round {number}")
        this_round = tournament.played_rounds.get(number=number)
        tables = list(this_round.tables.select_related("session", "round__tournament").order_by("number"))
        assert sorted(t.session.seats.count() for t in tables) == [4, 4, 5]
        for table in tables:
            enter_on_the_tables_phone(chromium, live_server, table, pflichtsolo=table.number == 1)
        if number == 2:  # a penalty, recorded by the director on the round page
            page.reload()
            page.select_option("#id_participant", index=1)
            page.select_option("#id_kind", "minor")
            page.fill("#id_reason", "Karten gezeigt")
            page.fill("#id_official", "Turnierleitung")
            page.click("button:has-text('Record the penalty')")
            expect(page.locator("body")).to_contain_text("Karten gezeigt")
        page.goto(f"{base}ranking/")
        expect(page.locator("main p.hint[role=status]")).to_contain_text("3 tables are still playing")
        for table in tables:
            play_out(table, director)
            services.close_session(session=table.session, actor=director)
        page.goto(f"{base}rounds/{number}/")
        page.click("button:has-text('Close the round')")
        this_round.refresh_from_db()
        assert this_round.closed_at is not None

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page.goto(f"{base}ranking/")
    rows = page.locator("table.ranking tbody tr")
    expect(rows).to_have_count(13)
    assert "still playing" not in page.inner_text("main")
    final = page.request.get(f"{base}ranking.pdf")  # the final ranking as printed
    assert final.ok
    assert final.headers["content-type"] == "application/pdf"
    leader = page.inner_text("table.ranking tbody tr:first-child td:nth-child(3)")
    assert leader in " ".join(pdf_pages(final.body()))
