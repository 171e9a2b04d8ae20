"""The draw kept: the plan of the rounds to come, drawn as the field stands (``rules.draw``; ``selectors.drawn``)."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.services import ServiceError
from scorekeeper.services.record import Actor

from .. import selectors
from ..models import Tournament
from ..rules.draw import DrawError, Plan
from .changes import audit, locked, rounds_started


@transaction.atomic
def draw(*, tournament: Tournament, actor: Actor) -> Plan:
    """Keep the plan of the tournament as its field now stands (``Tournament.plan``), so that the draw page reads it
    instead of drawing it at every look: a draw weighs up to a second of swaps. Writes nothing while the plan kept is
    current. The director's POST before the first round; once rounds are under way each change of the field keeps
    the new plan itself (``draw_again``)."""
    tournament = locked(tournament)
    try:
        current = selectors.drawn(tournament)
    except DrawError as error:
        raise ServiceError.on(None, error.words) from error
    _keep(tournament, actor, current)
    return current.plan


def draw_again(tournament: Tournament, actor: Actor) -> None:
    """After a change of the field of a running tournament, the rounds still to come drawn again and kept, in the
    change's own transaction. Before the first round a registration does not draw (a field of 200 would draw 200
    times); a field that cannot be drawn keeps nothing, and the draw page says why."""
    if not rounds_started(tournament):
        return
    try:
        current = selectors.drawn(tournament)
    except DrawError:
        return
    if current.plan.next_round is not None:  # else every round is started: nothing left to draw
        _keep(tournament, actor, current)


def _keep(tournament: Tournament, actor: Actor, current: selectors.Drawn) -> None:
    if current.kept:
        return
    tournament.plan = current.as_kept()
    tournament.save(update_fields=["plan"])
    audit(tournament, actor, "drawn", round=current.plan.played + 1, repeats=current.plan.stats.repeats)
