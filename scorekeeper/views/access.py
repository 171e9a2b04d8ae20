"""Who may do what in a club: outsiders get a 404, members may look, scorers may write, owners manage.

One exception, for one session: a phone that opened a live table link of it (``table_link``) holds a grant for that
session in its Django session, and the session's sheet, deal entry and settlement (``session_access``) let it do what
a scorer does. The link is checked again on every request, so an expired link stops working at once; every other
page of the club stays its members'.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django_htmx.middleware import HtmxDetails

from .. import selectors
from ..models import ROLE_RANK, Club, Member, Role, Session, TableLink
from ..selectors import membership
from ..services import record

GRANTS = "table_links"  # in request.session: {session id: token of the link it was opened by}


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
    found = selectors.membership_and_session(request.user, club_slug, session_id)
    if found is not None and found[0].can(role):
        return found
    guest = table_guest(request, club_slug, session_id)
    if guest is not None and guest.can(role):
        return guest, guest.link.session
    if found is not None:
        raise PermissionDenied
    raise Http404


def table_guest(request: HttpRequest, club_slug: str, session_id: int) -> TableGuest | None:
    token = request.session.get(GRANTS, {}).get(str(session_id))
    link = selectors.table_link(token) if token else None
    if link is None or not link.is_live() or link.session_id != session_id or link.session.club.slug != club_slug:
        return None
    return TableGuest(link.session.club, link)


def grant(request: HttpRequest, link: TableLink) -> None:
    """Let this phone score the link's session for as long as the link is live."""
    request.session[GRANTS] = {**request.session.get(GRANTS, {}), str(link.session_id): link.token}


def actor_of(request: Request, me: Access) -> record.Actor:
    """Who the services record as making a change: the signed-in member, or the table link it came through."""
    return me.link if isinstance(me, TableGuest) else request.user
