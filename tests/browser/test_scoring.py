"""The scorer's real flow on a phone: start a session, enter deals, correct one, and a second phone follows."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Club, Deal, Role, Session

from .conftest import NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
        # A tap that opened a page: its scripts are wired before the next tap (a quick-set button needs them), as they
        # are long before a finger comes down; on a loaded machine the test is quicker than that.
        self.page.wait_for_load_state("domcontentloaded")

    def type(self, text: str) -> None:
        self.count += 1
        self.page.keyboard.type(text)


def chip(field: str, text: str) -> str:
    return f"[data-name={field}] label.chip:has(span:text-is('{text}'))"


def quick(field: str, points: int) -> str:
    """A quick points button: one tap for the usual results."""
    return f"[data-name={field}] .quick-set[data-value='{points}']"


def lead(name: str) -> str:
    """A player's total on the scoreboard: opens the next deal with that player leading."""
    return f".scoreboard a.lead:has-text('{name}')"


# A typical deal of each game from the open sheet: (game, players, taps before Save, the sheet's label, a total)
TYPICAL_DEALS = [
    ("schafkopf", 4, [lead("Anna"), chip("partner", "Caro"), quick("points", 61)], "Sauspiel", "Anna +20"),
    ("doppelkopf", 4, [lead("Bert"), chip("re", "Dieter"), quick("re_points", 151)], "Normal", "Bert +2"),
    ("sheepshead", 5, [lead("Bert"), chip("partner", "Dieter"), quick("points", 61)], "Pick", "Bert +2"),
    ("bauernstoss", 4, ["#new-deal", chip("chalk", "Team A"), quick("points", 79)], "Game", None),
]


@pytest.mark.parametrize(
    ("game", "players", "steps", "label", "total"), TYPICAL_DEALS, ids=[deal[0] for deal in TYPICAL_DEALS]
)
def test_a_typical_deal_takes_at_most_four_taps_from_the_sheet(
    open_phone: Any, club: tuple[Club, User], game: str, players: int, steps: list[str], label: str, total: str | None
) -> None:
    rules, tariff = ("classic", "10/20/50") if game == "schafkopf" else (None, None)
    session = start(*club, game, players, rules, tariff)
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    taps = Taps(page)
    for step in steps:
        taps.tap(step)
    taps.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert taps.count <= 4
    assert session.deals.count() == 1
    assert label.lower() in page.inner_text(".sheet-table").lower()
    if total:
        name, value = total.split()
        assert page.inner_text(f".scoreboard li:has-text('{name}') .total") == value


def test_laufende_and_kontra_are_one_tap_each(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    taps = Taps(page)
    steps = (lead("Anna"), chip("partner", "Caro"), quick("points", 91), chip("runners", "3"), chip("kontra", "Kontra"))
    for step in steps:
        taps.tap(step)
    # (Sauspiel 20 + Schneider 10 + 3 Laufende 30) × Kontra 2
    expect(page.locator("#preview .preview-value")).to_contain_text("Sauspiel 120")
    taps.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert taps.count <= 6
    assert session.deals.get().facts == {
        "contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 91, "runners": 3, "kontra": 1,
        "dealer": "Anna",
    }  # fmt: skip


def test_only_the_laufende_a_contract_counts_are_offered(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    offered = page.locator("[data-name=runners] label.chip:visible")
    expect(offered).to_have_text(["0", *map(str, range(3, 15))])  # a Sauspiel: from 3, up to its 14 trumps
    page.click("label.chip:has-text('Wenz') >> nth=0")
    expect(offered).to_have_text(["0", "2", "3", "4"])  # a Wenz: from 2, four Unter


GEOMETRY = """() => {
  const value = document.querySelector("#preview summary"), save = document.getElementById("save-deal");
  if (!value) return null;
  const a = value.getBoundingClientRect();
  return [a.top, a.bottom, save.getBoundingClientRect().top];
}"""


def test_the_value_stays_beside_save_while_entering(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    page.click(lead("Anna"))
    page.click(chip("partner", "Caro"))
    page.click(quick("points", 91))
    summary = page.locator("#preview summary")
    expect(summary).to_contain_text("Anna +30")
    for target in (chip("declarer", "Bert"), chip("runners", "4"), chip("kontra", "Re")):
        page.locator(target).scroll_into_view_if_needed()
        page.click(target)
        page.wait_for_load_state("networkidle")
        # Measured in one go in the page: the preview is redrawn as it answers each tap.
        top, bottom, save_top = page.wait_for_function(GEOMETRY).json_value()
        assert top >= 0  # inside the 375×812 viewport
        assert bottom <= 812
        assert 0 <= save_top - bottom <= 24  # right above Save
    expect(summary).to_contain_text("Bert")
    summary.click()  # the full explanation on tap
    expect(page.locator("#preview .explain")).to_be_visible()


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
    page.fill("#id_points", "70")
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


def test_a_solo_of_a_player_who_owes_his_pflichtsolo_is_ticked_as_it(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "doppelkopf", 4)
    solo = {"type": "solo", "solo": "damen", "re": ["Caro"], "forced": True, "re_points": 150}
    services.record_deal(session=session, actor=club[1], facts=solo)
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    expect(page.locator(".pflichtsolo")).to_contain_text("Pflichtsolo still owed by Anna, Bert, Dieter")
    page.click("#new-deal")
    page.click(".contract-types label.chip:has(span:text-is('Solo'))")
    forced = page.locator("[data-name=forced] input")
    page.click(chip("re", "Caro"))  # already played his: a Lustsolo
    expect(forced).not_to_be_checked()
    page.click(chip("re", "Caro"))
    page.click(chip("re", "Bert"))  # still owes his: it is his Pflichtsolo
    expect(forced).to_be_checked()
    page.click("[data-name=forced] label")  # the scorer knows better
    page.click(quick("re_points", 151))
    expect(forced).not_to_be_checked()


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
    expect(watcher.locator("#sheet-news")).to_have_text("Deal 1 deleted.")  # the last change, in words


def poll_now(page: Any) -> None:
    """What the sheet's poll every 3 seconds does, now: the same request, with the same handlers."""
    page.evaluate(
        "htmx.ajax('GET', document.getElementById('sheet').getAttribute('hx-get'), "
        "{source: '#sheet', target: '#sheet', swap: 'outerHTML'})"
    )


def test_a_deal_saved_on_another_phone_is_announced_in_one_sentence(open_phone: Any, club: tuple[Club, User]) -> None:
    session = start(*club, "schafkopf", 4, "classic", "10/20/50")
    watcher = open_phone(club[1])
    watcher.goto(session.get_absolute_url())
    news = watcher.locator("#sheet-news")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(news).to_have_text("")
    facts = {"contract": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": 72}
    deal = services.record_deal(session=session, actor=club[1], facts=facts)  # on another phone
    poll_now(watcher)
    expect(news).to_have_text("Deal 1: Sauspiel, Anna and Bert won, 20 each.", timeout=3_000)
    region = news.element_handle()
    services.correct_deal(deal=deal, actor=club[1], facts={**facts, "points": 40}, revision=deal.revision)
    poll_now(watcher)
    expect(news).to_have_text("Deal 1 corrected: Sauspiel, Anna and Bert lost, 20 each.", timeout=3_000)
    assert region.evaluate("r => r.isConnected")  # the same region, never replaced: it is what a reader follows
    session.refresh_from_db()
    poll_now(watcher)  # nothing changed: nothing new said
    expect(watcher.locator("#sheet")).to_have_attribute("data-revision", str(session.revision))
    expect(news).to_have_text("Deal 1 corrected: Sauspiel, Anna and Bert lost, 20 each.")
