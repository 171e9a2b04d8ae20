"""The house rules of the rules pages everywhere an option lives: start form, saved house rules, entry, sheet,
settlement, import and export."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import HouseRules, Session
from scorekeeper.stored.documents import export_document

from .conftest import FOUR, Personas, last_facts, start

pytestmark = pytest.mark.django_db


def start_form(personas: Personas, game: str = "schafkopf", **fields: Any) -> dict[str, Any]:
    """A start form for the first players of the club, with ``fields`` on top."""
    players = personas.players
    seats = {f"seat_{i}": players[name].pk for i, name in enumerate(FOUR)}
    classic = ["sauspiel", "wenz", "solo", "tout", "sie"]  # ticked on the form, as the preset has them
    return {"rules_preset": "classic", "tariff_preset": "10/20/50", "cents_per_point": "0", "first_dealer": "0",
            "played_on": "2026-11-20", "opt_contracts": classic, **seats, **fields}  # fmt: skip


def test_the_start_form_offers_laufende_per_contract_and_a_cap(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_start", args=[personas.club.slug, "schafkopf"])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="opt_runners_min__sauspiel"' in page
    assert 'name="opt_runners_max"' in page
    assert "über Kreuz" in page
    response = client.post(
        url,
        start_form(
            personas,
            opt_runners_min__sauspiel="2",
            opt_runners_min__wenz="2",
            opt_runners_max="4",
            opt_pass_out="kreuz",
            save_as="Donnerstag",
        ),
    )
    assert response.status_code == 302
    session = Session.objects.get()
    assert session.rules["runners_min"] == {"sauspiel": 2}  # the Wenz's 2 is its default
    assert (session.rules["runners_max"], session.rules["pass_out"]) == (4, "kreuz")
    assert HouseRules.objects.get(name="Donnerstag").rules == session.rules


def test_a_cap_below_a_minimum_is_refused_at_the_option(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_start", args=[personas.club.slug, "schafkopf"])
    response = client.post(url, start_form(personas, opt_runners_max="2"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "runners_max must be at least the Sauspiel" in response.content.decode()
    assert not Session.objects.exists()


def test_a_plus_only_sheet_takes_no_stake(client: Client, personas: Personas) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_start", args=[personas.club.slug, "schafkopf"])
    response = client.post(url, start_form(personas, opt_sheet="plus_only", cents_per_point="10"))
    assert response.status_code == 200
    assert response.context["form"].errors["cents_per_point"]
    assert not Session.objects.exists()
    assert client.post(url, start_form(personas, opt_sheet="plus_only")).status_code == 302


def test_a_plus_only_session_settles_scores_not_money(client: Client, personas: Personas) -> None:
    session = start(personas, rules={"preset": "classic", "sheet": "plus_only"})
    solo = {"contract": "solo", "suit": "gras", "declarer": "Bert", "points": 50}
    services.record_deal(session=session, actor=personas.scorer, facts=solo)
    client.force_login(personas.member)
    sheet = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "plus-only sheet: only the winners are written" in sheet
    page = client.get(reverse("session_settlement", args=[personas.club.slug, session.pk]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert "only the winners' points are written, and no money changes hands" in html
    assert ">Balance<" not in html
    assert [(p.name, p.points) for p in page.context["printout"].settlement.players] == [
        ("Anna", 50),
        ("Bert", 0),
        ("Caro", 50),
        ("Dieter", 50),
    ]


def test_the_sheet_says_the_house_rules_in_words(client: Client, personas: Personas) -> None:
    rules = {"preset": "classic", "runners_min": {"sauspiel": 2}, "runners_max": 4}
    session = start(personas, rules=rules)
    client.force_login(personas.member)
    english = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Laufende from 2 in the Sauspiel, at most 4 Laufende" in english
    german = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Laufende ab 2 im Sauspiel, höchstens 4 Laufende" in german


def test_a_kreuz_deal_takes_its_partner_from_the_seating(client: Client, personas: Personas) -> None:
    session = start(personas, names=[*FOUR, "Emil"], rules={"preset": "classic", "pass_out": "kreuz"})
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    page = client.get(url)
    # Anna deals and sits out: Bert and Dieter sit opposite, and Caro and Emil.
    assert page.context["entry"].seated_partners == {
        "kreuz": {"Bert": "Dieter", "Caro": "Emil", "Dieter": "Bert", "Emil": "Caro"}
    }
    assert 'id="seated-partners"' in page.content.decode()
    response = client.post(url, {"contract_type": "kreuz", "declarer": "Emil", "points": "70"})
    assert response.status_code == 302
    assert last_facts(session) == {
        "contract": "kreuz",
        "declarer": "Emil",
        "partner": "Caro",
        "points": 70,
        "dealer": "Anna",
    }


def test_a_sheepshead_leaster_by_its_winner_or_a_tie(client: Client, personas: Personas) -> None:
    session = start(personas, game="sheepshead", names=[*FOUR, "Emil"])
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    assert client.post(url, {"contract_type": "leaster", "winner": "Caro"}).status_code == 302
    assert last_facts(session) == {"type": "leaster", "winner": "Caro", "dealer": "Anna"}
    assert client.post(url, {"contract_type": "leaster", "winner": "-"}).status_code == 302
    assert last_facts(session) == {"type": "leaster", "winner": None, "dealer": "Bert"}
    second = session.deals.get(number=2)
    edit = client.get(reverse("deal_edit", args=[personas.club.slug, session.pk, second.pk])).content.decode()
    assert 'value="-" checked' in edit
    response = client.post(url, {"contract_type": "leaster"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert "Say who won the leaster" in response.content.decode()


def test_a_three_handed_sheepshead_table_offers_no_partner(client: Client, personas: Personas) -> None:
    session = start(personas, game="sheepshead", names=FOUR[:3], rules={"preset": "seed", "players": 3})
    client.force_login(personas.scorer)
    page = client.get(reverse("deal_new", args=[personas.club.slug, session.pk]))
    assert 'name="partner"' not in page.content.decode()
    assert 'name="picker"' in page.content.decode()


def test_a_table_of_seven_names_both_who_sit_out(client: Client, personas: Personas) -> None:
    for name in ("Franzi", "Gustl"):
        personas.players[name] = services.add_member(club=personas.club, name=name)
    session = start(personas, game="sheepshead", names=[*FOUR, "Emil", "Franzi", "Gustl"])
    client.force_login(personas.scorer)
    page = client.get(reverse("deal_new", args=[personas.club.slug, session.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "Anna, Gustl sit out" in page.content.decode()


LEASTER_SESSION = {"preset": "classic", "pass_out": "leaster", "runners_max": 4}
HOUSE_RULE_SESSIONS = [
    ("schafkopf", LEASTER_SESSION, {"contract": "leaster", "winner": "Bert"}),
    ("schafkopf", {"preset": "classic", "sheet": "plus_only"}, {"contract": "wenz", "declarer": "Anna", "points": 30}),
    (
        "sheepshead",
        {"preset": "seed", "players": 4, "table": "2-4-8"},
        {"type": "pick", "picker": "Anna", "points": 95},
    ),
    (
        "doppelkopf",
        {"preset": "ddv", "re_kontra": "double_all"},
        {"type": "normal", "re": ["Anna", "Caro"], "re_points": 130, "announcements": {"re": "re"}},
    ),
]


@pytest.mark.parametrize(("game", "rules", "deal"), HOUSE_RULE_SESSIONS)
def test_export_import_and_settle_keep_the_house_rules(
    personas: Personas, tmp_path: Path, game: str, rules: dict[str, Any], deal: dict[str, Any]
) -> None:
    session = start(personas, game=game, rules=rules, tariff="10/20/50" if game == "schafkopf" else None)
    services.record_deal(session=session, actor=personas.scorer, facts=deal)
    services.close_session(session=session, actor=personas.owner)
    document = export_document(session)
    path = tmp_path / "session.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = StringIO()
    call_command("settle", str(path), stdout=out)
    settled = json.loads(out.getvalue())
    call_command("import_session", str(path), "--club", personas.club.slug, stdout=StringIO())
    imported = Session.objects.exclude(pk=session.pk).get()
    assert imported.rules == session.rules
    assert export_document(imported)["deals"] == document["deals"]
    assert settled["totals"] == json.loads(json.dumps(engine_totals(session)))


def engine_totals(session: Session) -> dict[str, int]:
    from scorekeeper.table import reads

    sheet = reads.sheet_of(session)
    return dict(zip(sheet.players, sheet.totals, strict=True))


def test_settle_names_the_option_of_an_invalid_house_rule(tmp_path: Path) -> None:
    document = {"format": "schreiber/1", "game": "schafkopf", "players": FOUR, "deals": [],
                "rules": {"preset": "classic", "runners_max": 2}}  # fmt: skip
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    err = StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("settle", str(path), stdout=StringIO(), stderr=err)
    assert exit_.value.code == 2
    assert err.getvalue().startswith("rules.runners_max must be at least the Sauspiel's runners_min (3)")
