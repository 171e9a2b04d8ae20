"""A club's backup: the club written as its document (``club_document``), and restored from it, all or nothing.

The club comes back under its own short name, or a new one; logins are matched by username, and a login the
database does not have is created without a usable password (set one with ``manage.py changepassword``). Every
session's stored results are checked against a replay of its deals before anything is kept, and every value is
checked for its type and range before it is written: a document edited by hand is refused with the path of what is
wrong, never half-written. The parts other apps registered (``club_document.PARTS``) are written after the club's
own rows and restored after them, with their id maps (:class:`~.club_document.Restoring`). A restore is a write like
the services': one transaction, an audit entry, and a ``ServiceError`` for what it refuses.
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone

from .. import engine
from ..engine.reading import Problem, Shape, check_shape, keys
from ..models import (
    AuditEntry,
    Club,
    Deal,
    HouseRules,
    Invitation,
    LineupChange,
    Member,
    Seat,
    Session,
    TableLink,
    values_of,
)
from ..services import record
from ..services.errors import ServiceError, fault, located, problem_words, refuse_nul
from ..services.refusals import Refusal, refusal
from ..stored import derived
from ..stored.documents import session_document
from .club_document import FORMAT, PARTS, Restoring, not_carried

# writing ----------------------------------------------------------------------------------------------------


def export_club(club: Club) -> dict[str, Any]:
    members = list(club.members.select_related("user").order_by("pk"))
    sessions = list(club.sessions.select_related("house_rules").prefetch_related("seats", "deals").order_by("pk"))
    logins = {m.user for m in members if m.user} | {
        user for session in sessions for deal in session.deals.all() for user in _deal_users(deal) if user
    }
    audit = club.audit_entries.select_related("actor").order_by("at", "pk")
    logins |= {entry.actor for entry in audit if entry.actor}
    document: dict[str, Any] = {
        "format": FORMAT,
        "exported_at": iso(timezone.now()),
        "club": {
            **values_of(club, "name slug currency pot_policy settlement_mode"),
            "created_at": iso(club.created_at),
        },
        "users": [_user(user) for user in sorted(logins, key=lambda u: u.username)],
        "members": [
            {**values_of(m, "id name role is_guest"), "user": _name(m.user), "joined_at": iso(m.joined_at)}
            for m in members
        ],
        "house_rules": [
            {**values_of(h, "id name game rules tariff cents_per_point"), "created_at": iso(h.created_at)}
            for h in club.house_rules.order_by("pk")
        ],
        "sessions": [_session_entry(session) for session in sessions],
        "audit": [
            {
                "at": iso(e.at),
                "actor": _name(e.actor),
                "action": e.action,
                "session": e.session_id,
                "deal": e.deal_id,
                **values_of(e, "deal_number revision before after effect"),
            }
            for e in audit
        ],
    }
    missing = _secrets_not_carried(club)
    for part in PARTS.values():
        document[part.key] = part.export(club, missing)
    document["not_carried"] = missing
    return document


def _secrets_not_carried(club: Club) -> list[dict[str, str]]:
    """Links that open the club to someone without a login: their tokens are secrets a backup must not spread."""
    links = TableLink.objects.live().filter(session__club=club).count()
    invitations = Invitation.objects.filter(club=club, used_at__isnull=True, expires_at__gt=timezone.now()).count()
    return [
        not_carried(kind, str(count), why)
        for kind, count, why in (
            ("table links", links, "a table link's token is a secret: make new ones on the session pages"),
            ("invitations", invitations, "an invitation's token is a secret: invite again"),
        )
        if count
    ]


def _session_entry(session: Any) -> dict[str, Any]:
    return {
        **values_of(session, "id game"),
        "played_on": session.played_on.isoformat(),
        **values_of(session, "table rules tariff cents_per_point currency pot_policy settlement_mode first_dealer"),
        "house_rules": session.house_rules_id,
        "status": session.status,
        "pot_from": session.pot_from_id,
        "pot_carried_in": session.pot_carried_in,
        "created_by": _name(session.created_by),
        "created_at": iso(session.created_at),
        "closed_at": iso(session.closed_at),
        **values_of(session, "revision deal_count totals pot next_dealer import_fingerprint"),
        "seats": [{"position": s.position, "member": s.member_id, "name": s.name} for s in session.seats.all()],
        "deals": [
            {
                **values_of(d, "id sequence number facts revision result"),
                "client_token": str(d.client_token) if d.client_token else None,
                "created_by": _name(d.created_by),
                "created_at": iso(d.created_at),
                "updated_by": _name(d.updated_by),
                "updated_at": iso(d.updated_at),
                "deleted_by": _name(d.deleted_by),
                "deleted_at": iso(d.deleted_at),
            }
            for d in sorted(session.deals.all(), key=lambda deal: deal.sequence)
        ],
        **_lineup(session),
    }


def _lineup(session: Any) -> dict[str, Any]:
    """The players who left or joined between deals, under ``lineup`` only when there are any: a backup of a session
    without reads as before."""
    changes = [
        {
            "after_sequence": c.after_sequence,
            "seat": c.seat.position,
            "joins": c.joins,
            "table_seat": c.table_seat,
            "at": iso(c.at),
        }
        for c in session.lineup_changes.select_related("seat")
    ]
    return {"lineup": changes} if changes else {}


def _deal_users(deal: Any) -> tuple[Any, ...]:
    return deal.created_by, deal.updated_by, deal.deleted_by


def _user(user: User) -> dict[str, str]:
    return {"username": user.username, "first_name": user.first_name, "last_name": user.last_name, "email": user.email}


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def iso(moment: datetime | date | None) -> str | None:
    return moment.isoformat() if moment is not None else None


# restoring --------------------------------------------------------------------------------------------------

ModelT = TypeVar("ModelT", bound=models.Model)
Value = TypeVar("Value")

# What the document must look like (``engine.reading.Shape``): anything else is a document this version does not
# understand. The values are checked as they are written (``create``), a part's by the app that registered it.
SHAPE: dict[str, Shape] = {
    **keys("format exported_at"),
    "club": keys("name slug currency pot_policy settlement_mode created_at"),
    "users": [keys("username first_name? last_name? email?")],
    "members": [keys("id name role is_guest user joined_at")],
    "house_rules": [keys("id name game rules tariff cents_per_point created_at")],
    "sessions": [{
        **keys("id game played_on table rules tariff cents_per_point currency pot_policy settlement_mode first_dealer "
               "house_rules status pot_from pot_carried_in created_by created_at closed_at revision deal_count totals "
               "pot next_dealer import_fingerprint"),
        "seats": [keys("position member name")],
        "deals": [keys("id sequence number facts revision result client_token created_by created_at updated_by "
                       "updated_at deleted_by deleted_at")],
        "lineup?": [keys("after_sequence seat joins table_seat at")],
    }],
    "audit": [keys("at actor action session deal deal_number revision? before after effect?")],
    "not_carried?": [keys("kind name why")],
}  # fmt: skip


@dataclass
class Restored:
    """What ``import_club`` restored: the club, the logins it had to create, how many of each kind it wrote, what the
    backup says it does not carry, and what it carries but could not be restored here."""

    club: Club
    created_logins: list[str]
    counts: Counter[str]
    not_carried: list[str]
    not_restored: list[str]


def create(model: type[ModelT], where: str, *, times: dict[str, Any] | None = None, **values: Any) -> ModelT:
    """A row of ``model`` from the document's object at ``where``, its values checked first (:func:`checked`);
    ``times`` are the ISO times of its automatic timestamp fields, set as the document has them."""
    row = checked(model(**values), where)
    row.save()
    if times:  # set past the automatic ones
        stamps = {key: parsed_time(value, f"{where}.{key}") for key, value in times.items()}
        model._default_manager.filter(pk=row.pk).update(**stamps)
        for key, value in stamps.items():
            setattr(row, key, value)
    return row


def ref(rows: dict[Any, Value], key: Any, where: str) -> Value:
    """The row restored for the document's id ``key`` (as ``rows`` maps them), named at ``where``."""
    try:
        return rows[key]
    except (KeyError, TypeError):
        raise ServiceError.on(None, refusal("backup_unknown_id", where=where, key=repr(key)[:40])) from None


