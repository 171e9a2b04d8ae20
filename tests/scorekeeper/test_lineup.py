"""Players who leave or join mid-evening: stored between deals, read by the one replay, shown and settled."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any, cast

import pytest
from django.urls import reverse

from scorekeeper import engine, services
from scorekeeper.interchange.backup import export_club, import_club
from scorekeeper.models import AuditEntry, Session
from scorekeeper.services.errors import ServiceError
from scorekeeper.services.lineup import player_joins, player_leaves
from scorekeeper.stored.documents import export_document, session_document
from tests.test_printing import needs_weasyprint

from .conftest import Personas, sauspiel
from .test_club_layer import comparable


def deal(session: Session, personas: Personas, declarer: str, partner: str, points: int = 72) -> None:
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel(declarer, partner, points))


def leaves(session: Session, personas: Personas, name: str) -> None:
    session.refresh_from_db()
    player_leaves(session=session, actor=personas.scorer, name=name, revision=session.revision)


def joins(session: Session, personas: Personas, player: str, seat: int | None = None) -> None:
    session.refresh_from_db()
    who = personas.players.get(player) or player
    player_joins(session=session, actor=personas.scorer, player=who, table_seat=seat, revision=session.revision)


def test_a_fifth_joins_then_one_leaves_and_everyone_settles(personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil", seat=5)
    session.refresh_from_db()
    assert session.totals[-1] == 0
    assert len(session.totals) == 5
    deal(session, personas, "Anna", "Bert")  # deal 3: Caro deals and sits out
    leaves(session, personas, "Caro")
    deal(session, personas, "Anna", "Emil")  # deal 4: Dieter deals, four play
    session.refresh_from_db()
    rows = [cast(dict[str, Any], d.result) for d in session.deals.order_by("sequence")]
    assert [result["dealer"] for result in rows] == ["Anna", "Bert", "Caro", "Dieter"]
    assert rows[2]["out"] == ["Caro"]
    assert rows[3]["out"] == []
    assert rows[3]["away"] == ["Caro"]
    assert rows[0]["away"] == ["Emil"]
    assert sum(session.totals) == 0
    caro = [s.name for s in session.seats.all()].index("Caro")
    assert session.totals[caro] == rows[1]["totals"][caro]  # she keeps what she had when she left
    document = export_document(session)
    assert document["players"] == ["Anna", "Bert", "Caro", "Dieter"]
    assert [{k: v for k, v in c.items() if k != "at"} for c in document["lineup"]] == [
        {"after": 2, "joins": "Emil", "seat": 5},
        {"after": 3, "leaves": "Caro"},
    ]
    actions = list(session.audit_entries.values_list("action", flat=True))
    assert AuditEntry.Action.PLAYER_JOINED in actions
    assert AuditEntry.Action.PLAYER_LEFT in actions


def test_deleting_a_deal_before_the_change_keeps_the_change_where_it_was(personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Bert")
    first = session.deals.order_by("sequence").first()
    assert first is not None
    services.delete_deal(deal=first, actor=personas.scorer, revision=first.revision)
    document = session_document(session)
    assert document["lineup"][0]["after"] == 1
    restored = session.deals.get(pk=first.pk)
    services.restore_deal(deal=restored, actor=personas.scorer)
    assert session_document(session)["lineup"][0]["after"] == 2


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda s, p: leaves(s, p, "Anna"), "leaves", "needs at least 4 players"),
        (lambda s, p: joins(s, p, "Anna"), "joins", "already at the table"),
        (lambda s, p: joins(s, p, "Emil", seat=9), "seat", "from 1 to 5"),
        (lambda s, p: leaves(s, p, "Nobody"), "leaves", "Choose who leaves"),
    ],
)
def test_a_change_the_table_cannot_take_is_refused_at_its_field(
    personas: Personas, session: Session, change, field: str, words: str
) -> None:
    session.refresh_from_db()
    before = session.revision
    with pytest.raises(ServiceError) as refused:
        change(session, personas)
    assert words in refused.value.errors[field][0]
    session.refresh_from_db()
    assert session.revision == before
    assert not session.lineup_changes.exists()
    assert session.seats.count() == 4


def test_the_sheet_the_settlement_and_the_pdf_show_the_change(client, personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Bert")
    leaves(session, personas, "Caro")
    client.force_login(personas.member)
    page = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Emil joined, seat 5" in page
    assert "Caro left" in page
    settlement = client.get(reverse("session_settlement", args=[personas.club.slug, session.pk])).content.decode()
    assert "Caro" in settlement
    assert "Emil" in settlement


def players_url(personas: Personas, session: Session) -> str:
    return reverse("session_players", args=[personas.club.slug, session.pk])


@pytest.mark.parametrize("who", ["owner", "scorer"])
def test_an_owner_or_scorer_notes_a_leave_and_a_join_on_the_players_page(
    client, personas: Personas, session: Session, who: str
) -> None:
    client.force_login(getattr(personas, who))
    url = players_url(personas, session)
    page = client.get(url)
    assert page.status_code == 200
    session.refresh_from_db()
    joined = client.post(
        url, {"step": "join", "join-guest": "Dora", "join-seat": "3", "join-revision": session.revision}
    )
    assert joined.status_code == 302
    session.refresh_from_db()
    left = client.post(url, {"step": "leave", "leave-leaves": "Caro", "leave-revision": session.revision})
    assert left.status_code == 302
    sheet = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Dora joined, seat 3" in sheet
    assert "Caro left" in sheet
    history = client.get(reverse("session_history", args=[personas.club.slug, session.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert "noted that Dora joined the table after deal 2, at seat 3" in history.content.decode()
    assert "noted that Caro left the table after deal 2" in history.content.decode()
    german = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dora kam dazu, Platz 3" in german
    assert "Caro ging" in german


def test_a_member_may_not_change_the_players_and_an_outsider_finds_nothing(
    client, personas: Personas, session: Session
) -> None:
    url = players_url(personas, session)
    client.force_login(personas.member)
    assert client.get(url).status_code == 403
    assert client.post(url, {"step": "leave", "leave-leaves": "Caro", "leave-revision": 0}).status_code == 403
    client.force_login(personas.outsider)
    assert client.get(url).status_code == 404
    assert not session.lineup_changes.exists()


def test_bad_input_on_the_players_page_is_a_sentence_at_its_field(client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = players_url(personas, session)
    session.refresh_from_db()
    nobody = client.post(url, {"step": "join", "join-guest": "", "join-revision": session.revision})
    # the scorer reads German (as the table talks): every refusal is a sentence at its field
    assert "Wähle ein Mitglied oder gib den Namen eines Gastes ein." in nobody.content.decode()
    too_few = client.post(url, {"step": "leave", "leave-leaves": "Anna", "leave-revision": session.revision})
    assert (
        "Anna kann nicht gehen: Schafkopf braucht nach diesen Regeln mindestens 4 Spieler" in too_few.content.decode()
    )
    stale = client.post(url, {"step": "leave", "leave-leaves": "Anna", "leave-revision": session.revision - 1})
    assert "Die Liste hat sich inzwischen geändert" in stale.content.decode()
    garbage = client.post(url, {"step": "join", "join-guest": "Dora", "join-seat": "x", "join-revision": "y"})
    assert garbage.status_code == 200
    assert not session.lineup_changes.exists()


def test_an_export_with_players_who_left_and_joined_imports_and_settles_the_same(
    personas: Personas, session: Session
) -> None:
    joins(session, personas, "Emil", seat=2)
    deal(session, personas, "Anna", "Emil")
    leaves(session, personas, "Dieter")
    deal(session, personas, "Emil", "Caro")
    session.refresh_from_db()
    document = export_document(session)
    settled = engine.settle_document(engine.load(document), engine.load(document).results())
    assert settled["players"] == ["Anna", "Bert", "Caro", "Dieter", "Emil"]
    assert settled["deals"][3]["away"] == ["Dieter"]
    assert [c.get("joins") or c.get("leaves") for d in settled["deals"] for c in d.get("lineup", [])] == [
        "Emil",
        "Dieter",
    ]
    imported = services.import_session(club=personas.club, document=document)
    assert imported.totals == session.totals
    again = export_document(imported)
    assert again["lineup"] == document["lineup"]
    assert again["players"] == document["players"]
    assert again["deals"] == document["deals"]


def test_a_document_without_lineup_reads_as_before(personas: Personas, session: Session) -> None:
    document = export_document(session)
    assert "lineup" not in document
    parsed = engine.load(document)
    assert parsed.seating() == parsed.players == ("Anna", "Bert", "Caro", "Dieter")
    assert "away" not in engine.settle_document(parsed, parsed.results())["deals"][0]


def test_a_club_backup_carries_the_players_who_left_and_joined(client, personas: Personas, session: Session) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Bert")
    leaves(session, personas, "Caro")
    doc = export_club(personas.club)
    assert [len(s.get("lineup", [])) for s in doc["sessions"]] == [2]
    restored = import_club(document=json.loads(json.dumps(doc)), slug="copy")
    copy = restored.club.sessions.get()
    assert comparable(export_club(restored.club)) == comparable(doc)
    assert export_document(copy)["lineup"] == export_document(session)["lineup"]
    client.force_login(personas.owner)
    page = client.get(copy.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Emil joined, seat 5" in page
    assert "Caro left" in page


@pytest.mark.pdf
@needs_weasyprint
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="reading the PDF needs poppler's pdftotext")
def test_the_settlement_pdf_writes_the_changes_and_settles_who_left(
    client, personas: Personas, session: Session, tmp_path
) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Bert", 40)
    leaves(session, personas, "Caro")
    deal(session, personas, "Emil", "Dieter", 90)
    client.force_login(personas.member)
    pdf = client.get(
        reverse("session_settlement_pdf", args=[personas.club.slug, session.pk]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert pdf.status_code == 200
    path = tmp_path / "settlement.pdf"
    path.write_bytes(b"".join(pdf.streaming_content))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert re.search(r"\d\d:\d\d Emil joined, seat 5", text)
    assert re.search(r"\d\d:\d\d Caro left", text)
    session.refresh_from_db()
    caro = session.totals[2]
    assert caro != 0
    assert re.search(rf"Caro\s.*{abs(caro) // 10}\.\d\d", text)  # she settles what she had when she left


def test_correcting_a_deal_before_the_change_replays_the_rest_and_forms_offer_who_sat_at_the_table(
    client, personas: Personas, session: Session
) -> None:
    joins(session, personas, "Emil")
    deal(session, personas, "Anna", "Emil")  # deal 3: Caro deals, sits out
    leaves(session, personas, "Bert")
    deal(session, personas, "Emil", "Dieter")  # deal 4: Dieter deals; Anna, Caro, Dieter, Emil play
    first = session.deals.get(number=1)
    services.correct_deal(
        deal=first, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 30), revision=first.revision
    )
    session.refresh_from_db()
    assert sum(session.totals) == 0
    last = session.deals.get(number=4)
    assert last.result is not None
    assert last.result["away"] == ["Bert"]
    client.force_login(personas.scorer)
    slug = personas.club.slug
    early = client.get(reverse("deal_edit", args=[slug, session.pk, first.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert early.status_code == 200
    assert "Emil" not in early.content.decode().split("<main", 1)[1].split("</main>", 1)[0].split("<table", 1)[0]
    inserted = client.get(reverse("deal_new", args=[slug, session.pk]) + f"?before={last.pk}")
    assert inserted.status_code == 200
    services.close_session(session=session, actor=personas.owner)
    bert = session.player_results.get(name="Bert")
    emil = session.player_results.get(name="Emil")
    assert (bert.deals_played, bert.deals_out) == (3, 0)  # he left after deal 3
    assert (emil.deals_played, emil.deals_out) == (2, 0)  # he joined after deal 2
    assert sum(r.money_cents for r in session.player_results.all()) == 0


def test_the_pflichtsolo_reminder_names_only_players_at_the_table(client, personas: Personas) -> None:
    names = ["Anna", "Bert", "Caro", "Dieter", "Emil"]
    session = services.start_session(
        club=personas.club,
        actor=personas.owner,
        game="doppelkopf",
        players=[personas.players[n] for n in names],
        rules="ddv",
        tariff=None,
    )
    leaves(session, personas, "Emil")
    client.force_login(personas.scorer)
    args = [personas.club.slug, session.pk]
    for url in (session.get_absolute_url(), reverse("deal_new", args=args)):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        owed = re.search(r"Pflichtsolo still owed by ([^<]*)<", page)
        if owed:
            assert "Emil" not in owed.group(1), url
        assert "Emil" not in re.sub(r"\s+", " ", page.partition('id="pflichtsolo-owing"')[2].partition("</script>")[0])
    sheet = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r"Pflichtsolo still owed by Anna, Bert, Caro, Dieter<", sheet)
    assert f'href="{reverse("session_players", args=args)}"' in sheet  # any other table may change its players
