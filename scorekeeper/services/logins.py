"""Login locks: an owner lifts the lock the login throttle (``scorekeeper.throttle``) put on a member's name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from .. import throttle
from ..models import AuditEntry, Member
from . import record
from .errors import ServiceError
from .refusals import refusal


@transaction.atomic
def lift_login_lock(*, member: Member, actor: User) -> None:
    """Forget the wrong passwords for the member's login from every address, so it can log in again at once."""
    if member.user is None:
        raise ServiceError.on(None, refusal("no_login", name=member.name))
    username = member.user.get_username()
    if username not in throttle.locked_logins([username], timezone.now()):
        raise ServiceError.on(None, refusal("login_not_locked", name=member.name))
    throttle.lift(username)
    record.audit_club(member.club, actor, AuditEntry.Action.LOGIN_LOCK_LIFTED, after={"name": member.name})
