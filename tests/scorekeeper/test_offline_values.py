"""The offline value table: each entry is what the online preview (the one replay) gives that form."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from scorekeeper import offline_values, selectors, services
from scorekeeper.engine.samples import random_session
from scorekeeper.entry import DealEntry
from scorekeeper.models import Session

from .conftest import FOUR, Personas, start

GAMES = ("schafkopf", "doppelkopf", "sheepshead", "bauernstoss")


def played(personas: Personas, game: str, deals: int = 12) -> Session:
    names = FOUR + (["Emil"] if game == "sheepshead" else [])
    session = start(personas, game, names)
    document = random_session(game, random.Random(7), deals, rules=session.rules, tariff=session.tariff, players=names)
    for facts in document["deals"]:
        services.record_deal(session=session, actor=personas.scorer, facts=facts)
    session.refresh_from_db()
    return session


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_every_entry_is_the_previews_value(personas: Personas, game: str) -> None:
    """Sampled entries, with other players in the roles, are what the online preview (the one replay) says."""
    session = played(personas, game)
    table = offline_values.build(session)
    assert table["number"] == session.deal_count + 1
    assert 0 < len(table["values"]) <= offline_values.CAP
    _dealer, playing = selectors.next_deal(session)
    checked = 0
    for key, answer in random.Random(3).sample(sorted(table["values"].items()), 25):
        data = QueryDict(mutable=True)
        chosen = list(reversed(playing))  # not the players the table was worked out with
        for pair in key.split("&"):
            name, value = pair.split("=")
            if value == offline_values.SOMEONE:
                value = chosen.pop(0)
            data.appendlist(name, value)
        entry = DealEntry(session.game, selectors.header_of(session).new_game(), playing)
        facts = entry.bind(data)
        preview = selectors.preview_deal(session, facts, deal=None, before=None)
        assert preview.row is not None, (key, preview.problems)
        assert [preview.row.label, preview.row.value] == answer[:2], key
        checked += 1
    assert checked == 25


def test_the_key_reduces_players_and_points_and_refuses_what_the_table_lacks() -> None:
    axes: dict[str, dict[str, Any]] = {
        "contract_type": {"as": "value"},
        "declarer": {"as": "player"},
        "points": {"as": "band", "bands": [0, 31, 61, 91]},
        "runners": {"as": "value"},
    }
    pairs = [("contract_type", "sauspiel"), ("declarer", "Caro"), ("points", "75"), ("runners", "0")]
    assert offline_values.canonical_key(pairs, axes) == "contract_type=sauspiel&declarer=*&points=61&runners=0"
    assert offline_values.canonical_key([*pairs, ("knocks", "0")], axes) is not None
    assert offline_values.canonical_key([*pairs, ("knocks", "1")], axes) is None


@pytest.mark.django_db
def test_the_values_page_is_for_scorers(client: Any, personas: Personas) -> None:
    session = start(personas)
    url = reverse("deal_values", args=[personas.club.slug, session.pk])
    client.force_login(personas.outsider)
    assert client.get(url).status_code == 404
    client.force_login(personas.scorer)
    answer = client.get(url).json()
    assert answer["number"] == 1
    assert answer["values"]


@pytest.mark.django_db
def test_the_preview_says_what_is_missing_without_the_deals_number(client: Any, personas: Personas) -> None:
    session = start(personas)
    client.force_login(personas.scorer)
    url = reverse("deal_preview", args=[personas.club.slug, session.pk])
    html = client.post(url, {"contract_type": "sauspiel", "declarer": "Anna"}, HTTP_ACCEPT_LANGUAGE="en").content
    assert b"preview-problem" in html
    assert b"deal 1:" not in html


@pytest.mark.django_db
def test_a_lost_forced_solo_says_it_starts_no_bock(client: Any, personas: Personas) -> None:
    rules = {"preset": "ddv", "bock": {"triggers": ["solo_lost"], "stacking": "multiply"}}
    session = start(personas, "doppelkopf", rules=rules)
    client.force_login(personas.scorer)
    url = reverse("deal_preview", args=[personas.club.slug, session.pk])
    solo = {"contract_type": "solo", "solo": "damen", "re": "Anna", "re_points": "100"}
    lost_forced = client.post(url, {**solo, "forced": "1"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Verlorenes Pflichtsolo: kein Bock" in lost_forced
    lost_free = client.post(url, solo, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "kein Bock" not in lost_free
    with translation.override("en"):
        table = offline_values.build(session)
    notes = [answer[4] for key, answer in table["values"].items() if "forced=1" in key and "re_points=90" in key]
    assert notes
    assert all(note == ["Lost forced solo: no Bock round"] for note in notes)
