"""Restoring a club from its backup document (``club_documents``), all or nothing.

The club comes back under its own short name, or a new one; logins are matched by username, and a login the
database does not have is created without a usable password (set one with ``manage.py changepassword``). Every
session's stored results are checked against a replay of its deals before anything is kept.
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from .. import derived, engine, engine_words
from ..club_documents import FORMAT
from ..documents import session_document
from ..models import AuditEntry, Club, Deal, HouseRules, Member, Seat, Session
from . import record
from .errors import ServiceError


@transaction.atomic
def import_club(*, document: Any, slug: str | None = None) -> tuple[Club, list[str]]:
    """The club of ``document``, restored; with the usernames of logins that had to be created."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError.on(None, _("This is not a club backup (format %(format)s).") % {"format": FORMAT})
    try:
        return _restore(document, slug)
    except (KeyError, TypeError, ValueError, AttributeError, DatabaseError) as error:
        raise ServiceError.on(None, _("The backup cannot be restored: %(error)s") % {"error": error}) from None


def _restore(document: dict[str, Any], slug: str | None) -> tuple[Club, list[str]]:
    info = document["club"]
    slug = slug or info["slug"]
    if Club.objects.filter(slug=slug).exists():
        raise ServiceError.on(None, _("A club with the short name %(slug)s exists already.") % {"slug": slug})
    club = Club.objects.create(
        name=info["name"], slug=slug, currency=info["currency"], pot_policy=info["pot_policy"],
        settlement_mode=info["settlement_mode"],
    )  # fmt: skip
    Club.objects.filter(pk=club.pk).update(created_at=_time(info["created_at"]))
    users, created = _users(document["users"])
    members = {}
    for row in document["members"]:
        member = Member.objects.create(
            club=club, name=row["name"], role=row["role"], is_guest=row["is_guest"], user=users.get(row["user"])
        )
        Member.objects.filter(pk=member.pk).update(joined_at=_time(row["joined_at"]))
        members[row["id"]] = member
    house_rules = {}
    for row in document["house_rules"]:
        rules = HouseRules.objects.create(
            club=club, name=row["name"], game=row["game"], rules=row["rules"], tariff=row["tariff"],
            cents_per_point=row["cents_per_point"],
        )  # fmt: skip
        HouseRules.objects.filter(pk=rules.pk).update(created_at=_time(row["created_at"]))
        house_rules[row["id"]] = rules
    sessions: dict[int, Session] = {}
    deals: dict[int, Deal] = {}
    for row in document["sessions"]:
        sessions[row["id"]] = _session(club, row, members, house_rules, users, deals)
    for row in document["sessions"]:
        if row["pot_from"] is not None:
            Session.objects.filter(pk=sessions[row["id"]].pk).update(pot_from=sessions[row["pot_from"]])
    for row in document["audit"]:
        AuditEntry.objects.create(
            club=club, session=sessions.get(row["session"]), deal=deals.get(row["deal"]),
            actor=users.get(row["actor"]), at=datetime.fromisoformat(row["at"]), action=row["action"],
            deal_number=row["deal_number"], revision=row.get("revision"),
            before=row["before"], after=row["after"], effect=row.get("effect"),
        )  # fmt: skip
    AuditEntry.objects.create(club=club, action=AuditEntry.Action.CLUB_IMPORTED, after={"from": info["slug"]})
    for session in sessions.values():
        _check_results(session)
    return club, created


def _users(rows: list[dict[str, Any]]) -> tuple[dict[str, User], list[str]]:
    user_model = get_user_model()
    users, created = {}, []
    for row in rows:
        user = user_model.objects.filter(username=row["username"]).first()
        if user is None:
            user = user_model.objects.create_user(
                username=row["username"], first_name=row.get("first_name", ""), last_name=row.get("last_name", ""),
                email=row.get("email", ""), password=None,
            )  # fmt: skip
            created.append(user.username)
        users[row["username"]] = user
    return users, created


def _session(
    club: Club,
    row: dict[str, Any],
    members: dict[int, Member],
    house_rules: dict[int, HouseRules],
    users: dict[str, User],
    deals: dict[int, Deal],
) -> Session:
    session = Session.objects.create(
        club=club, game=row["game"], played_on=date.fromisoformat(row["played_on"]), table=row["table"],
        rules=row["rules"], tariff=row["tariff"], cents_per_point=row["cents_per_point"], currency=row["currency"],
        pot_policy=row["pot_policy"], settlement_mode=row["settlement_mode"], first_dealer=row["first_dealer"],
        house_rules=house_rules.get(row["house_rules"]), status=row["status"], pot_carried_in=row["pot_carried_in"],
        created_by=users.get(row["created_by"]), closed_at=_time(row["closed_at"]), revision=row["revision"],
        deal_count=row["deal_count"], totals=row["totals"], pot=row["pot"], next_dealer=row["next_dealer"],
        import_fingerprint=row["import_fingerprint"],
    )  # fmt: skip
    Session.objects.filter(pk=session.pk).update(created_at=_time(row["created_at"]))
    Seat.objects.bulk_create(
        Seat(session=session, position=s["position"], member=members[s["member"]], name=s["name"]) for s in row["seats"]
    )
    for d in row["deals"]:
        deal = Deal.objects.create(
            session=session, sequence=d["sequence"], number=d["number"], facts=d["facts"], revision=d["revision"],
            result=d["result"], client_token=uuid.UUID(d["client_token"]) if d["client_token"] else None,
            created_by=users.get(d["created_by"]), updated_by=users.get(d["updated_by"]),
            deleted_by=users.get(d["deleted_by"]), deleted_at=_time(d["deleted_at"]),
        )  # fmt: skip
        Deal.objects.filter(pk=deal.pk).update(created_at=_time(d["created_at"]), updated_at=_time(d["updated_at"]))
        deals[d["id"]] = deal
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
        lines = "; ".join(engine_words.problem_lines(error.problems))
        raise ServiceError.on(None, f"{session}: {lines}") from None
    for deal, result in zip(stored, results, strict=True):
        fresh = derived.stored_result(result, parsed.players)
        if derived.without_words(deal.result) != derived.without_words(fresh):
            raise ServiceError.on(
                None, _("%(session)s: deal %(n)s does not add up.") % {"session": session, "n": deal.number}
            )
        if deal.result != fresh:
            deal.result = fresh
            Deal.objects.filter(pk=deal.pk).update(result=fresh)
    session.round = derived.summary(parsed, results, session.first_dealer).round  # derived too, not kept
    Session.objects.filter(pk=session.pk).update(round=session.round)
    record.store_player_results(session, stored)


def _time(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None
