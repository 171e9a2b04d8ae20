"""The scorer's real flow on a phone: start a session, enter deals, correct one, and a second phone follows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Club, Deal, Role, Session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Bert", "Caro", "Dieter", "Emil"]


@pytest.fixture
def club(make_user: Any) -> tuple[Club, User]:
    scorer = make_user("anna")
    club = services.create_club(owner=scorer, name="Stammtisch", owner_name="Anna")
    for name in NAMES[1:]:
        services.add_member(club=club, name=name)
    return club, scorer


def start(club: Club, scorer: User, game: str, players: int, rules: Any = None, tariff: Any = None) -> Session:
    return services.start_session(
        club=club,
        actor=scorer,
        game=game,
        rules=rules,
        tariff=tariff,
        players=[club.members.get(name=n) for n in NAMES[:players]],
    )


class Taps:
    """Counts what the scorer does: each tap, and each group of keystrokes typed in one go."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.count += 1
        self.page.click(selector)

    def type(self, text: str) -> None:
        self.count += 1
        self.page.keyboard.type(text)


def chip(field: str, text: str) -> str:
    return f"[data-name={field}] label.chip:has-text('{text}')"


# A typical deal of each game: (game, players, taps after "+ Deal", the sheet's label for it, a total to expect)
TYPICAL_DEALS = [
    ("schafkopf", 4, [chip("declarer", "Anna"), chip("partner", "Caro"), "72"], "Sauspiel", "Anna +20"),
    ("doppelkopf", 4, [chip("re", "Bert"), chip("re", "Dieter"), "130"], "Normal", "Bert +1"),
    ("sheepshead", 5, [chip("picker", "Bert"), chip("partner", "Dieter"), "75"], "Pick", "Bert +2"),
    ("bauernstoss", 4, [chip("chalk", "Team A"), "50"], "Spiel", None),
]


@pytest.mark.parametrize(
    ("game", "players", "steps", "label", "total"), TYPICAL_DEALS, ids=[deal[0] for deal in TYPICAL_DEALS]
)
def test_a_typical_deal_takes_at_most_five_taps(
    open_phone: Any, club: tuple[Club, User], game: str, players: int, steps: list[str], label: str, total: str | None
) -> None:
    rules, tariff = ("classic", "10/20/50") if game == "schafkopf" else (None, None)
    session = start(*club, game, players, rules, tariff)
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    taps = Taps(page)
    taps.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    for step in steps:
        if step.isdigit():
            taps.type(step)  # the points field has the focus by now: no tap to get there
        else:
            taps.tap(step)
    taps.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert taps.count <= 5
    assert session.deals.count() == 1
    assert label.lower() in page.inner_text(".sheet-table").lower()
    if total:
        name, value = total.split()
        assert page.inner_text(f".scoreboard li:has-text('{name}') .total") == value


def test_start_a_session_on_a_phone(open_phone: Any, club: tuple[Club, User]) -> None:
    page = open_phone(club[1])
    page.goto(f"/c/{club[0].slug}/")
    page.click("text=New session")
    page.click(".choice-card:has-text('Schafkopf')")
    for seat, name in enumerate(NAMES[:3]):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.fill("#id_guest_3", "Xaver")
    page.select_option("#id_tariff_preset", "10/20/50")
    page.fill("#id_cents_per_point", "10")
    page.click("text=Start the session")
    page.wait_for_selector(".scoreboard")
    assert "Xaver" in page.inner_text(".scoreboard")
    assert "10/20/50" in page.inner_text(".rules-line")


def test_bad_input_is_shown_at_the_field_and_nothing_is_saved(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "classic")
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    page.click(chip("declarer", "Anna"))
    page.click(chip("partner", "Anna"))
    page.keyboard.type("70")
    page.click("#save-deal")
    error = page.wait_for_selector("[data-name=partner] .field-error")
    assert "partner" in error.inner_text()
    assert session.deals.count() == 0


