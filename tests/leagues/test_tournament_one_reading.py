"""One reading of every tournament table (issue 22, issue 23 faults 1 and 3): the engine's replay that stores a table
session's results keeps its round, and the stored totals, the table sheet, the web ranking and ``rank`` on the
exported document agree on every player, open tables and closed; no table is ever left without a deal it accepts."""

from __future__ import annotations

import datetime
import random
from importlib import import_module
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.models import Tournament, TournamentTable
from leagues.tournaments import selectors
from leagues.tournaments import services as tournaments
from leagues.tournaments.documents import export_tournament
from leagues.tournaments.rules.document import rank
from leagues.tournaments.rules.sheet import Sheet
from scorekeeper import engine, services
from scorekeeper.models import Deal, Session
from scorekeeper.services import ServiceError
from scorekeeper.table import reads
from tests.leagues.conftest import Personas, play_out
from tests.test_printing import needs_weasyprint, pdf_pages

SEAT_KEYS = ("games", "solos", "solos_won", "pflichtsolo")
NO_PFLICHTSOLO = {"pflichtsolo": None}


def nine_players(personas: Personas, seed: int) -> Tournament:
    """Nine guests, one round: a table of four and a table of five; solos decide ties."""
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name=f"Turnier {Tournament.objects.count()}", preset="ddv",
        played_on=datetime.date(2026, 11, 28), rounds=1, seed=seed, tiebreaks=["solos_played", "solos_won", "shared"],
    )  # fmt: skip
    for n in range(1, 10):
        tournaments.add_participant(tournament=found, actor=personas.owner, name=f"Gast {n}")
    tournaments.start_round(tournament=found, actor=personas.owner)
    return found


def random_deal(sheet: Sheet, rng: random.Random) -> dict[str, Any]:
    """A deal the TSR allows next: the vorgeführtes solo when one is due (ticked or not), else a normal game or a
    solo of anyone who plays, a Pflichtsolo ticked only by a player who still owes it."""
    dealer = sheet.next_dealer
    playing = [p for p in sheet.seats if len(sheet.seats) < 5 or p != dealer]
    if sheet.must_play:
        soloist = sheet.vorgefuehrt
        assert soloist is not None
    elif rng.random() < 0.05:  # a penalty row of the sheet: no game of the round
        return {"type": "penalty", "player": rng.choice(playing), "severity": rng.choice(["minor", "serious"])}
    elif rng.random() < 0.7:
        re = rng.sample(playing, 2)
        return {"type": "normal", "re": re, "re_points": rng.choice([0, 60, 100, 121, 150, 240])}
    else:
        soloist = rng.choice(playing)
    solo: dict[str, Any] = {"type": "solo", "solo": "buben", "re": [soloist], "re_points": rng.choice([90, 121, 200])}
    if soloist in sheet.owing and rng.random() < 0.5:
        solo["forced"] = True
        if sheet.must_play and rng.random() < 0.5:
            solo["vorgefuehrt"] = True
    return solo


def marks(deal: Deal) -> list[str]:
    assert deal.result is not None
    return list(deal.result["marks"])


def pflichtsolo_of(session: Session, seat: int) -> int | None:
    """The deal number of the Pflichtsolo of the player at ``seat``, as the replay stored the round."""
    assert session.round is not None
    return session.round["seats"][seat]["pflichtsolo"]


def readings(tournament: Tournament) -> tuple[dict[Any, Any], ...]:
    """Each player's (points, games, solos, solos won, Pflichtsolo deal) as the four readings give them; the web
    ranking gives no games and no Pflichtsolo deal."""
    stored, sheets, web, ranked = {}, {}, {}, {}
    for table in TournamentTable.objects.filter(round__tournament=tournament).select_related("session"):
        session = table.session
        names = list(session.seats.order_by("position").values_list("name", flat=True))
        for position, name in enumerate(names):
            seat = session.round["seats"][position] if session.round else dict.fromkeys(SEAT_KEYS, 0) | NO_PFLICHTSOLO
            stored[name] = (session.totals[position], *(seat[key] for key in SEAT_KEYS))
        for name, seat in tournaments.table_sheet(table).seat_results().items():
            sheets[name] = (seat.points, seat.games, seat.solos, seat.solos_won, seat.pflichtsolo)
    for row in selectors.ranking(tournament).rows:
        standing = row.standing
        web[row.participant.name] = (standing.points, standing.tiebreak("solos_played"), standing.tiebreak("solos_won"))
    document = rank(export_tournament(tournament))
    for table in document["tables"]:
        for seat in table["seats"]:
            ranked[seat["name"]] = (seat["points"], *(seat[key] for key in SEAT_KEYS))
    places = {row.participant.name: row.standing.place for row in selectors.ranking(tournament).rows}
    document_places = {row["name"]: row["place"] for row in document["overall"]}
    return stored, sheets, web, ranked, places, document_places


