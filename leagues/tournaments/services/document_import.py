"""Importing a ``schreiber-tournament/1`` document. The document is checked and every table sheet scored by the pure
loader first, so that a bad document names the path of each bad field and writes nothing; only then is the tournament
written, in one transaction."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.utils import timezone

from scorekeeper import services as scorekeeper
from scorekeeper.engine.messages import Message
from scorekeeper.engine.tournament_presets import PRESETS
from scorekeeper.models import AuditEntry, Club, Deal, Member, Session
from scorekeeper.services import ServiceError, record, refuse_nul
from scorekeeper.services.errors import located
from scorekeeper.services.record import Actor

from ..models import Bye, HallLot, Participant, Substitution, Tournament, TournamentRound
from ..rules.document import Participant as DocumentParticipant
from ..rules.document import Round as DocumentRound
from ..rules.document import Substitute as DocumentSubstitute
from ..rules.document import Tournament as TournamentDocument
from ..rules.document import load as load_document
from ..rules.document import score as score_document
from ..rules.ranking import POINTS
from ..rules.sheet import Sheet
from ..rules.words import InvalidTournament
from .changes import audit
from .penalties import add_penalty
from .refusals import refusal
from .rounds import close_round, seat_table
from .tournament import create_tournament
from .words import imported_name

# create_tournament's fields and where the document keeps them
SETTINGS_PATHS = {"name": "name", None: "settings"} | {
    key: f"settings.{key}" for key in ("preset", "rounds", "entry_fee_cents", "tiebreaks")
}


@transaction.atomic
def import_tournament(*, club: Club, actor: Actor, document: Any, played_on: datetime.date | None = None) -> Tournament:
    """A ``schreiber-tournament/1`` document (an export, say) as a new tournament of ``club``: its participants
    (members by name, else guests), every round with its tables as sessions and their deals, time called, the
    penalties, and the substitutes, byes and lots drawn in the hall. The rounds before the last are closed, as they
    must have been for the next to start; the last is closed when every one of its sheets can be. ``played_on`` (the
    document has no date) defaults to today."""
    refuse_nul(document)
    loaded, sheets = _checked(document)
    settings = loaded.settings
    preset_games = PRESETS[settings.preset].with_options(settings.options).games  # load checked the options
    if settings.games_per_round and settings.games_per_round != {
        size: games for size, games in preset_games.items() if size in settings.games_per_round
    }:
        raise _at("settings.games_per_round", refusal("games_of_preset"))
    if isinstance(settings.seed, str):
        raise _at("settings.seed", refusal("seed_whole_number"))
    with _located(SETTINGS_PATHS):
        tournament = create_tournament(
            club=club, actor=actor, name=loaded.name or imported_name(), preset=settings.preset,
            played_on=played_on or timezone.localdate(), rounds=settings.rounds,
            entry_fee_cents=settings.entry_fee_cents, table_points=settings.table_points,
            tiebreaks=[key for key in settings.tiebreaks if key != POINTS], seed=settings.seed,
            options=settings.options, bye=settings.bye, substitute_credit=settings.substitute_credit,
        )  # fmt: skip
    by_number = {
        p.number: _imported_participant(tournament, p, f"participants[{index}]")
        for index, p in enumerate(loaded.participants)
    }
    members = {p.name: p.member for p in by_number.values()}
    for index, sub in enumerate(loaded.substitutes):
        members[sub.name] = _imported_substitute(tournament, sub, by_number, f"substitutes[{index}]").member
    for index, played in enumerate(loaded.rounds):
        last = index == len(loaded.rounds) - 1
        _imported_round(tournament, played, sheets[played.number], by_number, members, actor, closed=not last)
    for index, penalty in enumerate(loaded.penalties):
        with _located({None: f"penalties[{index}]"}):
            add_penalty(
                this_round=tournament.played_rounds.get(number=penalty.round), actor=actor,
                participant=by_number[penalty.player], kind=penalty.kind, reason=penalty.reason,
                official=penalty.official, points=penalty.points or 0,
                sitting_out=by_number.get(penalty.sitting_out or 0), soloist=by_number.get(penalty.soloist or 0),
            )  # fmt: skip
    for bye in loaded.byes:
        Bye.objects.create(tournament=tournament, participant=by_number[bye.player], round=bye.round, drawn=bye.drawn)
    for lot in loaded.lots:
        HallLot.objects.create(tournament=tournament, round=lot.round, among=sorted(lot.among),
                               winner=by_number[lot.winner])  # fmt: skip
    _imported_status(tournament, loaded, sheets, actor)
    audit(tournament, actor, "tournament_imported", participants=len(by_number), rounds=len(loaded.rounds))
    return tournament


def _checked(document: Any) -> tuple[TournamentDocument, dict[int, dict[int, Sheet]]]:
    """The document read and each table's sheet by round and table number; ServiceError naming every bad path."""
    try:
        loaded = load_document(document)
        scored = score_document(loaded)
    except InvalidTournament as error:
        raise ServiceError([located(p.field, p.words) for p in error.problems]) from error
    sheets: dict[int, dict[int, Sheet]] = {}
    for table in scored:
        sheets.setdefault(table.round, {})[table.table.number] = table.sheet
    return loaded, sheets


