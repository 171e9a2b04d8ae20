"""A tournament from registration through its rounds: the draw committed a round at a time, tables as sessions."""

from __future__ import annotations

import datetime

import pytest

from leagues.models import Participant, TableSeat, Tournament, TournamentRound
from leagues.tournaments import services as tournaments
from leagues.tournaments.selectors import drawn
from scorekeeper import services
from scorekeeper.models import AuditEntry, Session
from scorekeeper.words import history
from tests.leagues.conftest import Personas, play_out

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 11, 28)
NAMES = [f"Spieler {n:02d}" for n in range(1, 14)]  # 13: two tables of four and one of five each round


@pytest.fixture
def tournament(personas: Personas) -> Tournament:
    found = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Herbstturnier", preset="ddv", played_on=DAY, rounds=3,
        entry_fee_cents=1000, seed=7,
    )  # fmt: skip
    for name in NAMES:
        tournaments.add_participant(tournament=found, actor=personas.owner, name=name)
    found.refresh_from_db()
    return found


def seated(this_round: TournamentRound) -> list[list[int]]:
    return [
        list(table.seat_rows.order_by("position").values_list("participant__number", flat=True))
        for table in this_round.tables.order_by("number")
    ]


def close_tables(this_round: TournamentRound, personas: Personas) -> None:
    """Every table plays its round out, and closes."""
    for table in this_round.tables.select_related("session", "round__tournament"):
        play_out(table, personas.owner)
        services.close_session(session=table.session, actor=personas.owner)


def test_registration_numbers_the_field_and_plans_every_round(tournament: Tournament) -> None:
    assert tournament.plan == {}  # drawn when asked for, not at every registration
    assert list(tournament.participants.values_list("number", flat=True)) == list(range(1, 14))
    rounds = drawn(tournament).plan.rounds
    tournament.refresh_from_db()
    assert tournament.plan == {}  # reading the plan keeps nothing
    assert len(rounds) == 3
    assert [sorted(len(t) for t in tables) for tables in rounds] == [[4, 4, 5]] * 3
    for tables in rounds:
        assert sorted(int(n) for table in tables for n in table) == list(range(1, 14))  # everyone once a round


def test_a_round_becomes_a_session_per_table_seated_as_drawn(personas: Personas, tournament: Tournament) -> None:
    shown = drawn(tournament).plan.rounds[0]
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    assert seated(first) == [[int(n) for n in table] for table in shown]
    for table in first.tables.select_related("session"):
        session = table.session
        assert session.game == "doppelkopf"
        assert session.played_on == DAY
        names = list(session.seats.order_by("position").values_list("name", flat=True))
        assert names == [row.participant.name for row in table.seat_rows.order_by("position")]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    with pytest.raises(services.ServiceError):  # round 1 is still being played
        tournaments.start_round(tournament=tournament, actor=personas.owner)
    with pytest.raises(services.ServiceError):  # its sheets are open
        tournaments.close_round(this_round=first, actor=personas.owner)


def test_a_withdrawal_after_round_1_and_a_late_arrival_redraw_only_the_rounds_to_come(
    personas: Personas, tournament: Tournament
) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    played = seated(first)
    close_tables(first, personas)
    tournaments.close_round(this_round=first, actor=personas.owner)
    gone = Participant.objects.get(tournament=tournament, number=5)
    tournaments.withdraw(participant=gone, actor=personas.owner)
    tournament.refresh_from_db()
    kept = drawn(tournament)
    assert kept.kept  # the withdrawal drew the rounds to come and kept them
    rounds = kept.plan.rounds
    assert [[int(n) for n in table] for table in rounds[0]] == played  # round 1 as played
    assert all("5" not in table for tables in rounds[1:] for table in tables)
    assert [sorted(len(t) for t in tables) for tables in rounds[1:]] == [[4, 4, 4]] * 2
    late = tournaments.add_participant(tournament=tournament, actor=personas.owner, name="Zoe")
    assert late.first_round == 2
    second = tournaments.start_round(tournament=tournament, actor=personas.owner)
    numbers = {n for table in seated(second) for n in table}
    assert late.number in numbers
    assert gone.number not in numbers
    assert seated(first) == played


def test_a_swap_before_play_reseats_both_tables(personas: Personas, tournament: Tournament) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    before = seated(first)
    a = Participant.objects.get(tournament=tournament, number=before[0][0])
    b = Participant.objects.get(tournament=tournament, number=before[1][1])
    tournaments.swap(this_round=first, actor=personas.owner, first=a, second=b)
    after = seated(first)
    assert after[0][0] == b.number
    assert after[1][1] == a.number
    assert Session.objects.filter(tournament_table__round=first).count() == 3


def test_a_table_that_has_started_cannot_be_swapped(personas: Personas, tournament: Tournament) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    table = first.tables.get(number=1)
    names = list(table.session.seats.order_by("position").values_list("name", flat=True))
    services.record_deal(
        session=table.session, actor=personas.owner,
        facts={"type": "normal", "re": names[:2], "re_points": 130},
    )  # fmt: skip
    a, b = (row.participant for row in TableSeat.objects.filter(table__round=first).order_by("table", "position")[:2])
    with pytest.raises(services.ServiceError):
        tournaments.swap(this_round=first, actor=personas.owner, first=a, second=b)


