"""The installable app: the web manifest and the service worker, as the server answers them."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db


def csp(response: Any) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in (p.strip() for p in policy.split(";")) if part}


def test_the_manifest_makes_the_app_installable(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == manifest["short_name"] == "Schreiber"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1f5f45"  # the top bar's green in app.css
    assert manifest["background_color"] == "#f4f2ec"
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    for src in icons.values():
        assert src.startswith("/static/img/")
        assert finders.find(src.removeprefix("/static/")), src


def test_the_manifest_needs_no_login_and_is_linked_from_every_page(client: Client) -> None:
    # A browser fetches the manifest without cookies; the login page links it like every page does.
    page = client.get("/login/")
    assert b'<link rel="manifest" href="/manifest.webmanifest">' in page.content
    assert "'self'" in csp(page)["manifest-src"]
    assert b'src="/static/js/outbox.js"' in page.content
    assert b'src="/static/js/offline.js"' in page.content


def test_the_service_worker_is_served_from_the_root_and_never_cached(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert "max-age=0" in response["Cache-Control"]
    source = response.content.decode()
    assert 'self.addEventListener("fetch"' in source
    first, rest = source.split("\n", 1)
    assert first == 'importScripts("/static/js/outbox.js");'  # the outbox the pages open too
    assert rest == Path(str(finders.find("js/sw.js"))).read_text(encoding="utf-8")


def test_the_policy_lets_the_worker_and_the_manifest_load_but_nothing_inline(client: Client) -> None:
    policy = csp(client.get("/"))
    assert policy["worker-src"] == ["'self'"]
    assert policy["manifest-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # no 'unsafe-inline', no 'unsafe-eval'


def test_only_get_reaches_the_worker_and_the_manifest(client: Client) -> None:
    assert client.post("/sw.js").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405


def test_a_session_page_carries_what_the_offline_script_needs(client: Client, make_user: Any) -> None:
    from scorekeeper import services

    owner = make_user("anna")
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in ("Bert", "Caro", "Dieter")]
    session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="classic", players=players
    )
    client.force_login(owner)
    page = client.get(session.get_absolute_url()).content.decode()
    assert f'data-session-url="{session.get_absolute_url()}"' in page
    assert f'data-deal-url="{session.get_absolute_url()}deal/"' in page
    assert f'data-user="{owner.pk}"' in page
    assert 'role="status"' in page
    assert "data-offline-since=" in page
    assert "{time}" in page
    assert '<form method="post" action="/logout/" data-logout>' in page


def _deal_form(client: Client, url: str) -> dict[str, str]:
    html = client.get(url).content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', html).group(1)  # type: ignore[union-attr]
        for name in ("csrfmiddlewaretoken", "number", "dealer", "client_token")
    }


def test_a_kept_entry_page_can_still_post_later(make_user: Any) -> None:
    """What the phone kept offline posts later as it was: the page's masked CSRF token stays valid (the cookie's
    secret does not change until the next login), the dealer may be left to the server, and a resend of the same
    client token adds nothing."""
    from scorekeeper import services

    owner = make_user("anna")
    club = services.create_club(owner=owner, name="Stammtisch", owner_name="Anna")
    players = [club.members.get()] + [services.add_member(club=club, name=n) for n in ("Bert", "Caro", "Dieter")]
    session = services.start_session(
        club=club, actor=owner, game="schafkopf", rules="classic", tariff="classic", players=players
    )
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    url = f"{session.get_absolute_url()}deal/"
    kept = _deal_form(client, url)
    for _ in range(3):  # the phone goes on using the app: every page masks the token anew
        client.get(session.get_absolute_url())
        _deal_form(client, url)
    deal = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": "61"}
    first = client.post(url, {**kept, **deal})
    assert first.status_code == 302
    assert first["Location"] == f"{session.get_absolute_url()}#sheet"
    # The next deal entered offline: number + 1, its own token, who deals unknown (left to the server).
    second = {**kept, **deal, "number": "2", "dealer": "", "client_token": str(uuid.uuid4()), "declarer": "Bert"}
    assert client.post(url, second).status_code == 302
    assert client.post(url, second).status_code == 302  # sent twice: a lost answer, a second tab
    session.refresh_from_db()
    deals = list(session.deals.order_by("number"))
    assert [(d.number, d.facts["declarer"]) for d in deals] == [(1, "Anna"), (2, "Bert")]
    assert deals[1].facts["dealer"] == "Bert"  # derived: the deal passes on to the left
    # A deal number another phone took meanwhile: nothing written, the choice is the scorer's.
    taken = client.post(url, {**second, "client_token": str(uuid.uuid4()), "declarer": "Caro"})
    assert taken.status_code == 409
    assert session.deals.count() == 2
