"""What the heavy pages of a table do once, not on every request: the table link's QR code drawn once, the seats read
once, a member's access and the session read in one query (raw SQL, the models as the ORM reads them)."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

import pytest
import segno
from django.core.cache import cache
from django.db.models import Model
from django.db.models.sql.compiler import SQLCompiler
from django.http import Http404
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper import access, services
from scorekeeper.models import Club, Member, Session, TableLink

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
    with mock.patch("schreiber.web.qr.segno.make", wraps=segno.make) as make:
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


def fields(instance: Model) -> dict[str, Any]:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}


def test_access_reads_the_models_the_orm_would(personas: Personas, session: Session) -> None:
    """The member, the session and a table link of every request (and the live link a sheet shows) are read by raw
    SQL: values converted as the ORM converts them (JSON, times, flags), the related models at hand, an outsider or
    another club's session none."""
    Session.objects.filter(pk=session.pk).update(round={"deals": 2}, closed_at=timezone.now())
    member, found = access.membership_and_session(personas.scorer, personas.club.slug, session.pk) or (None, None)
    assert member is not None
    assert found is not None
    assert fields(member) == fields(Member.objects.get(club=personas.club, user=personas.scorer))
    assert fields(found) == fields(Session.objects.get(pk=session.pk))
    assert member.club is found.club
    assert fields(found.club) == fields(personas.club)
    assert member.user is personas.scorer
    alone = access.membership(personas.scorer, personas.club.slug)
    assert fields(alone) == fields(member)
    assert fields(alone.club) == fields(personas.club)
    with pytest.raises(Http404):
        access.membership(personas.outsider, personas.club.slug)
    assert access.membership_and_session(personas.outsider, personas.club.slug, session.pk) is None
    other_club = Club.objects.get(members__user=personas.outsider).slug  # the outsider's own club, not the session's
    assert access.membership_and_session(personas.outsider, other_club, session.pk) is None
    ended = services.create_table_link(session=session, actor=personas.owner, expires_at=timezone.now())
    assert access.table_link(ended.token) is None  # the table link of every request is a live one
    assert access.table_link("x" * 32) is None
    assert access.live_table_link(found) is None  # the one link has expired
    live = services.create_table_link(session=session, actor=personas.owner)
    read = access.table_link(live.token)
    assert read is not None
    assert fields(read) == fields(TableLink.objects.get(pk=live.pk))
    assert fields(read.session) == fields(found)
    assert fields(read.session.club) == fields(personas.club)
    shown = access.live_table_link(found)
    assert shown is not None
    assert fields(shown) == fields(TableLink.objects.get(pk=live.pk))
    assert shown.session is found


def test_access_compiles_its_querysets_once(personas: Personas, session: Session) -> None:
    """Who may look is a queryset, its SQL compiled at first use: a request's reads build no query."""

    def read_all() -> None:
        assert access.membership(personas.scorer, personas.club.slug) is not None
        assert access.membership_and_session(personas.scorer, personas.club.slug, session.pk) is not None
        assert access.table_link(link.token) is not None
        assert access.live_table_link(session) is not None

    link = services.create_table_link(session=session, actor=personas.owner)
    read_all()
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        read_all()


def test_an_address_naming_a_session_beyond_any_key_is_a_404(personas: Personas, session: Session) -> None:
    """The raw read is not asked for a number no 64-bit key holds (SQLite refuses one as a parameter)."""
    client = signed_in(personas.owner)
    for session_id in (2**63, 10**30):
        for name in ("session", "session_live", "deal_new"):
            assert client.get(reverse(name, args=[personas.club.slug, session_id])).status_code == 404
