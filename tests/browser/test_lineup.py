"""A player leaves and another joins mid-evening on a 375 px phone: the Players page, the markers on the sheet, the
tap targets and axe (issue 24, fault 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from scorekeeper import services
from scorekeeper.models import Club, Session

from .test_accessibility import AXE_RUN, AXE_SOURCE, WCAG_TAGS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/work/shots/lineup")


def sauspiel(declarer: str, partner: str, points: int) -> dict[str, Any]:
    return {"contract": "sauspiel", "declarer": declarer, "partner": partner, "points": points}


@pytest.fixture
def evening(club: tuple[Club, User]) -> tuple[Session, User]:
    club_, scorer = club
    players = list(club_.members.filter(name__in=["Anna", "Bert", "Caro", "Dieter"]).order_by("name"))
    session = services.start_session(club=club_, actor=scorer, game="schafkopf", rules="classic", tariff="10/20/50",
                                     players=players, cents_per_point=10)  # fmt: skip
    for declarer, partner, points in (("Anna", "Caro", 72), ("Bert", "Dieter", 45)):
        services.record_deal(session=session, actor=scorer, facts=sauspiel(declarer, partner, points))
    return session, scorer


def too_small(page: Any, selector: str) -> list[str]:
    """The visible targets of ``selector`` smaller than 44 × 44 px."""
    boxes = [
        (el.inner_text() or el.get_attribute("value"), el.bounding_box()) for el in page.query_selector_all(selector)
    ]
    return [f"{text}: {box}" for text, box in boxes if box and (box["height"] < 44 or box["width"] < 44)]


def axe(page: Any) -> list[str]:
    return [
        f"{v['id']} at {v['targets']}" for v in page.evaluate(AXE_RUN, [{"type": "tag", "values": WCAG_TAGS}, True])
    ]


def test_a_fifth_joins_and_one_leaves_on_a_phone(open_phone: Any, evening: tuple[Session, User]) -> None:
    session, scorer = evening
    page = open_phone(scorer, width=375)
    page.context.add_init_script(AXE_SOURCE)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(session.get_absolute_url())
    page.click("a.button:has-text('Players')")
    page.wait_for_selector("h1:has-text('Players at the table')")
    assert too_small(page, "form button, .field-group label, select, input[type=text]") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert axe(page) == []
    page.select_option("#id_join-joins", label="Emil")
    page.click("button:has-text('Joins the table')")
    page.wait_for_selector(".lineup-marks")
    assert "Emil joined, seat 5" in page.inner_text(".lineup-marks")
    assert "New deal: Emil plays" in page.inner_text(".scoreboard")  # a player at the table from the next deal
    page.click("a.button:has-text('Players')")
    page.click(".field-group label:has-text('Caro')")
    page.click("button:has-text('Leaves the table')")
    page.wait_for_selector(".lineup-marks li:has-text('Caro left')")
    services.record_deal(session=session, actor=scorer, facts=sauspiel("Emil", "Anna", 88))
    page.reload()
    marks = page.locator("tr.lineup-mark").all_inner_texts()
    assert [text.split(" ", 1)[1] for text in marks] == ["Caro left", "Emil joined, seat 5"]  # newest first
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert axe(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "sheet-375.png"), full_page=True)
    page.goto(session.get_absolute_url() + "players/")
    page.screenshot(path=str(SHOTS / "players-375.png"), full_page=True)
    session.refresh_from_db()
    assert session.deal_count == 3
    assert sum(session.totals) == 0
    assert problems == []


def test_the_players_page_speaks_german(open_phone: Any, evening: tuple[Session, User]) -> None:
    session, scorer = evening
    page = open_phone(scorer, width=375, locale="de-DE")
    page.goto(session.get_absolute_url() + "players/")
    assert page.inner_text("h1") == "Spieler am Tisch"
    page.fill("#id_join-guest", "Gustav")
    page.click("button:has-text('Kommt dazu')")
    page.wait_for_selector(".lineup-marks")
    assert "Gustav kam dazu, Platz 5" in page.inner_text(".lineup-marks")
    page.goto(session.get_absolute_url() + "players/")
    page.click(".field-group label:has-text('Anna')")
    page.click("button:has-text('Geht')")
    page.wait_for_selector(".lineup-marks li:has-text('Anna ging')")
    page.goto(session.get_absolute_url() + "players/")
    page.click(".field-group label:has-text('Bert')")
    page.click("button:has-text('Geht')")
    error = page.inner_text(".field-error")
    assert error.startswith("Bert kann nicht gehen: Schafkopf braucht nach diesen Regeln mindestens 4 Spieler")
    page.screenshot(path=str(SHOTS / "players-refused-de-375.png"), full_page=True)
