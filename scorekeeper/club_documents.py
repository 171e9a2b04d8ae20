"""A whole club as one versioned JSON document (``schreiber-club/1``): its backup.

It holds everything the club keeps: the club and its settings, the logins of its members (names only, never a
password), members and roles, house rules, and every session with its seats, frozen rules and money terms, status,
pot chain, deals (deleted ones too, with who deleted them) and derived results, and the whole history. Objects
refer to each other by the ids they had in the exporting database; ``services.backups.import_club`` maps them.
See docs/backups.md.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from .models import Club

FORMAT = "schreiber-club/1"


def export_club(club: Club) -> dict[str, Any]:
    members = list(club.members.select_related("user").order_by("pk"))
    sessions = list(club.sessions.select_related("house_rules").prefetch_related("seats", "deals").order_by("pk"))
    logins = {m.user for m in members if m.user} | {
        user for session in sessions for deal in session.deals.all() for user in _deal_users(deal) if user
    }
    audit = club.audit_entries.select_related("actor").order_by("at", "pk")
    logins |= {entry.actor for entry in audit if entry.actor}
    return {
        "format": FORMAT,
        "exported_at": _time(timezone.now()),
        "club": {
            "name": club.name,
            "slug": club.slug,
            "currency": club.currency,
            "pot_policy": club.pot_policy,
            "settlement_mode": club.settlement_mode,
            "created_at": _time(club.created_at),
        },
        "users": [_user(user) for user in sorted(logins, key=lambda u: u.username)],
        "members": [
            {
                "id": m.pk,
                "name": m.name,
                "role": m.role,
                "is_guest": m.is_guest,
                "user": _name(m.user),
                "joined_at": _time(m.joined_at),
            }
            for m in members
        ],
        "house_rules": [
            {
                "id": h.pk,
                "name": h.name,
                "game": h.game,
                "rules": h.rules,
                "tariff": h.tariff,
                "cents_per_point": h.cents_per_point,
                "created_at": _time(h.created_at),
            }
            for h in club.house_rules.order_by("pk")
        ],
        "sessions": [_session(session) for session in sessions],
        "audit": [
            {
                "at": _time(e.at),
                "actor": _name(e.actor),
                "action": e.action,
                "session": e.session_id,
                "deal": e.deal_id,
                "deal_number": e.deal_number,
                "revision": e.revision,
                "before": e.before,
                "after": e.after,
                "effect": e.effect,
            }
            for e in audit
        ],
    }


def _session(session: Any) -> dict[str, Any]:
    return {
        "id": session.pk,
        "game": session.game,
        "played_on": session.played_on.isoformat(),
        "table": session.table,
        "rules": session.rules,
        "tariff": session.tariff,
        "cents_per_point": session.cents_per_point,
        "currency": session.currency,
        "pot_policy": session.pot_policy,
        "settlement_mode": session.settlement_mode,
        "first_dealer": session.first_dealer,
        "house_rules": session.house_rules_id,
        "status": session.status,
        "pot_from": session.pot_from_id,
        "pot_carried_in": session.pot_carried_in,
        "created_by": _name(session.created_by),
        "created_at": _time(session.created_at),
        "closed_at": _time(session.closed_at),
        "revision": session.revision,
        "deal_count": session.deal_count,
        "totals": session.totals,
        "pot": session.pot,
        "next_dealer": session.next_dealer,
        "import_fingerprint": session.import_fingerprint,
        "seats": [{"position": s.position, "member": s.member_id, "name": s.name} for s in session.seats.all()],
        "deals": [
            {
                "id": d.pk,
                "sequence": d.sequence,
                "number": d.number,
                "facts": d.facts,
                "revision": d.revision,
                "result": d.result,
                "client_token": str(d.client_token) if d.client_token else None,
                "created_by": _name(d.created_by),
                "created_at": _time(d.created_at),
                "updated_by": _name(d.updated_by),
                "updated_at": _time(d.updated_at),
                "deleted_by": _name(d.deleted_by),
                "deleted_at": _time(d.deleted_at),
            }
            for d in sorted(session.deals.all(), key=lambda deal: deal.sequence)
        ],
    }


def _deal_users(deal: Any) -> tuple[Any, ...]:
    return deal.created_by, deal.updated_by, deal.deleted_by


def _user(user: User) -> dict[str, str]:
    return {"username": user.username, "first_name": user.first_name, "last_name": user.last_name, "email": user.email}


def _name(user: Any) -> str | None:
    return user.get_username() if user is not None else None


def _time(moment: datetime | date | None) -> str | None:
    return moment.isoformat() if moment is not None else None
