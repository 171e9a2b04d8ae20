"""Entering, previewing, correcting, deleting, restoring and inserting deals; re-deriving who dealt.

A deal is named by its id. Every form says what its scorer saw (the deal number a new deal was opened for and who
deals; a deal's revision), and a write that finds things changed re-renders the form with what changed and who
changed it, having written nothing. The entry page is never served from the browser's cache, so Back after a save
shows a fresh form; a cached copy could not add a deal twice anyway (its token and number are spent).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from schreiber import kept
from schreiber.rows import BIGGEST_ID
from schreiber.web.errors import refusal_as_message
from schreiber.web.params import whole_number

from .. import selectors, services
from ..access import Access, Request, TableGuest, actor_of, session_access
from ..models import Deal, Role, Session
from ..table import reads
from ..table.entry import DealEntry
from ..words import engine_words

PROBLEM_CODES = "X-Problem-Codes"


@never_cache
def deal_new(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """A new deal at the end of the sheet, or inserted before the deal ``?before=ID``."""
    me, session = session_access(request, club_slug, session_id, Role.SCORER)
    if not session.is_open:
        return redirect(session)
    before = _before(session, request.GET.get("before") or request.POST.get("before"))
    dealer, playing = _inserted_seat(session, before) if before else reads.next_deal(session)
    number = (before.number or 0) if before else session.deal_count + 1
    entry = _entry(session, playing, first_deal=number == 1)
    if request.method == "GET" and "lead" in request.GET:
        entry.open_with(request.GET["lead"], reads.recent_facts(session))
    conflict = None
    codes: list[str] = []
    same_as_last = ""
    if request.method == "POST":
        facts = entry.bind(request.POST)
        if not entry.errors:
            try:
                services.record_deal(
                    session=session,
                    actor=actor_of(request, me),
                    facts=facts,
                    client_token=_token(request.POST.get("client_token")),
                    number=None if before else _int(request.POST.get("number")),
                    dealer=None if before else request.POST.get("dealer") or None,
                    before=before,
                    repeat=request.POST.get("repeat") == "yes",
                )
            except services.Conflict as error:
                conflict = error
                session.refresh_from_db()
                dealer, playing = reads.next_deal(session)
                number = session.deal_count + 1
                entry = _entry(session, playing, facts, first_deal=number == 1)
            except services.ServiceError as error:
                codes = error.codes
                if codes == [services.SAME_AS_LAST]:  # a question, not a mistake: asked beside its answer
                    same_as_last = str(error)
                else:
                    entry.add_errors(error.errors)
            else:
                return redirect(f"{session.get_absolute_url()}#sheet")
    return _render_entry(
        request,
        me,
        session,
        entry,
        number=number,
        dealer=dealer,
        before=before,
        conflict=conflict,
        codes=codes,
        same_as_last=same_as_last,
        client_token=request.POST.get("client_token") or uuid.uuid4(),
        entered=request.method == "POST" or request.GET.get("lead") in entry.playing,
    )


@never_cache
def deal_edit(request: Request, club_slug: str, session_id: int, deal_id: int) -> HttpResponse:
    me, session = session_access(request, club_slug, session_id, Role.SCORER)
    deal = selectors.deal_of(session, deal_id)
    if deal.is_deleted:
        messages.info(request, _("This deal was deleted. It can be restored from the history."))
        return _history(me, session)
    entry = _entry(session, _playing(deal), deal.facts, first_deal=deal.number == 1)
    conflict = None
    codes: list[str] = []
    revision = deal.revision
    if request.method == "POST" and session.is_open:
        facts = entry.bind(request.POST)
        if not entry.errors:
            try:
                services.correct_deal(
                    deal=deal,
                    actor=actor_of(request, me),
                    facts=facts,
                    revision=_int(request.POST.get("revision")) or 0,
                )
            except services.Conflict as error:
                conflict = error
                if error.deal is None or error.deal.is_deleted:
                    messages.warning(request, str(error))
                    return _history(me, session)
                deal = error.deal
                revision = deal.revision
                entry = _entry(session, _playing(deal), deal.facts, first_deal=deal.number == 1)
            except services.ServiceError as error:
                entry.add_errors(error.errors)
                codes = error.codes
            else:
                messages.success(
                    request, _("Deal %(n)s corrected; everything after it is recomputed.") % {"n": deal.number}
                )
                return redirect(f"{session.get_absolute_url()}#sheet")
    return _render_entry(
        request,
        me,
        session,
        entry,
        number=deal.number or 0,
        dealer=deal.result["dealer"] if deal.result else "",
        deal=deal,
        revision=revision,
        conflict=conflict,
        codes=codes,
    )


@require_POST
def deal_delete(request: Request, club_slug: str, session_id: int, deal_id: int) -> HttpResponse:
    me, session = session_access(request, club_slug, session_id, Role.SCORER)
    deal = selectors.deal_of(session, deal_id)
    number = deal.number
    try:
        deleted = services.delete_deal(
            deal=deal, actor=actor_of(request, me), revision=_int(request.POST.get("revision")) or 0
        )
    except services.Conflict as error:
        messages.warning(request, str(error))
        return redirect("deal_edit", club_slug, session_id, deal_id)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("deal_edit", club_slug, session_id, deal_id)
    if not deleted:
        deal.refresh_from_db()
        messages.info(request, _("This deal was already deleted: nothing else was removed."))
        return redirect(session)
    messages.success(request, _("Deal %(n)s deleted.") % {"n": number})
    return redirect(f"{session.get_absolute_url()}?undo={deal.pk}")


@require_POST
def deal_restore(request: Request, club_slug: str, session_id: int, deal_id: int) -> HttpResponse:
    me, session = session_access(request, club_slug, session_id, Role.SCORER)
    deal = selectors.deal_of(session, deal_id)
    with refusal_as_message(request):
        restored = services.restore_deal(deal=deal, actor=actor_of(request, me))
        deal.refresh_from_db()
        if restored:
            messages.success(request, _("Deal %(n)s is back on the sheet.") % {"n": deal.number})
        return redirect(f"{session.get_absolute_url()}#sheet")
    return _history(me, session)


@require_POST
def deal_preview(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """The value of the deal being entered, with the engine's explanation, before it is saved."""
    _me, session = session_access(request, club_slug, session_id, Role.SCORER)
    deal = _deal_or_none(session, request.POST.get("deal"))
    before = None if deal else _before(session, request.POST.get("before"))
    if deal is not None:
        entry = _entry(session, _playing(deal), deal.facts, first_deal=deal.number == 1)
    else:
        playing = _inserted_seat(session, before)[1] if before else reads.next_deal(session)[1]
        entry = _entry(session, playing, first_deal=(before.number if before else session.deal_count + 1) == 1)
    facts = entry.bind(request.POST)
    context: dict[str, Any] = {"entry": entry}
    if not entry.errors:
        preview = reads.preview_deal(session, facts, deal=deal, before=before)
        context.update(
            row=preview.row,
            notes=engine_words.deal_notes(preview.row.marks) if preview.row else [],
            problems=engine_words.problem_lines(preview.problems, on_form=preview.number),
        )
    return render(request, "scorekeeper/includes/deal_preview.html", context)


