"""A tournament as a ``schreiber-tournament/1`` document (``docs/tournament-format.md``): what ``manage.py rank``
reads, and a tournament's export. The document's deals are the table sessions' deals as entered.

The one writer is ``tournaments.document.dump``: a stored tournament is read into its pure form
(:func:`tournament_of`) and dumped, for the download and for the club's backup alike."""

from __future__ import annotations

from typing import Any

from scorekeeper.models import Deal, Seat

from .models import TableSeat, Tournament
from .rules import document
from .rules.byes import AVERAGE
from .rules.penalties import Penalty
from .rules.ranking import POINTS


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The tournament as it stands: settings, participants, every round started with its tables' seats and deals,
    the penalties, and the director's substitutes, byes and lots drawn in the hall."""
    return document.dump(tournament_of(tournament))


def tournament_of(tournament: Tournament) -> document.Tournament:
    """The stored tournament in the document's pure form."""
    seats: dict[int, list[int]] = {}
    for table_id, number in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by("table", "position")
        .values_list("table_id", "participant__number")
    ):
        seats.setdefault(table_id, []).append(number)
    names = {p.number: p.name for p in tournament.participants.all()}
    sheet_names: dict[int, list[str]] = {}  # each table's names as its sheet has them (a substitute's, say)
    for session_id, name in (
        Seat.objects.filter(session__tournament_table__round__tournament=tournament)
        .order_by("session", "position")
        .values_list("session_id", "name")
    ):
        sheet_names.setdefault(session_id, []).append(name)
    deals: dict[int, list[Any]] = {}
    live = Deal.objects.filter(session__tournament_table__round__tournament=tournament, deleted_at__isnull=True)
    for session_id, facts in live.order_by("session", "sequence").values_list("session_id", "facts"):
        deals.setdefault(session_id, []).append(facts)
    rounds = tuple(
        document.Round(
            this_round.number,
            tuple(
                document.Table(
                    table.number,
                    tuple(seats[table.pk]),
                    tuple(deals.get(table.session_id, [])),
                    table.time_called_after,
                    _players(sheet_names[table.session_id], [names[n] for n in seats[table.pk]]),
                )
                for table in this_round.tables.order_by("number")
            ),
        )
        for this_round in tournament.played_rounds.prefetch_related("tables")
    )
    settings = document.Settings(
        game=tournament.game,
        preset=tournament.preset,
        options=dict(tournament.settings.get("options", {})),
        rounds=tournament.rounds,
        table_points=bool(tournament.settings.get("table_points")),
        tiebreaks=(POINTS, *tournament.tiebreaks),
        entry_fee_cents=tournament.entry_fee_cents,
        seed=tournament.seed,
        bye=tournament.settings.get("bye", AVERAGE),
        substitute_credit=tournament.settings.get("substitute_credit", document.ORIGINAL),
    )
    participants = tuple(
        document.Participant(p.number, p.name, p.first_round, p.last_round) for p in tournament.participants.all()
    )
    penalties = tuple(
        Penalty(
            p.round.number,
            p.participant.number,
            p.kind,
            p.reason,
            p.official,
            p.points or None,  # a free deduction's, or what a serious offence in a solo gave (9.4.4)
            p.sitting_out.number if p.sitting_out else None,
            p.soloist.number if p.soloist else None,
        )
        for p in tournament.penalties.select_related("round", "participant", "sitting_out", "soloist")
    )
    substitutes = tuple(
        document.Substitute(s.participant.number, s.from_round, s.name, s.entry.number if s.entry else None)
        for s in tournament.substitutions.select_related("participant", "entry").order_by("from_round", "pk")
    )
    byes = tuple(
        document.Bye(number, round_, drawn)
        for number, round_, drawn in tournament.byes.order_by("round", "participant__number").values_list(
            "participant__number", "round", "drawn"
        )
    )
    lots = tuple(
        document.HallLot(tuple(among), winner, round_)
        for among, winner, round_ in tournament.hall_lots.order_by("created_at", "pk").values_list(
            "among", "winner__number", "round"
        )
    )
    return document.Tournament(settings, participants, rounds, penalties, tournament.name, substitutes, byes, lots)


def _players(on_sheet: list[str], participants: list[str]) -> tuple[str, ...] | None:
    """The sheet's names when a substitute's differ from the seated participants'."""
    return None if on_sheet == participants else tuple(on_sheet)
