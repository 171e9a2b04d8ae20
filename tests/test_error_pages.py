"""The site's own 403, 404 and 500 pages: in its design and the visitor's language."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.scorekeeper.conftest import Personas, personas

pytestmark = pytest.mark.django_db
__all__ = ["personas"]


@pytest.mark.parametrize(("language", "text"), [("de", "Seite nicht gefunden"), ("en", "Page not found")])
def test_a_missing_page_is_ours_in_the_visitors_language(client: Client, language: str, text: str) -> None:
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert response.status_code == 404
    assert text in body
    assert f'<html lang="{language}">' in body
    assert 'id="main"' in body


def test_a_forbidden_page_is_ours_and_says_why(client: Client, personas: Personas) -> None:
    client.force_login(personas.member)
    response = client.get(reverse("club_settings", args=[personas.club.slug]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 403
    assert "Keine Berechtigung" in response.content.decode()


def test_the_server_error_page_needs_no_request_and_speaks_german() -> None:
    with translation.override("de"):
        body = render_to_string("500.html")
    assert "Etwas ist schiefgegangen" in body
    assert '<html lang="de">' in body
