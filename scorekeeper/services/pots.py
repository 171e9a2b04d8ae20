"""The pot chain: which session's pot a new session carries on, and keeping a carried pot right.

A pot left at the end of a closed session of a club, under the carry policy, is carried into the club's next
session of the same game that plays with a pot and the same stake (a pot of points is worth what its stake made
it). Each pot is carried at most once (``Session.pot_from`` is one-to-one), so two open sessions never carry the
same pot. The pot a session carries is derived from its source: when a reopened session's pot changes, the
session that carries it is rescored if it is open, and the change is refused while it is closed.
"""

from __future__ import annotations

from django.utils.formats import date_format

from .. import engine
from ..models import AuditEntry, Club, PotPolicy, Session
from . import record
from .errors import ServiceError
from .refusals import refusal


def pot_source(club: Club, game: str, cents_per_point: int) -> Session | None:
    """The closed session whose pot a new session of ``game`` with a pot and this stake carries on, locked;
    None when there is none."""
    candidates = (
        Session.objects.select_for_update(of=("self",))  # the sessions only, not the join that finds a successor
        .filter(
            club=club,
            game=game,
            status=Session.Status.CLOSED,
            pot_policy=PotPolicy.CARRY,
            cents_per_point=cents_per_point,
            pot_carried_to__isnull=True,
        )
        .order_by("-played_on", "-closed_at", "-pk")
    )
    return next((c for c in candidates[:20] if _uses_pot(game, c.rules, c.tariff)), None)


def _uses_pot(game: str, rules: object, tariff: object) -> bool:
    """For a stored session's rules, which the engine accepted when it started."""
    return engine.GAMES[game](*engine.freeze(game, rules, tariff)).uses_pot()


def hand_on_pot(session: Session, actor: record.Actor) -> None:
    """After ``session`` changed, keep the pot carried out of it equal to its pot. A session whose rules play without a
    pot has none to carry on (``pot_source`` passes it over): nothing to look up."""
    if not _uses_pot(session.game, session.rules, session.tariff):
        return
    successor = Session.objects.select_for_update().filter(pot_from=session).first()
    if successor is None or successor.pot_carried_in == session.pot:
        return
    if not successor.is_open:
        raise ServiceError.on(
            None,
            refusal(
                "pot_would_move",
                date=date_format(successor.played_on, "SHORT_DATE_FORMAT"),
                old=successor.pot_carried_in,
                new=session.pot,
            ),
        )
    before = successor.pot_carried_in
    successor.pot_carried_in = session.pot
    successor.save(update_fields=["pot_carried_in"])
    record.rescore(successor)
    record.audit(successor, actor, AuditEntry.Action.POT_CARRIED, before={"pot": before}, after={"pot": session.pot})
