"""A whole evening offline in each game: the engine itself runs on the phone (Pyodide), and every value it shows
beside Save, and the sheet's totals, are what the server stores once the phone is back online."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.engine.samples import random_session
from scorekeeper.models import Club, Role, Session
from scorekeeper.table import reads
from scorekeeper.table.entry import DealEntry
from tests.posts import form_post

from .conftest import NAMES
from .test_offline import chip, enter, ready_for_offline

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOCK = {"triggers": ["tie120", "solo_lost", "manual"], "stacking": "multiply"}
# game: (players, rules, tariff, seed): the seeds' evenings hold a pot carried over (Schafkopf) and a Bock round and
# a Pflichtsolo (Doppelkopf) among the deals entered offline; Sheepshead is a table of five.
EVENINGS = {
    "schafkopf": (4, {"preset": "classic", "pass_out": "stock"}, "10/20/50", 0),
    "doppelkopf": (4, {"preset": "ddv", "bock": BOCK}, None, 2),
    "sheepshead": (5, None, None, 7),
    "bauernstoss": (4, None, None, 7),
}
STORED, OFFLINE = 3, 10


def evening(club: Club, scorer: User, game: str) -> tuple[Session, list[dict[str, Any]]]:
    players, rules, tariff, seed = EVENINGS[game]
    session = services.start_session(
        club=club, actor=scorer, game=game, rules=rules, tariff=tariff,
        players=[club.members.get(name=n) for n in NAMES[:players]],
    )  # fmt: skip
    document = random_session(
        game, random.Random(seed), STORED + OFFLINE, rules=session.rules, tariff=session.tariff,
        players=NAMES[:players],
    )  # fmt: skip
    deals = [{k: v for k, v in facts.items() if k != "dealer"} for facts in document["deals"]]
    for facts in deals[:STORED]:
        services.record_deal(session=session, actor=scorer, facts=facts)
    return session, deals[STORED:]


def posts(club: Club, scorer: User, game: str, deals: list[dict[str, Any]]) -> list[list[tuple[str, str]]]:
    """What each deal's form posts, drawn for its players (the same evening played on a twin session first)."""
    twin, _ = evening(club, scorer, game)
    pairs = []
    for facts in deals:
        twin.refresh_from_db()
        _dealer, playing = reads.next_deal(twin)
        pairs.append(form_post(DealEntry(game, reads.header_of(twin).new_game(), playing), facts))
        services.record_deal(session=twin, actor=scorer, facts=facts)
    return pairs


# The form filled in as the scorer's taps leave it: each input set and the page's scripts told. Whatever the page then
# posts is what both the phone's engine and the server read.
FILL = """pairs => {
  const form = document.getElementById("deal-form");
  const set = (input, value) => {
    if (input.type === "radio" || input.type === "checkbox") {
      if (!input.checked) input.click();
    } else {
      input.value = value;
      input.dispatchEvent(new Event("input", {bubbles: true}));
      input.dispatchEvent(new Event("change", {bubbles: true}));
    }
  };
  for (const [name, value] of pairs) {
    const inputs = Array.from(form.elements).filter(e => e.name === name && !e.disabled);
    const chosen = e => e.type === "radio" ? e.value === value
      : e.type === "checkbox" && (e.value === value || value === "on");
    const input = inputs.find(chosen) || inputs.find(e => e.type !== "radio" && e.type !== "checkbox");
    if (input) set(input, value); // else a count the contract does not offer: the form posts none, as a scorer's would
  }
}"""


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


