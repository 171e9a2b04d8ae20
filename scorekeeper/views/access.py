"""Who may do what in a club: outsiders get a 404, members may look, scorers may write, owners manage."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from ..models import Member, Role
from ..selectors import membership


def club_member(request: HttpRequest, club_slug: str, role: str = Role.MEMBER) -> Member:
    """The requesting user's membership; 404 for outsiders, 403 for a member without ``role``."""
    member = membership(request.user, club_slug)
    if not member.can(role):
        raise PermissionDenied
    return member
