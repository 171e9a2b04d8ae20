"""The reads of a live table: a session's header, its sheet's head, who sits where, the deals on the sheet and their
stamps, the writes since a revision, who deals next, and the previews of a deal being entered.

Reads never replay a session: the sheet, the summary and each deal's result are what the services stored with the
last change. Only a preview (the value of a deal being entered, the money that re-deriving the dealers moves)
replays, once.

A session's header and its sheet's head are read once a revision and kept under it (every change makes a new
revision), so that the page, the save and the phones polling it share them; the live sheet's reads of its deals and
its history are SQL of constant text (``rows``), as the ORM takes longer to write them than the database to answer.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from schreiber import kept, rows

from .. import engine
from ..engine.game import Game
from ..engine.rounds import dealer_plays
from ..models import AuditEntry, Deal, Session
from ..stored import derived
from ..stored.documents import session_document
from .sheet import LineupMark, Row, Sheet, StoredDeal, build_sheet, pending_lineup, sheet

HEAD_SECONDS = 12 * 3600  # an evening and the morning after


def session_stamp(session: Session) -> tuple[int, float, int]:
    """What names a session's state for what is kept of it: its id, when it was started (an id may come again on
    SQLite after a start that was rolled back) and its revision."""
    return session.pk, session.created_at.timestamp(), session.revision


def header_of(session: Session) -> engine.Session:
    """The session's rules and players, ready for the engine, without its deals: read once for each revision of the
    session (every change of its players or terms makes a new one), kept for the other requests of that revision
    (the page, the save, the polls) and in the session object for the other parts of a request."""
    memo = session.__dict__.get("_header")
    if memo is None or memo[0] != session.revision:
        parsed = kept.kept(
            "session-header",
            session_stamp(session),
            lambda: engine.load(session_document(session, [], sequences=(), players=seat_names(session))),
            HEAD_SECONDS,
        )
        memo = session.__dict__["_header"] = (session.revision, parsed)
    return memo[1]


def seat_names(session: Session) -> list[str]:
    """The names on the session's seats, in seat order. A seat is never renamed nor removed, and the totals have a
    column for each (``Session.totals``): kept under their number, they are read once in an evening."""

    def read() -> list[str]:
        return [seat.name for seat in session.seats.all()]

    names = kept.kept(
        "seat-names", (session.pk, session.created_at.timestamp(), len(session.totals)), read, HEAD_SECONDS
    )
    return names if len(names) == len(session.totals) else read()  # else a session set up some other way


def sheet_of(session: Session) -> Sheet:
    """The score sheet as the services stored it."""
    parsed = header_of(session)
    deals = stored_deals(session)
    last = deals[-1].result if deals else None
    stored = sheet(
        parsed,
        deals,
        next_dealer=parsed.players[session.next_dealer],
        pot=last["pot"] if last else session.pot_carried_in,
        totals=last["totals"] if last else [0] * len(parsed.players),
    )
    return replace(stored, lineup=lineup_after_last(session))


def recent_facts(session: Session, deals: int = 40) -> list[dict[str, Any]]:
    """The facts of the session's last ``deals`` deals: what this table usually plays."""
    recent = session.deals.filter(deleted_at__isnull=True).order_by("-sequence").values_list("facts", flat=True)
    return list(recent[:deals])


def pflichtsolo_round(session: Session, game: Game, players: Sequence[str]) -> engine.PflichtsoloRound | None:
    """Doppelkopf: who still owes a Pflichtsolo in the current round: a tournament table's from the round its replay
    stored, any other session's from the stored results (read only when the session's rules have a Pflichtsolo)."""

    def stored() -> Iterator[tuple[Any, Any, Any]]:  # a generator function: no query unless the game reads it
        deals = session.deals.filter(deleted_at__isnull=True, number__isnull=False).order_by("sequence")
        for result in deals.values_list("result", flat=True):
            if result:
                yield result["extra"], result["marks"], result["declarers"]

    return derived.pflichtsolo_round(game, players, session.round, stored())


def sheet_head(session: Session) -> Sheet:
    """The score sheet without its rows: the header, the totals and who deals next, from the session's summary;
    read once for each revision, and kept for the page and the phones that poll it."""

    def read() -> Sheet:
        parsed = header_of(session)
        dealer = parsed.players[session.next_dealer]
        head = sheet(parsed, [], next_dealer=dealer, pot=session.pot, totals=session.totals)
        pflichtsolo = pflichtsolo_round(session, parsed.new_game(), parsed.seating())  # who is at the table now
        return replace(head, pflichtsolo=pflichtsolo, lineup=lineup_after_last(session))

    return kept.kept("sheet-head", session_stamp(session), read, HEAD_SECONDS)


def lineup_after_last(session: Session) -> tuple[LineupMark, ...]:
    """Who left or joined the table after the last deal on the sheet (the deals after them carry the others)."""
    if not header_of(session).lineup:  # nobody left or joined at all
        return ()
    return pending_lineup(_placed_lineup(session)[0])


