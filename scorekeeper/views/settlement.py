"""Settling up: the settlement page, the printed settlement sheet, and the blank score pad to write on by hand."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from schreiber import kept
from schreiber.web.downloads import pdf_response
from schreiber.web.params import whole_number

from ..access import Request, club_member, session_access
from ..engine import GAMES
from ..models import Club, Session
from ..settlement import printing
from ..table import reads

PDF_TIMEOUT = 3600  # asked for at the end of an evening, by several players


def session_settlement(request: Request, club_slug: str, session_id: int) -> HttpResponse:
    me, session = session_access(request, club_slug, session_id)
    return render(
        request,
        "scorekeeper/settlement.html",
        {"club": me.club, "me": me, "session": session, "printout": _printout(me.club, session)},
    )


@dataclass(frozen=True)
class Shown:
    """What a printed settlement depends on: the session (its id, when it was started: an id may come again on
    SQLite after a start that was rolled back) at its revision (its sheet, players and money terms: every change
    writes a new one), the language, and the club's name printed on it, which a rename changes without a revision."""

    session: int
    started: float
    revision: int
    language: str
    club: str


def session_settlement_pdf(request: Request, club_slug: str, session_id: int) -> FileResponse:
    """Drawn once for what it shows (``Shown``): a long session takes seconds."""
    me, session = session_access(request, club_slug, session_id)
    language = get_language()
    shown = Shown(session.pk, session.created_at.timestamp(), session.revision, language, me.club.name)
    sheet = kept.kept(
        "settlement-pdf", shown, lambda: printing.settlement_pdf(_printout(me.club, session), language), PDF_TIMEOUT
    )
    filename = f"{me.club.slug}-{session.game}-{session.played_on:%Y-%m-%d}-{session.pk}-settlement.pdf"
    return pdf_response(sheet, filename)


def score_pad_pdf(request: Request, club_slug: str, game: str) -> FileResponse:
    """A blank pad for ``game``; ``?players=N`` asks for N name columns (the game's usual table otherwise)."""
    me = club_member(request, club_slug)
    if game not in GAMES:
        raise Http404
    try:
        pad = printing.score_pad(game, whole_number(request.GET.get("players")), club=me.club.name)
    except ValueError:  # a count this game is never played with
        pad = printing.score_pad(game, club=me.club.name)
    return pdf_response(printing.score_pad_pdf(pad, get_language()), f"{me.club.slug}-{game}-score-pad.pdf")


def _printout(club: Club, session: Session) -> printing.Printout:
    sheet = reads.sheet_of(session)
    return printing.Printout(
        club=club.name,
        played_on=session.played_on,
        table=session.table,
        currency=session.currency,
        sheet=sheet,
        settlement=printing.settle_sheet(sheet, pot_policy=session.pot_policy, mode=session.settlement_mode),
    )
