"""A tournament's printouts as PDFs: any member of the club may print them; outsiders get a 404."""

from __future__ import annotations

from django.http import HttpResponseBase

from schreiber.web.downloads import pdf_response
from scorekeeper.access import Request

from .. import printing, selectors
from ..models import Tournament
from . import tournament_access


def _name(tournament: Tournament, what: str) -> str:
    return f"{tournament.club.slug}-tournament-{tournament.pk}-{what}.pdf"


def tournament_seating_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """The seating plan of a round: each table's players in seat order, and who sits where by name."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    return pdf_response(printing.seating_pdf(tournament, this_round), _name(tournament, f"round-{number}-seating"))


def tournament_table_cards_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """A card a table of a round, its number big enough to find the table across the hall."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    pdf = printing.table_cards_pdf(tournament, this_round)
    return pdf_response(pdf, _name(tournament, f"round-{number}-table-cards"))


def tournament_sheets_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    """Every table sheet of a round, pre-filled, a page each."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    return pdf_response(printing.sheets_pdf(tournament, this_round), _name(tournament, f"round-{number}-sheets"))


def tournament_round_results_pdf(request: Request, club_slug: str, tournament_id: int, number: int) -> HttpResponseBase:
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    this_round = selectors.round_of(tournament, number)
    pdf = printing.round_results_pdf(tournament, this_round)
    return pdf_response(pdf, _name(tournament, f"round-{number}-results"))


def tournament_ranking_pdf(request: Request, club_slug: str, tournament_id: int) -> HttpResponseBase:
    """The final ranking (as it stands while rounds are played) with its tie-break values and the prizes."""
    _me, tournament = tournament_access(request, club_slug, tournament_id)
    return pdf_response(printing.ranking_pdf(tournament), _name(tournament, "ranking"))
