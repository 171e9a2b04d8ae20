"""Reads for tournaments: who sees which, a round's tables with their sheets' state."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from scorekeeper.models import Club, Session, TableLink

from ..models import Participant, TableSeat, Tournament, TournamentRound, TournamentTable
from ..tournaments.penalties import Penalty as TournamentPenalty
from ..tournaments.presets import PRESETS, Preset
from ..tournaments.ranking import POINTS, RoundResult, Standing, draw_lots, rank
from ..tournaments.sheet import table_points


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
    link: TableLink | None  # the table's phone link while the round lasts

    @property
    def number(self) -> int:
        return self.table.number


def tables_of(this_round: TournamentRound) -> list[TableView]:
    """The round's tables with their players, sessions and live links, in three queries."""
    tables = list(this_round.tables.select_related("session").order_by("number"))
    seats: dict[int, list[Participant]] = {t.pk: [] for t in tables}
    for row in (
        TableSeat.objects.filter(table__round=this_round).select_related("participant").order_by("table", "position")
    ):
        seats[row.table_id].append(row.participant)
    links = {
        link.session_id: link for link in TableLink.objects.live().filter(session__in=[t.session_id for t in tables])
    }
    return [TableView(t, seats[t.pk], t.session, links.get(t.session_id)) for t in tables]


# the ranking ---------------------------------------------------------------------------------------------------------


def preset_of(tournament: Tournament) -> Preset:
    preset = PRESETS[tournament.preset]
    return preset.with_table_points() if tournament.settings.get("table_points") else preset


@dataclass(frozen=True)
class RankingRow:
    standing: Standing
    participant: Participant


@dataclass(frozen=True)
class TournamentRanking:
    rows: list[RankingRow]
    rounds: list[int]  # the rounds started, in order
    round: int | None  # the round ranked alone, or None for the whole tournament
    chain: tuple[str, ...]
    open_tables: int  # tables still playing: their points count as they stand


def ranking(tournament: Tournament, *, round_number: int | None = None) -> TournamentRanking:
    """The ranking live: each table's points and solos as its sheet stands, open or closed (what the engine's replay
    stored with the session: its totals and its round; no deal is read), its table points, the penalties. Four
    queries, whatever the field: each table's session read once, each seat once."""
    preset = preset_of(tournament)
    sheets = {
        table_id: (number, table, session, totals, status, round_)
        for table_id, number, table, session, totals, status, round_ in TournamentTable.objects.filter(
            round__tournament=tournament
        )
        .order_by()
        .values_list(
            "pk", "round__number", "number", "session_id", "session__totals", "session__status", "session__round"
        )
    }
    seats = [
        (*sheets[table_id][:3], position, player, *sheets[table_id][3:])
        for table_id, position, player in TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by()
        .values_list("table_id", "position", "participant__number")
    ]
    solos: dict[tuple[int, int], tuple[int, int]] = {}
    tables: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    open_sessions: set[int] = set()
    for number, table, session, position, player, totals, status, round_ in seats:
        tables.setdefault((number, table), []).append((player, totals[position], session, position))
        if round_ is not None:  # none before the table's first deal
            seat = round_["seats"][position]
            solos[(session, position)] = (seat["solos"], seat["solos_won"])
        if status == Session.Status.OPEN:
            open_sessions.add(session)
    moved, taken = _penalty_effects(tournament, tables)
    results = []
    for (number, table), seated in tables.items():
        extra = table_points(preset, {str(player): points for player, points, _, _ in seated})
        for player, points, session, position in seated:
            played, won = solos.get((session, position), (0, 0))
            results.append(
                RoundResult(
                    player=player,
                    round=number,
                    table=table,
                    points=points + extra[str(player)] + moved.get((number, player), 0),
                    solos=played,
                    solos_won=won,
                    penalty_points=taken.get((number, player), 0),
                )
            )
    chain = (POINTS, *tournament.tiebreaks)  # as the document lists it
    rounds = sorted({number for number, _ in tables})
    if round_number not in rounds:
        round_number = None
    counted = [r for r in results if round_number is None or r.round == round_number]
    participants = {p.number: p for p in tournament.participants.all()}
    lots = draw_lots(participants, tournament.seed) if "lot" in chain else None
    rows = [RankingRow(s, participants[s.player]) for s in rank(counted, chain, lots)]
    return TournamentRanking(rows, rounds, round_number, chain, len(open_sessions))


def _penalty_effects(
    tournament: Tournament, tables: dict[tuple[int, int], list[tuple[int, int, int, int]]]
) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """What the penalties move, by (round, player), and what they take from each offender."""
    table_of = {
        (number, player): [p for p, *_ in seated] for (number, _), seated in tables.items() for player, *_ in seated
    }
    moved: dict[tuple[int, int], int] = {}
    taken: dict[tuple[int, int], int] = {}
    for number, player, kind, points in tournament.penalties.values_list(
        "round__number", "participant__number", "kind", "points"
    ):
        penalty = TournamentPenalty(number, player, kind, "", "", points or None)
        deltas = penalty.deltas(table_of[(number, player)])
        for other, delta in deltas.items():
            moved[(number, other)] = moved.get((number, other), 0) + delta
        taken[(number, player)] = taken.get((number, player), 0) - deltas[player]
    return moved, taken
