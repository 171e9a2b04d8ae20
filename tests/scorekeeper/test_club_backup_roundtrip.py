"""A club's backup restored: the same document back and the same settlement pages; an older document without the
parts of other apps still restores; a bad value anywhere is refused whole, with its path (issue 21, fault 3)."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorekeeper import services
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.interchange.club_document import PARTS
from scorekeeper.models import AuditEntry, Club, Member, Session
from tests.scorekeeper.conftest import Personas, sauspiel, start
from tests.scorekeeper.test_club_layer import comparable

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(personas: Personas, session: Session) -> Club:
    """Every kind the scorekeeper keeps: members and a guest, house rules, a closed session whose pot carries into an
    open one, a corrected and a deleted deal, and the history of it all."""
    owner = personas.owner
    services.add_member(club=personas.club, name="Gast Gustav", is_guest=True)
    services.save_house_rules(club=personas.club, name="Dienstag", game="schafkopf", rules="classic",
                              tariff="10/20/50", cents_per_point=10)  # fmt: skip
    first = session.deals.get(number=1)
    services.correct_deal(deal=first, actor=owner, facts=sauspiel("Anna", "Caro", 81), revision=first.revision)
    services.close_session(session=session, actor=owner)
    later = start(personas, cents_per_point=5)
    for points in (40, 90):
        services.record_deal(session=later, actor=personas.scorer, facts=sauspiel("Bert", "Dieter", points))
    gone = later.deals.get(number=1)
    services.delete_deal(deal=gone, actor=owner, revision=gone.revision)
    return personas.club


def settlement_pages(client: Client, club: Club) -> list[str]:
    texts = []
    for session in club.sessions.order_by("pk"):
        response = client.get(reverse("session_settlement", args=[club.slug, session.pk]))
        assert response.status_code == 200
        html = response.content.decode()
        main = html[html.index("<main") : html.index("</main>")]
        texts.append(" ".join(re.sub(r"<[^>]+>", " ", main).split()))
    return texts


def test_every_kind_round_trips_and_the_settlements_read_the_same(
    client: Client, personas: Personas, kept: Club
) -> None:
    client.force_login(personas.owner)
    before = settlement_pages(client, kept)
    doc = export_club(kept)
    restored = import_club(document=json.loads(json.dumps(doc)), slug="copy")
    assert dict(restored.counts) == {
        "members": 6, "house rules": 1, "sessions": 2, "deals": 4, "audit entries": len(doc["audit"]),
    }  # fmt: skip
    assert comparable(export_club(restored.club)) == comparable(doc)
    assert settlement_pages(client, restored.club) == before
    entry = restored.club.audit_entries.get(action=AuditEntry.Action.CLUB_IMPORTED)
    assert entry.after is not None
    assert entry.after["restored"]["sessions"] == 2


def test_a_document_without_the_newer_keys_still_restores(personas: Personas, kept: Club, tmp_path: Path) -> None:
    """A backup written before leagues and tournaments travelled (and before the history kept revisions)."""
    doc = export_club(kept)
    for key in (*PARTS, "not_carried"):
        doc.pop(key)
    for entry in doc["audit"]:
        entry.pop("revision")
        entry.pop("effect")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    call_command("import_club", str(path), "--slug", "old", stdout=out)
    assert out.getvalue().startswith("Restored Stammtisch Zum Hirschen as old: 6 members, 1 house rule, 2 sessions,")
    assert Club.objects.get(slug="old").sessions.count() == 2


def test_a_list_for_is_guest_is_refused_by_the_command_and_nothing_written(
    personas: Personas, kept: Club, tmp_path: Path
) -> None:
    """Fault 3: an uncaught ValidationError in import_club."""
    doc = export_club(kept)
    doc["members"][1]["is_guest"] = [True]
    path = tmp_path / "club.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_club", str(path), "--slug", "copy", stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    assert err.getvalue().strip() == "members[1].is_guest: [True] where true or false was expected."
    assert not Club.objects.filter(slug="copy").exists()


JUNK: list[tuple[str, Any, str]] = [
    ("members.0.name", "Anna\x00", "members[0].name: a text cannot hold a NUL character."),
    ("members.0.role", "king", "members[0].role"),
    ("members.0.user", ["anna"], "members[0].user: ['anna'] is not in the backup."),
    ("house_rules.0.cents_per_point", "10", "house_rules[0].cents_per_point: '10' where a whole number was expected."),
    ("sessions.0.cents_per_point", 2**63, "sessions[0].cents_per_point"),
    ("sessions.0.revision", True, "sessions[0].revision: True where a whole number was expected."),
    ("sessions.0.played_on", 20260101, "sessions[0].played_on: a date was expected."),
    ("sessions.0.seats.0.member", 10**9, "sessions[0].seats[0].member: 1000000000 is not in the backup."),
    ("sessions.0.deals.0.extra", 1, "sessions[0].deals[0].extra: This entry is not known here."),
    ("sessions.0.deals.0.created_at", [], "sessions[0].deals[0].created_at: a date and time was expected."),
    ("sessions.0.deals", {}, "sessions[0].deals: This cannot be read (dict)."),
    ("club.name", "", "club.name"),
    ("club.currency", 978, "club.currency: 978 where text was expected."),
    ("audit.0.action", "x" * 10_000, "audit[0].action"),
    ("users.0", "anna", "users[0]: This cannot be read (str)."),
    ("surprise", 1, "surprise: This entry is not known here."),
]


@pytest.mark.parametrize(("path", "value", "message"), JUNK, ids=[path for path, _, _ in JUNK])
def test_a_bad_value_anywhere_is_one_clear_refusal_and_nothing_written(
    kept: Club, path: str, value: Any, message: str
) -> None:
    doc = copy.deepcopy(export_club(kept))
    *parents, last = path.split(".")
    target: Any = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value
    clubs, members = Club.objects.count(), Member.objects.count()
    with pytest.raises(services.ServiceError) as refused:
        import_club(document=doc, slug="copy")
    assert message in str(refused.value)
    assert (Club.objects.count(), Member.objects.count()) == (clubs, members)


def test_every_problem_of_the_documents_shape_is_named_at_once(kept: Club) -> None:
    """The reader goes on past the first problem: each is one fault, with its path, for the author and the table."""
    doc = copy.deepcopy(export_club(kept))
    doc["members"][0]["extra"] = 1
    del doc["sessions"][0]["deals"][0]["facts"]
    doc["audit"] = {}
    with pytest.raises(services.ServiceError) as refused:
        import_club(document=doc, slug="copy")
    assert [fault.for_author for fault in refused.value.faults] == [
        "members[0].extra: Unknown field (known: id, name, role, is_guest, user, joined_at).",
        "sessions[0].deals[0].facts: This field is required.",
        "audit: This must be a list, not dict.",
    ]
    assert [fault.code for fault in refused.value.faults] == ["unknown_field", "missing", "not_list"]
    assert not Club.objects.filter(slug="copy").exists()
