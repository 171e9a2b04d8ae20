"""Reads for tournaments: who sees which, a round's tables with their sheets' state."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext

from schreiber import kept, rows
from scorekeeper.engine.tournament_presets import PRESETS, Preset
from scorekeeper.models import Club, Session, TableLink
from scorekeeper.table.clocks import ClockSource, TableClock
from scorekeeper.words.engine_words import translated

from .models import Bye, Participant, Substitution, TableSeat, Tournament, TournamentRound, TournamentTable
from .rules.byes import AVERAGE, bye_results, drawn_byes
from .rules.clock import Clock, minutes_by_size
from .rules.draw import Plan, plan, stats
from .rules.fields import ordinary_size
from .rules.finality import TableRound, missing_for_final
from .rules.penalties import Penalty as TournamentPenalty
from .rules.ranking import LOT, POINTS, RoundResult, Standing, draw_lots, standings
from .rules.sheet import table_points
from .rules.words import Message


def tournaments_of(club: Club) -> QuerySet[Tournament]:
    return club.tournaments.all()


def tournament_of(club: Club, tournament_id: int) -> Tournament:
    """One of the club's tournaments; Http404 for any other."""
    return get_object_or_404(club.tournaments, pk=tournament_id)


def round_of(tournament: Tournament, number: int) -> TournamentRound:
    return get_object_or_404(tournament.played_rounds, number=number)


@dataclass(frozen=True)
class TableView:
    """A table of a round as the round page shows it: its number, its players in seat order and its sheet."""

    table: TournamentTable
    players: list[Participant]
    session: Session
    link: TableLink | None  # the table's phone link while the round lasts
    names: list[str]  # each seat's player as the round page shows them: "Bert (for Anna)" for a substitute

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def seats(self) -> list[tuple[Participant, str]]:
        return list(zip(self.players, self.names, strict=True))


def substitutes(tournament: Tournament) -> dict[int, list[Substitution]]:
    """Each participant's substitutions (by the participant's id, and by the substitute's own entry's), in the order
    of their rounds."""
    found: dict[int, list[Substitution]] = {}
    for sub in tournament.substitutions.select_related("participant").order_by("from_round"):
        found.setdefault(sub.participant_id, []).append(sub)
        if sub.entry_id is not None:
            found.setdefault(sub.entry_id, []).append(sub)
    return found


def seat_name(participant: Participant | Entrant, round_number: int, subs: dict[int, list[Substitution]]) -> str:
    """Who plays the participant's seat in the round: the participant, or the substitute "Bert (for Anna)"."""
    taking_over = [s for s in subs.get(participant.pk, ()) if s.from_round <= round_number]
    if not taking_over:
        return participant.name
    last = taking_over[-1]
    return gettext("%(substitute)s (for %(player)s)") % {"substitute": last.name, "player": last.participant.name}


def tables_of(this_round: TournamentRound) -> list[TableView]:
    """The round's tables with their players, sessions and live links, in four queries."""
    tables = list(this_round.tables.select_related("session").order_by("number"))
    seats: dict[int, list[Participant]] = {t.pk: [] for t in tables}
    for row in (
        TableSeat.objects.filter(table__round=this_round).select_related("participant").order_by("table", "position")
    ):
        seats[row.table_id].append(row.participant)
    links = {
        link.session_id: link for link in TableLink.objects.live().filter(session__in=[t.session_id for t in tables])
    }
    subs = substitutes(this_round.tournament)
    return [
        TableView(t, seats[t.pk], t.session, links.get(t.session_id),
                  [seat_name(p, this_round.number, subs) for p in seats[t.pk]])
        for t in tables
    ]  # fmt: skip


def byes_of(tournament: Tournament, round_number: int) -> list[Bye]:
    return list(tournament.byes.filter(round=round_number).select_related("participant"))


# the round clock ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableTime:
    table: TournamentTable
    size: int
    remaining: int  # seconds

    @property
    def due(self) -> bool:
        """Its time is up and not yet called."""
        return self.remaining == 0 and self.table.time_called_after is None


