"""Every read the views need. A club's pages exist only for its members: anyone else gets a 404."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from .documents import session_document
from .models import AuditEntry, Club, Deal, Member, Session
from .sheet import Sheet, build_sheet


def clubs_of(user: User | AnonymousUser) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(members__user=user).order_by("name")


def membership(user: User | AnonymousUser, club_slug: str) -> Member:
    """The user's membership of the club; Http404 for anyone who is not a member."""
    if not user.is_authenticated:
        raise Http404
    member = Member.objects.select_related("club").filter(club__slug=club_slug, user=user).first()
    if member is None:
        raise Http404
    return member


def sessions_of(club: Club) -> QuerySet[Session]:
    return club.sessions.annotate(deal_count=Count("deals")).prefetch_related("seats")


def session_of(club: Club, session_id: int) -> Session:
    return get_object_or_404(Session.objects.select_related("club"), club=club, pk=session_id)


def deal_of(session: Session, number: int) -> Deal:
    return get_object_or_404(Deal, session=session, position=number)


def sheet_of(session: Session) -> Sheet:
    seats = list(session.seats.all())
    return build_sheet(session_document(session), first_dealer=seats[session.first_dealer].name if seats else None)


def audit_of(session: Session) -> QuerySet[AuditEntry]:
    return session.audit_entries.select_related("actor")


def members_of(club: Club) -> QuerySet[Member]:
    return club.members.select_related("user")


def open_sessions_for(user: User | AnonymousUser) -> QuerySet[Session]:
    """Sessions in progress in the user's clubs: the home page's shortcut back to the table."""
    if not user.is_authenticated:
        return Session.objects.none()
    return Session.objects.filter(club__members__user=user, status=Session.Status.OPEN).select_related("club")[:10]
