"""Every write goes through a service: checked by the engine first, all or nothing, audited."""

from __future__ import annotations

import uuid

import pytest

from scorekeeper import engine, services
from scorekeeper.models import AuditEntry, Deal, Member, PotPolicy, Session
from scorekeeper.stored.documents import export_document
from scorekeeper.table.reads import sheet_of

from .conftest import FOUR, Personas, sauspiel, start

pytestmark = pytest.mark.django_db


def test_a_session_freezes_the_complete_rules_and_tariff(personas: Personas) -> None:
    session = start(personas, rules={"preset": "classic", "klopfen": True})
    assert session.rules["preset"] == "classic"
    assert session.rules["klopfen"] is True
    assert session.rules["kontra_max"] == 2  # every option is stored, not just the override
    assert session.tariff is not None
    assert session.tariff["sauspiel"] == 20
    assert [s.name for s in session.seats.all()] == FOUR
    assert session.audit_entries.get().action == AuditEntry.Action.SESSION_STARTED


def test_an_unknown_option_is_refused_naming_it(personas: Personas) -> None:
    with pytest.raises(services.DealRejected) as raised:
        start(personas, rules={"preset": "classic", "kontra_maximum": 3})
    assert "kontra_maximum" in str(raised.value.errors["rules"])
    assert not Session.objects.exists()


def test_the_wrong_number_of_players_is_refused(personas: Personas) -> None:
    with pytest.raises(services.DealRejected) as raised:
        start(personas, names=["Anna", "Bert", "Caro"])
    assert "players" in raised.value.errors


def test_a_guest_joins_the_club_by_name_when_a_session_starts(personas: Personas) -> None:
    session = services.start_session(
        club=personas.club,
        actor=personas.owner,
        game="schafkopf",
        rules="classic",
        tariff="classic",
        players=["Anna", "bert", "Caro", "Zenzi"],
    )
    assert [s.name for s in session.seats.all()] == ["Anna", "Bert", "Caro", "Zenzi"]
    assert Member.objects.get(club=personas.club, name="Zenzi").is_guest


def test_recording_a_deal_stores_its_facts_with_who_dealt_and_audits_it(session: Session) -> None:
    assert [d.facts["points"] for d in session.deals.all()] == [72, 95]
    assert [d.facts["dealer"] for d in session.deals.all()] == ["Anna", "Bert"]
    added = session.audit_entries.filter(action=AuditEntry.Action.DEAL_ADDED)
    assert added.count() == 2
    second = added.get(deal_number=2)
    assert second.after == {**sauspiel("Bert", "Dieter", 95), "dealer": "Bert"}
    assert second.deal == session.deals.get(number=2)
    session.refresh_from_db()
    assert (session.revision, session.deal_count, session.next_dealer) == (2, 2, 2)


def test_an_impossible_deal_is_refused_with_the_field_and_nothing_is_written(
    session: Session, personas: Personas
) -> None:
    with pytest.raises(services.DealRejected) as raised:
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Anna", 72))
    assert "partner" in raised.value.errors
    assert session.deals.count() == 2
    assert not session.audit_entries.filter(deal_number=3).exists()


def test_the_same_submission_twice_records_one_deal(session: Session, personas: Personas) -> None:
    token = uuid.uuid4()
    first = services.record_deal(
        session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61), client_token=token
    )
    again = services.record_deal(
        session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61), client_token=token
    )
    assert first.pk == again.pk
    assert session.deals.count() == 3


def test_correcting_an_earlier_deal_recomputes_everything_after_it(personas: Personas) -> None:
    session = start(personas, rules={"preset": "classic", "pass_out": "stock"})
    services.record_deal(session=session, actor=personas.scorer, facts={"contract": "passed"})
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 50))
    services.record_deal(
        session=session,
        actor=personas.scorer,
        facts={"contract": "solo", "suit": "gras", "declarer": "Bert", "points": 70},
    )
    assert sheet_of(session).totals == (-170, 310, -90, -50)
    first = session.deals.get(number=1)
    corrected = {**sauspiel("Dieter", "Caro", 80), "dealer": "Anna"}
    services.correct_deal(deal=first, actor=personas.scorer, facts=corrected, revision=first.revision)
    # Without the pass-out the pot stays empty: the lost Sauspiel and the solo pay only their values.
    assert [row.pot for row in sheet_of(session).rows] == [0, 0, 0]
    assert sheet_of(session).totals == (-20 - 20 - 50, -20 + 20 + 150, 20 - 20 - 50, 20 + 20 - 50)
    edit = session.audit_entries.get(action=AuditEntry.Action.DEAL_EDITED)
    assert (edit.deal_number, edit.before, edit.after) == (1, {"contract": "passed", "dealer": "Anna"}, corrected)


