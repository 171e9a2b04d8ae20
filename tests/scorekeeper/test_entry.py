"""The deal entry at the table: opened from the scoreboard, extras as one-tap chips, the Sheepshead partner as a
required choice, corrections with every recorded extra in view, and the Doppelkopf round's Pflichtsoli."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Session

from .conftest import Personas, last_facts, sauspiel, start

pytestmark = pytest.mark.django_db

FIVE = ["Anna", "Bert", "Caro", "Dieter", "Emil"]


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def entry_page(client: Client, session: Session, query: str = "") -> str:
    response = client.get(reverse("deal_new", args=[session.club.slug, session.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def checked(page: str, name: str) -> list[str]:
    """The values of the checked inputs called ``name``."""
    return re.findall(rf'<input type="(?:radio|checkbox)" name="{name}" value="([^"]*)" checked', page)


def offered(page: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', page)


def test_tapping_a_player_on_the_scoreboard_opens_a_deal_he_leads_in_the_usual_contract(
    client: Client, personas: Personas
) -> None:
    session = start(personas)
    wenz = {"contract": "wenz", "declarer": "Bert", "points": 80}
    for facts in (sauspiel("Anna", "Caro", 72), wenz, {**wenz, "declarer": "Caro"}):
        services.record_deal(session=session, actor=personas.owner, facts=facts)
    client.force_login(personas.scorer)
    sheet = client.get(session.get_absolute_url()).content.decode()
    assert f'href="{reverse("deal_new", args=[session.club.slug, session.pk])}?lead=Dieter"' in sheet
    page = entry_page(client, session, "?lead=Dieter")
    assert checked(page, "contract_type") == ["wenz"]  # two Wenz against one Sauspiel so far
    assert checked(page, "declarer") == ["Dieter"]


WENZ = {"contract": "wenz", "declarer": "Bert", "points": 80}


@pytest.mark.parametrize(
    ("game", "played", "usual"),
    [
        (
            "schafkopf",
            [sauspiel("Anna", "Caro", 72), WENZ],
            "sauspiel",
        ),
        ("schafkopf", [WENZ], "sauspiel"),
        ("doppelkopf", [{"type": "armut", "re": ["Anna", "Bert"], "re_points": 130}], "normal"),
    ],
    ids=["a-wenz-after-a-sauspiel", "one-wenz", "one-armut"],
)
def test_the_next_deal_never_opens_in_the_last_rare_contract(
    client: Client, personas: Personas, game: str, played: list[dict[str, Any]], usual: str
) -> None:
    rules = {"preset": "ddv", "armut": True} if game == "doppelkopf" else "classic"
    session = start(personas, game, rules=rules)
    for facts in played:
        services.record_deal(session=session, actor=personas.owner, facts=facts)
    client.force_login(personas.scorer)
    assert checked(entry_page(client, session, "?lead=Caro"), "contract_type") == [usual]
    assert checked(entry_page(client, session), "contract_type") == [usual]


def test_a_lead_who_is_not_at_the_table_this_deal_is_ignored(client: Client, personas: Personas) -> None:
    session = start(personas, names=FIVE)  # Anna deals the first deal and sits out
    client.force_login(personas.owner)
    page = entry_page(client, session, "?lead=Anna")
    assert checked(page, "declarer") == []
    assert checked(page, "contract_type") == ["sauspiel"]
    assert "?lead=Anna" not in client.get(session.get_absolute_url()).content.decode()


@pytest.mark.parametrize("persona", ["member", "outsider"])
def test_only_a_scorer_sees_the_scoreboard_open_deals(client: Client, personas: Personas, persona: str) -> None:
    session = start(personas)
    client.force_login(getattr(personas, persona))
    response = client.get(session.get_absolute_url())
    assert response.status_code == (200 if persona == "member" else 404)
    assert "?lead=" not in response.content.decode()


def test_laufende_kontra_and_knocks_are_chips_with_only_the_counts_the_rules_allow(
    client: Client, personas: Personas
) -> None:
    session = start(personas, rules={"preset": "classic", "runners_min": {"sauspiel": 2}, "klopfen": True})
    client.force_login(personas.owner)
    page = entry_page(client, session)
    assert offered(page, "runners") == ["0", *map(str, range(2, 15))]  # from 2 in the Sauspiel, 14 trumps
    assert 'data-types="wenz geier"' not in page
    wenz_only = re.search(r'data-types="([^"]*)"><input type="radio" name="runners" value="1"', page)
    assert wenz_only is None  # nothing counts from 1
    assert offered(page, "kontra") == ["0", "1", "2"]  # none, Kontra, Re (classic: kontra_max 2)
    assert ">Re</span>" in page
    assert offered(page, "knocks") == ["0", "1", "2", "3", "4"]
    assert 'class="more"' not in page  # nothing folded: only the Muss would be, and these rules play none


def test_a_chip_saves_its_count(client: Client, personas: Personas) -> None:
    session = start(personas)
    client.force_login(personas.owner)
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": "91", "runners": "3",
            "kontra": "1", "number": "1", "dealer": "Anna"}  # fmt: skip
    assert client.post(reverse("deal_new", args=[session.club.slug, session.pk]), form).status_code == 302
    assert last_facts(session) == {**sauspiel("Anna", "Caro", 91), "runners": 3, "kontra": 1, "dealer": "Anna"}


def test_a_correction_opens_with_every_recorded_extra_in_view(client: Client, personas: Personas) -> None:
    session = start(personas, rules={"preset": "classic", "pass_out": "muss"})
    services.record_deal(session=session, actor=personas.owner, facts={**sauspiel("Anna", "Caro", 72), "runners": 4})
    services.record_deal(
        session=session,
        actor=personas.owner,
        facts=sauspiel("Bert", "Dieter", 70, muss=True),
    )
    client.force_login(personas.owner)
    first, second = session.deals.order_by("number")
    page = client.get(reverse("deal_edit", args=[session.club.slug, session.pk, first.pk])).content.decode()
    assert checked(page, "runners") == ["4"]
    assert '<details class="more" id="more">' in page  # nothing folded was recorded
    page = client.get(reverse("deal_edit", args=[session.club.slug, session.pk, second.pk])).content.decode()
    assert '<details class="more" id="more" open>' in page  # the Muss was


RAMSCH_RULES = {"preset": "classic", "pass_out": "ramsch"}


def ramsch_form(**fields: str) -> dict[str, str]:
    return {"contract_type": "ramsch", "number": "1", "dealer": "Anna", **fields}


def test_a_ramsch_is_entered_by_its_loser_with_the_card_points_folded(client: Client, personas: Personas) -> None:
    session = start(personas, rules=RAMSCH_RULES | {"durchmarsch": True})
    client.force_login(personas.scorer)
    page = entry_page(client, session)
    loser = page.index('data-name="loser"')
    more = page.index('<details class="more" id="more">')  # closed: nothing in it yet
    assert loser < more < page.index('data-name="points_by_player"')
    assert page.index('data-name="jungfrau"') < more
    assert page.index('data-name="durchmarsch"') < more
    assert "<summary>More: card points per player</summary>" in page
    # A Durchmarsch has no loser: "—" takes a tapped loser (or a mistaken Durchmarsch) back.
    assert offered(page, "loser") == ["Anna", "Bert", "Caro", "Dieter", ""]
    assert offered(page, "durchmarsch") == ["Anna", "Bert", "Caro", "Dieter", ""]
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    assert client.post(url, ramsch_form(loser="Bert", jungfrau="Dieter", durchmarsch="")).status_code == 302
    assert last_facts(session) == {"contract": "ramsch", "loser": "Bert", "jungfrau": ["Dieter"], "dealer": "Anna"}
    result = session.deals.get().result
    assert result is not None
    assert result["deltas"] == [20, -80, 20, 40]  # in seat order
    form = ramsch_form(loser="", durchmarsch="Caro", number="2", dealer="Bert")
    assert client.post(url, form).status_code == 302
    assert last_facts(session) == {"contract": "ramsch", "durchmarsch": "Caro", "dealer": "Bert"}


def test_without_durchmarsch_the_ramsch_loser_is_a_plain_choice(client: Client, personas: Personas) -> None:
    session = start(personas, rules=RAMSCH_RULES)
    client.force_login(personas.scorer)
    page = entry_page(client, session)
    assert offered(page, "loser") == ["Anna", "Bert", "Caro", "Dieter"]
    assert 'data-name="durchmarsch"' not in page


def test_a_ramsch_with_every_players_card_points_is_entered_as_before(client: Client, personas: Personas) -> None:
    session = start(personas, rules=RAMSCH_RULES)
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    points = {f"points_by_player__{i}": str(p) for i, p in enumerate((50, 30, 40, 0))}
    assert client.post(url, ramsch_form(**points)).status_code == 302
    by_points = {"Anna": 50, "Bert": 30, "Caro": 40, "Dieter": 0}
    assert last_facts(session) == {"contract": "ramsch", "points_by_player": by_points, "dealer": "Anna"}
    page = client.get(reverse("deal_edit", args=[session.club.slug, session.pk, session.deals.get().pk])).content
    assert b'<details class="more" id="more" open>' in page  # the correction shows the points recorded
    assert b'value="50"' in page


def test_a_ramsch_without_its_loser_says_so_in_the_players_words(client: Client, personas: Personas) -> None:
    session = start(personas, rules=RAMSCH_RULES)
    client.force_login(personas.scorer)
    response = client.post(reverse("deal_new", args=[session.club.slug, session.pk]), ramsch_form())
    assert response.status_code == 422
    assert "Say who lost the Ramsch: the player with the most points" in response.content.decode()
    assert not session.deals.exists()


def sheepshead_form(**fields: str) -> dict[str, str]:
    return {"contract_type": "pick", "picker": "Bert", "points": "75", "number": "1", "dealer": "Anna", **fields}


def test_the_sheepshead_partner_is_a_required_choice(client: Client, personas: Personas) -> None:
    session = start(personas, "sheepshead", FIVE)
    client.force_login(personas.owner)
    page = entry_page(client, session)
    assert checked(page, "partner") == []  # no silent default
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    response = client.post(url, sheepshead_form())
    assert response.status_code == 422
    assert "Choose a player or “alone”." in response.content.decode()
    assert not session.deals.exists()
    assert client.post(url, sheepshead_form(partner="-")).status_code == 302
    assert last_facts(session)["partner"] is None  # alone, as the rules page records it


def test_a_sheepshead_deal_played_alone_is_corrected_as_alone(client: Client, personas: Personas) -> None:
    session = start(personas, "sheepshead", FIVE)
    services.record_deal(session=session, actor=personas.owner, facts={"type": "pick", "picker": "Bert", "points": 75})
    client.force_login(personas.owner)
    deal = session.deals.get()
    page = client.get(reverse("deal_edit", args=[session.club.slug, session.pk, deal.pk])).content.decode()
    assert checked(page, "partner") == ["-"]


def dk_solo(player: str, forced: bool = True) -> dict[str, Any]:
    return {"type": "solo", "solo": "damen", "re": [player], "re_points": 150, **({"forced": True} if forced else {})}


def dk_normal(*re: str) -> dict[str, Any]:
    return {"type": "normal", "re": list(re), "re_points": 130}


def test_the_doppelkopf_sheet_says_who_still_owes_a_pflichtsolo_and_warns_when_vorgefuehrt(
    client: Client, personas: Personas
) -> None:
    session = start(personas, "doppelkopf")
    record = lambda facts: services.record_deal(session=session, actor=personas.owner, facts=facts)  # noqa: E731
    record(dk_solo("Caro"))
    client.force_login(personas.member)
    sheet = client.get(session.get_absolute_url()).content.decode()
    assert "Round 1</strong> · 23 games left" in sheet
    assert "Pflichtsolo still owed by Anna, Bert, Dieter" in sheet
    assert "Vorgeführt" not in sheet
    for _ in range(20):
        record(dk_normal("Anna", "Bert"))
    sheet = client.get(session.get_absolute_url()).content.decode()
    assert "3 games left" in sheet
    assert "Vorgeführt:" in sheet  # three solos owed, three games left


def test_the_entry_knows_who_owes_so_a_solo_is_ticked_as_his_pflichtsolo(client: Client, personas: Personas) -> None:
    session = start(personas, "doppelkopf")
    services.record_deal(session=session, actor=personas.owner, facts=dk_solo("Caro"))
    client.force_login(personas.owner)
    page = entry_page(client, session)
    assert '<script id="pflichtsolo-owing" type="application/json">["Anna", "Bert", "Dieter"]</script>' in page


def test_no_pflichtsolo_reminder_where_the_rules_have_none(client: Client, personas: Personas) -> None:
    session = start(personas, "doppelkopf", rules={"preset": "ddv", "pflichtsolo": False})
    client.force_login(personas.owner)
    assert "Pflichtsolo still owed" not in client.get(session.get_absolute_url()).content.decode()
    assert "pflichtsolo-owing" not in entry_page(client, session)


def preview_triggers(page: str) -> list[str]:
    return re.search(r'hx-trigger="([^"]*)"', page)[1].replace(" ", "").split(",")  # type: ignore[index]


def test_an_untouched_new_deal_asks_for_no_preview_before_the_first_tap(
    client: Client, personas: Personas, session: Session
) -> None:
    client.force_login(personas.scorer)
    assert "load" not in preview_triggers(entry_page(client, session))  # nothing entered: nothing can be missing yet
    assert "load" in preview_triggers(entry_page(client, session, "?lead=Bert"))  # the tap entered Bert
    deal = session.deals.get(number=1)
    correction = client.get(reverse("deal_edit", args=[session.club.slug, session.pk, deal.pk])).content.decode()
    assert "load" in preview_triggers(correction)


def test_without_javascript_a_sonderpunkt_is_typed_into_a_box_and_saved(client: Client, personas: Personas) -> None:
    """The stepper's chip needs JavaScript; without it a number box in <noscript> posts after the hidden count."""
    session = start(personas, "doppelkopf")
    client.force_login(personas.owner)
    page = entry_page(client, session)
    box = re.search(r'<noscript><input type="number" class="step-typed" name="extras__re__karlchen"[^>]*>', page)
    assert box is not None
    assert 'aria-label="Karlchen, Re"' in box.group(0)
    form = {"contract_type": "normal", "re": ["Anna", "Caro"], "re_points": "151", "number": "1", "dealer": "Anna",
            "extras__re__karlchen": ["", "1"], "extras__kontra__fuchs": ["", ""]}  # fmt: skip
    assert client.post(reverse("deal_new", args=[session.club.slug, session.pk]), form).status_code == 302
    assert last_facts(session)["extras"] == {"re": {"karlchen": 1}}


