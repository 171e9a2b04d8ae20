"""Who may do what in a club: outsiders get a 404, members may look, scorers may write, owners manage."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from ..models import Member, Role
from ..selectors import membership


class Request(HttpRequest):
    """A request after the middlewares: with ``htmx`` details, and a signed-in ``user`` once access was checked."""

    htmx: HtmxDetails
    user: User


def club_member(request: Request, club_slug: str, role: str = Role.MEMBER) -> Member:
    """The requesting user's membership; 404 for outsiders, 403 for a member without ``role``."""
    member = membership(request.user, club_slug)
    if not member.can(role):
        raise PermissionDenied
    return member
