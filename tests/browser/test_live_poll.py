"""The live sheet's poll in a browser: it stops once the sheet is closed, and a page shown again polls at once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Club, Member, Session
from scorekeeper.table import live

from .conftest import NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE = re.compile(r"/live/")


def start(club: Club, scorer: User) -> Session:
    players = [club.members.get(name=n) for n in NAMES[:4]]
    return services.start_session(
        club=club, actor=scorer, game="schafkopf", rules="classic", tariff="10/20/50", players=players
    )


def wait_until(page: Any, ready: Any, timeout: int) -> None:
    for _ in range(timeout // 100):
        if ready():
            return
        page.wait_for_timeout(100)
    assert ready()


def two_poll_periods(page: Any) -> None:
    """Seven seconds pass on the page's clock (installed before it opened) at once; then a moment of real time for
    any poll those timers sent to come back."""
    page.clock.run_for(7_000)
    page.wait_for_timeout(300)


def counted(page: Any) -> list[int]:
    """The status of each poll the page makes from now on."""
    polls: list[int] = []
    page.on("response", lambda r: polls.append(r.status) if LIVE.search(r.url) else None)
    return polls


def test_a_closed_sheet_stops_polling(open_phone: Any, club: tuple[Club, User], make_user: Any) -> None:
    session = start(*club)
    member = Member.objects.get(club=club[0], name=NAMES[1])
    member.user = make_user("bert")
    member.save()
    watcher = open_phone(member.user)  # a member: the closed sheet comes as a patch, and 286 stops its polling
    watcher.clock.install()
    watcher.goto(session.get_absolute_url())
    polls = counted(watcher)
    wait_until(watcher, lambda: 204 in polls, 8_000)  # unchanged: the token's short way
    services.close_session(session=session, actor=club[1])
    expect(watcher.locator("#sheet .tag")).to_have_text("closed", timeout=8_000)
    wait_until(watcher, lambda: polls[-1] == 286, 2_000)
    stopped = len(polls)
    two_poll_periods(watcher)
    assert len(polls) == stopped
    assert watcher.locator("#sheet").count() == 1


def test_a_page_shown_again_polls_at_once(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club)
    watcher = open_phone(club[1])
    watcher.clock.install()
    watcher.goto(session.get_absolute_url())
    polls = counted(watcher)
    hide = "v => { Object.defineProperty(document, 'hidden', {value: v, configurable: true}); "
    hide += "document.dispatchEvent(new Event('visibilitychange')); }"
    watcher.evaluate(hide, True)
    two_poll_periods(watcher)
    assert polls == []  # a hidden page does not poll
    services.record_deal(
        session=session,
        actor=club[1],
        facts={"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 72},
    )
    session.refresh_from_db()
    watcher.evaluate(hide, False)
    expect(watcher.locator("#sheet")).to_have_attribute("data-revision", str(session.revision), timeout=1_000)
    assert polls[0] == 200
    watcher.close()  # no poll after the test's database is gone


def test_a_long_sheet_fetches_its_older_lines_and_patches_them(
    open_phone: Any, club: tuple[Club, User], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page holds the sheet's newest lines and the addresses of its full blocks: the browser puts them in, and a
    correction inside one comes as a patch like any other."""
    monkeypatch.setattr(live, "BLOCK", 2)
    session = start(*club)
    for declarer, partner in zip(NAMES[:4], NAMES[1:4] + NAMES[:1], strict=True):
        services.record_deal(session=session, actor=club[1], facts=sauspiel(declarer, partner, 72))
    services.record_deal(session=session, actor=club[1], facts=sauspiel(NAMES[0], NAMES[2], 72))
    watcher = open_phone(club[1])
    blocks: list[int] = []
    watcher.on("response", lambda r: blocks.append(r.status) if "/sheet/" in r.url else None)
    watcher.goto(session.get_absolute_url())
    lines = watcher.locator("#sheet tbody[data-number]")
    expect(lines).to_have_count(5)
    assert [line.get_attribute("data-number") for line in lines.all()] == ["5", "4", "3", "2", "1"]
    assert watcher.locator("#sheet tbody[data-block]").count() == 0
    assert blocks == [200, 200]
    first = session.deals.get(number=1)
    services.correct_deal(deal=first, actor=club[1], facts=sauspiel(NAMES[0], NAMES[1], 40), revision=first.revision)
    session.refresh_from_db()
    expect(watcher.locator("#sheet")).to_have_attribute("data-revision", str(session.revision), timeout=8_000)
    assert [line.get_attribute("data-number") for line in lines.all()] == ["5", "4", "3", "2", "1"]
    corrected = session.deals.get(number=1).result
    assert corrected is not None
    total = str(corrected["totals"][0])
    expect(watcher.locator('#sheet tbody[data-number="1"] .score-line .total').first).to_have_text(total)


def sauspiel(declarer: str, partner: str, points: int) -> dict[str, Any]:
    return {"contract": "sauspiel", "declarer": declarer, "partner": partner, "points": points}
