"""Every read the club's pages need besides the live table's (``table.reads``). A club's pages exist only for its
members: anyone else gets a 404.

What every request of a session reads (the member with its club and session, a table link) is SQL of constant text
(``rows``), as the ORM takes longer to write it than the database to answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from . import rows, throttle
from .history import SESSION_LIFE
from .models import AuditEntry, Club, Deal, Member, Session, TableLink


def clubs_of(user: User | AnonymousUser) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(members__user=user).order_by("name")


# Who may look at a club or a session, read on every request of it (``views.access``), and the live link a scorer's
# sheet shows: one statement each, of constant text.
_MEMBERSHIP = (
    f"SELECT {rows.columns(Member, 'm')}, {rows.columns(Club, 'c')} FROM {rows.table(Member)} m "
    f"JOIN {rows.table(Club)} c ON c.id = m.club_id WHERE c.slug = %s AND m.user_id = %s"
)


_MEMBERSHIP_AND_SESSION = (
    f"SELECT {rows.columns(Session, 's')}, {rows.columns(Club, 'c')}, {rows.columns(Member, 'm')} "
    f"FROM {rows.table(Session)} s JOIN {rows.table(Club)} c ON c.id = s.club_id "
    f"JOIN {rows.table(Member)} m ON m.club_id = c.id WHERE s.id = %s AND c.slug = %s AND m.user_id = %s"
)


_TABLE_LINK = (
    f"SELECT {rows.columns(TableLink, 'l')}, {rows.columns(Session, 's')}, {rows.columns(Club, 'c')} "
    f"FROM {rows.table(TableLink)} l JOIN {rows.table(Session)} s ON s.id = l.session_id "
    f"JOIN {rows.table(Club)} c ON c.id = s.club_id WHERE l.token = %s"
)


_LIVE_TABLE_LINK = (
    f"SELECT {rows.columns(TableLink, 'l')} FROM {rows.table(TableLink)} l "
    "WHERE l.session_id = %s AND (l.expires_at IS NULL OR l.expires_at > %s) "
    "ORDER BY l.created_at DESC, l.id DESC LIMIT 1"
)


def membership(user: User | AnonymousUser, club_slug: str) -> Member:
    """The user's membership of the club; Http404 for anyone who is not a member."""
    if not user.is_authenticated:
        raise Http404
    row = rows.fetch_one(_MEMBERSHIP, [club_slug, user.pk])
    if row is None:
        raise Http404
    member, club = rows.instances(row, Member, Club)
    member.club, member.user = club, user
    return member


def membership_and_session(
    user: User | AnonymousUser, club_slug: str, session_id: int
) -> tuple[Member, Session] | None:
    """The user's membership of the club and the club's session ``session_id``, in one query; None when the user is
    no member or the club has no such session."""
    if not user.is_authenticated or not 0 < session_id <= rows.BIGGEST_ID:  # the address may name any number
        return None
    row = rows.fetch_one(_MEMBERSHIP_AND_SESSION, [session_id, club_slug, user.pk])
    if row is None:
        return None
    session, club, member = rows.instances(row, Session, Club, Member)
    session.club = member.club = club
    member.user = user
    return member, session


def table_link(token: str) -> TableLink | None:
    """The table link with ``token``, live or not, with its session and club."""
    row = rows.fetch_one(_TABLE_LINK, [token])
    if row is None:
        return None
    link, session, club = rows.instances(row, TableLink, Session, Club)
    link.session, session.club = session, club
    return link


def live_table_link(session: Session) -> TableLink | None:
    """The session's newest link that still opens it (``TableLink.objects.live``), for a scorer's every sheet."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    row = rows.fetch_one(_LIVE_TABLE_LINK, [session.pk, now])
    if row is None:
        return None
    (link,) = rows.instances(row, TableLink)
    link.session = session
    return link


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


def open_sessions_for(user: User | AnonymousUser) -> QuerySet[Session]:
    """Sessions in progress in the user's clubs: the home page's shortcut back to the table."""
    if not user.is_authenticated:
        return Session.objects.none()
    return Session.objects.filter(club__members__user=user, status=Session.Status.OPEN).select_related("club")[:10]
