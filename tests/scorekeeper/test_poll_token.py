"""The live sheet's poll token: an unchanged poll answered with one query, and every phone that may no longer look
refused at once (scorekeeper/table/polling.py)."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session as StoredSession
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper import services
from scorekeeper.models import Member, Role, Session, TableLink
from scorekeeper.sign_in import SessionStore
from scorekeeper.table import polling

from .conftest import Personas, sauspiel, start

pytestmark = pytest.mark.django_db


class Phone:
    """A phone following a sheet as static/js/app.js does: it says the revision, shape and token it has."""

    def __init__(self, client: Client, session: Session) -> None:
        self.client = client
        self.session = session
        page = client.get(session.get_absolute_url())
        assert page.status_code == 200
        html = page.content.decode()
        self.token = re.findall(r'data-poll-token="([^"]*)"', html)[0]
        self.shows: dict[str, str] = {}
        self.remember(html)

    def remember(self, html: str) -> None:
        sheet = re.findall(r'<section id="sheet"[^>]*>', html)[0]
        self.shows.update(re.findall(r'data-(revision|shape)="([^"]*)"', sheet))

    def poll(self, **changed: str) -> Any:
        query = {"rev": self.shows["revision"], "shape": self.shows["shape"], "t": self.token, **changed}
        response = self.client.get(reverse("session_live", args=[self.session.club.slug, self.session.pk]), query)
        if response.status_code in (200, polling.STOP_POLLING) and response.content:
            self.remember(response.content.decode())
        if response.get(polling.TOKEN_HEADER):
            self.token = response[polling.TOKEN_HEADER]
        return response


def signed_in(user: Any) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def through(link: TableLink) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert client.get(link.get_absolute_url()).status_code == 302
    return client


def refused(phone: Phone, token: str | None = None) -> bool:
    """Whether the poll token (the phone's own unless given) is not good for the phone's sheet."""
    request = mock.Mock(COOKIES=phone.client.cookies and {k: m.value for k, m in phone.client.cookies.items()})
    return polling.read(request, phone.token if token is None else token, phone.session.pk) is None


def test_an_unchanged_poll_is_one_query(personas: Personas, session: Session, django_assert_num_queries: Any) -> None:
    phone = Phone(signed_in(personas.member), session)
    with django_assert_num_queries(1):
        assert phone.poll().status_code == 204


def test_a_table_links_phone_polls_with_one_query_too(
    personas: Personas, session: Session, django_assert_num_queries: Any
) -> None:
    phone = Phone(through(services.create_table_link(session=session, actor=personas.owner)), session)
    with django_assert_num_queries(1):
        assert phone.poll().status_code == 204


def test_a_save_from_another_phone_comes_with_the_next_poll(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    assert phone.poll().status_code == 204
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    changed = phone.poll()
    assert changed.status_code == 200
    assert "data-patch" in changed.content.decode()
    assert phone.shows["revision"] == str(Session.objects.get(pk=session.pk).revision)
    assert phone.poll().status_code == 204


def test_an_expired_token_goes_the_long_way_and_gets_a_fresh_one(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    old = phone.token
    with mock.patch("scorekeeper.table.polling.time.time", return_value=time.time() + polling.LIFETIME + 5):
        assert refused(phone)
        polled = phone.poll()
    assert polled.status_code == 204  # the member may still look: the full view says so
    assert phone.token != old
    assert not refused(phone)


def test_a_tampered_token_another_sessions_or_another_browsers_is_refused(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    assert not refused(phone)
    assert refused(phone, phone.token[:-2] + ("AA" if not phone.token.endswith("AA") else "BB"))
    other = Phone(signed_in(personas.member), start(personas))
    assert refused(phone, other.token)
    same_member_elsewhere = Phone(signed_in(personas.member), session)
    assert refused(phone, same_member_elsewhere.token)  # a copied token is no good without its browser's cookie


def test_a_removed_member_is_refused_at_once(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    assert phone.poll().status_code == 204
    services.remove_member(member=Member.objects.get(user=personas.member), actor=personas.owner)
    assert phone.poll().status_code == 404


def test_an_ended_table_link_is_refused_at_once(personas: Personas, session: Session) -> None:
    phone = Phone(through(services.create_table_link(session=session, actor=personas.owner)), session)
    assert phone.poll().status_code == 204
    services.expire_table_links(sessions=[session], actor=personas.owner)
    assert phone.poll().status_code == 404


def test_a_login_made_inactive_is_refused_at_once(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    personas.member.is_active = False
    personas.member.save()
    assert phone.poll().status_code == 404


def test_a_new_role_or_language_gets_the_whole_sheet(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    services.change_role(member=Member.objects.get(user=personas.member), role=Role.SCORER, actor=personas.owner)
    whole = phone.poll()
    assert whole.status_code == 200
    assert "data-patch" not in whole.content.decode()
    assert phone.shows["shape"].startswith("en.1.")
    assert phone.poll().status_code == 204
    assert phone.poll(shape=phone.shows["shape"].replace("en", "de")).status_code == 200


def test_a_closed_sheet_stops_polling(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    services.close_session(session=session, actor=personas.owner)
    closed = phone.poll()
    assert closed.status_code == polling.STOP_POLLING  # htmx stops polling the sheet it patches
    assert "data-patch" in closed.content.decode()
    again = phone.poll()  # the full view's answer: each phone asks once more at most
    assert again.status_code == polling.STOP_POLLING
    assert again["HX-Reswap"] == "none"
    assert not again.content
    page = phone.client.get(session.get_absolute_url()).content.decode()
    sheet = re.findall(r'<section id="sheet"[^>]*>', page)[0]
    assert "hx-trigger" not in sheet
    assert "data-poll-token" not in page


def test_the_short_answer_has_the_full_answers_headers(
    personas: Personas, session: Session, django_assert_num_queries: Any
) -> None:
    """Answered before the session and the user are loaded, an unchanged poll still carries every header the full
    view's 204 does (security headers and policies, language, Vary, never stored), but the fresh token."""
    phone = Phone(signed_in(personas.member), session)
    query = {"rev": phone.shows["revision"], "shape": phone.shows["shape"]}
    live = reverse("session_live", args=[session.club.slug, session.pk])
    with django_assert_num_queries(1):
        short = phone.client.get(live, {**query, "t": phone.token}, secure=True)
    full = phone.client.get(live, query, secure=True)  # no token: the view answers
    assert short.status_code == full.status_code == 204
    assert polling.TOKEN_HEADER not in short
    assert dict(short.headers) == {k: v for k, v in full.headers.items() if k != polling.TOKEN_HEADER}
    assert short["Cache-Control"] == "no-store"
    assert short["Vary"] == "Accept-Language, Cookie"
    assert "Strict-Transport-Security" in short
    assert "Content-Security-Policy" in short
    assert short["X-Frame-Options"] == "DENY"
    uncounted = phone.client.get(live, {**query, "t": phone.token}, secure=True)  # on the driver's own cursor
    assert dict(uncounted.headers) == dict(short.headers)


def test_a_database_error_on_the_short_way_goes_the_long_way(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    gone = connection.Database.OperationalError("gone")  # type: ignore[attr-defined]  # the driver's own
    with mock.patch.object(polling, "_cursor", side_effect=gone):
        answer = phone.poll()
    assert answer.status_code == 204
    assert answer[polling.TOKEN_HEADER]  # the full view's


def test_a_poll_over_plain_http_is_still_sent_to_https(personas: Personas, session: Session, settings: Any) -> None:
    phone = Phone(signed_in(personas.member), session)
    settings.SECURE_SSL_REDIRECT = True
    cookies, phone.client = phone.client.cookies, Client()  # a server started with the setting: middleware anew
    phone.client.cookies = cookies
    redirected = phone.poll()
    assert redirected.status_code == 301
    assert redirected["Location"].startswith("https://")


def test_a_poll_to_a_host_not_allowed_is_refused(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    phone.client.defaults["HTTP_HOST"] = "evil.example"
    assert phone.poll().status_code == 400


def test_a_changed_sheet_goes_to_the_full_view(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 80))
    changed = phone.poll()
    assert changed.status_code == 200
    assert changed[polling.TOKEN_HEADER]  # only the full view hands out tokens
    assert changed["Cache-Control"] == "no-store"
    assert polling.TOKEN_HEADER not in phone.poll()


def test_a_forged_token_gets_no_short_answer(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    payload, _, mac = phone.token.rpartition(".")
    number, who, clock, expires = payload.split(".")
    owner = Member.objects.get(user=personas.owner)
    forgeries = [
        f"{number}.m{owner.pk}-{owner.user_id}.{clock}.{expires}.{mac}",  # someone else's member, the phone's MAC
        f"{number}.{who}.{clock}.{int(expires) + 3600}.{mac}",  # a longer life
        f"{payload}.{mac[:-1]}ä",  # any text at all
        "",
        "nonsense",
    ]
    for forged in forgeries:
        assert refused(phone, forged)
        answer = phone.poll(t=forged)
        assert answer.status_code == 204
        assert answer[polling.TOKEN_HEADER]  # answered by the full view


def test_only_the_live_sheet_is_taken_for_a_poll(personas: Personas, session: Session) -> None:
    route = polling.live_route()
    live = reverse("session_live", args=[session.club.slug, session.pk])
    assert route.match(live[1:]) == ("", (), {"club_slug": session.club.slug, "session_id": session.pk})
    assert route.match(session.get_absolute_url()[1:]) is None
    assert route.match(f"{live[1:]}more/") is None


def test_a_password_changed_elsewhere_stops_the_phone_at_its_next_poll(personas: Personas, session: Session) -> None:
    """The unchanged poll checks the session's auth hash as the full view does: the phone's session holds the hash of
    the old password, so its next poll goes the long way, which signs it out."""
    phone = Phone(signed_in(personas.member), session)
    assert phone.poll().status_code == 204
    elsewhere = signed_in(personas.member)
    changed = {"old_password": "correct horse battery", "new_password1": NEW, "new_password2": NEW}
    assert elsewhere.post(reverse("password_change"), changed).status_code == 302
    assert phone.poll().status_code == 404
    assert signed_out(phone)


def test_a_logout_stops_every_copy_of_the_cookie_at_its_next_poll(personas: Personas, session: Session) -> None:
    phone = Phone(signed_in(personas.member), session)
    assert phone.poll().status_code == 204
    copy = Client(HTTP_ACCEPT_LANGUAGE="en")
    copy.cookies[settings.SESSION_COOKIE_NAME] = cookie(phone)
    copy.post(reverse("logout"))
    assert phone.poll().status_code == 404


NEW = "a much longer pass 7"


def cookie(phone: Phone) -> str:
    return phone.client.cookies[settings.SESSION_COOKIE_NAME].value


def signed_out(phone: Phone) -> bool:
    return not StoredSession.objects.filter(session_key=cookie(phone)).exists()


def expire_session(personas: Personas, session: Session, phone: Phone) -> None:
    StoredSession.objects.filter(session_key=cookie(phone)).update(expire_date=timezone.now() - timedelta(seconds=1))


def log_out(personas: Personas, session: Session, phone: Phone) -> None:
    StoredSession.objects.filter(session_key=cookie(phone)).delete()  # as a logout on a copy of the cookie


def change_password(personas: Personas, session: Session, phone: Phone) -> None:
    personas.member.set_password(NEW)
    personas.member.save()


def remove(personas: Personas, session: Session, phone: Phone) -> None:
    services.remove_member(member=Member.objects.get(user=personas.member), actor=personas.owner)


def deactivate(personas: Personas, session: Session, phone: Phone) -> None:
    User.objects.filter(pk=personas.member.pk).update(is_active=False)


def end_links(personas: Personas, session: Session, phone: Phone) -> None:
    services.expire_table_links(sessions=[session], actor=personas.owner)


def request_of(phone: Phone) -> Any:
    return mock.Mock(COOKIES={settings.SESSION_COOKIE_NAME: cookie(phone)})


def as_outsider(personas: Personas, session: Session, phone: Phone) -> None:
    """The outsider's own login and a good token for its membership of another club."""
    phone.client.force_login(personas.outsider)
    outsider = Member.objects.get(user=personas.outsider)
    phone.token = polling.issue(request_of(phone), session, member=outsider, link=None, clock="")


def with_another_sessions_link(personas: Personas, session: Session, phone: Phone) -> None:
    """A good token naming a live link of another session, the one this phone holds a grant for now."""
    theirs = services.create_table_link(session=start(personas), actor=personas.owner)
    without_the_grant(personas, session, phone)
    assert phone.client.get(theirs.get_absolute_url()).status_code == 302
    phone.token = polling.issue(request_of(phone), session, member=None, link=theirs, clock="")


def without_the_grant(personas: Personas, session: Session, phone: Phone) -> None:
    """The link's phone, its Django session emptied (a grant only ever comes with opening the link)."""
    store = SessionStore(cookie(phone))
    store.clear()
    store.save()


PERSONAS = {"owner": True, "scorer": True, "member": True, "link": True}
CHANGES: list[tuple[str, Any]] = [
    ("member", remove),
    ("member", deactivate),
    ("member", change_password),
    ("member", expire_session),
    ("member", log_out),
    ("member", as_outsider),
    ("link", end_links),
    ("link", expire_session),
    ("link", log_out),
    ("link", with_another_sessions_link),
    ("link", without_the_grant),
]


@pytest.mark.parametrize(
    ("who", "change"),
    [(who, None) for who in PERSONAS] + CHANGES,
    ids=[*PERSONAS, *(f"{who}-{change.__name__}" for who, change in CHANGES)],
)
def test_the_short_way_answers_exactly_when_the_full_view_would(
    personas: Personas, session: Session, who: str, change: Any
) -> None:
    """Every persona, and every change that refuses one: the unchanged poll answers 204 itself exactly when the full
    view, asked the same, answers 204 — one rule, read by both."""
    if who == "link":
        client = through(services.create_table_link(session=session, actor=personas.owner))
    else:
        client = signed_in(getattr(personas, who))
    phone = Phone(client, session)
    if change is not None:
        change(personas, session, phone)
    short = phone.poll()
    answered_short = short.status_code == 204 and polling.TOKEN_HEADER not in short
    full = phone.poll(t="")  # no token: the view answers
    assert answered_short == (full.status_code == 204) == (change is None)


def test_a_login_whose_backend_is_no_longer_listed_is_refused_at_once(
    personas: Personas, session: Session, settings: Any
) -> None:
    phone = Phone(signed_in(personas.member), session)
    assert phone.poll().status_code == 204
    settings.AUTHENTICATION_BACKENDS = [b for b in settings.AUTHENTICATION_BACKENDS if not b.endswith("ModelBackend")]
    assert phone.poll().status_code != 204