@pytest.mark.parametrize("game", EVENINGS)
def test_ten_deals_offline_show_the_values_the_server_stores(
    open_phone: Any, club: tuple[Club, User], game: str
) -> None:
    session, coming = evening(*club, game)
    forms = posts(*club, game, coming)
    page = open_phone(club[1])
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    ready_for_offline(page, session, engine=True)
    page.context.set_offline(True)
    shown = []
    for number, pairs in enumerate(forms, start=STORED + 1):
        page.tap("#new-deal")
        page.wait_for_selector("#deal-form")
        expect(page.locator("h1")).to_have_text(re.compile(rf"\b{number}$"))  # after the deals waiting
        page.evaluate(FILL, [list(pair) for pair in pairs])
        value = page.locator("#preview .preview-value")
        expect(value).to_be_visible(timeout=30_000)
        shown.append((value.inner_text(), page.locator("#preview .preview-deltas > span").all_inner_texts()))
        page.tap("#save-deal")
        page.wait_for_selector("#sheet")
    expect(page.locator(".offline-outbox li")).to_have_count(OFFLINE)
    expect(page.locator(".sheet-table tbody.waiting")).to_have_count(OFFLINE, timeout=30_000)
    totals = page.locator(".scoreboard li:not(.pot) .total").all_inner_texts()
    dealer = page.locator(".scoreboard li.dealer .name").inner_text()

    page.context.set_offline(False)
    expect(page.locator(".offline-outbox li")).to_have_count(0, timeout=30_000)
    session.refresh_from_db()
    assert session.deal_count == STORED + OFFLINE
    players = reads.header_of(session).players
    deals = session.deals.filter(deleted_at__isnull=True).order_by("number")
    for deal, (value, deltas) in zip(list(deals)[STORED:], shown, strict=True):
        result = deal.result or {}
        assert value.split()[-1] == str(result["value"]) or not result["value"], (deal.number, value)
        playing = [p for p in players if p not in result["out"] and p not in result.get("away", ())]
        assert deltas == [f"{p} {signed(result['deltas'][players.index(p)])}" for p in playing], deal.number
    assert totals == [signed(total) for total in session.totals]
    assert dealer.strip().lstrip("+") == players[session.next_dealer]
    expect(page.locator(".offline-changed")).to_be_hidden()
    assert problems == []


def schafkopf_with_pot(club: Club, scorer: User, deals: list[dict[str, Any]]) -> Session:
    session = services.start_session(
        club=club, actor=scorer, game="schafkopf", rules={"preset": "classic", "pass_out": "stock"},
        tariff="10/20/50", players=[club.members.get(name=n) for n in NAMES[:4]],
    )  # fmt: skip
    for facts in deals:
        services.record_deal(session=session, actor=scorer, facts=facts)
    return session


PASSED = {"contract": "passed"}
SAUSPIEL = "#deal-form label:has(input[name=contract_type][value=sauspiel])"


def sauspiel(declarer: str, partner: str, points: int) -> dict[str, Any]:
    return {"contract": "sauspiel", "declarer": declarer, "partner": partner, "points": points}


def bert_saves(other: Any, url: str) -> None:
    """Another phone, online, saves a Sauspiel of Bert and Dieter on the form at ``url`` (a new deal, a correction)."""
    other.goto(url)
    other.click(SAUSPIEL)
    other.click(chip("declarer", "Bert"))
    other.click(chip("partner", "Dieter"))
    other.fill("#id_points", "70")
    other.click("#save-deal")
    other.wait_for_selector("#sheet")


def scorer_bert(club: Club) -> User:
    bert = User.objects.create_user("bert")
    member = club.members.get(name="Bert")
    member.user, member.role = bert, Role.SCORER
    member.save()
    return bert