def seating_before(session: Session, deal: Deal) -> tuple[str, ...]:
    """Who sits at the table, in seat order, for a deal inserted before ``deal``."""
    if not session.lineup_changes.exists():
        return header_of(session).players
    parsed, sequences = _placed_lineup(session)
    return parsed.seating(sum(1 for sequence in sequences if sequence < deal.sequence))


def _placed_lineup(session: Session) -> tuple[engine.Session, list[int]]:
    """The session's header counting the live deals (not held), its lineup placed among them; and their places."""
    live = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
    sequences = list(live.values_list("sequence", flat=True))
    document = session_document(session, [], sequences=sequences, players=seat_names(session), counted=len(sequences))
    return engine.load(document, counted=len(sequences)), sequences


LIVE_DEALS = f"FROM {rows.table(Deal)} WHERE session_id = %s AND deleted_at IS NULL"  # the deals on the sheet


def stored_deals(session: Session, *, ids: Collection[int | None] | None = None, since: int = -1) -> list[StoredDeal]:
    """The deals on the sheet in playing order: only ``ids``, when given, and only those whose line changed after
    revision ``since`` (``Deal.changed_in``)."""
    chosen = [pk for pk in ids if pk is not None] if ids is not None else []
    if ids is not None and not chosen:
        return []
    only = f" AND id IN ({', '.join(['%s'] * len(chosen))})" if chosen else ""
    columns = "number, facts, result, id, revision, changed_in"
    found = rows.fetch(
        f"SELECT {columns} {LIVE_DEALS} AND changed_in > %s{only} ORDER BY sequence", [session.pk, since, *chosen]
    )
    return [deal for row in found if (deal := _deal(*row))]


def _deal(number: int | None, facts: Any, result: Any, pk: int, revision: int, changed_in: int) -> StoredDeal | None:
    """A deal on the sheet from the columns of a raw read; None for one without a number or a result."""
    stored = rows.json_value(result)
    return StoredDeal(number, rows.json_value(facts), stored, pk, revision, changed_in) if number and stored else None


# What a status change ends: the sheet's look changes with it, and what came before is not told.
STATUS = frozenset(
    {
        AuditEntry.Action.SESSION_CLOSED,
        AuditEntry.Action.SESSION_REOPENED,
        AuditEntry.Action.SESSION_ABANDONED,
        AuditEntry.Action.SESSION_RESTORED,
    }
)


def deal_writes(session: Session, since: int, most: int = 50) -> list[tuple[str, int | None, int | None]] | None:
    """The writes to the session after revision ``since`` up to ``session.revision``, oldest first, each as (action,
    deal id, the deal's number then); None when more than ``most`` revisions have passed (not worth telling).

    Each history entry keeps the revision its write left the session at, so writes that landed after the session
    was read are left for the next poll, and a write that made two revisions (a pot handed on) is still one entry.
    """
    if session.revision - since > most:
        return None
    writes: list[tuple[str, int | None, int | None]] = rows.fetch(
        f"SELECT action, deal_id, deal_number FROM {rows.table(AuditEntry)} "
        "WHERE session_id = %s AND revision > %s AND revision <= %s ORDER BY id",
        [session.pk, since, session.revision],
    )
    status = [i for i, (action, _deal, _number) in enumerate(writes) if action in STATUS]
    return writes[status[-1] + 1 :] if status else writes


Stamp = tuple[int | None, int]  # a line's deal id and ``changed_in``: what names its look (with the sheet's)


@dataclass(frozen=True)
class Block:
    """A run of the sheet's lines, numbers ``first`` to ``last``, named by the newest stamp among them: a deal takes
    a number, and its line changes, only in a write that stamps it with the session's new revision, higher than every
    stamp before; so while the newest stamp and the numbers stay, so does every line of the run."""

    first: int
    last: int
    newest: int


_SHEET_STAMPS = (
    "SELECT id, changed_in, number, 1, revision, CASE WHEN changed_in >= %s THEN facts END, "
    f"CASE WHEN changed_in >= %s THEN result END {LIVE_DEALS} AND number > %s UNION ALL "
    f"SELECT NULL, MAX(changed_in), MIN(number), COUNT(*), NULL, NULL, NULL {LIVE_DEALS} AND number <= %s "
    "GROUP BY (number - 1) / %s ORDER BY 3"
)


def sheet_stamps(session: Session, size: int) -> tuple[list[Block], list[Stamp], list[StoredDeal]]:
    """The sheet's full blocks of ``size`` lines, the stamps of the lines after them in playing order, and of those
    the deals the session's last write stamped, read whole (their lines are new: nobody drew them yet): in one read,
    so that they agree with each other."""
    full = session.deal_count - session.deal_count % size
    stamped = session.revision
    found = rows.fetch(_SHEET_STAMPS, [stamped, stamped, session.pk, full, session.pk, full, size])
    blocks = [Block(first, first + count - 1, newest) for pk, newest, first, count, *_ in found if pk is None]
    stamps = [(pk, changed_in) for pk, changed_in, *_ in found if pk is not None]
    fresh = [
        deal
        for pk, changed_in, number, _count, revision, facts, result in found
        if pk is not None and changed_in >= stamped and (deal := _deal(number, facts, result, pk, revision, changed_in))
    ]
    return blocks, stamps, fresh


