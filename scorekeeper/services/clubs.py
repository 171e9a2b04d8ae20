"""Clubs, their settings, members, roles, invitations and house rules.

Each write checks its input against the model's rules (names, roles, currencies, stakes), runs in one transaction
and leaves an entry in the club's history. A club always has an owner: the last one can neither leave nor step
down, and ``appoint_owner`` (a management command) gives an orphaned club a new one.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.text import slugify

from .. import engine
from ..engine.names import check_name
from ..models import (
    CURRENCIES,
    AuditEntry,
    Club,
    HouseRules,
    Invitation,
    Member,
    PotPolicy,
    Role,
    SettlementMode,
    values_of,
)
from ..signals import announce_results_changed
from . import record
from .errors import Fault, ServiceError, fault
from .refusals import refusal
from .sessions import clean_stake, frozen

CLUB_NAME_MAX = 100
HOUSE_RULES_NAME_MAX = 80
USERNAME_MAX = 150


# checks -----------------------------------------------------------------------------------------------------------


def clean_name(value: Any, field: str = "name", most: int = engine.names.NAME_MAX) -> str:
    """A person's (or a club's, or house rules') name, trimmed; a ServiceError naming ``field`` otherwise."""
    try:
        name = check_name(field, value)
    except engine.DealError:
        name = ""
    if not name:
        raise ServiceError.on(field, refusal("name_unreadable"))
    if len(name) > most:
        raise ServiceError.on(field, refusal("name_too_long", n=most))
    return name


def clean_currency(value: Any) -> str:
    code = str(value or "").strip().upper()
    if code not in CURRENCIES:
        raise ServiceError.on("currency", refusal("currency_unknown"))
    return code


def clean_choice(value: Any, field: str, allowed: list[str]) -> str:
    if value not in allowed:
        raise ServiceError.on(field, refusal("choice_unknown"))
    return str(value)


def _owners(club: Club) -> int:
    return club.members.filter(role=Role.OWNER).count()


# clubs ------------------------------------------------------------------------------------------------------------


@transaction.atomic
def create_club(*, owner: User, name: str, owner_name: str, currency: str = "EUR") -> Club:
    name = clean_name(name, "name", CLUB_NAME_MAX)
    owner_name = clean_name(owner_name, "owner_name")
    currency = clean_currency(currency)
    base = slugify(name)[:50] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug, currency=currency)
    Member.objects.create(club=club, name=owner_name, user=owner, role=Role.OWNER)
    record.audit_club(club, owner, AuditEntry.Action.CLUB_CREATED, after={"name": name, "owner": owner_name})
    return club


def club_settings(club: Club) -> dict[str, Any]:
    return values_of(club, "name currency pot_policy settlement_mode")


@transaction.atomic
def change_club_settings(
    *, club: Club, actor: User, name: str, currency: str, pot_policy: str, settlement_mode: str
) -> Club:
    """The club's name and the money terms new sessions start with (played sessions keep theirs)."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = club_settings(club)
    club.name = clean_name(name, "name", CLUB_NAME_MAX)
    club.currency = clean_currency(currency)
    club.pot_policy = clean_choice(pot_policy, "pot_policy", PotPolicy.values)
    club.settlement_mode = clean_choice(settlement_mode, "settlement_mode", SettlementMode.values)
    after = club_settings(club)
    if after != before:
        club.save()
        changed = [key for key in after if after[key] != before[key]]
        record.audit_club(
            club,
            actor,
            AuditEntry.Action.SETTINGS_CHANGED,
            before={key: before[key] for key in changed},
            after={key: after[key] for key in changed},
        )
    return club


# members ----------------------------------------------------------------------------------------------------------


@transaction.atomic
def add_member(
    *, club: Club, name: str, actor: User | None = None, role: str = Role.MEMBER, is_guest: bool = False
) -> Member:
    """A name-only member (or a guest); a login joins through an invitation."""
    name = clean_name(name)
    role = clean_choice(role, "role", Role.values)
    if club.members.filter(name__iexact=name).exists():
        raise ServiceError.on("name", refusal("member_exists", name=name))
    member = Member.objects.create(club=club, name=name, role=role, is_guest=bool(is_guest))
    record.audit_club(club, actor, AuditEntry.Action.MEMBER_ADDED, after={"name": name, "guest": member.is_guest})
    return member


@transaction.atomic
def rename_member(*, member: Member, actor: User, name: str) -> Member:
    """A new name for new sessions; the sheets already played keep the name as it was written."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    name = clean_name(name)
    if name == member.name:
        return member
    if member.club.members.filter(name__iexact=name).exclude(pk=member.pk).exists():
        raise ServiceError.on("name", refusal("member_exists", name=name))
    before, member.name = member.name, name
    member.save(update_fields=["name"])
    record.audit_club(
        member.club, actor, AuditEntry.Action.MEMBER_RENAMED, before={"name": before}, after={"name": name}
    )
    return member


