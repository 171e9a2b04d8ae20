"""Every read the club's pages need besides the live table's (``table.reads``). A club's pages exist only for its
members: anyone else gets a 404. Who may look, and the table links, are read by ``access``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from . import throttle
from .models import AuditEntry, Club, Deal, Member, Session
from .words.history import SESSION_LIFE


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
