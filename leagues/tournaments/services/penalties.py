"""Penalties the round's official decided."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.services import ServiceError
from scorekeeper.services.clubs import clean_choice, clean_name
from scorekeeper.services.record import Actor

from ...competition import CENTS_MOST
from ..models import Participant, Penalty, TableSeat, TournamentRound
from ..rules.penalties import Penalty as RulesPenalty
from .changes import audit
from .refusals import refusal

REASON_MAX = 200


@transaction.atomic
def add_penalty(
    *,
    this_round: TournamentRound,
    actor: Actor,
    participant: Participant,
    kind: str,
    reason: str,
    official: str,
    points: int = 0,
    sitting_out: Participant | None = None,
    soloist: Participant | None = None,
) -> Penalty:
    """A penalty the round's official decided: minor or serious (as the rules price them) or a free deduction of
    ``points``, with its reason; at a table of five the dealer ``sitting_out`` of the deal, and the ``soloist`` when a
    defender offended during a solo (TSR 9.3.3, 9.4.4, 10.1.2). A serious offence in a solo gives the soloist the
    ``points`` the official decided, 12 to 24 (9.4.4; none given: 12)."""
    kind = clean_choice(kind, "kind", Penalty.Kind.values)
    seat = TableSeat.objects.filter(table__round=this_round, participant=participant).first()
    if seat is None:
        raise ServiceError.on("participant", refusal("participant_in_round"))
    seats = TableSeat.objects.filter(table_id=seat.table_id).values_list("participant__number", flat=True)
    context = RulesPenalty(
        this_round.number, participant.number, kind, "", "", points or None,
        sitting_out.number if sitting_out else None, soloist.number if soloist else None,
    )  # fmt: skip
    for field, problem in context.context_problems(list(seats))[:1]:
        raise ServiceError.on(field, problem)
    if kind == Penalty.Kind.DEDUCTION and (not isinstance(points, int) or not 1 <= points <= CENTS_MOST):
        raise ServiceError.on("points", refusal("deduction_range", most=CENTS_MOST))
    points_problem = context.points_problem()
    if points_problem is not None:
        raise ServiceError.on("points", points_problem)
    reason = str(reason).strip()
    if not reason or len(reason) > REASON_MAX:
        raise ServiceError.on("reason", refusal("reason_too_long", n=REASON_MAX))
    penalty = Penalty.objects.create(
        tournament=this_round.tournament,
        round=this_round,
        participant=participant,
        kind=kind,
        points=points or 0,  # a free deduction's, or a serious offence's in a solo; 0 for the rest
        reason=reason,
        official=clean_name(official, "official"),
        sitting_out=sitting_out,
        soloist=soloist,
    )
    audit(this_round.tournament, actor, "penalty", name=participant.name, kind=kind, reason=reason)
    return penalty
