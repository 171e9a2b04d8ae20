"""Every write: each function owns its transaction and its audit entry.

A change to a session's deals is checked by replaying the whole session with
the rule engine *before* anything is written, so a correction that would make a
later deal impossible is refused as a whole, never half-applied.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from . import engine
from .documents import session_document
from .engine.options import as_json
from .models import AuditEntry, Club, Deal, HouseRules, Invitation, Member, PotPolicy, Role, Seat, Session


class ServiceError(ValueError):
    """Input a user can fix: ``errors`` maps a field name (or ``None`` for the whole form) to messages."""

    def __init__(self, errors: Mapping[str | None, Sequence[str]]) -> None:
        super().__init__("; ".join(m for messages in errors.values() for m in messages))
        self.errors = {field: list(messages) for field, messages in errors.items()}

    @classmethod
    def on(cls, field: str | None, message: str) -> ServiceError:
        return cls({field: [message]})


class DealRejected(ServiceError):
    """The engine refused a deal; errors are keyed by the deal's field names."""

    def __init__(self, problems: Sequence[engine.Problem], deal_number: int | None) -> None:
        errors: dict[str | None, list[str]] = {}
        for problem in problems:
            if problem.deal is None or problem.deal == deal_number:
                message = problem.message if problem.message.startswith(problem.field) else str(problem)
                errors.setdefault(problem.field.split(".")[0], []).append(message)
            else:
                errors.setdefault(None, []).append(
                    _("This change would make another deal impossible: %(problem)s") % {"problem": problem}
                )
        super().__init__(errors)
        self.problems = list(problems)


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
    frozen_rules, frozen_tariff = _frozen_rules(game, rules, tariff)
    house_rules, _created = HouseRules.objects.update_or_create(
        club=club,
        name=name.strip(),
        defaults={"game": game, "rules": frozen_rules, "tariff": frozen_tariff, "cents_per_point": cents_per_point},
    )
    return house_rules


# sessions -----------------------------------------------------------------------------------


@transaction.atomic
def start_session(
    *,
    club: Club,
    actor: User | None,
    game: str,
    rules: Any,
    tariff: Any,
    players: Sequence[Member | str],
    first_dealer: int = 0,
    cents_per_point: int = 0,
    played_on: date | None = None,
    table: str = "",
    house_rules: HouseRules | None = None,
) -> Session:
    """A new open session; ``players`` are members, or names of guests (matched to members by name first)."""
    frozen_rules, frozen_tariff = _frozen_rules(game, rules, tariff)
    seated = [p if isinstance(p, Member) else _member_named(club, p.strip()) for p in players]
    if len({m.pk for m in seated}) != len(seated):
        raise ServiceError.on("players", _("A player can only take one seat."))
    if any(m.club_id != club.pk for m in seated):
        raise ServiceError.on("players", _("Every player must be a member or guest of this club."))
    names = [m.name for m in seated]
    try:
        seats = engine.load(
            {
                "format": engine.FORMAT,
                "game": game,
                "rules": frozen_rules,
                "tariff": frozen_tariff,
                "players": names,
                "deals": [],
                **({"cents_per_point": cents_per_point} if cents_per_point else {}),
            }
        ).seats
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None
    if not 0 <= first_dealer < len(seated):
        raise ServiceError.on("first_dealer", _("Choose who deals first."))
    session = Session.objects.create(
        club=club,
        game=game,
        rules=frozen_rules,
        tariff=frozen_tariff,
        cents_per_point=cents_per_point,
        first_dealer=first_dealer,
        played_on=played_on or timezone.localdate(),
        table=table,
        house_rules=house_rules,
        created_by=actor,
        pot_carried_in=_pot_to_carry(club, game, frozen_rules, frozen_tariff, names),
    )
    Seat.objects.bulk_create(Seat(session=session, position=i, member=m, name=m.name) for i, m in enumerate(seated))
    _audit(
        session,
        actor,
        AuditEntry.Action.SESSION_STARTED,
        after={"players": names, "seats": seats, "rules": frozen_rules, "tariff": frozen_tariff},
    )
    return session


def _pot_to_carry(club: Club, game: str, rules: dict[str, Any], tariff: dict[str, Any] | None, names: list[str]) -> int:
    """Under the club's "carry" pot policy, the pot left by its last finished session of this game with a pot."""
    if club.pot_policy != PotPolicy.CARRY:
        return 0
    header = {"format": engine.FORMAT, "game": game, "rules": rules, "tariff": tariff, "players": names}
    if not engine.load(header).new_game().uses_pot():
        return 0
    closed = club.sessions.filter(game=game, status=Session.Status.CLOSED).order_by("-closed_at", "-pk")
    for earlier in closed[:20]:
        parsed = engine.load(session_document(earlier))
        if parsed.new_game().uses_pot():
            results = parsed.results()
            return results[-1].pot if results else parsed.pot_carried_in
    return 0


@transaction.atomic
def close_session(*, session: Session, actor: User) -> Session:
    session = _locked(session)
    if not session.is_open:
        return session
    session.status = Session.Status.CLOSED
    session.closed_at = timezone.now()
    _bump(session, "status", "closed_at")
    _audit(session, actor, AuditEntry.Action.SESSION_CLOSED)
    return session


@transaction.atomic
def reopen_session(*, session: Session, actor: User) -> Session:
    session = _locked(session)
    if session.is_open:
        return session
    session.status = Session.Status.OPEN
    session.closed_at = None
    _bump(session, "status", "closed_at")
    _audit(session, actor, AuditEntry.Action.SESSION_REOPENED)
    return session


