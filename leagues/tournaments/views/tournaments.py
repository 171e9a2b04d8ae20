"""A club's tournaments: create one, register the field, the draw, each round's tables, penalties and swaps.

Members see everything; the club's owners direct (register, draw, start and close rounds, penalties).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from schreiber.web.downloads import attachment
from schreiber.web.errors import errors_on_form
from schreiber.web.params import whole_number
from schreiber.web.qr import qr_svg
from scorekeeper.access import Request, club_member
from scorekeeper.games import pack_of
from scorekeeper.games.tournament import options_in_words
from scorekeeper.models import Role
from scorekeeper.services import ServiceError
from scorekeeper.words.engine_words import translated

from .. import selectors, services
from ..forms import (
    PRESET_NAMES,
    ByeForm,
    ClockMinutesForm,
    LotForm,
    ParticipantForm,
    PenaltyForm,
    SubstituteForm,
    SwapForm,
    TournamentForm,
)
from ..models import Participant, Substitution, Tournament
from ..rules.byes import AVERAGE
from ..rules.clock import EXTENSIONS
from ..rules.draw import DrawError
from ..services.refusals import refusal
from . import file_name, tournament_access
from .public import public_link_context
from .rankings import ranking_context, rendered_ranking
from .teams import team_ranking_context, teams_context

HALL_REFRESH_SECONDS = 4  # a closed table shows on the hall screen within five seconds
ROUND_ACTIONS = {  # those that need nothing but the round and the director
    "time": services.call_time,
    "close": services.close_round,
    "clock_start": services.start_clock,
    "clock_pause": services.pause_clock,
    "clock_resume": services.resume_clock,
    "time_up": services.time_up,
}


def tournament_list(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug)
    form = TournamentForm(request.POST or None) if me.can(Role.OWNER) else None
    if form is not None and request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with errors_on_form(form):
            tournament = services.create_tournament(
                club=me.club, actor=request.user, name=data["name"], preset=data["preset"],
                played_on=data["played_on"], rounds=data["rounds"], entry_fee_cents=form.entry_fee_cents(),
                table_points=data["table_points"], tiebreaks=form.tiebreaks(), options=form.options(),
                bye=AVERAGE if data["bye"] is None else data["bye"],
                substitute_credit=data["substitute_credit"] or Substitution.Credit.ORIGINAL,
            )  # fmt: skip
            return redirect("tournament", me.club.slug, tournament.pk)
    context = {"club": me.club, "me": me, "tournaments": selectors.tournaments_of(me.club), "form": form}
    return render(request, "leagues/tournament/list.html", context)


def tournament_detail(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """The field and the rounds; an owner registers participants here (late ones play from the next round), names
    a substitute for a seat and gives a bye for the next round."""
    me, tournament = tournament_access(request, club_slug, tournament_id, to_post=Role.OWNER)
    directs = me.can(Role.OWNER)
    members = me.club.members.filter(is_guest=False).exclude(tournament_entries__tournament=tournament)
    action = request.POST.get("action", "register")
    posted = {
        name: request.POST if request.method == "POST" and action == name else None
        for name in ("register", "substitute", "bye")
    }
    started = tournament.played_rounds.count()
    open_round = tournament.played_rounds.filter(closed_at__isnull=True).order_by("-number").first()
    coming = [p for p in tournament.participants.all() if p.plays_in(started + 1)]
    seated = list(Participant.objects.filter(seat_rows__table__round=open_round).values_list("pk", flat=True))
    playing = tournament.participants.filter(pk__in=[p.pk for p in coming] + seated)
    running = directs and tournament.status != Tournament.Status.FINISHED
    form = ParticipantForm(posted["register"], members=members) if running else None
    sub_form = (
        SubstituteForm(
            posted["substitute"],
            participants=playing,
            members=members,
            initial={"from_round": open_round.number if open_round else started + 1},
        )
        if running
        else None
    )
    bye_form = (
        ByeForm(posted["bye"], participants=tournament.participants.filter(pk__in=[p.pk for p in coming]))
        if running and started < tournament.rounds
        else None
    )
    if request.method == "POST":
        done = _detail_post(request, tournament, action, form, sub_form, bye_form)
        if done:
            return redirect("tournament", me.club.slug, tournament.pk)
    scoring = selectors.preset_of(tournament)
    context = {
        "club": me.club,
        "me": me,
        "tournament": tournament,
        "participants": tournament.participants.all(),
        "rounds": tournament.played_rounds.all(),
        "directs": directs,
        "form": form,
        "sub_form": sub_form,
        "bye_form": bye_form,
        "substitutions": tournament.substitutions.select_related("participant").order_by("from_round"),
        "byes": tournament.byes.select_related("participant").order_by("round", "participant__number"),
        "preset_name": PRESET_NAMES.get(tournament.preset, tournament.preset),
        "options": options_in_words(scoring, pack_of(scoring.game).tournament_options),
        **teams_context(me, tournament),
        "bye_value": tournament.settings.get("bye", "average"),
        "substitute_credit": tournament.settings.get("substitute_credit", "original"),
    }
    return render(request, "leagues/tournament/detail.html", context)


def _detail_post(
    request: Request, tournament: Tournament, action: str, form: Any, sub_form: Any, bye_form: Any
) -> bool:
    """The director's registration, substitute or bye; errors at the form's fields. True once written."""
    chosen = {"register": form, "substitute": sub_form, "bye": bye_form}.get(action)
    if chosen is None:
        messages.error(request, _("The tournament is over."))
        return False
    if not chosen.is_valid():
        return False
    data = chosen.cleaned_data
    with errors_on_form(chosen):
        if action == "register":
            added = services.add_participant(
                tournament=tournament, actor=request.user, name=data["name"] or "", member=data["member"],
                categories=data["categories"], fixed_table=data["fixed_table"],
            )  # fmt: skip
            done = _("%(name)s is registered and plays from round %(n)s.") % {
                "name": added.name,
                "n": added.first_round,
            }
        elif action == "substitute":
            sub = services.substitute(
                tournament=tournament, actor=request.user, participant=data["participant"],
                from_round=data["from_round"], member=data["member"], name=data["name"] or "",
            )  # fmt: skip
            done = _("%(substitute)s plays for %(name)s from round %(n)s.") % {
                "substitute": sub.name,
                "name": sub.participant.name,
                "n": sub.from_round,
            }
        else:
            bye = services.give_bye(tournament=tournament, actor=request.user, participant=data["participant"])
            done = _("%(name)s has a bye in round %(n)s.") % {"name": bye.participant.name, "n": bye.round}
        messages.success(request, done)
        return True
    return False


@require_POST
def participant_withdraw(request: Request, club_slug: str, tournament_id: int, participant_id: int) -> HttpResponse:
    me, tournament = tournament_access(request, club_slug, tournament_id, Role.OWNER)
    participant = get_object_or_404(tournament.participants, pk=participant_id)
    services.withdraw(participant=participant, actor=request.user)
    messages.success(request, _("%(name)s is withdrawn.") % {"name": participant.name})
    return redirect("tournament", me.club.slug, tournament.pk)


def tournament_draw(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """Every round as drawn (the rounds played, then the plan), and what the plan achieves; the director keeps the
    plan (a POST), else it is drawn afresh at every look, the same each time."""
    me, tournament = tournament_access(request, club_slug, tournament_id, to_post=Role.OWNER)
    if request.method == "POST":
        try:
            services.draw(tournament=tournament, actor=request.user)
        except ServiceError as error:
            messages.error(request, " ".join(m for ms in error.errors.values() for m in ms))
        return redirect("tournament_draw", me.club.slug, tournament.pk)
    names = {str(p.number): p for p in tournament.participants.all()}
    try:
        drawn = selectors.drawn(tournament)
    except DrawError as error:
        drawn, problem = None, translated(error.words)
    else:
        problem = ""
    plan = drawn.plan if drawn else None
    rounds = [[[names[n] for n in table] for table in tables] for tables in (plan.rounds if plan else [])]
    context = {
        "club": me.club,
        "me": me,
        "tournament": tournament,
        "plan": plan,
        "kept": drawn.kept if drawn else False,
        "rounds": rounds,
        "problem": problem,
        "five_seats": sorted(
            ((names[n], count) for n, count in (plan.stats.five_seats.items() if plan else []) if count),
            key=lambda item: item[0].number,
        ),
        "directs": me.can(Role.OWNER),
        "playing": tournament.played_rounds.filter(closed_at__isnull=True).first(),
    }
    return render(request, "leagues/tournament/draw.html", context)


@require_POST
def round_start(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    me, tournament = tournament_access(request, club_slug, tournament_id, Role.OWNER)
    try:
        started = services.start_round(tournament=tournament, actor=request.user)
    except ServiceError as error:
        messages.error(request, " ".join(m for ms in error.errors.values() for m in ms))
        return redirect("tournament_draw", me.club.slug, tournament.pk)
    return redirect("tournament_round", me.club.slug, tournament.pk, started.number)


def round_detail(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponse:
    """A round's tables (players in seat order, each sheet's state), its penalties and the director's tools."""
    me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    directs = me.can(Role.OWNER)
    clock = selectors.round_clock(this_round) if this_round.closed_at is None else None
    if request.htmx:  # the clock's panel polls, so that "Time is up" comes to the director's page by itself
        context = {"club": me.club, "tournament": tournament, "round": this_round, "directs": directs}
        return render(request, "leagues/tournament/round_clock.html", {**context, **_clock_context(clock)})
    playing = Participant.objects.filter(seat_rows__table__round=this_round).order_by("number")
    penalty_form = PenaltyForm(request.POST or None, participants=playing) if directs else None
    swap_form = SwapForm(participants=playing) if directs else None
    if penalty_form is not None and request.method == "POST" and penalty_form.is_valid():
        data = penalty_form.cleaned_data
        with errors_on_form(penalty_form):
            services.add_penalty(
                this_round=this_round, actor=request.user, participant=data["participant"], kind=data["kind"],
                reason=data["reason"], official=data["official"], points=data["points"] or 0,
                sitting_out=data["sitting_out"], soloist=data["soloist"],
            )  # fmt: skip
            return redirect("tournament_round", me.club.slug, tournament.pk, number)
    context = {
        "club": me.club,
        "me": me,
        "tournament": tournament,
        "round": this_round,
        "tables": [
            (t, *(_phone_link(request, t) if directs else (None, None))) for t in selectors.tables_of(this_round)
        ],
        "penalties": this_round.penalties.select_related("participant"),
        "byes": selectors.byes_of(tournament, number),
        "directs": directs,
        "penalty_form": penalty_form,
        "swap_form": swap_form,
        **_clock_context(clock),
        "minutes_form": ClockMinutesForm(minutes=selectors.clock_minutes(tournament))
        if directs and not this_round.clock_started_at and not this_round.closed_at
        else None,
    }
    return render(request, "leagues/tournament/round.html", context)


