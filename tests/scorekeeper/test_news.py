"""What a following phone's live region says: a sentence a deal changed since its revision
(scorekeeper/table/news.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scorekeeper import engine, services
from scorekeeper.models import Session
from scorekeeper.stored import derived
from scorekeeper.table import live, news
from scorekeeper.table.sheet import StoredDeal

from .conftest import Personas, sauspiel

FOUR = ["Anna", "Bert", "Caro", "Dieter"]
FIVE = [*FOUR, "Emil"]


def said(
    game: str, players: list[str], deals: Sequence[Mapping[str, Any]], rules: Any = None, tariff: Any = None
) -> list[str]:
    """Each deal of a session in words, as the engine scores it."""
    document: dict[str, Any] = {"format": "schreiber/1", "game": game, "players": players, "deals": deals}
    document |= {"rules": rules} if rules else {}
    document |= {"tariff": tariff} if tariff else {}
    results = engine.load(document).results()
    stored = [StoredDeal(r.number, f, derived.stored_result(r, players)) for r, f in zip(results, deals, strict=True)]
    return [news.deal_words(game, players, deal) for deal in stored]


CLASSIC = {"preset": "classic"}


def test_schafkopf_names_the_declaring_side_won_or_lost_and_what_each_got() -> None:
    deals: list[dict[str, Any]] = [
        sauspiel("Anna", "Bert", 72),
        {"contract": "solo", "suit": "eichel", "declarer": "Caro", "points": 50},
        {"contract": "wenz", "declarer": "Dieter", "points": 95},
        {"contract": "passed"},
    ]
    assert said("schafkopf", FOUR, deals, CLASSIC, "10/20/50") == [
        "Sauspiel, Anna and Bert won, 20 each",
        "Eichel-Solo, Caro lost 150",
        "Wenz, Dieter won 180",
        "Thrown in",
    ]
    # five at the table: the dealer sits out, and is not named
    five = said("schafkopf", FIVE, [sauspiel("Bert", "Caro", 40)], CLASSIC, "10/20/50")
    assert five == ["Sauspiel, Bert and Caro lost, 20 each"]


def test_a_ramsch_names_its_loser() -> None:
    ramsch = {"contract": "ramsch", "points_by_player": {"Anna": 40, "Bert": 30, "Caro": 30, "Dieter": 20}}
    assert said("schafkopf", FOUR, [ramsch], {"preset": "classic", "pass_out": "ramsch"}, "10/20/50") == [
        "Ramsch, Anna lost 60"
    ]


def test_sheepshead_says_split_amounts_and_names_the_leaster_winner() -> None:
    deals: list[dict[str, Any]] = [
        {"type": "pick", "picker": "Anna", "partner": "Caro", "points": 95},
        {"type": "pick", "picker": "Bert", "points": 50},
        {"type": "leaster", "winner": "Caro"},
    ]
    assert said("sheepshead", FIVE, deals) == [
        "Pick, Anna and Caro won, 4 and 2",
        "Alone, Bert lost 4",
        "Leaster, Caro won 4",
    ]


def test_doppelkopf_names_the_re_party_and_whoever_pays_a_penalty() -> None:
    deals: list[dict[str, Any]] = [
        {"type": "normal", "re": ["Anna", "Caro"], "re_points": 130},
        {"type": "normal", "re": ["Bert", "Dieter"], "re_points": 80, "announcements": {"re": "re"}},
        {"type": "penalty", "player": "Bert", "severity": "minor"},
        {"type": "solo", "solo": "damen", "re": ["Caro"], "re_points": 150},
    ]
    assert said("doppelkopf", FOUR, deals) == [
        "Normal game, Anna and Caro won, 1 each",
        "Normal game, Bert and Dieter lost, 5 each",
        "Penalty (minor), Bert lost 3",
        "Damensolo, Caro won 3",
    ]


def test_bauernstoss_names_the_team_that_scored_and_a_soloist() -> None:
    deals: list[dict[str, Any]] = [
        {"chalk": "A", "points": 80},
        {"points": 25},
        {"solo": {"player": "Bert", "kind": "small", "won": False}},
        {"solo": {"player": "Caro", "kind": "big", "won": True}},  # the Partie: A +1, B −1
    ]
    assert said("bauernstoss", FOUR, deals) == [
        "Game, Anna and Caro won",
        "Game, Schneider, Bert and Dieter won",
        "Small solo, Bert lost",
        "Big solo, Caro won 1",
    ]


# what a phone hears -------------------------------------------------------------------------------------------------


def heard(session: Session, since: int) -> str:
    session.refresh_from_db()
    return live.what_changed(session, since)


@pytest.mark.django_db
def test_a_new_a_corrected_a_deleted_and_a_restored_deal(personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    assert heard(session, seen) == ""  # nothing changed, nothing said
    third = services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    assert heard(session, seen) == "Deal 3: Sauspiel, Caro and Anna won, 20 each."
    seen = session.revision
    services.correct_deal(deal=third, actor=scorer, facts=sauspiel("Caro", "Anna", 40), revision=1)
    assert heard(session, seen) == "Deal 3 corrected: Sauspiel, Caro and Anna lost, 20 each."
    seen = session.revision
    services.delete_deal(deal=session.deals.get(number=1), actor=scorer, revision=1)
    assert heard(session, seen) == "Deal 1 deleted."  # deals 2 and 3 move up: not news
    seen = session.revision
    services.restore_deal(deal=session.deals.get(number__isnull=True), actor=scorer)
    assert heard(session, seen) == "Deal 1 restored: Sauspiel, Anna and Caro won, 20 each."


@pytest.mark.django_db
def test_what_a_phone_did_not_see_is_told_as_it_is_now(personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    third = services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    services.correct_deal(deal=third, actor=scorer, facts=sauspiel("Caro", "Anna", 40), revision=1)
    assert heard(session, seen) == "Deal 3: Sauspiel, Caro and Anna lost, 20 each."  # new to this phone
    fourth = services.record_deal(session=session, actor=scorer, facts=sauspiel("Bert", "Dieter", 70))
    services.delete_deal(deal=fourth, actor=scorer, revision=1)
    assert heard(session, seen) == "Deal 3: Sauspiel, Caro and Anna lost, 20 each."  # deal 4 came and went


@pytest.mark.django_db
def test_a_few_changes_a_sentence_each_many_counted(personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    services.correct_deal(
        deal=session.deals.get(number=1), actor=scorer, facts=sauspiel("Anna", "Caro", 30), revision=1
    )  # Schneider; every later deal's totals move: only deal 1 is news
    assert heard(session, seen) == (
        "Deal 3: Sauspiel, Caro and Anna won, 20 each. Deal 1 corrected: Sauspiel, Anna and Caro lost, 30 each."
    )
    for points in (70, 20, 90):
        services.record_deal(session=session, actor=scorer, facts=sauspiel("Bert", "Dieter", points))
    assert heard(session, seen) == "5 deals changed."


@pytest.mark.django_db
def test_other_writes_say_nothing_and_do_not_shift_what_is_told(personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    services.create_table_link(session=session, actor=personas.owner)  # history without a new revision
    terms = {"currency": "EUR", "pot_policy": "carry", "settlement_mode": "zero_sum"}
    services.change_money_terms(session=session, actor=scorer, cents_per_point=20, **terms)
    assert heard(session, seen) == ""
    services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    assert heard(session, seen) == "Deal 3: Sauspiel, Caro and Anna won, 20 each."


@pytest.mark.django_db
def test_a_write_after_the_session_was_read_is_left_for_the_next_poll(personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    session.refresh_from_db()  # the poll read the session here …
    services.record_deal(session=session, actor=scorer, facts=sauspiel("Bert", "Dieter", 70))  # … then this came
    assert live.what_changed(session, seen) == "Deal 3: Sauspiel, Caro and Anna won, 20 each."
    assert heard(session, seen + 1) == "Deal 4: Sauspiel, Bert and Dieter won, 20 each."


# in the page's language --------------------------------------------------------------------------------------------


@pytest.fixture
def german() -> Iterator[None]:
    with translation.override("de"):
        if gettext("Deal %(n)s: %(what)s.") == "Deal %(n)s: %(what)s.":
            pytest.skip("the German of the live sheet's news is not in the catalogue yet")
        yield


@pytest.mark.django_db
def test_in_german(german: None, personas: Personas, session: Session) -> None:
    scorer = personas.scorer
    session.refresh_from_db()
    seen = session.revision
    third = services.record_deal(session=session, actor=scorer, facts=sauspiel("Caro", "Anna", 80))
    assert heard(session, seen) == "Spiel 3: Sauspiel, Caro und Anna gewinnen, je 20."
    seen = session.revision
    services.correct_deal(deal=third, actor=scorer, facts=sauspiel("Caro", "Anna", 40), revision=1)
    assert heard(session, seen) == "Spiel 3 korrigiert: Sauspiel, Caro und Anna verlieren, je 20."
    seen = session.revision
    services.delete_deal(deal=third, actor=scorer, revision=2)
    assert heard(session, seen) == "Spiel 3 gelöscht."
    ramsch = {"contract": "ramsch", "points_by_player": {"Anna": 40, "Bert": 30, "Caro": 30, "Dieter": 20}}
    assert said("schafkopf", FOUR, [ramsch], {"preset": "classic", "pass_out": "ramsch"}, "10/20/50") == [
        "Ramsch, Anna verliert 60"
    ]
    pick = {"type": "pick", "picker": "Anna", "partner": "Caro", "points": 95}
    assert said("sheepshead", FIVE, [pick]) == ["Aufnehmen, Anna und Caro gewinnen, 4 und 2"]
    assert said("bauernstoss", FOUR, [{"chalk": "A", "points": 80}]) == ["Spiel, Anna und Caro gewinnen"]


# the poll ----------------------------------------------------------------------------------------------------------


def news_of(answer: str) -> list[str]:
    return re.findall(r'<section id="sheet"[^>]* data-news="([^"]*)"', answer)


@pytest.mark.django_db
def test_the_poll_carries_the_news_in_the_phones_language(personas: Personas, session: Session) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(personas.member)
    url = reverse("session_live", args=[session.club.slug, session.pk])
    first = client.get(url).content.decode()
    assert news_of(first) == []  # a phone that shows nothing yet hears nothing
    shown = {key: re.findall(rf'data-{key}="([^"]*)"', first)[0] for key in ("revision", "shape")}
    query = {"rev": shown["revision"], "shape": shown["shape"]}
    assert client.get(url, query).status_code == 204
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    patch = client.get(url, query).content.decode()
    assert "data-patch" in patch
    assert news_of(patch) == ["Deal 3: Sauspiel, Caro and Anna won, 20 each."]
    # a phone whose sheet no longer fits gets it whole, and still hears what changed since
    whole = client.get(url, {**query, "shape": "de.0.1"}).content.decode()
    assert "data-patch" not in whole
    assert news_of(whole) == ["Deal 3: Sauspiel, Caro and Anna won, 20 each."]
    assert news_of(client.get(url).content.decode()) == []  # the cached sheet keeps no phone's news
