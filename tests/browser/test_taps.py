"""How many taps each deal type of the rules pages takes on a phone, from the open sheet to Save included (issue 24).

One list (TAPS) names every deal type of the four games with its steps and the most taps it may take; each is
entered in the browser, counted, saved, and its stored facts checked. The counts are printed as a table (run with
``-s``) and, when ``SCHREIBER_TAPS_JSON`` names a file, written there for the closing note.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from scorekeeper.models import Club

from .test_drafts import axe_violations, with_axe
from .test_scoring import Taps, chip, lead, quick, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW = "#new-deal"  # the visible "+ Deal": for a deal nobody leads (a pass-out, a penalty, Bauernstoss)


def contract(label: str) -> str:
    return f".contract-types label.chip:has(span:text-is('{label}'))"


def extra(party: str, key: str) -> str:
    """A Sonderpunkt's chip: one tap adds one."""
    return f"#entry-extras-{party}-{key}"


def announced(party: str, level: str) -> str:
    """An announcement's chip (Re, Kontra, keine 90 …) in its party's row."""
    return f"label.chip:has(input[name=announcements__{party}][value={level}])"


def more() -> str:
    return "#more > summary"


@dataclass(frozen=True)
class Typed:
    """A number typed into a box: the tap into it and the typing, two taps."""

    box: str
    text: str


@dataclass(frozen=True)
class DealType:
    game: str
    name: str  # as the closing note names it
    steps: tuple[str | Typed, ...]  # before Save
    most: int  # taps, Save included
    facts: dict[str, Any]  # what the saved deal must record (besides the dealer)
    players: int = 4
    rules: Any = None
    tariff: Any = None

    @property
    def id(self) -> str:
        return f"{self.game}: {self.name}"