def test_a_correction_that_makes_a_later_deal_impossible_is_refused(personas: Personas) -> None:
    session = start(personas, game="doppelkopf")
    normal = {"type": "normal", "re": ["Anna", "Caro"], "re_points": 130}
    pflichtsolo = {"type": "solo", "solo": "damen", "re": ["Bert"], "re_points": 130, "forced": True}
    services.record_deal(session=session, actor=personas.scorer, facts=normal)
    services.record_deal(session=session, actor=personas.scorer, facts=pflichtsolo)
    first = session.deals.get(number=1)
    with pytest.raises(services.DealRejected) as raised:
        # Bert's first deal as his Pflichtsolo makes deal 2 a second Pflichtsolo in the same round.
        services.correct_deal(deal=first, actor=personas.scorer, facts=pflichtsolo, revision=1)
    assert "deal 2" in str(raised.value.errors[None])
    assert session.deals.get(number=1).facts == {**normal, "dealer": "Anna"}


def test_deleting_a_deal_renumbers_the_later_ones_and_keeps_its_facts(session: Session, personas: Personas) -> None:
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Caro", "Anna", 31))
    first = session.deals.get(number=1)
    assert services.delete_deal(deal=first, actor=personas.scorer, revision=1)
    live = session.deals.filter(deleted_at__isnull=True)
    assert [d.number for d in live] == [1, 2]
    assert [d.facts["points"] for d in live] == [95, 31]
    first.refresh_from_db()
    assert (first.number, first.facts["points"], first.deleted_by) == (None, 72, personas.scorer)
    deleted = session.audit_entries.get(action=AuditEntry.Action.DEAL_DELETED)
    assert (deleted.before, deleted.deal, deleted.deal_number) == (
        {**sauspiel("Anna", "Caro", 72), "dealer": "Anna"},
        first,
        1,
    )


def test_a_closed_session_takes_no_deal_until_it_is_reopened(session: Session, personas: Personas) -> None:
    services.close_session(session=session, actor=personas.scorer)
    with pytest.raises(services.ServiceError):
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61))
    services.reopen_session(session=session, actor=personas.scorer)
    services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 61))
    actions = list(session.audit_entries.values_list("action", flat=True))
    assert AuditEntry.Action.SESSION_CLOSED in actions
    assert AuditEntry.Action.SESSION_REOPENED in actions


def test_the_pot_is_carried_into_the_clubs_next_session(personas: Personas) -> None:
    rules = {"preset": "classic", "pass_out": "stock"}
    first = start(personas, rules=rules)
    services.record_deal(session=first, actor=personas.scorer, facts={"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    second = start(personas, rules=rules)
    assert second.pot_carried_in == 80
    services.record_deal(session=second, actor=personas.scorer, facts=sauspiel("Anna", "Caro", 70))
    assert sheet_of(second).rows[0].deltas[0] == 20 + 80  # the declarer takes the carried pot


def test_paying_the_pot_back_starts_the_next_session_empty(personas: Personas) -> None:
    personas.club.pot_policy = PotPolicy.PAY_BACK
    personas.club.save()
    rules = {"preset": "classic", "pass_out": "stock"}
    first = start(personas, rules=rules)
    services.record_deal(session=first, actor=personas.scorer, facts={"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    assert start(personas, rules=rules).pot_carried_in == 0


def test_an_exported_session_settles_to_the_same_sheet(session: Session) -> None:
    output = engine.settle(export_document(session))
    sheet = sheet_of(session)
    assert tuple(output["totals"].values()) == sheet.totals
    assert output["money"] == {"Anna": "-1.00", "Bert": "1.00", "Caro": "-1.00", "Dieter": "1.00"}


def test_an_imported_session_is_a_closed_session_of_the_club(personas: Personas) -> None:
    document = {
        "format": "schreiber/1",
        "game": "schafkopf",
        "rules": "classic",
        "tariff": "10/20/50",
        "players": ["anna", "Bert", "Caro", "Vroni"],
        "played_on": "2026-11-03",
        "deals": [sauspiel("anna", "Caro", 72), sauspiel("Vroni", "Bert", 30)],
    }
    session = services.import_session(club=personas.club, document=document)
    assert session.status == Session.Status.CLOSED
    assert str(session.played_on) == "2026-11-03"
    assert [s.member.name for s in session.seats.all()] == ["Anna", "Bert", "Caro", "Vroni"]
    assert Member.objects.get(club=personas.club, name="Vroni").is_guest
    assert sheet_of(session).totals == (20 + 30, -20 - 30, 20 + 30, -20 - 30)  # 30 points is Schneider


def test_an_import_with_one_bad_deal_writes_nothing(personas: Personas) -> None:
    document = {
        "format": "schreiber/1",
        "game": "schafkopf",
        "rules": "classic",
        "tariff": "10/20/50",
        "players": FOUR,
        "deals": [sauspiel("Anna", "Caro", 72), sauspiel("Bert", "Dieter", 130)],
    }
    with pytest.raises(services.DealRejected) as raised:
        services.import_session(club=personas.club, document=document)
    assert "deal 2: points" in str(raised.value.problems[0])
    assert not Session.objects.exists()
    assert not Deal.objects.exists()