# The Python type a value of a field must already have, and its name: the document is JSON, and text where a number
# belongs (which Django would turn into one) is a document edited by hand.
STRICT_TYPES: tuple[tuple[type[models.Field[Any, Any]], type, Refusal], ...] = (
    (models.BooleanField, bool, refusal("json_bool")),
    (models.IntegerField, int, refusal("json_whole_number")),
    (models.CharField, str, refusal("json_text")),
)


def checked(row: ModelT, where: str) -> ModelT:
    """``row`` with every plain field of the right type, length, choice and range (JSON and relations are the
    caller's to check); ServiceError naming ``where`` and the field otherwise."""
    problems: list[tuple[str, str | Refusal]] = []  # each field's problems, in the fields' order
    plain = [f for f in row._meta.concrete_fields if not (f.is_relation or isinstance(f, models.JSONField))]
    for f in plain:
        value = getattr(row, f.attname)
        wanted = next(((python, words) for kind, python, words in STRICT_TYPES if isinstance(f, kind)), None)
        if wanted is not None and value is not None and not _of_type(value, wanted[0]):
            problems.append((f.name, refusal("wrong_type", value=repr(value)[:40], wanted=wanted[1])))
    if not problems:
        try:
            row.clean_fields(exclude=[f.name for f in row._meta.concrete_fields if f not in plain])
        except ValidationError as error:  # Django's own sentences, which name no code
            problems = [(name, message) for name, messages in error.message_dict.items() for message in messages]
    if problems:
        raise ServiceError([located(f"{where}.{name}", words) for name, words in problems])
    return row