SK: dict[str, Any] = {"rules": "classic", "tariff": "10/20/50"}
SK_ALL: dict[str, Any] = {  # every contract a Schafkopf table may play, to count each
    "rules": {"preset": "classic", "contracts": ["sauspiel", "hochzeit", "bettel", "farbgeier", "farbwenz", "geier",
                                                 "wenz", "solo", "tout", "sie"]},
    "tariff": "10/20/50",
}  # fmt: skip
SAUSPIEL = {"contract": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": 61}
DK_NORMAL = {"type": "normal", "re": ["Bert", "Dieter"], "re_points": 121}

TAPS = [
    # Schafkopf
    DealType("schafkopf", "Sauspiel", (lead("Anna"), chip("partner", "Caro"), quick("points", 61)), 4, SAUSPIEL, **SK),
    DealType(
        "schafkopf", "Sauspiel with the called suit",
        (lead("Anna"), chip("suit", "Gras"), chip("partner", "Caro"), quick("points", 61)), 5,
        {**SAUSPIEL, "suit": "gras"}, **SK,
    ),
    DealType(
        "schafkopf", "Sauspiel + Laufende + Kontra",
        (lead("Anna"), chip("partner", "Caro"), quick("points", 61), chip("runners", "3"), chip("kontra", "Kontra")),
        6, {**SAUSPIEL, "runners": 3, "kontra": 1}, **SK,
    ),
    DealType(
        "schafkopf", "Hochzeit", (lead("Anna"), contract("Hochzeit"), chip("partner", "Caro"), quick("points", 61)), 5,
        {**SAUSPIEL, "contract": "hochzeit"}, **SK_ALL,
    ),
    DealType(
        "schafkopf", "Wenz", (lead("Anna"), contract("Wenz"), quick("points", 61)), 4,
        {"contract": "wenz", "declarer": "Anna", "points": 61}, **SK,
    ),
    DealType(
        "schafkopf", "Geier", (lead("Anna"), contract("Geier"), quick("points", 61)), 4,
        {"contract": "geier", "declarer": "Anna", "points": 61}, **SK_ALL,
    ),
    DealType(
        "schafkopf", "Solo", (lead("Anna"), contract("Solo"), chip("suit", "Herz"), quick("points", 61)), 5,
        {"contract": "solo", "declarer": "Anna", "suit": "herz", "points": 61}, **SK,
    ),
    DealType(
        "schafkopf", "Farbwenz", (lead("Anna"), contract("Farbwenz"), chip("suit", "Eichel"), quick("points", 61)), 5,
        {"contract": "farbwenz", "declarer": "Anna", "suit": "eichel", "points": 61}, **SK_ALL,
    ),
    DealType(
        "schafkopf", "Farbgeier", (lead("Anna"), contract("Farbgeier"), chip("suit", "Eichel"), quick("points", 61)),
        5, {"contract": "farbgeier", "declarer": "Anna", "suit": "eichel", "points": 61}, **SK_ALL,
    ),
    DealType(
        "schafkopf", "Bettel", (lead("Anna"), contract("Bettel"), chip("won", "won")), 4,
        {"contract": "bettel", "declarer": "Anna", "won": True}, **SK_ALL,
    ),
    DealType(
        "schafkopf", "Wenz Tout", (lead("Anna"), contract("Wenz Tout"), chip("won", "won")), 4,
        {"contract": "wenz", "tout": True, "declarer": "Anna", "won": True}, **SK,
    ),
    DealType("schafkopf", "Sie", (lead("Anna"), contract("Sie")), 3, {"contract": "sie", "declarer": "Anna"}, **SK),
    DealType("schafkopf", "Thrown in", (NEW, contract("Thrown in")), 3, {"contract": "passed"}, **SK),
    DealType(  # the loser decides a Ramsch, not the others' card points
        "schafkopf", "Ramsch", (NEW, contract("Ramsch"), chip("loser", "Anna")), 4,
        {"contract": "ramsch", "loser": "Anna"}, rules={"preset": "classic", "pass_out": "ramsch"}, tariff="10/20/50",
    ),
    DealType(
        "schafkopf", "Ramsch + Jungfrau",
        (NEW, contract("Ramsch"), chip("loser", "Anna"), chip("jungfrau", "Dieter")), 5,
        {"contract": "ramsch", "loser": "Anna", "jungfrau": ["Dieter"]},
        rules={"preset": "classic", "pass_out": "ramsch"}, tariff="10/20/50",
    ),
    DealType(  # a table that writes every player's card points: the fourth is filled in, the rest of the 120
        "schafkopf", "Ramsch by card points",
        (NEW, contract("Ramsch"), more(), Typed("[name=points_by_player__0]", "50"),
         Typed("[name=points_by_player__1]", "30"), Typed("[name=points_by_player__2]", "20")), 10,
        {"contract": "ramsch", "points_by_player": {"Anna": 50, "Bert": 30, "Caro": 20, "Dieter": 20}},
        rules={"preset": "classic", "pass_out": "ramsch"}, tariff="10/20/50",
    ),
    DealType(
        "schafkopf", "Über Kreuz", (lead("Anna"), contract("Über Kreuz"), quick("points", 61)), 4,
        {"contract": "kreuz", "declarer": "Anna", "partner": "Caro", "points": 61},
        rules={"preset": "classic", "pass_out": "kreuz"}, tariff="10/20/50",
    ),
    DealType(
        "schafkopf", "Leaster", (NEW, contract("Leaster"), chip("winner", "Bert")), 4,
        {"contract": "leaster", "winner": "Bert"}, rules={"preset": "classic", "pass_out": "leaster"},
        tariff="10/20/50",
    ),
    DealType(
        "schafkopf", "Muss game",
        (lead("Anna"), chip("partner", "Caro"), quick("points", 61), more(), "[data-name=muss] label"), 6,
        {**SAUSPIEL, "muss": True}, rules="tournament", tariff="turnier",
    ),
    # Doppelkopf
    DealType("doppelkopf", "normal game", (lead("Bert"), chip("re", "Dieter"), quick("re_points", 121)), 4, DK_NORMAL),
    DealType(
        "doppelkopf", "normal game, Re + Kontra + Karlchen",
        (lead("Bert"), chip("re", "Dieter"), quick("re_points", 121), announced("re", "re"),
         announced("kontra", "kontra"), extra("re", "karlchen")), 7,
        {**DK_NORMAL, "announcements": {"re": "re", "kontra": "kontra"}, "extras": {"re": {"karlchen": 1}}},
    ),
    DealType(
        "doppelkopf", "normal game, keine 90 + two Füchse + Doppelkopf",
        (lead("Bert"), chip("re", "Dieter"), quick("re_points", 181), announced("re", "no90"),
         extra("re", "fuchs"), extra("re", "fuchs"), extra("kontra", "doppelkopf")), 8,
        {**DK_NORMAL, "re_points": 181, "announcements": {"re": "no90"},
         "extras": {"re": {"fuchs": 2}, "kontra": {"doppelkopf": 1}}},
    ),
    DealType(
        "doppelkopf", "Hochzeit", (lead("Bert"), contract("Hochzeit"), chip("re", "Dieter"), quick("re_points", 121)),
        5, {**DK_NORMAL, "type": "hochzeit"},
    ),
    DealType(
        "doppelkopf", "Stille Hochzeit", (lead("Bert"), contract("Stille Hochzeit"), quick("re_points", 121)), 4,
        {"type": "stille_hochzeit", "re": ["Bert"], "re_points": 121},
    ),
    DealType(
        "doppelkopf", "Armut", (lead("Bert"), contract("Armut"), chip("re", "Dieter"), quick("re_points", 121)), 5,
        {**DK_NORMAL, "type": "armut"}, rules={"preset": "ddv", "armut": True},
    ),
    DealType(
        "doppelkopf", "Solo (Pflichtsolo)",
        (lead("Bert"), contract("Solo"), chip("solo", "Damensolo"), quick("re_points", 151)), 5,
        {"type": "solo", "solo": "damen", "re": ["Bert"], "re_points": 151, "forced": True},
    ),
    DealType(
        "doppelkopf", "penalty", (NEW, contract("Penalty"), chip("player", "Caro"), chip("severity", "minor")), 5,
        {"type": "penalty", "player": "Caro", "severity": "minor"},
    ),
    DealType(
        "doppelkopf", "penalty in a solo",
        (NEW, contract("Penalty"), chip("player", "Caro"), chip("severity", "serious"), chip("soloist", "Bert"),
         quick("points", 18)), 7,
        {"type": "penalty", "player": "Caro", "severity": "serious", "soloist": "Bert", "points": 18},
    ),
    # Sheepshead
    DealType(
        "sheepshead", "Pick", (lead("Bert"), chip("partner", "Dieter"), quick("points", 61)), 4,
        {"type": "pick", "picker": "Bert", "partner": "Dieter", "points": 61}, players=5,
    ),
    DealType(
        "sheepshead", "Pick alone", (lead("Bert"), chip("partner", "alone"), quick("points", 61)), 4,
        {"type": "pick", "picker": "Bert", "points": 61}, players=5,
    ),
    DealType(
        "sheepshead", "Leaster", (NEW, contract("Leaster"), chip("winner", "Caro")), 4,
        {"type": "leaster", "winner": "Caro"}, players=5,
    ),
    DealType("sheepshead", "Doubler", (NEW, contract("Doubler")), 3, {"type": "doubler"}, players=5, rules="wisconsin"),
    # Bauernstoss (the first deal names the team holding the chalk)
    DealType(
        "bauernstoss", "game", (NEW, chip("chalk", "Team A"), quick("points", 79)), 4, {"chalk": "A", "points": 79}
    ),
    DealType(
        "bauernstoss", "small solo",
        (NEW, contract("Small solo"), chip("chalk", "Team A"), chip("solo", "Caro"), chip("solo", "won")), 6,
        {"chalk": "A", "solo": {"kind": "small", "player": "Caro", "won": True}},
    ),
    DealType(
        "bauernstoss", "big solo",
        (NEW, contract("Big solo"), chip("chalk", "Team A"), chip("solo", "Caro"), chip("solo", "lost")), 6,
        {"chalk": "A", "solo": {"kind": "big", "player": "Caro", "won": False}},
    ),
]  # fmt: skip

COUNTED: list[dict[str, Any]] = []


@pytest.fixture(scope="module", autouse=True)
def tap_table() -> Iterator[None]:
    """After the module: the counts as a table, and as JSON where SCHREIBER_TAPS_JSON says."""
    yield
    if not COUNTED:
        return
    width = max(len(row["deal"]) for row in COUNTED)
    print("\ntaps from the sheet to Save, included (most allowed)")
    for row in COUNTED:
        print(f"  {row['deal']:<{width}}  {row['taps']:>2}  ({row['most']})")
    if target := os.environ.get("SCHREIBER_TAPS_JSON"):
        with open(target, "w") as out:
            json.dump(COUNTED, out, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("deal", TAPS, ids=[deal.id for deal in TAPS])
def test_each_deal_type_takes_no_more_taps_than_its_target(
    open_phone: Any, club: tuple[Club, User], deal: DealType
) -> None:
    session = start(*club, deal.game, deal.players, deal.rules, deal.tariff)
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    taps = Taps(page)
    for step in deal.steps:
        if isinstance(step, Typed):
            taps.tap(step.box)
            taps.type(step.text)
        else:
            taps.tap(step)
    taps.tap("#save-deal")
    page.wait_for_selector(".sheet-table")
    COUNTED.append({"game": deal.game, "deal": deal.id, "taps": taps.count, "most": deal.most})
    saved = session.deals.get().facts
    assert {key: saved.get(key) for key in deal.facts} == deal.facts
    assert taps.count <= deal.most


def test_a_sonderpunkt_chip_adds_one_per_tap_shows_and_says_the_count_and_minus_takes_one_off(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    session = start(*club, "doppelkopf", 4)
    page = open_phone(club[1])
    page.goto(session.get_absolute_url())
    for step in (lead("Bert"), chip("re", "Dieter"), quick("re_points", 121)):
        page.click(step)
    fuchs, news = page.locator(extra("re", "fuchs")), page.locator("[data-name=extras] .step-news")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(fuchs).to_have_attribute("aria-pressed", "false")
    box = fuchs.bounding_box()
    assert box is not None
    assert min(box["height"], box["width"]) >= 44  # a thumb's target
    fuchs.click()
    fuchs.click()
    expect(fuchs.locator(".step-count")).to_have_text("2")
    expect(fuchs).to_have_attribute("aria-pressed", "true")
    expect(news).to_have_text("Fuchs gefangen, Re: 2")
    page.click("#entry-extras-re-fuchs + .step-off")  # one too many: taken off
    expect(fuchs.locator(".step-count")).to_have_text("1")
    expect(news).to_have_text("Fuchs gefangen, Re: 1")
    karlchen = page.locator(extra("kontra", "karlchen"))
    karlchen.click()
    karlchen.click()  # one Karlchen at most: a second tap takes it back
    expect(karlchen).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#preview summary")).to_contain_text("Normal game 2")  # won 1 + Fuchs 1
    page.click("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert session.deals.get().facts["extras"] == {"re": {"fuchs": 1}}


def test_the_soloist_and_points_of_a_doppelkopf_penalty_show_only_on_a_penalty_row(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    session = start(*club, "doppelkopf", 4)
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    soloist, points = page.locator("[data-name=soloist]"), page.locator("[data-name=points]")
    expect(soloist).to_be_hidden()
    expect(points).to_be_hidden()
    assert page.locator("#more").count() == 0  # no "More" on a Doppelkopf form
    page.click(contract("Penalty"))
    expect(soloist).to_be_visible()
    expect(points).to_be_visible()
    page.click(contract("Normal game"))
    expect(soloist).to_be_hidden()


def test_a_ramsch_needs_one_card_points_box_fewer_the_last_is_the_rest(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    session = start(*club, "schafkopf", 4, {"preset": "classic", "pass_out": "ramsch"}, "10/20/50")
    page = open_phone(club[1])
    page.goto(f"{session.get_absolute_url()}deal/")
    page.click(contract("Ramsch"))
    page.click(more())  # folded: the loser alone decides a Ramsch
    box = [page.locator(f"[name=points_by_player__{i}]") for i in range(4)]
    for i, points in enumerate(("50", "30", "20")):
        box[i].fill(points)
    expect(box[3]).to_have_value("20")  # filled in, the rest of the 120
    box[2].fill("40")
    expect(box[3]).to_have_value("0")  # and follows while not typed in
    box[0].fill("")
    expect(box[3]).to_have_value("")  # two left open: nothing to fill in
    box[0].fill("120")
    expect(box[1]).to_have_value("30")  # what was typed stays, even when it no longer adds up
    box[1].fill("")
    box[2].fill("")
    box[0].fill("120")
    for i in (1, 2, 3):
        expect(box[i]).to_have_value("0")  # one took every point: the others none


def test_a_ramsch_loser_tapped_before_a_durchmarsch_is_taken_back_with_one_tap(
    open_phone: Any, club: tuple[Club, User]
) -> None:
    rules = {"preset": "classic", "pass_out": "ramsch", "durchmarsch": True}
    session = start(*club, "schafkopf", 4, rules, "10/20/50")
    page = with_axe(open_phone(club[1], locale="de-DE"))
    page.goto(f"{session.get_absolute_url()}deal/")
    page.click(contract("Ramsch"))
    page.click(chip("loser", "Anna"))
    page.click(chip("durchmarsch", "Caro"))  # it was a Durchmarsch after all: a Durchmarsch has no loser
    expect(page.locator("#preview")).to_contain_text("leer lassen")
    page.click("[data-name=loser] label.chip.subtle")  # "—"
    expect(page.locator("#preview summary")).to_contain_text("Caro +210")
    assert axe_violations(page) == []
    page.click("#save-deal")
    page.wait_for_selector(".sheet-table")
    assert session.deals.get().facts == {"contract": "ramsch", "durchmarsch": "Caro", "dealer": "Anna"}