@never_cache
def deal_dealers(request: Request, club_slug: str, session_id: int, deal_id: int) -> HttpResponse:
    """Let the deal rotate again from a deal on: the dealers and the money that would move, then apply."""
    me, session = session_access(request, club_slug, session_id, Role.SCORER)
    deal = selectors.deal_of(session, deal_id)
    if deal.is_deleted or not session.is_open:
        return redirect(session)
    if request.method == "POST":
        with refusal_as_message(request, messages.WARNING):
            services.rederive_dealers(
                deal=deal, actor=actor_of(request, me), revision=_int(request.POST.get("revision")) or 0
            )
            messages.success(request, _("The dealers are derived again from deal %(n)s on.") % {"n": deal.number})
            return redirect(f"{session.get_absolute_url()}#sheet")
    now, after, problems = reads.dealers_preview(session, deal)
    moves = []
    if after is not None:
        moves = [(old.number, old.dealer, new.dealer) for old, new in zip(now.rows, after.rows, strict=True)]
        moves = [move for move in moves if move[1] != move[2]]
    return render(
        request,
        "scorekeeper/deal_dealers.html",
        {
            "club": me.club,
            "me": me,
            "session": session,
            "deal": deal,
            "moves": moves,
            "now": now,
            "after": after,
            "problems": engine_words.problem_lines(problems),
            "players": [
                (player, old, new, (new - old) * session.cents_per_point)
                for player, old, new in zip(now.players, now.totals, after.totals if after else now.totals, strict=True)
            ],
        },
    )


# helpers --------------------------------------------------------------------------------------------------------


def _entry(session: Session, playing: tuple[str, ...], facts: Any = None, *, first_deal: bool) -> DealEntry:
    return DealEntry(session.game, reads.header_of(session).new_game(), playing, facts, first_deal=first_deal)


def _playing(deal: Deal) -> tuple[str, ...]:
    """Who played a stored deal: everyone at the table but whoever sat out."""
    out = {*deal.result["out"], *deal.result.get("away", ())} if deal.result else set()
    return tuple(seat.name for seat in deal.session.seats.all() if seat.name not in out)


def _at_table(session: Session, seats: Sequence[str], deal: Deal | None, before: Deal | None) -> Sequence[str]:
    """Who sat at the table for ``deal`` (or a deal inserted ``before`` one, or the next deal): every player of the
    session unless someone left or joined."""
    if deal is not None:
        away = deal.result.get("away", ()) if deal.result else ()
        return [name for name in seats if name not in away]
    return reads.seating_before(session, before) if before else reads.header_of(session).seating()


