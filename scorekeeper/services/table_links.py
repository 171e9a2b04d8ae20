"""Table links: a phone at the table scores one session without an account, until its link expires.

A club's scorer hands one out for an evening; a tournament round makes one per table when it starts and expires
them when it closes (``expire_table_links``). Expiring takes effect at once: every request of a link's holder
checks the link again.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.db.models.functions import Now

from ..models import AuditEntry, Session, TableLink
from . import record
from .errors import ServiceError
from .refusals import refusal


def create_table_link(
    *, session: Session, actor: record.Actor, expires_at: datetime | None = None, label: str = ""
) -> TableLink:
    """A new link to score ``session`` by, live until ``expires_at`` (or until it is expired)."""
    with transaction.atomic():
        session = record.locked(session)  # as it is now: not closed meanwhile
        if not session.is_open:
            raise ServiceError.on(None, refusal("table_link_in_progress"))
        link = TableLink.objects.create(
            session=session, created_by=record.user(actor), expires_at=expires_at, label=label
        )
        after = {"label": label, "expires_at": expires_at.isoformat() if expires_at else None}
        record.audit(session, actor, AuditEntry.Action.TABLE_LINK_CREATED, after=after)
    return link


def expire_table_links(*, sessions: Iterable[Session], actor: record.Actor) -> int:
    """End the live links of ``sessions`` now; how many were live. A session whose links end gets a history entry."""
    sessions = list(sessions)
    with transaction.atomic():
        live = TableLink.objects.live().filter(session__in=sessions)
        ending = set(live.values_list("session_id", flat=True))
        count = live.update(expires_at=Now())  # the database's clock, which live() reads: ended at once
        for session in sessions:
            if session.pk in ending:
                record.audit(session, actor, AuditEntry.Action.TABLE_LINK_EXPIRED)
    return count