@dataclass(frozen=True)
class RoundClock:
    """A round's clock as it stands now: the time left at each table (by its size)."""

    round: TournamentRound
    tables: list[TableTime]

    @property
    def started(self) -> bool:
        return self.round.clock.started

    @property
    def running(self) -> bool:
        return self.round.clock.running

    @property
    def sizes(self) -> list[tuple[int, TableClock]]:
        """The clock at each table size of the round, the smallest tables first; called once every table of the size
        is."""
        sizes = sorted({t.size for t in self.tables})
        return [(size, self._clock_at(size)) for size in sizes]

    def _clock_at(self, size: int) -> TableClock:
        tables = [t for t in self.tables if t.size == size]
        called = all(t.table.time_called_after is not None for t in tables)
        return TableClock(tables[0].remaining, self.round.clock.state(called=called))

    @property
    def time_up(self) -> bool:
        return any(t.due for t in self.tables)


def clock_minutes(tournament: Tournament) -> dict[int, int]:
    """The minutes of a round at each table size the tournament's scoring has."""
    minutes = minutes_by_size(tournament.settings.get("clock_minutes"))
    return {size: minutes.get(size, minutes[4]) for size in sorted(preset_of(tournament).games)}


def round_clock(this_round: TournamentRound, now: datetime.datetime | None = None) -> RoundClock:
    minutes = minutes_by_size(this_round.tournament.settings.get("clock_minutes"))
    now = now or timezone.now()
    clock = this_round.clock
    tables = this_round.tables.annotate(size=Count("seat_rows")).order_by("number")
    return RoundClock(
        this_round, [TableTime(t, t.size, clock.remaining(minutes.get(t.size, minutes[4]), now)) for t in tables]
    )


def current_round(tournament: Tournament) -> TournamentRound | None:
    """The round being played, else the last one played."""
    rounds = tournament.played_rounds.order_by("-number")
    return rounds.filter(closed_at__isnull=True).first() or rounds.first()


def table_clock(session: Session) -> TableClock | None:
    """The round clock a tournament table's phone shows (``scorekeeper.table.clocks``), from the round's drawing to its
    close; None for any other session. One raw query of constant text, the unchanged poll's (``ROUND_CLOCK``), of
    the few values the clock needs (not the tournament's plan, the whole draw, nor any model to build): asked for
    every session's page, where building the ORM's query would cost several times the CPU. Even a session whose
    rules play no round is asked: a table restored from a backup of before the round was a rule plays none."""
    row = rows.fetch_one(_TABLE_CLOCK, [session.pk])
    return None if row is None else _clock_of_columns(row)


def _table_clock(size: int, called_after: int | None, clock: Clock, settings: dict[str, Any]) -> TableClock:
    minutes = minutes_by_size(settings.get("clock_minutes"))
    remaining = clock.remaining(minutes.get(size, minutes[4]), timezone.now())
    return TableClock(remaining, clock.state(called=called_after is not None))


def _clock_of_columns(columns: Sequence[Any]) -> TableClock | None:
    """The table's clock from the columns of ``ROUND_CLOCK`` (a page's query or an unchanged poll's): raw values,
    which the ORM would have converted (a naive UTC time on SQLite, the settings as text on PostgreSQL)."""
    round_id, size, called_after, started_at, paused_at, paused_seconds, extra_minutes, settings = columns
    if round_id is None:  # not a table, or its round is closed
        return None
    started_at, paused_at = (_aware(moment) for moment in (started_at, paused_at))
    settings = json.loads(settings) if isinstance(settings, str) else settings
    return _table_clock(size, called_after, Clock(started_at, paused_at, paused_seconds, extra_minutes), settings)


def _aware(moment: datetime.datetime | str | None) -> datetime.datetime | None:
    if isinstance(moment, str):
        moment = datetime.datetime.fromisoformat(moment)
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=datetime.UTC)


