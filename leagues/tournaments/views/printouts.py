"""A tournament's printouts as PDFs: any member of the club may print them; outsiders get a 404."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponseBase

from schreiber.web.downloads import pdf_response
from scorekeeper.access import Request

from .. import printing, selectors
from ..models import Tournament, TournamentRound
from . import file_name, tournament_access

Draw = Callable[[Tournament, TournamentRound], bytes]


def _round_pdf(
    request: Request, club_slug: str, tournament_id: int, number: int, draw: Draw, what: str
) -> HttpResponseBase:
    """The printout ``draw`` makes of round ``number``, saved as the round's ``what``."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    pdf = draw(tournament, selectors.round_of(tournament, number))
    return pdf_response(pdf, file_name(tournament, f"round-{number}-{what}.pdf"))


def tournament_seating_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """The seating plan of a round: each table's players in seat order, and who sits where by name."""
    return _round_pdf(request, club_slug, tournament_id, number, printing.seating_pdf, "seating")


def tournament_table_cards_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """A card a table of a round, its number big enough to find the table across the hall."""
    return _round_pdf(request, club_slug, tournament_id, number, printing.table_cards_pdf, "table-cards")


def tournament_sheets_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """Every table sheet of a round, pre-filled, a page each."""
    return _round_pdf(request, club_slug, tournament_id, number, printing.sheets_pdf, "sheets")


def tournament_round_results_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    return _round_pdf(request, club_slug, tournament_id, number, printing.round_results_pdf, "results")


def tournament_ranking_pdf(request: Request, club_slug: str, tournament_id: int) -> HttpResponseBase:
    """The final ranking (as it stands while rounds are played) with its tie-break values and the prizes."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    return pdf_response(printing.ranking_pdf(tournament), file_name(tournament, "ranking.pdf"))
