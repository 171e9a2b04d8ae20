"""The table's words where the engine has keys: preset names on the sheet, yes/no facts in the history (issue 24)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import services

from .conftest import Personas, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "preset", "tout", "lost"),
    [("de", "Klassisch", "Wenz · Spieler Anna · Laufende 2 · Tout angesagt · gewonnen", "gewonnen → verloren"),
     ("en", "Classic", "Wenz · declarer Anna · Laufende 2 · Tout announced · won", "won → lost")],
)  # fmt: skip
def test_the_sheet_names_its_rule_set_and_the_history_writes_yes_no_facts_as_phrases(
    client: Client, personas: Personas, language: str, preset: str, tout: str, lost: str
) -> None:
    session = start(personas)
    facts = {"contract": "wenz", "tout": True, "declarer": "Anna", "won": True, "runners": 2}
    services.record_deal(session=session, actor=personas.owner, facts=facts)
    deal = session.deals.get()
    services.correct_deal(deal=deal, actor=personas.owner, facts={**facts, "won": False}, revision=deal.revision)
    client.force_login(personas.member)
    sheet = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<p class="rules-line">{preset}' in sheet
    history = client.get(
        reverse("session_history", args=[session.club.slug, session.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    page = history.content.decode()
    assert tout in page
    assert lost in page


@pytest.mark.parametrize(
    ("language", "pick", "alone", "history"),
    [("de", "Aufnehmen", "Allein", "Aufnehmen · Picker Anna · Partner Caro · Punkte 61"),
     ("en", "Pick", "Alone", "Pick · picker Anna · partner Caro · points 61")],
)  # fmt: skip
def test_a_sheepshead_pick_reads_in_the_page_language_on_the_form_the_sheet_and_the_history(
    client: Client, personas: Personas, language: str, pick: str, alone: str, history: str
) -> None:
    session = start(personas, "sheepshead", ["Anna", "Bert", "Caro", "Dieter", "Emil"])
    pick_facts = {"type": "pick", "picker": "Anna", "partner": "Caro", "points": 61}
    services.record_deal(session=session, actor=personas.owner, facts=pick_facts)
    services.record_deal(session=session, actor=personas.owner, facts={"type": "pick", "picker": "Bert", "points": 91})
    client.force_login(personas.owner)
    args = [session.club.slug, session.pk]
    form = client.get(reverse("deal_new", args=args), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'value="pick" checked><span>{pick}</span>' in form
    sheet = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f">{pick}" in sheet
    assert f">{alone}" in sheet
    lines = client.get(reverse("session_history", args=args), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert history in lines
