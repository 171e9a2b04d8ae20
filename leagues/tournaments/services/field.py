"""The field: registering a participant, a withdrawal, two players kept apart in round 1."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from scorekeeper import services as scorekeeper
from scorekeeper.models import Member
from scorekeeper.services import ServiceError
from scorekeeper.services.clubs import clean_name
from scorekeeper.services.record import Actor

from ...competition import SMALL_MOST
from ..models import ApartPair, Participant, Tournament
from .changes import audit, locked, rounds_started
from .plan import draw_again
from .refusals import refusal


@transaction.atomic
def add_participant(
    *,
    tournament: Tournament,
    actor: Actor,
    name: str = "",
    member: Member | None = None,
    categories: Iterable[str] = (),
    fixed_table: int | None = None,
) -> Participant:
    """Register a member, or a guest by name, with the next start number. Once rounds are played, a late arrival
    plays from the next round on, and the rounds still to come are drawn again with them."""
    tournament = locked(tournament)
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError.on(None, refusal("tournament_over"))
    member = newcomer(tournament, member, name)
    if fixed_table is not None and (not isinstance(fixed_table, int) or not 1 <= fixed_table <= SMALL_MOST):
        raise ServiceError.on("fixed_table", refusal("fixed_table_range", most=SMALL_MOST))
    number = 1 + max(tournament.participants.values_list("number", flat=True), default=0)
    participant = Participant.objects.create(
        tournament=tournament,
        number=number,
        member=member,
        name=member.name,
        categories=sorted({str(c) for c in categories if str(c).strip()}),
        fixed_table=fixed_table,
        first_round=rounds_started(tournament) + 1,
    )
    audit(tournament, actor, "participant_added", name=member.name, number=number)
    draw_again(tournament, actor)
    return participant


@transaction.atomic
def withdraw(*, participant: Participant, actor: Actor) -> Participant:
    """The participant leaves after the rounds started so far (or, before the first round, is taken off the list);
    the rounds still to come are drawn again without them."""
    tournament = locked(participant.tournament)
    participant = Participant.objects.get(pk=participant.pk)
    started = rounds_started(tournament)
    if started == 0 and not participant.seat_rows.exists():
        participant.delete()
    else:
        participant.last_round = started
        participant.save(update_fields=["last_round"])
    audit(tournament, actor, "participant_withdrawn", name=participant.name, number=participant.number)
    draw_again(tournament, actor)
    return participant


@transaction.atomic
def keep_apart(*, tournament: Tournament, actor: Actor, first: Participant, second: Participant) -> ApartPair:
    """Keep two participants apart in round 1 (same household, same club)."""
    tournament = locked(tournament)
    if first.pk == second.pk or {first.tournament_id, second.tournament_id} != {tournament.pk}:
        raise ServiceError.on("second", refusal("two_participants"))
    pair = ApartPair.objects.create(tournament=tournament, first=first, second=second)
    audit(tournament, actor, "kept_apart", first=first.name, second=second.name)
    return pair


def newcomer(tournament: Tournament, member: Member | None, name: str) -> Member:
    """Who joins the tournament's field (a participant or a substitute): the club's ``member``, or the guest named
    ``name``, as long as not registered already."""
    if member is None:
        member = scorekeeper.sessions.member_named(tournament.club, clean_name(name, "name"))
    elif member.club_id != tournament.club_id:
        raise ServiceError.on("member", refusal("not_of_club"))
    if tournament.participants.filter(member=member).exists():
        raise ServiceError.on("name", refusal("registered_already", name=member.name))
    return member
