"""Starting a Schafkopf session on a phone by taps only: house rules, the same table as last time, one chip."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from scorekeeper import services
from scorekeeper.models import Club, Session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club(make_user: Any) -> tuple[Club, User]:
    scorer = make_user("anna")
    club = services.create_club(owner=scorer, name="Stammtisch", owner_name="Anna")
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in ("Bert", "Caro", "Dieter")]
    services.start_session(club=club, actor=scorer, game="schafkopf", rules="classic", tariff="classic",
                           players=players[::-1])  # fmt: skip
    services.save_house_rules(club=club, name="Dienstag", game="schafkopf", rules="classic", tariff="10/20",
                              cents_per_point=5)  # fmt: skip
    return club, scorer


def test_start_from_house_rules_and_the_same_table_by_taps(open_phone: Any, club: tuple[Club, User]) -> None:
    club_, scorer = club
    page = open_phone(scorer)
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"/c/{club_.slug}/sessions/new/")
    page.click(".choice-card:has-text('Dienstag')")
    page.wait_for_selector(".start-form")
    assert Session.objects.count() == 1  # the house rules ask for today's table first
    assert page.input_value("#id_seat_0") == ""
    assert not page.is_visible("[data-same-table-button]")  # start.js seats the table at once
    page.select_option("#id_same_table", index=1)
    assert [page.inner_text(f"#id_seat_{i} option:checked") for i in range(4)] == ["Dieter", "Caro", "Bert", "Anna"]
    page.click("details.options[data-options=rules] summary")
    page.click("[data-options=rules] label.chip:has-text('Hochzeit')")
    assert page.inner_text("#id_rules_preset option:checked") == "custom (based on Classic)"
    assert page.inner_text("[data-options=rules] [data-preset-name]") == "custom (based on Classic)"
    page.click("[data-options=rules] label.chip:has-text('Hochzeit')")  # and back: the preset's own name again
    assert page.inner_text("#id_rules_preset option:checked") == "Classic"
    page.click("[data-options=rules] label.chip:has-text('Bettel')")
    page.click("text=Start the session")
    page.wait_for_selector(".scoreboard")
    session = Session.objects.latest("pk")
    assert [seat.name for seat in session.seats.all()] == ["Dieter", "Caro", "Bert", "Anna"]
    assert "bettel" in session.rules["contracts"]
    assert (session.rules_preset, session.tariff_preset, session.cents_per_point) == ("classic", "10/20", 5)
    assert problems == []