# The round clock for the table's phone, the table's size counted by its seats; a poll reads it in its own query, a
# page in ``_TABLE_CLOCK``.
ROUND_CLOCK = ClockSource(
    name="round",
    read=table_clock,
    joins=(
        f"LEFT JOIN {rows.table(TournamentTable)} clock_table ON clock_table.session_id = s.id "
        f"LEFT JOIN {rows.table(TournamentRound)} clock_round "
        "ON clock_round.id = clock_table.round_id AND clock_round.closed_at IS NULL "
        f"LEFT JOIN {rows.table(Tournament)} clock_tournament ON clock_tournament.id = clock_round.tournament_id"
    ),
    columns=(
        f"clock_round.id, (SELECT COUNT(*) FROM {rows.table(TableSeat)} seat WHERE seat.table_id = clock_table.id), "
        "clock_table.time_called_after, clock_round.clock_started_at, clock_round.clock_paused_at, "
        "clock_round.clock_paused_seconds, clock_round.clock_extra_minutes, clock_tournament.settings"
    ),
    from_columns=_clock_of_columns,
)
_TABLE_CLOCK = f"SELECT {ROUND_CLOCK.columns} FROM {rows.table(Session)} s {ROUND_CLOCK.joins} WHERE s.id = %s"
_IS_TABLE = f"SELECT 1 FROM {rows.table(TournamentTable)} t WHERE t.session_id = %s"


def is_table(session: Session) -> bool:
    """Whether the session is a tournament table: asked for a scorer's every sheet (may its players change?), by one
    raw query of constant text, as ``table_clock``."""
    return rows.fetch_one(_IS_TABLE, [session.pk]) is not None


# the draw ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """The plan of the whole tournament as its field stands, and whether ``Tournament.plan`` keeps it already."""

    plan: Plan
    key: str  # what the plan is drawn from, hashed: the kept plan is this one while the keys agree
    kept: bool

    def as_kept(self) -> dict[str, Any]:
        """What ``Tournament.plan`` keeps of it."""
        return {"key": self.key, "rounds": self.plan.rounds, "lower_bound": self.plan.lower_bound}


def drawn(tournament: Tournament) -> Drawn:
    """The plan of the whole tournament: the rounds played as they were, then the rest drawn for the participants
    who play in the next round (named by their start numbers). Read from ``Tournament.plan`` while what it is drawn
    from is unchanged, else drawn afresh without writing: the draw is deterministic (the tournament's seed), so what
    a page shows is what ``services.tournaments.draw`` keeps and ``start_round`` starts. Raises ``DrawError``."""
    played = played_rounds(tournament)
    field, _byes = coming_field(tournament, len(played) + 1)
    apart = [(str(pair.first.number), str(pair.second.number)) for pair in tournament.apart_pairs.select_related()]
    wishes: dict[str, Any] = {
        "played": played,
        "fixed": {str(p.number): p.fixed_table for p in field if p.fixed_table},
        "apart_in_first_round": apart,
        "game": tournament.game,
        "seed": tournament.seed,
    }
    players, rounds = [str(p.number) for p in field], max(tournament.rounds, len(played))
    key = hashlib.sha256(repr((players, rounds, sorted(wishes.items()))).encode()).hexdigest()[:32]
    kept = tournament.plan
    if kept.get("key") != key:
        return Drawn(plan(players, rounds, **wishes), key, kept=False)
    every_round = tuple(tuple(tuple(table) for table in tables) for tables in kept["rounds"])
    stored = Plan(every_round, len(played), tournament.seed, tournament.game, kept["lower_bound"],
                  stats(every_round, tournament.game))  # fmt: skip
    return Drawn(stored, key, kept=True)


def coming_field(tournament: Tournament, coming: int) -> tuple[list[Participant], list[int]]:
    """Who plays round ``coming``: the participants who play in it and have no bye, less the fewest who must sit it
    out for the rest to be seated (``rules.byes``); and those (start numbers), whose byes ``start_round`` keeps."""
    given = set(tournament.byes.filter(round=coming).values_list("participant__number", flat=True))
    field = [p for p in tournament.participants.all() if p.plays_in(coming) and p.number not in given]
    so_far: dict[int, int] = {}
    for number in tournament.byes.values_list("participant__number", flat=True):
        so_far[number] = so_far.get(number, 0) + 1
    out = drawn_byes([p.number for p in field], ordinary_size(tournament.game), so_far, tournament.seed, coming)
    return [p for p in field if p.number not in out], out