def test_a_correction_made_offline_moves_the_later_deals_and_the_pot_as_the_server_then_does(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    """Deal 1 corrected from thrown in (the pot filled) to a Sauspiel offline: deal 2 no longer takes a pot, on the
    phone at once and on the server once the correction is sent; then a reload while offline keeps it all."""
    session = schafkopf_with_pot(*club, [PASSED, sauspiel("Bert", "Dieter", 70)])
    first = session.deals.get(number=1)
    page = open_phone(club[1])
    ready_for_offline(page, session, engine=True)
    before = page.locator(".scoreboard li:not(.pot) .total").all_inner_texts()
    page.goto(f"{session.get_absolute_url()}deal/{first.pk}/")  # the worker keeps a correction page it showed
    page.context.set_offline(True)
    page.goto(f"{session.get_absolute_url()}deal/{first.pk}/")
    page.tap(SAUSPIEL)
    page.tap(chip("declarer", "Anna"))
    page.tap(chip("partner", "Caro"))
    page.tap("[data-name=points] .quick-set[data-value='91']")
    expect(page.locator("#preview .preview-value")).to_be_visible(timeout=30_000)
    page.tap("#save-deal")
    page.wait_for_selector("#sheet")
    expect(page.locator(".offline-outbox li")).to_have_text(["Correction of deal 1 (Sauspiel Anna)"])
    expect(page.locator(".sheet-table tbody.waiting")).to_have_count(1, timeout=30_000)
    shown = page.locator(".scoreboard li:not(.pot) .total").all_inner_texts()
    assert shown != before
    page.reload()  # still offline: what waits, and what it makes of the sheet, are still there
    expect(page.locator(".sheet-table tbody.waiting")).to_have_count(1, timeout=30_000)
    assert page.locator(".scoreboard li:not(.pot) .total").all_inner_texts() == shown

    page.context.set_offline(False)
    expect(page.locator(".offline-outbox li")).to_have_count(0, timeout=30_000)
    session.refresh_from_db()
    assert session.deals.get(number=1).facts["contract"] == "sauspiel"
    assert [signed(total) for total in session.totals] == shown
    expect(page.locator(".offline-changed")).to_be_hidden()


def test_a_deal_another_phone_changed_meanwhile_is_said_in_one_sentence_when_back(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    """Deal 2 is entered offline while the pot holds deal 1's antes; meanwhile another phone corrects deal 1, so
    the pot deal 2 takes is another: back online, the phone says so for deal 2 instead of silently changing it."""
    session = schafkopf_with_pot(*club, [PASSED])
    first = session.deals.get(number=1)
    page, other = open_phone(club[1]), open_phone(scorer_bert(club[0]))
    ready_for_offline(page, session, engine=True)
    page.context.set_offline(True)
    shown = enter(page, "Anna", "Caro", 91, shown=True)

    bert_saves(other, f"{session.get_absolute_url()}deal/{first.pk}/")

    page.context.set_offline(False)
    expect(page.locator(".offline-outbox li")).to_have_count(0, timeout=30_000)
    changed = page.locator(".offline-changed li")
    expect(changed).to_have_count(1, timeout=10_000)
    expect(changed).to_contain_text("Deal 2: this phone showed Anna +")
    assert shown.split()[1] in changed.inner_text()  # what the phone showed for Anna, now said beside the server's
    page.tap(".offline-changed button")
    expect(page.locator(".offline-changed")).to_be_hidden()


def test_two_phones_one_offline_save_the_same_deal_the_offline_one_is_asked_when_back(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    session = schafkopf_with_pot(*club, [sauspiel("Anna", "Caro", 70)])
    page, other = open_phone(club[1]), open_phone(scorer_bert(club[0]))
    ready_for_offline(page, session, engine=True)
    page.context.set_offline(True)
    enter(page, "Anna", "Caro", 91, shown=True)
    expect(page.locator(".sheet-table tbody.waiting")).to_have_count(1, timeout=30_000)

    bert_saves(other, f"{session.get_absolute_url()}deal/")

    page.context.set_offline(False)
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("Deal 2 was just entered by", timeout=30_000)
    page.click(".conflict button:has-text('Add mine as deal 3')")
    page.wait_for_selector(".scoreboard")
    expect(page.locator(".offline-outbox li")).to_have_count(0)
    assert [(d.number, d.facts["declarer"]) for d in session.deals.order_by("number")] == [
        (1, "Anna"), (2, "Bert"), (3, "Anna"),
    ]  # fmt: skip


def test_a_phone_that_cannot_run_the_engine_says_value_when_back_online(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    session = schafkopf_with_pot(*club, [sauspiel("Anna", "Caro", 70)])
    page = open_phone(club[1])
    ready_for_offline(page, session, engine=True)
    page.context.add_init_script("delete window.WebAssembly")  # an old browser
    page.context.set_offline(True)
    page.tap("#new-deal")
    page.wait_for_selector("#deal-form")
    page.tap(chip("declarer", "Anna"))
    page.tap(chip("partner", "Caro"))
    expect(page.locator("#preview")).to_have_text("Value when back online")
    page.tap("#save-deal")
    page.wait_for_selector("#sheet")
    expect(page.locator(".offline-outbox li")).to_have_text(["Deal 2 (Sauspiel Anna)"])
    expect(page.locator(".sheet-table tbody.waiting")).to_have_count(0)
