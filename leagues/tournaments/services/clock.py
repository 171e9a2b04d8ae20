"""The round clock. The director starts, pauses, resumes and extends it; the time left is read from the round
(``rules.clock``). When a table's time is up nothing happens by itself: the hall and the phones say "Time is up" and
the director calls time with one button (``time_up``). Under the TSR (8.5) the director calls time aloud in the hall,
and a game begun before the call is played out; a call made by whichever request came next would strike games at
tables that have not heard it, and a clock left running through a dispute would end the round unasked."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scorekeeper.services import ServiceError
from scorekeeper.services.record import Actor

from .. import selectors
from ..models import Tournament, TournamentRound
from ..rules.clock import MOST_MINUTES
from .changes import audit, locked
from .refusals import refusal
from .rounds import call_time_at


@transaction.atomic
def set_clock_minutes(*, tournament: Tournament, actor: Actor, minutes: dict[int, int]) -> Tournament:
    """The minutes of a round at each table size (``{4: 100, 5: 125}`` under the TSR)."""
    tournament = locked(tournament)
    for size, value in minutes.items():
        if not isinstance(value, int) or not 1 <= value <= MOST_MINUTES:
            raise ServiceError.on(f"minutes_{size}", refusal("minutes_range", most=MOST_MINUTES))
    setting = {str(size): value for size, value in sorted(minutes.items())}
    tournament.settings = {**tournament.settings, "clock_minutes": setting}
    tournament.save(update_fields=["settings"])
    audit(tournament, actor, "clock_minutes_set", **{f"minutes_{size}": value for size, value in setting.items()})
    return tournament


@transaction.atomic
def start_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round)
    if this_round.clock_started_at is None:
        this_round.clock_started_at = timezone.now()
        this_round.save(update_fields=["clock_started_at"])
        audit(this_round.tournament, actor, "clock_started", round=this_round.number)
    return this_round


@transaction.atomic
def pause_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if this_round.clock_paused_at is None:
        this_round.clock_paused_at = timezone.now()
        this_round.save(update_fields=["clock_paused_at"])
        audit(this_round.tournament, actor, "clock_paused", round=this_round.number)
    return this_round


@transaction.atomic
def resume_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if this_round.clock_paused_at is not None:
        paused = int((timezone.now() - this_round.clock_paused_at).total_seconds())
        this_round.clock_paused_seconds += max(0, paused)
        this_round.clock_paused_at = None
        this_round.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
        audit(this_round.tournament, actor, "clock_resumed", round=this_round.number, paused_seconds=paused)
    return this_round


@transaction.atomic
def extend_clock(*, this_round: TournamentRound, actor: Actor, minutes: int) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if not isinstance(minutes, int) or not 1 <= minutes <= MOST_MINUTES - this_round.clock_extra_minutes:
        raise ServiceError.on("minutes", refusal("minutes_range", most=MOST_MINUTES))
    this_round.clock_extra_minutes += minutes
    this_round.save(update_fields=["clock_extra_minutes"])
    audit(this_round.tournament, actor, "clock_extended", round=this_round.number, minutes=minutes)
    return this_round


@transaction.atomic
def time_up(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """The director calls time at the tables whose time on the clock is up (at a table of four before one of five)."""
    this_round = _clock_round(this_round, started=True)
    due = [table.table for table in selectors.round_clock(this_round).tables if table.due]
    if not due:
        raise ServiceError.on(None, refusal("no_time_up"))
    call_time_at(this_round, due, actor)
    audit(this_round.tournament, actor, "time_called", round=this_round.number, tables=[t.number for t in due])
    return this_round


def _clock_round(this_round: TournamentRound, *, started: bool = False) -> TournamentRound:
    this_round = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=this_round.pk)
    if this_round.closed_at is not None:
        raise ServiceError.on(None, refusal("round_closed"))
    if started and this_round.clock_started_at is None:
        raise ServiceError.on(None, refusal("clock_not_started"))
    return this_round
