"""The first tap on a phone: a player's score card is a visible button that starts his deal, and the form it opens
says nothing is missing before anything was entered (issue 24, faults 3 and 9)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper.models import Club

from .test_scoring import chip, lead, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_an_untouched_form_says_nothing_until_the_first_tap(
    open_phone: Any, club: tuple[Club, User], locale: str
) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1], locale=locale)
    page.goto(session.get_absolute_url())
    page.click("#new-deal")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(400)  # longer than the preview's typing delay
    expect(page.locator("#preview")).to_be_empty()
    page.click(chip("declarer", "Bert"))
    expect(page.locator("#preview .preview-problem")).to_be_visible()  # now: the one thing still missing
    page.click(chip("partner", "Caro"))
    page.click("[data-name=points] .quick-set[data-value='61']")
    expect(page.locator("#preview summary")).to_contain_text("Bert +20")


def test_a_deal_opened_from_a_score_card_shows_its_preview_at_once(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    page.click(lead("Anna"))
    expect(page.locator("#preview .preview-problem")).to_be_visible()  # the tap entered Anna: her partner is missing


CARD = """card => {
  const box = card.getBoundingClientRect(), mark = card.querySelector('.lead-plus').getBoundingClientRect();
  const button = getComputedStyle(document.getElementById('new-deal')).backgroundColor;
  return {width: box.width, height: box.height, plus: mark.width * mark.height,
          inside: box.left >= 0 && box.right <= document.documentElement.clientWidth,
          framed: card.parentElement.classList.contains('dealer')
                  || getComputedStyle(card.parentElement).borderTopColor === button};
}"""


@pytest.mark.parametrize("width", [375, 320])
def test_each_players_score_card_is_a_visible_button_that_starts_his_deal(
    open_phone: Any, club: tuple[Club, User], width: int
) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1], width=width)
    page.goto(session.get_absolute_url())
    cards = page.locator(".scoreboard a.lead")
    expect(cards).to_have_count(4)
    for index in range(4):
        expect(cards.nth(index).locator(".lead-plus")).to_have_text("+")
        shape = cards.nth(index).evaluate(CARD)
        assert min(shape["width"], shape["height"]) >= 44  # a thumb's target
        assert shape["plus"] > 0
        assert shape["inside"]
        assert shape["framed"]  # in the colour of the buttons (the dealer's card keeps its gold)
    cards.nth(0).focus()
    page.keyboard.press("Tab")  # reached by keyboard: the focus ring shows
    expect(cards.nth(1)).to_be_focused()
    assert cards.nth(1).evaluate("card => getComputedStyle(card).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    expect(page.locator("input[name=declarer][value=Bert]")).to_be_checked()
