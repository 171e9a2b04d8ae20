"""A player's season: the page with statistics and charts, and the player's season report as a PDF."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.http.response import FileResponse
from django.shortcuts import render
from django.utils.translation import get_language

from schreiber.web.downloads import pdf_response
from scorekeeper.access import Request, club_member
from scorekeeper.models import Club
from scorekeeper.settlement import printing

from .. import charts, selectors
from ..models import Season
from ..rating_store import player_rating
from ..statistics import by_day, player_statistics
from .standings import player_prefix, season_file_name

EVENINGS_PER_PAGE = 20


def season_player(request: Request, club_slug: str, season_id: int, player: str) -> HttpResponse:
    """The page: its evenings newest first, a page of them at a time (a season of a regular at several clubs has
    hundreds); the charts show them all."""
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    context = _player_context(me.club, season, player, printed=False)
    newest_first = context["stats"].evenings[::-1]
    return render(
        request,
        "leagues/season_player.html",
        {
            **context,
            "page": Paginator(newest_first, EVENINGS_PER_PAGE).get_page(request.GET.get("page")),
            "player_prefix": player_prefix(me.club, season),
        },
    )


def season_player_pdf(request: Request, club_slug: str, season_id: int, player: str) -> FileResponse:
    me = club_member(request, club_slug)
    season = selectors.season_of(me.club, season_id)
    context = _player_context(me.club, season, player, printed=True)
    pdf = printing.pdf_from_template("leagues/print/player_report.html", context)
    return pdf_response(pdf, f"{season_file_name(me.club, season, player)}.pdf")


def _player_context(club: Club, season: Season, player: str, *, printed: bool) -> dict[str, Any]:
    """The player's statistics and charts; Http404 for a player without a result in the season."""
    stats = player_statistics(season, player)
    currency = season.league.club.currency
    points, money = by_day(stats.evenings), by_day(stats.evenings, "money_cents")
    return {
        "club": club,
        "season": season,
        "league": season.league,
        "stats": stats,
        "currency": currency,
        "rating": player_rating(season, stats.key),
        "charts": [  # with their captions
            (charts.RUNNING_TOTAL, charts.running_total_chart(points, printed=printed)),
            (charts.EVENING_POINTS, charts.evening_points_chart(points, printed=printed)),
            (charts.MONEY, charts.money_chart(money, currency, get_language(), printed=printed)),
        ],
    }