def test_correct_a_deal_and_a_second_phone_follows(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    for points in (72, 40):
        services.record_deal(
            session=session,
            actor=club[1],
            facts={"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": points},
        )
    scorer = open_phone(club[1])
    watcher_user = User.objects.create_user("dieter")
    member = club[0].members.get(name="Dieter")
    member.user, member.role = watcher_user, Role.MEMBER
    member.save()
    watcher = open_phone(watcher_user)
    watcher.goto(session.get_absolute_url())
    assert watcher.inner_text(".scoreboard li:has-text('Anna') .total") == "0"

    scorer.goto(session.get_absolute_url())
    scorer.click("a[aria-label='Correct deal 2']")
    scorer.fill("#id_points", "80")
    scorer.click("#save-deal")
    scorer.wait_for_selector(".scoreboard")
    assert scorer.inner_text(".scoreboard li:has-text('Anna') .total") == "+40"
    # The other phone sees it without reloading (it polls every 3 seconds).
    expect(watcher.locator(".scoreboard li:has-text('Anna') .total")).to_have_text("+40", timeout=5_000)
    assert "Correct deal" not in watcher.content()


def test_two_phones_entering_the_same_deal_the_second_is_asked(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    bert = User.objects.create_user("bert")
    member = club[0].members.get(name="Bert")
    member.user, member.role = bert, Role.SCORER
    member.save()
    first, second = open_phone(club[1]), open_phone(bert)
    for page in (first, second):
        page.goto(f"{session.get_absolute_url()}deal/")
        page.wait_for_selector("#deal-form")
    first.click(chip("declarer", "Anna"))
    first.click(chip("partner", "Caro"))
    first.fill("#id_points", "72")
    second.click(chip("declarer", "Bert"))
    second.click(chip("partner", "Dieter"))
    second.fill("#id_points", "95")
    first.click("#save-deal")
    first.wait_for_selector(".scoreboard")
    second.click("#save-deal")
    conflict = second.wait_for_selector(".conflict")
    assert "Deal 1 was just entered by Anna: Sauspiel Anna + Caro" in conflict.inner_text()
    assert session.deals.count() == 1  # nothing duplicated, nothing of the second phone saved yet
    second.click(".conflict button:has-text('Add mine as deal 2')")
    second.wait_for_selector(".scoreboard")
    assert [deal.facts["points"] for deal in session.deals.order_by("number")] == [72, 95]
    second.go_back()  # Back after the save shows a fresh form, not the old one
    second.wait_for_selector("#deal-form")
    assert "Deal 3" in second.inner_text("h1")
    assert session.deals.count() == 2


def tags(html: str) -> str:
    return re.sub(r">\s+<", "><", html)


def test_a_following_phone_is_patched_deal_by_deal(open_phone: Any, club: tuple[Club, User]) -> None:
    """New, inserted and deleted deals reach a watching phone as patches, and it shows what a fresh page shows."""
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    scorer = club[1]

    def sauspiel(points: int, **more: Any) -> Deal:
        facts = {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": points}
        return services.record_deal(session=session, actor=scorer, facts=facts, **more)

    first = sauspiel(72)
    watcher, fresh = open_phone(scorer), open_phone(scorer)
    watcher.goto(session.get_absolute_url())
    patches = []
    watcher.on("response", lambda r: patches.append(r) if r.headers.get("hx-reswap") == "none" else None)
    for change in (
        lambda: sauspiel(40),
        lambda: sauspiel(95, before=first),
        lambda: services.delete_deal(deal=session.deals.get(number=1), actor=scorer, revision=1),
    ):
        change()
        session.refresh_from_db()
        expect(watcher.locator("#sheet")).to_have_attribute("data-revision", str(session.revision), timeout=5_000)
        fresh.goto(session.get_absolute_url())
        assert tags(watcher.inner_html("#sheet table")) == tags(fresh.inner_html("#sheet table"))
        assert watcher.inner_text(".scoreboard") == fresh.inner_text(".scoreboard")
    assert len(patches) == 3
    assert watcher.locator("tbody[data-number]").count() == 2
    assert watcher.inner_text("#sheet-news").startswith("Deal 1: Sauspiel")  # the deal now first