def played_rounds(tournament: Tournament) -> list[list[list[str]]]:
    """The rounds started so far: each table's start numbers in seat order."""
    rounds: dict[int, dict[int, list[str]]] = {}
    seats = TableSeat.objects.filter(table__round__tournament=tournament).order_by(
        "table__round__number", "table__number", "position"
    )
    for round_number, table, number in seats.values_list(
        "table__round__number", "table__number", "participant__number"
    ):
        rounds.setdefault(round_number, {}).setdefault(table, []).append(str(number))
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


# the ranking ---------------------------------------------------------------------------------------------------------


def preset_of(tournament: Tournament) -> Preset:
    """The tournament's scoring: its preset under the options the director chose (frozen in its settings)."""
    preset = PRESETS[tournament.preset]
    if "options" in tournament.settings:
        preset = preset.with_options(tournament.settings["options"])
    return preset.with_table_points() if tournament.settings.get("table_points") else preset


@dataclass(frozen=True)  # no slots: a slotted dataclass unpickles field by field, and the field is kept pickled
class Entrant:
    """A participant as a ranking names them: read as values, a ranking lists the whole field at every change."""

    pk: int
    number: int
    name: str
    last_round: int | None  # withdrew after this round
    categories: tuple[str, ...]  # for category prizes


@dataclass(frozen=True)
class RankingRow:
    standing: Standing
    participant: Entrant
    name: str = ""  # as the ranking shows it: "Bert (for Anna)" for a substitute's own entry
    substitutes: str = ""  # who played the participant's seat for them, their points counting for the participant
    by_lot: bool = False  # a lot drawn in the hall decided the place
    byes: tuple[int, ...] = ()  # the rounds the participant had a bye

    @property
    def withdrawn_after(self) -> int | None:
        return self.participant.last_round

    @property
    def place(self) -> int:
        assert self.standing.place is not None  # a tournament places every player
        return self.standing.place


@dataclass(frozen=True)
class TournamentRanking:
    rows: list[RankingRow]
    rounds: list[int]  # the rounds started, in order
    round: int | None  # the round ranked alone, or None for the whole tournament
    chain: tuple[str, ...]
    open_tables: int  # tables still playing: their points count as they stand
    missing: tuple[Message, ...] = ()  # what keeps the tournament from being final, table by table

    @property
    def final(self) -> bool:
        return not self.missing

    @property
    def missing_words(self) -> list[str]:
        """What is missing in the page's language."""
        return [translated(message) for message in self.missing]


@dataclass(frozen=True)
class _Field:
    """What a ranking reads besides the sheets: who plays, who sits where, the byes, penalties, lots drawn in the
    hall and substitutes. Only a director's change alters any of it, and each moves the tournament's revision on."""

    entrants: dict[int, Entrant]  # by start number
    seats: dict[int, list[tuple[int, int]]]  # by table id: (position, start number)
    byes: list[tuple[int, int]]  # (start number, round)
    penalties: list[tuple[int, int, str, int, int | None, int | None]]  # as ``_penalty_effects`` reads them
    hall_lots: list[tuple[int | None, list[int], int]]  # (round or None for overall, among, winner)
    subs: dict[int, list[Substitution]]


def _field(tournament: Tournament, revision: int | None) -> _Field:
    """The tournament's field as of ``revision`` (read with its sheets), kept for the next ranking of that revision:
    the hall screen's ranking is read again after every deal at any table, the field changes only with a director's
    change, and each moves the revision on (``services.changes.audit``). Read after the revision, what is kept is
    never older than its key. Read afresh without a revision (no table yet)."""
    if revision is None:
        return _read_field(tournament)
    shown = (tournament.pk, tournament.created_at.timestamp(), revision)
    return kept.kept("tournament-field", shown, lambda: _read_field(tournament))