def _of_type(value: Any, wanted: type) -> bool:
    """``value`` is a ``wanted`` (a choice is a ``str`` too), and no bool stands for a number."""
    return isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool))


@transaction.atomic
def import_club(*, document: Any, slug: str | None = None) -> Restored:
    """The club of ``document``, restored with everything the registered parts carry."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError.on(None, refusal("not_a_backup", format=FORMAT))
    refuse_nul(document)
    problems: list[Problem] = []
    check_shape(document, {**SHAPE, **{f"{key}?": part.shape for key, part in PARTS.items()}}, problems)
    if problems:
        raise ServiceError([located(p.field, p.words) for p in problems])
    try:
        return _restore(document, slug)
    except ServiceError:
        raise
    except KeyError as error:
        raise ServiceError.on(None, refusal("backup_lacks_key", key=str(error))) from None
    except (TypeError, ValueError, AttributeError, ValidationError, DatabaseError) as error:
        raise ServiceError.on(None, refusal("backup_unrestorable", error=str(error))) from None


def _restore(document: dict[str, Any], slug: str | None) -> Restored:
    info = document["club"]
    slug = slug or info["slug"]
    if isinstance(slug, str) and Club.objects.filter(slug=slug).exists():
        raise ServiceError.on(None, refusal("backup_slug_taken", slug=slug))
    club = create(
        Club, "club", times={"created_at": info["created_at"]}, name=info["name"], slug=slug,
        currency=info["currency"], pot_policy=info["pot_policy"], settlement_mode=info["settlement_mode"],
    )  # fmt: skip
    users, created = _users(document["users"])
    restoring = Restoring(club, users)
    for index, row in enumerate(document["members"]):
        restoring.members[row["id"]] = create(
            Member, f"members[{index}]", times={"joined_at": row["joined_at"]}, club=club, name=row["name"],
            role=row["role"], is_guest=row["is_guest"], user=_login(users, row["user"], f"members[{index}].user"),
        )  # fmt: skip
    house_rules: dict[int, HouseRules] = {}
    for index, row in enumerate(document["house_rules"]):
        house_rules[row["id"]] = create(
            HouseRules, f"house_rules[{index}]", times={"created_at": row["created_at"]}, club=club, name=row["name"],
            game=row["game"], rules=row["rules"], tariff=row["tariff"], cents_per_point=row["cents_per_point"],
        )  # fmt: skip
    deals: dict[int, Deal] = {}
    rows = document["sessions"]
    for index, row in enumerate(rows):
        restoring.sessions[row["id"]] = _session(restoring, f"sessions[{index}]", row, house_rules, deals)
    for row in rows:
        if row["pot_from"] is not None:
            pot_from = ref(restoring.sessions, row["pot_from"], "sessions[].pot_from")
            Session.objects.filter(pk=restoring.sessions[row["id"]].pk).update(pot_from=pot_from)
    for session in restoring.sessions.values():
        _check_results(session)
    audit = document["audit"]
    for index, row in enumerate(audit):
        create(
            AuditEntry, f"audit[{index}]", club=club, session=restoring.sessions.get(row["session"]),
            deal=deals.get(row["deal"]), actor=_login(users, row["actor"], f"audit[{index}].actor"),
            at=parsed_time(row["at"], f"audit[{index}].at"), action=row["action"], deal_number=row["deal_number"],
            revision=row.get("revision"),
            before=row["before"], after=row["after"], effect=row.get("effect"),
        )  # fmt: skip
    restoring.counts.update({"members": len(restoring.members), "house rules": len(house_rules)})
    restoring.counts.update({"sessions": len(restoring.sessions), "deals": len(deals), "audit entries": len(audit)})
    for key, part in PARTS.items():
        if key in document:
            part.restore(document[key], restoring)
    missing = [f"{entry['kind']} {entry['name']}: {entry['why']}" for entry in document.get("not_carried", [])]
    AuditEntry.objects.create(
        club=club, action=AuditEntry.Action.CLUB_IMPORTED,
        after={"from": info["slug"], "restored": dict(restoring.counts), "not_restored": restoring.not_restored},
    )  # fmt: skip
    return Restored(club, created, restoring.counts, missing, restoring.not_restored)


def _login(users: dict[str, User], username: Any, where: str) -> User | None:
    return None if username is None else ref(users, username, where)


def _logins(users: dict[str, User], row: dict[str, Any], where: str, *keys: str) -> dict[str, User | None]:
    """The logins ``row`` names under ``keys`` (``created_by``, …)."""
    return {key: _login(users, row[key], f"{where}.{key}") for key in keys}


def _users(rows: list[Any]) -> tuple[dict[str, User], list[str]]:
    user_model = get_user_model()
    users, created = {}, []
    for index, row in enumerate(rows):
        user = user_model.objects.filter(username=row["username"]).first()
        if user is None:
            user = user_model(username=row["username"], first_name=row.get("first_name", ""),
                              last_name=row.get("last_name", ""), email=row.get("email", ""))  # fmt: skip
            user.set_unusable_password()
            checked(user, f"users[{index}]").save()
            created.append(user.username)
        users[row["username"]] = user
    return users, created


def _session(
    restoring: Restoring, where: str, row: dict[str, Any], house_rules: dict[int, HouseRules], deals: dict[int, Deal]
) -> Session:
    rules = None if row["house_rules"] is None else ref(house_rules, row["house_rules"], f"{where}.house_rules")
    session = create(
        Session, where, times={"created_at": row["created_at"]}, club=restoring.club, game=row["game"],
        played_on=parsed_date(row["played_on"], f"{where}.played_on"), table=row["table"], rules=row["rules"],
        tariff=row["tariff"], cents_per_point=row["cents_per_point"], currency=row["currency"],
        pot_policy=row["pot_policy"], settlement_mode=row["settlement_mode"], first_dealer=row["first_dealer"],
        house_rules=rules, status=row["status"], pot_carried_in=row["pot_carried_in"],
        closed_at=parsed_time(row["closed_at"], f"{where}.closed_at"), revision=row["revision"],
        deal_count=row["deal_count"], totals=row["totals"], pot=row["pot"], next_dealer=row["next_dealer"],
        import_fingerprint=row["import_fingerprint"], **_logins(restoring.users, row, where, "created_by"),
    )  # fmt: skip
    for index, seat in enumerate(row["seats"]):
        at = f"{where}.seats[{index}]"
        member = ref(restoring.members, seat["member"], f"{at}.member")
        create(Seat, at, session=session, position=seat["position"], member=member, name=seat["name"])
    seats = {seat.position: seat for seat in session.seats.all()}
    for index, change in enumerate(row.get("lineup", [])):
        at = f"{where}.lineup[{index}]"
        create(
            LineupChange, at, session=session, after_sequence=change["after_sequence"],
            seat=ref(seats, change["seat"], f"{at}.seat"), joins=change["joins"], table_seat=change["table_seat"],
            at=parsed_time(change["at"], f"{at}.at"),
        )  # fmt: skip
    for index, d in enumerate(row["deals"]):
        at = f"{where}.deals[{index}]"
        deals[d["id"]] = create(
            Deal, at, times={"created_at": d["created_at"], "updated_at": d["updated_at"]}, session=session,
            sequence=d["sequence"], number=d["number"], facts=d["facts"], revision=d["revision"], result=d["result"],
            client_token=uuid.UUID(d["client_token"]) if d["client_token"] else None,
            deleted_at=parsed_time(d["deleted_at"], f"{at}.deleted_at"),
            **_logins(restoring.users, d, at, "created_by", "updated_by", "deleted_by"),
        )  # fmt: skip
    return session


def _check_results(session: Session) -> None:
    """The stored results must be what the deals say: a backup edited by hand is refused, not believed.

    Only the explanation's words may differ (a backup from an earlier version): the fresh ones are kept. The players'
    results and a tournament table's round are derived from them, not read from the backup.
    """
    stored = list(session.deals.filter(deleted_at__isnull=True).order_by("sequence"))
    try:
        parsed = engine.load(session_document(session, [deal.facts for deal in stored]))
        results = parsed.results()
    except engine.InvalidSession as error:
        raise ServiceError(
            [
                fault(None, refusal("backup_session", session=str(session), problem=problem_words(p)))
                for p in error.problems
            ]
        ) from None
    for deal, result in zip(stored, results, strict=True):
        fresh = derived.stored_result(result, parsed.players)
        if derived.without_words(deal.result) != derived.without_words(fresh):
            raise ServiceError.on(None, refusal("backup_deal_sum", session=str(session), n=str(deal.number)))
        if deal.result != fresh:
            deal.result = fresh
            Deal.objects.filter(pk=deal.pk).update(result=fresh)
    # Derived too, not kept; as in the database backed up, a session that never had a deal was never replayed.
    session.round = derived.summary(parsed, results, session.first_dealer).round if session.deals.exists() else None
    Session.objects.filter(pk=session.pk).update(round=session.round)
    record.store_player_results(session, stored)


def parsed_time(value: Any, where: str) -> datetime | None:
    """The time an ISO text names, or None for none."""
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ServiceError.on(None, refusal("backup_not_time", where=where)) from None


def parsed_date(value: Any, where: str) -> date:
    try:
        return date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ServiceError.on(None, refusal("backup_not_date", where=where)) from None
