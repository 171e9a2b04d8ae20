"""A club's backup restored where it is meant to be restored: into an EMPTY database (issue 21's acceptance). The
club is built, its pages read and its backup written; then every row goes, ``import_club`` restores it under its own
short name, and the export and pages of the restored club match the original's. A second restore is refused."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings

from leagues.models import LeagueClub
from leagues.seasons import services as league_services
from scorekeeper.interchange.backup import export_club
from scorekeeper.models import Club
from tests.leagues.test_club_backup_leagues import RANDOM_CLUBS, club_a, comparable, pages, random_club
from tests.scorekeeper.conftest import Personas, build_personas, session
from tests.scorekeeper.test_club_backup_roundtrip import kept

__all__ = ["kept", "session"]  # the fixtures of the scorekeeper's own round trip

pytestmark = pytest.mark.django_db(transaction=True)  # flush is refused inside a test's transaction
APPS = ("scorekeeper", "leagues", "auth", "contenttypes")


def rows() -> dict[str, int]:
    """The rows of every model of the apps a club backup touches (and the logins and content types beside them)."""
    return {
        model._meta.label: model._default_manager.count()
        for label in APPS
        for model in apps.get_app_config(label).get_models()
    }


def empty_the_database() -> None:
    call_command("flush", interactive=False, inhibit_post_migrate=True, verbosity=0)
    assert not any(rows().values()), rows()


def restore(path: Path) -> str:
    """``import_club`` without ``--slug``: the club comes back under the short name in the document."""
    out = io.StringIO()
    call_command("import_club", str(path), stdout=out)
    return out.getvalue()


def back_up(club: Club, client: Client, tmp_path: Path) -> tuple[Path, list[str]]:
    """The club's backup (written by the command) and its pages as its owner reads them."""
    owner = club.members.get(role="owner").user
    assert owner is not None
    client.force_login(owner)
    path = tmp_path / "club.json"
    call_command("export_club", club.slug, str(path), stdout=io.StringIO())
    return path, pages(client, club)


def restored_matches(client: Client, path: Path, before: list[str], expected: dict[str, Any]) -> Club:
    """The restored club exports the expected document (apart from ids, tokens and times) and reads the same pages
    to its restored owner."""
    club = Club.objects.get(slug=json.loads(path.read_text(encoding="utf-8"))["club"]["slug"])
    client.force_login(User.objects.get(username="anna"))
    assert comparable(export_club(club)) == expected
    assert pages(client, club) == before
    return club


def test_club_a_restores_into_an_empty_database_and_a_second_restore_is_refused(
    client: Client, personas: Personas, tmp_path: Path, capsys: Any
) -> None:
    club = club_a(personas)
    joined = LeagueClub.objects.get(league__club=club, club__slug="other-club")
    league_services.leave_league(invitation=joined, actor=personas.outsider)  # no results of another club
    path, before = back_up(club, client, tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    audit_entries = len(doc["audit"])
    empty_the_database()

    output = restore(path).splitlines()
    assert output[0] == (
        "Restored Stammtisch Zum Hirschen as stammtisch-zum-hirschen: 13 members, 8 sessions, 101 deals, "
        f"{audit_entries} audit entries, 1 league, 1 season, 3 tournaments, 24 participants, "
        "3 tournament rounds, 6 tournament tables, 2 penalties."
    )
    assert output[1:] == [
        "Not in the backup: table links 2: a table link's token is a secret: make new ones on the session pages",
        "Not in the backup: league Kreisliga: founded by Other club (other-club): its backup carries it; this club "
        "joins it again when invited again",
        "Not restored: league Hirschen-Liga: the invitation of Dritter Club (dritter-club): no club of that short "
        "name here",
        "New logins without a password (set one with manage.py changepassword): anna, bert, caro",
    ]
    # The invitation of a club this database does not have cannot come back; everything else does.
    doc["leagues"][0]["clubs"] = []
    restored = restored_matches(client, path, before, comparable(doc))
    assert restored.slug == club.slug

    counted = rows()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_club", str(path), stdout=io.StringIO())
    assert exit_.value.code == 2
    assert capsys.readouterr().err.strip() == "A club with the short name stammtisch-zum-hirschen exists already."
    assert rows() == counted


def test_the_scorekeeper_kinds_restore_into_an_empty_database(client: Client, kept: Club, tmp_path: Path) -> None:
    """House rules, a guest, a corrected and a deleted deal, a pot carried from a closed session into an open one."""
    path, before = back_up(kept, client, tmp_path)
    expected = comparable(json.loads(path.read_text(encoding="utf-8")))
    empty_the_database()
    output = restore(path)
    assert output.startswith(
        "Restored Stammtisch Zum Hirschen as stammtisch-zum-hirschen: 6 members, 1 house rule, 2 sessions, 4 deals, "
    )
    restored_matches(client, path, before, expected)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(**RANDOM_CLUBS)
def test_random_clubs_restore_into_an_empty_database(
    client: Client, make_user: Any, tmp_path_factory: Any, **club: Any
) -> None:
    empty_the_database()  # each example starts from nothing (the one before left its restore behind)
    personas = build_personas(make_user)
    random_club(personas, **club)
    path, before = back_up(personas.club, client, tmp_path_factory.mktemp("random"))
    expected = comparable(json.loads(path.read_text(encoding="utf-8")))
    empty_the_database()
    assert restore(path).startswith("Restored Stammtisch Zum Hirschen as stammtisch-zum-hirschen: ")
    restored_matches(client, path, before, expected)
