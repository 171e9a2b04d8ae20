"""A season on a phone (issue 25, fault 9): the standing scrolls sideways only inside its labelled region, with a
hint; the player's page shows and explains the rating; the per-evening chart's values of losses stay clear of the
days. Screenshots go to SHOTS when it is set."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from leagues.models import Season
from leagues.seasons import services as league_services
from tests.leagues.conftest import play_evening, sauspiel
from tests.scorekeeper.conftest import Personas, personas

__all__ = ["personas"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ["SHOTS"]) if os.environ.get("SHOTS") else None
SIDEWAYS = (Path(__file__).parent / "scripts" / "sideways.js").read_text()


def shot(target: Any, name: str, **more: Any) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(SHOTS / f"{name}.png"), **more)


@pytest.fixture
def season(personas: Personas) -> Season:
    """Eight evenings in which Dieter mostly loses, some of them heavily: negative bars down to the chart's floor;
    then Emil's first evening, lost."""
    league = league_services.create_league(
        club=personas.club, actor=personas.owner, name="Hirschen-Liga", game="schafkopf"
    )
    evenings = [
        [sauspiel("Anna", "Caro", 72)],
        [sauspiel("Bert", "Dieter", 95), sauspiel("Anna", "Bert", 80)],
        [sauspiel("Anna", "Caro", 100)] * 3,
        [sauspiel("Caro", "Bert", 70)],
        [sauspiel("Dieter", "Anna", 61)],
        [sauspiel("Anna", "Bert", 91)] * 2,
        [sauspiel("Bert", "Caro", 66)],
        [sauspiel("Caro", "Anna", 75)] * 4,
    ]
    for week, deals in enumerate(evenings):
        play_evening(personas, datetime.date(2026, 1, 8) + datetime.timedelta(days=7 * week), deals)
    # Emil's first evening, lost: a newcomer's rating below zero
    names = ["Emil", "Anna", "Bert", "Caro"]
    play_evening(personas, datetime.date(2026, 3, 5), [sauspiel("Anna", "Caro", 75)], names=names)
    return league_services.save_season(
        league=league, actor=personas.owner, name="2026", period="year", starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 12, 31), ranking={"mode": "total_points"}, tiebreaks=["more_evenings_won"],
    )  # fmt: skip


def test_the_standing_scrolls_in_its_region_and_says_so(open_phone: Any, personas: Personas, season: Season) -> None:
    page = open_phone(personas.member)
    page.goto(reverse("season", args=[personas.club.slug, season.pk]))
    assert page.evaluate(SIDEWAYS) == []  # the page itself never scrolls sideways, only the labelled region
    region = page.get_by_role("region", name="Standing", exact=True)
    assert region.evaluate("box => box.scrollWidth > box.clientWidth")  # 375 px are too narrow for every column
    assert page.get_by_text("Swipe the table sideways for more columns.").is_visible()
    region.focus()
    page.keyboard.press("ArrowRight")
    region.evaluate("box => new Promise(done => setTimeout(done, 500))")  # a smooth scroll takes its time
    assert region.evaluate("box => box.scrollLeft") > 0  # the keyboard scrolls it
    region.evaluate("box => box.scrollLeft = 0")
    shot(page, "standing-375", full_page=True)


def test_the_player_page_explains_the_rating_and_draws_losses_clear_of_the_days(
    open_phone: Any, personas: Personas, season: Season
) -> None:
    dieter = personas.players["Dieter"]
    key = f"u{dieter.user_id}" if dieter.user_id else f"m{dieter.pk}"
    page = open_phone(personas.member)
    page.goto(reverse("season_player", args=[personas.club.slug, season.pk, key]))
    assert page.evaluate(SIDEWAYS) == []
    shot(page, "player-375", full_page=True)
    chart = page.locator("svg.chart", has=page.locator("#evening-points-title"))
    days = chart.locator('g.axis text[text-anchor="middle"]')
    lowest_day = min(days.nth(i).bounding_box()["y"] for i in range(days.count()))
    values = chart.locator("text.bar-value")
    assert values.count() == 8
    for i in range(values.count()):
        box = values.nth(i).bounding_box()
        assert box["y"] + box["height"] <= lowest_day + 0.5, values.nth(i).text_content()
    shot(chart, "evening-points-chart-375")


def test_a_newcomer_s_page_says_why_the_rating_is_below_zero(
    open_phone: Any, personas: Personas, season: Season
) -> None:
    page = open_phone(personas.member)
    page.goto(reverse("season_player", args=[personas.club.slug, season.pk, f"m{personas.players['Emil'].pk}"]))
    rating = page.locator("section.rating-about")
    heading = rating.get_by_role("heading").text_content() or ""
    assert heading.startswith("Rating: -")
    assert rating.get_by_text("rating is often below zero").is_visible()
    shot(rating, "player-rating-newcomer-375")
