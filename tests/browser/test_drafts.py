"""The scorer's phone never records the wrong deal (issue 24, faults 1 and 2), at 375 and 320 px:

1. a left-over draft is offered back only to the deal and start it was made for, visibly, never put back unasked;
2. the deal just saved, sent again (Back after Save, or held on the phone offline), is stored again only on
   "Yes, the same deal again".
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper.models import Club, Deal, Session

from .test_accessibility import AXE_RUN, AXE_SOURCE, WCAG_TAGS
from .test_offline import chip, enter, facts, ready_for_offline, session

__all__ = ["session"]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DRAFTS = "Object.keys(localStorage).filter(k => k.startsWith('schreiber:draft:'))"


def lead(name: str) -> str:
    """A player's score card on the sheet: opens the next deal with that player declaring."""
    return f".scoreboard a.lead:has-text('{name}')"


def half_enter(page: Any, session: Session) -> None:
    """Anna, partner Bert, 70 typed into deal 1, then away to the sheet without Cancel."""
    page.goto(session.get_absolute_url())
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    page.tap(chip("declarer", "Anna"))
    page.tap(chip("partner", "Bert"))
    page.fill("#id_points", "70")
    page.goto(session.get_absolute_url())
    page.wait_for_selector("#sheet")


def with_axe(page: Any) -> Any:
    page.context.add_init_script(AXE_SOURCE)  # run in each new document (the CSP refuses a script added later)
    return page


def axe_violations(page: Any) -> list[Any]:
    return page.evaluate(AXE_RUN, [{"type": "tag", "values": WCAG_TAGS}, True])


def test_a_left_over_draft_never_replaces_the_deal_started_from_a_score_card(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    page = open_phone(club[1])
    half_enter(page, session)
    page.click(lead("Caro"))
    page.wait_for_selector("#deal-form")
    expect(page.locator("[data-name=declarer] input[value=Caro]")).to_be_checked()
    expect(page.locator("[data-name=partner] input:checked")).to_have_count(0)
    expect(page.locator("#id_points")).to_have_value("")
    expect(page.locator("#draft-notice")).to_be_empty()  # Anna's draft is not this start's
    page.tap(chip("partner", "Dieter"))
    page.tap("[data-name=points] .quick-set[data-value='61']")
    page.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert facts(session) == [(1, "Caro", "Dieter", 61)]


def test_a_draft_is_offered_back_to_its_own_start_in_german_and_can_be_discarded(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    page = with_axe(open_phone(club[1], width=320, locale="de-DE"))
    half_enter(page, session)
    page.tap("#new-deal")  # the same start: deal 1, nobody preset
    page.wait_for_selector("#deal-form")
    notice = page.locator("#draft-notice[role=status]")
    expect(notice).to_contain_text("Nicht gespeicherter Entwurf von")
    expect(page.locator("[data-name=declarer] input:checked")).to_have_count(0)  # offered, not yet put back
    assert axe_violations(page) == []
    page.tap("#draft-notice button:has-text('Verwerfen')")
    expect(notice).to_be_empty()
    expect(page.locator("[data-name=declarer] input:checked")).to_have_count(0)
    assert page.evaluate(DRAFTS) == []
    page.reload()
    expect(page.locator("#draft-notice")).to_be_empty()


def test_a_restored_draft_is_the_deal_it_was(open_phone: Any, club: tuple[Club, User], session: Session) -> None:
    page = open_phone(club[1])
    half_enter(page, session)
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    page.tap("#draft-notice button:has-text('Restore')")
    expect(page.locator("#draft-notice")).to_be_empty()
    expect(page.locator("[data-name=declarer] input[value=Anna]")).to_be_checked()
    expect(page.locator("[data-name=partner] input[value=Bert]")).to_be_checked()
    expect(page.locator("#id_points")).to_have_value("70")
    page.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert facts(session) == [(1, "Anna", "Bert", 70)]


@pytest.mark.parametrize("width", [375, 320])
def test_back_after_save_and_the_same_deal_again_is_asked(
    open_phone: Any, club: tuple[Club, User], session: Session, width: int
) -> None:
    page = with_axe(open_phone(club[1], width=width))
    page.goto(session.get_absolute_url())
    enter(page, "Anna", "Caro", 61)
    page.go_back()
    page.wait_for_selector("#deal-form")
    page.tap(chip("declarer", "Anna"))
    page.tap(chip("partner", "Caro"))
    page.tap("[data-name=points] .quick-set[data-value='61']")
    page.tap("#save-deal")
    question = page.locator("#same-as-last")
    expect(question).to_contain_text("Is this the same deal again?")
    assert facts(session) == [(1, "Anna", "Caro", 61)]
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing scrolls sideways
    assert axe_violations(page) == []
    page.tap("#same-as-last button:has-text('Yes, the same deal again')")
    page.wait_for_selector(".sheet-table")
    assert facts(session) == [(1, "Anna", "Caro", 61), (2, "Anna", "Caro", 61)]


def test_a_held_deal_equal_to_the_one_just_saved_is_asked_when_sent(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    page = open_phone(club[1])
    ready_for_offline(page, session)
    enter(page, "Anna", "Caro", 61)  # online: saved
    assert facts(session) == [(1, "Anna", "Caro", 61)]
    page.context.set_offline(True)
    enter(page, "Anna", "Caro", 61)  # the same again, kept on the phone
    expect(page.locator(".offline-outbox li")).to_have_count(1)
    page.context.set_offline(False)
    page.wait_for_selector("#same-as-last", timeout=15_000)
    assert Deal.objects.filter(session=session).count() == 1  # not silently stored twice
    page.tap("#same-as-last button:has-text('Yes, the same deal again')")  # a deliberate repeat
    page.wait_for_selector(".sheet-table")
    expect(page.locator(".offline-outbox li")).to_have_count(0, timeout=10_000)
    assert facts(session) == [(1, "Anna", "Caro", 61), (2, "Anna", "Caro", 61)]
