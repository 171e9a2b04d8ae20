"""Offline-first on a phone: deals saved without network wait on the phone, in order, and are sent exactly once
when it is back; a draft survives a reload (offered back, never put back unasked); a deal another phone entered
meanwhile is the scorer's choice."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Club, Deal, Role, Session

from .conftest import NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(club: tuple[Club, User]) -> Session:
    return services.start_session(
        club=club[0],
        actor=club[1],
        game="schafkopf",
        rules="classic",
        tariff="10/20/50",
        players=[club[0].members.get(name=n) for n in NAMES[:4]],
    )


def chip(field: str, text: str) -> str:
    return f"[data-name={field}] label.chip:has-text('{text}')"


def ready_for_offline(page: Any, session: Session, *, engine: bool = False) -> None:
    """Open the sheet online and wait until the worker controls it and the sheet and its entry page are kept; with
    ``engine``, the session as the engine replays it and the engine's files too."""
    page.goto(session.get_absolute_url())
    kept = (
        "async () => navigator.serviceWorker.controller !== null"
        " && !!(await caches.match(location.pathname)) && !!(await caches.match(location.pathname + 'deal/'))"
    )
    if engine:
        kept += (
            " && !!(await caches.match(location.pathname + 'phone.json'))"
            " && (await (await caches.open('schreiber-engine-v1')).keys()).some(r => r.url.includes('/words-'))"
        )
    for _ in range(300 if engine else 100):  # wait_for_function would need eval, which the CSP forbids
        if page.evaluate(kept):
            return
        page.wait_for_timeout(100)
    raise AssertionError("what the phone needs offline was not kept")


def enter(page: Any, declarer: str, partner: str, points: int, *, shown: bool = False) -> str:
    """A Sauspiel entered from the sheet; with ``shown``, each player's change shown beside Save before it."""
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    page.tap(chip("declarer", declarer))
    page.tap(chip("partner", partner))
    page.tap(f"[data-name=points] .quick-set[data-value='{points}']")
    seen = ""
    if shown:
        deltas = page.locator("#preview .preview-deltas")
        expect(deltas).to_be_visible(timeout=30_000)
        seen = deltas.inner_text()
    page.tap("#save-deal")
    page.wait_for_selector("#sheet")
    return seen


def waiting(page: Any) -> list[str]:
    return page.locator(".offline-outbox li").all_inner_texts()


def facts(session: Session) -> list[tuple[int | None, str, str, int]]:
    deals = Deal.objects.filter(session=session, deleted_at__isnull=True).order_by("number")
    return [(d.number, d.facts["declarer"], d.facts["partner"], d.facts["points"]) for d in deals]


def test_three_deals_entered_offline_are_sent_once_and_in_order(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    page = open_phone(club[1])
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    ready_for_offline(page, session)
    page.context.set_offline(True)
    enter(page, "Anna", "Caro", 61)
    status = page.locator("#offline [role=status]")
    expect(status).to_contain_text("Offline since")
    enter(page, "Bert", "Dieter", 90)
    enter(page, "Caro", "Anna", 31)
    expect(page.locator(".offline-outbox li")).to_have_count(3)
    assert waiting(page) == ["Deal 1 (Sauspiel Anna)", "Deal 2 (Sauspiel Bert)", "Deal 3 (Sauspiel Caro)"]
    expect(status).to_contain_text("3 deals waiting to be sent")
    assert page.inner_text("#new-deal").endswith("4")
    assert session.deals.count() == 0

    page.reload()  # still offline: the phone keeps the sheet and what waits
    expect(page.locator(".offline-outbox li")).to_have_count(3)
    expect(status).to_contain_text("Offline since")

    page.context.set_offline(False)
    expect(page.locator(".offline-outbox li")).to_have_count(0, timeout=15_000)
    assert facts(session) == [(1, "Anna", "Caro", 61), (2, "Bert", "Dieter", 90), (3, "Caro", "Anna", 31)]
    assert Deal.objects.filter(session=session).count() == 3
    expect(page.locator(".sheet-table tr.score-line")).to_have_count(3, timeout=10_000)
    expect(status).to_be_empty()
    # Sent again (a second tab, a lost answer): the server knows the tokens, nothing is added twice.
    page.reload()
    page.wait_for_timeout(500)
    assert Deal.objects.filter(session=session).count() == 3
    assert problems == []


def test_a_draft_survives_a_reload_and_back(open_phone: Any, club: tuple[Club, User], session: Session) -> None:
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    page.tap(chip("declarer", "Bert"))
    page.tap(chip("partner", "Caro"))
    page.tap("[data-name=points] .quick-set[data-value='91']")
    page.reload()
    expect(page.locator("#draft-notice")).to_contain_text("Unsaved draft from")  # offered, not put back unasked
    expect(page.locator("[data-name=declarer] input:checked")).to_have_count(0)
    page.tap("#draft-notice button:has-text('Restore')")
    expect(page.locator("[data-name=declarer] input[value=Bert]")).to_be_checked()
    expect(page.locator("[data-name=partner] input[value=Caro]")).to_be_checked()
    expect(page.locator("#id_points")).to_have_value("91")
    expect(page.locator("[data-name=partner]")).to_be_visible()  # the entry script saw the restored contract
    expect(page.locator("#preview")).to_contain_text("Bert", timeout=5_000)  # and so did the preview

    page.goto(session.get_absolute_url())  # away, and Back again
    page.go_back()
    page.wait_for_selector("#deal-form")
    page.tap("#draft-notice button:has-text('Restore')")
    expect(page.locator("#id_points")).to_have_value("91")
    page.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert facts(session) == [(1, "Bert", "Caro", 91)]
    drafts = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('schreiber:draft:'))")
    assert drafts == []  # saved: the draft is gone, the next deal starts empty
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    expect(page.locator("[data-name=declarer] input:checked")).to_have_count(0)


