"""The hall screen read from 5 m and the round clock on a table's phone, in Chromium: at 1920×1080 names, points and
column headings are at least 40 px, the app bar is hidden, and the head (the title, the round and its clock) stays in
view while the ranking scrolls under it; at 1280×800 and 375 px it still reads. The phone counts the clock down.
Screenshots go to SHOTS when it is set (the lead looks at them)."""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from leagues.models import Tournament, TournamentRound
from leagues.tournaments import services as tournaments
from scorekeeper import services
from scorekeeper.models import TableLink
from tests.leagues.conftest import play_out

from .test_accessibility import AXE_RUN, AXE_SOURCE, WCAG_TAGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["SHOTS"]) if os.environ.get("SHOTS") else None
HALL = {"width": 1920, "height": 1080}
NAMES = [
    "Anna Huber", "Bert Maier", "Caro Schmid", "Dieter Wagner", "Emil Becker", "Franz Hofmann", "Gisela Bauer",
    "Hans Richter", "Inge Wolf", "Jakob Schäfer", "Karin Neumann", "Ludwig Schwarz", "Maria Zimmermann",
    "Norbert Krüger", "Olga Hartmann", "Paul Lange", "Quirin Werner", "Rosa Lehmann", "Sepp Köhler", "Theresa Graf",
    "Ulrich Jung", "Vroni Hahn", "Walter Vogel", "Xaver Friedrich", "Yvonne Keller", "Zenzi Günther",
    "Alois Frank", "Berta Berger", "Christl Winkler", "Dominik Roth", "Elfriede Beck", "Ferdinand Lorenz",
    "Gabi Baumann", "Heinrich Franke", "Ida Albrecht", "Josef Schuster", "Kreszenz Mayr",
]  # fmt: skip


def shot(page: Any, name: str) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def hall_night(make_user: Any) -> tuple[Any, Tournament]:
    """37 players (eight tables of four, one of five), round 1 of 3 under way with its clock started 37 minutes ago;
    three tables played out."""
    director = make_user("anna")
    club = services.create_club(owner=director, name="Doko-Freunde", owner_name="Anna")
    tournament = tournaments.create_tournament(
        club=club, actor=director, name="Herbstturnier der Doko-Freunde", preset="ddv",
        played_on=timezone.localdate(), rounds=3, seed=7, tiebreaks=("solos_won", "best_round", "shared"),
    )  # fmt: skip
    for name in NAMES:
        tournaments.add_participant(tournament=tournament, actor=director, name=name)
    this_round = tournaments.start_round(tournament=tournament, actor=director)
    for table in this_round.tables.select_related("session", "round__tournament").order_by("number")[:3]:
        play_out(table, director)
        services.close_session(session=table.session, actor=director)
    tournaments.start_clock(this_round=this_round, actor=director)
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=37, seconds=12)
    )
    return director, tournament


def font_px(page: Any, selector: str) -> float:
    return float(page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)"))


def test_the_hall_reads_from_five_metres_and_keeps_its_head_in_view(
    open_phone: Any, hall_night: tuple[Any, Tournament]
) -> None:
    director, tournament = hall_night
    page = open_phone(director, width=HALL["width"], locale="de-DE")
    page.context.add_init_script(AXE_SOURCE)
    page.set_viewport_size(HALL)
    page.emulate_media(reduced_motion="reduce")  # the page stands still; the test scrolls it
    page.goto(reverse("tournament_hall", args=[tournament.club.slug, tournament.pk]))
    expect(page.locator(".topbar")).to_be_hidden()  # a kiosk: no app bar
    for selector in (
        "table.ranking tbody tr td:nth-child(3)",  # a name
        "table.ranking tbody tr td:nth-child(4)",  # points
        "table.ranking thead th:nth-child(3)",
        "table.ranking thead th:nth-child(4)",
        "table.ranking thead th:last-child",
        ".hall-round",
        ".hall-now .clock-time",
    ):
        assert font_px(page, selector) >= 40, selector
    clock = page.locator(".hall-now .clock-time").first  # at the tables of four: 100 − 37:12, counting down
    expect(clock).not_to_have_text(clock.inner_text(), timeout=3000)  # it ticks
    assert clock.inner_text().startswith("1:02:")
    expect(page.locator(".hall-now .clock-time").nth(1)).to_have_text(re.compile(r"^1:27:\d\d$"))  # 125 at five
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = page.evaluate(AXE_RUN, [{"type": "tag", "values": WCAG_TAGS}, scheme == "light"])
        assert not violations, (scheme, violations)
        shot(page, f"hall-1920-{scheme}")

    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300  # a long list: it did scroll
    head = page.eval_on_selector(".hall-head", "e => e.getBoundingClientRect().toJSON()")
    headings = page.eval_on_selector("table.ranking thead th", "e => e.getBoundingClientRect().toJSON()")
    assert head["top"] == 0
    assert head["bottom"] < 300
    assert head["bottom"] - 1 <= headings["top"] < head["bottom"] + 4  # the column headings just under it
    for selector in ("h1", ".hall-round", ".hall-now .round-clock", ".round-clock + .round-clock"):
        box = page.eval_on_selector(selector, "e => e.getBoundingClientRect().toJSON()")
        assert box["top"] >= 0, selector
        assert box["bottom"] <= head["bottom"], selector
    last = page.eval_on_selector("table.ranking tbody tr:last-child", "e => e.getBoundingClientRect().toJSON()")
    assert head["bottom"] < last["top"]
    assert last["bottom"] <= HALL["height"]
    shot(page, "hall-1920-dark-scrolled")

    page.emulate_media(color_scheme="light")
    for size, name in (({"width": 1280, "height": 800}, "hall-1280"), ({"width": 375, "height": 812}, "hall-375")):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        for clock_line in page.locator(".hall-now .round-clock").all():
            expect(clock_line).to_be_in_viewport()
        names = page.locator("table.ranking tbody tr:first-child td:nth-child(3)")
        expect(names).to_be_in_viewport()
        shot(page, name)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name  # no sideways scrolling

    tournaments.pause_clock(this_round=tournament.played_rounds.get(), actor=director)
    expect(page.locator(".hall-now .clock-state").first).to_have_text("angehalten", timeout=9000)  # the next poll