@transaction.atomic
def change_role(*, member: Member, role: str, actor: User | None = None) -> Member:
    member = Member.objects.select_for_update().select_related("club").get(pk=member.pk)
    role = clean_choice(role, "role", Role.values)
    if role == member.role:
        return member
    if member.role == Role.OWNER and _owners(member.club) <= 1:
        raise ServiceError.on("role", refusal("last_owner"))
    if member.user_id is None and role != Role.MEMBER:
        raise ServiceError.on("role", refusal("role_needs_login"))
    before, member.role = member.role, role
    member.save(update_fields=["role"])
    record.audit_club(
        member.club, actor, AuditEntry.Action.ROLE_CHANGED, before={"name": member.name, "role": before},
        after={"name": member.name, "role": role},
    )  # fmt: skip
    return member


@transaction.atomic
def remove_member(*, member: Member, actor: User) -> None:
    """Take a member off the club's list. Someone who played keeps their name on the sheets (as does someone
    registered for a tournament): they stay as a guest without a login; anyone else is removed."""
    member = Member.objects.select_for_update().select_related("club").get(pk=member.pk)
    if member.role == Role.OWNER and _owners(member.club) <= 1:
        raise ServiceError.on(None, refusal("last_owner"))
    before = {"name": member.name, "role": member.role, "login": member.user is not None}
    kept = member.seats.exists()
    if not kept:
        try:
            member.delete()  # with any invitation to claim the name
        except ProtectedError:  # refused before anything is deleted: a tournament keeps the name
            kept = True
    if kept:
        member.user, member.role, member.is_guest = None, Role.MEMBER, True
        member.save(update_fields=["user", "role", "is_guest"])
        announce_results_changed(member.club_id, None, None)  # who a player is
    record.audit_club(member.club, actor, AuditEntry.Action.MEMBER_REMOVED, before=before, after={"kept": kept})


@transaction.atomic
def leave_club(*, member: Member) -> None:
    """A user leaves a club: the login lets go of the member, whose name stays on the sheets."""
    member = Member.objects.select_for_update(of=("self",)).select_related("club", "user").get(pk=member.pk)
    if member.role == Role.OWNER and _owners(member.club) <= 1:
        raise ServiceError.on(None, refusal("last_owner_leaves"))
    actor = member.user
    member.user, member.role = None, Role.MEMBER
    member.save(update_fields=["user", "role"])
    announce_results_changed(member.club_id, None, None)  # who a player is
    record.audit_club(member.club, actor, AuditEntry.Action.MEMBER_LEFT, after={"name": member.name})


# invitations and signing up ---------------------------------------------------------------------------------------


@transaction.atomic
def create_invitation(
    *, club: Club, actor: User, role: str = Role.MEMBER, member: Member | None = None, inviter: Member | None = None
) -> Invitation:
    """A link to join ``club`` as ``role``, optionally claiming a name-only ``member``. Only an owner invites
    scorers and owners."""
    role = clean_choice(role, "role", Role.values)
    if role != Role.MEMBER and (inviter is None or not inviter.can(Role.OWNER)):
        raise ServiceError.on("role", refusal("invite_needs_owner"))
    if member is not None and (member.club_id != club.pk or member.user_id is not None):
        raise ServiceError.on("member", refusal("invite_member"))
    invitation = Invitation.objects.create(club=club, created_by=actor, role=role, member=member)
    record.audit_club(
        club, actor, AuditEntry.Action.INVITATION_CREATED, after={"role": role, "name": member.name if member else None}
    )
    return invitation


