"""Entering, previewing, correcting and deleting deals."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import engine, selectors, services
from ..documents import session_document
from ..entry import DealEntry
from ..models import Member, Role, Session
from ..sheet import Sheet, build_sheet
from .access import Request, club_member


def deal_new(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    if not session.is_open:
        return redirect(session)
    sheet = selectors.sheet_of(session)
    entry = _entry(session, sheet.next_playing, first_deal=not sheet.rows)
    if request.method == "POST":
        facts = entry.bind(request.POST)
        if not entry.errors:
            try:
                services.record_deal(
                    session=session,
                    actor=request.user,
                    facts=facts,
                    client_token=_token(request.POST.get("client_token")),
                )
            except services.ServiceError as error:
                entry.add_errors(error.errors)
            else:
                return redirect(f"{session.get_absolute_url()}#sheet")
    return _render_entry(
        request,
        me,
        session,
        entry,
        sheet,
        number=len(sheet.rows) + 1,
        dealer=sheet.next_dealer,
        client_token=request.POST.get("client_token") or uuid.uuid4(),
    )


def deal_edit(request: Request, club_slug: str, session_id: int, number: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    deal = selectors.deal_of(session, number)
    sheet = selectors.sheet_of(session)
    row = sheet.rows[number - 1]
    entry = _entry(session, _playing(sheet, row.sitting_out), deal.facts, first_deal=number == 1)
    if request.method == "POST" and session.is_open:
        facts = entry.bind(request.POST)
        if not entry.errors:
            try:
                services.correct_deal(deal=deal, actor=request.user, facts=facts)
            except services.ServiceError as error:
                entry.add_errors(error.errors)
            else:
                messages.success(request, _("Deal %(n)s corrected; everything after it is recomputed.") % {"n": number})
                return redirect(f"{session.get_absolute_url()}#sheet")
    return _render_entry(request, me, session, entry, sheet, number=number, dealer=row.dealer, editing=True)


@require_POST
def deal_delete(request: Request, club_slug: str, session_id: int, number: int) -> HttpResponse:
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    try:
        services.delete_deal(deal=selectors.deal_of(session, number), actor=request.user)
    except services.ServiceError as error:
        messages.error(request, str(error))
        return redirect("deal_edit", club_slug, session_id, number)
    messages.success(request, _("Deal %(n)s deleted.") % {"n": number})
    return redirect(session)


@require_POST
def deal_preview(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    """The value of the deal being entered, with the engine's explanation, before it is saved."""
    me = club_member(request, club_slug, Role.SCORER)
    session = selectors.session_of(me.club, session_id)
    stored = [d.facts for d in session.deals.all()]
    number = int(request.POST.get("number") or len(stored) + 1)
    sheet = selectors.sheet_of(session)
    if 1 <= number <= len(stored):
        row = sheet.rows[number - 1]
        entry = _entry(session, _playing(sheet, row.sitting_out), stored[number - 1], first_deal=number == 1)
    else:
        number = len(stored) + 1
        entry = _entry(session, sheet.next_playing, first_deal=not stored)
    facts = entry.bind(request.POST)
    context: dict[str, Any] = {"entry": entry, "players": sheet.players}
    if not entry.errors:
        deals = [*stored[: number - 1], facts, *stored[number:]]
        try:
            context["row"] = build_sheet(session_document(session, deals)).rows[number - 1]
        except engine.InvalidSession as error:
            context["problems"] = [p for p in error.problems if p.deal == number] or error.problems
    return render(request, "scorekeeper/includes/deal_preview.html", context)


def _entry(session: Session, playing: tuple[str, ...], facts: Any = None, *, first_deal: bool) -> DealEntry:
    parsed = engine.load(session_document(session, []))
    return DealEntry(session.game, parsed.new_game(), playing, facts, first_deal=first_deal)


def _playing(sheet: Sheet, sitting_out: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in sheet.players if p not in sitting_out)


def _token(value: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _render_entry(
    request: Request,
    me: Member,
    session: Session,
    entry: DealEntry,
    sheet: Sheet,
    *,
    number: int,
    dealer: str,
    editing: bool = False,
    client_token: Any = None,
) -> HttpResponse:
    return render(
        request,
        "scorekeeper/deal_form.html",
        {
            "club": me.club,
            "me": me,
            "session": session,
            "entry": entry,
            "sheet": sheet,
            "number": number,
            "dealer": dealer,
            "editing": editing,
            "client_token": client_token,
            "sitting_out": [p for p in sheet.players if p not in entry.playing],
        },
        status=422 if entry.errors else 200,
    )