def test_the_table_phone_counts_the_round_clock_down(open_phone: Any, hall_night: tuple[Any, Tournament]) -> None:
    director, tournament = hall_night
    this_round = tournament.played_rounds.get()
    table = this_round.tables.select_related("session").order_by("number").last()
    assert table is not None
    page = open_phone(None)
    page.context.add_init_script(AXE_SOURCE)
    page.goto(reverse("table_link", args=[TableLink.objects.live().get(session=table.session).token]))
    clock = page.locator(".round-clock .clock-time")
    expect(clock).to_have_text(re.compile(r"^1:(02|27):\d\d$"))  # 100 or 125 − 37:12
    expect(clock).not_to_have_text(clock.inner_text(), timeout=3000)  # it ticks
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = page.evaluate(AXE_RUN, [{"type": "tag", "values": WCAG_TAGS}, scheme == "light"])
        assert not violations, (scheme, violations)
        shot(page, f"phone-clock-375-{scheme}")
    tournaments.pause_clock(this_round=this_round, actor=director)  # the next poll (every 3 s) holds the phone's clock
    expect(page.locator(".round-clock .clock-state")).to_have_text("paused", timeout=8000)
    held = clock.inner_text()
    page.wait_for_timeout(1500)
    assert clock.inner_text() == held
    tournaments.resume_clock(this_round=this_round, actor=director)
    tournaments.extend_clock(this_round=this_round, actor=director, minutes=10)
    expect(clock).to_have_text(re.compile(r"^1:(1|3)\d:\d\d$"), timeout=8000)


def test_the_director_is_told_time_is_up_and_calls_it_with_one_button(
    open_phone: Any, hall_night: tuple[Any, Tournament]
) -> None:
    director, tournament = hall_night
    this_round = tournament.played_rounds.get()
    page = open_phone(director)
    page.goto(reverse("tournament_round", args=[tournament.club.slug, tournament.pk, 1]))
    expect(page.locator("#round-clock .clock-time").first).to_have_text(re.compile(r"^1:02:\d\d$"))
    shot(page, "round-clock-375")
    TournamentRound.objects.filter(pk=this_round.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=100)
    )  # the panel polls every 5 s: the button comes without a reload
    call = page.locator("button:has-text('Time is up — call time')")
    expect(call).to_be_visible(timeout=8000)
    expect(page.locator("#round-clock .clock-time").first).to_have_text("Time is up")
    shot(page, "round-time-up-375")
    call.click()
    clocks = page.locator("#round-clock .clock-time")
    expect(clocks.first).to_have_text("Time called")  # at the tables of four; the table of five plays on
    expect(clocks.nth(1)).to_have_text(re.compile(r"^2\d:\d\d$"))
    expect(call).to_be_hidden()
    called = {t.seat_rows.count(): t.time_called_after is not None for t in this_round.tables.all()}
    assert called == {4: True, 5: False}
    this_round.refresh_from_db()
    assert this_round.time_called_at is None
