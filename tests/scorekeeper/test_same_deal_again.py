"""The deal just saved is not stored again by accident (issue 24, fault 2): Back after Save with the points retyped,
a double tap or a second phone entering the same deal is asked "the same deal again?" and stores it only on yes."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper import services
from scorekeeper.models import Session

from .conftest import Personas, sauspiel

pytestmark = pytest.mark.django_db

FORM = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "70"}


def declarers(session: Session) -> list[str]:
    return [deal.facts["declarer"] for deal in session.deals.filter(deleted_at__isnull=True).order_by("sequence")]


def add(session: Session, personas: Personas, facts: dict[str, Any], **more: Any) -> Any:
    return services.record_deal(session=session, actor=personas.scorer, facts=facts, client_token=uuid.uuid4(), **more)


def test_a_phone_repeating_the_deal_just_saved_is_asked(personas: Personas, session: Session) -> None:
    add(session, personas, sauspiel("Anna", "Bert", 70), number=3)
    with pytest.raises(services.ServiceError) as raised:
        add(session, personas, sauspiel("Anna", "Bert", 70), number=4)
    assert raised.value.codes == [services.SAME_AS_LAST]
    assert declarers(session) == ["Anna", "Bert", "Anna"]
    add(session, personas, sauspiel("Anna", "Bert", 70), number=4, repeat=True)  # yes, the same deal again
    assert declarers(session) == ["Anna", "Bert", "Anna", "Anna"]


def test_a_different_deal_or_a_resend_is_not_asked(personas: Personas, session: Session) -> None:
    token = uuid.uuid4()
    first = services.record_deal(
        session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70), client_token=token
    )
    resent = services.record_deal(
        session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70), client_token=token
    )
    assert resent.pk == first.pk  # the same submission again: the deal it made, no question
    add(session, personas, sauspiel("Anna", "Bert", 71))  # other points: another deal
    assert declarers(session) == ["Anna", "Bert", "Anna", "Anna"]


def test_the_same_deal_later_in_the_evening_is_not_asked(personas: Personas, session: Session) -> None:
    saved = add(session, personas, sauspiel("Anna", "Bert", 70))
    session.deals.filter(pk=saved.pk).update(created_at=timezone.now() - timedelta(minutes=6))
    add(session, personas, sauspiel("Anna", "Bert", 70))
    assert declarers(session) == ["Anna", "Bert", "Anna", "Anna"]


def test_a_second_phone_gets_the_question_in_its_words_and_can_confirm(
    client: Client, personas: Personas, session: Session
) -> None:
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    first = Client()
    first.force_login(personas.owner)
    assert first.post(url, {**FORM, "number": "3", "client_token": str(uuid.uuid4())}).status_code == 302
    client.force_login(personas.scorer)
    second = {**FORM, "number": "4", "client_token": str(uuid.uuid4())}  # opened after the first was saved
    response = client.post(url, second, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 409
    assert response["X-Problem-Codes"] == services.SAME_AS_LAST  # for the offline outbox
    html = response.content.decode()
    assert "hat genau dieses Spiel" in html
    assert "als Spiel 3 gespeichert" in html
    assert 'name="repeat" value="yes">Ja, dasselbe Spiel noch einmal</button>' in html
    assert f'value="{second["client_token"]}"' in html  # the answer goes with the same submission
    assert declarers(session) == ["Anna", "Bert", "Anna"]
    assert client.post(url, {**second, "repeat": "yes"}).status_code == 302
    assert declarers(session) == ["Anna", "Bert", "Anna", "Anna"]


def test_the_question_in_english(client: Client, personas: Personas, session: Session) -> None:
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    client.force_login(personas.scorer)
    for number in ("3", "4"):
        response = client.post(
            url, {**FORM, "number": number, "client_token": str(uuid.uuid4())}, HTTP_ACCEPT_LANGUAGE="en"
        )
    html = response.content.decode()
    assert "Bert saved this very deal now, as deal 3: Sauspiel Anna + Bert." in html
    assert "Is this the same deal again?" in html
    assert "Yes, the same deal again" in html
    assert "No, discard mine" in html


def test_a_phones_deal_after_a_deal_entered_without_a_token_comes_after_it(
    personas: Personas, session: Session
) -> None:
    """The last deal is the last one entered, whether it carried a token or not: the phone is asked about it, and
    its own deal comes after it."""
    add(session, personas, sauspiel("Caro", "Anna", 70))
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Dieter", "Bert", 80))
    with pytest.raises(services.ServiceError) as raised:
        add(session, personas, sauspiel("Dieter", "Bert", 80))
    assert raised.value.codes == [services.SAME_AS_LAST]
    add(session, personas, sauspiel("Dieter", "Bert", 81))
    assert declarers(session) == ["Anna", "Bert", "Caro", "Dieter", "Dieter"]
    assert list(session.deals.order_by("sequence").values_list("sequence", flat=True)) == [1, 2, 3, 4, 5]


def test_a_deleted_last_deal_is_not_the_one_just_saved(personas: Personas, session: Session) -> None:
    """The deal before a deleted one is the last on the sheet: repeating it is asked, repeating the deleted one not."""
    deleted = add(session, personas, sauspiel("Caro", "Anna", 70))
    services.delete_deal(deal=deleted, actor=personas.scorer, revision=deleted.revision)
    with pytest.raises(services.ServiceError) as raised:
        add(session, personas, sauspiel("Bert", "Dieter", 95))  # the fixture's second deal, saved just now
    assert raised.value.codes == [services.SAME_AS_LAST]
    add(session, personas, sauspiel("Caro", "Anna", 70))
    assert declarers(session) == ["Anna", "Bert", "Caro"]
