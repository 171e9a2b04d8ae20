"""Every write to a tournament: registration, the draw, rounds and their table sessions, swaps, penalties.

The draw (``leagues.tournaments.rules.draw``) plans every remaining round from the field as it is
(``selectors.tournaments.drawn``; ``draw`` keeps the plan), and a round is only committed when the director starts
it: its tables become sessions of the club (the table sheets, entered on the same screens as any evening), seated as
drawn. Rounds played never change.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import services as scorekeeper
from scorekeeper.documents import session_document
from scorekeeper.engine.messages import Message
from scorekeeper.engine.tournament_presets import PRESETS, OptionProblem
from scorekeeper.engine_words import translated
from scorekeeper.models import AuditEntry, Club, Deal, Member, Session
from scorekeeper.services import ServiceError, record, refuse_nul
from scorekeeper.services.clubs import clean_choice, clean_name
from scorekeeper.services.record import Actor, audit_club

from ..competition import NAME_MAX
from . import selectors
from .models import (
    ApartPair,
    Bye,
    HallLot,
    Participant,
    Penalty,
    Substitution,
    TableSeat,
    Tournament,
    TournamentRound,
    TournamentTable,
)
from .rules.byes import AVERAGE
from .rules.clock import MOST_MINUTES
from .rules.document import Participant as DocumentParticipant
from .rules.document import Round as DocumentRound
from .rules.document import Substitute as DocumentSubstitute
from .rules.document import Tournament as TournamentDocument
from .rules.document import load as load_document
from .rules.document import score as score_document
from .rules.draw import MOST_ROUNDS, DrawError, Plan
from .rules.penalties import Penalty as RulesPenalty
from .rules.prizes import prizes_json, read_prizes
from .rules.ranking import POINTS, parse_tiebreaks
from .rules.reading import CENTS_MOST, SMALL_MOST, Bad
from .rules.sheet import Sheet, closing_problems, scored_sheet, unbalanced_rows
from .rules.words import InvalidTournament
from .selectors import preset_of

REASON_MAX = 200


# the tournament ----------------------------------------------------------------------------------------------------


@transaction.atomic
def create_tournament(
    *,
    club: Club,
    actor: Actor,
    name: str,
    preset: str,
    played_on: datetime.date,
    rounds: int,
    entry_fee_cents: int = 0,
    table_points: bool = False,
    tiebreaks: Sequence[str] = ("best_round", "shared"),
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    bye: int | str = AVERAGE,
    substitute_credit: str = Substitution.Credit.ORIGINAL,
) -> Tournament:
    """A tournament in registration, scored by a tournament ``preset`` (``rules.presets``) under the director's
    ``options`` (those the preset offers; each not given keeps the preset's value): its table sessions will be played
    under the rules and tariff these give, frozen now as a session freezes them, and the options are kept. ``bye`` is
    what a bye scores (points, or the round's ``average``, ``rules.byes``); ``substitute_credit`` whose a
    substitute's points are (``Substitution.Credit``)."""
    scoring = PRESETS.get(preset) if isinstance(preset, str) else None
    if scoring is None:
        raise ServiceError.on("preset", _("Choose one of the scorings offered."))
    try:
        scoring = scoring.with_options(options or {})
    except OptionProblem as error:
        raise ServiceError({key: [words] for key, words in error.problems.items()}) from error
    game = scoring.game
    frozen_rules, frozen_tariff = scorekeeper.sessions.frozen(game, scoring.table_rules(), scoring.tariff)
    if not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        raise ServiceError.on("rounds", _("A tournament has 1 to %(most)s rounds.") % {"most": MOST_ROUNDS})
    if not isinstance(entry_fee_cents, int) or entry_fee_cents < 0:
        raise ServiceError.on("entry_fee_cents", _("The entry fee cannot be negative."))
    try:  # the points always decide first: the chain is what decides between players level on them
        chain = [key for key in parse_tiebreaks([POINTS, *tiebreaks]) if key != POINTS]
    except Bad as error:
        raise ServiceError.on("tiebreaks", error.words) from error
    if bye != AVERAGE and (not isinstance(bye, int) or isinstance(bye, bool) or not -CENTS_MOST <= bye <= CENTS_MOST):
        raise ServiceError.on("bye", _("A bye scores from %(least)s to %(most)s points.")
                              % {"least": -CENTS_MOST, "most": CENTS_MOST})  # fmt: skip
    substitute_credit = clean_choice(substitute_credit, "substitute_credit", Substitution.Credit.values)
    tournament = Tournament.objects.create(
        club=club,
        name=clean_name(name, "name", NAME_MAX),
        game=game,
        played_on=played_on,
        preset=preset,
        settings={
            "rules": frozen_rules,
            "tariff": frozen_tariff,
            "table_points": bool(table_points),
            **({"options": dict(scoring.chosen)} if scoring.options else {}),
            "bye": bye,
            "substitute_credit": substitute_credit,
        },
        rounds=rounds,
        entry_fee_cents=entry_fee_cents,
        currency=club.currency,
        tiebreaks=chain,
        seed=seed if seed is not None else secrets.randbelow(2**31),
    )
    audit_club(club, actor, AuditEntry.Action.TOURNAMENT_CREATED, after={"tournament": tournament.name, "game": game})
    return tournament


@transaction.atomic
def set_prizes(*, tournament: Tournament, actor: Actor, prizes: Any) -> Tournament:
    """The prize list (``rules.prizes``), kept in the settings; a bad field's message is keyed by its
    path, such as ``pool[1].percent``."""
    tournament = locked(tournament)
    try:
        prize_list = read_prizes(prizes)
    except InvalidTournament as error:
        errors: dict[str | None, list[Message]] = {}
        for problem in error.problems:
            errors.setdefault(problem.path or None, []).append(problem.words)
        raise ServiceError(errors) from error
    tournament.settings = {**tournament.settings, "prizes": prizes_json(prize_list)}
    tournament.save(update_fields=["settings"])
    _audit(tournament, actor, "prizes_set", places=len(prize_list.pool), categories=len(prize_list.categories))
    return tournament


def locked(tournament: Tournament) -> Tournament:
    """The tournament, locked for the rest of the transaction: one change to its field or rounds at a time."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def rounds_started(tournament: Tournament) -> int:
    return tournament.played_rounds.count()


# the field ---------------------------------------------------------------------------------------------------------


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
        raise ServiceError.on(None, _("The tournament is over."))
    if member is None:
        member = scorekeeper.sessions.member_named(tournament.club, clean_name(name, "name"))
    elif member.club_id != tournament.club_id:
        raise ServiceError.on("member", _("Only members and guests of the club can take part."))
    if tournament.participants.filter(member=member).exists():
        raise ServiceError.on("name", _("%(name)s is already registered.") % {"name": member.name})
    if fixed_table is not None and (not isinstance(fixed_table, int) or not 1 <= fixed_table <= SMALL_MOST):
        raise ServiceError.on("fixed_table", _("A table is numbered from 1 to %(most)s.") % {"most": SMALL_MOST})
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
    _audit(tournament, actor, "participant_added", name=member.name, number=number)
    _draw_again(tournament, actor)
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
    _audit(tournament, actor, "participant_withdrawn", name=participant.name, number=participant.number)
    _draw_again(tournament, actor)
    return participant


@transaction.atomic
def keep_apart(*, tournament: Tournament, actor: Actor, first: Participant, second: Participant) -> ApartPair:
    """Keep two participants apart in round 1 (same household, same club)."""
    tournament = locked(tournament)
    if first.pk == second.pk or {first.tournament_id, second.tournament_id} != {tournament.pk}:
        raise ServiceError.on("second", _("Choose two different participants of this tournament."))
    pair = ApartPair.objects.create(tournament=tournament, first=first, second=second)
    _audit(tournament, actor, "kept_apart", first=first.name, second=second.name)
    return pair


# the draw ----------------------------------------------------------------------------------------------------------


@transaction.atomic
def draw(*, tournament: Tournament, actor: Actor) -> Plan:
    """Keep the plan of the tournament as its field now stands (``Tournament.plan``), so that the draw page reads it
    instead of drawing it at every look: a draw weighs up to a second of swaps. Writes nothing while the plan kept is
    current. The director's POST before the first round; once rounds are under way each change of the field keeps
    the new plan itself (``_draw_again``)."""
    tournament = locked(tournament)
    try:
        current = selectors.drawn(tournament)
    except DrawError as error:
        raise ServiceError.on(None, error.words) from error
    _keep(tournament, actor, current)
    return current.plan


def _draw_again(tournament: Tournament, actor: Actor) -> None:
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
    _audit(tournament, actor, "drawn", round=current.plan.played + 1, repeats=current.plan.stats.repeats)


@transaction.atomic
def start_round(*, tournament: Tournament, actor: Actor) -> TournamentRound:
    """Commit the next round as drawn: each table becomes a session of the club, seated in the drawn order (seat 1
    deals first), under the tournament's rules."""
    tournament = locked(tournament)
    number = rounds_started(tournament) + 1
    if number > tournament.rounds:
        raise ServiceError.on(None, _("Every round has been drawn."))
    previous = tournament.played_rounds.order_by("-number").first()
    if previous is not None and previous.closed_at is None:
        raise ServiceError.on(None, _("Close round %(n)s first.") % {"n": previous.number})
    try:
        tables = selectors.drawn(tournament).plan.next_round
    except DrawError as error:
        raise ServiceError.on(None, error.words) from error
    assert tables is not None  # number <= rounds: the plan has this round
    by_number = {str(p.number): p for p in tournament.participants.select_related("member")}
    for out in selectors.coming_field(tournament, number)[1]:  # the field could not be seated: byes drawn
        Bye.objects.create(tournament=tournament, participant=by_number[str(out)], round=number, drawn=True)
        _audit(tournament, actor, "bye_drawn", round=number, name=by_number[str(out)].name)
    this_round = TournamentRound.objects.create(tournament=tournament, number=number)
    for table_number, seated in enumerate(tables, start=1):
        _seat_table(tournament, this_round, table_number, [by_number[n] for n in seated], actor)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    _audit(tournament, actor, "round_started", round=number, tables=len(tables))
    _draw_again(tournament, actor)
    return this_round


def _seat_table(
    tournament: Tournament,
    this_round: TournamentRound,
    number: int,
    seated: list[Participant],
    actor: Actor,
    playing: list[Member] | None = None,
) -> TournamentTable:
    """The table's session seating ``playing`` (by default whoever plays each participant's seat in the round)."""
    session = scorekeeper.start_session(
        club=tournament.club,
        actor=actor,
        game=tournament.game,
        rules=tournament.settings["rules"],
        tariff=tournament.settings["tariff"],
        players=playing or [_playing(p, this_round.number) for p in seated],
        played_on=tournament.played_on,
        table=_("%(tournament)s, round %(round)s, table %(table)s")
        % {"tournament": tournament.name, "round": this_round.number, "table": number},
    )
    table = TournamentTable.objects.create(round=this_round, number=number, session=session)
    label = _("Table %(n)s") % {"n": number}
    scorekeeper.create_table_link(session=session, actor=actor, label=label)  # the table's phone, until the round ends
    TableSeat.objects.bulk_create(
        TableSeat(table=table, participant=p, position=position) for position, p in enumerate(seated)
    )
    return table


def _playing(participant: Participant, round_number: int) -> Member:
    """Who sits at the participant's seat in the round: the participant, or the substitute who took it over."""
    taking_over = participant.substitutions.filter(from_round__lte=round_number).order_by("-from_round").first()
    return taking_over.member if taking_over else participant.member


@transaction.atomic
def swap(*, this_round: TournamentRound, actor: Actor, first: Participant, second: Participant) -> None:
    """The director swaps two participants of a round whose tables have no deal yet; the rounds still to come are
    drawn again."""
    tournament = locked(this_round.tournament)
    seats = {s.participant_id: s for s in TableSeat.objects.filter(table__round=this_round).select_related("table")}
    if first.pk not in seats or second.pk not in seats or first.pk == second.pk:
        raise ServiceError.on("second", _("Choose two different participants of this round."))
    tables = {seats[first.pk].table, seats[second.pk].table}
    if any(table.session.deals.exists() for table in tables):
        raise ServiceError.on(None, _("A table that has started playing cannot be changed."))
    by_table: dict[int, list[Participant]] = {}
    for table in tables:
        order = list(table.seat_rows.select_related("participant__member").order_by("position"))
        by_table[table.pk] = [row.participant for row in order]
    for seated in by_table.values():
        for i, p in enumerate(seated):
            seated[i] = second if p.pk == first.pk else first if p.pk == second.pk else p
    for table in tables:
        session, number, seated = table.session, table.number, by_table[table.pk]
        table.delete()
        scorekeeper.delete_session(session=session, actor=actor)
        _seat_table(tournament, this_round, number, seated, actor)
    _audit(tournament, actor, "participants_swapped", round=this_round.number, first=first.name, second=second.name)
    _draw_again(tournament, actor)


@transaction.atomic
def call_time(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """Time is called: the normal games not yet played are struck; the Pflichtsoli still owed are played."""
    this_round = TournamentRound.objects.select_for_update().get(pk=this_round.pk)
    if this_round.time_called_at is None:
        _call_time_at(this_round, this_round.tables.filter(time_called_after__isnull=True), actor)
        _audit(this_round.tournament, actor, "time_called", round=this_round.number)
    return this_round


def _call_time_at(this_round: TournamentRound, tables: Iterable[TournamentTable], actor: Actor) -> None:
    """Time called at ``tables``; the round's time is called once it is at every table."""
    for table in tables:
        session = scorekeeper.call_time(session=table.session, actor=actor)  # the engine admits the deals
        table.time_called_after = session.rules["time_called_after"]
        table.save(update_fields=["time_called_after"])
    if not this_round.tables.filter(time_called_after__isnull=True).exists():
        this_round.time_called_at = timezone.now()
        this_round.save(update_fields=["time_called_at"])


# the round clock ---------------------------------------------------------------------------------------------------
# The director starts, pauses, resumes and extends it; the time left is read from the round (``rules.clock``). When a
# table's time is up nothing happens by itself: the hall and the phones say "Time is up" and the director calls time
# with one button (``time_up``). Under the TSR (8.5) the director calls time aloud in the hall, and a game begun
# before the call is played out; a call made by whichever request came next would strike games at tables that have
# not heard it, and a clock left running through a dispute would end the round unasked.


@transaction.atomic
def set_clock_minutes(*, tournament: Tournament, actor: Actor, minutes: dict[int, int]) -> Tournament:
    """The minutes of a round at each table size (``{4: 100, 5: 125}`` under the TSR)."""
    tournament = locked(tournament)
    for size, value in minutes.items():
        if not isinstance(value, int) or not 1 <= value <= MOST_MINUTES:
            raise ServiceError.on(f"minutes_{size}", _("Give 1 to %(most)s minutes.") % {"most": MOST_MINUTES})
    setting = {str(size): value for size, value in sorted(minutes.items())}
    tournament.settings = {**tournament.settings, "clock_minutes": setting}
    tournament.save(update_fields=["settings"])
    _audit(tournament, actor, "clock_minutes_set", **{f"minutes_{size}": value for size, value in setting.items()})
    return tournament


@transaction.atomic
def start_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round)
    if this_round.clock_started_at is None:
        this_round.clock_started_at = timezone.now()
        this_round.save(update_fields=["clock_started_at"])
        _audit(this_round.tournament, actor, "clock_started", round=this_round.number)
    return this_round


@transaction.atomic
def pause_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if this_round.clock_paused_at is None:
        this_round.clock_paused_at = timezone.now()
        this_round.save(update_fields=["clock_paused_at"])
        _audit(this_round.tournament, actor, "clock_paused", round=this_round.number)
    return this_round


@transaction.atomic
def resume_clock(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if this_round.clock_paused_at is not None:
        paused = int((timezone.now() - this_round.clock_paused_at).total_seconds())
        this_round.clock_paused_seconds += max(0, paused)
        this_round.clock_paused_at = None
        this_round.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
        _audit(this_round.tournament, actor, "clock_resumed", round=this_round.number, paused_seconds=paused)
    return this_round


@transaction.atomic
def extend_clock(*, this_round: TournamentRound, actor: Actor, minutes: int) -> TournamentRound:
    this_round = _clock_round(this_round, started=True)
    if not isinstance(minutes, int) or not 1 <= minutes <= MOST_MINUTES - this_round.clock_extra_minutes:
        raise ServiceError.on("minutes", _("Give 1 to %(most)s minutes.") % {"most": MOST_MINUTES})
    this_round.clock_extra_minutes += minutes
    this_round.save(update_fields=["clock_extra_minutes"])
    _audit(this_round.tournament, actor, "clock_extended", round=this_round.number, minutes=minutes)
    return this_round


@transaction.atomic
def time_up(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """The director calls time at the tables whose time on the clock is up (at a table of four before one of five)."""
    this_round = _clock_round(this_round, started=True)
    due = [table.table for table in selectors.round_clock(this_round).tables if table.due]
    if not due:
        raise ServiceError.on(None, _("No table's time is up yet."))
    _call_time_at(this_round, due, actor)
    _audit(this_round.tournament, actor, "time_called", round=this_round.number, tables=[t.number for t in due])
    return this_round


def _clock_round(this_round: TournamentRound, *, started: bool = False) -> TournamentRound:
    this_round = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=this_round.pk)
    if this_round.closed_at is not None:
        raise ServiceError.on(None, _("The round is closed."))
    if started and this_round.clock_started_at is None:
        raise ServiceError.on(None, _("Start the round clock first."))
    return this_round


@transaction.atomic
def close_round(*, this_round: TournamentRound, actor: Actor) -> TournamentRound:
    """The round is over once every table sheet is closed; the last round ends the tournament."""
    this_round = TournamentRound.objects.select_for_update().select_related("tournament").get(pk=this_round.pk)
    open_tables = [t.number for t in this_round.tables.select_related("session") if t.session.is_open]
    if open_tables:
        raise ServiceError.on(
            None, _("Table sheets still open: %(tables)s.") % {"tables": ", ".join(map(str, open_tables))}
        )
    if this_round.closed_at is None:
        this_round.closed_at = timezone.now()
        this_round.save(update_fields=["closed_at"])
        sessions = [table.session for table in this_round.tables.select_related("session")]
        scorekeeper.expire_table_links(sessions=sessions, actor=actor)
        tournament = this_round.tournament
        if this_round.number == tournament.rounds:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
        _audit(tournament, actor, "round_closed", round=this_round.number)
    return this_round


# a table sheet -----------------------------------------------------------------------------------------------------


def table_sheet(table: TournamentTable) -> Sheet:
    """The table's sheet as the engine scores its session, under the session's own rules, which keep the round:
    Pflichtsoli owed, games left, whether it can close."""
    try:
        return scored_sheet(preset_of(table.round.tournament), session_document(table.session))
    except InvalidTournament as error:
        raise ServiceError({None: [p.words for p in error.problems]}) from error


def table_lineup_problems(session: Session) -> list[str]:
    """Why the players of a tournament table cannot change: the draw seated them (a substitute is another matter).
    Nothing for any other session; the scorekeeper asks it before every change of players (``add_lineup_rule``)."""
    if not selectors.is_table(session):
        return []
    return [_("The draw seated the players of a tournament table: none can leave or join here.")]


def table_closing_problems(session: Session) -> list[str]:
    """Why a tournament table's sheet cannot close yet: its round is not played out (a Pflichtsolo owed, games still
    to play). Nothing for any other session. The scorekeeper asks it before every close (``add_closing_rule``); it
    reads the round the engine's replay stored with the session's last change, not scored again."""
    table = TournamentTable.objects.filter(session=session).select_related("round__tournament").first()
    if table is None:
        return []
    kept = session.round
    if kept is None:  # no deal yet: the round as it begins
        problems = table_sheet(table).closing_problems()
    else:
        preset = preset_of(table.round.tournament)
        live = session.deals.filter(deleted_at__isnull=True).order_by("sequence")
        stored = cast("list[tuple[int, dict[str, Any]]]", list(live.values_list("number", "result")))
        rows = unbalanced_rows((n, sum(r["deltas"]), r["pot"]) for n, r in stored) if preset.zero_sum else ()
        problems = closing_problems(kept["owing"], kept["regular_left"], kept["games"], rows)
    return [translated(problem) for problem in problems]


# penalties ---------------------------------------------------------------------------------------------------------


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
        raise ServiceError.on("participant", _("Choose a participant who plays in this round."))
    seats = TableSeat.objects.filter(table_id=seat.table_id).values_list("participant__number", flat=True)
    context = RulesPenalty(
        this_round.number, participant.number, kind, "", "", points or None,
        sitting_out.number if sitting_out else None, soloist.number if soloist else None,
    )  # fmt: skip
    for field, problem in context.context_problems(list(seats))[:1]:
        raise ServiceError.on(field, problem)
    if kind == Penalty.Kind.DEDUCTION and (not isinstance(points, int) or not 1 <= points <= CENTS_MOST):
        raise ServiceError.on("points", _("A free deduction takes from 1 to %(most)s points.") % {"most": CENTS_MOST})
    points_problem = context.points_problem()
    if points_problem is not None:
        raise ServiceError.on("points", points_problem)
    reason = str(reason).strip()
    if not reason or len(reason) > REASON_MAX:
        raise ServiceError.on("reason", _("Give the reason in at most %(n)s characters.") % {"n": REASON_MAX})
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
    _audit(this_round.tournament, actor, "penalty", name=participant.name, kind=kind, reason=reason)
    return penalty


# the director's decisions: a bye, a substitute, a lot drawn in the hall -------------------------------------------


@transaction.atomic
def give_bye(*, tournament: Tournament, actor: Actor, participant: Participant) -> Bye:
    """The participant sits the next round out and scores the tournament's bye value for it (``rules.byes``); the
    rounds to come are drawn again without them."""
    tournament = locked(tournament)
    coming = rounds_started(tournament) + 1
    if participant.tournament_id != tournament.pk or not participant.plays_in(coming) or coming > tournament.rounds:
        raise ServiceError.on("participant", _("Choose a participant who plays in the next round."))
    if participant.byes.filter(round=coming).exists():
        raise ServiceError.on("participant", _("%(name)s has a bye already.") % {"name": participant.name})
    bye = Bye.objects.create(tournament=tournament, participant=participant, round=coming)
    _audit(tournament, actor, "bye_given", round=coming, name=participant.name)
    _draw_again(tournament, actor)
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
        raise ServiceError.on(None, _("The tournament is over."))
    if participant.tournament_id != tournament.pk:
        raise ServiceError.on("participant", _("Choose a participant of this tournament."))
    if not isinstance(from_round, int) or not first <= from_round <= tournament.rounds:
        raise ServiceError.on(
            "from_round",
            _("A substitute plays from round %(first)s to %(last)s.") % {"first": first, "last": tournament.rounds},
        )
    if not participant.plays_in(from_round):
        raise ServiceError.on("participant", _("%(name)s does not play in that round.") % {"name": participant.name})
    if member is None:
        member = scorekeeper.sessions.member_named(tournament.club, clean_name(name, "name"))
    elif member.club_id != tournament.club_id:
        raise ServiceError.on("member", _("Only members and guests of the club can take part."))
    if tournament.participants.filter(member=member).exists():
        raise ServiceError.on("name", _("%(name)s is already registered.") % {"name": member.name})
    if participant.substitutions.filter(from_round=from_round).exists():
        raise ServiceError.on(
            "from_round", _("%(name)s has a substitute from that round already.") % {"name": participant.name}
        )
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
            _reseat(tournament, table, actor)
    _audit(tournament, actor, "substitute", name=participant.name, substitute=member.name, from_round=from_round,
           credited=credited)  # fmt: skip
    _draw_again(tournament, actor)
    return sub


def _reseat(tournament: Tournament, table: TournamentTable, actor: Actor) -> TournamentTable:
    """The table's sheet started again with the players as seated now (a table without a game yet)."""
    seated = [row.participant for row in table.seat_rows.select_related("participant__member").order_by("position")]
    session, number, this_round = table.session, table.number, table.round
    table.delete()
    scorekeeper.delete_session(session=session, actor=actor)
    return _seat_table(tournament, this_round, number, seated, actor)


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
        raise ServiceError.on("winner", _("Choose a player who shares a place with others."))
    lot = HallLot.objects.create(tournament=tournament, round=ranked.round, among=sorted(level), winner_id=winner.pk)
    _audit(tournament, actor, "lot_drawn", round=ranked.round, winner=winner.name, among=sorted(level))
    return lot


def _audit(tournament: Tournament, actor: Actor, what: str, **details: Any) -> None:
    """The change's entry in the club's history, and the tournament's next revision: every director's change of a
    tournament is audited, so whatever it changed, no ranking rendered before it is shown again."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    audit_club(
        tournament.club,
        actor,
        AuditEntry.Action.TOURNAMENT_CHANGED,
        after={"tournament": tournament.name, "what": what, **details},
    )


__all__ = [
    "add_participant",
    "add_penalty",
    "call_time",
    "close_round",
    "create_tournament",
    "draw",
    "draw_lot",
    "extend_clock",
    "give_bye",
    "import_tournament",
    "keep_apart",
    "pause_clock",
    "resume_clock",
    "set_clock_minutes",
    "set_prizes",
    "start_clock",
    "start_round",
    "substitute",
    "swap",
    "time_up",
    "withdraw",
]


# importing a schreiber-tournament/1 document -----------------------------------------------------------------------
# The document is checked and every table sheet scored by the pure loader first, so that a bad document names the
# path of each bad field and writes nothing; only then is the tournament written, in one transaction.

# create_tournament's fields and where the document keeps them
SETTINGS_PATHS = {"name": "name", None: "settings"} | {
    key: f"settings.{key}" for key in ("preset", "rounds", "entry_fee_cents", "tiebreaks")
}


@transaction.atomic
def import_tournament(*, club: Club, actor: Actor, document: Any, played_on: datetime.date | None = None) -> Tournament:
    """A ``schreiber-tournament/1`` document (an export, say) as a new tournament of ``club``: its participants
    (members by name, else guests), every round with its tables as sessions and their deals, time called, the
    penalties, and the substitutes, byes and lots drawn in the hall. The rounds before the last are closed, as they
    must have been for the next to start; the last is closed when every one of its sheets can be. ``played_on`` (the
    document has no date) defaults to today."""
    refuse_nul(document)
    loaded, sheets = _checked(document)
    settings = loaded.settings
    preset_games = PRESETS[settings.preset].with_options(settings.options).games  # load checked the options
    if settings.games_per_round and settings.games_per_round != {
        size: games for size, games in preset_games.items() if size in settings.games_per_round
    }:
        raise _at("settings.games_per_round", _("A tournament here plays the games of its scoring preset."))
    if isinstance(settings.seed, str):
        raise _at("settings.seed", _("The seed must be a whole number."))
    with _located(SETTINGS_PATHS):
        tournament = create_tournament(
            club=club, actor=actor, name=loaded.name or _("Imported tournament"), preset=settings.preset,
            played_on=played_on or timezone.localdate(), rounds=settings.rounds,
            entry_fee_cents=settings.entry_fee_cents, table_points=settings.table_points,
            tiebreaks=[key for key in settings.tiebreaks if key != POINTS], seed=settings.seed,
            options=settings.options, bye=settings.bye, substitute_credit=settings.substitute_credit,
        )  # fmt: skip
    by_number = {
        p.number: _imported_participant(tournament, p, f"participants[{index}]")
        for index, p in enumerate(loaded.participants)
    }
    members = {p.name: p.member for p in by_number.values()}
    for index, sub in enumerate(loaded.substitutes):
        members[sub.name] = _imported_substitute(tournament, sub, by_number, f"substitutes[{index}]").member
    for index, played in enumerate(loaded.rounds):
        last = index == len(loaded.rounds) - 1
        _imported_round(tournament, played, sheets[played.number], by_number, members, actor, closed=not last)
    for index, penalty in enumerate(loaded.penalties):
        with _located({None: f"penalties[{index}]"}):
            add_penalty(
                this_round=tournament.played_rounds.get(number=penalty.round), actor=actor,
                participant=by_number[penalty.player], kind=penalty.kind, reason=penalty.reason,
                official=penalty.official, points=penalty.points or 0,
                sitting_out=by_number.get(penalty.sitting_out or 0), soloist=by_number.get(penalty.soloist or 0),
            )  # fmt: skip
    for bye in loaded.byes:
        Bye.objects.create(tournament=tournament, participant=by_number[bye.player], round=bye.round, drawn=bye.drawn)
    for lot in loaded.lots:
        HallLot.objects.create(tournament=tournament, round=lot.round, among=sorted(lot.among),
                               winner=by_number[lot.winner])  # fmt: skip
    _imported_status(tournament, loaded, sheets, actor)
    _audit(tournament, actor, "tournament_imported", participants=len(by_number), rounds=len(loaded.rounds))
    return tournament


def _checked(document: Any) -> tuple[TournamentDocument, dict[int, dict[int, Sheet]]]:
    """The document read and each table's sheet by round and table number; ServiceError naming every bad path."""
    try:
        loaded = load_document(document)
        scored = score_document(loaded)
    except InvalidTournament as error:
        raise ServiceError({None: [f"{p.path}: {translated(p.words)}" if p.path else translated(p.words)
                                   for p in error.problems]}) from error  # fmt: skip
    sheets: dict[int, dict[int, Sheet]] = {}
    for table in scored:
        sheets.setdefault(table.round, {})[table.table.number] = table.sheet
    return loaded, sheets


def _imported_participant(tournament: Tournament, entry: DocumentParticipant, path: str) -> Participant:
    with _located({None: path, "players": f"{path}.name"}):
        member = scorekeeper.sessions.member_named(tournament.club, entry.name)
    if member.name != entry.name:  # the deals name the players as the document does, the sheets as the club does
        raise _at(
            f"{path}.name",
            _("The club's member is called %(member)s: write the name as the club does.") % {"member": member.name},
        )
    return Participant.objects.create(
        tournament=tournament,
        number=entry.number,
        member=member,
        name=member.name,
        first_round=entry.arrives,
        last_round=entry.withdrawn_after,
    )


def _imported_substitute(
    tournament: Tournament, sub: DocumentSubstitute, by_number: dict[int, Participant], path: str
) -> Substitution:
    """A substitute as the document names them: their own entry's member, else a member (or guest) by name."""
    entry = by_number.get(sub.entry) if sub.entry is not None else None
    if entry is None:
        with _located({None: path, "players": f"{path}.name"}):
            member = scorekeeper.sessions.member_named(tournament.club, sub.name)
    else:
        member = entry.member
    if member.name != sub.name:
        raise _at(
            f"{path}.name",
            _("The club's member is called %(member)s: write the name as the club does.") % {"member": member.name},
        )
    credited = Substitution.Credit.SUBSTITUTE if entry else Substitution.Credit.ORIGINAL
    return Substitution.objects.create(
        tournament=tournament, participant=by_number[sub.player], from_round=sub.from_round, member=member,
        name=member.name, credited=credited, entry=entry,
    )  # fmt: skip


def _imported_round(
    tournament: Tournament,
    played: DocumentRound,
    sheets: dict[int, Sheet],
    by_number: dict[int, Participant],
    members: dict[str, Member],
    actor: Actor,
    *,
    closed: bool,
) -> None:
    this_round = TournamentRound.objects.create(tournament=tournament, number=played.number)
    for entry in played.tables:
        seated = [by_number[n] for n in entry.seats]
        names = entry.players or [p.name for p in seated]  # as the table's sheet names its seats
        table = _seat_table(tournament, this_round, entry.number, seated, actor, [members[n] for n in names])
        session = table.session
        if entry.time_called is not None:  # first: the engine admits the deals after it as the sheet did
            session = scorekeeper.call_time(session=session, actor=actor, after=entry.time_called)
            table.time_called_after = entry.time_called
            table.save(update_fields=["time_called_after"])
            this_round.time_called_at = this_round.time_called_at or timezone.now()
        _record_sheet(session, sheets[entry.number].deals, actor)
    if this_round.time_called_at is not None:
        this_round.save(update_fields=["time_called_at"])
    if closed:
        _close_imported(this_round, actor)


def _record_sheet(session: Session, facts: Sequence[Any], actor: Actor) -> None:
    """The table's deals as recorded, in one replay rather than one per deal (the session's rules keep the round as
    the sheet's did): the dealers are frozen into them as for deals entered at the table."""
    deals = [
        Deal(
            session=session,
            sequence=number,
            facts=dict(f),
            created_by=record.user(actor),
            updated_by=record.user(actor),
        )
        for number, f in enumerate(facts, start=1)
    ]
    parsed, results = record.replay(session, deals, None)
    record.store(session, deals, parsed, results)
    record.audit(session, actor, AuditEntry.Action.SESSION_IMPORTED, after={"deals": len(deals)})


def _close_imported(this_round: TournamentRound, actor: Actor) -> None:
    for table in this_round.tables.select_related("session"):
        scorekeeper.close_session(session=table.session, actor=actor)
    close_round(this_round=this_round, actor=actor)


def _imported_status(
    tournament: Tournament, loaded: TournamentDocument, sheets: dict[int, dict[int, Sheet]], actor: Actor
) -> None:
    if not loaded.rounds:
        return
    last = tournament.played_rounds.order_by("-number").first()
    assert last is not None
    if all(sheet.can_close for sheet in sheets.get(last.number, {}).values()):
        _close_imported(last, actor)  # the last round closes the tournament too
    tournament.refresh_from_db(fields=["status"])
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])


def _at(path: str, message: str) -> ServiceError:
    return ServiceError.on(None, f"{path}: {message}")


@contextmanager
def _located(paths: dict[str | None, str]) -> Iterator[None]:
    """A ServiceError of a service called for a part of the document, each field named by its path in it: ``paths``
    maps a field to its path, and ``None`` to the part's own path, which the other fields follow."""
    try:
        yield
    except ServiceError as error:
        located = [
            f"{_path(paths, field)}: {message}" for field, messages in error.errors.items() for message in messages
        ]
        raise ServiceError({None: located}) from error


def _path(paths: dict[str | None, str], field: str | None) -> str:
    if field in paths:
        return paths[field]
    base = paths.get(None, "")
    return f"{base}.{field}" if base and field else field or base