def test_penalties_name_their_field(personas: Personas, tournament: Tournament) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    someone = TableSeat.objects.filter(table__round=first).first().participant  # type: ignore[union-attr]
    penalty = tournaments.add_penalty(
        this_round=first, actor=personas.owner, participant=someone, kind="minor", reason="Karten gezeigt",
        official="Turnierleiter",
    )  # fmt: skip
    assert penalty.points == 0
    bad = (("deduction", "x", 0, "points"), ("minor", " ", 0, "reason"), ("x", "y", 0, "kind"))
    for kind, reason, points, field in bad:
        with pytest.raises(services.ServiceError) as raised:
            tournaments.add_penalty(
                this_round=first, actor=personas.owner, participant=someone, kind=kind, reason=reason,
                official="TL", points=points,
            )  # fmt: skip
        assert list(raised.value.errors) == [field]


def test_a_field_that_cannot_be_seated_has_no_plan_and_cannot_start(personas: Personas) -> None:
    small = tournaments.create_tournament(
        club=personas.club, actor=personas.owner, name="Klein", preset="ddv", played_on=DAY, rounds=2,
    )  # fmt: skip
    for name in NAMES[:6]:
        tournaments.add_participant(tournament=small, actor=personas.owner, name=name)
    with pytest.raises(services.ServiceError) as raised:
        tournaments.draw(tournament=small, actor=personas.owner)
    assert "6" in str(raised.value)  # the message names the field's size
    with pytest.raises(services.ServiceError):
        tournaments.start_round(tournament=small, actor=personas.owner)


def test_the_club_history_tells_the_tournament(client, personas: Personas, tournament: Tournament) -> None:
    from django.urls import reverse

    tournaments.start_round(tournament=tournament, actor=personas.owner)
    client.force_login(personas.owner)
    page = client.get(reverse("club_history", args=[personas.club.slug])).content.decode()
    assert "Anna created the tournament Herbstturnier" in page
    assert "Anna registered Spieler 13 (no. 13) for the tournament Herbstturnier" in page
    assert "Anna started round 1 of the tournament Herbstturnier" in page


def test_the_live_ranking_is_what_rank_makes_of_the_exported_document(
    personas: Personas, tournament: Tournament
) -> None:
    """Every table plays a few deals (a Pflichtsolo among them), round 1 has a penalty and a deduction; the ranking
    read from the stored totals equals the one the pure ``rank`` works out by scoring the exported document."""
    from leagues.tournaments import selectors
    from leagues.tournaments.documents import export_tournament
    from leagues.tournaments.rules import document

    for _ in range(2):
        this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
        for table in this_round.tables.select_related("session"):
            names = list(table.session.seats.order_by("position").values_list("name", flat=True))
            deals = [  # seat 1 deals first (at five he sits out), then seat 2, who deals again after a Pflichtsolo
                {"type": "normal", "re": [names[1], names[3]], "re_points": 150},
                {"type": "solo", "solo": "damen", "re": [names[2]], "re_points": 190, "forced": True},
                {"type": "normal", "re": [names[2], names[3]], "re_points": 100},
            ]
            for facts in deals:
                services.record_deal(session=table.session, actor=personas.owner, facts=facts)
        if this_round.number == 1:
            seated = list(TableSeat.objects.filter(table__round=this_round).order_by("table", "position"))
            tournaments.add_penalty(
                this_round=this_round, actor=personas.owner, participant=seated[0].participant, kind="minor",
                reason="out of turn", official="TL",
            )  # fmt: skip
            tournaments.add_penalty(
                this_round=this_round, actor=personas.owner, participant=seated[5].participant, kind="deduction",
                points=5, reason="late", official="TL",
            )  # fmt: skip
        close_tables(this_round, personas)
        tournaments.close_round(this_round=this_round, actor=personas.owner)
    live = selectors.ranking(tournament)
    ranked = document.rank(export_tournament(tournament))
    assert [(r.standing.place, r.participant.number, r.standing.points) for r in live.rows] == [
        (s["place"], s["number"], s["points"]) for s in ranked["overall"]
    ]
    assert [dict(r.standing.tiebreaks) for r in live.rows] == [s["tiebreaks"] for s in ranked["overall"]]
    first = selectors.ranking(tournament, round_number=1)
    assert [(r.participant.number, r.standing.points) for r in first.rows] == [
        (s["number"], s["points"]) for s in ranked["rounds"][0]["standings"]
    ]


