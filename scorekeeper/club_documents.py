"""A whole club as one versioned JSON document (``schreiber-club/1``): its backup.

It holds everything the club keeps: the club and its settings, the logins of its members (names only, never a
password), members and roles, house rules, and every session with its seats, frozen rules and money terms, status,
pot chain, deals (deleted ones too, with who deleted them) and derived results, and the whole history. Objects
refer to each other by the ids they had in the exporting database; ``services.backups.import_club`` maps them.

What other apps keep of a club (the leagues it founded, its tournaments) travels as a :class:`Part` each app
registers, under a key of its own: the scorekeeper knows no other app. What cannot travel (a league founded by
another club, a secret link) is named under ``not_carried``, never dropped unsaid. See docs/backups.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.utils import timezone

from .models import Club, Invitation, TableLink

if TYPE_CHECKING:
    from .services.backups import Restoring

FORMAT = "schreiber-club/1"


def not_carried(kind: str, name: str, why: str) -> dict[str, str]:
    """An entry of the document's ``not_carried`` list: what the backup does not hold, and why."""
    return {"kind": kind, "name": name, "why": why}


@dataclass(frozen=True)
class Part:
    """What another app keeps of a club, carried under ``key``: ``export(club, not_carried)`` gives it (JSON-ready)
    and adds what it cannot carry to the list; ``restore(value, restoring)`` writes it back with
    ``services.backups.create`` (which checks every value first), mapping ids through ``restoring``'s members,
    sessions and logins, and tallies what it wrote by kind."""

    key: str
    export: Callable[[Club, list[dict[str, str]]], Any]
    restore: Callable[[Any, Restoring], None]


PARTS: dict[str, Part] = {}


def register_part(part: Part) -> None:
    """Carry ``part`` in every club document from now on (an app's ``ready``); registering again replaces it."""
    PARTS[part.key] = part


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
            "name": club.name,
            "slug": club.slug,
            "currency": club.currency,
            "pot_policy": club.pot_policy,
            "settlement_mode": club.settlement_mode,
            "created_at": iso(club.created_at),
        },
        "users": [_user(user) for user in sorted(logins, key=lambda u: u.username)],
        "members": [
            {
                "id": m.pk,
                "name": m.name,
                "role": m.role,
                "is_guest": m.is_guest,
                "user": _name(m.user),
                "joined_at": iso(m.joined_at),
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
                "created_at": iso(h.created_at),
            }
            for h in club.house_rules.order_by("pk")
        ],
        "sessions": [_session(session) for session in sessions],
        "audit": [
            {
                "at": iso(e.at),
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
        "created_at": iso(session.created_at),
        "closed_at": iso(session.closed_at),
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