def test_a_cancelled_draft_is_gone(open_phone: Any, club: tuple[Club, User], session: Session) -> None:
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    page.tap(chip("declarer", "Dieter"))
    page.tap(".entry-actions a")  # Cancel
    page.wait_for_selector("#sheet")
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    expect(page.locator("[data-name=declarer] input:checked")).to_have_count(0)


def test_a_deal_another_phone_entered_meanwhile_is_the_scorers_choice(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    bert = User.objects.create_user("bert")
    member = club[0].members.get(name="Bert")
    member.user, member.role = bert, Role.SCORER
    member.save()
    first, second = open_phone(club[1]), open_phone(bert)
    ready_for_offline(first, session)
    first.context.set_offline(True)
    enter(first, "Anna", "Caro", 61)
    expect(first.locator(".offline-outbox li")).to_have_count(1)

    second.goto(session.get_absolute_url())
    enter(second, "Bert", "Dieter", 90)
    assert facts(session) == [(1, "Bert", "Dieter", 90)]

    first.context.set_offline(False)
    conflict = first.wait_for_selector(".conflict", timeout=15_000)
    assert "Deal 1 was just entered by Bert" in conflict.inner_text()
    assert facts(session) == [(1, "Bert", "Dieter", 90)]  # nothing of the first phone's saved yet
    expect(first.locator("[data-name=declarer] input[value=Anna]")).to_be_checked()
    first.tap(".conflict button:has-text('Add mine as deal 2')")
    first.wait_for_selector(".sheet-table")
    expect(first.locator(".offline-outbox li")).to_have_count(0, timeout=10_000)
    assert facts(session) == [(1, "Bert", "Dieter", 90), (2, "Anna", "Caro", 61)]


def test_discarding_a_deal_that_waited_takes_it_off_the_phone(
    open_phone: Any, club: tuple[Club, User], session: Session
) -> None:
    page = open_phone(club[1])
    ready_for_offline(page, session)
    page.context.set_offline(True)
    enter(page, "Anna", "Caro", 61)
    services.record_deal(
        session=session,
        actor=club[1],
        facts={"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 61},
    )
    page.context.set_offline(False)
    page.wait_for_selector(".conflict", timeout=15_000)
    page.tap(".conflict a:has-text('Discard mine')")
    page.wait_for_selector("#sheet")
    expect(page.locator(".offline-outbox li")).to_have_count(0)
    page.wait_for_timeout(1000)
    assert page.locator(".conflict").count() == 0
    assert session.deals.count() == 1


def test_logging_out_forgets_the_kept_pages(open_phone: Any, club: tuple[Club, User], session: Session) -> None:
    page = open_phone(club[1])
    ready_for_offline(page, session)
    page.tap(".menu summary")
    page.tap(".menu-panel button:has-text('Log out')")
    page.wait_for_selector(".menu-panel a[href='/login/']", state="attached")  # logged out, on the home page
    kept = page.evaluate("async () => (await (await caches.open('schreiber-pages-v1')).keys()).length")
    assert kept == 0
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('schreiber:draft:'))") == []
