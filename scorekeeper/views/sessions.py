"""Starting a session, its live score sheet, closing, history and export."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from schreiber.web.downloads import json_download
from schreiber.web.errors import errors_on_form, refusal_as_message
from schreiber.web.params import whole_number

from .. import selectors, services
from ..access import Access, Request, TableGuest, club_member, session_access
from ..engine import GAMES
from ..forms import JoinForm, LeaveForm, SessionMoneyForm, SessionStartForm
from ..games import pack_of
from ..models import Game, HouseRules, Member, Role, Session
from ..stored.documents import export_document
from ..table import live, polling, reads
from ..table.clocks import clock_of
from ..words import engine_words, history
from . import table_links
from .clubs import confirm


def session_new(request: Request, club_slug: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    games = [(key, label, pack_of(key).hint) for key, label in Game.choices]
    return render(
        request,
        "scorekeeper/session_new.html",
        {"club": me.club, "me": me, "games": games, "house_rules": me.club.house_rules.all()},
    )


def session_start(request: Request, club_slug: str, game: str) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    club = me.club
    if game not in GAMES:
        return redirect("session_new", club_slug)
    chosen = whole_number(request.GET.get("house_rules"))
    house_rules = HouseRules.objects.filter(club=club, game=game, pk=chosen).first() if chosen else None
    tables = selectors.recent_tables(club, game)
    same_table = next((s for s in tables if str(s.pk) == request.GET.get("same_table")), None)
    form = SessionStartForm(
        request.POST or None,
        club=club,
        game=game,
        preset=request.GET.get("rules_preset"),
        tariff_preset=request.GET.get("tariff_preset"),
        house_rules=house_rules,
        seated=[seat.member for seat in same_table.seats.all()] if same_table else None,
    )
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form, {"rules": "rules_preset", "tariff": "tariff_preset"}):
            session = _start(request, me, form, house_rules)
            return redirect(session)
    template = "scorekeeper/includes/rule_options.html" if request.htmx else "scorekeeper/session_start.html"
    return render(
        request,
        template,
        {
            "club": club,
            "me": me,
            "form": form,
            "game": game,
            "game_title": GAMES[game].title,
            "house_rules": house_rules,
            "tables": tables,
            "same_table": same_table,
        },
    )


def _start(request: Request, me: Member, form: SessionStartForm, house_rules: HouseRules | None) -> Session:
    club = me.club
    players = [member or guest for member, guest in form.seated()]
    rules, tariff = form.rules_spec(), form.tariff_spec()
    data = form.cleaned_data
    session = services.start_session(
        club=club,
        actor=request.user,
        game=form.game,
        rules=rules,
        tariff=tariff,
        players=players,
        first_dealer=data["first_dealer"],
        cents_per_point=data["cents_per_point"],
        played_on=data["played_on"],
        table=data["table"],
        house_rules=house_rules,
    )
    if data["save_as"]:
        services.save_house_rules(
            club=club,
            name=data["save_as"],
            game=form.game,
            rules=rules,
            tariff=tariff,
            cents_per_point=data["cents_per_point"],
        )
    return session


def session_detail(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me, session = session_access(request, club_slug, session_id)
    shown = clock_of(session) if session.is_open else None
    # a scorer's button to the players' page (a table link's holder sees only the sheet and its settlement); none at
    # a tournament's table, which keeps its players, for a change it would refuse
    players = not isinstance(me, TableGuest) and session.is_open and me.can(Role.SCORER)
    context: dict[str, Any] = {
        "club": me.club,
        "me": me,
        "session": session,
        "sheet": live.sheet_html(me, session),
        "can_score": me.can(Role.SCORER),
        "players_change": players and not services.lineup.lineup_problems(session),
        "table_link": table_links.panel(request, me, session),
        "clock": shown[1] if shown else None,
        "poll_token": _poll_token(request, me, session, shown[0].name if shown else ""),
    }
    undo = whole_number(request.GET.get("undo"))
    if undo and me.can(Role.SCORER) and session.is_open:
        context["undo"] = session.deals.filter(pk=undo, deleted_at__isnull=False).first()
    return render(request, "scorekeeper/session_detail.html", context)


def session_live(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """The sheet for other phones to poll: 204 while it has not changed, else a patch or the whole sheet; 286 (stop
    polling) once the session is no longer open. A poll with a good token of an open sheet that finds nothing changed
    is answered before the session and the user are loaded (``polling.UnchangedPollMiddleware``)."""
    me, session = session_access(request, club_slug, session_id)
    answer = live.poll(me, session, whole_number(request.GET.get("rev"), least=0), request.GET.get("shape"))
    if answer.html is None:
        response = HttpResponse(status=204) if session.is_open else polling.stop_polling()
    else:
        response = HttpResponse(answer.html, status=200 if session.is_open else polling.STOP_POLLING)
    if answer.patch:
        response["HX-Reswap"] = "none"  # app.js patches the sheet in; swapped whole, a patch would lose lines
    response["Cache-Control"] = polling.NOT_STORED
    shown = clock_of(session) if session.is_open else None
    if shown is not None:  # every answer sets the phone's clock again (clock.js): a pause or extension shows at once
        response["X-Clock"] = shown[1].header
    if session.is_open:  # a fresh token: the phone's may have expired, or its browser changed
        response[polling.TOKEN_HEADER] = _poll_token(request, me, session, shown[0].name if shown else "")
    return response


def session_sheet_block(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """A full block of the sheet's older lines, ``?lines=<first>-<last>`` (``live.block_address``): kept by the
    browser for good while it is what its address names, which it always is but in a race with a write or for
    another look (then not kept)."""
    me, session = session_access(request, club_slug, session_id)
    first, _, last = request.GET.get("lines", "").partition("-")
    lines = whole_number(first), whole_number(last)
    if lines[0] is None or lines[1] is None:
        raise Http404
    html, address = live.block_html(me, session, lines[0], lines[1])
    response = HttpResponse(html)
    named = address == request.get_full_path()
    response["Cache-Control"] = f"private, max-age={live.BLOCK_SECONDS}, immutable" if named else polling.NOT_STORED
    return response


def _poll_token(request: Request, me: Access, session: Session, clock: str) -> str:
    """The token the sheet's phone polls with (``polling``): none once the session is no longer open."""
    if not session.is_open:
        return ""
    if isinstance(me, TableGuest):
        return polling.issue(request, session, member=None, link=me.link, clock=clock)
    return polling.issue(request, session, member=me, link=None, clock=clock)


