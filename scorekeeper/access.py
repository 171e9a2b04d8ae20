"""Who may see or write what, each rule written once, as a queryset.

A club's pages are its members': a login's membership while the login is active (``memberships``); outsiders get a
404, members may look, scorers may write, owners manage. One exception, for one session: a phone that opened a live
table link of it (``TableLink.objects.live``) holds a grant for that session in its Django session, and the session's
sheet, deal entry and settlement (``session_access``) let it do what a scorer does. The link is checked again on every
request, so an ended link stops working at once; every other page of the club stays its members'.

Every request reads these rules before its view, and every phone's poll (``polling``), so each read is its queryset
compiled once (``rows.Statement``) and run as raw SQL of constant text: the rule stays the queryset, in one place.
The unchanged poll reads what a full request reads — the membership with its session (or the live link), the login's
password and the browser's Django session — and decides as the full view does (``poller_role``), so a removed member,
an ended link, a logout or a password change stops a phone at its next poll.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import PermissionDenied
from django.db.models import CharField, F, FilteredRelation, IntegerField, Q, QuerySet, Subquery, Value
from django.http import Http404, HttpRequest
from django_htmx.middleware import HtmxDetails

from schreiber import rows

from . import sign_in
from .models import ROLE_RANK, Actor, Club, Member, Role, Session, TableLink

GRANTS = "table_links"  # in request.session: {session id: token of the link it was opened by}

# The values the statements are run with.
USER = rows.Slot("user", IntegerField())
CLUB = rows.Slot("club", CharField())
SESSION = rows.Slot("session", IntegerField())
MEMBER = rows.Slot("member", IntegerField())
LINK = rows.Slot("link", IntegerField())
TOKEN = rows.Slot("token", CharField())


class Request(HttpRequest):
    """A request after the middlewares: with ``htmx`` details, and a signed-in ``user`` once access was checked."""

    htmx: HtmxDetails
    user: User


@dataclass(frozen=True)
class TableGuest:
    """Whoever opened a live table link: a scorer of that one session, with no account and no user."""

    club: Club
    link: TableLink

    def can(self, role: str) -> bool:
        return ROLE_RANK[Role(role)] <= ROLE_RANK[Role.SCORER]


Access = Member | TableGuest


# The rules.


def memberships(user: int | rows.Slot) -> QuerySet[Member]:
    """The memberships of the login ``user`` while the login is active: whom a club is open to."""
    return Member.objects.filter(Q(user_id=user), user__is_active=True)  # Q: the stubs know no ``Slot`` for an id


def clubs_of(user: User | AnonymousUser) -> QuerySet[Club]:
    """The clubs open to the user, by name: the home page's."""
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(members__in=memberships(user.pk)).order_by("name")


def open_sessions_for(user: User | AnonymousUser) -> QuerySet[Session]:
    """Sessions in progress in the user's clubs: the home page's shortcut back to the table."""
    if not user.is_authenticated:
        return Session.objects.none()
    open_ = Session.objects.filter(club__members__in=memberships(user.pk), status=Session.Status.OPEN)
    return open_.select_related("club")[:10]


def membership_with_session(user: int | rows.Slot, club: str | rows.Slot, session: int | rows.Slot) -> QuerySet[Member]:
    """The login's membership of the club, joined to the club's session ``session`` (``.session``): none without."""
    the_session = FilteredRelation("club__sessions", condition=Q(club__sessions__pk=session))
    joined = memberships(user).filter(club__slug=club).annotate(session=the_session)
    return joined.filter(session__isnull=False)


def live_link(token: str | rows.Slot) -> QuerySet[TableLink]:
    """The link of ``token`` while it is live (``TableLink.objects.live``)."""
    return TableLink.objects.live().filter(token=token)


# Their statements, compiled at first use.


@functools.cache
def _membership() -> rows.Statement:
    return rows.Statement.of(memberships(USER).filter(club__slug=CLUB).select_related("club").order_by())


@functools.cache
def _membership_and_session() -> rows.Statement:
    joined = membership_with_session(USER, CLUB, SESSION).select_related("club", "session")  # type: ignore[misc]
    return rows.Statement.of(joined.order_by())  # (the stubs know no FilteredRelation)


@functools.cache
def _table_link() -> rows.Statement:
    return rows.Statement.of(live_link(TOKEN).select_related("session__club"))


@functools.cache
def _live_table_link() -> rows.Statement:
    newest = TableLink.objects.live().filter(session_id=SESSION).order_by("-created_at", "-id")
    return rows.Statement.of(newest[:1])


def membership(user: User | AnonymousUser, club_slug: str) -> Member:
    """The user's membership of the club; Http404 for anyone who is not a member."""
    if not user.is_authenticated:
        raise Http404
    row = _membership().fetch_one(user=user.pk, club=club_slug)
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
    row = _membership_and_session().fetch_one(user=user.pk, club=club_slug, session=session_id)
    if row is None:
        return None
    member, club, session = rows.instances(row, Member, Club, Session)
    session.club = member.club = club
    member.user = user
    return member, session