def assert_one_reading(tournament: Tournament) -> None:
    stored, sheets, web, ranked, places, document_places = readings(tournament)
    assert stored == sheets == ranked
    assert web == {name: (points, solos, won) for name, (points, _, solos, won, _) in stored.items()}
    assert places == document_places


@pytest.mark.django_db(transaction=False)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**16), deals=st.integers(0, 40), call_time_at=st.one_of(st.none(), st.integers(0, 30)))
def test_every_reading_of_every_table_agrees_and_no_table_locks(
    personas: Personas, seed: int, deals: int, call_time_at: int | None
) -> None:
    rng = random.Random(seed)
    tournament = nine_players(personas, seed)
    this_round = tournament.played_rounds.get()
    tables = list(this_round.tables.select_related("session"))
    for step in range(deals):
        if step == call_time_at:
            tournaments.call_time(this_round=this_round, actor=personas.owner)
            tables = list(this_round.tables.select_related("session"))
        for table in tables:
            sheet = tournaments.table_sheet(table)
            if sheet.can_close:
                continue
            services.record_deal(session=table.session, actor=personas.scorer, facts=random_deal(sheet, rng))
    for table in tables:
        if rng.random() < 0.5 and tournaments.table_sheet(table).can_close:
            services.close_session(session=table.session, actor=personas.owner)
    if not this_round.tables.filter(session__status="open").exists():
        tournaments.close_round(this_round=this_round, actor=personas.owner)
    assert_one_reading(tournament)


def test_issue_23_fault_3_solos_of_an_open_table_count_in_the_ranking_as_in_rank(personas: Personas) -> None:
    """Before: the hall screen, the ranking page and the PDFs counted solos only at closed tables (read from the
    players' results written at close), while ``rank`` read every sheet."""
    tournament = nine_players(personas, 7)
    table = tournament.played_rounds.get().tables.order_by("number").first()
    assert table is not None
    soloist = tournaments.table_sheet(table).seats[1]
    facts = {"type": "solo", "solo": "damen", "re": [soloist], "re_points": 200}
    services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    assert table.session.is_open
    row = next(r for r in selectors.ranking(tournament).rows if r.participant.name == soloist)
    assert (row.standing.tiebreak("solos_played"), row.standing.tiebreak("solos_won")) == (1, 1)
    assert_one_reading(tournament)


def test_a_solo_not_ticked_by_a_player_who_owes_is_stored_as_his_pflichtsolo(personas: Personas) -> None:
    """Before: stored as an ordinary solo (the next player dealt) while the tournament's reading took it for the
    Pflichtsolo (the same dealer dealt again)."""
    tournament = nine_players(personas, 11)
    table = tournament.played_rounds.get().tables.order_by("number").first()
    assert table is not None
    seats = tournaments.table_sheet(table).seats
    facts = {"type": "solo", "solo": "damen", "re": [seats[1]], "re_points": 200}
    deal = services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    assert "forced" in marks(deal)
    table.session.refresh_from_db()
    assert table.session.next_dealer == 0  # the dealer deals again (TSR 4.2.5)
    assert pflichtsolo_of(table.session, 1) == 1
    reminder = reads.sheet_head(table.session).pflichtsolo  # the sheet's reminder, the form's ticks
    assert reminder is not None
    assert (reminder.owing, reminder.games_left, reminder.vorgefuehrt) == ((seats[0], *seats[2:]), 23, False)