def test_a_table_sheet_cannot_close_while_a_pflichtsolo_is_owed(personas: Personas, tournament: Tournament) -> None:
    this_round = tournaments.start_round(tournament=tournament, actor=personas.owner)
    table = this_round.tables.select_related("session", "round__tournament").get(number=1)
    with pytest.raises(services.ServiceError) as raised:
        services.close_session(session=table.session, actor=personas.owner)
    assert "Pflichtsolo" in str(raised.value)
    tournaments.call_time(this_round=this_round, actor=personas.owner)
    table.refresh_from_db()
    sheet = tournaments.table_sheet(table)
    assert sheet.regular_left == 0  # time called: no normal game any more …
    assert len(sheet.owing) == 4  # … but every Pflichtsolo is still owed
    with pytest.raises(services.ServiceError):
        services.close_session(session=table.session, actor=personas.owner)
    play_out(table, personas.owner)
    assert table.session.deals.count() == 4  # the four Pflichtsoli, nothing else
    services.close_session(session=table.session, actor=personas.owner)
    table.session.refresh_from_db()
    assert not table.session.is_open


def test_the_plan_is_kept_by_a_post_and_read_as_kept(personas: Personas, tournament: Tournament) -> None:
    shown = drawn(tournament)
    assert not shown.kept
    plan = tournaments.draw(tournament=tournament, actor=personas.owner)
    tournament.refresh_from_db()
    assert tournament.plan["key"] == shown.key
    again = drawn(tournament)
    assert again.kept
    assert again.plan == plan == shown.plan  # the same draw, read or drawn: it is deterministic
    entries = AuditEntry.objects.filter(club=personas.club, after__what="drawn")
    assert entries.count() == 1
    tournaments.draw(tournament=tournament, actor=personas.owner)  # kept already: nothing is written
    assert entries.count() == 1
    (line,) = history.lines(entries, personas.club)
    assert line.text == (
        f"Anna kept the draw of the tournament Herbstturnier from round 1 on: {plan.stats.repeats} repeat meetings"
    )


def test_each_change_of_a_running_field_keeps_the_new_plan(personas: Personas, tournament: Tournament) -> None:
    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    tournament.refresh_from_db()
    assert drawn(tournament).kept  # the rounds to come, drawn again with round 1 as it is seated
    a, b = (Participant.objects.get(tournament=tournament, number=seated(first)[t][0]) for t in (0, 1))
    tournaments.swap(this_round=first, actor=personas.owner, first=a, second=b)
    tournament.refresh_from_db()
    assert drawn(tournament).kept
    tournaments.add_participant(tournament=tournament, actor=personas.owner, name="Zoe")
    tournament.refresh_from_db()
    assert drawn(tournament).kept


def test_keeping_two_apart_is_in_the_history(personas: Personas, tournament: Tournament) -> None:
    first, second = tournament.participants.order_by("number")[:2]
    tournaments.keep_apart(tournament=tournament, actor=personas.owner, first=first, second=second)
    entry = AuditEntry.objects.get(club=personas.club, after__what="kept_apart")
    (line,) = history.lines([entry], personas.club)
    assert line.text == "Anna kept Spieler 01 and Spieler 02 apart in the first round of the tournament Herbstturnier"
    tournament.refresh_from_db()
    assert all({"1", "2"} - set(table) for table in drawn(tournament).plan.rounds[0])


def test_a_penalty_at_the_table_of_five_leaves_the_dealer_out_and_one_in_a_solo_credits_the_soloist(
    personas: Personas, tournament: Tournament
) -> None:
    """TSR 9.3.2, 9.4.4, 10.1.2: the live ranking and the exported document agree on what the penalties move."""
    from leagues.tournaments import selectors
    from leagues.tournaments.documents import export_tournament
    from leagues.tournaments.rules import document

    first = tournaments.start_round(tournament=tournament, actor=personas.owner)
    five = next(t for t in first.tables.all() if t.seat_rows.count() == 5)
    seats = [row.participant for row in five.seat_rows.order_by("position")]
    assert len(seats) == 5
    offender, soloist, *_, dealer = seats
    four = TableSeat.objects.filter(table__round=first).exclude(table=five).first().participant  # type: ignore[union-attr]

    def points() -> dict[int, int]:
        ranked = document.rank(export_tournament(tournament))["rounds"][0]["standings"]
        live = selectors.ranking(tournament, round_number=1).rows
        assert [(r.participant.number, r.standing.points) for r in live] == [(s["number"], s["points"]) for s in ranked]
        return {s["number"]: s["points"] for s in ranked}

    before = points()
    for kind, solo in (("minor", None), ("serious", soloist)):
        tournaments.add_penalty(
            this_round=first, actor=personas.owner, participant=offender, kind=kind, reason="Karten gezeigt",
            official="TL", sitting_out=dealer, soloist=solo,
        )  # fmt: skip
    after = points()
    moved = {n: after[n] - before[n] for n in after if after[n] != before[n]}
    assert moved == {offender.number: -15, soloist.number: 13, seats[2].number: 1, seats[3].number: 1}
    bad = (
        ("minor", four, None, "sitting_out"),
        ("minor", dealer, four, "soloist"),
        ("deduction", dealer, None, "sitting_out"),
    )
    for kind, sitting_out, solo, field in bad:
        with pytest.raises(services.ServiceError) as raised:
            tournaments.add_penalty(
                this_round=first, actor=personas.owner, participant=offender, kind=kind, reason="x", official="TL",
                points=2, sitting_out=sitting_out, soloist=solo,
            )  # fmt: skip
        assert list(raised.value.errors) == [field]
