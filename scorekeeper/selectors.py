"""Every read the views need. A club's pages exist only for its members: anyone else gets a 404.

Reads never replay a session: the sheet, the summary and each deal's result are what the services stored with the
last change. Only a preview (the value of a deal being entered, the money that re-deriving the dealers moves)
replays, once.

A session's header and its sheet's head are read once a revision and kept in the cache under it (every change makes
a new revision), so that the page and the phones polling it share them; the live sheet's reads of its deals and its
history are SQL of constant text (``rows``), as the ORM takes longer to write them than the database to answer. Who
may look, and the table links, are read by ``access``.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from . import derived, engine, rows, throttle
from .documents import session_document
from .engine.game import Game
from .engine.rounds import dealer_plays
from .history import SESSION_LIFE
from .models import AuditEntry, Club, Deal, Member, Session
from .sheet import LineupMark, Row, Sheet, StoredDeal, build_sheet, pending_lineup, sheet


def name_of(user: User) -> str:
    """What a signed-in user goes by: the name of their first membership, else their first name or username."""
    member_name = Member.objects.filter(user=user).order_by("pk").values_list("name", flat=True).first()
    return member_name or user.get_short_name() or user.get_username()


def sessions_of(club: Club) -> QuerySet[Session]:
    return club.sessions.prefetch_related("seats")


def session_of(club: Club, session_id: int) -> Session:
    return get_object_or_404(Session.objects.select_related("club"), club=club, pk=session_id)


def deal_of(session: Session, deal_id: int) -> Deal:
    """A deal of the session by its id, deleted or not."""
    return get_object_or_404(Deal.objects.select_related("session__club"), session=session, pk=deal_id)


HEAD_TIMEOUT = 12 * 3600  # an evening and the morning after


def kept_key(name: str, session: Session, *more: object) -> str:
    """The cache key of what is kept of ``session`` under ``more``: named by its id and when it was started too, as
    an id may come again on SQLite after a start that was rolled back."""
    return ":".join(map(str, (name, session.pk, session.created_at.timestamp(), *more)))


def header_of(session: Session) -> engine.Session:
    """The session's rules and players, ready for the engine, without its deals: read once for each revision of the
    session (every change of its players or terms makes a new one), kept in the cache for the other requests of that
    revision and in the session object for the other parts of a page."""
    kept = session.__dict__.get("_header")
    if kept is None or kept[0] != session.revision:
        key = kept_key("session-header", session, session.revision)
        parsed = cache.get(key)
        if parsed is None:
            parsed = engine.load(session_document(session, [], sequences=(), players=seat_names(session)))
            cache.set(key, parsed, HEAD_TIMEOUT)
        kept = session.__dict__["_header"] = (session.revision, parsed)
    return kept[1]


def seat_names(session: Session) -> list[str]:
    """The names on the session's seats, in seat order. A seat is never renamed nor removed, and the totals have a
    column for each (``Session.totals``): kept under their number, they are read once in an evening."""
    key = kept_key("seat-names", session, len(session.totals))
    names = cache.get(key)
    if names is None:
        names = [seat.name for seat in session.seats.all()]
        if len(names) == len(session.totals):  # else a session set up some other way: read each time
            cache.set(key, names, HEAD_TIMEOUT)
    return names


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
    kept = session.round
    if kept is not None and session.rules.get("pflichtsolo_per_round", "off") != "off":
        return engine.PflichtsoloRound(1, kept["games_left"], tuple(kept["owing"]), kept["must_play"])

    def stored() -> Iterator[tuple[Any, Any, Any]]:  # a generator function: no query unless the game reads it
        deals = session.deals.filter(deleted_at__isnull=True, number__isnull=False).order_by("sequence")
        for result in deals.values_list("result", flat=True):
            if result:
                yield result["extra"], result["marks"], result["declarers"]

    return game.pflichtsolo_round(players, stored())


def sheet_head(session: Session) -> Sheet:
    """The score sheet without its rows: the header, the totals and who deals next, from the session's summary;
    read once for each revision, and kept in the cache for the page and the phones that poll it."""
    key = kept_key("sheet-head", session, session.revision)
    head = cache.get(key)
    if head is None:
        parsed = header_of(session)
        dealer = parsed.players[session.next_dealer]
        head = sheet(parsed, [], next_dealer=dealer, pot=session.pot, totals=session.totals)
        pflichtsolo = pflichtsolo_round(session, parsed.new_game(), parsed.seating())  # who is at the table now
        head = replace(head, pflichtsolo=pflichtsolo, lineup=lineup_after_last(session))
        cache.set(key, head, HEAD_TIMEOUT)
    return head


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
    """The session's header with its players who left or joined placed among the live deals (and their places)."""
    live = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
    sequences = list(live.values_list("sequence", flat=True))
    # Where the changes come among the deals is all that is read here: the deals themselves are not scored.
    document = session_document(session, [{}] * len(sequences), sequences=sequences, players=seat_names(session))
    return engine.load(document), sequences


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


def line_stamps(session: Session, fresh_after: int) -> tuple[list[tuple[int | None, int]], list[StoredDeal]]:
    """(id, ``changed_in``) of each deal on the sheet, in playing order: what names the look of its line; and in the
    same read, the deals whose line changed after revision ``fresh_after``, to draw it."""
    found = rows.fetch(
        "SELECT id, changed_in, number, revision, CASE WHEN changed_in > %s THEN facts END, "
        f"CASE WHEN changed_in > %s THEN result END {LIVE_DEALS} ORDER BY sequence",
        [fresh_after, fresh_after, session.pk],
    )
    stamps, deals = [], []
    for pk, changed_in, number, revision, facts, result in found:
        stamps.append((pk, changed_in))
        if changed_in > fresh_after and (deal := _deal(number, facts, result, pk, revision, changed_in)):
            deals.append(deal)
    return stamps, deals


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


def club_history_of(club: Club) -> QuerySet[AuditEntry]:
    """The club's own changes and each session's life (started, closed, put aside …), newest first."""
    return (
        club.audit_entries.filter(Q(session__isnull=True) | Q(action__in=SESSION_LIFE))
        .select_related("actor", "session")
        .order_by("-at", "-pk")
    )


def audit_of(session: Session) -> QuerySet[AuditEntry]:
    return session.audit_entries.select_related("actor", "deal")


def deleted_deals(session: Session) -> QuerySet[Deal]:
    return session.deals.filter(deleted_at__isnull=False).select_related("deleted_by").order_by("-deleted_at")


def members_of(club: Club) -> QuerySet[Member]:
    return club.members.select_related("user")


def login_locks(members: Iterable[Member]) -> dict[int, datetime]:
    """When the login throttle's lock on a member's login ends, by member id, for the locked ones."""
    logins = {member.user.get_username(): member.pk for member in members if member.user is not None}
    locked = throttle.locked_logins(logins, timezone.now())
    return {logins[username]: throttle.to_the_minute(until) for username, until in locked.items()}


def recent_tables(club: Club, game: str, count: int = 12) -> list[Session]:
    """The club's latest sessions of ``game`` with their seats: the tables a new session may seat again."""
    sessions = club.sessions.filter(game=game).exclude(status=Session.Status.ABANDONED)
    return list(sessions.prefetch_related("seats").order_by("-played_on", "-created_at")[:count])
