"""A record that cannot be bent: one regression test for each fault found, on SQLite and PostgreSQL.

1. Deals addressed by position: double deletes, gaps, corrections landing on the wrong deal, stale forms winning.
2. Deleting a deal moved who dealt and who sat out in every later deal.
3. Two phones entering the same deal, or Back and Save again, stored it twice.
4. A club setting rewrote the money of every closed session.
5. The carried pot followed whichever session was closed last.
"""

from __future__ import annotations

import uuid
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorekeeper import engine, services
from scorekeeper.models import AuditEntry, Club, Deal, PotPolicy, Session, SettlementMode
from scorekeeper.stored.documents import export_document
from scorekeeper.table import reads
from scorekeeper.table.reads import sheet_of
from scorekeeper.words import history

from .conftest import FOUR, Personas, sauspiel, start

pytestmark = pytest.mark.django_db

FIVE = [*FOUR, "Emil"]


def live(session: Session) -> list[Deal]:
    return list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))


def numbers(session: Session) -> list[int | None]:
    return [deal.number for deal in live(session)]


def record(session: Session, personas: Personas, *deals: dict[str, Any]) -> list[Deal]:
    return [services.record_deal(session=session, actor=personas.scorer, facts=facts) for facts in deals]


def deal_url(name: str, session: Session, deal: Deal) -> str:
    return reverse(name, args=[session.club.slug, session.pk, deal.pk])


# 1. stable deal identity ------------------------------------------------------------------------------------------


