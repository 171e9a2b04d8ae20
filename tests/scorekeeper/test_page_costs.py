"""What the heavy pages of a table do once, not on every request: the table link's QR code drawn once, the seats read
once, a member's access and the session read in one query."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

import pytest
import segno
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.models import Session

from .conftest import Personas

pytestmark = pytest.mark.django_db

SAUSPIEL = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "61"}


def signed_in(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_the_qr_code_of_a_table_link_is_drawn_once(personas: Personas, session: Session) -> None:
    cache.clear()
    first = services.create_table_link(session=session, actor=personas.owner)
    client = signed_in(personas.owner)
    with mock.patch("scorekeeper.views.table_links.segno.make", wraps=segno.make) as make:
        pages = [client.get(session.get_absolute_url()).content.decode() for _ in range(3)]
        assert make.call_count == 1
        services.expire_table_links(sessions=[session], actor=personas.owner)
        second = services.create_table_link(session=session, actor=personas.owner)
        again = client.get(session.get_absolute_url()).content.decode()
        assert make.call_count == 2  # a new link, a new code
    assert first.token in pages[0]
    assert second.token in again
    assert pages[0].count('class="qr"') == 1


def test_the_deal_form_and_its_save_read_little(
    personas: Personas, session: Session, django_assert_max_num_queries: Any
) -> None:
    client = signed_in(personas.scorer)
    url = reverse("deal_new", args=[personas.club.slug, session.pk])
    with django_assert_max_num_queries(5):  # the login (2), the member with the session, the seats, the lineup
        form = client.get(url).content.decode()
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    # the login (2), the member with the session, the lock, the last deal, the deal, the session, its history entry
    # and the transaction (2): the seats, who plays and the rules are kept from the form
    with django_assert_max_num_queries(10):
        assert client.post(url, {**hidden, **SAUSPIEL}).status_code == 302
    assert Session.objects.get(pk=session.pk).deal_count == 3


def test_a_members_access_to_a_session_is_one_query(
    personas: Personas, session: Session, django_assert_num_queries: Any
) -> None:
    client = signed_in(personas.member)
    client.get(session.get_absolute_url())  # the sheet drawn once
    with django_assert_num_queries(2 + 1 + 1):  # the login, the member with the session, the clock (the sheet is kept)
        assert client.get(reverse("session_live", args=[personas.club.slug, session.pk])).status_code == 200