def _inserted_seat(session: Session, before: Deal) -> tuple[str, tuple[str, ...]]:
    """Who would deal a deal inserted before ``before``, and who would play it: the rotation from the deal before."""
    header = reads.header_of(session)
    seated = reads.seating_before(session, before)
    previous = session.deals.filter(deleted_at__isnull=True, sequence__lt=before.sequence).order_by("-sequence")
    last = previous.first()
    if last is None or not last.result:
        dealer = header.players[session.first_dealer]
    elif last.result["dealer"] in seated:
        dealer = seated[(seated.index(last.result["dealer"]) + 1) % len(seated)]
    else:  # the last dealer left before this deal: the engine says who deals when the deal is saved
        dealer = seated[0]
    return dealer, header.playing(dealer, seated=seated) if dealer in seated else seated


def _before(session: Session, value: str | None) -> Deal | None:
    deal = _deal_or_none(session, value)
    return deal if deal is not None and not deal.is_deleted else None


def _deal_or_none(session: Session, value: str | None) -> Deal | None:
    number = _int(value)
    return session.deals.select_related("session__club").filter(pk=number).first() if number else None


def _int(value: str | None) -> int | None:
    return whole_number(value, least=-BIGGEST_ID)


def _token(value: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _render_entry(
    request: Request,
    me: Access,
    session: Session,
    entry: DealEntry,
    *,
    number: int,
    dealer: str,
    deal: Deal | None = None,
    revision: int = 0,
    before: Deal | None = None,
    conflict: services.Conflict | None = None,
    codes: list[str] | None = None,
    same_as_last: str = "",
    client_token: Any = None,
    entered: bool = True,
) -> HttpResponse:
    """The entry form; a refused deal's answer names the refusal's codes in ``X-Problem-Codes`` (space-separated),
    for the offline outbox to react to; ``same_as_last`` asks whether the deal just saved is meant again. A form nobody
    has ``entered`` anything in yet (a plain new deal) draws no preview until the first tap: before it, the preview
    could only say what is missing."""
    at_table = _at_table(session, list(reads.header_of(session).players), deal, before)
    status = 409 if conflict or same_as_last else 422 if entry.errors else 200
    response = render(
        request,
        "scorekeeper/deal_form.html",
        {
            "club": me.club,
            "me": me,
            "session": session,
            "entry": entry,
            "controls": _controls(session, entry),
            "number": number,
            "dealer": dealer,
            "deal": deal,
            "revision": revision,
            "before": before,
            "conflict": conflict,
            "same_as_last": same_as_last,
            "client_token": client_token,
            "sitting_out": [p for p in at_table if p not in entry.playing],
            "pflichtsolo": None if deal else reads.pflichtsolo_round(session, entry.game, at_table),
            "preview_url": reverse("deal_preview", args=[session.club.slug, session.pk]),
            "preview_at_once": entered,
        },
        status=status,
    )
    problem_codes = conflict.codes if conflict else codes or []
    if problem_codes:
        response[PROBLEM_CODES] = " ".join(problem_codes)
    return response


CONTROLS = "scorekeeper/entry/controls.html"
CONTROLS_SECONDS = 24 * 3600


def _controls(session: Session, entry: DealEntry) -> SafeString:
    """The form's contract chips and controls. A blank form's (a new deal's before anything is entered) are the same
    at every table of one game set-up, deal after deal, but for the players' names: drawn once for each set-up (the
    game, its rules and tariff as stored), number of players, first deal or not and language, with placeholders for
    the names, and kept; each form then puts in its own names."""
    if not entry.blank:
        return render_to_string(CONTROLS, {"entry": entry})
    rules = json.dumps([session.rules, session.tariff], sort_keys=True)
    setup = (session.game, rules, len(entry.playing), entry.first_deal, get_language())
    # A seat's placeholder holds control characters, which neither a name (engine.names) nor anything drawn does.
    seats = [f"\x1f{seat}\x1f" for seat in range(len(entry.playing))]
    drawn = kept.kept(
        "entry-controls",
        setup,
        lambda: str(render_to_string(CONTROLS, {"entry": entry.played_by(seats)})),
        CONTROLS_SECONDS,
    )
    for seat, name in zip(seats, entry.playing, strict=True):
        drawn = drawn.replace(seat, escape(name))
    return mark_safe(drawn)  # the template drew it; the names are escaped as the template escapes them


def _history(me: Access, session: Session) -> HttpResponse:
    """The session's history, where deleted deals are; the sheet for a table link's holder, who has no history."""
    if isinstance(me, TableGuest):
        return redirect(session)
    return redirect("session_history", session.club.slug, session.pk)
