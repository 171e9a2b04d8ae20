"""Clubs, their members, invitations and house rules."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from ..models import Club, HouseRules, Invitation, Member, Role
from .errors import ServiceError
from .sessions import frozen

# clubs and members --------------------------------------------------------------------------


@transaction.atomic
def create_club(*, owner: User, name: str, owner_name: str, currency: str = "EUR") -> Club:
    base = slugify(name)[:50] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug, currency=currency)
    Member.objects.create(club=club, name=owner_name, user=owner, role=Role.OWNER)
    return club


def add_member(*, club: Club, name: str, role: str = Role.MEMBER, is_guest: bool = False) -> Member:
    name = name.strip()
    if not name:
        raise ServiceError.on("name", _("Enter a name."))
    if club.members.filter(name__iexact=name).exists():
        raise ServiceError.on("name", _("%(name)s is already a member of this club.") % {"name": name})
    return Member.objects.create(club=club, name=name, role=role, is_guest=is_guest)


@transaction.atomic
def change_role(*, member: Member, role: str) -> Member:
    if (
        member.role == Role.OWNER
        and role != Role.OWNER
        and not member.club.members.filter(role=Role.OWNER).exclude(pk=member.pk).exists()
    ):
        raise ServiceError.on("role", _("A club needs at least one owner."))
    if member.user_id is None and role != Role.MEMBER:
        raise ServiceError.on("role", _("Only a member with a login can score or own the club."))
    member.role = role
    member.save(update_fields=["role"])
    return member


def create_invitation(*, club: Club, actor: User, role: str = Role.MEMBER, member: Member | None = None) -> Invitation:
    return Invitation.objects.create(club=club, created_by=actor, role=role, member=member)


@transaction.atomic
def accept_invitation(*, invitation: Invitation, user: User, name: str = "") -> Member:
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not invitation.is_usable():
        raise ServiceError.on(None, _("This invitation has been used or has expired. Ask your club for a new one."))
    club = invitation.club
    existing = club.members.filter(user=user).first()
    if existing:
        member = existing
    elif invitation.member is not None and invitation.member.user_id is None:
        member = invitation.member
        member.user = user
        member.role = invitation.role
        member.is_guest = False
        member.save(update_fields=["user", "role", "is_guest"])
    else:
        member = add_member(club=club, name=name or user.get_username(), role=invitation.role)
        member.user = user
        member.save(update_fields=["user"])
    invitation.used_by = user
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_by", "used_at"])
    return member


@transaction.atomic
def sign_up(*, invitation: Invitation, username: str, password: str, name: str) -> User:
    """A new login that joins the inviting club in the same step."""
    user_model = get_user_model()
    if user_model.objects.filter(username__iexact=username).exists():
        raise ServiceError.on("username", _("This username is taken. Log in first if it is yours."))
    user = user_model.objects.create_user(username=username, password=password, first_name=name)
    accept_invitation(invitation=invitation, user=user, name=name)
    return user


def save_house_rules(*, club: Club, name: str, game: str, rules: Any, tariff: Any, cents_per_point: int) -> HouseRules:
    frozen_rules, frozen_tariff = frozen(game, rules, tariff)
    house_rules, _created = HouseRules.objects.update_or_create(
        club=club,
        name=name.strip(),
        defaults={"game": game, "rules": frozen_rules, "tariff": frozen_tariff, "cents_per_point": cents_per_point},
    )
    return house_rules