def block_stamps(session: Session, first: int, last: int) -> tuple[Block, list[Stamp]]:
    """The run of the sheet's lines numbered ``first`` to ``last`` as it is now, and their stamps in playing order."""
    found = rows.fetch(
        f"SELECT id, changed_in, number {LIVE_DEALS} AND number BETWEEN %s AND %s ORDER BY number",
        [session.pk, first, last],
    )
    newest = max((changed_in for _pk, changed_in, _number in found), default=0)
    block = Block(found[0][2], found[-1][2], newest) if found else Block(first, first - 1, newest)
    return block, [(pk, changed_in) for pk, changed_in, _number in found]


def next_deal(session: Session) -> tuple[str, tuple[str, ...]]:
    """Who deals the next deal and who plays it, from the session's summary (and its round: the dealer who alone
    must play the deal plays it)."""
    parsed = header_of(session)
    dealer = parsed.players[session.next_dealer]
    stored = session.round
    plays = stored is not None and dealer_plays(stored["must_play"], stored["owing"], dealer)
    return dealer, parsed.playing(dealer, plays)


@dataclass(frozen=True)
class Preview:
    """The deal being entered, scored in its place; or the problems that stop it."""

    row: Row | None
    problems: list[engine.Problem]
    number: int = 0  # its place among the deals replayed: the number its problems carry


def preview_deal(session: Session, facts: Mapping[str, Any], *, deal: Deal | None, before: Deal | None) -> Preview:
    """Score ``facts`` as a correction of ``deal``, a deal inserted ``before`` one, or the next deal."""
    stored = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
    ids = [d.pk for d in stored]
    candidate = [d.facts for d in stored]
    sequences = [d.sequence for d in stored]
    if deal is not None and deal.pk in ids:
        at = ids.index(deal.pk)
        candidate[at] = dict(facts)
    else:
        at = ids.index(before.pk) if before is not None and before.pk in ids else len(stored)
        candidate.insert(at, dict(facts))
        sequences.insert(at, stored[at].sequence if at < len(stored) else sys.maxsize)
    try:
        built = build_sheet(session_document(session, candidate, sequences=sequences))
    except engine.InvalidSession as error:
        return Preview(None, [p for p in error.problems if p.deal == at + 1] or error.problems, at + 1)
    return Preview(built.rows[at], [], at + 1)


def dealers_preview(session: Session, deal: Deal) -> tuple[Sheet, Sheet | None, list[engine.Problem]]:
    """The sheet now, and as it would be with the dealers re-derived from ``deal`` on (or the problems)."""
    now = sheet_of(session)
    stored = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
    start = [d.pk for d in stored].index(deal.pk)
    try:
        after = build_sheet(session_document(session, derived.rotating_from([d.facts for d in stored], start)))
    except engine.InvalidSession as error:
        return now, None, error.problems
    return now, after, []


def stored_facts(session: Session) -> list[dict[str, Any]]:
    """The facts of the deals on the sheet, in playing order, as stored."""
    deals = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
    return list(deals.values_list("facts", flat=True))


@dataclass(frozen=True)
class Resume:
    """Where a replay of deals added at the end starts: ``state``, the snapshot the last change stored after the
    first ``played`` deals (``engine.Session.results``' start), which are then counted and not held
    (``engine.Session.counted``), so a deal at the end costs the same all evening."""

    state: dict[str, Any]
    played: int


def resume_point(session: Session) -> Resume | None:
    """The session's stored replay state when the last change wrote it (the revision it names is the session's: a
    write that bumps the revision without storing a new one, a change the deals do not see, makes it stale) and it
    covers every deal on the sheet."""
    state = session.replay_state
    if not isinstance(state, dict) or state.get("version") != engine.Session.SNAPSHOT_VERSION:
        return None
    fits = state.get("revision") == session.revision and state.get("played") == session.deal_count
    return Resume(state, state["played"]) if fits else None


def after_the_deals(session: Session, added: Sequence[dict[str, Any]]) -> tuple[engine.Session, Resume | None]:
    """``session`` as the engine reads it with the facts ``added`` after the deals on the sheet, and where its replay
    starts. From the resume point when it fits the session, the deals on the sheet counted, not held: then, while
    nobody left or joined and a deal was played (the document names who dealt first in the first deal), the session
    is its header (``reads.header_of``, kept for the revision) with ``added``. Else from every deal's facts."""
    resume = resume_point(session)
    if resume is not None:
        header, counted = header_of(session), resume.played
        if counted and not header.lineup:
            parsed = replace(header, deals=added, counted=counted)
        else:
            parsed = engine.load(session_document(session, added, counted=counted), counted=counted)
        if parsed.resumable(resume.state):
            return parsed, resume
    return engine.load(session_document(session, [*stored_facts(session), *added])), None
