"""A table link: a phone at the table scores one session without an account, until the link expires."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from scorekeeper import selectors, services
from scorekeeper.models import AuditEntry, Session, TableLink
from scorekeeper.words import history

from .conftest import Personas, start

pytestmark = pytest.mark.django_db

SAUSPIEL = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "61"}


def phone() -> Client:
    """A phone at the table: nobody logged in, English pages, and CSRF checked as a browser's would be."""
    return Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True)


def opened(link: TableLink) -> Client:
    """A phone that opened the link."""
    client = phone()
    response = client.get(link.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"] == link.session.get_absolute_url()
    return client


def csrf(client: Client, url: str) -> str:
    html = client.get(url).content.decode()
    return re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[0]


def post(client: Client, url: str, data: dict[str, str], *, form: str | None = None) -> int:
    """Post as the page would: with the CSRF token of the page the form is on."""
    token = csrf(client, form or url)
    return client.post(url, {**data, "csrfmiddlewaretoken": token}).status_code


def url(name: str, session: Session, *more: int) -> str:
    return reverse(name, args=[session.club.slug, session.pk, *more])


@pytest.fixture
def link(personas: Personas, session: Session) -> TableLink:
    return services.create_table_link(session=session, actor=personas.owner)


# making and ending a link -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("who", "status"), [("owner", 302), ("scorer", 302), ("member", 403), ("outsider", 404)])
def test_only_owners_and_scorers_make_a_table_link(personas: Personas, session: Session, who: str, status: int) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(getattr(personas, who))
    assert client.post(url("table_link_create", session)).status_code == status
    assert session.table_links.exists() == (status == 302)


def test_the_session_page_shows_its_scorers_the_link_and_its_qr_code(
    personas: Personas, session: Session, link: TableLink
) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(personas.scorer)
    html = client.get(session.get_absolute_url()).content.decode()
    assert f"http://testserver/t/{link.token}/" in html
    assert re.search(r'<svg viewBox="[^"]+" class="qr"><title>QR code of the table link</title>', html)
    client.force_login(personas.member)
    html = client.get(session.get_absolute_url()).content.decode()
    assert link.token not in html
    assert "Table link" not in html


def test_without_a_live_link_a_scorer_gets_a_button_to_make_one(personas: Personas, session: Session) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(personas.scorer)
    assert "Make a table link" in client.get(session.get_absolute_url()).content.decode()
    client.post(url("table_link_create", session))
    link = session.table_links.get()
    assert link.created_by == personas.scorer
    assert link.expires_at is None
    client.post(url("table_link_end", session))
    assert not TableLink.objects.live().filter(pk=link.pk).exists()
    assert "Make a table link" in client.get(session.get_absolute_url()).content.decode()


def test_making_and_ending_links_is_in_the_history(personas: Personas, session: Session) -> None:
    other = start(personas)
    services.create_table_link(session=session, actor=personas.owner, label="Round 1 · Table 1")
    services.create_table_link(session=other, actor=personas.owner)
    assert services.expire_table_links(sessions=[session, other], actor=personas.scorer) == 2
    assert services.expire_table_links(sessions=[session, other], actor=personas.scorer) == 0  # nothing live
    with override("en"):
        lines = [line.text for line in history.lines(selectors.audit_of(session), personas.club)]
    assert lines[:2] == ["Bert ended the table links of this session", "Anna made a table link for this session"]


def test_a_session_that_is_over_gets_no_link(personas: Personas, session: Session) -> None:
    services.close_session(session=session, actor=personas.owner)
    with pytest.raises(services.ServiceError):
        services.create_table_link(session=session, actor=personas.owner)


# scoring through the link -----------------------------------------------------------------------------------------


def test_a_phone_with_the_link_enters_a_deal(personas: Personas, session: Session, link: TableLink) -> None:
    client = opened(link)
    sheet = client.get(session.get_absolute_url()).content.decode()
    assert 'id="new-deal"' in sheet
    assert f'data-user="table-link-{link.pk}"' in sheet  # the outbox sends what waits for this link's holder
    assert post(client, url("deal_new", session), SAUSPIEL) == 302
    deal = session.deals.get(number=3)
    assert deal.created_by is None
    entry = AuditEntry.objects.get(deal=deal)
    assert (entry.actor, entry.table_link) == (None, link)
    with override("en"):
        (line,) = history.lines([entry], personas.club)
    assert line.text.startswith("someone entered deal 3: Sauspiel")
    assert line.text.endswith(", via the table link")


def test_a_phone_with_the_link_corrects_deletes_and_restores_a_deal(session: Session, link: TableLink) -> None:
    client = opened(link)
    first = session.deals.get(number=1)
    edit = url("deal_edit", session, first.pk)
    corrected = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": "40", "revision": "1"}
    assert post(client, edit, corrected) == 302
    first.refresh_from_db()
    assert first.facts["points"] == 40
    assert post(client, url("deal_delete", session, first.pk), {"revision": "2"}, form=edit) == 302
    first.refresh_from_db()
    assert first.is_deleted
    undo = f"{session.get_absolute_url()}?undo={first.pk}"
    assert post(client, url("deal_restore", session, first.pk), {}, form=undo) == 302
    first.refresh_from_db()
    assert not first.is_deleted


def test_a_phone_with_the_link_sees_the_live_sheet_and_the_settlement(session: Session, link: TableLink) -> None:
    client = opened(link)
    assert 'id="sheet"' in client.get(url("session_live", session)).content.decode()
    assert client.get(url("session_settlement", session)).status_code == 200
    preview = post(client, url("deal_preview", session), SAUSPIEL, form=url("deal_new", session))
    assert preview == 200


def test_the_link_opens_nothing_else_of_the_club(personas: Personas, session: Session, link: TableLink) -> None:
    client = opened(link)
    other = start(personas)
    slug = personas.club.slug
    closed = [reverse(name, args=[slug]) for name in ("club", "members", "club_history", "club_settings")]
    closed += [url(name, session) for name in ("session_history", "session_export", "session_money")]
    closed += [other.get_absolute_url(), url("deal_new", other)]
    for page in closed:
        assert client.get(page).status_code == 404, page
    token = csrf(client, session.get_absolute_url())
    for name in ("session_close", "session_reopen", "session_abandon", "session_delete", "table_link_create"):
        assert client.post(url(name, session), {"csrfmiddlewaretoken": token}).status_code == 404, name
    html = client.get(session.get_absolute_url()).content.decode()
    for name in ("club", "club_history", "members"):
        assert f'href="{reverse(name, args=[slug])}"' not in html
    assert url("session_history", session) not in html
    assert Session.objects.get(pk=session.pk).is_open


# when the link stops working --------------------------------------------------------------------------------------


def test_an_expired_link_stops_a_phone_at_once(personas: Personas, session: Session, link: TableLink) -> None:
    client = opened(link)
    form = csrf(client, url("deal_new", session))
    services.expire_table_links(sessions=[session], actor=personas.owner)
    assert client.get(session.get_absolute_url()).status_code == 404
    assert client.get(url("session_live", session)).status_code == 404
    assert client.post(url("deal_new", session), {**SAUSPIEL, "csrfmiddlewaretoken": form}).status_code == 404
    assert session.deals.count() == 2
    gone = client.get(link.get_absolute_url())
    assert gone.status_code == 410
    assert "This table link has expired" in gone.content.decode()


def test_a_link_ends_on_the_databases_clock_whatever_the_servers_says(
    personas: Personas, session: Session, link: TableLink, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link is live by the database's clock (``TableLinkQuerySet.live``): one ended by a server whose clock runs a
    second ahead, or read within the same millisecond (SQLite's clock counts no finer), is not live a moment longer."""
    ahead = timezone.now() + timedelta(seconds=1)
    monkeypatch.setattr("django.utils.timezone.now", lambda: ahead)
    services.expire_table_links(sessions=[session], actor=personas.owner)
    assert not TableLink.objects.live().filter(pk=link.pk).exists()


def test_a_link_past_its_expiry_opens_nothing(personas: Personas, session: Session) -> None:
    soon = timezone.now() + timedelta(hours=1)
    link = services.create_table_link(session=session, actor=personas.owner, expires_at=soon)
    client = opened(link)
    TableLink.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.get(session.get_absolute_url()).status_code == 404
    assert phone().get(link.get_absolute_url()).status_code == 410


def test_a_closed_sessions_link_shows_the_sheet_but_writes_nothing(
    personas: Personas, session: Session, link: TableLink
) -> None:
    client = opened(link)
    first = session.deals.get(number=1)
    form = csrf(client, url("deal_edit", session, first.pk))
    services.close_session(session=session, actor=personas.owner)
    assert client.get(session.get_absolute_url()).status_code == 200
    client.post(url("deal_new", session), {**SAUSPIEL, "csrfmiddlewaretoken": form})
    client.post(url("deal_delete", session, first.pk), {"revision": "1", "csrfmiddlewaretoken": form})
    assert session.deals.count() == 2
    assert not session.deals.filter(deleted_at__isnull=False).exists()


def test_an_unknown_token_is_a_friendly_404(session: Session) -> None:
    response = phone().get(reverse("table_link", args=["x" * 32]))
    assert response.status_code == 404
    assert "This table link has expired" in response.content.decode()


def test_a_token_of_the_wrong_shape_is_not_looked_up() -> None:
    with CaptureQueriesContext(connection) as queries:
        assert phone().get("/t/short/").status_code == 404
        assert phone().get("/t/" + "x" * 31 + "!/").status_code == 404
    assert not queries.captured_queries


# members ---------------------------------------------------------------------------------------------------------


def test_a_member_keeps_member_access(personas: Personas, session: Session, link: TableLink) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(personas.member)
    assert client.get(session.get_absolute_url()).status_code == 200
    assert client.get(url("session_history", session)).status_code == 200
    assert client.get(url("deal_new", session)).status_code == 403
    client.force_login(personas.scorer)
    client.get(link.get_absolute_url())  # a scorer who opens the link stays who they are
    client.post(url("deal_new", session), SAUSPIEL)
    entry = AuditEntry.objects.get(deal__number=3)
    assert (entry.actor, entry.table_link) == (personas.scorer, None)
    assert client.get(reverse("club", args=[personas.club.slug])).status_code == 200