def _imported_participant(tournament: Tournament, entry: DocumentParticipant, path: str) -> Participant:
    with _located({None: path, "players": f"{path}.name"}):
        member = scorekeeper.sessions.member_named(tournament.club, entry.name)
    if member.name != entry.name:  # the deals name the players as the document does, the sheets as the club does
        raise _at(
            f"{path}.name",
            refusal("member_spelling", member=member.name),
        )
    return Participant.objects.create(
        tournament=tournament,
        number=entry.number,
        member=member,
        name=member.name,
        first_round=entry.arrives,
        last_round=entry.withdrawn_after,
    )


def _imported_substitute(
    tournament: Tournament, sub: DocumentSubstitute, by_number: dict[int, Participant], path: str
) -> Substitution:
    """A substitute as the document names them: their own entry's member, else a member (or guest) by name."""
    entry = by_number.get(sub.entry) if sub.entry is not None else None
    if entry is None:
        with _located({None: path, "players": f"{path}.name"}):
            member = scorekeeper.sessions.member_named(tournament.club, sub.name)
    else:
        member = entry.member
    if member.name != sub.name:
        raise _at(
            f"{path}.name",
            refusal("member_spelling", member=member.name),
        )
    credited = Substitution.Credit.SUBSTITUTE if entry else Substitution.Credit.ORIGINAL
    return Substitution.objects.create(
        tournament=tournament, participant=by_number[sub.player], from_round=sub.from_round, member=member,
        name=member.name, credited=credited, entry=entry,
    )  # fmt: skip


def _imported_round(
    tournament: Tournament,
    played: DocumentRound,
    sheets: dict[int, Sheet],
    by_number: dict[int, Participant],
    members: dict[str, Member],
    actor: Actor,
    *,
    closed: bool,
) -> None:
    this_round = TournamentRound.objects.create(tournament=tournament, number=played.number)
    for entry in played.tables:
        seated = [by_number[n] for n in entry.seats]
        names = entry.players or [p.name for p in seated]  # as the table's sheet names its seats
        table = seat_table(tournament, this_round, entry.number, seated, actor, [members[n] for n in names])
        session = table.session
        if entry.time_called is not None:  # first: the engine admits the deals after it as the sheet did
            session = scorekeeper.call_time(session=session, actor=actor, after=entry.time_called)
            table.time_called_after = entry.time_called
            table.save(update_fields=["time_called_after"])
            this_round.time_called_at = this_round.time_called_at or timezone.now()
        _record_sheet(session, sheets[entry.number].deals, actor)
    if this_round.time_called_at is not None:
        this_round.save(update_fields=["time_called_at"])
    if closed:
        _close_imported(this_round, actor)


def _record_sheet(session: Session, facts: Sequence[Any], actor: Actor) -> None:
    """The table's deals as recorded, in one replay rather than one per deal (the session's rules keep the round as
    the sheet's did): the dealers are frozen into them as for deals entered at the table."""
    deals = [
        Deal(
            session=session,
            sequence=number,
            facts=dict(f),
            created_by=record.user(actor),
            updated_by=record.user(actor),
        )
        for number, f in enumerate(facts, start=1)
    ]
    parsed, results = record.replay(session, deals, None)
    record.store(session, deals, parsed, results)
    record.audit(session, actor, AuditEntry.Action.SESSION_IMPORTED, after={"deals": len(deals)})


def _close_imported(this_round: TournamentRound, actor: Actor) -> None:
    for table in this_round.tables.select_related("session"):
        scorekeeper.close_session(session=table.session, actor=actor)
    close_round(this_round=this_round, actor=actor)


def _imported_status(
    tournament: Tournament, loaded: TournamentDocument, sheets: dict[int, dict[int, Sheet]], actor: Actor
) -> None:
    if not loaded.rounds:
        return
    last = tournament.played_rounds.order_by("-number").first()
    assert last is not None
    if all(sheet.can_close for sheet in sheets.get(last.number, {}).values()):
        _close_imported(last, actor)  # the last round closes the tournament too
    tournament.refresh_from_db(fields=["status"])
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])


def _at(path: str, message: Message) -> ServiceError:
    return ServiceError([located(path, message)])


@contextmanager
def _located(paths: dict[str | None, str]) -> Iterator[None]:
    """A ServiceError of a service called for a part of the document, each field named by its path in it: ``paths``
    maps a field to its path, and ``None`` to the part's own path, which the other fields follow."""
    try:
        yield
    except ServiceError as error:
        raise ServiceError([located(_path(paths, each.field), each.words) for each in error.faults]) from error


def _path(paths: dict[str | None, str], field: str | None) -> str:
    if field in paths:
        return paths[field]
    base = paths.get(None, "")
    return f"{base}.{field}" if base and field else field or base