def test_a_delete_tapped_twice_removes_one_deal(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    first = session.deals.get(number=1)
    for _ in range(2):
        response = client.post(deal_url("deal_delete", session, first), {"revision": "1"})
        assert response.status_code == 302
    assert numbers(session) == [1]
    assert session.deals.filter(deleted_at__isnull=False).count() == 1
    assert session.audit_entries.filter(action=AuditEntry.Action.DEAL_DELETED).count() == 1


def test_two_deletes_leave_no_gap_and_the_next_deal_is_taken(personas: Personas) -> None:
    session = start(personas)
    deals = record(session, personas, *(sauspiel("Anna", "Caro", 61 + n) for n in range(5)))
    services.delete_deal(deal=deals[1], actor=personas.scorer, revision=1)
    services.delete_deal(deal=deals[3], actor=personas.scorer, revision=1)
    assert numbers(session) == [1, 2, 3]
    new = services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Bert", "Dieter", 70), number=4)
    assert new.number == 4
    assert numbers(session) == [1, 2, 3, 4]


def test_a_correction_after_another_phone_deleted_an_earlier_deal_lands_on_its_deal(
    client: Client, personas: Personas
) -> None:
    session = start(personas)
    deals = record(session, personas, *(sauspiel("Anna", "Caro", 61 + n) for n in range(5)))
    client.force_login(personas.scorer)
    fifth = deals[4]
    form = client.get(deal_url("deal_edit", session, fifth))
    assert b'value="65"' in form.content
    services.delete_deal(deal=deals[1], actor=personas.owner, revision=1)  # another phone
    corrected = {"contract_type": "sauspiel", "declarer": "Bert", "partner": "Dieter", "points": "90", "revision": "1"}
    assert client.post(deal_url("deal_edit", session, fifth), corrected).status_code == 302
    fifth.refresh_from_db()
    assert (fifth.number, fifth.facts["declarer"], fifth.facts["points"]) == (4, "Bert", 90)
    assert [deal.facts["points"] for deal in live(session)] == [61, 63, 64, 90]


def test_two_phones_correcting_the_same_deal_the_stale_form_is_told(client: Client, personas: Personas) -> None:
    session = start(personas)
    (deal,) = record(session, personas, sauspiel("Anna", "Caro", 72))
    services.correct_deal(deal=deal, actor=personas.owner, facts={**deal.facts, "points": 80}, revision=1)
    client.force_login(personas.scorer)
    stale = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Caro", "points": "40", "revision": "1"}
    response = client.post(deal_url("deal_edit", session, deal), stale, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert response["X-Problem-Codes"] == "conflict_changed"  # a stale revision, by code for the outbox
    html = response.content.decode()
    assert "Anna changed deal 1" in html  # the owner's name on the sheet
    assert 'value="80"' in html  # the deal as it is now
    deal.refresh_from_db()
    assert (deal.facts["points"], deal.revision) == (80, 2)


def test_a_stale_delete_is_refused_and_deletes_nothing(personas: Personas) -> None:
    session = start(personas)
    (deal,) = record(session, personas, sauspiel("Anna", "Caro", 72))
    services.correct_deal(deal=deal, actor=personas.owner, facts={**deal.facts, "points": 80}, revision=1)
    with pytest.raises(services.Conflict) as raised:
        services.delete_deal(deal=deal, actor=personas.scorer, revision=1)
    assert raised.value.kind == "changed"
    assert numbers(session) == [1]


def test_a_deleted_deal_is_restored_in_one_tap(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    first = session.deals.get(number=1)
    response = client.post(deal_url("deal_delete", session, first), {"revision": "1"})
    sheet = client.get(response.headers["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert deal_url("deal_restore", session, first) in sheet  # the undo button
    history = client.get(reverse("session_history", args=[session.club.slug, session.pk])).content.decode()
    assert deal_url("deal_restore", session, first) in history
    assert client.post(deal_url("deal_restore", session, first)).status_code == 302
    first.refresh_from_db()
    assert (first.number, first.deleted_at) == (1, None)
    assert numbers(session) == [1, 2]
    assert sheet_of(session).totals == (-10, 10, -10, 10)  # both deals count again


def test_a_deal_is_inserted_before_another(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    second = session.deals.get(number=2)
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    page = client.get(f"{url}?before={second.pk}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Insert a deal before deal 2" in page
    form = {"contract_type": "solo", "suit": "herz", "declarer": "Dieter", "points": "80", "before": second.pk}
    assert client.post(url, form).status_code == 302
    assert [deal.facts["contract"] for deal in live(session)] == ["sauspiel", "solo", "sauspiel"]
    assert numbers(session) == [1, 2, 3]
    second.refresh_from_db()
    assert (second.number, second.facts["dealer"]) == (3, "Bert")  # its dealer stays as it was


# 2. who dealt is a fact ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "names", "deal"),
    [
        ("schafkopf", FIVE, lambda p: {"contract": "passed"}),
        ("doppelkopf", FIVE, lambda p: {"type": "normal", "re": [p[0], p[2]], "re_points": 130}),
        ("sheepshead", [*FIVE, "Franzi"], lambda p: {"type": "pick", "picker": p[0], "partner": p[1], "points": 70}),
    ],
)
def test_deleting_a_deal_moves_nobody_who_dealt_or_sat_out_later(
    personas: Personas, game: str, names: list[str], deal: Any
) -> None:
    if "Franzi" in names:
        personas.players["Franzi"] = services.add_member(club=personas.club, name="Franzi")
    session = start(personas, game=game, names=names)
    seats = [seat.name for seat in session.seats.all()]
    deals = []
    for n in range(8):
        dealer = seats[n % len(seats)]
        playing = [p for p in seats if p != dealer]
        deals.append(services.record_deal(session=session, actor=personas.scorer, facts=deal(playing[n % 2 :])))
    before = sheet_of(session).rows
    services.delete_deal(deal=deals[2], actor=personas.scorer, revision=1)
    after = sheet_of(session).rows
    kept = [row for row in before if row.number != 3]
    assert [(r.dealer, r.sitting_out, r.deltas) for r in after] == [(r.dealer, r.sitting_out, r.deltas) for r in kept]


def test_the_probe_evening_keeps_its_totals_when_a_thrown_in_deal_goes(personas: Personas) -> None:
    """Five at a Schafkopf table with a pot; deleting a thrown-in deal no longer reshuffles who paid."""
    session = start(personas, names=FIVE, rules={"preset": "classic", "pass_out": "stock"}, tariff="10/20/50")
    facts = [
        sauspiel("Bert", "Caro", 70),
        sauspiel("Anna", "Dieter", 50),
        {"contract": "passed"},
        sauspiel("Anna", "Bert", 80),
        sauspiel("Caro", "Dieter", 40),
        {"contract": "solo", "suit": "gras", "declarer": "Emil", "points": 92},
    ]
    deals = record(session, personas, *facts)
    totals = sheet_of(session).totals
    thrown_in = deals[2]
    services.delete_deal(deal=thrown_in, actor=personas.scorer, revision=1)
    rows = sheet_of(session).rows
    assert [r.dealer for r in rows] == ["Anna", "Bert", "Dieter", "Emil", "Anna"]
    # Only the ante of the thrown-in deal (and the pot the next won game took) moves: nobody who sat out pays.
    for row in rows:
        assert all(cell.delta == 0 for cell in row.cells if cell.sat_out)
    assert sum(sheet_of(session).totals) + sheet_of(session).pot == 0
    assert sheet_of(session).totals != totals


def test_a_change_that_contradicts_a_later_deal_is_refused_with_the_reason(personas: Personas) -> None:
    session = start(personas, names=FIVE)
    first, second = record(session, personas, sauspiel("Bert", "Caro", 70), sauspiel("Anna", "Caro", 70))
    services.delete_deal(deal=first, actor=personas.scorer, revision=1)
    # Bert still deals the deal Anna declared. Passing the deal on from there again would make Anna deal it.
    with pytest.raises(services.DealRejected) as raised:
        services.rederive_dealers(deal=second, actor=personas.scorer, revision=Session.objects.get().revision)
    assert "deal 1: Anna sits out this deal" in str(raised.value.errors[None])  # the table's words, no key
    assert [row.dealer for row in sheet_of(session).rows] == ["Bert"]


def test_re_deriving_the_dealers_shows_the_money_before_it_applies(client: Client, personas: Personas) -> None:
    session = start(personas, names=FIVE, cents_per_point=10)
    first, second, _third = record(
        session,
        personas,
        sauspiel("Bert", "Caro", 70),
        sauspiel("Caro", "Dieter", 70),
        {"contract": "solo", "suit": "gras", "declarer": "Emil", "points": 80},
    )
    services.delete_deal(deal=first, actor=personas.scorer, revision=1)  # Bert and Caro still deal 2 and 3
    client.force_login(personas.scorer)
    url = deal_url("deal_dealers", session, second)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Who dealt" in page
    assert "What moves" in page
    session.refresh_from_db()
    assert client.post(url, {"revision": str(session.revision)}).status_code == 302
    assert [row.dealer for row in sheet_of(session).rows] == ["Anna", "Bert"]
    assert session.audit_entries.filter(action=AuditEntry.Action.DEALERS_REDERIVED).exists()


def test_an_import_freezes_the_derived_dealers(personas: Personas) -> None:
    document = {"format": "schreiber/1", "game": "schafkopf", "rules": "classic", "tariff": "classic",
                "players": FIVE, "deals": [sauspiel("Bert", "Caro", 70), sauspiel("Anna", "Caro", 70)]}  # fmt: skip
    session = services.import_session(club=personas.club, document=document)
    assert [deal.facts["dealer"] for deal in live(session)] == ["Anna", "Bert"]


# 3. no silent duplicates ------------------------------------------------------------------------------------------


def test_two_phones_entering_the_same_deal_the_second_chooses(
    client: Client, personas: Personas, session: Session
) -> None:
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "70", "number": "3"}
    services.record_deal(
        session=session, actor=personas.owner, facts=sauspiel("Caro", "Dieter", 61), number=3, client_token=uuid.uuid4()
    )
    client.force_login(personas.scorer)
    response = client.post(url, {**form, "client_token": str(uuid.uuid4())}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert response["X-Problem-Codes"] == "conflict_taken"  # the deal number another phone took, by code
    html = response.content.decode()
    assert "Deal 3 was just entered by Anna: Sauspiel Caro + Dieter" in html
    assert "Discard mine" in html
    assert "Add mine as deal 4" in html
    assert numbers(session) == [1, 2, 3]
    again = client.post(url, {**form, "number": "4", "client_token": str(uuid.uuid4())})
    assert again.status_code == 302
    assert numbers(session) == [1, 2, 3, 4]
    assert live(session)[3].facts["declarer"] == "Anna"


def test_back_after_a_save_cannot_store_the_deal_again(client: Client, personas: Personas, session: Session) -> None:
    client.force_login(personas.scorer)
    url = reverse("deal_new", args=[session.club.slug, session.pk])
    page = client.get(url)
    assert "no-store" in page["Cache-Control"]  # Back fetches a fresh form
    token = page.context["client_token"]
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "70", "number": "3"}
    assert client.post(url, {**form, "client_token": str(token)}).status_code == 302
    assert client.post(url, {**form, "client_token": str(token)}).status_code == 302  # the cached form again
    assert numbers(session) == [1, 2, 3]
    assert client.get(url).context["client_token"] != token


@pytest.mark.parametrize("with_header", [False, True])  # after a form read (and kept) the header, or not
def test_a_new_deal_whose_dealer_moved_is_told(personas: Personas, session: Session, with_header: bool) -> None:
    if with_header:
        reads.header_of(session)
    with pytest.raises(services.Conflict) as raised:
        services.record_deal(session=session, actor=personas.scorer, facts=sauspiel("Anna", "Bert", 70), number=3,
                             dealer="Anna")  # fmt: skip
    assert raised.value.kind == "dealer"
    assert "Caro deals this deal" in str(raised.value)


# 4. money terms frozen with the session --------------------------------------------------------------------------


def test_changing_the_club_settings_changes_no_played_session(personas: Personas, session: Session) -> None:
    services.close_session(session=session, actor=personas.scorer)
    before = export_document(session)
    Club.objects.filter(pk=personas.club.pk).update(
        currency="CHF", pot_policy=PotPolicy.PAY_BACK, settlement_mode=SettlementMode.AGAINST_LEADER
    )
    session.refresh_from_db()
    assert export_document(session) == before
    assert (session.currency, session.pot_policy, session.settlement_mode) == ("EUR", "carry", "zero_sum")
    personas.club.refresh_from_db()
    later = start(personas)
    assert (later.currency, later.pot_policy, later.settlement_mode) == ("CHF", "pay_back", "against_leader")


def test_the_money_terms_change_only_on_their_open_session_and_are_audited(
    client: Client, personas: Personas, session: Session
) -> None:
    client.force_login(personas.scorer)
    url = reverse("session_money", args=[session.club.slug, session.pk])
    terms = {"cents_per_point": "20", "currency": "CHF", "pot_policy": "pay_back", "settlement_mode": "zero_sum"}
    assert client.post(url, terms).status_code == 302
    session.refresh_from_db()
    assert (session.cents_per_point, session.currency) == (20, "CHF")
    change = session.audit_entries.get(action=AuditEntry.Action.MONEY_CHANGED)
    assert (change.before or {}).get("cents_per_point") == 10
    assert (change.after or {}).get("cents_per_point") == 20
    personas.club.refresh_from_db()
    assert personas.club.currency == "EUR"
    services.close_session(session=session, actor=personas.scorer)
    assert client.post(url, terms | {"cents_per_point": "30"}).status_code == 302
    session.refresh_from_db()
    assert session.cents_per_point == 20


# 5. an explicit pot chain -----------------------------------------------------------------------------------------

STOCK = {"preset": "classic", "pass_out": "stock"}


def test_reopening_and_closing_an_old_session_keeps_a_later_pot(personas: Personas) -> None:
    first = start(personas, rules=STOCK)
    record(first, personas, {"contract": "passed"}, {"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    second = start(personas, rules=STOCK)
    assert (second.pot_from, second.pot_carried_in) == (first, 160)
    record(second, personas, {"contract": "passed"})
    services.close_session(session=second, actor=personas.scorer)
    services.reopen_session(session=first, actor=personas.scorer)
    services.close_session(session=first, actor=personas.scorer)
    third = start(personas, rules=STOCK)
    assert (third.pot_from, third.pot_carried_in) == (second, 240)  # not first's 160, nothing lost or doubled


def test_two_open_sessions_never_carry_the_same_pot(personas: Personas) -> None:
    first = start(personas, rules=STOCK)
    record(first, personas, {"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    second = start(personas, rules=STOCK)
    third = start(personas, rules=STOCK)
    assert (second.pot_carried_in, third.pot_carried_in) == (80, 0)
    assert third.pot_from is None


def test_a_pot_moves_only_between_equal_stakes(personas: Personas) -> None:
    first = start(personas, rules=STOCK, cents_per_point=10)
    record(first, personas, {"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    assert start(personas, rules=STOCK, cents_per_point=20).pot_carried_in == 0
    assert start(personas, rules=STOCK, cents_per_point=10).pot_carried_in == 80


def test_correcting_a_reopened_session_recomputes_an_open_successor_and_is_refused_for_a_closed_one(
    personas: Personas,
) -> None:
    first = start(personas, rules=STOCK)
    (passed,) = record(first, personas, {"contract": "passed"})
    services.close_session(session=first, actor=personas.scorer)
    second = start(personas, rules=STOCK)
    record(second, personas, sauspiel("Anna", "Caro", 70))  # Anna takes the 80 carried in
    services.reopen_session(session=first, actor=personas.scorer)
    services.correct_deal(deal=passed, actor=personas.scorer, facts=sauspiel("Bert", "Dieter", 70), revision=1)
    second.refresh_from_db()
    assert (second.pot_carried_in, sheet_of(second).rows[0].deltas[0]) == (0, 20)
    assert second.audit_entries.filter(action=AuditEntry.Action.POT_CARRIED).exists()
    services.close_session(session=second, actor=personas.scorer)
    corrected = Deal.objects.get(pk=passed.pk)
    with pytest.raises(services.ServiceError) as raised:
        services.correct_deal(deal=corrected, actor=personas.scorer, facts={"contract": "passed"}, revision=2)
    assert "Reopen it first" in str(raised.value)
    second.refresh_from_db()
    assert second.pot_carried_in == 0


# one read and one replay per write ---------------------------------------------------------------------------------


@pytest.fixture
def replays() -> Any:
    """Counts the engine's replays of a whole session."""
    calls = {"n": 0}
    original = engine.Session.results

    def counting(self: engine.Session, *args: Any) -> list[engine.DealResult]:
        calls["n"] += 1
        return original(self, *args)

    with mock.patch.object(engine.Session, "results", counting):
        yield calls


def test_reads_never_replay_and_writes_replay_once(
    client: Client, personas: Personas, session: Session, replays: dict[str, int]
) -> None:
    client.force_login(personas.scorer)
    slug, pk = session.club.slug, session.pk
    first = session.deals.get(number=1)
    for url in (
        reverse("session", args=[slug, pk]),
        reverse("session_live", args=[slug, pk]),
        reverse("session_settlement", args=[slug, pk]),
        reverse("session_history", args=[slug, pk]),
        reverse("session_export", args=[slug, pk]),
        reverse("deal_new", args=[slug, pk]),
        deal_url("deal_edit", session, first),
        reverse("club", args=[slug]),
    ):
        replays["n"] = 0
        assert client.get(url).status_code == 200, url
        assert replays["n"] == 0, url
    form = {"contract_type": "sauspiel", "declarer": "Anna", "partner": "Bert", "points": "70", "number": "3"}
    for url, data in (
        (reverse("deal_preview", args=[slug, pk]), form),
        (reverse("deal_new", args=[slug, pk]), form),
        (deal_url("deal_edit", session, first), {**form, "points": "40", "revision": "1"}),
        (deal_url("deal_delete", session, first), {"revision": "2"}),
    ):
        replays["n"] = 0
        assert client.post(url, data).status_code in (200, 302), url
        assert replays["n"] <= 1, url


def test_the_summary_is_what_a_fresh_replay_says(personas: Personas, session: Session) -> None:
    services.delete_deal(deal=session.deals.get(number=1), actor=personas.scorer, revision=1)
    session.refresh_from_db()
    replayed = engine.settle(export_document(session))
    assert session.totals == list(replayed["totals"].values())
    assert session.deal_count == len(replayed["deals"]) == 1


def test_a_command_rederives_every_stored_result(personas: Personas, session: Session) -> None:
    stored = [deal.result for deal in live(session)]
    Deal.objects.update(result=None)
    call_command("rederive", verbosity=0)
    assert [deal.result for deal in live(session)] == stored
    entry = session.audit_entries.get(action=AuditEntry.Action.RESULTS_REDERIVED)
    assert entry.after == {"deals": 2, "changed": 2}
    (line,) = history.lines([entry], session.club)
    assert line.text == "The results were derived again from the deals: 2 of 2 deals scored differently"
    services.rederive_session(session=session, actor=personas.owner)
    again = session.audit_entries.filter(action=AuditEntry.Action.RESULTS_REDERIVED).latest("pk")
    assert (again.actor, again.after) == (personas.owner, {"deals": 2, "changed": 0})