def table_link(token: str) -> TableLink | None:
    """The live table link of ``token``, with its session and club; None for an ended link or none."""
    row = _table_link().fetch_one(token=token)
    if row is None:
        return None
    link, session, club = rows.instances(row, TableLink, Session, Club)
    link.session, session.club = session, club
    return link


def live_table_link(session: Session) -> TableLink | None:
    """The session's newest live link, for a scorer's every sheet."""
    row = _live_table_link().fetch_one(session=session.pk)
    if row is None:
        return None
    (link,) = rows.instances(row, TableLink)
    link.session = session
    return link


def club_member(request: Request, club_slug: str, role: str = Role.MEMBER) -> Member:
    """The requesting user's membership; 404 for outsiders, 403 for a member without ``role``."""
    member = membership(request.user, club_slug)
    if not member.can(role):
        raise PermissionDenied
    return member


def session_access(
    request: Request, club_slug: str, session_id: int, role: str = Role.MEMBER
) -> tuple[Access, Session]:
    """The member's membership (as ``club_member``) and the session, in one query; else a ``TableGuest`` for a phone
    holding a grant for exactly this session whose link is still live; else the member's 403 or the outsider's (or a
    missing session's) 404."""
    found = membership_and_session(request.user, club_slug, session_id)
    if found is not None and found[0].can(role):
        return found
    guest = table_guest(request, club_slug, session_id)
    if guest is not None and guest.can(role):
        return guest, guest.link.session
    if found is not None:
        raise PermissionDenied
    raise Http404


def granted(data: SessionBase | dict[str, Any], session_id: int) -> str | None:
    """The token of the link a browser's Django session (its ``data``) was granted session ``session_id`` by."""
    grants = data.get(GRANTS)
    token = grants.get(str(session_id)) if isinstance(grants, dict) else None
    return token if isinstance(token, str) else None


def table_guest(request: HttpRequest, club_slug: str, session_id: int) -> TableGuest | None:
    token = granted(request.session, session_id)
    link = table_link(token) if token else None
    if link is None or link.session_id != session_id or link.session.club.slug != club_slug:
        return None
    return TableGuest(link.session.club, link)


def grant(request: HttpRequest, link: TableLink) -> None:
    """Let this phone score the link's session for as long as the link is live."""
    request.session[GRANTS] = {**request.session.get(GRANTS, {}), str(link.session_id): link.token}


def actor_of(request: Request, me: Access) -> Actor:
    """Who the services record as making a change: the signed-in member, or the table link it came through."""
    return me.link if isinstance(me, TableGuest) else request.user


# The unchanged poll (``polling``): the session's revision, status and deal count, then who polls — the member's role
# and its login's password (``membership_with_session``), or a table link's role and token (``live_link``) — and the
# browser's Django session (``sign_in.live_sessions``), for ``poller_role`` to decide as the full view would.


_SHEET = ("session__revision", "session__status", "session__deal_count")  # what a poll reads of the session
_NULL = Value(None, CharField())


@functools.cache
def poll_statement(member: bool) -> rows.Statement:
    """The access part of an unchanged poll by a member (else a table link), run with ``session``, ``club``,
    ``sign_in.KEY`` and ``member`` and ``user`` (else ``link``): the session's columns (``_SHEET``), then
    ``poller_role``'s."""
    browser = Subquery(sign_in.live_sessions(sign_in.KEY).values("session_data"))
    found: QuerySet[Any]
    if member:
        member_of = membership_with_session(USER, CLUB, SESSION).filter(pk=MEMBER).order_by()
        found = member_of.annotate(poller=F("role"), password=F("user__password"), link_token=_NULL, browser=browser)
    else:
        link = TableLink.objects.live().filter(pk=LINK, session_id=SESSION, session__club__slug=CLUB)
        scorer = Value(Role.SCORER.value, CharField())
        found = link.annotate(poller=scorer, password=_NULL, link_token=F("token"), browser=browser)
    return rows.Statement.of(found.values_list(*_SHEET, "poller", "password", "link_token", "browser"))


def poller_role(
    session_id: int, user_id: int | None, role: str, password: str | None, link_token: str | None, browser: str | None
) -> str | None:
    """The role of who polls, from ``poll_statement``'s columns after the session's: None when the browser's Django
    session is gone or would not pass the full view (another login, a password changed since, no grant of the link)."""
    if browser is None:
        return None
    site = settings.SECRET_KEY, tuple(settings.AUTHENTICATION_BACKENDS)
    return role if _browser_passes(browser, session_id, user_id, password, link_token, site) else None


@functools.lru_cache(maxsize=1024)
def _browser_passes(
    browser: str,
    session_id: int,
    user_id: int | None,
    password: str | None,
    link_token: str | None,
    site: tuple[str, tuple[str, ...]],
) -> bool:
    """Whether the Django session stored as ``browser`` is the member's login as it stands, or holds the grant of the
    link ``link_token``. Decoding it and hashing the password cost some 40 µs of CPU, a third of a poll on SQLite: each
    phone's polls ask the same until its session, the password or the link changes, so it is decided once in a process
    (a function of its arguments and the site's key and login backends, ``site``)."""
    data = sign_in.session_data(browser)
    if user_id is not None:
        return password is not None and sign_in.signed_in(data, user_id, password)
    return link_token is not None and granted(data, session_id) == link_token
