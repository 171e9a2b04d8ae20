"""A stored session as a ``schreiber/1`` document: what the engine scores and what export writes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from schreiber import rows

from .. import engine
from ..models import LineupChange, Seat, Session

# A session's players who left or joined, each with its seat's name, in ``LineupChange.Meta.ordering``
LINEUP = (
    f"SELECT c.*, s.name AS seat_name FROM {rows.table(LineupChange)} c "
    f"JOIN {rows.table(Seat)} s ON s.id = c.seat_id WHERE c.session_id = %s ORDER BY c.after_sequence, c.id"
)


def session_document(
    session: Session,
    facts: Iterable[Mapping[str, Any]] | None = None,
    *,
    sequences: Sequence[int] | None = None,
    players: Sequence[str] | None = None,
    counted: int = 0,
) -> dict[str, Any]:
    """The document for ``session`` with its stored deals, or with ``facts`` in their place.

    Services pass ``facts`` to check a change (a new, corrected or deleted deal) before writing it; ``sequences``
    (each deal's ``Deal.sequence``) place the players who left or joined among them, and without them they come
    where they are among the live deals stored. ``players`` are the names on the seats, when the caller has them.
    With ``counted``, ``facts`` come after that many deals left out, which the lineup counts (``engine.load``'s).
    """
    seated = [seat.name for seat in session.seats.all()] if players is None else list(players)
    if facts is None:
        stored = session.deals.filter(deleted_at__isnull=True).order_by("sequence").values_list("sequence", "facts")
        sequences, facts = [s for s, _ in stored], [f for _, f in stored]
    deals = [dict(f) for f in facts]
    changes = lineup_changes(session)
    if changes and sequences is None:
        sequences = list(session.deals.filter(deleted_at__isnull=True).values_list("sequence", flat=True))
    if deals and not counted and session.first_dealer and "dealer" not in deals[0]:
        deals[0]["dealer"] = seated[session.first_dealer]
    document: dict[str, Any] = {
        "format": engine.FORMAT,
        "game": session.game,
        "rules": session.rules,
        "players": starting_players(seated, changes) if changes else seated,
        "deals": deals,
    }
    if changes:
        document["lineup"] = [lineup_entry(change, sequences or (), counted + len(deals)) for change in changes]
    if session.tariff is not None:
        document["tariff"] = session.tariff
    if session.cents_per_point:
        document["cents_per_point"] = session.cents_per_point
    if session.pot_carried_in:
        document["pot_carried_in"] = session.pot_carried_in
    return document


def export_document(session: Session) -> dict[str, Any]:
    """The document a club downloads: ``settle`` reproduces the session's sheet from it to the point."""
    document = session_document(session)
    document["played_on"] = session.played_on.isoformat()
    document["club"] = session.club.name
    # The session's money terms, so that `settle --pdf` prints the same sheet as the web page.
    document["currency"] = session.currency
    document["pot_policy"] = session.pot_policy
    document["settlement_mode"] = session.settlement_mode
    if session.table:
        document["table"] = session.table
    return document


def lineup_changes(session: Session) -> list[LineupChange]:
    """The players of ``session`` who left or joined, in their order, each with its seat's name: in SQL of constant
    text, as every replay and the live sheet's head read them (the ORM would take longer to write the query)."""
    changes = list(LineupChange.objects.raw(LINEUP, [session.pk]))
    for change in changes:
        change.seat = Seat(pk=change.seat_id, session=session, name=vars(change)["seat_name"])
    return changes


def starting_players(players: Sequence[str], changes: Sequence[LineupChange]) -> list[str]:
    """The players at the table for the first deal: all but those who first came in by joining."""
    first_seen: dict[str, bool] = {}
    for change in changes:
        first_seen.setdefault(change.seat.name, change.joins)
    return [name for name in players if not first_seen.get(name, False)]


def lineup_entry(change: LineupChange, sequences: Sequence[int], deal_count: int) -> dict[str, Any]:
    """A change as the document's ``lineup`` has it: after how many of the deals (those with the ``sequences``)."""
    after = min(sum(1 for sequence in sequences if sequence <= change.after_sequence), deal_count)
    entry: dict[str, Any] = {"after": after, "joins" if change.joins else "leaves": change.seat.name}
    if change.table_seat is not None:
        entry["seat"] = change.table_seat
    entry["at"] = change.at.isoformat()
    return entry