def _clock_context(clock: selectors.RoundClock | None) -> dict[str, Any]:
    return {"round_clock": clock, "extensions": EXTENSIONS}


def _phone_link(request: Request, table: selectors.TableView) -> tuple[str | None, Any]:
    """The table's phone link and its QR code, for the director to show or print; none once the round is over."""
    if table.link is None:
        return None, None
    url = request.build_absolute_uri(reverse("table_link", args=[table.link.token]))
    return url, qr_svg(url, _("Table %(n)s") % {"n": table.number})


@require_POST
def round_action(request: Request, club_slug: str, tournament_id: int, number: int, action: str) -> HttpResponse:
    """``swap`` two players (before their tables play), ``time`` called, ``close`` the round; the round clock's
    ``clock_*`` and ``time_up``."""
    me, tournament = tournament_access(request, club_slug, tournament_id, Role.OWNER)
    this_round = selectors.round_of(tournament, number)
    try:
        if action == "swap":
            playing = Participant.objects.filter(seat_rows__table__round=this_round)
            form = SwapForm(request.POST, participants=playing)
            if not form.is_valid():
                raise ServiceError.on(None, refusal("two_players_of_round"))
            services.swap(this_round=this_round, actor=request.user, **form.cleaned_data)
        elif action in ROUND_ACTIONS:
            ROUND_ACTIONS[action](this_round=this_round, actor=request.user)
        elif action == "clock_extend":
            minutes = whole_number(request.POST.get("minutes"))
            services.extend_clock(this_round=this_round, actor=request.user, minutes=minutes or 0)
        elif action == "clock_minutes":
            minutes_form = ClockMinutesForm(request.POST, minutes=selectors.clock_minutes(tournament))
            if not minutes_form.is_valid():
                raise ServiceError.on(None, " ".join(str(m) for ms in minutes_form.errors.values() for m in ms))
            services.set_clock_minutes(tournament=tournament, actor=request.user, minutes=minutes_form.minutes())
        else:
            raise Http404
    except ServiceError as error:
        messages.error(request, " ".join(m for ms in error.errors.values() for m in ms))
    return redirect("tournament_round", me.club.slug, tournament.pk, number)


