"""What every write to a tournament does: lock it (one change of its field or rounds at a time), count its rounds
started, and audit the change, which moves the tournament's revision on."""

from __future__ import annotations

from typing import Any

from django.db.models import F

from scorekeeper.models import AuditEntry
from scorekeeper.services.record import Actor, audit_club

from ..models import Tournament


def locked(tournament: Tournament) -> Tournament:
    """The tournament, locked for the rest of the transaction: one change to its field or rounds at a time."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def rounds_started(tournament: Tournament) -> int:
    return tournament.played_rounds.count()


def audit(tournament: Tournament, actor: Actor, what: str, **details: Any) -> None:
    """The change's entry in the club's history, and the tournament's next revision: every director's change of a
    tournament is audited, so whatever it changed, no ranking rendered before it is shown again."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    audit_club(
        tournament.club,
        actor,
        AuditEntry.Action.TOURNAMENT_CHANGED,
        after={"tournament": tournament.name, "what": what, **details},
    )
