"""A stored session as a ``schreiber/1`` document: what the engine scores and what export writes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import engine
from .models import Session


def session_document(session: Session, facts: Iterable[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The document for ``session`` with its stored deals, or with ``facts`` in their place.

    Services pass ``facts`` to check a change (a new, corrected or deleted deal) before writing it.
    """
    players = [seat.name for seat in session.seats.all()]
    if facts is None:
        facts = session.deals.filter(deleted_at__isnull=True).order_by("sequence").values_list("facts", flat=True)
    deals = [dict(f) for f in facts]
    if deals and session.first_dealer and "dealer" not in deals[0]:
        deals[0]["dealer"] = players[session.first_dealer]
    document: dict[str, Any] = {
        "format": engine.FORMAT,
        "game": session.game,
        "rules": session.rules,
        "players": players,
        "deals": deals,
    }
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
