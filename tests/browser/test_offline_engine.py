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
from scorekeeper.models import Club, Session
from scorekeeper.table import reads
from scorekeeper.table.entry import DealEntry
from tests.posts import form_post

from .conftest import NAMES

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


def ready_for_offline(page: Any, session: Session) -> None:
    """The sheet open online until the worker controls it and keeps the pages, the session and the engine."""
    page.goto(session.get_absolute_url())
    kept = (
        "async () => navigator.serviceWorker.controller !== null"
        " && !!(await caches.match(location.pathname + 'deal/'))"
        " && !!(await caches.match(location.pathname + 'phone.json'))"
        " && (await (await caches.open('schreiber-engine-v1')).keys()).some(r => r.url.includes('/words-'))"
    )
    for _ in range(300):  # wait_for_function would need eval, which the CSP forbids
        if page.evaluate(kept):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the pages, the session and the engine were not kept for offline use")


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
    ready_for_offline(page, session)
    page.context.set_offline(True)
    shown = []
    for number, pairs in enumerate(forms, start=STORED + 1):
        page.tap("#new-deal")
        page.wait_for_selector("#deal-form")
        expect(page.locator("h1")).to_have_text(re.compile(rf"\b{number}$"))  # after the deals waiting
        page.evaluate(FILL, [list(pair) for pair in pairs])
        value = page.locator("#preview .preview-value")
        expect(value).to_be_visible(timeout=30_000)
        shown.append((value.inner_text(), page.locator("#preview .preview-deltas").inner_text()))
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
        result = deal.result
        assert value.endswith(str(result["value"])) if result["value"] else True, (deal.number, value)
        playing = [p for p in players if p not in result["out"] and p not in result.get("away", ())]
        expected = [f"{p} {signed(result['deltas'][players.index(p)])}" for p in playing]
        assert deltas.split("\n") == expected or deltas.split() == " ".join(expected).split(), (deal.number, deltas)
    assert totals == [signed(total) for total in session.totals]
    assert dealer.strip().lstrip("+") == players[session.next_dealer]
    expect(page.locator(".offline-changed")).to_be_hidden()
    assert problems == []