def _read_field(tournament: Tournament) -> _Field:
    seats: dict[int, list[tuple[int, int]]] = {}
    for table_id, position, player in (
        TableSeat.objects.filter(table__round__tournament=tournament)
        .order_by()
        .values_list("table_id", "position", "participant__number")
    ):
        seats.setdefault(table_id, []).append((position, player))
    return _Field(
        {number: Entrant(pk, number, name, last, tuple(categories))
         for pk, number, name, last, categories in tournament.participants.order_by()
         .values_list("pk", "number", "name", "last_round", "categories")},
        seats,
        list(tournament.byes.values_list("participant__number", "round")),
        list(tournament.penalties.values_list(
            "round__number", "participant__number", "kind", "points", "sitting_out__number", "soloist__number"
        )),
        list(tournament.hall_lots.values_list("round", "among", "winner__number")),
        substitutes(tournament),
    )  # fmt: skip


def ranking(tournament: Tournament, *, round_number: int | None = None) -> TournamentRanking:
    """The ranking live: each table's points and solos as its sheet stands, open or closed (what the engine's replay
    stored with the session: its totals and its round; no deal is read), its table points, the penalties. One query
    for the sheets, and the field (``_field``) as of the tournament's revision read with them."""
    preset = preset_of(tournament)
    sheets = list(
        TournamentTable.objects.filter(round__tournament=tournament)
        .order_by()
        .values_list(
            "pk", "round__number", "number", "session__totals", "session__status", "session__round",
            "round__tournament__revision",
        )
    )  # fmt: skip
    field = _field(tournament, sheets[0][-1] if sheets else None)
    tables: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}  # (player, points, solos, solos won)
    stored: dict[tuple[int, int], Any] = {}  # each table's round as the engine stored it, None before its first deal
    closed: set[tuple[int, int]] = set()
    open_tables = 0
    for table_id, number, table, totals, status, round_, _ in sheets:
        # each seat's solos as the replay stored them with the table's round, none before its first deal
        solos = [(seat["solos"], seat["solos_won"]) for seat in round_["seats"]] if round_ is not None else None
        tables[(number, table)] = [
            (player, totals[position], *(solos[position] if solos else (0, 0)))
            for position, player in field.seats[table_id]
        ]
        stored[(number, table)] = round_
        if status == Session.Status.OPEN:
            open_tables += 1
        else:
            closed.add((number, table))
    moved, taken = _penalty_effects(field.penalties, tables)
    results = []
    for (number, table), seated in tables.items():
        extra = table_points(preset, {str(player): points for player, points, _, _ in seated})
        results += [
            RoundResult(
                player=player, round=number, table=table,
                points=points + extra[str(player)] + moved.get((number, player), 0),
                solos=played, solos_won=won, penalty_points=taken.get((number, player), 0),
            )
            for player, points, played, won in seated
        ]  # fmt: skip
    chain = (POINTS, *tournament.tiebreaks)  # as the document lists it
    rounds = sorted({number for number, _ in tables})
    byes = bye_results(field.byes, tournament.settings.get("bye", AVERAGE), results)
    if round_number not in rounds:
        round_number = None
    participants = field.entrants
    hall_lots = [(frozenset(among), winner) for at, among, winner in field.hall_lots if at == round_number]
    ranked, decided = standings(
        [*results, *byes], chain, round_number=round_number,
        lots=draw_lots(participants, tournament.seed) if LOT in chain else None, hall_lots=hall_lots,
    )  # fmt: skip
    subs = field.subs
    bye_rounds: dict[int, tuple[int, ...]] = {}
    for bye in byes:
        bye_rounds[bye.player] = (*bye_rounds.get(bye.player, ()), bye.round)
    rows = [
        RankingRow(s, p, _ranked_name(p, subs), _played_for(p, subs), s.player in decided, bye_rounds.get(s.player, ()))
        for s in ranked
        if (p := participants[s.player])
    ]
    sizes = {key: len(seated) for key, seated in tables.items()}
    missing = missing_for_final(tournament.rounds, len(rounds), _table_rounds(preset, stored, sizes, closed))
    return TournamentRanking(rows, rounds, round_number, chain, open_tables, missing)