def controls_of(page: str) -> str:
    """The form's contract chips and controls, up to its actions."""
    return page[page.index('<fieldset class="contract-types">') : page.index('<div class="entry-actions">')]


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("schafkopf", RAMSCH_RULES | {"durchmarsch": True, "klopfen": True}),
        ("doppelkopf", None),
        ("sheepshead", None),
        ("bauernstoss", None),
    ],
)
def test_a_new_deals_controls_drawn_once_for_a_game_set_up_name_each_tables_own_players(
    client: Client, personas: Personas, game: str, rules: Any
) -> None:
    """A blank form's controls are kept for every table of the same rules, with stand-ins for the names: each table's
    are exactly what drawing them afresh for its players gives, names with characters HTML escapes too."""
    odd = services.add_member(club=personas.club, name="O'Neil & <Söhne>")
    personas.players[odd.name] = odd
    seats = 5 if game == "sheepshead" else 4
    first = start(personas, game, names=FIVE[:seats], rules=rules)
    other = start(personas, game, names=["Emil", odd.name, "Bert", "Anna", "Caro"][:seats], rules=rules)
    client.force_login(personas.owner)
    entry_page(client, first)  # draws the set-up's controls
    kept = controls_of(entry_page(client, other))
    cache.clear()
    afresh = controls_of(entry_page(client, other))
    assert kept == afresh
    assert "O&#x27;Neil &amp; &lt;Söhne&gt;" in kept
    assert "\x1f" not in kept