def test_issue_23_fault_1_the_dealer_who_owes_the_last_pflichtsolo_at_a_table_of_five_plays_it(
    personas: Personas,
) -> None:
    """Before: he was named vorgeführt, his solo refused ("sits out this deal") and every other game too, for good."""
    tournament = nine_players(personas, 5)
    table = tournament.played_rounds.get().tables.get(number=2)
    seats = tournaments.table_sheet(table).seats
    assert len(seats) == 5
    first = seats[0]
    for player in seats[1:]:  # the first dealer is kept after each of these Pflichtsoli
        facts = {"type": "solo", "solo": "damen", "re": [player], "re_points": 150}
        services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    while not (sheet := tournaments.table_sheet(table)).must_play or sheet.next_dealer != first:
        playing = [p for p in seats if p != sheet.next_dealer]
        facts = {"type": "normal", "re": playing[:2], "re_points": 130}
        services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    assert (sheet.owing, sheet.vorgefuehrt, sheet.games_left) == ((first,), first, 1)
    table.session.refresh_from_db()
    dealer, offered = reads.next_deal(table.session)
    assert dealer == first
    assert first in offered  # the phone's form offers him
    assert seats[-1] not in offered  # the player before him sits out instead
    facts = {"type": "solo", "solo": "damen", "re": [first], "re_points": 150}
    deal = services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    assert {"forced", "vorgefuehrt"} <= set(marks(deal))
    assert tournaments.table_sheet(table).can_close
    services.close_session(session=table.session, actor=personas.owner)
    assert_one_reading(tournament)


@pytest.mark.pdf
@needs_weasyprint
def test_issue_23_fault_3_the_round_results_pdf_counts_the_solos_of_an_open_table(personas: Personas) -> None:
    """Before: 0 solos for everyone while the round was open (the players' results are written at close only)."""
    tournament = nine_players(personas, 13)
    table = tournament.played_rounds.get().tables.get(number=1)
    soloist = tournaments.table_sheet(table).seats[1]
    facts = {"type": "solo", "solo": "damen", "re": [soloist], "re_points": 200}
    services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    row = next(r for r in selectors.ranking(tournament, round_number=1).rows if r.participant.name == soloist)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(personas.scorer)
    response = client.get(reverse("tournament_round_results_pdf", args=[personas.club.slug, tournament.pk, 1]))
    pdf = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    lines = " ".join(pdf_pages(pdf)).splitlines()
    standing = row.standing  # place, start number, table 1, points, then the tie-breaks: 1 solo, 1 won
    assert f"{standing.place}. {row.participant.number} 1 {standing.points} 1 1" in lines


def test_a_table_started_before_the_engine_kept_the_round_gets_it(personas: Personas) -> None:
    """The migration gives the tables of older tournaments the round's rules and derives them again."""
    tournament = nine_players(personas, 17)
    table = tournament.played_rounds.get().tables.get(number=1)
    seats = tournaments.table_sheet(table).seats
    facts = {"type": "solo", "solo": "damen", "re": [seats[1]], "re_points": 200}
    services.record_deal(session=table.session, actor=personas.scorer, facts=facts)
    old_rules = {k: v for k, v in table.session.rules.items() if k not in ("games_per_round", "pflichtsolo_per_round")}
    Session.objects.filter(pk=table.session_id).update(rules=old_rules, round=None, next_dealer=1)
    tournament.settings = {**tournament.settings, "rules": old_rules}
    tournament.save(update_fields=["settings"])
    import_module("leagues.migrations.0004_table_rounds").give_tables_their_round(apps, None)
    session = Session.objects.get(pk=table.session_id)
    assert session.rules["games_per_round"] == {"4": 24, "5": 30}
    assert pflichtsolo_of(session, 1) == 1
    assert session.next_dealer == 0  # the Pflichtsolo keeps the dealer
    assert_one_reading(tournament)


def test_a_table_is_scored_once_closing_it_reads_what_the_replay_stored(
    personas: Personas, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the deal's replay stored the totals, and closing replayed the table again under the round rules."""
    tournament = nine_players(personas, 19)
    done, playing = tournament.played_rounds.get().tables.order_by("number")
    play_out(done, personas.scorer)
    facts = {"type": "normal", "re": list(tournaments.table_sheet(playing).seats[1:3]), "re_points": 130}
    services.record_deal(session=playing.session, actor=personas.scorer, facts=facts)
    replays: list[engine.Session] = []
    replay = engine.Session.replay

    def counted(self: engine.Session) -> Any:
        replays.append(self)
        return replay(self)

    monkeypatch.setattr(engine.Session, "replay", counted)
    assert not services.close_session(session=done.session, actor=personas.owner).is_open
    with pytest.raises(ServiceError, match="29 of the round's 30 games are still to play"):
        services.close_session(session=playing.session, actor=personas.owner)
    assert replays == []
