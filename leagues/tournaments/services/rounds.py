"""A round committed as drawn: its tables become sessions of the club (the table sheets), two players swapped before
a table plays, time called, the round closed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils import timezone

from scorekeeper import services as scorekeeper
from scorekeeper.models import Member
from scorekeeper.services import ServiceError
from scorekeeper.services.record import Actor

from .. import selectors
from ..models import Bye, Participant, TableSeat, Tournament, TournamentRound, TournamentTable
from ..rules.draw import DrawError
from .changes import audit, locked, rounds_started
from .plan import draw_again
from .refusals import refusal
from .words import table_label, table_session_name


@transaction.atomic
def start_round(*, tournament: Tournament, actor: Actor) -> TournamentRound:
    """Commit the next round as drawn: each table becomes a session of the club, seated in the drawn order (seat 1
    deals first), under the tournament's rules."""
    tournament = locked(tournament)
    number = rounds_started(tournament) + 1
    if number > tournament.rounds:
        raise ServiceError.on(None, refusal("all_rounds_drawn"))
    previous = tournament.played_rounds.order_by("-number").first()
    if previous is not None and previous.closed_at is None:
        raise ServiceError.on(None, refusal("close_round_first", n=previous.number))
    try:
        tables = selectors.drawn(tournament).plan.next_round
    except DrawError as error:
        raise ServiceError.on(None, error.words) from error
    assert tables is not None  # number <= rounds: the plan has this round
    by_number = {str(p.number): p for p in tournament.participants.select_related("member")}
    for out in selectors.coming_field(tournament, number)[1]:  # the field could not be seated: byes drawn
        Bye.objects.create(tournament=tournament, participant=by_number[str(out)], round=number, drawn=True)
        audit(tournament, actor, "bye_drawn", round=number, name=by_number[str(out)].name)
    this_round = TournamentRound.objects.create(tournament=tournament, number=number)
    for table_number, seated in enumerate(tables, start=1):
        seat_table(tournament, this_round, table_number, [by_number[n] for n in seated], actor)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    audit(tournament, actor, "round_started", round=number, tables=len(tables))
    draw_again(tournament, actor)
    return this_round


def seat_table(
    tournament: Tournament,
    this_round: TournamentRound,
    number: int,
    seated: list[Participant],
    actor: Actor,
    playing: list[Member] | None = None,
) -> TournamentTable:
    """The table's session seating ``playing`` (by default whoever plays each participant's seat in the round)."""
    session = scorekeeper.start_session(
        club=tournament.club,
        actor=actor,
        game=tournament.game,
        rules=tournament.settings["rules"],
        tariff=tournament.settings["tariff"],
        players=playing or [_playing(p, this_round.number) for p in seated],
        played_on=tournament.played_on,
        table=table_session_name(tournament.name, this_round.number, number),
    )
    table = TournamentTable.objects.create(round=this_round, number=number, session=session)
    label = table_label(number)
    scorekeeper.create_table_link(session=session, actor=actor, label=label)  # the table's phone, until the round ends
    TableSeat.objects.bulk_create(
        TableSeat(table=table, participant=p, position=position) for position, p in enumerate(seated)
    )
    return table


def reseat(
    tournament: Tournament, table: TournamentTable, actor: Actor, swapped: Mapping[int, Participant] | None = None
) -> TournamentTable:
    """The table's sheet started again (a table without a game yet) with its players as seated now, each participant
    ``swapped`` names (by id) in the other's seat."""
    rows = table.seat_rows.select_related("participant__member").order_by("position")
    seated = [(swapped or {}).get(row.participant_id, row.participant) for row in rows]
    session, number, this_round = table.session, table.number, table.round
    table.delete()
    scorekeeper.delete_session(session=session, actor=actor)
    return seat_table(tournament, this_round, number, seated, actor)


def _playing(participant: Participant, round_number: int) -> Member:
    """Who sits at the participant's seat in the round: the participant, or the substitute who took it over."""
    taking_over = participant.substitutions.filter(from_round__lte=round_number).order_by("-from_round").first()
    return taking_over.member if taking_over else participant.member


@transaction.atomic
def swap(*, this_round: TournamentRound, actor: Actor, first: Participant, second: Participant) -> None:
    """The director swaps two participants of a round whose tables have no deal yet; the rounds still to come are
    drawn again."""
    tournament = locked(this_round.tournament)
    seats = {s.participant_id: s for s in TableSeat.objects.filter(table__round=this_round).select_related("table")}
    if first.pk not in seats or second.pk not in seats or first.pk == second.pk:
        raise ServiceError.on("second", refusal("two_in_round"))
    tables = {seats[first.pk].table, seats[second.pk].table}
    if any(table.session.deals.exists() for table in tables):
        raise ServiceError.on(None, refusal("table_started"))
    for table in tables:
        reseat(tournament, table, actor, swapped={first.pk: second, second.pk: first})
    audit(tournament, actor, "participants_swapped", round=this_round.number, first=first.name, second=second.name)
    draw_again(tournament, actor)


@transaction.atomic
def call_time(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """Time is called: the normal games not yet played are struck; the Pflichtsoli still owed are played."""
    this_round = TournamentRound.objects.select_for_update().get(pk=this_round.pk)
    if this_round.time_called_at is None:
        call_time_at(this_round, this_round.tables.filter(time_called_after__isnull=True), actor)
        audit(this_round.tournament, actor, "time_called", round=this_round.number)
    return this_round


def call_time_at(this_round: TournamentRound, tables: Iterable[TournamentTable], actor: Actor) -> None:
    """Time called at ``tables``; the round's time is called once it is at every table."""
    for table in tables:
        session = scorekeeper.call_time(session=table.session, actor=actor)  # the engine admits the deals
        table.time_called_after = session.rules["time_called_after"]
        table.save(update_fields=["time_called_after"])
    if not this_round.tables.filter(time_called_after__isnull=True).exists():
        this_round.time_called_at = timezone.now()
        this_round.save(update_fields=["time_called_at"])


@transaction.atomic
def close_round(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """The round is over once every table sheet is closed; the last round ends the tournament."""
    this_round = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=this_round.pk)
    open_tables = [t.number for t in this_round.tables.select_related("session") if t.session.is_open]
    if open_tables:
        raise ServiceError.on(None, refusal("sheets_open", tables=", ".join(map(str, open_tables))))
    if this_round.closed_at is None:
        this_round.closed_at = timezone.now()
        this_round.save(update_fields=["closed_at"])
        sessions = [table.session for table in this_round.tables.select_related("session")]
        scorekeeper.expire_table_links(sessions=sessions, actor=actor)
        tournament = this_round.tournament
        if this_round.number == tournament.rounds:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
        audit(tournament, actor, "round_closed", round=this_round.number)
    return this_round