# deals --------------------------------------------------------------------------------------


@transaction.atomic
def record_deal(
    *, session: Session, actor: User | None, facts: Mapping[str, Any], client_token: uuid.UUID | None = None
) -> Deal:
    """Append a deal. A repeated ``client_token`` returns the deal that token already created."""
    session = _locked(session)
    if client_token is not None:
        existing = session.deals.filter(client_token=client_token).first()
        if existing is not None:
            return existing
    _require_open(session)
    stored = list(session.deals.all())
    facts = dict(facts)
    _check(session, [d.facts for d in stored] + [facts], len(stored) + 1)
    deal = Deal.objects.create(
        session=session, position=len(stored) + 1, facts=facts, client_token=client_token, created_by=actor
    )
    _bump(session)
    _audit(session, actor, AuditEntry.Action.DEAL_ADDED, deal.position, after=facts)
    return deal


@transaction.atomic
def correct_deal(*, deal: Deal, actor: User, facts: Mapping[str, Any]) -> Deal:
    """Replace a deal's facts; every later deal is rescored from them."""
    session = _locked(deal.session)
    _require_open(session)
    stored = list(session.deals.all())
    deal = next(d for d in stored if d.pk == deal.pk)
    facts = dict(facts)
    _check(session, [facts if d.pk == deal.pk else d.facts for d in stored], deal.position)
    before = deal.facts
    if before == facts:
        return deal
    deal.facts = facts
    deal.save(update_fields=["facts", "updated_at"])
    _bump(session)
    _audit(session, actor, AuditEntry.Action.DEAL_EDITED, deal.position, before=before, after=facts)
    return deal


@transaction.atomic
def delete_deal(*, deal: Deal, actor: User) -> None:
    session = _locked(deal.session)
    _require_open(session)
    stored = list(session.deals.all())
    remaining = [d for d in stored if d.pk != deal.pk]
    _check(session, [d.facts for d in remaining], None)
    deal.delete()
    later = [d for d in remaining if d.position > deal.position]
    for d in later:  # positions are unique: move each down one, in order
        d.position -= 1
        d.save(update_fields=["position"])
    _bump(session)
    _audit(session, actor, AuditEntry.Action.DEAL_DELETED, deal.position, before=deal.facts)


# import -------------------------------------------------------------------------------------


@transaction.atomic
def import_session(*, club: Club, document: Any, actor: User | None = None) -> Session:
    """A ``schreiber/1`` document as a finished session of ``club``: all or nothing.

    Players are matched to members by name (ignoring case); anyone else joins as a guest.
    """
    try:
        parsed = engine.load(document)
        parsed.results()
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None
    members = [_member_named(club, name) for name in parsed.players]
    session = Session.objects.create(
        club=club,
        game=parsed.game_key,
        rules=as_json(parsed.rules),
        tariff=as_json(parsed.tariff) if parsed.tariff is not None else None,
        cents_per_point=parsed.cents_per_point or 0,
        pot_carried_in=parsed.pot_carried_in,
        played_on=_document_date(document),
        table=str(document.get("table", ""))[:60],
        status=Session.Status.CLOSED,
        closed_at=timezone.now(),
        created_by=actor,
    )
    Seat.objects.bulk_create(
        Seat(session=session, position=i, member=m, name=name)
        for i, (m, name) in enumerate(zip(members, parsed.players, strict=True))
    )
    Deal.objects.bulk_create(
        Deal(session=session, position=n, facts=dict(facts), created_by=actor)
        for n, facts in enumerate(parsed.deals, start=1)
    )
    _audit(session, actor, AuditEntry.Action.SESSION_IMPORTED, after={"deals": len(parsed.deals)})
    return session


def _member_named(club: Club, name: str) -> Member:
    member = club.members.filter(name__iexact=name).first()
    return member or Member.objects.create(club=club, name=name, is_guest=True)


def _document_date(document: Mapping[str, Any]) -> date:
    try:
        return date.fromisoformat(str(document["played_on"]))
    except (KeyError, ValueError):
        return timezone.localdate()


# helpers ------------------------------------------------------------------------------------


def _frozen_rules(game: str, rules: Any, tariff: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    try:
        return engine.freeze(game, rules, tariff)
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, None) from None


def _locked(session: Session) -> Session:
    """The session row, locked until the transaction ends: one write per session at a time."""
    return Session.objects.select_for_update().select_related("club").get(pk=session.pk)


def _require_open(session: Session) -> None:
    if not session.is_open:
        raise ServiceError.on(None, _("This session is closed. A scorer can reopen it to make changes."))


def _check(session: Session, facts: list[Any], deal_number: int | None) -> None:
    try:
        engine.load(session_document(session, facts)).results()
    except engine.InvalidSession as error:
        raise DealRejected(error.problems, deal_number) from None


def _bump(session: Session, *fields: str) -> None:
    session.revision += 1
    session.save(update_fields=["revision", *fields])


def _audit(
    session: Session,
    actor: User | None,
    action: str,
    deal_number: int | None = None,
    *,
    before: Any = None,
    after: Any = None,
) -> None:
    AuditEntry.objects.create(
        session=session,
        actor=actor if actor and actor.is_authenticated else None,
        action=action,
        deal_number=deal_number,
        before=before,
        after=after,
    )
