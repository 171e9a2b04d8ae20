"""The director's decisions: a bye, a substitute, a lot drawn in the hall."""

from __future__ import annotations

from django.db import transaction

from scorekeeper.models import Member
from scorekeeper.services import ServiceError
from scorekeeper.services.record import Actor

from .. import selectors
from ..models import Bye, HallLot, Participant, Substitution, TableSeat, Tournament, TournamentTable
from .changes import audit, locked, rounds_started
from .field import newcomer
from .plan import draw_again
from .refusals import refusal
from .rounds import reseat


@transaction.atomic
def give_bye(*, tournament: Tournament, actor: Actor, participant: Participant) -> Bye:
    """The participant sits the next round out and scores the tournament's bye value for it (``rules.byes``); the
    rounds to come are drawn again without them."""
    tournament = locked(tournament)
    coming = rounds_started(tournament) + 1
    if participant.tournament_id != tournament.pk or not participant.plays_in(coming) or coming > tournament.rounds:
        raise ServiceError.on("participant", refusal("participant_next_round"))
    if participant.byes.filter(round=coming).exists():
        raise ServiceError.on("participant", refusal("bye_already", name=participant.name))
    bye = Bye.objects.create(tournament=tournament, participant=participant, round=coming)
    audit(tournament, actor, "bye_given", round=coming, name=participant.name)
    draw_again(tournament, actor)
    return bye


@transaction.atomic
def substitute(
    *,
    tournament: Tournament,
    actor: Actor,
    participant: Participant,
    from_round: int,
    member: Member | None = None,
    name: str = "",
) -> Substitution:
    """A substitute (a member, or a guest by name) takes over the participant's seat from ``from_round`` on (the
    round playing, or one to come). Whose the seat's points are is the tournament's setting: the participant's, or
    the substitute's own, who then plays as a participant of their own from that round (the participant withdraws).
    A table of the round that has no game yet seats the substitute on its sheet; one that has played keeps its
    sheet's names, the round page and the ranking name the substitute."""
    tournament = locked(tournament)
    started = rounds_started(tournament)
    current = tournament.played_rounds.filter(closed_at__isnull=True).order_by("-number").first()
    first = current.number if current else started + 1
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError.on(None, refusal("tournament_over"))
    if participant.tournament_id != tournament.pk:
        raise ServiceError.on("participant", refusal("participant_choice"))
    if not isinstance(from_round, int) or not first <= from_round <= tournament.rounds:
        raise ServiceError.on(
            "from_round",
            refusal("substitute_rounds", first=first, last=tournament.rounds),
        )
    if not participant.plays_in(from_round):
        raise ServiceError.on("participant", refusal("not_in_that_round", name=participant.name))
    member = newcomer(tournament, member, name)
    if participant.substitutions.filter(from_round=from_round).exists():
        raise ServiceError.on("from_round", refusal("substitute_already", name=participant.name))
    credited = tournament.settings.get("substitute_credit", Substitution.Credit.ORIGINAL)
    sub = Substitution.objects.create(
        tournament=tournament, participant=participant, from_round=from_round, member=member, name=member.name,
        credited=credited,
    )  # fmt: skip
    seats = TableSeat.objects.filter(participant=participant, table__round__number__gte=from_round)
    if credited == Substitution.Credit.SUBSTITUTE:
        number = 1 + max(tournament.participants.values_list("number", flat=True), default=0)
        sub.entry = Participant.objects.create(
            tournament=tournament, number=number, member=member, name=member.name, first_round=from_round
        )
        sub.save(update_fields=["entry"])
        participant.last_round = from_round - 1
        participant.save(update_fields=["last_round"])
        seats.update(participant=sub.entry)
    for table in TournamentTable.objects.filter(round__number__gte=from_round, seat_rows__in=TableSeat.objects.filter(
        participant__in=[participant, *([sub.entry] if sub.entry else [])], table__round__number__gte=from_round
    )).distinct():  # fmt: skip
        if not table.session.deals.exists():
            reseat(tournament, table, actor)
    audit(tournament, actor, "substitute", name=participant.name, substitute=member.name, from_round=from_round,
           credited=credited)  # fmt: skip
    draw_again(tournament, actor)
    return sub


@transaction.atomic
def draw_lot(
    *, tournament: Tournament, actor: Actor, winner: Participant | selectors.Entrant, round_number: int | None = None
) -> HallLot:
    """A lot drawn in the hall between players level on every tie-break, in the ranking overall (or of one round):
    the ``winner`` (as the lot form or a ranking's row names them) takes the place they share, the others share the
    next."""
    tournament = locked(tournament)
    ranked = selectors.ranking(tournament, round_number=round_number)
    place = next((row.place for row in ranked.rows if row.participant.pk == winner.pk), None)
    level = [row.participant.number for row in ranked.rows if place is not None and row.place == place]
    if len(level) < 2:
        raise ServiceError.on("winner", refusal("lot_winner"))
    lot = HallLot.objects.create(tournament=tournament, round=ranked.round, among=sorted(level), winner_id=winner.pk)
    audit(tournament, actor, "lot_drawn", round=ranked.round, winner=winner.name, among=sorted(level))
    return lot