def _free_name(club: Club, wanted: str) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3`` … whichever the club does not have yet."""
    base = clean_name(wanted[: engine.names.NAME_MAX])
    name, n = base, 1
    while club.members.filter(name__iexact=name).exists():
        n += 1
        suffix = f" {n}"
        name = base[: engine.names.NAME_MAX - len(suffix)] + suffix
    return name


@transaction.atomic
def accept_invitation(*, invitation: Invitation, user: User, name: str = "") -> Member:
    invitation = (
        Invitation.objects.select_for_update(of=("self",)).select_related("club", "member").get(pk=invitation.pk)
    )
    if not invitation.is_usable():
        raise ServiceError.on(None, refusal("invitation_unusable"))
    club = invitation.club
    existing = club.members.filter(user=user).first()
    if existing:
        member = existing
    elif invitation.member is not None and invitation.member.user_id is None:
        member = invitation.member
        member.user, member.role, member.is_guest = user, invitation.role, False
        member.save(update_fields=["user", "role", "is_guest"])
        announce_results_changed(member.club_id, None, None)  # who a player is
    else:
        member = Member.objects.create(
            club=club, name=_free_name(club, name or user.get_username()), user=user, role=invitation.role
        )
    invitation.used_by = user
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_by", "used_at"])
    record.audit_club(
        club, user, AuditEntry.Action.INVITATION_ACCEPTED, after={"name": member.name, "role": member.role}
    )
    return member


@transaction.atomic
def sign_up(*, invitation: Invitation, username: str, password: str, name: str) -> User:
    """A new login that joins the inviting club in the same step; the configured password rules apply."""
    user_model = get_user_model()
    username = (username or "").strip()
    faults: list[Fault] = []
    if len(username) > USERNAME_MAX:
        faults.append(fault("username", refusal("username_too_long", n=USERNAME_MAX)))
    else:
        try:
            UnicodeUsernameValidator()(username)
        except ValidationError as error:  # Django's own sentences, which name no code
            faults.extend(fault("username", message) for message in error.messages)
    if not faults and user_model.objects.filter(username__iexact=username).exists():
        faults.append(fault("username", refusal("username_taken")))
    try:
        name = clean_name(name)
    except ServiceError as error:
        faults.extend(error.faults)
    try:
        password_validation.validate_password(password, user_model(username=username, first_name=name))
    except ValidationError as error:
        faults.extend(fault("password", message) for message in error.messages)
    if faults:
        raise ServiceError(faults)
    user = user_model.objects.create_user(username=username, password=password, first_name=name)
    accept_invitation(invitation=invitation, user=user, name=name)
    return user


# house rules ------------------------------------------------------------------------------------------------------


@transaction.atomic
def save_house_rules(
    *, club: Club, name: str, game: str, rules: Any, tariff: Any, cents_per_point: int, actor: User | None = None
) -> HouseRules:
    name = clean_name(name, "save_as", HOUSE_RULES_NAME_MAX)
    cents_per_point = clean_stake(cents_per_point)
    frozen_rules, frozen_tariff = frozen(game, rules, tariff)
    house_rules, _created = HouseRules.objects.update_or_create(
        club=club,
        name=name,
        defaults={"game": game, "rules": frozen_rules, "tariff": frozen_tariff, "cents_per_point": cents_per_point},
    )
    record.audit_club(club, actor, AuditEntry.Action.HOUSE_RULES_SAVED, after={"name": name, "game": game})
    return house_rules


@transaction.atomic
def delete_house_rules(*, house_rules: HouseRules, actor: User) -> None:
    record.audit_club(house_rules.club, actor, AuditEntry.Action.HOUSE_RULES_DELETED, before={"name": house_rules.name})
    house_rules.delete()


# owners -----------------------------------------------------------------------------------------------------------


@transaction.atomic
def appoint_owner(*, club: Club, user: User) -> Member:
    """Make ``user`` an owner of ``club`` (a member already, or a new one): for a club whose owners lost their
    logins. Done by a management command, so the history names nobody as the actor."""
    member = club.members.filter(user=user).first()
    if member is None:
        member = Member.objects.create(club=club, name=_free_name(club, user.get_username()), user=user)
    member.role, member.is_guest = Role.OWNER, False
    member.save(update_fields=["role", "is_guest"])
    record.audit_club(club, None, AuditEntry.Action.OWNER_APPOINTED, after={"name": member.name})
    return member