def tournament_ranking(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """The ranking, overall or of one round, live while tables play; the director records a lot drawn in the hall
    between players level on every tie-break."""
    me, tournament = tournament_access(request, club_slug, tournament_id, to_post=Role.OWNER)
    context = {"club": me.club, "me": me, **ranking_context(request, tournament)}
    context.update(team_ranking_context(tournament, context["ranking"]), **public_link_context(request, me, tournament))
    ranked: selectors.TournamentRanking = context["ranking"]
    sharing = Counter(row.place for row in ranked.rows)  # not a count of the whole list for each of 230 rows
    level = [row.participant.pk for row in ranked.rows if sharing[row.place] > 1]
    lot_form = None
    if me.can(Role.OWNER) and level:
        lot_form = LotForm(request.POST or None, participants=tournament.participants.filter(pk__in=level))
    if lot_form is not None and request.method == "POST" and lot_form.is_valid():
        with errors_on_form(lot_form):
            services.draw_lot(
                tournament=tournament, actor=request.user, winner=lot_form.cleaned_data["winner"],
                round_number=ranked.round,
            )  # fmt: skip
            return redirect(request.get_full_path())
    return render(request, "leagues/tournament/ranking.html", {**context, "lot_form": lot_form})


def tournament_hall(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """The hall screen: the ranking in large type, scrolling by itself, under the round and its clock; refreshed
    every few seconds (htmx asks for the table and the head's round and clock alone). The ranking is rendered once
    per change (``rankings``); the round and its clock at every look."""
    me, tournament = tournament_access(request, club_slug, tournament_id)
    current = selectors.current_round(tournament)
    context = {
        "club": me.club,
        "tournament": tournament,
        **rendered_ranking(request, tournament, "leagues/tournament/hall_ranking.html"),
        "refresh_seconds": HALL_REFRESH_SECONDS,
        "current_round": current,
        "round_clock": selectors.round_clock(current) if current and current.closed_at is None else None,
    }
    template = "leagues/tournament/hall_table.html" if request.htmx else "leagues/tournament/hall.html"
    return render(request, template, context)


def tournament_snapshot(request: Request, club_slug: str, tournament_id: int) -> HttpResponse:
    """The ranking as one self-contained HTML file (styles inside, no script), for a screen without a connection."""
    me, tournament = tournament_access(request, club_slug, tournament_id)
    context = {"club": me.club, **ranking_context(request, tournament)}
    context.update(team_ranking_context(tournament, context["ranking"]))
    snapshot = render(request, "leagues/tournament/snapshot.html", context)
    return attachment(snapshot, file_name(tournament, "ranking.html"))
