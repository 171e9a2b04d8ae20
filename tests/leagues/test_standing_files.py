"""The standing's PDF and XLSX: written once per stamp by a background task and kept in the database; the export
waits for them on a page that asks again, then hands them over; a change of results writes new ones."""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django_tasks import task_backends
from django_tasks.backends.dummy import DummyBackend

from leagues.models import Season, StandingFile
from leagues.seasons import selectors
from leagues.seasons.standing_files import FIRST_PAGE_ROWS, PAGE_ROWS, pages
from scorekeeper.models import Member
from tests.leagues.conftest import Personas, play_evening, sauspiel
from tests.test_printing import pdf_pages

pytestmark = pytest.mark.django_db


def pdf_url(personas: Personas, season: Season, fmt: str = "pdf") -> str:
    return reverse("season_export", args=[personas.club.slug, season.pk, fmt])


def pdf_text(response: Any) -> str:
    assert response["Content-Type"] == "application/pdf"
    return " ".join(pdf_pages(b"".join(response.streaming_content)))


@pytest.fixture
def queued(settings: Any) -> DummyBackend:
    """Tasks kept in a queue, as the database backend keeps them until ``db_worker`` runs them."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    backend = task_backends["default"]
    assert isinstance(backend, DummyBackend)
    return backend


def run_queued(backend: DummyBackend) -> None:
    """What ``db_worker`` does: run every task waiting, once."""
    waiting, backend.results = backend.results, []
    for result in waiting:
        result.task.call(*result.args, **result.kwargs)


@pytest.mark.pdf
def test_members_get_the_pdf_and_an_outsider_or_a_visitor_404(
    client: Client, personas: Personas, season: Season
) -> None:
    for user in (personas.owner, personas.scorer, personas.member):
        client.force_login(user)
        assert "Hirschen-Liga" in pdf_text(client.get(pdf_url(personas, season))), user
    assert StandingFile.objects.count() == 1  # printed once, handed to everyone who asked
    for login in (personas.outsider, None):
        client.logout()
        if login:
            client.force_login(login)
        assert client.get(pdf_url(personas, season)).status_code == 404
    other = Member.objects.get(user=personas.outsider).club.slug
    client.force_login(personas.outsider)
    assert client.get(reverse("season_export", args=[other, season.pk, "pdf"])).status_code == 404


@pytest.mark.pdf
def test_the_export_waits_for_the_background_task_then_hands_the_pdf_over(
    client: Client, personas: Personas, season: Season, queued: DummyBackend
) -> None:
    client.force_login(personas.member)
    waiting = client.get(pdf_url(personas, season), {"sort": "-score"})
    assert waiting.status_code == 202
    page = waiting.content.decode()
    assert "The PDF is being made …" in page
    assert '<meta http-equiv="refresh" content="3">' in page
    assert '<p role="status"><strong>The PDF is being made …</strong></p>' in page
    assert "no-cache" in waiting["Cache-Control"]
    german = client.get(pdf_url(personas, season), {"sort": "-score"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Das PDF wird erstellt …" in german
    assert "The PDF" not in german
    again = client.get(pdf_url(personas, season), {"sort": "-score"})
    assert again.status_code == 202
    assert len(queued.results) == 2  # once in English, once in German: asking again does not print it again
    run_queued(queued)
    text = pdf_text(client.get(pdf_url(personas, season), {"sort": "-score"}))
    assert "Total points" in text
    assert "Punkte gesamt" in pdf_text(
        client.get(pdf_url(personas, season), {"sort": "-score"}, HTTP_ACCEPT_LANGUAGE="de")
    )
    assert not queued.results


@pytest.mark.pdf
def test_the_database_queue_and_its_worker_write_the_pdf(
    client: Client, personas: Personas, season: Season, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}  # as in production
    # the worker closes its connection between tasks, which is the test's, holding its transaction
    monkeypatch.setattr("django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None)
    client.force_login(personas.member)
    assert client.get(pdf_url(personas, season)).status_code == 202
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    assert "Hirschen-Liga" in pdf_text(client.get(pdf_url(personas, season)))


@pytest.mark.pdf
def test_the_pdf_names_the_top_and_the_bottom_player_in_their_order(
    client: Client, personas: Personas, season: Season
) -> None:
    client.force_login(personas.member)
    text = pdf_text(client.get(pdf_url(personas, season)))
    rows = selectors.standing(season).rows
    top, bottom = rows[0].totals.name, rows[-1].totals.name
    assert top != bottom
    assert text.index(top) < text.index(bottom)


@pytest.mark.pdf
def test_a_change_of_results_prints_a_new_pdf(
    client: Client, personas: Personas, season: Season, queued: DummyBackend
) -> None:
    client.force_login(personas.member)
    client.get(pdf_url(personas, season))
    run_queued(queued)
    before = pdf_text(client.get(pdf_url(personas, season)))
    assert "-120" not in before
    play_evening(personas, datetime.date(2026, 2, 5), [sauspiel("Bert", "Dieter", 120)])
    assert client.get(pdf_url(personas, season)).status_code == 202  # not the old one: it shows other numbers
    run_queued(queued)
    after = pdf_text(client.get(pdf_url(personas, season)))
    assert after != before
    assert StandingFile.objects.count() == 1  # the old revision's PDF is gone


def test_the_xlsx_waits_for_the_background_task_too(
    client: Client, personas: Personas, season: Season, queued: DummyBackend
) -> None:
    from openpyxl import load_workbook

    client.force_login(personas.member)
    waiting = client.get(pdf_url(personas, season, "xlsx"), HTTP_ACCEPT_LANGUAGE="de")
    assert waiting.status_code == 202
    assert "Die XLSX-Datei wird erstellt …" in waiting.content.decode()
    run_queued(queued)
    response = client.get(pdf_url(personas, season, "xlsx"), HTTP_ACCEPT_LANGUAGE="de")
    assert response["Content-Disposition"].endswith('.xlsx"')
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet is not None
    values = list(sheet.iter_rows(values_only=True))
    assert values[0][:3] == ("Platz", "Tendenz", "Spieler")
    assert [v[2] for v in values[1:]] == [r.totals.name for r in selectors.standing(season).rows]


@pytest.mark.pdf
def test_the_season_report_waits_for_the_background_task_too(
    client: Client, personas: Personas, season: Season, queued: DummyBackend
) -> None:
    client.force_login(personas.member)
    url = reverse("season_report_pdf", args=[personas.club.slug, season.pk])
    waiting = client.get(url)
    assert waiting.status_code == 202
    assert f'href="{url}"' in waiting.content.decode()  # "Look now" asks for the report again
    run_queued(queued)
    assert "Hirschen-Liga" in pdf_text(client.get(url))


def test_a_page_of_the_printout_holds_a_known_number_of_rows() -> None:
    rows = [f"<tr><td>{n}</td></tr>" for n in range(FIRST_PAGE_ROWS + 2 * PAGE_ROWS + 1)]
    printed = pages(rows)
    assert [page.count("<tr>") for page in printed] == [FIRST_PAGE_ROWS, PAGE_ROWS, PAGE_ROWS, 1]
    assert "".join(printed) == "".join(rows)
    assert pages([]) == []