@require_POST
def session_close(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    try:
        services.close_session(session=session, actor=request.user)
    except services.ServiceError as error:  # a closing rule's reasons: a tournament table still owes its Pflichtsolo
        messages.error(request, " ".join(map(str, error.faults)))
    return redirect(session)


@require_POST
def session_reopen(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = services.reopen_session(session=selectors.session_of(me.club, session_id), actor=request.user)
    return redirect(session)


def session_history(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug)
    session = selectors.session_of(me.club, session_id)
    return render(
        request,
        "scorekeeper/session_history.html",
        {
            "club": me.club,
            "me": me,
            "session": session,
            "lines": history.lines(selectors.audit_of(session), me.club),
            "deleted": selectors.deleted_deals(session),
            "can_score": me.can(Role.SCORER),
        },
    )


def session_abandon(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """Put a mistaken session aside (a scorer while it has no deal, an owner always), after asking."""
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if request.method == "POST":
        with refusal_as_message(request):
            services.abandon_session(session=session, actor=request.user, member=me)
            messages.success(request, _("The session is put aside. It counts in no standing and can be restored."))
            return redirect(me.club)
        return redirect(session)
    return confirm(
        request,
        me,
        title=_("Abandon this session?"),
        text=_(
            "It is kept with its deals, but counts in no standing and carries no pot. "
            "A scorer or owner can restore it from the club's page."
        ),
        button=_("Abandon the session"),
    )


@require_POST
def session_restore(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = services.restore_session(session=selectors.session_of(me.club, session_id), actor=request.user)
    messages.success(request, _("The session is back."))
    return redirect(session)


def session_delete(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """Delete a session that never had a deal (a start by mistake), after asking."""
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if request.method == "POST":
        with refusal_as_message(request):
            services.delete_session(session=session, actor=request.user)
            messages.success(request, _("The session is deleted."))
            return redirect(me.club)
        return redirect(session)
    return confirm(
        request,
        me,
        title=_("Delete this session?"),
        text=_("It has no deal yet. Its start stays in the club's history."),
        button=_("Delete the session"),
    )


def session_money(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """The stake, currency, pot policy and settlement mode of this session (and no other), while it is open."""
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if not session.is_open:
        return redirect(session)
    form = SessionMoneyForm(request.POST or None, initial=services.sessions.money_terms(session))
    if request.method == "POST" and form.is_valid():
        with errors_on_form(form):
            services.change_money_terms(session=session, actor=request.user, **form.cleaned_data)
            messages.success(request, _("The money terms of this session are changed."))
            return redirect(session)
    context = {"club": me.club, "me": me, "session": session, "form": form}
    return render(request, "scorekeeper/session_money.html", context)


def session_players(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """Someone leaves the table, or joins it, after the last deal (while the session is open)."""
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if not session.is_open:
        return redirect(session)
    refused = services.lineup.lineup_problems(session)
    if refused:
        messages.error(request, engine_words.translated(refused[0]))
        return redirect(session)
    seated = reads.header_of(session).seating()
    step = request.POST.get("step") if request.method == "POST" else None
    initial = {"revision": session.revision}
    leave = LeaveForm(request.POST if step == "leave" else None, initial=initial, seated=seated, prefix="leave")
    join = JoinForm(
        request.POST if step == "join" else None, initial=initial, club=me.club, seated=seated, prefix="join"
    )
    form = leave if step == "leave" else join if step == "join" else None
    if form is not None and form.is_valid():
        revision = form.cleaned_data["revision"]
        with errors_on_form(form):
            if form is leave:
                name = form.cleaned_data["leaves"]
                services.player_leaves(session=session, actor=request.user, name=name, revision=revision)
                done = _("%(name)s left the table.") % {"name": name}
            else:
                change = services.player_joins(
                    session=session, actor=request.user, player=join.player, table_seat=form.cleaned_data["seat"],
                    revision=revision,
                )  # fmt: skip
                done = _("%(name)s joined the table.") % {"name": change.seat.name}
            messages.success(request, done)
            return redirect(session)
    context = {"club": me.club, "me": me, "session": session, "seated": seated, "leave": leave, "join": join}
    return render(request, "scorekeeper/session_players.html", context)


def session_export(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug)
    session = selectors.session_of(me.club, session_id)
    filename = f"{me.club.slug}-{session.game}-{session.played_on:%Y-%m-%d}-{session.pk}.json"
    return json_download(export_document(session), filename)