@dataclass(frozen=True)
class RankingStamp:
    """What a tournament's ranking is read from, stamped in one query: a rendered ranking is current while its stamp
    is. Revisions only grow, and every change of a table's sheet moves its session's on (a correction, a closing, time
    called), every director's change the tournament's (a penalty, a bye, a lot, a substitute, a withdrawal, a round)."""

    revision: int  # the tournament's
    tables: int
    sheets: int  # the sum of the tables' session revisions
    open_tables: int  # tables still playing, as ``TournamentRanking.open_tables`` counts them
    rounds: int  # the rounds started: a round is started with its tables

    @property
    def rounds_started(self) -> range:
        """As ``TournamentRanking.rounds`` lists them."""
        return range(1, self.rounds + 1)

    @property
    def key(self) -> tuple[int, int, int]:
        return self.revision, self.tables, self.sheets


def ranking_stamp(tournament: Tournament) -> RankingStamp:
    """The stamp of the tournament as read now; read it before the ranking it stamps, so that a change committed in
    between makes the stamp older than the ranking (rendered again at the next look), never newer."""
    found = TournamentTable.objects.filter(round__tournament=tournament).aggregate(
        tables=Count("pk"),
        sheets=Sum("session__revision", default=0),
        open_tables=Count("pk", filter=Q(session__status=Session.Status.OPEN)),
        rounds=Max("round__number", default=0),
    )
    return RankingStamp(tournament.revision, found["tables"], found["sheets"], found["open_tables"], found["rounds"])


def _ranked_name(participant: Entrant, subs: dict[int, list[Substitution]]) -> str:
    own = [s for s in subs.get(participant.pk, ()) if s.entry_id == participant.pk]
    return seat_name(participant, own[0].from_round, subs) if own else participant.name


def _played_for(participant: Entrant, subs: dict[int, list[Substitution]]) -> str:
    """Who played the participant's seat while the points stayed theirs: "Bert from round 2"."""
    kept = [s for s in subs.get(participant.pk, ()) if s.participant_id == participant.pk and s.entry_id is None]
    return ", ".join(
        gettext("%(substitute)s from round %(n)s") % {"substitute": s.name, "n": s.from_round} for s in kept
    )


def _table_rounds(
    preset: Preset,
    stored: dict[tuple[int, int], Any],
    sizes: dict[tuple[int, int], int],
    closed: set[tuple[int, int]],
) -> list[TableRound]:
    """Where each table's round stands; a table without a deal has every game still to play."""
    rounds = []
    for key, round_ in stored.items():
        if round_ is None:
            games = preset.games[sizes[key]]
            rounds.append(TableRound(*key, owing=(), regular_left=games, games=games, closed=False))
        else:
            owing, left, games = round_["owing"], round_["regular_left"], round_["games"]
            rounds.append(TableRound(*key, owing, left, games, closed=key in closed))
    return rounds


def _penalty_effects(
    penalties: list[tuple[int, int, str, int, int | None, int | None]],
    tables: dict[tuple[int, int], list[tuple[int, int, int, int]]],
) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]]:
    """What the penalties move, by (round, player), and what they take from each offender."""
    moved: dict[tuple[int, int], int] = {}
    taken: dict[tuple[int, int], int] = {}
    if not penalties:  # most rankings: no table looked up
        return moved, taken
    table_of = {
        (number, player): [p for p, *_ in seated] for (number, _), seated in tables.items() for player, *_ in seated
    }
    for number, player, kind, points, sitting_out, soloist in penalties:
        penalty = TournamentPenalty(number, player, kind, "", "", points or None, sitting_out, soloist)
        deltas = penalty.deltas(table_of[(number, player)])
        for other, delta in deltas.items():
            moved[(number, other)] = moved.get((number, other), 0) + delta
        taken[(number, player)] = taken.get((number, player), 0) - deltas[player]
    return moved, taken
