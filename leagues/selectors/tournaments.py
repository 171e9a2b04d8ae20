"""Reads for tournaments: who sees which, a round's tables with their sheets' state."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from scorekeeper.models import Club, Session

from ..models import Participant, TableSeat, Tournament, TournamentRound, TournamentTable


def tournaments_of(club: Club) -> QuerySet[Tournament]:
    return club.tournaments.all()


def tournament_of(club: Club, tournament_id: int) -> Tournament:
    """One of the club's tournaments; Http404 for any other."""
    found = club.tournaments.filter(pk=tournament_id).first()
    if found is None:
        raise Http404
    return found


def round_of(tournament: Tournament, number: int) -> TournamentRound:
    found = tournament.played_rounds.filter(number=number).first()
    if found is None:
        raise Http404
    return found


@dataclass(frozen=True)
class TableView:
    """A table of a round as the round page shows it: its number, its players in seat order and its sheet."""

    table: TournamentTable
    players: list[Participant]
    session: Session

    @property
    def number(self) -> int:
        return self.table.number


def tables_of(this_round: TournamentRound) -> list[TableView]:
    """The round's tables with their players and sessions, in two queries."""
    tables = list(this_round.tables.select_related("session").order_by("number"))
    seats: dict[int, list[Participant]] = {t.pk: [] for t in tables}
    for row in (
        TableSeat.objects.filter(table__round=this_round).select_related("participant").order_by("table", "position")
    ):
        seats[row.table_id].append(row.participant)
    return [TableView(t, seats[t.pk], t.session) for t in tables]
